/* cell_program: the program of a set of at most one cell (game.cell_ops,
 * written by spec/cell_program_build.c), run from the turn's cells. */
#ifndef TABULA_CELL_PROGRAM_H
#define TABULA_CELL_PROGRAM_H

#include <stdint.h>

#include "game/game.h"

struct gen;

/* The cell of the program at FIRST (cexpr.cell_program), -1: none. */
int cell_program_run(struct gen *x, int first);

/* A landing not made: the piece on FROM as if it stood on TO as CODE
 * (FROM empty; TO is where the piece is and last was). */
typedef struct cell_landing {
    int from, to;
    uint16_t code;
} cell_landing;

/* The cell of the program at FIRST as if MOVED had landed; every test of
 * a cell in the program must read only the cell's piece
 * (cell_program_reads_content, spec/cell_program_build.h). */
int cell_program_landed(struct gen *x, int first, const cell_landing *moved);

/* The same, a program that starts by testing the landed piece's type (the
 * pawn of `here & pawn`) answered without the call when that test fails:
 * after most landings of a chess game. */
static inline int cell_program_landed_quick(const game *g, struct gen *x, int first, const cell_landing *moved)
{
    const cell_op *o = &g->cell_ops[first];
    if ((o[0].op == CELL_HERE || o[0].op == CELL_LAST) && o[1].op == CELL_TYPE
        && (!moved->code || PIECE_TYPE(moved->code) != o[1].arg))
        return -1;
    return cell_program_landed(x, first, moved);
}

#endif
