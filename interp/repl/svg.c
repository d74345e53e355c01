/* svg: the board as an SVG picture, in the style the display block gives
 * it (chequered, plain, holes or intersections, on a ground of its
 * colour).  Square boards with file letters and rank numbers, by default
 * as chequered squares; hex boards (hexagons and rhombi) as pointy-top
 * hexagons, by default a hexagon's shaded by ring, each empty cell with its
 * name; graph boards as their
 * cells where the file puts them (else on a circle) joined by their links,
 * a stack's height beside its disc.  Pieces are discs in their
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

/* A board's tones: a chequer's light and dark cells, one ground, each
 * with its tint for a cell of the last move, the lines drawn on it, and
 * a hole in it (in shadow, so that light pieces and dark ones stand out)
 * with its tint. */
typedef struct tones {
    const char *light, *light_marked, *dark, *dark_marked, *ground, *ground_marked, *line, *hole, *hole_marked;
} tones;

/* The tones of a board whose display block gives its ground a colour
 * (GAME_COLOUR_*): green is Othello's baize, blue Connect Four's frame,
 * yellow Go's wood. */
static const tones coloured_tones[GAME_COLOURS] = {
    { "#d0d0d0", "#94afdb", "#7a7a7a", "#647fac", "#5a5a5a", "#536e9a", "#1a1a1a", "#363636", "#416298" },
    { "#f2c9c2", "#a6abd3", "#b5524a", "#856991", "#b23a2e", "#835c82", "#5e1a14", "#6b231c", "#59598c" },
    { "#e6eed2", "#a0bfdc", "#779556", "#638e98", "#2e7d46", "#3b818f", "#133d22", "#1c4b2a", "#356b92" },
    { "#f6e7b0", "#a9bbc9", "#cfa640", "#93988c", "#dcb35c", "#9a9f9b", "#3b2a12", "#846b37", "#647a98" },
    { "#d6e2f3", "#97b9ee", "#5f86b8", "#5686ce", "#2258b5", "#346dcc", "#0f2a5e", "#14356d", "#3262b1" },
    { "#eed3ea", "#a4b0e9", "#9c5b94", "#776eba", "#8e3f86", "#6f5fb2", "#431c3f", "#552650", "#4f5ba4" },
    { "#cdecef", "#92beec", "#4f9ba6", "#4d92c4", "#2a8d9b", "#388abe", "#10444b", "#19555d", "#3470a9" },
    { "#ffffff", "#aec9f5", "#d9d9d9", "#99b4e0", "#f4f1ea", "#a8c1e9", "#8c8c8c", "#92918c", "#6a8bbf" },
};
/* Without a colour: wood, a square board's chequer darker than a hex
 * board's rings. */
static const tones square_tones = {
    "#eed9b6", "#a9c7f2", "#b58863", "#7fa0d0", "#e8d2a6", "#a1b0c4", "#7a6a4f", "#8b7e64", "#6782ad",
};
static const tones hex_tones = {
    "#efe4cc", "#c4d6f0", "#d8c7a4", "#a9c2e6", "#efe4cc", "#c4d6f0", "#7a6a4f", "#8f897a", "#6987b6",
};

/* The style the board is drawn in, the display block's or its default:
 * chequered, but a hex rhombus plain unless the game goes round rings. */
static board_look look_of(const session *s)
{
    const game *g = s->game;
    if (g->display_look != BOARD_LOOK_DEFAULT)
        return (board_look)g->display_look;
    if (g->board.kind == BOARD_HEX && !board_is_hexagon(&g->board) && !s->uses_rings)
        return BOARD_LOOK_PLAIN;
    return BOARD_LOOK_CHEQUERED;
}

static const tones *tones_of(const session *s, board_look look)
{
    const game *g = s->game;
    if (g->display_ground >= 0 && g->display_ground < GAME_COLOURS)
        return &coloured_tones[g->display_ground];
    if (look == BOARD_LOOK_INTERSECTIONS)
        return &coloured_tones[GAME_COLOUR_YELLOW];
    return g->board.kind == BOARD_HEX ? &hex_tones : &square_tones;
}

static void square(out *o, const session *s, const bool *marked, double *width, double *height)
{
    const board *b = &s->game->board;
    const double size = 48, margin = 28;
    board_look look = look_of(s);
    const tones *t = tones_of(s, look);
    *width = b->width * size + 2 * margin;
    *height = b->height * size + 2 * margin;
    /* holes and points are drawn on one ground; the points on lines
     * through the cells' centres, from the first file's to the last's and
     * the first rank's to the last's */
    if (look == BOARD_LOOK_HOLES || look == BOARD_LOOK_INTERSECTIONS)
        put(o, "<rect class=\"ground\" x=\"%.1f\" y=\"%.1f\" width=\"%.1f\" height=\"%.1f\" fill=\"%s\"/>\n",
            margin, margin, b->width * size, b->height * size, t->ground);
    if (look == BOARD_LOOK_INTERSECTIONS) {
        double first = margin + size / 2, last_x = margin + (b->width - 0.5) * size,
               last_y = margin + (b->height - 0.5) * size;
        for (int x = 0; x < b->width; x++)
            put(o, "<line x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\" stroke=\"%s\" stroke-width=\"1.5\"/>\n",
                first + x * size, first, first + x * size, last_y, t->line);
        for (int y = 0; y < b->height; y++)
            put(o, "<line x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\" stroke=\"%s\" stroke-width=\"1.5\"/>\n",
                first, first + y * size, last_x, first + y * size, t->line);
    }
    for (int cell = 0; cell < b->cell_count; cell++) {
        double x = margin + b->x[cell] * size, y = margin + (b->height - 1 - b->y[cell]) * size;
        /* a cell of the last move tinted blue, its light or dark kept */
        if (look == BOARD_LOOK_CHEQUERED) {
            const char *ground = b->light[cell] ? (marked[cell] ? t->light_marked : t->light)
                                                : (marked[cell] ? t->dark_marked : t->dark);
            put(o, "<rect x=\"%.1f\" y=\"%.1f\" width=\"%.1f\" height=\"%.1f\" fill=\"%s\"/>\n", x, y, size,
                size, ground);
        } else if (look == BOARD_LOOK_PLAIN) {
            put(o, "<rect x=\"%.1f\" y=\"%.1f\" width=\"%.1f\" height=\"%.1f\" fill=\"%s\" stroke=\"%s\" "
                   "stroke-width=\"1\"/>\n", x, y, size, size, marked[cell] ? t->ground_marked : t->ground, t->line);
        } else if (look == BOARD_LOOK_HOLES) {
            put(o, "<circle class=\"hole\" cx=\"%.1f\" cy=\"%.1f\" r=\"%.1f\" fill=\"%s\" stroke=\"%s\" "
                   "stroke-width=\"1\"/>\n", x + size / 2, y + size / 2, size * 0.3,
                marked[cell] ? t->hole_marked : t->hole, t->line);
        }
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
    /* the outlines inside their cells, where the next cell cannot cover
     * them: round a hole or a point, square round a square */
    for (int cell = 0; cell < b->cell_count; cell++) {
        if (!marked[cell])
            continue;
        double x = margin + b->x[cell] * size, y = margin + (b->height - 1 - b->y[cell]) * size;
        if (look == BOARD_LOOK_HOLES || look == BOARD_LOOK_INTERSECTIONS) {
            mark_open(o, s, cell, "circle");
            put(o, "cx=\"%.1f\" cy=\"%.1f\" r=\"%.1f\"/>\n", x + size / 2, y + size / 2, size * 0.44);
            continue;
        }
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

/* Where a hex board's cells are drawn: a cell (q, r) is q + r / 2 cells
 * across and r rows down, from the board's westmost and northmost
 * centres, inside a margin. */
typedef struct hex_layout {
    double size, left, top, least_x, least_y;
} hex_layout;

static double hex_x(const hex_layout *l, const board *b, int cell)
{
    return l->left + sqrt(3.0) * l->size * (b->x[cell] + b->y[cell] / 2.0 - l->least_x);
}

static double hex_y(const hex_layout *l, const board *b, int cell)
{
    return l->top + 1.5 * l->size * (b->y[cell] - l->least_y);
}

static void hex(out *o, const session *s, const bool *marked, double *width, double *height)
{
    const board *b = &s->game->board;
    const double size = 28, root3 = sqrt(3.0);
    board_look look = look_of(s);
    const tones *t = tones_of(s, look);
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
    const hex_layout at = { size, left, top, least_x, least_y };
    /* the ground: each cell's hexagon, its edges drawn where the cells
     * are the hexagons (chequered, plain), hidden under holes and points */
    for (int cell = 0; cell < b->cell_count; cell++) {
        const char *ground = t->ground, *edge = t->ground;
        if (look == BOARD_LOOK_CHEQUERED) {   /* the rings shaded: "dark" hexagons are the odd rings */
            ground = b->light[cell] ? (marked[cell] ? t->dark_marked : t->dark)
                                    : (marked[cell] ? t->light_marked : t->light);
            edge = t->line;
        } else if (look == BOARD_LOOK_PLAIN) {
            ground = marked[cell] ? t->ground_marked : t->ground;
            edge = t->line;
        }
        put(o, "<polygon ");
        hexagon_points(o, hex_x(&at, b, cell), hex_y(&at, b, cell), size);
        put(o, " fill=\"%s\" stroke=\"%s\" stroke-width=\"1\"/>\n", ground, edge);
    }
    /* points: a line from each cell to its e, ne and nw neighbours (the
     * first three directions), so each line once */
    for (int cell = 0; look == BOARD_LOOK_INTERSECTIONS && cell < b->cell_count; cell++)
        for (int d = 0; d < 3; d++) {
            int to = board_step(b, cell, d);
            if (to != BOARD_NO_CELL)
                put(o, "<line x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\" stroke=\"%s\" stroke-width=\"1.5\"/>\n",
                    hex_x(&at, b, cell), hex_y(&at, b, cell), hex_x(&at, b, to), hex_y(&at, b, to), t->line);
        }
    for (int cell = 0; cell < b->cell_count; cell++) {
        double cx = hex_x(&at, b, cell), cy = hex_y(&at, b, cell);
        if (look == BOARD_LOOK_HOLES)
            put(o, "<circle class=\"hole\" cx=\"%.1f\" cy=\"%.1f\" r=\"%.1f\" fill=\"%s\" stroke=\"%s\" "
                   "stroke-width=\"1\"/>\n", cx, cy, size * 0.45, marked[cell] ? t->hole_marked : t->hole, t->line);
        unsigned code = s->position->cells[cell];
        if (code)
            piece(o, s->game, code, cx, cy, size * 0.6);
        else if (look == BOARD_LOOK_INTERSECTIONS)   /* beside its point, off the lines */
            label(o, cx + size * 0.42, cy + size * 0.3, 8, t->line, b->cell_names[cell]);
        else if (look == BOARD_LOOK_HOLES)   /* light in the hole's shadow */
            label(o, cx, cy, 9, "#f5f1e6", b->cell_names[cell]);
        else
            label(o, cx, cy, 10, "#8a7a5f", b->cell_names[cell]);
    }
    /* the outlines, over every cell's edge */
    for (int cell = 0; cell < b->cell_count; cell++) {
        if (!marked[cell])
            continue;
        if (look == BOARD_LOOK_HOLES || look == BOARD_LOOK_INTERSECTIONS) {
            mark_open(o, s, cell, "circle");
            put(o, "cx=\"%.1f\" cy=\"%.1f\" r=\"%.1f\"/>\n", hex_x(&at, b, cell), hex_y(&at, b, cell), size * 0.72);
            continue;
        }
        mark_open(o, s, cell, "polygon");
        hexagon_points(o, hex_x(&at, b, cell), hex_y(&at, b, cell), size - 1.5);
        put(o, "/>\n");
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
    if (b->placed) {
        /* where the file puts them, y north, the two nearest cells 64 apart */
        double nearest = 0;
        for (int c = 0; c < n; c++)
            for (int d = 0; d < c; d++) {
                double apart = hypot(b->x[c] - b->x[d], b->y[c] - b->y[d]);
                if (nearest == 0 || apart < nearest)
                    nearest = apart;
            }
        double unit = 64 / (nearest > 0 ? nearest : 1), margin = 60;
        int least_x = b->x[0], most_x = b->x[0], least_y = b->y[0], most_y = b->y[0];
        for (int c = 1; c < n; c++) {
            if (b->x[c] < least_x) least_x = b->x[c];
            if (b->x[c] > most_x) most_x = b->x[c];
            if (b->y[c] < least_y) least_y = b->y[c];
            if (b->y[c] > most_y) most_y = b->y[c];
        }
        *width = (most_x - least_x) * unit + 2 * margin;
        *height = (most_y - least_y) * unit + 2 * margin;
        for (int c = 0; c < n; c++) {
            x[c] = margin + (b->x[c] - least_x) * unit;
            y[c] = margin + (most_y - b->y[c]) * unit;
        }
    } else {
        for (int c = 0; c < n; c++) {
            double angle = 2 * M_PI * c / n - M_PI / 2;
            x[c] = size / 2 + radius * cos(angle);
            y[c] = size / 2 + radius * sin(angle);
        }
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
        /* a stack's height beside it (a mancala's pit: how many seeds) */
        int stack = pos_height(s->position, c);
        if (stack > 1) {
            char text[16];
            snprintf(text, sizeof text, "%d", stack);
            put(o, "<text class=\"height\" x=\"%.1f\" y=\"%.1f\" font-size=\"12.0\" fill=\"#333\" "
                   "text-anchor=\"start\" dy=\"0.35em\" font-family=\"sans-serif\" font-weight=\"bold\">%s</text>\n",
                x[c] + 19, y[c] - 19, text);
        }
        /* (on a white halo: a link may pass under the name) */
        put(o, "<text x=\"%.1f\" y=\"%.1f\" font-size=\"11.0\" fill=\"#555\" stroke=\"#fff\" "
               "stroke-width=\"3\" paint-order=\"stroke\" text-anchor=\"middle\" dy=\"0.35em\" "
               "font-family=\"sans-serif\">", x[c], y[c] + 32);
        put_text(o, b->cell_names[c]);
        put(o, "</text>\n");
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
