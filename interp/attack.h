/* attack: where a piece could capture from, worked out at load time.
 *
 * attacked(CELLS) would otherwise run every move of every enemy piece.  For
 * each player, piece type and target cell, attack_build computes a
 * conservative set of cells from which a piece of that type could change
 * what stands on the target in one turn, by walking the compiled move
 * nodes; attack detection then runs only the pieces standing there.  Where
 * the walk cannot bound a move (hops, pushes, patterns, placements), it
 * gives up and the game keeps the full search.
 */
#ifndef TABULA_ATTACK_H
#define TABULA_ATTACK_H

#include "game.h"

/* Fills g->reach and sets g->reach_valid; false only when memory runs out. */
bool attack_build(game *g);

/* The cells a piece of TYPE owned by PLAYER must stand on to affect CELL. */
static inline const cellset *attack_reach(const game *g, int player, int type, int cell)
{
    return &g->reach[((size_t)player * GAME_MAX_TYPES + (size_t)type) * (size_t)g->board.cell_count + (size_t)cell];
}

#endif
