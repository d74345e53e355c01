/* algebraic: writing and reading moves in algebraic notation. */
#include "movegen/algebraic.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#define SAN_TEXT 64      /* the longest algebraic text, with room to spare */
#define MOVE_TEXT 512    /* a move's text in Tabula's notation, as the REPL keeps it */

enum { CASTLE_NONE, CASTLE_SHORT, CASTLE_LONG };

/* How much of the cell a piece leaves its text names: bits. */
enum { LEAVES_NONE = 0, LEAVES_FILE = 1, LEAVES_RANK = 2, LEAVES_BOTH = 3 };

/* What algebraic notation says of one move. */
typedef struct san_parts {
    bool written;       /* it has an algebraic text (else Tabula's notation) */
    int type;           /* the piece that moves */
    int from, to;
    bool capture;
    int promotion;      /* the type it becomes at the end, -1: none */
    int castle;         /* CASTLE_* */
} san_parts;

/* A pawn is written without a letter: the type whose letter is P, as the
 * FIDE Laws name the pawn. */
static bool is_pawn(const game *g, int type)
{
    return !strcmp(g->types[type].symbol[0], "P");
}

/* The length of the file letters that start a cell's name ("a" of "a10"). */
static size_t file_length(const char *name)
{
    size_t n = 0;
    while (name[n] >= 'a' && name[n] <= 'z')
        n++;
    return n;
}

static bool same_file(const game *g, int a, int b)
{
    const char *x = g->board.cell_names[a], *y = g->board.cell_names[b];
    size_t n = file_length(x);
    return n == file_length(y) && !strncmp(x, y, n);
}

static bool same_rank(const game *g, int a, int b)
{
    const char *x = g->board.cell_names[a], *y = g->board.cell_names[b];
    return !strcmp(x + file_length(x), y + file_length(y));
}

/* Whether the files of A's name come after B's ("h" after "e"). */
static bool file_after(const game *g, int a, int b)
{
    const char *x = g->board.cell_names[a], *y = g->board.cell_names[b];
    size_t n = file_length(x), k = file_length(y);
    return n != k ? n > k : strncmp(x, y, n) > 0;
}

/* Whether MV, besides its piece's move from FROM to TO, takes another of
 * OWNER's pieces off one cell and puts one on an empty cell: castling's
 * rook.  Each cell is read as it was before the move and as it is after. */
static bool relocates_own(const move_list *list, const move *mv, int from, int to, int owner)
{
    const change *c = list->changes + mv->first;
    bool left = false, arrived = false;
    for (int k = 0; k < mv->count; k++) {
        int cell = c[k].index;
        if (c[k].kind != CHANGE_CELL || cell == from || cell == to)
            continue;
        bool seen = false;
        for (int e = 0; e < k && !seen; e++)
            seen = c[e].kind == CHANGE_CELL && c[e].index == cell;
        if (seen)
            continue;
        int before = c[k].before, after = c[k].after;
        for (int e = k + 1; e < mv->count; e++)
            if (c[e].kind == CHANGE_CELL && c[e].index == cell)
                after = c[e].after;
        if (before != 0 && after == 0 && PIECE_OWNER(before) == owner)
            left = true;
        if (before == 0 && after != 0 && PIECE_OWNER(after) == owner)
            arrived = true;
    }
    return left && arrived;
}

/* Reads move INDEX of LIST into *A: written is false when the move is not
 * one piece going from a cell to a cell (with captures and a change of
 * type on the way) or castling. */
static void read_parts(const game *g, const move_list *list, int index, san_parts *a)
{
    memset(a, 0, sizeof *a);
    a->promotion = -1;
    const move *mv = &list->moves[index];
    const int32_t *path = list->path + mv->path_first;
    if (g->board.kind == BOARD_GRAPH || mv->path_count < 2 || PATH_KIND(path[0]) != PATH_FROM
        || (PATH_KIND(path[1]) != PATH_TO && PATH_KIND(path[1]) != PATH_TO_CAPTURE))
        return;
    a->from = PATH_VALUE(path[0]);
    a->to = PATH_VALUE(path[1]);
    a->capture = PATH_KIND(path[1]) == PATH_TO_CAPTURE;
    for (int i = 2; i < mv->path_count; i++) {
        int kind = PATH_KIND(path[i]);
        if (kind == PATH_CAPTURED)
            a->capture = true;   /* (en passant: the pawn taken beside) */
        else if (kind == PATH_CHANGE && a->promotion < 0 && PATH_VALUE(path[i]) < g->type_count)
            a->promotion = PATH_VALUE(path[i]);
        else
            return;
    }
    if (a->from >= g->board.cell_count || a->to >= g->board.cell_count || a->from == a->to)
        return;
    /* the piece: what stood on the cell it leaves */
    int code = 0;
    const change *c = list->changes + mv->first;
    for (int k = 0; k < mv->count && !code; k++)
        if (c[k].kind == CHANGE_CELL && c[k].index == a->from)
            code = c[k].before;
    a->type = PIECE_TYPE(code);
    if (code == 0 || a->type < 0 || a->type >= g->type_count)
        return;
    if (relocates_own(list, mv, a->from, a->to, PIECE_OWNER(code))) {
        if (a->capture || a->promotion >= 0 || !same_rank(g, a->from, a->to) || same_file(g, a->from, a->to))
            return;
        a->castle = file_after(g, a->to, a->from) ? CASTLE_SHORT : CASTLE_LONG;
    }
    a->written = true;
}

/* A written move's parts as one number, for sorting: moves with the same
 * key are the ones algebraic notation writes alike. */
typedef struct parts_key {
    uint64_t key;
    int index;
} parts_key;

static uint64_t key_of(const san_parts *a)
{
    return (uint64_t)a->from << 40 | (uint64_t)a->to << 24 | (uint64_t)a->type << 16
           | (uint64_t)(a->promotion + 1) << 8 | (uint64_t)a->capture << 2 | (uint64_t)a->castle;
}

static int by_key(const void *x, const void *y)
{
    const parts_key *a = x, *b = y;
    return a->key < b->key ? -1 : a->key > b->key ? 1 : a->index - b->index;
}

/* Every move's parts, malloc'd (NULL when out of memory).  Moves that
 * algebraic notation cannot tell apart (the same piece from the same cell
 * to the same cell, taking, changing or castling alike: a capture by
 * approach and one by withdrawal) keep Tabula's notation, every one of
 * them.  Sorted by their parts, so that a list of thousands of moves
 * (Amazons) costs no more than a sort. */
static san_parts *read_all(const game *g, const move_list *list)
{
    int n = list->count;
    san_parts *all = malloc((size_t)(n > 0 ? n : 1) * sizeof *all);
    parts_key *keys = malloc((size_t)(n > 0 ? n : 1) * sizeof *keys);
    if (!all || !keys) {
        free(all);
        free(keys);
        return NULL;
    }
    int written = 0;
    for (int i = 0; i < n; i++) {
        read_parts(g, list, i, &all[i]);
        if (all[i].written)
            keys[written++] = (parts_key){ key_of(&all[i]), i };
    }
    qsort(keys, (size_t)written, sizeof *keys, by_key);
    for (int k = 0; k < written;) {
        int end = k + 1;
        while (end < written && keys[end].key == keys[k].key)
            end++;
        for (int j = k; end - k > 1 && j < end; j++)
            all[keys[j].index].written = false;
        k = end;
    }
    free(keys);
    return all;
}

/* How much of the cell move I leaves its text must name: where another
 * piece of its type could go to the same cell, its file if that alone
 * tells them apart, else its rank, else both.  A pawn's capture always
 * names the file. */
static int leaves_needed(const game *g, const san_parts *all, int count, int i)
{
    const san_parts *a = &all[i];
    bool pawn_capture = is_pawn(g, a->type) && a->capture;
    bool rival = false, rival_file = false, rival_rank = false;
    for (int j = 0; j < count; j++) {
        const san_parts *b = &all[j];
        if (j == i || !b->written || b->castle || b->type != a->type || b->to != a->to || b->from == a->from)
            continue;
        rival = true;
        rival_file = rival_file || same_file(g, a->from, b->from);
        rival_rank = rival_rank || same_rank(g, a->from, b->from);
    }
    if (pawn_capture)
        return rival_file ? LEAVES_BOTH : LEAVES_FILE;
    if (!rival)
        return LEAVES_NONE;
    return !rival_file ? LEAVES_FILE : !rival_rank ? LEAVES_RANK : LEAVES_BOTH;
}

/* The text of the move A naming LEAVES of the cell it leaves. */
static void form_text(const game *g, const san_parts *a, int leaves, char *out, size_t size)
{
    if (a->castle) {
        snprintf(out, size, "%s", a->castle == CASTLE_SHORT ? "O-O" : "O-O-O");
        return;
    }
    const char *from = g->board.cell_names[a->from];
    int file = (int)file_length(from);
    snprintf(out, size, "%s%.*s%s%s%s%s%s", is_pawn(g, a->type) ? "" : g->types[a->type].symbol[0],
             leaves & LEAVES_FILE ? file : 0, from, leaves & LEAVES_RANK ? from + file : "",
             a->capture ? "x" : "", g->board.cell_names[a->to], a->promotion >= 0 ? "=" : "",
             a->promotion >= 0 ? g->types[a->promotion].symbol[0] : "");
}

int algebraic_move(const game *g, const move_list *list, int index, char *out, size_t size)
{
    san_parts *all = read_all(g, list);
    if (!all || !all[index].written) {
        free(all);
        return notation_move(g, list, index, out, size);
    }
    char text[SAN_TEXT];
    form_text(g, &all[index], leaves_needed(g, all, list->count, index), text, sizeof text);
    free(all);
    return snprintf(out, size, "%s", text);
}

/* The long algebraic text of the written move A. */
static void long_text(const game *g, const san_parts *a, char *out, size_t size)
{
    char promotion[8] = "";
    if (a->promotion >= 0) {
        snprintf(promotion, sizeof promotion, "%s", g->types[a->promotion].symbol[0]);
        for (char *c = promotion; *c; c++)
            *c = (char)tolower((unsigned char)*c);
    }
    snprintf(out, size, "%s%s%s", g->board.cell_names[a->from], g->board.cell_names[a->to], promotion);
}

bool algebraic_long(const game *g, const move_list *list, int index, char *out, size_t size)
{
    san_parts *all = read_all(g, list);
    bool written = all && all[index].written;
    if (written)
        long_text(g, &all[index], out, size);
    free(all);
    return written;
}

int algebraic_long_find(const game *g, const move_list *list, const char *text)
{
    san_parts *all = read_all(g, list);
    int found = -1;
    for (int i = 0; all && found < 0 && i < list->count; i++) {
        char written[SAN_TEXT];
        if (all[i].written) {
            long_text(g, &all[i], written, sizeof written);
            if (!strcasecmp(written, text))
                found = i;
        }
    }
    free(all);
    return found;
}

/* "+" when the side to move is in check after move INDEX, "#" when it has
 * no legal move either; "" otherwise, and where the position's change log
 * has no room to take the move back (a session that long replays its
 * record instead of undoing: session.c). */
static const char *mark_of(movegen *m, position *p, const move_list *list, int index, move_list *replies)
{
    if (p->log_overflow || p->log_length + list->moves[index].count >= POSITION_MAX_LOG)
        return "";
    undo u;
    move_make(p, list, index, &u);
    const char *mark = "";
    if (movegen_checked(m, p))
        mark = movegen_sample(m, p, replies, NULL) == 0 ? "#" : "+";
    pos_unmake(p, &u);
    return mark;
}

int algebraic_marked(movegen *m, position *p, const move_list *list, int index, move_list *replies,
                     char *out, size_t size)
{
    int length = algebraic_move(p->game, list, index, out, size);
    const char *mark = mark_of(m, p, list, index, replies);
    size_t have = size > 0 ? strlen(out) : 0;
    if (have + strlen(mark) < size)
        memcpy(out + have, mark, strlen(mark) + 1);
    return length + (int)strlen(mark);
}

int algebraic_shown(movegen *m, position *p, const move_list *list, int index, move_list *replies,
                    char *out, size_t size)
{
    if (p->game->notation != GAME_NOTATION_ALGEBRAIC)
        return notation_move(p->game, list, index, out, size);
    return algebraic_marked(m, p, list, index, replies, out, size);
}

/* TEXT as typed, made ready to compare with the moves' texts: what follows
 * the move dropped (the marks "+" and "#", the comments "!" and "?", an
 * "e.p."), "0-0" read as "O-O", "e8Q" as "e8=Q".  "" when it is longer
 * than any move's text. */
static void typed_text(const char *text, char *out, size_t size)
{
    size_t n = strlen(text);
    if (n >= 4 && !strncmp(text + n - 4, "e.p.", 4)) {
        n -= 4;
        while (n > 0 && text[n - 1] == ' ')
            n--;
    }
    while (n > 0 && strchr("+#!?", text[n - 1]))
        n--;
    if (n + 2 > size) {
        out[0] = '\0';
        return;
    }
    memcpy(out, text, n);
    out[n] = '\0';
    if (!strcmp(out, "0-0") || !strcmp(out, "0-0-0"))
        for (char *c = out; *c; c++)
            if (*c == '0')
                *c = 'O';
    if (n >= 2 && isupper((unsigned char)out[n - 1]) && isdigit((unsigned char)out[n - 2])) {
        out[n] = out[n - 1];
        out[n - 1] = '=';
        out[n + 1] = '\0';
    }
}

/* Whether TYPED (typed_text) names move I, whose parts are ALL[I]: one of
 * its texts with the cell it leaves named in full, in part or not at all
 * (a pawn's: as needed or in full), or its text in Tabula's notation when
 * it has no algebraic one. */
static bool names(const game *g, const move_list *list, const san_parts *all, int i, const char *typed)
{
    char text[MOVE_TEXT];
    const san_parts *a = &all[i];
    if (!a->written) {
        notation_move(g, list, i, text, sizeof text);
        return !strcmp(text, typed);
    }
    bool pawn = is_pawn(g, a->type);
    int needed = leaves_needed(g, all, list->count, i);
    for (int leaves = LEAVES_NONE; leaves <= LEAVES_BOTH; leaves++) {
        if (pawn && leaves != needed && leaves != LEAVES_BOTH)
            continue;   /* (a pawn's file alone is no way to write a move: "ee4") */
        form_text(g, a, leaves, text, SAN_TEXT);
        if (!strcmp(text, typed))
            return true;
        if (a->castle)
            break;
    }
    return false;
}

bool algebraic_names(const game *g, const move_list *list, int index, const char *text)
{
    char typed[MOVE_TEXT];
    typed_text(text, typed, sizeof typed);
    san_parts *all = typed[0] ? read_all(g, list) : NULL;
    bool named = all && names(g, list, all, index, typed);
    free(all);
    return named;
}

notation_match algebraic_find(const game *g, const move_list *list, const char *text, int *index)
{
    char typed[MOVE_TEXT];
    typed_text(text, typed, sizeof typed);
    san_parts *all = typed[0] ? read_all(g, list) : NULL;
    int hits = 0;
    *index = -1;
    for (int i = 0; all && i < list->count; i++)
        if (names(g, list, all, i, typed) && hits++ == 0)
            *index = i;
    free(all);
    return hits == 1 ? NOTATION_FOUND : hits > 1 ? NOTATION_AMBIGUOUS : NOTATION_NONE;
}
