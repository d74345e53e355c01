/* landing_unmade: a landing that ends the turn, in a game with a legality
 * filter, recorded without being made when it cannot break the filter.
 *
 * In chess every landing was made, its after-rules applied (the cell a
 * pawn skipped, the flag of a king or rook that moved), the filter tested
 * and the landing taken back: most of a move's cost.  When the turn began
 * with the filter holding in a way a quiet move keeps (quiet_turn in
 * movegen.c: the king stands off every line a landing here touches), what
 * the landing and its after-rules would change is worked out as changes,
 * from the position as it is, and tested as quiet_move tests a made move;
 * only a landing that is not quiet is made.  It needs after-rules whose
 * every read of the position after the landing can be answered from the
 * piece that landed (game.landing_unmade, worked out at load time). */
#include "landing.h"
#include "movegen_internal.h"
#include "specialise.h"

/* --- load time */

/* Whether the cell test E can be read for a cell from the piece on it
 * alone: a content table, or a type. */
static bool by_content(const game *g, int e)
{
    const cexpr *c = &g->exprs[e];
    return c->content >= 0 || c->op == C_SET_TYPE;
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
    if (c->cell_program < 0 || !cell_program_reads_content(g, c->cell_program))
        return false;
    for (const cell_op *o = &g->cell_ops[c->cell_program]; o->op != CELL_END; o++)
        for (int i = 0; o->op == CELL_VAR && i < g->after_action_count; i++) {
            const mnode *n = &g->nodes[g->after_actions[i]];
            if (n->op == M_GUARD)
                n = &g->nodes[n->a];
            if (n->op == M_SET_VAR && n->type == o->arg)
                return false;
        }
    return true;
}

void landing_unmade_build(game *g)
{
    g->landing_unmade = false;
    if (g->quiet_attacked < 0 || !by_content(g, g->quiet_attacked) || g->capture == CAPTURE_RESERVE
        || (g->after >= 0 && g->after_action_count < 0))
        return;
    for (int i = 0; i < g->after_action_count; i++) {
        const mnode *n = &g->nodes[g->after_actions[i]];
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
    g->landing_unmade = true;
}

/* --- generation */

/* Whether CELL would be in the cell test E (by_content) holding CODE. */
static bool holds(const gen *x, int e, int cell, uint16_t code)
{
    const cexpr *c = &x->g->exprs[e];
    if (c->content >= 0)
        return content_holds(x, c, cell, code);
    return code && PIECE_TYPE(code) == c->value;
}

/* The after-rules (apply_after_actions) for the landing MOVED, as changes
 * appended to C (*N of them), moving *HASH; the landed piece's code in
 * MOVED follows them. */
static void after_changes(gen *x, cell_landing *moved, change *c, int *n, uint64_t *hash)
{
    const game *g = x->g;
    const position *p = x->pos;
    for (int i = 0; i < g->after_action_count; i++) {
        const mnode *a = &g->nodes[g->after_actions[i]];
        if (a->op == M_GUARD) {
            if (holds(x, g->exprs[a->cond].b, moved->to, moved->code) == ((a->flags & MF_NEGATE) != 0))
                continue;
            a = &g->nodes[a->a];
        }
        uint16_t code = moved->code, changed = code;
        switch (a->op) {
        case M_SET_VAR: {
            if (a->type < 0)
                continue;
            const cexpr *e = &g->exprs[a->value];
            int32_t old = p->vars[a->type], value = e->op == C_SET_HERE || e->op == C_SET_LAST ? moved->to
                                                  : e->op == C_SET_ORIGIN ? x->origin
                                                  : cell_program_landed(x, e->cell_program, moved);
            if (value != old) {
                c[(*n)++] = (change){ CHANGE_VAR, 0, (uint16_t)a->type, old, value };
                *hash ^= pos_var_key(a->type, old) ^ pos_var_key(a->type, value);
            }
            break;
        }
        case M_SET_FLAG:
            changed = PIECE_CODE(PIECE_TYPE(code), PIECE_OWNER(code), PIECE_FLAGS(code) | (1u << a->type));
            break;
        case M_CHANGE:
            if (a->types[0] == PIECE_TYPE(code))
                continue;
            changed = PIECE_CODE(a->types[0], PIECE_OWNER(code), PIECE_FLAGS(code));
            gen_path_push(x, PATH_CHANGE, a->types[0]);
            break;
        default:
            continue;
        }
        if (changed != code) {
            c[(*n)++] = (change){ CHANGE_CELL, 0, (uint16_t)moved->to, code, changed };
            *hash ^= pos_piece_key(g, moved->to, code) ^ pos_piece_key(g, moved->to, changed);
            moved->code = changed;
        }
        x->applied++;
    }
}

/* quiet_move for the changes C of a move not made, after which TO holds
 * CODE and every other cell they change is empty. */
static bool quiet_changes(const gen *x, const change *c, int n, int to, uint16_t code)
{
    const game *g = x->g;
    for (int i = 0; i < n; i++) {
        if (c[i].kind != CHANGE_CELL)
            continue;
        uint16_t after = (uint16_t)c[i].after;
        if (cellset_has(&x->legal_zone, c[i].index) || (after && PIECE_OWNER(after) != x->player))
            return false;
        bool may = after ? (g->quiet_attacked_types >> PIECE_TYPE(after)) & 1 : g->quiet_attacked_empty;
        if (may && holds(x, g->quiet_attacked, c[i].index, c[i].index == to ? code : 0))
            return false;
    }
    return true;
}

bool land_unmade(gen *x, int to, bool after)
{
    /* most landings that are not quiet touch the zone: told before the
     * changes are worked out */
    if (cellset_has(&x->legal_zone, x->anchor) || cellset_has(&x->legal_zone, to))
        return false;
    int path = x->path_length;
    bool captured = x->captured;
    long applied = x->applied;
    change c[LANDING_CHANGES + GAME_MAX_AFTER_LANDING];
    uint64_t hash;
    int n = landing_changes(x, to, false, c, &hash);
    cell_landing moved = { x->anchor, to, x->pos->cells[x->anchor] };
    if (after)
        after_changes(x, &moved, c, &n, &hash);
    bool quiet = quiet_changes(x, c, n, to, moved.code);
    if (quiet && !x->stop) {
        x->known_legal = true;
        gen_emit(x, c, n, hash);
        x->known_legal = false;
    }
    if (!quiet)
        x->applied = applied;   /* to be made instead */
    x->path_length = path;
    x->captured = captured;
    return quiet;
}
