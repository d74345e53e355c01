/* board: building neighbour, wrap and ring tables. */
#include "game/board.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const char *square_directions[] = { "n", "ne", "e", "se", "s", "sw", "w", "nw" };
static const int square_dx[] = { 0, 1, 1, 1, 0, -1, -1, -1 };
static const int square_dy[] = { 1, 1, 0, -1, -1, -1, 0, 1 };

/* Axial steps; r grows southward, so "ne" lowers r. */
static const char *hex_directions[] = { "e", "ne", "nw", "w", "sw", "se" };
static const int hex_dq[] = { 1, 1, 0, -1, -1, 0 };
static const int hex_dr[] = { 0, -1, -1, 0, 1, 1 };

static board_error allocate(board *b, int cells, int directions)
{
    b->cell_count = 0;
    b->direction_count = directions;
    /* a graph's directions are named as its links are read: room for all */
    b->neighbour_stride = directions > 0 ? directions : BOARD_MAX_DIRECTIONS;
    size_t n = (size_t)cells;
    size_t links = n * (size_t)b->neighbour_stride;
    b->cell_names = calloc(n, sizeof *b->cell_names);
    b->x = calloc(n, sizeof *b->x);
    b->y = calloc(n, sizeof *b->y);
    b->ring = calloc(n, sizeof *b->ring);
    b->light = calloc(n, sizeof *b->light);
    b->neighbour = malloc(links * sizeof *b->neighbour);
    b->wrapped = malloc(links * sizeof *b->wrapped);
    b->ring_clockwise = malloc(n * sizeof *b->ring_clockwise);
    b->ring_counter_clockwise = malloc(n * sizeof *b->ring_counter_clockwise);
    if (!b->cell_names || !b->x || !b->y || !b->ring || !b->light || !b->neighbour || !b->wrapped
        || !b->ring_clockwise || !b->ring_counter_clockwise) {
        board_free(b);
        return BOARD_NO_MEMORY;
    }
    for (size_t i = 0; i < links; i++)
        b->neighbour[i] = b->wrapped[i] = BOARD_NO_CELL;
    for (size_t i = 0; i < n; i++)
        b->ring_clockwise[i] = b->ring_counter_clockwise[i] = BOARD_NO_CELL;
    return BOARD_OK;
}

static void name_cell(char *out, int file, int rank)
{
    snprintf(out, BOARD_CELL_NAME, "%c%d", 'a' + file, rank);
}

board_error board_init_square(board *b, int width, int height)
{
    memset(b, 0, sizeof *b);
    if (width < 1 || height < 1)
        return BOARD_TOO_SMALL;
    if (width > BOARD_MAX_SIDE || height > BOARD_MAX_SIDE)
        return BOARD_TOO_LARGE;
    b->kind = BOARD_SQUARE;
    b->width = width;
    b->height = height;
    b->turn_degrees = 45;
    board_error error = allocate(b, width * height, 8);
    if (error)
        return error;
    b->kind = BOARD_SQUARE;
    b->width = width;
    b->height = height;
    b->turn_degrees = 45;
    for (int d = 0; d < 8; d++)
        snprintf(b->direction_names[d], BOARD_CELL_NAME, "%s", square_directions[d]);
    b->cell_count = width * height;
    for (int y = 0; y < height; y++) {
        for (int x = 0; x < width; x++) {
            int cell = y * width + x;
            name_cell(b->cell_names[cell], x, y + 1);
            b->x[cell] = x;
            b->y[cell] = y;
            b->light[cell] = (x + y) % 2 == 1;
            int to_edge = x;
            if (width - 1 - x < to_edge) to_edge = width - 1 - x;
            if (y < to_edge) to_edge = y;
            if (height - 1 - y < to_edge) to_edge = height - 1 - y;
            b->ring[cell] = to_edge;
            for (int d = 0; d < 8; d++) {
                int nx = x + square_dx[d], ny = y + square_dy[d];
                if (nx >= 0 && nx < width && ny >= 0 && ny < height)
                    b->neighbour[cell * 8 + d] = ny * width + nx;
                int wx = (nx + width) % width, wy = (ny + height) % height;
                b->wrapped[cell * 8 + d] = wy * width + wx;
            }
        }
    }
    /* Square rings are the concentric frames; walk each frame clockwise. */
    for (int cell = 0; cell < b->cell_count; cell++) {
        int k = b->ring[cell], x = b->x[cell], y = b->y[cell];
        int left = k, right = width - 1 - k, bottom = k, top = height - 1 - k;
        if (left == right || bottom == top)
            continue;   /* a line, not a ring */
        int cx = x, cy = y;
        if (y == top && x < right) cx++;
        else if (x == right && y > bottom) cy--;
        else if (y == bottom && x > left) cx--;
        else cy++;
        int next = cy * width + cx;
        b->ring_clockwise[cell] = next;
        b->ring_counter_clockwise[next] = cell;
    }
    return BOARD_OK;
}

static int hex_index(int radius, int q, int r)
{
    /* row by row from the top (r = -radius), west to east */
    int index = 0;
    for (int row = -radius; row < r; row++) {
        int from = row < 0 ? -radius - row : -radius;
        int to = row < 0 ? radius : radius - row;
        index += to - from + 1;
    }
    int from = r < 0 ? -radius - r : -radius;
    return index + (q - from);
}

static bool hex_on_board(int radius, int q, int r)
{
    int s = -q - r;
    return abs(q) <= radius && abs(r) <= radius && abs(s) <= radius;
}

static int hex_distance(int q, int r)
{
    int s = -q - r;
    int d = abs(q);
    if (abs(r) > d) d = abs(r);
    if (abs(s) > d) d = abs(s);
    return d;
}

/* The tables every hex board has: its directions and the axial grid,
 * empty; B's kind, size and corner are set. */
static board_error hex_tables(board *b)
{
    b->turn_degrees = 60;
    b->axial_cell = malloc((size_t)b->width * (size_t)b->height * sizeof *b->axial_cell);
    if (!b->axial_cell) {
        board_free(b);
        return BOARD_NO_MEMORY;
    }
    for (int i = 0; i < b->width * b->height; i++)
        b->axial_cell[i] = BOARD_NO_CELL;
    for (int d = 0; d < 6; d++)
        snprintf(b->direction_names[d], BOARD_CELL_NAME, "%s", hex_directions[d]);
    return BOARD_OK;
}

/* CELL of a hex board at axial (Q, R): its place and its name. */
static void place_hex_cell(board *b, int cell, int q, int r)
{
    b->axial_cell[(r - b->r_min) * b->width + q - b->q_min] = cell;
    b->x[cell] = q;
    b->y[cell] = r;
    name_cell(b->cell_names[cell], board_file_of(b, cell), board_rank_of(b, cell));
}

/* The six neighbours of every placed hex cell; a hex board does not wrap. */
static void link_hex_cells(board *b)
{
    for (int cell = 0; cell < b->cell_count; cell++)
        for (int d = 0; d < 6; d++) {
            int n = board_axial_cell(b, b->x[cell] + hex_dq[d], b->y[cell] + hex_dr[d]);
            b->neighbour[cell * 6 + d] = b->wrapped[cell * 6 + d] = n;
        }
}

board_error board_init_hex(board *b, int radius)
{
    memset(b, 0, sizeof *b);
    if (radius < 1)
        return BOARD_TOO_SMALL;
    if (radius > BOARD_MAX_HEX_RADIUS)
        return BOARD_TOO_LARGE;
    int cells = 3 * radius * (radius + 1) + 1;
    board_error error = allocate(b, cells, 6);
    if (error)
        return error;
    b->kind = BOARD_HEX;
    b->radius = radius;
    b->width = b->height = 2 * radius + 1;   /* of the axial grid */
    b->q_min = b->r_min = -radius;
    b->cell_count = cells;
    error = hex_tables(b);
    if (error)
        return error;
    for (int r = -radius; r <= radius; r++) {
        for (int q = -radius; q <= radius; q++) {
            if (!hex_on_board(radius, q, r))
                continue;
            int cell = hex_index(radius, q, r);
            place_hex_cell(b, cell, q, r);
            b->ring[cell] = hex_distance(q, r);
            b->light[cell] = b->ring[cell] % 2 == 1;
        }
    }
    link_hex_cells(b);
    /* Each ring walked from its south-west corner heading east is
     * counter-clockwise on the screen (r grows downward). */
    for (int k = 1; k <= radius; k++) {
        int q = hex_dq[4] * k, r = hex_dr[4] * k;
        int first = hex_index(radius, q, r), previous = -1;
        for (int side = 0; side < 6; side++) {
            for (int j = 0; j < k; j++) {
                int cell = hex_index(radius, q, r);
                if (previous >= 0) {
                    b->ring_counter_clockwise[previous] = cell;
                    b->ring_clockwise[cell] = previous;
                }
                previous = cell;
                q += hex_dq[side];
                r += hex_dr[side];
            }
        }
        b->ring_counter_clockwise[previous] = first;
        b->ring_clockwise[first] = previous;
    }
    return BOARD_OK;
}

board_error board_init_hex_rhombus(board *b, int width, int height)
{
    memset(b, 0, sizeof *b);
    if (width < 1 || height < 1)
        return BOARD_TOO_SMALL;
    if (width > BOARD_MAX_SIDE || height > BOARD_MAX_SIDE)
        return BOARD_TOO_LARGE;
    board_error error = allocate(b, width * height, 6);
    if (error)
        return error;
    b->kind = BOARD_HEX;
    b->width = width;
    b->height = height;
    b->cell_count = width * height;
    error = hex_tables(b);
    if (error)
        return error;
    /* numbered as a square board of the same size, so that a game moved
     * from one to the other keeps its cells' order (and its move lists') */
    for (int rank = 1; rank <= height; rank++)
        for (int file = 0; file < width; file++) {
            int cell = (rank - 1) * width + file;
            place_hex_cell(b, cell, file, height - rank);
            int to_edge = file;
            if (width - 1 - file < to_edge) to_edge = width - 1 - file;
            if (rank - 1 < to_edge) to_edge = rank - 1;
            if (height - rank < to_edge) to_edge = height - rank;
            b->ring[cell] = to_edge;
            b->light[cell] = to_edge % 2 == 1;
        }
    link_hex_cells(b);
    /* Rings are the concentric frames, as on a square board: each walked
     * east along its top, down its east side (se), west along its foot and
     * up its west side (nw), which is clockwise on the screen too. */
    for (int cell = 0; cell < b->cell_count; cell++) {
        int k = b->ring[cell], file = cell % width, rank = cell / width + 1;
        int left = k, right = width - 1 - k, bottom = k + 1, top = height - k;
        if (left == right || bottom == top)
            continue;   /* a line, not a ring */
        if (rank == top && file < right) file++;
        else if (file == right && rank > bottom) rank--;
        else if (rank == bottom && file > left) file--;
        else rank++;
        int next = (rank - 1) * width + file;
        b->ring_clockwise[cell] = next;
        b->ring_counter_clockwise[next] = cell;
    }
    return BOARD_OK;
}

board_error board_init_graph(board *b, int cell_capacity)
{
    memset(b, 0, sizeof *b);
    if (cell_capacity > BOARD_MAX_CELLS)
        return BOARD_TOO_LARGE;
    if (cell_capacity < 1)
        cell_capacity = 1;
    board_error error = allocate(b, cell_capacity, 0);
    if (error)
        return error;
    b->kind = BOARD_GRAPH;
    b->direction_count = 0;
    b->width = cell_capacity;    /* capacity, used while building */
    return BOARD_OK;
}

static bool valid_name(const char *name)
{
    size_t n = strlen(name);
    return n > 0 && n < BOARD_CELL_NAME;
}

board_error board_graph_add_cell(board *b, const char *name)
{
    if (!valid_name(name))
        return BOARD_BAD_NAME;
    if (board_cell(b, name) != BOARD_NO_CELL)
        return BOARD_DUPLICATE_CELL;
    if (b->cell_count >= b->width)
        return BOARD_TOO_LARGE;
    int cell = b->cell_count++;
    snprintf(b->cell_names[cell], BOARD_CELL_NAME, "%s", name);
    b->x[cell] = cell;
    b->light[cell] = false;
    return BOARD_OK;
}

static int graph_direction(board *b, const char *name)
{
    int d = board_direction(b, name);
    if (d >= 0)
        return d;
    if (b->direction_count >= BOARD_MAX_DIRECTIONS || !valid_name(name))
        return -1;
    d = b->direction_count++;
    snprintf(b->direction_names[d], BOARD_CELL_NAME, "%s", name);
    return d;
}

board_error board_graph_link(board *b, const char *from, const char *to, const char *direction,
                             const char *back)
{
    int a = board_cell(b, from), c = board_cell(b, to);
    if (a == BOARD_NO_CELL || c == BOARD_NO_CELL)
        return BOARD_UNKNOWN_CELL;
    if (!valid_name(direction) || (back && !valid_name(back)))
        return BOARD_BAD_NAME;
    int d = graph_direction(b, direction);
    int e = back ? graph_direction(b, back) : 0;
    if (d < 0 || e < 0)
        return BOARD_TOO_MANY_DIRECTIONS;
    b->neighbour[a * BOARD_MAX_DIRECTIONS + d] = c;
    b->wrapped[a * BOARD_MAX_DIRECTIONS + d] = c;
    if (back) {
        b->neighbour[c * BOARD_MAX_DIRECTIONS + e] = a;
        b->wrapped[c * BOARD_MAX_DIRECTIONS + e] = a;
    }
    return BOARD_OK;
}

board_error board_graph_place(board *b, const char *name, int x, int y)
{
    int cell = board_cell(b, name);
    if (cell == BOARD_NO_CELL)
        return BOARD_UNKNOWN_CELL;
    b->x[cell] = x;
    b->y[cell] = y;
    return BOARD_OK;
}

void board_free(board *b)
{
    free(b->cell_names);
    free(b->x);
    free(b->y);
    free(b->ring);
    free(b->light);
    free(b->neighbour);
    free(b->wrapped);
    free(b->ring_clockwise);
    free(b->ring_counter_clockwise);
    free(b->axial_cell);
    memset(b, 0, sizeof *b);
}

int board_cell(const board *b, const char *name)
{
    if (b->kind == BOARD_SQUARE || b->kind == BOARD_HEX) {
        /* letter + number: compute instead of searching */
        if (name[0] < 'a' || name[0] > 'z' || name[1] < '1' || name[1] > '9')
            return BOARD_NO_CELL;
        int rank = 0;
        for (const char *p = name + 1; *p; p++) {
            if (*p < '0' || *p > '9' || rank > 1000)
                return BOARD_NO_CELL;
            rank = rank * 10 + (*p - '0');
        }
        int file = name[0] - 'a';
        if (file >= b->width || rank < 1 || rank > b->height)
            return BOARD_NO_CELL;
        if (b->kind == BOARD_SQUARE)
            return (rank - 1) * b->width + file;
        return board_axial_cell(b, file + b->q_min, b->r_min + b->height - rank);
    }
    for (int i = 0; i < b->cell_count; i++)
        if (strcmp(b->cell_names[i], name) == 0)
            return i;
    return BOARD_NO_CELL;
}

int board_direction(const board *b, const char *name)
{
    for (int d = 0; d < b->direction_count; d++)
        if (strcmp(b->direction_names[d], name) == 0)
            return d;
    return -1;
}

int board_rotate(const board *b, int direction, int degrees)
{
    if (b->turn_degrees == 0 || degrees % b->turn_degrees != 0)
        return -1;
    int n = b->direction_count;
    int steps = (degrees / b->turn_degrees) % n;
    /* square directions run clockwise (n ne e ...), hex ones counter-clockwise */
    if (b->kind == BOARD_SQUARE)
        steps = -steps;
    return ((direction + steps) % n + n) % n;
}


int board_step(const board *b, int cell, int direction)
{
    if (cell < 0 || direction < 0 || direction >= b->direction_count)
        return BOARD_NO_CELL;
    return b->neighbour[cell * b->neighbour_stride + direction];
}

int board_step_wrapped(const board *b, int cell, int direction)
{
    if (cell < 0 || direction < 0 || direction >= b->direction_count)
        return BOARD_NO_CELL;
    return b->wrapped[cell * b->neighbour_stride + direction];
}

bool board_looks_like_cell(const char *name)
{
    const char *p = name;
    if (*p < 'a' || *p > 'z')
        return false;
    while (*p >= 'a' && *p <= 'z')
        p++;
    if (*p < '0' || *p > '9')
        return false;
    while (*p >= '0' && *p <= '9')
        p++;
    return *p == '\0';
}

static int neighbour_count(const board *b, int cell)
{
    int n = 0;
    for (int d = 0; d < b->direction_count; d++)
        if (board_step(b, cell, d) != BOARD_NO_CELL)
            n++;
    return n;
}

bool board_is_edge(const board *b, int cell)
{
    if (b->kind == BOARD_GRAPH)
        return false;
    return neighbour_count(b, cell) < b->direction_count;
}

bool board_is_corner(const board *b, int cell)
{
    if (b->kind == BOARD_SQUARE)
        return (b->x[cell] == 0 || b->x[cell] == b->width - 1)
            && (b->y[cell] == 0 || b->y[cell] == b->height - 1);
    /* a hexagon's six have three neighbours; a rhombus's acute corners
     * two, its obtuse ones three */
    if (b->kind == BOARD_HEX)
        return neighbour_count(b, cell) <= 3;
    return false;
}

int board_files(const board *b)
{
    return b->kind == BOARD_GRAPH ? 0 : b->width;
}

int board_ranks(const board *b)
{
    return b->kind == BOARD_GRAPH ? 0 : b->height;
}

int board_file_of(const board *b, int cell)
{
    return b->kind == BOARD_HEX ? b->x[cell] - b->q_min : b->x[cell];
}

int board_rank_of(const board *b, int cell)
{
    return b->kind == BOARD_HEX ? b->r_min + b->height - b->y[cell] : b->y[cell] + 1;
}

int board_axial_cell(const board *b, int q, int r)
{
    if (b->kind != BOARD_HEX || q < b->q_min || r < b->r_min || q >= b->q_min + b->width
        || r >= b->r_min + b->height)
        return BOARD_NO_CELL;
    return b->axial_cell[(r - b->r_min) * b->width + q - b->q_min];
}

int board_named_line(const board *b, const char *where, const char *line)
{
    if (b->kind == BOARD_GRAPH)
        return -1;
    int ranks = board_ranks(b), files = board_files(b);
    if (!strcmp(line, "rank")) {
        if (!strcmp(where, "bottom"))
            return 1;
        if (!strcmp(where, "top"))
            return ranks;
        if (!strcmp(where, "middle"))
            return (ranks + 1) / 2;
    } else if (!strcmp(line, "file")) {
        if (!strcmp(where, "left"))
            return 0;
        if (!strcmp(where, "right"))
            return files - 1;
        if (!strcmp(where, "middle"))
            return (files - 1) / 2;
    }
    return -1;
}

void board_describe(const board *b, char *out, int size)
{
    switch (b->kind) {
    case BOARD_SQUARE:
        snprintf(out, (size_t)size, "%dx%d square board", b->width, b->height);
        break;
    case BOARD_HEX:
        if (board_is_hexagon(b))
            snprintf(out, (size_t)size, "hex board of radius %d (%d cells)", b->radius, b->cell_count);
        else
            snprintf(out, (size_t)size, "%dx%d hex rhombus (%d cells)", b->width, b->height, b->cell_count);
        break;
    case BOARD_GRAPH:
        snprintf(out, (size_t)size, "graph board of %d cells", b->cell_count);
        break;
    }
}
