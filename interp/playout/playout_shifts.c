/* playout_shifts: random games of steps and hops played on words, for
 * `tabula bench` and MCTS rollouts (playout_run, where game.playout_shifts).
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
 * runs, no move is written out and read back.
 *
 * Where the other alternatives are hop chains (game.shift_chains), a ply
 * where a hop can start is played so too: the chains of each piece that
 * can start one are searched as hop_chain.c searches them, in its order
 * (pieces by cell, alternatives in order, directions in order, depth
 * first), on words, each finished chain told apart by the hash of the
 * position it leaves (as gen_accept does); then each new chain is drawn
 * as one move, before the select's steps.  Everything is found before the
 * first draw, so that a ply beyond what is searched here (many chains, a
 * long search) is played by the calls instead (playout_ply), as is every
 * ply of other games of hops.  The games are those of the loop of calls,
 * move for move (tests/unit/test_sample checks it). */
#include "movegen/landing.h"
#include "playout/playout_internal.h"

/* One select's landings at a ply: each group the cells a step in one
 * direction lands on, from the cell OFFSET before; LANDINGS of them in
 * all, CAPTURES of them on a piece. */
typedef struct shift_groups {
    int count, landings, captures;
    uint64_t to[GAME_MAX_SHIFT_GROUPS];
    int offset[GAME_MAX_SHIFT_GROUPS];
} shift_groups;

/* A finished hop chain: the piece from FROM to TO, where it is LANDED
 * (after the after-rules), the pieces on VICTIMS taken (TOOK: some), the
 * position's HASH after it (the side not passed). */
typedef struct word_chain {
    uint64_t hash, victims;
    int from, to;
    uint16_t landed;
    bool took;
} word_chain;

/* More chains at a ply, or a longer search, and the ply is played by the
 * calls (far below what the generator allows: MOVEGEN_MAX_WORK). */
#define WORD_CHAINS 128
#define CHAIN_WORK 100000

/* The moves of a ply: for each select, its chains (chains[first[i]] up
 * to first[i + 1]) and its steps' landings. */
typedef struct ply_moves {
    shift_groups groups[GAME_MAX_SHIFT_SELECTS];
    int first[GAME_MAX_SHIFT_SELECTS + 1];
    int chain_count, work;
    word_chain chains[WORD_CHAINS];
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

/* The code the piece CODE of PLAYER has once it has landed on TO: the
 * after-rules applied, as after_landing_changes applies them (each read
 * by cells: game.playout_shifts). */
static uint16_t after_landing(const game *g, int player, int to, uint16_t code)
{
    for (int i = 0; i < g->spec.after_landing_count; i++) {
        const mnode *guard = &g->nodes[g->spec.after_landing[i]];
        int type = g->nodes[guard->a].types[0];
        if (type == PIECE_TYPE(code))
            continue;
        bool holds = (g->spec.after_landing_cells[i][player] >> to) & 1;
        if (holds != ((guard->flags & MF_NEGATE) != 0))
            code = PIECE_CODE(type, PIECE_OWNER(code), PIECE_FLAGS(code));
    }
    return code;
}

/* The landings of the select N for the mover's PIECES of its type, Y
 * (position_gen) for the mover, into S, as select_batch's grouped_shifts
 * finds them (LANDED: the cells landed on so far by a step of each offset,
 * by game.shift_canon: a landing found before is left out). */
static void select_groups(gen *y, const mnode *n, uint64_t pieces, shift_groups *s, uint64_t *landed)
{
    const game *g = y->g;
    uint64_t occupied = y->pos->occupied.w[0], empty = g->board_word & ~occupied;
    s->count = s->landings = s->captures = 0;
    for (const int16_t *leaf = g->select_leaves + n->spec.leaves; *leaf >= 0; leaf++) {
        const mnode *l = &g->nodes[*leaf];
        if (!(l->spec.flags & NF_LANDING))
            continue;
        uint64_t target = l->target < 0 ? empty : eval_set_word(y, l->target);
        const dlist *d = &g->dlists[l->directions];
        for (int i = 0; i < d->count[y->player]; i++) {
            int dir = d->steps[y->player][i].direction;
            uint64_t to = shift_word_forward(g, dir, pieces) & target & ~landed[g->spec.shift_canon[dir]];
            if (!to)
                continue;
            landed[g->spec.shift_canon[dir]] |= to;
            s->to[s->count] = to;
            s->offset[s->count++] = g->spec.shift_offset[dir];
            s->landings += cellset_bits(to);
            s->captures += cellset_bits(to & occupied);
        }
    }
}

/* A hop chain being searched on words from START (hop_chain.c's search):
 * the piece CODE, the cells whose pieces may be jumped (JUMPABLE: OVER's,
 * with a piece) and those it may not land on (BLOCKED: occupied, but for
 * START, which it left), the cells jumped and visited so far, the first
 * hop's direction (identity, -1 before it). */
typedef struct chain_search {
    const game *g;
    const position *p;
    ply_moves *out;
    const mnode *repeat;
    const dstep *steps;
    int step_count, player, start, direction;
    uint16_t code;
    bool captures, after;
    uint64_t jumpable, blocked, jumped, visited;
    uint64_t hash;      /* the position's, the piece taken off START */
} chain_search;

/* The chain ends with the piece on CUR: kept unless a chain found before
 * this ply leaves the same position (hop_chain.c's finish, gen_accept). */
static void chain_finish(chain_search *s, int cur)
{
    const game *g = s->g;
    ply_moves *out = s->out;
    out->work += 4;
    uint64_t hash = s->hash ^ pos_piece_key(g, cur, s->code);
    uint64_t victims = s->captures ? s->jumped : 0;
    for (uint64_t rest = victims; rest; rest &= rest - 1) {
        int cell = __builtin_ctzll(rest);
        hash ^= pos_piece_key(g, cell, s->p->cells[cell]);
    }
    uint16_t landed = s->after ? after_landing(g, s->player, cur, s->code) : s->code;
    if (landed != s->code)
        hash ^= pos_piece_key(g, cur, s->code) ^ pos_piece_key(g, cur, landed);
    for (int i = 0; i < out->chain_count; i++)
        if (out->chains[i].hash == hash)
            return;
    if (out->chain_count == WORD_CHAINS) {
        out->work = CHAIN_WORK + 1;     /* (too many: by the calls) */
        return;
    }
    out->chains[out->chain_count++] = (word_chain){ hash, victims, s->start, cur, landed, victims != 0 };
}

/* The chain goes on from CUR after HOPS hops (hop_chain.c's search). */
static void chain_search_from(chain_search *s, int cur, int hops)
{
    const game *g = s->g;
    const mnode *r = s->repeat;
    bool can_stop = hops >= r->min, can_go = r->max < 0 || hops < r->max, went = false;
    if (!(r->flags & MF_MAXIMAL) && can_stop)
        chain_finish(s, cur);
    if (can_go && ++s->out->work <= CHAIN_WORK) {
        for (int i = 0; i < s->step_count; i++) {
            const dstep *step = &s->steps[i];
            int dir = step->direction, identity = step_identity(step);
            if ((r->flags & MF_STRAIGHT) && s->direction >= 0 && s->direction != identity)
                continue;
            uint64_t from = g->spec.shift_from[dir].w[0];
            int jumped = cur + g->spec.shift_offset[dir], to = jumped + g->spec.shift_offset[dir];
            if (!((from >> cur) & 1) || !((s->jumpable >> jumped) & 1) || ((s->jumped >> jumped) & 1)
                || !((from >> jumped) & 1) || ((s->blocked >> to) & 1)
                || (!(r->flags & MF_REVISIT) && ((s->visited >> to) & 1)))
                continue;
            uint64_t visited = s->visited;
            int direction = s->direction;
            s->jumped |= (uint64_t)1 << jumped;
            s->visited |= (uint64_t)1 << to;
            if (s->direction < 0)
                s->direction = identity;
            went = true;
            chain_search_from(s, to, hops + 1);
            s->direction = direction;
            s->jumped &= ~((uint64_t)1 << jumped);
            s->visited = visited;
        }
    }
    if ((r->flags & MF_MAXIMAL) && can_stop && !went)
        chain_finish(s, cur);
}

/* The chains of the alternative LEAF (spec_chain_leaf) from the piece on
 * CELL, into OUT. */
static void leaf_chains(gen *y, int leaf, int cell, ply_moves *out)
{
    const game *g = y->g;
    const position *p = y->pos;
    chain_search s;
    /* (spec_chain_leaf has checked the shape at load: a repetition, or
     * one then `capture jumped`) */
    s.captures = g->nodes[leaf].op == M_SEQ;
    int repeat = s.captures ? g->nodes[leaf].a : leaf;
    s.g = g;
    s.p = p;
    s.out = out;
    s.repeat = &g->nodes[repeat];
    const mnode *hop = &g->nodes[s.repeat->a];
    const dlist *d = &g->dlists[hop->directions];
    s.steps = d->steps[y->player];
    s.step_count = d->count[y->player];
    s.player = y->player;
    s.start = cell;
    s.direction = -1;
    s.code = p->cells[cell];
    /* (after-rules follow: the turn is the selects, then them) */
    s.after = g->after >= 0;
    uint64_t occupied = p->occupied.w[0], start = (uint64_t)1 << cell;
    s.jumpable = (hop->over >= 0 ? eval_set_word(y, hop->over) : g->board_word) & occupied & ~start;
    s.blocked = occupied & ~start;
    s.jumped = 0;
    s.visited = start;
    s.hash = p->hash ^ pos_piece_key(g, cell, s.code);
    chain_search_from(&s, cell, 0);
}

/* The moves of the mover (Y's player) at this ply into M; false where the
 * ply is to be played by the calls: a hop can start and the game's other
 * alternatives are not all hop chains, or they are beyond what is
 * searched here, or there are more moves than a move list holds. */
static bool ply_moves_find(gen *y, ply_moves *m)
{
    const game *g = y->g;
    const position *p = y->pos;
    uint64_t own = p->owned[y->player].w[0], landed[BOARD_MAX_DIRECTIONS] = { 0 };
    int landings = 0;
    m->chain_count = m->work = 0;
    for (int i = 0; i < g->spec.shift_select_count; i++) {
        const mnode *n = &g->nodes[g->spec.shift_selects[i]];
        const int16_t *leaves = g->select_leaves + n->spec.leaves;
        uint64_t pieces = own & p->typed[n->spec.selected_type].w[0];
        m->first[i] = m->chain_count;
        m->groups[i].landings = 0;
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
                if (!(g->nodes[*leaf].spec.flags & NF_LANDING) && ((starts[k++] >> cell) & 1))
                    leaf_chains(y, *leaf, cell, m);
        }
        if (m->work > CHAIN_WORK)
            return false;
        select_groups(y, n, pieces, &m->groups[i], landed);
        landings += m->groups[i].landings;
    }
    m->first[g->spec.shift_select_count] = m->chain_count;
    return landings + m->chain_count <= MOVELIST_MAX_MOVES;
}

void playout_shifts(movegen *m, position *p, move_list *list, uint64_t *rng, playout *run)
{
    const game *g = m->g;
    bool prefer = (g->filter_kinds & (1u << FILTER_PREFER_CAPTURES)) != 0;
    ply_moves moves;
    gen y;
    position_gen(&y, m, p, p->side);
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
        const word_chain *chain = NULL;
        for (int i = 0; i < g->spec.shift_select_count; i++) {
            for (int c = moves.first[i]; c < moves.first[i + 1]; c++)
                if (draw_batch(&r, 1, moves.chains[c].took) == 0)
                    chain = &moves.chains[c];
            const shift_groups *s = &moves.groups[i];
            if (!s->landings)
                continue;
            if (!prefer) {
                if ((drawn = draw_batch(&r, s->landings, false)) >= 0) {
                    landing_at(s, ~(uint64_t)0, drawn, &from, &to);
                    chain = NULL;
                }
                continue;
            }
            if (s->landings > s->captures && (drawn = draw_batch(&r, s->landings - s->captures, false)) >= 0) {
                landing_at(s, ~occupied, drawn, &from, &to);
                chain = NULL;
            }
            if (s->captures && (drawn = draw_batch(&r, s->captures, true)) >= 0) {
                landing_at(s, occupied, drawn, &from, &to);
                chain = NULL;
            }
        }
        total = !prefer ? r.counted : r.captures ? r.captures : r.others;
        bool ends = total == 0;
        for (int i = 0; i < g->end_count && !ends; i++)
            ends = end_holds_quick(m, p, mover, false, &g->ends[i]) != 0;
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
            pos_play_jumps(p, chain->from, chain->to, chain->victims, chain->landed, resets, chain->hash);
        } else {
            uint16_t code = p->cells[from];
            bool resets = (p->cells[to] && g->reset_on_capture) || (g->reset_types & (1u << PIECE_TYPE(code)));
            pos_play_landing(p, from, to, after_landing(g, side, to, code), resets);
        }
        mover = side;
    }
    run->plies = plies;
    run->moves = total;
    run->moves_before = before;
    run->last_mover = plies ? mover : -1;
}
