/* cli_tune: `tabula tune FILE`: the evaluator's weights learned from
 * self-play games (search/tune.h) and written as the game's weights file
 * (rules/weights.h).
 *
 * Each game starts with a few uniformly random plies (so that the games
 * differ), then an engine plays every seat, with a share of its moves
 * replaced by random ones (so that the games go through positions an
 * engine would avoid: a piece left en prise, which tells what the piece is
 * worth).  Every position reached after the opening is a sample, from the
 * side to move's view, labelled with its share of the game's result; where
 * the engine plays out captures before it evaluates (alphabeta_quiesces),
 * only quiet positions are (tune_choose), as the evaluator sees only
 * those.  Games the rules do not end within TUNE_MAX_PLIES
 * are left out.  The engines evaluate without the game's weights, so that
 * tuning again gives the same file. */
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli/cli.h"
#include "front/front.h"
#include "playout/playout.h"
#include "rules/weights.h"
#include "search/search.h"
#include "search/tune.h"

#define TUNE_USAGE "usage: tabula tune [--variant V] FILE [--games N] [--engine SPEC] [--seed S] " \
                   "[--openings K] [--random-moves PERCENT] [--verify N] [--keep-mobility | --mobility M] " \
                   "[--output FILE] [--progress]"
#define TUNE_MAX_PLIES 1000
#define TUNE_ITERATIONS 300
#define TUNE_FOLDS 5            /* one game in five held out to choose the regularisation */
#define TUNE_ESTIMATE_PLAYOUTS 300   /* as the engines estimate (engine_spec.c) */
/* The fit is kept where it scores more than its share by this many
 * standard errors of the verifying games' score (at most half a point a
 * game over the square root of their number; 62% of 40 games in a
 * two-player game): with no margin, Breakthrough's weights were kept at
 * 57.5% of 40 games at ab:nodes=1000, and scored 32.5% at ab:time=100 */
#define TUNE_VERIFY_MARGIN 1.5
/* --mobility's largest value: ten pieces a move, far beyond any use */
#define TUNE_MOBILITY_MAX 1000

static const double regularisations[] = { 1e-7, 1e-6, 1e-5, 1e-4 };

typedef struct tune_options {
    const char *path, *variant, *engine_text, *output;
    long games, seed, openings, random_percent, verify;
    long mobility;              /* --mobility M: the mobility weight, not fitted; -1: none given */
    bool progress;
    bool keep_mobility;         /* the mobility weight is not fitted (--keep-mobility or --mobility) */
} tune_options;

/* One game being played: the samples it adds, and what chooses its moves. */
typedef struct tune_game {
    tune_data *data;
    const tune_model *model;
    movegen *scratch;
    cli_selfplay play;
    uint64_t rng;
    long random_percent;
    bool quiet_only;
    bool last_captured;
    int last_count;             /* the moves of the position before (-1: none yet) */
    int last_side;              /* and whose they were */
    int game_number;
    bool out_of_memory;
} tune_game;

static int tune_choose(position *p, const move_list *list, void *context, uint64_t *rng)
{
    tune_game *t = context;
    int i;
    bool random = (long)rng_below(&t->rng, 100) < t->random_percent;
    if (random)
        i = (int)rng_below(&t->rng, (uint32_t)list->count);
    else
        i = cli_engine_move(p, list, &t->play, rng);
    if (i < 0)
        return i;
    bool captures = (list->moves[i].flags & MOVE_CAPTURE) != 0;
    /* a quiet position: the engine's move in it takes nothing, nor did the
     * move into it (in the middle of an exchange, or before a blunder is
     * punished, the pieces on the board do not tell how the game goes) */
    bool quiet = !t->quiet_only || (!random && !captures && !t->last_captured);
    /* mobility as a leaf counts it: these moves less those of the
     * position before, where another player (another team, seen from the
     * side to move) was to move */
    double mobility = t->last_count >= 0 && t->last_side != p->side ? list->count - t->last_count : 0;
    if (quiet && !tune_add_position(t->data, t->model, t->scratch, p, p->side, t->game_number, -1, mobility)) {
        t->out_of_memory = true;
        return -1;
    }
    t->last_captured = captures;
    t->last_count = list->count;
    t->last_side = p->side;
    return i;
}

/* Reads the options into O: 1 when they are good, 0 when --help was
 * shown, -1 when they are not good (said). */
static int parse_options(int argc, char **argv, tune_options *o)
{
    *o = (tune_options){ .engine_text = "ab:nodes=1000", .games = 100, .seed = 1, .openings = 4,
                         .random_percent = 10, .verify = 40, .mobility = -1 };
    bool keep_mobility_given = false;
    for (int i = 0; i < argc; i++) {
        const char *a = argv[i];
        bool more = i + 1 < argc;
        if (!strcmp(a, "-h") || !strcmp(a, "--help")) {
            cli_print_help(stdout, "tune");
            return 0;
        } else if (!strcmp(a, "--variant") && more) {
            o->variant = front_join_variant(o->variant, argv[++i]);
        } else if (!strcmp(a, "--games") && more) {
            if (!cli_count_option("tune", "--games", argv[++i], 1, 1000000, &o->games))
                return -1;
        } else if (!strcmp(a, "--seed") && more) {
            if (!cli_count_option("tune", "--seed", argv[++i], 0, 2147483647L, &o->seed))
                return -1;
        } else if (!strcmp(a, "--openings") && more) {
            if (!cli_count_option("tune", "--openings", argv[++i], 0, 1000, &o->openings))
                return -1;
        } else if (!strcmp(a, "--random-moves") && more) {
            if (!cli_count_option("tune", "--random-moves", argv[++i], 0, 100, &o->random_percent))
                return -1;
        } else if (!strcmp(a, "--verify") && more) {
            if (!cli_count_option("tune", "--verify", argv[++i], 0, 100000, &o->verify))
                return -1;
        } else if (!strcmp(a, "--engine") && more) {
            o->engine_text = argv[++i];
        } else if (!strcmp(a, "--output") && more) {
            o->output = argv[++i];
        } else if (!strcmp(a, "--progress")) {
            o->progress = true;
        } else if (!strcmp(a, "--keep-mobility")) {
            keep_mobility_given = true;
        } else if (!strcmp(a, "--mobility") && more) {
            if (!cli_count_option("tune", "--mobility", argv[++i], 0, TUNE_MOBILITY_MAX, &o->mobility))
                return -1;
        } else if (a[0] == '-' && a[1]) {
            fprintf(stderr, "tabula tune: unknown option or missing value '%s'\n" TUNE_USAGE "\n", a);
            return -1;
        } else if (!o->path) {
            o->path = a;
        } else {
            fprintf(stderr, "tabula tune: more than one file ('%s')\n" TUNE_USAGE "\n", a);
            return -1;
        }
    }
    if (o->mobility >= 0 && keep_mobility_given) {
        fputs("tabula tune: --keep-mobility and --mobility both fix the mobility weight; give one\n" TUNE_USAGE "\n",
              stderr);
        return -1;
    }
    o->keep_mobility = keep_mobility_given || o->mobility >= 0;
    if (!o->path) {
        fputs("tabula tune: no file given\n" TUNE_USAGE "\n", stderr);
        return -1;
    }
    return 1;
}

/* Plays the games into DATA; false when interrupted or out of memory (said). */
static bool play_games(const tune_options *o, const game *g, engine *e, const tune_model *model, tune_data *data,
                       const evaluator *base)
{
    movegen *gen = movegen_new(g), *scratch = movegen_new(g);
    position *p = malloc(sizeof *p);
    move_list list;
    bool list_ok = move_list_init(&list);
    bool position_ok = p && pos_init(p, g);
    bool ok = gen && scratch && list_ok && position_ok;
    engine *seats[GAME_MAX_PLAYERS];
    for (int q = 0; q < GAME_MAX_PLAYERS; q++)
        seats[q] = e;
    cli_shard no_shard = { .progress = o->progress };
    cli_progress progress;
    cli_progress_start(&progress, "tune", "games", o->games, &no_shard);
    long done = 0;
    for (long k = 0; ok && k < o->games; k++) {
        pos_reset(p);
        cli_random_opening(gen, p, &list, o->openings, cli_opening_seed(o->seed, k), NULL, NULL);
        engine_new_game(e, cli_game_seed(o->seed, k, 0));
        size_t first = data->sample_count;
        tune_game t = { .data = data, .model = model, .scratch = scratch,
                        .play = { .g = g, .engines = seats },
                        .rng = rng_seed(cli_game_seed(o->seed, k, 1)), .random_percent = o->random_percent,
                        .quiet_only = alphabeta_quiesces(base), .last_count = -1, .game_number = (int)k };
        playout run = { .max_plies = TUNE_MAX_PLIES, .choose = tune_choose, .context = &t };
        uint64_t rng = rng_seed(cli_game_seed(o->seed, k, 2));
        playout_run(gen, p, &list, &rng, &run);
        if (t.out_of_memory || t.play.interrupted || t.play.missing[0]) {
            if (t.out_of_memory)
                fputs("tabula tune: out of memory\n", stderr);
            else if (t.play.missing[0])
                fprintf(stderr, "tabula tune: the engine chose %s, which is not among the moves\n", t.play.missing);
            ok = false;
            break;
        }
        /* each sample's share of the result; an unfinished game teaches nothing */
        if (!run.result.over) {
            data->entry_count = first < data->sample_count ? data->samples[first].first : data->entry_count;
            data->sample_count = first;
        }
        for (size_t i = first; i < data->sample_count; i++)
            data->samples[i].result = run.result.score[data->samples[i].player];
        done = k + 1;
        cli_progress_show(&progress, done);
    }
    cli_progress_end(&progress, done, ok);
    if (position_ok)
        pos_free(p);
    free(p);
    if (list_ok)
        move_list_free(&list);
    movegen_free(gen);
    movegen_free(scratch);
    return ok;
}

/* The command line that made the file, for its `command` line. */
static void command_text(int argc, char **argv, char *out, size_t size)
{
    size_t used = (size_t)snprintf(out, size, "tabula tune");
    for (int i = 0; i < argc && used < size; i++) {
        bool plain = argv[i][0] && strcspn(argv[i], " \t\"'\\$") == strlen(argv[i]);
        used += (size_t)snprintf(out + used, size - used, plain ? " %s" : " '%s'", argv[i]);
    }
}

/* Writes W to PATH through a file beside it renamed onto it, so that an
 * interrupted write leaves the old file. */
static bool write_weights(const char *path, const game *g, const eval_weights *w, uint64_t hash, const char *command)
{
    size_t length = strlen(path) + 16;
    char *temporary = malloc(length);
    if (!temporary)
        return false;
    snprintf(temporary, length, "%s.part", path);
    FILE *f = fopen(temporary, "w");
    bool ok = f && weights_write(f, g, w, hash, command);
    if (f && fclose(f) != 0)
        ok = false;
    if (ok && rename(temporary, path) != 0)
        ok = false;
    if (!ok) {
        fprintf(stderr, "tabula tune: cannot write %s: %s\n", path, strerror(errno));
        remove(temporary);
    }
    free(temporary);
    return ok;
}

/* What a fit found: the scale, the regularisation chosen (0: none, the
 * start kept), and the error on the held-out games before and after. */
typedef struct fitted {
    double k, lambda, before, after;
} fitted;

/* Fits MODEL's weights THETA to DATA: K first, then the regularisation
 * chosen by the error on the held-out games, then the weights on all the
 * games. */
static void fit(const tune_data *data, const tune_model *model, double *theta, fitted *out)
{
    double k = tune_fit_scale(data, model);
    double best_error = -1, best_lambda = regularisations[0];
    for (size_t i = 0; i < sizeof regularisations / sizeof *regularisations; i++) {
        tune_fit(data, model, k, regularisations[i], TUNE_ITERATIONS, TUNE_FOLDS, TUNE_FOLDS - 1, theta);
        double held_out = tune_error(data, model, theta, k, TUNE_FOLDS, TUNE_FOLDS - 1, false);
        if (best_error < 0 || held_out < best_error) {
            best_error = held_out;
            best_lambda = regularisations[i];
        }
    }
    out->k = k;
    out->before = tune_error(data, model, model->start, k, TUNE_FOLDS, TUNE_FOLDS - 1, false);
    out->after = best_error;
    out->lambda = best_lambda;
    if (best_error >= out->before) {
        /* no fit predicts the held-out games better than the start: the
         * games teach nothing the estimates did not know */
        memcpy(theta, model->start, (size_t)model->count * sizeof *theta);
        out->after = out->before;
        out->lambda = 0;
    } else {
        tune_fit(data, model, k, best_lambda, TUNE_ITERATIONS, 0, 0, theta);
    }
}

/* The share of the points the engine of SPEC with weights W scores
 * against the same engine with ESTIMATES (NULL: without weights), in
 * O->verify games from random openings (other games than the tuning's),
 * taking each seat in turn. */
static double verify(const tune_options *o, game *g, const engine_spec *spec, eval_weights *w,
                     eval_weights *estimates)
{
    eval_weights *saved = g->weights;
    engine_spec with = *spec, without = *spec;
    with.no_weights = false;
    without.no_weights = estimates == NULL;
    g->weights = w;   /* (an engine reads the game's weights when it is made) */
    engine *a = engine_new(g, &with, 1);
    g->weights = estimates;
    engine *b = engine_new(g, &without, 2);
    g->weights = saved;
    movegen *gen = movegen_new(g);
    position *p = malloc(sizeof *p);
    move_list list;
    bool list_ok = move_list_init(&list);
    bool position_ok = p && pos_init(p, g);
    double points = 0;
    long played = 0;
    int n = g->player_count;
    for (long k = 0; a && b && gen && list_ok && position_ok && k < o->verify; k++) {
        int seat = (int)(k % n);
        engine *seats[GAME_MAX_PLAYERS];
        for (int q = 0; q < n; q++)
            seats[q] = q == seat ? a : b;
        pos_reset(p);
        uint64_t seed = cli_opening_seed(o->seed, o->games + k);   /* after the tuning's games */
        cli_random_opening(gen, p, &list, o->openings, seed, NULL, NULL);
        engine_new_game(a, cli_game_seed(o->seed, o->games + k, 0));
        engine_new_game(b, cli_game_seed(o->seed, o->games + k, 1));
        cli_selfplay play = { .g = g, .engines = seats };
        playout run = { .max_plies = TUNE_MAX_PLIES, .choose = cli_engine_move, .context = &play };
        uint64_t rng = rng_seed(seed);
        playout_run(gen, p, &list, &rng, &run);
        if (play.interrupted || play.missing[0])
            break;
        points += run.result.over ? run.result.score[seat] : 1.0 / n;
        played++;
    }
    if (position_ok)
        pos_free(p);
    free(p);
    if (list_ok)
        move_list_free(&list);
    movegen_free(gen);
    engine_free(a);
    engine_free(b);
    return played ? points / (double)played : 0;
}

int cli_tune(int argc, char **argv)
{
    tune_options o;
    int parsed = parse_options(argc, argv, &o);
    if (parsed <= 0)
        return parsed == 0 ? EXIT_VALID : EXIT_USAGE;
    engine_spec spec;
    char error[256];
    if (!engine_spec_parse(o.engine_text, &spec, error, sizeof error)) {
        fprintf(stderr, "tabula tune: --engine: %s\n", error);
        return EXIT_USAGE;
    }
    spec.no_weights = true;   /* the games do not depend on the weights they make */
    spec.threads = 1;         /* nor on timing */
    /* one engine plays every seat: a draw is a draw (and the games are
     * those the weights files' commands made before contempt) */
    spec.contempt_given = true;
    spec.contempt = 0;
    cli_loaded l;
    int status = cli_load("tune", o.path, o.variant, &l);
    if (status != EXIT_VALID) {
        cli_unload(&l);
        return status;
    }
    const game *g = l.game;
    char default_output[4096];
    const char *output = o.output;
    if (!output) {
        if (!weights_path(g, o.path, default_output, sizeof default_output)) {
            fputs("tabula tune: the weights file's name is too long; give --output\n", stderr);
            cli_unload(&l);
            return EXIT_USAGE;
        }
        output = default_output;
    }
    evaluator base;
    /* two models: each player's cells its own, and where the setups are
     * one another's mirrored, the players' cells mirrored; the one that
     * predicts the held-out games better is kept (mirrored, chess's
     * weights come out alike; Breakthrough's predicted worse, its first
     * player's advantage being the game's) */
    tune_model models[2];
    double *thetas[2] = { NULL, NULL };
    tune_data data;
    tune_data_init(&data);
    bool model_ok = evaluator_init_weighted(&base, g, NULL, TUNE_ESTIMATE_PLAYOUTS, 1);
    if (o.mobility >= 0)
        base.mobility = (int)o.mobility;   /* the estimate the fit and the file start from */
    model_ok = model_ok && tune_model_init(&models[0], &base, false, !o.keep_mobility);
    if (model_ok && !tune_model_init(&models[1], &base, true, !o.keep_mobility)) {
        tune_model_free(&models[0]);
        model_ok = false;
    }
    engine *e = model_ok ? engine_new(g, &spec, cli_game_seed(o.seed, 0, 0)) : NULL;
    for (int i = 0; model_ok && i < 2; i++)
        thetas[i] = calloc((size_t)models[i].count, sizeof *thetas[i]);
    size_t cell_weights = (size_t)g->player_count * (size_t)g->type_count * (size_t)g->board.cell_count + 1;
    eval_weights weights = { .cells = calloc(cell_weights, sizeof *weights.cells) };
    eval_weights estimates = { .cells = calloc(cell_weights, sizeof *estimates.cells) };   /* what verify plays against */
    if (!e || !thetas[0] || !thetas[1] || !weights.cells || !estimates.cells) {
        fputs("tabula tune: out of memory\n", stderr);
        status = EXIT_INVALID;
    } else {
        cli_catch_interrupts();
        if (!play_games(&o, g, e, &models[0], &data, &base)) {
            status = EXIT_INVALID;
        } else if (data.sample_count == 0) {
            fputs("tabula tune: no game ended within the plies allowed: nothing to learn from\n", stderr);
            status = EXIT_INVALID;
        }
    }
    if (status == EXIT_VALID) {
        fitted fits[2];
        int best = 0;
        for (int i = 0; i < (models[1].mirror ? 2 : 1); i++) {
            fit(&data, &models[i], thetas[i], &fits[i]);
            if (fits[i].after < fits[best].after)
                best = i;
        }
        const fitted *f = &fits[best];
        tune_weights(&models[best], thetas[best], &weights);
        int fitted_mobility = weights.mobility;
        /* kept only where they play better than the estimates: the
         * games' results are noisy, and a fit can learn their noise */
        double share = -1;
        bool kept = f->lambda > 0;
        if (kept && o.verify > 0) {
            /* against the estimates: the engine without weights, or with
             * the estimates and the mobility given, which the file holds
             * where the fit is not kept */
            if (o.mobility >= 0)
                tune_weights(&models[0], models[0].start, &estimates);
            share = verify(&o, l.game, &spec, &weights, o.mobility >= 0 ? &estimates : NULL);
            kept = share > 1.0 / g->player_count + TUNE_VERIFY_MARGIN * 0.5 / sqrt((double)o.verify);
        }
        if (!kept)
            tune_weights(&models[0], models[0].start, &weights);
        char command[2048];
        command_text(argc, argv, command, sizeof command);
        /* the rules' texts alone: a weights file already beside them is the
         * last file the load read (game_load reads it after the rules) */
        source_set rules_only = l.sources;
        if (g->weights)
            rules_only.count--;
        if (!write_weights(output, g, &weights, cli_rules_hash(&rules_only), command)) {
            status = EXIT_INVALID;
        } else {
            printf("%s: %ld games, %zu positions; %s; scale %.5f, regularisation %g; "
                   "mobility %d (%s %d); held-out error %.5f before, %.5f after",
                   o.path, o.games, data.sample_count,
                   best == 1 ? "the players' cells mirrored" : "each player's cells its own", f->k, f->lambda,
                   fitted_mobility,
                   o.mobility >= 0 ? "given" : o.keep_mobility ? "kept: the estimate" : "the estimate", base.mobility,
                   f->before, f->after);
            if (models[1].mirror)
                printf(" (%s %.5f)", best == 1 ? "each its own" : "mirrored", fits[1 - best].after);
            if (share >= 0)
                printf("; against the estimates %.1f%% of %ld games", 100 * share, o.verify);
            printf("; %s; wrote %s\n", kept ? "the fit kept" : "the estimates kept", output);
        }
    }
    free(weights.cells);
    free(estimates.cells);
    free(thetas[0]);
    free(thetas[1]);
    engine_free(e);
    if (model_ok) {
        tune_model_free(&models[0]);
        tune_model_free(&models[1]);
    }
    tune_data_free(&data);
    evaluator_free(&base);
    cli_unload(&l);
    return status;
}
