/* protocol_moves: moves as the protocols carry them, one token each
 * (protocol.h). */
#include <stdio.h>
#include <string.h>

#include "movegen/algebraic.h"
#include "movegen/notation.h"
#include "movegen/typed.h"
#include "protocol/protocol.h"

const char *protocol_name(protocol_dialect dialect)
{
    return dialect == PROTOCOL_UCI ? "uci" : "ugi";
}

bool protocol_supports(const game *g, protocol_dialect dialect, char *why, size_t size)
{
    if (dialect == PROTOCOL_UCI && (g->player_count != 2 || g->board.kind != BOARD_SQUARE)) {
        snprintf(why, size, "UCI speaks of two players on a square board, and %s has %d player%s on a%s board; "
                 "use ugi", g->name, g->player_count, g->player_count == 1 ? "" : "s",
                 g->board.kind == BOARD_HEX ? " hex" : g->board.kind == BOARD_GRAPH ? " graph" : " square");
        return false;
    }
    return true;
}

void protocol_move_text(const game *g, const move_list *list, int index, protocol_dialect dialect,
                        char *out, size_t size)
{
    if (dialect == PROTOCOL_UCI && algebraic_long(g, list, index, out, size))
        return;
    notation_move(g, list, index, out, size);
    for (char *c = out; *c; c++)
        if (*c == ' ')
            *c = ';';   /* the parts of a turn: one token */
}

int protocol_find_move(const game *g, const move_list *list, const char *text, char *why, size_t size)
{
    char typed[PROTOCOL_MOVE_TEXT];
    if (strlen(text) >= sizeof typed) {
        snprintf(why, size, "no move is that long");
        return -1;
    }
    /* a move as this side writes it in UCI's long algebraic (e5f6, e7e8q)
     * is that move: what an engine sends back is what we would send it,
     * whatever the game's own notation makes of the capture (chess's en
     * passant, e5-f6xf5, which the lenient reading below does not take
     * for e5f6) */
    int written = algebraic_long_find(g, list, text);
    if (written >= 0)
        return written;
    snprintf(typed, sizeof typed, "%s", text);
    for (char *c = typed; *c; c++)
        if (*c == ';')
            *c = ' ';
    int index;
    typed_match found = typed_find(g, list, typed, false, &index);
    switch (found) {
    case TYPED_FOUND:
    case TYPED_FOUND_LOOSE:
        return index;
    case TYPED_NONE:
        snprintf(why, size, "'%s' is not a legal move", text);
        return -1;
    case TYPED_PARTS:
        snprintf(why, size, "'%s' is only the start of a turn: give all its parts, joined by ';'", text);
        return -1;
    case TYPED_AMBIGUOUS:
    case TYPED_AMBIGUOUS_ALGEBRAIC:
    case TYPED_AMBIGUOUS_LOOSE:
        break;
    }
    char first[PROTOCOL_MOVE_TEXT];
    notation_move(g, list, index, first, sizeof first);
    snprintf(why, size, "'%s' is ambiguous (%s is one of the moves it could be)", text, first);
    return -1;
}
