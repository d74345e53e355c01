/* display_hex: hex boards (hexagons and rhombi) as rows of pointy-top
 * cells in the board's shape, each row half a cell east or west of the
 * next, a cell two characters across: its piece's symbol, or '.' when
 * empty.
 *
 * Every cell's name can be read off the edges, pieces or not.  A rank is a
 * row: its number stands at one end of the row or at both.  A file is a
 * line running down to the right (se, nw); its letter stands beyond both
 * of its ends, up to the left of its top cell and down to the right of its
 * bottom one, so that a cell's file is found by following its diagonal.
 * On a rhombus the files end on the top and bottom edges, and every row
 * has its rank at both ends; on a hexagon the files of the west half end
 * on the upper slanted edge, at the left end of a row above the middle,
 * and those of the east half on the lower slanted edge, at the right end
 * of a row below it: such a row has its rank at its other end.
 *
 * In plain text the cells of the last move stand in brackets; with colours
 * they are on a blue ground.  The display block's board style says whether
 * the rings are shaded (chequered; by default when the game steps round
 * them), whether an empty cell is a point on lines (intersections: '+',
 * joined by '-') and the colour of the ground.  When the game steps round
 * rings, plain text shows a map of ring numbers beside the board. */
#include <stdlib.h>
#include <string.h>

#include "repl/repl.h"

#define ANSI_RESET "\033[0m"
#define ANSI_DIM "\033[2m"
#define ANSI_MARK "\033[44m"
#define ANSI_UNDERLINE "\033[4m"

/* What stands at one place of a line of the drawing: a cell, a
 * separator, a label.  Columns count characters; a cell (q, r) is at
 * 2q + r, so that the next row starts half a cell (one character) east. */
typedef struct item {
    int column;
    char text[16];
    char ink[32];    /* ANSI codes before the text, with colours; "" else */
} item;

/* One line of the drawing: the file letters above the board, a row of
 * cells, or the letters below it. */
typedef struct line {
    item items[4 * BOARD_MAX_SIDE + 8];
    int count;
} line;

static void add(line *l, int column, const char *text, const char *ink)
{
    if (l->count >= (int)(sizeof l->items / sizeof *l->items))
        return;
    item *it = &l->items[l->count++];
    it->column = column;
    snprintf(it->text, sizeof it->text, "%s", text);
    snprintf(it->ink, sizeof it->ink, "%s", ink);
}

static bool taken(const line *l, int column)
{
    for (int i = 0; i < l->count; i++)
        if (column >= l->items[i].column && column < l->items[i].column + display_width(l->items[i].text))
            return true;
    return false;
}

static int by_column(const void *a, const void *b)
{
    const item *x = a, *y = b;
    return (x->column > y->column) - (x->column < y->column);
}

/* The cells of row R (axial r), west to east; returns their count. */
static int row_cells(const board *b, int r, int *cells)
{
    int n = 0;
    for (int q = b->q_min; q < b->q_min + b->width; q++)
        if (board_axial_cell(b, q, r) != BOARD_NO_CELL)
            cells[n++] = board_axial_cell(b, q, r);
    return n;
}

static int column_of(const board *b, int cell)
{
    return 2 * b->x[cell] + b->y[cell];
}

/* The ground a cell is drawn on, with colours: the last move's, a shaded
 * ring's (a dark cell of the chequer), the board's, or none. */
static const char *ground(const session *s, const board_ink *ink, const bool *marked, int cell)
{
    if (marked[cell])
        return ANSI_MARK;
    return ink->chequer && s->game->board.light[cell] ? ink->dark_ground : ink->light_ground;
}

/* Row R's cells and the separators between them (in plain text a mark's
 * brackets; with colours the ground two neighbours share; on a board of
 * points the line that joins them). */
static void add_row(line *l, const session *s, int r, const bool *marked, const display_style *style)
{
    const game *g = s->game;
    const board *b = &g->board;
    board_ink ink = display_board_ink(s, style);
    int cells[BOARD_MAX_SIDE];
    int n = row_cells(b, r, cells);
    if (n == 0)
        return;
    for (int i = 0; i <= n; i++) {
        bool left = i > 0 && marked[cells[i - 1]], right = i < n && marked[cells[i]];
        int column = i < n ? column_of(b, cells[i]) - 1 : column_of(b, cells[n - 1]) + 1;
        bool between = i > 0 && i < n;
        const char *bracket = left && right ? "|" : right ? "[" : left ? "]" : NULL;
        char link[2] = { ink.link, '\0' };
        if (!style->colour) {
            if (bracket)
                add(l, column, bracket, "");
            else if (between && ink.link != ' ')
                add(l, column, link, "");
        } else if (between) {
            const char *before = ground(s, &ink, marked, cells[i - 1]), *after = ground(s, &ink, marked, cells[i]);
            /* the ground two neighbours share, else the board's */
            const char *shared = !strcmp(before, after) ? after : ink.light_ground;
            char codes[32];
            snprintf(codes, sizeof codes, "%s%s", shared, ink.link != ' ' ? ANSI_DIM : "");
            if (codes[0])
                add(l, column, link, codes);
        }
        if (i == n)
            break;
        int cell = cells[i];
        unsigned code = s->position->cells[cell];
        char codes[32] = "";
        if (style->colour && code)   /* (a piece of the last move underlined: its tile hides the ground) */
            snprintf(codes, sizeof codes, "%s%s", display_player_colour(g, PIECE_OWNER(code)),
                     marked[cell] ? ANSI_UNDERLINE : "");
        else if (style->colour)
            snprintf(codes, sizeof codes, "%s%s", ground(s, &ink, marked, cell), ANSI_DIM);
        add(l, column_of(b, cell), code ? display_shown(g, code, style) : ink.empty, codes);
    }
}

void display_hex(FILE *out, const session *s, const bool *marked, const display_style *style)
{
    const board *b = &s->game->board;
    int first_row = b->r_min, rows = b->height;
    /* line 0 the letters above, lines 1 .. ROWS the board's rows, then the
     * letters below */
    line *lines = calloc((size_t)rows + 2, sizeof *lines);
    if (!lines)
        return;
    for (int r = first_row; r < first_row + rows; r++)
        add_row(&lines[r - first_row + 1], s, r, marked, style);
    /* each file's letter beyond its two ends, along its diagonal */
    for (int q = b->q_min; q < b->q_min + b->width; q++) {
        int top = 0, bottom = 0;
        bool found = false;
        for (int r = first_row; r < first_row + rows; r++)
            if (board_axial_cell(b, q, r) != BOARD_NO_CELL) {
                if (!found)
                    top = r;
                bottom = r;
                found = true;
            }
        if (!found)
            continue;
        char letter[2] = { (char)('a' + q - b->q_min), '\0' };
        add(&lines[top - first_row], 2 * q + top - 1, letter, "");
        add(&lines[bottom - first_row + 2], 2 * q + bottom + 1, letter, "");
    }
    /* each rank's number at the ends of its row that no file letter holds */
    for (int r = first_row; r < first_row + rows; r++) {
        line *l = &lines[r - first_row + 1];
        int cells[BOARD_MAX_SIDE];
        int n = row_cells(b, r, cells);
        if (n == 0)
            continue;
        char rank[8];
        int width = snprintf(rank, sizeof rank, "%d", board_rank_of(b, cells[0]));
        int left = column_of(b, cells[0]) - 2, right = column_of(b, cells[n - 1]) + 2;
        bool left_free = !taken(l, left), right_free = !taken(l, right);
        if (left_free)
            add(l, left - width + 1, rank, "");
        if (right_free)
            add(l, right, rank, "");
    }
    int least = 0, most = 0, least_cell = 0;
    bool any = false;
    for (int i = 0; i < rows + 2; i++)
        for (int k = 0; k < lines[i].count; k++) {
            const item *it = &lines[i].items[k];
            int end = it->column + display_width(it->text);
            if (!any || it->column < least)
                least = it->column;
            if (!any || end > most)
                most = end;
            any = true;
        }
    for (int c = 0; c < b->cell_count; c++)
        if (c == 0 || column_of(b, c) < least_cell)
            least_cell = column_of(b, c);
    /* without colours, a map of the rings beside the board, in its shape */
    bool ring_map = s->uses_rings && !style->colour;
    int map = most + 3;
    for (int r = first_row; ring_map && r < first_row + rows; r++) {
        int cells[BOARD_MAX_SIDE];
        int n = row_cells(b, r, cells);
        for (int i = 0; i < n; i++) {
            char ring[4];
            snprintf(ring, sizeof ring, "%d", b->ring[cells[i]] % 10);
            add(&lines[r - first_row + 1], map + column_of(b, cells[i]) - least_cell, ring, "");
        }
    }
    const int margin = 2;
    for (int i = 0; i < rows + 2; i++) {
        line *l = &lines[i];
        qsort(l->items, (size_t)l->count, sizeof *l->items, by_column);
        int at = least - margin;
        for (int k = 0; k < l->count; k++) {
            const item *it = &l->items[k];
            for (; at < it->column; at++)
                fputc(' ', out);
            fputs(it->ink, out);
            fputs(it->text, out);
            if (it->ink[0])
                fputs(ANSI_RESET, out);
            at += display_width(it->text);
        }
        fputc('\n', out);
    }
    if (ring_map)
        fprintf(out, "%*s(right: each cell's ring, 0 the %s)\n", map - least + margin, "",
                board_is_hexagon(b) ? "centre" : "edge");
    free(lines);
}
