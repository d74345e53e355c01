/* set_words_build: cell-set expressions compiled into short programs on
 * one machine word, on boards of at most 64 cells (most boards);
 * movegen/set_words.c runs them.
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
#include "spec/set_words_build.h"

#include <stdlib.h>

#include "spec/specialise.h"

#define MAX_OPS 48

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
    return b->depth <= WORD_MAX_STACK;
}

/* E's leaf, -1 if E is not one. */
static int leaf_of(const game *g, int e)
{
    switch (g->exprs[e].op) {
    case C_SET_CONST: return WORD_LEAF_CONST;
    case C_SET_REGION: return WORD_LEAF_REGION;
    case C_SET_EMPTY: return WORD_LEAF_EMPTY;
    case C_SET_OCCUPIED: return WORD_LEAF_OCCUPIED;
    case C_SET_FRIEND: return WORD_LEAF_FRIEND;
    case C_SET_ENEMY: return WORD_LEAF_ENEMY;
    case C_SET_ALL: return WORD_LEAF_ALL;
    case C_SET_TYPE: return WORD_LEAF_TYPE;
    case C_SET_OWNER: return WORD_LEAF_OWNER;
    case C_SET_PIECES: return WORD_LEAF_PIECES;
    case C_SET_HERE: return WORD_LEAF_HERE;
    case C_SET_ORIGIN: return WORD_LEAF_ORIGIN;
    case C_SET_LAST: return WORD_LEAF_LAST;
    case C_SET_ANCHOR: return WORD_LEAF_ANCHOR;
    case C_SET_JUMPED: return WORD_LEAF_JUMPED;
    case C_SET_PUSHED: return WORD_LEAF_PUSHED;
    case C_SET_MARKED: return WORD_LEAF_MARKED;
    case C_SET_LINE: return WORD_LEAF_LINE;
    case C_SET_LABEL: return WORD_LEAF_LABEL;
    case C_SET_VAR: return g->var_each[g->exprs[e].value] ? -1 : WORD_LEAF_VAR;   /* (each player's: by eval) */
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
    if (leaf < 0)
        return false;   /* (no program for it) */
    if (leaf == WORD_LEAF_REGION && region_alike(b->g, arg)) {
        leaf = WORD_LEAF_CONST;
        arg = b->g->region_sets[arg * GAME_MAX_PLAYERS];
    }
    return push_op(b, (uint8_t)(leaf * 4 + join), c->player, arg, join == WORD_JOIN_LOAD);
}

/* Whether adjacent(_, D) is a shift in every direction of D for every
 * player (what adjacent_by_shifts in eval.c needs). */
static bool shifts_only(const game *g, int list)
{
    const board *bd = &g->board;
    if (list < 0) {
        for (int d = 0; d < bd->direction_count; d++)
            if (!g->spec.shift_valid[d])
                return false;
        return true;
    }
    const dlist *d = &g->dlists[list];
    for (int p = 0; p < g->player_count; p++)
        for (int i = 0; i < d->count[p]; i++)
            if (d->steps[p][i].kind != STEP_DIRECTION || !g->spec.shift_valid[d->steps[p][i].direction])
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
            a->rotate[p][i] = (uint8_t)(g->spec.shift_offset[dir] & 63);
            a->from[p][i] = g->spec.shift_from[dir].w[0];
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
        return push_leaf(b, e, WORD_JOIN_LOAD);
    case C_SET_INTERSECT: case C_SET_MINUS: case C_SET_UNION: {
        int first = c->a, second = c->b;
        int join = c->op == C_SET_UNION ? WORD_JOIN_OR : c->op == C_SET_INTERSECT ? WORD_JOIN_AND : WORD_JOIN_AND_NOT;
        int pop = c->op == C_SET_UNION ? WORD_OP_POP_UNION : c->op == C_SET_INTERSECT ? WORD_OP_POP_INTERSECT : WORD_OP_POP_MINUS;
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
        return table >= 0 && push_op(b, one_shift(g, table) ? WORD_OP_SHIFT : WORD_OP_ADJACENT, 0, table, 0);
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
        g->exprs[e].spec.word_program = -1;
        g->exprs[e].spec.count_words = false;
    }
    if (g->words != 1)
        return true;
    for (int e = 0; e < g->expr_count; e++) {
        builder b = { g, { { 0 } }, 0, 0, 0 };
        /* (a set of at most one cell is followed from it instead) */
        if (g->exprs[e].op > C_SET_CELL_AT || g->exprs[e].spec.cell_program >= 0 || !build(&b, e))
            continue;
        /* a program of one part is what eval_set does already */
        if (b.count < 2)
            continue;
        word_op *grown = realloc(g->word_ops, (size_t)(g->word_op_count + b.count + 1) * sizeof *grown);
        if (!grown)
            return false;
        g->word_ops = grown;
        g->exprs[e].spec.word_program = g->word_op_count;
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
        c->spec.count_words = set >= 0 && g->exprs[set].spec.word_program >= 0 && spec_position_only(g, set);
    }
    return true;
}

bool set_words_of_position(const game *g, int first)
{
    for (const word_op *o = &g->word_ops[first]; o->op != WORD_END; o++) {
        if (o->op >= WORD_LEAF_COUNT * 4)
            continue;
        switch (o->op / 4) {
        case WORD_LEAF_HERE: case WORD_LEAF_ORIGIN: case WORD_LEAF_LAST: case WORD_LEAF_ANCHOR: case WORD_LEAF_JUMPED: case WORD_LEAF_PUSHED:
        case WORD_LEAF_MARKED: case WORD_LEAF_LINE: case WORD_LEAF_LABEL:
            return false;
        default:
            break;
        }
    }
    return true;
}
