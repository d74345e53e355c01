/* test_notation: every move of every shipped game prints as a text that
 * reads back to that move and no other, and every position string reads
 * back to the same string, along seeded random games; and shortened texts
 * read as the moves they start, written out by hand from the rules. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "game/game.h"
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


/* Plays one seeded random game of NAME, checking texts at every ply. */
static void check_game(const char *name, const char *variant, uint64_t seed)
{
    game *g = shipped_game(name, variant);
    assert_non_null(g);
    movegen *m = movegen_new(g);
    position *p = malloc(sizeof *p), *copy = malloc(sizeof *copy);
    move_list list;
    assert_non_null(m);
    assert_true(p && copy && pos_init(p, g) && pos_init(copy, g) && move_list_init(&list));
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
        game_result result;
        movegen_result(m, p, &list, &result);
        if (result.over || list.count == 0)
            break;
        undo u;
        move_make(p, &list, (int)rng_below(&seed, (uint32_t)list.count), &u);
        pos_commit(p);
    }
    move_list_free(&list);
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

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(every_game),
        cmocka_unit_test(variants),
        cmocka_unit_test(shortened),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
