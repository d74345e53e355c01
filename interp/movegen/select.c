/* select: choosing a piece (`moves TYPE`, a select node) and running its
 * moves for each piece in turn; while movegen_sample draws, the landings of
 * all the pieces are counted and drawn from as one batch, and only the one
 * drawn is built. */
#include "movegen/select.h"

#include "game/shifts.h"
#include "movegen/actions.h"
#include "movegen/eval.h"
#include "movegen/landing.h"
#include "movegen/landing_unmade.h"
#include "movegen/movegen_internal.h"

/* The new landings found so far, as (from, to), and whether each takes a
 * piece (for `prefer captures`). */
typedef struct batch {
    bool after;             /* LANDING_AFTER */
    /* a game with a legality filter, the turn quiet (landing_unmade.c):
     * the landings that cannot break the filter are batched, with the
     * after-rules (game.after_actions) when AFTER_ACTIONS; the others run
     * as they would, followed by K */
    bool filtered, after_actions;
    bool by_cells;          /* and x->quiet_cells: told apart by their cells */
    const cont *k;
    bool unique;            /* NF_UNIQUE: told apart by their cells, not hashed */
    bool grouped;           /* game.unique_shifts: kept as groups (select_shift_groups) */
    int count, captures;    /* of all the landings, one by one and in groups */
    int singles;            /* those one by one, in FROM, TO and CAPTURED */
    int16_t from[MOVELIST_MAX_MOVES], to[MOVELIST_MAX_MOVES];
    bool captured[MOVELIST_MAX_MOVES];
    /* the landings of each step for all pieces at once (a board of one
     * word) */
    shift_groups groups;
} batch;

/* For the alternatives of a select that start with a hop (mnode.first_hop):
 * the cells from which each of these hops can start, while the select runs
 * (the position is the same for each piece). */
typedef struct hop_cache {
    int count;
    int16_t hop[4];
    cellset starts[4];
} hop_cache;

/* The same on a larger board (kept out of line: its sets are large). */
static __attribute__((noinline)) void hop_starts_cells(gen *x, const mnode *n, cellset *starts)
{
    const game *g = x->g;
    int words = g->words;
    cellset over, target;
    const dlist *d = gen_directions(x, n->directions);
    if (n->over >= 0)
        eval_set(x, n->over, &over);
    else
        cellset_fill(&over, g->board.cell_count);
    cellset_and(&over, &x->pos->occupied, words);
    if (n->target >= 0) {
        eval_set(x, n->target, &target);
    } else {
        cellset_fill(&target, g->board.cell_count);
        cellset_and_not(&target, &x->pos->occupied, words);
    }
    cellset_clear(starts, words);
    for (int i = 0; i < d->count[x->player]; i++) {
        int dir = d->steps[x->player][i].direction;
        cellset jumped, from;
        cellset_clear(&jumped, words);  /* (the shift writes every word; the compiler cannot tell) */
        shift_back(g, dir, &target, &jumped);
        cellset_and(&jumped, &over, words);
        shift_back(g, dir, &jumped, &from);
        cellset_or(starts, &from, words);
    }
}

/* The cells from which the hop H (first_hop) can start now, kept in C for
 * the other pieces of the select. */
static const cellset *hop_starts(gen *x, hop_cache *c, int h)
{
    for (int i = 0; i < c->count; i++)
        if (c->hop[i] == h)
            return &c->starts[i];
    const mnode *n = &x->g->nodes[h];
    cellset *starts = &c->starts[c->count < 4 ? c->count : 3];
    if (c->count < 4)
        c->hop[c->count++] = (int16_t)h;
    if (x->g->words == 1)
        starts->w[0] = hop_starts_word(x, n);
    else
        hop_starts_cells(x, n, starts);
    return starts;
}

/* Whether the alternative N can make a move from where the piece stands:
 * false only when its first hop cannot start there. */
static inline bool may_start(gen *x, const mnode *n, hop_cache *c)
{
    return n->spec.first_hop < 0 || cellset_has(hop_starts(x, c, n->spec.first_hop), x->anchor);
}

static bool is_movement(const mnode *n)
{
    return n->op == M_STEP || n->op == M_SLIDE || n->op == M_LEAP;
}

/* The movement NODE from the piece chosen, then K: what gen_run would
 * call, without its bookkeeping (the movement nests nothing itself). */
static void run_movement(gen *x, int node, const cont *k)
{
    if (x->stop)
        return;
    if (++x->work > MOVEGEN_MAX_WORK) {
        gen_limit(x, MOVEGEN_LIMIT_WORK, node);
        return;
    }
    /* looking for a capture: a movement that takes nothing, with nothing
     * after it that could, need not run (a cannon's plain slide; a
     * movement that may take gives up at its landings, land in actions.c) */
    if (x->mode == GEN_ATTACK && (x->g->nodes[node].spec.flags & NF_HARMLESS) && gen_attack_futile(x, k))
        return;
    x->node = node;
    action_step(x, &x->g->nodes[node], k);  /* (a slide's and a leap's too) */
}

/* The alternatives under NODE for the piece chosen, each run unless it
 * cannot start (NF_MIXED selects); a movement, perhaps guarded or
 * followed by more, is run without gen_run. */
static void run_leaves(gen *x, int node, const cont *k, hop_cache *c)
{
    const game *g = x->g;
    const mnode *n = &g->nodes[node];
    if (n->op == M_ALT) {
        bool opened = gen_alternative_open(x, n->a);
        run_leaves(x, n->a, k, c);
        gen_alternative_close(x, opened);
        opened = gen_alternative_open(x, n->b);
        run_leaves(x, n->b, k, c);
        gen_alternative_close(x, opened);
    } else if (is_movement(n)) {
        run_movement(x, node, k);
    } else if (n->op == M_SEQ && is_movement(&g->nodes[n->a])) {
        cont next = { n->b, 0, 0, 0, k };
        run_movement(x, n->a, &next);
    } else if (n->op == M_GUARD && !(n->flags & MF_AFTER) && is_movement(&g->nodes[n->a])) {
        if (eval_cond_quick(x, n->cond) != ((n->flags & MF_NEGATE) != 0))
            run_movement(x, n->a, k);
    } else if (may_start(x, n, c)) {
        gen_run(x, node, k);
    }
}

/* Whether the turn's moves not batched include one that changed the cells
 * FROM and TO as a landing (apart_from_landings in movegen.c). */
static bool lookalike_listed(const gen *x, int from, int to)
{
    if (x->lookalike_all)
        return true;
    for (int i = 0; i < x->lookalike_count; i++)
        if (x->lookalike[i][0] == from && x->lookalike[i][1] == to)
            return true;
    return false;
}

/* Adds the landing of the anchor piece on TO to B; TOOK: it takes a piece. */
static inline void batch_add(gen *x, batch *b, int to, bool took)
{
    if (b->count == MOVELIST_MAX_MOVES) {
        gen_limit(x, MOVEGEN_LIMIT_MOVES, x->node);
        return;
    }
    b->from[b->singles] = (int16_t)x->anchor;
    b->captured[b->singles] = took;
    b->to[b->singles++] = (int16_t)to;
    b->captures += took;
    b->count++;
}

/* One landing of a game with a legality filter (B filtered): batched (by
 * its cells, or hashed) if landing_verdict finds it legal, dropped if it
 * finds it not, else run as it would be. */
static void quiet_landing(gen *x, int to, const void *data)
{
    batch *b = (batch *)data;
    uint64_t hash;
    int verdict = landing_verdict(x, to, b->after_actions, b->by_cells ? NULL : &hash);
    if (verdict == FILTER_FAILS)
        return;
    if (verdict == FILTER_UNKNOWN) {
        gen_land(x, to, b->k);
        return;
    }
    if (b->by_cells) {
        uint64_t bit = (uint64_t)1 << to;
        if (x->landed[x->anchor] & bit)
            return;
        x->landed[x->anchor] |= bit;
        /* a move not batched that changed these two cells as this landing
         * does may have been this landing */
        if ((x->lookalike_to & bit) && lookalike_listed(x, x->anchor, to)
            && !gen_fresh(x, landing_unmade_hash(x, x->anchor, to, b->after_actions)))
            return;
    } else if (!gen_fresh(x, hash)) {
        return;
    }
    batch_add(x, b, to, x->captured || x->pos->cells[to]);
}

/* One landing: hashed (not built, not made), and kept when its position
 * is new; or, told apart by its cells, kept when they are new. */
static void batch_landing(gen *x, int to, const void *data)
{
    batch *b = (batch *)data;
    bool took;
    if (b->unique) {
        uint64_t bit = (uint64_t)1 << to;
        if (x->landed[x->anchor] & bit)
            return;
        x->landed[x->anchor] |= bit;
        took = x->captured || x->pos->cells[to];
    } else {
        bool captured = x->captured;
        uint64_t hash;
        landing_changes(x, to, b->after, NULL, &hash);
        took = x->captured;
        x->captured = captured;
        if (!gen_fresh(x, hash))
            return;
    }
    batch_add(x, b, to, took);
}

/* The alternatives LEAVES (mnode.leaves) for the piece chosen: the
 * landings into B (unless ALL_AT_ONCE: shift_leaves finds them), the others
 * run as they are (their moves drawn from one by one, followed by K). */
static void batch_leaves(gen *x, const int16_t *leaves, batch *b, bool all_at_once, const cont *k, hop_cache *c)
{
    for (; *leaves >= 0; leaves++) {
        const mnode *n = &x->g->nodes[*leaves];
        if (!(n->spec.flags & NF_LANDING)) {
            if (may_start(x, n, c))
                gen_run(x, *leaves, k);
        } else if (b->filtered) {     /* (never all at once) */
            each_landing(x, n, quiet_landing, b);
        } else if (!all_at_once) {
            each_landing(x, n, batch_landing, b);
        }
    }
}

/* Adds to OUT the cells from which the alternatives LEAVES that are not
 * landings may start: where their first hop can start, or anywhere. */
static void leaf_starts(gen *x, const int16_t *leaves, hop_cache *c, cellset *out)
{
    const game *g = x->g;
    for (; *leaves >= 0; leaves++) {
        const mnode *n = &g->nodes[*leaves];
        if (n->spec.flags & NF_LANDING)
            continue;
        if (n->spec.first_hop < 0) {
            cellset_fill(out, g->board.cell_count);
            return;
        }
        cellset_or(out, hop_starts(x, c, n->spec.first_hop), g->words);
    }
}

/* The landings of the step N (NF_SHIFTS) for all the pieces on CELLS at
 * once: each direction's landings are the pieces' cells moved along it,
 * within the target; the landings are found by direction, not by piece. */
static void shift_landings(gen *x, const mnode *n, const cellset *cells, batch *b)
{
    const game *g = x->g;
    int words = g->words;
    cellset target;
    if (words == 1) {
        target.w[0] = n->target >= 0 ? eval_set_word(x, n->target) : g->board_word & ~x->pos->occupied.w[0];
    } else if (n->target >= 0) {
        eval_set(x, n->target, &target);
    } else {
        cellset_fill(&target, g->board.cell_count);
        cellset_and_not(&target, &x->pos->occupied, words);
    }
    const dlist *d = gen_directions(x, n->directions);
    for (int i = 0; i < d->count[x->player] && !x->stop; i++) {
        int dir = d->steps[x->player][i].direction;
        cellset to;
        if (words == 1) {
            to.w[0] = shift_word_forward(g, dir, cells->w[0]) & target.w[0];
        } else {
            shift_forward(g, dir, cells, &to);
            cellset_and(&to, &target, words);
        }
        for (int cell = cellset_next(&to, -1, words); cell >= 0 && !x->stop; cell = cellset_next(&to, cell, words)) {
            x->anchor = x->origin = x->last = cell - g->spec.shift_offset[dir];
            batch_landing(x, cell, b);
        }
    }
}

/* shift_landings for each of the alternatives LEAVES that is a landing. */
static void shift_leaves(gen *x, const int16_t *leaves, const cellset *cells, batch *b)
{
    for (; *leaves >= 0 && !x->stop; leaves++) {
        const mnode *n = &x->g->nodes[*leaves];
        if (n->spec.flags & NF_LANDING)
            shift_landings(x, n, cells, b);
    }
}

/* What choosing the piece on FROM for its landings alone changes (the
 * anchor, the type moved and the path; not the cells visited and jumped,
 * which landing_changes does not read), to be put back; choose_piece
 * changes these and more. */
typedef struct chosen_for_landing {
    int anchor, origin, last, path_length, moved_type;
} chosen_for_landing;

static inline void choose_for_landing(gen *x, int from, chosen_for_landing *saved)
{
    *saved = (chosen_for_landing){ x->anchor, x->origin, x->last, x->path_length, x->moved_type };
    x->anchor = x->origin = x->last = from;
    x->moved_type = PIECE_TYPE(x->pos->cells[from]);
    gen_path_push(x, PATH_FROM, from);
}

static inline void unchoose_for_landing(gen *x, const chosen_for_landing *saved)
{
    x->anchor = saved->anchor;
    x->origin = saved->origin;
    x->last = saved->last;
    x->path_length = saved->path_length;
    x->moved_type = saved->moved_type;
}

/* What choosing the piece on a cell changes in the generator, to be put
 * back when the moves of that piece are done (choose_piece). */
typedef struct chosen {
    chosen_for_landing landing;
    int anchor_level;
    cellset visited, jumped;
} chosen;

/* In a game of stacks, the place in CELL's stack of the piece a select of
 * TYPE chooses: the top, or (game.stack_any) the highest of the mover's
 * pieces of that type. */
static int chosen_level(const gen *x, int cell, int type)
{
    int top = pos_height(x->pos, cell) - 1;
    if (x->g->stack_any && type >= 0)
        for (int i = top; i >= 0; i--) {
            uint16_t code = pos_piece_at(x->pos, cell, i);
            if (PIECE_TYPE(code) == type && PIECE_OWNER(code) == x->player)
                return i;
        }
    return top;
}

static inline void choose_piece(gen *x, int cell, int type, chosen *saved)
{
    int words = x->g->words;
    choose_for_landing(x, cell, &saved->landing);
    saved->anchor_level = x->anchor_level;
    cellset_copy(&saved->visited, &x->visited, words);   /* only the board's words: the sets are large */
    cellset_copy(&saved->jumped, &x->jumped, words);
    cellset_clear(&x->visited, words);
    cellset_add(&x->visited, cell);
    cellset_clear(&x->jumped, words);
    if (x->pos->under) {
        x->anchor_level = chosen_level(x, cell, type);
        x->moved_type = PIECE_TYPE(pos_piece_at(x->pos, cell, x->anchor_level));
    }
}

static inline void unchoose_piece(gen *x, const chosen *saved)
{
    int words = x->g->words;
    unchoose_for_landing(x, &saved->landing);
    x->anchor_level = saved->anchor_level;
    cellset_copy(&x->visited, &saved->visited, words);
    cellset_copy(&x->jumped, &saved->jumped, words);
}

/* With x->quiet_cells, whether a select's quiet landings of KIND may be
 * told by their cells: they are hashed, when another move may be one of
 * them, with the after-rules the turn has, in the position it began from
 * (apart_from_landings in movegen.c), so nothing may have been made. */
static bool by_cells_here(const gen *x, int kind)
{
    return (kind == LANDING_QUIET_AFTER) == (x->g->after >= 0) && x->pos->log_length == x->turn_mark;
}

/* Writes out the landing on TO of the piece chosen (x->anchor, its
 * PATH_FROM pushed), a turn that ends there: its changes worked out
 * without being made (FILTERED: landing_unmade_changes, else
 * landing_changes; AFTER: with the after-rules) and stored, without the
 * test of gen_emit (the caller knows the landing is new and legal).  The
 * changes are written where gen_store would copy them to, when nothing
 * was logged before them and the list has room (store_landing);
 * store_landing_kept keeps them here first (out of line: its room is
 * large, and the list's limit is then near). */
static __attribute__((noinline)) void store_landing_kept(gen *x, bool filtered, bool after, int to)
{
    change kept[LANDING_UNMADE_CHANGES];
    uint64_t hash;
    int count = filtered ? landing_unmade_changes(x, to, after, kept, &hash) : landing_changes(x, to, after, kept, &hash);
    gen_store(x, kept, count, hash);
}

__attribute__((always_inline)) static inline void store_landing(gen *x, bool filtered, bool after, int to)
{
    bool captured = x->captured;
    int path = x->path_length;
    move_list *out = x->out;
    if (x->pos->log_length == x->turn_mark && out->change_count + LANDING_UNMADE_CHANGES <= MOVELIST_MAX_CHANGES) {
        change *c = out->changes + out->change_count;
        uint64_t hash;
        int count = filtered ? landing_unmade_changes(x, to, after, c, &hash) : landing_changes(x, to, after, c, &hash);
        if (gen_list_room(out, count, x->path_length))  /* (as gen_store) */
            gen_append_move(x, out, count, gen_move_flags(x), hash);
        else
            gen_limit(x, MOVEGEN_LIMIT_MOVES, x->node);
    } else {
        store_landing_kept(x, filtered, after, to);
    }
    x->path_length = path;
    x->captured = captured;
}

/* Builds the landing of the piece on FROM on TO, one of B's. */
static void build_landing(gen *x, const batch *b, int from, int to)
{
    chosen_for_landing saved;
    choose_for_landing(x, from, &saved);
    store_landing(x, b->filtered, b->filtered ? b->after_actions : b->after, to);
    unchoose_for_landing(x, &saved);
}

/* Draws from the landings of B of one KIND (DRAW_*, select.h): all of
 * them, those that take a piece, or those that do not (for `prefer
 * captures`, which draws each kind among itself); builds the one drawn if
 * any, the groups' landings before the others. */
static void draw_landing(gen *x, const batch *b, int kind)
{
    bool captured = x->captured;
    if (kind != DRAW_ALL)
        x->captured = kind == DRAW_CAPTURES;    /* the kind gen_sample_batch counts */
    int drawn = gen_sample_batch(x, kind == DRAW_ALL ? b->count
                                    : kind == DRAW_CAPTURES ? b->captures : b->count - b->captures);
    x->captured = captured;
    if (drawn < 0)
        return;
    int from, to;
    if (shift_groups_at(&b->groups, kind, x->pos->occupied.w[0], drawn, &from, &to)) {
        build_landing(x, b, from, to);
        return;
    }
    drawn -= shift_groups_of_kind(&b->groups, kind);
    for (int i = 0; i < b->singles && drawn >= 0; i++) {
        if ((kind != DRAW_ALL && b->captured[i] != (kind == DRAW_CAPTURES)) || drawn-- > 0)
            continue;
        build_landing(x, b, b->from[i], b->to[i]);
    }
}

/* A select N (NF_LANDINGS) over CELLS, followed by K, while movegen_sample
 * draws: every landing of every piece is hashed as action_select would
 * find it, without being built, and gen_sample_batch picks the one to
 * build, so that a position with thirty moves builds one instead of
 * thirty.  The other alternatives (NF_MIXED) run as they are.  What the
 * moves are, and which positions count as one, is what action_select
 * finds; the order they are found in may differ. */
static void select_batch(gen *x, const mnode *n, const cellset *cells, const cont *k, int kind)
{
    const game *g = x->g;
    batch b;
    b.after = kind == LANDING_AFTER;
    b.filtered = kind == LANDING_QUIET || kind == LANDING_QUIET_AFTER;
    b.after_actions = kind == LANDING_QUIET_AFTER;
    b.by_cells = b.filtered && x->quiet_cells;   /* (by_cells_here) */
    b.k = k;
    b.unique = (n->spec.flags & NF_UNIQUE) && g->spec.unique_landings;
    b.grouped = b.unique && g->spec.unique_shifts;
    b.count = b.captures = b.singles = 0;
    shift_groups_clear(&b.groups);
    hop_cache hops;
    hops.count = 0;
    /* (filtered: each landing is tested from the piece chosen) */
    bool all_at_once = (n->spec.flags & NF_SHIFTS) && !b.filtered;
    if (!all_at_once || (n->spec.flags & NF_MIXED)) {
        /* with the landings found all at once, only the pieces from which
         * another alternative can start need choosing one by one */
        cellset some;
        const cellset *chosen_one_by_one = cells;
        if (all_at_once) {
            cellset_clear(&some, g->words);
            leaf_starts(x, g->select_leaves + n->spec.leaves, &hops, &some);
            cellset_and(&some, cells, g->words);
            chosen_one_by_one = &some;
        }
        for (int cell = cellset_next(chosen_one_by_one, -1, g->words); cell >= 0 && !x->stop;
             cell = cellset_next(chosen_one_by_one, cell, g->words)) {
            chosen saved;
            choose_piece(x, cell, n->type, &saved);
            batch_leaves(x, g->select_leaves + n->spec.leaves, &b, all_at_once, k, &hops);
            unchoose_piece(x, &saved);
        }
    }
    if (all_at_once && !x->stop
        && !(x->sample_prefer && x->sampled_captures && !x->captured && !(n->spec.flags & NF_LANDINGS_TAKE))) {
        /* (unless captures are preferred, one has been found, and these
         * landings take nothing, nor has the turn before them: none of
         * them could be drawn)
         * the targets read no more of the piece than where it is, and what
         * it jumped: nothing yet */
        int anchor = x->anchor, origin = x->origin, last = x->last;
        cellset jumped;
        cellset_copy(&jumped, &x->jumped, g->words);
        cellset_clear(&x->jumped, g->words);
        if (b.grouped) {    /* (game.unique_shifts: a board of one word) */
            select_shift_groups(x, n, cells->w[0], &b.groups, x->shift_landed);
            b.count += b.groups.landings;
            b.captures += b.groups.captures;
        } else {
            shift_leaves(x, g->select_leaves + n->spec.leaves, cells, &b);
        }
        x->anchor = anchor;
        x->origin = origin;
        x->last = last;
        cellset_copy(&x->jumped, &jumped, g->words);
    }
    if (x->stop)
        return;
    /* (a kind with no landings draws nothing: gen_sample_batch of none) */
    if (x->sample_prefer) {
        if (b.count > b.captures)
            draw_landing(x, &b, DRAW_OTHERS);
        if (b.captures)
            draw_landing(x, &b, DRAW_CAPTURES);
    } else if (b.count) {
        draw_landing(x, &b, DRAW_ALL);
    }
}

/* select_list's moves of the piece chosen (choose_piece: x->anchor) that
 * can start another alternative than its landings, leaf by leaf of
 * LEAVES: its landings, read from FROM and OFFSET (select_list), and the
 * other alternatives that can start from it, run followed by K. */
static void list_piece(gen *x, const int16_t *leaves, const uint64_t *from, const int *offset, bool after,
                       const cont *k, hop_cache *hops)
{
    const game *g = x->g;
    int cell = x->anchor, group = 0;
    for (; *leaves >= 0 && !x->stop; leaves++) {
        const mnode *l = &g->nodes[*leaves];
        if (!(l->spec.flags & NF_LANDING)) {
            if (may_start(x, l, hops))
                gen_run(x, *leaves, k);
            continue;
        }
        for (int i = g->dlists[l->directions].count[x->player]; i > 0 && !x->stop; i--, group++)
            if ((from[group] >> cell) & 1)
                store_landing(x, false, after, cell + offset[group]);
    }
}

/* A select N of steps told apart by their cells (NF_UNIQUE, NF_SHIFTS:
 * game.unique_shifts) over CELLS, followed by K, while movegen_generate
 * lists every move, the landings recorded as KIND (LANDING_DIRECT or
 * LANDING_AFTER) says.  The steps' landings of all the pieces are found at
 * once, direction by direction, as select_batch finds them for
 * movegen_sample (shift_fresh_landings: a landing found before this turn
 * is one move), and written out piece by piece in the order the run of
 * each piece finds them (action_select below): leaf by leaf, direction by
 * direction.  No node runs for them, no position is hashed to tell them
 * apart.  The other alternatives (NF_MIXED: hops) run for each piece that
 * can start them, in their place among its leaves.  The list is the one
 * the run of each piece makes, move for move. */
static void select_list(gen *x, const mnode *n, const cellset *cells, const cont *k, int kind)
{
    const game *g = x->g;
    const int16_t *leaves = g->select_leaves + n->spec.leaves;
    bool after = kind == LANDING_AFTER;
    uint64_t pieces = cells->w[0], empty = g->board_word & ~x->pos->occupied.w[0];
    /* each landing leaf's directions in turn: the pieces that land by it,
     * and how far (every direction kept, none found or not, so that a
     * piece's landings are read in order) */
    uint64_t from[GAME_MAX_SHIFT_GROUPS];
    int offset[GAME_MAX_SHIFT_GROUPS], groups = 0;
    for (const int16_t *leaf = leaves; *leaf >= 0; leaf++) {
        const mnode *l = &g->nodes[*leaf];
        if (!(l->spec.flags & NF_LANDING))
            continue;
        uint64_t target = l->target < 0 ? empty : eval_set_word(x, l->target);
        const dlist *d = &g->dlists[l->directions];
        for (int i = 0; i < d->count[x->player]; i++) {
            int dir = d->steps[x->player][i].direction;
            offset[groups] = g->spec.shift_offset[dir];
            from[groups++] = shift_word_back(g, dir, shift_fresh_landings(g, dir, pieces, target, x->shift_landed));
        }
    }
    /* the pieces another alternative can start from are chosen as the run
     * of each piece chooses them */
    hop_cache hops;
    hops.count = 0;
    cellset starts;
    starts.w[0] = 0;
    if (n->spec.flags & NF_MIXED)
        leaf_starts(x, leaves, &hops, &starts);
    uint64_t landing = 0;
    for (int i = 0; i < groups; i++)
        landing |= from[i];
    for (uint64_t rest = pieces & (landing | starts.w[0]); rest && !x->stop; rest &= rest - 1) {
        int cell = __builtin_ctzll(rest);
        if ((starts.w[0] >> cell) & 1) {
            chosen saved;
            choose_piece(x, cell, n->type, &saved);
            list_piece(x, leaves, from, offset, after, k, &hops);
            unchoose_piece(x, &saved);
            continue;
        }
        /* (only landings: the groups in order are its leaves' directions) */
        chosen_for_landing saved;
        choose_for_landing(x, cell, &saved);
        for (int i = 0; i < groups && !x->stop; i++)
            if ((from[i] >> cell) & 1)
                store_landing(x, false, after, cell + offset[i]);
        unchoose_for_landing(x, &saved);
    }
}

void action_select(gen *x, const mnode *n, const cont *k)
{
    const game *g = x->g;
    cellset cells;
    if (n->spec.selected_type >= 0 && g->words == 1)     /* (as eval_set would, in two loads) */
        cells.w[0] = x->pos->owned[x->player].w[0] & x->pos->typed[n->spec.selected_type].w[0];
    else
        eval_set(x, n->at, &cells);
    if (x->has_start)
        cellset_and(&cells, &x->start, g->words);
    if (cellset_empty(&cells, g->words))
        return;     /* no piece to choose (a type the mover has none of) */
    if ((n->spec.flags & NF_LANDINGS) && x->mode == GEN_SAMPLE && !x->chance && !(x->chain_flags & MF_IN_CHAIN)) {
        int kind = landing_kind(x, k);
        if (kind == LANDING_MADE) {
            kind = landing_quiet_kind(x, k);
            /* (a landing hashed here could be one told by its cells) */
            if (kind != LANDING_MADE && x->quiet_cells && !by_cells_here(x, kind))
                kind = LANDING_MADE;
        }
        if (kind != LANDING_MADE) {
            select_batch(x, n, &cells, k, kind);
            return;
        }
    }
    if (x->mode == GEN_LIST && (n->spec.flags & NF_UNIQUE) && (n->spec.flags & NF_SHIFTS) && g->spec.unique_shifts
        && !x->pos->under && !(x->chain_flags & MF_IN_CHAIN)) {
        int kind = landing_kind(x, k);
        if (kind != LANDING_MADE) {
            select_list(x, n, &cells, k, kind);
            return;
        }
    }
    hop_cache hops;
    hops.count = 0;
    for (int cell = cellset_next(&cells, -1, g->words); cell >= 0 && !x->stop; cell = cellset_next(&cells, cell, g->words)) {
        chosen saved;
        choose_piece(x, cell, n->type, &saved);
        run_leaves(x, n->a, k, &hops);
        unchoose_piece(x, &saved);
    }
}
