/* engine_spec: engines by name ("random", "ab:depth=4", "mcts:time=500"),
 * and the engine that runs the chosen algorithm. */
#include <errno.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "search.h"

#define ESTIMATE_PLAYOUTS 300

/* Set from a signal handler: volatile sig_atomic_t is all it may touch. */
static volatile sig_atomic_t interrupted;

void search_interrupt(void)
{
    interrupted = 1;
}

bool search_interrupted(void)
{
    return interrupted != 0;
}

void search_clear_interrupt(void)
{
    interrupted = 0;
}

double search_clock(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + (double)t.tv_nsec * 1e-9;
}

void search_score_text(score_kind kind, int score, int distance, char *out, size_t size)
{
    switch (kind) {
    case SCORE_WIN: snprintf(out, size, "win in %d", distance); break;
    case SCORE_LOSS: snprintf(out, size, "loss in %d", distance); break;
    case SCORE_DRAW: snprintf(out, size, "draw"); break;
    default: snprintf(out, size, "%d", score); break;
    }
}

static bool read_number(const char *text, size_t length, long low, long high, long *out)
{
    char buffer[32];
    if (length == 0 || length >= sizeof buffer)
        return false;
    memcpy(buffer, text, length);
    buffer[length] = '\0';
    char *end;
    errno = 0;
    long value = strtol(buffer, &end, 10);
    if (errno || *end || value < low || value > high)
        return false;
    *out = value;
    return true;
}

bool engine_spec_parse(const char *text, engine_spec *spec, char *error, size_t error_size)
{
    memset(spec, 0, sizeof *spec);
    const char *colon = strchr(text, ':');
    size_t name_length = colon ? (size_t)(colon - text) : strlen(text);
    if (name_length == 6 && !strncmp(text, "random", 6)) {
        spec->kind = ENGINE_RANDOM;
        if (colon) {
            snprintf(error, error_size, "'random' takes no settings");
            return false;
        }
        return true;
    } else if (name_length == 2 && !strncmp(text, "ab", 2)) {
        spec->kind = ENGINE_ALPHABETA;
    } else if (name_length == 4 && !strncmp(text, "mcts", 4)) {
        spec->kind = ENGINE_MCTS;
    } else {
        snprintf(error, error_size, "unknown engine '%.*s' (random, ab or mcts)", (int)name_length, text);
        return false;
    }
    if (!colon || !colon[1]) {
        snprintf(error, error_size, "'%s' needs a limit, e.g. %s", text,
                 spec->kind == ENGINE_ALPHABETA ? "ab:depth=4" : "mcts:playouts=1000");
        return false;
    }
    for (const char *at = colon + 1; *at;) {
        const char *comma = strchr(at, ',');
        size_t length = comma ? (size_t)(comma - at) : strlen(at);
        const char *equals = memchr(at, '=', length);
        if (!equals) {
            snprintf(error, error_size, "'%.*s' is not KEY=VALUE", (int)length, at);
            return false;
        }
        size_t key_length = (size_t)(equals - at);
        const char *value = equals + 1;
        size_t value_length = length - key_length - 1;
        long number;
        bool ok;
        if (key_length == 4 && !strncmp(at, "time", 4)) {
            ok = read_number(value, value_length, 1, 86400000L, &number);
            spec->time_ms = number;
        } else if (spec->kind == ENGINE_ALPHABETA && key_length == 5 && !strncmp(at, "depth", 5)) {
            ok = read_number(value, value_length, 1, SEARCH_MAX_PLY - 1, &number);
            spec->depth = (int)number;
        } else if (spec->kind == ENGINE_ALPHABETA && key_length == 5 && !strncmp(at, "nodes", 5)) {
            ok = read_number(value, value_length, 1, 2000000000L, &number);
            spec->nodes = number;
        } else if (spec->kind == ENGINE_MCTS && key_length == 8 && !strncmp(at, "playouts", 8)) {
            ok = read_number(value, value_length, 1, 2000000000L, &number);
            spec->playouts = number;
        } else {
            snprintf(error, error_size, "unknown setting '%.*s' for %s", (int)key_length, at,
                     spec->kind == ENGINE_ALPHABETA ? "ab (depth, time, nodes)" : "mcts (playouts, time)");
            return false;
        }
        if (!ok) {
            snprintf(error, error_size, "bad value '%.*s' for %.*s", (int)value_length, value,
                     (int)key_length, at);
            return false;
        }
        at += length;
        if (*at == ',')
            at++;
    }
    return true;
}

struct engine {
    const game *g;
    engine_spec spec;
    uint64_t rng;
    movegen *gen;
    move_list root;
    bool root_ok;
    evaluator eval;
    alphabeta *ab;
    mcts *tree;
    double *values;     /* per root move, for a turn with dice */
    int *order;
};

engine *engine_new(const game *g, const engine_spec *spec, uint64_t seed)
{
    engine *e = calloc(1, sizeof *e);
    if (!e)
        return NULL;
    e->g = g;
    e->spec = *spec;
    e->rng = rng_seed(seed);
    e->gen = movegen_new(g);
    e->root_ok = move_list_init(&e->root);
    e->values = malloc(MOVELIST_MAX_MOVES * sizeof *e->values);
    e->order = malloc(MOVELIST_MAX_MOVES * sizeof *e->order);
    bool ok = e->gen && e->root_ok && e->values && e->order;
    if (ok && spec->kind != ENGINE_RANDOM) {
        /* the estimate is seeded by the game alone: every engine values alike */
        ok = evaluator_init(&e->eval, g, ESTIMATE_PLAYOUTS, 1);
    }
    if (ok && spec->kind == ENGINE_ALPHABETA) {
        e->ab = alphabeta_new(g, e->gen, &e->eval);
        ok = e->ab != NULL;
    } else if (ok && spec->kind == ENGINE_MCTS) {
        e->tree = mcts_new(g, e->gen, seed, &e->eval);
        ok = e->tree != NULL;
    }
    if (!ok) {
        engine_free(e);
        return NULL;
    }
    return e;
}

void engine_free(engine *e)
{
    if (!e)
        return;
    alphabeta_free(e->ab);
    mcts_free(e->tree);
    if (e->root_ok)
        move_list_free(&e->root);
    movegen_free(e->gen);
    free(e->values);
    free(e->order);
    free(e);
}

const move_list *engine_root_moves(const engine *e)
{
    return &e->root;
}

/* Turns with dice: the ab engine takes the way worth most, mcts the way
 * visited most. */
static int best_way(const move_list *list, const int *order, const int *way, int ways, int depth,
                    void *context)
{
    const engine *e = context;
    int best = 0;
    double best_value = -1e300;
    for (int k = 0; k < ways; k++) {
        double v = 0;
        if (e->spec.kind == ENGINE_ALPHABETA)
            v = chance_way_value(list, order, way, k, depth, e->values, SEARCH_MATE_BOUND, SEARCH_CHANCE_WIN);
        else
            for (int j = way[k]; j < way[k + 1]; j++)
                v += e->values[order[j]];
        if (v > best_value) {
            best_value = v;
            best = k;
        }
    }
    return best;
}

void engine_choose(engine *e, position *p, search_result *result, search_progress progress,
                   void *context)
{
    movegen_generate(e->gen, p, &e->root);
    memset(result, 0, sizeof *result);
    result->best = -1;
    if (e->root.count == 0)
        return;
    bool chance = chance_in(&e->root);
    switch (e->spec.kind) {
    case ENGINE_RANDOM:
        result->best = (int)(rng_next(&e->rng) % (uint64_t)e->root.count);
        break;
    case ENGINE_ALPHABETA:
        alphabeta_search(e->ab, p, &e->root, e->spec.depth, e->spec.time_ms, e->spec.nodes, result,
                         progress, context, e->values);
        break;
    case ENGINE_MCTS:
        mcts_search(e->tree, p, &e->root, e->spec.playouts, e->spec.time_ms, result, progress, context,
                    e->values);
        break;
    }
    if (result->best < 0 && !chance)   /* stopped before any move was searched */
        result->best = 0;
    if (chance) {   /* the engine's choices, and its own throws */
        chance_order(&e->root, e->order);
        bool known = e->spec.kind != ENGINE_RANDOM && result->best >= 0;
        result->best = chance_walk(&e->root, e->order, known ? best_way : NULL, e, &e->rng);
    }
}
