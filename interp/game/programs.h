/* programs: the short programs specialisation compiles (spec/) and the
 * generator runs (movegen/), and the tables they read.
 *
 * A set expression on a board of one word becomes a list of word_op
 * (spec/set_words_build.c writes it, movegen/set_words.c runs it); a set
 * of at most one cell, followed from a cell, a list of cell_op
 * (spec/cell_program_build.c, movegen/cell_program.c).  The opcodes are
 * here so that the writer and the reader are held to one list. */
#ifndef TABULA_PROGRAMS_H
#define TABULA_PROGRAMS_H

#include <stdint.h>

#include "game/board.h"
#include "game/limits.h"

/* One step of a set expression's program on a one-word board
 * (set_words.c): a word read from the position or the turn and how it
 * joins the word being built, an operation on that word, WORD_SKIP_EMPTY
 * or WORD_END; with the player and argument its read needs. */
typedef struct word_op {
    uint8_t op;
    uint8_t player;
    int32_t arg;
} word_op;

/* The directions of one adjacent(_, D) on a one-word board, each player's:
 * the cells with a neighbour that way, and the rotation that moves them
 * onto it (no bit leaves the word: a shift). */
typedef struct word_adjacency {
    uint8_t count[GAME_MAX_PLAYERS];
    uint8_t rotate[GAME_MAX_PLAYERS][BOARD_MAX_DIRECTIONS];
    uint64_t from[GAME_MAX_PLAYERS][BOARD_MAX_DIRECTIONS];
} word_adjacency;

#define WORD_END 255
#define WORD_SKIP_EMPTY 254   /* the word is empty: skip ARG ops (it is the result) */
#define WORD_MAX_STACK 16     /* words a program pushes at most */

/* The leaves, each read four ways (op = leaf * 4 + join), then the
 * operations on the accumulator. */
enum { WORD_JOIN_LOAD, WORD_JOIN_OR, WORD_JOIN_AND, WORD_JOIN_AND_NOT };
enum {
    WORD_LEAF_CONST, WORD_LEAF_REGION, WORD_LEAF_EMPTY, WORD_LEAF_OCCUPIED, WORD_LEAF_FRIEND, WORD_LEAF_ENEMY, WORD_LEAF_ALL, WORD_LEAF_TYPE,
    WORD_LEAF_OWNER, WORD_LEAF_PIECES, WORD_LEAF_HERE, WORD_LEAF_ORIGIN, WORD_LEAF_LAST, WORD_LEAF_ANCHOR, WORD_LEAF_JUMPED, WORD_LEAF_PUSHED,
    WORD_LEAF_MARKED, WORD_LEAF_LINE, WORD_LEAF_LABEL, WORD_LEAF_VAR, WORD_LEAF_COUNT
};
enum {
    WORD_OP_POP_UNION = WORD_LEAF_COUNT * 4,  /* the word = the one pushed | the word */
    WORD_OP_POP_INTERSECT,               /* the one pushed & the word */
    WORD_OP_POP_MINUS,                   /* the one pushed & ~the word */
    WORD_OP_ADJACENT,                    /* the cells next to the word's (word_adjacency ARG) */
    WORD_OP_SHIFT                        /* the same, of one direction alike for every player */
};

/* One step of the program of a set of at most one cell (cell_program.c):
 * an operation on a stack of cells (-1: none) and its argument. */
typedef struct cell_op {
    uint8_t op;
    int16_t arg;
} cell_op;

enum {
    CELL_HERE, CELL_ORIGIN, CELL_LAST, CELL_ANCHOR,  /* push that cell */
    CELL_VAR,           /* push the cell variable ARG holds */
    CELL_STEP,          /* the top's neighbour by the one step of dlist ARG */
    CELL_TYPE,          /* the top if a piece of type ARG stands there */
    CELL_TEST,          /* the top if it is in the cell test ARG (a cexpr) */
    CELL_MATCH,         /* pop: the top if it is the cell popped */
    CELL_END            /* the result is the top */
};
#define CELL_MAX_STACK 4      /* cells a program pushes at most */

#endif
