/* utf8: validating UTF-8 without a locale. */
#ifndef TABULA_UTF8_H
#define TABULA_UTF8_H

#include <stddef.h>

/* Length in bytes (1 to 4) of the valid UTF-8 sequence starting at TEXT,
 * which has AVAILABLE bytes; 0 when the bytes there are not valid UTF-8
 * (overlong forms, surrogates and code points above U+10FFFF included). */
int utf8_sequence_length(const unsigned char *text, size_t available);

#endif
