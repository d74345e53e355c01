/* tune: Texel's method for the evaluator's weights (tune.h). */
#include "search/tune.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

/* Adam's constants, as its authors give them; the step is in hundredths,
 * so that a weight can move a few pieces' worth over the iterations. */
#define ADAM_STEP 2.0
#define ADAM_BETA1 0.9
#define ADAM_BETA2 0.999
#define ADAM_EPSILON 1e-12

/* Two players on a square board whose setups are one another's turned
 * half round or mirrored across the ranks or the files (and whose
 * reserves and cell bonuses are alike): MIRROR[c] gets the cell that c is
 * for the other player.  False when no such map holds. */
static bool find_mirror(const game *g, int *mirror)
{
    const board *b = &g->board;
    int cells = b->cell_count, w = b->width, h = b->height;
    if (g->player_count != 2 || b->kind != BOARD_SQUARE || w <= 0 || h <= 0 || !g->initial_cells)
        return false;
    for (int t = 0; t < g->type_count; t++)
        if (g->initial_reserve[0][t] != g->initial_reserve[1][t])
            return false;
    int *at = malloc((size_t)w * (size_t)h * sizeof *at);
    if (!at)
        return false;
    for (int i = 0; i < w * h; i++)
        at[i] = -1;
    for (int c = 0; c < cells; c++)
        if (b->x[c] >= 0 && b->x[c] < w && b->y[c] >= 0 && b->y[c] < h)
            at[b->y[c] * w + b->x[c]] = c;
    bool found = false;
    for (int kind = 0; kind < 3 && !found; kind++) {
        bool holds = true, pieces = false;
        for (int c = 0; c < cells && holds; c++) {
            /* 0: a half turn, 1: across the ranks, 2: across the files */
            int x = kind == 1 ? b->x[c] : w - 1 - b->x[c];
            int y = kind == 2 ? b->y[c] : h - 1 - b->y[c];
            int other = x >= 0 && x < w && y >= 0 && y < h ? at[y * w + x] : -1;
            if (other < 0) {
                holds = false;
                break;
            }
            mirror[c] = other;
            uint16_t mine = g->initial_cells[c], theirs = g->initial_cells[other];
            if (!mine != !theirs)
                holds = false;
            else if (mine && (PIECE_TYPE(mine) != PIECE_TYPE(theirs) || PIECE_OWNER(mine) != 1 - PIECE_OWNER(theirs)))
                holds = false;
            pieces = pieces || mine;
        }
        for (int i = 0; holds && i < g->bonus_count; i++) {
            const cell_bonus *bonus = &g->bonuses[i];
            for (int c = 0; c < cells && holds; c++)
                holds = cellset_has(&g->sets[bonus->sets[0]], c) == cellset_has(&g->sets[bonus->sets[1]], mirror[c]);
        }
        found = holds && pieces;
    }
    free(at);
    return found;
}

int tune_cell_index(const tune_model *m, int player, int type, int cell)
{
    int types = m->g->type_count, cells = m->g->board.cell_count;
    if (m->mirror)
        return m->cells_first + type * cells + (player == 0 ? cell : m->mirror[cell]);
    return m->cells_first + (player * types + type) * cells + cell;
}

/* The samples' entries name the weights as a model of each player's own
 * cells does: PLAIN_CELL, PLAIN_GOAL and PLAIN_SCORE. */
static int plain_cell(const tune_model *m, int player, int type, int cell)
{
    int types = m->g->type_count, cells = m->g->board.cell_count;
    return types + (player * types + type) * cells + cell;
}

static int parameter(const tune_model *m, int index)
{
    return m->remap ? m->remap[index] : index;
}

bool tune_model_init(tune_model *m, const evaluator *base, bool mirrored, bool fit_mobility)
{
    const game *g = base->game;
    memset(m, 0, sizeof *m);
    m->g = g;
    int types = g->type_count, cells = g->board.cell_count, n = g->player_count;
    m->cells_first = types;
    if (mirrored) {
        m->mirror = malloc((size_t)(cells > 0 ? cells : 1) * sizeof *m->mirror);
        if (!m->mirror)
            return false;
        if (!find_mirror(g, m->mirror)) {
            free(m->mirror);
            m->mirror = NULL;
        }
    }
    m->cell_weights = (m->mirror ? 1 : n) * types * cells;
    m->count = types + m->cell_weights;
    m->goal_index = base->goals ? m->count++ : -1;
    m->score_index = base->score_sign ? m->count++ : -1;
    m->plain_count = types + n * types * cells;
    m->plain_goal = base->goals ? m->plain_count++ : -1;
    m->plain_score = base->score_sign ? m->plain_count++ : -1;
    m->mobility_index = fit_mobility ? m->count++ : -1;
    m->plain_mobility = fit_mobility ? m->plain_count++ : -1;
    m->mobility = base->mobility;
    m->score_sign = base->score_sign;
    m->start = calloc((size_t)m->count, sizeof *m->start);
    if (m->mirror)
        m->remap = malloc((size_t)m->plain_count * sizeof *m->remap);
    if (!m->start || (m->mirror && !m->remap)) {
        tune_model_free(m);
        return false;
    }
    if (m->remap) {
        for (int t = 0; t < types; t++)
            m->remap[t] = t;
        for (int q = 0; q < n; q++)
            for (int t = 0; t < types; t++)
                for (int c = 0; c < cells; c++)
                    m->remap[plain_cell(m, q, t, c)] = tune_cell_index(m, q, t, c);
        if (m->plain_goal >= 0)
            m->remap[m->plain_goal] = m->goal_index;
        if (m->plain_score >= 0)
            m->remap[m->plain_score] = m->score_index;
        if (m->plain_mobility >= 0)
            m->remap[m->plain_mobility] = m->mobility_index;
    }
    for (int t = 0; t < types; t++)
        m->start[t] = base->value[t];
    /* the rules' cell bonuses become the cells' starting weights */
    for (int i = 0; i < g->bonus_count; i++) {
        const cell_bonus *b = &g->bonuses[i];
        for (int q = 0; q < (m->mirror ? 1 : n); q++)   /* (mirrored: the other's are alike) */
            for (int c = 0; c < cells; c++)
                if (cellset_has(&g->sets[b->sets[q]], c))
                    m->start[tune_cell_index(m, q, b->type, c)] += b->value;
    }
    /* and the cells' estimate from the rules' moves (a piece's scope, its
     * nearness to a goal region: evaluate.c), laid out alike; mirrored,
     * the first player's stands for both, as the setups mirror */
    for (int q = 0; base->cell_estimate && q < (m->mirror ? 1 : n); q++)
        for (int t = 0; t < types; t++)
            for (int c = 0; c < cells; c++)
                m->start[tune_cell_index(m, q, t, c)] += base->cell_estimate[((size_t)q * (size_t)types + (size_t)t) * (size_t)cells + (size_t)c];
    if (m->goal_index >= 0)
        m->start[m->goal_index] = base->goal_weight;
    if (m->score_index >= 0)
        m->start[m->score_index] = base->score_weight;
    if (m->mobility_index >= 0)
        m->start[m->mobility_index] = base->mobility;
    return true;
}

void tune_model_free(tune_model *m)
{
    free(m->start);
    free(m->mirror);
    free(m->remap);
    m->start = NULL;
    m->mirror = NULL;
    m->remap = NULL;
}

void tune_data_init(tune_data *d)
{
    memset(d, 0, sizeof *d);
}

void tune_data_free(tune_data *d)
{
    free(d->samples);
    free(d->entries);
    tune_data_init(d);
}

static bool push_entry(tune_data *d, int index, double coefficient)
{
    if (coefficient == 0)
        return true;
    if (d->entry_count == d->entry_capacity) {
        size_t capacity = d->entry_capacity ? 2 * d->entry_capacity : 4096;
        tune_entry *grown = realloc(d->entries, capacity * sizeof *grown);
        if (!grown)
            return false;
        d->entries = grown;
        d->entry_capacity = capacity;
    }
    d->entries[d->entry_count++] = (tune_entry){ index, (float)coefficient };
    return true;
}

bool tune_add_position(tune_data *d, const tune_model *m, movegen *gen, position *p, int player,
                       int game_number, double result, double mobility)
{
    const game *g = m->g;
    int n = g->player_count, types = g->type_count;
    if (d->sample_count == d->sample_capacity) {
        size_t capacity = d->sample_capacity ? 2 * d->sample_capacity : 1024;
        tune_sample *grown = realloc(d->samples, capacity * sizeof *grown);
        if (!grown)
            return false;
        d->samples = grown;
        d->sample_capacity = capacity;
    }
    size_t first = d->entry_count;
    bool ok = true;
    /* counted as the evaluator counts: PLAYER's for, the others' against at
     * 1 / (n - 1) each */
    double material[GAME_MAX_TYPES] = { 0 };
    for (int q = 0; q < n; q++) {
        double sign = q == player ? 1.0 : -1.0 / (n - 1);
        for (int t = 0; t < types; t++) {
            int count = p->reserve[q][t] > 0 ? p->reserve[q][t] : 0;
            for (int k = 0; k < g->words; k++) {
                uint64_t bits = p->owned[q].w[k] & p->typed[t].w[k];
                count += cellset_bits(bits);
                while (bits) {
                    ok = ok && push_entry(d, plain_cell(m, q, t, k * 64 + __builtin_ctzll(bits)), sign);
                    bits &= bits - 1;
                }
            }
            material[t] += sign * count;
        }
    }
    for (int t = 0; t < types; t++)
        ok = ok && push_entry(d, t, material[t]);
    if (m->plain_goal >= 0)
        ok = ok && push_entry(d, m->plain_goal, evaluate_goal_cells(g, gen, p, player));
    if (m->plain_score >= 0)   /* (the score's points in hundredths: as the evaluator divides) */
        ok = ok && push_entry(d, m->plain_score,
                              evaluate_score_points(g, gen, p, player, 100L * m->score_sign) / 100.0);
    if (m->plain_mobility >= 0)
        ok = ok && push_entry(d, m->plain_mobility, mobility);
    if (!ok) {
        d->entry_count = first;
        return false;
    }
    d->samples[d->sample_count++] = (tune_sample){ first, (int)(d->entry_count - first), game_number, player, result };
    return true;
}

static double sigmoid(double x)
{
    return 1.0 / (1.0 + exp(-x));
}

static double value_of(const tune_data *d, const tune_model *m, const tune_sample *s, const double *theta)
{
    double v = 0;
    for (int i = 0; i < s->count; i++) {
        const tune_entry *e = &d->entries[s->first + (size_t)i];
        v += theta[parameter(m, e->index)] * e->coefficient;
    }
    return v;
}

double tune_value(const tune_data *d, const tune_model *m, size_t sample, const double *theta)
{
    return value_of(d, m, &d->samples[sample], theta);
}

static bool chosen(const tune_sample *s, int folds, int held_out, bool training)
{
    return folds == 0 || ((s->game_number % folds == held_out) != training);
}

double tune_error(const tune_data *d, const tune_model *m, const double *theta, double k, int folds, int held_out,
                  bool training)
{
    double sum = 0;
    long count = 0;
    for (size_t i = 0; i < d->sample_count; i++) {
        const tune_sample *s = &d->samples[i];
        if (!chosen(s, folds, held_out, training))
            continue;
        double e = s->result - sigmoid(k * value_of(d, m, s, theta));
        sum += e * e;
        count++;
    }
    return count ? sum / (double)count : 0;
}

double tune_fit_scale(const tune_data *d, const tune_model *m)
{
    /* a golden-section search on log K: the error is smooth and, for
     * weights that mean anything, has one minimum */
    double low = log(TUNE_SCALE_LOW), high = log(TUNE_SCALE_HIGH);
    double at_low = tune_error(d, m, m->start, TUNE_SCALE_LOW, 0, 0, true);
    double at_high = tune_error(d, m, m->start, TUNE_SCALE_HIGH, 0, 0, true);
    if (fabs(at_low - at_high) < 1e-12)
        return TUNE_SCALE_FLAT;   /* the start values every sample alike (all 0): no scale to find */
    const double ratio = 0.6180339887498949;
    double a = high - ratio * (high - low), b = low + ratio * (high - low);
    double fa = tune_error(d, m, m->start, exp(a), 0, 0, true), fb = tune_error(d, m, m->start, exp(b), 0, 0, true);
    for (int i = 0; i < 60; i++) {
        if (fa < fb) {
            high = b;
            b = a;
            fb = fa;
            a = high - ratio * (high - low);
            fa = tune_error(d, m, m->start, exp(a), 0, 0, true);
        } else {
            low = a;
            a = b;
            fa = fb;
            b = low + ratio * (high - low);
            fb = tune_error(d, m, m->start, exp(b), 0, 0, true);
        }
    }
    return exp((low + high) / 2);
}

void tune_fit(const tune_data *d, const tune_model *m, double k, double lambda, int iterations, int folds,
              int held_out, double *theta)
{
    size_t count = (size_t)m->count;
    double *gradient = calloc(count, sizeof *gradient);
    double *first = calloc(count, sizeof *first);
    double *second = calloc(count, sizeof *second);
    memcpy(theta, m->start, count * sizeof *theta);
    if (!gradient || !first || !second)
        iterations = 0;   /* no memory: the weights stay at their start */
    long samples = 0;
    for (size_t i = 0; i < d->sample_count; i++)
        samples += chosen(&d->samples[i], folds, held_out, true);
    double power1 = 1, power2 = 1;
    for (int step = 0; step < iterations && samples > 0; step++) {
        memset(gradient, 0, count * sizeof *gradient);
        for (size_t i = 0; i < d->sample_count; i++) {
            const tune_sample *s = &d->samples[i];
            if (!chosen(s, folds, held_out, true))
                continue;
            double predicted = sigmoid(k * value_of(d, m, s, theta));
            double slope = 2.0 * (predicted - s->result) * predicted * (1 - predicted) * k / (double)samples;
            for (int j = 0; j < s->count; j++) {
                const tune_entry *e = &d->entries[s->first + (size_t)j];
                gradient[parameter(m, e->index)] += slope * e->coefficient;
            }
        }
        power1 *= ADAM_BETA1;
        power2 *= ADAM_BETA2;
        for (size_t j = 0; j < count; j++) {
            bool cell = (int)j >= m->cells_first && (int)j < m->cells_first + m->cell_weights;
            double pull = cell ? lambda : lambda * TUNE_MATERIAL_REGULARISATION;
            double g = gradient[j] + 2.0 * pull * (theta[j] - m->start[j]);
            first[j] = ADAM_BETA1 * first[j] + (1 - ADAM_BETA1) * g;
            second[j] = ADAM_BETA2 * second[j] + (1 - ADAM_BETA2) * g * g;
            double mean = first[j] / (1 - power1), variance = second[j] / (1 - power2);
            theta[j] -= ADAM_STEP * mean / (sqrt(variance) + ADAM_EPSILON);
        }
    }
    free(gradient);
    free(first);
    free(second);
}

static int rounded(double v)
{
    if (v > EVAL_WEIGHT_LIMIT)
        v = EVAL_WEIGHT_LIMIT;
    if (v < -EVAL_WEIGHT_LIMIT)
        v = -EVAL_WEIGHT_LIMIT;
    return (int)lround(v);
}

void tune_weights(const tune_model *m, const double *theta, eval_weights *w)
{
    const game *g = m->g;
    int types = g->type_count, cells = g->board.cell_count, n = g->player_count;
    for (int t = 0; t < types; t++)
        w->material[t] = rounded(theta[t]);
    for (int q = 0; q < n; q++)
        for (int t = 0; t < types; t++)
            for (int c = 0; c < cells; c++)
                w->cells[(q * types + t) * cells + c] = rounded(theta[tune_cell_index(m, q, t, c)]);
    w->mobility = m->mobility_index >= 0 ? rounded(theta[m->mobility_index]) : m->mobility;
    w->goal = m->goal_index >= 0 ? rounded(theta[m->goal_index]) : EVALUATE_GOAL_CELL;
    w->score = m->score_index >= 0 ? rounded(theta[m->score_index]) : EVALUATE_SCORE_POINT;
}
