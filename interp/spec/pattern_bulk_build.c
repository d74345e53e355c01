/* pattern_bulk_build: which patterns `CELLS where PATTERN` can test for
 * every cell at once (movegen/pattern_bulk.c), and their tables.
 *
 * eval_pattern_matches walks a pattern from one anchor; a where-test over
 * the empty cells of an Othello board walks it sixty times in eight
 * directions.  When every step of a pattern goes one way (the pattern's
 * direction variable, or a fixed direction) along which the board is an
 * index offset, and its tests do not depend on the anchor, the cells from
 * which the rest of a path succeeds can be computed for all cells together,
 * from the last step back to the first, with whole-set shifts.  The walk is
 * greedy (a run takes every cell it can), and so is this.
 */
#include "spec/pattern_bulk_build.h"

#include <stdlib.h>

#include "game/shifts.h"
#include "spec/specialise.h"

/* The board direction a pattern step takes with the variable at VARIABLE
 * (-1: none), or -1 when the step is not a single shiftable direction. */
static int step_direction(const game *g, const pstep *ps, int player, int variable)
{
    if (ps->directions < 0)
        return -1;
    const dlist *d = &g->dlists[ps->directions];
    if (d->count[player] != 1)
        return -1;
    const dstep *s = &d->steps[player][0];
    int dir = -1;
    if (s->kind == STEP_DIRECTION)
        dir = s->direction;
    else if (s->kind == STEP_VARIABLE && variable >= 0)
        dir = s->direction ? board_rotate(&g->board, variable, s->direction * g->board.turn_degrees)
                           : variable;
    return dir >= 0 && dir < g->board.direction_count && g->spec.shift_valid[dir] ? dir : -1;
}

/* The variable's values for PLAYER, or false when one is not a direction. */
static bool variable_values(const game *g, const pattern *pt, int player, int *values, int *count)
{
    if (pt->variable_directions < 0) {
        values[0] = -1;
        *count = 1;
        return true;
    }
    const dlist *d = &g->dlists[pt->variable_directions];
    *count = d->count[player];
    for (int i = 0; i < *count; i++) {
        if (d->steps[player][i].kind != STEP_DIRECTION)
            return false;
        values[i] = d->steps[player][i].direction;
    }
    return true;
}

/* The rounds of doubling that fill a run along the board's longest line
 * the way of FROM and FORWARD (pattern.bulk_rounds): the line's cells
 * are counted by moving every cell along it until none is left (the cells
 * of FROM are the board's, and so are their neighbours; game.board_word
 * is not set yet). */
static int fill_rounds(uint64_t from, int forward)
{
    int cells = 1, rounds = 0;
    for (uint64_t s = ~(uint64_t)0; (s = word_rotate_left(s & from, forward)) != 0;)
        cells++;
    while ((1 << rounds) < cells)
        rounds++;
    return rounds;
}

bool pattern_bulk_prepare(const game *g, pattern *pt)
{
    free(pt->bulk_dirs);
    pt->bulk_dirs = NULL;
    pt->spec.bulk_straight = false;
    for (int i = 0; i < pt->step_count; i++) {
        const pstep *ps = &pt->steps[i];
        if (ps->label >= 0 || !spec_position_only(g, ps->test) || ps->min > 1 || (ps->max != 1 && ps->max != -1))
            return false;
    }
    int8_t *dirs = malloc((size_t)g->player_count * GAME_MAX_DSTEPS * (size_t)(pt->step_count > 0 ? pt->step_count : 1));
    if (!dirs)
        return false;   /* the pattern is walked instead */
    for (int p = 0; p < g->player_count; p++) {
        int values[GAME_MAX_DSTEPS], count;
        if (!variable_values(g, pt, p, values, &count)) {
            free(dirs);
            return false;
        }
        pt->spec.bulk_values[p] = count;
        for (int v = 0; v < count; v++)
            for (int i = 0; i < pt->step_count; i++) {
                int d = step_direction(g, &pt->steps[i], p, values[v]);
                if (d < 0) {
                    free(dirs);
                    return false;
                }
                dirs[(p * GAME_MAX_DSTEPS + v) * pt->step_count + i] = (int8_t)d;
            }
    }
    pt->bulk_dirs = dirs;
    free(pt->bulk_word);
    pt->bulk_word = NULL;
    pt->spec.bulk_rounds = 0;
    if (g->words == 1) {
        size_t steps = (size_t)g->player_count * GAME_MAX_DSTEPS * (size_t)(pt->step_count > 0 ? pt->step_count : 1);
        bulk_word_step *word = calloc(steps, sizeof *word);
        if (!word) {
            free(dirs);
            pt->bulk_dirs = NULL;
            return false;
        }
        for (int p = 0; p < g->player_count; p++)
            for (int v = 0; v < pt->spec.bulk_values[p]; v++)
                for (int i = 0; i < pt->step_count; i++) {
                    int at = (p * GAME_MAX_DSTEPS + v) * pt->step_count + i, d = dirs[at];
                    const pstep *ps = &pt->steps[i];
                    uint64_t from = g->spec.shift_from[d].w[0];
                    int forward = g->spec.shift_offset[d] & 63, rounds = fill_rounds(from, forward);
                    word[at] = (bulk_word_step){ from, (uint8_t)forward, (uint8_t)(-g->spec.shift_offset[d] & 63),
                                                 ps->min, ps->max, ps->mark != 0 };
                    if (rounds > pt->spec.bulk_rounds)
                        pt->spec.bulk_rounds = rounds;
                }
        pt->bulk_word = word;
    }
    /* (the tests are position-only sets: whether one holds a cell depends
     * on that cell's piece, or on no cell's) */
    pt->spec.bulk_straight = true;
    for (int p = 0; p < g->player_count; p++)
        for (int v = 0; v < pt->spec.bulk_values[p]; v++)
            for (int q = 0; q < pt->path_count; q++)
                for (int i = pt->paths[q].first + 1; i < pt->paths[q].first + pt->paths[q].count; i++)
                    if (pattern_bulk_dirs(pt, p, v)[i] != pattern_bulk_dirs(pt, p, v)[pt->paths[q].first])
                        pt->spec.bulk_straight = false;
    return true;
}
