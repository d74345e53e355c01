/* chance: a turn with dice as a tree of the mover's choices and the dice.
 *
 * A move's path is the turn as it was played: the mover's choices (a cell
 * left, a cell reached, a type placed, ...) and the dice (PATH_ROLL, one
 * token per throw).  Sorted by path, the moves that agree on their first D
 * tokens are a contiguous run, and so are, within it, those that go on with
 * the same token, and those that go on with any throw (the throws' tokens
 * are all of one kind, so they sort together).  A run whose moves go on in
 * several ways is
 *
 * - a choice when the ways are the mover's (a throw among them is one way:
 *   the mover chooses to throw, and the dice decide the rest);
 * - a chance point when every move goes on with a throw: each face present
 *   is equally likely.  The generator merges moves that reach the same
 *   position, so a face whose moves all duplicate another face's is absent;
 *   as a face cannot yet change what follows, the faces present stand for
 *   all of them.
 *
 * Moves whose paths are the same to the end are a choice among themselves.
 */
#include <stdlib.h>
#include <string.h>

#include "search/search.h"

#define END_TOKEN INT32_MIN   /* "the path ends here": before every token */

bool chance_in(const move_list *list)
{
    for (int i = 0; i < list->count; i++)
        if (list->moves[i].flags & MOVE_CHANCE)
            return true;
    return false;
}

static int32_t token_at(const move_list *list, int i, int depth)
{
    const move *mv = &list->moves[i];
    return depth < mv->path_count ? list->path[mv->path_first + depth] : END_TOKEN;
}

static bool is_roll(int32_t token)
{
    return token != END_TOKEN && PATH_KIND(token) == PATH_ROLL;
}

static int by_path(const move_list *list, int i, int j)
{
    const move *x = &list->moves[i], *y = &list->moves[j];
    int n = x->path_count < y->path_count ? x->path_count : y->path_count;
    for (int k = 0; k < n; k++) {
        int32_t s = list->path[x->path_first + k], t = list->path[y->path_first + k];
        if (s != t)
            return s < t ? -1 : 1;
    }
    if (x->path_count != y->path_count)
        return x->path_count < y->path_count ? -1 : 1;
    return i < j ? -1 : i > j;
}

void chance_order(const move_list *list, int *order)
{
    for (int i = 0; i < list->count; i++)
        order[i] = i;
    /* shell sort: no allocation, no shared state */
    static const int gaps[] = { 701, 301, 132, 57, 23, 10, 4, 1 };
    for (size_t g = 0; g < sizeof gaps / sizeof *gaps; g++) {
        int gap = gaps[g];
        for (int i = gap; i < list->count; i++) {
            int x = order[i], j = i;
            for (; j >= gap && by_path(list, order[j - gap], x) > 0; j -= gap)
                order[j] = order[j - gap];
            order[j] = x;
        }
    }
}

/* The ways the run ORDER[LO..HI) goes on after DEPTH tokens: their bounds
 * in WAY (WAY[k]..WAY[k+1]), their count returned.  *CHANCE tells a chance
 * point (every way a throw: each way is then a face).  Moves whose paths
 * end here are a way each. */
static int ways(const move_list *list, const int *order, int lo, int hi, int depth, int *way,
                bool *chance)
{
    int count = 0;
    bool all_rolls = true;
    for (int k = lo; k < hi; k++) {
        int32_t t = token_at(list, order[k], depth);
        if (!is_roll(t))
            all_rolls = false;
    }
    *chance = all_rolls;
    for (int k = lo; k < hi;) {
        int32_t t = token_at(list, order[k], depth);
        int end = k + 1;
        if (t != END_TOKEN) {
            if (all_rolls || !is_roll(t)) {
                while (end < hi && token_at(list, order[end], depth) == t)
                    end++;
            } else {   /* a throw among choices: one way, all faces */
                while (end < hi && is_roll(token_at(list, order[end], depth)))
                    end++;
            }
        }
        way[count++] = k;
        k = end;
    }
    way[count] = hi;
    return count;
}

/* Where the run ORDER[LO..HI), at DEPTH, next branches (or its moves end):
 * the depth returned.  A single move is its own end. */
static int next_branch(const move_list *list, const int *order, int lo, int hi, int depth)
{
    if (hi - lo <= 1)
        return depth;
    for (;; depth++) {
        int32_t t = token_at(list, order[lo], depth);
        if (t == END_TOKEN || token_at(list, order[hi - 1], depth) != t)
            return depth;   /* sorted: first and last agree only if all do */
    }
}

static double mean_of(const double *v, int n, double mate_bound, double win)
{
    double sum = 0;
    bool all_won = true, all_lost = true;
    for (int k = 0; k < n; k++) {
        all_won = all_won && v[k] >= mate_bound;
        all_lost = all_lost && v[k] <= -mate_bound;
    }
    for (int k = 0; k < n; k++) {
        double x = v[k];
        if (mate_bound > 0 && !all_won && !all_lost)   /* a mixed end: won or lost, without distances */
            x = x >= mate_bound ? win : x <= -mate_bound ? -win : x;
        sum += x;
    }
    return sum / n;
}

/* The value of the run ORDER[LO..HI) from DEPTH on. */
static double run_value(const move_list *list, const int *order, const double *values, int lo,
                        int hi, int depth, double mate_bound, double win, int level)
{
    if (hi - lo == 1)
        return values[order[lo]];
    depth = next_branch(list, order, lo, hi, depth);
    int way[MOVELIST_MAX_MOVES + 1];
    int *bounds = level < 4 ? way : malloc((size_t)(hi - lo + 1) * sizeof *bounds);
    if (!bounds)
        return values[order[lo]];
    bool chance;
    int n = ways(list, order, lo, hi, depth, bounds, &chance);
    double result = chance ? 0 : -1e300;
    double *faces = chance ? malloc((size_t)n * sizeof *faces) : NULL;
    for (int k = 0; k < n; k++) {
        int a = bounds[k], b = bounds[k + 1];
        bool single = a + 1 == b;
        /* a throw chosen among other ways starts a chance point at this depth;
         * a way that follows a token goes on after it */
        int next = chance ? depth + 1 : single || is_roll(token_at(list, order[a], depth)) ? depth : depth + 1;
        double v = run_value(list, order, values, a, b, next, mate_bound, win, level + 1);
        if (chance) {
            if (faces)
                faces[k] = v;
            else
                result += v / n;
        } else if (v > result) {
            result = v;
        }
    }
    if (faces) {
        result = mean_of(faces, n, mate_bound, win);
        free(faces);
    }
    if (bounds != way)
        free(bounds);
    return result;
}

double chance_value(const move_list *list, const int *order, const double *values,
                    double mate_bound, double win)
{
    if (list->count == 0)
        return 0;
    return run_value(list, order, values, 0, list->count, 0, mate_bound, win, 0);
}

int chance_walk(const move_list *list, const int *order, chance_chooser choose, void *context,
                uint64_t *rng)
{
    if (list->count == 0)
        return -1;
    int lo = 0, hi = list->count, depth = 0;
    int *way = malloc((size_t)(list->count + 1) * sizeof *way);
    if (!way)
        return order[0];
    while (hi - lo > 1) {
        depth = next_branch(list, order, lo, hi, depth);
        bool chance;
        int n = ways(list, order, lo, hi, depth, way, &chance);
        int k;
        if (chance)
            k = (int)(rng_next(rng) % (uint64_t)n);
        else
            k = choose ? choose(list, order, way, n, depth, context) : (int)(rng_next(rng) % (uint64_t)n);
        if (k < 0 || k >= n)
            k = 0;
        int a = way[k], b = way[k + 1];
        if (chance || !(a + 1 == b || is_roll(token_at(list, order[a], depth))))
            depth++;
        lo = a;
        hi = b;
    }
    free(way);
    return order[lo];
}

double chance_way_value(const move_list *list, const int *order, const int *way, int k, int depth,
                        const double *values, double mate_bound, double win)
{
    int a = way[k], b = way[k + 1];
    int next = a + 1 == b || is_roll(token_at(list, order[a], depth)) ? depth : depth + 1;
    return run_value(list, order, values, a, b, next, mate_bound, win, 0);
}
