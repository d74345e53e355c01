/* test_check: whole games through check_program — what it accepts, what a
 * variant changes, and what it reports about the program as a whole. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ast.h"
#include "rules/check.h"
#include "diag.h"
#include "parse.h"
#include "source.h"

typedef struct checked {
    source_set sources;
    diag_list diagnostics;
    ast_node *tree;
    check_summary summary;
    bool found;
    char *messages;    /* "LINE:COL: SEVERITY: MESSAGE\n" for each diagnostic */
} checked;

static void check_text(checked *c, const char *text, const char *variant)
{
    source_set_init(&c->sources);
    diag_init(&c->diagnostics);
    int file = source_set_add(&c->sources, "game.rules", text, strlen(text));
    c->tree = parse_source(&c->sources, file, &c->diagnostics);
    assert_non_null(c->tree);
    assert_int_equal(c->diagnostics.count, 0);   /* the sources here have no syntax errors */
    check_options options = { .variant = variant };
    c->found = check_program(c->tree, &options, &c->diagnostics, &c->summary);
    static const char *names[] = { "error", "warning", "note" };
    size_t size = 0;
    FILE *stream = open_memstream(&c->messages, &size);
    assert_non_null(stream);
    for (int i = 0; i < c->diagnostics.count; i++)
        fprintf(stream, "%d:%d: %s: %s\n", c->diagnostics.items[i].location.line,
                c->diagnostics.items[i].location.column,
                names[c->diagnostics.items[i].severity], c->diagnostics.items[i].message);
    fclose(stream);
}

static void checked_free(checked *c)
{
    free(c->messages);
    ast_free(c->tree);
    diag_free(&c->diagnostics);
    source_set_free(&c->sources);
}

#define MINIMAL \
    "game \"Mini\" {\n"                              \
    "    players white black\n"                      \
    "    board square 8x8\n"                         \
    "    piece man \"M\"\n"                          \
    "    setup {\n"                                  \
    "        white man: a1, c1\n"                    \
    "        black man: f8, h8\n"                    \
    "    }\n"                                        \
    "    moves man {\n"                              \
    "        step forward-left, forward-right\n"     \
    "    }\n"                                        \
    "    end {\n"                                    \
    "        no moves: opponent wins\n"              \
    "    }\n"                                        \
    "}\n"

static void a_minimal_game_has_no_diagnostics(void **state)
{
    (void)state;
    checked c;
    check_text(&c, MINIMAL, NULL);
    assert_string_equal(c.messages, "");
    assert_true(c.found);
    assert_false(c.summary.is_library);
    assert_string_equal(c.summary.game, "Mini");
    assert_int_equal(c.summary.players, 2);
    assert_string_equal(c.summary.board, "8x8 square board");
    assert_int_equal(c.summary.variant_count, 0);
    checked_free(&c);
}

static void games_on_every_kind_of_board(void **state)
{
    (void)state;
    const char *games[] = {
        "game \"Hexes\" {\n"
        "    players red blue green\n"
        "    board hex radius 2\n"
        "    piece stone \"o\"\n"
        "    turn { place stone at empty }\n"
        "    end { count(empty) == 0: draw }\n"
        "}\n",
        "game \"Graph\" {\n"
        "    players north south\n"
        "    board graph {\n"
        "        cells home middle away\n"
        "        link home middle up down\n"
        "        link middle away up down\n"
        "    }\n"
        "    piece runner \"R\"\n"
        "    setup { north runner: home; south runner: away }\n"
        "    moves runner { step up, down to empty }\n"
        "    end { no moves: opponent wins; repetition 3: draw }\n"
        "}\n",
    };
    for (size_t i = 0; i < sizeof games / sizeof *games; i++) {
        checked c;
        check_text(&c, games[i], NULL);
        if (c.messages[0])
            print_error("%s", games[i]);
        assert_string_equal(c.messages, "");
        checked_free(&c);
    }
}

#define WITH_VARIANTS(variants) \
    "game \"Sized\" {\n"                             \
    "    players white black\n"                      \
    "    board square 8x8\n"                         \
    "    piece man \"M\"\n"                          \
    "    setup { white man: a1; black man: h8 }\n"   \
    "    moves man { step forward }\n"               \
    "    end { no moves: opponent wins }\n"          \
    variants                                         \
    "}\n"

/* The summary of a variant says its players and its board, not the main
 * game's (`tabula check --variant 3p mynd.rules` once said 2 players). */
static void the_summary_of_a_variant_is_its_own(void **state)
{
    (void)state;
    const char *text = WITH_VARIANTS("    variant \"three\" {\n"
                                     "        players white black red\n"
                                     "        board square 9x9\n"
                                     "        setup { white man: a1; black man: h8; red man: e5 }\n"
                                     "    }\n");
    checked c;
    check_text(&c, text, NULL);
    assert_string_equal(c.messages, "");
    assert_int_equal(c.summary.players, 2);
    assert_string_equal(c.summary.board, "8x8 square board");
    checked_free(&c);
    check_text(&c, text, "three");
    assert_string_equal(c.messages, "");
    assert_int_equal(c.summary.players, 3);
    assert_string_equal(c.summary.board, "9x9 square board");
    checked_free(&c);
}

static void a_variant_replaces_the_board(void **state)
{
    (void)state;
    /* h8 is on the game's board, not on the variant's */
    const char *text = WITH_VARIANTS("    variant \"small\" { board square 6x6 }\n");
    checked c;
    check_text(&c, text, NULL);
    assert_string_equal(c.messages, "5:39: error: in variant 'small': cell 'h8' is not on the 6x6 square board\n");
    assert_true(c.found);
    assert_int_equal(c.summary.variant_count, 1);
    assert_string_equal(c.summary.variants[0], "small");
    checked_free(&c);
    /* checking only the variant: its own errors, no prefix */
    check_text(&c, text, "small");
    assert_string_equal(c.messages, "5:39: error: cell 'h8' is not on the 6x6 square board\n");
    assert_true(c.found);
    checked_free(&c);
}

static void a_variant_replaces_statements_of_the_same_kind_and_name(void **state)
{
    (void)state;
    /* a bigger board and a setup that needs it: replaced, not added (no
     * "declared twice"), and the game's own setup is not checked against
     * the variant's board */
    checked c;
    check_text(&c, WITH_VARIANTS("    variant \"big\" {\n"
                                 "        board square 10x10\n"
                                 "        setup { white man: a1; black man: j10 }\n"
                                 "        moves man { step forward, backward }\n"
                                 "        piece king \"K\"\n"
                                 "        moves king { step all }\n"
                                 "        end { no moves: opponent wins; repetition 3: draw }\n"
                                 "    }\n"),
               NULL);
    /* the added king is never used in the variant */
    assert_string_equal(c.messages,
                        "12:15: warning: in variant 'big': piece type 'king' is declared but never used\n");
    checked_free(&c);
    /* the variant's setup does not reach the game */
    check_text(&c, WITH_VARIANTS("    variant \"big\" {\n"
                                 "        board square 10x10\n"
                                 "        setup { white man: a1; black man: j10 }\n"
                                 "    }\n"),
               NULL);
    assert_string_equal(c.messages, "");
    checked_free(&c);
}

static void variants_at_the_top_level_change_the_game(void **state)
{
    (void)state;
    checked c;
    check_text(&c, WITH_VARIANTS("") "variant \"small\" { board square 4x4 }\n", "small");
    assert_string_equal(c.messages, "5:39: error: cell 'h8' is not on the 4x4 square board\n");
    assert_true(c.found);
    checked_free(&c);
}

/* What `rules` at the prompt says each statement of a variant does: the
 * game's statement of the same kind (and name) replaced, a block extended,
 * or one the game lacks added; a top-level macro counts as the game's. */
static void a_variant_replaces_extends_or_adds(void **state)
{
    (void)state;
    checked c;
    check_text(&c,
               "define reach = step forward-left, forward-right\n"
               "game \"Mini\" {\n"
               "    players white black\n"
               "    board square 8x8\n"
               "    piece man \"M\"\n"
               "    setup { white man: a1; black man: h8 }\n"
               "    moves man { reach }\n"
               "    end { no moves: opponent wins }\n"
               "    variant \"v\" {\n"
               "        board square 6x6\n"
               "        piece man \"N\"\n"
               "        piece king \"K\"\n"
               "        extend setup { white king: b1 }\n"
               "        moves king { reach }\n"
               "        define reach = step forward\n"
               "        display { white colour red }\n"
               "    }\n"
               "}\n",
               NULL);
    const ast_node *game = c.tree->children[1];
    const ast_node *variant = game->children[0]->children[6];
    assert_int_equal(variant->kind, AST_VARIANT);
    const ast_node *const *statements = (const ast_node *const *)variant->children[0]->children;
    assert_int_equal(check_variant_change(c.tree, statements[0]), CHECK_REPLACES);  /* board */
    assert_int_equal(check_variant_change(c.tree, statements[1]), CHECK_REPLACES);  /* piece man */
    assert_int_equal(check_variant_change(c.tree, statements[2]), CHECK_ADDS);      /* piece king */
    assert_int_equal(check_variant_change(c.tree, statements[3]), CHECK_EXTENDS);   /* extend setup */
    assert_int_equal(check_variant_change(c.tree, statements[4]), CHECK_ADDS);      /* moves king */
    assert_int_equal(check_variant_change(c.tree, statements[5]), CHECK_REPLACES);  /* define reach */
    assert_int_equal(check_variant_change(c.tree, statements[6]), CHECK_ADDS);      /* display: the game has none */
    checked_free(&c);
}

static void an_unknown_variant(void **state)
{
    (void)state;
    checked c;
    check_text(&c, WITH_VARIANTS("    variant \"small\" { board square 6x6 }\n"), "smal");
    assert_false(c.found);
    assert_int_equal(c.diagnostics.errors, 1);
    assert_int_equal(c.diagnostics.items[0].location.file, -1);
    assert_string_equal(c.diagnostics.items[0].message, "'Sized' has no variant 'smal'");
    assert_string_equal(c.diagnostics.items[0].hint, "did you mean 'small'?");
    checked_free(&c);
}

static void a_library_has_no_game(void **state)
{
    (void)state;
    checked c;
    check_text(&c,
               "define home(p) = rank 1 of p\n"
               "piece king \"K\" { step all }\n"
               "directions knight = (1, 2), (2, 1)\n"
               "pattern pair { @ n: friend }\n",
               NULL);
    assert_string_equal(c.messages, "");
    assert_true(c.found);
    assert_true(c.summary.is_library);
    assert_int_equal(c.summary.definitions, 4);
    checked_free(&c);
    check_text(&c, "# nothing\n", NULL);
    assert_string_equal(c.messages, "1:1: error: no game in this file\n");
    checked_free(&c);
}

static void a_piece_adopts_a_template(void **state)
{
    (void)state;
    checked c;
    check_text(&c,
               "piece king \"K\" \"k\" {\n"
               "    step all\n"
               "}\n"
               "game \"Kings\" {\n"
               "    players white black\n"
               "    board square 4x4\n"
               "    piece king\n"
               "    setup { white king: a1; black king: d4 }\n"
               "    end { no moves: opponent wins; repetition 3: draw }\n"
               "}\n",
               NULL);
    assert_string_equal(c.messages, "");
    checked_free(&c);
    check_text(&c,
               "game \"Kings\" {\n"
               "    players white black\n"
               "    board square 4x4\n"
               "    piece king\n"
               "    setup { white king: a1; black king: d4 }\n"
               "    end { no moves: opponent wins }\n"
               "}\n",
               NULL);
    assert_string_equal(c.messages, "4:11: error: no piece template named 'king'\n");
    checked_free(&c);
}

static void macros_are_expanded(void **state)
{
    (void)state;
    checked c;
    check_text(&c,
               "define home(r) = rank r\n"
               "game \"Macros\" {\n"
               "    players white black\n"
               "    board square 8x8\n"
               "    piece man \"M\"\n"
               "    define far = rank 9\n"
               "    setup { white man: home(1); black man: far }\n"
               "    moves man { step forward }\n"
               "    end { no moves: opponent wins }\n"
               "}\n",
               NULL);
    /* the error is reported where the macro's body says rank 9 */
    assert_string_equal(c.messages, "6:23: error: rank 9 is not on the board (rank 1 to 8)\n");
    checked_free(&c);
}

static void whole_game_reports(void **state)
{
    (void)state;
    checked c;
    check_text(&c, "game \"Empty\" {\n}\n", NULL);
    assert_string_equal(c.messages,
                        "1:1: error: the game declares no players\n"
                        "1:1: error: the game has no board\n"
                        "1:1: error: the game has no end condition\n");
    checked_free(&c);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(a_minimal_game_has_no_diagnostics),
        cmocka_unit_test(games_on_every_kind_of_board),
        cmocka_unit_test(a_variant_replaces_the_board),
        cmocka_unit_test(the_summary_of_a_variant_is_its_own),
        cmocka_unit_test(a_variant_replaces_statements_of_the_same_kind_and_name),
        cmocka_unit_test(variants_at_the_top_level_change_the_game),
        cmocka_unit_test(a_variant_replaces_extends_or_adds),
        cmocka_unit_test(an_unknown_variant),
        cmocka_unit_test(a_library_has_no_game),
        cmocka_unit_test(a_piece_adopts_a_template),
        cmocka_unit_test(macros_are_expanded),
        cmocka_unit_test(whole_game_reports),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
