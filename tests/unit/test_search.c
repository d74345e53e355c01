/* test_search: the game-playing search (interp/search/) on small games
 * whose values are known: tic-tac-toe is a draw, hand-made positions with
 * forced wins and losses at known distances, and engines that must beat a
 * random player.  Everything is seeded, so the results never vary. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "game/game.h"
#include "movegen/movegen.h"
#include "movegen/notation.h"
#include "game/position.h"
#include "game/posstring.h"
#include "game/rng.h"
#include "shipped_game.h"
#include "search/mast.h"
#include "search/search.h"


static engine_spec spec_of(const char *text)
{
    engine_spec spec;
    char error[256];
    if (!engine_spec_parse(text, &spec, error, sizeof error))
        fail_msg("spec '%s': %s", text, error);
    return spec;
}

/* Searches NAME from POSITION (NULL: the start) with SPEC; returns the
 * result and writes the chosen move's text into MOVE. */
static search_result search(const char *name, const char *position_text, const char *spec_text,
                            char *move_text, size_t size)
{
    game *g = shipped_game(name, NULL);
    assert_non_null(g);
    position *p = malloc(sizeof *p);
    assert_true(p && pos_init(p, g));
    char error[256];
    if (position_text && !posstring_read(p, position_text, error, sizeof error))
        fail_msg("position '%s': %s", position_text, error);
    engine_spec spec = spec_of(spec_text);
    engine *e = engine_new(g, &spec, 1);
    assert_non_null(e);
    uint64_t hash = p->hash;
    search_result result;
    engine_choose(e, p, &result, NULL, NULL);
    assert_true(p->hash == hash);   /* the position is left as it was */
    assert_true(result.best >= 0);
    notation_move(g, engine_root_moves(e), result.best, move_text, size);
    engine_free(e);
    pos_free(p);
    free(p);
    game_free(g);
    return result;
}

static void tictactoe_is_a_draw(void **state)
{
    (void)state;
    char best[64];
    search_result r = search("tictactoe", NULL, "ab:depth=9", best, sizeof best);
    assert_int_equal(r.kind, SCORE_DRAW);
    char text[64];
    search_score_text(r.kind, r.score, r.distance, text, sizeof text);
    assert_string_equal(text, "draw");
}

/* X to move:      X X .     (rank 3)
 *                 O O .
 *                 . . .     (rank 1)
 * X completes the top row at c3: a win in 1.  (O would also win at c2
 * next, so a depth of 3 must still prefer the immediate win.) */
static void win_in_one(void **state)
{
    (void)state;
    char best[64];
    search_result r = search("tictactoe", "XX1/OO1/3 x 4", "ab:depth=3", best, sizeof best);
    assert_int_equal(r.kind, SCORE_WIN);
    assert_int_equal(r.distance, 1);
    assert_string_equal(best, "@c3");
}

/* X to move:      X . .     (rank 3)
 *                 . O .
 *                 O . X     (rank 1)
 * O threatens a1-b2-c3, so X must take c3; that also makes two threats,
 * b3 (a3 b3 c3) and c2 (c1 c2 c3).  O blocks one and X completes the
 * other: a win in 3 plies.  No win in 1 exists (X has no two in a line
 * with the third cell empty), and any other move loses at c3 at once. */
static void win_in_three_by_a_fork(void **state)
{
    (void)state;
    char best[64];
    search_result r = search("tictactoe", "X2/1O1/O1X x 4", "ab:depth=5", best, sizeof best);
    assert_int_equal(r.kind, SCORE_WIN);
    assert_int_equal(r.distance, 3);
    assert_string_equal(best, "@c3");
    /* the MCTS solver proves it too (its distance is that of a proving line) */
    r = search("tictactoe", "X2/1O1/O1X x 4", "mcts:playouts=20000", best, sizeof best);
    assert_int_equal(r.kind, SCORE_WIN);
    assert_string_equal(best, "@c3");
}

/* The table and the tree sized by hash=MB: a table of 1 MiB still proves
 * the chess mate in two (a table too small to hold the search only costs
 * time), and a tree bounded to 1 MiB, full long before its 20000
 * playouts, still proves the fork of win_in_three_by_a_fork; a wider
 * exploration still finds it. */
static void small_tables(void **state)
{
    (void)state;
    char best[64];
    search_result r = search("chess", "k7/8/2K5/8/8/8/8/7R w - - 0 1", "ab:depth=5,hash=1", best, sizeof best);
    assert_int_equal(r.kind, SCORE_WIN);
    assert_int_equal(r.distance, 3);
    r = search("tictactoe", "X2/1O1/O1X x 4", "mcts:playouts=20000,hash=1", best, sizeof best);
    assert_int_equal(r.kind, SCORE_WIN);
    assert_string_equal(best, "@c3");
    r = search("tictactoe", "X2/1O1/O1X x 4", "mcts:playouts=20000,exploration=2.5", best, sizeof best);
    assert_int_equal(r.kind, SCORE_WIN);
    assert_string_equal(best, "@c3");
    /* the defaults the manual gives: 2^19 slots of 24 bytes; a million
     * nodes with their changes and the second pool */
    assert_int_equal(search_default_hash_mb(ENGINE_ALPHABETA), 12);
    assert_int_equal(search_default_hash_mb(ENGINE_MCTS), 228);
}

/* Progressive bias: the white rook on d1 can take the black queen on d5,
 * the one move of its 15 that wins material.  With two playouts MCTS
 * expands the root, then tries one child: with bias, the child whose
 * position is best for White by the evaluation, the capture; without, a
 * random one (here d1-d4, which the seed draws). */
static void mcts_bias_tries_the_best_first(void **state)
{
    (void)state;
    char best[64];
    search("chess", "k7/8/8/3q4/8/8/8/K2R4 w - - 0 1", "mcts:playouts=2,bias=0.001", best, sizeof best);
    assert_string_equal(best, "d1xd5");
    search("chess", "k7/8/8/3q4/8/8/8/K2R4 w - - 0 1", "mcts:playouts=2", best, sizeof best);
    assert_string_not_equal(best, "d1xd5");
}

/* O to move:      X X .     (rank 3)
 *                 . O .
 *                 X . O     (rank 1)
 * X threatens c3 (top row) and a2 (file a); O has no three of its own to
 * complete (its b2 c1 diagonal runs into X at a3), so O blocks one and X
 * takes the other: a loss in 2, and a search that sees it says so. */
static void loss_in_two(void **state)
{
    (void)state;
    char best[64];
    search_result r = search("tictactoe", "XX1/1O1/X1O o 5", "ab:depth=4", best, sizeof best);
    assert_int_equal(r.kind, SCORE_LOSS);
    assert_int_equal(r.distance, 2);
    char text[64];
    search_score_text(r.kind, r.score, r.distance, text, sizeof text);
    assert_string_equal(text, "loss in 2");
}

/* Chess, the rook mate (white to move): black king a8, white king c6,
 * white rook h1.  No mate in one: Rh8+ lets the king out to a7, which the
 * white king does not cover.  Kc7 leaves Black only Ka7 (b8, b7 are the
 * king's), and Ra1 mates; Kb6 leaves only Kb8, and Rh8 mates: a win in 3
 * plies, by a king move.  Alpha-beta proves it at depth 3. */
static void chess_mate_in_two(void **state)
{
    (void)state;
    char best[64];
    search_result r = search("chess", "k7/8/2K5/8/8/8/8/7R w - - 0 1", "ab:depth=5", best, sizeof best);
    assert_int_equal(r.kind, SCORE_WIN);
    assert_int_equal(r.distance, 3);
    assert_true(!strcmp(best, "c6-c7") || !strcmp(best, "c6-b6"));
}

/* Connect Four, red to move (rank 6 on top; four discs played):
 *     . . . . . . .
 *     . . . . . . .
 *     . . . . . . .
 *     . . . . . . .
 *     . . Y Y . . .
 *     . . R R . . .      (rank 1)
 * Red drops at b1 (or e1): three in a row on rank 1 with both ends empty
 * and playable (a1 and e1, or b1 and f1).  Yellow has only two in a row, so
 * it cannot win first; it blocks one end and red fills the other: a win in
 * 3.  Nothing wins in 1. */
static void connect4_open_three(void **state)
{
    (void)state;
    char best[64];
    search_result r = search("connect4", "7/7/7/7/2YY3/2RR3 r 4", "ab:depth=5", best, sizeof best);
    assert_int_equal(r.kind, SCORE_WIN);
    assert_int_equal(r.distance, 3);
    assert_true(!strcmp(best, "@b1") || !strcmp(best, "@e1"));
}

/* Plays P to its end, each move chosen by the engine of the side to move
 * (SEATS[side]); the result in *RESULT. */
static void play_to_the_end(movegen *m, position *p, move_list *list, engine *const *seats, game_result *result)
{
    for (;;) {
        movegen_generate(m, p, list);
        movegen_result(m, p, list, result);
        if (result->over)
            return;
        engine *e = seats[p->side];
        search_result chosen;
        engine_choose(e, p, &chosen, NULL, NULL);
        assert_true(chosen.best >= 0);
        undo u;
        move_make(p, engine_root_moves(e), chosen.best, &u);
        pos_commit(p);
    }
}

/* Plays GAMES games of NAME between SPEC and random, SPEC taking the first
 * seat in even games and the second in odd ones; counts SPEC's wins and
 * losses. */
static void play_random(const char *name, const char *spec_text, int games, int *wins, int *losses)
{
    game *g = shipped_game(name, NULL);
    assert_non_null(g);
    position *p = malloc(sizeof *p);
    assert_true(p && pos_init(p, g));
    movegen *m = movegen_new(g);
    move_list list;
    assert_true(m && move_list_init(&list));
    engine_spec strong = spec_of(spec_text), weak = spec_of("random");
    engine *player = engine_new(g, &strong, 11), *opponent = engine_new(g, &weak, 23);
    assert_true(player && opponent);
    *wins = *losses = 0;
    for (int k = 0; k < games; k++) {
        int seat = k % 2;
        pos_reset(p);
        game_result result;
        engine *seats[2] = { seat == 0 ? player : opponent, seat == 1 ? player : opponent };
        play_to_the_end(m, p, &list, seats, &result);
        if (result.winner == seat)
            (*wins)++;
        else if (result.winner >= 0)
            (*losses)++;
    }
    engine_free(player);
    engine_free(opponent);
    move_list_free(&list);
    movegen_free(m);
    pos_free(p);
    free(p);
    game_free(g);
}

/* A depth-2 search wins any game where it can complete a line at once and
 * blocks any line the random player could complete next; over 20 seeded
 * games (10 from each seat) it must win most and lose at most a couple
 * (a random fork can beat it).  Measured with these seeds: tic-tac-toe
 * 17 wins and 1 loss, Connect Four 18 wins and 2 losses; the bounds leave
 * room for a change in the generator's move order. */
static void alphabeta_beats_random(void **state)
{
    (void)state;
    int wins, losses;
    play_random("tictactoe", "ab:depth=2", 20, &wins, &losses);
    print_message("tictactoe ab:depth=2 vs random: %d wins, %d losses of 20\n", wins, losses);
    assert_true(wins >= 12);
    assert_true(losses <= 4);
    play_random("connect4", "ab:depth=2", 20, &wins, &losses);
    print_message("connect4 ab:depth=2 vs random: %d wins, %d losses of 20\n", wins, losses);
    assert_true(wins >= 14);
}

static void mcts_beats_random(void **state)
{
    (void)state;
    int wins, losses;
    play_random("connect4", "mcts:playouts=300", 10, &wins, &losses);
    print_message("connect4 mcts:playouts=300 vs random: %d wins, %d losses of 10\n", wins, losses);
    assert_true(wins >= 8);
    /* with MAST: playouts to the end (Connect Four), and cut off and
     * scored by the learned weights (Breakthrough) */
    play_random("connect4", "mcts:playouts=300,mast=on", 10, &wins, &losses);
    print_message("connect4 mcts:playouts=300,mast=on vs random: %d wins, %d losses of 10\n", wins, losses);
    assert_true(wins >= 8);
    play_random("breakthrough", "mcts:playouts=300,mast=on", 4, &wins, &losses);
    print_message("breakthrough mcts:playouts=300,mast=on vs random: %d wins, %d losses of 4\n", wins, losses);
    assert_true(wins >= 3);
}

/* MAST's table (mast.h), on tic-tac-toe's first moves: a move that won
 * every playout it was in averages above one that lost them all, and one
 * never seen counts as a win (so that greedy choice tries it).  Greedy
 * choice (epsilon 0) then always takes the winner; at epsilon 1 every move
 * is drawn, as likely.  Decay keeps the averages. */
static void mast_averages(void **state)
{
    (void)state;
    game *g = shipped_game("tictactoe", NULL);
    assert_non_null(g);
    movegen *m = movegen_new(g);
    position *p = malloc(sizeof *p);
    move_list list;
    mast *t = calloc(1, sizeof *t);
    assert_true(m && p && t && pos_init(p, g) && move_list_init(&list));
    movegen_generate(m, p, &list);
    assert_int_equal(list.count, 9);
    for (int i = 0; i < list.count; i++)
        for (int j = 0; j < i; j++)
            assert_true(mast_key(&list, i) != mast_key(&list, j));   /* (no collision among these nine) */
    assert_true(mast_average(t, 0, mast_key(&list, 4)) == 1.0);
    for (int round = 0; round < 5; round++)
        for (int k = 0; k < list.count; k++)
            mast_add(t, 0, mast_key(&list, k), k == 4 ? 1.0 : k == 0 ? 0.0 : 0.5);
    assert_true(mast_average(t, 0, mast_key(&list, 4)) > 0.99);
    assert_true(mast_average(t, 0, mast_key(&list, 0)) < 0.01);
    assert_true(mast_average(t, 1, mast_key(&list, 0)) == 1.0);   /* each player's own */
    uint64_t rng = rng_seed(3);
    uint16_t key;
    for (int draw = 0; draw < 100; draw++) {
        assert_int_equal(mast_choose(t, 0, &list, 0.0, &rng, &key), 4);
        assert_int_equal(key, mast_key(&list, 4));
    }
    int drawn[9] = { 0 };
    for (int draw = 0; draw < 900; draw++)
        drawn[mast_choose(t, 0, &list, 1.0, &rng, &key)]++;
    for (int k = 0; k < 9; k++)
        assert_true(drawn[k] > 50 && drawn[k] < 150);
    mast_decay(t, 0.5);
    assert_true(mast_average(t, 0, mast_key(&list, 4)) > 0.99);
    assert_true(mast_average(t, 0, mast_key(&list, 1)) > 0.49 && mast_average(t, 0, mast_key(&list, 1)) < 0.51);
    free(t);
    move_list_free(&list);
    pos_free(p);
    free(p);
    movegen_free(m);
    game_free(g);
}

/* MAST in the search, on the fork of win_in_three_by_a_fork: X's c3 wins
 * the playouts in which X makes it more often than any other move of X's
 * (the others leave O its line a1-b2-c3), so after a search X's average
 * for it is the highest of the root's moves; and the search with MAST
 * still proves the win. */
static void mcts_mast_learns_the_winning_move(void **state)
{
    (void)state;
    game *g = shipped_game("tictactoe", NULL);
    assert_non_null(g);
    movegen *m = movegen_new(g);
    position *p = malloc(sizeof *p);
    move_list root;
    char error[256], text[64];
    assert_true(m && p && pos_init(p, g) && move_list_init(&root));
    assert_true(posstring_read(p, "X2/1O1/O1X x 4", error, sizeof error));
    mcts *s = mcts_new(g, m, 5, NULL, 0);
    assert_non_null(s);
    assert_true(mcts_set_mast(s, true));
    movegen_generate(m, p, &root);
    search_result result;
    mcts_search(s, p, &root, 200, 0, &result, NULL, NULL, NULL);
    int best = -1;
    for (int k = 0; k < root.count; k++) {
        notation_move(g, &root, k, text, sizeof text);
        print_message("X's MAST average for %s: %.3f\n", text, mcts_mast_average(s, p->side, &root, k));
        if (best < 0 || mcts_mast_average(s, p->side, &root, k) > mcts_mast_average(s, p->side, &root, best))
            best = k;
    }
    notation_move(g, &root, best, text, sizeof text);
    assert_string_equal(text, "@c3");
    for (int k = 0; k < root.count; k++) {
        notation_move(g, &root, k, text, sizeof text);
        assert_true(k == best || mcts_mast_average(s, p->side, &root, k) < 1.0);   /* every move was seen */
        if (!strcmp(text, "@b1") || !strcmp(text, "@a2"))   /* (those that leave O its line, by a margin) */
            assert_true(mcts_mast_average(s, p->side, &root, k) < mcts_mast_average(s, p->side, &root, best) - 0.2);
    }
    mcts_free(s);
    move_list_free(&root);
    pos_free(p);
    free(p);
    movegen_free(m);
    game_free(g);
    search_result r = search("tictactoe", "X2/1O1/O1X x 4", "mcts:playouts=20000,mast=on", text, sizeof text);
    assert_int_equal(r.kind, SCORE_WIN);
    assert_string_equal(text, "@c3");
}

/* Plays Mynd (VARIANT) from the start with SPECS[k] for player k; returns
 * the plies played and the passes in a row at the end. */
static int mynd_game(const char *variant, const char *const *specs, int *passes_at_end)
{
    game *g = shipped_game("mynd", variant);
    assert_non_null(g);
    int passes = -1;
    for (int v = 0; v < g->var_count; v++)
        if (!strcmp(g->var_names[v], "passes"))
            passes = v;
    assert_true(passes >= 0);
    position *p = malloc(sizeof *p);
    assert_true(p && pos_init(p, g));
    movegen *m = movegen_new(g);
    move_list list;
    assert_true(m && move_list_init(&list));
    engine *players[GAME_MAX_PLAYERS];
    for (int q = 0; q < g->player_count; q++) {
        engine_spec spec = spec_of(specs[q]);
        assert_non_null(players[q] = engine_new(g, &spec, 5 + (uint64_t)q));
    }
    game_result result;
    play_to_the_end(m, p, &list, players, &result);
    int plies = p->ply;
    *passes_at_end = (int)p->vars[passes];
    print_message("mynd %s, %s ...: over after %d plies, %d passes in a row\n", variant ? variant : "2p", specs[0],
                  plies, *passes_at_end);
    for (int q = 0; q < g->player_count; q++)
        engine_free(players[q]);
    move_list_free(&list);
    movegen_free(m);
    pos_free(p);
    free(p);
    game_free(g);
    return plies;
}

/* Mynd ends when every player passes in a row, or after 1000 plies.
 * Random play never agrees to stop, so the engines score their leaves by
 * the rules' score (territory), and pass when they cannot realistically
 * catch up, when passing does as well as their best move after the player
 * before passed, or when nothing the game counts changes along the lines
 * they expect (evaluate_counts): once the pegs are down, pushes that close
 * no area only put the end off.  Games of three and four engines of each
 * kind must end by the players' passes, long before the cap.  Measured with
 * these seeds: 3p mcts 45 plies, 4p mcts 88, 4p ab and mcts 89, 2p ab
 * (depth 1) 40; without the rule on shuffles, the 4p
 * mcts game reached the cap (and `tabula match` games of ab in 2p and 3p
 * mostly did).  Few playouts: under the sanitizers these games are slow. */
static void engines_end_mynd_by_passing(void **state)
{
    (void)state;
    static const struct {
        const char *variant;
        const char *specs[GAME_MAX_PLAYERS];
        int players;
    } games[] = {
        { "3p", { "mcts:playouts=100", "mcts:playouts=100", "mcts:playouts=100" }, 3 },
        { "4p", { "mcts:playouts=40", "mcts:playouts=40", "mcts:playouts=40", "mcts:playouts=40" }, 4 },
        { "4p", { "ab:depth=1", "mcts:playouts=40", "ab:depth=1", "mcts:playouts=40" }, 4 },
        { NULL, { "ab:depth=1", "ab:depth=1" }, 2 },
    };
    for (size_t k = 0; k < sizeof games / sizeof *games; k++) {
        int passes;
        int plies = mynd_game(games[k].variant, games[k].specs, &passes);
        assert_true(plies < 500);
        assert_int_equal(passes, games[k].players);
    }
}

/* Mynd, Black to move with no pegs left in hand (a turn is a push or a
 * pass).  SHUFFLES: Black has a1 and f6, White k11; every region of cells
 * without Black's pegs holds White's corner, and White's holds Black's, so
 * both score 0, and no push of a lone peg changes that.  GAINS: Black's
 * a1 a3 b3 c2 c1 wall off a2 b1 b2 (3, the corner's area); a3-a4 (or
 * c1-d1, b3-b4) moves a wall outwards and the area takes in the cell left
 * behind: 4. */
#define MYND_SHUFFLES "10W/11/11/11/11/5B5/11/11/11/11/B10 b -/- 0 0"
#define MYND_GAINS "10W/11/11/11/11/11/11/11/BB9/2B8/B1B8 b -/- 0 0"

/* Which moves change what the game counts: a peg from the hand does (one
 * fewer in reserve, one more on the board), a push that closes nothing and
 * a pass do not, a push that grows an area does. */
static void counts_change_by_placing_and_scoring(void **state)
{
    (void)state;
    game *g = shipped_game("mynd", NULL);
    assert_non_null(g);
    position *p = malloc(sizeof *p);
    movegen *m = movegen_new(g);
    move_list list;
    assert_true(p && m && pos_init(p, g) && move_list_init(&list));
    movegen_generate(m, p, &list);
    int places = 0, pushes = 0;
    for (int i = 0; i < list.count; i++) {
        char text[64];
        notation_move(g, &list, i, text, sizeof text);
        bool changes = evaluate_changes_counts(g, m, p, &list, i);
        if (text[0] == '@') {
            assert_true(changes);
            places++;
        } else {
            if (changes)
                fail_msg("the start's %s changes what Mynd counts", text);
            pushes += !(list.moves[i].flags & MOVE_PASS);
        }
    }
    assert_int_equal(places, 119);   /* the empty cells */
    assert_int_equal(pushes, 2);     /* a1-a2, a1-b1 */
    char error[256];
    const char *texts[] = { MYND_GAINS, MYND_SHUFFLES };
    for (int t = 0; t < 2; t++) {
        if (!posstring_read(p, texts[t], error, sizeof error))
            fail_msg("'%s': %s", texts[t], error);
        movegen_generate(m, p, &list);
        int changing = 0;
        for (int i = 0; i < list.count; i++) {
            char text[64];
            notation_move(g, &list, i, text, sizeof text);
            bool changes = evaluate_changes_counts(g, m, p, &list, i);
            changing += changes;
            if (!strcmp(text, "a3-a4"))
                assert_true(changes);
        }
        if (t == 1)
            assert_int_equal(changing, 0);
        else
            assert_true(changing >= 3);
    }
    move_list_free(&list);
    movegen_free(m);
    pos_free(p);
    free(p);
    game_free(g);
}

/* Where nothing the game counts can change, an engine passes rather than
 * shuffle; where a push grows its area, or at the start, it plays. */
static void engines_pass_rather_than_shuffle(void **state)
{
    (void)state;
    const char *specs[] = { "ab:depth=2", "ab:depth=4", "mcts:playouts=300", "mcts:playouts=1000" };
    for (size_t k = 0; k < sizeof specs / sizeof *specs; k++) {
        char best[64];
        search("mynd", MYND_SHUFFLES, specs[k], best, sizeof best);
        if (strcmp(best, "pass"))
            fail_msg("%s plays %s where nothing changes", specs[k], best);
        search("mynd", MYND_GAINS, specs[k], best, sizeof best);
        if (!strcmp(best, "pass"))
            fail_msg("%s passes where a push grows its area", specs[k]);
        search("mynd", NULL, specs[k], best, sizeof best);
        if (!strcmp(best, "pass"))
            fail_msg("%s passes at the start", specs[k]);
    }
}

/* Random games of chess are mostly drawn (a dead position, a repetition,
 * fifty moves) or go on for hundreds of plies, so playouts say little:
 * MCTS there scores its leaves by material and mobility at once, and must
 * mate the random player.  With 300 playouts a move it drew 3 of 40 games
 * (seeds 1 to 10 of `tabula match`), so 3 wins of 4 are asked. */
static void mcts_mates_in_chess(void **state)
{
    (void)state;
    int wins, losses;
    play_random("chess", "mcts:playouts=300", 4, &wins, &losses);
    print_message("chess mcts:playouts=300 vs random: %d wins, %d losses of 4\n", wins, losses);
    assert_true(wins >= 3);
    assert_int_equal(losses, 0);
}

/* The share of random games with a winner, measured when an engine is
 * made: a few in chess (mostly draws), nearly all in Breakthrough (a race
 * that always ends with a winner). */
/* The quiescence search plays out the captures below the horizon: at
 * depth 1 the queen would take the pawn on d5 and be scored a pawn up,
 * the recapture e6xd5 beyond the horizon; with the captures played out
 * the queen keeps away from d5.  (Without quiescence, check extensions
 * are off too: Qa4+ is a check, searched a ply deeper, which sees it
 * keep the queen.) */
static void quiescence_sees_the_recapture(void **state)
{
    (void)state;
    const char *fen = "4k3/8/4p3/3p4/8/8/8/3QK3 w - - 0 1";
    char best[64];
    search("chess", fen, "ab:depth=1,quiescence=off,extensions=off", best, sizeof best);
    assert_string_equal(best, "d1xd5");
    search_result r = search("chess", fen, "ab:depth=1", best, sizeof best);
    assert_true(strcmp(best, "d1xd5") != 0);
    assert_true(r.score > 0);
}

/* An exchange on one cell is played out to its end, past the fourth ply
 * of the quiescence search, from which only recaptures are played: at
 * depth 1 Rxd5 takes a knight, Rxd5 Rxd5 Rxd5 follow, and white's Qxd5,
 * which would take the second rook, is answered by Qxd5 at the fourth
 * ply, so white stops having given two rooks for a knight and a rook.
 * Without quiescence Rxd5 is played. */
static void quiescence_plays_out_an_exchange(void **state)
{
    (void)state;
    const char *fen = "3q3k/3r4/3r4/3n4/8/3R4/3R4/3Q3K w - - 0 1";
    char best[64];
    search("chess", fen, "ab:depth=1,quiescence=off,extensions=off", best, sizeof best);
    assert_string_equal(best, "d3xd5");
    search("chess", fen, "ab:depth=1,extensions=off", best, sizeof best);
    assert_true(strcmp(best, "d3xd5") != 0);
}

/* From its fourth ply on, the quiescence search plays only recaptures,
 * captures on a cell the move before changed, so that a game whose
 * captures make captures elsewhere does not grow a tree of every capture
 * on the board below each leaf (Desdemona's depth 2 from the start took
 * half the nodes).  What that leaves unseen: at depth 1, Rxd5 Rxd5 Rxd5
 * Rxd5 Bxd5 wins the knight for white, but the bishop leaving e4 uncovers
 * Re8xe1, the queen taken on a cell that Bxd5 did not change, at the
 * fourth ply: not searched, so Rxd5 is played. */
static void quiescence_recaptures_only_from_its_fourth_ply(void **state)
{
    (void)state;
    char best[64];
    search("chess", "4r2k/3r2pp/3r4/3n4/4B3/3R4/3R4/4Q2K w - - 0 1", "ab:depth=1,extensions=off", best,
           sizeof best);
    assert_string_equal(best, "d3xd5");
}

/* Makes the move written TEXT in P, kept in its history as a game's move
 * is; LIST is a list to generate into. */
static void play_text(const game *g, movegen *m, position *p, move_list *list, const char *text)
{
    movegen_generate(m, p, list);
    int index = -1;
    if (notation_find(g, list, text, &index) != NOTATION_FOUND)
        fail_msg("no move '%s'", text);
    undo u;
    move_make(p, list, index, &u);
    pos_commit(p);
}

/* A position that stood twice before is a draw the third time (chess's
 * repetition rule), though the table holds the value the search found for
 * it the first times.  White's queen checks from d4 (Qd1-d4+, the king
 * steps to h7, the queen goes to a4, the king back), again from a4 (the
 * queen then goes to d2), and from d2 Qd4+ would be the third time: the
 * engine searches on the same table every time, and plays another move,
 * with a winning value. */
static void repetition_seen_past_the_table(void **state)
{
    (void)state;
    game *g = shipped_game("chess", NULL);
    assert_non_null(g);
    position *p = malloc(sizeof *p);
    assert_true(p && pos_init(p, g));
    char error[256];
    assert_true(posstring_read(p, "7k/8/8/8/8/8/8/K2Q4 w - - 0 1", error, sizeof error));
    movegen *m = movegen_new(g);
    move_list list;
    assert_true(m && move_list_init(&list));
    engine_spec spec = spec_of("ab:depth=3");
    engine *e = engine_new(g, &spec, 1);
    assert_non_null(e);
    static const char *const queen_to[] = { "a4", "d2" };
    char text[64];
    search_result r;
    for (int k = 0; k < 3; k++) {
        engine_choose(e, p, &r, NULL, NULL);
        notation_move(g, engine_root_moves(e), r.best, text, sizeof text);
        if (k == 2)
            break;
        assert_string_equal(text + 2, "-d4");   /* the check from d4 */
        play_text(g, m, p, &list, text);
        play_text(g, m, p, &list, "h8-h7");
        char back[16];
        snprintf(back, sizeof back, "d4-%s", queen_to[k]);
        play_text(g, m, p, &list, back);
        play_text(g, m, p, &list, "h7-h8");
    }
    print_message("the third time: %s, score %d\n", text, r.score);
    assert_true(strcmp(text, "d2-d4") != 0);
    assert_true(r.score > 500);
    engine_free(e);
    move_list_free(&list);
    movegen_free(m);
    pos_free(p);
    free(p);
    game_free(g);
}

/* Contempt: a draw costs the engine (ab:contempt=N).  White, a pawn down
 * (rook against rook and pawn), has shuffled its rook d1-d2-d1 twice while
 * Black's king went h8-g8-h8; Rd2-d1 now would stand the position a third
 * time (d2-d1), a draw by repetition.  Valued at 0 that draw is White's best, and
 * an engine without contempt takes it; at a contempt of 300 hundredths the
 * draw is worth -300 to White, less than playing on a pawn down, and the
 * engine plays another move. */
static void contempt_plays_on(void **state)
{
    (void)state;
    game *g = shipped_game("chess", NULL);
    assert_non_null(g);
    movegen *m = movegen_new(g);
    move_list list;
    assert_true(m && move_list_init(&list));
    static const char *const specs[] = { "ab:depth=4,contempt=0", "ab:depth=4", "ab:depth=4,contempt=300" };
    for (int k = 0; k < 3; k++) {
        position *p = malloc(sizeof *p);
        assert_true(p && pos_init(p, g));
        char error[256];
        assert_true(posstring_read(p, "1r5k/7p/8/8/8/8/8/K2R4 w - - 0 1", error, sizeof error));
        static const char *const shuffle[] = { "d1-d2", "h8-g8", "d2-d1", "g8-h8", "d1-d2", "h8-g8",
                                               "d2-d1", "g8-h8", "d1-d2", "h8-g8" };
        for (size_t i = 0; i < sizeof shuffle / sizeof *shuffle; i++)
            play_text(g, m, p, &list, shuffle[i]);
        engine_spec spec = spec_of(specs[k]);
        engine *e = engine_new(g, &spec, 1);
        assert_non_null(e);
        search_result r;
        engine_choose(e, p, &r, NULL, NULL);
        char text[64];
        notation_move(g, engine_root_moves(e), r.best, text, sizeof text);
        print_message("%s: %s, score %d\n", specs[k], text, r.score);
        if (k < 2) {
            /* without contempt, and at the default (25: less than a pawn) */
            assert_string_equal(text, "d2-d1");
            assert_int_equal(r.score, k == 0 ? 0 : -SEARCH_DEFAULT_CONTEMPT);
        } else {
            assert_string_not_equal(text, "d2-d1");
            assert_true(r.score < 0 && r.score > -300);
        }
        engine_free(e);
        pos_free(p);
        free(p);
    }
    move_list_free(&list);
    movegen_free(m);
    game_free(g);
}

/* A type with a value counts the cells it reaches from its own, against
 * its average, at the mobility weight each (12): a chess knight reaches 8
 * cells from d4, 2 from a1 and 3 from b1, 5.25 on average over the board,
 * and a bishop 13 from d4 and 7 from a1, 8.75 on average; the king, whose
 * value is 0, counts nothing; black's are the same.  A game of
 * placements (Othello) has no estimate. */
static void scope_of_a_cell(void **state)
{
    (void)state;
    game *g = shipped_game("chess", NULL);
    assert_non_null(g);
    evaluator e;
    assert_true(evaluator_init_weighted(&e, g, NULL, 0, 1));
    assert_non_null(e.cell_estimate);
    int types = g->type_count, cells = g->board.cell_count;
    int knight = -1, bishop = -1, king = -1;
    for (int t = 0; t < types; t++) {
        if (!strcmp(g->types[t].name, "knight"))
            knight = t;
        if (!strcmp(g->types[t].name, "bishop"))
            bishop = t;
        if (!strcmp(g->types[t].name, "king"))
            king = t;
    }
    assert_true(knight >= 0 && bishop >= 0 && king >= 0);
    /* 12 * (8 - 5.25), 12 * (13 - 8.75), ... */
    static const struct { const char *cell; int knight, bishop; } cases[] = {
        { "d4", 33, 51 }, { "a1", -39, -21 }, { "b1", -27, -21 }, { "h8", -39, -21 },
    };
    for (int q = 0; q < 2; q++)
        for (size_t i = 0; i < sizeof cases / sizeof *cases; i++) {
            int c = board_cell(&g->board, cases[i].cell);
            assert_true(c != BOARD_NO_CELL);
            const int *row = e.cell_estimate + (size_t)q * (size_t)types * (size_t)cells;
            assert_int_equal(row[knight * cells + c], cases[i].knight);
            assert_int_equal(row[bishop * cells + c], cases[i].bishop);
            assert_int_equal(row[king * cells + c], 0);
        }
    evaluator_free(&e);
    game_free(g);
    g = shipped_game("othello", NULL);
    assert_non_null(g);
    assert_true(evaluator_init_weighted(&e, g, NULL, 0, 1));
    assert_null(e.cell_estimate);
    evaluator_free(&e);
    game_free(g);
}

/* What a piece counts where it stands (evaluate_piece_value, by which the
 * search orders captures) is what evaluate_material gains or loses when
 * that piece is put on an empty cell: for each player's piece on every
 * cell of the start position's board, emptied there first.  Chess with
 * its weights and without (the estimate of each cell's scope), and
 * Othello, whose corners and edges are the rules' cell bonuses. */
static void piece_value_is_what_material_counts(void **state)
{
    (void)state;
    static const struct { const char *game; bool weights; } cases[] = {
        { "chess", true }, { "chess", false }, { "othello", false },
    };
    for (size_t i = 0; i < sizeof cases / sizeof *cases; i++) {
        game *g = shipped_game(cases[i].game, NULL);
        assert_non_null(g);
        evaluator e;
        assert_true(evaluator_init_weighted(&e, g, cases[i].weights ? g->weights : NULL, 0, 1));
        assert_true(!cases[i].weights || e.weights);
        position *p = malloc(sizeof *p);
        assert_true(p && pos_init(p, g));
        int checked = 0;
        for (int c = 0; c < g->board.cell_count; c++)
            for (int q = 0; q < 2; q++)
                for (int t = 0; t < g->type_count; t++) {
                    pos_reset(p);
                    pos_set_cell(p, c, 0);
                    int before = evaluate_material(&e, p, 0);
                    pos_set_cell(p, c, (uint16_t)PIECE_CODE(t, q, 0));
                    int gain = evaluate_material(&e, p, 0) - before;
                    assert_int_equal(q == 0 ? gain : -gain, evaluate_piece_value(&e, q, t, c));
                    checked++;
                }
        assert_true(checked > 0);
        pos_free(p);
        free(p);
        evaluator_free(&e);
        game_free(g);
    }
}

/* In a game won by reaching a region, the quiescence search plays out a
 * move to the goal as it does a capture, and where the opponent has a
 * piece one move from its goal it tries every move, as in check.
 * Breakthrough, white to move, a depth-1 search: from d6, d7 and e7 are
 * out of reach of the black pawns on a8 and b8, and white's pawn gets
 * through (a win, found at the horizon); with c8, d8 and e8 black takes
 * whatever steps forward, and there is no win; without quiescence the
 * first is not seen. */
static void quiescence_sees_the_runner(void **state)
{
    (void)state;
    char best[64];
    search_result r = search("breakthrough", "pp6/8/3P4/8/8/8/8/7P w", "ab:depth=1", best, sizeof best);
    assert_int_equal(r.kind, SCORE_WIN);
    assert_true(!strcmp(best, "d6-d7") || !strcmp(best, "d6-e7"));
    r = search("breakthrough", "2ppp3/8/3P4/8/8/8/8/7P w", "ab:depth=1", best, sizeof best);
    assert_int_equal(r.kind, SCORE_VALUE);
    r = search("breakthrough", "pp6/8/3P4/8/8/8/8/7P w", "ab:depth=1,quiescence=off", best, sizeof best);
    assert_int_equal(r.kind, SCORE_VALUE);
}

/* In its first plies the quiescence search also plays the moves that
 * bring a piece one move from its goal region (the answer is forced, as
 * a check's).  Breakthrough, white to move, a depth-2 search: f5-f6 (or
 * to e6 or g6), any black move, then at the horizon a step to the
 * seventh rank (a threat: black's pawns on a8 and b8 take on a7, b7 and
 * c7 only) and the eighth wins.  A search without the threats stands at
 * the horizon and finds no win; with a full rank of black pawns, which
 * take on every cell of the seventh, there is none. */
static void quiescence_sees_a_threat_to_reach(void **state)
{
    (void)state;
    char best[64];
    search_result r = search("breakthrough", "pp6/8/8/5P2/8/8/8/7P w", "ab:depth=2", best, sizeof best);
    assert_int_equal(r.kind, SCORE_WIN);
    assert_true(!strncmp(best, "f5-", 3));
    r = search("breakthrough", "pppppppp/8/8/5P2/8/8/8/7P w", "ab:depth=2", best, sizeof best);
    assert_int_equal(r.kind, SCORE_VALUE);
}

/* A move that brings a piece one move from its goal region is no quiet
 * move: it is tried with the killers, and neither reduced nor pruned.
 * Breakthrough, from a game against Fairy-Stockfish (its 63rd ply):
 * black to move wins in five moves with the pawn on c4 (c4-c3, or c4-b3
 * as Fairy-Stockfish plays it: a6xb7 c8xb7 g5-g6 a3-a2 b1xa2 b3xa2 g6xf7
 * a2-a1), and with 24,000 nodes the search proves it (from 21,000).
 * With the race of the free runners in the evaluation, the same search
 * taking those moves for quiet ones needs 27,500 (scoring 851 at 24,000);
 * before the race it needed 45,000 against 25,000 with them not quiet,
 * and before the quiescence search's threats 100,000. */
static void threats_to_reach_are_not_quiet(void **state)
{
    (void)state;
    char best[64];
    search_result r = search("breakthrough", "2p5/ppp1ppp1/P3p3/2P1P1P1/1Pp1p1P1/p7/8/1PPPPP2 b",
                             "ab:nodes=24000", best, sizeof best);
    assert_int_equal(r.kind, SCORE_WIN);
    assert_true(!strcmp(best, "c4-c3") || !strcmp(best, "c4-b3"));
}

/* Chess after 1.e4 e5 2.Nf3 Nc6: the search by ON reaches a greater depth
 * than the one by OFF (both without the shipped weights, so that tuning
 * them again does not move the tree under the test). */
static void goes_deeper(const char *on_spec, const char *off_spec)
{
    const char *fen = "r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3";
    char best[64];
    search_result on = search("chess", fen, on_spec, best, sizeof best);
    search_result off = search("chess", fen, off_spec, best, sizeof best);
    print_message("%s: depth %d; %s: depth %d\n", on_spec, on.depth, off_spec, off.depth);
    assert_true(on.depth > off.depth);
}

/* Late move reductions (on unless reductions=off), in a search limited
 * by nodes: the same budget reaches a ply deeper than without them (chess
 * after 1.e4 e5 2.Nf3 Nc6, 90000 nodes, pruning off: depth 6 against 5;
 * they need 74,000 and 111,500 nodes to finish depth 6, and since captures
 * are ordered by their victim's cell both finish depth 5 within 40,000);
 * limited by depth alone, every line is searched that deep (tic-tac-toe
 * solved at depth 9). */
static void reductions_go_deeper(void **state)
{
    (void)state;
    goes_deeper("ab:nodes=90000,pruning=off,weights=off", "ab:nodes=90000,pruning=off,reductions=off,weights=off");
    char best[64];
    assert_int_equal(search("tictactoe", NULL, "ab:depth=9,reductions=on", best, sizeof best).kind, SCORE_DRAW);
}

/* Late move pruning and futility pruning (on unless pruning=off), in a
 * search limited by nodes: the same budget reaches a ply deeper (the same
 * position, 30000 nodes: depth 5 against 4), and they do not lose a mate
 * whose moves are quiet: Morphy's problem, 1.Ra6! bxa6 2.b7#, found
 * within 20000 nodes; limited by depth alone, they do not act (tic-tac-toe
 * solved at depth 9). */
static void pruning_goes_deeper(void **state)
{
    (void)state;
    goes_deeper("ab:nodes=30000,weights=off", "ab:nodes=30000,pruning=off,weights=off");
    char best[64];
    search_result mate = search("chess", "kbK5/pp6/1P6/8/8/8/8/R7 w - - 0 1", "ab:nodes=20000", best, sizeof best);
    assert_int_equal(mate.kind, SCORE_WIN);
    assert_int_equal(mate.distance, 3);
    assert_string_equal(best, "a1-a6");
    assert_int_equal(search("tictactoe", NULL, "ab:depth=9,pruning=on", best, sizeof best).kind, SCORE_DRAW);
}

/* Late move pruning and futility pruning where the rules allow: not in a
 * game decided on a score that counts territory (Mynd, its variants too),
 * where one placement can close a wall around a region; where the score
 * counts pieces (Othello, Desdemona, Kalah, Tak) and in games without a
 * score, on. */
static void pruning_where_the_rules_allow(void **state)
{
    (void)state;
    static const struct { const char *name, *variant; bool on; } cases[] = {
        { "chess", NULL, true },      { "breakthrough", NULL, true }, { "checkers", NULL, true },
        { "othello", NULL, true },    { "desdemona", NULL, true },    { "kalah", NULL, true },
        { "tak", NULL, true },        { "sato", NULL, true },         { "gtbm", NULL, true },
        { "mynd", NULL, false },      { "mynd", "3p", false },        { "mynd", "19x19", false },
    };
    for (size_t i = 0; i < sizeof cases / sizeof *cases; i++) {
        game *g = shipped_game(cases[i].name, cases[i].variant);
        assert_non_null(g);
        print_message("%s%s%s: pruning %s\n", cases[i].name, cases[i].variant ? " " : "",
                      cases[i].variant ? cases[i].variant : "", alphabeta_prunes(g) ? "on" : "off");
        assert_int_equal(alphabeta_prunes(g), cases[i].on);
        game_free(g);
    }
}

/* Mynd, black to move (B: black pegs, W: white's home peg, 5 black pegs
 * and 19 white ones in reserve):
 *
 *        a b c d e f g h i j k
 *     7  . . B B . B B . . . .
 *     6  . B . . B . . B . . .
 *     5  . . . . . . . . . . .
 *     4  . B . . B . . B . . .
 *     3  . . B B . B B . . . .
 *
 * The black pegs wall in the fifteen cells from b5 to h5 (c4-d6, e5,
 * f4-g6 and the two ends of rank 5) but for a5 or b5 on the left and h5
 * or i5 on the right.  A peg on one side leaves two ways to close the
 * other, and white can block only one: black takes 14 or 15 cells in
 * three plies (@i5, then @a5 or @b5; or the same from the left); @e5,
 * between the halves, closes only one of them (six or seven cells) in
 * the same plies.  Limited to 40,000 nodes, the search as the rules
 * choose (no pruning: Mynd counts territory) finishes depth 3 and plays
 * such a move; with pruning forced on it finishes depth 3 too, but skips
 * the closing peg at the third ply, a quiet move where the side to move
 * stands below alpha, and plays @e2.
 * (The estimates' evaluation, so that a weights file does not move the
 * tree.) */
static void pruning_misses_a_wall(void **state)
{
    (void)state;
    const char *start = "10W/11/11/11/2BB1BB4/1B2B2B3/11/1B2B2B3/2BB1BB4/11/B10 b B5/W19 0 20";
    char best[64], pruned_best[64];
    search_result r = search("mynd", start, "ab:nodes=40000,weights=off", best, sizeof best);
    search_result pruned = search("mynd", start, "ab:nodes=40000,weights=off,pruning=on", pruned_best,
                                  sizeof pruned_best);
    print_message("as the rules choose: %s (%d, depth %d); pruning on: %s (%d, depth %d)\n", best, r.score,
                  r.depth, pruned_best, pruned.score, pruned.depth);
    bool closes = !strcmp(best, "@a5") || !strcmp(best, "@b5") || !strcmp(best, "@h5") || !strcmp(best, "@i5");
    assert_true(closes);
    assert_true(r.depth >= 3);
    assert_true(r.score >= 1300);   /* at least 13 cells more than the other side */
    assert_true(pruned.depth >= 3);
    assert_true(strcmp(pruned_best, "@a5") && strcmp(pruned_best, "@b5") && strcmp(pruned_best, "@h5")
                && strcmp(pruned_best, "@i5"));
}

/* Quiescence where captures are exchanges (a minority of random play's
 * moves: chess, Breakthrough, xiangqi), not where every move flips or
 * takes (Othello), nor with more than two players (paranoid values). */
static void quiescence_where_captures_are_exchanges(void **state)
{
    (void)state;
    static const struct { const char *name, *variant; bool on; } cases[] = {
        { "chess", NULL, true }, { "breakthrough", NULL, true }, { "xiangqi", NULL, true },
        { "othello", NULL, false }, { "superial", "four-players", false },
    };
    for (size_t i = 0; i < sizeof cases / sizeof *cases; i++) {
        game *g = shipped_game(cases[i].name, cases[i].variant);
        assert_non_null(g);
        evaluator e;
        assert_true(evaluator_init(&e, g, 300, 1));
        print_message("%s: %.2f of random play's moves capture\n", cases[i].name, e.capture_share);
        assert_int_equal(alphabeta_quiesces(&e), cases[i].on);
        evaluator_free(&e);
        game_free(g);
    }
}

/* Null-move pruning where the rules make a pass a fair test (the side to
 * move is almost never worse off for moving), decided for every shipped
 * game from its compiled rules and its piece values.  Chess and xiangqi
 * are won only by leaving the other side without a move, as GTBM is, but
 * there a royal piece makes that a checkmate. */
static void null_moves_where_the_rules_allow(void **state)
{
    (void)state;
    static const struct {
        const char *name, *variant;
        bool can_pass, on;
        const char *why;
    } cases[] = {
        { "chess", NULL, true, true, "moves of pieces with values, and check" },
        { "xiangqi", NULL, true, true, "the same" },
        { "breakthrough", NULL, true, true, "pieces that step and take" },
        { "gtbm", NULL, true, false, "a player who cannot move loses, and no piece is royal" },
        { "gtbm", "16x16", true, false, "the same" },
        { "superial", NULL, true, true, "the cubes' moves and captures" },
        { "checkers", NULL, true, false, "captures are compulsory" },
        { "lasca", NULL, true, false, "captures are compulsory" },
        { "amazons", NULL, true, false, "each move places an arrow" },
        { "connect4", NULL, true, false, "a placement" },
        { "tictactoe", NULL, true, false, "a placement" },
        { "hex", NULL, true, false, "a placement" },
        { "tak", NULL, true, false, "placements" },
        { "desdemona", NULL, true, false, "placements, and a player with no move passes" },
        { "othello", NULL, true, false, "placements, and a player with no move passes" },
        { "sato", NULL, true, false, "a player with no move passes" },
        { "mynd", NULL, true, false, "a pass is a move" },
        { "kalah", NULL, false, false, "a last seed in one's store moves again" },
        { "sapos", NULL, false, false, "an opening order" },
        { "mynd", "3p", false, false, "three players" },
        { "superial", "random-moves", false, false, "dice" },
    };
    for (size_t i = 0; i < sizeof cases / sizeof *cases; i++) {
        game *g = shipped_game(cases[i].name, cases[i].variant);
        assert_non_null(g);
        evaluator e;
        assert_true(evaluator_init(&e, g, 100, 1));
        print_message("%s%s%s: null moves %s (%s)\n", cases[i].name, cases[i].variant ? " " : "",
                      cases[i].variant ? cases[i].variant : "", alphabeta_null_moves(&e) ? "on" : "off",
                      cases[i].why);
        assert_int_equal(alphabeta_can_pass(g), cases[i].can_pass);
        assert_int_equal(alphabeta_null_moves(&e), cases[i].on);
        evaluator_free(&e);
        game_free(g);
    }
}

/* Searches START in game NAME to DEPTH (the estimates' evaluation: a
 * weights file may change), with null moves as the rules decide, which
 * must end it in KIND after DISTANCE plies, and with them forced on, which
 * must not: the best move of the first search in BEST. */
static void null_moves_hide_an_end(const char *name, const char *start, int depth, score_kind kind, int distance,
                                   char *best, size_t size)
{
    char spec[64], other[64];
    snprintf(spec, sizeof spec, "ab:depth=%d,weights=off", depth);
    search_result r = search(name, start, spec, best, size);
    assert_int_equal(r.kind, kind);
    assert_int_equal(r.distance, distance);
    snprintf(spec, sizeof spec, "ab:depth=%d,null=on,weights=off", depth);
    r = search(name, start, spec, other, sizeof other);
    assert_int_not_equal(r.kind, kind);
}

/* Checkers, White to move (its men move down the board; Black has three
 * men, at h6, f4 and g3, White eight men and a king):
 *     . . . m . m . m    (rank 8)
 *     . . m . . . m .
 *     . . . m . . . M
 *     . . m . . . . .
 *     . . . . . M . .
 *     . . . . . . M .
 *     . . . . . . . .
 *     . . . . . . k .    (rank 1)
 * g7-f6 (or first g1-f2) wins in 9 plies: each of Black's few moves gives
 * a man away to a compulsory capture, until it has none.  Black would rather pass, so a
 * search that lets it pass (null moves forced on) does not see the win at
 * the same depth: why the rules keep null moves off where captures are
 * compulsory.  (With checkers' weights the pruned search happens to keep
 * the winning line.) */
static void null_moves_miss_a_zugzwang(void **state)
{
    (void)state;
    char best[64];
    null_moves_hide_an_end("checkers", "3m1m1m/2m3m1/3m3M/2m5/5M2/6M1/8/6k1 w 31", 9, SCORE_WIN, 9, best,
                           sizeof best);
    assert_true(!strcmp(best, "g7-f6") || !strcmp(best, "g1-f2"));
}

/* GTBM, Black to move (Black's men step north, White's south):
 *     . . . . . . . B    (rank 8)
 *     . . . . . . . .
 *     . . . . . . . .
 *     . . . . . . W .
 *     . . . . . . . .
 *     . . . . . . . .
 *     . . W . . . . .
 *     . W B . . . . .    (rank 1)
 * Black is lost in 6 plies: c1-b2xb1 c2-b1xb2 h8-h7 g5-g6 h7-g8 g6-g7
 * shuts its last man in on g8, and a player who cannot move loses (h8-h7
 * or c1-d2 first loses in 6 as well: White then wins in 5 at depth 8).
 * The game is won only that way, so its rules keep null moves off, and
 * the search proves the loss at depth 6; with null moves forced on, the
 * passes tried on the way cut those lines short (a null move's bound is
 * never a proof), and the same depth sees only a man's disadvantage (it
 * proves the loss at depth 10). */
static void null_moves_miss_a_shutting_in(void **state)
{
    (void)state;
    char best[64];
    null_moves_hide_an_end("gtbm", "7B/8/8/6W1/8/8/2W5/1WB5 b", 6, SCORE_LOSS, 6, best, sizeof best);
}

/* Null moves make a depth cheaper (chess after 1.e4 e5 2.Nf3 Nc6, depth
 * 5: fewer nodes), and the mate in two is still found with them. */
static void null_moves_prune(void **state)
{
    (void)state;
    const char *fen = "r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3";
    char best[64];
    search_result on = search("chess", fen, "ab:depth=5,null=on", best, sizeof best);
    search_result off = search("chess", fen, "ab:depth=5,null=off", best, sizeof best);
    print_message("depth 5: %llu nodes with null moves, %llu without\n", (unsigned long long)on.nodes,
                  (unsigned long long)off.nodes);
    assert_true(on.nodes < off.nodes);
    search_result r = search("chess", "k7/8/2K5/8/8/8/8/7R w - - 0 1", "ab:depth=6,null=on", best, sizeof best);
    assert_int_equal(r.kind, SCORE_WIN);
    assert_int_equal(r.distance, 3);
}

/* Check extensions: Black's king d7, White's rooks g1 and h6 (its king
 * a1).  Rg7+ drives the king to the last rank (the h6 rook holds the
 * sixth), and Rh8 mates: a win in 3 plies, which a search of depth 2 sees
 * only when Black's reply to the check is searched a ply deeper. */
static void check_extensions_see_a_mate_sooner(void **state)
{
    (void)state;
    const char *fen = "8/3k4/7R/8/8/8/8/K5R1 w - - 0 1";
    char best[64];
    search_result r = search("chess", fen, "ab:depth=2", best, sizeof best);
    assert_int_equal(r.kind, SCORE_WIN);
    assert_int_equal(r.distance, 3);
    assert_string_equal(best, "g1-g7");
    r = search("chess", fen, "ab:depth=2,extensions=off", best, sizeof best);
    assert_int_not_equal(r.kind, SCORE_WIN);
    r = search("chess", fen, "ab:depth=3,extensions=off", best, sizeof best);
    assert_int_equal(r.kind, SCORE_WIN);
}

/* A search of one thread gives the same move, value and node count every
 * time (each technique is deterministic: the table, the killers and the
 * history start empty in a new engine). */
static void one_thread_is_deterministic(void **state)
{
    (void)state;
    static const struct { const char *name, *position; } cases[] = {
        { "chess", "r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3" },
        { "breakthrough", NULL },
    };
    char best[64], again[64];
    for (size_t i = 0; i < sizeof cases / sizeof *cases; i++) {
        search_result a = search(cases[i].name, cases[i].position, "ab:depth=5", best, sizeof best);
        search_result b = search(cases[i].name, cases[i].position, "ab:depth=5", again, sizeof again);
        assert_string_equal(best, again);
        assert_int_equal(a.score, b.score);
        assert_true(a.nodes == b.nodes);
        a = search(cases[i].name, cases[i].position, "ab:nodes=3000", best, sizeof best);
        b = search(cases[i].name, cases[i].position, "ab:nodes=3000", again, sizeof again);
        assert_string_equal(best, again);
        assert_int_equal(a.depth, b.depth);
    }
}

/* Aspiration windows change how a depth is searched, not what it proves:
 * the node counts differ, the proven results are the same (the draw of
 * tic-tac-toe, the rook mate). */
static void aspiration_windows(void **state)
{
    (void)state;
    const char *fen = "r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3";
    char best[64];
    search_result on = search("chess", fen, "ab:depth=5,aspiration=on", best, sizeof best);
    search_result off = search("chess", fen, "ab:depth=5,aspiration=off", best, sizeof best);
    print_message("chess depth 5: %llu nodes with aspiration windows, %llu without\n",
                  (unsigned long long)on.nodes, (unsigned long long)off.nodes);
    assert_true(on.nodes != off.nodes);
    assert_int_equal(search("tictactoe", NULL, "ab:depth=9,aspiration=on", best, sizeof best).kind, SCORE_DRAW);
    search_result r = search("chess", "k7/8/2K5/8/8/8/8/7R w - - 0 1", "ab:depth=6,aspiration=on", best, sizeof best);
    assert_int_equal(r.kind, SCORE_WIN);
    assert_int_equal(r.distance, 3);
}

static void decisive_share(void **state)
{
    (void)state;
    evaluator e;
    game *g = shipped_game("chess", NULL);
    assert_non_null(g);
    assert_true(evaluator_init(&e, g, 300, 1));
    print_message("chess: %.2f of random games decided\n", e.decisive);
    assert_true(e.decisive < MCTS_DECISIVE);
    evaluator_free(&e);
    game_free(g);
    g = shipped_game("breakthrough", NULL);
    assert_non_null(g);
    assert_true(evaluator_init(&e, g, 300, 1));
    print_message("breakthrough: %.2f of random games decided\n", e.decisive);
    assert_true(e.decisive > 0.95);
    evaluator_free(&e);
    game_free(g);
}

static void specs(void **state)
{
    (void)state;
    engine_spec s;
    char error[256];
    assert_true(engine_spec_parse("ab:depth=4,time=100", &s, error, sizeof error));
    assert_int_equal(s.kind, ENGINE_ALPHABETA);
    assert_int_equal(s.depth, 4);
    assert_int_equal(s.time_ms, 100);
    assert_true(engine_spec_parse("mcts:playouts=50", &s, error, sizeof error));
    assert_int_equal(s.kind, ENGINE_MCTS);
    assert_int_equal(s.playouts, 50);
    assert_true(engine_spec_parse("random", &s, error, sizeof error));
    assert_false(engine_spec_parse("ab", &s, error, sizeof error));
    assert_false(engine_spec_parse("ab:playouts=3", &s, error, sizeof error));
    assert_false(engine_spec_parse("mcts:depth=3", &s, error, sizeof error));
    assert_false(engine_spec_parse("minimax:depth=3", &s, error, sizeof error));
    assert_false(engine_spec_parse("ab:depth=x", &s, error, sizeof error));
    assert_true(engine_spec_parse("mcts:time=100,threads=2", &s, error, sizeof error));
    assert_int_equal(s.threads, 2);
    assert_true(engine_spec_parse("ab:depth=3,threads=2", &s, error, sizeof error));
    assert_int_equal(s.threads, 2);
    assert_false(engine_spec_parse("mcts:threads=0", &s, error, sizeof error));
    assert_false(engine_spec_parse("mcts:threads=65", &s, error, sizeof error));
    assert_true(engine_spec_parse("ab:depth=3", &s, error, sizeof error));
    assert_false(s.contempt_given);
    assert_int_equal(engine_spec_contempt(&s), SEARCH_DEFAULT_CONTEMPT);
    assert_true(engine_spec_parse("ab:depth=3,contempt=-50", &s, error, sizeof error));
    assert_int_equal(engine_spec_contempt(&s), -50);
    assert_false(engine_spec_parse("ab:depth=3,contempt=1001", &s, error, sizeof error));
    assert_string_equal(error, "bad value '1001' for contempt (hundredths, -1000 to 1000)");
    assert_false(engine_spec_parse("mcts:time=100,contempt=10", &s, error, sizeof error));
    assert_true(engine_spec_parse("ab:depth=3", &s, error, sizeof error));
    assert_false(s.no_quiescence);
    assert_true(engine_spec_parse("ab:depth=3,quiescence=off", &s, error, sizeof error));
    assert_true(s.no_quiescence);
    assert_true(engine_spec_parse("ab:quiescence=on", &s, error, sizeof error));
    assert_false(s.no_quiescence);
    assert_false(engine_spec_parse("ab:quiescence=maybe", &s, error, sizeof error));
    assert_false(engine_spec_parse("mcts:quiescence=off", &s, error, sizeof error));
    assert_true(engine_spec_parse("ab:time=100", &s, error, sizeof error));
    assert_int_equal(s.reductions, SWITCH_DEFAULT);
    assert_int_equal(s.pruning, SWITCH_DEFAULT);
    assert_true(engine_spec_parse("ab:time=100,reductions=off,pruning=off", &s, error, sizeof error));
    assert_int_equal(s.reductions, SWITCH_OFF);
    assert_int_equal(s.pruning, SWITCH_OFF);
    assert_true(engine_spec_parse("ab:time=100,reductions=on,pruning=on", &s, error, sizeof error));
    assert_int_equal(s.reductions, SWITCH_ON);
    assert_int_equal(s.pruning, SWITCH_ON);
    assert_false(engine_spec_parse("ab:reductions=yes", &s, error, sizeof error));
    assert_false(engine_spec_parse("ab:pruning=1", &s, error, sizeof error));
    assert_false(engine_spec_parse("mcts:time=100,pruning=on", &s, error, sizeof error));
    assert_true(engine_spec_parse("ab:depth=3", &s, error, sizeof error));
    assert_int_equal(s.null_moves, SWITCH_DEFAULT);
    assert_true(engine_spec_parse("ab:depth=3,null=off", &s, error, sizeof error));
    assert_int_equal(s.null_moves, SWITCH_OFF);
    assert_true(engine_spec_parse("ab:depth=3,null=on", &s, error, sizeof error));
    assert_int_equal(s.null_moves, SWITCH_ON);
    assert_false(engine_spec_parse("ab:null=yes", &s, error, sizeof error));
    assert_false(engine_spec_parse("ab:null=", &s, error, sizeof error));
    assert_false(engine_spec_parse("mcts:null=on", &s, error, sizeof error));
    assert_true(engine_spec_parse("ab:depth=3", &s, error, sizeof error));
    assert_int_equal(s.aspiration, SWITCH_DEFAULT);
    assert_true(engine_spec_parse("ab:depth=3,aspiration=off", &s, error, sizeof error));
    assert_int_equal(s.aspiration, SWITCH_OFF);
    assert_true(engine_spec_parse("ab:depth=3,null=on,aspiration=on", &s, error, sizeof error));
    assert_int_equal(s.aspiration, SWITCH_ON);
    assert_false(engine_spec_parse("ab:aspiration=", &s, error, sizeof error));
    assert_false(engine_spec_parse("mcts:aspiration=on", &s, error, sizeof error));
    assert_true(engine_spec_parse("ab:depth=3,hash=64", &s, error, sizeof error));
    assert_int_equal(s.hash_mb, 64);
    assert_true(engine_spec_parse("mcts:time=10,hash=1", &s, error, sizeof error));
    assert_int_equal(s.hash_mb, 1);
    assert_false(engine_spec_parse("ab:depth=3,hash=0", &s, error, sizeof error));
    assert_false(engine_spec_parse("ab:depth=3,hash=65537", &s, error, sizeof error));
    assert_true(engine_spec_parse("mcts:time=10,exploration=1.4", &s, error, sizeof error));
    assert_true(s.exploration > 1.39 && s.exploration < 1.41);
    assert_true(engine_spec_parse("mcts:time=10,exploration=.5", &s, error, sizeof error));
    assert_true(s.exploration > 0.49 && s.exploration < 0.51);
    assert_false(engine_spec_parse("mcts:time=10,exploration=0", &s, error, sizeof error));
    assert_false(engine_spec_parse("mcts:time=10,exploration=-1", &s, error, sizeof error));
    assert_false(engine_spec_parse("mcts:time=10,exploration=1e3", &s, error, sizeof error));
    assert_false(engine_spec_parse("mcts:time=10,exploration=nan", &s, error, sizeof error));
    assert_false(engine_spec_parse("ab:depth=3,exploration=1", &s, error, sizeof error));
    assert_true(engine_spec_parse("mcts:time=10", &s, error, sizeof error));
    assert_int_equal(s.mast, SWITCH_DEFAULT);
    assert_true(engine_spec_parse("mcts:time=10,mast=on", &s, error, sizeof error));
    assert_int_equal(s.mast, SWITCH_ON);
    assert_true(engine_spec_parse("mcts:time=10,mast=off", &s, error, sizeof error));
    assert_int_equal(s.mast, SWITCH_OFF);
    assert_false(engine_spec_parse("mcts:time=10,mast=yes", &s, error, sizeof error));
    assert_string_equal(error, "bad value 'yes' for mast (on or off)");
    assert_false(engine_spec_parse("mcts:time=10,mast=", &s, error, sizeof error));
    assert_false(engine_spec_parse("ab:depth=3,mast=on", &s, error, sizeof error));
    assert_true(strstr(error, "unknown setting 'mast' for ab") != NULL);
    assert_true(engine_spec_parse("mcts:time=10", &s, error, sizeof error));
    assert_false(s.bias_given);
    assert_true(engine_spec_parse("mcts:time=10,bias=0", &s, error, sizeof error));
    assert_true(s.bias_given && s.bias == 0.0);
    assert_true(engine_spec_parse("mcts:time=10,bias=0.5", &s, error, sizeof error));
    assert_true(s.bias_given && s.bias == 0.5);
    assert_false(engine_spec_parse("mcts:time=10,bias=-1", &s, error, sizeof error));
    assert_false(engine_spec_parse("ab:depth=3,bias=1", &s, error, sizeof error));
    assert_true(engine_spec_parse("ab:depth=3", &s, error, sizeof error));
    assert_int_equal(s.extensions, SWITCH_DEFAULT);
    assert_true(engine_spec_parse("ab:depth=3,extensions=off", &s, error, sizeof error));
    assert_int_equal(s.extensions, SWITCH_OFF);
    assert_true(engine_spec_parse("ab:depth=3,extensions=on,null=off", &s, error, sizeof error));
    assert_int_equal(s.extensions, SWITCH_ON);
    assert_int_equal(s.null_moves, SWITCH_OFF);
    assert_false(engine_spec_parse("ab:extensions=no", &s, error, sizeof error));
    assert_false(engine_spec_parse("mcts:extensions=on", &s, error, sizeof error));
}

/* --- chance: hand-made turns, as paths, with known values */

#define ROLL(face) PATH_TOKEN(PATH_ROLL, face)
#define CELL(c) PATH_TOKEN(PATH_TO, c)

/* Adds a move to LIST whose path is TOKENS (COUNT of them). */
static void add_move(move_list *list, const int32_t *tokens, int count)
{
    move *mv = &list->moves[list->count++];
    memset(mv, 0, sizeof *mv);
    mv->path_first = list->path_count;
    mv->path_count = count;
    for (int k = 0; k < count; k++) {
        list->path[list->path_count++] = tokens[k];
        if (PATH_KIND(tokens[k]) == PATH_ROLL)
            mv->flags |= MOVE_CHANCE;
    }
    mv->hash = (uint64_t)list->count;
}

static double turn_value(move_list *list, const double *values)
{
    int order[16];
    chance_order(list, order);
    return chance_value(list, order, values, SEARCH_MATE_BOUND, SEARCH_CHANCE_WIN);
}

static void chance_values(void **state)
{
    (void)state;
    move_list list;
    assert_true(move_list_init(&list));

    /* a die of three decides: one face wins, two lose */
    list.count = list.path_count = 0;
    for (int f = 1; f <= 3; f++)
        add_move(&list, (int32_t[]){ ROLL(f), CELL(0) }, 2);
    assert_true(chance_in(&list));
    assert_float_equal(turn_value(&list, (double[]){ 300, -600, -600 }), -300, 1e-9);

    /* throw, then choose: the best choice for each face, averaged */
    list.count = list.path_count = 0;
    add_move(&list, (int32_t[]){ ROLL(1), CELL(0) }, 2);
    add_move(&list, (int32_t[]){ ROLL(1), CELL(1) }, 2);
    add_move(&list, (int32_t[]){ ROLL(2), CELL(0) }, 2);
    add_move(&list, (int32_t[]){ ROLL(2), CELL(1) }, 2);
    assert_float_equal(turn_value(&list, (double[]){ 10, 30, 50, 0 }), 40, 1e-9);

    /* choose, then throw: a sure 20 or a throw worth (0 + 100) / 2 */
    list.count = list.path_count = 0;
    add_move(&list, (int32_t[]){ CELL(2) }, 1);
    add_move(&list, (int32_t[]){ ROLL(1) }, 1);
    add_move(&list, (int32_t[]){ ROLL(2) }, 1);
    assert_float_equal(turn_value(&list, (double[]){ 20, 0, 100 }), 50, 1e-9);
    assert_float_equal(turn_value(&list, (double[]){ 60, 0, 100 }), 60, 1e-9);

    /* ends under a die: all won keeps a distance, won and lost do not */
    assert_float_equal(turn_value(&list, (double[]){ -5000, SEARCH_MATE - 3, SEARCH_MATE - 5 }),
                       SEARCH_MATE - 4, 1e-9);
    assert_float_equal(turn_value(&list, (double[]){ -5000, SEARCH_MATE - 3, -(SEARCH_MATE - 5) }), 0, 1e-9);

    /* moves that are not chance are a choice */
    list.count = list.path_count = 0;
    add_move(&list, (int32_t[]){ CELL(0) }, 1);
    add_move(&list, (int32_t[]){ CELL(1) }, 1);
    assert_false(chance_in(&list));
    assert_float_equal(turn_value(&list, (double[]){ -7, 3 }), 3, 1e-9);
    move_list_free(&list);
}

static int take_last(const move_list *list, const int *order, const int *way, int ways, int depth,
                     void *context)
{
    (void)list, (void)order, (void)way, (void)depth, (void)context;
    return ways - 1;
}

/* Walking a turn: the dice fall uniformly, the choices are the chooser's. */
static void chance_walks(void **state)
{
    (void)state;
    move_list list;
    assert_true(move_list_init(&list));
    list.count = list.path_count = 0;
    add_move(&list, (int32_t[]){ CELL(2) }, 1);
    for (int f = 1; f <= 3; f++)
        add_move(&list, (int32_t[]){ PATH_TOKEN(PATH_TO, 5), ROLL(f) }, 2);
    int order[16], seen[4] = { 0 };
    chance_order(&list, order);
    uint64_t rng = 12345;
    for (int k = 0; k < 3000; k++) {
        int i = chance_walk(&list, order, take_last, NULL, &rng);
        assert_true(i >= 0 && i < 4);
        seen[i]++;
    }
    assert_int_equal(seen[0], 0);   /* the chooser throws every time */
    for (int i = 1; i < 4; i++)
        assert_true(seen[i] > 850 && seen[i] < 1150);
    move_list_free(&list);
}

/* A rules file whose turn may be a throw: both engines search it, leave
 * the position as it was and play a legal move. */
static void dice_in_a_game(void **state)
{
    (void)state;
    game *g = shipped_game("superial", "random-moves");
    assert_non_null(g);
    position *p = malloc(sizeof *p);
    assert_true(p && pos_init(p, g));
    const char *specs_text[] = { "ab:depth=1", "mcts:playouts=200", "random" };
    for (int k = 0; k < 3; k++) {
        engine_spec spec = spec_of(specs_text[k]);
        engine *e = engine_new(g, &spec, 3);
        assert_non_null(e);
        uint64_t hash = p->hash;
        search_result result;
        engine_choose(e, p, &result, NULL, NULL);
        assert_true(p->hash == hash);
        assert_true(chance_in(engine_root_moves(e)));
        assert_true(result.best >= 0 && result.best < engine_root_moves(e)->count);
        engine_free(e);
    }
    pos_free(p);
    free(p);
    game_free(g);
}

/* Tree reuse: MCTS searches Connect Four, the move it chose and a reply are
 * made, and the next search starts from the subtree it had grown below them
 * (its root's visits are more than its own playouts); a position the tree
 * does not hold starts afresh. */
static void mcts_keeps_its_tree(void **state)
{
    (void)state;
    game *g = shipped_game("connect4", NULL);
    assert_non_null(g);
    position *p = malloc(sizeof *p);
    assert_true(p && pos_init(p, g));
    engine_spec spec = spec_of("mcts:playouts=3000");
    engine *e = engine_new(g, &spec, 5);
    assert_non_null(e);
    search_result result;
    engine_choose(e, p, &result, NULL, NULL);
    assert_int_equal(result.reused, 0);
    undo mine, reply;
    move_make(p, engine_root_moves(e), result.best, &mine);
    movegen *m = movegen_new(g);
    move_list list;
    assert_true(m && move_list_init(&list));
    movegen_generate(m, p, &list);
    move_make(p, &list, 0, &reply);
    engine_choose(e, p, &result, NULL, NULL);
    assert_true(result.reused > 10);   /* the subtree had been searched */
    assert_int_equal(result.nodes, 3000);   /* and as many new playouts */
    /* back to the start, which is not below the last root: a new tree */
    pos_unmake(p, &reply);
    pos_unmake(p, &mine);
    engine_choose(e, p, &result, NULL, NULL);
    assert_int_equal(result.reused, 0);
    move_list_free(&list);
    movegen_free(m);
    engine_free(e);
    pos_free(p);
    free(p);
    game_free(g);
}

/* Plays a game from the start of G with E in every seat; the hashes of
 * the positions it passes through into HASHES (at most MAX), their number
 * returned. */
static int self_play(const game *g, engine *e, uint64_t *hashes, int max)
{
    position *p = malloc(sizeof *p);
    assert_true(p && pos_init(p, g));
    movegen *m = movegen_new(g);
    move_list list;
    assert_true(m && move_list_init(&list));
    int n = 0;
    for (;;) {
        movegen_generate(m, p, &list);
        game_result result;
        movegen_result(m, p, &list, &result);
        if (result.over || n == max)
            break;
        search_result chosen;
        engine_choose(e, p, &chosen, NULL, NULL);
        assert_true(chosen.best >= 0);
        undo u;
        move_make(p, engine_root_moves(e), chosen.best, &u);
        pos_commit(p);
        hashes[n++] = p->hash;
    }
    move_list_free(&list);
    movegen_free(m);
    pos_free(p);
    free(p);
    return n;
}

/* engine_new_game: an engine that has played a game and starts another
 * with seed S plays it as a new engine seeded S does (its table, tree and
 * random numbers are those of a new one), for each kind of engine; and
 * another seed plays another game (so the comparison can fail). */
static void a_new_game_plays_as_a_new_engine(void **state)
{
    (void)state;
    static const struct {
        const char *game, *spec;
    } cases[] = {
        { "connect4", "random" }, { "connect4", "ab:depth=3" }, { "connect4", "mcts:playouts=200" },
        { "breakthrough", "ab:depth=2" }, { "breakthrough", "mcts:playouts=100,threads=2" },
    };
    enum { MAX = 300 };
    for (size_t i = 0; i < sizeof cases / sizeof *cases; i++) {
        game *g = shipped_game(cases[i].game, NULL);
        assert_non_null(g);
        engine_spec spec = spec_of(cases[i].spec);
        engine *used = engine_new(g, &spec, 3), *fresh = engine_new(g, &spec, 8);
        assert_true(used && fresh);
        uint64_t first[MAX], again[MAX], other[MAX];
        int n_other = self_play(g, used, other, MAX);
        engine_new_game(used, 8);
        int n_again = self_play(g, used, again, MAX);
        int n_first = self_play(g, fresh, first, MAX);
        if (n_again != n_first || memcmp(again, first, (size_t)n_first * sizeof *first))
            fail_msg("%s %s: the engine's second game differs from a new engine's", cases[i].game,
                     cases[i].spec);
        if (n_other == n_first && !memcmp(other, first, (size_t)n_first * sizeof *first)
            && strcmp(cases[i].spec, "ab:depth=3") && strcmp(cases[i].spec, "ab:depth=2"))
            fail_msg("%s %s: seeds 3 and 8 played the same game", cases[i].game, cases[i].spec);
        engine_free(used);
        engine_free(fresh);
        game_free(g);
    }
}

/* The MCTS tree is walked down by the moves it keeps, not by generating
 * them again: after a search, every expanded node holds the moves the
 * generator gives at its position (Connect Four: one change a move;
 * Othello: flips; chess: captures, castling and promotions; Superial's
 * random-moves variant: dice), and so does the tree kept below two moves
 * played, whose moves were copied when the pool was compacted.  With MAST
 * too, where each node also keeps its move's entry in the averages, and
 * the playouts choose by them (with fair dice in Superial's turns). */
static void mcts_tree_holds_the_moves(void **state)
{
    (void)state;
    const char *names[][2] = { { "connect4", NULL }, { "othello", NULL }, { "chess", NULL },
                               { "superial", "random-moves" } };
    const long playouts[] = { 2000, 2000, 100, 30 };   /* (random games of chess last hundreds of plies) */
    size_t games = sizeof names / sizeof *names;
    for (size_t run = 0; run < 2 * games; run++) {
        size_t i = run % games;
        bool with_mast = run >= games;
        game *g = shipped_game(names[i][0], names[i][1]);
        assert_non_null(g);
        movegen *m = movegen_new(g);
        position *p = malloc(sizeof *p);
        move_list root;
        assert_true(m && p && pos_init(p, g) && move_list_init(&root));
        mcts *s = mcts_new(g, m, 11, NULL, 0);
        assert_non_null(s);
        assert_true(mcts_set_mast(s, with_mast));
        char why[256];
        search_result result;
        undo made[2];
        for (int round = 0; round < 3; round++) {
            movegen_generate(m, p, &root);
            mcts_search(s, p, &root, playouts[i], 0, &result, NULL, NULL, NULL);
            if (!mcts_tree_agrees(s, p, why, sizeof why))
                fail_msg("%s%s, search %d: %s", names[i][0], with_mast ? " with MAST" : "", round, why);
            if (round < 2)
                move_make(p, &root, result.best, &made[round]);
        }
        assert_true(result.reused > 0);   /* the last search started from the kept tree */
        pos_unmake(p, &made[1]);
        pos_unmake(p, &made[0]);
        mcts_free(s);
        move_list_free(&root);
        pos_free(p);
        free(p);
        movegen_free(m);
        game_free(g);
    }
}

/* Cell bonuses (tests/fixtures/bonus.rules): one ply deep, White's king
 * goes to its outpost b2, and Black's, after a white step elsewhere, to
 * its own d4.  Besides the bonus, a king counts its scope (evaluate.c):
 * 8 cells from b2, c2 or d2, 5 from c5, 5.76 on average over the 5x5
 * board, 12 each: b2 is worth 50 + 27 against black's c5 at -9, 86; the
 * other steps off the edge, 27. */
static void bonus_guides_the_search(void **state)
{
    (void)state;
    game *g = tree_game("tests/fixtures/bonus.rules", NULL);
    assert_non_null(g);
    assert_int_equal(g->bonus_count, 2);
    position *p = malloc(sizeof *p);
    assert_true(p && pos_init(p, g));
    engine_spec spec = spec_of("ab:depth=1");
    engine *e = engine_new(g, &spec, 1);
    assert_non_null(e);
    search_result result;
    char text[64];
    engine_choose(e, p, &result, NULL, NULL);
    notation_move(g, engine_root_moves(e), result.best, text, sizeof text);
    assert_string_equal(text, "c1-b2");
    assert_int_equal(result.score, 86);
    char error[256];
    assert_true(posstring_read(p, "2k2/5/5/5/3K1 b 1", error, sizeof error));
    engine_choose(e, p, &result, NULL, NULL);
    notation_move(g, engine_root_moves(e), result.best, text, sizeof text);
    assert_string_equal(text, "c5-d4");
    engine_free(e);
    pos_free(p);
    free(p);
    game_free(g);
}

/* Connection goals: on an empty 11x11 Hex board each side must fill 11
 * cells; a red stone on f6 leaves red 10 (blue still 11); a wall of blue
 * stones across rank 6 cuts red off (-1) and joins blue (0); tic-tac-toe
 * has no such goal (-2). */
static void hex_goal_distance(void **state)
{
    (void)state;
    game *g = shipped_game("hex", NULL);
    assert_non_null(g);
    movegen *m = movegen_new(g);
    position *p = malloc(sizeof *p);
    assert_true(m && p && pos_init(p, g));
    assert_int_equal(movegen_goal_distance(m, p, 0), 11);
    assert_int_equal(movegen_goal_distance(m, p, 1), 11);
    char error[256];
    assert_true(posstring_read(p, "11/11/11/11/11/5R5/11/11/11/11/11 b 1", error, sizeof error));
    assert_int_equal(movegen_goal_distance(m, p, 0), 10);
    assert_int_equal(movegen_goal_distance(m, p, 1), 11);
    assert_true(posstring_read(p, "11/11/11/11/11/BBBBBBBBBBB/11/11/11/11/11 b 11", error, sizeof error));
    assert_int_equal(movegen_goal_distance(m, p, 0), -1);
    assert_int_equal(movegen_goal_distance(m, p, 1), 0);
    pos_free(p);
    free(p);
    movegen_free(m);
    game_free(g);
    game *t = shipped_game("tictactoe", NULL);
    movegen *tm = movegen_new(t);
    position tp;
    assert_true(t && tm && pos_init(&tp, t));
    assert_int_equal(movegen_goal_distance(tm, &tp, 0), -2);
    pos_free(&tp);
    movegen_free(tm);
    game_free(t);
}

/* A game won by reaching a region counts how near each piece is: in
 * Breakthrough a pawn moves one rank a move, so a white pawn on rank R is
 * 8 - R moves from rank 8 and adds 100 * 1.2 / 2^(7 - R) (a value of 100
 * where none is known); black's are the same turned round.  The goal is
 * read whichever way the rule is written; a goal of rank 7 brings each
 * white pawn a move nearer; chess has no goal region, and with weights
 * there is no estimate (the weights stand for it), but the goal. */
static game *text_game(const char *text)
{
    source_set sources;
    diag_list diagnostics;
    source_set_init(&sources);
    diag_init(&diagnostics);
    game_load_options options = { NULL, loader_options_from_environment(NULL) };
    bool unreadable;
    game *g = game_load_text("race.rules", text, strlen(text), &options, &sources, &diagnostics, &unreadable);
    if (!g)
        diag_print(&diagnostics, &sources, stderr, false);
    diag_free(&diagnostics);
    source_set_free(&sources);
    return g;
}

static int reach_at(const evaluator *e, int player, int cell)
{
    const game *g = e->game;
    return e->cell_estimate[(size_t)player * (size_t)g->type_count * (size_t)g->board.cell_count + (size_t)cell];
}

static void reach_goal_nearness(void **state)
{
    (void)state;
    static const char *const goals[] = {
        "count(pieces(white) & rank 8) > 0: white wins\n count(pieces(black) & rank 1) > 0: black wins\n",
        "count(rank 8 & pieces(white)) >= 1: white wins\n count(rank 1 & pieces(black)) != 0: black wins\n",
        "count(pieces(white) & rank 7) > 0: white wins\n count(pieces(black) & rank 1) > 0: black wins\n",
    };
    for (int k = 0; k < 3; k++) {
        char text[1024];
        snprintf(text, sizeof text,
                 "game \"Race\" {\n players white black\n board square 8x8\n piece pawn \"P\"\n"
                 " setup {\n white pawn: ranks 1..2\n black pawn: ranks 7..8\n }\n"
                 " moves pawn {\n step forward, forward-left, forward-right\n"
                 " step forward-left, forward-right to enemy\n }\n"
                 " end {\n %s no moves: next loses\n }\n}\n",
                 goals[k]);
        game *g = text_game(text);
        assert_non_null(g);
        evaluator e;
        assert_true(evaluator_init_weighted(&e, g, NULL, 0, 1));
        assert_non_null(e.cell_estimate);
        int white_goal = k == 2 ? 7 : 8;
        for (int c = 0; c < g->board.cell_count; c++) {
            int rank = g->board.y[c] + 1;
            int white = white_goal - rank, black = rank - 1;
            int expect_white = white > 0 ? (int)(120.0 / (1 << (white - 1)) + 0.5) : 0;
            int expect_black = black > 0 ? (int)(120.0 / (1 << (black - 1)) + 0.5) : 0;
            assert_int_equal(reach_at(&e, 0, c), expect_white);
            assert_int_equal(reach_at(&e, 1, c), expect_black);
        }
        /* one white pawn on e7 against one black pawn on a7: 120 against 4,
         * and the race, as the white pawn arrives first and free */
        position *p = malloc(sizeof *p);
        assert_true(p && pos_init(p, g));
        char error[256];
        if (k != 2) {
            assert_true(posstring_read(p, "8/p3P3/8/8/8/8/8/8 w", error, sizeof error));
            assert_int_equal(evaluate_material(&e, p, 0), 116 + e.runner_race);
            assert_int_equal(evaluate_material(&e, p, 1), -116 - e.runner_race);
        }
        pos_free(p);
        free(p);
        evaluator_free(&e);
        game_free(g);
    }
    /* a slide can be blocked on its way, which a lone piece's moves do not
     * show: no free runners are counted where a piece slides */
    game *sliding = text_game("game \"Race\" {\n players white black\n board square 8x8\n"
                              " piece pawn \"P\"\n piece queen \"Q\"\n"
                              " setup {\n white pawn: rank 2\n white queen: d1\n"
                              " black pawn: rank 7\n black queen: d8\n }\n"
                              " moves pawn {\n step forward, forward-left, forward-right\n"
                              " step forward-left, forward-right to enemy\n }\n"
                              " moves queen {\n slide orthogonal, diagonal\n }\n"
                              " end {\n count(pieces(white) & rank 8) > 0: white wins\n"
                              " count(pieces(black) & rank 1) > 0: black wins\n"
                              " no moves: next loses\n repetition 3: draw\n }\n}\n");
    assert_non_null(sliding);
    evaluator slides;
    assert_true(evaluator_init_weighted(&slides, sliding, NULL, 0, 1));
    assert_non_null(slides.reach_goal);
    assert_null(slides.runner_distance);
    evaluator_free(&slides);
    game_free(sliding);
    game *chess = shipped_game("chess", NULL);
    game *breakthrough = shipped_game("breakthrough", NULL);
    assert_true(chess && breakthrough && breakthrough->weights);
    evaluator e;
    assert_true(evaluator_init_weighted(&e, chess, NULL, 0, 1));
    assert_null(e.reach_goal);
    assert_null(e.runner_distance);
    evaluator_free(&e);
    assert_true(evaluator_init_weighted(&e, breakthrough, breakthrough->weights, 0, 1));
    assert_null(e.cell_estimate);
    assert_non_null(e.reach_goal);
    evaluator_free(&e);
    game_free(chess);
    game_free(breakthrough);
}

/* The moves a Breakthrough pawn on file YF, rank YR (from 0) that moves
 * in rank direction DIR needs to stand where one of its steps (straight
 * or diagonal) lands on ZF, ZR; 99 when it never can. */
static int breakthrough_stop_moves(int yf, int yr, int dir, int zf, int zr)
{
    int best = 99;
    for (int df = -1; df <= 1; df++) {
        int xf = zf - df, xr = zr - dir;   /* a step from x lands on z */
        int k = (xr - yr) * dir;           /* the ranks from y to x */
        if (xf < 0 || xf > 7 || xr < 0 || xr > 7 || k < 0 || abs(xf - yf) > k)
            continue;
        if (k < best)
            best = k;
    }
    return best;
}

/* The ply in which PLAYER's first free runner arrives in P (Breakthrough:
 * white pawns go up to rank 8, black down to rank 1), or 99.  A pawn is
 * free when no enemy pawn can stand, in time, where one of its steps
 * lands on a cell of the pawn's shortest ways (a rank a move, a file
 * aside at most): by the move the pawn gets there, one move sooner when
 * the pawn's side moves next. */
static int breakthrough_free_arrival(const game *g, const position *p, int player)
{
    int dir = player == 0 ? 1 : -1, goal = player == 0 ? 7 : 0;
    int wait = p->side == player ? 0 : 1, best = 99;
    for (int c = 0; c < 64; c++) {
        if (!cellset_has(&p->owned[player], c))
            continue;
        int f = g->board.x[c], r = g->board.y[c], d = (goal - r) * dir;
        bool stopped = false;
        for (int s = 0; s < d && !stopped; s++)
            for (int zf = f - s; zf <= f + s && !stopped; zf++)
                for (int y = 0; y < 64 && zf >= 0 && zf <= 7 && !stopped; y++)
                    stopped = cellset_has(&p->owned[1 - player], y)
                              && breakthrough_stop_moves(g->board.x[y], g->board.y[y], -dir, zf, r + s * dir)
                                     <= s - (wait == 0);
        int arrival = wait + (d - 1) * 2 + 1;
        if (d > 0 && !stopped && arrival < best)
            best = arrival;
    }
    return best;
}

/* Plays GAMES seeded random games of G (from SEED) to their ends and calls
 * VISIT with CONTEXT on every position before the end; returns how many
 * it visited. */
static long each_random_position(const game *g, uint64_t seed, int games,
                                 void (*visit)(const game *g, const position *p, void *context), void *context)
{
    position *p = malloc(sizeof *p);
    assert_true(p && pos_init(p, g));
    movegen *m = movegen_new(g);
    move_list list;
    assert_true(m && move_list_init(&list));
    uint64_t rng = rng_seed(seed);
    long visited = 0;
    for (int k = 0; k < games; k++) {
        pos_reset(p);
        for (;;) {
            movegen_generate(m, p, &list);
            game_result result;
            movegen_result(m, p, &list, &result);
            if (result.over || list.count == 0)
                break;
            visit(g, p, context);
            visited++;
            move_play(p, &list, (int)(rng_next(&rng) % (uint64_t)list.count));
        }
    }
    move_list_free(&list);
    movegen_free(m);
    pos_free(p);
    free(p);
    return visited;
}

/* Breakthrough, shipped, with its evaluator made in E (the tables the
 * tests below check against counts that know only Breakthrough). */
static game *breakthrough_evaluated(evaluator *e)
{
    game *g = shipped_game("breakthrough", NULL);
    assert_non_null(g);
    assert_true(evaluator_init(e, g, 0, 1));
    return g;
}

/* The evaluator and the races counted so far, for check_race. */
typedef struct race_count {
    evaluator *e;
    int won[3];     /* white first, black first, no free runner */
} race_count;

/* Checks the race term (CONTEXT: a race_count) in P against the count
 * that knows only Breakthrough. */
static void check_race(const game *g, const position *p, void *context)
{
    race_count *count = context;
    int white = breakthrough_free_arrival(g, p, 0), black = breakthrough_free_arrival(g, p, 1);
    int expect = white < black ? count->e->runner_race : black < white ? -count->e->runner_race : 0;
    count->won[white < black ? 0 : black < white ? 1 : 2]++;
    assert_int_equal(evaluate_runner_race(count->e, p, 0), expect);
    assert_int_equal(evaluate_runner_race(count->e, p, 1), -expect);
}

/* The race of the free runners (evaluate.c, from the rules' moves) against
 * a count that knows only Breakthrough, in every position of 300 seeded
 * random games: the player whose free runner arrives first gets
 * e.runner_race.  Both players win races in them, and many positions
 * have none. */
static void free_runners_race(void **state)
{
    (void)state;
    evaluator e;
    game *g = breakthrough_evaluated(&e);
    assert_non_null(e.runner_distance);
    assert_true(e.runner_race > 0);
    race_count count = { &e, { 0 } };
    each_random_position(g, 5, 300, check_race, &count);
    printf("races: %d %d %d\n", count.won[0], count.won[1], count.won[2]);
    assert_true(count.won[0] > 100 && count.won[1] > 100 && count.won[2] > 100);
    evaluator_free(&e);
    game_free(g);
}

/* The evaluator and the pieces attacked so far, for check_takes. */
typedef struct take_count {
    evaluator *e;
    long attacked;
} take_count;

/* Checks evaluate_attacks (CONTEXT: a take_count) for both players of P
 * against Breakthrough's pawns; counts the pieces attacked. */
static void check_takes(const game *g, const position *p, void *context)
{
    take_count *count = context;
    for (int player = 0; player < 2; player++) {
        uint64_t expect = 0;
        cellset attacks;
        int dir = player == 0 ? 1 : -1;
        for (int c = 0; c < 64; c++) {
            if (!cellset_has(&p->owned[player], c))
                continue;
            int f = g->board.x[c], r = g->board.y[c] + dir;
            for (int df = -1; df <= 1; df += 2)
                for (int z = 0; z < 64; z++)
                    if (g->board.x[z] == f + df && g->board.y[z] == r)
                        expect |= 1ull << z;
        }
        assert_true(evaluate_attacks(count->e, p, player, &attacks));
        assert_true(attacks.w[0] == expect);
        count->attacked += __builtin_popcountll(expect & p->owned[1 - player].w[0]);
    }
}

/* What the pieces take (evaluate_attacks, from the rules' moves) against a
 * count that knows only Breakthrough's pawns (white's take one rank up and
 * a file aside, black's one rank down), in every position of 200 seeded
 * random games, for both players; and which shipped games have the
 * tables: those whose every move is a step or leap that takes what it
 * lands on, not chess (slides), checkers (hops) nor Othello (placements). */
static void pieces_take(void **state)
{
    (void)state;
    evaluator e;
    game *g = breakthrough_evaluated(&e);
    assert_non_null(e.takes);
    take_count count = { &e, 0 };
    long positions = each_random_position(g, 9, 200, check_takes, &count);
    printf("pieces take: %ld positions, %ld pieces attacked\n", positions, count.attacked);
    assert_true(positions > 10000 && count.attacked > 10000);
    evaluator_free(&e);
    game_free(g);

    static const char *const without[] = { "chess", "checkers", "othello", "xiangqi", "lasca", "connect4" };
    for (size_t i = 0; i < sizeof without / sizeof *without; i++) {
        game *other = shipped_game(without[i], NULL);
        assert_non_null(other);
        evaluator oe;
        assert_true(evaluator_init(&oe, other, 0, 1));
        position *op = malloc(sizeof *op);
        assert_true(op && pos_init(op, other));
        cellset attacks;
        if (oe.takes || evaluate_attacks(&oe, op, 0, &attacks))
            fail_msg("%s has tables of what its pieces take", without[i]);
        pos_free(op);
        free(op);
        evaluator_free(&oe);
        game_free(other);
    }
}

/* The evaluator, a generator and the moves counted so far by their reach,
 * for check_reach. */
typedef struct reach_count {
    evaluator *e;
    movegen *m;
    move_list list;
    long reach[3];      /* REACH_NONE, REACH_THREATENS, REACH_WINS */
} reach_count;

/* Checks evaluate_move_reach (CONTEXT: a reach_count) for every move of P
 * against Breakthrough's ranks: a pawn that lands on the far rank wins,
 * one that lands on the rank before it threatens to. */
static void check_reach(const game *g, const position *p, void *context)
{
    reach_count *count = context;
    int top = 0;
    for (int c = 0; c < g->board.cell_count; c++)
        if (g->board.y[c] > top)
            top = g->board.y[c];
    movegen_generate(count->m, (position *)p, &count->list);   /* (it reads P, it does not change it) */
    for (int i = 0; i < count->list.count; i++) {
        const move *mv = &count->list.moves[i];
        int landing = -1;
        for (int k = mv->first; k < mv->first + mv->count; k++) {
            const change *ch = &count->list.changes[k];
            if (ch->kind == CHANGE_CELL && ch->after > 0)
                landing = ch->index;
        }
        assert_true(landing >= 0);
        /* white runs up the board, black down */
        int to_go = p->side == 0 ? top - g->board.y[landing] : g->board.y[landing];
        int expect = to_go == 0 ? REACH_WINS : to_go == 1 ? REACH_THREATENS : REACH_NONE;
        assert_int_equal(evaluate_move_reach(count->e, &count->list, i, p->side), expect);
        count->reach[expect]++;
    }
}

/* What a move does towards its goal region (evaluate_move_reach, which
 * orders and selects the search's moves) against Breakthrough's ranks, for
 * every move of every position of 100 seeded random games; and no move
 * of chess's start reaches anything (it is not won by reaching a
 * region). */
static void moves_reach(void **state)
{
    (void)state;
    evaluator e;
    game *g = breakthrough_evaluated(&e);
    reach_count count = { .e = &e };
    count.m = movegen_new(g);
    assert_true(count.m && move_list_init(&count.list));
    each_random_position(g, 13, 100, check_reach, &count);
    printf("moves reach: %ld none, %ld threaten, %ld win\n", count.reach[REACH_NONE],
           count.reach[REACH_THREATENS], count.reach[REACH_WINS]);
    assert_true(count.reach[REACH_NONE] > 10000 && count.reach[REACH_THREATENS] > 1000
                && count.reach[REACH_WINS] > 100);
    move_list_free(&count.list);
    movegen_free(count.m);
    evaluator_free(&e);
    game_free(g);

    game *chess = shipped_game("chess", NULL);
    assert_non_null(chess);
    evaluator ce;
    assert_true(evaluator_init(&ce, chess, 0, 1));
    position *cp = malloc(sizeof *cp);
    movegen *cm = movegen_new(chess);
    move_list cl;
    assert_true(cp && pos_init(cp, chess) && cm && move_list_init(&cl));
    movegen_generate(cm, cp, &cl);
    assert_int_equal(cl.count, 20);
    for (int i = 0; i < cl.count; i++)
        assert_int_equal(evaluate_move_reach(&ce, &cl, i, cp->side), REACH_NONE);
    move_list_free(&cl);
    movegen_free(cm);
    pos_free(cp);
    free(cp);
    evaluator_free(&ce);
    game_free(chess);
}

/* Threads: an mcts engine in three threads shares its 3000 playouts out
 * among them, plays a legal move, leaves the position as it was, and with
 * the same seed chooses the same move again. */
static void mcts_in_threads(void **state)
{
    (void)state;
    game *g = shipped_game("connect4", NULL);
    assert_non_null(g);
    position *p = malloc(sizeof *p);
    assert_true(p && pos_init(p, g));
    engine_spec spec = spec_of("mcts:playouts=3000,threads=3");
    int chosen[2];
    for (int run = 0; run < 2; run++) {
        engine *e = engine_new(g, &spec, 11);
        assert_non_null(e);
        uint64_t hash = p->hash;
        search_result result;
        engine_choose(e, p, &result, NULL, NULL);
        assert_true(p->hash == hash);
        assert_int_equal(result.nodes, 3000);
        assert_true(result.best >= 0 && result.best < engine_root_moves(e)->count);
        chosen[run] = result.best;
        engine_free(e);
    }
    assert_int_equal(chosen[0], chosen[1]);
    pos_free(p);
    free(p);
    game_free(g);
}

/* Lazy SMP: alpha-beta in two threads (the helper works ahead in the
 * shared table) reaches the same proofs as in one: tic-tac-toe is a draw,
 * the rook mate is a win in 3 by a king move, and Connect Four's open
 * three a win in 3; the position is left as it was. */
static void alphabeta_in_threads(void **state)
{
    (void)state;
    char best[64];
    search_result r = search("tictactoe", NULL, "ab:depth=9,threads=2", best, sizeof best);
    assert_int_equal(r.kind, SCORE_DRAW);
    r = search("chess", "k7/8/2K5/8/8/8/8/7R w - - 0 1", "ab:depth=5,threads=2", best, sizeof best);
    assert_int_equal(r.kind, SCORE_WIN);
    assert_int_equal(r.distance, 3);
    assert_true(!strcmp(best, "c6-c7") || !strcmp(best, "c6-b6"));
    r = search("connect4", "7/7/7/7/2YY3/2RR3 r 4", "ab:depth=5,threads=3", best, sizeof best);
    assert_int_equal(r.kind, SCORE_WIN);
    assert_int_equal(r.distance, 3);
    assert_true(!strcmp(best, "@b1") || !strcmp(best, "@e1"));
}

/* The time for one move under a clock (search_time_budget): a share of
 * what remains plus most of the increment, within a safe share of the
 * clock, the overhead kept back. */
static void time_budgets(void **state)
{
    (void)state;
    /* a minute, no increment: a thirtieth of it less the overhead */
    assert_int_equal(search_time_budget(60000, 0, 0, 20), (60000 - 20) / SEARCH_MOVES_LEFT);
    /* the increment mostly spent: 1 s + 0.1 s a move */
    assert_int_equal(search_time_budget(1000, 100, 0, 20), 980 / SEARCH_MOVES_LEFT + 75);
    /* moves to go share the clock among them */
    assert_int_equal(search_time_budget(10000, 0, 10, 0), 1000);
    /* the last move before the control may use most, never all */
    assert_int_equal(search_time_budget(1000, 0, 1, 0), 900);
    /* a large increment on a short clock: never more than half the clock */
    assert_int_equal(search_time_budget(100, 1000, 0, 0), 50);
    /* the overhead is kept back, but a nearly empty clock still gets a fifth */
    assert_int_equal(search_time_budget(50, 0, 1, 100), 9);
    /* an empty or overrun clock: the least, a millisecond */
    assert_int_equal(search_time_budget(0, 0, 0, 20), 1);
    assert_int_equal(search_time_budget(-500, 100, 0, 20), 1);
    /* more time on the clock never gives less time for the move */
    long last = 0;
    for (long remaining = 1; remaining < 200000; remaining += 997) {
        long budget = search_time_budget(remaining, 50, 0, 20);
        assert_true(budget >= last);
        assert_true(budget <= remaining / 2 || budget == 1);
        last = budget;
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(time_budgets),
        cmocka_unit_test(specs),
        cmocka_unit_test(tictactoe_is_a_draw),
        cmocka_unit_test(win_in_one),
        cmocka_unit_test(win_in_three_by_a_fork),
        cmocka_unit_test(loss_in_two),
        cmocka_unit_test(connect4_open_three),
        cmocka_unit_test(chess_mate_in_two),
        cmocka_unit_test(small_tables),
        cmocka_unit_test(mcts_bias_tries_the_best_first),
        cmocka_unit_test(alphabeta_beats_random),
        cmocka_unit_test(mcts_beats_random),
        cmocka_unit_test(mast_averages),
        cmocka_unit_test(mcts_mast_learns_the_winning_move),
        cmocka_unit_test(mcts_mates_in_chess),
        cmocka_unit_test(engines_end_mynd_by_passing),
        cmocka_unit_test(counts_change_by_placing_and_scoring),
        cmocka_unit_test(engines_pass_rather_than_shuffle),
        cmocka_unit_test(quiescence_sees_the_recapture),
        cmocka_unit_test(quiescence_plays_out_an_exchange),
        cmocka_unit_test(quiescence_recaptures_only_from_its_fourth_ply),
        cmocka_unit_test(repetition_seen_past_the_table),
        cmocka_unit_test(contempt_plays_on),
        cmocka_unit_test(quiescence_where_captures_are_exchanges),
        cmocka_unit_test(reductions_go_deeper),
        cmocka_unit_test(pruning_goes_deeper),
        cmocka_unit_test(pruning_where_the_rules_allow),
        cmocka_unit_test(pruning_misses_a_wall),
        cmocka_unit_test(null_moves_where_the_rules_allow),
        cmocka_unit_test(null_moves_miss_a_zugzwang),
        cmocka_unit_test(null_moves_miss_a_shutting_in),
        cmocka_unit_test(null_moves_prune),
        cmocka_unit_test(check_extensions_see_a_mate_sooner),
        cmocka_unit_test(one_thread_is_deterministic),
        cmocka_unit_test(aspiration_windows),
        cmocka_unit_test(decisive_share),
        cmocka_unit_test(chance_values),
        cmocka_unit_test(chance_walks),
        cmocka_unit_test(dice_in_a_game),
        cmocka_unit_test(mcts_keeps_its_tree),
        cmocka_unit_test(a_new_game_plays_as_a_new_engine),
        cmocka_unit_test(mcts_tree_holds_the_moves),
        cmocka_unit_test(mcts_in_threads),
        cmocka_unit_test(alphabeta_in_threads),
        cmocka_unit_test(bonus_guides_the_search),
        cmocka_unit_test(hex_goal_distance),
        cmocka_unit_test(reach_goal_nearness),
        cmocka_unit_test(free_runners_race),
        cmocka_unit_test(pieces_take),
        cmocka_unit_test(moves_reach),
        cmocka_unit_test(quiescence_sees_the_runner),
        cmocka_unit_test(quiescence_sees_a_threat_to_reach),
        cmocka_unit_test(threats_to_reach_are_not_quiet),
        cmocka_unit_test(scope_of_a_cell),
        cmocka_unit_test(piece_value_is_what_material_counts),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
