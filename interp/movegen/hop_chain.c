/* hop_chain: a repetition of one hop (draughts' `(jump diagonal over
 * enemy)+ maximal then capture jumped`) searched on its own, without making
 * the hops.
 *
 * gen_run runs a chain a hop at a time: each hop moves the piece on the
 * board and logs it, runs the rest of the turn through run_repeat and
 * gen_run_cont, and takes it all back; the jumped pieces are taken, the
 * after-rules applied and the position hashed once per finished chain.
 * But where a chain may go on depends only on where the piece is, the cells
 * it has jumped and visited, and what stands on the cells around it, which
 * no hop changes but for the piece itself (what it jumps stays until the
 * chain is over).  So the search here follows the piece without moving it
 * (the cell it left reads empty, the one it is on holds it), and works out
 * each finished chain's hash from the keys of what the rest of the turn
 * would change: the piece moved, the jumped pieces taken, the after-rules
 * at its last cell.  gen_accept then says whether the move is new and kept
 * (drawn, or listed); only then are its changes and path written out, as
 * gen_run would log them (record), so that its move is the one gen_run
 * records.  Nothing is made: the board is only read.
 *
 * specialise marks the repetitions that may run here (NF_HOP_CHAIN: one
 * hop, onto empty cells, over cells tested by content alone, no piece
 * jumped twice); hop_chain_run checks that the rest of the turn is one it
 * can work out (nothing, the after-rules, `capture jumped`) and that the
 * generator is in a mode that records what it emits (not an attack search,
 * no dice, no legality filter). */
#include "movegen/landing.h"

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
    const game *g = x->g;
    int n = 0, path = x->path_length, from = c->start;
    for (int i = 0; i < hops; i++) {
        int to = c->landing[i];
        changes[n++] = (change){ CHANGE_CELL, 0, (uint16_t)from, c->code, 0 };
        changes[n++] = (change){ CHANGE_CELL, 0, (uint16_t)to, 0, c->code };
        gen_path_push(x, PATH_TO, to);
        from = to;
    }
    if (c->captures)
        for (int cell = cellset_next(&x->jumped, -1, g->words); cell >= 0;
             cell = cellset_next(&x->jumped, cell, g->words)) {
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

/* The chain of HOPS hops ends with the piece on CUR: its position's hash,
 * then gen_accept, and the move recorded if it is kept. */
static void finish(gen *x, const chain *c, int cur, int hops)
{
    if (x->stop)
        return;     /* (as gen_run_cont) */
    const game *g = x->g;
    uint64_t hash = x->pos->hash ^ pos_piece_key(g, c->start, c->code) ^ pos_piece_key(g, cur, c->code);
    bool took = false;
    if (c->captures)
        for (int cell = cellset_next(&x->jumped, -1, g->words); cell >= 0; cell = cellset_next(&x->jumped, cell, g->words)) {
            uint16_t victim = held(x, c, cur, cell);
            if (victim) {
                hash ^= pos_piece_key(g, cell, victim);
                took = true;
            }
        }
    change after[GAME_MAX_AFTER_LANDING];
    int afters = 0;
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

/* The chain goes on from CUR after HOPS hops: what run_repeat and
 * action_hop do at that count, without the board. */
static void search(gen *x, chain *c, int cur, int hops)
{
    const mnode *r = c->repeat;
    bool can_stop = hops >= r->min, can_go = r->max < 0 || hops < r->max;
    if (!(r->flags & MF_MAXIMAL) && can_stop)
        finish(x, c, cur, hops);
    long before = x->applied;
    if (can_go && !x->stop) {
        if (!gen_enter(x, c->hop_node))
            return;     /* (as gen_run would for the hop) */
        const dlist *d = gen_directions(x, c->hop->directions);
        for (int i = 0; i < d->count[x->player] && !x->stop; i++) {
            const dstep *s = &d->steps[x->player][i];
            int identity = step_identity(s);
            if ((r->flags & MF_STRAIGHT) && c->direction >= 0 && c->direction != identity)
                continue;
            int jumped = gen_step(x, cur, s);
            if (jumped < 0)
                continue;
            uint16_t there = held(x, c, cur, jumped);
            if (!there || !may_jump(x, c, jumped, there) || cellset_has(&x->jumped, jumped))
                continue;
            int to = gen_step(x, jumped, s);
            if (to < 0 || held(x, c, cur, to) || (!(r->flags & MF_REVISIT) && cellset_has(&x->visited, to)))
                continue;
            bool visited = cellset_has(&x->visited, to);
            int direction = c->direction;
            cellset_add(&x->jumped, jumped);
            cellset_add(&x->visited, to);
            if (c->direction < 0)
                c->direction = identity;
            c->landing[hops] = (int16_t)to;
            x->applied++;
            search(x, c, to, hops + 1);
            c->direction = direction;
            cellset_remove(&x->jumped, jumped);
            if (!visited)
                cellset_remove(&x->visited, to);
        }
        x->recursion--;
    }
    if ((r->flags & MF_MAXIMAL) && can_stop && x->applied == before)
        finish(x, c, cur, hops);
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
    c.start = x->anchor;
    c.direction = -1;
    search(x, &c, c.start, 0);
    return true;
}
