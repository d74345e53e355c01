/* test_tune: the fitter of `tabula tune` (search/tune.h).  Its oracles:
 * weights and a scale chosen here, from which the samples' results are
 * made (the expected share sigmoid(K * value) of each), and which the fit
 * must find again; and the evaluator's own sum for the weights read from a
 * file, which the fitter's features must give for the same weights. */
#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "game/posstring.h"
#include "rules/weights.h"
#include "search/tune.h"
#include "shipped_game.h"

#define PARAMETERS 6
static const double known[PARAMETERS] = { 100, -50, 300, 0, 20, 75 };
static const double known_scale = 0.004;

/* A model of PARAMETERS weights (no game, no cells) starting at START. */
static void synthetic_model(tune_model *m, const double *start)
{
    memset(m, 0, sizeof *m);
    m->count = PARAMETERS;
    m->cells_first = PARAMETERS;
    m->goal_index = m->score_index = -1;
    m->start = calloc(PARAMETERS, sizeof *m->start);
    assert_non_null(m->start);
    if (start)
        memcpy(m->start, start, sizeof known);
}

/* COUNT samples of 1 to 4 random features each (coefficients -3..3, from a
 * fixed generator), each result the share the known weights and scale
 * predict. */
static void synthetic_samples(tune_data *d, int count)
{
    tune_data_init(d);
    uint64_t state = rng_seed(12345);
    d->samples = calloc((size_t)count, sizeof *d->samples);
    d->entries = calloc((size_t)count * 4, sizeof *d->entries);
    assert_true(d->samples && d->entries);
    for (int i = 0; i < count; i++) {
        tune_sample *s = &d->samples[i];
        s->first = d->entry_count;
        s->game_number = i;
        int features = 1 + (int)rng_below(&state, 4);
        double value = 0;
        for (int k = 0; k < features; k++) {
            int index = (int)rng_below(&state, PARAMETERS);
            int coefficient = (int)rng_below(&state, 7) - 3;
            d->entries[d->entry_count++] = (tune_entry){ index, (float)coefficient };
            value += known[index] * coefficient;
        }
        s->count = features;
        s->result = 1.0 / (1.0 + exp(-known_scale * value));
    }
    d->sample_count = (size_t)count;
}

static void the_fit_recovers_known_weights(void **state)
{
    (void)state;
    tune_model m;
    synthetic_model(&m, NULL);
    tune_data d;
    synthetic_samples(&d, 3000);
    double theta[PARAMETERS];
    tune_fit(&d, &m, known_scale, 0, 1500, 0, 0, theta);
    for (int j = 0; j < PARAMETERS; j++) {
        if (fabs(theta[j] - known[j]) > 5)
            fail_msg("weight %d: fitted %.2f, known %.2f", j, theta[j], known[j]);
    }
    assert_true(tune_error(&d, &m, theta, known_scale, 0, 0, true) < 1e-5);
    tune_data_free(&d);
    tune_model_free(&m);
}

static void the_scale_is_found_again(void **state)
{
    (void)state;
    tune_model m;
    synthetic_model(&m, known);
    tune_data d;
    synthetic_samples(&d, 2000);
    double k = tune_fit_scale(&d, &m);
    if (fabs(k / known_scale - 1) > 0.01)
        fail_msg("scale %.6f, known %.6f", k, known_scale);
    tune_data_free(&d);
    tune_model_free(&m);
}

static void regularisation_keeps_an_unseen_weight_at_its_start(void **state)
{
    (void)state;
    static const double start[PARAMETERS] = { 0, 0, 0, 0, 0, 0 };
    tune_model m;
    synthetic_model(&m, start);
    m.start[3] = 42;   /* its known weight is 0, but make no sample see it: */
    tune_data d;
    synthetic_samples(&d, 2000);
    for (size_t i = 0; i < d.entry_count; i++)
        if (d.entries[i].index == 3)
            d.entries[i].coefficient = 0;
    double theta[PARAMETERS];
    tune_fit(&d, &m, known_scale, 1e-6, 300, 0, 0, theta);
    assert_true(fabs(theta[3] - 42) < 1e-9);
    tune_data_free(&d);
    tune_model_free(&m);
}

/* The fitter's value of a position (its features times the weights) is
 * the evaluator's with the same weights, read from a weights file. */
static void features_are_what_the_evaluator_counts(void **state)
{
    (void)state;
    game *g = tree_game("games/chess.rules", NULL);
    assert_non_null(g);
    /* chess's players are one another mirrored across the ranks: so are
     * the weights (tune fits one player's and mirrors them) */
    static const char text[] = "tabula-weights 1\ngame \"Chess\"\nmobility 12\ngoal 100\nscore 100\n"
                               "value pawn 90\nvalue knight 310\nvalue queen 880\n"
                               "cell pawn white e4 25\ncell pawn black e5 25\n"
                               "cell knight white f3 31\ncell knight black f6 31\n"
                               "cell knight white c3 40\ncell knight black c6 40\n"
                               "cell knight white g1 -15\ncell knight black g8 -15\n";
    diag_list diagnostics;
    diag_init(&diagnostics);
    eval_weights *w;
    assert_true(weights_parse(g, text, 0, &diagnostics, &w));
    evaluator plain, weighted;
    assert_true(evaluator_init_weighted(&plain, g, NULL, 0, 1));
    assert_true(evaluator_init_weighted(&weighted, g, w, 0, 1));
    tune_model m;
    assert_true(tune_model_init(&m, &plain, true, true));
    double *theta = calloc((size_t)m.count, sizeof *theta);
    assert_non_null(theta);
    for (int t = 0; t < g->type_count; t++)
        theta[t] = w->material[t];
    assert_non_null(m.mirror);
    assert_int_equal(m.cell_weights, g->type_count * g->board.cell_count);
    for (int t = 0; t < g->type_count; t++)
        for (int c = 0; c < g->board.cell_count; c++)
            theta[tune_cell_index(&m, 0, t, c)] = w->cells[t * g->board.cell_count + c];
    movegen *gen = movegen_new(g);
    position *p = malloc(sizeof *p);
    assert_true(gen && p && pos_init(p, g));
    char error[256];
    assert_true(posstring_read(p, "r1bqkb1r/pppp1ppp/2n2n2/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 4 4", error,
                               sizeof error));
    tune_data d;
    tune_data_init(&d);
    for (int player = 0; player < 2; player++) {
        assert_true(tune_add_position(&d, &m, gen, p, player, 0, 0.5, 0));
        double value = tune_value(&d, &m, d.sample_count - 1, theta);
        /* the material alike; white: e4's pawn 25, f3's knight 31 (none on
         * c3 or g1); black: e5's 25, f6's 31, c6's 40 */
        assert_int_equal((int)lround(value), evaluate_material(&weighted, p, player));
        assert_int_equal(evaluate_material(&weighted, p, player), player == 0 ? -40 : 40);
    }
    /* mobility: the weight times the difference in moves the sample was
     * given, which the search adds to the evaluator's value at a leaf */
    theta[m.mobility_index] = w->mobility;
    assert_true(tune_add_position(&d, &m, gen, p, 0, 0, 0.5, 7));
    assert_int_equal((int)lround(tune_value(&d, &m, d.sample_count - 1, theta)),
                     evaluate_material(&weighted, p, 0) + 7 * 12);
    /* and the fit writes the mobility it found */
    theta[m.mobility_index] = 4.4;
    tune_weights(&m, theta, w);
    assert_int_equal(w->mobility, 4);
    /* a model that keeps the mobility leaves it out of the samples' values
     * and writes its estimate */
    tune_model kept;
    assert_true(tune_model_init(&kept, &plain, true, false));
    assert_int_equal(kept.mobility_index, -1);
    assert_int_equal(kept.count, m.count - 1);
    tune_data dk;
    tune_data_init(&dk);
    assert_true(tune_add_position(&dk, &kept, gen, p, 0, 0, 0.5, 7));
    assert_int_equal((int)lround(tune_value(&dk, &kept, 0, theta)), evaluate_material(&weighted, p, 0));
    tune_weights(&kept, theta, w);
    assert_int_equal(w->mobility, plain.mobility);
    tune_data_free(&dk);
    tune_model_free(&kept);
    tune_data_free(&d);
    pos_free(p);
    free(p);
    movegen_free(gen);
    free(theta);
    tune_model_free(&m);
    evaluator_free(&plain);
    evaluator_free(&weighted);
    free(w->cells);
    free(w);
    diag_free(&diagnostics);
    game_free(g);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(the_fit_recovers_known_weights),
        cmocka_unit_test(the_scale_is_found_again),
        cmocka_unit_test(regularisation_keeps_an_unseen_weight_at_its_start),
        cmocka_unit_test(features_are_what_the_evaluator_counts),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
