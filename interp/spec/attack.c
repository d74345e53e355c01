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
    case M_REPEAT:
        if (n->min == 0 && n->max == 1) {
            /* an optional part: either it runs or the anchor stays */
            cellset_clear(&a, words);
            zone(w, n->a, from, &a, affected);
            cellset_copy(landing, &a, words);
            cellset_or(landing, from, words);
            return;
        }
        w->unknown = true;
        return;
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
        const cexpr *x = &g->exprs[n->at], *y = &g->exprs[n->target];
        if (x->op != C_SET_CONST || y->op != C_SET_CONST) {
            w->unknown = true;
            return;
        }
        /* it moves a piece only onto an empty cell: only where it takes
         * one from can a piece be lost, and not the mover's */
        cellset lost;
        cellset_copy(&lost, &g->sets[x->value], words);
        cellset_and_not(&lost, &w->own, words);
        cellset_or(affected, &lost, words);
        return;
    }
    case M_CAPTURE: {
        /* capture adjacent(here, DIRS): the cells next to where it stands */
        cellset_copy(landing, from, words);
        const cexpr *x = n->at >= 0 ? &g->exprs[n->at] : NULL;
        if (!x || x->op != C_SET_ADJACENT || g->exprs[x->a].op != C_SET_HERE || x->value < 0) {
            w->unknown = true;
            return;
        }
        mnode fake = { .op = M_STEP, .directions = (int16_t)x->value, .max = -1,
                       .spec = NODE_FACTS_NONE };
        reach_of(w, &fake, from, &a, false);
        cellset_or(affected, &a, words);
        return;
    }
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
        if (!attack_zone(g, z->player, select->a, after, s, &affected))
            return false;
        cellset_or(&z->zones[(size_t)type * (size_t)g->board.cell_count + (size_t)s], &affected, g->words);
    }
    return true;
}

bool attack_zone(const game *g, int player, int node, int after, int from_cell, cellset *affected)
{
    walker w = { g, player, false, { { 0 } } };
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
