/* alphabeta: negamax with iterative deepening for any compiled game.
 *
 * Values are from the view of the side to move's *team*: with two players
 * the team is the player; with three or four the search is paranoid, and
 * the teams are the root player against all the others, so negamax negates
 * only where play passes between the teams (a turn order such as A B B
 * simply keeps the sign).
 *
 * A won end N plies below the root is worth SEARCH_MATE - N, a lost one the
 * negation: the search prefers the fastest win and the slowest loss.
 * Scores in the transposition table are kept relative to the node.
 *
 * Principal variation search: the first move in the order is searched
 * with the whole window, the others with one of zero width, again in full
 * where one does better.
 *
 * Selectivity, in a search limited by time or nodes only (limited by depth
 * alone, every line is searched that deep, so that a depth solves what it
 * can), and never in check nor where an opponent's piece stands one move
 * from its goal region.  A quiet move (no table move, capture, goal
 * reached, threat to reach it or killer) late in the order is
 * - reduced (alphabeta_set_reductions): first searched less deep, by
 *   ln(depth) ln(place) / 2.25 plies rounded, a ply less in the principal
 *   variation or with a good history, a ply more with a bad one, and again
 *   in full where it does better; a move that gives check is not reduced,
 *   nor, where the evaluator knows what each piece takes (evaluate_attacks:
 *   games of steps and leaps), an offer: a move onto a cell where a piece
 *   of the player who moves next would take it, as a sacrifice that opens
 *   a way is.  There the other quiet moves are reduced by ln(depth)
 *   ln(place) / 1.6: in Breakthrough at 100 ms a move, 156 of 280 games
 *   (56%) against the search that reduced every quiet move by / 2.25,
 *   where reducing more without sparing the offers scored 81 of 160
 *   (against Fairy-Stockfish no difference seen: 59 of 360 games, the
 *   search before 65 of the same openings);
 * - pruned (alphabeta_set_pruning), in a window of zero width with at most
 *   PRUNE_MAX_DEPTH plies left, once a move has kept the node from a lost
 *   end: not searched when 3 + depth^2 moves came before it, nor when the
 *   position's value is FUTILITY_MARGIN a ply left below alpha.
 * A pruned move leaves the node unproven (it counts as a horizon leaf).
 * Both are on by default: at 100 ms a move, 40 games each, the search
 * with them (and the history below) scored against the one before them
 * 67.5% in chess, 57.5% in checkers, xiangqi and Breakthrough, 60% in
 * Sapos, and 45% and 52.5% in two runs of Desdemona.  Pruning is off
 * where the score counts territory (alphabeta_prunes): in Mynd, at 100 ms
 * a move against v0.1.0 on three sets of openings, the search without it
 * scored 32 of 60 games where the one with it scored 27.5, and a search
 * limited by nodes with it misses a wall closed in three plies
 * (test_search).
 *
 * Move ordering: the table move, a move that reaches a goal region,
 * captures (the most valuable victim first, by its value and what it adds
 * where it stands: a Breakthrough piece near its goal before one at home;
 * with the counter-moves below it scored 96 and 80 of 360 games against
 * Fairy-Stockfish, 82 and 90 without: no gain those runs can tell, kept
 * as the truer order), two killers a ply with the moves that bring a
 * piece one move
 * from its goal region (a threat to win, answered by force as a check
 * is: neither reduced nor pruned, it scored 51 of 80 games in
 * Breakthrough at 100 ms a move against the search that treated it as
 * quiet, and ordered with the second killer 44 of 80 against that), then
 * the counter-move (the quiet reply that last failed high after the move
 * just made, per player and that move's path, as Stockfish keeps it:
 * still a quiet move, reduced and pruned as one), then the history: a
 * score per player and
 * move path that a quiet move's cut-off raises by depth^2 (scaled, at most
 * HISTORY_BONUS_MAX) and lowers as much for each quiet move tried before
 * it, each step the smaller the nearer the score is to +-HISTORY_MAX
 * (history with gravity, as Stockfish keeps it), halved between searches.
 * The counter-moves scored 172 of 720 games (23.9%) in Breakthrough
 * against Fairy-Stockfish at 100 ms a move, where the search without
 * them scored 68 of the same 360 openings that day and 299 of 1,440 in
 * four runs before (20.4% in all), and 42 of 80 against it.
 * Every move is scored, but only the first is picked out before it is
 * searched: the others are sorted where it does not make the node fail
 * high, and most nodes that fail high do on their first move.
 *
 * Null moves: where alphabeta_null_moves (the rules make zugzwang rare),
 * a node searched with a window of zero width whose side to move is not
 * in check, with NULL_MIN_DEPTH plies or more left and an evaluation at
 * or above beta, first hands the turn over without moving (null_make:
 * the board unchanged, en passant's cell cleared) and searches the other
 * side's reply two or three plies shallower; if the side to move still
 * reaches beta, the node fails high without searching its moves.  Two
 * null moves never follow each other; a mate found after a null move is
 * not one after a real move, and a null move's bound is never a proof.
 *
 * Aspiration windows: from ASPIRATION_MIN_DEPTH on, an iteration searches
 * the root in a window of ASPIRATION_WINDOW either side of the last
 * iteration's value (search_root), where more is cut; a value at or
 * beyond an end of it only bounds the true one, and the window is
 * doubled on that side and the depth searched again, the whole window
 * once it is wider than ASPIRATION_MAX or the bound is a won or lost end.
 * After a proven end the whole window is used from the start.
 *
 * Check extensions: a node whose side to move is in check (movegen_checked:
 * a royal piece attacked) is searched a ply deeper than its parent gave
 * it, at plies below twice the iteration's depth, so that a line of checks
 * cannot grow the search without end.  The extension is made before the
 * table is read, so that a value found without it does not stand for one
 * with it.
 *
 * Leaves (quiescence): where alphabeta_quiesces, a leaf is not scored in
 * the middle of an exchange: the side to move may stand on the
 * evaluator's value or capture, the most valuable victim first (where it
 * stands too, as above), and so on
 * for up to QUIESCE_MAX_PLY plies (in check, or where every move
 * captures, every move is tried and there is no standing).  From its
 * QUIESCE_RECAPTURE_PLY-th ply on, where the side to move may stand, it
 * plays only recaptures, captures of a piece on a cell the move before
 * changed, as Stockfish has done: an exchange on one cell is played out to
 * its end, but a game whose captures make more captures elsewhere
 * (Desdemona's turned stones) does not grow a tree of every capture on the
 * board below each leaf (at 100 ms a move that scored 31.5 of 40 games in
 * Desdemona and 31 in Sapos against the search without it, 20 in
 * Breakthrough; from the second, third or sixth ply instead of the fourth
 * it scored 17.5, 20.5 and 16 in Desdemona).  In a game won
 * by reaching a region (evaluate.c), a move that reaches it counts as a
 * capture, and is tried first, and where an opponent's piece stands one
 * move from its region the side to move may not stand (it would not see
 * the runner arrive): it plays its captures, one of which may take the
 * runner, or every move where it has none.  In its first
 * QUIESCE_THREAT_PLIES plies, where the side to move may stand, it plays
 * the quiet moves that bring a piece one move from its region too, as
 * Stockfish's plays checks in its first: the answer is forced, and a
 * runner two moves from its goal and beyond the horizon is seen to get
 * through or be stopped (Breakthrough at 100 ms a move: 50 of 80 games
 * against the search without them; against Fairy-Stockfish 27 of 160,
 * where the search without them won 19 of the same openings).  What the
 * quiescence search finds is not stored in the table.  Where a game's
 * moves are counted on machine words (stands_before_listing), a leaf
 * counts its moves and keeps one before it lists them, and a side that
 * may stand at beta or above returns without a list: the same tree, and
 * in Breakthrough 18% fewer instructions a node.
 *
 * Time: an iteration left unfinished when the time is up still counts
 * where it got (the last best move was searched first).  Where the time
 * is a clock's budget (alphabeta_set_time_saving), no iteration begins
 * once half of it is spent, the rest kept for later moves; a fixed time a
 * move is used to its end.
 *
 * Proofs: the search counts "horizon" leaves, scored by the evaluator
 * rather than by the rules.  A node whose subtree had none has an exact
 * (proven) value, stored as such in the table and usable at any depth; an
 * iteration with none at all has solved the root, so a 0 there is a
 * proven draw.
 *
 * Repetitions: a position that stood earlier in the game or in the line
 * (where a rule reads the history) takes no value from the table, so that
 * its recurrence is seen to end the game (a queen that checked from d4
 * twice does not check from there a third time on the table's word), and
 * an end found there is neither stored nor a proof: it may come of the
 * history.  (Against the random player, xiangqi at 100 ms a move drew 3
 * and 4 of 40 games by repetition before, none after.)
 *
 * Contempt (alphabeta_set_contempt): in two-player games a drawn end is
 * worth -contempt to the root player and +contempt to the other, so that
 * the engine plays on where it stands better than that rather than
 * repeat a position; the table then holds values for one root player,
 * and is cleared when another comes to move at the root (as paranoid
 * values are), and a proven draw at the root is still reported as one.
 *
 * Known limits: the values above such a position, and those that depend
 * on plies counted since a capture, are stored as if the history did not
 * count, and can be reused where they do not hold; the Zobrist key has
 * the side to move but not the place in an `order` cycle.
 *
 * Chance nodes (a position whose moves hold dice): every move is searched
 * with a full window and the values combined by chance_value (the best
 * choice, the mean over the faces), an exact value.  Mixed won and lost
 * ends under a die count as +-SEARCH_CHANCE_WIN, so that a mean stays a
 * value and not a distance to an end.
 *
 * Threads (Lazy SMP, run by engine_spec.c): several alphabeta states, each
 * with its own generator, position, killers and history, search the same
 * position and share one table (search_table), whose slots are read and
 * written word by word without locks; a helper skips some depths of its
 * iterative deepening and stops when HALT is set.
 *
 * Nothing is allocated while searching (but at chance nodes deeper than a
 * few levels of choices): the move lists and the move orders are made with
 * the search state, the table with the engine.
 */
#include <math.h>
#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>

#include "movegen/notation.h"
#include "search/search.h"

#define TT_DEFAULT_SLOTS (1u << 19)
#define HISTORY_SIZE 4096
/* History scores stay within +-HISTORY_MAX; a cut-off moves one by at
 * most HISTORY_BONUS_MAX. */
#define HISTORY_MAX 16384
#define HISTORY_BONUS_MAX 2048
#define INFINITE_SCORE (SEARCH_MATE + 1)
#define PROVEN_DEPTH 10000
#define PV_TEXT 4096
/* The quiescence search: at most this many plies of captures below the
 * nominal depth, and only where fewer than this share of random play's
 * moves capture. */
#define QUIESCE_MAX_PLY 8
/* From this many plies into the quiescence search on, only recaptures:
 * captures of a piece on a cell the move before changed. */
#define QUIESCE_RECAPTURE_PLY 4
/* In a game won by reaching a region, the quiescence search's first this
 * many plies play the moves that bring a piece one move from it, too. */
#define QUIESCE_THREAT_PLIES 2
#define QUIESCE_MAX_CAPTURE_SHARE 0.5
/* Null moves: tried with this many plies or more left, and searched two
 * plies less deep than a move, three from NULL_DEEP plies. */
#define NULL_MIN_DEPTH 3
#define NULL_DEEP 7
/* Aspiration windows: from this depth on, the root is first searched this
 * close to the last depth's value (hundredths; a third of a pawn), the
 * window doubled on the side it fails, and the whole window once it is
 * wider than ASPIRATION_MAX. */
#define ASPIRATION_MIN_DEPTH 4
#define ASPIRATION_WINDOW 35
#define ASPIRATION_MAX 1000

#define REDUCTION_TABLE 64
/* Late move reductions: ln(depth) ln(place) over this many plies, or over
 * the second where offers are known (evaluate_attacks) and not reduced. */
#define REDUCTION_DIVISOR 2.25
#define REDUCTION_DIVISOR_OFFERS 1.6
#define PRUNE_MAX_DEPTH 3
/* A capture's victim's value for ordering stays below this, so that a
 * capture's priority in order_moves (1 << 30 and the value) stays below
 * a winning move's and the table move's. */
#define VICTIM_MAX (1 << 28)
#define FUTILITY_MARGIN 120

enum { BOUND_EXACT, BOUND_LOWER, BOUND_UPPER };

typedef struct tt_entry {
    uint64_t move;      /* hash of the position after the best move, 0: none */
    int32_t score;
    int16_t depth;
    uint8_t bound;
    uint8_t proven;
} tt_entry;

/* A slot of the table, which threads share (Lazy SMP): written and read
 * without locks, word by word; CHECK is the key xor the other two words,
 * so that a slot torn by two threads writing at once does not match any
 * key and reads as empty (Hyatt and Mann's lockless hashing). */
typedef struct tt_slot {
    _Atomic uint64_t check, move, data;
} tt_slot;

struct search_table {
    tt_slot *slots;
    uint64_t mask;      /* the slot count, a power of two, less one */
    int root_player;    /* paranoid values hold for one root player; -1: any */
};

struct alphabeta {
    const game *g;
    movegen *gen;
    const evaluator *eval;
    position *p;
    const move_list *root_list;
    move_list lists[SEARCH_MAX_PLY + 1];       /* [0] unused: the root list is the caller's */
    uint64_t order[SEARCH_MAX_PLY + 1][MOVELIST_MAX_MOVES];
    double values[SEARCH_MAX_PLY + 1][MOVELIST_MAX_MOVES];    /* chance nodes: each move's value */
    int path_order[SEARCH_MAX_PLY + 1][MOVELIST_MAX_MOVES];
    uint32_t killers[SEARCH_MAX_PLY + 1][2];
    int32_t history[GAME_MAX_PLAYERS][HISTORY_SIZE];
    /* the counter-moves: for each player and the path key of the move
     * before (HISTORY_SIZE buckets), the quiet reply that last failed
     * high (a path key; 0: none) */
    uint32_t counters[GAME_MAX_PLAYERS][HISTORY_SIZE];
    int playing[SEARCH_MAX_PLY + 1];    /* the index of the move searched at each ply */
    int sides[SEARCH_MAX_PLY + 1];
    uint64_t pv[SEARCH_MAX_PLY + 1][SEARCH_MAX_PLY + 1];
    int pv_length[SEARCH_MAX_PLY + 1];
    undo pv_undo[SEARCH_MAX_PLY + 1];
    char pv_text[PV_TEXT];
    search_table *table;
    const atomic_bool *halt;    /* set: stop (a helper thread, when the main search is done) */
    const atomic_bool *asked;   /* set: stop, as its engine's caller asks (alphabeta_set_stop) */
    int root_player;
    int helper;                 /* 0: the main search; k: Lazy SMP helper k, which skips depths */
    uint64_t nodes, node_limit, horizon;
    double start, deadline;
    bool stop;
    bool quiesce;               /* leaves play out their captures (alphabeta_quiesces) */
    bool stand_first;           /* ... and stand before listing their moves (stands_before_listing) */
    bool reduce;                /* late quiet moves searched less deep first (reductions=on) */
    bool selective;             /* this search is limited by time or nodes: it may reduce and prune */
    bool prune;                 /* late quiet moves near the leaves pruned (pruning=on) */
    int8_t reductions[REDUCTION_TABLE][REDUCTION_TABLE];   /* [depth][place]: reduction_of */
    bool null_moves;            /* null-move pruning (alphabeta_null_moves) */
    bool aspiration;            /* aspiration windows at the root */
    bool extensions;            /* check extensions */
    int contempt;               /* a draw is worth -contempt to the root player (alphabeta_set_contempt) */
    bool save_time;             /* stop after half the time (alphabeta_set_time_saving) */
    int extend_below;           /* ... at plies below this one: twice the iteration's depth */
    bool after_null[SEARCH_MAX_PLY + 2];    /* the move into this ply was a null move */
};

size_t search_table_default_bytes(void)
{
    return TT_DEFAULT_SLOTS * sizeof(tt_slot);
}

search_table *search_table_new(size_t bytes)
{
    search_table *t = calloc(1, sizeof *t);
    if (!t)
        return NULL;
    uint64_t slots = TT_DEFAULT_SLOTS;
    if (bytes > 0)
        for (slots = 1; slots * 2 * sizeof(tt_slot) <= bytes; slots *= 2)
            continue;
    t->mask = slots - 1;
    t->slots = calloc(slots, sizeof *t->slots);   /* all zero: every slot empty */
    if (!t->slots) {
        free(t);
        return NULL;
    }
    t->root_player = -1;
    return t;
}

void search_table_free(search_table *t)
{
    if (!t)
        return;
    free(t->slots);
    free(t);
}

void search_table_clear(search_table *t)
{
    for (uint64_t i = 0; i <= t->mask; i++) {
        atomic_store_explicit(&t->slots[i].check, 0, memory_order_relaxed);
        atomic_store_explicit(&t->slots[i].move, 0, memory_order_relaxed);
        atomic_store_explicit(&t->slots[i].data, 0, memory_order_relaxed);
    }
    t->root_player = -1;
}

void search_table_prepare(search_table *t, const game *g, int root_player, bool contempt)
{
    if ((g->player_count <= 2 && !contempt) || t->root_player == root_player)
        return;
    for (uint64_t i = 0; i <= t->mask; i++) {   /* paranoid values, and draws, depend on the root player */
        atomic_store_explicit(&t->slots[i].check, 0, memory_order_relaxed);
        atomic_store_explicit(&t->slots[i].move, 0, memory_order_relaxed);
        atomic_store_explicit(&t->slots[i].data, 0, memory_order_relaxed);
    }
    t->root_player = root_player;
}

/* Whether G's turn may roll dice. */
static bool rolls_dice(const game *g)
{
    for (int i = 0; i < g->node_count; i++)
        if (g->nodes[i].op == M_ROLL)
            return true;
    return false;
}

/* Whether the quiescence search stands before listing a leaf's moves
 * (list_moves): where G's moves are counted on machine words, a step's
 * landings for all pieces at once (game.unique_shifts), so that counting
 * them costs a small share of listing them.  Not where captures are
 * compulsory: a leaf with a capture has only captures there, and may not
 * stand (in checkers four of five leaves were listed after counting, and
 * the search took 13% more instructions a node); nor where dice are
 * rolled, whose moves are read whole (chance_in). */
static bool stands_before_listing(const game *g)
{
    return g->spec.unique_shifts && !rolls_dice(g)
           && !(g->filter_kinds & (1u << FILTER_PREFER_CAPTURES | 1u << FILTER_ONLY_CAPTURES_IF));
}

alphabeta *alphabeta_new(const game *g, movegen *generator, const evaluator *eval,
                         search_table *table, const atomic_bool *halt)
{
    alphabeta *s = calloc(1, sizeof *s);
    if (!s)
        return NULL;
    s->g = g;
    s->gen = generator;
    s->eval = eval;
    s->table = table;
    s->halt = halt;
    s->quiesce = alphabeta_quiesces(eval);
    s->stand_first = stands_before_listing(g);
    s->reduce = true;
    s->prune = alphabeta_prunes(g);
    /* where offers are known and never reduced, the other quiet moves are
     * reduced more (see the top) */
    double divisor = eval->takes ? REDUCTION_DIVISOR_OFFERS : REDUCTION_DIVISOR;
    for (int d = 1; d < REDUCTION_TABLE; d++)
        for (int m = 1; m < REDUCTION_TABLE; m++)
            s->reductions[d][m] = (int8_t)(0.5 + log((double)d) * log((double)m) / divisor);
    s->null_moves = alphabeta_null_moves(eval);
    s->aspiration = true;
    s->extensions = true;
    s->contempt = SEARCH_DEFAULT_CONTEMPT;
    bool ok = true;
    for (int i = 1; ok && i <= SEARCH_MAX_PLY; i++)
        ok = move_list_init(&s->lists[i]);
    if (!ok) {
        alphabeta_free(s);
        return NULL;
    }
    return s;
}

/* Whether some piece type of EVAL's game has a value. */
static bool pieces_valued(const evaluator *eval)
{
    for (int t = 0; t < eval->game->type_count; t++)
        if (eval->value[t] != 0)
            return true;
    return false;
}

bool alphabeta_quiesces(const evaluator *eval)
{
    return eval->game->player_count == 2 && pieces_valued(eval) && eval->capture_share < QUIESCE_MAX_CAPTURE_SHARE;
}

void alphabeta_new_game(alphabeta *s)
{
    /* what one search leaves the next: the move ordering's memory */
    memset(s->killers, 0, sizeof s->killers);
    memset(s->history, 0, sizeof s->history);
    memset(s->counters, 0, sizeof s->counters);
}

void alphabeta_set_quiescence(alphabeta *s, bool on)
{
    s->quiesce = on && alphabeta_quiesces(s->eval);
}

void alphabeta_set_reductions(alphabeta *s, bool on)
{
    s->reduce = on;
}

/* Whether expression E of G (and what it is made of, to DEPTH levels)
 * counts a territory. */
static bool counts_territory(const game *g, int e, int depth)
{
    if (e < 0 || e >= g->expr_count || depth <= 0)
        return false;
    const cexpr *c = &g->exprs[e];
    return c->op == C_NUM_TERRITORY || counts_territory(g, c->a, depth - 1) || counts_territory(g, c->b, depth - 1);
}

bool alphabeta_prunes(const game *g)
{
    return !(evaluate_score_sign(g) && counts_territory(g, g->score, 64));
}

void alphabeta_set_pruning(alphabeta *s, bool on)
{
    s->prune = on;
}

bool alphabeta_can_pass(const game *g)
{
    return g->player_count == 2 && g->order_by_side && !g->turn_ruled && !rolls_dice(g);
}

/* Whether condition E holds only where the player to move has no move
 * (`no moves`, alone or joined to others by `and`). */
static bool needs_no_moves(const game *g, int e)
{
    const cexpr *c = &g->exprs[e];
    if (c->op == C_COND_NO_MOVES)
        return true;
    if (c->op == C_COND_AND)
        return needs_no_moves(g, c->a) || needs_no_moves(g, c->b);
    if (c->op == C_COND_OR)
        return needs_no_moves(g, c->a) && needs_no_moves(g, c->b);
    return false;
}

/* Whether the only way G is won or lost is a player left without a move,
 * where no piece is royal (so that it is not a checkmate): every end rule
 * that names a winner or a loser needs `no moves` (GTBM's "no moves and
 * can-move(opponent): opponent wins").  Such a game is played for
 * zugzwang: shutting the other side in, a move is often worse than none. */
static bool won_by_shutting_in(const game *g)
{
    bool decisive = false;
    for (int i = 0; i < g->end_count; i++) {
        const end_rule *r = &g->ends[i];
        if (r->outcome != OUTCOME_WIN && r->outcome != OUTCOME_LOSS)
            continue;
        if (!needs_no_moves(g, r->condition))
            return false;
        decisive = true;
    }
    return decisive && !movegen_guards_royal(g);
}

bool alphabeta_null_moves(const evaluator *eval)
{
    const game *g = eval->game;
    if (!alphabeta_can_pass(g) || !pieces_valued(eval) || g->pass_always || g->pass_when_stuck
        || (g->filter_kinds & (1u << FILTER_PREFER_CAPTURES | 1u << FILTER_ONLY_CAPTURES_IF)) || won_by_shutting_in(g))
        return false;
    for (int i = 0; i < g->node_count; i++) {
        int op = g->nodes[i].op;
        if (op == M_PLACE || op == M_SOW || op == M_PASS)
            return false;
    }
    return true;
}

void alphabeta_set_null_moves(alphabeta *s, bool on)
{
    s->null_moves = on && alphabeta_can_pass(s->g);
}

void alphabeta_set_aspiration(alphabeta *s, bool on)
{
    s->aspiration = on;
}

void alphabeta_set_extensions(alphabeta *s, bool on)
{
    s->extensions = on;
}

void alphabeta_set_contempt(alphabeta *s, int hundredths)
{
    s->contempt = hundredths;
}

/* What a drawn end is worth to SIDE, the player to move there: with two
 * players, -contempt for the root player and +contempt for the other (0
 * without contempt); with more, 0 (paranoid values are the root
 * player's share). */
static int draw_value(const alphabeta *s, int side)
{
    if (s->g->player_count > 2)
        return 0;
    return side == s->root_player ? -s->contempt : s->contempt;
}

void alphabeta_set_time_saving(alphabeta *s, bool on)
{
    s->save_time = on;
}

void alphabeta_set_helper(alphabeta *s, int index)
{
    s->helper = index;
}

void alphabeta_set_stop(alphabeta *s, const atomic_bool *stop)
{
    s->asked = stop;
}

/* Whether helper INDEX skips depth DEPTH: helpers spread over the depths
 * (the first takes every other one, the next pairs of them, ...) so that
 * they fill the table ahead of the main search rather than beside it. */
static bool helper_skips(int index, int depth)
{
    static const int size[] = { 1, 1, 2, 2, 2, 2, 3, 3, 3, 3, 3, 3, 4, 4, 4, 4, 4, 4, 4, 4 };
    static const int phase[] = { 0, 1, 0, 1, 2, 3, 0, 1, 2, 3, 4, 5, 0, 1, 2, 3, 4, 5, 6, 7 };
    if (index <= 0)
        return false;
    int k = (index - 1) % (int)(sizeof size / sizeof *size);
    return ((depth + phase[k]) / size[k]) % 2 == 1;
}

void alphabeta_free(alphabeta *s)
{
    if (!s)
        return;
    for (int i = 1; i <= SEARCH_MAX_PLY; i++)
        move_list_free(&s->lists[i]);
    free(s);
}

static uint64_t tt_pack(int score, int depth, int bound, bool proven)
{
    /* the bound is kept plus one: no entry packs to 0, an empty slot */
    return (uint64_t)(uint32_t)score | (uint64_t)(uint16_t)depth << 32 | (uint64_t)(bound + 1) << 48
           | (uint64_t)proven << 56;
}

/* The entry for KEY, if the table holds one. */
static bool tt_probe(const alphabeta *s, uint64_t key, tt_entry *out)
{
    tt_slot *slot = &s->table->slots[key & s->table->mask];
    uint64_t check = atomic_load_explicit(&slot->check, memory_order_relaxed);
    uint64_t best_move = atomic_load_explicit(&slot->move, memory_order_relaxed);
    uint64_t data = atomic_load_explicit(&slot->data, memory_order_relaxed);
    if (data == 0 || (check ^ best_move ^ data) != key)
        return false;
    out->move = best_move;
    out->score = (int32_t)(uint32_t)data;
    out->depth = (int16_t)(uint16_t)(data >> 32);
    out->bound = (uint8_t)(((data >> 48) & 0xFF) - 1);
    out->proven = (uint8_t)(data >> 56);
    return true;
}

static int team(const alphabeta *s, int side)
{
    if (s->g->player_count <= 2)
        return side;
    return side == s->root_player ? 0 : 1;
}

static int to_tt(int v, int ply)
{
    return v >= SEARCH_MATE_BOUND ? v + ply : v <= -SEARCH_MATE_BOUND ? v - ply : v;
}

static int from_tt(int v, int ply)
{
    return v >= SEARCH_MATE_BOUND ? v - ply : v <= -SEARCH_MATE_BOUND ? v + ply : v;
}

static void tt_store(alphabeta *s, uint64_t key, uint64_t best_move, int v, int ply, int depth,
                     int bound, bool proven)
{
    tt_entry e;
    if (tt_probe(s, key, &e) && e.depth > depth && !proven && !(bound == BOUND_EXACT && e.bound != BOUND_EXACT))
        return;   /* keep the deeper result for this position */
    uint64_t data = tt_pack(to_tt(v, ply), proven ? PROVEN_DEPTH : depth, bound, proven);
    tt_slot *slot = &s->table->slots[key & s->table->mask];
    atomic_store_explicit(&slot->check, key ^ best_move ^ data, memory_order_relaxed);
    atomic_store_explicit(&slot->move, best_move, memory_order_relaxed);
    atomic_store_explicit(&slot->data, data, memory_order_relaxed);
}

/* The end's value for the side to move, PLY plies below the root. */
static int terminal_value(const alphabeta *s, const game_result *r, int side, int ply)
{
    int n = s->g->player_count;
    int who = n <= 2 ? side : s->root_player;
    double result = r->score[who];
    int v;
    if (result >= 1.0 - 1e-9)
        v = SEARCH_MATE - ply;
    else if (result <= 1e-9)
        v = -(SEARCH_MATE - ply);
    else if (n <= 2 && result * n - 1.0 > -1e-9 && result * n - 1.0 < 1e-9)
        v = draw_value(s, side);
    else
        v = (int)((result * n - 1.0) * 1000.0);   /* a share: 0 when all share equally */
    if (n > 2 && team(s, side) != team(s, s->root_player))
        v = -v;
    return v;
}

/* Connection games (Hex): the cells each player still has to fill, for
 * PLAYER against the others' average, in hundredths (the generator reads
 * the position, it does not change it). */
static int goal_value(const alphabeta *s, int player)
{
    return s->eval->goal_weight * evaluate_goal_cells(s->g, s->gen, (position *)s->p, player);
}

/* Games decided by the rules' score: PLAYER's score against the others'
 * average, the way the end rules count it, in hundredths. */
static int score_value(const alphabeta *s, int player)
{
    return (int)evaluate_score_points(s->g, s->gen, (position *)s->p, player,
                                      (long)s->eval->score_sign * s->eval->score_weight);
}

/* The evaluator's value at a leaf for the side to move, who has COUNT
 * moves (lists[ply] holds them, or one of them where the quiescence
 * search stood before listing them). */
static int leaf_value(const alphabeta *s, int ply, int count)
{
    const position *p = s->p;
    int side = p->side;
    int n = s->g->player_count;
    int v;
    if (n <= 2) {
        v = evaluate_material(s->eval, p, side);
        if (s->eval->goals)
            v += goal_value(s, side);
        if (s->eval->score_sign)
            v += score_value(s, side);
    } else {
        v = evaluate_material(s->eval, p, s->root_player);
        if (s->eval->goals)
            v += goal_value(s, s->root_player);
        if (s->eval->score_sign)
            v += score_value(s, s->root_player);
        if (team(s, side) != 0)
            v = -v;
    }
    if (ply > 0 && team(s, s->sides[ply - 1]) != team(s, side)) {
        const move_list *parent = ply == 1 ? s->root_list : &s->lists[ply - 1];
        v += s->eval->mobility * (count - parent->count);
    }
    if (v >= SEARCH_MATE_BOUND)
        v = SEARCH_MATE_BOUND - 1;
    if (v <= -SEARCH_MATE_BOUND)
        v = -SEARCH_MATE_BOUND + 1;
    return v;
}

/* Shell sort, largest first (no allocation). */
static void sort_descending(uint64_t *a, int n)
{
    static const int gaps[] = { 701, 301, 132, 57, 23, 10, 4, 1 };
    for (size_t g = 0; g < sizeof gaps / sizeof *gaps; g++) {
        int gap = gaps[g];
        for (int i = gap; i < n; i++) {
            uint64_t x = a[i];
            int j = i;
            for (; j >= gap && a[j - gap] < x; j -= gap)
                a[j] = a[j - gap];
            a[j] = x;
        }
    }
}

/* Puts the largest of the N entries of ORDER first (swapped with the
 * first): the move to try first, the others left to be sorted only where
 * it does not make the node fail high. */
static void pick_first(uint64_t *order, int n)
{
    int top = 0;
    for (int i = 1; i < n; i++)
        if (order[i] > order[top])
            top = i;
    uint64_t t = order[0];
    order[0] = order[top];
    order[top] = t;
}

/* The N entries of ORDER as sorted (an index counting down in the low
 * bits, so that equal priorities keep the generator's order) made entries
 * of the order (the move's index in the low bits). */
static void order_indices(uint64_t *order, int n)
{
    for (int i = 0; i < n; i++)
        order[i] = (order[i] & 0xFFFFFFFF00000000ull) | (uint32_t)(MOVELIST_MAX_MOVES - 1 - (int)(uint32_t)order[i]);
}

/* The value of the pieces move I of LIST takes or turns: the most valuable
 * of the side to move's opponents' pieces it changes (a capture's victim),
 * with what it adds where it stands (a Breakthrough piece near its goal
 * more than one at home), for trying the best captures first; at least 0,
 * below VICTIM_MAX. */
static int victim_value(const alphabeta *s, const move_list *list, int i)
{
    const move *mv = &list->moves[i];
    int side = s->p->side, best = 0;
    for (int k = mv->first; k < mv->first + mv->count; k++) {
        const change *c = &list->changes[k];
        if (c->kind != CHANGE_CELL || !c->before || PIECE_OWNER((uint16_t)c->before) == side)
            continue;
        int v = evaluate_piece_value(s->eval, PIECE_OWNER((uint16_t)c->before), PIECE_TYPE((uint16_t)c->before),
                                     c->index);
        if (v > best)
            best = v;
    }
    return best < VICTIM_MAX ? best : VICTIM_MAX - 1;
}

/* The path key of the move that led to PLY (made at PLY - 1), for the
 * counter-moves; 0 at the root and after a null move. */
static uint32_t previous_key(const alphabeta *s, int ply)
{
    if (ply == 0 || s->after_null[ply])
        return 0;
    return move_path_key(ply == 1 ? s->root_list : &s->lists[ply - 1], s->playing[ply - 1]);
}

/* Orders LIST's moves into s->order[ply]: each entry is a priority in the
 * high 32 bits and the move's index in the low.  Where LAZY, only the
 * first entry is put in place (the highest priority), and order_rest
 * orders the others when they are needed: most nodes fail high on their
 * first move, and there sorting the others would be spent for nothing.
 * The order is the same either way. */
static void order_moves(alphabeta *s, const move_list *list, int ply, uint64_t first, bool lazy)
{
    int side = s->p->side;
    uint64_t *order = s->order[ply];
    bool reaching = s->eval->reach_goal != NULL;   /* (else no move reaches: no call) */
    uint32_t before = previous_key(s, ply);
    uint32_t counter = before ? s->counters[side][before & (HISTORY_SIZE - 1)] : 0;
    for (int i = 0; i < list->count; i++) {
        const move *mv = &list->moves[i];
        uint32_t priority;
        int reach = reaching ? evaluate_move_reach(s->eval, list, i, side) : REACH_NONE;
        if (first && mv->hash == first) {
            priority = 1u << 31;
        } else if (reach == REACH_WINS) {
            priority = (1u << 31) - 1;   /* it wins */
        } else if (mv->flags & MOVE_CAPTURE) {
            priority = (1u << 30) + (uint32_t)victim_value(s, list, i);   /* the most valuable victim first */
        } else if (reach == REACH_THREATENS) {
            priority = 1u << 28;         /* as the second killer: not a quiet move */
        } else {
            uint32_t key = move_path_key(list, i);
            if (key == s->killers[ply][0])
                priority = 1u << 29;
            else if (key == s->killers[ply][1])
                priority = 1u << 28;
            else if (counter && key == counter)
                priority = 2 * HISTORY_MAX + 1;   /* before any history, still quiet */
            else
                priority = (uint32_t)(s->history[side][key & (HISTORY_SIZE - 1)] + HISTORY_MAX);
        }
        /* equal priorities keep the generator's order: the low bits
         * count down with the index while sorting (every entry differs) */
        order[i] = ((uint64_t)priority << 32) | (uint32_t)(MOVELIST_MAX_MOVES - 1 - i);
    }
    if (lazy && list->count > 1) {
        pick_first(order, list->count);
        order_indices(order, 1);
    } else {
        sort_descending(order, list->count);
        order_indices(order, list->count);
    }
}

/* After order_moves(..., lazy): puts the COUNT - 1 entries after the first
 * of s->order[ply] in their order. */
static void order_rest(alphabeta *s, int ply, int count)
{
    sort_descending(s->order[ply] + 1, count - 1);
    order_indices(s->order[ply] + 1, count - 1);
}

/* Moves the history score H towards the bound of BONUS's sign, by less
 * the nearer it is: a move's score stays within -HISTORY_MAX..HISTORY_MAX
 * and follows what it did lately (history with gravity, as Stockfish
 * keeps it). */
static void history_update(int32_t *h, int bonus)
{
    *h += bonus - *h * (bonus < 0 ? -bonus : bonus) / HISTORY_MAX;
}

/* Whether move I of LIST is quiet for the move ordering: no capture and
 * no goal reached. */
static bool quiet_move(const alphabeta *s, const move_list *list, int i)
{
    return !(list->moves[i].flags & MOVE_CAPTURE)
           && !(s->eval->reach_goal && evaluate_move_reach(s->eval, list, i, s->p->side) == REACH_WINS);
}

/* Move K of the order at PLY (DEPTH left) made the node fail high: a
 * quiet one becomes a killer and gains history, and the quiet moves
 * tried before it, which did not, lose as much. */
static void note_cutoff(alphabeta *s, const move_list *list, int k, int ply, int depth)
{
    int i = (int)(uint32_t)s->order[ply][k];
    if (!quiet_move(s, list, i))
        return;
    uint32_t key = move_path_key(list, i);
    if (s->killers[ply][0] != key) {
        s->killers[ply][1] = s->killers[ply][0];
        s->killers[ply][0] = key;
    }
    uint32_t before = previous_key(s, ply);
    if (before)
        s->counters[s->p->side][before & (HISTORY_SIZE - 1)] = key;
    int bonus = depth * depth * 32 < HISTORY_BONUS_MAX ? depth * depth * 32 : HISTORY_BONUS_MAX;
    int32_t *table = s->history[s->p->side];
    history_update(&table[key & (HISTORY_SIZE - 1)], bonus);
    for (int j = 0; j < k; j++) {
        int tried = (int)(uint32_t)s->order[ply][j];
        if (quiet_move(s, list, tried))
            history_update(&table[move_path_key(list, tried) & (HISTORY_SIZE - 1)], -bonus);
    }
}

static void check_limits(alphabeta *s)
{
    if ((s->node_limit && s->nodes >= s->node_limit) || search_stop_asked(s->asked)
        || (s->halt && atomic_load_explicit(s->halt, memory_order_relaxed)))
        s->stop = true;
    if (s->deadline > 0 && (s->nodes & 1023) == 0 && search_clock() >= s->deadline)
        s->stop = true;
}

static void update_pv(alphabeta *s, int ply, uint64_t best_move)
{
    s->pv[ply][ply] = best_move;
    int length = ply + 1;
    if (ply + 1 <= SEARCH_MAX_PLY)
        for (int k = ply + 1; k < s->pv_length[ply + 1]; k++)
            s->pv[ply][length++] = s->pv[ply + 1][k];
    s->pv_length[ply] = length;
}

static int negamax(alphabeta *s, int ply, int depth, int alpha, int beta);

/* Searches every move of LIST (at PLY, DEPTH left) with a full window into
 * s->values[ply]; false when the search was stopped.  *BEST_INDEX: the move
 * with the highest value. */
static bool search_all(alphabeta *s, const move_list *list, int ply, int depth, int *best_index)
{
    position *p = s->p;
    int my_team = team(s, p->side), best = -INFINITE_SCORE;
    *best_index = 0;
    for (int i = 0; i < list->count; i++) {
        undo u;
        s->playing[ply] = i;
        move_make(p, list, i, &u);
        if (ply == 0)
            s->nodes++;
        int v = team(s, p->side) == my_team ? negamax(s, ply + 1, depth - 1, -INFINITE_SCORE, INFINITE_SCORE)
                                            : -negamax(s, ply + 1, depth - 1, -INFINITE_SCORE, INFINITE_SCORE);
        pos_unmake(p, &u);
        if (s->stop)
            return false;
        s->values[ply][i] = v;
        if (v > best) {
            best = v;
            *best_index = i;
        }
    }
    return true;
}

static int chance_value_of(alphabeta *s, const move_list *list, int ply)
{
    chance_order(list, s->path_order[ply]);
    double v = chance_value(list, s->path_order[ply], s->values[ply], SEARCH_MATE_BOUND, SEARCH_CHANCE_WIN);
    return (int)(v < 0 ? v - 0.5 : v + 0.5);
}

/* A position whose moves hold dice: expectimax (see the top). */
static int chance_node(alphabeta *s, const move_list *list, int ply, int depth)
{
    uint64_t horizon_before = s->horizon;
    int best_index;
    if (!search_all(s, list, ply, depth, &best_index))
        return 0;
    int v = chance_value_of(s, list, ply);
    update_pv(s, ply, list->moves[best_index].hash);
    tt_store(s, s->p->hash, list->moves[best_index].hash, v, ply, depth, BOUND_EXACT,
             s->horizon == horizon_before);
    return v;
}

/* Whether an opponent of the side to move has a piece one move from its
 * goal region. */
static bool reach_threatened(const alphabeta *s)
{
    if (!s->eval->reach_near)
        return false;
    for (int q = 0; q < s->g->player_count; q++)
        if (team(s, q) != team(s, s->p->side) && evaluate_reach_threat(s->eval, s->p, q))
            return true;
    return false;
}

/* Whether move I of LIST takes or turns an opponent's piece on a cell that
 * move PREVIOUS of PREVIOUS_LIST (the move just made) changed: a
 * recapture. */
static bool recaptures(const alphabeta *s, const move_list *list, int i, const move_list *previous_list,
                       int previous)
{
    const move *mv = &list->moves[i], *last = &previous_list->moves[previous];
    int side = s->p->side;
    for (int k = mv->first; k < mv->first + mv->count; k++) {
        const change *c = &list->changes[k];
        if (c->kind != CHANGE_CELL || !c->before || PIECE_OWNER((uint16_t)c->before) == side)
            continue;
        for (int j = last->first; j < last->first + last->count; j++) {
            const change *d = &previous_list->changes[j];
            if (d->kind == CHANGE_CELL && d->index == c->index)
                return true;
        }
    }
    return false;
}

/* The moves of the side to move at PLY, into lists[ply], and the game's
 * end read with them into *R.  Where SAMPLE (a leaf of the quiescence
 * search, in a game where s->stand_first) they are only counted and one
 * of them kept (movegen_sample): enough to end the game, to value the
 * position and to stand on that value.  Returns how many moves there are
 * (lists[ply].count when they are listed). */
static int list_moves(alphabeta *s, int ply, bool sample, game_result *r)
{
    move_list *list = &s->lists[ply];
    int count;
    if (sample && s->stand_first) {
        count = movegen_sample(s->gen, s->p, list, NULL);
    } else {
        movegen_generate(s->gen, s->p, list);
        count = list->count;
    }
    movegen_result_counted(s->gen, s->p, list, count, r);
    return count;
}

/* Whether the side to move at PLY, whose value STAND is at BETA or above,
 * stands on it without its moves listed: lists[ply] holds one of them
 * (list_moves' sample), which neither captures nor wins, so that not
 * every move does; and it is neither in check nor raced (below). */
static bool stands_unlisted(alphabeta *s, int ply, int stand, int beta)
{
    const move_list *list = &s->lists[ply];
    if (stand < beta || list->count != 1 || (list->moves[0].flags & MOVE_CAPTURE))
        return false;
    bool reaching = s->eval->reach_goal != NULL;
    if (reaching && evaluate_move_reach(s->eval, list, 0, s->p->side) == REACH_WINS)
        return false;
    return !movegen_checked(s->gen, s->p) && !(reaching && reach_threatened(s));
}

/* The quiescence search at a leaf (PLY, whose COUNT moves lists[ply]
 * holds, or one of them where s->stand_first (list_moves); the game is
 * not over): the side to move may stand on the evaluator's value
 * or play a capture, and so on for up to QUIESCE_MAX_PLY plies, so that a
 * leaf is not scored in the middle of an exchange (a queen taken by a pawn
 * one ply before the horizon, the recapture beyond it).  In check, or
 * where every move captures, there is no standing: every move is tried.
 * From QUIESCE_RECAPTURE_PLY plies on, where the side to move may stand,
 * only recaptures of what move PREVIOUS of lists[ply - 1] (the move that
 * led here) changed are played.  A position that stands at beta or above
 * returns before its moves are listed where it can tell it may stand
 * (stands_unlisted): about half of the leaves in Breakthrough, whose
 * moves a list would write out only to be passed over. */
static int quiescence(alphabeta *s, int ply, int qply, int alpha, int beta, int previous, int count)
{
    position *p = s->p;
    const move_list *list = &s->lists[ply];
    s->horizon++;
    int stand = leaf_value(s, ply, count);
    if (qply >= QUIESCE_MAX_PLY || ply >= SEARCH_MAX_PLY || (!s->stand_first && chance_in(list)))
        return stand;
    if (s->stand_first) {
        if (stands_unlisted(s, ply, stand, beta))
            return stand;
        movegen_generate(s->gen, p, &s->lists[ply]);
    }
    /* the moves played out: captures, and in a game won by reaching a
     * region the moves that reach it (wins) */
    bool reaching = s->eval->reach_goal != NULL;
    /* each move's reach (evaluate_move_reach) is read once, and kept in
     * the order's entry of the same index until the order is made (which
     * writes an entry only once the moves up to it have been read) */
    uint64_t *order = s->order[ply];
    int captures = 0;
    for (int i = 0; i < list->count; i++) {
        int reach = reaching ? evaluate_move_reach(s->eval, list, i, p->side) : REACH_NONE;
        order[i] = (uint64_t)reach;
        captures += (list->moves[i].flags & MOVE_CAPTURE) || reach == REACH_WINS;
    }
    /* in check every move is tried, the evasions that capture nothing too:
     * standing, or looking only at captures, could call a position lost
     * that a quiet step out of check saves.  Where an opponent's piece is
     * one move from its goal region (it wins next unless taken or
     * blocked), standing is not allowed either, but only the captures are
     * tried where there are some: trying every move there too grew the
     * tree of a race (in a lost Breakthrough game's position, depth 4 in
     * 100 ms against 5), and taking the runner is the usual answer; with
     * no capture every move is tried, each answered at once by the
     * runner's arrival or not. */
    bool checked = captures < list->count && movegen_checked(s->gen, p);
    bool raced = !checked && captures < list->count && reaching && reach_threatened(s);
    bool in_check = checked || (raced && captures == 0);
    /* in its first plies, where the side to move may stand, the quiet
     * moves that bring a piece one move from its goal region too: the
     * answer is forced (the opponent may not stand), as a check's is */
    bool threatening = reaching && qply < QUIESCE_THREAT_PLIES && !checked && !raced;
    if (captures == 0 && !in_check && !threatening)
        return stand;
    bool forced = captures == list->count || in_check || raced;
    bool recapturing = qply >= QUIESCE_RECAPTURE_PLY && !forced;
    int best = -INFINITE_SCORE;
    if (!forced) {
        if (stand >= beta)
            return stand;
        if (stand > alpha)
            alpha = stand;
        best = stand;
    }
    /* the captures (every move in check) and the threats to reach the
     * goal: a move that wins by reaching the goal first, then the most
     * valuable victim, the threats last */
    int n = 0;
    for (int i = 0; i < list->count; i++) {
        int reach = (int)order[i];
        bool wins = reach == REACH_WINS;
        bool taken = (list->moves[i].flags & MOVE_CAPTURE)
                     && (!recapturing || recaptures(s, list, i, &s->lists[ply - 1], previous));
        bool threat = threatening && reach == REACH_THREATENS && !(list->moves[i].flags & MOVE_CAPTURE);
        if (in_check || wins || taken || threat) {
            uint32_t priority = wins ? 1u << 31 : (uint32_t)victim_value(s, list, i);
            order[n++] = ((uint64_t)priority << 32) | (uint32_t)(MOVELIST_MAX_MOVES - 1 - i);
        }
    }
    if (n == 0)
        return stand;
    pick_first(order, n);   /* the others are sorted where it does not cut off */
    int my_team = team(s, p->side);
    for (int k = 0; k < n; k++) {
        if (k == 1)
            sort_descending(order + 1, n - 1);
        int i = MOVELIST_MAX_MOVES - 1 - (int)(uint32_t)order[k];
        undo u;
        move_make(p, list, i, &u);
        s->nodes++;
        check_limits(s);
        s->sides[ply + 1] = p->side;
        game_result r;
        int next_count = list_moves(s, ply + 1, true, &r);
        bool same = team(s, p->side) == my_team;
        int v;
        if (r.over || next_count == 0)
            v = r.over ? terminal_value(s, &r, p->side, ply + 1) : draw_value(s, p->side);
        else
            v = same ? quiescence(s, ply + 1, qply + 1, alpha, beta, i, next_count)
                 : -quiescence(s, ply + 1, qply + 1, -beta, -alpha, i, next_count);
        if (!same && (r.over || next_count == 0))
            v = -v;
        pos_unmake(p, &u);
        if (s->stop)
            return 0;
        if (v > best) {
            best = v;
            if (v > alpha) {
                alpha = v;
                if (alpha >= beta)
                    break;
            }
        }
    }
    return best;
}

/* The value for the side that moved at PLY of the position after its
 * move, searched DEPTH deeper in the window ALPHA..BETA (its own view):
 * negated where play passed to the other team (SAME false). */
static int child_value(alphabeta *s, int ply, int depth, int alpha, int beta, bool same)
{
    return same ? negamax(s, ply + 1, depth, alpha, beta) : -negamax(s, ply + 1, depth, -beta, -alpha);
}

/* The side to move hands the turn over without moving (a null move, which
 * the rules need not have): nothing on the board changes but the
 * transient variable (en passant's cell), which holds for one move only. */
static void null_make(alphabeta *s, undo *u)
{
    position *p = s->p;
    int var = s->g->transient_var;
    change cleared = { .kind = CHANGE_VAR, .index = (uint16_t)(var >= 0 ? var : 0), .after = -1 };
    int count = 0;
    uint64_t hash = p->hash;
    if (var >= 0 && p->vars[var] != -1) {
        cleared.before = p->vars[var];
        hash ^= pos_var_key(var, cleared.before) ^ pos_var_key(var, -1);
        count = 1;
    }
    pos_make(p, &cleared, count, false, false, hash, u);
}

/* Null-move pruning at PLY (DEPTH left, a window of zero width at BETA,
 * its moves in lists[ply]): where even handing the turn over keeps the
 * side to move at BETA or above in a search R plies shallower, a real
 * move would too (most positions are no zugzwang), and the node fails
 * high without searching its moves.  Returns the value it fails high
 * with, or -INFINITE_SCORE where it does not (or may not be tried). */
static int null_move(alphabeta *s, int ply, int depth, int beta, bool in_check)
{
    if (!s->null_moves || depth < NULL_MIN_DEPTH || in_check || s->after_null[ply] || ply >= SEARCH_MAX_PLY - 1
        || beta >= SEARCH_MATE_BOUND || beta <= -SEARCH_MATE_BOUND || leaf_value(s, ply, s->lists[ply].count) < beta)
        return -INFINITE_SCORE;
    int reduction = depth >= NULL_DEEP ? 3 : 2;
    uint64_t horizon_before = s->horizon;
    undo u;
    null_make(s, &u);
    s->after_null[ply + 1] = true;
    int v = -negamax(s, ply + 1, depth - 1 - reduction, -beta, -beta + 1);
    s->after_null[ply + 1] = false;
    pos_unmake(s->p, &u);
    if (s->stop || v < beta) {
        s->horizon = horizon_before;   /* what the null move saw proves nothing of this node */
        return -INFINITE_SCORE;
    }
    s->horizon++;       /* a bound from a move the rules may not have: never a proof */
    return v >= SEARCH_MATE_BOUND ? beta : v;   /* a mate after passing is not one after moving */
}

/* Late move reductions: how many plies less deep the K-th move of the
 * order (from 0) is first searched with DEPTH left, growing with the
 * logarithms of both (S's table, made with the state). */
static int reduction_of(const alphabeta *s, int depth, int k)
{
    if (depth >= REDUCTION_TABLE)
        depth = REDUCTION_TABLE - 1;
    if (k >= REDUCTION_TABLE)
        k = REDUCTION_TABLE - 1;
    return s->reductions[depth][k];
}

/* Late move pruning and futility pruning, in a window of zero width
 * with DEPTH (at most PRUNE_MAX_DEPTH) left: whether the K-th quiet move
 * of the order at PLY is skipped, because it comes after 3 + DEPTH^2
 * others (the good moves come first: captures, killers, moves with a
 * history of cut-offs) or because the position's value
 * (*STATIC_VALUE, computed once) is so far below ALPHA that a quiet move
 * would not raise it there. */
static bool late_move_futile(alphabeta *s, int ply, int depth, int k, int alpha, int *static_value)
{
    if (k >= 3 + depth * depth)
        return true;
    if (*static_value == -INFINITE_SCORE)
        *static_value = leaf_value(s, ply, s->lists[ply].count);
    return *static_value + FUTILITY_MARGIN * depth <= alpha;
}

/* Late move reductions: the plies less deep the K-th quiet move of the
 * order (move I of LIST, DEPTH left) is first searched, from the table,
 * a ply less in the principal variation (PV) or for a move with a good
 * history, a ply more for one with a bad history, leaving at least one. */
static int late_move_reduction(const alphabeta *s, const move_list *list, int i, int depth, int k, bool pv)
{
    int reduction = reduction_of(s, depth, k) - pv;
    int h = s->history[s->p->side][move_path_key(list, i) & (HISTORY_SIZE - 1)];
    if (h > HISTORY_MAX / 2)
        reduction--;
    else if (h < -HISTORY_MAX / 2)
        reduction++;
    if (reduction > depth - 2)
        reduction = depth - 2;
    return reduction < 0 ? 0 : reduction;
}

/* Whether the position stood earlier in the game or in the line searched,
 * where a rule reads the history (a repetition): what the table holds for
 * it was found where it had not, and may not hold here, where its
 * recurrence can end the game. */
static bool recurs(const alphabeta *s)
{
    position *p = s->p;
    const game *g = s->g;
    if (!g->reads_history || !p->history)
        return false;
    return pos_occurrences(p, g->identity ? pos_identity(p) : p->hash) > 0;
}

/* Whether move I of LIST is an offer: it puts a piece of the side to move
 * on a cell where a piece of the player who moves next would take it.
 * ATTACKS holds the cells that player takes on once *KNOWN is 1 (0: not
 * asked yet, -1: the game has no such tables). */
static bool offer(const alphabeta *s, const move_list *list, int i, int *known, cellset *attacks)
{
    position *p = s->p;
    if (*known == 0)
        *known = evaluate_attacks(s->eval, p, s->g->side_after[p->side], attacks) ? 1 : -1;
    if (*known < 0)
        return false;
    const move *mv = &list->moves[i];
    for (int k = mv->first; k < mv->first + mv->count; k++) {
        const change *ch = &list->changes[k];
        if (ch->kind == CHANGE_CELL && ch->after > 0 && PIECE_OWNER((uint16_t)ch->after) == p->side
            && cellset_has(attacks, ch->index))
            return true;
    }
    return false;
}

static int negamax(alphabeta *s, int ply, int depth, int alpha, int beta)
{
    position *p = s->p;
    s->pv_length[ply] = ply;
    s->nodes++;
    check_limits(s);
    if (s->stop)
        return 0;
    s->sides[ply] = p->side;

    int in_check = -1;      /* (asked once, where something needs it) */
    if (s->extensions && ply < s->extend_below) {
        /* check extensions: a position in check is searched a ply deeper,
         * since the moves out of check are few and the line may be
         * forcing (a mate, or a piece won); before the table is read, so
         * that a value found without the extension does not stand for one
         * with it */
        in_check = movegen_checked(s->gen, p);
        depth += in_check;
    }
    bool recurring = ply > 0 && recurs(s);
    tt_entry e;
    uint64_t table_move = 0;
    if (tt_probe(s, p->hash, &e)) {
        table_move = e.move;
        if (e.depth >= depth && !recurring) {
            int v = from_tt(e.score, ply);
            if (e.bound == BOUND_EXACT || (e.bound == BOUND_LOWER && v >= beta)
                || (e.bound == BOUND_UPPER && v <= alpha)) {
                if (!e.proven)
                    s->horizon++;
                return v;
            }
        }
    }

    move_list *list = &s->lists[ply];
    /* a leaf the quiescence search takes lists its moves only where it
     * cannot stand (list_moves) */
    bool quiescing = depth <= 0 && s->quiesce && ply < SEARCH_MAX_PLY;
    game_result r;
    int count = list_moves(s, ply, quiescing, &r);
    if (r.over || count == 0) {
        int v = r.over ? terminal_value(s, &r, p->side, ply) : draw_value(s, p->side);
        if (recurring) {
            /* an end that may come of the history (a repetition): neither
             * stored for the position nor a proof of what is above it */
            s->horizon++;
            return v;
        }
        tt_store(s, p->hash, 0, v, ply, depth, BOUND_EXACT, true);
        return v;
    }
    if (depth <= 0 || ply >= SEARCH_MAX_PLY) {
        if (quiescing)
            return quiescence(s, ply, 0, alpha, beta, -1, count);
        s->horizon++;
        return leaf_value(s, ply, count);
    }

    if (chance_in(list))
        return chance_node(s, list, ply, depth);

    if (s->null_moves && beta - alpha == 1 && depth >= NULL_MIN_DEPTH) {
        if (in_check < 0)
            in_check = movegen_checked(s->gen, p);
        int v = null_move(s, ply, depth, beta, in_check);
        if (s->stop)
            return 0;
        if (v > -INFINITE_SCORE) {
            tt_store(s, p->hash, table_move, v, ply, depth, BOUND_LOWER, false);
            return v;
        }
    }

    uint64_t horizon_before = s->horizon;
    int alpha_before = alpha, best = -INFINITE_SCORE, my_team = team(s, p->side);
    uint64_t best_move = 0;
    int static_value = -INFINITE_SCORE;   /* (asked once, where pruning needs it) */
    int threatened = -1;                  /* in check or raced: asked once, where needed */
    order_moves(s, list, ply, table_move, true);
    int attacks_known = 0;                /* the next player's attacks: asked once, where needed */
    cellset attacks;
    for (int k = 0; k < list->count; k++) {
        if (k == 1)
            order_rest(s, ply, list->count);
        int i = (int)(uint32_t)s->order[ply][k];
        /* late quiet moves (no table move, capture, goal reached, threat
         * to reach it or killer) are searched less deep, and near the
         * leaves some not at all, unless the side to move is in check or
         * an opponent's piece is one move from its goal region */
        bool quiet = k > 0 && (uint32_t)(s->order[ply][k] >> 32) < (1u << 28);
        int reduction = 0;
        if (quiet && s->selective && threatened < 0 && ((s->prune && depth <= PRUNE_MAX_DEPTH) || (s->reduce && depth >= 3)))
            threatened = (in_check >= 0 ? in_check : movegen_checked(s->gen, p)) || reach_threatened(s);
        if (quiet && s->selective && !threatened) {
            if (s->prune && depth <= PRUNE_MAX_DEPTH && beta - alpha == 1 && best > -SEARCH_MATE_BOUND
                && late_move_futile(s, ply, depth, k, alpha, &static_value)) {
                s->horizon++;   /* a move not searched: the node's value is no proof */
                continue;
            }
            if (s->reduce && depth >= 3)
                reduction = late_move_reduction(s, list, i, depth, k, beta - alpha > 1);
            if (reduction && offer(s, list, i, &attacks_known, &attacks))
                reduction = 0;   /* an offer, as a capture, is searched in full */
        }
        undo u;
        s->playing[ply] = i;
        move_make(p, list, i, &u);
        bool same = team(s, p->side) == my_team;
        int v;
        if (k == 0) {
            v = child_value(s, ply, depth - 1, alpha, beta, same);
        } else {
            /* principal variation search: the first move is taken to be
             * the best; the others only have to be shown worse, with a
             * window of zero width, and are searched again when not */
            if (reduction && movegen_checked(s->gen, p))
                reduction = 0;   /* a check is not a quiet move */
            v = child_value(s, ply, depth - 1 - reduction, alpha, alpha + 1, same);
            if (v > alpha && reduction && !s->stop)
                v = child_value(s, ply, depth - 1, alpha, alpha + 1, same);
            if (v > alpha && v < beta && !s->stop)
                v = child_value(s, ply, depth - 1, alpha, beta, same);
        }
        pos_unmake(p, &u);
        if (s->stop)
            return 0;
        if (v > best) {
            best = v;
            best_move = list->moves[i].hash;
            if (v > alpha) {
                alpha = v;
                update_pv(s, ply, best_move);
                if (alpha >= beta) {
                    note_cutoff(s, list, k, ply, depth);
                    break;
                }
            }
        }
    }
    int bound = best <= alpha_before ? BOUND_UPPER : best >= beta ? BOUND_LOWER : BOUND_EXACT;
    tt_store(s, p->hash, best_move, best, ply, depth, bound, s->horizon == horizon_before);
    return best;
}

/* Whether the line of play LINE (LENGTH move hashes) from ROOT, whose
 * moves P has, keeps what the game counts as it is in P, at every step
 * (P is left as it was found). */
static bool line_keeps_counts(alphabeta *s, const move_list *root, const uint64_t *line, int length)
{
    position *p = s->p;
    game_counts before, after;
    evaluate_counts(s->g, s->gen, p, &before);
    undo undos[SEARCH_MAX_PLY + 1];
    int made = 0;
    bool keeps = true;
    for (int k = 0; keeps && k < length && k <= SEARCH_MAX_PLY; k++) {
        const move_list *list = root;
        if (k > 0) {
            movegen_generate(s->gen, p, &s->lists[k]);
            list = &s->lists[k];
        }
        int found = -1;
        for (int i = 0; i < list->count && found < 0; i++)
            if (list->moves[i].hash == line[k])
                found = i;
        if (found < 0)
            break;
        move_make(p, list, found, &undos[made++]);
        evaluate_counts(s->g, s->gen, p, &after);
        keeps = evaluate_counts_equal(&before, &after);
    }
    while (made > 0)
        pos_unmake(p, &undos[--made]);
    return keeps;
}

/* The move to play after a search of depth DEPTH: BEST (worth BEST_VALUE;
 * its line BEST_LINE, BEST_LENGTH moves) or, where ROOT has a pass worth
 * PASS_VALUE (-INFINITE_SCORE: none, or more than AB_PASS_MARGIN below
 * BEST_VALUE), the pass when
 * - the player before passed and the pass is within the margin of BEST:
 *   stopping is as good as anything;
 * - or nothing the game counts changes (evaluate_counts: no score, no
 *   piece) at any step of the line expected after BEST, nor of the one
 *   expected after the pass (searched again, with a full window, for its
 *   line), and no move scores at once (evaluate_some_move_scores):
 *   playing on only shuffles the pieces.
 * In a game that ends when every player passes in a row (Mynd), a search
 * that played a shuffle whenever it tied the pass would play until the
 * rules' last limit (the rule is MCTS's too, mcts.c). */
static int pass_if_as_good(alphabeta *s, const move_list *root, int depth, int best, int best_value,
                           int pass_value, const uint64_t *best_line, int best_length)
{
    int pass = -1;
    for (int i = 0; i < root->count; i++)
        if (root->moves[i].flags & MOVE_PASS)
            pass = i;
    if (pass < 0 || best < 0 || pass == best || best_value >= SEARCH_MATE_BOUND || best_value <= -SEARCH_MATE_BOUND)
        return best;
    if (s->p->passes > 0 && pass_value > -INFINITE_SCORE && pass_value >= best_value - AB_PASS_MARGIN)
        return pass;
    if (!line_keeps_counts(s, root, best_line, best_length))
        return best;
    /* the pass's line: the principal variation below it */
    undo u;
    s->playing[0] = pass;
    move_make(s->p, root, pass, &u);
    s->pv_length[1] = 1;
    negamax(s, 1, depth - 1, -INFINITE_SCORE, INFINITE_SCORE);   /* (only its line is wanted) */
    pos_unmake(s->p, &u);
    if (s->stop)
        return best;
    uint64_t line[SEARCH_MAX_PLY + 1];
    int length = 0;
    line[length++] = root->moves[pass].hash;
    for (int k = 1; k < s->pv_length[1] && length <= SEARCH_MAX_PLY; k++)
        line[length++] = s->pv[1][k];
    return line_keeps_counts(s, root, line, length)
           && !evaluate_some_move_scores(s->g, s->eval->score_sign, s->gen, s->p, root) ? pass : best;
}

/* The principal variation as text, played out from the root and back. */
static const char *pv_text(alphabeta *s, const move_list *root)
{
    position *p = s->p;
    size_t used = 0;
    s->pv_text[0] = '\0';
    int made = 0;
    for (int k = 0; k < s->pv_length[0]; k++) {
        const move_list *list = root;
        if (k > 0) {
            movegen_generate(s->gen, p, &s->lists[k]);
            list = &s->lists[k];
        }
        int found = -1;
        for (int i = 0; i < list->count; i++)
            if (list->moves[i].hash == s->pv[0][k]) {
                found = i;
                break;
            }
        if (found < 0)
            break;
        char text[512];
        notation_move(s->g, list, found, text, sizeof text);
        size_t length = strlen(text);
        if (used + length + 2 >= sizeof s->pv_text)
            break;
        if (used)
            s->pv_text[used++] = ' ';
        memcpy(s->pv_text + used, text, length + 1);
        used += length;
        move_make(p, list, found, &s->pv_undo[made++]);
    }
    while (made > 0)
        pos_unmake(p, &s->pv_undo[--made]);
    return s->pv_text;
}

/* One pass over ROOT's moves at DEPTH in the window LOW..HIGH
 * (-INFINITE_SCORE..INFINITE_SCORE: the whole of it), the move whose hash
 * is FIRST (0: none) first.  Returns the best value, its move in
 * *BEST_INDEX (-1: none searched before a stop) and the pass's value in
 * *PASS_VALUE (-INFINITE_SCORE: none); it ends at a move that reaches
 * HIGH. */
static int search_root(alphabeta *s, const move_list *root, int depth, int low, int high, uint64_t first,
                       int *best_index, int *pass_value)
{
    position *p = s->p;
    int my_team = team(s, p->side), alpha = low, best = -INFINITE_SCORE;
    *best_index = -1;
    *pass_value = -INFINITE_SCORE;
    s->horizon = 0;
    s->pv_length[0] = 0;
    order_moves(s, root, 0, first, false);
    for (int k = 0; k < root->count; k++) {
        int i = (int)(uint32_t)s->order[0][k];
        /* a pass is searched with a window AB_PASS_MARGIN lower, so that
         * its value is known wherever it is that close to the best
         * (pass_if_as_good) */
        bool passing = (root->moves[i].flags & MOVE_PASS) != 0;
        int floor = passing && alpha > -INFINITE_SCORE + AB_PASS_MARGIN ? alpha - AB_PASS_MARGIN : alpha;
        undo u;
        s->playing[0] = i;
        move_make(p, root, i, &u);
        s->nodes++;
        int v = team(s, p->side) == my_team ? negamax(s, 1, depth - 1, floor, high)
                                            : -negamax(s, 1, depth - 1, -high, -floor);
        pos_unmake(p, &u);
        if (s->stop)
            break;
        if (passing)
            *pass_value = v;
        if (v > best) {
            best = v;
            *best_index = i;
            if (v > alpha) {
                alpha = v;
                update_pv(s, 0, root->moves[i].hash);
            }
            if (v >= high)
                break;
        }
    }
    return best;
}

/* OUT's score V (DRAW: what a draw is worth at the root), proven or not. */
static void describe(int v, int draw, bool proven, search_result *out)
{
    out->score = v;
    out->distance = 0;
    if (v >= SEARCH_MATE_BOUND) {
        out->kind = SCORE_WIN;
        out->distance = SEARCH_MATE - v;
    } else if (v <= -SEARCH_MATE_BOUND) {
        out->kind = SCORE_LOSS;
        out->distance = SEARCH_MATE + v;
    } else if (proven && v == draw) {
        out->kind = SCORE_DRAW;
        out->score = 0;
    } else {
        out->kind = SCORE_VALUE;
    }
}

void alphabeta_search(alphabeta *s, position *p, move_list *root, int depth, long time_ms,
                      long nodes, search_result *result, search_progress progress, void *context,
                      double *values)
{
    memset(result, 0, sizeof *result);
    result->best = root->count > 0 ? 0 : -1;
    s->p = p;
    s->root_list = root;
    s->root_player = p->side;
    search_table_prepare(s->table, s->g, s->root_player, s->contempt != 0);   /* a no-op for helpers: done first */
    s->nodes = 0;
    s->node_limit = nodes > 0 ? (uint64_t)nodes : 0;
    s->start = search_clock();
    s->deadline = time_ms > 0 ? s->start + (double)time_ms / 1000.0 : 0;
    s->stop = false;
    /* a search limited by depth alone searches every line that deep (and
     * so solves a game it can: tic-tac-toe at 9); one limited by time or
     * nodes goes deeper by reducing and pruning late quiet moves */
    s->selective = time_ms > 0 || nodes > 0;
    memset(s->killers, 0, sizeof s->killers);
    for (int q = 0; q < GAME_MAX_PLAYERS; q++)
        for (int k = 0; k < HISTORY_SIZE; k++)
            s->history[q][k] /= 2;
    int max_depth = depth > 0 ? depth : SEARCH_MAX_PLY - 1;
    if (max_depth > SEARCH_MAX_PLY - 1)
        max_depth = SEARCH_MAX_PLY - 1;
    if (root->count == 0)
        return;
    s->sides[0] = p->side;
    uint64_t previous_best = 0;
    bool chance = chance_in(root);
    /* the last complete iteration's findings, for pass_if_as_good */
    typedef struct complete {
        int depth, best, value, pass_value, length;
        uint64_t line[SEARCH_MAX_PLY + 1];
    } complete;
    complete last = { 0 };

    for (int d = 1; d <= max_depth; d++) {
        if (helper_skips(s->helper, d) && d < max_depth)
            continue;
        /* extensions stop at twice the nominal depth: a line of checks
         * answered by the one move out of them cannot grow the search
         * without end */
        s->extend_below = 2 * d;
        s->horizon = 0;
        s->pv_length[0] = 0;
        int best = -INFINITE_SCORE, best_index = -1;
        if (chance) {
            if (!search_all(s, root, 0, d, &best_index)) {
                if (result->depth == 0)
                    result->best = -1;   /* nothing complete: the caller walks the turn at random */
                break;
            }
            bool proven = s->horizon == 0;
            if (values)
                for (int i = 0; i < root->count; i++)
                    values[i] = s->values[0][i];
            best = chance_value_of(s, root, 0);
            update_pv(s, 0, root->moves[best_index].hash);
            result->best = best_index;
            result->depth = d;
            describe(best, draw_value(s, s->root_player), proven, result);
            previous_best = root->moves[best_index].hash;
            double elapsed = search_clock() - s->start;
            if (progress) {
                search_info info = { d, result->kind, result->score, result->distance, s->nodes, elapsed,
                                     pv_text(s, root) };
                progress(&info, context);
            }
            if (proven)
                break;
            if (s->save_time && s->deadline > 0 && elapsed * 1000.0 > (double)time_ms * 0.5)
                break;
            continue;
        }
        /* aspiration: the search expects about the last depth's value and
         * looks only that close to it, which cuts more; a value outside
         * the window only bounds the true one, and the window is widened
         * on that side and the depth searched again */
        int low = -INFINITE_SCORE, high = INFINITE_SCORE, delta = ASPIRATION_WINDOW;
        if (s->aspiration && d >= ASPIRATION_MIN_DEPTH && last.depth > 0 && last.value < SEARCH_MATE_BOUND
            && last.value > -SEARCH_MATE_BOUND) {
            low = last.value - delta;
            high = last.value + delta;
        }
        uint64_t first = previous_best;
        int pass_value, sure = -1, sure_value = 0;   /* SURE: a move that reached HIGH in a narrower window */
        for (;;) {
            best = search_root(s, root, d, low, high, first, &best_index, &pass_value);
            if (s->stop || (best > low && best < high))
                break;
            delta *= 2;
            if (best <= low) {
                low = delta > ASPIRATION_MAX || best <= -SEARCH_MATE_BOUND ? -INFINITE_SCORE : best - delta;
            } else {
                sure = best_index;
                sure_value = best;
                first = root->moves[best_index].hash;
                high = delta > ASPIRATION_MAX || best >= SEARCH_MATE_BOUND ? INFINITE_SCORE : best + delta;
            }
        }
        if (s->stop) {
            /* an unfinished iteration still counts where it got: the
             * previous best move was searched first, to this depth, so a
             * move that did better in this iteration is the better move
             * (throwing the iteration away lost most of a timed move in
             * chess, each iteration taking several times the last); one
             * at or below the window's low end is only bounded, but one
             * that reached its high end beat the others */
            if (best_index < 0 || (best <= low && result->depth > 0)) {
                best_index = sure;
                best = sure_value;
            }
            if (best_index >= 0 && (result->depth == 0 || root->moves[best_index].hash != previous_best)) {
                result->best = best_index;
                describe(best, draw_value(s, s->root_player), false, result);
            }
            break;
        }
        bool proven = s->horizon == 0;
        result->best = best_index;
        result->depth = d;
        describe(best, draw_value(s, s->root_player), proven, result);
        last.depth = d;
        last.best = best_index;
        last.value = best;
        last.pass_value = pass_value;
        last.length = s->pv_length[0];
        memcpy(last.line, s->pv[0], (size_t)last.length * sizeof *last.line);
        previous_best = root->moves[best_index].hash;
        tt_store(s, p->hash, previous_best, best, 0, d, BOUND_EXACT, proven);
        double elapsed = search_clock() - s->start;
        if (progress) {
            search_info info = { d, result->kind, result->score, result->distance, s->nodes, elapsed,
                                 pv_text(s, root) };
            progress(&info, context);
        }
        if (proven || result->kind == SCORE_WIN || result->kind == SCORE_LOSS)
            break;   /* deeper iterations cannot change a proof */
        if (s->save_time && s->deadline > 0 && elapsed * 1000.0 > (double)time_ms * 0.5)
            break;   /* the next iteration would most likely not finish: the time is kept for later moves */
    }
    if (last.depth > 0 && last.best == result->best && !search_stop_asked(s->asked)) {
        /* the search is over: looking for the pass's line is not limited
         * by the time or the nodes left (it is one move's search) */
        s->stop = false;
        s->deadline = 0;
        s->node_limit = 0;
        result->best = pass_if_as_good(s, root, last.depth, last.best, last.value, last.pass_value, last.line,
                                       last.length);   /* (the value reported stays the best move's) */
    }
    result->nodes = s->nodes;
    result->seconds = search_clock() - s->start;
}
