/* playout_internal: what playout.c and playout_shifts.c share: the ply
 * played by the calls, which a word loop falls back to where it cannot
 * take a ply. */
#ifndef TABULA_PLAYOUT_INTERNAL_H
#define TABULA_PLAYOUT_INTERNAL_H

#include "movegen/eval.h"
#include "movegen/movegen_internal.h"
#include "playout/playout.h"

/* Whether an end rule of P's game may hold in P, made by MOVER (NO_MOVES:
 * P's side has none), read quickly (end_holds_quick): a rule that needs a
 * generator to be read counts as one that may, and the whole reading
 * (movegen_result) is then the caller's.  Every ply of every playout loop
 * asks it: most plies end nothing. */
__attribute__((always_inline)) static inline bool ends_may_hold(movegen *m, position *p, int mover, bool no_moves)
{
    const game *g = m->g;
    for (int i = 0; i < g->end_count; i++)
        if (end_holds_quick(m, p, mover, no_moves, &g->ends[i]) != 0)
            return true;
    return false;
}

/* One ply of playout_run by the calls: movegen_sample (or, with
 * RUN->choose, the whole list and its choice), the end rules (where QUICK,
 * ends_read_quickly, read quickly first: at most plies none holds, and
 * the whole reading is not needed), then move_play.  True when the
 * playout stops at this ply, its PLIES-th (over, stuck, past
 * RUN->max_plies, the generator's limit, or RUN->choose returning -1);
 * RUN->moves and RUN->moves_before follow the legal moves of the last
 * two positions. */
__attribute__((always_inline)) static inline bool playout_ply(movegen *m, position *p, move_list *list, uint64_t *rng,
                                                              bool quick, int plies, playout *run)
{
    const game *g = m->g;
    int count;
    if (run->choose) {
        movegen_generate(m, p, list);
        count = list->count;
    } else {
        count = movegen_sample(m, p, list, rng);
    }
    run->moves_before = plies ? run->moves : -1;
    run->moves = count;
    game_result *result = &run->result;
    if (list->overflow) {
        result->over = false;
        return true;
    }
    bool ends = !quick || list->count == 0 || list->stuck || ends_may_hold(m, p, end_mover(g, p), false);
    if (ends)
        movegen_result(m, p, list, result);
    else
        result->over = false;
    if (result->over || list->count == 0 || plies >= run->max_plies)
        return true;
    int chosen = 0;
    if (run->choose && (chosen = run->choose(p, list, run->context, rng)) < 0)
        return true;   /* the caller stops the game here */
    run->branching += (uint64_t)count;
    move_play(p, list, chosen);
    return false;
}
/* playout_shifts.c: playout_run where game.playout_shifts and every end
 * rule is read quickly, and no RUN->choose. */
void playout_shifts(movegen *m, position *p, move_list *list, uint64_t *rng, playout *run);

#endif
