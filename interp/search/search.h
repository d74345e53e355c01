/* search: choosing moves for any compiled game.
 *
 * An engine is made once per game and player seat and then asked for a
 * move in one position after another.  Three kinds:
 *
 * - random: a uniformly random legal move.
 * - ab (alpha-beta, alphabeta.c): negamax with iterative deepening, a
 *   transposition table on the position's Zobrist key, move ordering (table
 *   move, captures, killers, history) and scores that count the plies to a
 *   won or lost end, limited by depth, time or nodes.  Leaves are scored by
 *   the evaluator (evaluate.c) once their captures are played out (a
 *   quiescence search, where alphabeta_quiesces: two players, valued
 *   pieces, captures a minority of the moves); principal variation
 *   search; null-move pruning where the rules make a pass a fair test
 *   (alphabeta_null_moves: chess, xiangqi, Breakthrough; not where
 *   zugzwang is common, as in GTBM); aspiration windows at the root; check
 *   extensions where the game has royal pieces; in searches limited by
 *   time or nodes, late move reductions and late move and futility
 *   pruning (alphabeta_prunes: not where the score counts territory, as in
 *   Mynd; reductions=off, pruning=off turn them off); in two-player
 *   games a draw costs the engine a little (contempt=N).  With
 *   three or four players the search is
 *   *paranoid*: the player to move at the root maximises its own result and
 *   every other player is taken to minimise it, which makes the game a
 *   two-sided one (the root player against a coalition) that negamax
 *   searches as usual.  Leaves: material (evaluate.c; or where the game
 *   has a weights file, the weights tune learned), mobility, in
 *   games won by connecting the cells each side still has to fill
 *   (movegen_goal_distance), in games decided by a score the score, how
 *   much each piece reaches from its cell, and in games won by reaching a
 *   region how near it each piece is.
 * - mcts (mcts.c): UCT with uniformly random playouts, an MCTS-solver that
 *   proves ends in the tree, and one result per player (score vectors), so
 *   it needs no special case for more than two players; an engine keeps
 *   its tree below the moves played from one search to the next.  In a game whose
 *   pieces have values (hinted or estimated), playouts are cut off after
 *   MCTS_CUTOFF plies and scored by the material balance and mobility;
 *   after none where random games seldom end with a winner.
 *
 * Passing: where a pass is among a position's moves (Mynd), both engines
 * play it rather than their best move after the player before passed
 * when it does as well, and when nothing the game counts (game_counts)
 * changes along the line they expect after the best move nor after the
 * pass; MCTS also when its best move keeps almost nothing of a result.
 * Otherwise a game that ends when every player passes in a row would go
 * on to its rules' last limit, the players shuffling their pieces.
 *
 * Scores are from the side to move's view.  Alpha-beta scores are in
 * hundredths of a pawn-like unit (a piece of `value 1` is worth 100); a
 * proven end is a win, a loss or a draw after N plies (N counts the plies
 * until the game is over, the last move included: "win in 1" is a winning
 * move now).  An MCTS score is the expected result mapped to -1000..1000
 * (1000: always wins).
 *
 * Chance (chance.c): where a position's moves hold dice (MOVE_CHANCE, from
 * `roll`), the turn is a tree of the mover's choices and the dice's faces,
 * read from the moves' paths.  Alpha-beta values such a position by
 * expectimax (the best choice, the mean over a die's faces; its children
 * are searched with a full window), MCTS walks the tree when it selects
 * (UCT at the choices, a uniformly random face at the dice) and does not
 * prove such nodes, and every engine plays its own turn the same way: it
 * makes its choices and throws its dice from its seed.
 */
#ifndef TABULA_SEARCH_H
#define TABULA_SEARCH_H

#include <stdatomic.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "game/game.h"
#include "movegen/movegen.h"
#include "game/rng.h"
#include "game/position.h"

#define SEARCH_MAX_PLY 64
#define SEARCH_MATE 1000000     /* a won end at the root itself */
#define SEARCH_MATE_BOUND (SEARCH_MATE - 10000)

/* --- engine specifications: "random", "ab:depth=N", "ab:time=MS",
 * "ab:nodes=N", "mcts:playouts=N", "mcts:time=MS" (keys may be combined
 * with commas: "ab:depth=6,time=1000"), for both "threads=N", and
 * "weights=off" to leave the game's learned weights (its weights file) unused.
 *
 * Threads (mcts): root parallelism.  Each thread grows a tree of its own
 * from the same position, with its own seed and generator (the game is
 * shared: it is immutable); a playout limit is shared out among them, a
 * time limit holds for each.  At the end the root moves' visits are summed
 * over the threads and the most visited is played, unless a thread proved
 * a win.  One thread and a fixed seed give the same game every time; more
 * threads with a playout limit do too, as each thread's share is fixed.
 *
 * Threads (ab): Lazy SMP.  Helper threads search the same position with
 * their own generator, position copy and move-ordering tables, sharing the
 * main search's transposition table (lock-free slots, alphabeta.c); each
 * helper skips some depths of its iterative deepening, so that it works
 * ahead of the main search.  The main search's limits and result are the
 * engine's; when it ends the helpers are halted.  One thread is
 * deterministic; more are not (what a helper leaves in the table depends
 * on timing). */

typedef enum engine_kind { ENGINE_RANDOM, ENGINE_ALPHABETA, ENGINE_MCTS } engine_kind;

/* A technique of the ab search a spec turns on or off (KEY=on|off), or
 * leaves as alphabeta_new sets it. */
typedef enum engine_switch { SWITCH_DEFAULT, SWITCH_ON, SWITCH_OFF } engine_switch;

typedef struct engine_spec {
    engine_kind kind;
    int depth;          /* 0: no limit (ab) */
    bool no_quiescence; /* ab: leaves scored as they stand (quiescence=off) */
    engine_switch reductions;   /* ab: reductions=on|off (alphabeta_set_reductions) */
    engine_switch pruning;      /* ab: pruning=on|off (alphabeta_set_pruning) */
    engine_switch null_moves;   /* ab: null=on|off (alphabeta_set_null_moves) */
    engine_switch aspiration;   /* ab: aspiration=on|off (alphabeta_set_aspiration) */
    engine_switch extensions;   /* ab: extensions=on|off (alphabeta_set_extensions) */
    bool contempt_given;        /* ab: contempt=N given (else SEARCH_DEFAULT_CONTEMPT) */
    int contempt;               /* ... N (alphabeta_set_contempt) */
    bool no_weights;    /* ab, mcts: the game's learned weights not used (weights=off) */
    long time_ms;       /* 0: no limit */
    bool time_from_clock;   /* TIME_MS is a clock's budget for the move, not a fixed time (engine_set_limits) */
    long nodes;         /* 0: no limit (ab) */
    long playouts;      /* 0: no limit (mcts) */
    int threads;        /* searches run side by side (0 or 1: one) */
    int hash_mb;        /* MiB for ab's table, or for each of mcts's trees (0: the default) */
    double exploration; /* mcts: UCT's exploration constant (0: the default) */
    bool bias_given;    /* mcts: bias=W given (else MCTS_BIAS) */
    double bias;        /* ... W, progressive bias's weight (mcts_set_bias) */
    engine_switch mast; /* mcts: mast=on|off (mcts_set_mast) */
} engine_spec;

/* contempt=N: what a draw costs the engine, in hundredths of a piece of
 * value 1, by default and at most either way. */
#define SEARCH_DEFAULT_CONTEMPT 25
#define SEARCH_MAX_CONTEMPT 1000
/* The contempt an ab engine of SPEC plays with. */
int engine_spec_contempt(const engine_spec *spec);

/* hash=MB: the range, and what an engine of KIND takes without it (MiB). */
#define SEARCH_MAX_HASH_MB 65536
int search_default_hash_mb(engine_kind kind);
/* exploration=C: the range, in hundredths as the protocols give it too. */
#define MCTS_MAX_EXPLORATION 10.0

#define SEARCH_MAX_THREADS 64

/* Reads TEXT; on failure ERROR says why. */
bool engine_spec_parse(const char *text, engine_spec *spec, char *error, size_t error_size);

/* --- chance (chance.c) */

/* Whether any of LIST's moves holds a throw. */
bool chance_in(const move_list *list);
/* ORDER (LIST->count entries): the move indices sorted by path. */
void chance_order(const move_list *list, int *order);
/* The turn's expectimax value: VALUES[i] is move i's value for the mover;
 * choices take the best, dice the mean of their faces.  Values at or beyond
 * MATE_BOUND (0: none) are proven ends; a mean over faces some of which win
 * and some lose counts them as +WIN and -WIN. */
double chance_value(const move_list *list, const int *order, const double *values,
                    double mate_bound, double win);
/* At a choice, the ways the turn can go on are ORDER[WAY[k]..WAY[k+1]) for
 * k < WAYS, after DEPTH path tokens; returns the k chosen. */
typedef int (*chance_chooser)(const move_list *list, const int *order, const int *way, int ways,
                              int depth, void *context);
/* Plays the turn: CHOOSE (NULL: uniformly at random) at the choices, a
 * uniformly random face at the dice; returns the move index. */
int chance_walk(const move_list *list, const int *order, chance_chooser choose, void *context,
                uint64_t *rng);
/* The value of way K (as given to a chance_chooser). */
double chance_way_value(const move_list *list, const int *order, const int *way, int k, int depth,
                        const double *values, double mate_bound, double win);

/* --- evaluation (evaluate.c) */

typedef struct evaluator {
    const game *game;
    int value[GAME_MAX_TYPES];  /* per piece type, in hundredths */
    bool hinted;                /* the values come from the rules' `value N` */
    const eval_weights *weights;    /* the game's learned weights (NULL: none used) */
    /* without weights: what a piece adds on each cell, per player, type and
     * cell (laid out as eval_weights.cells), estimated from the rules'
     * moves (how near its goal region, how much it reaches from there:
     * evaluate.c); NULL where nothing is (owned: evaluator_free) */
    int *cell_estimate;
    /* in such a game, with weights or without: the cells where a piece of
     * each player wins (reach_goal[player]), and those one move from it
     * for each player's type (reach_near[player * type_count + type]),
     * and for each player all of those cells together (reach_cells: a
     * piece landing elsewhere reaches nothing); else NULL (owned) */
    cellset *reach_goal, *reach_near, *reach_cells;
    /* in such a game on a board of at most 256 cells, without stacks,
     * whose moves are single steps and leaps in a fixed turn order: for
     * each player's type and cell (laid out as eval_weights.cells) how many
     * moves a piece there is from its goal region (0: on it, or more than
     * 8); for each player's type a set of words of the cells with a
     * distance; and for each player's type, whether its side moves next
     * (0) or not (1), and each cell Y, a set of words of the cells where a
     * piece of that type is stopped on its way by an enemy piece on Y
     * (evaluate.c); else NULL (owned) */
    uint8_t *runner_distance;
    uint64_t *runner_cells;
    uint64_t *runner_guards;
    int runner_race;            /* to the player whose free runner arrives first */
    /* in a game whose every move is one step or leap that takes what it
     * lands on, on a board of at most 256 cells, without stacks: for each
     * player's type and cell (laid out as eval_weights.cells), a set of
     * words of the cells where a piece there would take an enemy piece
     * standing on them (evaluate.c); else NULL (owned) */
    uint64_t *takes;
    int mobility;               /* per legal move more than the opponent */
    int goal_weight;            /* per cell fewer to fill to connect */
    int score_weight;           /* per point of the rules' score */
    bool goals;                 /* the game is won by connecting (movegen_goal_distance) */
    int score_sign;             /* won on the rules' score: 1 highest, -1 lowest, 0 not */
    double decisive;            /* the share of sampled random games with a winner by
                                 * EVALUATE_DECISIVE_PLIES plies */
    double capture_share;       /* the share of the legal moves of sampled positions
                                 * that capture (1 where nothing was sampled) */
} evaluator;
#define EVALUATE_DECISIVE_PLIES 120   /* twice MCTS_CUTOFF */
/* With goals: hundredths per empty cell a player has still to fill to
 * connect, against the others' average. */
#define EVALUATE_GOAL_CELL 100
/* With a score: hundredths per point of the rules' `score:` against the
 * others' average (Mynd's territory, a count of pieces). */
#define EVALUATE_SCORE_POINT 100

#define EVALUATE_MOBILITY 12
/* In a game won by reaching a region: hundredths to the player whose
 * piece no enemy can stop arrives first. */
#define EVALUATE_RUNNER_RACE 600

/* Sets the piece values: the rules' `value N` when any type declares one,
 * else estimated from up to PLAYOUTS seeded random games (at most 40000
 * moves in all; how a type's count
 * difference, at the same ply, goes with the result); then the cells'
 * estimate, the goal regions, the free runners' tables and what each
 * piece takes (estimate_cells, estimate_runners and estimate_takes in
 * evaluate.c).  With the
 * game's weights (G->weights, from its weights file) when it has them,
 * which stand for the values and the cells' estimate.  The evaluator
 * holds memory: evaluator_free. */
bool evaluator_init(evaluator *e, const game *g, int playouts, uint64_t seed);
/* The same with WEIGHTS (NULL: none, as without a weights file) in place
 * of the game's. */
bool evaluator_init_weighted(evaluator *e, const game *g, const eval_weights *weights, int playouts,
                             uint64_t seed);
/* Frees what E holds (its reach tables); E can be initialised again. */
void evaluator_free(evaluator *e);
/* In a game won by reaching a region: whether PLAYER has a piece one of
 * its moves from its goal (it wins on its turn unless stopped). */
bool evaluate_reach_threat(const evaluator *e, const position *p, int player);
/* What move INDEX of LIST does towards MOVER's goal region, read off its
 * changes in one pass: REACH_WINS where it brings a piece of MOVER's
 * there, else REACH_THREATENS where it brings one a move from it (a
 * threat to win on its next turn), else REACH_NONE (always, in a game not
 * won by reaching a region). */
enum { REACH_NONE, REACH_THREATENS, REACH_WINS };
static inline int evaluate_move_reach(const evaluator *e, const move_list *list, int index, int mover)
{
    if (!e->reach_goal)
        return REACH_NONE;
    /* (inline: the search asks it of every move it orders) */
    int types = e->game->type_count, reach = REACH_NONE;
    const cellset *cells = &e->reach_cells[mover];
    const move *mv = &list->moves[index];
    const change *c = list->changes + mv->first, *end = c + mv->count;
    for (; c < end; c++) {
        if (c->kind != CHANGE_CELL || !cellset_has(cells, c->index) || c->after <= 0
            || PIECE_OWNER((uint16_t)c->after) != mover)
            continue;
        if (cellset_has(&e->reach_goal[mover], c->index))
            return REACH_WINS;
        int t = PIECE_TYPE((uint16_t)c->after);
        if (t < types && cellset_has(&e->reach_near[mover * types + t], c->index))
            reach = REACH_THREATENS;
    }
    return reach;
}
/* In a game won by reaching a region (with E->runner_distance): E->runner_race
 * for PLAYER when a piece of its arrives first, in plies from P, that no
 * enemy piece can stop on its way (evaluate.c), as much less shared among
 * the others when another player's does; 0 when no piece is so free. */
int evaluate_runner_race(const evaluator *e, const position *p, int player);
/* With E->takes: sets ATTACKS to the cells where some piece of PLAYER's
 * would take an enemy piece standing there, and returns true; false
 * (ATTACKS untouched) without the tables. */
bool evaluate_attacks(const evaluator *e, const position *p, int player, cellset *attacks);
/* In a game won by connecting: the cells the others still have to fill,
 * on average, less PLAYER's (a cut off player counts the board's cells). */
int evaluate_goal_cells(const game *g, movegen *gen, position *p, int player);
/* WEIGHT times PLAYER's score by the rules' `score:` less the others'
 * average. */
long evaluate_score_points(const game *g, movegen *gen, position *p, int player, long weight);
/* Whether game G is decided on the rules' score: 1 where an end rule says
 * the highest score wins, -1 the lowest (the last such rule decides), 0
 * where none does or the game has no `score:` (evaluator.score_sign). */
int evaluate_score_sign(const game *g);

/* The material balance for PLAYER: its pieces (on the board and in finite
 * reserves) and the rules' cell bonuses (`bonus TYPE { CELLS: N }`), or
 * with weights each piece's material and cell weight, against the average
 * of the others'; with the race of the free runners
 * (evaluate_runner_race) added either way. */
int evaluate_material(const evaluator *e, const position *p, int player);

/* What a piece of PLAYER's of TYPE on CELL counts in evaluate_material
 * (the race of free runners aside): its type's value and what it adds on
 * that cell (the weights' table; without weights the estimate and the
 * rules' cell bonuses), for ordering captures by their victim; 0 for a
 * type the game does not have, the type's value alone for a player or
 * cell it does not have. */
int evaluate_piece_value(const evaluator *e, int player, int type, int cell);

/* What the game counts, for each player: its score by the rules' `score:`
 * and its number of pieces of each type on the board and in reserve.  A
 * move or a line of play that changes none of it (a push in Mynd that
 * closes no area) only shuffles the pieces: where a pass is among the
 * moves, an engine passes rather than shuffle (mcts.c, alphabeta.c). */
#define GAME_COUNTS_WIDTH (1 + 2 * GAME_MAX_TYPES)
typedef struct game_counts {
    long value[GAME_MAX_PLAYERS * GAME_COUNTS_WIDTH];
} game_counts;
void evaluate_counts(const game *g, movegen *gen, position *p, game_counts *out);
bool evaluate_counts_equal(const game_counts *a, const game_counts *b);
/* Whether some move of LIST (the moves of P) raises the mover's score by
 * the rules' `score:` more than any other player's (SCORE_SIGN: 1 where
 * the highest score wins, -1 the lowest, 0 where no score decides: then
 * false): a move that scores at once, which an engine plays rather than
 * pass, however its search ranks it.  P is left as it was found. */
bool evaluate_some_move_scores(const game *g, int score_sign, movegen *gen, position *p, const move_list *list);
/* Whether making LIST's move INDEX in P changes what the game counts (P is
 * left as it was found). */
bool evaluate_changes_counts(const game *g, movegen *gen, position *p, const move_list *list,
                             int index);

/* --- results */

typedef enum score_kind { SCORE_VALUE, SCORE_WIN, SCORE_LOSS, SCORE_DRAW } score_kind;

typedef struct search_result {
    int best;               /* index into engine_root_moves(), -1: no move */
    score_kind kind;
    int score;              /* SCORE_VALUE: the number */
    int distance;           /* SCORE_WIN, SCORE_LOSS: plies to the end */
    int depth;              /* ab: the last completed depth */
    uint64_t nodes;         /* positions visited (mcts: playouts) */
    uint64_t reused;        /* mcts: root visits kept from the last search (tree reuse) */
    double seconds;
} search_result;

/* One line of progress: after each completed depth (ab) or now and then
 * (mcts); PV is the principal variation in notation, space separated. */
typedef struct search_info {
    int depth;
    score_kind kind;
    int score, distance;
    uint64_t nodes;
    double seconds;
    const char *pv;
} search_info;

typedef void (*search_progress)(const search_info *info, void *context);

/* Writes "win in N", "loss in N", "draw" or the number. */
void search_score_text(score_kind kind, int score, int distance, char *out, size_t size);

/* --- engines */

typedef struct engine engine;

/* Returns NULL when memory runs out. */
engine *engine_new(const game *g, const engine_spec *spec, uint64_t seed);
void engine_free(engine *e);
/* Starts a new game: E forgets every position it has seen (its table, its
 * tree, its move ordering) and plays from then on as engine_new (E's game
 * and spec, SEED) would, without estimating the piece values again (they
 * depend on the game alone) or allocating anything.  So a game of a
 * self-play series depends on its own seed only, not on the games before
 * it (analyze --shard). */
void engine_new_game(engine *e, uint64_t seed);

/* Chooses a move in P (which it leaves as it found it); the move is
 * engine_root_moves(e)->moves[result->best].  PROGRESS may be NULL. */
void engine_choose(engine *e, position *p, search_result *result, search_progress progress,
                   void *context);
const move_list *engine_root_moves(const engine *e);
/* STOP true: E's searches, the one running (in another thread) and those
 * after it, stop as soon as they can, as if the time had run out, and
 * choose the best move found so far (the first move where none was
 * searched yet); false: they search again.  Other engines are untouched,
 * as this engine is by them (search_interrupt stops them all).  It only
 * sets a flag, so another thread or a signal handler may call it. */
void engine_stop(engine *e, bool stop);

/* --- the algorithms behind engine_choose (one state each) */

/* The transposition table, which the threads of an ab engine share. */
typedef struct search_table search_table;
/* BYTES (0: the default, search_default_hash_mb) bounds its size: the
 * largest power of two of slots that fits, at least one slot. */
search_table *search_table_new(size_t bytes);
size_t search_table_default_bytes(void);
void search_table_free(search_table *t);
/* Empties the table, as a new one is. */
void search_table_clear(search_table *t);
/* Before a search with ROOT_PLAYER to move: with three or four players the
 * (paranoid) values depend on the root player, and so do draws with
 * CONTEMPT (alphabeta_set_contempt: not 0), so a table kept for another
 * is cleared.  Called by alphabeta_search; with threads, before any starts. */
void search_table_prepare(search_table *t, const game *g, int root_player, bool contempt);

typedef struct alphabeta alphabeta;
/* TABLE may be shared with other alphabeta states searching the same
 * positions in other threads; HALT (may be NULL), once set, stops the
 * search as a time limit would. */
alphabeta *alphabeta_new(const game *g, movegen *generator, const evaluator *eval,
                         search_table *table, const atomic_bool *halt);
/* Turns the quiescence search off (on where alphabeta_quiesces says). */
void alphabeta_set_quiescence(alphabeta *s, bool on);
/* Turns the late move reductions off or on (on by default; they act in
 * searches limited by time or nodes only). */
void alphabeta_set_reductions(alphabeta *s, bool on);
/* Whether late move pruning and futility pruning run by default in game
 * G (in searches limited by time or nodes only): not where the game is
 * decided on a score that counts territory (Mynd's
 * `territory(player, home)`).  There one peg that closes a wall takes a
 * region at once, so that a move that takes nothing can change the score
 * by any amount: neither its place in the order nor a margin below alpha
 * says it cannot matter.  (Where the score counts pieces, as in Othello,
 * Kalah and Tak, a move changes it by what it takes or turns.) */
bool alphabeta_prunes(const game *g);
/* Turns late move pruning and futility pruning off or on (by default where
 * alphabeta_prunes says). */
void alphabeta_set_pruning(alphabeta *s, bool on);
/* Whether the quiescence search runs for the game EVAL is of: two players,
 * pieces with values, and captures a minority of the moves of random play
 * (where every move flips or takes, as in Othello, taking is the game's
 * ordinary move, not an exchange to be played out). */
bool alphabeta_quiesces(const evaluator *eval);
/* Whether a null move (the side to move hands the turn over, the board
 * unchanged) can be searched in game G at all: two players taking turns
 * in a fixed order (no opening order, `again` or `out` rule), no dice. */
bool alphabeta_can_pass(const game *g);
/* Whether null-move pruning runs by default in the game EVAL is of: where
 * handing the turn over is a fair test of how good a position is (the
 * side to move, were it allowed to pass, would be no better off than
 * after its best move), because moving is almost never worse than not
 * moving.  Decided from the rules: alphabeta_can_pass, pieces with
 * values, and none of what makes a pass meaningful or zugzwang common:
 * - a pass among the moves (`pass`, `pass if no moves`: Othello, Mynd);
 * - placements or sowings (every move adds to the board: tic-tac-toe,
 *   Connect Four, Hex, Othello, Tak, Amazons' arrows; Kalah's seeds);
 * - compulsory captures (`prefer captures`, `only captures if`: checkers,
 *   Lasca, where a player is often forced into a losing capture);
 * - every end rule with a winner or a loser needs `no moves`, and no piece
 *   is royal (no `legal unless attacked(...)` filter, which would make it
 *   a checkmate): the game is won by shutting the other side in, so that
 *   zugzwang is its aim (GTBM).
 * Chess, xiangqi, Breakthrough and Superial qualify. */
bool alphabeta_null_moves(const evaluator *eval);
/* Turns null-move pruning off, or on: by default where
 * alphabeta_null_moves says, when asked for wherever alphabeta_can_pass
 * (a zugzwang may then be missed: for measuring, and for tests). */
void alphabeta_set_null_moves(alphabeta *s, bool on);
/* Turns aspiration windows at the root off (on by default). */
void alphabeta_set_aspiration(alphabeta *s, bool on);
/* Turns check extensions off (on by default): a position whose side to
 * move is in check (movegen_checked) is searched a ply deeper. */
void alphabeta_set_extensions(alphabeta *s, bool on);
/* What a drawn end costs the player to move at the root, in hundredths of
 * a piece of value 1 (SEARCH_DEFAULT_CONTEMPT by default; 0: a draw is
 * worth 0, negative: a draw is sought), in two-player games: a draw is
 * worth -HUNDREDTHS to it and +HUNDREDTHS to the other player, so that the
 * engine plays on rather than repeat a position that it values at more
 * than -HUNDREDTHS, and takes a draw only where it stands worse than
 * that.  (Against the release before, GTBM at 100 ms a move, three runs
 * of 20 games each way: 23 won, 4 lost, 33 drawn without, 33 won, 11
 * lost, 16 drawn with 25, most draws repetitions at even material: more
 * games decided, about the same score, 39.5 and 41 of 60.)  A proven
 * draw is still reported as a draw. */
void alphabeta_set_contempt(alphabeta *s, int hundredths);
/* Whether a search limited by time stops once half of it is spent rather
 * than begin an iteration it would most likely not finish, saving the
 * rest: on where the time is a clock's budget for the move (the time saved
 * is the next moves'), off (the default) where it is a fixed time a move,
 * which would be lost, and is used to its end (an unfinished iteration
 * still counts where it got). */
void alphabeta_set_time_saving(alphabeta *s, bool on);
/* Makes S helper INDEX (1, 2, ...) of a Lazy SMP search: it skips some
 * depths of its iterative deepening. */
void alphabeta_set_helper(alphabeta *s, int index);
/* Makes S's searches stop as soon as they can, as if the time had run
 * out, while *STOP is set (NULL: never; the process's interrupt,
 * search_interrupt, stops them too): its engine's own stop (engine_stop). */
void alphabeta_set_stop(alphabeta *s, const atomic_bool *stop);
void alphabeta_free(alphabeta *s);
/* Forgets what its searches learnt of the moves (killers, history), as a
 * new state has; the table is the caller's to clear. */
void alphabeta_new_game(alphabeta *s);
/* Searches P, whose legal moves ROOT already holds; DEPTH 0, TIME_MS 0 or
 * NODES 0: no limit of that kind (with none at all, SEARCH_MAX_PLY - 1).
 * VALUES (may be NULL) receives each root move's value for the mover when
 * the root has chance moves (then every root move is searched exactly). */
void alphabeta_search(alphabeta *s, position *p, move_list *root, int depth, long time_ms,
                      long nodes, search_result *result, search_progress progress, void *context,
                      double *values);
/* A pass at the root is played where it is worth at most this much less
 * than a best move that changes nothing the game counts (hundredths; half
 * a point of a rules' score). */
#define AB_PASS_MARGIN (EVALUATE_SCORE_POINT / 2)
/* The value an ab search gives a won end (mixed with lost ones under a die). */
#define SEARCH_CHANCE_WIN 100000

typedef struct mcts mcts;
/* EVAL (may be NULL): when it values some piece type, or the rules' score
 * decides the game, a playout stops after MCTS_CUTOFF plies (none when
 * EVAL->decisive is below MCTS_DECISIVE) and scores the material, the
 * rules' score and the mobility instead of playing on. */
/* MEMORY (0: the default, search_default_hash_mb) bounds the tree: its
 * nodes, their moves' changes and the second pool that tree reuse copies
 * into; a search whose tree is full goes on without growing it. */
mcts *mcts_new(const game *g, movegen *generator, uint64_t seed, const evaluator *eval, size_t memory);
size_t mcts_default_memory(void);
/* UCT's exploration constant C (0 < C, default MCTS_EXPLORATION): a child's
 * value is its mean result plus C * sqrt(ln N / n). */
void mcts_set_exploration(mcts *s, double c);
#define MCTS_EXPLORATION 1.0
/* Progressive bias, with an evaluator: when a node is expanded each child
 * is evaluated (the position after its move, for its mover, as a share of
 * a win, H); untried children are tried best H first, and a tried child's
 * value gains WEIGHT * H / (n + 1), which fades as its own results come
 * in.  0 turns it off. */
void mcts_set_bias(mcts *s, double weight);
#define MCTS_BIAS 0.0
/* As alphabeta_set_stop, for S's searches (at least one playout is run). */
void mcts_set_stop(mcts *s, const atomic_bool *stop);
/* MAST (mast.h): each playout chooses its moves epsilon-greedily by the
 * average result, for the mover, of the playouts in which the mover made
 * the same move (its path), anywhere in the line: with chance
 * MCTS_MAST_EPSILON any move, else the best.  The averages are kept from
 * one search to the next, each search keeping MCTS_MAST_KEEP of what the
 * last one saw, and forgotten at a new game.  Where the leaf is scored at
 * once (no playouts: EVAL->decisive below MCTS_DECISIVE) it stays off.
 * Each playout's whole list of moves is then built at every ply, instead
 * of one move drawn as they are found: slower playouts.  On or off (the
 * default, MCTS_MAST) drops the tree kept from the last search.  False
 * when there is no memory for the averages (MAST then stays off). */
bool mcts_set_mast(mcts *s, bool on);
#define MCTS_MAST false
#define MCTS_MAST_EPSILON 0.4
#define MCTS_MAST_KEEP 0.5
/* The average result for PLAYER of the playouts in which it made move K
 * of LIST, as MAST keeps it (1 for a move not seen): for tests. */
double mcts_mast_average(const mcts *s, int player, const move_list *list, int k);
#define MCTS_CUTOFF 60
#define MCTS_DECISIVE 0.5           /* below this share of decided random games: no playout */
#define MCTS_MATERIAL_SCALE 300.0   /* hundredths: a lead of this much is worth a 73% result */
/* a pass at the root is played when its results are this close to the
 * best move's, or the best move's are below MCTS_PASS_HOPELESS, over at
 * least MCTS_PASS_VISITS playouts, or when nothing counted changes and
 * every move this close to the best changes nothing either (mcts.c) */
#define MCTS_PASS_MARGIN 0.01
#define MCTS_PASS_HOPELESS 0.05
#define MCTS_PASS_VISITS 8
void mcts_free(mcts *s);
/* Drops the tree kept from the last search and draws from SEED, as
 * mcts_new with SEED would. */
void mcts_new_game(mcts *s, uint64_t seed);
/* VALUES (may be NULL) receives each root move's visit count. */
void mcts_search(mcts *s, position *p, move_list *root, long playouts, long time_ms,
                 search_result *result, search_progress progress, void *context, double *values);
/* Whether the tree of the last search, whose root is P, holds for every
 * expanded node the moves the generator gives there: as many children,
 * each with its move's hash, changes and flags, and with MAST its move's
 * entry in the averages (for tests: the tree is walked down by the moves
 * it keeps).  False with a sentence in WHY. */
bool mcts_tree_agrees(mcts *s, position *p, char *why, size_t size);

/* Interrupting: search_interrupt asks every running search to stop as soon
 * as it can, as if its time had run out (it returns the best move found so
 * far); it only sets a flag, so a SIGINT handler may call it.  The flag
 * stays set, and stops searches at once, until search_clear_interrupt. */
void search_interrupt(void);
bool search_interrupted(void);
void search_clear_interrupt(void);
/* Whether a search is asked to stop from outside: the process's interrupt,
 * or ASKED, its engine's own flag (engine_stop; NULL: none). */
static inline bool search_stop_asked(const atomic_bool *asked)
{
    return search_interrupted() || (asked && atomic_load_explicit(asked, memory_order_relaxed));
}

/* --- clocks (time_budget.c) */

/* How long to think about one move (milliseconds, at least 1) with
 * REMAINING_MS on the mover's clock, INCREMENT_MS added after each move
 * and MOVES_TO_GO moves to play before the clock is filled again (0: to
 * the end; then the clock is shared over SEARCH_MOVES_LEFT moves).  The
 * usual rule: a share of what remains, less OVERHEAD_MS for the time the
 * move takes to reach whoever keeps the clock, plus three quarters of the
 * increment, never more than half of what remains (nine tenths for the
 * last move before the control).  The protocols' `go` and `tabula match
 * --tc` use it, so that an engine meets the clocks it is given. */
#define SEARCH_MOVES_LEFT 30
#define SEARCH_CLOCK_OVERHEAD_MS 20
long search_time_budget(long remaining_ms, long increment_ms, int moves_to_go, long overhead_ms);

/* Sets the limits of E's searches from now on (DEPTH, TIME_MS, NODES, and
 * PLAYOUTS for mcts; 0: none of that kind), keeping its kind, threads and
 * the rest: a protocol's `go` and a match's clock give each move its own.
 * FROM_CLOCK: TIME_MS is a clock's budget, which ab may leave unspent
 * (alphabeta_set_time_saving); else a fixed time, used to its end. */
void engine_set_limits(engine *e, int depth, long time_ms, bool from_clock, long nodes, long playouts);

/* Seconds on a monotonic clock. */
double search_clock(void);


#endif
