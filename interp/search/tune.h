/* tune: the evaluator's weights fitted to the results of games (Texel's
 * method), for `tabula tune`.
 *
 * The evaluation with weights (evaluate.c) is linear in them: a position's
 * value for a player is a sum, over the weights, of the weight times a
 * feature of the position (the player's pieces of a type, on the board and
 * in reserve, against the others' average; a piece of a type and player
 * on a cell, counted for or against; the cells still to fill to connect;
 * the rules' score).  A sample is a position, the player whose view it is
 * taken from, and the share of the result that player went on to get; the
 * predicted share is sigmoid(K * value), and the weights minimise the mean
 * squared error of the predictions plus LAMBDA times the squared distance
 * of each weight from its start (less for the material: tune_fit): the evaluator's current estimates (the
 * rules' values or the estimate from random games, the rules' cell
 * bonuses and the cells' estimate from the rules' moves: evaluate.c), so
 * that a weight the games say little about stays where it was.  K is fitted first, with the weights at their start.
 *
 * Mobility is fitted (unless the model keeps it) as the engines count
 * it at a leaf: the side to move's moves less those of the position
 * before, where the other team was to move (a sample is given that
 * difference: tune_add_position).
 *
 * Everything is computed in one thread, in a fixed order: the same samples
 * give the same weights. */
#ifndef TABULA_TUNE_H
#define TABULA_TUNE_H

#include <stdbool.h>
#include <stddef.h>

#include "search/search.h"

/* Where each weight is among the parameters: the material of each type,
 * then each (player, type, cell)'s weight, then goal and score where the
 * evaluator counts them, then mobility. */
typedef struct tune_model {
    const game *g;
    int count;                  /* parameters */
    int cells_first;            /* the first cell weight */
    int cell_weights;           /* how many */
    /* two players whose setups are one another's mirrored (a half turn, or
     * across the ranks or the files, as chess, checkers, Othello and
     * Breakthrough are): the cell each cell is for the other player, whose
     * weights are the first player's on those cells (half the weights, twice
     * the samples each); NULL: each player's own */
    int *mirror;
    /* the samples name the weights as a model without a mirror does (each
     * player's own cells): PLAIN_COUNT of them, the goal's and the score's
     * at PLAIN_GOAL and PLAIN_SCORE (-1: none), the mobility's at
     * PLAIN_MOBILITY (-1: not fitted), and REMAP gives each one's
     * parameter in this model (NULL: the same) */
    int plain_count, plain_goal, plain_score, plain_mobility;
    int *remap;
    int goal_index, score_index;    /* -1: not counted */
    int mobility_index;         /* -1: not fitted */
    int mobility;               /* its estimate, written where not fitted */
    int score_sign;
    double *start;              /* the weights the fit starts from and pulls towards */
} tune_model;

/* Lays out the parameters of BASE's game, the players' cell weights one
 * another's mirrored if MIRRORED and their setups allow it (M->mirror
 * tells), the mobility among them if FIT_MOBILITY (else kept at BASE's,
 * and left out of the samples' values, as before it was fitted), and
 * starts them at BASE's values (BASE is an evaluator without weights);
 * false when memory runs out.  Samples added through one model of a game
 * serve every model of it with the same FIT_MOBILITY. */
bool tune_model_init(tune_model *m, const evaluator *base, bool mirrored, bool fit_mobility);
/* The parameter of the weight of TYPE and PLAYER on CELL. */
int tune_cell_index(const tune_model *m, int player, int type, int cell);
void tune_model_free(tune_model *m);

/* The samples: each a run of (parameter, coefficient) entries, its
 * result, and the number of the game it came from. */
typedef struct tune_entry {
    int index;
    float coefficient;
} tune_entry;
typedef struct tune_sample {
    size_t first;
    int count;
    int game_number;
    int player;
    double result;
} tune_sample;
typedef struct tune_data {
    tune_sample *samples;
    size_t sample_count, sample_capacity;
    tune_entry *entries;
    size_t entry_count, entry_capacity;
} tune_data;

void tune_data_init(tune_data *d);
void tune_data_free(tune_data *d);
/* Adds P seen by PLAYER, from game GAME_NUMBER, with RESULT (0..1, set
 * later with tune_set_result if not known yet) and MOBILITY (the side to
 * move's moves less those of the position before, the other team's, as a
 * leaf counts them; 0 where not known); GEN is scratch for the goal and
 * the score.  False when memory runs out. */
bool tune_add_position(tune_data *d, const tune_model *m, movegen *gen, position *p, int player,
                       int game_number, double result, double mobility);

/* The mean squared error of the predictions with M's weights THETA and scale
 * K over the samples whose game number is (mod FOLDS) not HELD_OUT when
 * TRAINING, or is when not (FOLDS 0: all samples). */
double tune_error(const tune_data *d, const tune_model *m, const double *theta, double k, int folds, int held_out,
                  bool training);
/* Sample SAMPLE's value with M's weights THETA. */
double tune_value(const tune_data *d, const tune_model *m, size_t sample, const double *theta);
/* The K within TUNE_SCALE_LOW..TUNE_SCALE_HIGH that minimises the error
 * with the weights at M's start; TUNE_SCALE_FLAT where the start values
 * every sample alike (a game whose pieces have no values): then a lead of
 * a piece of value 1 predicts about a 60% result, and 300 hundredths 73%,
 * as MCTS reads the material (MCTS_MATERIAL_SCALE). */
#define TUNE_SCALE_LOW 1e-4
#define TUNE_SCALE_HIGH 0.1
#define TUNE_SCALE_FLAT (1.0 / MCTS_MATERIAL_SCALE)
double tune_fit_scale(const tune_data *d, const tune_model *m);
/* The cell weights are pulled towards their start by LAMBDA, the others
 * (material, goal, score, mobility) by this share of it: a type's
 * material is seen in almost every sample and a cell's weight in few, and
 * the many cell weights fitted to a few hundred games learn their noise. */
#define TUNE_MATERIAL_REGULARISATION 0.1
/* Fits THETA (M->count weights; started from M's start) by full-batch
 * gradient descent (Adam) over ITERATIONS steps, with the samples chosen
 * as tune_error chooses them for training. */
void tune_fit(const tune_data *d, const tune_model *m, double k, double lambda, int iterations, int folds,
              int held_out, double *theta);
/* Rounds THETA into W (whose cells M's game's size). */
void tune_weights(const tune_model *m, const double *theta, eval_weights *w);

#endif
