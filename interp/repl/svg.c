/* svg: the board as an SVG picture.  Square boards as chequered squares
 * with file letters and rank numbers; hex boards (hexagons and rhombi) as
 * pointy-top hexagons, a hexagon's shaded by ring, each empty cell with its
 * name; graph boards as their
 * cells on a circle joined by their links.  Pieces are discs in their
 * player's colour with the piece's symbol.  The last move's cells are
 * tinted and outlined, the outlines drawn after every cell so that no
 * neighbour covers them; each outline names its cell (data-cell), so a
 * program can read what is marked.  Where the game keeps pieces in hand,
 * a panel beside the board shows each player's reserve, a disc of each
 * type with its count.
 *
 * The board is drawn in its own units (a square cell is 48 wide) into a
 * body whose size is known only once drawn; the document around it is
 * written after, and a width asked for scales the whole picture through
 * the viewBox rather than the units, so the picture is the same at any
 * size. */
#include <errno.h>
#include <math.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "repl/repl.h"

typedef struct out {
    char *data;
    size_t length, capacity;
    bool failed;
} out;

static void put(out *o, const char *format, ...) __attribute__((format(printf, 2, 3)));

static void put(out *o, const char *format, ...)
{
    if (o->failed)
        return;
    va_list args;
    va_start(args, format);
    va_list again;
    va_copy(again, args);
    int n = vsnprintf(NULL, 0, format, args);
    va_end(args);
    if (n < 0 || o->length + (size_t)n + 1 > o->capacity) {
        size_t capacity = (o->capacity + (size_t)(n < 0 ? 0 : n) + 1) * 2;
        char *grown = n < 0 ? NULL : realloc(o->data, capacity);
        if (!grown) {
            o->failed = true;
            va_end(again);
            return;
        }
        o->data = grown;
        o->capacity = capacity;
    }
    vsnprintf(o->data + o->length, o->capacity - o->length, format, again);
    va_end(again);
    o->length += (size_t)n;
}

/* TEXT with the XML specials escaped. */
static void put_text(out *o, const char *text)
{
    for (const char *c = text; *c; c++) {
        switch (*c) {
        case '<': put(o, "&lt;"); break;
        case '>': put(o, "&gt;"); break;
        case '&': put(o, "&amp;"); break;
        case '"': put(o, "&quot;"); break;
        default: put(o, "%c", *c); break;
        }
    }
}

/* Each colour (GAME_COLOUR_*) as a disc's fill, and the ink of a letter on it. */
static const char *const fills[GAME_COLOURS] = {
    "#262626", "#c0392b", "#2e8b57", "#e6c229", "#2e6fb7", "#a23b9c", "#2aa6b8", "#f5f1e6",
};
static const char *const inks[GAME_COLOURS] = {
    "#f5f1e6", "#ffffff", "#ffffff", "#262626", "#ffffff", "#ffffff", "#262626", "#262626",
};

/* The fill of OWNER's pieces: its colour (game_player_colour). */
static const char *fill_of(const game *g, int owner)
{
    return fills[game_player_colour(g, owner)];
}

static void piece(out *o, const game *g, unsigned code, double x, double y, double radius)
{
    int owner = PIECE_OWNER(code), type = PIECE_TYPE(code);
    put(o, "<circle cx=\"%.1f\" cy=\"%.1f\" r=\"%.1f\" fill=\"%s\" stroke=\"#000\" stroke-width=\"1.5\"/>\n",
        x, y, radius, fill_of(g, owner));
    put(o, "<text x=\"%.1f\" y=\"%.1f\" font-size=\"%.1f\" fill=\"%s\" text-anchor=\"middle\" "
           "dy=\"0.35em\" font-family=\"sans-serif\" font-weight=\"bold\">",
        x, y, radius * 1.1, inks[game_player_colour(g, owner)]);
    /* the display block's Unicode symbol where it gives one (a picture can
     * show it), else the piece's letters */
    const char *unicode = "";
    if (type >= 0 && type < g->type_count)
        unicode = owner > 0 && g->display_unicode[type][1][0] ? g->display_unicode[type][1] : g->display_unicode[type][0];
    put_text(o, unicode[0] ? unicode : display_symbol(g, code));
    put(o, "</text>\n");
}

static void label(out *o, double x, double y, double size, const char *colour, const char *text)
{
    put(o, "<text x=\"%.1f\" y=\"%.1f\" font-size=\"%.1f\" fill=\"%s\" text-anchor=\"middle\" "
           "dy=\"0.35em\" font-family=\"sans-serif\">", x, y, size, colour);
    put_text(o, text);
    put(o, "</text>\n");
}

/* The pieces under the top of a stack on the square cell at X, Y (its
 * corner) of side SIZE: a band of the owner's colour each along the cell's
 * foot, the bottom piece first from the left, and the height in the
 * corner above, so that the picture shows the whole column. */
static void stack_under(out *o, const position *p, int cell, double x, double y, double size)
{
    int height = pos_height(p, cell);
    if (height < 2)
        return;
    double band = (size - 4) / (height - 1);
    if (band > 8)
        band = 8;
    for (int i = 0; i < height - 1; i++) {
        int owner = PIECE_OWNER(pos_piece_at(p, cell, i));
        put(o, "<rect x=\"%.1f\" y=\"%.1f\" width=\"%.1f\" height=\"5\" fill=\"%s\" stroke=\"#000\" "
               "stroke-width=\"0.5\"/>\n", x + 2 + i * band, y + size - 7, band, fill_of(p->game, owner));
    }
    char text[16];
    snprintf(text, sizeof text, "%d", height);
    label(o, x + size - 7, y + 7, 11, "#000", text);
}

/* The cells of the last move made (the record's last entry: the cells its
 * path moves from and to, drops on and captures); none before the first. */
static void marks_of(const session *s, bool *marked)
{
    memset(marked, 0, BOARD_MAX_CELLS * sizeof *marked);
    if (s->record_count == 0)
        return;
    const record_entry *e = &s->record[s->record_count - 1];
    for (int i = 0; i < e->mark_count; i++)
        if (e->marks[i] >= 0 && e->marks[i] < s->game->board.cell_count)
            marked[e->marks[i]] = true;
}

#define MARK_STROKE "#1f6feb"

/* Opens the outline of the last move's CELL as an ELEMENT (rect, polygon,
 * circle) named by its cell; the caller writes the shape and closes it. */
static void mark_open(out *o, const session *s, int cell, const char *element)
{
    put(o, "<%s class=\"last-move\" data-cell=\"", element);
    put_text(o, s->game->board.cell_names[cell]);
    put(o, "\" fill=\"none\" stroke=\"" MARK_STROKE "\" stroke-width=\"3\" ");
}

static void square(out *o, const session *s, const bool *marked, double *width, double *height)
{
    const board *b = &s->game->board;
    const double size = 48, margin = 28;
    *width = b->width * size + 2 * margin;
    *height = b->height * size + 2 * margin;
    for (int cell = 0; cell < b->cell_count; cell++) {
        double x = margin + b->x[cell] * size, y = margin + (b->height - 1 - b->y[cell]) * size;
        /* a cell of the last move tinted blue, its light or dark kept */
        const char *ground = b->light[cell] ? (marked[cell] ? "#a9c7f2" : "#eed9b6")
                                            : (marked[cell] ? "#7fa0d0" : "#b58863");
        put(o, "<rect x=\"%.1f\" y=\"%.1f\" width=\"%.1f\" height=\"%.1f\" fill=\"%s\"/>\n", x, y, size,
            size, ground);
        unsigned code = s->position->cells[cell];
        if (code)
            piece(o, s->game, code, x + size / 2, y + size / 2, size * 0.38);
        stack_under(o, s->position, cell, x, y, size);
    }
    for (int x = 0; x < b->width; x++) {
        char text[2] = { (char)('a' + x), 0 };
        label(o, margin + (x + 0.5) * size, margin / 2, 14, "#333", text);
        label(o, margin + (x + 0.5) * size, *height - margin / 2, 14, "#333", text);
    }
    for (int y = 0; y < b->height; y++) {
        char text[16];
        snprintf(text, sizeof text, "%d", y + 1);
        double cy = margin + (b->height - 1 - y + 0.5) * size;
        label(o, margin / 2, cy, 14, "#333", text);
        label(o, *width - margin / 2, cy, 14, "#333", text);
    }
    /* the outlines inside their cells, where the next cell cannot cover them */
    for (int cell = 0; cell < b->cell_count; cell++) {
        if (!marked[cell])
            continue;
        double x = margin + b->x[cell] * size, y = margin + (b->height - 1 - b->y[cell]) * size;
        mark_open(o, s, cell, "rect");
        put(o, "x=\"%.1f\" y=\"%.1f\" width=\"%.1f\" height=\"%.1f\"/>\n", x + 2, y + 2, size - 4,
            size - 4);
    }
}

/* The corners of the pointy-top hexagon of SIZE (centre to corner) at CX, CY. */
static void hexagon_points(out *o, double cx, double cy, double size)
{
    put(o, "points=\"");
    for (int k = 0; k < 6; k++) {
        double angle = M_PI / 180.0 * (60 * k - 30);
        put(o, "%s%.1f,%.1f", k ? " " : "", cx + size * cos(angle), cy + size * sin(angle));
    }
    put(o, "\"");
}

static void hex(out *o, const session *s, const bool *marked, double *width, double *height)
{
    const board *b = &s->game->board;
    const double size = 28, root3 = sqrt(3.0);
    /* the centres' extent, in units of a cell's width across (q + r / 2)
     * and of its rows' pitch down (r): a hexagon or a rhombus alike */
    double least_x = 0, most_x = 0, least_y = 0, most_y = 0;
    for (int cell = 0; cell < b->cell_count; cell++) {
        double x = b->x[cell] + b->y[cell] / 2.0, y = b->y[cell];
        if (cell == 0 || x < least_x) least_x = x;
        if (cell == 0 || x > most_x) most_x = x;
        if (cell == 0 || y < least_y) least_y = y;
        if (cell == 0 || y > most_y) most_y = y;
    }
    double margin = 12;
    double left = margin + root3 * size / 2, top = margin + size;
    *width = 2 * left + root3 * size * (most_x - least_x);
    *height = 2 * top + 1.5 * size * (most_y - least_y);
    for (int pass = 0; pass < 2; pass++)
        for (int cell = 0; cell < b->cell_count; cell++) {
            int q = b->x[cell], r = b->y[cell];
            double cx = left + root3 * size * (q + r / 2.0 - least_x), cy = top + 1.5 * size * (r - least_y);
            if (pass == 1) {   /* the outlines, over every cell's edge */
                if (marked[cell]) {
                    mark_open(o, s, cell, "polygon");
                    hexagon_points(o, cx, cy, size - 1.5);
                    put(o, "/>\n");
                }
                continue;
            }
            /* a hexagon's rings shaded, as its rings are what its shape
             * is made of; a rhombus's only where the game goes round them */
            bool shaded = (board_is_hexagon(b) || s->uses_rings) && b->light[cell];
            const char *ground = shaded ? (marked[cell] ? "#a9c2e6" : "#d8c7a4")
                                        : (marked[cell] ? "#c4d6f0" : "#efe4cc");
            put(o, "<polygon ");
            hexagon_points(o, cx, cy, size);
            put(o, " fill=\"%s\" stroke=\"#7a6a4f\" stroke-width=\"1\"/>\n", ground);
            unsigned code = s->position->cells[cell];
            if (code)
                piece(o, s->game, code, cx, cy, size * 0.6);
            else
                label(o, cx, cy, 10, "#8a7a5f", b->cell_names[cell]);
        }
}

static void graph(out *o, const session *s, const bool *marked, double *width, double *height)
{
    const board *b = &s->game->board;
    int n = b->cell_count;
    double radius = 40 + 18.0 * n, size = 2 * radius + 120;
    *width = *height = size;
    double *x = malloc((size_t)n * sizeof *x), *y = malloc((size_t)n * sizeof *y);
    if (!x || !y) {
        free(x);
        free(y);
        o->failed = true;
        return;
    }
    for (int c = 0; c < n; c++) {
        double angle = 2 * M_PI * c / n - M_PI / 2;
        x[c] = size / 2 + radius * cos(angle);
        y[c] = size / 2 + radius * sin(angle);
    }
    /* each link once: from the lower cell, or from the only end that has it */
    for (int c = 0; c < n; c++)
        for (int d = 0; d < b->direction_count; d++) {
            int to = b->neighbour[c * b->neighbour_stride + d];
            bool back = false;
            for (int e = 0; to >= 0 && to < c && e < b->direction_count && !back; e++)
                back = b->neighbour[to * b->neighbour_stride + e] == c;
            if (to >= 0 && to != c && !back)
                put(o, "<line x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\" stroke=\"#7a6a4f\"/>\n",
                    x[c], y[c], x[to], y[to]);
        }
    for (int c = 0; c < n; c++) {
        put(o, "<circle cx=\"%.1f\" cy=\"%.1f\" r=\"22\" fill=\"%s\" stroke=\"#7a6a4f\" stroke-width=\"1\"/>\n",
            x[c], y[c], marked[c] ? "#c4d6f0" : "#efe4cc");
        unsigned code = s->position->cells[c];
        if (code)
            piece(o, s->game, code, x[c], y[c], 16);
        label(o, x[c], y[c] + 32, 11, "#555", b->cell_names[c]);
    }
    for (int c = 0; c < n; c++)
        if (marked[c]) {
            mark_open(o, s, c, "circle");
            put(o, "cx=\"%.1f\" cy=\"%.1f\" r=\"22\"/>\n", x[c], y[c]);
        }
    free(x);
    free(y);
}

/* Text whose start (not its middle) is at X, Y: a name or a count that
 * runs rightwards from where it is put. */
static void text_from(out *o, double x, double y, double size, const char *colour, bool bold,
                      const char *text)
{
    put(o, "<text x=\"%.1f\" y=\"%.1f\" font-size=\"%.1f\" fill=\"%s\" text-anchor=\"start\" "
           "dy=\"0.35em\" font-family=\"sans-serif\"%s>", x, y, size, colour,
        bold ? " font-weight=\"bold\"" : "");
    put_text(o, text);
    put(o, "</text>\n");
}

/* Whether the picture shows PLAYER's reserve of TYPE: as the text board
 * does (display_reserves), where the start gave some or the game has
 * brought some; an unlimited reserve (-1) has no count to show. */
static bool reserve_shown(const session *s, int player, int type)
{
    return s->position->reserve[player][type] > 0 || s->game->initial_reserve[player][type] > 0;
}

/* The reserve panel's measures: a disc of each type kept in hand and its
 * count take ITEM across, RESERVE_COLUMNS to a row. */
enum { RESERVE_COLUMNS = 4 };
static const double reserve_radius = 16, reserve_item = 80, reserve_pad = 16, reserve_name = 26,
                    reserve_row = 42, reserve_gap = 10;

/* The reserves beside the board, whose right edge is at LEFT: under each
 * player's name, a disc of each type it keeps in hand with its count (an
 * empty one faded, so that what ran out still shows).  Returns the
 * panel's width, 0 when the game keeps no pieces in hand; its height in
 * *HEIGHT. */
static double reserves(out *o, const session *s, double left, double *height)
{
    const game *g = s->game;
    int shown[GAME_MAX_PLAYERS] = { 0 };
    bool any = false;
    for (int p = 0; p < g->player_count; p++)
        for (int t = 0; t < g->type_count; t++)
            if (reserve_shown(s, p, t)) {
                shown[p]++;
                any = true;
            }
    *height = 0;
    if (!any)
        return 0;
    /* as wide as the widest row of discs or name (at about 0.6 em a letter) */
    double inner = 0;
    for (int p = 0; p < g->player_count; p++) {
        int columns = shown[p] < RESERVE_COLUMNS ? shown[p] : RESERVE_COLUMNS;
        double name = 14 * 0.6 * display_width(g->player_names[p]);
        if (columns * reserve_item > inner)
            inner = columns * reserve_item;
        if (name > inner)
            inner = name;
    }
    double y = reserve_pad;
    for (int p = 0; p < g->player_count; p++) {
        put(o, "<g class=\"reserve\" data-player=\"");
        put_text(o, g->player_names[p]);
        put(o, "\">\n");
        text_from(o, left + reserve_pad, y + reserve_name / 2, 14, "#333", true, g->player_names[p]);
        y += reserve_name;
        if (shown[p] == 0)
            text_from(o, left + reserve_pad, y + reserve_radius, 13, "#777", false, "none");
        int k = 0;
        for (int t = 0; t < g->type_count; t++) {
            if (!reserve_shown(s, p, t))
                continue;
            int count = s->position->reserve[p][t] < 0 ? 0 : s->position->reserve[p][t];
            double cx = left + reserve_pad + (k % RESERVE_COLUMNS) * reserve_item + reserve_radius;
            double cy = y + (k / RESERVE_COLUMNS) * reserve_row + reserve_radius;
            if (count == 0)
                put(o, "<g opacity=\"0.35\">\n");
            piece(o, g, PIECE_CODE(t, p, 0), cx, cy, reserve_radius);
            if (count == 0)
                put(o, "</g>\n");
            char text[32];
            snprintf(text, sizeof text, "\u00d7%d", count);
            text_from(o, cx + reserve_radius + 5, cy, 13, "#333", false, text);
            k++;
        }
        int rows = shown[p] == 0 ? 1 : (shown[p] + RESERVE_COLUMNS - 1) / RESERVE_COLUMNS;
        y += rows * reserve_row + reserve_gap;
        put(o, "</g>\n");
    }
    *height = y - reserve_gap + reserve_pad;
    return inner + 2 * reserve_pad;
}

char *svg_render(const session *s, int width, size_t *length)
{
    out body = { 0 }, o = { 0 };
    bool marked[BOARD_MAX_CELLS];
    marks_of(s, marked);
    double board_width = 0, board_height = 0, panel_height = 0;
    switch (s->game->board.kind) {
    case BOARD_SQUARE: square(&body, s, marked, &board_width, &board_height); break;
    case BOARD_HEX: hex(&body, s, marked, &board_width, &board_height); break;
    case BOARD_GRAPH: graph(&body, s, marked, &board_width, &board_height); break;
    }
    double panel_width = reserves(&body, s, board_width, &panel_height);
    double natural_width = board_width + panel_width;
    double natural_height = board_height > panel_height ? board_height : panel_height;
    /* a width asked for scales the picture as a whole: the viewBox keeps
     * the units the body was drawn in */
    double shown_width = width > 0 ? width : natural_width;
    double shown_height = natural_height * shown_width / natural_width;
    put(&o, "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n");
    put(&o, "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"%.0f\" height=\"%.0f\" viewBox=\"0 0 %.0f %.0f\">\n",
        shown_width, shown_height, natural_width, natural_height);
    put(&o, "<rect width=\"100%%\" height=\"100%%\" fill=\"#ffffff\"/>\n");
    if (body.failed)
        o.failed = true;
    else if (body.data)
        put(&o, "%s", body.data);
    put(&o, "<title>");
    put_text(&o, s->game->name);
    put(&o, "</title>\n</svg>\n");
    free(body.data);
    if (o.failed) {
        free(o.data);
        return NULL;
    }
    *length = o.length;
    return o.data;
}

bool svg_write(const session *s, int width, const char *path, char *error, size_t error_size)
{
    size_t length = 0;
    char *svg = svg_render(s, width, &length);
    if (!svg) {
        snprintf(error, error_size, "out of memory");
        return false;
    }
    bool ok;
    if (!strcmp(path, "-")) {
        errno = 0;
        ok = fwrite(svg, 1, length, stdout) == length;
        ok = fflush(stdout) == 0 && ok;
        if (!ok)
            snprintf(error, error_size, "writing the picture to standard output failed%s%s",
                     errno ? ": " : "", errno ? strerror(errno) : "");
    } else {
        ok = fileio_write_atomic(path, svg, length, error, error_size);
    }
    free(svg);
    return ok;
}
