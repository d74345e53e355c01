/* attack: conservative capture zones from the compiled move nodes. */
#include "spec/attack.h"
#include "spec/specialise.h"
#include "game/steps.h"

#include <stdlib.h>
#include <string.h>

typedef struct walker {
    const game *g;
    int player;
    bool unknown;       /* the walk met something it cannot bound */
    cellset own;        /* cells that hold the mover's pieces or nothing (guards) */
    cellset jumped;     /* every cell a hop of the walk may have passed over */
    bool in_pattern;    /* walking a pattern's effect: */
    cellset pattern;    /* the cells its walk may reach (marked, labels) */
} walker;

static bool may_hold_another(const cexpr *c)
{
    return c->op != C_SET_EMPTY && c->op != C_SET_FRIEND;
}

bool attack_may_take(const game *g, int e)
{
    return e >= 0 && spec_set_some(g, e, may_hold_another);    /* no target: empty cells */
}

static bool holds_movers(const cexpr *c)
{
    return c->op == C_SET_FRIEND || ((c->op == C_SET_OWNER || c->op == C_SET_PIECES) && c->player == PLAYER_MOVER);
}

/* Whether every cell of the set E holds a piece of the mover's. */
static bool movers_pieces(const game *g, int e)
{
    return spec_set_every(g, e, holds_movers);
}

/* Adds to OWN the constant cells that the condition E, when it holds,
 * says hold the mover's pieces: `CELLS in S`, S the mover's pieces (in
 * castling, `corner in pieces(mover, rook)`), alone or in a conjunction. */
static void own_cells(const game *g, int e, cellset *own)
{
    const cexpr *c = &g->exprs[e];
    if (c->op == C_COND_AND) {
        own_cells(g, c->a, own);
        own_cells(g, c->b, own);
    } else if (c->op == C_COND_IN && g->exprs[c->a].op == C_SET_CONST && movers_pieces(g, c->b)) {
        cellset_or(own, &g->sets[g->exprs[c->a].value], g->words);
    }
}

int attack_step(const game *g, int cell, const dstep *s)
{
    return s->kind == STEP_VARIABLE ? -2 : step_take(g, cell, s, -1);
}

/* Cells reached from FROM by one move of node N (every step, or every
 * cell of every ray for slides). */
static void reach_of(walker *w, const mnode *n, const cellset *from, cellset *out, bool ray)
{
    const game *g = w->g;
    const dlist *d = &g->dlists[n->directions];
    cellset_clear(out, g->words);
    for (int s = cellset_next(from, -1, g->words); s >= 0; s = cellset_next(from, s, g->words)) {
        for (int i = 0; i < d->count[w->player]; i++) {
            int cell = s, distance = 0;
            do {
                cell = attack_step(g, cell, &d->steps[w->player][i]);
                if (cell == -2) {
                    w->unknown = true;
                    return;
                }
                if (cell < 0 || cell == s)
                    break;
                cellset_add(out, cell);
                distance++;
            } while (ray && (n->max < 0 || distance < n->max));
        }
    }
}

/* The cells the set E may hold when the anchor stands in HERE, or more:
 * the whole board where the walk knows no better (a set read from the
 * position, `last`, a variable's cell). */
static void bound_cells(walker *w, int e, const cellset *here, cellset *out)
{
    const game *g = w->g;
    int words = g->words;
    const cexpr *c = &g->exprs[e];
    cellset other;
    switch (c->op) {
    case C_SET_CONST:
        cellset_copy(out, &g->sets[c->value], words);
        return;
    case C_SET_HERE:
        cellset_copy(out, here, words);
        return;
    case C_SET_ANCHOR:
        /* a pattern's anchor is where it is applied; elsewhere `here` */
        cellset_copy(out, here, words);
        return;
    case C_SET_JUMPED: case C_SET_LAST_JUMPED:
        cellset_copy(out, &w->jumped, words);
        return;
    case C_SET_MARKED: case C_SET_LABEL:
        if (w->in_pattern) {
            cellset_copy(out, &w->pattern, words);
            return;
        }
        break;
    case C_SET_UNION:
        bound_cells(w, c->a, here, out);
        bound_cells(w, c->b, here, &other);
        cellset_or(out, &other, words);
        return;
    case C_SET_INTERSECT:
        bound_cells(w, c->a, here, out);
        bound_cells(w, c->b, here, &other);
        cellset_and(out, &other, words);
        return;
    case C_SET_MINUS:
        bound_cells(w, c->a, here, out);
        return;
    case C_SET_ADJACENT:
        if (c->value >= 0) {
            mnode fake = { .op = M_STEP, .directions = (int16_t)c->value, .max = -1, .spec = NODE_FACTS_NONE };
            bound_cells(w, c->a, here, &other);
            reach_of(w, &fake, &other, out, false);
            if (!w->unknown)
                return;
            w->unknown = false;     /* (a pattern variable's step: the board) */
        }
        break;
    default:
        break;
    }
    cellset_fill(out, g->board.cell_count);
}

/* The cells the walk of pattern PT from an anchor in FROM may reach, the
 * anchor included (its marks and labels are among them), into OUT: each
 * step from each cell reached by the one before, a repeated one as far as
 * the board goes. */
static void pattern_reach(walker *w, const pattern *pt, const cellset *from, cellset *out)
{
    const game *g = w->g;
    int words = g->words, cells = g->board.cell_count;
    const dlist *vd = pt->variable_directions >= 0 ? &g->dlists[pt->variable_directions] : NULL;
    int bindings = vd ? vd->count[w->player] : 1;
    cellset_copy(out, from, words);
    for (int bi = 0; bi < bindings; bi++) {
        int variable = vd ? vd->steps[w->player][bi].direction : -1;
        for (int p = 0; p < pt->path_count; p++) {
            cellset at;
            cellset_copy(&at, from, words);
            for (int i = pt->paths[p].first; i < pt->paths[p].first + pt->paths[p].count; i++) {
                const pstep *ps = &pt->steps[i];
                const dlist *d = &g->dlists[ps->directions];
                cellset next;
                if (ps->min == 0)
                    cellset_copy(&next, &at, words);
                else
                    cellset_clear(&next, words);
                for (int c = cellset_next(&at, -1, words); c >= 0; c = cellset_next(&at, c, words))
                    for (int k = 0; k < d->count[w->player]; k++) {
                        dstep s = step_resolved(g, &d->steps[w->player][k], variable);
                        int cell = c;
                        for (int count = 0; (ps->max < 0 || count < ps->max) && count < cells; count++) {
                            cell = step_take(g, cell, &s, -1);
                            if (cell < 0)
                                break;
                            cellset_add(&next, cell);
                        }
                    }
                cellset_copy(&at, &next, words);
                cellset_or(out, &next, words);
            }
        }
    }
}

/* Where the anchor may be after node N from FROM (LANDING), and the cells
 * where it may take a piece of another player (AFFECTED, added to). */
static void zone(walker *w, int node, const cellset *from, cellset *landing, cellset *affected)
{
    const game *g = w->g;
    int words = g->words;
    if (w->unknown || node < 0)
        return;
    const mnode *n = &g->nodes[node];
    cellset a, b;
    switch (n->op) {
    case M_ALT:
        cellset_clear(&a, words);
        cellset_clear(&b, words);
        zone(w, n->a, from, &a, affected);
        zone(w, n->b, from, &b, affected);
        cellset_copy(landing, &a, words);
        cellset_or(landing, &b, words);
        return;
    case M_SEQ:
        cellset_clear(&a, words);
        zone(w, n->a, from, &a, affected);
        zone(w, n->b, &a, landing, affected);
        return;
    case M_GUARD: {
        /* a cell that held the mover's piece as the guard was read holds
         * it or nothing while the moves below run: they land the mover's
         * piece, take, or move onto empty cells (the rest is not bounded) */
        cellset own;
        cellset_copy(&own, &w->own, words);
        if (!(n->flags & MF_AFTER))
            own_cells(g, n->cond, &w->own);
        zone(w, n->a, from, landing, affected);
        cellset_copy(&w->own, &own, words);
        return;
    }
    case M_REPEAT: {
        /* each round from where the rounds before may have left the
         * anchor, until no new cell is reached; with no round at all, the
         * anchor stays */
        cellset reached, frontier;
        cellset_copy(&reached, from, words);
        cellset_copy(&frontier, from, words);
        cellset_clear(landing, words);
        if (n->min == 0)
            cellset_copy(landing, from, words);
        for (int round = 0; round < n->max || n->max < 0; round++) {
            cellset_clear(&a, words);
            zone(w, n->a, &frontier, &a, affected);
            if (w->unknown)
                return;
            cellset_or(landing, &a, words);
            cellset_copy(&frontier, &a, words);
            cellset_and_not(&frontier, &reached, words);
            cellset_or(&reached, &a, words);
            if (cellset_empty(&frontier, words))
                break;
        }
        return;
    }
    case M_HOP: {
        /* over the next cell along a direction, to the one beyond (or, any
         * side, to the jumped piece's other neighbours); a hop takes
         * nothing itself but by landing on its target */
        const dlist *d = &g->dlists[n->directions];
        cellset_clear(landing, words);
        for (int s = cellset_next(from, -1, words); s >= 0; s = cellset_next(from, s, words))
            for (int i = 0; i < d->count[w->player]; i++) {
                int over = attack_step(g, s, &d->steps[w->player][i]);
                if (over == -2) {
                    w->unknown = true;
                    return;
                }
                if (over < 0)
                    continue;
                cellset_add(&w->jumped, over);
                for (int j = 0; j < d->count[w->player]; j++) {
                    if (!(n->flags & MF_ANY_SIDE) && j != i)
                        continue;
                    int to = attack_step(g, over, &d->steps[w->player][j]);
                    if (to == -2) {
                        w->unknown = true;
                        return;
                    }
                    if (to >= 0 && to != s)
                        cellset_add(landing, to);
                }
            }
        if (attack_may_take(g, n->target))
            cellset_or(affected, landing, words);
        return;
    }
    case M_APPLY: {
        /* the pattern's effect, or taking its marks, acts on cells its walk
         * may reach */
        cellset_copy(landing, from, words);
        if (n->type < 0)
            return;
        const pattern *pt = &g->patterns[n->type];
        bool was_in = w->in_pattern;
        cellset was;
        cellset_copy(&was, &w->pattern, words);
        pattern_reach(w, pt, from, &w->pattern);
        w->in_pattern = true;
        bool bare = pt->line_count == 0;
        for (int l = 0; l < pt->line_count && !w->unknown; l++) {
            if (pt->effect[l] < 0) {
                bare = true;
                continue;
            }
            cellset_clear(&a, words);
            zone(w, pt->effect[l], from, &a, affected);
            cellset_or(landing, &a, words);
        }
        if (bare)
            cellset_or(affected, &w->pattern, words);
        cellset_copy(&w->pattern, &was, words);
        w->in_pattern = was_in;
        return;
    }
    case M_STEP: case M_LEAP: case M_SLIDE:
        reach_of(w, n, from, landing, n->op == M_SLIDE);
        /* landing only where no other player's piece stands, it loses
         * none there */
        if (attack_may_take(g, n->target))
            cellset_or(affected, landing, words);
        return;
    case M_CHANGE: case M_SET_FLAG: case M_SET_VAR: case M_ROLL: case M_PASS:
        /* a piece whose type or flags change stays, with its owner, and
         * the rest change no cell: nothing is taken */
        cellset_copy(landing, from, words);
        return;
    case M_RELOCATE: {
        cellset_copy(landing, from, words);
        if (n->at < 0 || n->target < 0) {
            w->unknown = true;
            return;
        }
        /* it moves a piece only onto an empty cell: only where it takes
         * one from can a piece be lost, and not the mover's; the anchor
         * goes along when it is the piece moved.  In a game of stacks it
         * may go onto a stack, whose owner then changes. */
        cellset lost;
        bound_cells(w, n->at, from, &lost);
        cellset_and_not(&lost, &w->own, words);
        cellset_or(affected, &lost, words);
        bound_cells(w, n->target, from, &a);
        if (g->stack_height > 1)
            cellset_or(affected, &a, words);
        if (g->exprs[n->at].op != C_SET_CONST)
            cellset_or(landing, &a, words);
        return;
    }
    case M_CAPTURE: case M_REMOVE: case M_FLIP:
        /* the cells it takes or turns: a pattern's marks, the set named,
         * or (without one) the marks of the pattern being applied */
        cellset_copy(landing, from, words);
        if (n->op == M_CAPTURE && n->type >= 0)
            pattern_reach(w, &g->patterns[n->type], from, &a);
        else if (n->at >= 0)
            bound_cells(w, n->at, from, &a);
        else if (w->in_pattern)
            cellset_copy(&a, &w->pattern, words);
        else
            cellset_fill(&a, g->board.cell_count);
        cellset_or(affected, &a, words);
        return;
    default:
        w->unknown = true;
        return;
    }
}

bool attack_each_choice(const game *g, int node, int after, attack_visit visit, void *context)
{
    const mnode *n = &g->nodes[node];
    switch (n->op) {
    case M_ALT:
        return attack_each_choice(g, n->a, after, visit, context) && attack_each_choice(g, n->b, after, visit, context);
    case M_SEQ:
        return after < 0 && attack_each_choice(g, n->a, n->b, visit, context);
    case M_PASS:
        return true;
    case M_SELECT: {
        int type = spec_selected_type(g, n);
        return type >= 0 && visit(context, n, type, after);
    }
    case M_PLACE:
        /* a placement takes nothing where it lands (an empty cell); what
         * follows it may, from wherever it was placed: nothing must */
        for (int p = 0; after >= 0 && p < g->player_count; p++)
            for (int s = 0; s < g->board.cell_count; s++) {
                cellset affected;
                if (!attack_zone(g, p, after, -1, s, &affected) || cellset_count(&affected, g->words) > 0)
                    return false;
            }
        return true;
    default:
        return false;
    }
}

typedef struct zone_walk {
    const game *g;
    int player;
    cellset *zones;     /* [type][cell]: what a piece there affects */
} zone_walk;

/* What a piece of TYPE chosen by SELECT affects, from each cell. */
static bool add_zones(void *context, const mnode *select, int type, int after)
{
    zone_walk *z = context;
    const game *g = z->g;
    for (int s = 0; s < g->board.cell_count; s++) {
        cellset affected;
        attack_zone_or_board(g, z->player, select->a, after, s, &affected);
        cellset_or(&z->zones[(size_t)type * (size_t)g->board.cell_count + (size_t)s], &affected, g->words);
    }
    return true;
}

bool attack_zone(const game *g, int player, int node, int after, int from_cell, cellset *affected)
{
    walker w = { .g = g, .player = player };
    cellset from, landing;
    cellset_clear(&from, g->words);
    cellset_add(&from, from_cell);
    cellset_clear(&landing, g->words);
    cellset_clear(affected, g->words);
    zone(&w, node, &from, &landing, affected);
    if (after >= 0) {
        cellset end;
        cellset_clear(&end, g->words);
        zone(&w, after, &landing, &end, affected);
    }
    return !w.unknown;
}

void attack_zone_or_board(const game *g, int player, int node, int after, int from, cellset *affected)
{
    if (!attack_zone(g, player, node, after, from, affected))
        cellset_fill(affected, g->board.cell_count);
}

bool attack_build(game *g)
{
    int cells = g->board.cell_count;
    size_t per_player = (size_t)GAME_MAX_TYPES * (size_t)cells;
    g->reach = calloc((size_t)g->player_count * (size_t)cells * (size_t)(g->type_count > 0 ? g->type_count : 1)
                          * (size_t)g->words,
                      sizeof *g->reach);
    cellset *zones = calloc(per_player, sizeof *zones);
    if (!g->reach || !zones) {
        free(zones);
        return false;
    }
    g->spec.reach_valid = true;
    for (int p = 0; p < g->player_count && g->spec.reach_valid; p++) {
        memset(zones, 0, per_player * sizeof *zones);
        zone_walk walk = { g, p, zones };
        if (!attack_each_choice(g, g->turn, -1, add_zones, &walk)) {
            g->spec.reach_valid = false;
            break;
        }
        /* invert: from "what a piece on s affects" to "where it must stand" */
        for (int t = 0; t < g->type_count; t++)
            for (int s = 0; s < cells; s++) {
                const cellset *z = &zones[(size_t)t * (size_t)cells + (size_t)s];
                for (int c = cellset_next(z, -1, g->words); c >= 0; c = cellset_next(z, c, g->words)) {
                    uint64_t *reach = (uint64_t *)attack_reach(g, p, t, c);  /* (being filled) */
                    reach[s >> 6] |= (uint64_t)1 << (s & 63);
                }
            }
    }
    free(zones);
    if (!g->spec.reach_valid) {
        free(g->reach);
        g->reach = NULL;
    }
    return true;
}
