/* rays: whether a cell is attacked, read without running the attacker's
 * turn: back from the cell along each line of the tables
 * spec/attack_rays.c builds (game.ray_lines and the rest, with
 * g->spec.rays_valid) to the first piece, whose move's target is then
 * tested there.  attack_rays_hit reads the position, attack_rays_hit_moved
 * reads it as a landing not made would leave it (for landing_unmade.c).
 * What rays do not answer for (the types with other captures,
 * attack_residual_live) is left to the attack search, gen_attacked in
 * movegen.c; gen_reaching and attack_line_manned are the cheap tests
 * first, from the reach tables and the lines' masks.  Nothing is made. */
#ifndef TABULA_RAYS_H
#define TABULA_RAYS_H

#include "game/attack_tables.h"
#include "movegen/cell_program.h"
#include "movegen/movegen_internal.h"

/* Whether a ray of X's player (the attacker), of a piece
 * type in TYPES (bit t: type t), takes what stands on CELL
 * (g->spec.rays_valid). */
bool attack_rays_hit(gen *x, int cell, uint32_t types);
/* The same after the landing MOVED, not made (its piece X's player's
 * enemy's), along every line (EVERY) or those through where it left only
 * (whether leaving that cell opens a line onto CELL); game.rays_cell_tests.
 * RAYS_UNKNOWN when a capture's target is read from the position (a cell
 * the landing changed). */
enum { RAYS_MISS, RAYS_HIT, RAYS_UNKNOWN };
int attack_rays_hit_moved(gen *x, int cell, uint32_t types, const cell_landing *moved, bool every);
/* Of the types TYPES (bit t: type t) with moves that are
 * not rays, those whose pieces of X's player could affect a cell by one
 * now (game.ray_entries: a move's first landing set is empty, it cannot). */
uint32_t attack_residual_live(gen *x, uint32_t types);

/* With game.reach_valid: the types of which PLAYER has a piece standing
 * where it could reach CELL (bit t: type t); see attack_reach. */
static inline uint32_t gen_reaching(const game *g, const position *p, int player, int cell)
{
    uint32_t near = 0;
    if (g->words == 1) {    /* (a load and a test a type: the king's every landing asks) */
        const uint64_t *reach = attack_reach(g, player, 0, cell), own = p->owned[player].w[0];
        for (int t = 0; t < g->type_count; t++)
            near |= (uint32_t)((reach[t] & p->typed[t].w[0] & own) != 0) << t;
        return near;
    }
    for (int t = 0; t < g->type_count; t++) {
        const uint64_t *reach = attack_reach(g, player, t, cell);
        for (int w = 0; w < g->words; w++)
            if (reach[w] & p->typed[t].w[w] & p->owned[player].w[w]) {
                near |= 1u << t;
                break;
            }
    }
    return near;
}

/* Whether PLAYER has a piece of one of LINE's types on the cells of MASK
 * (the line's mask at a cell): the line could take there. */
static inline bool attack_line_manned(const game *g, const position *p, const attack_line *line, int player,
                                      const uint64_t *mask)
{
    for (int w = 0; w < g->words; w++) {
        uint64_t m = mask[w] & p->owned[player].w[w];
        if (!m)
            continue;
        uint64_t typed = 0;
        for (uint32_t t = line->types; t; t &= t - 1)
            typed |= p->typed[__builtin_ctz(t)].w[w];
        if (m & typed)
            return true;
    }
    return false;
}

#endif
