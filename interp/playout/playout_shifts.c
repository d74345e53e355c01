/* playout_shifts: random games of steps and hops played on words, for
 * `tabula bench` and MCTS rollouts (playout_run, where game.playout_shifts).
 *
 * In draughts most plies offer no capture, and in Breakthrough none is a
 * hop: every move is then one step of a piece, and select_batch finds
 * them as groups (for each select in turn, the mover's pieces of a type;
 * for each of its steps' directions, the pieces' cells moved along it
 * within the step's target).  At such a ply, told by the test select_batch
 * makes (no piece stands where the first hop of its other alternatives
 * could start: hop_starts_word), the groups are found here by the same
 * call (select_shift_groups), one landing is drawn from them by the same
 * draws of the same generator (gen_sample_batch's reservoir, select by
 * select and kind by kind: shift_groups_at), and
 * it is played on the position at once (pos_play_landing): no generator
 * runs, no move is written out and read back.
 *
 * Where the other alternatives are hop chains (game.shift_chains), a ply
 * where a hop can start is played so too: the chains of each piece that
 * can start one are listed by hop_chain.c's own search (hop_chain_collect;
 * pieces by cell, alternatives in order), each finished chain told apart
 * by the hash of the position it leaves (as gen_accept does); then each
 * new chain is drawn as one move, before the select's steps.  Everything
 * is found before the first draw, so that a ply beyond what is searched here (many chains, a
 * long search) is played by the calls instead (playout_ply), as is every
 * ply of other games of hops.  The games are those of the loop of calls,
 * move for move (tests/unit/test_sample checks it). */
#include "game/shifts.h"
#include "movegen/eval.h"
#include "movegen/hop_chain.h"
#include "movegen/landing.h"
#include "movegen/movegen_internal.h"
#include "movegen/select.h"
#include <string.h>

#include "playout/playout_internal.h"

/* The moves of a ply: for each select, its chains (chains.chains[first[i]]
 * up to first[i + 1]) and its steps' landings. */
typedef struct ply_moves {
    shift_groups groups[GAME_MAX_SHIFT_SELECTS];
    int first[GAME_MAX_SHIFT_SELECTS + 1];
    hop_chain_list chains;
} ply_moves;

/* The reservoir movegen_sample keeps through a turn (reservoir_draw):
 * the moves counted, and with PREFER (`prefer captures`) the captures and
 * the others apart. */
typedef struct reservoir {
    uint64_t *rng;
    bool prefer;
    int counted, captures, others;
} reservoir;

/* gen_sample_batch for a batch of FRESH moves (above 0) that capture or
 * not (CAPTURED): which of them replaces the one kept, -1 none. */
static inline int draw_batch(reservoir *r, int fresh, bool captured)
{
    return reservoir_draw(r->rng, r->prefer, captured, fresh, &r->counted, &r->captures, &r->others);
}

/* The moves of the mover (Y's player) at this ply into M; false where the
 * ply is to be played by the calls: a hop can start and the game's other
 * alternatives are not all hop chains, or they are beyond what is
 * searched here, or there are more moves than a move list holds. */
static bool ply_moves_find(gen *y, ply_moves *m)
{
    const game *g = y->g;
    const position *p = y->pos;
    uint64_t own = p->owned[y->player].w[0], landed[BOARD_MAX_DIRECTIONS];
    /* (the directions the board has: graphs may have many, shifts are on
     * boards of a few) */
    memset(landed, 0, (size_t)g->board.direction_count * sizeof *landed);
    int landings = 0;
    m->chains.count = m->chains.work = 0;
    m->chains.beyond = false;
    y->work = 0;    /* (the generator's count, each ply a turn) */
    for (int i = 0; i < g->spec.shift_select_count; i++) {
        const mnode *n = &g->nodes[g->spec.shift_selects[i]];
        const int16_t *leaves = g->select_leaves + n->spec.leaves;
        uint64_t pieces = own & p->typed[n->spec.selected_type].w[0];
        m->first[i] = m->chains.count;
        shift_groups_clear(&m->groups[i]);
        if (!pieces)
            continue;
        /* the pieces some hop can start from, one by one (select_batch's
         * leaf_starts and batch_leaves) */
        uint64_t starts[GAME_MAX_SHIFT_GROUPS], some = 0;
        int k = 0;
        for (const int16_t *leaf = leaves; *leaf >= 0; leaf++)
            if (!(g->nodes[*leaf].spec.flags & NF_LANDING))
                some |= starts[k++] = hop_starts_word(y, &g->nodes[g->nodes[*leaf].spec.first_hop]) & pieces;
        if (some && !g->spec.shift_chains)
            return false;
        for (; some; some &= some - 1) {
            int cell = __builtin_ctzll(some);
            k = 0;
            for (const int16_t *leaf = leaves; *leaf >= 0; leaf++)
                if (!(g->nodes[*leaf].spec.flags & NF_LANDING) && ((starts[k++] >> cell) & 1)
                    && !hop_chain_collect(y, *leaf, cell, &m->chains))
                    return false;
        }
        select_shift_groups(y, n, pieces, &m->groups[i], landed);
        landings += m->groups[i].landings;
    }
    m->first[g->spec.shift_select_count] = m->chains.count;
    return landings + m->chains.count <= MOVELIST_MAX_MOVES;
}

void playout_shifts(movegen *m, position *p, move_list *list, uint64_t *rng, playout *run)
{
    const game *g = m->g;
    bool prefer = (g->filter_kinds & (1u << FILTER_PREFER_CAPTURES)) != 0;
    ply_moves moves;
    gen y;
    gen_of_position(&y, m, p, p->side);
    int mover = end_mover(g, p);
    game_result *result = &run->result;
    int plies = 0, total, before = -1;
    for (;; plies++) {
        int side = p->side;
        y.player = y.scored = side;
        if (!ply_moves_find(&y, &moves)) {
            run->moves = before;
            if (playout_ply(m, p, list, rng, true, plies, run)) {
                run->plies = plies;
                run->last_mover = plies ? mover : -1;
                return;
            }
            before = run->moves;
            mover = side;
            continue;
        }
        /* the draws of select_batch, select by select: each new chain as
         * it is found, then the landings that take nothing, then those
         * that take (or all at once) */
        reservoir r = { rng, prefer, 0, 0, 0 };
        uint64_t occupied = p->occupied.w[0];
        int from = -1, to = -1, drawn;
        const hop_chain_found *chain = NULL;
        for (int i = 0; i < g->spec.shift_select_count; i++) {
            for (int c = moves.first[i]; c < moves.first[i + 1]; c++)
                if (draw_batch(&r, 1, moves.chains.chains[c].took) == 0)
                    chain = &moves.chains.chains[c];
            const shift_groups *s = &moves.groups[i];
            if (!s->landings)
                continue;
            if (!prefer) {
                if ((drawn = draw_batch(&r, s->landings, false)) >= 0
                    && shift_groups_at(s, DRAW_ALL, occupied, drawn, &from, &to))
                    chain = NULL;
                continue;
            }
            if (s->landings > s->captures && (drawn = draw_batch(&r, s->landings - s->captures, false)) >= 0
                && shift_groups_at(s, DRAW_OTHERS, occupied, drawn, &from, &to))
                chain = NULL;
            if (s->captures && (drawn = draw_batch(&r, s->captures, true)) >= 0
                && shift_groups_at(s, DRAW_CAPTURES, occupied, drawn, &from, &to))
                chain = NULL;
        }
        total = !prefer ? r.counted : r.captures ? r.captures : r.others;
        bool ends = total == 0 || ends_may_hold(m, p, mover, false);
        if (ends) {
            movegen_result_of(m, p, total == 0, total == 0, result);
            if (result->over)
                break;
        } else {
            result->over = false;
        }
        if (total == 0 || plies >= run->max_plies)
            break;
        run->branching += (uint64_t)total;
        before = total;
        if (chain) {
            bool resets = (chain->took && g->reset_on_capture)
                          || (g->reset_types & (1u << PIECE_TYPE(p->cells[chain->from])));
            uint16_t code = p->cells[chain->from];
            pos_play_jumps(p, chain->from, chain->to, chain->victims, after_landing_code(&y, chain->to, code), resets,
                           chain->hash);
        } else {
            uint16_t code = p->cells[from];
            bool resets = (p->cells[to] && g->reset_on_capture) || (g->reset_types & (1u << PIECE_TYPE(code)));
            pos_play_landing(p, from, to, after_landing_code(&y, to, code), resets);
        }
        mover = side;
    }
    run->plies = plies;
    run->moves = total;
    run->moves_before = before;
    run->last_mover = plies ? mover : -1;
}
