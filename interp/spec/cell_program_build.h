/* cell_program_build: the programs of the sets of at most one cell that
 * are followed from a cell (game.cell_ops, cexpr.cell_program), written
 * once at load time; movegen/cell_program.h runs them. */
#ifndef TABULA_CELL_PROGRAM_BUILD_H
#define TABULA_CELL_PROGRAM_BUILD_H

#include "game/game.h"

/* Compiles every such set into a program (the others keep cell_program
 * -1); false only when memory runs out.  Reads cexpr.cell_test: run after
 * the cell tests are marked. */
bool cell_programs_build(game *g);

/* Whether every test of a cell in the program at FIRST reads only the
 * piece on that cell (a content table), so that it can be answered for a
 * landing not made (cell_program_landed). */
bool cell_program_reads_content(const game *g, int first);

#endif
