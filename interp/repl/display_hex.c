/* display_hex: hex boards (hexagons and rhombi) as rows of pointy-top
 * cells, each row offset by half a cell from the next, labelled with its
 * rank on both sides.  An
 * empty cell shows its name (dim with colours), so every cell can be read
 * off the picture; a piece shows its symbol.  When the game steps round
 * rings, the rings are shaded in alternating hues (with colours) or shown
 * as a map of ring numbers beside the board (plain text). */
#include <stdlib.h>
#include <string.h>

#include "repl/repl.h"

#define ANSI_RESET "\033[0m"
#define ANSI_DIM "\033[2m"
#define ANSI_MARK "\033[44m"
#define ANSI_RING "\033[48;5;238m"

#define CONTENT 3   /* characters per cell, a separator between cells */

/* The cells of row R (axial r), west to east; returns their count. */
static int row_cells(const board *b, int r, int *cells)
{
    int n = 0;
    for (int q = b->q_min; q < b->q_min + b->width; q++)
        if (board_axial_cell(b, q, r) != BOARD_NO_CELL)
            cells[n++] = board_axial_cell(b, q, r);
    return n;
}

/* How many half cells from the left the board's row R starts: a cell
 * (q, r) is q cells and r half cells east of (0, 0). */
static int row_start(const board *b, int r)
{
    int least = 0;
    bool first = true;
    for (int c = 0; c < b->cell_count; c++)
        if (first || 2 * b->x[c] + b->y[c] < least) {
            least = 2 * b->x[c] + b->y[c];
            first = false;
        }
    int cells[BOARD_MAX_SIDE];
    int n = row_cells(b, r, cells);
    return n > 0 ? 2 * b->x[cells[0]] + r - least : 0;
}

void display_hex(FILE *out, const session *s, const bool *marked, const display_style *style)
{
    const game *g = s->game;
    const board *b = &g->board;
    bool ring_map = s->uses_rings && !style->colour;
    int widest = 0;
    for (int r = b->r_min; r < b->r_min + b->height; r++) {
        int cells[BOARD_MAX_SIDE];
        int end = row_start(b, r) + 2 * row_cells(b, r, cells);
        if (end > widest)
            widest = end;
    }
    int map_column = 4 + widest * (CONTENT + 1) / 2 + 1 + 3 + 2;
    for (int r = b->r_min; r < b->r_min + b->height; r++) {
        int cells[BOARD_MAX_SIDE];
        int n = row_cells(b, r, cells);
        int indent = (CONTENT + 1) / 2 * row_start(b, r);
        int rank = b->r_min + b->height - r;
        fprintf(out, "%3d ", rank);
        for (int i = 0; i < indent; i++)
            fputc(' ', out);
        bool row_marked[2 * BOARD_MAX_HEX_RADIUS + 1];
        for (int i = 0; i < n; i++)
            row_marked[i] = marked[cells[i]];
        for (int i = 0; i < n; i++) {
            int cell = cells[i];
            bool left = i > 0 && row_marked[i - 1], right = row_marked[i];
            fputc(style->colour ? ' ' : left && right ? '|' : right ? '[' : left ? ']' : ' ', out);
            unsigned code = s->position->cells[cell];
            const char *text = code ? display_shown(g, code, style) : b->cell_names[cell];
            int width = display_width(text);
            int before = code ? (CONTENT - width) / 2 : 0;
            if (before < 0)
                before = 0;
            if (style->colour) {
                if (marked[cell])
                    fputs(ANSI_MARK, out);
                else if (s->uses_rings && b->light[cell])
                    fputs(ANSI_RING, out);
            }
            for (int k = 0; k < before; k++)
                fputc(' ', out);
            if (style->colour)
                fputs(code ? display_player_colour(g, PIECE_OWNER(code)) : ANSI_DIM, out);
            fputs(text, out);
            if (style->colour) {
                fputs(ANSI_RESET, out);
                if (marked[cell])
                    fputs(ANSI_MARK, out);
                else if (s->uses_rings && b->light[cell])
                    fputs(ANSI_RING, out);
            }
            for (int k = before + width; k < CONTENT; k++)
                fputc(' ', out);
            if (style->colour)
                fputs(ANSI_RESET, out);
        }
        bool last = n > 0 && row_marked[n - 1];
        fputc(style->colour ? ' ' : last ? ']' : ' ', out);
        int label = fprintf(out, "%d", rank);
        if (ring_map) {
            /* the map's rows are offset like the board's, at half the pitch */
            int used = 4 + indent + n * (CONTENT + 1) + 1 + label;
            for (int i = used; i < map_column + row_start(b, r); i++)
                fputc(' ', out);
            for (int i = 0; i < n; i++)
                fprintf(out, "%s%d", i ? " " : "", b->ring[cells[i]] % 10);
        }
        fputc('\n', out);
    }
    if (ring_map)
        fprintf(out, "%*s(right: each cell's ring, 0 the centre)\n", map_column - 10, "");
}
