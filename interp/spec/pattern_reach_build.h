/* pattern_reach_build: where the first step of a pattern can go, worked
 * out at load for every anchor, so that a walk that cannot start is
 * refused without being set up (movegen/eval.c, eval_pattern_matches).
 *
 * Most anchors of most walked patterns fail at their first step: Sáto's
 * bracket is tried at every move's landing cell, in six directions, and
 * the cell beside the landing that way seldom holds an enemy.  The first
 * step's cells depend on the board, the player, the value of the
 * pattern's variable and the anchor only, never on the pieces; its test
 * (which does) is still read at each walk. */
#ifndef TABULA_PATTERN_REACH_BUILD_H
#define TABULA_PATTERN_REACH_BUILD_H

#include "game/game.h"

/* Fills PT's first-step tables (pattern.first_cells, pattern.first_any
 * and pattern_facts.first_reach), or leaves the pattern without them
 * (first_reach false) where a group's first step may take no cell, or
 * when memory runs out or the tables would be large (the pattern is then
 * walked as before).  Frees any tables PT had. */
void pattern_reach_prepare(const game *g, pattern *pt);

#endif
