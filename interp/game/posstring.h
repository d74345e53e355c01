/* posstring: a position as one line of text, and back (see posstring.c
 * for the format).  For chess, with the position block of games/chess.rules,
 * it is standard FEN. */
#ifndef TABULA_POSSTRING_H
#define TABULA_POSSTRING_H

#include <stdbool.h>
#include <stddef.h>

#include "game/position.h"

/* Writes P into OUT (always terminated); returns the length it needed. */
int posstring_write(const position *p, char *out, size_t size);

/* Sets P from TEXT.  On failure P is unchanged and ERROR says why. */
bool posstring_read(position *p, const char *text, char *error, size_t error_size);

#endif
