/* select: a select node (`moves TYPE`: one of the mover's pieces chosen,
 * then its moves run), in select.c.  action_select runs the node's
 * alternatives for each piece of its set in turn, in the order of their
 * cells; while movegen_sample draws (and the node's landings allow it),
 * the landings of all the pieces are counted and drawn from as one batch
 * instead, and only the one drawn is built: the same moves, and the same
 * positions counted as one, perhaps found in another order. */
#ifndef TABULA_SELECT_H
#define TABULA_SELECT_H

#include "game/shifts.h"
#include "movegen/movegen_internal.h"

void action_select(gen *x, const mnode *n, const cont *k);

/* The cells the pieces on FROM land on by a step in direction DIR (a
 * shift: game_facts.shift_valid) within TARGET, less those landed on
 * before by a step of the same offset this turn, LANDED[shift_canon[DIR]]
 * (two steps alike, two selects of a type: one move), to which they are
 * added.  The landings select_batch keeps as one group, and a word
 * playout draws from (playout_shifts.c). */
static inline uint64_t shift_fresh_landings(const game *g, int dir, uint64_t from, uint64_t target, uint64_t *landed)
{
    uint64_t *seen = &landed[g->spec.shift_canon[dir]];
    uint64_t fresh = shift_word_forward(g, dir, from) & target & ~*seen;
    *seen |= fresh;
    return fresh;
}

#endif
