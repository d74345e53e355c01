/* evaluate: piece values for the search's leaves.
 *
 * With hints, a type's value is its `value N` (times 100).  Without, the
 * values are estimated from seeded random games: for each player and each
 * ply of each finished game, a type's count difference (the player's
 * pieces of that type against the others' average) and the player's result
 * are sampled; the value is the regression slope of result on difference,
 * taken within samples of the same ply and player so that what every game
 * has at that ply (one more mark after an odd ply in tic-tac-toe) counts
 * for nothing.  A type whose difference never varies gets 0.
 *
 * The same games (fewer of them when the values are hinted) measure the
 * share of random games that end with a winner within EVALUATE_DECISIVE_PLIES:
 * where it is low (chess: most random games are drawn or go on for
 * hundreds of plies; Sapos: a race to starve, 300 plies on average) a
 * random playout tells a search little.
 *
 * Where the game has weights (`tabula tune`, game.weights), they replace
 * the values and the rules' cell bonuses: a piece counts its type's
 * material and its cell's weight, summed over the occupied cells.
 */
#include <stdlib.h>
#include <string.h>

#include "search/search.h"

#define ESTIMATE_MAX_PLIES 300
#define ESTIMATE_MAX_MOVES 40000   /* all games together: a bound on the time taken */
#define ESTIMATE_HINTED_MOVES 5000   /* the same when only the decisive share is measured */
#define ESTIMATE_SCALE 2000.0      /* hundredths per unit of result per piece */
#define VALUE_LIMIT 1000

static int count_of(const game *g, const position *p, int player, int type)
{
    int n = 0;
    for (int w = 0; w < g->words; w++)
        n += cellset_bits(p->owned[player].w[w] & p->typed[type].w[w]);
    if (p->reserve[player][type] > 0)
        n += p->reserve[player][type];
    return n;
}

/* With weights: each player's pieces summed, the material of each type
 * and what each adds on its cell (a sum over the occupied cells, from the
 * weights' table), for PLAYER against the others' average. */
static int weighted_material(const evaluator *e, const position *p, int player)
{
    const game *g = e->game;
    const eval_weights *w = e->weights;
    int n = g->player_count, types = g->type_count, cells = g->board.cell_count;
    long mine = 0, others = 0;
    for (int q = 0; q < n; q++) {
        long sum = 0;
        for (int t = 0; t < types; t++) {
            const int *table = w->cells + ((size_t)q * (size_t)types + (size_t)t) * (size_t)cells;
            int count = p->reserve[q][t] > 0 ? p->reserve[q][t] : 0;
            for (int k = 0; k < g->words; k++) {
                uint64_t bits = p->owned[q].w[k] & p->typed[t].w[k];
                count += cellset_bits(bits);
                while (bits) {
                    sum += table[k * 64 + __builtin_ctzll(bits)];
                    bits &= bits - 1;
                }
            }
            sum += (long)w->material[t] * count;
        }
        if (q == player)
            mine = sum;
        else
            others += sum;
    }
    return (int)((mine * (n - 1) - others) / (n - 1));
}

int evaluate_material(const evaluator *e, const position *p, int player)
{
    if (e->weights)
        return weighted_material(e, p, player);
    const game *g = e->game;
    int n = g->player_count;
    long total = 0;
    for (int t = 0; t < g->type_count; t++) {
        if (!e->value[t])
            continue;
        int mine = 0, others = 0;
        for (int q = 0; q < n; q++) {
            int c = count_of(g, p, q, t);
            if (q == player)
                mine += c;
            else
                others += c;
        }
        /* mine - others / (n - 1), kept in integers */
        total += (long)e->value[t] * ((long)mine * (n - 1) - others) / (n - 1);
    }
    /* the rules' cell bonuses, counted the same way */
    for (int i = 0; i < g->bonus_count; i++) {
        const cell_bonus *b = &g->bonuses[i];
        long mine = 0, others = 0;
        for (int q = 0; q < n; q++) {
            cellset on = p->typed[b->type];
            cellset_and(&on, &p->owned[q], g->words);
            cellset_and(&on, &g->sets[b->sets[q]], g->words);
            long c = cellset_count(&on, g->words);
            if (q == player)
                mine += c;
            else
                others += c;
        }
        total += (long)b->value * (mine * (n - 1) - others) / (n - 1);
    }
    return (int)total;
}

typedef struct sums {
    double n, d, o, dd, dout;
} sums;

int evaluate_goal_cells(const game *g, movegen *gen, position *p, int player)
{
    int n = g->player_count, mine = 0;
    long others = 0;
    for (int q = 0; q < n; q++) {
        int d = movegen_goal_distance(gen, p, q);
        if (d == -2)
            d = 0;                      /* no connection goal for q */
        else if (d < 0)
            d = g->board.cell_count;    /* cut off */
        if (q == player)
            mine = d;
        else
            others += d;
    }
    return (int)(others / (n - 1) - mine);
}

long evaluate_score_points(const game *g, movegen *gen, position *p, int player, long weight)
{
    int n = g->player_count;
    long mine = 0, others = 0;
    for (int q = 0; q < n; q++) {
        long v = movegen_score(gen, p, q);
        if (q == player)
            mine = v;
        else
            others += v;
    }
    return weight * (mine * (n - 1) - others) / (n - 1);
}

bool evaluator_init(evaluator *e, const game *g, int playouts, uint64_t seed)
{
    return evaluator_init_weighted(e, g, g->weights, playouts, seed);
}

bool evaluator_init_weighted(evaluator *e, const game *g, const eval_weights *weights, int playouts,
                             uint64_t seed)
{
    memset(e, 0, sizeof *e);
    e->game = g;
    e->mobility = EVALUATE_MOBILITY;
    e->goal_weight = EVALUATE_GOAL_CELL;
    e->score_weight = EVALUATE_SCORE_POINT;
    for (int i = 0; i < g->end_count; i++) {
        if (g->exprs[g->ends[i].condition].op == C_COND_CONNECTED && g->ends[i].outcome == OUTCOME_WIN)
            e->goals = true;
        if (g->score >= 0 && g->ends[i].outcome == OUTCOME_HIGHEST_SCORE)
            e->score_sign = 1;
        if (g->score >= 0 && g->ends[i].outcome == OUTCOME_LOWEST_SCORE)
            e->score_sign = -1;
    }
    e->decisive = 1;
    e->capture_share = 1;
    for (int t = 0; t < g->type_count; t++) {
        e->value[t] = g->types[t].value * 100;
        if (e->value[t])
            e->hinted = true;
    }
    if (weights) {
        /* the weights stand for every estimate: the random games below
         * only measure how often random play decides */
        e->weights = weights;
        e->mobility = weights->mobility;
        e->goal_weight = weights->goal;
        e->score_weight = weights->score;
        for (int t = 0; t < g->type_count; t++)
            e->value[t] = weights->material[t];
    }
    if (playouts <= 0 || g->type_count == 0)
        return true;
    /* with hints the games only measure how often random play decides */
    long max_moves = e->hinted ? ESTIMATE_HINTED_MOVES : ESTIMATE_MAX_MOVES;
    /* with weights the same games are played as without, so that the
     * shares measured are the same, but no values are learnt from them */
    bool learn = !e->hinted && !weights;

    int n = g->player_count, types = g->type_count;
    /* per (ply, player, type) sums, and the current game's differences */
    size_t cells = (size_t)ESTIMATE_MAX_PLIES * (size_t)n * (size_t)types;
    sums *acc = calloc(cells, sizeof *acc);
    int *diff = malloc(cells * sizeof *diff);
    movegen *m = movegen_new(g);
    position *p = malloc(sizeof *p);
    move_list list;
    bool list_ok = move_list_init(&list);
    bool ok = acc && diff && m && p && list_ok;
    bool position_ok = ok && pos_init(p, g);
    ok = ok && position_ok;
    uint64_t state = rng_seed(seed ^ 0xD1B54A32D192ED03ull);
    long moves_made = 0, moves_seen = 0, captures_seen = 0;
    int games = 0, decided = 0;
    for (int k = 0; ok && k < playouts && moves_made < max_moves; k++) {
        pos_reset(p);
        game_result result = { 0 };
        int plies = 0;
        for (; plies < ESTIMATE_MAX_PLIES; plies++) {
            for (int q = 0; learn && q < n; q++) {   /* hinted or weighted: no values to learn */
                int counts[GAME_MAX_PLAYERS];
                for (int t = 0; t < types; t++) {
                    int all = 0;
                    for (int r = 0; r < n; r++)
                        all += counts[r] = count_of(g, p, r, t);
                    size_t i = ((size_t)plies * (size_t)n + (size_t)q) * (size_t)types + (size_t)t;
                    diff[i] = counts[q] * (n - 1) - (all - counts[q]);   /* (n-1) times */
                }
            }
            movegen_generate(m, p, &list);
            if (list.overflow) {   /* a limit (movegen.h): this game is too big to sample */
                moves_made = max_moves;
                break;
            }
            movegen_result(m, p, &list, &result);
            if (result.over || list.count == 0)
                break;
            moves_seen += list.count;
            for (int i = 0; i < list.count; i++)
                captures_seen += (list.moves[i].flags & MOVE_CAPTURE) != 0;
            move_play(p, &list, (int)(rng_next(&state) % (uint64_t)list.count));   /* (never taken back) */
            moves_made++;
        }
        games++;
        bool decisive = false;
        for (int q = 1; result.over && plies <= EVALUATE_DECISIVE_PLIES && q < n; q++)
            if (result.score[q] != result.score[0])
                decisive = true;
        decided += decisive;
        if (!result.over || !learn)
            continue;   /* unfinished: no result to learn from */
        for (int ply = 0; ply <= plies && ply < ESTIMATE_MAX_PLIES; ply++)
            for (int q = 0; q < n; q++) {
                double o = result.score[q] - 1.0 / n;
                for (int t = 0; t < types; t++) {
                    size_t i = ((size_t)ply * (size_t)n + (size_t)q) * (size_t)types + (size_t)t;
                    double d = diff[i] / (double)(n - 1);
                    sums *s = &acc[i];
                    s->n += 1;
                    s->d += d;
                    s->o += o;
                    s->dd += d * d;
                    s->dout += d * o;
                }
            }
    }
    if (games > 0)
        e->decisive = (double)decided / games;
    if (moves_seen > 0)
        e->capture_share = (double)captures_seen / (double)moves_seen;
    if (ok && learn) {
        for (int t = 0; t < types; t++) {
            double cov = 0, var = 0, samples = 0;
            for (int ply = 0; ply < ESTIMATE_MAX_PLIES; ply++)
                for (int q = 0; q < n; q++) {
                    const sums *s = &acc[((size_t)ply * (size_t)n + (size_t)q) * (size_t)types + (size_t)t];
                    if (s->n < 2)
                        continue;
                    cov += s->dout - s->d * s->o / s->n;
                    var += s->dd - s->d * s->d / s->n;
                    samples += s->n;
                }
            if (samples < 1 || var / samples < 0.01)
                continue;   /* the count hardly varies between games */
            double v = ESTIMATE_SCALE * cov / var;
            if (v > VALUE_LIMIT)
                v = VALUE_LIMIT;
            if (v < -VALUE_LIMIT)
                v = -VALUE_LIMIT;
            e->value[t] = (int)(v < 0 ? v - 0.5 : v + 0.5);
        }
    }
    if (position_ok)
        pos_free(p);
    free(p);
    if (list_ok)
        move_list_free(&list);
    movegen_free(m);
    free(diff);
    free(acc);
    return ok;
}

void evaluate_counts(const game *g, movegen *gen, position *p, game_counts *out)
{
    memset(out, 0, sizeof *out);
    for (int q = 0; q < g->player_count; q++) {
        long *c = out->value + q * GAME_COUNTS_WIDTH;
        c[0] = movegen_score(gen, p, q);   /* (0 without a score) */
        for (int t = 0; t < g->type_count; t++) {
            int on_board = 0;
            for (int w = 0; w < g->words; w++)
                on_board += cellset_bits(p->owned[q].w[w] & p->typed[t].w[w]);
            c[1 + 2 * t] = on_board;
            c[2 + 2 * t] = p->reserve[q][t];
        }
    }
}

bool evaluate_counts_equal(const game_counts *a, const game_counts *b)
{
    return memcmp(a->value, b->value, sizeof a->value) == 0;
}

bool evaluate_changes_counts(const game *g, movegen *gen, position *p, const move_list *list,
                             int index)
{
    game_counts before, after;
    evaluate_counts(g, gen, p, &before);
    undo u;
    move_make(p, list, index, &u);
    evaluate_counts(g, gen, p, &after);
    pos_unmake(p, &u);
    return !evaluate_counts_equal(&before, &after);
}

bool evaluate_some_move_scores(const game *g, int score_sign, movegen *gen, position *p, const move_list *list)
{
    if (g->score < 0 || score_sign == 0)
        return false;
    int mover = p->side, n = g->player_count;
    long before[GAME_MAX_PLAYERS];
    for (int q = 0; q < n; q++)
        before[q] = movegen_score(gen, p, q);
    for (int i = 0; i < list->count; i++) {
        if (list->moves[i].flags & MOVE_PASS)
            continue;
        undo u;
        move_make(p, list, i, &u);
        long mine = 0, most_other = 0;
        bool first = true;
        for (int q = 0; q < n; q++) {
            long delta = score_sign * (movegen_score(gen, p, q) - before[q]);
            if (q == mover) {
                mine = delta;
            } else if (first || delta > most_other) {
                most_other = delta;
                first = false;
            }
        }
        pos_unmake(p, &u);
        if (mine > most_other)
            return true;
    }
    return false;
}
