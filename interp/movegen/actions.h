/* actions: the actions of a turn (actions.c).  Each action_* applies the
 * action node N to X's position in place, each way it can go in turn (a
 * landing, a cell, a match, a face of the die), runs the rest of the
 * turn, K, after each, and takes the change back: when it returns the
 * position is as it was.  Where the game allows, a landing, placement or
 * capture that ends the turn is recorded from the changes it would make,
 * without being made (landing_changes, landing.h; place_sample draws one
 * placement of a whole turn).  Also the placements read without a
 * generator (place_sample_words, and place_owner and place_words_cells,
 * which playout.c's word loop shares). */
#ifndef TABULA_ACTIONS_H
#define TABULA_ACTIONS_H

#include "movegen/eval.h"
#include "movegen/movegen_internal.h"
#include "movegen/set_words.h"

void action_step(gen *x, const mnode *n, const cont *k);
void action_slide(gen *x, const mnode *n, const cont *k);
void action_leap(gen *x, const mnode *n, const cont *k);
void action_hop(gen *x, const mnode *n, const cont *k);
void action_push(gen *x, const mnode *n, const cont *k);
void action_place(gen *x, const mnode *n, const cont *k);
/* game.place_turn NODE, X sampling: its placements counted, one drawn and
 * written out (what running the turn does); the number of moves. */
int place_sample(gen *x, int node);
/* The same where game.place_words, without a generator: LIST (emptied)
 * gets the drawn placement of P's side (RNG NULL: the first). */
int place_sample_words(movegen *m, position *p, move_list *list, uint64_t *rng);
void action_change(gen *x, const mnode *n, const cont *k);
void action_flip(gen *x, const mnode *n, const cont *k);
void action_capture(gen *x, const mnode *n, const cont *k);
void action_remove(gen *x, const mnode *n, const cont *k);
void action_apply(gen *x, const mnode *n, const cont *k);
void action_set(gen *x, const mnode *n, const cont *k);
/* roll N [to VAR]: a die of N faces, each face a way on (a chance event);
 * with VAR the face is written to it */
void action_roll(gen *x, const mnode *n, const cont *k);
void action_set_flag(gen *x, const mnode *n, const cont *k);
void action_relocate(gen *x, const mnode *n, const cont *k);
/* sow DIRS from CELLS [to TARGET]: for each stack on CELLS (a move each),
 * its pieces taken up and dropped one a cell, the bottom one first, along
 * the first of DIRS from each cell, on the cells of TARGET only (all
 * cells by default), the stack's own cell included when the way comes
 * round; the anchor and `last` are the cell of the last piece. */
void action_sow(gen *x, const mnode *n, const cont *k);
/* carry DIRS [max N] [over TEST] [to TEST] [land alone]: the top 1 to N
 * pieces of the anchor's stack (all of it at most) carried along one of
 * DIRS and dropped from the bottom, at least one on each cell after the
 * anchor's, each cell tested as it stands when they reach it: the cells
 * passed on OVER's test (TO's without it), the last on TO's (any cell
 * without it), with one piece alone there for `land alone`.  A move for
 * each way to drop them; the anchor and `last` are the last cell. */
void action_carry(gen *x, const mnode *n, const cont *k);

/* The most changes a landing recorded without being made writes
 * (landing_changes, landing.h): a piece taken, the piece moved, the
 * after-rules' changes. */
#define LANDING_CHANGES (3 + GAME_MAX_AFTER_LANDING)
/* The anchor piece lands on TO, then K: what a step, leap or slide does
 * for each cell it may land on (actions.c). */
void gen_land(gen *x, int to, const cont *k);

/* The owner of the piece the placement N puts down, for V's player. */
static inline int place_owner(const position_view *v, const mnode *n)
{
    int owner = player_of(v->g, v->player, v->next, v->player, n->player);
    return owner < 0 ? v->player : owner;
}
/* The empty cells the placement N may use where game.place_words, for
 * V's player. */
static inline uint64_t place_words_cells(const position_view *v, const mnode *n)
{
    const game *g = v->g;
    const position *p = v->pos;
    uint64_t cells = g->board_word;
    if (n->at >= 0) {
        const cexpr *c = &g->exprs[n->at];
        if (c->spec.word_program >= 0)
            cells = set_words_run_view(v, c->spec.word_program);
        else
            leaf_word_of(g, p, v->player, NULL, c, &cells);
    }
    return cells & ~p->occupied.w[0];
}

#endif
