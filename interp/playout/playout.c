/* playout: random games played to their end (playout_run), for `tabula
 * bench`, the MCTS engine's rollouts and `tabula analyze`.
 *
 * A playout is a loop of movegen_sample, movegen_result and move_play.
 * Where the turn is one placement on the cells of a set of the position
 * alone, on a board of one word, and nothing else moves (game.place_words
 * with no passes: game.playout_words), each ply is a few operations on
 * words: the legal cells, their number, one drawn, the end rules that read
 * the position alone, the piece put down.  The loop below does them
 * without writing the move out and reading it back, and draws with the
 * same calls on the same generator as the loop of calls would: the same
 * games, move for move (tests/unit/test_sample checks it).  Games of steps
 * (and hops) are played so at the plies where no hop can start
 * (game.playout_shifts: playout_shifts.c). */
#include "playout/playout_internal.h"

#include "movegen/actions.h"
#include "movegen/eval.h"
#include "movegen/movegen_internal.h"
#include "movegen/set_words.h"

/* Whether every end rule of G is `no moves`, `no moves and ...` or an
 * in-line of one short length (LINE, 0 if none): most games of placements
 * end so, and then a ply's end is read by one test of the mover's word
 * (no rule holds while there are moves and no line). */
static bool ends_by_lines(const game *g, int *line)
{
    *line = 0;
    for (int i = 0; i < g->end_count; i++) {
        const cexpr *c = &g->exprs[g->ends[i].condition];
        if (c->op == C_COND_NO_MOVES || (c->op == C_COND_AND && g->exprs[c->a].op == C_COND_NO_MOVES))
            continue;
        if (c->op != C_COND_IN_LINE || !in_line_short(g, c->value) || (*line && *line != c->value))
            return false;
        *line = c->value;
    }
    return true;
}

/* playout_run where game.playout_words. */
static void playout_words(movegen *m, position *p, uint64_t *rng, playout *run)
{
    const game *g = m->g;
    const mnode *n = &g->nodes[g->spec.place_turn];
    int line;
    bool by_lines = ends_by_lines(g, &line);
    position_view v = { g, p, p->side, p->side };
    int mover = end_mover(g, p);
    bool own_piece = n->player == PLAYER_MOVER;   /* (most placements: no owner to work out) */
    game_result *result = &run->result;
    int plies = 0, count, before = -1;
    for (;; plies++) {
        v.player = p->side;
        uint64_t cells = place_words_cells(&v, n);
        count = cellset_bits(cells);
        /* (drawn before the end is read, as movegen_sample draws it) */
        int drawn = count > 1 ? (int)rng_below(rng, (uint32_t)count) : 0;
        bool ends = count == 0;
        if (by_lines)
            ends = ends || (line && in_line_words(g, p->owned[mover].w[0], line));
        else
            ends = ends || ends_may_hold(m, p, mover, false);
        if (ends) {
            /* a rule holds, or needs a generator to be read: read them all */
            movegen_result_of(m, p, count == 0, count == 0, result);
            if (result->over)
                break;
        } else {
            result->over = false;
        }
        if (count == 0 || plies >= run->max_plies)
            break;
        run->branching += (uint64_t)count;
        before = count;
        mover = p->side;    /* (end_mover of the position the placement makes) */
        pos_play_placement(p, __builtin_ctzll(word_after_bits(cells, drawn)), n->type,
                           own_piece ? p->side : place_owner(&v, n));
    }
    run->plies = plies;
    run->moves = count;
    run->moves_before = before;
    run->last_mover = plies ? mover : -1;
}

void playout_run(movegen *m, position *p, move_list *list, uint64_t *rng, playout *run)
{
    list->overflow = false;
    run->branching = 0;
    run->moves_before = -1;
    const game *g = m->g;
    if (g->spec.playout_words && !run->choose) {
        playout_words(m, p, rng, run);
        return;
    }
    bool quick = ends_read_quickly(g);
    if (g->spec.playout_shifts && quick && !run->choose) {
        playout_shifts(m, p, list, rng, run);
        return;
    }
    int plies = 0;
    run->last_mover = -1;
    for (int side = p->side; !playout_ply(m, p, list, rng, quick, plies, run); side = p->side) {
        run->last_mover = side;
        plies++;
    }
    run->plies = plies;
}
