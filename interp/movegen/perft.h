/* perft: counting the move sequences of a given length from a position
 * (the test of a move generator), as `tabula perft` and the library's
 * tabula_perft count them: a sequence stops where the game ends, and a
 * position where it ended counts at its ply (ended) without moves below.
 * The last ply's moves are counted, never built (movegen_sample).
 *
 * One state per thread: its position is changed by make and unmake as
 * the tree is walked and left as it was found. */
#ifndef TABULA_PERFT_H
#define TABULA_PERFT_H

#include <stdbool.h>
#include <stdint.h>

#include "game/game.h"
#include "game/position.h"
#include "movegen/movegen.h"

#define PERFT_MAX_DEPTH 64

/* Counts at each ply from the start: the move sequences of that length
 * (nodes), and how many of them end the game (ended). */
typedef struct perft_counts {
    uint64_t nodes[PERFT_MAX_DEPTH + 1];
    uint64_t ended[PERFT_MAX_DEPTH + 1];
} perft_counts;

typedef struct perft_state {
    movegen *generator;
    position position;
    move_list lists[PERFT_MAX_DEPTH + 1];
    perft_counts counts;
    bool overflow;
    move_list limit;            /* the first limit hit: its kind and node */
} perft_state;

/* Makes S ready for trees of up to DEPTH plies of G, its position the
 * start; false when memory runs out (perft_teardown frees it either way). */
bool perft_setup(perft_state *s, const game *g, int depth);
void perft_teardown(perft_state *s, int depth);

/* Visits the tree below S's position to DEPTH more plies (1 or more);
 * counts nodes at each ply from the root (PLY, the position's own ply in
 * the tree) and, above the last ply, games that ended. */
void perft_count(perft_state *s, int ply, int depth);

/* Remembers the first limit of the move generator LIST hit (s->limit). */
void perft_note_overflow(perft_state *s, const move_list *list);

#endif
