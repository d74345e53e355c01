/* svg: the board as an SVG picture.  Square boards as chequered squares
 * with file letters and rank numbers; hex boards as pointy-top hexagons
 * shaded by ring, each empty cell with its name; graph boards as their
 * cells on a circle joined by their links.  Pieces are discs in their
 * player's colour with the piece's symbol; the last move's cells are
 * outlined. */
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

static void square(out *o, const session *s, const bool *marked)
{
    const board *b = &s->game->board;
    const double size = 48, margin = 28;
    double width = b->width * size + 2 * margin, height = b->height * size + 2 * margin;
    put(o, "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"%.0f\" height=\"%.0f\" viewBox=\"0 0 %.0f %.0f\">\n",
        width, height, width, height);
    put(o, "<rect width=\"100%%\" height=\"100%%\" fill=\"#ffffff\"/>\n");
    for (int cell = 0; cell < b->cell_count; cell++) {
        double x = margin + b->x[cell] * size, y = margin + (b->height - 1 - b->y[cell]) * size;
        put(o, "<rect x=\"%.1f\" y=\"%.1f\" width=\"%.1f\" height=\"%.1f\" fill=\"%s\"%s/>\n", x, y,
            size, size, b->light[cell] ? "#eed9b6" : "#b58863",
            marked[cell] ? " stroke=\"#1f6feb\" stroke-width=\"4\"" : "");
        unsigned code = s->position->cells[cell];
        if (code)
            piece(o, s->game, code, x + size / 2, y + size / 2, size * 0.38);
        stack_under(o, s->position, cell, x, y, size);
    }
    for (int x = 0; x < b->width; x++) {
        char text[2] = { (char)('a' + x), 0 };
        label(o, margin + (x + 0.5) * size, margin / 2, 14, "#333", text);
        label(o, margin + (x + 0.5) * size, height - margin / 2, 14, "#333", text);
    }
    for (int y = 0; y < b->height; y++) {
        char text[16];
        snprintf(text, sizeof text, "%d", y + 1);
        double cy = margin + (b->height - 1 - y + 0.5) * size;
        label(o, margin / 2, cy, 14, "#333", text);
        label(o, width - margin / 2, cy, 14, "#333", text);
    }
}

static void hex(out *o, const session *s, const bool *marked)
{
    const board *b = &s->game->board;
    const double size = 28, root3 = sqrt(3.0);
    double half_width = root3 * size * (b->radius + 0.5), half_height = size * (1.5 * b->radius + 1);
    double margin = 12, width = 2 * (half_width + margin), height = 2 * (half_height + margin);
    put(o, "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"%.0f\" height=\"%.0f\" viewBox=\"0 0 %.0f %.0f\">\n",
        width, height, width, height);
    put(o, "<rect width=\"100%%\" height=\"100%%\" fill=\"#ffffff\"/>\n");
    for (int cell = 0; cell < b->cell_count; cell++) {
        int q = b->x[cell], r = b->y[cell];
        double cx = width / 2 + root3 * size * (q + r / 2.0), cy = height / 2 + 1.5 * size * r;
        put(o, "<polygon points=\"");
        for (int k = 0; k < 6; k++) {
            double angle = M_PI / 180.0 * (60 * k - 30);
            put(o, "%s%.1f,%.1f", k ? " " : "", cx + size * cos(angle), cy + size * sin(angle));
        }
        put(o, "\" fill=\"%s\" stroke=\"%s\" stroke-width=\"%s\"/>\n",
            b->light[cell] ? "#d8c7a4" : "#efe4cc", marked[cell] ? "#1f6feb" : "#7a6a4f",
            marked[cell] ? "3" : "1");
        unsigned code = s->position->cells[cell];
        if (code)
            piece(o, s->game, code, cx, cy, size * 0.6);
        else
            label(o, cx, cy, 10, "#8a7a5f", b->cell_names[cell]);
    }
}

static void graph(out *o, const session *s, const bool *marked)
{
    const board *b = &s->game->board;
    int n = b->cell_count;
    double radius = 40 + 18.0 * n, size = 2 * radius + 120;
    put(o, "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"%.0f\" height=\"%.0f\" viewBox=\"0 0 %.0f %.0f\">\n",
        size, size, size, size);
    put(o, "<rect width=\"100%%\" height=\"100%%\" fill=\"#ffffff\"/>\n");
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
        put(o, "<circle cx=\"%.1f\" cy=\"%.1f\" r=\"22\" fill=\"#efe4cc\" stroke=\"%s\" stroke-width=\"%s\"/>\n",
            x[c], y[c], marked[c] ? "#1f6feb" : "#7a6a4f", marked[c] ? "3" : "1");
        unsigned code = s->position->cells[c];
        if (code)
            piece(o, s->game, code, x[c], y[c], 16);
        label(o, x[c], y[c] + 32, 11, "#555", b->cell_names[c]);
    }
    free(x);
    free(y);
}

char *svg_render(const session *s, size_t *length)
{
    out o = { 0 };
    bool marked[BOARD_MAX_CELLS];
    marks_of(s, marked);
    put(&o, "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n");
    switch (s->game->board.kind) {
    case BOARD_SQUARE: square(&o, s, marked); break;
    case BOARD_HEX: hex(&o, s, marked); break;
    case BOARD_GRAPH: graph(&o, s, marked); break;
    }
    put(&o, "<title>");
    put_text(&o, s->game->name);
    put(&o, "</title>\n</svg>\n");
    if (o.failed) {
        free(o.data);
        return NULL;
    }
    *length = o.length;
    return o.data;
}
