/* set_words: cell-set expressions run as short programs on one machine
 * word, on boards of at most 64 cells (most boards).
 *
 * eval_set walks an expression's tree a node at a time, each node a call
 * with a cell set on its stack; on a one-word board the whole expression is
 * a few loads, ands and shifts.  specialise_game compiles every set
 * expression whose parts are all of the kinds below into a program
 * (game.word_ops, from cexpr.word_program); eval_set runs it instead.  Parts that
 * search (sight, patterns, conditions per cell) are left to eval_set, and
 * so is every expression above them; their own operands still get
 * programs.
 *
 * The program works on one word held in a register, the accumulator.  A
 * leaf (a word read from the position or the turn) either loads it,
 * pushing the one before, or joins it at once (or, and, and not): so
 * `empty & (rank 1 | adjacent(occupied, n))` is four steps, read occupied,
 * shift it north, or rank 1, and empty.  Only an operation whose both
 * operands are built of several parts uses the stack. */
#include <stdlib.h>

#include "movegen/movegen_internal.h"
#include "game/shifts.h"
#include "spec/specialise.h"

#define MAX_OPS 48
#define MAX_STACK 16

/* The leaves, each read four ways (op = leaf * 4 + join), then the
 * operations on the accumulator. */
enum { JOIN_LOAD, JOIN_OR, JOIN_AND, JOIN_AND_NOT };
enum {
    LEAF_CONST, LEAF_REGION, LEAF_EMPTY, LEAF_OCCUPIED, LEAF_FRIEND, LEAF_ENEMY, LEAF_ALL, LEAF_TYPE,
    LEAF_OWNER, LEAF_PIECES, LEAF_HERE, LEAF_ORIGIN, LEAF_LAST, LEAF_ANCHOR, LEAF_JUMPED, LEAF_PUSHED,
    LEAF_MARKED, LEAF_LINE, LEAF_LABEL, LEAF_VAR, LEAF_COUNT
};
enum {
    OP_POP_UNION = LEAF_COUNT * 4,  /* the word = the one pushed | the word */
    OP_POP_INTERSECT,               /* the one pushed & the word */
    OP_POP_MINUS,                   /* the one pushed & ~the word */
    OP_ADJACENT,                    /* the cells next to the word's (word_adjacency ARG) */
    OP_SHIFT                        /* the same, of one direction alike for every player */
};

typedef struct builder {
    game *g;
    word_op ops[MAX_OPS];
    int count, depth, deepest;
} builder;

static bool push_op(builder *b, uint8_t op, uint8_t player, int32_t arg, int stack_change)
{
    if (b->count >= MAX_OPS)
        return false;
    b->ops[b->count++] = (word_op){ op, player, arg };
    b->depth += stack_change;
    if (b->depth > b->deepest)
        b->deepest = b->depth;
    return b->depth <= MAX_STACK;
}

/* E's leaf, -1 if E is not one. */
static int leaf_of(const game *g, int e)
{
    switch (g->exprs[e].op) {
    case C_SET_CONST: return LEAF_CONST;
    case C_SET_REGION: return LEAF_REGION;
    case C_SET_EMPTY: return LEAF_EMPTY;
    case C_SET_OCCUPIED: return LEAF_OCCUPIED;
    case C_SET_FRIEND: return LEAF_FRIEND;
    case C_SET_ENEMY: return LEAF_ENEMY;
    case C_SET_ALL: return LEAF_ALL;
    case C_SET_TYPE: return LEAF_TYPE;
    case C_SET_OWNER: return LEAF_OWNER;
    case C_SET_PIECES: return LEAF_PIECES;
    case C_SET_HERE: return LEAF_HERE;
    case C_SET_ORIGIN: return LEAF_ORIGIN;
    case C_SET_LAST: return LEAF_LAST;
    case C_SET_ANCHOR: return LEAF_ANCHOR;
    case C_SET_JUMPED: return LEAF_JUMPED;
    case C_SET_PUSHED: return LEAF_PUSHED;
    case C_SET_MARKED: return LEAF_MARKED;
    case C_SET_LINE: return LEAF_LINE;
    case C_SET_LABEL: return LEAF_LABEL;
    case C_SET_VAR: return LEAF_VAR;
    default: return -1;
    }
}

/* Whether region R is the same cells for every player (then read as a
 * constant: no player to find at each run). */
static bool region_alike(const game *g, int r)
{
    uint64_t first = g->sets[g->region_sets[r * GAME_MAX_PLAYERS]].w[0];
    for (int p = 1; p < g->player_count; p++)
        if (g->sets[g->region_sets[r * GAME_MAX_PLAYERS + p]].w[0] != first)
            return false;
    return true;
}

/* Appends the leaf E, joined by JOIN. */
static bool push_leaf(builder *b, int e, int join)
{
    const cexpr *c = &b->g->exprs[e];
    int leaf = leaf_of(b->g, e), arg = c->value;
    if (leaf == LEAF_REGION && region_alike(b->g, arg)) {
        leaf = LEAF_CONST;
        arg = b->g->region_sets[arg * GAME_MAX_PLAYERS];
    }
    return push_op(b, (uint8_t)(leaf * 4 + join), c->player, arg, join == JOIN_LOAD);
}

/* Whether adjacent(_, D) is a shift in every direction of D for every
 * player (what adjacent_by_shifts in eval.c needs). */
static bool shifts_only(const game *g, int list)
{
    const board *bd = &g->board;
    if (list < 0) {
        for (int d = 0; d < bd->direction_count; d++)
            if (!g->shift_valid[d])
                return false;
        return true;
    }
    const dlist *d = &g->dlists[list];
    for (int p = 0; p < g->player_count; p++)
        for (int i = 0; i < d->count[p]; i++)
            if (d->steps[p][i].kind != STEP_DIRECTION || !g->shift_valid[d->steps[p][i].direction])
                return false;
    return true;
}

/* A rough size of the set E, to run first the operand of an intersection
 * that is most often empty and skip the other then: 0 or 1 for sets of a
 * cell or fewer (where the piece stands, and a type there). */
static int estimate(const game *g, int e)
{
    const cexpr *c = &g->exprs[e];
    switch (c->op) {
    case C_SET_HERE: case C_SET_ORIGIN: case C_SET_LAST: case C_SET_ANCHOR: case C_SET_VAR:
        return 1;
    case C_SET_TYPE: case C_SET_JUMPED: case C_SET_PUSHED: case C_SET_MARKED: case C_SET_LINE: case C_SET_LABEL:
        return 4;
    case C_SET_CONST:
        return cellset_count(&g->sets[c->value], g->words);
    case C_SET_UNION:
        return estimate(g, c->a) + estimate(g, c->b);
    case C_SET_INTERSECT: {
        int a = estimate(g, c->a), b = estimate(g, c->b);
        return (a < b ? a : b) > 0 ? (a < b ? a : b) - 1 : 0;
    }
    case C_SET_MINUS:
        return estimate(g, c->a);
    case C_SET_ADJACENT: {
        int most = 0;
        for (int p = 0; p < g->player_count && c->value >= 0; p++)
            most = g->dlists[c->value].count[p] > most ? g->dlists[c->value].count[p] : most;
        return estimate(g, c->a) * (c->value >= 0 ? most : g->board.direction_count);
    }
    default:
        return g->board.cell_count / 2;
    }
}

/* Appends the table of adjacent(_, LIST) (-1: every direction); its
 * index, -1 when memory runs out. */
static int add_adjacency(game *g, int list)
{
    word_adjacency *grown = realloc(g->word_adjacencies, (size_t)(g->word_adjacency_count + 1) * sizeof *grown);
    if (!grown)
        return -1;
    g->word_adjacencies = grown;
    word_adjacency *a = &grown[g->word_adjacency_count];
    for (int p = 0; p < GAME_MAX_PLAYERS; p++) {
        const dlist *d = list >= 0 ? &g->dlists[list] : NULL;
        int count = d ? (p < g->player_count ? d->count[p] : 0) : g->board.direction_count;
        a->count[p] = (uint8_t)count;
        for (int i = 0; i < count; i++) {
            int dir = d ? d->steps[p][i].direction : i;
            a->rotate[p][i] = (uint8_t)(g->shift_offset[dir] & 63);
            a->from[p][i] = g->shift_from[dir].w[0];
        }
    }
    return g->word_adjacency_count++;
}

/* Whether adjacency TABLE is one direction, the same for every player
 * (`adjacent(occupied, n)` where n is no player's forward). */
static bool one_shift(const game *g, int table)
{
    const word_adjacency *a = &g->word_adjacencies[table];
    for (int p = 0; p < g->player_count; p++)
        if (a->count[p] != 1 || a->rotate[p][0] != a->rotate[0][0] || a->from[p][0] != a->from[0][0])
            return false;
    return true;
}

/* Appends E's program (it leaves E's word in the accumulator); false if
 * some part of E cannot be run this way. */
static bool build(builder *b, int e)
{
    game *g = b->g;
    if (e < 0)
        return false;
    const cexpr *c = &g->exprs[e];
    switch (c->op) {
    case C_SET_CONST: case C_SET_REGION: case C_SET_EMPTY: case C_SET_OCCUPIED: case C_SET_FRIEND:
    case C_SET_ENEMY: case C_SET_ALL: case C_SET_TYPE: case C_SET_OWNER: case C_SET_PIECES:
    case C_SET_HERE: case C_SET_ORIGIN: case C_SET_LAST: case C_SET_ANCHOR: case C_SET_JUMPED:
    case C_SET_PUSHED: case C_SET_MARKED: case C_SET_LINE: case C_SET_LABEL: case C_SET_VAR:
        return push_leaf(b, e, JOIN_LOAD);
    case C_SET_INTERSECT: case C_SET_MINUS: case C_SET_UNION: {
        int first = c->a, second = c->b;
        int join = c->op == C_SET_UNION ? JOIN_OR : c->op == C_SET_INTERSECT ? JOIN_AND : JOIN_AND_NOT;
        int pop = c->op == C_SET_UNION ? OP_POP_UNION : c->op == C_SET_INTERSECT ? OP_POP_INTERSECT : OP_POP_MINUS;
        /* an intersection's operand most often empty first: when it is, the
         * other is not run (either order) */
        if (c->op == C_SET_INTERSECT && estimate(g, second) < estimate(g, first)) {
            first = c->b;
            second = c->a;
        }
        bool skipping = c->op != C_SET_UNION && estimate(g, first) <= 1;
        if (!skipping && c->op != C_SET_MINUS && leaf_of(g, first) >= 0 && leaf_of(g, second) < 0) {
            /* (the leaf joins the other side, either order) */
            int t = first;
            first = second;
            second = t;
        }
        if (!build(b, first))
            return false;
        if (leaf_of(g, second) >= 0 && !skipping)
            return push_leaf(b, second, join);
        int skip = b->count;
        if (skipping && !push_op(b, WORD_SKIP_EMPTY, 0, 0, 0))
            return false;
        if (leaf_of(g, second) >= 0) {
            if (!push_leaf(b, second, join))
                return false;
        } else if (!build(b, second) || !push_op(b, (uint8_t)pop, 0, 0, -1)) {
            return false;
        }
        if (skipping)
            b->ops[skip].arg = b->count - skip - 1;
        return true;
    }
    case C_SET_ADJACENT: {
        if (!shifts_only(g, c->value) || !build(b, c->a))
            return false;
        int table = add_adjacency(g, c->value);
        return table >= 0 && push_op(b, one_shift(g, table) ? OP_SHIFT : OP_ADJACENT, 0, table, 0);
    }
    default:
        return false;
    }
}

bool set_words_build(game *g)
{
    free(g->word_ops);
    g->word_ops = NULL;
    g->word_op_count = 0;
    free(g->word_adjacencies);
    g->word_adjacencies = NULL;
    g->word_adjacency_count = 0;
    g->board_word = g->board.cell_count >= 64 ? ~(uint64_t)0 : ((uint64_t)1 << g->board.cell_count) - 1;
    for (int e = 0; e < g->expr_count; e++) {
        g->exprs[e].word_program = -1;
        g->exprs[e].count_words = false;
    }
    if (g->words != 1)
        return true;
    for (int e = 0; e < g->expr_count; e++) {
        builder b = { g, { { 0 } }, 0, 0, 0 };
        /* (a set of at most one cell is followed from it instead) */
        if (g->exprs[e].op > C_SET_CELL_AT || g->exprs[e].cell_program >= 0 || !build(&b, e))
            continue;
        /* a program of one part is what eval_set does already */
        if (b.count < 2)
            continue;
        word_op *grown = realloc(g->word_ops, (size_t)(g->word_op_count + b.count + 1) * sizeof *grown);
        if (!grown)
            return false;
        g->word_ops = grown;
        g->exprs[e].word_program = g->word_op_count;
        for (int i = 0; i < b.count; i++)
            g->word_ops[g->word_op_count++] = b.ops[i];
        g->word_ops[g->word_op_count++] = (word_op){ WORD_END, 0, 0 };
    }
    for (int e = 0; e < g->expr_count; e++) {
        cexpr *c = &g->exprs[e];
        int set = -1;
        if (c->op == C_COND_NONEMPTY)
            set = c->a;
        else if (c->op == C_COND_CMP && c->a >= 0 && c->b >= 0 && g->exprs[c->a].op == C_NUM_COUNT
                 && g->exprs[c->b].op == C_NUM_CONST)
            set = g->exprs[c->a].a;
        c->count_words = set >= 0 && g->exprs[set].word_program >= 0 && spec_position_only(g, set);
    }
    return true;
}

bool set_words_of_position(const game *g, int first)
{
    for (const word_op *o = &g->word_ops[first]; o->op != WORD_END; o++) {
        if (o->op >= LEAF_COUNT * 4)
            continue;
        switch (o->op / 4) {
        case LEAF_HERE: case LEAF_ORIGIN: case LEAF_LAST: case LEAF_ANCHOR: case LEAF_JUMPED: case LEAF_PUSHED:
        case LEAF_MARKED: case LEAF_LINE: case LEAF_LABEL:
            return false;
        default:
            break;
        }
    }
    return true;
}

void set_words_none(game *g)
{
    for (int e = 0; e < g->expr_count; e++) {
        g->exprs[e].word_program = -1;
        g->exprs[e].count_words = false;
    }
}

static inline uint64_t single(int cell)
{
    return cell >= 0 && cell < 64 ? (uint64_t)1 << cell : 0;
}

static inline int region_player(const gen *x, int ref)
{
    int q = gen_player(x, ref);
    return q < 0 ? x->player : q;
}

static inline uint64_t owned_by(const gen *x, int ref)
{
    int q = gen_player(x, ref);
    return q < 0 ? x->pos->occupied.w[0] : x->pos->owned[q].w[0];
}

/* The leaves and how each is read (LEAF_CONST: g->sets[o->arg]). */
#define LEAVES(X)                                                                                   \
    X(LEAF_CONST, g->sets[o->arg].w[0])                                                             \
    X(LEAF_REGION, g->sets[g->region_sets[o->arg * GAME_MAX_PLAYERS + region_player(x, o->player)]].w[0]) \
    X(LEAF_EMPTY, g->board_word & ~p->occupied.w[0])                                                \
    X(LEAF_OCCUPIED, p->occupied.w[0])                                                              \
    X(LEAF_FRIEND, p->owned[x->player].w[0])                                                        \
    X(LEAF_ENEMY, p->occupied.w[0] & ~p->owned[x->player].w[0])                                     \
    X(LEAF_ALL, g->board_word)                                                                      \
    X(LEAF_TYPE, p->typed[o->arg].w[0])                                                             \
    X(LEAF_OWNER, owned_by(x, o->player))                                                           \
    X(LEAF_PIECES, owned_by(x, o->player) & (o->arg >= 0 ? p->typed[o->arg].w[0] : ~(uint64_t)0))  \
    X(LEAF_HERE, single(x->anchor))                                                                 \
    X(LEAF_ORIGIN, single(x->origin))                                                               \
    X(LEAF_LAST, single(x->last))                                                                   \
    X(LEAF_ANCHOR, single(x->pattern_anchor >= 0 ? x->pattern_anchor : x->anchor))                  \
    X(LEAF_JUMPED, x->jumped.w[0])                                                                  \
    X(LEAF_PUSHED, x->pushed.w[0])                                                                  \
    X(LEAF_MARKED, x->marked.w[0])                                                                  \
    X(LEAF_LINE, x->line.w[0])                                                                      \
    X(LEAF_LABEL, x->labels[o->arg].w[0])                                                           \
    X(LEAF_VAR, single(p->vars[o->arg]))

/* The program is run by threaded dispatch where the compiler has labels
 * as values (GCC, Clang): each op ends in its own jump to the next, which
 * the processor predicts from that op rather than from one shared switch,
 * and no jump back to a loop's head.  Elsewhere, a switch in a loop (as
 * Lua's ljumptab.h does; -DSET_WORDS_SWITCH builds that anywhere). */
#if defined(__GNUC__) && !defined(SET_WORDS_SWITCH)
#define SET_WORDS_THREADED
#endif
#ifdef SET_WORDS_THREADED
#define DISPATCH() goto *dispatch[o->op];
#define OP(label, code) label: { code; } o++; DISPATCH();
#define TABLE_LEAF(leaf, value) [(leaf) * 4 + JOIN_LOAD] = &&leaf##_load, [(leaf) * 4 + JOIN_OR] = &&leaf##_or, \
                                [(leaf) * 4 + JOIN_AND] = &&leaf##_and, [(leaf) * 4 + JOIN_AND_NOT] = &&leaf##_and_not,
#else
#define DISPATCH() switch (o->op)
#define OP(label, code) case label: { code; } o++; break;
#endif
/* A leaf's four ways (see the enums): VALUE is read once. */
#define RUN_LEAF(leaf, value)                                     \
    OP(leaf##_load, stack[top++] = acc; acc = (value))            \
    OP(leaf##_or, acc |= (value))                                 \
    OP(leaf##_and, acc &= (value))                                \
    OP(leaf##_and_not, acc &= ~(value))
enum {
#define LABEL_LEAF(leaf, value) leaf##_load = (leaf) * 4, leaf##_or, leaf##_and, leaf##_and_not,
    LEAVES(LABEL_LEAF)
#undef LABEL_LEAF
    do_pop_union = OP_POP_UNION, do_pop_intersect = OP_POP_INTERSECT, do_pop_minus = OP_POP_MINUS,
    do_adjacent = OP_ADJACENT, do_shift = OP_SHIFT, do_skip_empty = WORD_SKIP_EMPTY
};

uint64_t set_words_run(const gen *x, int first)
{
#ifdef SET_WORDS_THREADED
    /* (every op the builder writes has its label) */
    static const void *const dispatch[256] = {
        LEAVES(TABLE_LEAF)
        [OP_POP_UNION] = &&do_pop_union, [OP_POP_INTERSECT] = &&do_pop_intersect, [OP_POP_MINUS] = &&do_pop_minus,
        [OP_ADJACENT] = &&do_adjacent, [OP_SHIFT] = &&do_shift, [WORD_SKIP_EMPTY] = &&do_skip_empty, [WORD_END] = &&do_end,
    };
#endif
    const game *g = x->g;
    const position *p = x->pos;
    uint64_t stack[MAX_STACK + 1], acc = 0;
    int top = 0;
    const word_op *o = &g->word_ops[first];
    for (;;) {
        DISPATCH() {
        LEAVES(RUN_LEAF)
        OP(do_pop_union, acc |= stack[--top])
        OP(do_pop_intersect, acc &= stack[--top])
        OP(do_pop_minus, acc = stack[--top] & ~acc)
        OP(do_adjacent, {
            /* each direction a shift of the cells that have a neighbour there */
            const word_adjacency *a = &g->word_adjacencies[o->arg];
            uint64_t to = 0;
            for (int i = 0; i < a->count[x->player]; i++)
                to |= word_rotate_left(acc & a->from[x->player][i], a->rotate[x->player][i]);
            acc = to;
        })
        OP(do_shift, {
            const word_adjacency *a = &g->word_adjacencies[o->arg];
            acc = word_rotate_left(acc & a->from[0][0], a->rotate[0][0]);
        })
        OP(do_skip_empty, if (!acc) o += o->arg)
#ifdef SET_WORDS_THREADED
        do_end:
            return acc;
#else
        case WORD_END:
            return acc;
        default:
            return 0;   /* (not an op the builder writes) */
#endif
        }
    }
}
