/* landing_unmade_build: whether a game's landings may be recorded without
 * being made (game.landing_unmade; movegen/landing_unmade.c says how):
 * its after-rules must read, of the position after a landing, only what
 * the piece that landed answers. */
#include "spec/landing_unmade_build.h"

#include "spec/cell_program_build.h"

/* Whether the cell test E can be read for a cell from the piece on it
 * alone: a content table, or a type. */
static bool by_content(const game *g, int e)
{
    const cexpr *c = &g->exprs[e];
    return c->spec.content >= 0 || c->op == C_SET_TYPE;
}

/* Whether the cell that E (a cell variable's new value) names can be
 * worked out for a landing not made: where the piece landed or started,
 * or a cell program whose tests read the piece on a cell and whose
 * variables no after-rule sets. */
static bool cell_by_landing(const game *g, int e)
{
    const cexpr *c = &g->exprs[e];
    if (c->op == C_SET_HERE || c->op == C_SET_ORIGIN || c->op == C_SET_LAST)
        return true;
    if (c->spec.cell_program < 0 || !cell_program_reads_content(g, c->spec.cell_program))
        return false;
    for (const cell_op *o = &g->cell_ops[c->spec.cell_program]; o->op != CELL_END; o++)
        for (int i = 0; o->op == CELL_VAR && i < g->spec.after_action_count; i++) {
            const mnode *n = &g->nodes[g->spec.after_actions[i]];
            if (n->op == M_GUARD)
                n = &g->nodes[n->a];
            if (n->op == M_SET_VAR && n->type == o->arg)
                return false;
        }
    return true;
}

void landing_unmade_build(game *g)
{
    g->spec.landing_unmade = false;
    if (g->spec.quiet_attacked < 0 || !by_content(g, g->spec.quiet_attacked) || g->capture == CAPTURE_RESERVE
        || (g->after >= 0 && g->spec.after_action_count < 0))
        return;
    for (int i = 0; i < g->spec.after_action_count; i++) {
        const mnode *n = &g->nodes[g->spec.after_actions[i]];
        if (n->op == M_GUARD) {
            /* only `here in S`, S read by the piece */
            const cexpr *c = &g->exprs[n->cond];
            if (c->op != C_COND_IN || g->exprs[c->a].op != C_SET_HERE || !by_content(g, c->b))
                return;
            n = &g->nodes[n->a];
        }
        if (n->op == M_SET_VAR && n->type >= 0
            && (!g->var_is_cell[n->type] || !cell_by_landing(g, n->value)))
            return;
    }
    g->spec.landing_unmade = true;
}
