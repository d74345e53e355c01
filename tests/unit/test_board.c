/* test_board: board topology — square and hex cells, names, neighbours,
 * wrapping, rings and rotations, graph boards, and drawing a cell of a
 * cell set by its index.
 *
 * Expected values are worked out by hand from board.h's contract: square
 * cells a1.. with a1 bottom left and dark; hex cells pointy-top in axial
 * coordinates (q along e/w, r growing southward), named by file a + q + R and
 * rank R - r + 1 on a hexagon, file a + q and rank H - r on a rhombus;
 * rotations counter-clockwise positive.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <stdio.h>
#include <string.h>

#include "game/board.h"
#include "game/cellset.h"

static int cell(const board *b, const char *name)
{
    int c = board_cell(b, name);
    if (c == BOARD_NO_CELL)
        print_error("no cell '%s'\n", name);
    assert_int_not_equal(c, BOARD_NO_CELL);
    assert_string_equal(b->cell_names[c], name);
    return c;
}

static int direction(const board *b, const char *name)
{
    int d = board_direction(b, name);
    if (d < 0)
        print_error("no direction '%s'\n", name);
    assert_true(d >= 0);
    return d;
}

/* The name of the cell one step from FROM along DIR, or "-" off the board. */
static const char *step(const board *b, const char *from, const char *dir)
{
    int next = board_step(b, cell(b, from), direction(b, dir));
    return next == BOARD_NO_CELL ? "-" : b->cell_names[next];
}

static const char *step_wrapped(const board *b, const char *from, const char *dir)
{
    int next = board_step_wrapped(b, cell(b, from), direction(b, dir));
    return next == BOARD_NO_CELL ? "-" : b->cell_names[next];
}

static const char *clockwise(const board *b, const char *from)
{
    int next = b->ring_clockwise[cell(b, from)];
    return next == BOARD_NO_CELL ? "-" : b->cell_names[next];
}

static const char *counter_clockwise(const board *b, const char *from)
{
    int next = b->ring_counter_clockwise[cell(b, from)];
    return next == BOARD_NO_CELL ? "-" : b->cell_names[next];
}

static const char *rotate(const board *b, const char *dir, int degrees)
{
    int turned = board_rotate(b, direction(b, dir), degrees);
    return turned < 0 ? "-" : b->direction_names[turned];
}

static int neighbours(const board *b, int c)
{
    int n = 0;
    for (int d = 0; d < b->direction_count; d++)
        if (board_step(b, c, d) != BOARD_NO_CELL)
            n++;
    return n;
}

/* --- square boards */

static void square_cells_and_colours(void **state)
{
    (void)state;
    board b;
    assert_int_equal(board_init_square(&b, 8, 8), BOARD_OK);
    assert_int_equal(b.cell_count, 64);
    assert_int_equal(b.direction_count, 8);
    assert_int_equal(b.turn_degrees, 45);
    /* a1 bottom left and dark; colours alternate along ranks and files */
    assert_false(b.light[cell(&b, "a1")]);
    assert_true(b.light[cell(&b, "b1")]);
    assert_true(b.light[cell(&b, "a2")]);
    assert_false(b.light[cell(&b, "h8")]);
    assert_true(b.light[cell(&b, "h1")]);
    assert_int_equal(b.x[cell(&b, "c5")], 2);
    assert_int_equal(b.y[cell(&b, "c5")], 4);
    /* names off the board, and things that are not names */
    const char *outside[] = { "i1", "a9", "a0", "i9", "z26", "a", "1", "", "A1", "a1x", "a01" };
    for (size_t i = 0; i < sizeof outside / sizeof *outside; i++) {
        if (board_cell(&b, outside[i]) != BOARD_NO_CELL)
            print_error("'%s' is a cell\n", outside[i]);
        assert_int_equal(board_cell(&b, outside[i]), BOARD_NO_CELL);
    }
    assert_int_equal(board_direction(&b, "up"), -1);
    char text[64];
    board_describe(&b, text, sizeof text);
    assert_string_equal(text, "8x8 square board");
    board_free(&b);
}

static void square_rectangles(void **state)
{
    (void)state;
    board b;
    assert_int_equal(board_init_square(&b, 7, 6), BOARD_OK);   /* connect four */
    assert_int_equal(b.cell_count, 42);
    assert_int_equal(board_cell(&b, "g6"), 41);
    assert_int_equal(board_cell(&b, "h1"), BOARD_NO_CELL);
    assert_int_equal(board_cell(&b, "a7"), BOARD_NO_CELL);
    assert_string_equal(step(&b, "g6", "sw"), "f5");
    board_free(&b);
    assert_int_equal(board_init_square(&b, 26, 26), BOARD_OK);
    assert_string_equal(b.cell_names[b.cell_count - 1], "z26");
    board_free(&b);
    assert_int_equal(board_init_square(&b, 27, 8), BOARD_TOO_LARGE);
    assert_int_equal(board_init_square(&b, 8, 27), BOARD_TOO_LARGE);
    assert_int_equal(board_init_square(&b, 0, 8), BOARD_TOO_SMALL);
    assert_int_equal(board_init_square(&b, 8, -1), BOARD_TOO_SMALL);
    assert_int_equal(board_init_square(&b, 1, 1), BOARD_OK);
    assert_int_equal(b.cell_count, 1);
    board_free(&b);
}

static void square_neighbours_at_corners(void **state)
{
    (void)state;
    board b;
    assert_int_equal(board_init_square(&b, 8, 8), BOARD_OK);
    /* a1: only north, east and north-east are on the board */
    assert_string_equal(step(&b, "a1", "n"), "a2");
    assert_string_equal(step(&b, "a1", "e"), "b1");
    assert_string_equal(step(&b, "a1", "ne"), "b2");
    assert_string_equal(step(&b, "a1", "s"), "-");
    assert_string_equal(step(&b, "a1", "w"), "-");
    assert_string_equal(step(&b, "a1", "sw"), "-");
    assert_string_equal(step(&b, "a1", "se"), "-");
    assert_string_equal(step(&b, "a1", "nw"), "-");
    assert_int_equal(neighbours(&b, cell(&b, "a1")), 3);
    /* h8, the opposite corner */
    assert_string_equal(step(&b, "h8", "s"), "h7");
    assert_string_equal(step(&b, "h8", "w"), "g8");
    assert_string_equal(step(&b, "h8", "sw"), "g7");
    assert_string_equal(step(&b, "h8", "n"), "-");
    assert_string_equal(step(&b, "h8", "ne"), "-");
    assert_int_equal(neighbours(&b, cell(&b, "h8")), 3);
    /* h1 and a8 */
    assert_string_equal(step(&b, "h1", "nw"), "g2");
    assert_string_equal(step(&b, "a8", "se"), "b7");
    assert_int_equal(neighbours(&b, cell(&b, "h1")), 3);
    /* an edge cell has 5, an inner cell 8 */
    assert_int_equal(neighbours(&b, cell(&b, "d1")), 5);
    assert_int_equal(neighbours(&b, cell(&b, "d4")), 8);
    assert_string_equal(step(&b, "d4", "ne"), "e5");
    assert_string_equal(step(&b, "d4", "sw"), "c3");
    /* corners and edges */
    assert_true(board_is_corner(&b, cell(&b, "a1")));
    assert_true(board_is_corner(&b, cell(&b, "h1")));
    assert_true(board_is_corner(&b, cell(&b, "a8")));
    assert_true(board_is_corner(&b, cell(&b, "h8")));
    assert_false(board_is_corner(&b, cell(&b, "a2")));
    assert_true(board_is_edge(&b, cell(&b, "a2")));
    assert_true(board_is_edge(&b, cell(&b, "e8")));
    assert_false(board_is_edge(&b, cell(&b, "b2")));
    int corners = 0, edges = 0;
    for (int c = 0; c < b.cell_count; c++) {
        corners += board_is_corner(&b, c);
        edges += board_is_edge(&b, c);
    }
    assert_int_equal(corners, 4);
    assert_int_equal(edges, 28);
    /* a bad cell or direction is off the board, not a crash */
    assert_int_equal(board_step(&b, BOARD_NO_CELL, 0), BOARD_NO_CELL);
    assert_int_equal(board_step(&b, 0, 8), BOARD_NO_CELL);
    assert_int_equal(board_step(&b, 0, -1), BOARD_NO_CELL);
    board_free(&b);
}

static void square_wrap(void **state)
{
    (void)state;
    board b;
    assert_int_equal(board_init_square(&b, 8, 8), BOARD_OK);
    assert_string_equal(step_wrapped(&b, "a1", "w"), "h1");
    assert_string_equal(step_wrapped(&b, "a1", "s"), "a8");
    assert_string_equal(step_wrapped(&b, "a1", "sw"), "h8");
    assert_string_equal(step_wrapped(&b, "h8", "ne"), "a1");
    assert_string_equal(step_wrapped(&b, "h4", "e"), "a4");
    assert_string_equal(step_wrapped(&b, "d8", "n"), "d1");
    /* inside the board wrapping changes nothing */
    assert_string_equal(step_wrapped(&b, "d4", "ne"), "e5");
    /* every cell has all eight neighbours when wrapped */
    for (int c = 0; c < b.cell_count; c++)
        for (int d = 0; d < 8; d++)
            assert_int_not_equal(board_step_wrapped(&b, c, d), BOARD_NO_CELL);
    board_free(&b);
}

static void square_rings(void **state)
{
    (void)state;
    board b;
    assert_int_equal(board_init_square(&b, 8, 8), BOARD_OK);
    /* rings are frames counted from the edge */
    assert_int_equal(b.ring[cell(&b, "a1")], 0);
    assert_int_equal(b.ring[cell(&b, "b2")], 1);
    assert_int_equal(b.ring[cell(&b, "d4")], 3);
    assert_int_equal(b.ring[cell(&b, "e5")], 3);
    /* clockwise on the board as drawn (rank 8 at the top): up the a-file,
     * along rank 8 eastward, down the h-file, back along rank 1 */
    assert_string_equal(clockwise(&b, "a1"), "a2");
    assert_string_equal(clockwise(&b, "a8"), "b8");
    assert_string_equal(clockwise(&b, "h8"), "h7");
    assert_string_equal(clockwise(&b, "h1"), "g1");
    assert_string_equal(counter_clockwise(&b, "a2"), "a1");
    /* the outer frame has 28 cells and closes */
    int start = cell(&b, "c1"), c = start, length = 0;
    do {
        c = b.ring_clockwise[c];
        length++;
        assert_int_equal(b.ring[c], 0);
    } while (c != start && length < 100);
    assert_int_equal(length, 28);
    /* the innermost frame is the 2x2 centre */
    assert_string_equal(clockwise(&b, "d4"), "d5");
    assert_string_equal(clockwise(&b, "d5"), "e5");
    assert_string_equal(clockwise(&b, "e5"), "e4");
    assert_string_equal(clockwise(&b, "e4"), "d4");
    board_free(&b);
}

static void square_rotation(void **state)
{
    (void)state;
    board b;
    assert_int_equal(board_init_square(&b, 8, 8), BOARD_OK);
    /* counter-clockwise positive: a quarter turn left of north is west */
    assert_string_equal(rotate(&b, "n", 90), "w");
    assert_string_equal(rotate(&b, "n", -90), "e");
    assert_string_equal(rotate(&b, "n", 45), "nw");
    assert_string_equal(rotate(&b, "n", -45), "ne");
    assert_string_equal(rotate(&b, "e", 90), "n");
    assert_string_equal(rotate(&b, "e", 180), "w");
    assert_string_equal(rotate(&b, "se", 135), "n");
    assert_string_equal(rotate(&b, "sw", -270), "se");
    assert_string_equal(rotate(&b, "n", 360), "n");
    assert_string_equal(rotate(&b, "n", 720 + 90), "w");
    assert_string_equal(rotate(&b, "n", 0), "n");
    /* no 60 degree turns on a square board */
    assert_string_equal(rotate(&b, "n", 60), "-");
    assert_string_equal(rotate(&b, "n", 30), "-");
    /* turning left then right comes back, for every direction and angle */
    for (int d = 0; d < 8; d++)
        for (int a = -360; a <= 360; a += 45)
            assert_int_equal(board_rotate(&b, board_rotate(&b, d, a), -a), d);
    board_free(&b);
}

/* --- hex boards */

static void hex_cells_and_names(void **state)
{
    (void)state;
    board b;
    assert_int_equal(board_init_hex(&b, 3), BOARD_OK);
    assert_int_equal(b.cell_count, 37);
    assert_int_equal(b.direction_count, 6);
    assert_int_equal(b.turn_degrees, 60);
    /* the bottom row a1 b1 c1 d1, the middle row a4 .. g4, the top row d7 .. g7 */
    const char *rows[] = { "a1", "b1", "c1", "d1", "a4", "b4", "c4", "d4", "e4", "f4", "g4",
                           "d7", "e7", "f7", "g7" };
    for (size_t i = 0; i < sizeof rows / sizeof *rows; i++)
        cell(&b, rows[i]);
    const char *outside[] = { "e1", "h4", "a7", "c7", "h7", "a0", "a8", "d0" };
    for (size_t i = 0; i < sizeof outside / sizeof *outside; i++) {
        if (board_cell(&b, outside[i]) != BOARD_NO_CELL)
            print_error("'%s' is a cell\n", outside[i]);
        assert_int_equal(board_cell(&b, outside[i]), BOARD_NO_CELL);
    }
    /* every cell has its own name, and finds itself by it */
    for (int c = 0; c < b.cell_count; c++)
        assert_int_equal(board_cell(&b, b.cell_names[c]), c);
    /* the centre d4 is q = 0, r = 0 */
    int centre = cell(&b, "d4");
    assert_int_equal(b.x[centre], 0);
    assert_int_equal(b.y[centre], 0);
    assert_int_equal(b.ring[centre], 0);
    char text[64];
    board_describe(&b, text, sizeof text);
    assert_string_equal(text, "hex board of radius 3 (37 cells)");
    board_free(&b);
    /* 3R(R+1)+1 cells for each radius */
    for (int r = 1; r <= BOARD_MAX_HEX_RADIUS; r++) {
        assert_int_equal(board_init_hex(&b, r), BOARD_OK);
        assert_int_equal(b.cell_count, 3 * r * (r + 1) + 1);
        board_free(&b);
    }
    assert_int_equal(board_init_hex(&b, 0), BOARD_TOO_SMALL);
    assert_int_equal(board_init_hex(&b, BOARD_MAX_HEX_RADIUS + 1), BOARD_TOO_LARGE);
}

static void hex_neighbours(void **state)
{
    (void)state;
    board b;
    assert_int_equal(board_init_hex(&b, 3), BOARD_OK);
    assert_int_equal(board_direction(&b, "n"), -1);
    assert_int_equal(board_direction(&b, "s"), -1);
    /* the centre has six neighbours: e/w along its row, ne/nw one rank up */
    int centre = cell(&b, "d4");
    assert_int_equal(neighbours(&b, centre), 6);
    assert_string_equal(step(&b, "d4", "e"), "e4");
    assert_string_equal(step(&b, "d4", "w"), "c4");
    assert_string_equal(step(&b, "d4", "ne"), "e5");
    assert_string_equal(step(&b, "d4", "nw"), "d5");
    assert_string_equal(step(&b, "d4", "se"), "d3");
    assert_string_equal(step(&b, "d4", "sw"), "c3");
    /* corners have three neighbours, other edge cells four */
    const char *corners[] = { "a1", "d1", "a4", "g4", "d7", "g7" };
    for (size_t i = 0; i < 6; i++) {
        assert_int_equal(neighbours(&b, cell(&b, corners[i])), 3);
        assert_true(board_is_corner(&b, cell(&b, corners[i])));
    }
    assert_int_equal(neighbours(&b, cell(&b, "b1")), 4);
    assert_false(board_is_corner(&b, cell(&b, "b1")));
    assert_true(board_is_edge(&b, cell(&b, "b1")));
    assert_false(board_is_edge(&b, centre));
    assert_string_equal(step(&b, "a1", "e"), "b1");
    assert_string_equal(step(&b, "a1", "ne"), "b2");
    assert_string_equal(step(&b, "a1", "nw"), "a2");
    assert_string_equal(step(&b, "a1", "w"), "-");
    assert_string_equal(step(&b, "a1", "sw"), "-");
    assert_string_equal(step(&b, "a1", "se"), "-");
    /* going and coming back */
    const char *pairs[][2] = { { "e", "w" }, { "ne", "sw" }, { "nw", "se" } };
    for (int c = 0; c < b.cell_count; c++) {
        for (int p = 0; p < 3; p++) {
            int there = board_step(&b, c, direction(&b, pairs[p][0]));
            if (there != BOARD_NO_CELL)
                assert_int_equal(board_step(&b, there, direction(&b, pairs[p][1])), c);
        }
    }
    /* hex boards do not wrap */
    assert_int_equal(board_step_wrapped(&b, cell(&b, "a1"), direction(&b, "w")), BOARD_NO_CELL);
    board_free(&b);
}

static void hex_rings(void **state)
{
    (void)state;
    board b;
    assert_int_equal(board_init_hex(&b, 3), BOARD_OK);
    int centre = cell(&b, "d4");
    assert_int_equal(b.ring_clockwise[centre], BOARD_NO_CELL);
    assert_int_equal(b.ring_counter_clockwise[centre], BOARD_NO_CELL);
    /* ring k has 6k cells; following clockwise 6k times visits each once
     * and comes back to the start */
    for (int k = 1; k <= 3; k++) {
        int in_ring = 0, start = -1;
        for (int c = 0; c < b.cell_count; c++) {
            if (b.ring[c] == k) {
                in_ring++;
                if (start < 0)
                    start = c;
            }
        }
        assert_int_equal(in_ring, 6 * k);
        bool seen[64] = { false };
        int c = start;
        for (int i = 0; i < 6 * k; i++) {
            assert_false(seen[c]);
            seen[c] = true;
            c = b.ring_clockwise[c];
            assert_int_not_equal(c, BOARD_NO_CELL);
            assert_int_equal(b.ring[c], k);
        }
        assert_int_equal(c, start);
    }
    /* clockwise and counter-clockwise are inverse */
    for (int c = 0; c < b.cell_count; c++) {
        if (c == centre)
            continue;
        assert_int_equal(b.ring_counter_clockwise[b.ring_clockwise[c]], c);
        assert_int_equal(b.ring_clockwise[b.ring_counter_clockwise[c]], c);
    }
    board_free(&b);
}

static void hex_clockwise_by_hand(void **state)
{
    (void)state;
    /* Radius 1: the centre b2 and six cells around it.  On the screen (r
     * grows downward) clockwise from the east cell c2 is the south-east cell
     * b1, then the south-west a1, the west a2, the north-west b3 and the
     * north-east c3. */
    board b;
    assert_int_equal(board_init_hex(&b, 1), BOARD_OK);
    assert_int_equal(b.cell_count, 7);
    assert_string_equal(step(&b, "b2", "e"), "c2");
    assert_string_equal(step(&b, "b2", "se"), "b1");
    assert_string_equal(step(&b, "b2", "sw"), "a1");
    assert_string_equal(step(&b, "b2", "w"), "a2");
    assert_string_equal(step(&b, "b2", "nw"), "b3");
    assert_string_equal(step(&b, "b2", "ne"), "c3");
    assert_string_equal(clockwise(&b, "c2"), "b1");
    assert_string_equal(clockwise(&b, "b1"), "a1");
    assert_string_equal(clockwise(&b, "a1"), "a2");
    assert_string_equal(clockwise(&b, "a2"), "b3");
    assert_string_equal(clockwise(&b, "b3"), "c3");
    assert_string_equal(clockwise(&b, "c3"), "c2");
    assert_string_equal(counter_clockwise(&b, "c2"), "c3");
    assert_string_equal(clockwise(&b, "b2"), "-");
    board_free(&b);
}

static void hex_rotation(void **state)
{
    (void)state;
    board b;
    assert_int_equal(board_init_hex(&b, 3), BOARD_OK);
    /* counter-clockwise positive */
    assert_string_equal(rotate(&b, "e", 60), "ne");
    assert_string_equal(rotate(&b, "e", 120), "nw");
    assert_string_equal(rotate(&b, "e", 180), "w");
    assert_string_equal(rotate(&b, "e", -60), "se");
    assert_string_equal(rotate(&b, "ne", 60), "nw");
    assert_string_equal(rotate(&b, "sw", 60), "se");
    assert_string_equal(rotate(&b, "se", 60), "e");
    assert_string_equal(rotate(&b, "e", 360), "e");
    assert_string_equal(rotate(&b, "e", -420), "se");
    /* no 45 or 90 degree turns on a hex board */
    assert_string_equal(rotate(&b, "e", 90), "-");
    assert_string_equal(rotate(&b, "e", 45), "-");
    for (int d = 0; d < 6; d++)
        for (int a = -360; a <= 360; a += 60)
            assert_int_equal(board_rotate(&b, board_rotate(&b, d, a), -a), d);
    board_free(&b);
}

/* --- hex rhombi */

static void rhombus_cells_and_names(void **state)
{
    (void)state;
    board b;
    assert_int_equal(board_init_hex_rhombus(&b, 11, 11), BOARD_OK);
    assert_int_equal(b.kind, BOARD_HEX);
    assert_false(board_is_hexagon(&b));
    assert_int_equal(b.cell_count, 121);
    assert_int_equal(b.direction_count, 6);
    assert_int_equal(b.turn_degrees, 60);
    assert_int_equal(board_files(&b), 11);
    assert_int_equal(board_ranks(&b), 11);
    /* numbered as the 11x11 square board is: a1 first, rank by rank */
    assert_int_equal(cell(&b, "a1"), 0);
    assert_int_equal(cell(&b, "k1"), 10);
    assert_int_equal(cell(&b, "a2"), 11);
    assert_int_equal(cell(&b, "k11"), 120);
    for (int c = 0; c < b.cell_count; c++) {
        assert_int_equal(board_cell(&b, b.cell_names[c]), c);
        assert_int_equal(board_file_of(&b, c), c % 11);
        assert_int_equal(board_rank_of(&b, c), c / 11 + 1);
    }
    assert_int_equal(board_cell(&b, "l1"), BOARD_NO_CELL);
    assert_int_equal(board_cell(&b, "a12"), BOARD_NO_CELL);
    assert_int_equal(board_cell(&b, "a0"), BOARD_NO_CELL);
    /* axial: the top rank is r = 0, a11 the north-west corner (0, 0) */
    int a11 = cell(&b, "a11"), a1 = cell(&b, "a1");
    assert_int_equal(b.x[a11], 0);
    assert_int_equal(b.y[a11], 0);
    assert_int_equal(b.x[a1], 0);
    assert_int_equal(b.y[a1], 10);
    assert_int_equal(board_axial_cell(&b, 10, 10), cell(&b, "k1"));
    assert_int_equal(board_axial_cell(&b, 11, 10), BOARD_NO_CELL);
    assert_int_equal(board_axial_cell(&b, 0, -1), BOARD_NO_CELL);
    char text[64];
    board_describe(&b, text, sizeof text);
    assert_string_equal(text, "11x11 hex rhombus (121 cells)");
    board_free(&b);
    assert_int_equal(board_init_hex_rhombus(&b, 3, 5), BOARD_OK);
    assert_int_equal(b.cell_count, 15);
    cell(&b, "c5");
    assert_int_equal(board_cell(&b, "d1"), BOARD_NO_CELL);
    board_free(&b);
    assert_int_equal(board_init_hex_rhombus(&b, 0, 3), BOARD_TOO_SMALL);
    assert_int_equal(board_init_hex_rhombus(&b, BOARD_MAX_SIDE + 1, 3), BOARD_TOO_LARGE);
    assert_int_equal(board_init_hex_rhombus(&b, BOARD_MAX_SIDE, BOARD_MAX_SIDE), BOARD_OK);
    board_free(&b);
}

static void rhombus_neighbours(void **state)
{
    (void)state;
    board b;
    assert_int_equal(board_init_hex_rhombus(&b, 11, 11), BOARD_OK);
    /* Hex's adjacency: along the rank, and to the next rank the same file
     * (nw) and the next file (ne), so that rank 11 is drawn at the top,
     * each rank half a cell east of the one above */
    assert_string_equal(step(&b, "f6", "e"), "g6");
    assert_string_equal(step(&b, "f6", "w"), "e6");
    assert_string_equal(step(&b, "f6", "ne"), "g7");
    assert_string_equal(step(&b, "f6", "nw"), "f7");
    assert_string_equal(step(&b, "f6", "se"), "f5");
    assert_string_equal(step(&b, "f6", "sw"), "e5");
    assert_int_equal(neighbours(&b, cell(&b, "f6")), 6);
    /* the obtuse corners a1, k11 have three neighbours, the acute a11, k1 two */
    assert_int_equal(neighbours(&b, cell(&b, "a1")), 3);
    assert_int_equal(neighbours(&b, cell(&b, "k11")), 3);
    assert_int_equal(neighbours(&b, cell(&b, "a11")), 2);
    assert_int_equal(neighbours(&b, cell(&b, "k1")), 2);
    const char *corners[] = { "a1", "k1", "a11", "k11" };
    int corner_count = 0;
    for (int c = 0; c < b.cell_count; c++)
        corner_count += board_is_corner(&b, c);
    assert_int_equal(corner_count, 4);
    for (size_t i = 0; i < 4; i++)
        assert_true(board_is_corner(&b, cell(&b, corners[i])));
    assert_int_equal(neighbours(&b, cell(&b, "f1")), 4);
    assert_true(board_is_edge(&b, cell(&b, "f1")));
    assert_false(board_is_edge(&b, cell(&b, "f2")));
    assert_string_equal(step(&b, "k1", "ne"), "-");
    assert_string_equal(step(&b, "k1", "nw"), "k2");
    assert_string_equal(step(&b, "k1", "w"), "j1");
    assert_string_equal(step(&b, "k1", "se"), "-");
    const char *pairs[][2] = { { "e", "w" }, { "ne", "sw" }, { "nw", "se" } };
    for (int c = 0; c < b.cell_count; c++)
        for (int p = 0; p < 3; p++) {
            int there = board_step(&b, c, direction(&b, pairs[p][0]));
            if (there != BOARD_NO_CELL)
                assert_int_equal(board_step(&b, there, direction(&b, pairs[p][1])), c);
        }
    assert_int_equal(board_step_wrapped(&b, cell(&b, "a1"), direction(&b, "w")), BOARD_NO_CELL);
    /* named lines count its files and ranks */
    assert_int_equal(board_named_line(&b, "top", "rank"), 11);
    assert_int_equal(board_named_line(&b, "right", "file"), 10);
    board_free(&b);
}

static void rhombus_rings(void **state)
{
    (void)state;
    /* 4x3: rank 3 a3 b3 c3 d3 at the top, rank 1 at the foot; ring 0 the
     * ten edge cells walked clockwise on the screen (east along rank 3,
     * se down file d, west along rank 1, nw up file a), ring 1 b2 c2, a
     * line that is no ring */
    board b;
    assert_int_equal(board_init_hex_rhombus(&b, 4, 3), BOARD_OK);
    const char *edge[] = { "a3", "b3", "c3", "d3", "d2", "d1", "c1", "b1", "a1", "a2" };
    for (int i = 0; i < 10; i++) {
        assert_int_equal(b.ring[cell(&b, edge[i])], 0);
        assert_string_equal(clockwise(&b, edge[i]), edge[(i + 1) % 10]);
        assert_string_equal(counter_clockwise(&b, edge[(i + 1) % 10]), edge[i]);
    }
    assert_int_equal(b.ring[cell(&b, "b2")], 1);
    assert_string_equal(clockwise(&b, "b2"), "-");
    assert_string_equal(clockwise(&b, "c2"), "-");
    board_free(&b);
}

/* --- graph boards */

static void graph_boards(void **state)
{
    (void)state;
    board b;
    assert_int_equal(board_init_graph(&b, 4), BOARD_OK);
    assert_int_equal(board_graph_add_cell(&b, "start"), BOARD_OK);
    assert_int_equal(board_graph_add_cell(&b, "middle"), BOARD_OK);
    assert_int_equal(board_graph_add_cell(&b, "goal"), BOARD_OK);
    assert_int_equal(board_graph_add_cell(&b, "start"), BOARD_DUPLICATE_CELL);
    assert_int_equal(board_graph_add_cell(&b, ""), BOARD_BAD_NAME);
    assert_int_equal(board_graph_add_cell(&b, "a-name-far-too-long"), BOARD_BAD_NAME);
    assert_int_equal(board_graph_link(&b, "start", "middle", "next", "back"), BOARD_OK);
    assert_int_equal(board_graph_link(&b, "middle", "goal", "next", NULL), BOARD_OK);
    assert_int_equal(board_graph_link(&b, "middle", "nowhere", "next", NULL), BOARD_UNKNOWN_CELL);
    assert_int_equal(b.cell_count, 3);
    assert_int_equal(b.direction_count, 2);
    assert_string_equal(step(&b, "start", "next"), "middle");
    assert_string_equal(step(&b, "middle", "back"), "start");
    assert_string_equal(step(&b, "middle", "next"), "goal");
    assert_string_equal(step(&b, "goal", "back"), "-");   /* linked one way only */
    assert_string_equal(step(&b, "start", "back"), "-");
    /* graph directions do not turn */
    assert_int_equal(board_rotate(&b, 0, 90), -1);
    assert_false(board_is_corner(&b, 0));
    char text[64];
    board_describe(&b, text, sizeof text);
    assert_string_equal(text, "graph board of 3 cells");
    /* the capacity is a limit */
    assert_int_equal(board_graph_add_cell(&b, "extra"), BOARD_OK);
    assert_int_equal(board_graph_add_cell(&b, "one-too-many"), BOARD_TOO_LARGE);
    board_free(&b);
    assert_int_equal(board_init_graph(&b, BOARD_MAX_CELLS + 1), BOARD_TOO_LARGE);
    /* at most BOARD_MAX_DIRECTIONS directions */
    assert_int_equal(board_init_graph(&b, 2), BOARD_OK);
    board_graph_add_cell(&b, "x");
    board_graph_add_cell(&b, "y");
    char name[16];
    for (int d = 0; d < BOARD_MAX_DIRECTIONS; d++) {
        snprintf(name, sizeof name, "d%d", d);
        assert_int_equal(board_graph_link(&b, "x", "y", name, NULL), BOARD_OK);
    }
    assert_int_equal(board_graph_link(&b, "x", "y", "one-more", NULL), BOARD_TOO_MANY_DIRECTIONS);
    board_free(&b);
}

static void graph_positions(void **state)
{
    (void)state;
    /* a graph is not placed until its builder says so; a cell's place is
     * its x east and y north, negative or not */
    board b;
    assert_int_equal(board_init_graph(&b, 2), BOARD_OK);
    assert_false(b.placed);
    board_graph_add_cell(&b, "pit");
    board_graph_add_cell(&b, "store");
    assert_int_equal(board_graph_place(&b, "pit", 1, 0), BOARD_OK);
    assert_int_equal(board_graph_place(&b, "store", -7, 1), BOARD_OK);
    assert_int_equal(board_graph_place(&b, "nowhere", 0, 0), BOARD_UNKNOWN_CELL);
    assert_int_equal(b.x[cell(&b, "pit")], 1);
    assert_int_equal(b.y[cell(&b, "pit")], 0);
    assert_int_equal(b.x[cell(&b, "store")], -7);
    assert_int_equal(b.y[cell(&b, "store")], 1);
    board_free(&b);
}

static void cell_name_shapes(void **state)
{
    (void)state;
    assert_true(board_looks_like_cell("a1"));
    assert_true(board_looks_like_cell("z26"));
    assert_true(board_looks_like_cell("aa10"));
    assert_false(board_looks_like_cell("a"));
    assert_false(board_looks_like_cell("1"));
    assert_false(board_looks_like_cell("A1"));
    assert_false(board_looks_like_cell("a1b"));
    assert_false(board_looks_like_cell("forward"));
    assert_false(board_looks_like_cell(""));
}

/* Drawing the n-th cell of a set (a drawn move): by hand, 0xF0F0 holds
 * cells 4-7 and 12-15; the last word of a large board counts on from the
 * cells of the words before it. */
static void cellset_nth_cells(void **state)
{
    (void)state;
    assert_int_equal(word_after_bits(0xF0F0, 0), 0xF0F0);
    assert_int_equal(word_after_bits(0xF0F0, 2), 0xF0C0);
    assert_int_equal(word_after_bits(0xF0F0, 5), 0xE000);
    assert_int_equal(word_after_bits(UINT64_C(1) << 63 | 1, 1), UINT64_C(1) << 63);
    cellset s;
    memset(&s, 0, sizeof s);
    s.w[0] = 0xF0F0;
    int expected[] = { 4, 5, 6, 7, 12, 13, 14, 15 };
    for (int n = 0; n < 8; n++)
        assert_int_equal(cellset_nth(&s, n, 1), expected[n]);
    assert_int_equal(cellset_nth(&s, 8, 1), -1);
    assert_int_equal(cellset_nth(&s, -1, 1), -1);
    if (CELLSET_WORDS >= 2) {
        s.w[1] = 0x5;       /* cells 64 and 66 */
        assert_int_equal(cellset_nth(&s, 7, 2), 15);
        assert_int_equal(cellset_nth(&s, 8, 2), 64);
        assert_int_equal(cellset_nth(&s, 9, 2), 66);
        assert_int_equal(cellset_nth(&s, 10, 2), -1);
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(square_cells_and_colours),
        cmocka_unit_test(square_rectangles),
        cmocka_unit_test(square_neighbours_at_corners),
        cmocka_unit_test(square_wrap),
        cmocka_unit_test(square_rings),
        cmocka_unit_test(square_rotation),
        cmocka_unit_test(hex_cells_and_names),
        cmocka_unit_test(hex_neighbours),
        cmocka_unit_test(hex_rings),
        cmocka_unit_test(hex_clockwise_by_hand),
        cmocka_unit_test(hex_rotation),
        cmocka_unit_test(rhombus_cells_and_names),
        cmocka_unit_test(rhombus_neighbours),
        cmocka_unit_test(rhombus_rings),
        cmocka_unit_test(graph_boards),
        cmocka_unit_test(graph_positions),
        cmocka_unit_test(cell_name_shapes),
        cmocka_unit_test(cellset_nth_cells),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
