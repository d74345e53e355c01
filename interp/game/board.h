/* board: the cells of a board and how they connect, built once per game.
 *
 * A board is a set of named cells with a neighbour table per direction.
 * Square boards name cells a1.. (file letter, rank number, a1 bottom left
 * and dark); hex boards are hexagons or rhombi of pointy-top cells in
 * axial coordinates (q along e/w, r growing southward), named by file
 * letter and rank counted from the box of axial coordinates that holds
 * them (a hexagon of radius R: file a + q + R, rank R - r + 1; a rhombus:
 * file a + q, rank H - r, a1 its south-west corner and, as in Hex, each
 * rank half a cell east of the one above); graph boards name their cells
 * and directions themselves, and may place their cells for the eye.
 * Directions are numbered so that rotating a direction is index
 * arithmetic: square boards turn in 45 degree steps
 * (n ne e se s sw w nw), hex boards in 60 degree steps (e ne nw w sw se).
 * Everything here is computed when the game loads; lookups are tables.
 */
#ifndef TABULA_BOARD_H
#define TABULA_BOARD_H

#include <stdbool.h>

#define BOARD_NO_CELL (-1)
#define BOARD_MAX_SIDE 26          /* files are single letters */
#define BOARD_MAX_HEX_RADIUS 12    /* 2R + 1 = 25 files */
/* (a hex rhombus's sides are at most BOARD_MAX_SIDE, as a square board's) */
#define BOARD_MAX_CELLS 1024
#define BOARD_MAX_DIRECTIONS 32
#define BOARD_CELL_NAME 16

typedef enum board_kind {
    BOARD_SQUARE,
    BOARD_HEX,
    BOARD_GRAPH,
} board_kind;

typedef struct board {
    board_kind kind;
    int width, height;      /* square, hex: how many files and ranks */
    int radius;             /* hex: a hexagon's radius; 0 for a rhombus */
    /* hex: the axial coordinates of the north-west corner of the box of
     * WIDTH files by HEIGHT ranks that holds the board (file a, the top
     * rank): a hexagon's (-R, -R), a rhombus's (0, 0) */
    int q_min, r_min;
    int cell_count;
    int direction_count;
    int turn_degrees;       /* angle between consecutive directions; 0 for graphs */
    char direction_names[BOARD_MAX_DIRECTIONS][BOARD_CELL_NAME];
    char (*cell_names)[BOARD_CELL_NAME];
    int *x, *y;             /* square: file and rank from 0; hex: q and r; graph: see placed */
    /* graph: the file gives every cell a position, x east and y north, in
     * x and y (else x is the cell's number and y 0) */
    bool placed;
    int *ring;              /* hex: distance from the centre; square: distance from the edge */
    bool *light;            /* chequer colouring: a1 dark; hex rings alternate */
    int neighbour_stride;   /* entries per cell in neighbour and wrapped */
    int *neighbour;         /* [cell * neighbour_stride + direction], BOARD_NO_CELL off the board */
    int *wrapped;           /* the same with both axes wrapped (square boards; else a copy) */
    int *ring_clockwise;    /* successor on the cell's own ring, BOARD_NO_CELL for the centre */
    int *ring_counter_clockwise;
    /* hex: the cell at axial (q, r), [(r - r_min) * width + q - q_min],
     * BOARD_NO_CELL off the board (leaps by offsets); see board_axial_cell */
    int *axial_cell;
} board;

typedef enum board_error {
    BOARD_OK,
    BOARD_TOO_LARGE,
    BOARD_TOO_SMALL,
    BOARD_NO_MEMORY,
    BOARD_DUPLICATE_CELL,
    BOARD_UNKNOWN_CELL,
    BOARD_TOO_MANY_DIRECTIONS,
    BOARD_BAD_NAME,
} board_error;

board_error board_init_square(board *b, int width, int height);
board_error board_init_hex(board *b, int radius);
/* A rhombus of hexagons WIDTH files by HEIGHT ranks, as Hex is played on:
 * its cells are named and numbered as a square board's (a1 the south-west
 * corner, cell (rank - 1) * WIDTH + file), with the six hex directions. */
board_error board_init_hex_rhombus(board *b, int width, int height);

/* Graph boards are built cell by cell, then link by link. */
board_error board_init_graph(board *b, int cell_capacity);
board_error board_graph_add_cell(board *b, const char *name);
/* Links FROM to TO along DIRECTION (created on first use), and TO back to
 * FROM along BACK when BACK is not NULL. */
board_error board_graph_link(board *b, const char *from, const char *to, const char *direction,
                             const char *back);
/* Puts the cell NAME at (X, Y), x east and y north, for the pictures; the
 * caller sets placed once every cell has its place. */
board_error board_graph_place(board *b, const char *name, int x, int y);

void board_free(board *b);

int board_cell(const board *b, const char *name);          /* BOARD_NO_CELL if absent */
int board_direction(const board *b, const char *name);     /* -1 if absent */
/* DIRECTION turned by DEGREES (counter-clockwise positive), or -1 when the
 * board cannot turn by that angle. */
int board_rotate(const board *b, int direction, int degrees);
int board_step(const board *b, int cell, int direction);    /* BOARD_NO_CELL off the board */
int board_step_wrapped(const board *b, int cell, int direction);

/* A hexagon rather than a rhombus of hexagons. */
static inline bool board_is_hexagon(const board *b)
{
    return b->kind == BOARD_HEX && b->radius > 0;
}

/* How many files and ranks the board has (0 for a graph). */
int board_files(const board *b);
int board_ranks(const board *b);
/* CELL's file from 0 (a) and rank from 1, on a square or hex board. */
int board_file_of(const board *b, int cell);
int board_rank_of(const board *b, int cell);
/* The hex cell at axial (Q, R), BOARD_NO_CELL off the board. */
int board_axial_cell(const board *b, int q, int r);

/* True when NAME has the shape of a cell name (letters then digits). */
bool board_looks_like_cell(const char *name);

/* Cells on the board edge: fewer neighbours than an interior cell. */
bool board_is_edge(const board *b, int cell);
bool board_is_corner(const board *b, int cell);
/* The line that WHERE and LINE name from the board's sides, so that a
 * rules file need not know the board's size: "top rank", "bottom rank",
 * "middle rank", "left file", "right file", "middle file" (of an even
 * count, the middle one nearer the bottom rank or the left file).  Returns
 * its number as `rank N` counts (1 for the bottom rank) or its index as
 * `file X` counts (0 for file a), or -1 when the words name no such line
 * or B (a graph) has no ranks and files. */
int board_named_line(const board *b, const char *where, const char *line);

/* "8x8 square board", "hex board of radius 3 (37 cells)", "11x11 hex
 * rhombus (121 cells)", "graph board of 5 cells" */
void board_describe(const board *b, char *out, int size);

#endif
