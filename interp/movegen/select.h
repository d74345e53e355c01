/* select: a select node (`moves TYPE`: one of the mover's pieces chosen,
 * then its moves run), in select.c.  action_select runs the node's
 * alternatives for each piece of its set in turn, in the order of their
 * cells; while movegen_sample draws (and the node's landings allow it),
 * the landings of all the pieces are counted and drawn from as one batch
 * instead, and only the one drawn is built: the same moves, and the same
 * positions counted as one, perhaps found in another order.  On a board of
 * one word the steps' landings are found for all the pieces at once, as
 * groups (select_shift_groups), and drawn from by their kind
 * (shift_groups_at): the word playout (playout_shifts.c) finds and draws
 * its landings by the same calls.  While movegen_generate lists every
 * move, such a select's steps (game.unique_shifts) are found the same way
 * and written out piece by piece, in the order the run of each piece
 * would find them: the same list, without running a node for them (the
 * engines' searches list every node's moves so). */
#ifndef TABULA_SELECT_H
#define TABULA_SELECT_H

#include "game/shifts.h"
#include "movegen/eval.h"
#include "movegen/movegen_internal.h"

void action_select(gen *x, const mnode *n, const cont *k);

/* The cells the pieces on FROM land on by a step in direction DIR (a
 * shift: game_facts.shift_valid) within TARGET, less those landed on
 * before by a step of the same offset this turn, LANDED[shift_canon[DIR]]
 * (two steps alike, two selects of a type: one move), to which they are
 * added: one group of select_shift_groups. */
static inline uint64_t shift_fresh_landings(const game *g, int dir, uint64_t from, uint64_t target, uint64_t *landed)
{
    uint64_t *seen = &landed[g->spec.shift_canon[dir]];
    uint64_t fresh = shift_word_forward(g, dir, from) & target & ~*seen;
    *seen |= fresh;
    return fresh;
}

/* The landings of a select's steps for all the mover's pieces of its type
 * at once, on a board of one word: each group the cells a step in one
 * direction lands on, from the cell OFFSET before; LANDINGS of them in all,
 * CAPTURES of them on a piece.  select_batch keeps them so while
 * movegen_sample draws, and a word playout finds and draws from them the
 * same way (playout_shifts.c), so that both draw the same landing. */
typedef struct shift_groups {
    int count, landings, captures;
    uint64_t to[GAME_MAX_SHIFT_GROUPS];
    int offset[GAME_MAX_SHIFT_GROUPS];
} shift_groups;

static inline void shift_groups_clear(shift_groups *s)
{
    s->count = s->landings = s->captures = 0;
}

/* The kinds a select's landings are drawn in, each among itself: all at
 * once, or with `prefer captures` those that take nothing and then those
 * that take. */
enum { DRAW_ALL, DRAW_OTHERS, DRAW_CAPTURES };

/* How many of S's landings are of KIND (DRAW_*). */
static inline int shift_groups_of_kind(const shift_groups *s, int kind)
{
    return kind == DRAW_ALL ? s->landings : kind == DRAW_CAPTURES ? s->captures : s->landings - s->captures;
}

/* The landing DRAWN (from 0) of S's landings of KIND, with OCCUPIED the
 * board's pieces, in the order of the groups and within one of the cells:
 * its cells into *FROM and *TO; false when S has not so many. */
static inline bool shift_groups_at(const shift_groups *s, int kind, uint64_t occupied, int drawn, int *from, int *to)
{
    uint64_t on = kind == DRAW_ALL ? ~(uint64_t)0 : kind == DRAW_CAPTURES ? occupied : ~occupied;
    for (int i = 0; i < s->count; i++) {
        uint64_t cells = s->to[i] & on;
        int found = cellset_bits(cells);
        if (drawn >= found) {
            drawn -= found;
            continue;
        }
        *to = __builtin_ctzll(word_after_bits(cells, drawn));
        *from = *to - s->offset[i];
        return true;
    }
    return false;
}

/* The landings of the select N's steps (its alternatives that are
 * landings, NF_SHIFTS, on a board of one word: game.unique_shifts, whose
 * groups fit in S) for the pieces on PIECES, at once, as groups into S,
 * less those landed on before this turn (LANDED, to which they are added:
 * shift_fresh_landings).  What select_batch draws from, and a word
 * playout (playout_shifts.c). */
__attribute__((always_inline)) static inline void select_shift_groups(gen *x, const mnode *n, uint64_t pieces,
                                                                      shift_groups *s, uint64_t *landed)
{
    const game *g = x->g;
    /* (counted in locals: a store to S or to LANDED could alias the
     * position's words, and S's counts, to be read again every direction) */
    uint64_t occupied = x->pos->occupied.w[0], empty = g->board_word & ~occupied;
    int count = 0, landings = 0, captures = 0;
    for (const int16_t *leaf = g->select_leaves + n->spec.leaves; *leaf >= 0; leaf++) {
        const mnode *l = &g->nodes[*leaf];
        if (!(l->spec.flags & NF_LANDING))
            continue;
        uint64_t target = l->target < 0 ? empty : eval_set_word(x, l->target);
        const dlist *d = &g->dlists[l->directions];
        const dstep *steps = d->steps[x->player];
        for (int i = 0; i < d->count[x->player]; i++) {
            int dir = steps[i].direction;
            uint64_t fresh = shift_fresh_landings(g, dir, pieces, target, landed);
            if (!fresh)
                continue;
            s->to[count] = fresh;
            s->offset[count++] = g->spec.shift_offset[dir];
            landings += cellset_bits(fresh);
            captures += cellset_bits(fresh & occupied);
        }
    }
    s->count = count;
    s->landings = landings;
    s->captures = captures;
}

#endif
