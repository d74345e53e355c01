/* display_hex: hex boards as rows of pointy-top cells, each row offset by
 * half a cell from the next, labelled with its rank on both sides.  An
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
    for (int q = -b->radius; q <= b->radius; q++)
        for (int c = 0; c < b->cell_count; c++)
            if (b->y[c] == r && b->x[c] == q)
                cells[n++] = c;
    return n;
}

void display_hex(FILE *out, const session *s, const bool *marked, const display_style *style)
{
    const game *g = s->game;
    const board *b = &g->board;
    int radius = b->radius;
    bool ring_map = s->uses_rings && !style->colour;
    int map_column = 4 + (2 * radius + 1) * (CONTENT + 1) + 1 + 3 + 2;
    for (int r = -radius; r <= radius; r++) {
        int cells[2 * BOARD_MAX_HEX_RADIUS + 1];
        int n = row_cells(b, r, cells);
        int indent = (CONTENT + 1) / 2 * abs(r);
        int rank = radius - r + 1;
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
            for (int i = used; i < map_column + abs(r); i++)
                fputc(' ', out);
            for (int i = 0; i < n; i++)
                fprintf(out, "%s%d", i ? " " : "", b->ring[cells[i]] % 10);
        }
        fputc('\n', out);
    }
    if (ring_map)
        fprintf(out, "%*s(right: each cell's ring, 0 the centre)\n", map_column - 10, "");
}
