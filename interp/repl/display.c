/* display: the board as text.  Square boards with file letters and rank
 * numbers around, graph boards on a grid by the positions their file
 * gives (else as a list of cells); hex boards are in display_hex.c.  In plain text the cells of the last move stand in
 * brackets; with colours they are on a blue ground and each player's pieces
 * have their own colour.  When the rules speak of light and dark cells
 * (Superial, draughts) or the display block says `board chequered`, the
 * board shows them: dark cells on a grey ground, or in plain text an empty
 * dark cell as ':' (a light one is '.').  A board of points (`board
 * intersections`) shows an empty point as '+', joined along its rank by
 * '-'; with colours, the display block's ground colours the board. */
#include <stdlib.h>
#include <string.h>

#include "repl/repl.h"

#define ANSI_RESET "\033[0m"
#define ANSI_DIM "\033[2m"
#define ANSI_MARK "\033[44m"
#define ANSI_DARK_CELL "\033[100m"

#define ANSI_UNDERLINE "\033[4m"
#define ANSI_RING "\033[48;5;238m"

/* The grounds of a board the display block colours (GAME_COLOUR_*), a
 * light cell's and a dark one's, dim enough that the dots and the
 * players' tiles read on them. */
static const char *const grounds[GAME_COLOURS][2] = {
    { "\033[48;5;236m", "\033[48;5;234m" }, { "\033[48;5;88m", "\033[48;5;52m" },
    { "\033[48;5;28m", "\033[48;5;22m" },   { "\033[48;5;136m", "\033[48;5;94m" },
    { "\033[48;5;25m", "\033[48;5;17m" },   { "\033[48;5;90m", "\033[48;5;53m" },
    { "\033[48;5;30m", "\033[48;5;23m" },   { "\033[48;5;252m", "\033[48;5;246m" },
};

board_ink display_board_ink(const session *s, const display_style *style)
{
    const game *g = s->game;
    bool hex = g->board.kind == BOARD_HEX;
    board_ink ink = { false, ".", ' ', "", "" };
    /* by default a square board shows its dark cells where the rules tell
     * them apart, a hex board its rings where the game goes round them */
    switch ((board_look)g->display_look) {
    case BOARD_LOOK_CHEQUERED: ink.chequer = true; break;
    case BOARD_LOOK_DEFAULT: ink.chequer = hex ? s->uses_rings : g->cell_colours; break;
    case BOARD_LOOK_INTERSECTIONS: ink.empty = "+"; ink.link = '-'; break;
    case BOARD_LOOK_PLAIN: case BOARD_LOOK_HOLES: case BOARD_LOOKS: break;
    }
    if (style->colour && g->display_ground >= 0 && g->display_ground < GAME_COLOURS) {
        ink.light_ground = grounds[g->display_ground][0];
        ink.dark_ground = grounds[g->display_ground][1];
    } else if (style->colour) {
        ink.dark_ground = hex ? ANSI_RING : ANSI_DARK_CELL;
    }
    if (!ink.chequer)
        ink.dark_ground = ink.light_ground;
    return ink;
}

/* Each colour (GAME_COLOUR_*) as a tile: the piece's letter in a
 * contrasting ink on a ground of the player's colour, which reads on light
 * terminals and on dark ones alike (black letters on a dark terminal, or
 * white on a light one, would not). */
static const char *const tiles[GAME_COLOURS] = {
    "\033[1;97;40m", "\033[1;97;41m", "\033[1;30;42m", "\033[1;30;43m",
    "\033[1;97;44m", "\033[1;97;45m", "\033[1;30;46m", "\033[1;30;107m",
};

const char *display_player_colour(const game *g, int player)
{
    return tiles[game_player_colour(g, player)];
}

int display_width(const char *text)
{
    int n = 0;
    for (const unsigned char *c = (const unsigned char *)text; *c; c++)
        if ((*c & 0xC0) != 0x80)
            n++;
    return n;
}

const char *display_symbol(const game *g, unsigned code)
{
    int type = PIECE_TYPE(code), owner = PIECE_OWNER(code);
    if (type < 0 || type >= g->type_count)
        return "?";
    return piece_symbol(&g->types[type], owner);
}

const char *display_shown(const game *g, unsigned code, const display_style *style)
{
    int type = PIECE_TYPE(code), owner = PIECE_OWNER(code);
    if (style->unicode && type >= 0 && type < g->type_count) {
        const char *other = g->display_unicode[type][1], *first = g->display_unicode[type][0];
        const char *symbol = owner > 0 && other[0] ? other : first;
        if (symbol[0])
            return symbol;
    }
    return display_symbol(g, code);
}

static void pad(FILE *out, int n)
{
    for (int i = 0; i < n; i++)
        fputc(' ', out);
}

/* Separator before cell I of a row (I == count: after the last cell). */
static char separator(const bool *row_marked, int i, int count)
{
    bool left = i > 0 && row_marked[i - 1], right = i < count && row_marked[i];
    return left && right ? '|' : right ? '[' : left ? ']' : ' ';
}

static void files_line(FILE *out, const board *b, int label_width, int cell_width)
{
    pad(out, label_width + 1);
    for (int x = 0; x < b->width; x++) {
        if (x > 0)
            pad(out, cell_width);
        fputc('a' + x, out);
    }
    fputc('\n', out);
}

/* The height of CELL's stack after its top's symbol, where it is two or
 * more, in TEXT (empty else); its width is the room stack_room makes. */
static const char *stack_height_text(const session *s, int cell, char *text, size_t size)
{
    int height = pos_height(s->position, cell);
    if (height > 1)
        snprintf(text, size, "%d", height);
    else
        text[0] = '\0';
    return text;
}

/* The room a cell of a game of stacks keeps for its height (two digits). */
static int stack_room(const game *g)
{
    return g->stack_height > 1 ? (g->stack_height > 9 ? 2 : 1) : 0;
}

static void display_square(FILE *out, const session *s, const bool *marked, const display_style *style)
{
    const game *g = s->game;
    const board *b = &g->board;
    int cell_width = 1;
    for (int t = 0; t < g->type_count; t++)
        for (int k = 0; k < g->types[t].symbol_count; k++) {
            int w = display_width(g->types[t].symbol[k]);
            if (w > cell_width)
                cell_width = w;
        }
    int symbol_width = cell_width;
    cell_width += stack_room(g);
    int label_width = b->height >= 10 ? 2 : 1;
    board_ink ink = display_board_ink(s, style);
    files_line(out, b, label_width + 1, cell_width);
    for (int y = b->height - 1; y >= 0; y--) {
        bool row_marked[BOARD_MAX_SIDE];
        for (int x = 0; x < b->width; x++)
            row_marked[x] = marked[y * b->width + x];
        fprintf(out, " %*d", label_width, y + 1);
        for (int x = 0; x < b->width; x++) {
            int cell = y * b->width + x;
            /* between two cells the board's ground, and on a board of
             * points the line that joins them */
            char sep = style->colour ? ' ' : separator(row_marked, x, b->width);
            if (x > 0 && sep == ' ')
                sep = ink.link;
            if (x > 0 && style->colour && (ink.light_ground[0] || sep != ' '))
                fprintf(out, "%s%s%c" ANSI_RESET, ink.light_ground, sep != ' ' ? ANSI_DIM : "", sep);
            else
                fputc(sep, out);
            unsigned code = s->position->cells[cell];
            bool dark = ink.chequer && !b->light[cell];
            const char *text = code ? display_shown(g, code, style) : dark && !style->colour ? ":" : ink.empty;
            const char *ground = dark ? ink.dark_ground : ink.light_ground;
            if (style->colour && code)   /* (a piece of the last move underlined: its tile hides the ground) */
                fprintf(out, "%s%s", display_player_colour(g, PIECE_OWNER(code)), marked[cell] ? ANSI_UNDERLINE : "");
            else if (style->colour)
                fprintf(out, "%s%s", marked[cell] ? ANSI_MARK : ground, ANSI_DIM);
            fputs(text, out);
            char height[16];
            stack_height_text(s, cell, height, sizeof height);
            pad(out, symbol_width - display_width(text));
            fputs(height, out);
            if (style->colour)
                fputs(ANSI_RESET, out);
            int room = cell_width - symbol_width - display_width(height);
            bool grounded = room > 0 && style->colour && ground[0];
            if (grounded)
                fputs(ground, out);
            for (int i = 0; i < room; i++)
                fputc(x + 1 < b->width ? ink.link : ' ', out);
            if (grounded)
                fputs(ANSI_RESET, out);
        }
        fputc(style->colour ? ' ' : separator(row_marked, b->width, b->width), out);
        fprintf(out, "%d\n", y + 1);
    }
    files_line(out, b, label_width + 1, cell_width);
}

static int compare_ints(const void *a, const void *b)
{
    int x = *(const int *)a, y = *(const int *)b;
    return (x > y) - (x < y);
}

/* VALUES (COUNT of them) sorted, each once; returns how many remain. */
static int distinct_sorted(int *values, int count)
{
    qsort(values, (size_t)count, sizeof *values, compare_ints);
    int kept = 0;
    for (int i = 0; i < count; i++)
        if (kept == 0 || values[i] != values[kept - 1])
            values[kept++] = values[i];
    return kept;
}

/* Spaces owed before the next text of a line: written only when text
 * follows, so that no line ends in spaces. */
static void flush_spaces(FILE *out, int *owed)
{
    pad(out, *owed);
    *owed = 0;
}

/* A graph board whose file gives its cells' positions, drawn on a grid of
 * characters in their order: a cell's column is its x's place among the
 * cells' x, its row its y's among their y (north at the top), so that a
 * mancala's pits stand in two rows between its stores.  Each cell is its
 * name over its contents: its top's symbol and the stack's height, or '.'
 * when empty (in brackets for the last move, without colours).  Links
 * between cells in any direction cannot all be drawn with characters, so
 * none are; the picture (render) draws them. */
static void display_graph_placed(FILE *out, const session *s, const bool *marked, const display_style *style)
{
    const game *g = s->game;
    const board *b = &g->board;
    int n = b->cell_count;
    int *xs = malloc((size_t)n * sizeof *xs), *ys = malloc((size_t)n * sizeof *ys);
    char (*contents)[32] = malloc((size_t)n * sizeof *contents);
    if (!xs || !ys || !contents) {
        free(xs);
        free(ys);
        free(contents);
        return;
    }
    int slot = 1;
    for (int c = 0; c < n; c++) {
        xs[c] = b->x[c];
        ys[c] = b->y[c];
        unsigned code = s->position->cells[c];
        char height[16];
        snprintf(contents[c], sizeof contents[c], "%s%s", code ? display_shown(g, code, style) : ".",
                 code ? stack_height_text(s, c, height, sizeof height) : "");
        int width = display_width(contents[c]) + 2;   /* (room for the brackets) */
        if (width > slot)
            slot = width;
        if (display_width(b->cell_names[c]) > slot)
            slot = display_width(b->cell_names[c]);
    }
    slot += 2;   /* between two columns */
    int columns = distinct_sorted(xs, n), rows = distinct_sorted(ys, n);
    for (int row = rows - 1; row >= 0; row--) {
        for (int part = 0; part < 2; part++) {   /* the names, then the contents */
            int owed = 2;
            for (int column = 0; column < columns; column++) {
                int cell = -1;
                for (int c = 0; c < n && cell < 0; c++)
                    if (b->x[c] == xs[column] && b->y[c] == ys[row])
                        cell = c;
                if (cell < 0) {
                    owed += slot;
                    continue;
                }
                bool bracketed = part == 1 && marked[cell] && !style->colour;
                const char *text = part == 0 ? b->cell_names[cell] : contents[cell];
                int width = display_width(text) + (bracketed ? 2 : 0);
                int before = (slot - 2 - width + 1) / 2;
                owed += before;
                flush_spaces(out, &owed);
                unsigned code = s->position->cells[cell];
                if (part == 1 && style->colour && code)
                    fprintf(out, "%s%s", display_player_colour(g, PIECE_OWNER(code)), marked[cell] ? ANSI_UNDERLINE : "");
                else if (part == 1 && style->colour)
                    fprintf(out, "%s" ANSI_DIM, marked[cell] ? ANSI_MARK : "");
                fprintf(out, "%s%s%s", bracketed ? "[" : "", text, bracketed ? "]" : "");
                if (part == 1 && style->colour)
                    fputs(ANSI_RESET, out);
                owed += slot - before - width;
            }
            fputc('\n', out);
        }
    }
    free(xs);
    free(ys);
    free(contents);
}

static void display_graph(FILE *out, const session *s, const bool *marked, const display_style *style)
{
    const game *g = s->game;
    const board *b = &g->board;
    if (b->placed) {
        display_graph_placed(out, s, marked, style);
        return;
    }
    int name_width = 1;
    for (int c = 0; c < b->cell_count; c++)
        if (display_width(b->cell_names[c]) > name_width)
            name_width = display_width(b->cell_names[c]);
    for (int c = 0; c < b->cell_count; c++) {
        unsigned code = s->position->cells[c];
        fprintf(out, "  %c%s", marked[c] && !style->colour ? '[' : ' ', b->cell_names[c]);
        pad(out, name_width - display_width(b->cell_names[c]));
        fputs(marked[c] && !style->colour ? "] " : "  ", out);
        if (!code) {
            fputs(style->colour ? ANSI_DIM "." ANSI_RESET "\n" : ".\n", out);
            continue;
        }
        int owner = PIECE_OWNER(code);
        if (style->colour)
            fprintf(out, "%s%s", display_player_colour(g, owner), marked[c] ? ANSI_UNDERLINE : "");
        fputs(display_shown(g, code, style), out);
        if (style->colour)
            fputs(ANSI_RESET, out);
        fprintf(out, " (%s %s", g->player_names[owner], g->types[PIECE_TYPE(code)].name);
        if (pos_height(s->position, c) > 1)
            fprintf(out, ", a stack of %d", pos_height(s->position, c));
        fputs(")\n", out);
    }
}

static void display_reserves(FILE *out, const session *s)
{
    const game *g = s->game;
    bool any = false;
    for (int p = 0; p < g->player_count; p++)
        for (int t = 0; t < g->type_count; t++)
            if (s->position->reserve[p][t] > 0 || g->initial_reserve[p][t] > 0)
                any = true;
    if (!any)
        return;
    fputs("reserves:", out);
    for (int p = 0; p < g->player_count; p++) {
        fprintf(out, "%s %s", p ? "," : "", g->player_names[p]);
        bool shown = false;
        for (int t = 0; t < g->type_count; t++) {
            int n = s->position->reserve[p][t];
            if (n > 0 || g->initial_reserve[p][t] > 0) {
                fprintf(out, " %s %d", piece_symbol(&g->types[t], p), n < 0 ? 0 : n);
                shown = true;
            }
        }
        if (!shown)
            fputs(" none", out);
    }
    fputc('\n', out);
}

/* The columns of a game of stacks, each from the bottom up: the board
 * shows a stack's top and its height, this line the pieces under. */
static void display_stacks(FILE *out, const session *s, const display_style *style)
{
    const game *g = s->game;
    const position *p = s->position;
    bool any = false;
    for (int c = 0; c < g->board.cell_count; c++) {
        int height = pos_height(p, c);
        if (height < 2)
            continue;
        fputs(any ? ", " : "stacks (bottom to top): ", out);
        any = true;
        fprintf(out, "%s ", g->board.cell_names[c]);
        for (int i = 0; i < height; i++) {
            uint16_t code = pos_piece_at(p, c, i);
            if (style->colour)
                fputs(display_player_colour(g, PIECE_OWNER(code)), out);
            fputs(display_shown(g, code, style), out);
            if (style->colour)
                fputs(ANSI_RESET, out);
        }
    }
    if (any)
        fputc('\n', out);
}

void display_session(FILE *out, const session *s, const display_style *style)
{
    display_session_marked(out, s, NULL, style);
}

void display_session_marked(FILE *out, const session *s, const bool *marks, const display_style *style)
{
    const game *g = s->game;
    bool marked[BOARD_MAX_CELLS] = { false };
    if (marks) {
        memcpy(marked, marks, (size_t)g->board.cell_count * sizeof *marked);
    } else if (s->record_count > 0) {
        const record_entry *e = &s->record[s->record_count - 1];
        for (int i = 0; i < e->mark_count; i++)
            if (e->marks[i] >= 0 && e->marks[i] < g->board.cell_count)
                marked[e->marks[i]] = true;
    }
    if (s->variant[0])
        fprintf(out, "%s (variant %s)\n", g->name, s->variant);
    else
        fprintf(out, "%s\n", g->name);
    switch (g->board.kind) {
    case BOARD_SQUARE: display_square(out, s, marked, style); break;
    case BOARD_HEX: display_hex(out, s, marked, style); break;
    case BOARD_GRAPH: display_graph(out, s, marked, style); break;
    }
    display_reserves(out, s);
    display_stacks(out, s, style);
    if (g->score >= 0) {
        fputs("score:", out);
        for (int p = 0; p < g->player_count; p++)
            fprintf(out, " %s %ld", g->player_names[p], movegen_score(s->generator, s->position, p));
        fputc('\n', out);
    }
    if (g->out_var >= 0) {
        /* the players the turn passes over */
        bool any = false;
        for (int p = 0; p < g->player_count; p++)
            if (s->position->vars[g->out_var + p]) {
                fputs(any ? ", " : "out: ", out);
                fputs(g->player_names[p], out);
                any = true;
            }
        if (any)
            fputc('\n', out);
    }
    if (s->record_count > 0) {
        const record_entry *e = &s->record[s->record_count - 1];
        fprintf(out, "last move: %d. %s %s\n", s->record_count, g->player_names[e->mover], e->shown);
    }
    if (s->result.over) {
        char result[448];
        session_outcome_text(s, result, sizeof result);
        fprintf(out, "game over: %s\n", result);
    } else {
        if (style->colour)
            fputs(display_player_colour(g, s->position->side), out);
        fputs(g->player_names[s->position->side], out);
        if (style->colour)
            fputs(ANSI_RESET, out);
        fputs(movegen_checked(s->generator, s->position) ? " to move, in check\n" : " to move\n", out);
    }
}
