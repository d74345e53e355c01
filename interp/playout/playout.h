/* playout: games played to their end, at random or by a caller's choice
 * of each move: the one loop that `tabula bench`, the MCTS engine's
 * rollouts and `tabula analyze` all run.
 *
 * Each ply is movegen_sample (the legal moves counted, one drawn as they
 * are found), the end rules, then the move drawn made for good
 * (move_play).  Where a game is simple enough, a ply is played on machine
 * words instead (playout.c: one placement on cells of a set of the
 * position, game.playout_words; playout_shifts.c: steps and hop chains,
 * game.playout_shifts); such a ply draws with the same calls on the same
 * generator, so the games are the same, move for move, and a ply the word
 * loop cannot take is played by the calls (tests/unit/test_sample checks
 * both).  A caller may instead have each move chosen from the whole list
 * by its own rule: fair dice (the MCTS engine), an engine's move (`tabula
 * analyze`).
 */
#ifndef TABULA_PLAYOUT_H
#define TABULA_PLAYOUT_H

#include <stdint.h>

#include "movegen/movegen.h"

/* Chooses the move to make in P from the whole list LIST of its legal
 * moves (at least one), drawing with RNG if it draws: for a game whose
 * turns hold dice, where each face should be as likely (movegen_sample
 * draws each move, throws included, as likely), or for games played by
 * an engine (`tabula analyze`), which may search from P but leaves it as
 * it found it.  Returns the move's index in LIST, or -1 to stop the
 * playout before any move is made in P. */
typedef int (*playout_choice)(position *p, const move_list *list, void *context, uint64_t *rng);

/* One random game: what it may do, and what it found. */
typedef struct playout {
    /* given */
    int max_plies;              /* moves made at most */
    playout_choice choose;      /* NULL: each move drawn by movegen_sample */
    void *context;              /* CHOOSE's */
    /* found */
    int plies;                  /* moves made */
    game_result result;         /* the end, if over */
    uint64_t branching;         /* the legal moves of each position a move was made from, summed */
    int moves;                  /* the legal moves of the position it stopped in */
    int moves_before;           /* those of the position before it (-1: it stopped where it began) */
    int last_mover;             /* the player who made the last move (-1: none made) */
} playout;

/* A random game from P on, made for good, each move drawn from P's legal
 * moves as movegen_sample draws it (or chosen by RUN->choose from the
 * whole list), and the same games as a loop of movegen_sample,
 * movegen_result and move_play from the same *RNG.  It stops at the end
 * (RUN->result.over, the result as movegen_result gives it), in a
 * position with no moves, after RUN->max_plies moves, where RUN->choose
 * returns -1, or at a limit of the generator (LIST->overflow, LIST
 * holding what movegen_sample or movegen_generate left); not over, the
 * result holds nothing more.  LIST is a workspace; with RUN->choose it
 * ends holding the legal moves of the position the playout stopped in. */
void playout_run(movegen *m, position *p, move_list *list, uint64_t *rng, playout *run);

#endif
