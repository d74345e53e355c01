/* attack_tables: reading the tables of where a piece could capture from
 * (game.reach, game.ray_residual), which spec/attack.c and
 * spec/attack_rays.c fill at load time and attack detection reads at run
 * time (movegen). */
#ifndef TABULA_ATTACK_TABLES_H
#define TABULA_ATTACK_TABLES_H

#include "game/cellset.h"
#include "game/game.h"

/* With rays: the cells a piece of TYPE owned by PLAYER must stand on to
 * affect CELL by a move that is not a ray (g->words words). */
static inline const uint64_t *attack_residual(const game *g, int player, int type, int cell)
{
    return g->ray_residual + (((size_t)player * (size_t)g->type_count + (size_t)type) * (size_t)g->board.cell_count
                              + (size_t)cell) * (size_t)g->words;
}

/* Whether PLAYER has a piece of a type with captures that are not rays
 * (g->ray_generic) standing where one could affect CELL; TYPED and OWNED
 * are a position's sets (position.typed, position.owned[PLAYER]). */
static inline bool attack_residual_near(const game *g, const cellset *typed, const cellset *owned, int player,
                                        int cell)
{
    for (int t = 0; t < g->type_count; t++) {
        if (!(g->ray_generic[player] & (1u << t)))
            continue;
        const uint64_t *near = attack_residual(g, player, t, cell);
        for (int w = 0; w < g->words; w++)
            if (near[w] & typed[t].w[w] & owned->w[w])
                return true;
    }
    return false;
}

/* The cells a piece of TYPE owned by PLAYER must stand on to affect CELL:
 * the board's words (game.words) of a cell set. */
static inline const uint64_t *attack_reach(const game *g, int player, int type, int cell)
{
    size_t at = ((size_t)player * (size_t)g->board.cell_count + (size_t)cell) * (size_t)g->type_count + (size_t)type;
    return g->reach + at * (size_t)g->words;
}

#endif
