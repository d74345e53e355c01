/* weights: the weights file, the evaluation `tabula tune` learned for a
 * game, read when the game loads and written by tune.
 *
 * It lies beside the rules file: games/chess.rules has games/chess.weights,
 * and its variant NAME games/chess.NAME.weights.  A text of lines, each a
 * keyword and its fields separated by blanks, `#` to the end of a line a
 * comment:
 *
 *     tabula-weights 1              the format (first)
 *     game "chess"                  the game it was fitted for (its name)
 *     variant "4p"                  and the variant (none: the game itself)
 *     rules 1f0c...                 the hash of the rules' text it was fitted on
 *     command "tabula tune ..."     the command that made it
 *     mobility 12                   hundredths per legal move more than the opponent
 *     goal 100                      per cell fewer to fill to connect
 *     score 100                     per point of the rules' score
 *     value knight 305              a piece of a type, on the board or in reserve
 *     cell pawn white e4 17         added for a piece of a type and player on a cell
 *
 * `rules` and `command` say where the weights came from and change nothing;
 * a type with no `value` line is worth 0 and a cell with no `cell` line
 * adds nothing.  Every number is a whole number of hundredths within
 * -EVAL_WEIGHT_LIMIT..EVAL_WEIGHT_LIMIT (game.h). */
#ifndef TABULA_WEIGHTS_H
#define TABULA_WEIGHTS_H

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>

#include "diag.h"
#include "game/game.h"
#include "source.h"

#define WEIGHTS_FORMAT 1

/* The weights file of G beside RULES_PATH (its variant's when G is a
 * variant), written into OUT (SIZE bytes); false when it does not fit. */
bool weights_path(const game *g, const char *rules_path, char *out, size_t size);

/* Reads G's weights file beside RULES_PATH, if there is one, into
 * G->weights.  No file: true, G unchanged.  A file that cannot be read or
 * is malformed: false, with the errors in DIAGNOSTICS (the file added to
 * SOURCES so that they quote its lines) and G unchanged. */
bool weights_load(game *g, const char *rules_path, source_set *sources, diag_list *diagnostics);

/* Reads the weights file TEXT (its index FILE in the sources, for the
 * diagnostics' locations) for G into a new *OUT; false with the errors in
 * DIAGNOSTICS and *OUT NULL when malformed. */
bool weights_parse(const game *g, const char *text, int file, diag_list *diagnostics, eval_weights **out);

/* Writes W, fitted for G on rules whose text hashes to RULES_HASH by
 * COMMAND, in the format weights_parse reads; false on a write error. */
bool weights_write(FILE *stream, const game *g, const eval_weights *w, uint64_t rules_hash, const char *command);

#endif
