/* pattern_reach_build: the cells a pattern's first step can take from
 * each anchor (see the header). */
#include "spec/pattern_reach_build.h"

#include <stdlib.h>

#include "game/steps.h"

/* Beyond this many bytes of tables for one pattern it is walked as
 * before: a 19x19 board with eight values of the variable and four
 * players would need megabytes for a saving of a few instructions. */
#define REACH_TABLE_LIMIT (1u << 20)

/* The step of PT that starts group GROUP's walk (the first step of its
 * first path), or -1 where the group may match without taking a cell
 * there: no path, an empty path, or a first step that may take none. */
static int group_first_step(const pattern *pt, int group)
{
    int p = 0;
    while (p < pt->path_count && pt->paths[p].group != group)
        p++;
    if (p == pt->path_count || pt->paths[p].count <= 0)
        return -1;
    int step = pt->paths[p].first;
    return pt->steps[step].min >= 1 ? step : -1;
}

/* The values of PT's variable for the largest count of any player (1
 * without a variable). */
static int variable_values(const game *g, const pattern *pt)
{
    const dlist *vd = pt->variable_directions >= 0 ? &g->dlists[pt->variable_directions] : NULL;
    int values = 1;
    for (int p = 0; vd && p < g->player_count; p++)
        if (vd->count[p] > values)
            values = vd->count[p];
    return values;
}

void pattern_reach_prepare(const game *g, pattern *pt)
{
    free(pt->first_cells);
    free(pt->first_any);
    pt->first_cells = NULL;
    pt->first_any = NULL;
    pt->spec.first_reach = false;
    pt->spec.first_shared = false;
    pt->first_values = variable_values(g, pt);
    if (pt->group_count <= 0 || pt->group_count > GAME_MAX_PATHS)
        return;
    int first[GAME_MAX_PATHS];
    bool shared = true;
    for (int group = 0; group < pt->group_count; group++) {
        first[group] = group_first_step(pt, group);
        if (first[group] < 0)
            return;
        const pstep *a = &pt->steps[first[0]], *b = &pt->steps[first[group]];
        if (a->test != b->test || a->negate != b->negate)
            shared = false;
    }
    const dlist *vd = pt->variable_directions >= 0 ? &g->dlists[pt->variable_directions] : NULL;
    int values = pt->first_values;
    int cells = g->board.cell_count, words = g->words;
    size_t entries = (size_t)g->player_count * (size_t)values * (size_t)pt->group_count * (size_t)cells;
    if (entries * (size_t)words * sizeof(uint64_t) > REACH_TABLE_LIMIT)
        return;
    uint64_t *table = calloc(entries * (size_t)words, sizeof *table);
    uint64_t *any = calloc((size_t)g->player_count * (size_t)cells * (size_t)words, sizeof *any);
    if (!table || !any) {
        free(table);
        free(any);
        return;
    }
    for (int p = 0; p < g->player_count; p++) {
        int bindings = vd ? vd->count[p] : 1;
        for (int bi = 0; bi < bindings; bi++) {
            /* the variable as eval_pattern_matches binds it */
            int variable = vd ? vd->steps[p][bi].direction : -1;
            for (int group = 0; group < pt->group_count; group++) {
                const pstep *ps = &pt->steps[first[group]];
                const dlist *d = ps->directions >= 0 ? &g->dlists[ps->directions] : NULL;
                for (int anchor = 0; anchor < cells; anchor++) {
                    uint64_t *row = table + pattern_first_cells_at(pt, cells, words, p, bi, group, anchor);
                    uint64_t *all = any + pattern_first_any_at(cells, words, p, anchor);
                    for (int i = 0; d && i < d->count[p]; i++) {
                        const dstep s = step_resolved(g, &d->steps[p][i], variable);
                        int next = step_take(g, anchor, &s, variable);
                        if (next >= 0) {
                            row[next / 64] |= (uint64_t)1 << (next % 64);
                            all[next / 64] |= (uint64_t)1 << (next % 64);
                        }
                    }
                }
            }
        }
    }
    pt->first_cells = table;
    pt->spec.first_reach = true;
    if (shared) {
        pt->first_any = any;
        pt->spec.first_shared = true;
    } else {
        free(any);
    }
}
