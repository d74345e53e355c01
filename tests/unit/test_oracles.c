/* test_oracles: tabula's perft against independent counts.  Seeded random
 * games of each game below are played by tabula; at every ply the position
 * is written as a position string, and its move sequences to a depth are
 * counted twice: by tabula, as `tabula perft` counts them (every move made
 * and unmade above the last ply, the last ply counted by movegen_sample),
 * and by a small program that knows only that game and reads the string
 * (tests/oracles/).  Hand-counted first plies check what a designer thought
 * of; positions deep in random games reach what nobody did (a friend hopped
 * twice, a player who can only pass while the other may only capture). */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "game/game.h"
#include "game/posstring.h"
#include "game/rng.h"
#include "movegen/movegen.h"
#include "../oracles/oracles.h"
#include "shipped_game.h"

#define MAX_DEPTH 3

typedef struct oracle_case {
    const char *name, *variant;
    long long (*count)(const char *text, int depth, bool big);
    bool big;           /* passed to COUNT: the larger board of the game */
    int depth;          /* counted at every ply */
    int games, plies;   /* random games of at most PLIES plies */
} oracle_case;

static long long sapos(const char *text, int depth, bool big)
{
    (void)big;
    return sapos_perft(text, depth);
}

static long long superial4(const char *text, int depth, bool big)
{
    (void)big;
    return superial4_perft(text, depth);
}

static long long lasca(const char *text, int depth, bool big)
{
    (void)big;
    return lasca_perft(text, depth);
}

static long long kalah(const char *text, int depth, bool big)
{
    (void)big;
    return kalah_perft(text, depth);
}

static long long tak(const char *text, int depth, bool big)
{
    (void)big;
    return tak_perft(text, depth);
}

static long long xiangqi(const char *text, int depth, bool big)
{
    (void)big;
    return xiangqi_perft(text, depth);
}

/* The move sequences of DEPTH moves from P, as cli_perft.c counts them: a
 * game over has none below it.  -1 when a list reached a limit of the
 * generator (the count would be short, as tabula perft says). */
static long long tabula_perft(movegen *m, position *p, move_list *lists, int depth)
{
    move_list *list = &lists[0];
    int count = 0;
    if (depth == 1)
        count = movegen_sample(m, p, list, NULL);
    else
        movegen_generate(m, p, list);
    if (list->overflow)
        return -1;
    game_result result;
    movegen_result(m, p, list, &result);
    if (result.over)
        return 0;
    if (depth == 1)
        return count;
    long long nodes = 0;
    for (int i = 0; i < list->count; i++) {
        undo u;
        move_make(p, list, i, &u);
        long long below = tabula_perft(m, p, lists + 1, depth - 1);
        pos_unmake(p, &u);
        if (below < 0)
            return -1;
        nodes += below;
    }
    return nodes;
}

/* Plays C's random games, comparing the counts at every ply; returns how
 * many positions were compared, and in *LIMITED how many were not, their
 * moves past a limit of the generator. */
static int compare_games(const oracle_case *c, int *limited)
{
    game *g = shipped_game(c->name, c->variant);
    assert_non_null(g);
    movegen *m = movegen_new(g);
    position *p = malloc(sizeof *p);
    move_list lists[MAX_DEPTH + 1];
    assert_non_null(m);
    assert_true(p && pos_init(p, g));
    for (int i = 0; i <= MAX_DEPTH; i++)
        assert_true(move_list_init(&lists[i]));
    int compared = 0;
    for (int n = 1; n <= c->games; n++) {
        uint64_t seed = (uint64_t)n * 7919;
        pos_free(p);
        assert_true(pos_init(p, g));
        for (int ply = 0; ply < c->plies; ply++) {
            char text[8192];
            posstring_write(p, text, sizeof text);
            long long ours = tabula_perft(m, p, lists, c->depth);
            if (ours < 0) {
                ++*limited;     /* (tabula perft would say its count is short) */
            } else {
                long long theirs = c->count(text, c->depth, c->big);
                if (ours != theirs)
                    fail_msg("%s%s%s: tabula perft --position '%s' ... %d gives %lld, the independent count %lld",
                             c->name, c->variant ? " --variant " : "", c->variant ? c->variant : "", text,
                             c->depth, ours, theirs);
                compared++;
            }
            movegen_generate(m, p, &lists[0]);
            game_result result;
            movegen_result(m, p, &lists[0], &result);
            if (result.over || lists[0].count == 0 || lists[0].overflow)
                break;
            undo u;
            move_make(p, &lists[0], (int)rng_below(&seed, (uint32_t)lists[0].count), &u);
            pos_commit(p);
        }
    }
    for (int i = 0; i <= MAX_DEPTH; i++)
        move_list_free(&lists[i]);
    pos_free(p);
    free(p);
    movegen_free(m);
    game_free(g);
    return compared;
}

static void run(const oracle_case *c)
{
    int limited = 0;
    int compared = compare_games(c, &limited);
    print_message("%s%s%s: %d positions, perft %d the same (%d past the generator's limits)\n", c->name,
                  c->variant ? " " : "", c->variant ? c->variant : "", compared, c->depth, limited);
    assert_true(compared > 0);
}

/* Sapos: chains of hops (a friend may be hopped twice, round a loop),
 * spawns, jumps that capture into the reserve, the 2x2 rule, Light's double
 * first turn, starvation. */
static void sapos_games(void **state)
{
    (void)state;
    run(&(oracle_case){ "sapos", NULL, sapos, false, 2, 8, 120 });
}

/* Desdemona: both boards, to the end (passes, the filter of captures when
 * the other player is stuck, the end when neither can move). */
static void desdemona_games(void **state)
{
    (void)state;
    run(&(oracle_case){ "desdemona", NULL, desdemona_perft, false, 2, 16, 100 });
    run(&(oracle_case){ "desdemona", "8x8", desdemona_perft, true, 2, 6, 100 });
}

/* Superial's four teams: pushes that spare a core colour, hopper chains
 * landing on any side, slashers round the torus, conversion, teams going
 * out and the turn passing over them. */
static void superial_four_players_games(void **state)
{
    (void)state;
    run(&(oracle_case){ "superial", "four-players", superial4, false, 2, 6, 150 });
}

/* Lasca: columns that move whole under their top piece, captures that
 * take the top of the jumped column under the capturer in the order taken,
 * columns never jumped twice in a move, officers made on the far row. */
static void lasca_games(void **state)
{
    (void)state;
    run(&(oracle_case){ "lasca", NULL, lasca, false, 3, 12, 200 });
}

/* Kalah: sowing round the board past the other's store, the extra turn of
 * a last seed in one's store, the capture from the opposite pit, the end
 * when the player to move has no seed. */
static void kalah_games(void **state)
{
    (void)state;
    run(&(oracle_case){ "kalah", NULL, kalah, false, 3, 12, 200 });
}

/* Tak: placements of flats, walls and the capstone, stacks spread from
 * the bottom of the pieces carried (up to 5), walls and capstones in the
 * way, the capstone alone flattening a wall, the first turn's flat of the
 * other's, roads of either (uncovered by a move), a full board or an
 * empty reserve.  Random games last about a hundred plies, building
 * stacks taller than the 5 pieces that may be carried; depth 3 at each
 * ply of three games (a ply has 40 moves or so on average, 150 at
 * times). */
static void tak_games(void **state)
{
    (void)state;
    run(&(oracle_case){ "tak", NULL, tak, false, 3, 3, 200 });
}

/* Xiangqi: checks by chariots, horses (their legs blocked or not),
 * cannons over a screen of either side and soldiers past the river, the
 * flying general, pinned pieces, elephants' eyes, captures.  Random games
 * last the 120 plies, taking nine pieces or so; the first plies of their
 * 720 positions hold some 600 checks, a few dozen of them discovered or
 * made by a piece stepping in as a cannon's screen.  Depth 2 at each ply
 * of six games. */
static void xiangqi_games(void **state)
{
    (void)state;
    run(&(oracle_case){ "xiangqi", NULL, xiangqi, false, 2, 6, 120 });
}

/* The oracles themselves against the counts known without either program:
 * a count that disagrees here is the oracle's fault, not tabula's. */
static void oracles_give_the_known_counts(void **state)
{
    (void)state;
    assert_int_equal(sapos_perft("8/3LL3/3LL3/8/8/3DD3/3DD3/8 d D12/L12 0", 3), 305662);
    assert_int_equal(sapos_perft("8/3L4/3LL3/1LL5/6D1/4DD2/3DD3/8 l D11/L11 2", 1), 106);
    assert_int_equal(sapos_perft("not a position", 1), -1);
    assert_int_equal(desdemona_perft("7/1p3p1/7/7/7/1P3P1/7 b 0", 1, false), 500);
    assert_int_equal(desdemona_perft("8/1p4p1/8/7p/P7/8/1P4P1/8 b 0", 1, true), 1081);
    assert_int_equal(desdemona_perft("1ssSssp/2ssPSS/ssspssS/1ssssS1/2SsSSS/2sSSS1/ssss2P w 33", 1, false), 0);
    assert_int_equal(desdemona_perft("6p/7/7/3S3/7/SS5/PS5 b 0", 2, false), 1);
    /* Superial's four teams: the start by hand (63 each, no two strips in
     * reach); a team walled in (its one move: out); the last team left:
     * South's slasher on c3 (dark, off its colour) has 3 steps and the
     * jump over East's last cube on d4, each as it is or changed (12),
     * and 2 changes where it stands: 14; after the 11 that take nothing
     * East's pusher on d4 steps 4 ways onto light, changed or not (12),
     * after the 3 that take it East goes out: 11 x 12 + 3 = 135 */
    const char *start = "2Q1Q1Q3/3Q1Q1Q2/1o7q/o7q1/1o7q/o7q1/1o7q/o7q1/2O1O1O3/3O1O1O2 s 0/0/0/0 0 0";
    assert_int_equal(superial4_perft(start, 1), 63);
    assert_int_equal(superial4_perft(start, 2), 3969);
    assert_int_equal(superial4_perft("O9/O9/O6q2/O9/O9/O3Q5/O9/O9/O9/oOOOOOOOOO w 0/0/0/0 0 0", 1), 1);
    assert_int_equal(superial4_perft("o9/10/10/10/10/10/3q6/2X7/10/10 s 0/1/1/0 0 0", 2), 135);
    assert_int_equal(superial4_perft("not a position", 1), -1);
    /* Lasca: six first moves, each giving Black one capture (compulsory:
     * the soldier that moved is jumped into the square it left); then 5
     * quiet replies after a3-b4 c5xa3 and g3-f4 e5xg3, 2 recaptures after
     * each of the four others (18) */
    const char *lasca_start = "s1s1s1s/1s1s1s1/s1s1s1s/7/S1S1S1S/1S1S1S1/S1S1S1S w 0";
    assert_int_equal(lasca_perft(lasca_start, 1), 6);
    assert_int_equal(lasca_perft(lasca_start, 2), 6);
    assert_int_equal(lasca_perft(lasca_start, 3), 18);
    /* a1 must take b2 then d4, ending on e5 as [osS]: nothing left to Black */
    assert_int_equal(lasca_perft("7/7/7/3o3/7/1s5/S6 w", 1), 1);
    assert_int_equal(lasca_perft("7/7/7/3o3/7/1s5/S6 w", 2), 0);
    /* the officer on d2 takes the four round it either way round, back on
     * d2: one position when the prisoners are alike, two when c3's differs */
    assert_int_equal(lasca_perft("7/7/2s1s2/7/2s1s2/3O3/7 w", 1), 1);
    assert_int_equal(lasca_perft("7/7/2s1s2/7/2o1s2/3O3/7 w", 1), 2);
    assert_int_equal(lasca_perft("not a position", 1), -1);
    /* Kalah: six pits, c1 alone ending in South's store (South again, 5
     * pits): 5 x 6 + 5 = 35 at depth 2; a1's one seed into the empty b1
     * takes b2's 3 (North has none left); 13 seeds from a1 go round,
     * skipping N, the last into a1 again, taking a2's one */
    const char *kalah_start = "[oooo][oooo][oooo][oooo][oooo][oooo]1[oooo][oooo][oooo][oooo][oooo][oooo]1 s 0";
    assert_int_equal(kalah_perft(kalah_start, 1), 6);
    assert_int_equal(kalah_perft(kalah_start, 2), 35);
    assert_int_equal(kalah_perft(kalah_start, 3), 185);
    assert_int_equal(kalah_perft("o10[ooo]2 s", 2), 0);
    assert_int_equal(kalah_perft("[ooooooooooooo]13 s", 2), 5);
    assert_int_equal(kalah_perft("not a position", 1), -1);
    /* Tak from the start, as published: a black flat on any of the 25
     * cells, then a white one on any of the 24 others (600); at ply 2
     * White has flats and its capstone, 3 x 23 = 69 placements, and its
     * one flat steps to each neighbour (empty or the black flat), 80 over
     * the 25 cells Black may have put it on: 600 x 69 + 24 x 80 = 43320 */
    const char *tak_start = "5/5/5/5/5 w F21C1/f21c1 0";
    assert_int_equal(tak_perft(tak_start, 1), 25);
    assert_int_equal(tak_perft(tak_start, 2), 600);
    assert_int_equal(tak_perft(tak_start, 3), 43320);
    assert_int_equal(tak_perft(tak_start, 4), 2999784);
    /* Black's first turn: a white flat on any of the 24 empty cells (not
     * moving the black one on c3); then White has 23 x 3 = 69 placements
     * and its flat steps to each neighbour: 80 over all 25 cells, less
     * the 4 of c3, 24 x 69 + 76 = 1732 */
    assert_int_equal(tak_perft("5/5/2f2/5/5 b F21C1/f20c1 1", 1), 24);
    assert_int_equal(tak_perft("5/5/2f2/5/5 b F21C1/f20c1 1", 2), 1732);
    /* Flattening: 22 empty cells x flat or wall (no capstone left) = 44;
     * the flat on b5 goes to a5 or b4, not onto the wall on c5; [FC] on c3
     * goes 3 ways each way: 1 to the next cell, 2 there, or 1 and 1 on the
     * next two, and up the second of these is the capstone alone onto the
     * wall of c5, flattening it: 44 + 2 + 12 = 58 */
    assert_int_equal(tak_perft("1Fs2/5/2[FC]2/5/5 w F10/f10c1 20", 1), 58);
    /* Only the capstone alone flattens: [fFC] on c3 goes up only as its
     * capstone onto the wall of c4 (2 or 3 pieces would drop more than
     * the capstone there), not at all right (Black's capstone on d3);
     * left and down over two cells: 1 + 2 + 3 = 6 each; 22 empty cells
     * x 2 = 44: 44 + 1 + 6 + 6 = 57 */
    assert_int_equal(tak_perft("5/2s2/2[fFC]c1/5/5 w F5C0/f5c0 30", 1), 57);
    /* Carries: 7 pieces on a1, at most 5 taken; up over 4 cells (a3's
     * black flat is no obstacle) the k taken drop in 1, 2, 4, 8, 15 ways
     * (k into at most 4 parts), 30; right over 3 cells, to the wall of
     * e1, 1, 2, 4, 7, 11 ways, 25; 22 empty cells x 3 = 66: 121 */
    assert_int_equal(tak_perft("5/5/f4/5/[fFfFfFF]3s w F14C1/f14c1 40", 1), 121);
    /* One move from a road: 21 empty cells x flat or wall = 42, and the
     * flats of rank 1 have 11 steps (2 + 3 + 3 + 3), 53.  The flat on e1
     * makes the road (no reply); after the 41 other placements Black,
     * with one flat and no piece on the board, has 20 x 2 = 40 replies;
     * after the 5 steps onto an empty cell 21 x 2 = 42, after the 6 onto
     * a flat 22 x 2 = 44: 41 x 40 + 5 x 42 + 6 x 44 = 2114.  Each of
     * Black's replies places its last stone, ending the game: 0 after */
    assert_int_equal(tak_perft("5/5/5/5/FFFF1 w F5/f1 20", 1), 53);
    assert_int_equal(tak_perft("5/5/5/5/FFFF1 w F5/f1 20", 2), 2114);
    assert_int_equal(tak_perft("5/5/5/5/FFFF1 w F5/f1 20", 3), 0);
    /* A road uncovered.  Black's 49 moves: 20 empty cells x flat or wall,
     * the f of c1 alone 3 ways, the whole [Ff] up, left or right, all
     * dropped on the next cell or 1 and 1 on the next two (6).  Below:
     * each placement used Black's last stone, and the f alone up to c2
     * lets White's road through: no reply.  The f onto b1: White has
     * 20 x 2 placements and 10 steps (a1 2, c1 3, d1 3, e1 2), 50; so onto
     * d1; [Ff] up to c2: 50 again (c1 now empty); F on c2, f on c3:
     * 19 x 2 + 10 + c2's 4 = 52; [Ff] onto b1 as [FFf]: 21 x 2 + 7 (a1 2,
     * d1 3, e1 2) = 49; F on b1, f on a1: 21 x 2 + 5 (d1, e1) + 8 (the
     * [FF] of b1: 3 with one piece, with two 2 up, 1 left, 2 right) = 55;
     * the same to the right: 50 + 50 + 50 + 52 + 2 x 49 + 2 x 55 = 410 */
    assert_int_equal(tak_perft("5/5/5/5/FF[Ff]FF b F1/f1 30", 1), 49);
    assert_int_equal(tak_perft("5/5/5/5/FF[Ff]FF b F1/f1 30", 2), 410);
    /* Walls make no road: 20 x 3 placements for Black; a bent road of
     * flats (a1 b1 b2 c2 d2 d1 e1) is one: the game is over; so it is
     * when a player has nothing left in reserve ("-") */
    assert_int_equal(tak_perft("5/5/5/5/SSSSS b F16C1/f21c1 9", 1), 60);
    assert_int_equal(tak_perft("5/5/5/1FFF1/FF1FF b F14C1/f21c1 13", 1), 0);
    assert_int_equal(tak_perft("5/5/5/5/F4 b -/f20c1 5", 1), 0);
    /* A full board (of walls, no road) is over too.  With e1 empty:
     * White's flat, wall or capstone there fill the board, no reply; the
     * walls of d1 and e2 may step onto e1, after which Black has its 3
     * placements on the cell left: 5 moves, 6 sequences of 2 */
    assert_int_equal(tak_perft("SSSSS/SSSSS/SSSSS/SSSSS/SSSSS w F1C1/f1c1 50", 1), 0);
    assert_int_equal(tak_perft("SSSSS/SSSSS/SSSSS/SSSSS/SSSS1 w F1C1/f1c1 50", 1), 5);
    assert_int_equal(tak_perft("SSSSS/SSSSS/SSSSS/SSSSS/SSSS1 w F1C1/f1c1 50", 2), 6);
    /* Black has only its capstone: 25 x 2 for White, 24 capstones for
     * Black (50 x 24 = 1200), each emptying Black's reserve: 0 after */
    assert_int_equal(tak_perft("5/5/5/5/5 w F3/c1 4", 2), 1200);
    assert_int_equal(tak_perft("5/5/5/5/5 w F3/c1 4", 3), 0);
    assert_int_equal(tak_perft("not a position", 1), -1);
    assert_int_equal(tak_perft("5/5/5/5 w F21C1/f21c1 0", 1), -1);
    assert_int_equal(tak_perft("5/5/5/5/4X w F21C1/f21c1 0", 1), -1);
    assert_int_equal(tak_perft("5/5/5/5/5 F21C1/f21c1 0", 1), -1);
    assert_int_equal(tak_perft("5/5/5/5/5 w F21C1/f21c1", 1), -1);
    /* Xiangqi from the start, as published (depth 4 is 3290240, 5 is
     * 133312995): Red's 44 are 2 chariots x 2, 2 horses x 2, 2 elephants
     * x 2, 2 advisors x 1, the general 1, 2 cannons x 12 (4 up, and the
     * horse on rank 10 taken over Black's cannon, 6 along rank 3, 1 down)
     * and 5 soldiers x 1 */
    const char *xiangqi_start = "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR r 0";
    assert_int_equal(xiangqi_perft(xiangqi_start, 0), 1);
    assert_int_equal(xiangqi_perft(xiangqi_start, 1), 44);
    assert_int_equal(xiangqi_perft(xiangqi_start, 2), 1920);
    assert_int_equal(xiangqi_perft(xiangqi_start, 3), 79666);
    /* The general on e1 may not go to d1, facing Black's on d10 over an
     * open file; e2 and f1 it may */
    assert_int_equal(xiangqi_perft("3k5/9/9/9/9/9/9/9/9/4K4 r 0", 1), 2);
    /* The cannon on a1: 3 up to the horse on a5, its screen, and over it
     * the soldier on a7 taken; 3 right to its own general, a screen with
     * nothing to take beyond: 7, and the general's 2: 9 */
    assert_int_equal(xiangqi_perft("3k5/9/9/p8/9/n8/9/9/9/C3K4 r 0", 1), 9);
    /* The horse on d3 reaches e1 over its empty leg d2: the general's one
     * move is to d2 */
    assert_int_equal(xiangqi_perft("5k3/9/9/9/9/9/9/3n5/9/3K5 r 0", 1), 1);
    /* The horse on e3 stands between its general and Black's chariot on
     * e8: none of its 6 moves is legal, only the general's 2 (e2, still
     * behind the horse, and f1) */
    assert_int_equal(xiangqi_perft("3k5/9/4r4/9/9/9/9/4N4/9/4K4 r 0", 1), 2);
    /* Facing generals (Red to move): Red's may take Black's along the
     * file, or step aside to d1 or f1 (not to e2, still facing) */
    assert_int_equal(xiangqi_perft("4k4/9/9/9/9/9/9/9/9/4K4 r 0", 1), 3);
    assert_int_equal(xiangqi_perft("not a position", 1), -1);
    assert_int_equal(xiangqi_perft(xiangqi_start, -1), -1);
    assert_int_equal(xiangqi_perft("rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR r", 1), -1);
    assert_int_equal(xiangqi_perft("rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w 0", 1), -1);
    assert_int_equal(xiangqi_perft("rnbakabnr/9/1c5c1/p1p1p1p1p/9/P1P1P1P1P/1C5C1/9/RNBAKABNR r 0", 1), -1);
    assert_int_equal(xiangqi_perft("rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNX r 0", 1), -1);
    assert_int_equal(xiangqi_perft("rnbakabnr/9/1c5c2/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR r 0", 1), -1);
    assert_int_equal(xiangqi_perft("rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RRBAKABNR r 0", 1), -1);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(oracles_give_the_known_counts),
        cmocka_unit_test(sapos_games),
        cmocka_unit_test(desdemona_games),
        cmocka_unit_test(superial_four_players_games),
        cmocka_unit_test(lasca_games),
        cmocka_unit_test(kalah_games),
        cmocka_unit_test(tak_games),
        cmocka_unit_test(xiangqi_games),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
