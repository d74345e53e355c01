/* test_score: the scores the end rules compare, worked out by hand from the
 * designers' texts, in positions set up as position strings.  Mynd's
 * "forming the trunk" (territory(player, home), games/mynd.rules): an area
 * is walled by the player's pegs, holds or touches the player's starting
 * cell or touches no edge, holds no other player's starting cell; its empty
 * cells count, other players' pegs inside it neither break it nor count,
 * and a cell in the areas of two players counts for neither. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>

#include <cmocka.h>

#include "game/game.h"
#include "game/posstring.h"
#include "movegen/movegen.h"
#include "shipped_game.h"

/* The scores of the players of NAME (VARIANT) in POSITION into SCORES. */
static void scores_of(const char *name, const char *variant, const char *text, long *scores)
{
    game *g = shipped_game(name, variant);
    assert_non_null(g);
    movegen *m = movegen_new(g);
    position *p = malloc(sizeof *p);
    assert_true(m && p && pos_init(p, g));
    char error[256];
    if (!posstring_read(p, text, error, sizeof error))
        fail_msg("'%s' does not read: %s", text, error);
    for (int q = 0; q < g->player_count; q++)
        scores[q] = movegen_score(m, p, q);
    pos_free(p);
    free(p);
    movegen_free(m);
    game_free(g);
}

static void expect_scores(const char *variant, const char *text, const long *expected, int players)
{
    long scores[GAME_MAX_PLAYERS];
    scores_of("mynd", variant, text, scores);
    for (int q = 0; q < players; q++)
        if (scores[q] != expected[q])
            fail_msg("mynd%s%s '%s': player %d scores %ld, not %ld", variant ? " " : "", variant ? variant : "",
                     text, q + 1, scores[q], expected[q]);
}

/* "an area contained by a continuous line of pieces (and/or the edges of
 * the board) ... which includes the first corner piece": Black's pegs a1
 * a3 b3 c3 c2 c1 wall off a2 b1 b2, which touch Black's corner a1: 3.
 * Everything else is one region of cells without Black's pegs; it holds
 * White's corner k11, so it is no area of Black's.  White's one peg walls
 * nothing off: all the cells without it are one region, which holds
 * Black's corner: 0. */
static void the_trunk_from_the_corner(void **state)
{
    (void)state;
    expect_scores(NULL, "10W/11/11/11/11/11/11/11/BBB8/2B8/B1B8 b B14/W19 0 20", (long[]){ 3, 0 }, 2);
}

/* "excluding pieces of other players": a White peg on b2 inside Black's
 * area neither breaks it nor counts; Black scores a2 and b1.  White's own
 * regions: b2 is walled by nothing of White's, and every cell without a
 * White peg is one region with Black's corner in it: 0. */
static void other_pegs_inside_do_not_count(void **state)
{
    (void)state;
    expect_scores(NULL, "10W/11/11/11/11/11/11/11/BBB8/1WB8/B1B8 b B14/W18 0 20", (long[]){ 2, 0 }, 2);
}

/* "or in a self-contained cell in the interior of the board": Black's
 * pegs e6 g6 f5 f7 shut in f6, which touches no edge and holds no corner:
 * 1 for Black, who has no trunk at a1 (its peg there alone walls nothing
 * off). */
static void a_cell_in_the_interior(void **state)
{
    (void)state;
    expect_scores(NULL, "10W/11/11/11/5B5/4B1B4/5B5/11/11/11/B10 b B15/W19 0 20", (long[]){ 1, 0 }, 2);
}

/* "Areas surrounded by one player's counters, if subsequently surrounded
 * by those of another, will not count towards either player scores":
 * White rings Black's ring round f6 (d6 h6 f4 f8 and e5 g5 e7 g7).  Inside
 * White's ring the cells without White's pegs are Black's four pegs and
 * f6, touching no edge: White's area, with one empty cell, f6, which is
 * Black's area too: it counts for neither. */
static void nested_areas_count_for_nobody(void **state)
{
    (void)state;
    expect_scores(NULL, "10W/11/11/5W5/4WBW4/3WB1BW3/4WBW4/5W5/11/11/B10 b B15/W11 0 20", (long[]){ 0, 0 }, 2);
}

/* A region on the edge that neither holds nor touches the player's own
 * corner is no area: Black's pegs a9 b9 b10 b11 wall off a10 and a11 (a
 * corner, but no one's home in the two-player game): 0 for Black, where
 * the reading before the revision (territory(player): empty regions
 * bordered by one player's pegs and the edge) gave 2. */
static void an_edge_area_away_from_home_is_not_one(void **state)
{
    (void)state;
    expect_scores(NULL, "1B8W/1B9/BB9/11/11/11/11/11/11/11/B10 b B15/W19 0 20", (long[]){ 0, 0 }, 2);
}

/* Four players, one in each corner (variant 4p).  Blue (home a11) has
 * pegs a11 b11 b10 a9, which wall off a10, next to Blue's corner: 1.  Red
 * (home k1) has k1 j1 j2 k2, which wall off nothing.  Black and White have
 * their corner pegs alone.  For each of Red, Black and White every cell
 * without its pegs is one region, holding the others' corners: 0. */
static void four_players_each_from_its_corner(void **state)
{
    (void)state;
    expect_scores("4p", "LL8W/1L9/L10/11/11/11/11/11/11/9RR/B8RR black B18/W18/R15/L15 0 20", (long[]){ 0, 0, 0, 1 }, 4);
}

/* Three players (variant 3p): the third's home is "the middle of the far
 * edge" (seed-games.md), f11 on 11x11.  Red's pegs d11 f11 h11 d10 h10 e9
 * f9 g9 wall off e11 e10 f10 g10 g11, which touch Red's home f11 (its peg
 * there): an area, on the edge but holding no other player's home.  Black's
 * peg on f10 inside neither breaks it nor counts: 4 for Red.  Black (a1)
 * and White (k1) with their corner pegs alone wall off nothing: 0.  The
 * same pegs a file east (e11 g11 i11 e10 i10 f9 g9 h9, Black's on g10):
 * the area f11 f10 g10 h10 h11 holds Red's home, empty now: 4 again. */
static void three_players_the_third_from_the_middle_of_the_far_edge(void **state)
{
    (void)state;
    expect_scores("3p", "3R1R1R3/3R1B1R3/4RRR4/11/11/11/11/11/11/11/B9W b B18/W19/R12 0 21", (long[]){ 0, 0, 4 }, 3);
    expect_scores("3p", "4R1R1R2/4R1B1R2/5RRR3/11/11/11/11/11/11/11/B9W b B18/W19/R12 0 21", (long[]){ 0, 0, 4 }, 3);
}

/* The same on 19x19, with the variants composed (4p+19x19) and as the
 * variant for the pair (4p-19x19): the homes are named from the board's
 * sides (top rank & left file is a19), so Blue's pegs a19 b19 b18 a17
 * wall off a18, next to its corner: 1; Red's s1 r1 r2 s2 nothing. */
static void four_players_on_19x19_composed(void **state)
{
    (void)state;
    static const char *const pegs = "LL16W/1L17/L18/19/19/19/19/19/19/19/19/19/19/19/19/19/19/17RR/B16RR black "
                                        "B58/W58/R55/L55 0 20";
    expect_scores("4p+19x19", pegs, (long[]){ 0, 0, 0, 1 }, 4);
    expect_scores("4p-19x19", pegs, (long[]){ 0, 0, 0, 1 }, 4);
}

/* One generator scoring the positions above one after another, forwards
 * and back, gives each its own scores: the generator keeps each player's
 * areas from the last position it scored (home_areas), for the next that
 * has the same pegs of that player.  The first two share Black's pegs and
 * differ by White's peg on b2, inside Black's area: 3 and then 2. */
static void one_generator_scores_position_after_position(void **state)
{
    (void)state;
    static const struct { const char *text; long black, white; } cases[] = {
        { "10W/11/11/11/11/11/11/11/BBB8/2B8/B1B8 b B14/W19 0 20", 3, 0 },
        { "10W/11/11/11/11/11/11/11/BBB8/1WB8/B1B8 b B14/W18 0 20", 2, 0 },
        { "10W/11/11/11/5B5/4B1B4/5B5/11/11/11/B10 b B15/W19 0 20", 1, 0 },
        { "10W/11/11/5W5/4WBW4/3WB1BW3/4WBW4/5W5/11/11/B10 b B15/W11 0 20", 0, 0 },
        { "1B8W/1B9/BB9/11/11/11/11/11/11/11/B10 b B15/W19 0 20", 0, 0 },
    };
    int n = (int)(sizeof cases / sizeof *cases);
    game *g = shipped_game("mynd", NULL);
    assert_non_null(g);
    movegen *m = movegen_new(g);
    position *p = malloc(sizeof *p);
    assert_true(m && p && pos_init(p, g));
    for (int k = 0; k < 2 * n; k++) {
        int i = k < n ? k : 2 * n - 1 - k;
        char error[256];
        if (!posstring_read(p, cases[i].text, error, sizeof error))
            fail_msg("'%s' does not read: %s", cases[i].text, error);
        long black = movegen_score(m, p, 0), white = movegen_score(m, p, 1);
        if (black != cases[i].black || white != cases[i].white)
            fail_msg("'%s' scored after %d others: %ld and %ld, not %ld and %ld", cases[i].text, k, black, white,
                     cases[i].black, cases[i].white);
    }
    pos_free(p);
    free(p);
    movegen_free(m);
    game_free(g);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(the_trunk_from_the_corner),
        cmocka_unit_test(other_pegs_inside_do_not_count),
        cmocka_unit_test(a_cell_in_the_interior),
        cmocka_unit_test(nested_areas_count_for_nobody),
        cmocka_unit_test(an_edge_area_away_from_home_is_not_one),
        cmocka_unit_test(four_players_each_from_its_corner),
        cmocka_unit_test(four_players_on_19x19_composed),
        cmocka_unit_test(three_players_the_third_from_the_middle_of_the_far_edge),
        cmocka_unit_test(one_generator_scores_position_after_position),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
