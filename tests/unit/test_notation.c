/* test_notation: every move of every shipped game prints as a text that
 * reads back to that move and no other (in algebraic notation too, where
 * the game declares it), and every position string reads back to the same
 * string, along seeded random games; shortened texts read as the moves
 * they start; and chess moves in algebraic notation, written out by hand
 * from the FIDE Laws (Appendix C), read and written. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "game/game.h"
#include "movegen/algebraic.h"
#include "movegen/movegen.h"
#include "movegen/notation.h"
#include "game/posstring.h"
#include "shipped_game.h"
#include "game/rng.h"

static const char *const games[] = {
    "amazons", "breakthrough", "checkers", "chess", "connect4", "desdemona", "gtbm", "hex",
    "mynd", "othello", "sapos", "sato", "superial", "tictactoe",
};

#define PLIES 120


/* In a game of algebraic notation, at the position P (BEFORE as a string)
 * whose moves are LIST: every move's algebraic text is its own and reads
 * back as that move, and its marked text is that text and a mark, the
 * position as it was. */
static void check_algebraic(const char *name, movegen *m, position *p, const move_list *list,
                            move_list *replies, const char *before)
{
    static char texts[MOVELIST_MAX_MOVES][128];
    for (int i = 0; i < list->count; i++) {
        algebraic_move(p->game, list, i, texts[i], sizeof texts[i]);
        for (int k = 0; k < i; k++)
            if (!strcmp(texts[i], texts[k]))
                fail_msg("%s: two moves are written '%s' in algebraic notation in %s", name, texts[i], before);
        int found = -1;
        if (algebraic_find(p->game, list, texts[i], &found) != NOTATION_FOUND || found != i)
            fail_msg("%s: '%s' does not read back as itself in %s", name, texts[i], before);
        uint64_t hash = p->hash;
        char marked[160];
        algebraic_marked(m, p, list, i, replies, marked, sizeof marked);
        size_t n = strlen(texts[i]);
        if (strncmp(marked, texts[i], n) || (marked[n] && strcmp(marked + n, "+") && strcmp(marked + n, "#")))
            fail_msg("%s: '%s' is marked '%s' in %s", name, texts[i], marked, before);
        if (p->hash != hash)
            fail_msg("%s: marking '%s' changed the position %s", name, texts[i], before);
        if (marked[n] && algebraic_find(p->game, list, marked, &found) != NOTATION_FOUND)
            fail_msg("%s: '%s' does not read back with its mark in %s", name, marked, before);
    }
}

/* Plays one seeded random game of NAME, checking texts at every ply. */
static void check_game(const char *name, const char *variant, uint64_t seed)
{
    game *g = shipped_game(name, variant);
    assert_non_null(g);
    movegen *m = movegen_new(g);
    position *p = malloc(sizeof *p), *copy = malloc(sizeof *copy);
    move_list list, replies;
    assert_non_null(m);
    assert_true(p && copy && pos_init(p, g) && pos_init(copy, g) && move_list_init(&list)
                && move_list_init(&replies));
    static char texts[MOVELIST_MAX_MOVES][128];
    for (int ply = 0; ply < PLIES; ply++) {
        movegen_generate(m, p, &list);
        char before[8192], again[8192], error[256];
        posstring_write(p, before, sizeof before);
        if (!posstring_read(copy, before, error, sizeof error))
            fail_msg("%s: '%s' does not read back: %s", name, before, error);
        posstring_write(copy, again, sizeof again);
        if (strcmp(before, again))
            fail_msg("%s: '%s' reads back as '%s'", name, before, again);
        for (int i = 0; i < list.count; i++) {
            notation_move(g, &list, i, texts[i], sizeof texts[i]);
            for (int k = 0; k < i; k++)
                if (!strcmp(texts[i], texts[k]))
                    fail_msg("%s%s%s: two moves print as '%s' in %s", name, variant ? " " : "",
                             variant ? variant : "", texts[i], before);
            int found = -1;
            if (notation_find(g, &list, texts[i], &found) != NOTATION_FOUND || found != i)
                fail_msg("%s: '%s' does not read back as itself in %s", name, texts[i], before);
        }
        if (g->notation == GAME_NOTATION_ALGEBRAIC)
            check_algebraic(name, m, p, &list, &replies, before);
        game_result result;
        movegen_result(m, p, &list, &result);
        if (result.over || list.count == 0)
            break;
        undo u;
        move_make(p, &list, (int)rng_below(&seed, (uint32_t)list.count), &u);
        pos_commit(p);
    }
    move_list_free(&list);
    move_list_free(&replies);
    pos_free(p);
    pos_free(copy);
    free(p);
    free(copy);
    movegen_free(m);
    game_free(g);
}

static void every_game(void **state)
{
    (void)state;
    for (size_t i = 0; i < sizeof games / sizeof *games; i++)
        for (uint64_t seed = 1; seed <= 3; seed++)
            check_game(games[i], NULL, rng_seed(seed));
}

static void variants(void **state)
{
    (void)state;
    static const char *const pairs[][2] = {
        { "sato", "line-only" }, { "sato", "deep6" }, { "gtbm", "16x16" }, { "desdemona", "8x8" },
        { "mynd", "3p" }, { "mynd", "4p" }, { "superial", "random-moves" }, { "hex", "9x9" },
    };
    for (size_t i = 0; i < sizeof pairs / sizeof *pairs; i++)
        check_game(pairs[i][0], pairs[i][1], rng_seed(7));
}

/* TEXT read among the moves of NAME's start: MATCH, and the text of the
 * move it names or of the first candidate (NULL: none). */
static void reads(const char *name, const char *text, notation_match match, const char *first)
{
    game *g = shipped_game(name, NULL);
    assert_non_null(g);
    movegen *m = movegen_new(g);
    position *p = malloc(sizeof *p);
    move_list list;
    assert_true(m && p && pos_init(p, g) && move_list_init(&list));
    movegen_generate(m, p, &list);
    int index = -2;
    notation_match got = notation_find(g, &list, text, &index);
    char named[512] = "(none)";
    if (index >= 0)
        notation_move(g, &list, index, named, sizeof named);
    if (got != match || (first ? index < 0 || strcmp(named, first) : index != -1))
        fail_msg("%s: '%s' read as %d, %s; expected %d, %s", name, text, (int)got, named, (int)match,
                 first ? first : "(none)");
    move_list_free(&list);
    pos_free(p);
    free(p);
    movegen_free(m);
    game_free(g);
}

static void shortened(void **state)
{
    (void)state;
    /* Desdemona's black pawns on b2 and f2 slide in eight directions, then
     * place a stone in sight: b2-b3 is the first part of 18 moves, listed
     * from S@b1 on */
    reads("desdemona", "b2-b3 S@d1", NOTATION_FOUND, "b2-b3 S@d1");
    reads("desdemona", "b2-b3", NOTATION_PARTS, "b2-b3 S@b1");
    reads("desdemona", "b2-b3 ", NOTATION_AMBIGUOUS, "b2-b3 S@b1");
    reads("desdemona", "b2-b", NOTATION_AMBIGUOUS, "b2-b3 S@b1");      /* b3, b4, b5 */
    reads("desdemona", "b2-b3 S@b", NOTATION_AMBIGUOUS, "b2-b3 S@b1"); /* b1, b2, b4, b5 */
    reads("desdemona", "b2-b3 S@g", NOTATION_FOUND, "b2-b3 S@g3");     /* g3 alone */
    reads("desdemona", "b2-b3 S@g4", NOTATION_NONE, NULL);             /* not in sight */
    reads("desdemona", "", NOTATION_NONE, NULL);
    /* Get thee behind me: b1 steps to a2 or c2 */
    reads("gtbm", "b1", NOTATION_AMBIGUOUS, "b1-a2");
    reads("gtbm", "b1-c", NOTATION_FOUND, "b1-c2");
}

/* A chess position (FEN), or the start of another game (FEN NULL), with
 * its legal moves. */
typedef struct at_position {
    game *g;
    movegen *m;
    position *p;
    move_list list, replies;
} at_position;

static void open_at(at_position *at, const char *rules, const char *fen)
{
    at->g = tree_game(rules, NULL);
    assert_non_null(at->g);
    at->m = movegen_new(at->g);
    at->p = malloc(sizeof *at->p);
    assert_true(at->m && at->p && pos_init(at->p, at->g) && move_list_init(&at->list)
                && move_list_init(&at->replies));
    char error[256];
    if (fen && !posstring_read(at->p, fen, error, sizeof error))
        fail_msg("'%s': %s", fen, error);
    movegen_generate(at->m, at->p, &at->list);
}

static void close_at(at_position *at)
{
    move_list_free(&at->list);
    move_list_free(&at->replies);
    pos_free(at->p);
    free(at->p);
    movegen_free(at->m);
    game_free(at->g);
}

/* The index of the move written PATH in Tabula's notation. */
static int move_by_path(const at_position *at, const char *path)
{
    char text[512];
    for (int i = 0; i < at->list.count; i++) {
        notation_move(at->g, &at->list, i, text, sizeof text);
        if (!strcmp(text, path))
            return i;
    }
    fail_msg("no move %s", path);
    return -1;
}

/* In the position FEN of RULES, each move given by its path in Tabula's
 * notation is written, marked, as the text after it: pairs of strings,
 * then NULL. */
static void writes_in(const char *rules, const char *fen, ...)
{
    at_position at;
    open_at(&at, rules, fen);
    va_list pairs;
    va_start(pairs, fen);
    for (const char *path; (path = va_arg(pairs, const char *));) {
        const char *expected = va_arg(pairs, const char *);
        char text[160];
        algebraic_marked(at.m, at.p, &at.list, move_by_path(&at, path), &at.replies, text, sizeof text);
        if (strcmp(text, expected))
            fail_msg("%s in %s is written '%s', not '%s'", path, fen ? fen : rules, text, expected);
    }
    va_end(pairs);
    close_at(&at);
}

#define writes(fen, ...) writes_in("games/chess.rules", fen, __VA_ARGS__, NULL)

static void algebraic_writing(void **state)
{
    (void)state;
    /* the start: a knight and a pawn of each kind of move */
    writes("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
           "g1-f3", "Nf3", "e2-e4", "e4", "e2-e3", "e3", "b1-a3", "Na3");
    /* two knights reach d2: told apart by file (b1 and f3); c3 and e5 are
     * the b1 knight's and the f3 knight's alone */
    writes("4k3/8/8/8/8/5N2/8/1N2K3 w - - 0 1",
           "b1-d2", "Nbd2", "f3-d2", "Nfd2", "b1-c3", "Nc3", "f3-e5", "Ne5", "e1-d2", "Kd2");
    /* two rooks on the a-file reach a3: by rank; a8 and e5 check the king
     * on e8 along the eighth rank and the e-file */
    writes("4k3/8/8/R7/8/8/8/R3K3 w - - 0 1",
           "a1-a3", "R1a3", "a5-a3", "R5a3", "a5-a8", "Ra8+", "a5-e5", "Re5+", "a1-d1", "Rd1");
    /* three queens reach e1: h4 shares a file with h1 and a rank with e4,
     * so it needs both; e4 (on the e-file alone) its file, h1 its rank */
    writes("8/8/k7/8/4Q2Q/8/8/K6Q w - - 0 1",
           "h4-e1", "Qh4e1", "e4-e1", "Qee1", "h1-e1", "Q1e1", "e4-e2", "Qe2+");
    /* pawns' captures name their file: two pawns take on d5 */
    writes("4k3/8/8/3p4/2P1P3/8/8/4K3 w - - 0 1",
           "e4xd5", "exd5", "c4xd5", "cxd5", "e4-e5", "e5");
    /* en passant: the pawn that just went d7-d5 is taken from e5 */
    writes("4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 1",
           "e5-d6xd5", "exd6", "e5-e6", "e6");
    /* promotion with and without a capture, the new piece's check: a queen
     * or rook on e8 sees g8 past the empty f8, one on d8 is stopped by the
     * rook on e8 */
    writes("4r1k1/3P4/8/8/8/8/8/K7 w - - 0 1",
           "d7xe8=Q", "dxe8=Q+", "d7xe8=R", "dxe8=R+", "d7xe8=B", "dxe8=B", "d7xe8=N", "dxe8=N",
           "d7-d8=Q", "d8=Q", "d7-d8=N", "d8=N");
    writes("4k3/P7/8/8/8/8/8/4K3 w - - 0 1", "a7-a8=Q", "a8=Q+", "a7-a8=N", "a8=N");
    /* castling both ways, each side: the rook on d1 checks the king on d8 */
    writes("3k4/8/8/8/8/8/8/R3K2R w KQ - 0 1",
           "e1-g1", "O-O", "e1-c1", "O-O-O+", "e1-f1", "Kf1", "h1-h8", "Rh8+");
    writes("r3k2r/8/8/8/8/8/8/4K3 b kq - 0 1", "e8-g8", "O-O", "e8-c8", "O-O-O", "a8-a1", "Ra1+");
    /* mates: the scholar's, and on the back rank */
    writes("r1bqkb1r/pppp1ppp/2n2n2/4p2Q/2B1P3/8/PPPP1PPP/RNB1K1NR w KQkq - 4 4",
           "h5xf7", "Qxf7#", "c4xf7", "Bxf7+", "h5xe5", "Qxe5+", "h5xh7", "Qxh7");
    writes("6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1", "a1-a8", "Ra8#", "a1-a7", "Ra7");
    /* another game that declares it: its letters, its pawn, a placement
     * in Tabula's notation */
    writes_in("tests/valid/notation-algebraic.rules", NULL, "a1-a2", "Ka2", "b2-b3", "b3", "b2xc3", "bxc3",
              "S@b1", "S@b1", NULL);
}

/* In the chess position FEN, TEXT read in algebraic notation is MATCH,
 * naming the move whose path is PATH (NULL: none). */
static void reads_algebraic(const char *fen, const char *text, notation_match match, const char *path)
{
    at_position at;
    open_at(&at, "games/chess.rules", fen);
    int index = -2;
    notation_match got = algebraic_find(at.g, &at.list, text, &index);
    char named[512] = "(none)";
    if (index >= 0)
        notation_move(at.g, &at.list, index, named, sizeof named);
    if (got != match || (path && (index < 0 || strcmp(named, path))) || (!path && match == NOTATION_NONE && index != -1))
        fail_msg("'%s' read as %d, %s; expected %d, %s", text, (int)got, named, (int)match, path ? path : "(none)");
    close_at(&at);
}

static void algebraic_reading(void **state)
{
    (void)state;
    const char *knights = "4k3/8/8/8/8/5N2/8/1N2K3 w - - 0 1";
    reads_algebraic(knights, "Nd2", NOTATION_AMBIGUOUS, "b1-d2");   /* Nbd2 or Nfd2 */
    reads_algebraic(knights, "Nbd2", NOTATION_FOUND, "b1-d2");
    reads_algebraic(knights, "N1d2", NOTATION_FOUND, "b1-d2");      /* more than it needs: still one */
    reads_algebraic(knights, "Nb1d2", NOTATION_FOUND, "b1-d2");
    reads_algebraic(knights, "Nfd2+", NOTATION_FOUND, "f3-d2");     /* a mark it does not have: dropped */
    reads_algebraic(knights, "Nbc3!?", NOTATION_FOUND, "b1-c3");
    reads_algebraic(knights, "nbd2", NOTATION_NONE, NULL);          /* n is a file, not a knight */
    reads_algebraic(knights, "Nd4", NOTATION_FOUND, "f3-d4");
    reads_algebraic(knights, "Nd3", NOTATION_NONE, NULL);
    reads_algebraic(knights, "", NOTATION_NONE, NULL);
    const char *rooks = "4k3/8/8/R7/8/8/8/R3K3 w - - 0 1";
    reads_algebraic(rooks, "Ra3", NOTATION_AMBIGUOUS, "a1-a3");
    reads_algebraic(rooks, "Raa3", NOTATION_AMBIGUOUS, "a1-a3");    /* both on the a-file */
    reads_algebraic(rooks, "R5a3", NOTATION_FOUND, "a5-a3");
    const char *promotion = "4r1k1/3P4/8/8/8/8/8/K7 w - - 0 1";
    reads_algebraic(promotion, "dxe8=N", NOTATION_FOUND, "d7xe8=N");
    reads_algebraic(promotion, "dxe8N", NOTATION_FOUND, "d7xe8=N");
    reads_algebraic(promotion, "d8Q", NOTATION_FOUND, "d7-d8=Q");
    reads_algebraic(promotion, "d8", NOTATION_NONE, NULL);          /* a promotion names its piece */
    reads_algebraic(promotion, "Bxe8", NOTATION_NONE, NULL);
    const char *castles = "3k4/8/8/8/8/8/8/R3K2R w KQ - 0 1";
    reads_algebraic(castles, "O-O", NOTATION_FOUND, "e1-g1");
    reads_algebraic(castles, "0-0", NOTATION_FOUND, "e1-g1");
    reads_algebraic(castles, "0-0-0+", NOTATION_FOUND, "e1-c1");
    reads_algebraic(castles, "Kg1", NOTATION_NONE, NULL);           /* castling is written O-O */
    const char *passing = "4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 1";
    reads_algebraic(passing, "exd6", NOTATION_FOUND, "e5-d6xd5");
    reads_algebraic(passing, "exd6 e.p.", NOTATION_FOUND, "e5-d6xd5");
    reads_algebraic(passing, "ed6", NOTATION_NONE, NULL);           /* a capture is written with x */
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(every_game),
        cmocka_unit_test(variants),
        cmocka_unit_test(shortened),
        cmocka_unit_test(algebraic_writing),
        cmocka_unit_test(algebraic_reading),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
