/* engine_spec: engines by name ("random", "ab:depth=4", "mcts:time=500"),
 * and the engine that runs the chosen algorithm. */
#include <errno.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "search/search.h"

#define ESTIMATE_PLAYOUTS 300

/* Set from a signal handler and read by every search thread: a lock-free
 * atomic is what both may touch (C11 7.14.1.1). */
static atomic_int interrupted;

void search_interrupt(void)
{
    atomic_store_explicit(&interrupted, 1, memory_order_relaxed);
}

bool search_interrupted(void)
{
    return atomic_load_explicit(&interrupted, memory_order_relaxed) != 0;
}

void search_clear_interrupt(void)
{
    atomic_store_explicit(&interrupted, 0, memory_order_relaxed);
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

int search_default_hash_mb(engine_kind kind)
{
    size_t bytes = kind == ENGINE_MCTS ? mcts_default_memory() : search_table_default_bytes();
    return (int)((bytes + (1u << 20) - 1) >> 20);
}

/* A decimal fraction (1.4, 0.25) within LOW..HIGH. */
static bool read_decimal(const char *text, size_t length, double low, double high, double *out)
{
    char buffer[32];
    if (length == 0 || length >= sizeof buffer || !strchr("0123456789.", text[0]))
        return false;
    memcpy(buffer, text, length);
    buffer[length] = '\0';
    char *end;
    errno = 0;
    double value = strtod(buffer, &end);
    if (errno || *end || !(value >= low && value <= high))
        return false;
    *out = value;
    return true;
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

/* VALUE (LENGTH characters) is "on" or "off": *SETTING says which. */
static bool read_switch(const char *value, size_t length, engine_switch *setting)
{
    if (length == 2 && !strncmp(value, "on", 2))
        *setting = SWITCH_ON;
    else if (length == 3 && !strncmp(value, "off", 3))
        *setting = SWITCH_OFF;
    else
        return false;
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
        const char *expected = "";   /* for a bad value: what the setting takes, where a word helps */
        char range[48];
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
        } else if (spec->kind == ENGINE_ALPHABETA && key_length == 10 && !strncmp(at, "quiescence", 10)) {
            ok = (value_length == 2 && !strncmp(value, "on", 2)) || (value_length == 3 && !strncmp(value, "off", 3));
            expected = " (on or off)";
            spec->no_quiescence = value_length == 3;
        } else if (spec->kind == ENGINE_ALPHABETA && key_length == 10 && !strncmp(at, "reductions", 10)) {
            ok = read_switch(value, value_length, &spec->reductions);
            expected = " (on or off)";
        } else if (spec->kind == ENGINE_ALPHABETA && key_length == 7 && !strncmp(at, "pruning", 7)) {
            ok = read_switch(value, value_length, &spec->pruning);
            expected = " (on or off)";
        } else if (spec->kind == ENGINE_ALPHABETA && key_length == 4 && !strncmp(at, "null", 4)) {
            ok = read_switch(value, value_length, &spec->null_moves);
            expected = " (on or off)";
        } else if (spec->kind == ENGINE_ALPHABETA && key_length == 10 && !strncmp(at, "aspiration", 10)) {
            ok = read_switch(value, value_length, &spec->aspiration);
            expected = " (on or off)";
        } else if (spec->kind == ENGINE_ALPHABETA && key_length == 10 && !strncmp(at, "extensions", 10)) {
            ok = read_switch(value, value_length, &spec->extensions);
            expected = " (on or off)";
        } else if (spec->kind == ENGINE_ALPHABETA && key_length == 8 && !strncmp(at, "contempt", 8)) {
            ok = read_number(value, value_length, -SEARCH_MAX_CONTEMPT, SEARCH_MAX_CONTEMPT, &number);
            snprintf(range, sizeof range, " (hundredths, %d to %d)", -SEARCH_MAX_CONTEMPT, SEARCH_MAX_CONTEMPT);
            expected = range;
            spec->contempt = (int)number;
            spec->contempt_given = true;
        } else if (spec->kind != ENGINE_RANDOM && key_length == 7 && !strncmp(at, "weights", 7)) {
            ok = (value_length == 2 && !strncmp(value, "on", 2)) || (value_length == 3 && !strncmp(value, "off", 3));
            expected = " (on or off)";
            spec->no_weights = value_length == 3;
        } else if (key_length == 7 && !strncmp(at, "threads", 7)) {
            ok = read_number(value, value_length, 1, SEARCH_MAX_THREADS, &number);
            spec->threads = (int)number;
        } else if (key_length == 4 && !strncmp(at, "hash", 4)) {
            ok = read_number(value, value_length, 1, SEARCH_MAX_HASH_MB, &number);
            spec->hash_mb = (int)number;
        } else if (spec->kind == ENGINE_MCTS && key_length == 11 && !strncmp(at, "exploration", 11)) {
            ok = read_decimal(value, value_length, 0.01, MCTS_MAX_EXPLORATION, &spec->exploration);
        } else if (spec->kind == ENGINE_MCTS && key_length == 4 && !strncmp(at, "bias", 4)) {
            ok = read_decimal(value, value_length, 0, MCTS_MAX_EXPLORATION, &spec->bias);
            spec->bias_given = true;
        } else if (spec->kind == ENGINE_MCTS && key_length == 4 && !strncmp(at, "mast", 4)) {
            ok = read_switch(value, value_length, &spec->mast);
            expected = " (on or off)";
        } else {
            snprintf(error, error_size, "unknown setting '%.*s' for %s", (int)key_length, at,
                     spec->kind == ENGINE_ALPHABETA ? "ab (depth, time, nodes, quiescence, reductions, pruning, null, aspiration, extensions, contempt, weights, threads, hash)"
                                                    : "mcts (playouts, time, weights, threads, hash, exploration, bias, mast)");
            return false;
        }
        if (!ok) {
            snprintf(error, error_size, "bad value '%.*s' for %.*s%s", (int)value_length, value,
                     (int)key_length, at, expected);
            return false;
        }
        at += length;
        if (*at == ',')
            at++;
    }
    return true;
}

/* A thread of an engine beyond the first: its own generator, search state
 * (an mcts tree, or an alpha-beta state sharing the engine's table) and
 * copy of the position. */
typedef struct helper {
    const engine *owner;
    movegen *gen;
    mcts *tree;
    alphabeta *ab;
    position pos;
    bool pos_ok;
    move_list root;
    bool root_ok;
    double *values;     /* its root moves' visits */
    long playouts;
    search_result result;
    pthread_t thread;
} helper;

struct engine {
    const game *g;
    engine_spec spec;
    uint64_t rng;
    movegen *gen;
    move_list root;
    bool root_ok;
    evaluator eval;
    alphabeta *ab;
    search_table *table;    /* ab: shared by its threads */
    atomic_bool halt;       /* ab: set when the main search is done, to stop the helpers */
    atomic_bool asked;      /* set: its searches stop, as its caller asks (engine_stop) */
    mcts *tree;
    double *values;     /* per root move, for a turn with dice */
    int *order;
    helper *helpers;    /* spec.threads - 1 of them */
    int helper_count;
};

/* The settings of SPEC an alpha-beta state takes from it (the main
 * search's and each helper's alike). */
static void alphabeta_configure(alphabeta *s, const engine_spec *spec)
{
    if (spec->no_quiescence)
        alphabeta_set_quiescence(s, false);
    if (spec->reductions != SWITCH_DEFAULT)
        alphabeta_set_reductions(s, spec->reductions == SWITCH_ON);
    if (spec->pruning != SWITCH_DEFAULT)
        alphabeta_set_pruning(s, spec->pruning == SWITCH_ON);
    if (spec->null_moves != SWITCH_DEFAULT)
        alphabeta_set_null_moves(s, spec->null_moves == SWITCH_ON);
    if (spec->aspiration != SWITCH_DEFAULT)
        alphabeta_set_aspiration(s, spec->aspiration == SWITCH_ON);
    if (spec->extensions != SWITCH_DEFAULT)
        alphabeta_set_extensions(s, spec->extensions == SWITCH_ON);
    alphabeta_set_contempt(s, engine_spec_contempt(spec));
}

int engine_spec_contempt(const engine_spec *spec)
{
    return spec->contempt_given ? spec->contempt : SEARCH_DEFAULT_CONTEMPT;
}

/* The settings of SPEC an mcts tree takes from it (each thread's alike);
 * false when out of memory. */
static bool mcts_configure(mcts *s, const engine_spec *spec)
{
    if (spec->exploration > 0)
        mcts_set_exploration(s, spec->exploration);
    if (spec->bias_given)
        mcts_set_bias(s, spec->bias);
    return spec->mast == SWITCH_DEFAULT || mcts_set_mast(s, spec->mast == SWITCH_ON);
}

static void helpers_free(engine *e)
{
    for (int i = 0; i < e->helper_count; i++) {
        helper *h = &e->helpers[i];
        mcts_free(h->tree);
        alphabeta_free(h->ab);
        movegen_free(h->gen);
        if (h->pos_ok)
            pos_free(&h->pos);
        if (h->root_ok)
            move_list_free(&h->root);
        free(h->values);
    }
    free(e->helpers);
    e->helpers = NULL;
    e->helper_count = 0;
}

/* The seed of helper I's tree. */
static uint64_t helper_seed(uint64_t seed, int i)
{
    return seed + 0x9E3779B97F4A7C15ull * (uint64_t)(i + 1);
}

static bool helpers_new(engine *e, uint64_t seed)
{
    int count = e->spec.threads > 1 ? e->spec.threads - 1 : 0;
    if (count == 0)
        return true;
    e->helpers = calloc((size_t)count, sizeof *e->helpers);
    if (!e->helpers)
        return false;
    e->helper_count = count;
    for (int i = 0; i < count; i++) {
        helper *h = &e->helpers[i];
        h->owner = e;
        h->gen = movegen_new(e->g);
        if (h->gen && e->spec.kind == ENGINE_MCTS) {
            h->tree = mcts_new(e->g, h->gen, helper_seed(seed, i), &e->eval, (size_t)e->spec.hash_mb << 20);
            if (h->tree && !mcts_configure(h->tree, &e->spec))
                return false;
            if (h->tree)
                mcts_set_stop(h->tree, &e->asked);
        } else if (h->gen) {
            h->ab = alphabeta_new(e->g, h->gen, &e->eval, e->table, &e->halt);
            if (h->ab) {
                alphabeta_set_helper(h->ab, i + 1);
                alphabeta_configure(h->ab, &e->spec);
                alphabeta_set_stop(h->ab, &e->asked);
            }
        }
        h->pos_ok = pos_init(&h->pos, e->g);
        h->root_ok = move_list_init(&h->root);
        h->values = malloc(MOVELIST_MAX_MOVES * sizeof *h->values);
        if ((!h->tree && !h->ab) || !h->pos_ok || !h->root_ok || !h->values)
            return false;
    }
    return true;
}

static void *helper_run(void *argument)
{
    helper *h = argument;
    movegen_generate(h->gen, &h->pos, &h->root);
    if (h->tree)
        mcts_search(h->tree, &h->pos, &h->root, h->playouts, h->owner->spec.time_ms, &h->result,
                    NULL, NULL, h->values);
    else   /* no time or node limit: it runs until the main search is done */
        alphabeta_search(h->ab, &h->pos, &h->root, h->owner->spec.depth, 0, 0, &h->result, NULL,
                         NULL, NULL);
    return NULL;
}

/* Lazy SMP: the helpers search the same position beside the main search,
 * at depths of their own, and what any of them finds reaches the others
 * through the shared table; the main search's result is the engine's. */
static void alphabeta_threads(engine *e, position *p, search_result *result,
                              search_progress progress, void *context)
{
    search_table_prepare(e->table, e->g, p->side, engine_spec_contempt(&e->spec) != 0);   /* before any thread reads it */
    atomic_store_explicit(&e->halt, false, memory_order_relaxed);
    int started = 0;
    for (int i = 0; i < e->helper_count; i++) {
        helper *h = &e->helpers[i];
        if (!pos_copy(&h->pos, p) || pthread_create(&h->thread, NULL, helper_run, h) != 0)
            break;
        started++;
    }
    alphabeta_set_time_saving(e->ab, e->spec.time_from_clock);
    alphabeta_search(e->ab, p, &e->root, e->spec.depth, e->spec.time_ms, e->spec.nodes, result,
                     progress, context, e->values);
    atomic_store_explicit(&e->halt, true, memory_order_relaxed);
    for (int i = 0; i < started; i++) {
        pthread_join(e->helpers[i].thread, NULL);
        result->nodes += e->helpers[i].result.nodes;
    }
}

/* The mcts search with the helpers beside it; their root visits are added
 * to E->values and the move chosen from the sums (a proven win first). */
static void mcts_threads(engine *e, position *p, search_result *result, search_progress progress,
                         void *context)
{
    int threads = e->helper_count + 1;
    long playouts = e->spec.playouts;
    int started = 0;
    for (int i = 0; i < e->helper_count; i++) {
        helper *h = &e->helpers[i];
        /* a playout limit is shared out; without one, each runs for the time */
        h->playouts = playouts > 0 ? playouts / threads + ((i + 1) < playouts % threads) : 0;
        if (playouts > 0 && h->playouts == 0)
            break;
        if (!pos_copy(&h->pos, p) || pthread_create(&h->thread, NULL, helper_run, h) != 0)
            break;
        started++;
    }
    long own = playouts > 0 ? playouts / threads + (0 < playouts % threads) : 0;
    mcts_search(e->tree, p, &e->root, playouts > 0 ? own : 0, e->spec.time_ms, result, progress,
                context, e->values);
    bool won = result->kind == SCORE_WIN;
    for (int i = 0; i < started; i++) {
        helper *h = &e->helpers[i];
        pthread_join(h->thread, NULL);
        result->nodes += h->result.nodes;
        if (h->root.count != e->root.count)
            continue;   /* cannot happen: the same position */
        for (int k = 0; k < e->root.count; k++)
            e->values[k] += h->values[k];
        if (!won && h->result.kind == SCORE_WIN && h->result.best >= 0) {
            *result = (search_result){ .best = h->result.best, .kind = SCORE_WIN,
                                       .score = h->result.score, .distance = h->result.distance,
                                       .depth = h->result.depth, .nodes = result->nodes,
                                       .reused = result->reused, .seconds = result->seconds };
            won = true;
        }
    }
    if (won || started == 0)
        return;
    int best = result->best;
    for (int k = 0; k < e->root.count; k++)
        if (best < 0 || e->values[k] > e->values[best])
            best = k;
    result->best = best;
}

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
        ok = evaluator_init_weighted(&e->eval, g, spec->no_weights ? NULL : g->weights, ESTIMATE_PLAYOUTS, 1);
    }
    if (ok && spec->kind == ENGINE_ALPHABETA) {
        e->table = search_table_new((size_t)spec->hash_mb << 20);
        e->ab = e->table ? alphabeta_new(g, e->gen, &e->eval, e->table, NULL) : NULL;
        if (e->ab) {
            alphabeta_configure(e->ab, spec);
            alphabeta_set_stop(e->ab, &e->asked);
        }
        ok = e->ab != NULL && helpers_new(e, seed);
    } else if (ok && spec->kind == ENGINE_MCTS) {
        e->tree = mcts_new(g, e->gen, seed, &e->eval, (size_t)spec->hash_mb << 20);
        if (e->tree) {
            ok = mcts_configure(e->tree, spec);
            mcts_set_stop(e->tree, &e->asked);
        }
        ok = ok && e->tree != NULL && helpers_new(e, seed);
    }
    if (!ok) {
        engine_free(e);
        return NULL;
    }
    return e;
}

void engine_stop(engine *e, bool stop)
{
    atomic_store_explicit(&e->asked, stop, memory_order_relaxed);
}

void engine_set_limits(engine *e, int depth, long time_ms, bool from_clock, long nodes, long playouts)
{
    e->spec.depth = depth;
    e->spec.time_ms = time_ms;
    e->spec.time_from_clock = from_clock;
    e->spec.nodes = nodes;
    e->spec.playouts = playouts;
}

void engine_new_game(engine *e, uint64_t seed)
{
    /* each searcher cleared to what a new engine's is: no allocation, so
     * that a game costs no more than a search (an ab state holds a move
     * list for every ply, and making them again took longer than a game of
     * ab:depth=1) */
    e->rng = rng_seed(seed);
    if (e->table)
        search_table_clear(e->table);
    if (e->ab)
        alphabeta_new_game(e->ab);
    if (e->tree)
        mcts_new_game(e->tree, seed);
    for (int i = 0; i < e->helper_count; i++) {
        helper *h = &e->helpers[i];
        if (h->ab)
            alphabeta_new_game(h->ab);
        if (h->tree)
            mcts_new_game(h->tree, helper_seed(seed, i));
    }
}

void engine_free(engine *e)
{
    if (!e)
        return;
    helpers_free(e);
    alphabeta_free(e->ab);
    search_table_free(e->table);
    mcts_free(e->tree);
    evaluator_free(&e->eval);
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
        if (e->helper_count > 0)
            alphabeta_threads(e, p, result, progress, context);
        else {
            alphabeta_set_time_saving(e->ab, e->spec.time_from_clock);
            alphabeta_search(e->ab, p, &e->root, e->spec.depth, e->spec.time_ms, e->spec.nodes,
                             result, progress, context, e->values);
        }
        break;
    case ENGINE_MCTS:
        if (e->helper_count > 0)
            mcts_threads(e, p, result, progress, context);
        else
            mcts_search(e->tree, p, &e->root, e->spec.playouts, e->spec.time_ms, result, progress,
                        context, e->values);
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
