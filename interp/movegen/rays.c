/* rays (run time): whether a cell is attacked, read by looking
 * back from it along each line for a piece of the right type (the tables
 * spec/attack_rays.c builds: game.ray_lines, game.ray_entries). */
#include "movegen/rays.h"

#include "movegen/cell_program.h"
#include "movegen/eval.h"
#include "movegen/movegen_internal.h"

/* --- attack detection */

/* attack_rays_hit, or with MOVED as if the mover's piece on MOVED->from had
 * landed on MOVED->to as MOVED->code, along every line or (not EVERY)
 * those through MOVED->from only (inlined into each, MOVED known there to
 * be NULL or not): RAYS_MISS, RAYS_HIT or RAYS_UNKNOWN. */
__attribute__((always_inline)) static inline int rays_hit(gen *x, int cell, uint32_t types, const cell_landing *moved,
                                                          bool every)
{
    const game *g = x->g;
    const position *p = x->pos;
    int words = g->words;
    for (int l = g->line_first[x->player]; l < g->line_first[x->player + 1]; l++) {
        const attack_line *line = &g->ray_lines[l];
        if (!(line->types & types))
            continue;
        /* the cheap test first: a piece of the line's types on the line
         * (a landing only takes pieces off it) */
        const uint64_t *mask = g->ray_masks + ((size_t)line->at + (size_t)cell) * (size_t)words;
        if (moved && !every && !((mask[moved->from >> 6] >> (moved->from & 63)) & 1))
            continue;
        if (!attack_line_manned(g, p, line, x->player, mask))
            continue;
        /* back along the line over empty cells to the first piece */
        const int16_t *from = g->ray_from + line->at;
        int source = from[cell], distance = 1;
        uint16_t code = 0;
        while (source >= 0 && source != cell) {
            code = !moved ? p->cells[source] : source == moved->to ? moved->code
                 : source == moved->from ? 0 : p->cells[source];
            if (code)
                break;
            if (line->max >= 0 && distance >= line->max) {
                source = -1;
                break;
            }
            source = from[source];
            distance++;
        }
        if (source < 0 || source == cell)
            continue;
        int type = PIECE_TYPE(code);
        if (PIECE_OWNER(code) != x->player || !(line->types & (1u << type)))
            continue;
        /* the target is read where the piece stands, before it moves */
        bool hit = false, known = true;
        x->anchor = x->origin = x->last = source;
        for (int r = line->first; r < line->first + line->count && !hit; r++) {
            const attack_ray *ray = &g->rays[r];
            if (ray->type != type || distance < ray->min || (ray->max >= 0 && distance > ray->max))
                continue;
            if (moved && cell == moved->to) {
                /* the cell as the landing leaves it: by a content table,
                 * or taken as hit (not known) */
                const cexpr *t = ray->target >= 0 ? &g->exprs[ray->target] : NULL;
                known = t && t->spec.content >= 0;
                hit = !known || content_holds(x, t, cell, moved->code);
            } else {
                hit = eval_has(x, ray->target, cell);
            }
        }
        x->anchor = x->origin = x->last = -1;
        if (hit)
            return known ? RAYS_HIT : RAYS_UNKNOWN;
    }
    return RAYS_MISS;
}

bool attack_rays_hit(gen *x, int cell, uint32_t types)
{
    return rays_hit(x, cell, types, NULL, true) != RAYS_MISS;
}

int attack_rays_hit_moved(gen *x, int cell, uint32_t types, const cell_landing *moved, bool every)
{
    return rays_hit(x, cell, types, moved, every);
}

uint32_t attack_residual_live(gen *x, uint32_t types)
{
    const game *g = x->g;
    uint32_t live = types & g->ray_residual_always[x->player];
    for (int i = 0; i < g->ray_entry_count; i++) {
        const ray_entry *r = &g->ray_entries[i];
        if (r->player != x->player || !(types & ~live & (1u << r->type)))
            continue;
        cellset s;
        eval_set(x, r->expr, &s);
        if (!cellset_empty(&s, g->words))
            live |= 1u << r->type;
    }
    return live;
}
