/* set_words: cell-set expressions run as short programs on one machine
 * word, on boards of at most 64 cells (most boards).
 *
 * eval_set walks an expression's tree a node at a time, each node a call
 * with a cell set on its stack; on a one-word board the whole expression is
 * a few loads, ands and shifts.  specialise_game compiles every set
 * expression whose parts are all of the kinds below into a postfix program
 * (game.word_ops, from cexpr.word_program); eval_set runs it instead.  Parts that
 * search (sight, patterns, conditions per cell) are left to eval_set, and
 * so is every expression above them; their own operands still get
 * programs. */
#include <stdlib.h>

#include "movegen_internal.h"
#include "specialise.h"

#define MAX_OPS 48
#define MAX_STACK 16

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

/* Appends E's program (it leaves E's word on the stack); false if some
 * part of E cannot be run this way. */
static bool build(builder *b, int e)
{
    const game *g = b->g;
    if (e < 0)
        return false;
    const cexpr *c = &g->exprs[e];
    switch (c->op) {
    case C_SET_CONST: case C_SET_REGION: case C_SET_EMPTY: case C_SET_OCCUPIED: case C_SET_FRIEND:
    case C_SET_ENEMY: case C_SET_ALL: case C_SET_TYPE: case C_SET_OWNER: case C_SET_PIECES:
    case C_SET_HERE: case C_SET_ORIGIN: case C_SET_LAST: case C_SET_ANCHOR: case C_SET_JUMPED:
    case C_SET_PUSHED: case C_SET_MARKED: case C_SET_LINE: case C_SET_LABEL: case C_SET_VAR:
        return push_op(b, c->op, c->player, c->value, 1);
    case C_SET_INTERSECT: case C_SET_MINUS: {
        /* the operand most often empty first, and when it is, the other
         * is not run (an intersection's operands in either order) */
        int first = c->a, second = c->b;
        if (c->op == C_SET_INTERSECT && estimate(g, second) < estimate(g, first)) {
            first = c->b;
            second = c->a;
        }
        if (!build(b, first))
            return false;
        int skip = b->count;
        bool skipping = estimate(g, first) <= 1;
        if (skipping && !push_op(b, WORD_SKIP_EMPTY, 0, 0, 0))
            return false;
        if (!build(b, second) || !push_op(b, c->op, 0, 0, -1))
            return false;
        if (skipping)
            b->ops[skip].arg = b->count - skip - 1;
        return true;
    }
    case C_SET_UNION:
        return build(b, c->a) && build(b, c->b) && push_op(b, c->op, 0, 0, -1);
    case C_SET_ADJACENT:
        return shifts_only(g, c->value) && build(b, c->a) && push_op(b, c->op, 0, c->value, 0);
    default:
        return false;
    }
}

bool set_words_build(game *g)
{
    free(g->word_ops);
    g->word_ops = NULL;
    g->word_op_count = 0;
    for (int e = 0; e < g->expr_count; e++)
        g->exprs[e].word_program = -1;
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
    return true;
}

void set_words_none(game *g)
{
    for (int e = 0; e < g->expr_count; e++)
        g->exprs[e].word_program = -1;
}

static inline uint64_t single(int cell)
{
    return cell >= 0 && cell < 64 ? (uint64_t)1 << cell : 0;
}

uint64_t set_words_run(const gen *x, int first)
{
    const game *g = x->g;
    const position *p = x->pos;
    uint64_t all = g->board.cell_count >= 64 ? ~(uint64_t)0 : ((uint64_t)1 << g->board.cell_count) - 1;
    uint64_t stack[MAX_STACK];
    int top = 0;
    for (const word_op *o = &g->word_ops[first];; o++) {
        switch (o->op) {
        case WORD_END:
            return stack[top - 1];
        case WORD_SKIP_EMPTY:
            if (!stack[top - 1])
                o += o->arg;
            break;
        case C_SET_CONST: stack[top++] = g->sets[o->arg].w[0]; break;
        case C_SET_REGION: {
            int q = gen_player(x, o->player);
            if (q < 0)
                q = x->player;
            stack[top++] = g->sets[g->region_sets[o->arg * GAME_MAX_PLAYERS + q]].w[0];
            break;
        }
        case C_SET_EMPTY: stack[top++] = all & ~p->occupied.w[0]; break;
        case C_SET_OCCUPIED: stack[top++] = p->occupied.w[0]; break;
        case C_SET_FRIEND: stack[top++] = p->owned[x->player].w[0]; break;
        case C_SET_ENEMY: stack[top++] = p->occupied.w[0] & ~p->owned[x->player].w[0]; break;
        case C_SET_ALL: stack[top++] = all; break;
        case C_SET_TYPE: stack[top++] = p->typed[o->arg].w[0]; break;
        case C_SET_OWNER:
        case C_SET_PIECES: {
            int q = gen_player(x, o->player);
            uint64_t w = q < 0 ? p->occupied.w[0] : p->owned[q].w[0];
            if (o->op == C_SET_PIECES && o->arg >= 0)
                w &= p->typed[o->arg].w[0];
            stack[top++] = w;
            break;
        }
        case C_SET_HERE: stack[top++] = single(x->anchor); break;
        case C_SET_ORIGIN: stack[top++] = single(x->origin); break;
        case C_SET_LAST: stack[top++] = single(x->last); break;
        case C_SET_ANCHOR: stack[top++] = single(x->pattern_anchor >= 0 ? x->pattern_anchor : x->anchor); break;
        case C_SET_JUMPED: stack[top++] = x->jumped.w[0]; break;
        case C_SET_PUSHED: stack[top++] = x->pushed.w[0]; break;
        case C_SET_MARKED: stack[top++] = x->marked.w[0]; break;
        case C_SET_LINE: stack[top++] = x->line.w[0]; break;
        case C_SET_LABEL: stack[top++] = x->labels[o->arg].w[0]; break;
        case C_SET_VAR: stack[top++] = single(p->vars[o->arg]); break;
        case C_SET_UNION: top--; stack[top - 1] |= stack[top]; break;
        case C_SET_INTERSECT: top--; stack[top - 1] &= stack[top]; break;
        case C_SET_MINUS: top--; stack[top - 1] &= ~stack[top]; break;
        case C_SET_ADJACENT: {
            /* each direction a shift of the cells that have a neighbour there */
            uint64_t from = stack[top - 1], to = 0;
            const dlist *d = o->arg >= 0 ? &g->dlists[o->arg] : NULL;
            int count = d ? d->count[x->player] : g->board.direction_count;
            for (int i = 0; i < count; i++) {
                int dir = d ? d->steps[x->player][i].direction : i;
                uint64_t moving = from & g->shift_from[dir].w[0];
                int offset = g->shift_offset[dir];
                to |= offset >= 0 ? moving << offset : moving >> -offset;
            }
            stack[top - 1] = to;
            break;
        }
        default:
            return 0;   /* not built */
        }
    }
}
