/* cell_program_build: sets of at most one cell, found by following that
 * cell, compiled into programs; movegen/cell_program.c runs them.
 *
 * `adjacent(origin, forward) & adjacent(here & pawn, backward)` (the cell a
 * pawn skipped, set after every move of chess) is a set of one cell or
 * none: eval_set would build whole sets for each part and intersect them.
 * Here the expression is a program on cells instead (game.cell_ops, from
 * cexpr.cell_program): start where the piece stands (or started, or a
 * variable's cell), take a step, test the cell, compare two such cells.
 * Every operation gives no cell when it is given none, so the first that
 * gives none ends the program: the parts most likely to fail (a test of
 * the piece) run first. */
#include "spec/cell_program_build.h"

#include <stdlib.h>

#define MAX_OPS 16

typedef struct builder {
    const game *g;
    cell_op ops[MAX_OPS];
    int count, depth;
    bool failed;
} builder;

static void push_op(builder *b, uint8_t op, int16_t arg, int stack_change)
{
    if (b->count >= MAX_OPS) {
        b->failed = true;
        return;
    }
    b->ops[b->count++] = (cell_op){ op, arg };
    b->depth += stack_change;
    if (b->depth > CELL_MAX_STACK)
        b->failed = true;
}

/* Whether E is a set of at most one cell that a program can follow:
 * where the piece stands or started, a variable's cell, the neighbour of
 * such a cell in one direction (for each player), such a cell if a cell
 * test holds there, or if it is another such cell. */
static bool followable(const game *g, int e)
{
    const cexpr *c = &g->exprs[e];
    switch (c->op) {
    case C_SET_HERE: case C_SET_ORIGIN: case C_SET_LAST: case C_SET_ANCHOR:
        return true;
    case C_SET_VAR:     /* (a variable of each player: read for the mover, by eval) */
        return g->var_is_cell[c->value] && !g->var_each[c->value];
    case C_SET_ADJACENT:
        if (c->value < 0)
            return false;
        for (int p = 0; p < g->player_count; p++)
            if (g->dlists[c->value].count[p] > 1)
                return false;
        return followable(g, c->a);
    case C_SET_INTERSECT:
        return (followable(g, c->a) && (g->exprs[c->b].spec.cell_test || followable(g, c->b)))
               || (followable(g, c->b) && g->exprs[c->a].spec.cell_test);
    default:
        return false;
    }
}

/* How many tests of the cell E's program makes: the operand of an
 * intersection with more runs first, being the likelier to fail. */
static int tests(const game *g, int e)
{
    const cexpr *c = &g->exprs[e];
    switch (c->op) {
    case C_SET_ADJACENT:
        return tests(g, c->a);
    case C_SET_INTERSECT:
        return 1 + (followable(g, c->a) ? tests(g, c->a) : 0) + (followable(g, c->b) ? tests(g, c->b) : 0);
    default:
        return 0;
    }
}

/* Appends the program of E (followable), which leaves its cell on top. */
static void build(builder *b, int e)
{
    const game *g = b->g;
    const cexpr *c = &g->exprs[e];
    switch (c->op) {
    case C_SET_HERE: push_op(b, CELL_HERE, 0, 1); return;
    case C_SET_ORIGIN: push_op(b, CELL_ORIGIN, 0, 1); return;
    case C_SET_LAST: push_op(b, CELL_LAST, 0, 1); return;
    case C_SET_ANCHOR: push_op(b, CELL_ANCHOR, 0, 1); return;
    case C_SET_VAR: push_op(b, CELL_VAR, (int16_t)c->value, 1); return;
    case C_SET_ADJACENT:
        build(b, c->a);
        push_op(b, CELL_STEP, (int16_t)c->value, 0);
        return;
    case C_SET_INTERSECT: {
        int first = c->a, second = c->b;
        if (!followable(g, first) || (followable(g, second) && !g->exprs[second].spec.cell_test
                                      && tests(g, second) > tests(g, first))) {
            first = c->b;
            second = c->a;
        }
        build(b, first);
        const cexpr *s = &g->exprs[second];
        if (s->op == C_SET_TYPE)
            push_op(b, CELL_TYPE, (int16_t)s->value, 0);
        else if (s->spec.cell_test)
            push_op(b, CELL_TEST, (int16_t)second, 0);
        else {
            build(b, second);
            push_op(b, CELL_MATCH, 0, -1);
        }
        return;
    }
    default:
        b->failed = true;
    }
}

bool cell_programs_build(game *g)
{
    free(g->cell_ops);
    g->cell_ops = NULL;
    g->cell_op_count = 0;
    for (int e = 0; e < g->expr_count; e++) {
        g->exprs[e].spec.cell_program = -1;
        if (g->exprs[e].op > C_SET_CELL_AT || !followable(g, e))
            continue;
        builder b = { .g = g };
        build(&b, e);
        /* a program of one part is what eval_set does already */
        if (b.failed || b.count < 2)
            continue;
        cell_op *grown = realloc(g->cell_ops, (size_t)(g->cell_op_count + b.count + 1) * sizeof *grown);
        if (!grown)
            return false;
        g->cell_ops = grown;
        g->exprs[e].spec.cell_program = (int16_t)g->cell_op_count;
        for (int i = 0; i < b.count; i++)
            g->cell_ops[g->cell_op_count++] = b.ops[i];
        g->cell_ops[g->cell_op_count++] = (cell_op){ CELL_END, 0 };
    }
    return true;
}

bool cell_program_reads_content(const game *g, int first)
{
    for (const cell_op *o = &g->cell_ops[first]; o->op != CELL_END; o++)
        if (o->op == CELL_TEST && g->exprs[o->arg].spec.content < 0)
            return false;
    return true;
}
