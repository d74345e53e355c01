/* pattern_bulk_build: the load-time half of pattern_bulk (movegen/
 * pattern_bulk.h), which tests a pattern from every cell at once. */
#ifndef TABULA_PATTERN_BULK_BUILD_H
#define TABULA_PATTERN_BULK_BUILD_H

#include "game/game.h"

/* Whether `where PT` can run on whole sets: every step of a path goes one
 * shiftable direction (for each value of the pattern's variable) and its
 * tests do not depend on the anchor; if so, fills PT's bulk tables
 * (bulk_dirs, bulk_values, bulk_straight, and on a board of one word
 * bulk_word and bulk_rounds).  False also when memory runs out: the
 * pattern is then walked from each cell. */
bool pattern_bulk_prepare(const game *g, pattern *pt);

#endif
