/* posstring: positions as one line of text, FEN-like.
 *
 * ROWS SIDE FIELDS...: the rows from the top rank down (hex boards from the
 * top row down, each west to east; graph boards one row in cell order),
 * separated by '/', each cell a piece symbol or a run of empty cells as a
 * number; the side to move; then the game's position fields (its
 * `position` block, or the default list).  A symbol shared by several
 * (type, owner) pairs is followed by ^N, the owner's number from 1.  In a
 * game of stacks a cell of two pieces or more is one token, its pieces
 * from the bottom up in brackets: [Ssso] (the pieces under the top carry
 * no flags: position.h).
 */
#include "game/posstring.h"

#include <ctype.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "utf8.h"

typedef struct writer {
    char *out;
    size_t size, length;
} writer;

static void put(writer *w, const char *format, ...) __attribute__((format(printf, 2, 3)));

static void put(writer *w, const char *format, ...)
{
    va_list args;
    va_start(args, format);
    size_t room = w->length < w->size ? w->size - w->length : 0;
    int n = vsnprintf(room ? w->out + w->length : NULL, room, format, args);
    va_end(args);
    if (n > 0)
        w->length += (size_t)n;
}

static const char *symbol_of(const game *g, int type, int owner)
{
    return piece_symbol(&g->types[type], owner);
}

/* How many (type, owner) pairs print as SYMBOL. */
static int sharing(const game *g, const char *symbol)
{
    int n = 0;
    for (int t = 0; t < g->type_count; t++)
        for (int o = 0; o < g->player_count; o++)
            if (!strcmp(symbol_of(g, t, o), symbol))
                n++;
    return n;
}

static void put_piece(writer *w, const game *g, int type, int owner)
{
    const char *symbol = symbol_of(g, type, owner);
    if (sharing(g, symbol) > 1)
        put(w, "%s^%d", symbol, owner + 1);
    else
        put(w, "%s", symbol);
}

/* The cells of the board in string order, row by row; returns the count of
 * rows and fills ROW_LENGTH. */
static int layout(const game *g, int *order, int *row_length)
{
    const board *b = &g->board;
    int rows = 0, n = 0;
    if (b->kind == BOARD_SQUARE) {
        for (int y = b->height - 1; y >= 0; y--) {
            row_length[rows++] = b->width;
            for (int x = 0; x < b->width; x++)
                order[n++] = y * b->width + x;
        }
    } else if (b->kind == BOARD_HEX) {
        for (int r = b->r_min; r < b->r_min + b->height; r++) {
            int length = 0;
            for (int cell = 0; cell < b->cell_count; cell++)
                if (b->y[cell] == r)
                    order[n++] = cell, length++;
            row_length[rows++] = length;
        }
    } else {
        for (int cell = 0; cell < b->cell_count; cell++)
            order[n++] = cell;
        row_length[rows++] = b->cell_count;
    }
    return rows;
}

static bool unique_initials(const game *g)
{
    for (int a = 0; a < g->player_count; a++)
        for (int b = a + 1; b < g->player_count; b++)
            if (tolower((unsigned char)g->player_names[a][0]) == tolower((unsigned char)g->player_names[b][0]))
                return false;
    return true;
}

int posstring_write(const position *p, char *out, size_t size)
{
    const game *g = p->game;
    writer w = { out, size, 0 };
    if (size)
        out[0] = '\0';
    int order[BOARD_MAX_CELLS], row_length[BOARD_MAX_CELLS];
    int rows = layout(g, order, row_length), n = 0;
    for (int r = 0; r < rows; r++) {
        if (r)
            put(&w, "/");
        int empty = 0;
        for (int i = 0; i < row_length[r]; i++) {
            uint16_t code = p->cells[order[n++]];
            if (!code) {
                empty++;
                continue;
            }
            if (empty)
                put(&w, "%d", empty);
            empty = 0;
            int cell = order[n - 1], height = pos_height(p, cell);
            if (height > 1)
                put(&w, "[");
            for (int at = 0; at < height; at++) {
                uint16_t piece = pos_piece_at(p, cell, at);
                put_piece(&w, g, PIECE_TYPE(piece), PIECE_OWNER(piece));
            }
            if (height > 1)
                put(&w, "]");
        }
        if (empty)
            put(&w, "%d", empty);
    }
    if (unique_initials(g))
        put(&w, " %c", tolower((unsigned char)g->player_names[p->side][0]));
    else
        put(&w, " %s", g->player_names[p->side]);
    for (int i = 0; i < g->field_count; i++) {
        const position_field *f = &g->fields[i];
        put(&w, " ");
        switch (f->kind) {
        case FIELD_LETTERS: {
            size_t before = w.length;
            for (int l = 0; l < f->letter_count; l++)
                if (pos_letters_hold(p, f, &f->letters[l]))
                    put(&w, "%s", f->letters[l].letter);
            if (w.length == before)
                put(&w, "-");
            break;
        }
        case FIELD_CELL:
        case FIELD_VAR:
            /* a variable of each player: its values in the order of the
             * players, 3/1 */
            for (int k = 0; k < (g->var_each[f->index] ? g->player_count : 1); k++) {
                int value = p->vars[f->index + k];
                if (k > 0)
                    put(&w, "/");
                if (f->kind == FIELD_VAR)
                    put(&w, "%d", value);
                else
                    put(&w, "%s", value >= 0 && value < g->board.cell_count ? g->board.cell_names[value] : "-");
            }
            break;
        case FIELD_FLAGGED: {
            size_t before = w.length;
            for (int cell = 0; cell < g->board.cell_count; cell++)
                if (p->cells[cell] && (PIECE_FLAGS(p->cells[cell]) & (1u << f->index)))
                    put(&w, "%s%s", w.length > before ? "," : "", g->board.cell_names[cell]);
            if (w.length == before)
                put(&w, "-");
            break;
        }
        case FIELD_RESERVES:
            for (int o = 0; o < g->player_count; o++) {
                if (o)
                    put(&w, "/");
                size_t before = w.length;
                for (int t = 0; t < g->type_count; t++) {
                    if (p->reserve[o][t] <= 0)
                        continue;
                    put_piece(&w, g, t, o);
                    put(&w, "%d", p->reserve[o][t]);
                }
                if (w.length == before)
                    put(&w, "-");
            }
            break;
        case FIELD_PLIES:
            put(&w, "%d", p->ply);
            break;
        case FIELD_SINCE_RESET:
            put(&w, "%d", p->since_reset);
            break;
        case FIELD_MOVE_NUMBER:
            put(&w, "%d", p->ply / g->player_count + 1);
            break;
        }
    }
    return (int)w.length;
}

/* --- reading */

typedef struct reader {
    const char *text;
    char *error;
    size_t error_size;
} reader;

static bool fail(reader *r, const char *format, ...) __attribute__((format(printf, 2, 3)));

static bool fail(reader *r, const char *format, ...)
{
    va_list args;
    va_start(args, format);
    vsnprintf(r->error, r->error_size, format, args);
    va_end(args);
    return false;
}

/* Reads a piece token at *AT: a symbol, optionally ^N. */
static bool read_piece(reader *r, const game *g, const char **at, int *type, int *owner)
{
    const char *s = *at;
    int length = utf8_sequence_length((const unsigned char *)s, strlen(s));
    if (length <= 0)
        return fail(r, "not UTF-8 at '%.8s'", s);
    char symbol[8] = "";
    memcpy(symbol, s, (size_t)length);
    s += length;
    int wanted_owner = -1;
    if (*s == '^') {
        s++;
        if (!isdigit((unsigned char)*s))
            return fail(r, "expected a player number after '^' in '%s^'", symbol);
        wanted_owner = *s++ - '1';
    }
    *type = *owner = -1;
    int found = 0;
    for (int t = 0; t < g->type_count; t++)
        for (int o = 0; o < g->player_count; o++)
            if (!strcmp(symbol_of(g, t, o), symbol) && (wanted_owner < 0 || wanted_owner == o)) {
                if (found++ == 0) {
                    *type = t;
                    *owner = o;
                }
            }
    if (found == 0)
        return fail(r, "unknown piece symbol '%s'", symbol);
    if (found > 1)
        return fail(r, "piece symbol '%s' is shared; write '%s^N' with the player's number", symbol, symbol);
    *at = s;
    return true;
}

/* The letters of a field such as FEN's castling rights: cells named by a
 * present letter hold pieces without the flag; cells only in absent letters
 * (all of them when the field is missing, as for '-') have it. */
static bool apply_letters(reader *r, const game *g, const position_field *f, const bool *present,
                          uint16_t *cells)
{
    for (int l = 0; l < f->letter_count; l++)
        for (int k = 0; k < f->letters[l].cell_count; k++) {
            int cell = f->letters[l].cells[k];
            if (cell >= 0 && cells[cell])
                cells[cell] |= (uint16_t)((1u << f->index) << 8);
        }
    for (int l = 0; l < f->letter_count; l++) {
        if (!present[l])
            continue;
        for (int k = 0; k < f->letters[l].cell_count; k++) {
            int cell = f->letters[l].cells[k];
            if (cell < 0 || !cells[cell])
                return fail(r, "'%s' needs a piece on %s", f->letters[l].letter,
                            cell >= 0 ? g->board.cell_names[cell] : "?");
            if (!pos_setup_piece(g, cell, cells[cell]))
                return fail(r, "'%s' needs the piece that starts on %s there", f->letters[l].letter,
                            g->board.cell_names[cell]);
            cells[cell] &= (uint16_t)~((1u << f->index) << 8);
        }
    }
    return true;
}

/* The piece types that carry the flag 'moved'.  Every type, unless the
 * position fields speak of the flag: then `cells moved` lists the flagged
 * pieces (nothing to infer), and `letters moved: L CELLS` gives it to the
 * types that start on those cells (chess: kings and rooks, whose castling
 * letters they are); a piece of another type never has it, so that reading
 * a position gives the flags that play gives. */
static void moved_flag_types(const game *g, bool *carries)
{
    bool described = false;
    for (int t = 0; t < GAME_MAX_TYPES; t++)
        carries[t] = false;
    for (int i = 0; i < g->field_count; i++) {
        const position_field *f = &g->fields[i];
        if (f->index != g->moved_flag || (f->kind != FIELD_LETTERS && f->kind != FIELD_FLAGGED))
            continue;
        described = true;
        if (f->kind != FIELD_LETTERS)
            continue;
        for (int l = 0; l < f->letter_count; l++)
            for (int c = 0; c < f->letters[l].cell_count; c++) {
                uint16_t start = g->initial_cells[f->letters[l].cells[c]];
                if (start)
                    carries[PIECE_TYPE(start)] = true;
            }
    }
    if (!described)
        for (int t = 0; t < GAME_MAX_TYPES; t++)
            carries[t] = true;
}

static int cell_named(const game *g, const char *name)
{
    return board_cell(&g->board, name);
}

static bool read_number(const char *text, long low, long high, long *out)
{
    char *end;
    long v = strtol(text, &end, 10);
    if (end == text || *end || v < low || v > high)
        return false;
    *out = v;
    return true;
}

bool posstring_read(position *p, const char *text, char *error, size_t error_size)
{
    const game *g = p->game;
    reader r = { text, error, error_size };
    char copy[8192];
    if (strlen(text) >= sizeof copy)
        return fail(&r, "position string longer than %zu characters", sizeof copy - 1);
    snprintf(copy, sizeof copy, "%s", text);
    char *fields[32];
    int count = 0;
    for (char *save = NULL, *f = strtok_r(copy, " \t", &save); f; f = strtok_r(NULL, " \t", &save)) {
        if (count == 32)
            return fail(&r, "too many fields");
        fields[count++] = f;
    }
    if (count < 2)
        return fail(&r, "expected the board rows and the side to move");

    static uint16_t cells[BOARD_MAX_CELLS];
    memset(cells, 0, sizeof cells);
    /* the pieces under the tops, as position.under and .depth */
    static uint16_t under[BOARD_MAX_CELLS * (GAME_MAX_STACK - 1)];
    static uint8_t depth[BOARD_MAX_CELLS];
    int stride = g->stack_height - 1;
    memset(depth, 0, sizeof depth);
    if (stride > 0)
        memset(under, 0, (size_t)g->board.cell_count * (size_t)stride * sizeof *under);
    int order[BOARD_MAX_CELLS], row_length[BOARD_MAX_CELLS];
    int rows = layout(g, order, row_length);
    const char *s = fields[0];
    int n = 0;
    for (int row = 0; row < rows; row++) {
        int filled = 0;
        while (*s && *s != '/') {
            if (isdigit((unsigned char)*s)) {
                char *end;
                long run = strtol(s, &end, 10);
                if (run < 1 || run > row_length[row] - filled)
                    return fail(&r, "row %d has more than %d cells", row + 1, row_length[row]);
                filled += (int)run;
                s = end;
                continue;
            }
            int type, owner;
            if (filled >= row_length[row])
                return fail(&r, "row %d has more than %d cells", row + 1, row_length[row]);
            int cell = order[n + filled];
            if (*s == '[') {
                /* a stack, from the bottom up */
                if (stride == 0)
                    return fail(&r, "'[' starts a stack, and this game has none (no 'stacks' statement)");
                uint16_t pieces[GAME_MAX_STACK];
                int height = 0;
                for (s++; *s != ']'; height++) {
                    if (!*s || *s == '/' || *s == '[' || isdigit((unsigned char)*s))
                        return fail(&r, "a stack's '[' has no ']' in row %d", row + 1);
                    if (!read_piece(&r, g, &s, &type, &owner))
                        return false;
                    if (height >= g->stack_height)
                        return fail(&r, "a stack of more than %d pieces: the game's stacks hold %d", g->stack_height,
                                    g->stack_height);
                    pieces[height] = PIECE_CODE(type, owner, 0);
                }
                s++;
                if (height < 2)
                    return fail(&r, "a stack in brackets holds two pieces or more (one is written alone)");
                cells[cell] = pieces[height - 1];
                memcpy(&under[cell * stride], pieces, (size_t)(height - 1) * sizeof *pieces);
                depth[cell] = (uint8_t)(height - 1);
                filled++;
                continue;
            }
            if (!read_piece(&r, g, &s, &type, &owner))
                return false;
            cells[cell] = PIECE_CODE(type, owner, 0);
            filled++;
        }
        if (filled != row_length[row])
            return fail(&r, "row %d has %d cells, the board has %d", row + 1, filled, row_length[row]);
        n += filled;
        if (row + 1 < rows) {
            if (*s != '/')
                return fail(&r, "%d rows given, the board has %d", row + 1, rows);
            s++;
        }
    }
    if (*s)
        return fail(&r, "more than %d rows", rows);

    int side = -1;
    for (int q = 0; q < g->player_count; q++) {
        if (!strcasecmp(fields[1], g->player_names[q])
            || (strlen(fields[1]) == 1 && unique_initials(g)
                && tolower((unsigned char)fields[1][0]) == tolower((unsigned char)g->player_names[q][0])))
            side = q;
    }
    if (side < 0)
        return fail(&r, "unknown side to move '%s'", fields[1]);

    /* flags: a piece on a setup cell of its own type and owner has not moved */
    bool carries_moved[GAME_MAX_TYPES];
    moved_flag_types(g, carries_moved);
    for (int cell = 0; cell < g->board.cell_count; cell++) {
        if (!cells[cell] || g->moved_flag < 0 || !carries_moved[PIECE_TYPE(cells[cell])])
            continue;
        uint16_t start = g->initial_cells[cell];
        bool home = start && PIECE_TYPE(start) == PIECE_TYPE(cells[cell]) && PIECE_OWNER(start) == PIECE_OWNER(cells[cell]);
        if (!home)
            cells[cell] |= (uint16_t)((1u << g->moved_flag) << 8);
    }
    int32_t reserve[GAME_MAX_PLAYERS][GAME_MAX_TYPES];
    memcpy(reserve, g->initial_reserve, sizeof reserve);
    int32_t vars[GAME_MAX_VARS];
    for (int v = 0; v < GAME_MAX_VARS; v++)
        vars[v] = v < g->var_count ? g->var_initial[v] : 0;
    long ply = -1, since = 0, move_number = -1;
    if (count - 2 > g->field_count)
        return fail(&r, "%d fields after the side to move, the game has %d", count - 2, g->field_count);
    for (int i = 0; i < count - 2; i++) {
        const position_field *f = &g->fields[i];
        const char *v = fields[i + 2];
        long number;
        switch (f->kind) {
        case FIELD_LETTERS: {
            bool present[8] = { false };
            if (strcmp(v, "-")) {
                for (const char *c = v; *c;) {
                    int hit = -1;
                    for (int l = 0; l < f->letter_count; l++) {
                        size_t len = strlen(f->letters[l].letter);
                        if (!strncmp(c, f->letters[l].letter, len)) {
                            hit = l;
                            c += len;
                            break;
                        }
                    }
                    if (hit < 0)
                        return fail(&r, "unknown letter '%c' in '%s'", *c, v);
                    present[hit] = true;
                }
            }
            if (!apply_letters(&r, g, f, present, cells))
                return false;
            break;
        }
        case FIELD_CELL:
        case FIELD_VAR: {
            /* a variable of each player: one value a player, 3/1 */
            int copies = g->var_each[f->index] ? g->player_count : 1;
            char value[64];
            const char *rest = v;
            for (int k = 0; k < copies; k++) {
                size_t length = strcspn(rest, "/");
                if (length >= sizeof value || (k < copies - 1 && rest[length] != '/')
                    || (k == copies - 1 && rest[length]))
                    return fail(&r, "expected %d value%s for %s, '/' between them, not '%s'", copies,
                                copies == 1 ? "" : "s", g->var_names[f->index], v);
                memcpy(value, rest, length);
                value[length] = '\0';
                rest += length + (rest[length] == '/');
                int32_t *into = &vars[f->index + k];
                if (f->kind == FIELD_CELL && !strcmp(value, "-"))
                    *into = -1;
                else if (f->kind == FIELD_CELL && (*into = cell_named(g, value)) < 0)
                    return fail(&r, "'%s' is not a cell of the board", value);
                else if (f->kind == FIELD_VAR && !read_number(value, -1000000000L, 1000000000L, &number))
                    return fail(&r, "expected a number for %s, not '%s'", g->var_names[f->index], value);
                else if (f->kind == FIELD_VAR)
                    *into = (int32_t)number;
            }
            break;
        }
        case FIELD_FLAGGED: {
            for (int cell = 0; cell < g->board.cell_count; cell++)
                if (cells[cell])
                    cells[cell] &= (uint16_t)~((1u << f->index) << 8);
            if (!strcmp(v, "-"))
                break;
            char list[512];
            snprintf(list, sizeof list, "%s", v);
            for (char *save = NULL, *name = strtok_r(list, ",", &save); name; name = strtok_r(NULL, ",", &save)) {
                int cell = cell_named(g, name);
                if (cell < 0 || !cells[cell])
                    return fail(&r, "'%s' is not a cell holding a piece", name);
                cells[cell] |= (uint16_t)((1u << f->index) << 8);
            }
            break;
        }
        case FIELD_RESERVES: {
            for (int o = 0; o < g->player_count; o++)
                for (int t = 0; t < g->type_count; t++)
                    if (reserve[o][t] > 0)
                        reserve[o][t] = 0;
            const char *c = v;
            for (int o = 0; o < g->player_count; o++) {
                if (*c == '-') {
                    c++;
                } else {
                    while (*c && *c != '/') {
                        int type, owner;
                        const char *symbol = c;
                        if (!read_piece(&r, g, &c, &type, &owner))
                            return false;
                        /* the reserves stand in the order of the players:
                         * a piece of another player's is a mistake, not a
                         * move of it to its owner's */
                        if (owner != o)
                            return fail(&r, "'%.*s' in %s's reserve is a piece of %s's", (int)(c - symbol), symbol,
                                        g->player_names[o], g->player_names[owner]);
                        char *end;
                        long amount = strtol(c, &end, 10);
                        if (end == c || amount < 0 || amount > 100000)
                            return fail(&r, "expected a count after a reserve symbol in '%s'", v);
                        c = end;
                        if (reserve[owner][type] < 0)
                            return fail(&r, "that reserve is unlimited");
                        reserve[owner][type] = (int32_t)amount;
                    }
                }
                if (o + 1 < g->player_count) {
                    if (*c != '/')
                        return fail(&r, "expected %d reserves separated by '/' in '%s'", g->player_count, v);
                    c++;
                }
            }
            if (*c)
                return fail(&r, "unexpected '%s' after the reserves", c);
            break;
        }
        case FIELD_PLIES:
            if (!read_number(v, 0, POSITION_MAX_PLIES - 1, &ply))
                return fail(&r, "expected a number of plies, not '%s'", v);
            break;
        case FIELD_SINCE_RESET:
            if (!read_number(v, 0, POSITION_MAX_PLIES - 1, &since))
                return fail(&r, "expected a count of plies, not '%s'", v);
            break;
        case FIELD_MOVE_NUMBER:
            if (!read_number(v, 1, POSITION_MAX_PLIES, &move_number))
                return fail(&r, "expected a move number, not '%s'", v);
            break;
        }
    }
    for (int i = count - 2; i < g->field_count; i++) {
        bool none[8] = { false };
        if (g->fields[i].kind == FIELD_LETTERS && !apply_letters(&r, g, &g->fields[i], none, cells))
            return false;
    }
    if (ply < 0 && move_number > 0) {
        for (long candidate = (move_number - 1) * g->player_count;
             candidate < move_number * g->player_count; candidate++)
            if (game_player_at(g, (int)candidate) == side)
                ply = candidate;
    }
    if (ply < 0) {
        for (long candidate = 0; candidate < 64 && ply < 0; candidate++)
            if (game_player_at(g, (int)candidate) == side)
                ply = candidate;
    }
    if (g->out_var >= 0) {
        /* the turn passes over the players who are out: the side to move
         * is any player still in, whatever the plies (or none: all out) */
        int in = 0;
        for (int q = 0; q < g->player_count; q++) {
            if (vars[g->out_var + q] != 0 && vars[g->out_var + q] != 1)
                return fail(&r, "whether %s is out is 0 or 1, not %ld", g->player_names[q],
                            (long)vars[g->out_var + q]);
            in += vars[g->out_var + q] == 0;
        }
        if (in > 0 && vars[g->out_var + side])
            return fail(&r, "%s is out: it cannot be its turn", g->player_names[side]);
        if (ply < 0)
            ply = 0;
    } else if (g->again_var >= 0) {
        /* a player may move again: any side after any number of plies */
        if (ply < 0)
            ply = 0;
    } else if (ply < 0 || game_player_at(g, (int)ply) != side) {
        return fail(&r, "it cannot be %s's turn after %ld plies", g->player_names[side], ply);
    }
    pos_load(p, cells, stride > 0 ? under : NULL, stride > 0 ? depth : NULL, reserve, vars, (int)ply, (int)since,
             side);
    return true;
}
