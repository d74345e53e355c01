/* mast: the move averages of the Move-Average Sampling Technique
 * (Finnsson and Björnsson), which MCTS's playouts may choose their moves
 * by (mcts.c).
 *
 * For each player, a table holds the average result, for that player, of
 * the playouts in which it made a move, found by a key of the move that
 * does not depend on the position (move_path_key, cut to MAST_SIZE
 * entries).  A move that helped its player win in some lines is then
 * tried first in others.  Moves whose keys collide share an entry; the
 * table has a fixed size, so nothing is allocated while a search runs. */
#ifndef TABULA_MAST_H
#define TABULA_MAST_H

#include <stdint.h>

#include "movegen/movegen.h"

/* Entries per player: 8192 keeps collisions rare in most games (a few
 * hundred distinct moves a player in Breakthrough, Connect Four or Hex;
 * Amazons' tens of thousands share entries, a little noise where the
 * averages say least anyway). */
#define MAST_SIZE 8192

typedef struct mast_entry {
    float total;    /* the player's results summed */
    float visits;   /* the playouts they came from (fractional once decayed) */
} mast_entry;

typedef struct mast {
    mast_entry entry[GAME_MAX_PLAYERS][MAST_SIZE];
} mast;

/* The entry of move K of LIST. */
static inline uint16_t mast_key(const move_list *list, int k)
{
    return (uint16_t)(move_path_key(list, k) & (MAST_SIZE - 1));
}

/* Forgets every average (a new game). */
void mast_clear(mast *t);
/* Keeps the share KEEP (0 to 1) of what every entry has seen: the
 * averages stay, but the results to come weigh more (between searches,
 * as the game moves on). */
void mast_decay(mast *t, double keep);
/* Counts a playout with RESULT for PLAYER in which PLAYER made the move
 * of entry KEY. */
static inline void mast_add(mast *t, int player, uint16_t key, double result)
{
    mast_entry *e = &t->entry[player][key];
    e->total += (float)result;
    e->visits += 1;
}
/* PLAYER's average result with the move of entry KEY; 1 (a win) for a
 * move never seen, so that greedy choice tries every move once. */
double mast_average(const mast *t, int player, uint16_t key);
/* Epsilon-greedy: with chance EPSILON any of LIST's moves (at least one),
 * as likely; else the one whose average for PLAYER is highest, ties drawn
 * at random.  Returns its index in LIST, its entry in *KEY. */
int mast_choose(const mast *t, int player, const move_list *list, double epsilon, uint64_t *rng, uint16_t *key);

#endif
