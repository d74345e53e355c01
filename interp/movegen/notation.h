/* notation: moves as text, in the notation of the language sketch.
 *
 * A move prints as its path: "b2-d4" (move), "b2xd4" (capture by landing),
 * "b2-d4xc3" (a capture elsewhere), "c3-e5-c7" (a chain), "@d4" or "S@d4"
 * (a drop; the symbol when the game has several piece types), "=Q" (a
 * change), "pass"; the parts of a compound turn are joined by a space.
 * Reading a move matches the text against the legal moves' texts: exactly,
 * or as a prefix shared by no other move.
 */
#ifndef TABULA_NOTATION_H
#define TABULA_NOTATION_H

#include <stddef.h>

#include "game/game.h"
#include "movegen/movegen.h"

/* Writes move INDEX of LIST into OUT (always terminated); returns the
 * length it needed. */
int notation_move(const game *g, const move_list *list, int index, char *out, size_t size);

typedef enum notation_match {
    NOTATION_FOUND,
    NOTATION_NONE,
    NOTATION_AMBIGUOUS,
} notation_match;

/* Finds the move TEXT names among LIST's moves; *INDEX gets it (for
 * NOTATION_AMBIGUOUS, the first candidate). */
notation_match notation_find(const game *g, const move_list *list, const char *text, int *index);

#endif
