/* pattern_bulk: `CELLS where PATTERN` for every cell at once, from the
 * tables spec/pattern_bulk_build.c fills (see there for when a pattern
 * can be run so). */
#include "movegen/pattern_bulk.h"

#include "game/shifts.h"
#include "movegen/eval.h"
#include "movegen/movegen_internal.h"

/* The cells from which the steps FIRST..LAST-1 of a path succeed. */
static void path_starts(gen *x, const pattern *pt, const cellset *tests, int first, int last,
                        const int8_t *dirs, cellset *out)
{
    const game *g = x->g;
    int words = g->words;
    cellset rest;   /* where the steps after the current one succeed */
    cellset_fill(&rest, g->board.cell_count);
    for (int i = last - 1; i >= first; i--) {
        const pstep *ps = &pt->steps[i];
        int d = dirs[i];
        const cellset *t = &tests[i];
        cellset before_t, good, next;
        shift_back(g, d, t, &before_t);    /* cells whose next cell passes */
        if (ps->max == 1) {
            cellset_copy(&good, t, words);
            cellset_and(&good, &rest, words);
        } else {
            /* run ends that pass the rest, then back along the run */
            cellset_copy(&good, t, words);
            cellset_and(&good, &rest, words);
            cellset_and_not(&good, &before_t, words);
            for (;;) {
                shift_back(g, d, &good, &next);
                cellset_and(&next, t, words);
                cellset_and_not(&next, &good, words);
                if (cellset_empty(&next, words))
                    break;
                cellset_or(&good, &next, words);
            }
        }
        shift_back(g, d, &good, &next);
        if (ps->min == 0) {
            /* no cell taken: the rest starts where this step did */
            cellset stay;
            cellset_copy(&stay, &rest, words);
            cellset_and_not(&stay, &before_t, words);
            cellset_or(&next, &stay, words);
        }
        cellset_copy(&rest, &next, words);
    }
    cellset_copy(out, &rest, words);
}

/* The pattern's tests as sets (a negated test complemented). */
static void bulk_tests(gen *x, const pattern *pt, cellset *tests)
{
    const game *g = x->g;
    int saved_anchor = x->pattern_anchor;
    x->pattern_anchor = -1;     /* the tests do not read it */
    for (int i = 0; i < pt->step_count; i++) {
        eval_set(x, pt->steps[i].test, &tests[i]);
        if (pt->steps[i].negate) {
            cellset all;
            cellset_fill(&all, g->board.cell_count);
            cellset_and_not(&all, &tests[i], g->words);
            tests[i] = all;
        }
    }
    x->pattern_anchor = saved_anchor;
}

/* SEED and every cell reached from it by cells of LINK one after the
 * other, each a rotation left by BY from the one before: a run filled by
 * doubling in ROUNDS rounds (pattern.bulk_rounds; after round R, up to
 * 2^R - 1 cells away, LINK then the cells from which the next 2^R cells
 * are LINK's too).  Backwards (BY a step's BACK), LINK is the cells of
 * the run's test with a neighbour that way; forwards, those that are the
 * neighbour that way of the cell before them.  No loop on the board's
 * contents: a fixed point taken step by step costs a branch the processor
 * cannot foresee each time round, and runs are mostly short. */
__attribute__((always_inline)) static inline uint64_t run_fill(uint64_t seed, uint64_t link, int by, int rounds)
{
#pragma GCC unroll 6
    for (int r = 0; r < rounds; r++) {
        int shift = (by << r) & 63;
        seed |= link & word_rotate_left(seed, shift);
        link &= word_rotate_left(link, shift);
    }
    return seed;
}

/* The cells from which the step S succeeds, its test's cells T, and the
 * steps after it succeed from where it ends (REST). */
__attribute__((always_inline)) static inline uint64_t step_starts_word(const bulk_word_step *s, uint64_t t,
                                                                       uint64_t rest, int rounds)
{
    uint64_t from = s->from, before_t = word_rotate_left(t, s->back) & from, good = t & rest;
    if (s->max != 1)    /* the run's last cells that pass the rest, then back along the run */
        good = run_fill(good & ~before_t, t & from, s->back, rounds);
    uint64_t next = word_rotate_left(good, s->back) & from;
    if (s->min == 0)    /* no cell taken: the rest starts where this step did */
        next |= rest & ~before_t;
    return next;
}

/* path_starts and bulk_tests on a board of one word: the same steps on
 * words in registers, each step's direction read as pattern.bulk_word's
 * rotations and mask (STEPS), where the sets above go through memory a
 * word at a time. */
static inline uint64_t path_starts_word(const game *g, const uint64_t *tests, int first, int last,
                                        const bulk_word_step *steps, int rounds)
{
    uint64_t rest = g->board_word;
    for (int i = last - 1; i >= first; i--)
        rest = step_starts_word(&steps[i], tests[i], rest, rounds);
    return rest;
}

/* The cells from which a path of two steps succeeds (its tests T0 and T1)
 * for each of the COUNT values from STEPS on, into STARTS, and for any
 * value.  Inlined with ROUNDS a constant (bulk_where_word): the rounds
 * unrolled, no loop of them either. */
__attribute__((always_inline)) static inline uint64_t two_steps_starts(const game *g, const pattern *pt,
                                                                       const bulk_word_step *steps, int count,
                                                                       uint64_t t0, uint64_t t1, int rounds,
                                                                       uint64_t *starts)
{
    uint64_t out = 0;
    for (int v = 0; v < count; v++, steps += pt->step_count) {
        starts[v] = step_starts_word(&steps[0], t0, step_starts_word(&steps[1], t1, g->board_word, rounds), rounds);
        out |= starts[v];
    }
    return out;
}

/* pattern.bulk_word's steps for PLAYER with the variable's V-th value. */
static inline const bulk_word_step *word_steps(const pattern *pt, int player, int v)
{
    return pt->bulk_word + (player * GAME_MAX_DSTEPS + v) * pt->step_count;
}

static void bulk_tests_word(gen *x, const pattern *pt, uint64_t *tests)
{
    int saved_anchor = x->pattern_anchor;
    x->pattern_anchor = -1;
    for (int i = 0; i < pt->step_count; i++) {
        tests[i] = eval_set_word(x, pt->steps[i].test);
        if (pt->steps[i].negate)
            tests[i] = x->g->board_word & ~tests[i];
    }
    x->pattern_anchor = saved_anchor;
}

/* Whether gen.bulk_* hold the where of pattern PT (of one path of two
 * steps) for the mover in the position as it is. */
static inline bool bulk_known(const gen *x, const pattern *pt)
{
    return x->bulk_known && x->bulk_pattern == (int)(pt - x->g->patterns) && x->bulk_player == x->player
           && x->bulk_hash == x->pos->hash;
}

static uint64_t bulk_where_word(gen *x, const pattern *pt, uint64_t from)
{
    const game *g = x->g;
    uint64_t tests[GAME_MAX_PATTERN_STEPS], out = 0;
    bulk_tests_word(x, pt, tests);
    int count = pt->spec.bulk_values[x->player], groups = pt->group_count, paths = pt->path_count;
    if (groups == 1 && paths == 1) {    /* (one path, most patterns: no loops around it) */
        int first = pt->paths[0].first, last = first + pt->paths[0].count;
        if (first == 0 && last == 2) {
            /* (two steps, most patterns': their loop unrolled, the tests
             * in registers; kept for the marks from a cell found here) */
            const bulk_word_step *steps = word_steps(pt, x->player, 0);
            uint64_t *starts = x->bulk_starts;
            /* (a board of 5 to 8 cells a line: 3 rounds, as a constant) */
            out = pt->spec.bulk_rounds == 3
                      ? two_steps_starts(g, pt, steps, count, tests[0], tests[1], 3, starts)
                      : two_steps_starts(g, pt, steps, count, tests[0], tests[1], pt->spec.bulk_rounds, starts);
            x->bulk_known = true;
            x->bulk_pattern = (int)(pt - g->patterns);
            x->bulk_player = x->player;
            x->bulk_hash = x->pos->hash;
            x->bulk_tests[0] = tests[0];
            x->bulk_tests[1] = tests[1];
            return out & from;
        }
        for (int v = 0; v < count; v++)
            out |= path_starts_word(g, tests, first, last, word_steps(pt, x->player, v), pt->spec.bulk_rounds);
        return out & from;
    }
    for (int v = 0; v < count; v++) {
        const bulk_word_step *steps = word_steps(pt, x->player, v);
        for (int group = 0; group < groups; group++) {
            uint64_t all = from & ~out;
            for (int p = 0; p < paths && all; p++)
                if (pt->paths[p].group == group)
                    all &= path_starts_word(g, tests, pt->paths[p].first,
                                            pt->paths[p].first + pt->paths[p].count, steps, pt->spec.bulk_rounds);
            out |= all;
        }
    }
    return out;
}

void pattern_bulk_where(gen *x, int pattern_index, const cellset *from, cellset *out)
{
    const game *g = x->g;
    int words = g->words;
    const pattern *pt = &g->patterns[pattern_index];
    if (words == 1) {
        out->w[0] = bulk_where_word(x, pt, from->w[0]);
        return;
    }
    cellset tests[GAME_MAX_PATTERN_STEPS];
    bulk_tests(x, pt, tests);
    int count = pt->spec.bulk_values[x->player];
    cellset_clear(out, words);
    for (int v = 0; v < count; v++) {
        for (int group = 0; group < pt->group_count; group++) {
            cellset all;
            cellset_copy(&all, from, words);
            cellset_and_not(&all, out, words);      /* already found */
            for (int p = 0; p < pt->path_count && !cellset_empty(&all, words); p++) {
                if (pt->paths[p].group != group)
                    continue;
                cellset starts;
                path_starts(x, pt, tests, pt->paths[p].first, pt->paths[p].first + pt->paths[p].count,
                            pattern_bulk_dirs(pt, x->player, v), &starts);
                cellset_and(&all, &starts, words);
            }
            cellset_or(out, &all, words);
        }
    }
}

/* The step S from the cell *AT (its bit), its test's cells T: the cells
 * it marks; *AT becomes where it ends, and *OK false if it takes fewer
 * cells than its minimum.  A run is taken whole (run_fill) and
 * ends on its last cell, the one whose neighbour that way is not in it.
 * No branch on what the cells hold (see run_fill): a step that fails
 * leaves *AT as it was, for the steps after it to walk in vain. */
__attribute__((always_inline)) static inline uint64_t step_marks_word(const bulk_word_step *s, uint64_t t,
                                                                      uint64_t *at, bool *ok, int rounds)
{
    uint64_t from = s->from, next = word_rotate_left(*at & from, s->forward) & t, end = next;
    if (s->max < 0) {
        next = run_fill(next, t & word_rotate_left(from, s->forward), s->forward, rounds);
        end = next & ~(word_rotate_left(next, s->back) & from);
    }
    *ok = *ok & ((next != 0) | (s->min == 0));
    *at = next ? end : *at;
    return s->mark ? next : 0;
}

/* The cells the steps FIRST..LAST-1 of a path mark from ANCHOR, on a board
 * of one word; *OK false when a step takes fewer cells than its minimum. */
static inline uint64_t path_marks_word(const uint64_t *tests, int first, int last, const bulk_word_step *steps,
                                       int anchor, bool *ok, int rounds)
{
    uint64_t at = (uint64_t)1 << anchor, marks = 0;
    *ok = true;
    for (int i = first; i < last; i++)
        marks |= step_marks_word(&steps[i], tests[i], &at, ok, rounds);
    return marks;
}

/* The cells a path of two steps (STEPS, its tests T0 and T1) marks from
 * ANCHOR; none if it fails. */
__attribute__((always_inline)) static inline uint64_t two_steps_marks(const bulk_word_step *steps, uint64_t t0,
                                                                      uint64_t t1, int anchor, int rounds)
{
    uint64_t at = (uint64_t)1 << anchor;
    bool ok = true;
    uint64_t marks = step_marks_word(&steps[0], t0, &at, &ok, rounds);
    marks |= step_marks_word(&steps[1], t1, &at, &ok, rounds);
    return ok ? marks : 0;
}

/* The same for each of the values of the variable whose bits are in
 * VALUES, their steps from STEPS on: all values (no branch on the cells,
 * see run_fill), or those the where before found the path succeeds for
 * (gen.bulk_starts: two or three of Othello's eight, a loop that stops
 * unforeseen once, for five or six values' work saved). */
__attribute__((always_inline)) static inline uint64_t values_marks(const pattern *pt, const bulk_word_step *steps,
                                                                   uint32_t values, uint64_t t0, uint64_t t1,
                                                                   int anchor, int rounds)
{
    uint64_t out = 0;
    for (; values; values &= values - 1)
        out |= two_steps_marks(steps + __builtin_ctz(values) * pt->step_count, t0, t1, anchor, rounds);
    return out;
}

/* pattern_bulk_marks on a board of one word. */
static uint64_t bulk_marks_word(gen *x, const pattern *pt, int anchor)
{
    uint64_t tests[GAME_MAX_PATTERN_STEPS], out = 0;
    int count = pt->spec.bulk_values[x->player];
    if (pt->group_count == 1 && pt->path_count == 1 && pt->paths[0].first == 0 && pt->paths[0].count == 2) {
        /* (as bulk_where_word) */
        const bulk_word_step *steps = word_steps(pt, x->player, 0);
        uint32_t values = 0;
        if (bulk_known(x, pt)) {
            tests[0] = x->bulk_tests[0];
            tests[1] = x->bulk_tests[1];
            for (int v = 0; v < count; v++)
                values |= (uint32_t)((x->bulk_starts[v] >> anchor) & 1) << v;
        } else {
            bulk_tests_word(x, pt, tests);
            values = (uint32_t)(((uint64_t)1 << count) - 1);
        }
        return pt->spec.bulk_rounds == 3
                   ? values_marks(pt, steps, values, tests[0], tests[1], anchor, 3)
                   : values_marks(pt, steps, values, tests[0], tests[1], anchor, pt->spec.bulk_rounds);
    }
    bulk_tests_word(x, pt, tests);
    if (pt->group_count == 1 && pt->path_count == 1) {  /* (as bulk_where_word) */
        int first = pt->paths[0].first, last = first + pt->paths[0].count;
        for (int v = 0; v < count; v++) {
            bool ok;
            uint64_t marks = path_marks_word(tests, first, last, word_steps(pt, x->player, v), anchor, &ok,
                                             pt->spec.bulk_rounds);
            out |= ok ? marks : 0;
        }
        return out;
    }
    for (int v = 0; v < count; v++) {
        const bulk_word_step *steps = word_steps(pt, x->player, v);
        for (int group = 0; group < pt->group_count; group++) {
            uint64_t marks = 0;
            bool ok = true;
            for (int p = 0; p < pt->path_count && ok; p++)
                if (pt->paths[p].group == group)
                    marks |= path_marks_word(tests, pt->paths[p].first,
                                             pt->paths[p].first + pt->paths[p].count, steps, anchor, &ok,
                                             pt->spec.bulk_rounds);
            if (ok)
                out |= marks;
        }
    }
    return out;
}

bool pattern_bulk_marks(gen *x, int pattern_index, int anchor, int max, cellset *out)
{
    const game *g = x->g;
    int words = g->words;
    const pattern *pt = &g->patterns[pattern_index];
    int count = pt->spec.bulk_values[x->player];
    /* every step has one way to go, so each value and group matches at most
     * once; more ways than the caller takes matches: its order decides */
    if (count * pt->group_count > max)
        return false;
    if (words == 1) {
        out->w[0] = bulk_marks_word(x, pt, anchor);
        return true;
    }
    cellset tests[GAME_MAX_PATTERN_STEPS];
    bulk_tests(x, pt, tests);
    cellset_clear(out, words);
    for (int v = 0; v < count; v++) {
        const int8_t *dirs = pattern_bulk_dirs(pt, x->player, v);
        for (int group = 0; group < pt->group_count; group++) {
            cellset marks;
            cellset_clear(&marks, words);
            bool ok = true;
            for (int p = 0; p < pt->path_count && ok; p++) {
                if (pt->paths[p].group != group)
                    continue;
                int cell = anchor;
                for (int i = pt->paths[p].first; i < pt->paths[p].first + pt->paths[p].count && ok; i++) {
                    const pstep *ps = &pt->steps[i];
                    /* a shiftable direction: the neighbour table has it */
                    int d = dirs[i], taken = 0;
                    const int *neighbour = g->board.neighbour + d;
                    while (ps->max < 0 || taken < ps->max) {
                        int next = neighbour[cell * g->board.neighbour_stride];
                        if (next < 0 || !cellset_has(&tests[i], next))
                            break;
                        taken++;
                        cell = next;
                        if (ps->mark)
                            cellset_add(&marks, next);
                    }
                    ok = taken >= ps->min;
                }
            }
            if (ok)
                cellset_or(out, &marks, words);
        }
    }
    return true;
}
