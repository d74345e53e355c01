/* playout_shifts: random games of steps and hops played on words, for
 * `tabula bench` (movegen_playout, where game.playout_shifts).
 *
 * In draughts most plies offer no capture, and in Breakthrough none is a
 * hop: every move is then one step of a piece, and select_batch finds
 * them as groups (for each select in turn, the mover's pieces of a type;
 * for each of its steps' directions, the pieces' cells moved along it
 * within the step's target).  At such a ply, told by the test select_batch
 * makes (no piece stands where the first hop of its other alternatives
 * could start: hop_starts_word), the groups are found here the same way,
 * one landing is drawn from them by the same draws of the same generator
 * (gen_sample_batch's reservoir, select by select and kind by kind), and
 * it is played on the position at once (pos_play_landing): no generator
 * runs, no move is written out and read back.  A ply where a hop can
 * start is played by the calls (playout_ply).  The games are those of the
 * loop of calls, move for move (tests/unit/test_sample checks it). */
#include "landing.h"

/* One select's landings at a ply: each group the cells a step in one
 * direction lands on, from the cell OFFSET before; LANDINGS of them in
 * all, CAPTURES of them on a piece. */
typedef struct shift_groups {
    int count, landings, captures;
    uint64_t to[GAME_MAX_SHIFT_GROUPS];
    int offset[GAME_MAX_SHIFT_GROUPS];
} shift_groups;

/* The reservoir gen_sample_batch (movegen.c) keeps through a turn: the
 * moves counted, and with PREFER (`prefer captures`) the captures and the
 * others apart. */
typedef struct reservoir {
    uint64_t *rng;
    bool prefer;
    int counted, captures, others;
} reservoir;

/* gen_sample_batch for a batch of FRESH landings (above 0) that capture
 * or not (CAPTURED): which of them replaces the one kept, -1 none; the
 * same draws on R->rng. */
static int draw_batch(reservoir *r, int fresh, bool captured)
{
    r->counted += fresh;
    int n = r->counted;
    if (r->prefer) {
        if (captured) {
            n = r->captures += fresh;
        } else {
            n = r->others += fresh;
            if (r->captures)
                return -1;
        }
    }
    int before = n - fresh, drawn = 0;
    if (before > 0) {
        if (!r->rng)
            return -1;
        drawn = (int)rng_below(r->rng, (uint32_t)n);
        if (drawn >= fresh)
            return -1;
    } else if (r->rng && fresh > 1) {
        drawn = (int)rng_below(r->rng, (uint32_t)fresh);
    }
    return drawn;
}

/* The landing DRAWN (from 0) of S's on cells of ON, in draw_landing's
 * order (select.c): its cells into *FROM and *TO. */
static void landing_at(const shift_groups *s, uint64_t on, int drawn, int *from, int *to)
{
    for (int i = 0; i < s->count; i++) {
        uint64_t cells = s->to[i] & on;
        int found = cellset_bits(cells);
        if (drawn >= found) {
            drawn -= found;
            continue;
        }
        *to = __builtin_ctzll(word_after_bits(cells, drawn));
        *from = *to - s->offset[i];
        return;
    }
}

/* The landings of the select N for the mover's PIECES of its type, Y
 * (position_gen) for the mover, into S, as select_batch's grouped_shifts
 * finds them (LANDED: the cells landed on so far by a step of each offset,
 * by game.shift_canon: a landing found before is left out); false if one
 * of the pieces could start a hop (the ply is not one of steps alone). */
static bool select_groups(gen *y, const mnode *n, uint64_t pieces, shift_groups *s, uint64_t *landed)
{
    const game *g = y->g;
    const int16_t *leaves = g->select_leaves + n->leaves;
    s->count = s->landings = s->captures = 0;
    if (!pieces)
        return true;
    for (const int16_t *leaf = leaves; *leaf >= 0; leaf++) {
        const mnode *l = &g->nodes[*leaf];
        if (!(l->flags & MF_LANDING) && (hop_starts_word(y, &g->nodes[l->first_hop]) & pieces))
            return false;
    }
    uint64_t occupied = y->pos->occupied.w[0], empty = g->board_word & ~occupied;
    for (const int16_t *leaf = leaves; *leaf >= 0; leaf++) {
        const mnode *l = &g->nodes[*leaf];
        if (!(l->flags & MF_LANDING))
            continue;
        uint64_t target = l->target < 0 ? empty : eval_set_word(y, l->target);
        const dlist *d = &g->dlists[l->directions];
        for (int i = 0; i < d->count[y->player]; i++) {
            int dir = d->steps[y->player][i].direction;
            uint64_t to = spec_word_forward(g, dir, pieces) & target & ~landed[g->shift_canon[dir]];
            if (!to)
                continue;
            landed[g->shift_canon[dir]] |= to;
            s->to[s->count] = to;
            s->offset[s->count++] = g->shift_offset[dir];
            s->landings += cellset_bits(to);
            s->captures += cellset_bits(to & occupied);
        }
    }
    return true;
}

/* The landings of every select for Y's player into GROUPS; false where a
 * hop could start, or there are more than a move list holds (the calls
 * report the limit). */
static bool steps_alone(gen *y, shift_groups *groups)
{
    const game *g = y->g;
    const position *p = y->pos;
    uint64_t own = p->owned[y->player].w[0];
    int landings = 0;
    uint64_t landed[BOARD_MAX_DIRECTIONS] = { 0 };
    for (int i = 0; i < g->shift_select_count; i++) {
        const mnode *n = &g->nodes[g->shift_selects[i]];
        if (!select_groups(y, n, own & p->typed[n->selected_type].w[0], &groups[i], landed))
            return false;
        landings += groups[i].landings;
    }
    return landings <= MOVELIST_MAX_MOVES;
}

/* The code the piece CODE of PLAYER has once it has landed on TO: the
 * after-rules applied, as after_landing_changes applies them (each read
 * by cells: game.playout_shifts). */
static uint16_t after_landing(const game *g, int player, int to, uint16_t code)
{
    for (int i = 0; i < g->after_landing_count; i++) {
        const mnode *guard = &g->nodes[g->after_landing[i]];
        int type = g->nodes[guard->a].types[0];
        if (type == PIECE_TYPE(code))
            continue;
        bool holds = (g->after_landing_cells[i][player] >> to) & 1;
        if (holds != ((guard->flags & MF_NEGATE) != 0))
            code = PIECE_CODE(type, PIECE_OWNER(code), PIECE_FLAGS(code));
    }
    return code;
}

int playout_shifts(movegen *m, position *p, move_list *list, uint64_t *rng, int max_plies, game_result *result,
                   uint64_t *branching)
{
    const game *g = m->g;
    bool prefer = (g->filter_kinds & (1u << FILTER_PREFER_CAPTURES)) != 0;
    shift_groups groups[GAME_MAX_SHIFT_SELECTS];
    gen y;
    position_gen(&y, m, p, p->side);
    int mover = end_mover(g, p);
    for (int plies = 0;; plies++) {
        int side = p->side;
        y.player = y.scored = side;
        if (!steps_alone(&y, groups)) {
            if (playout_ply(m, p, list, rng, true, plies, max_plies, result, branching))
                return plies;
            mover = side;
            continue;
        }
        /* the draws of select_batch, select by select: the landings that
         * take nothing, then those that take (or all at once) */
        reservoir r = { rng, prefer, 0, 0, 0 };
        uint64_t occupied = p->occupied.w[0];
        int from = -1, to = -1;
        for (int i = 0; i < g->shift_select_count; i++) {
            const shift_groups *s = &groups[i];
            int drawn;
            if (!s->landings)
                continue;
            if (!prefer) {
                if ((drawn = draw_batch(&r, s->landings, false)) >= 0)
                    landing_at(s, ~(uint64_t)0, drawn, &from, &to);
                continue;
            }
            if (s->landings > s->captures && (drawn = draw_batch(&r, s->landings - s->captures, false)) >= 0)
                landing_at(s, ~occupied, drawn, &from, &to);
            if (s->captures && (drawn = draw_batch(&r, s->captures, true)) >= 0)
                landing_at(s, occupied, drawn, &from, &to);
        }
        int total = !prefer ? r.counted : r.captures ? r.captures : r.others;
        bool ends = total == 0;
        for (int i = 0; i < g->end_count && !ends; i++)
            ends = end_holds_quick(m, p, mover, false, &g->ends[i]) != 0;
        if (ends) {
            movegen_result_of(m, p, total == 0, total == 0, result);
            if (result->over)
                return plies;
        } else {
            result->over = false;
        }
        if (total == 0 || plies >= max_plies)
            return plies;
        *branching += (uint64_t)total;
        uint16_t code = p->cells[from];
        bool resets = (p->cells[to] && g->reset_on_capture) || (g->reset_types & (1u << PIECE_TYPE(code)));
        pos_play_landing(p, from, to, after_landing(g, side, to, code), resets);
        mover = side;
    }
}
