/* test_api: libtabula's public API (tabula.h), held to counts and results
 * known without Tabula: chess's 20 first moves and its published perft
 * counts, standard FEN, tic-tac-toe games worked out by hand, a mate in
 * one, and the line and column of a mistake put into a rules text. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "api/tabula.h"

#define START_FEN "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"

static tabula_game *load_shipped(const char *name)
{
    char path[1024];
    const char *top = getenv("top_srcdir");
    snprintf(path, sizeof path, "%s/games/%s.rules", top ? top : ".", name);
    tabula_game *g = NULL;
    tabula_error error;
    tabula_status status = tabula_game_load(path, NULL, &g, NULL, &error);
    if (status != TABULA_OK)
        fprintf(stderr, "%s: %s\n", path, error.message);
    assert_int_equal(status, TABULA_OK);
    assert_non_null(g);
    return g;
}

static void position_text(const tabula_position *p, char *out, size_t size)
{
    size_t needed = tabula_position_write(p, out, size);
    assert_true(needed < size);
    assert_int_equal(strlen(out), needed);
}

static void test_version(void **state)
{
    (void)state;
    const char *version = tabula_version();
    assert_non_null(version);
    int major, minor, patch;
    char rest;
    assert_int_equal(sscanf(version, "%d.%d.%d%c", &major, &minor, &patch, &rest), 3);
    assert_string_equal(tabula_status_text(TABULA_OK), "success");
}

/* Chess's start: 20 moves, and the published perft counts 400 and 8902. */
static void test_chess_start(void **state)
{
    (void)state;
    tabula_game *g = load_shipped("chess");
    assert_string_equal(tabula_game_name(g), "Chess");
    assert_int_equal(tabula_game_players(g), 2);
    assert_null(tabula_game_player_name(g, 2));
    tabula_position *p;
    assert_int_equal(tabula_position_new(g, &p, NULL), TABULA_OK);
    char text[256];
    position_text(p, text, sizeof text);
    assert_string_equal(text, START_FEN);
    assert_int_equal(tabula_position_side(p), 0);
    int count = -1;
    assert_int_equal(tabula_moves(p, &count, NULL), TABULA_OK);
    assert_int_equal(count, 20);
    uint64_t nodes = 0;
    assert_int_equal(tabula_perft(p, 1, &nodes, NULL), TABULA_OK);
    assert_int_equal(nodes, 20);
    assert_int_equal(tabula_perft(p, 2, &nodes, NULL), TABULA_OK);
    assert_int_equal(nodes, 400);
    assert_int_equal(tabula_perft(p, 3, &nodes, NULL), TABULA_OK);
    assert_int_equal(nodes, 8902);
    /* perft leaves the position as it was */
    char after[256];
    position_text(p, after, sizeof after);
    assert_string_equal(after, START_FEN);
    tabula_error error;
    assert_int_equal(tabula_perft(p, 0, &nodes, &error), TABULA_ERROR_ARGUMENT);
    assert_int_equal(error.status, TABULA_ERROR_ARGUMENT);
    /* a truncated write says how long the whole is */
    char small[8];
    assert_int_equal(tabula_position_write(p, small, sizeof small), strlen(START_FEN));
    assert_int_equal(strlen(small), sizeof small - 1);
    assert_int_equal(tabula_position_write(p, NULL, 0), strlen(START_FEN));
    tabula_position_free(p);
    tabula_game_free(g);
}

/* Moves typed as people type them, played and taken back; the FEN after
 * 1. Nf3 is the standard one. */
static void test_play_and_undo(void **state)
{
    (void)state;
    tabula_game *g = load_shipped("chess");
    tabula_position *p;
    assert_int_equal(tabula_position_new(g, &p, NULL), TABULA_OK);
    tabula_error error;
    assert_int_equal(tabula_play_text(p, "Nf3", &error), TABULA_OK);
    char text[256];
    position_text(p, text, sizeof text);
    assert_string_equal(text, "rnbqkbnr/pppppppp/8/8/8/5N2/PPPPPPPP/RNBQKB1R b KQkq - 1 1");
    assert_int_equal(tabula_position_side(p), 1);
    assert_int_equal(tabula_position_ply(p), 1);
    /* black answers in three spellings of e7-e5: loosely, Tabula's, algebraic */
    int index = -1, other = -1;
    assert_int_equal(tabula_move_find(p, "e7e5", &index, NULL), TABULA_OK);
    assert_int_equal(tabula_move_find(p, "e5", &other, NULL), TABULA_OK);
    assert_int_equal(index, other);
    char move[64];
    assert_int_equal(tabula_move_write(p, index, move, sizeof move), strlen("e7-e5"));
    assert_string_equal(move, "e7-e5");
    assert_int_equal(tabula_move_find(p, move, &other, NULL), TABULA_OK);
    assert_int_equal(index, other);
    assert_int_equal(tabula_play(p, index, NULL), TABULA_OK);
    position_text(p, text, sizeof text);
    assert_string_equal(text, "rnbqkbnr/pppp1ppp/8/4p3/8/5N2/PPPPPPPP/RNBQKB1R w KQkq e6 0 2");
    /* undone twice: the start again, then nothing more to undo */
    assert_int_equal(tabula_undo(p, NULL), TABULA_OK);
    assert_int_equal(tabula_undo(p, NULL), TABULA_OK);
    position_text(p, text, sizeof text);
    assert_string_equal(text, START_FEN);
    assert_int_equal(tabula_undo(p, &error), TABULA_ERROR_NOTHING_TO_UNDO);
    int count;
    assert_int_equal(tabula_moves(p, &count, NULL), TABULA_OK);
    assert_int_equal(count, 20);
    tabula_position_free(p);
    tabula_game_free(g);
}

/* A move that is not legal is refused and changes nothing. */
static void test_illegal_move(void **state)
{
    (void)state;
    tabula_game *g = load_shipped("chess");
    tabula_position *p;
    assert_int_equal(tabula_position_new(g, &p, NULL), TABULA_OK);
    const char *illegal[] = { "e5", "e2-e5", "Nd2", "Ke2", "O-O", "a1", "", "zz9" };
    for (size_t i = 0; i < sizeof illegal / sizeof *illegal; i++) {
        tabula_error error = { TABULA_OK, "" };
        assert_int_equal(tabula_play_text(p, illegal[i], &error), TABULA_ERROR_MOVE);
        assert_int_equal(error.status, TABULA_ERROR_MOVE);
        assert_true(error.message[0] != '\0');
        char text[256];
        position_text(p, text, sizeof text);
        assert_string_equal(text, START_FEN);
        int count;
        assert_int_equal(tabula_moves(p, &count, NULL), TABULA_OK);
        assert_int_equal(count, 20);
    }
    /* by number: out of range */
    assert_int_equal(tabula_play(p, 20, NULL), TABULA_ERROR_MOVE);
    assert_int_equal(tabula_play(p, -1, NULL), TABULA_ERROR_MOVE);
    char move[16] = "x";
    assert_int_equal(tabula_move_write(p, 20, move, sizeof move), 0);
    assert_string_equal(move, "");
    assert_int_equal(tabula_undo(p, NULL), TABULA_ERROR_NOTHING_TO_UNDO);
    tabula_position_free(p);
    tabula_game_free(g);
}

/* Position strings: read back as written; a bad one refused. */
static void test_position_text(void **state)
{
    (void)state;
    tabula_game *g = load_shipped("chess");
    /* Kiwipete, a position of the published perft tables: 48 moves */
    const char *kiwipete = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1";
    tabula_position *p;
    assert_int_equal(tabula_position_from_text(g, kiwipete, &p, NULL), TABULA_OK);
    char text[256];
    position_text(p, text, sizeof text);
    assert_string_equal(text, kiwipete);
    int count;
    assert_int_equal(tabula_moves(p, &count, NULL), TABULA_OK);
    assert_int_equal(count, 48);
    uint64_t nodes;
    assert_int_equal(tabula_perft(p, 2, &nodes, NULL), TABULA_OK);
    assert_int_equal(nodes, 2039);
    /* a copy goes its own way */
    tabula_position *copy;
    assert_int_equal(tabula_position_copy(p, &copy, NULL), TABULA_OK);
    assert_int_equal(tabula_play_text(copy, "O-O", NULL), TABULA_OK);
    assert_int_equal(tabula_undo(copy, NULL), TABULA_OK);
    assert_int_equal(tabula_undo(copy, NULL), TABULA_ERROR_NOTHING_TO_UNDO);
    position_text(p, text, sizeof text);
    assert_string_equal(text, kiwipete);
    tabula_position_free(copy);
    tabula_position_free(p);
    tabula_error error;
    tabula_position *bad = (tabula_position *)&error;
    assert_int_equal(tabula_position_from_text(g, "rnbqkbnr/pppppppp w", &bad, &error), TABULA_ERROR_POSITION);
    assert_null(bad);
    assert_non_null(strstr(error.message, "bad position"));
    tabula_game_free(g);
}

/* Tic-tac-toe games worked out by hand: x wins down the a file; a full
 * board without a line is a draw. */
static void test_tictactoe(void **state)
{
    (void)state;
    tabula_game *g = load_shipped("tictactoe");
    tabula_position *p;
    assert_int_equal(tabula_position_new(g, &p, NULL), TABULA_OK);
    const char *win[] = { "a1", "b1", "a2", "b2" };
    tabula_result result;
    for (size_t i = 0; i < 4; i++) {
        assert_int_equal(tabula_play_text(p, win[i], NULL), TABULA_OK);
        assert_int_equal(tabula_result_get(p, &result, NULL), TABULA_OK);
        assert_false(result.over);
        assert_null(result.reason);
    }
    assert_int_equal(tabula_play_text(p, "@a3", NULL), TABULA_OK);
    assert_int_equal(tabula_result_get(p, &result, NULL), TABULA_OK);
    assert_true(result.over);
    assert_int_equal(result.winner, 0);
    assert_true(result.score[0] == 1.0 && result.score[1] == 0.0);
    assert_non_null(strstr(result.reason, "in-line(3)"));
    tabula_error error;
    assert_int_equal(tabula_play_text(p, "c3", &error), TABULA_ERROR_OVER);
    tabula_search_result chosen;
    assert_int_equal(tabula_search(p, "random", 1, &chosen, &error), TABULA_ERROR_OVER);
    tabula_position_free(p);

    assert_int_equal(tabula_position_new(g, &p, NULL), TABULA_OK);
    const char *draw[] = { "b2", "a1", "a2", "c2", "b1", "b3", "c3", "a3", "c1" };
    for (size_t i = 0; i < 9; i++) {
        assert_int_equal(tabula_result_get(p, &result, NULL), TABULA_OK);
        assert_false(result.over);
        assert_int_equal(tabula_play_text(p, draw[i], NULL), TABULA_OK);
    }
    assert_int_equal(tabula_result_get(p, &result, NULL), TABULA_OK);
    assert_true(result.over);
    assert_int_equal(result.winner, -1);
    assert_true(result.score[0] == 0.5 && result.score[1] == 0.5);
    int count = -1;
    assert_int_equal(tabula_moves(p, &count, NULL), TABULA_OK);
    assert_int_equal(count, 0);
    tabula_position_free(p);
    /* the whole tree: 255168 games, the published count of tic-tac-toe
     * games played to their end (ply 9 holds the 127872 that go on to it) */
    assert_int_equal(tabula_position_new(g, &p, NULL), TABULA_OK);
    uint64_t nodes;
    assert_int_equal(tabula_perft(p, 9, &nodes, NULL), TABULA_OK);
    assert_int_equal(nodes, 127872);
    tabula_position_free(p);
    tabula_game_free(g);
}

/* A mistake put into a rules text is reported at its line and column,
 * with the file's name and a hint; nothing is loaded. */
static void test_malformed_rules(void **state)
{
    (void)state;
    const char *text = "game \"T\" {\n"
                       "    players x o\n"
                       "    board square 3x3\n"
                       "    piece mark \"X\" \"O\"\n"
                       "    turn {\n"
                       "        place mark from supply at emptyy\n"
                       "    }\n"
                       "    end { in-line(3): mover wins }\n"
                       "}\n";
    const char *line6 = strstr(text, "        place");
    int column = (int)(strstr(line6, "emptyy") - line6) + 1;
    tabula_game *g = (tabula_game *)&column;
    tabula_diagnostics *diagnostics = NULL;
    tabula_error error;
    assert_int_equal(tabula_game_load_text("bad.rules", text, strlen(text), NULL, &g, &diagnostics, &error),
                     TABULA_ERROR_RULES);
    assert_null(g);
    assert_non_null(diagnostics);
    assert_true(tabula_diagnostics_count(diagnostics) >= 1);
    assert_int_equal(tabula_diagnostics_errors(diagnostics), 1);
    tabula_diagnostic d;
    assert_int_equal(tabula_diagnostics_get(diagnostics, 0, &d), TABULA_OK);
    assert_int_equal(d.severity, TABULA_SEVERITY_ERROR);
    assert_string_equal(d.file, "bad.rules");
    assert_int_equal(d.line, 6);
    assert_int_equal(d.column, column);
    assert_int_equal(d.end_column, column + 5);
    assert_non_null(strstr(d.message, "emptyy"));
    assert_non_null(d.hint);
    assert_non_null(strstr(d.hint, "'empty'"));
    assert_int_equal(tabula_diagnostics_get(diagnostics, tabula_diagnostics_count(diagnostics), &d),
                     TABULA_ERROR_ARGUMENT);
    char expected[64];
    snprintf(expected, sizeof expected, "bad.rules:6:%d: ", column);
    assert_memory_equal(error.message, expected, strlen(expected));
    /* written as tabula check writes it: the place, the line and a caret */
    char *written = NULL;
    size_t length = 0;
    FILE *stream = open_memstream(&written, &length);
    assert_int_equal(tabula_diagnostics_write(diagnostics, stream, false), TABULA_OK);
    fclose(stream);
    assert_non_null(strstr(written, expected));
    assert_non_null(strstr(written, "place mark from supply at emptyy"));
    free(written);
    tabula_diagnostics_free(diagnostics);

    /* the same text mended loads, from memory */
    char *mended = strdup(text);
    memcpy(strstr(mended, "emptyy"), "empty ", 6);
    assert_int_equal(tabula_game_load_text("good.rules", mended, strlen(mended), NULL, &g, NULL, NULL), TABULA_OK);
    tabula_position *p;
    assert_int_equal(tabula_position_new(g, &p, NULL), TABULA_OK);
    int count;
    assert_int_equal(tabula_moves(p, &count, NULL), TABULA_OK);
    assert_int_equal(count, 9);
    tabula_position_free(p);
    tabula_game_free(g);
    free(mended);
}

static void test_unreadable(void **state)
{
    (void)state;
    tabula_game *g = NULL;
    tabula_diagnostics *diagnostics = NULL;
    tabula_error error;
    assert_int_equal(tabula_game_load("/nonexistent/none.rules", NULL, &g, &diagnostics, &error),
                     TABULA_ERROR_UNREADABLE);
    assert_null(g);
    assert_non_null(strstr(error.message, "none.rules"));
    assert_int_equal(tabula_diagnostics_count(diagnostics), 1);
    tabula_diagnostic d;
    assert_int_equal(tabula_diagnostics_get(diagnostics, 0, &d), TABULA_OK);
    assert_null(d.file);
    assert_int_equal(d.line, 0);
    tabula_diagnostics_free(diagnostics);
    assert_int_equal(tabula_game_load(NULL, NULL, &g, NULL, NULL), TABULA_ERROR_ARGUMENT);
    assert_int_equal(tabula_game_load("x", NULL, NULL, NULL, NULL), TABULA_ERROR_ARGUMENT);
    /* a variant the game does not have */
    char path[1024];
    const char *top = getenv("top_srcdir");
    snprintf(path, sizeof path, "%s/games/chess.rules", top ? top : ".");
    assert_int_equal(tabula_game_load(path, "no-such-variant", &g, NULL, &error), TABULA_ERROR_RULES);
    assert_null(g);
}

typedef struct progress_seen {
    int calls, last_depth;
} progress_seen;

static void note_progress(const tabula_search_info *info, void *context)
{
    progress_seen *seen = context;
    assert_non_null(info->line);
    assert_true(info->depth > seen->last_depth);
    seen->last_depth = info->depth;
    seen->calls++;
}

/* A progress callback that stops its engine once a depth is searched:
 * a stop asked while the search runs. */
typedef struct stop_at {
    tabula_engine *engine;
    int depth;
} stop_at;

static void stop_at_depth(const tabula_search_info *info, void *context)
{
    const stop_at *at = context;
    if (info->depth == at->depth)
        tabula_engine_stop(at->engine);
}

/* White mates in one (Ra8#, the back rank); an engine finds it and says so. */
static void test_search(void **state)
{
    (void)state;
    tabula_game *g = load_shipped("chess");
    tabula_position *p;
    assert_int_equal(tabula_position_from_text(g, "6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1", &p, NULL), TABULA_OK);
    tabula_search_result chosen;
    tabula_error error;
    assert_int_equal(tabula_engine_check("ab:depth=3", NULL), TABULA_OK);
    assert_int_equal(tabula_engine_check("random", NULL), TABULA_OK);
    assert_int_equal(tabula_search(p, "ab:depth=3", 1, &chosen, &error), TABULA_OK);
    char move[64], score[64];
    tabula_move_write(p, chosen.move, move, sizeof move);
    assert_string_equal(move, "a1-a8");
    assert_int_equal(chosen.kind, TABULA_SCORE_WIN);
    assert_int_equal(chosen.distance, 1);
    tabula_score_write(&chosen, score, sizeof score);
    assert_string_equal(score, "win in 1");
    /* an engine kept from one search to the next, mcts this time */
    tabula_engine *e;
    assert_int_equal(tabula_engine_new(g, "mcts:playouts=2000", 7, &e, NULL), TABULA_OK);
    assert_int_equal(tabula_engine_choose(e, p, &chosen, NULL), TABULA_OK);
    tabula_move_write(p, chosen.move, move, sizeof move);
    assert_string_equal(move, "a1-a8");
    assert_int_equal(tabula_play(p, chosen.move, NULL), TABULA_OK);
    tabula_result result;
    assert_int_equal(tabula_result_get(p, &result, NULL), TABULA_OK);
    assert_true(result.over);
    assert_int_equal(result.winner, 0);
    assert_int_equal(tabula_engine_choose(e, p, &chosen, &error), TABULA_ERROR_OVER);
    tabula_engine_free(e);
    /* progress, after each depth, from the position before the mate */
    assert_int_equal(tabula_undo(p, NULL), TABULA_OK);
    progress_seen seen = { 0, 0 };
    assert_int_equal(tabula_engine_new(g, "ab:depth=3", 1, &e, NULL), TABULA_OK);
    tabula_engine_set_progress(e, note_progress, &seen);
    assert_int_equal(tabula_engine_choose(e, p, &chosen, NULL), TABULA_OK);
    assert_true(seen.calls >= 1);
    assert_int_equal(seen.last_depth, chosen.depth);
    tabula_engine_free(e);
    /* an interrupted search stops at once with the best move so far */
    tabula_interrupt();
    assert_true(tabula_interrupted());
    assert_int_equal(tabula_search(p, "ab:time=100000", 1, &chosen, NULL), TABULA_OK);
    assert_true(chosen.seconds < 10.0);
    tabula_interrupt_clear();
    assert_false(tabula_interrupted());
    /* one engine's stop: its searches stop at once, a stop asked before
     * the search is kept, other engines search on, until it is cleared */
    tabula_position *start = NULL;
    assert_int_equal(tabula_position_new(g, &start, NULL), TABULA_OK);
    const char *stoppable[] = { "ab:depth=3", "mcts:playouts=20000,threads=2" };
    for (size_t i = 0; i < sizeof stoppable / sizeof *stoppable; i++) {
        bool ab = stoppable[i][0] == 'a';
        tabula_engine *stopped = NULL, *going = NULL;
        assert_int_equal(tabula_engine_new(g, stoppable[i], 1, &stopped, NULL), TABULA_OK);
        assert_int_equal(tabula_engine_new(g, stoppable[i], 1, &going, NULL), TABULA_OK);
        tabula_engine_stop(stopped);
        assert_false(tabula_interrupted());
        assert_int_equal(tabula_engine_choose(stopped, start, &chosen, NULL), TABULA_OK);
        assert_true(chosen.move >= 0);
        if (ab)
            assert_int_equal(chosen.depth, 0);
        else
            assert_true(chosen.nodes < 100);   /* a playout a thread, not 20000 */
        tabula_engine *to_the_limit[] = { going, stopped };
        for (int k = 0; k < 2; k++) {
            if (k == 1)
                tabula_engine_stop_clear(stopped);
            assert_int_equal(tabula_engine_choose(to_the_limit[k], start, &chosen, NULL), TABULA_OK);
            if (ab)
                assert_int_equal(chosen.depth, 3);
            else
                assert_true(chosen.nodes >= 20000);
        }
        tabula_engine_free(stopped);
        tabula_engine_free(going);
    }
    /* a stop asked while the search runs (from its progress, after depth
     * 2 of 6): no later depth is finished */
    tabula_engine *running = NULL;
    assert_int_equal(tabula_engine_new(g, "ab:depth=6", 1, &running, NULL), TABULA_OK);
    stop_at at = { running, 2 };
    tabula_engine_set_progress(running, stop_at_depth, &at);
    assert_int_equal(tabula_engine_choose(running, start, &chosen, NULL), TABULA_OK);
    assert_int_equal(chosen.depth, 2);
    tabula_engine_set_progress(running, NULL, NULL);
    tabula_engine_stop_clear(running);
    assert_int_equal(tabula_engine_choose(running, start, &chosen, NULL), TABULA_OK);
    assert_int_equal(chosen.depth, 6);
    tabula_engine_free(running);
    tabula_position_free(start);
    /* engine texts without a limit, or that do not read */
    const char *refused[] = { "ab", "mcts", "ab:depth=0", "alphabeta:depth=3", "ab:depth=x", "" };
    for (size_t i = 0; i < sizeof refused / sizeof *refused; i++) {
        e = (tabula_engine *)&error;
        assert_int_equal(tabula_engine_new(g, refused[i], 1, &e, &error), TABULA_ERROR_ENGINE);
        assert_null(e);
        assert_true(error.message[0] != '\0');
        assert_int_equal(tabula_engine_check(refused[i], NULL), TABULA_ERROR_ENGINE);
    }
    tabula_position_free(p);
    tabula_game_free(g);
}

/* Rules that make more moves than the generator holds: refused at the
 * rule (tests/limits/moves.err, written by hand), nothing played. */
static void test_limit(void **state)
{
    (void)state;
    char path[1024];
    const char *top = getenv("top_srcdir");
    snprintf(path, sizeof path, "%s/tests/limits/moves.rules", top ? top : ".");
    tabula_game *g;
    assert_int_equal(tabula_game_load(path, NULL, &g, NULL, NULL), TABULA_OK);
    tabula_position *p;
    assert_int_equal(tabula_position_new(g, &p, NULL), TABULA_OK);
    tabula_error error;
    int count = -1;
    assert_int_equal(tabula_moves(p, &count, &error), TABULA_ERROR_LIMIT);
    assert_int_equal(count, 0);
    char expected[1100];
    snprintf(expected, sizeof expected, "%s:7:38: more than 16384 moves in one position", path);
    assert_memory_equal(error.message, expected, strlen(expected));
    assert_int_equal(tabula_play(p, 0, NULL), TABULA_ERROR_LIMIT);
    assert_int_equal(tabula_play_text(p, "a1", NULL), TABULA_ERROR_LIMIT);
    uint64_t nodes = 0;
    assert_int_equal(tabula_perft(p, 1, &nodes, &error), TABULA_ERROR_LIMIT);
    assert_memory_equal(error.message, expected, strlen(expected));
    tabula_search_result chosen;
    assert_int_equal(tabula_search(p, "random", 1, &chosen, NULL), TABULA_ERROR_LIMIT);
    assert_int_equal(tabula_position_ply(p), 0);
    /* written as every command writes it: tests/limits/moves.err */
    char *written = NULL;
    size_t length = 0;
    FILE *stream = open_memstream(&written, &length);
    assert_int_equal(tabula_limit_write(p, stream, false), TABULA_OK);
    fclose(stream);
    snprintf(path, sizeof path, "%s/tests/limits/moves.err", top ? top : ".");
    FILE *err = fopen(path, "r");
    assert_non_null(err);
    char want[4096];
    size_t got = fread(want, 1, sizeof want - 1, err);
    fclose(err);
    want[got] = '\0';
    /* (moves.err names the file from the top of the tree) */
    const char *after_name = strstr(want, ":7:38:");
    assert_non_null(after_name);
    assert_non_null(strstr(written, after_name));
    assert_int_equal(strlen(written), strlen(expected) - strlen(":7:38: more than 16384 moves in one position")
                                          + strlen(after_name));
    free(written);
    tabula_position_free(p);
    tabula_game_free(g);
}

/* NULL handles are refused, never followed. */
static void test_null(void **state)
{
    (void)state;
    char text[8] = "x";
    assert_int_equal(tabula_position_write(NULL, text, sizeof text), 0);
    assert_string_equal(text, "");
    assert_int_equal(tabula_moves(NULL, NULL, NULL), TABULA_ERROR_ARGUMENT);
    assert_int_equal(tabula_play(NULL, 0, NULL), TABULA_ERROR_ARGUMENT);
    assert_int_equal(tabula_play_text(NULL, "e4", NULL), TABULA_ERROR_ARGUMENT);
    assert_int_equal(tabula_undo(NULL, NULL), TABULA_ERROR_ARGUMENT);
    assert_int_equal(tabula_result_get(NULL, NULL, NULL), TABULA_ERROR_ARGUMENT);
    assert_int_equal(tabula_position_new(NULL, NULL, NULL), TABULA_ERROR_ARGUMENT);
    assert_int_equal(tabula_diagnostics_count(NULL), 0);
    assert_int_equal(tabula_diagnostics_write(NULL, stderr, false), TABULA_ERROR_ARGUMENT);
    assert_null(tabula_game_name(NULL));
    assert_int_equal(tabula_position_side(NULL), -1);
    tabula_game_free(NULL);
    tabula_position_free(NULL);
    tabula_engine_free(NULL);
    tabula_diagnostics_free(NULL);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_version),
        cmocka_unit_test(test_chess_start),
        cmocka_unit_test(test_play_and_undo),
        cmocka_unit_test(test_illegal_move),
        cmocka_unit_test(test_position_text),
        cmocka_unit_test(test_tictactoe),
        cmocka_unit_test(test_malformed_rules),
        cmocka_unit_test(test_unreadable),
        cmocka_unit_test(test_search),
        cmocka_unit_test(test_limit),
        cmocka_unit_test(test_null),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
