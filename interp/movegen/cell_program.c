/* cell_program: runs the programs of the sets of at most one cell that
 * spec/cell_program_build.c writes (see there for what they are). */
#include "movegen/cell_program.h"

#include "movegen/eval.h"
#include "movegen/movegen_internal.h"

/* Runs the program at FIRST on the position, or, with MOVED, as if the
 * piece on MOVED->from stood on MOVED->to as MOVED->code (a landing not
 * made); a test of a cell then needs a content table (cell_program_landed).
 * Inlined into each caller, MOVED known there to be NULL or not. */
__attribute__((always_inline)) static inline int run(gen *x, int first, const cell_landing *moved)
{
    const game *g = x->g;
    const position *p = x->pos;
    int stack[CELL_MAX_STACK];
    int top = 0;
    for (const cell_op *o = &g->cell_ops[first];; o++) {
        int cell;
        switch (o->op) {
        case CELL_END: return stack[0];
        case CELL_HERE: cell = stack[top++] = moved ? moved->to : x->anchor; break;
        case CELL_ORIGIN: cell = stack[top++] = x->origin; break;
        case CELL_LAST: cell = stack[top++] = moved ? moved->to : x->last; break;
        case CELL_ANCHOR:
            cell = stack[top++] = x->pattern_anchor >= 0 ? x->pattern_anchor : moved ? moved->to : x->anchor;
            break;
        case CELL_VAR: cell = stack[top++] = p->vars[o->arg]; break;
        case CELL_STEP: {
            const dlist *d = &g->dlists[o->arg];
            cell = stack[top - 1] = d->count[x->player] ? gen_step(x, stack[top - 1], &d->steps[x->player][0]) : -1;
            break;
        }
        case CELL_TYPE: {
            int at = stack[top - 1];
            uint16_t code = !moved ? p->cells[at] : at == moved->to ? moved->code : at == moved->from ? 0 : p->cells[at];
            cell = code && PIECE_TYPE(code) == o->arg ? at : -1;
            break;
        }
        case CELL_TEST: {
            const cexpr *c = &g->exprs[o->arg];
            int at = stack[top - 1];
            bool in;
            if (moved)
                in = content_holds(x, c, at, at == moved->to ? moved->code : at == moved->from ? 0 : p->cells[at]);
            else
                in = c->spec.content >= 0 ? eval_content_has(x, c, at) : eval_has(x, o->arg, at);
            cell = in ? at : -1;
            break;
        }
        case CELL_MATCH:
            top--;
            cell = stack[top - 1] = stack[top - 1] == stack[top] ? stack[top] : -1;
            break;
        default:
            return -1;  /* not built */
        }
        /* every operation gives no cell when given none */
        if (cell < 0)
            return -1;
    }
}

int cell_program_run(gen *x, int first)
{
    return run(x, first, NULL);
}

int cell_program_landed(gen *x, int first, const cell_landing *moved)
{
    return run(x, first, moved);
}
