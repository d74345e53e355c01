/* pattern_bulk: `CELLS where PATTERN` for every cell at once.
 *
 * eval_pattern_matches walks a pattern from one anchor; a where-test over
 * the empty cells of an Othello board walks it sixty times in eight
 * directions.  For a pattern marked bulk (spec/pattern_bulk_build.h) the
 * cells from which the rest of a path succeeds are computed for all cells
 * together, from the last step back to the first, with whole-set shifts.
 * The walk is greedy (a run takes every cell it can), and so is this. */
#ifndef TABULA_PATTERN_BULK_H
#define TABULA_PATTERN_BULK_H

#include "movegen/movegen_internal.h"

/* OUT = the cells of FROM where the bulk pattern PATTERN_INDEX matches. */
void pattern_bulk_where(gen *x, int pattern_index, const cellset *from, cellset *out);

/* OUT = the union of the marks of the matches at ANCHOR (of a bulk
 * pattern); false, OUT untouched, if there could be more than MAX. */
bool pattern_bulk_marks(gen *x, int pattern_index, int anchor, int max, cellset *out);

#endif
