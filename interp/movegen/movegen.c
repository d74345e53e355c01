/* movegen: running a compiled turn on a position.
 *
 * gen_run() interprets one mnode with a continuation: what remains of the turn
 * after it.  Every action changes the position in place, runs the
 * continuation, then rolls the change log back, so compound turns (move
 * then place, hop chains, a pattern's effects) see the board as it is at
 * that point of the turn.  When the continuation is empty the turn is
 * complete and emit() copies it out as a move.  Conditions and cell sets are
 * evaluated by eval_* from the compiled cexprs.
 */
#include "movegen/movegen.h"

#include <stdlib.h>
#include <string.h>

#include "game/attack_tables.h"
#include "game/rng.h"
#include "movegen/actions.h"
#include "movegen/eval.h"
#include "movegen/hop_chain.h"
#include "movegen/landing_unmade.h"
#include "movegen/movegen_internal.h"
#include "movegen/rays.h"
#include "movegen/select.h"

/* --- move lists */

bool move_list_init(move_list *list)
{
    memset(list, 0, sizeof *list);
    list->moves = malloc(MOVELIST_MAX_MOVES * sizeof *list->moves);
    list->changes = malloc(MOVELIST_MAX_CHANGES * sizeof *list->changes);
    list->path = malloc(MOVELIST_MAX_PATH * sizeof *list->path);
    if (!list->moves || !list->changes || !list->path) {
        move_list_free(list);
        return false;
    }
    return true;
}

void move_list_free(move_list *list)
{
    free(list->moves);
    free(list->changes);
    free(list->path);
    memset(list, 0, sizeof *list);
}

int move_list_find(const move_list *list, const move_list *other, int i)
{
    const move *y = &other->moves[i];
    for (int k = 0; k < list->count; k++) {
        const move *x = &list->moves[k];
        if (x->hash == y->hash && x->flags == y->flags && x->count == y->count && x->path_count == y->path_count
            && !memcmp(list->changes + x->first, other->changes + y->first, (size_t)x->count * sizeof(change))
            && !memcmp(list->path + x->path_first, other->path + y->path_first,
                       (size_t)x->path_count * sizeof(int32_t)))
            return k;
    }
    return -1;
}

static void clear_list(move_list *list)
{
    list->count = 0;
    list->change_count = 0;
    list->path_count = 0;
    list->overflow = false;
    list->limit = MOVEGEN_LIMIT_NONE;
    list->limit_node = -1;
    list->stuck = false;
}

const char *movegen_limit_text(const move_list *list, char *out, size_t size)
{
    switch (list->limit) {
    case MOVEGEN_LIMIT_NONE:
        snprintf(out, size, "%s", "");
        break;
    case MOVEGEN_LIMIT_MOVES:
        snprintf(out, size, "more than %d moves in one position (or more than %d changes in "
                 "them): the list of moves is incomplete", MOVELIST_MAX_MOVES, MOVELIST_MAX_CHANGES);
        break;
    case MOVEGEN_LIMIT_TURN_DEPTH:
        snprintf(out, size, "a turn more than %d steps deep (a hop chain or compound turn): "
                 "the longer turns are left out", MOVEGEN_MAX_TURN_DEPTH);
        break;
    case MOVEGEN_LIMIT_WORK:
        snprintf(out, size, "more than %ld steps to find one position's moves (the rule "
                 "explodes combinatorially): the list of moves is incomplete", MOVEGEN_MAX_WORK);
        break;
    case MOVEGEN_LIMIT_TURN_PATH:
        snprintf(out, size, "a turn through more than %d cells or parts: the longer turns are "
                 "left out", MOVEGEN_MAX_TURN_PATH);
        break;
    }
    return out;
}

source_location movegen_limit_location(const game *g, const move_list *list)
{
    source_location none = { -1, 0, 0, 0, 0 };
    if (list->limit == MOVEGEN_LIMIT_NONE || list->limit_node < 0
        || list->limit_node >= g->node_count || !g->node_locations)
        return none;
    return g->node_locations[list->limit_node];
}

void gen_limit(gen *x, movegen_limit limit, int node)
{
    if (x->m->limit == MOVEGEN_LIMIT_NONE) {
        x->m->limit = limit;
        x->m->limit_node = node;
    }
    x->stop = true;
}

movegen *movegen_new(const game *g)
{
    movegen *m = calloc(1, sizeof *m);
    if (!m)
        return NULL;
    m->g = g;
    for (int i = 0; i < NESTING; i++) {
        m->seen[i] = calloc(DEDUP_SIZE, sizeof *m->seen[i]);
        m->seen_mask[i] = DEDUP_SMALL - 1;
        if (!m->seen[i] || !move_list_init(&m->scratch[i])) {
            movegen_free(m);
            return NULL;
        }
    }
    return m;
}

void movegen_free(movegen *m)
{
    if (!m)
        return;
    for (int i = 0; i < NESTING; i++) {
        free(m->seen[i]);
        move_list_free(&m->scratch[i]);
    }
    free(m->legal_hashes);
    free(m);
}

/* The state a chain goes on from: the position, where the piece stands and
 * which way it goes, and the cells the chain has visited, jumped and
 * touched.  Two iterations of one chain in the same state go on the same
 * way, so the second need not. */
static uint64_t chain_state(const gen *x)
{
    uint64_t key = x->pos->hash ^ rng_mix(((uint64_t)(uint32_t)x->anchor << 20)
                                          ^ (uint64_t)(uint32_t)(x->chain_direction + 1) ^ 0xC4A1);
    for (int i = 0; i < x->g->words; i++)
        key ^= rng_mix(x->visited.w[i] + (uint64_t)i) ^ rng_mix(x->jumped.w[i] ^ ((uint64_t)i << 40))
               ^ rng_mix(x->marked.w[i] + 0x9E37u + ((uint64_t)i << 20));
    return key;
}

/* Iteration COUNT of a repetition; OUTER_* is the chain state from before
 * it, restored for what follows the repetition. */
static void run_repeat(gen *x, int node, int count, uint16_t outer_flags, int outer_direction,
                       const cont *k)
{
    const mnode *n = &x->g->nodes[node];
    /* A chain that may revisit cells can go round for ever (a slasher on a
     * torus): an iteration in a state the chain has been in before adds
     * nothing (what follows it was found from there) and is cut. */
    bool tracked = false;
    if ((n->flags & MF_REVISIT) && count > 0) {
        uint64_t key = chain_state(x);
        for (int i = 0; i < x->chain_state_count; i++)
            if (x->chain_states[i] == key)
                return;
        if (x->chain_state_count < MAX_CHAIN_STATES) {
            x->chain_states[x->chain_state_count++] = key;
            tracked = true;
        }
    }
    bool can_stop = count >= n->min;
    bool can_go = n->max < 0 || count < n->max;
    uint16_t flags = x->chain_flags;
    int direction = x->chain_direction;
    if (count == 0) {
        x->chain_flags = (uint16_t)(n->flags | MF_IN_CHAIN);
        x->chain_direction = -1;
    }
    cont again = { (int16_t)node, (int16_t)(count + 1), outer_flags, outer_direction, k };
    long before = x->applied;
    if (!(n->flags & MF_MAXIMAL) && can_stop) {
        uint16_t inner = x->chain_flags;
        int inner_direction = x->chain_direction;
        x->chain_flags = outer_flags;
        x->chain_direction = outer_direction;
        gen_run_cont(x, k);
        x->chain_flags = inner;
        x->chain_direction = inner_direction;
    }
    if (can_go)
        gen_run(x, n->a, &again);
    if ((n->flags & MF_MAXIMAL) && can_stop && x->applied == before) {
        /* maximal: stop only where the chain cannot go on */
        x->chain_flags = outer_flags;
        x->chain_direction = outer_direction;
        gen_run_cont(x, k);
    }
    x->chain_flags = flags;
    x->chain_direction = direction;
    if (tracked)
        x->chain_state_count--;
}

static void emit(gen *x);

void movegen_alternatives(const game *g, bool *is_alternative)
{
    for (int i = 0; i < g->node_count; i++)
        is_alternative[i] = false;
    for (int i = 0; i < g->node_count; i++) {
        const mnode *n = &g->nodes[i];
        if (n->op != M_ALT)
            continue;
        if (n->a >= 0 && g->nodes[n->a].op != M_ALT)
            is_alternative[n->a] = true;
        if (n->b >= 0 && g->nodes[n->b].op != M_ALT)
            is_alternative[n->b] = true;
    }
}

static int compare_hashes(const void *a, const void *b)
{
    uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;
    return (x > y) - (x < y);
}

bool movegen_count_alternatives(movegen *m, position *p, const move_list *legal,
                                movegen_alternative_count *counts, move_list *scratch)
{
    if (!m->legal_hashes) {
        m->legal_hashes = malloc(MOVELIST_MAX_MOVES * sizeof *m->legal_hashes);
        if (!m->legal_hashes)
            return false;
    }
    for (int i = 0; i < legal->count; i++)
        m->legal_hashes[i] = legal->moves[i].hash;
    m->legal_count = legal->count;
    qsort(m->legal_hashes, (size_t)legal->count, sizeof *m->legal_hashes, compare_hashes);
    m->alternative_moves = counts;
    m->alternatives_depth = 0;
    movegen_generate(m, p, scratch);
    m->alternative_moves = NULL;
    return true;
}

void gen_count_alternatives(movegen *m, uint64_t hash, bool repeated)
{
    if (!bsearch(&hash, m->legal_hashes, (size_t)m->legal_count, sizeof hash, compare_hashes))
        return;
    for (int i = 0; i < m->alternatives_depth; i++) {
        movegen_alternative_count *c = &m->alternative_moves[m->alternatives_open[i]];
        if (repeated)
            c->repeated++;
        else
            c->made++;
    }
}

/* A branch of a choice run while alternatives are counted. */
static void run_branch_counted(gen *x, int node, const cont *k)
{
    bool opened = gen_alternative_open(x, node);
    gen_run(x, node, k);
    gen_alternative_close(x, opened);
}

void gen_run_cont(gen *x, const cont *k)
{
    if (x->stop)
        return;
    if (!k) {
        emit(x);
        return;
    }
    if (x->mode == GEN_ATTACK && gen_attack_futile(x, k))
        return;
    const mnode *n = &x->g->nodes[k->node];
    if (n->op == M_REPEAT) {
        run_repeat(x, k->node, k->count, k->outer_flags, k->outer_direction, k->next);
        return;
    }
    if (n->op == M_GUARD && k->count == GUARD_CHECK) {
        bool ok = eval_cond_quick(x, n->cond) != ((n->flags & MF_NEGATE) != 0);
        if (ok)
            gen_run_cont(x, k->next);
        return;
    }
    gen_run(x, k->node, k->next);
}

void gen_run(gen *x, int node, const cont *k)
{
    if (node < 0 || x->stop)
        return;
    if (!gen_enter(x, node))
        return;
again:
    x->node = node;
    const mnode *n = &x->g->nodes[node];
    switch (n->op) {
    case M_ALT:
        if (x->m->alternative_moves) {  /* (analyze only: see run_branch_counted) */
            run_branch_counted(x, n->a, k);
            if (n->b < 0 || x->stop)
                break;
            if (++x->work > MOVEGEN_MAX_WORK)
                gen_limit(x, MOVEGEN_LIMIT_WORK, n->b);
            else
                run_branch_counted(x, n->b, k);
            break;
        }
        gen_run(x, n->a, k);
        /* the second alternative runs in this frame, as a call would run
         * it: counted as work, at this depth (the depth limit counts
         * frames, and this one is not given up until it returns) */
        node = n->b;
        if (node < 0 || x->stop)
            break;
        if (++x->work > MOVEGEN_MAX_WORK) {
            gen_limit(x, MOVEGEN_LIMIT_WORK, node);
            break;
        }
        goto again;
    case M_SEQ: {
        cont next = { n->b, 0, 0, 0, k };
        gen_run(x, n->a, &next);
        break;
    }
    case M_REPEAT:
        if (!(n->spec.flags & NF_HOP_CHAIN) || !hop_chain_run(x, node, k))
            run_repeat(x, node, 0, x->chain_flags, x->chain_direction, k);
        break;
    case M_GUARD:
        if (n->flags & MF_AFTER) {
            cont check = { (int16_t)node, GUARD_CHECK, 0, 0, k };
            gen_run(x, n->a, &check);
        } else if (eval_cond_quick(x, n->cond) != ((n->flags & MF_NEGATE) != 0)) {
            gen_run(x, n->a, k);
        }
        break;
    case M_SELECT: action_select(x, n, k); break;
    case M_STEP: action_step(x, n, k); break;
    case M_SLIDE: action_slide(x, n, k); break;
    case M_LEAP: action_leap(x, n, k); break;
    case M_HOP: action_hop(x, n, k); break;
    case M_PUSH: action_push(x, n, k); break;
    case M_PLACE: action_place(x, n, k); break;
    case M_CHANGE: action_change(x, n, k); break;
    case M_FLIP: action_flip(x, n, k); break;
    case M_CAPTURE: action_capture(x, n, k); break;
    case M_REMOVE: action_remove(x, n, k); break;
    case M_APPLY: action_apply(x, n, k); break;
    case M_SET_VAR: action_set(x, n, k); break;
    case M_SET_FLAG: action_set_flag(x, n, k); break;
    case M_RELOCATE: action_relocate(x, n, k); break;
    case M_SOW: action_sow(x, n, k); break;
    case M_CARRY: action_carry(x, n, k); break;
    case M_ROLL: action_roll(x, n, k); break;
    case M_PASS: {
        int path = x->path_length;
        bool passed = x->passed;
        gen_path_push(x, PATH_PASS, 0);
        x->passed = true;
        gen_run_cont(x, k);
        x->passed = passed;
        x->path_length = path;
        break;
    }
    default:
        break;
    }
    x->recursion--;
}

/* --- finished turns */

/* Whether the defender's piece CODE, which change I of the turn took off
 * its cell, is still the defender's where the turn left it: moved by the
 * turn (a push, or a stack carried), each move of it a change that puts
 * the same piece on an empty cell after the one that took it off, and
 * standing there at the end. */
static bool moved_whole(const gen *x, int i, uint16_t code)
{
    const position *p = x->pos;
    int cell = -1;
    for (int j = i + 1; j < p->log_length; j++) {
        const change *c = &p->log[j];
        if (c->kind != CHANGE_CELL)
            continue;
        if (cell < 0 && !c->before && (uint16_t)c->after == code)
            cell = c->index;            /* put down */
        else if (cell >= 0 && c->index == cell && (uint16_t)c->before == code && !c->after)
            cell = -1;                  /* taken off again, to be put down further on */
    }
    return cell >= 0 && p->cells[cell] == code;
}

bool gen_captures_target(const gen *x)
{
    const position *p = x->pos;
    for (int i = x->turn_mark; i < p->log_length; i++) {
        const change *c = &p->log[i];
        if (c->kind != CHANGE_CELL || !cellset_has(&x->attack_targets, c->index))
            continue;
        uint16_t before = (uint16_t)c->before, after = (uint16_t)c->after;
        if (before && PIECE_OWNER(before) == x->attack_defender
            && (!after || PIECE_OWNER(after) != x->attack_defender) && !(!after && moved_whole(x, i, before)))
            return true;
    }
    return false;
}

/* A new stamp for LEVEL's table: every slot empty. */
static void next_stamp(movegen *m, int level)
{
    if (++m->stamp[level] == 0) {
        for (int i = 0; i < DEDUP_SIZE; i++)
            m->seen[level][i].stamp = 0;
        m->stamp[level] = 1;
    }
}

/* HASH put in LEVEL's table, which has room (not counted). */
static void dedup_insert(movegen *m, int level, uint64_t hash)
{
    struct dedup_slot *seen = m->seen[level];
    unsigned mask = m->seen_mask[level];
    unsigned slot = (unsigned)(hash ^ (hash >> 29)) & mask;
    while (seen[slot].stamp == m->stamp[level])
        slot = (slot + 1) & mask;
    seen[slot].stamp = m->stamp[level];
    seen[slot].hash = hash;
}

/* The new position HASH (counted already) when it fills half the slots in
 * use: the turn's positions move from the first DEDUP_SMALL slots to all,
 * or, all in use and full, HASH is left out (a list has at most
 * MOVELIST_MAX_MOVES moves, far fewer: never, but no endless search). */
static __attribute__((noinline)) void dedup_add_grown(movegen *m, int level, uint64_t hash)
{
    if (m->seen_mask[level] == DEDUP_SIZE - 1) {
        if (m->seen_count[level] < DEDUP_SIZE)
            dedup_insert(m, level, hash);
        else
            m->seen_count[level]--;
        return;
    }
    uint64_t kept[DEDUP_SMALL];
    int count = 0;
    for (int i = 0; i < DEDUP_SMALL; i++)
        if (m->seen[level][i].stamp == m->stamp[level])
            kept[count++] = m->seen[level][i].hash;
    next_stamp(m, level);
    m->seen_mask[level] = DEDUP_SIZE - 1;
    for (int i = 0; i < count; i++)
        dedup_insert(m, level, kept[i]);
    dedup_insert(m, level, hash);
}

static bool seen_before(gen *x, uint64_t hash)
{
    movegen *m = x->m;
    int level = x->level;
    struct dedup_slot *seen = m->seen[level];
    uint32_t stamp = m->stamp[level];
    unsigned mask = m->seen_mask[level];
    unsigned slot = (unsigned)(hash ^ (hash >> 29)) & mask;
    for (; seen[slot].stamp == stamp; slot = (slot + 1) & mask)
        if (seen[slot].hash == hash)
            return true;
    if (++m->seen_count[level] > (int)(mask + 1) / 2) {
        dedup_add_grown(m, level, hash);
        return false;
    }
    seen[slot].stamp = stamp;
    seen[slot].hash = hash;
    return false;
}

int gen_sample_batch(gen *x, int fresh)
{
    if (fresh <= 0)
        return -1;
    if (x->counted + fresh > MOVELIST_MAX_MOVES) {
        gen_limit(x, MOVEGEN_LIMIT_MOVES, x->node);
        return -1;
    }
    int drawn = reservoir_draw(x->sample_rng, x->sample_prefer, x->captured, fresh, &x->counted,
                               &x->sampled_captures, &x->sampled_others);
    if (drawn < 0)
        return -1;
    x->out->count = x->out->change_count = x->out->path_count = 0;
    return drawn;
}

/* Whether the move being emitted replaces the one kept (movegen_sample);
 * the list is emptied for it. */
static bool sample_keeps(gen *x)
{
    return gen_sample_batch(x, 1) == 0;
}

/* Whether the move just made leaves the legality filter holding, as it
 * held before the turn (legal_quiet): it changed no cell of the zone,
 * gave no other player a piece anywhere, and made no cell a new one of
 * the attacked set. */
static bool quiet_move(gen *x)
{
    const position *p = x->pos;
    if (p->log_overflow)
        return false;
    for (int i = x->turn_mark; i < p->log_length; i++) {
        const change *c = &p->log[i];
        if (c->kind != CHANGE_CELL)
            continue;   /* rays read no variable, and no residual piece is near */
        uint16_t after = (uint16_t)c->after;
        if (cellset_has(&x->legal_zone, c->index) || (after && PIECE_OWNER(after) != x->player))
            return false;
        const game *g = x->g;
        bool may = after ? (g->spec.quiet_attacked_types >> PIECE_TYPE(after)) & 1 : g->spec.quiet_attacked_empty;
        if (may && eval_has(x, g->spec.quiet_attacked, c->index))
            return false;
    }
    return true;
}

static bool legal(gen *x)
{
    const game *g = x->g;
    if (x->legal_quiet && !x->legal_check && quiet_move(x))
        return true;
    for (int i = 0; i < g->filter_count; i++) {
        const filter *f = &g->filters[i];
        if (f->kind != FILTER_LEGAL_IF)
            continue;
        bool saved = x->in_filter;
        x->in_filter = true;
        bool ok = eval_cond(x, f->expr) != f->negate;
        x->in_filter = saved;
        if (!ok)
            return false;
    }
    return true;
}

static void emit(gen *x)
{
    gen_emit(x, NULL, 0, x->pos->hash);
}

/* Whether a landing batched by its cells (x->landed), from FROM to TO (-1:
 * any), has HASH in the position the turn began from (the move being
 * accepted may have been made: its changes are taken back for the look). */
static bool landed_hash_is(gen *x, int from, int to, uint64_t hash)
{
    position *p = x->pos;
    bool after = x->g->after >= 0, found = false;
    int end = pos_rewind(p, x->turn_mark);
    for (int f = from < 0 ? 0 : from; f < (from < 0 ? 64 : from + 1) && !found; f++)
        for (uint64_t rest = x->landed[f]; rest && !found; rest &= rest - 1) {
            int t = __builtin_ctzll(rest);
            found = (to < 0 || t == to) && landing_unmade_hash(x, f, t, after) == hash;
        }
    pos_replay(p, end);
    return found;
}

/* x->quiet_cells: whether the move being accepted, new by its hash, is
 * not one of the landings batched by their cells (select.c).  A landing
 * changes two cells, emptying one and putting a piece of the mover's on
 * the other; a move that does that (its changes: those logged since the
 * turn began, then EXTRA), from and to the cells of a landing found, is
 * told from it by the landing's hash, and one from and to other cells is
 * noted, for a landing found later to be hashed (lookalike_listed). */
static bool apart_from_landings(gen *x, const change *extra, int extra_count, uint64_t hash)
{
    enum { MOST = 5 };
    const position *p = x->pos;
    if (p->log_overflow)
        return true;    /* (the turn cannot be taken back: perft and the
                         * generator's callers report it) */
    int logged = p->log_length - x->turn_mark, cells[MOST], n = 0;
    uint16_t before[MOST], now[MOST];
    for (int i = 0; i < logged + extra_count; i++) {
        const change *c = i < logged ? &p->log[x->turn_mark + i] : &extra[i - logged];
        if (c->kind != CHANGE_CELL)
            continue;
        int k = 0;
        while (k < n && cells[k] != c->index)
            k++;
        if (k == MOST)
            break;
        if (k == n) {
            cells[n++] = c->index;
            before[k] = (uint16_t)c->before;
        }
        now[k] = (uint16_t)c->after;
    }
    if (n == MOST) {
        /* (more cells than a landing's, some perhaps put back: each landing
         * found is hashed, and each found later) */
        x->lookalike_all = true;
        return !landed_hash_is(x, -1, -1, hash);
    }
    int from = -1, to = -1, changed = 0;
    for (int k = 0; k < n; k++) {
        if (before[k] == now[k])
            continue;
        changed++;
        if (!now[k])
            from = cells[k];
        else if (PIECE_OWNER(now[k]) == x->player)
            to = cells[k];
    }
    if (changed != 2 || from < 0 || to < 0)
        return true;
    uint64_t bit = (uint64_t)1 << to;
    if (x->landed[from] & bit)
        return !landed_hash_is(x, from, to, hash);
    if (x->lookalike_count < LOOKALIKE_MAX) {
        x->lookalike[x->lookalike_count][0] = (int16_t)from;
        x->lookalike[x->lookalike_count++][1] = (int16_t)to;
    } else {
        x->lookalike_all = true;
    }
    x->lookalike_to |= bit;
    return true;
}

static inline bool accept(gen *x, const change *extra, int extra_count, uint64_t hash)
{
    const game *g = x->g;
    if (x->mode == GEN_ATTACK) {
        if (gen_captures_target(x)) {
            x->found = true;
            x->stop = true;
        }
        return false;
    }
    if (!g->spec.direct_emit && !x->known_legal && !legal(x))
        return false;
    if (x->drawn)
        return true;    /* counted and drawn already (action_place, NF_UNIQUE) */
    /* Two ways to one position are one move.  Proving that a game can never
     * reach a position twice in one turn (a ring slide goes both ways round,
     * alternatives overlap, chains meet) is harder than checking. */
    uint64_t key = hash;
    if (x->chance) {
        /* different throws are different outcomes, even when they leave the
         * same position: the dice's faces are part of what is the same */
        for (int i = 0; i < x->path_length; i++)
            if (PATH_KIND(x->path[i]) == PATH_ROLL)
                key ^= rng_mix(((uint64_t)(i + 1) << 32) ^ (uint64_t)PATH_VALUE(x->path[i]) ^ 0xD1CE);
    }
    if (seen_before(x, key)) {
        if (x->m->alternative_moves && x->level == 0)
            gen_count_alternatives(x->m, hash, true);
        return false;
    }
    if (x->quiet_cells && !apart_from_landings(x, extra, extra_count, hash))
        return false;
    if (gen_counting(x)) {
        gen_count(x, 1);
        return false;
    }
    return x->mode != GEN_SAMPLE || sample_keeps(x);
}

bool gen_accept(gen *x, uint64_t hash)
{
    /* (not with x->quiet_cells: no placement or hop chain in such a game) */
    return accept(x, NULL, 0, hash);
}

bool gen_fresh(gen *x, uint64_t hash)
{
    return !seen_before(x, hash);
}

void gen_emit(gen *x, const change *extra, int extra_count, uint64_t hash)
{
    if (accept(x, extra, extra_count, hash))
        gen_store(x, extra, extra_count, hash);
}

/* --- generation */

/* init_gen's clearing of the scratch sets on a board of several words
 * (out of line: the usual one-word case is a few stores). */
static __attribute__((noinline)) void clear_scratch_sets(gen *x, int words)
{
    cellset_clear(&x->visited, words);
    cellset_clear(&x->jumped, words);
    cellset_clear(&x->pushed, words);
    cellset_clear(&x->line, words);
    cellset_clear(&x->marked, words);
    for (int i = 0; i < GAME_MAX_LABELS; i++)
        cellset_clear(&x->labels[i], words);
}

/* (inlined: every generation and every reading of the end rules starts
 * here, twice a ply in a playout) */
static inline void init_gen(gen *x, movegen *m, position *p, int player, int level)
{
    /* the flags and counts at once; of the cell sets, which are large,
     * only the words the board uses */
    memset(&x->out, 0, offsetof(gen, stop) + sizeof x->stop - offsetof(gen, out));
    int words = m->g->words;
    if (words == 1) {   /* (most boards: stores, not loops) */
        x->visited.w[0] = x->jumped.w[0] = x->pushed.w[0] = x->line.w[0] = x->marked.w[0] = 0;
        for (int i = 0; i < GAME_MAX_LABELS; i++)
            x->labels[i].w[0] = 0;
    } else {
        clear_scratch_sets(x, words);
    }
    x->m = m;
    x->pos = p;
    x->g = m->g;
    x->level = level;
    x->player = player;
    x->next = player;
    x->scored = player;
    x->anchor = x->origin = x->last = x->pattern_anchor = x->last_jumped = x->anchor_level = -1;
    x->variable = -1;
    x->chain_direction = -1;
    x->moved_type = -1;
    x->turn_mark = p->log_length;
    x->bulk_known = false;  /* (not among the memset's fields: one byte more there made it dearer) */
}

void gen_of_position(gen *x, movegen *m, position *p, int player)
{
    init_gen(x, m, p, player, 0);
}

void gen_for_rays(gen *y, const gen *parent, int player)
{
    init_gen(y, parent->m, parent->pos, player, parent->level + 1);
}

/* For game.quiet_attacked E: whether the mover's pieces hold every cell of
 * E with no piece of a type with other captures than rays near them; then
 * LEGAL_ZONE is E's cells and every line through them with a piece on it
 * that takes along it.  If none of them is attacked now, a move that
 * changes no cell of the zone and gives no other player a piece leaves
 * each line as it was (no piece of its types on it, or the same cells up
 * to the first piece), so E is still not attacked (quiet_move).  If one
 * is (x->legal_check, with game.rays_cell_tests), the zone is the whole
 * board: every landing is looked at along the lines (landing_unmade.c),
 * and every other move made and tested. */
static bool quiet_turn(gen *x)
{
    const game *g = x->g;
    const position *p = x->pos;
    int words = g->words, e = g->spec.quiet_attacked;
    cellset cells, others;
    eval_set(x, e, &cells);
    cellset_copy(&others, &cells, words);
    cellset_and_not(&others, &p->owned[x->player], words);
    if (!cellset_empty(&others, words))
        return false;
    cellset_copy(&x->legal_zone, &cells, words);
    cellset_copy(&x->legal_cells, &cells, words);
    for (int cell = cellset_next(&cells, -1, words); cell >= 0; cell = cellset_next(&cells, cell, words))
        for (int a = 0; a < g->player_count; a++) {
            if (a == x->player)
                continue;
            if (attack_residual_near(g, p->typed, &p->owned[a], a, cell))
                return false;
            for (int l = g->line_first[a]; l < g->line_first[a + 1]; l++) {
                const attack_line *line = &g->ray_lines[l];
                const uint64_t *mask = g->ray_masks + ((size_t)line->at + (size_t)cell) * (size_t)words;
                if (attack_line_manned(g, p, line, a, mask))
                    for (int w = 0; w < words; w++)
                        x->legal_zone.w[w] |= mask[w];
            }
        }
    bool saved = x->in_filter;
    x->in_filter = true;
    bool attacked = gen_attacked(x, e);
    x->in_filter = saved;
    if (!attacked)
        return true;
    if (!g->spec.rays_cell_tests)
        return false;
    x->legal_check = true;
    cellset_fill(&x->legal_zone, g->board.cell_count);
    return true;
}

static void begin_turn(gen *x)
{
    const game *g = x->g;
    movegen *m = x->m;
    next_stamp(m, x->level);
    m->seen_mask[x->level] = DEDUP_SMALL - 1;
    m->seen_count[x->level] = 0;
    for (int i = 0; i < g->filter_count && (g->filter_kinds & (1u << FILTER_START_IN)); i++) {
        const filter *f = &g->filters[i];
        if (f->kind != FILTER_START_IN)
            continue;
        cellset s;
        eval_set(x, f->expr, &s);
        if (!cellset_empty(&s, g->words)) {
            x->has_start = true;
            x->start = s;
        }
    }
    /* (not for counts, which mostly stop at the first move) */
    x->legal_check = false;
    x->legal_quiet = g->spec.quiet_attacked >= 0 && !gen_counting(x) && quiet_turn(x);
}

/* Whether the position's filters allow X's mover only captures (`only
 * captures if COND`).  COND is read with the moves it counts (stuck,
 * can-move) not so filtered: a filter cannot decide whether it applies by
 * applying itself, and where each side's filter asks about the other
 * (Desdemona) that would never end. */
static bool only_captures(gen *x)
{
    const game *g = x->g;
    if (!(g->filter_kinds & (1u << FILTER_ONLY_CAPTURES_IF)))
        return false;
    bool saved = x->captures_filter_off, only = false;
    x->captures_filter_off = true;
    for (int i = 0; i < g->filter_count && !only; i++)
        only = g->filters[i].kind == FILTER_ONLY_CAPTURES_IF
               && eval_cond(x, g->filters[i].expr) != g->filters[i].negate;
    x->captures_filter_off = saved;
    return only;
}

/* The moves of PLAYER counted as the game allows them, its filters
 * included: where only captures are allowed, only those count. */
int gen_count_moves(gen *parent, int player, bool stop_at_first)
{
    movegen *m = parent->m;
    int level = parent->level + 1;
    if (level >= NESTING)
        return 1;   /* too deep to tell: assume a move exists */
    gen x;
    init_gen(&x, m, parent->pos, player, level);
    x.mode = stop_at_first ? GEN_ANY : GEN_COUNT;
    x.captures_filter_off = parent->captures_filter_off;
    begin_turn(&x);
    x.counts_captures = !x.captures_filter_off && only_captures(&x);
    gen_run(&x, x.g->turn, NULL);
    return x.counted;
}

/* The attack search for ATTACKER on CELL (holding the DEFENDER's piece):
 * X set for the attacker (init_gen), from the pieces in START (all: NULL)
 * through the whole turn. */
static bool search_attack(gen *x, int cell, int defender, const cellset *start)
{
    x->mode = GEN_ATTACK;
    x->attack_defender = defender;
    gen_single(x, &x->attack_targets, cell);
    if (start) {
        cellset_copy(&x->start, start, x->g->words);
        x->has_start = true;
    }
    gen_run(x, x->g->turn, NULL);
    return x->found;
}

/* With rays (game.rays_valid): looking back along the lines from CELL, then
 * the attack search from where the ATTACKER's moves that are not rays
 * could affect it (attack_residual). */
static bool ray_attack(gen *parent, int cell, int attacker, int defender, int level)
{
    const game *g = parent->g;
    const position *p = parent->pos;
    uint32_t near = gen_reaching(g, p, attacker, cell);
    if (!near)
        return false;
    gen x;
    init_gen(&x, parent->m, parent->pos, attacker, level);
    if (attack_rays_hit(&x, cell, near))
        return true;
    uint32_t searched = attack_residual_live(&x, near & g->ray_generic[attacker]);
    if (!searched)
        return false;
    cellset start;
    cellset_clear(&start, g->words);
    for (int t = 0; t < g->type_count; t++) {
        if (!(searched & (1u << t)))
            continue;
        cellset part;
        memcpy(part.w, attack_residual(g, attacker, t, cell), (size_t)g->words * sizeof part.w[0]);
        cellset_and(&part, &p->typed[t], g->words);
        cellset_or(&start, &part, g->words);
    }
    cellset_and(&start, &p->owned[attacker], g->words);
    if (cellset_empty(&start, g->words))
        return false;
    init_gen(&x, parent->m, parent->pos, attacker, level);
    return search_attack(&x, cell, defender, &start);
}

bool gen_attacked(gen *parent, int e)
{
    if (parent->mode == GEN_ATTACK)
        return false;   /* moves guarded by gen_attacked() never attack */
    const game *g = parent->g;
    position *p = parent->pos;
    cellset cells;
    eval_set(parent, e, &cells);
    int level = parent->level + 1;
    if (level >= NESTING)
        return false;
    for (int cell = cellset_next(&cells, -1, g->words); cell >= 0; cell = cellset_next(&cells, cell, g->words)) {
        uint16_t code = p->cells[cell];
        int defender = code ? PIECE_OWNER(code) : parent->player;
        int mark = p->log_length;
        if (!code)
            pos_set_cell(p, cell, PIECE_CODE(0, defender, 0));   /* something to take */
        bool hit = false;
        for (int attacker = 0; attacker < g->player_count && !hit; attacker++) {
            if (attacker == defender)
                continue;
            if (g->spec.rays_valid) {
                hit = ray_attack(parent, cell, attacker, defender, level);
                continue;
            }
            gen x;
            init_gen(&x, parent->m, p, attacker, level);
            if (!g->spec.reach_valid) {
                hit = search_attack(&x, cell, defender, NULL);
                continue;
            }
            /* only pieces standing where they could reach the cell */
            cellset reaching;
            cellset_clear(&reaching, g->words);
            for (int t = 0; t < g->type_count; t++) {
                cellset part;
                memcpy(part.w, attack_reach(g, attacker, t, cell), (size_t)g->words * sizeof part.w[0]);
                cellset_and(&part, &p->typed[t], g->words);
                cellset_and(&part, &p->owned[attacker], g->words);
                cellset_or(&reaching, &part, g->words);
            }
            if (!cellset_empty(&reaching, g->words))
                hit = search_attack(&x, cell, defender, &reaching);
        }
        pos_undo_to(p, mark);
        if (hit)
            return true;
    }
    return false;
}

int movegen_goal_distance(movegen *m, position *p, int player)
{
    const game *g = m->g;
    int best = -1;
    bool any = false;
    for (int i = 0; i < g->end_count; i++) {
        const end_rule *r = &g->ends[i];
        const cexpr *c = &g->exprs[r->condition];
        if (c->op != C_COND_CONNECTED || r->outcome != OUTCOME_WIN || c->player != PLAYER_FIXED + player
            || r->player != PLAYER_FIXED + player)
            continue;
        gen x;
        init_gen(&x, m, p, player, 0);
        int d = eval_connection_distance(&x, c, player);
        if (!any || (d >= 0 && (best < 0 || d < best)))
            best = d;
        any = true;
    }
    return !any ? -2 : best;
}

static void add_pass(movegen *m, move_list *list)
{
    if (list->count >= MOVELIST_MAX_MOVES || list->path_count >= MOVELIST_MAX_PATH) {
        if (m->limit == MOVEGEN_LIMIT_NONE)
            m->limit = MOVEGEN_LIMIT_MOVES;
        return;
    }
    move *mv = &list->moves[list->count++];
    mv->first = list->change_count;
    mv->count = 0;
    mv->path_first = list->path_count;
    mv->path_count = 1;
    list->path[list->path_count++] = PATH_TOKEN(PATH_PASS, 0);
    mv->flags = MOVE_PASS;
    mv->hash = 0;
}

/* LIST made the one move that puts the side to move out (game.out_var
 * from 0 to 1), for want of room nothing. */
static void add_out(movegen *m, const position *p, move_list *list)
{
    const game *g = m->g;
    if (list->count >= MOVELIST_MAX_MOVES || list->path_count >= MOVELIST_MAX_PATH
        || list->change_count >= MOVELIST_MAX_CHANGES) {
        if (m->limit == MOVEGEN_LIMIT_NONE)
            m->limit = MOVEGEN_LIMIT_MOVES;
        return;
    }
    int var = g->out_var + p->side;
    move *mv = &list->moves[list->count++];
    mv->first = list->change_count;
    mv->count = 1;
    list->changes[list->change_count++] = (change){ .kind = CHANGE_VAR, .index = (uint16_t)var,
                                                    .before = p->vars[var], .after = 1 };
    mv->path_first = list->path_count;
    mv->path_count = 1;
    list->path[list->path_count++] = PATH_TOKEN(PATH_OUT, 0);
    mv->flags = 0;
    mv->hash = p->hash ^ pos_var_key(var, p->vars[var]) ^ pos_var_key(var, 1);
}

/* Whether the rule `out if ...` puts the side to move of P out, NO_MOVES
 * telling whether it has no legal move (the condition is read as the end
 * rules are). */
static bool goes_out(movegen *m, position *p, bool no_moves)
{
    const game *g = m->g;
    gen x;
    init_gen(&x, m, p, end_mover(g, p), 0);
    x.next = p->side;
    x.no_moves = no_moves;
    return eval_cond(&x, g->out_condition);
}

/* The end of a list of P's moves (TOTAL of them: movegen_sample counts
 * more than it keeps) in a game with an `out` rule: the one move that puts
 * the side out where the rule says so.  Returns the moves' number. */
static int out_of_game(movegen *m, position *p, move_list *list, int total)
{
    if (p->vars[m->g->out_var + p->side]) {
        /* every player is out, and the turn stays with one of them (the
         * moves found are its pieces', which it no longer plays) */
        clear_list(list);
        return 0;
    }
    if (!goes_out(m, p, total == 0 || list->stuck))
        return total;
    clear_list(list);
    add_out(m, p, list);
    list->stuck = true;     /* (no move of the game's own: 'no moves' holds) */
    return 1;
}

/* Whether captures are preferred: always, or where the filters allow
 * only captures (ONLY: only_captures). */
static bool prefers_captures(const game *g, bool only)
{
    return only || (g->filter_kinds & (1u << FILTER_PREFER_CAPTURES));
}

static void report_limit(const movegen *m, move_list *list)
{
    if (m->limit != MOVEGEN_LIMIT_NONE) {
        list->overflow = true;
        list->limit = m->limit;
        list->limit_node = m->limit_node;
    }
}

/* X set up to write the moves of P's side into LIST, emptied. */
static void open_list(gen *x, movegen *m, position *p, move_list *list)
{
    clear_list(list);
    m->limit = MOVEGEN_LIMIT_NONE;
    m->limit_node = -1;
    init_gen(x, m, p, p->side, 0);
    x->out = list;
}

/* open_list, and the turn begun (begin_turn). */
static void start_list(gen *x, movegen *m, position *p, move_list *list)
{
    open_list(x, m, p, list);
    begin_turn(x);
}

void movegen_generate(movegen *m, position *p, move_list *list)
{
    const game *g = m->g;
    gen x;
    start_list(&x, m, p, list);
    if (g->spec.unique_shifts)     /* (select_list in select.c) */
        memset(x.shift_landed, 0, (size_t)g->board.direction_count * sizeof *x.shift_landed);
    bool only = only_captures(&x);
    gen_run(&x, g->turn, NULL);
    if (prefers_captures(g, only)) {
        bool any = false;
        for (int i = 0; i < list->count && !any; i++)
            any = (list->moves[i].flags & MOVE_CAPTURE) != 0;
        if (any || only) {
            int kept = 0;
            for (int i = 0; i < list->count; i++)
                if (list->moves[i].flags & MOVE_CAPTURE)
                    list->moves[kept++] = list->moves[i];
            list->count = kept;
        }
    }
    if (list->count == 0 && g->pass_when_stuck) {
        add_pass(m, list);
        list->stuck = true;
    } else if (g->pass_always) {
        add_pass(m, list);
    }
    if (g->out_condition >= 0)
        out_of_game(m, p, list, list->count);
    report_limit(m, list);
}

/* The end of movegen_sample, TOTAL moves drawn from: the pass, where the
 * game has one, and the generator's limit. */
static inline int sample_passes(movegen *m, position *p, move_list *list, uint64_t *rng, int total)
{
    const game *g = m->g;
    if (total == 0 && g->pass_when_stuck) {
        add_pass(m, list);
        list->stuck = true;
        total = 1;
    } else if (g->pass_always) {
        /* one more move, drawn like the others */
        total++;
        if (total == 1 || (rng && rng_below(rng, (uint32_t)total) == 0)) {
            clear_list(list);
            add_pass(m, list);
        }
    }
    if (g->out_condition >= 0)
        total = out_of_game(m, p, list, total);
    report_limit(m, list);
    return total;
}

/* movegen_sample where the turn is run by a generator (out of line: its
 * frame is large, and a turn of one placement needs none). */
static __attribute__((noinline)) int sample_turn(movegen *m, position *p, move_list *list, uint64_t *rng)
{
    const game *g = m->g;
    gen x;
    int total;
    bool only = false;
    if (g->spec.place_turn >= 0) {
        /* no filter and no two moves alike: nothing for begin_turn */
        open_list(&x, m, p, list);
        x.mode = GEN_SAMPLE;
        x.sample_rng = rng;
        total = place_sample(&x, g->spec.place_turn);
    } else {
        start_list(&x, m, p, list);
        x.mode = GEN_SAMPLE;
        x.sample_rng = rng;
        if (g->spec.unique_shifts)
            memset(x.shift_landed, 0, (size_t)m->g->board.direction_count * sizeof *x.shift_landed);
        else if (g->spec.unique_landings)
            memset(x.landed, 0, sizeof x.landed);
        if (g->spec.landing_quiet_cells && x.legal_quiet) {
            x.quiet_cells = true;
            x.lookalike_all = false;
            x.lookalike_count = 0;
            x.lookalike_to = 0;
            if (!g->spec.unique_landings || g->spec.unique_shifts)
                memset(x.landed, 0, sizeof x.landed);
        }
        only = only_captures(&x);
        x.sample_prefer = prefers_captures(g, only);
        gen_run(&x, g->turn, NULL);
        total = x.counted;
    }
    if (x.sample_prefer) {
        /* the one kept is a capture if there is any */
        total = x.sampled_captures || only ? x.sampled_captures : x.sampled_others;
        if (!total)
            clear_list(list);
    }
    return sample_passes(m, p, list, rng, total);
}

int movegen_sample(movegen *m, position *p, move_list *list, uint64_t *rng)
{
    if (m->g->spec.place_words) {
        clear_list(list);
        m->limit = MOVEGEN_LIMIT_NONE;
        return sample_passes(m, p, list, rng, place_sample_words(m, p, list, rng));
    }
    return sample_turn(m, p, list, rng);
}

void move_make(position *p, const move_list *list, int index, undo *u)
{
    const move *mv = &list->moves[index];
    /* (a move of no changes, a pass, keeps the hash: add_pass leaves its
     * move.hash 0) */
    pos_make(p, list->changes + mv->first, mv->count, (mv->flags & MOVE_RESETS) != 0,
             (mv->flags & MOVE_PASS) != 0, mv->count ? mv->hash : p->hash, u);
}

void move_play(position *p, const move_list *list, int index)
{
    const move *mv = &list->moves[index];
    pos_play(p, list->changes + mv->first, mv->count, (mv->flags & MOVE_RESETS) != 0, (mv->flags & MOVE_PASS) != 0,
             mv->count ? mv->hash : p->hash);
}

/* --- the end */

/* R's shares taken from the players who are out (game.out_var) and given
 * to those still in, in proportion (a draw: shared by those in); the
 * winner is the one in with all of it.  Nothing when those in have no
 * share. */
static void share_among_players_in(const game *g, const position *p, game_result *r)
{
    double in = 0;
    for (int q = 0; q < g->player_count; q++)
        if (!p->vars[g->out_var + q])
            in += r->score[q];
    if (in <= 0)
        return;
    r->winner = -1;
    for (int q = 0; q < g->player_count; q++) {
        r->score[q] = p->vars[g->out_var + q] ? 0.0 : r->score[q] / in;
        if (r->score[q] == 1.0)
            r->winner = q;
    }
}

static void set_outcome(const game *g, game_result *r, int winner, bool draw)
{
    r->over = true;
    r->winner = winner;
    for (int p = 0; p < g->player_count; p++)
        r->score[p] = draw ? 1.0 / g->player_count : (p == winner ? 1.0 : 0.0);
}

long movegen_score(movegen *m, position *p, int player)
{
    if (m->g->score < 0)
        return 0;
    gen x;
    init_gen(&x, m, p, player, 0);
    x.next = p->side;   /* (read as the end rules are) */
    x.scored = player;
    return eval_number(&x, m->g->score);
}

/* Whether condition E is made of attacked(...) tests alone, joined by
 * and, or, not: a filter on it guards a royal piece. */
static bool attack_condition(const game *g, int e)
{
    const cexpr *c = &g->exprs[e];
    if (c->op == C_COND_ATTACKED)
        return true;
    if (c->op == C_COND_NOT)
        return attack_condition(g, c->a);
    if (c->op == C_COND_AND || c->op == C_COND_OR)
        return attack_condition(g, c->a) && attack_condition(g, c->b);
    return false;
}

bool movegen_guards_royal(const game *g)
{
    for (int i = 0; i < g->filter_count; i++)
        if (g->filters[i].kind == FILTER_LEGAL_IF && attack_condition(g, g->filters[i].expr))
            return true;
    return false;
}

bool movegen_checked(movegen *m, position *p)
{
    const game *g = m->g;
    for (int i = 0; i < g->filter_count; i++) {
        const filter *f = &g->filters[i];
        if (f->kind != FILTER_LEGAL_IF || !attack_condition(g, f->expr))
            continue;
        /* read as the filter reads a move's position, the turn not passed */
        gen x;
        init_gen(&x, m, p, p->side, 0);
        x.in_filter = true;
        if (eval_cond(&x, f->expr) == f->negate)
            return true;
    }
    return false;
}

/* X set up to read the end rules for the MOVER, once (*READY). */
static inline void result_gen(gen *x, movegen *m, position *p, int mover, bool no_moves, bool *ready)
{
    init_gen(x, m, p, mover, 0);
    x->next = p->side;
    x->no_moves = no_moves;
    *ready = true;
}

/* movegen_result_of, inlined into movegen_result: it runs once a ply. */
__attribute__((always_inline)) static inline void result_by_rules(movegen *m, position *p, bool no_moves, bool none,
                                                                 game_result *result)
{
    const game *g = m->g;
    memset(result, 0, sizeof *result);
    result->winner = -1;
    result->rule = -1;
    int mover = end_mover(g, p);
    gen x;
    bool ready = false;
    for (int i = 0; i < g->end_count; i++) {
        const end_rule *rule = &g->ends[i];
        int quick = end_holds_quick(m, p, mover, no_moves, rule);
        bool holds;
        if (quick >= 0) {
            holds = quick;
        } else {
            if (!ready)
                result_gen(&x, m, p, mover, no_moves, &ready);
            holds = eval_cond(&x, rule->condition);
        }
        if (!holds)
            continue;
        result->rule = i;
        if (!ready)
            result_gen(&x, m, p, mover, no_moves, &ready);
        switch (rule->outcome) {
        case OUTCOME_DRAW:
            set_outcome(g, result, -1, true);
            return;
        case OUTCOME_WIN:
        case OUTCOME_LOSS: {
            int who = gen_player(&x, rule->player);
            if (who < 0)
                who = mover;
            if (rule->outcome == OUTCOME_WIN) {
                set_outcome(g, result, who, false);
            } else {
                set_outcome(g, result, g->player_count == 2 ? 1 - who : -1, false);
                for (int q = 0; q < g->player_count; q++)
                    result->score[q] = q == who ? 0.0 : 1.0 / (g->player_count - 1);
            }
            return;
        }
        default: {
            long best = 0;
            int best_count = 0, best_player = -1;
            long scores[GAME_MAX_PLAYERS];
            for (int q = 0; q < g->player_count; q++) {
                x.scored = q;
                scores[q] = g->score >= 0 ? eval_number(&x, g->score) : 0;
                if (rule->outcome == OUTCOME_LOWEST_SCORE)
                    scores[q] = -scores[q];
                if (best_player < 0 || scores[q] > best) {
                    best = scores[q];
                    best_player = q;
                    best_count = 1;
                } else if (scores[q] == best) {
                    best_count++;
                }
            }
            result->over = true;
            result->winner = best_count == 1 ? best_player : -1;
            for (int q = 0; q < g->player_count; q++)
                result->score[q] = scores[q] == best ? 1.0 / best_count : 0.0;
            return;
        }
        }
    }
    if (none)
        set_outcome(g, result, -1, true);   /* nobody can go on and no rule says more */
}

/* result_by_rules, the players who are out (if any) left out of the
 * shares. */
__attribute__((always_inline)) static inline void result_of(movegen *m, position *p, bool no_moves, bool none,
                                                           game_result *result)
{
    result_by_rules(m, p, no_moves, none, result);
    if (m->g->out_var >= 0 && result->over)
        share_among_players_in(m->g, p, result);
}

void movegen_result(movegen *m, position *p, const move_list *moves, game_result *result)
{
    result_of(m, p, moves->count == 0 || moves->stuck, moves->count == 0, result);
}

void movegen_result_counted(movegen *m, position *p, const move_list *list, int count, game_result *result)
{
    result_of(m, p, count == 0 || list->stuck, count == 0, result);
}

void movegen_result_of(movegen *m, position *p, bool no_moves, bool none, game_result *result)
{
    result_of(m, p, no_moves, none, result);
}
