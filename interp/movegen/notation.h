/* notation: moves as text, in the notation of the language sketch.
 *
 * A move prints as its path: "b2-d4" (move), "b2xd4" (capture by landing),
 * "b2-d4xc3" (a capture elsewhere), "c3-e5-c7" (a chain), "@d4" or "S@d4"
 * (a drop; the symbol when the game has several piece types), "=Q" (a
 * change), "pass"; the parts of a compound turn are joined by a space.
 * Reading a move matches the text against the legal moves' texts: exactly,
 * or as a prefix shared by no other move; a prefix of several moves that
 * ends where each of their next parts begins is a turn typed a part at a
 * time (`tabula play` asks for the rest).
 */
#ifndef TABULA_NOTATION_H
#define TABULA_NOTATION_H

#include <stdbool.h>
#include <stddef.h>

#include "game/game.h"
#include "movegen/movegen.h"

/* Writes move INDEX of LIST into OUT (always terminated); returns the
 * length it needed. */
int notation_move(const game *g, const move_list *list, int index, char *out, size_t size);

typedef enum notation_match {
    NOTATION_FOUND,         /* a move's text, or the start of one move's alone */
    NOTATION_NONE,          /* the start of no move's text */
    NOTATION_AMBIGUOUS,     /* the start of several moves' texts */
    NOTATION_PARTS,         /* the first parts of several moves, each going on after a space */
} notation_match;

/* Finds the move TEXT names among LIST's moves: the first whose text is
 * TEXT, or else the one whose text starts with TEXT (not empty).  *INDEX
 * gets it; when there is none or several, the first candidate (-1: none). */
notation_match notation_find(const game *g, const move_list *list, const char *text, int *index);

/* Whether the move text MOVE_TEXT starts with TEXT (not empty): a
 * candidate for TEXT in notation_find. */
bool notation_starts(const char *move_text, const char *text);

/* Whether the move text MOVE_TEXT is PARTS followed by more parts (after
 * a space). */
bool notation_continues(const char *move_text, const char *parts);

#endif
