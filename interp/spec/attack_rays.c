/* attack_rays: which moves are rays, worked out at load time (see
 * attack.h); movegen/rays.c reads the tables at run time. */
#include "spec/attack.h"

#include <stdlib.h>
#include <string.h>

#include "game/steps.h"
#include "spec/specialise.h"

/* --- load time: which moves are rays */

static bool is_movement(const mnode *n)
{
    return n->op == M_STEP || n->op == M_LEAP || n->op == M_SLIDE;
}

/* Whether node N can take no piece: harmless (specialise.c), or a
 * movement that can only land on cells no other player holds followed by
 * such nodes, or alternatives or guards of those. */
static bool cannot_take(const game *g, int node)
{
    if (node < 0)
        return true;
    const mnode *n = &g->nodes[node];
    if (n->spec.flags & NF_HARMLESS)
        return true;
    switch (n->op) {
    case M_ALT:
        return cannot_take(g, n->a) && cannot_take(g, n->b);
    case M_GUARD:
        return cannot_take(g, n->a);
    case M_SEQ:
        return cannot_take(g, n->a) && cannot_take(g, n->b);
    case M_STEP: case M_LEAP: case M_SLIDE:
        return !attack_may_take(g, n->target);
    default:
        return false;
    }
}

/* Whether node N contains a change of type. */
static bool changes_type(const game *g, int node)
{
    if (node < 0)
        return false;
    const mnode *n = &g->nodes[node];
    switch (n->op) {
    case M_CHANGE:
        return true;
    case M_ALT: case M_SEQ:
        return changes_type(g, n->a) || changes_type(g, n->b);
    case M_REPEAT: case M_GUARD: case M_SELECT:
        return changes_type(g, n->a);
    default:
        return false;
    }
}

/* Whether node N, run after a piece of TYPE (-1: of a type not known) has
 * landed (the anchor), always completes the turn at least one way. */
static bool total(const game *g, int node, int type)
{
    if (node < 0)
        return true;
    const mnode *n = &g->nodes[node];
    switch (n->op) {
    case M_SEQ:
        return total(g, n->a, type) && total(g, n->b, changes_type(g, n->a) ? -1 : type);
    case M_ALT:
        return total(g, n->a, type) || total(g, n->b, type);
    case M_SET_VAR:
        return n->type >= 0;
    case M_SET_FLAG:
        return true;        /* the anchor holds the piece that landed */
    case M_CHANGE: {
        if (n->at >= 0)
            return false;
        /* the change skips the type the piece has: total if it offers
         * another than the landed type, or two when the type is not known */
        int other = 0;
        for (int i = 0; i < 4 && n->types[i] >= 0; i++)
            other += n->types[i] != type;
        return other >= 1 && (other >= 2 || type >= 0);
    }
    case M_REPEAT:
        if (n->min != 0)
            return false;
        if (!(n->flags & MF_MAXIMAL))
            return true;    /* stopping at once is one way */
        /* maximal (an after-rule): it stops at once only when the body
         * applied nothing, so the body may fail only before it applies
         * anything (a guard read first), and runs once */
        if (n->max != 1)
            return false;
        if (total(g, n->a, type))
            return true;
        {
            const mnode *b = &g->nodes[n->a];
            return b->op == M_GUARD && !(b->flags & MF_AFTER) && total(g, b->a, type);
        }
    default:
        return false;
    }
}

/* What follows a landing may be ignored by attack detection: it takes
 * nothing and always completes the turn. */
static bool quiet_rest(const game *g, int node, int type)
{
    return (node < 0 || (g->nodes[node].spec.flags & NF_HARMLESS)) && total(g, node, type);
}

/* Whether every step of movement N can be looked back along: a fixed map
 * of cells (not a pattern variable's) that takes no two cells to one. */
static bool invertible(const game *g, int player, const mnode *n)
{
    const dlist *d = &g->dlists[n->directions];
    int cells = g->board.cell_count;
    bool ok = true;
    unsigned char *hit = calloc((size_t)cells, 1);
    if (!hit)
        return false;
    for (int i = 0; i < d->count[player] && ok; i++) {
        for (int c = 0; c < cells; c++)
            hit[c] = 0;
        for (int s = 0; s < cells && ok; s++) {
            int to = attack_step(g, s, &d->steps[player][i]);
            ok = to != -2 && (to < 0 || !hit[to]);
            if (to >= 0)
                hit[to] = 1;
        }
    }
    free(hit);
    return ok;
}

/* A movement of a piece type that is a ray (NODE), or a part of its moves
 * that may take but is not (NODE, then the after-rules AFTER). */
typedef struct ray_source {
    int player, type, node, after;
} ray_source;

typedef struct ray_list {
    ray_source *items;
    int count, capacity;
} ray_list;

typedef struct ray_builder {
    game *g;
    int player;
    ray_list rays, residual;
    bool failed;            /* out of memory */
} ray_builder;

static void add(ray_builder *rb, ray_list *list, int type, int node, int after)
{
    if (list->count == list->capacity) {
        int capacity = list->capacity ? list->capacity * 2 : 16;
        ray_source *grown = realloc(list->items, (size_t)capacity * sizeof *grown);
        if (!grown) {
            rb->failed = true;
            return;
        }
        list->items = grown;
        list->capacity = capacity;
    }
    list->items[list->count++] = (ray_source){ rb->player, type, node, after };
}

static void add_movement(ray_builder *rb, int type, int node, int after)
{
    if (invertible(rb->g, rb->player, &rb->g->nodes[node]))
        add(rb, &rb->rays, type, node, -1);
    else
        add(rb, &rb->residual, type, node, after);
}

/* Sorts the moves NODE of a piece of TYPE, before the turn's after-rules
 * AFTER (quiet or not: QUIET_AFTER), into rays and the rest. */
static void collect(ray_builder *rb, int type, int node, int after, bool quiet_after)
{
    const game *g = rb->g;
    if (node < 0 || cannot_take(g, node))
        return;
    const mnode *n = &g->nodes[node];
    if (n->op == M_ALT) {
        collect(rb, type, n->a, after, quiet_after);
        collect(rb, type, n->b, after, quiet_after);
    } else if (n->op == M_SEQ && is_movement(&g->nodes[n->a]) && quiet_after && quiet_rest(g, n->b, type)) {
        add_movement(rb, type, n->a, after);
    } else if (is_movement(n) && quiet_after) {
        add_movement(rb, type, node, after);
    } else {
        add(rb, &rb->residual, type, node, after);
    }
}

/* Sorts the moves of a piece choice into rays and the rest. */
static bool sort_choice(void *context, const mnode *select, int type, int after)
{
    ray_builder *rb = context;
    collect(rb, type, select->a, after, quiet_rest(rb->g, after, type));
    return !rb->failed;
}

static bool uses_attacked(const game *g)
{
    for (int e = 0; e < g->expr_count; e++)
        if (g->exprs[e].op == C_COND_ATTACKED)
            return true;
    return false;
}

/* Lines from the sources: one per player and looking-back table (two
 * spellings of one direction are one line), each with its masks, its rays
 * grouped under it. */
static bool build_lines(game *g, const ray_source *sources, int source_count)
{
    int cells = g->board.cell_count, words = g->words;
    int max_lines = 0;
    for (int i = 0; i < source_count; i++)
        max_lines += g->dlists[g->nodes[sources[i].node].directions].count[sources[i].player];
    attack_line *lines = calloc((size_t)(max_lines + 1), sizeof *lines);
    attack_ray *rays = calloc((size_t)(max_lines + 1), sizeof *rays);
    int *ray_line = calloc((size_t)(max_lines + 1), sizeof *ray_line);
    g->ray_from = calloc((size_t)(max_lines + 1) * (size_t)cells, sizeof *g->ray_from);
    if (!lines || !rays || !ray_line || !g->ray_from)
        goto fail;
    int line_count = 0, ray_count = 0;
    for (int p = 0; p < g->player_count; p++) {
        g->line_first[p] = line_count;
        for (int i = 0; i < source_count; i++) {
            if (sources[i].player != p)
                continue;
            const mnode *n = &g->nodes[sources[i].node];
            const dlist *d = &g->dlists[n->directions];
            for (int k = 0; k < d->count[p]; k++) {
                /* the table, built in the next free line's place */
                int16_t *from = g->ray_from + (size_t)line_count * (size_t)cells;
                for (int c = 0; c < cells; c++)
                    from[c] = -1;
                for (int c = 0; c < cells; c++) {
                    int to = attack_step(g, c, &d->steps[p][k]);
                    if (to >= 0)
                        from[to] = (int16_t)c;
                }
                int l = g->line_first[p];
                while (l < line_count && memcmp(g->ray_from + (size_t)l * (size_t)cells, from, (size_t)cells * sizeof *from))
                    l++;
                if (l == line_count)
                    lines[line_count++] = (attack_line){ .max = 1, .at = l * cells };
                int16_t min = (int16_t)(n->op == M_SLIDE ? n->min : 1);
                int16_t max = (int16_t)(n->op == M_SLIDE ? n->max : 1);
                if (lines[l].max >= 0 && (max < 0 || max > lines[l].max))
                    lines[l].max = max;
                lines[l].types |= 1u << sources[i].type;
                ray_line[ray_count] = l;
                rays[ray_count++] = (attack_ray){ (int16_t)sources[i].type, min, max, n->target };
            }
        }
    }
    g->line_first[g->player_count] = line_count;
    g->rays = calloc((size_t)(ray_count + 1), sizeof *g->rays);
    g->ray_masks = calloc((size_t)line_count * (size_t)cells * (size_t)words + 1, sizeof *g->ray_masks);
    if (!g->rays || !g->ray_masks)
        goto fail;
    int placed = 0;
    for (int l = 0; l < line_count; l++) {
        /* the rays grouped by line, in the order found */
        lines[l].first = placed;
        for (int r = 0; r < ray_count; r++)
            if (ray_line[r] == l)
                g->rays[placed++] = rays[r];
        lines[l].count = placed - lines[l].first;
        const int16_t *from = g->ray_from + lines[l].at;
        for (int c = 0; c < cells; c++) {
            uint64_t *mask = g->ray_masks + ((size_t)lines[l].at + (size_t)c) * (size_t)words;
            int source = from[c], distance = 1;
            while (source >= 0 && source != c) {
                mask[source >> 6] |= 1ull << (source & 63);
                if (lines[l].max >= 0 && distance >= lines[l].max)
                    break;
                source = from[source];
                distance++;
            }
        }
    }
    g->ray_lines = lines;
    free(rays);
    free(ray_line);
    return true;
fail:
    free(lines);
    free(rays);
    free(ray_line);
    return false;   /* what was allocated in g is freed with it */
}

/* Where the pieces of each type must stand to affect a cell by a move
 * that is not a ray; which types have such moves (ray_generic). */
static bool build_residual(game *g, const ray_source *sources, int source_count)
{
    int cells = g->board.cell_count, words = g->words;
    g->ray_residual = calloc((size_t)g->player_count * (size_t)g->type_count * (size_t)cells * (size_t)words + 1,
                             sizeof *g->ray_residual);
    if (!g->ray_residual)
        return false;
    for (int i = 0; i < source_count; i++) {
        const ray_source *r = &sources[i];
        g->ray_generic[r->player] |= 1u << r->type;
        for (int s = 0; s < cells; s++) {
            cellset affected;
            attack_zone_or_board(g, r->player, r->node, r->after, s, &affected);
            for (int c = cellset_next(&affected, -1, words); c >= 0; c = cellset_next(&affected, c, words)) {
                uint64_t *at = (uint64_t *)attack_residual(g, r->player, r->type, c);
                at[s >> 6] |= 1ull << (s & 63);
            }
        }
    }
    return true;
}

/* The set a move NODE that is not a ray must land on first (its first
 * movement's target), when that set is the same wherever the piece stands
 * (spec_position_only); -1 otherwise.  Nothing of NODE happens unless the
 * set holds a cell: a step or slide makes no move but by landing on one. */
static int entry_target(const game *g, int node)
{
    const mnode *n = &g->nodes[node];
    switch (n->op) {
    case M_SEQ: case M_GUARD:
        return entry_target(g, n->a);
    case M_STEP: case M_LEAP: case M_SLIDE:
        return n->target >= 0 && spec_position_only(g, n->target) ? n->target : -1;
    default:
        return -1;
    }
}

/* Which residual moves attack_residual_live may skip: those with an
 * entry_target, each type's only when all its residual moves have one. */
static void build_entries(game *g, const ray_source *sources, int source_count)
{
    g->ray_entry_count = 0;
    for (int p = 0; p < g->player_count; p++)
        g->ray_residual_always[p] = 0;
    for (int i = 0; i < source_count; i++) {
        const ray_source *r = &sources[i];
        int e = entry_target(g, r->node);
        if (e < 0 || g->ray_entry_count == GAME_MAX_RAY_ENTRIES)
            g->ray_residual_always[r->player] |= 1u << r->type;
        else
            g->ray_entries[g->ray_entry_count++] = (ray_entry){ (int8_t)r->player, (int8_t)r->type, (int16_t)e };
    }
}

/* The set E when the game's one legality filter is `legal unless
 * attacked(E)`, E a test of each cell by itself, and every ray's target a
 * test of the attacked cell by itself: then whether E is attacked depends
 * on the cells along the lines through E's cells (the looking back, the
 * target test), and on the pieces of types with other captures (the
 * residual search).  -1 otherwise. */
/* Whether the cell test E may hold an empty cell. */
static bool may_be_empty(const cexpr *c)
{
    return c->op != C_SET_OCCUPIED && c->op != C_SET_FRIEND && c->op != C_SET_ENEMY && c->op != C_SET_TYPE;
}

static bool may_hold_empty(const game *g, int e)
{
    return spec_set_some(g, e, may_be_empty);
}

/* The types of the pieces the cell test E may hold (bit t: type t). */
static uint32_t types_held(const game *g, int e)
{
    const cexpr *c = &g->exprs[e];
    switch (c->op) {
    case C_SET_EMPTY:
        return 0;
    case C_SET_TYPE:
        return 1u << c->value;
    case C_SET_UNION:
        return types_held(g, c->a) | types_held(g, c->b);
    case C_SET_INTERSECT:
        return types_held(g, c->a) & types_held(g, c->b);
    case C_SET_MINUS:
        return types_held(g, c->a);
    default:
        return ~0u;
    }
}

/* Whether every ray's target is a test of the cell by itself. */
static bool rays_test_cells(const game *g)
{
    for (int l = 0; l < g->line_first[g->player_count]; l++)
        for (int r = g->ray_lines[l].first; r < g->ray_lines[l].first + g->ray_lines[l].count; r++)
            if (g->rays[r].target >= 0 && !g->exprs[g->rays[r].target].spec.cell_test)
                return false;
    return true;
}

static int quiet_attacked(const game *g)
{
    int set = -1, filters = 0;
    for (int i = 0; i < g->filter_count; i++) {
        const filter *f = &g->filters[i];
        if (f->kind != FILTER_LEGAL_IF)
            continue;
        filters++;
        const cexpr *c = &g->exprs[f->expr];
        if (f->negate && c->op == C_COND_ATTACKED && c->a >= 0 && g->exprs[c->a].spec.cell_test)
            set = c->a;
    }
    return filters == 1 && rays_test_cells(g) ? set : -1;
}

bool attack_rays_build(game *g)
{
    g->spec.rays_valid = false;
    g->spec.quiet_attacked = -1;
    if (!g->spec.reach_valid || g->turn < 0 || !uses_attacked(g))
        return true;
    ray_builder rb = { .g = g };
    bool ok = true;
    for (int p = 0; p < g->player_count && ok; p++) {
        g->ray_generic[p] = 0;
        rb.player = p;
        ok = attack_each_choice(g, g->turn, -1, sort_choice, &rb);
    }
    if (ok && !rb.failed && !build_lines(g, rb.rays.items, rb.rays.count))
        rb.failed = true;
    if (ok && !rb.failed && !build_residual(g, rb.residual.items, rb.residual.count))
        ok = false;
    if (ok && !rb.failed)
        build_entries(g, rb.residual.items, rb.residual.count);
    free(rb.rays.items);
    free(rb.residual.items);
    g->spec.rays_valid = ok && !rb.failed;
    g->spec.rays_cell_tests = g->spec.rays_valid && rays_test_cells(g);
    g->spec.quiet_attacked = g->spec.rays_valid ? (int16_t)quiet_attacked(g) : -1;
    g->spec.quiet_attacked_empty = g->spec.quiet_attacked >= 0 && may_hold_empty(g, g->spec.quiet_attacked);
    g->spec.quiet_attacked_types = g->spec.quiet_attacked >= 0 ? types_held(g, g->spec.quiet_attacked) : 0;
    return !rb.failed;
}
