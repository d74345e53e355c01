/* playout: random games played to their end (movegen_playout), for
 * `tabula bench`.
 *
 * A playout is a loop of movegen_sample, movegen_result and move_play.
 * Where the turn is one placement on the cells of a set of the position
 * alone, on a board of one word, and nothing else moves (game.place_words
 * with no passes: game.playout_words), each ply is a few operations on
 * words: the legal cells, their number, one drawn, the end rules that read
 * the position alone, the piece put down.  The loop below does them
 * without writing the move out and reading it back, and draws with the
 * same calls on the same generator as the loop of calls would: the same
 * games, move for move (tests/unit/test_sample checks it). */
#include "movegen_internal.h"

/* movegen_playout where game.playout_words. */
static int playout_words(movegen *m, position *p, uint64_t *rng, int max_plies, game_result *result,
                         uint64_t *branching)
{
    const game *g = m->g;
    const mnode *n = &g->nodes[g->place_turn];
    gen y;
    position_gen(&y, m, p, p->side);
    for (int plies = 0;; plies++) {
        y.player = y.scored = p->side;
        uint64_t cells = place_words_cells(&y, n);
        int count = cellset_bits(cells);
        /* (drawn before the end is read, as movegen_sample draws it) */
        int drawn = count > 1 ? (int)rng_below(rng, (uint32_t)count) : 0;
        bool ends = count == 0;
        int mover = end_mover(g, p);
        for (int i = 0; i < g->end_count && !ends; i++)
            ends = end_holds_quick(m, p, mover, count == 0, &g->ends[i]) != 0;
        if (ends) {
            /* a rule holds, or needs a generator to be read: read them all */
            movegen_result_of(m, p, count == 0, count == 0, result);
            if (result->over)
                return plies;
        } else {
            result->over = false;
        }
        if (count == 0 || plies >= max_plies)
            return plies;
        *branching += (uint64_t)count;
        pos_play_placement(p, __builtin_ctzll(word_after_bits(cells, drawn)),
                           PIECE_CODE(n->type, place_owner(&y, n), 0));
    }
}

int movegen_playout(movegen *m, position *p, move_list *list, uint64_t *rng, int max_plies, game_result *result,
                    uint64_t *branching)
{
    list->overflow = false;
    if (m->g->playout_words)
        return playout_words(m, p, rng, max_plies, result, branching);
    for (int plies = 0;; plies++) {
        int count = movegen_sample(m, p, list, rng);
        if (list->overflow) {
            result->over = false;
            return plies;
        }
        movegen_result(m, p, list, result);
        if (result->over || list->count == 0 || plies >= max_plies)
            return plies;
        *branching += (uint64_t)count;
        move_play(p, list, 0);
    }
}
