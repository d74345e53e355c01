/* typed: finding a typed move among the legal moves (typed.h). */
#include "movegen/typed.h"

#include <ctype.h>
#include <string.h>

#include "movegen/algebraic.h"
#include "movegen/notation.h"

#define TYPED_TEXT 512   /* a move's text in Tabula's notation, as the REPL keeps it */

void typed_loose_text(const char *text, char *out, size_t size)
{
    size_t n = 0;
    for (const char *c = text; *c && n + 1 < size; c++) {
        char ch = (char)tolower((unsigned char)*c);
        bool part_start = c == text || c[-1] == ' ';
        if (ch == '-' || ch == ':' || (ch == '@' && part_start))
            continue;
        if (ch == 'x' && n > 0 && isdigit((unsigned char)out[n - 1]) && isalpha((unsigned char)c[1]))
            continue;
        if (ch == '=' && n > 0 && isdigit((unsigned char)out[n - 1]) && isalpha((unsigned char)c[1]))
            continue;
        out[n++] = ch;
    }
    if (size > 0)
        out[n] = '\0';
}

bool typed_loosely(const char *move_text, const char *want)
{
    char have[TYPED_TEXT];
    typed_loose_text(move_text, have, sizeof have);
    if (!strcmp(have, want))
        return true;
    size_t n = strlen(want);
    return move_text[0] == '@' && n > 0 && !strncmp(have, want, n) && !isdigit((unsigned char)have[n])
        && isdigit((unsigned char)want[n - 1]);
}

/* The legal moves TEXT names typed loosely (typed_loosely): their count,
 * the first in *INDEX. */
static int loose_matches(const game *g, const move_list *list, const char *text, int *index)
{
    char want[TYPED_TEXT], move_text[TYPED_TEXT];
    typed_loose_text(text, want, sizeof want);
    int found = 0;
    for (int i = 0; i < list->count; i++) {
        notation_move(g, list, i, move_text, sizeof move_text);
        if (typed_loosely(move_text, want) && found++ == 0)
            *index = i;
    }
    return found;
}

/* Whether TEXT starts with the letter of one of G's pieces, in upper case:
 * in algebraic notation a piece's move ("B1c3" a bishop's), never a cell
 * typed in capitals (E2E4). */
static bool starts_with_piece_letter(const game *g, const char *text)
{
    for (int t = 0; t < g->type_count && isupper((unsigned char)text[0]); t++)
        if (g->types[t].symbol[0][0] == text[0] && g->types[t].symbol[0][1] == '\0')
            return true;
    return false;
}

typed_match typed_find(const game *g, const move_list *list, const char *text, bool continuing,
                       int *index)
{
    *index = -1;
    bool algebraic = g->notation == GAME_NOTATION_ALGEBRAIC;
    if (algebraic && !continuing) {
        notation_match named = algebraic_find(g, list, text, index);
        if (named == NOTATION_FOUND)
            return TYPED_FOUND;
        if (named == NOTATION_AMBIGUOUS)
            return TYPED_AMBIGUOUS_ALGEBRAIC;
    }
    notation_match found = notation_find(g, list, text, index);
    if (algebraic && found != NOTATION_PARTS) {
        char move_text[TYPED_TEXT];
        if (*index >= 0)
            notation_move(g, list, *index, move_text, sizeof move_text);
        if (found == NOTATION_AMBIGUOUS || (found == NOTATION_FOUND && strcmp(move_text, text)))
            found = NOTATION_NONE;
    }
    switch (found) {
    case NOTATION_FOUND:
        return TYPED_FOUND;
    case NOTATION_PARTS:
        return TYPED_PARTS;
    case NOTATION_AMBIGUOUS:
        return TYPED_AMBIGUOUS;
    case NOTATION_NONE:
        break;
    }
    *index = -1;
    int loose = algebraic && starts_with_piece_letter(g, text) ? 0 : loose_matches(g, list, text, index);
    return loose == 1 ? TYPED_FOUND_LOOSE : loose > 1 ? TYPED_AMBIGUOUS_LOOSE : TYPED_NONE;
}
