/* hop_chain: one search of hop chains, for the generator and the word
 * playouts (hop_chain.h says how and why). */
#include "movegen/hop_chain.h"

#include "movegen/actions.h"
#include "movegen/eval.h"
#include "movegen/landing.h"
#include "movegen/movegen_internal.h"

/* The chain being searched: its nodes, what follows it, the piece and
 * where it started, and the hops so far (where each landed, for recording
 * the one kept). */
typedef struct chain {
    const mnode *repeat, *hop;
    int hop_node;
    const cexpr *over;      /* what may be jumped: NULL, any piece */
    int start;
    uint16_t code;
    bool captures;          /* K takes the jumped pieces */
    bool after;             /* K (or what follows the capture) is the after-rules */
    int direction;          /* the first hop's step identity, -1 before it (MF_STRAIGHT) */
    hop_chain_list *collect; /* NULL: each chain kept is recorded; else listed here */
    /* the hop's steps from each cell for the player, [cell * stride + i]
     * (mnode.dests; NULL: none, each step worked out) */
    const int16_t *dests;
    int stride;
    const dstep *steps;     /* the hop's steps for the player */
    int step_count;
    /* on a board of one word, the search reads words instead of cells
     * (search_word): the cells whose piece may be jumped (OVER's, but for
     * START), those it may not land on (occupied, but for START), and the
     * cells jumped and visited so far (x->jumped and x->visited are left
     * as the chain found them) */
    uint64_t jumpable, blocked, jumped, visited;
    uint64_t hash_off;      /* the position's hash with the piece off START */
    int16_t landing[BOARD_MAX_CELLS];
} chain;

/* Whether the piece CODE on CELL may be jumped: C->over, a set of one
 * part that reads only a cell's owner, or with a content table. */
static inline bool may_jump(const gen *x, const chain *c, int cell, uint16_t code)
{
    if (!c->over)
        return true;
    switch (c->over->op) {
    case C_SET_ENEMY: return PIECE_OWNER(code) != x->player;
    case C_SET_FRIEND: return PIECE_OWNER(code) == x->player;
    case C_SET_OCCUPIED: case C_SET_ALL: return true;
    default: return content_holds(x, c->over, cell, code);
    }
}

/* What stands on CELL while the piece that left C->start is on CUR. */
static inline uint16_t held(const gen *x, const chain *c, int cur, int cell)
{
    return cell == cur ? c->code : cell == c->start ? 0 : x->pos->cells[cell];
}

/* The cell jumped after AFTER (-1: the first), -1 when none is left: of
 * x->jumped, or of c->jumped on a board of one word. */
static inline int next_jumped(const gen *x, const chain *c, int after)
{
    if (x->g->words != 1)
        return cellset_next(&x->jumped, after, x->g->words);
    uint64_t rest = after < 63 ? c->jumped & (~(uint64_t)0 << (after + 1)) : 0;
    return rest ? __builtin_ctzll(rest) : -1;
}

/* The chain of HOPS hops that ends on CUR, kept: recorded (gen_store)
 * with the changes and the path gen_run records when it makes the chain
 * and runs the rest of the turn, in that order: each hop (the piece off
 * its cell, onto the next, as pos_move_piece logs it), each jumped piece
 * taken (capture_cells, by cell), the AFTERS changes of the after-rules
 * (finish worked them out; as land_direct records them). */
static void record(gen *x, const chain *c, int cur, int hops, uint64_t hash, const change *after, int afters)
{
    /* (each hop jumps another cell: fewer hops than cells, and as many
     * pieces taken at most) */
    change changes[2 * BOARD_MAX_CELLS + BOARD_MAX_CELLS + GAME_MAX_AFTER_LANDING];
    int n = 0, path = x->path_length, from = c->start;
    for (int i = 0; i < hops; i++) {
        int to = c->landing[i];
        changes[n++] = (change){ CHANGE_CELL, 0, (uint16_t)from, c->code, 0 };
        changes[n++] = (change){ CHANGE_CELL, 0, (uint16_t)to, 0, c->code };
        gen_path_push(x, PATH_TO, to);
        from = to;
    }
    if (c->captures)
        for (int cell = next_jumped(x, c, -1); cell >= 0; cell = next_jumped(x, c, cell)) {
            uint16_t victim = held(x, c, cur, cell);
            if (!victim)
                continue;
            changes[n++] = (change){ CHANGE_CELL, 0, (uint16_t)cell, victim, 0 };
            gen_path_push(x, PATH_CAPTURED, cell);
        }
    for (int i = 0; i < afters; i++) {     /* (each a change of type: its token, as after_landing_changes writes it) */
        changes[n++] = after[i];
        gen_path_push(x, PATH_CHANGE, PIECE_TYPE((uint16_t)after[i].after));
    }
    gen_store(x, changes, n, hash);
    x->path_length = path;
}

/* The chain that ends with the piece on CUR, leaving the position HASH,
 * taking the pieces on VICTIMS, listed in c->collect unless a
 * chain listed before leaves the same position (as gen_accept tells them
 * apart); the search stops when the list is full. */
__attribute__((always_inline)) static inline void collect(gen *x, const chain *c, int cur, uint64_t hash,
                                                         uint64_t victims)
{
    hop_chain_list *out = c->collect;
    for (int i = 0; i < out->count; i++)
        if (out->chains[i].hash == hash)
            return;
    if (out->count == HOP_CHAIN_LIST) {
        out->beyond = true;
        x->stop = true;
        return;
    }
    out->chains[out->count++] = (hop_chain_found){ hash, victims, c->start, cur, victims != 0 };
}

/* The chain of HOPS hops ends with the piece on CUR: its position's hash,
 * then gen_accept, and the move recorded if it is kept (or listed:
 * collect). */
__attribute__((always_inline)) static inline void finish(gen *x, const chain *c, int cur, int hops, const bool word,
                                                        const bool listing)
{
    if (x->stop)
        return;     /* (as gen_run_cont) */
    const game *g = x->g;
    uint64_t hash = c->hash_off ^ pos_piece_key(g, cur, c->code), victims = 0;
    bool took = false;
    if (c->captures && word) {
        /* (a cell jumped held a piece, and is neither START nor CUR, which
         * was empty) */
        victims = c->jumped & c->blocked;
        for (uint64_t rest = victims; rest; rest &= rest - 1) {
            int cell = __builtin_ctzll(rest);
            hash ^= pos_piece_key(g, cell, x->pos->cells[cell]);
        }
        took = victims != 0;
    } else if (c->captures) {
        for (int cell = cellset_next(&x->jumped, -1, g->words); cell >= 0;
             cell = cellset_next(&x->jumped, cell, g->words)) {
            uint16_t victim = held(x, c, cur, cell);
            if (victim) {
                hash ^= pos_piece_key(g, cell, victim);
                took = true;
            }
        }
    }
    change after[GAME_MAX_AFTER_LANDING];
    int afters = 0;
    if (listing) {
        /* (the hash only: the piece's new type is the lister's to work out) */
        if (c->after)
            after_landing_changes(x, cur, c->code, NULL, 0, &hash);
        x->work += 4;
        collect(x, c, cur, hash, victims);
        return;
    }
    if (c->after) {     /* (once: their path is written by record, in its order) */
        int path = x->path_length;
        afters = after_landing_changes(x, cur, c->code, after, 0, &hash);
        x->path_length = path;
    }
    x->work += 4;   /* (about what gen_run counts for the rest of the turn) */
    bool captured = x->captured;
    x->captured = captured || took;
    if (gen_accept(x, hash))
        record(x, c, cur, hops, hash, after, afters);
    x->captured = captured;
}

static void search_cells(gen *x, chain *c, int cur, int hops);
static void search_word(gen *x, chain *c, int cur, int hops);
static void search_list(gen *x, chain *c, int cur, int hops);

/* The chain goes on from CUR after HOPS hops: what run_repeat and
 * action_hop do at that count, without the board.  One search, written
 * once; two constants (where it is inlined: search_cells, search_word,
 * search_list) say only how it keeps its books.  WORD: the cells jumped
 * and visited, and what may be jumped and landed on, are read from words,
 * not cells.  LISTING (hop_chain_collect, on words): each chain is listed,
 * and the search is bounded by the list's HOP_CHAIN_WORK instead of the
 * generator's depth and work (which are larger: a chain is at most a hop
 * a cell). */
__attribute__((always_inline)) static inline void search_in(gen *x, chain *c, int cur, int hops, const bool word,
                                                           const bool listing)
{
    const mnode *r = c->repeat;
    bool can_stop = hops >= r->min, can_go = r->max < 0 || hops < r->max;
    if (!(r->flags & MF_MAXIMAL) && can_stop)
        finish(x, c, cur, hops, word, listing);
    long before = x->applied;
    if (can_go && !x->stop) {
        if (listing && ++c->collect->work > HOP_CHAIN_WORK) {
            c->collect->beyond = true;
            x->stop = true;
            return;
        }
        if (!listing && !gen_enter(x, c->hop_node))
            return;     /* (as gen_run would for the hop) */
        for (int i = 0; i < c->step_count && !x->stop; i++) {
            const dstep *s = &c->steps[i];
            int identity = (r->flags & MF_STRAIGHT) ? step_identity(s) : 0;
            if ((r->flags & MF_STRAIGHT) && c->direction >= 0 && c->direction != identity)
                continue;
            int jumped = c->dests ? c->dests[cur * c->stride + i] : gen_step(x, cur, s);
            if (jumped < 0)
                continue;
            if (word) {
                if (!((c->jumpable & ~c->jumped) >> jumped & 1))
                    continue;
            } else {
                uint16_t there = held(x, c, cur, jumped);
                if (!there || !may_jump(x, c, jumped, there) || cellset_has(&x->jumped, jumped))
                    continue;
            }
            int to = c->dests ? c->dests[jumped * c->stride + i] : gen_step(x, jumped, s);
            if (to < 0)
                continue;
            bool visited = word ? (c->visited >> to) & 1 : cellset_has(&x->visited, to);
            if ((word ? (c->blocked >> to) & 1 : held(x, c, cur, to) != 0) || (!(r->flags & MF_REVISIT) && visited))
                continue;
            int direction = c->direction;
            if (word) {
                c->jumped |= (uint64_t)1 << jumped;
                c->visited |= (uint64_t)1 << to;
            } else {
                cellset_add(&x->jumped, jumped);
                cellset_add(&x->visited, to);
            }
            if (c->direction < 0)
                c->direction = identity;
            if (!listing)
                c->landing[hops] = (int16_t)to;
            x->applied++;
            if (listing)
                search_list(x, c, to, hops + 1);
            else if (word)
                search_word(x, c, to, hops + 1);
            else
                search_cells(x, c, to, hops + 1);
            c->direction = direction;
            if (word) {
                c->jumped &= ~((uint64_t)1 << jumped);
                if (!visited)
                    c->visited &= ~((uint64_t)1 << to);
            } else {
                cellset_remove(&x->jumped, jumped);
                if (!visited)
                    cellset_remove(&x->visited, to);
            }
        }
        if (!listing)
            x->recursion--;
    }
    if ((r->flags & MF_MAXIMAL) && can_stop && x->applied == before)
        finish(x, c, cur, hops, word, listing);
}

static void search_cells(gen *x, chain *c, int cur, int hops)
{
    search_in(x, c, cur, hops, false, false);
}

static void search_word(gen *x, chain *c, int cur, int hops)
{
    search_in(x, c, cur, hops, true, false);
}

static void search_list(gen *x, chain *c, int cur, int hops)
{
    search_in(x, c, cur, hops, true, true);
}

/* The search of C from its start, on words where the board is one. */
static void search(gen *x, chain *c)
{
    c->hash_off = x->pos->hash ^ pos_piece_key(x->g, c->start, c->code);
    if (x->g->words != 1) {
        search_cells(x, c, c->start, 0);
        return;
    }
    const game *g = x->g;
    uint64_t occupied = x->pos->occupied.w[0], start = (uint64_t)1 << c->start;
    c->jumpable = (c->over ? eval_set_word(x, c->hop->over) : g->board_word) & occupied & ~start;
    c->blocked = occupied & ~start;
    c->jumped = x->jumped.w[0];
    c->visited = x->visited.w[0];
    if (c->collect)
        search_list(x, c, c->start, 0);
    else
        search_word(x, c, c->start, 0);
}

/* C's table of the hop's steps for X's player (c->dests), if it has one. */
static inline void hop_steps(const gen *x, chain *c)
{
    const game *g = x->g;
    const dlist *d = &g->dlists[c->hop->directions];
    c->steps = d->steps[x->player];
    c->step_count = d->count[x->player];
    c->dests = NULL;
    c->stride = c->hop->spec.dest_stride;
    if (c->hop->spec.dests >= 0)
        c->dests = g->step_dests + c->hop->spec.dests + (size_t)x->player * (size_t)g->board.cell_count * (size_t)c->stride;
}

/* Whether K is the after-rules, to be worked out at the landing. */
static bool after_rules(const game *g, const cont *k)
{
    return g->spec.after_at_landing && k->node == g->after && k->count == 0 && !k->next;
}

bool hop_chain_run(gen *x, int node, const cont *k)
{
    const game *g = x->g;
    if (!gen_records_unmade(x) || x->anchor < 0 || (x->chain_flags & MF_IN_CHAIN))
        return false;
    chain c;
    c.captures = c.after = false;
    if (k && g->nodes[k->node].op == M_CAPTURE && k->count == 0) {
        /* `capture jumped`, into nothing (a capture into the reserve
         * changes a count too) */
        const mnode *capture = &g->nodes[k->node];
        if (capture->type >= 0 || capture->at < 0 || g->exprs[capture->at].op != C_SET_JUMPED
            || g->capture == CAPTURE_RESERVE || g->capture == CAPTURE_CONVERT)
            return false;
        c.captures = true;
        if (k->next && !after_rules(g, k->next))
            return false;
        c.after = k->next != NULL;
    } else if (k) {
        if (!after_rules(g, k))
            return false;
        c.after = true;
    }
    c.code = x->pos->cells[x->anchor];
    if (!c.code)
        return false;
    const mnode *r = &g->nodes[node];
    c.repeat = r;
    c.hop_node = r->a;
    c.hop = &g->nodes[r->a];
    c.over = c.hop->over >= 0 ? &g->exprs[c.hop->over] : NULL;
    hop_steps(x, &c);
    c.start = x->anchor;
    c.direction = -1;
    c.collect = NULL;
    search(x, &c);
    return true;
}

bool hop_chain_collect(gen *x, int leaf, int cell, hop_chain_list *out)
{
    const game *g = x->g;
    if (g->words != 1) {
        out->beyond = true;     /* (listed on words only) */
        return false;
    }
    chain c;
    /* (spec_chain_leaf has checked the shape at load: a repetition, or one
     * then `capture jumped` into nothing; the after-rules follow the turn's
     * selects, and are read by cells) */
    c.captures = g->nodes[leaf].op == M_SEQ;
    c.after = g->after >= 0;
    c.code = x->pos->cells[cell];
    const mnode *r = &g->nodes[c.captures ? g->nodes[leaf].a : leaf];
    c.repeat = r;
    c.hop_node = r->a;
    c.hop = &g->nodes[r->a];
    c.over = c.hop->over >= 0 ? &g->exprs[c.hop->over] : NULL;
    hop_steps(x, &c);
    c.start = cell;
    c.direction = -1;
    c.collect = out;
    int anchor = x->anchor;
    x->anchor = x->origin = x->last = cell;
    cellset_add(&x->visited, cell);
    search(x, &c);
    cellset_remove(&x->visited, cell);
    x->anchor = x->origin = x->last = anchor;
    bool done = !out->beyond && !x->stop;
    x->stop = false;
    return done;
}
