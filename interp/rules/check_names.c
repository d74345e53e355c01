/* check_names: the names a game knows, built in or declared, and the
 * "unknown name" report with its "did you mean" hint. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "rules/check_internal.h"
#include "suggest.h"

void names_init(check_context *c)
{
    c->symbols = NULL;
    c->symbol_count = 0;
    c->symbol_capacity = 0;
    c->scope_start = -1;
}

void names_free(check_context *c)
{
    for (int i = 0; i < c->symbol_count; i++)
        free(c->symbols[i].name);
    free(c->symbols);
    c->symbols = NULL;
    c->symbol_count = c->symbol_capacity = 0;
}

symbol *names_find(const check_context *c, const char *name)
{
    /* newest first, so that pattern-local names shadow the game's */
    for (int i = c->symbol_count - 1; i >= 0; i--)
        if (strcmp(c->symbols[i].name, name) == 0)
            return &c->symbols[i];
    return NULL;
}

static symbol *add(check_context *c, const char *name, int kinds, source_location at, bool declared)
{
    if (c->symbol_count == c->symbol_capacity) {
        int capacity = c->symbol_capacity ? c->symbol_capacity * 2 : 128;
        symbol *grown = realloc(c->symbols, (size_t)capacity * sizeof *grown);
        if (!grown)
            return NULL;
        c->symbols = grown;
        c->symbol_capacity = capacity;
    }
    symbol *s = &c->symbols[c->symbol_count];
    s->name = strdup(name);
    if (!s->name)
        return NULL;
    s->kinds = kinds;
    s->at = at;
    s->declared = declared;
    s->library = declared && c->declaring_library;
    s->uses = 0;
    c->symbol_count++;
    return s;
}

const char *names_kind_text(int kinds)
{
    if (kinds & NAME_LABEL) return "pattern variable";
    if (kinds & NAME_PLAYER) return "player";
    if (kinds & NAME_PIECE) return "piece type";
    if (kinds & NAME_DIRECTION) return "direction";
    if (kinds & NAME_CELL) return "cell";
    if (kinds & NAME_PATTERN) return "pattern";
    if (kinds & NAME_VARIABLE) return "variable";
    if (kinds & NAME_FLAG) return "flag";
    if (kinds & (NAME_SET | NAME_TEST)) return "cell set";
    if (kinds & NAME_FUNCTION) return "function";
    return "word";
}

symbol *names_declare(check_context *c, const char *name, int kinds, source_location at,
                      const char *what)
{
    symbol *existing = names_find(c, name);
    if (existing && (c->scope_start < 0 || existing - c->symbols >= c->scope_start)) {
        if (existing->declared) {
            char hint[128];
            snprintf(hint, sizeof hint, "the first is on line %d", existing->at.line);
            diag_report(c->diagnostics, DIAG_ERROR, at, hint, "%s '%s' is declared twice", what,
                        name);
            return NULL;
        }
        if (existing->kinds & ~(NAME_WORD | NAME_TEST | NAME_SET)) {
            diag_report(c->diagnostics, DIAG_ERROR, at, "choose another name",
                        "'%s' is a built-in %s and cannot name a %s", name,
                        names_kind_text(existing->kinds), what);
            return NULL;
        }
    }
    return add(c, name, kinds, at, true);
}

static const char *const tests[] = { "empty", "occupied", "friend", "enemy", "any", "true", "false" };
static const char *const player_references[] = {
    "mover", "next", "opponent", "player", "each", "anyone", "everyone",
};
static const char *const anchors[] = { "here", "origin", "last", "jumped", "pushed", "marked", "line",
                                       "last-jumped" };
static const char *const sets[] = { "cells", "light", "dark", "edge", "corners", "center", "stacked" };
static const char *const words[] = {
    "wins", "loses", "draw", "no", "moves", "repetition", "plies", "without", "capture",
    "highest", "lowest", "score", "unlimited", "reserve", "supply", "one", "straight", "revisit",
    "rejump", "wrap", "any-side", "prefer", "captures", "legal", "start", "only", "facing",
    "colour", "color", "unicode", "value", "remove", "convert", "rank", "ranks", "file", "files",
    "ring", "rings", "move", "after", "repeat", "all", "maximal",
    "letters", "cell", "reserves", "since-reset", "move-number", "out", "players-left",
    "red", "green", "yellow", "blue", "magenta", "cyan", "white", "black", "bright",
};
static const char *const phrase_words[] = {
    "rank", "ranks", "file", "files", "ring", "rings", "no", "repetition", "plies",
};

bool names_is_phrase_word(const char *name)
{
    for (size_t i = 0; i < sizeof phrase_words / sizeof *phrase_words; i++)
        if (strcmp(phrase_words[i], name) == 0)
            return true;
    return false;
}

static void add_all(check_context *c, const char *const *list, size_t n, int kinds)
{
    source_location nowhere = { -1, 0, 0, 0, 0 };
    for (size_t i = 0; i < n; i++) {
        symbol *s = names_find(c, list[i]);
        if (s)
            s->kinds |= kinds;
        else
            add(c, list[i], kinds, nowhere, false);
    }
}

void names_add_builtins(check_context *c)
{
    add_all(c, tests, sizeof tests / sizeof *tests, NAME_TEST | NAME_SET);
    add_all(c, player_references, sizeof player_references / sizeof *player_references, NAME_PLAYER);
    add_all(c, anchors, sizeof anchors / sizeof *anchors, NAME_SET);
    add_all(c, sets, sizeof sets / sizeof *sets, NAME_SET);
    add_all(c, words, sizeof words / sizeof *words, NAME_WORD);
}

static const char *const square_groups[] = { "orthogonal", "diagonal", "all" };
static const char *const relative[] = {
    "forward", "backward", "left", "right", "forward-left", "forward-right", "backward-left",
    "backward-right",
};
static const char *const hex_groups[] = { "hex", "all" };
/* (no left or right: no hex cell lies square to the side) */
static const char *const hex_relative[] = {
    "forward", "backward", "forward-left", "forward-right", "backward-left", "backward-right",
};
static const char *const ring_directions[] = { "clockwise", "counter-clockwise", "ring" };

void names_add_board(check_context *c)
{
    const board *b = &c->board;
    source_location nowhere = { -1, 0, 0, 0, 0 };
    for (int d = 0; d < b->direction_count; d++) {
        symbol *s = names_find(c, b->direction_names[d]);
        if (s)
            s->kinds |= NAME_DIRECTION;
        else
            add(c, b->direction_names[d], NAME_DIRECTION, nowhere, false);
    }
    if (b->kind == BOARD_SQUARE) {
        add_all(c, square_groups, 3, NAME_DIRECTION);
        add_all(c, relative, sizeof relative / sizeof *relative, NAME_DIRECTION);
        add_all(c, ring_directions, 3, NAME_DIRECTION);
    } else if (b->kind == BOARD_HEX) {
        add_all(c, hex_groups, 2, NAME_DIRECTION);
        add_all(c, hex_relative, sizeof hex_relative / sizeof *hex_relative, NAME_DIRECTION);
        add_all(c, ring_directions, 3, NAME_DIRECTION);
    } else {
        add_all(c, square_groups + 2, 1, NAME_DIRECTION);
        /* graph boards name their cells; make them known */
        for (int i = 0; i < b->cell_count; i++) {
            symbol *s = names_find(c, b->cell_names[i]);
            if (s)
                s->kinds |= NAME_CELL;
            else
                add(c, b->cell_names[i], NAME_CELL, nowhere, false);
        }
    }
}

int names_scope_begin(check_context *c)
{
    int mark = c->scope_start;
    c->scope_start = c->symbol_count;
    return mark;
}

void names_scope_end(check_context *c, int mark)
{
    for (int i = c->scope_start; i < c->symbol_count; i++)
        free(c->symbols[i].name);
    if (c->scope_start >= 0)
        c->symbol_count = c->scope_start;
    c->scope_start = mark;
}

static const char *const direction_words_elsewhere[] = {
    "n", "s", "ne", "nw", "se", "sw", "orthogonal", "diagonal", "forward", "backward", "left",
    "right", "forward-left", "forward-right", "backward-left", "backward-right", "hex",
};

/* The first and last cells of file FILE (0 for a) when RANK is 0, or of
 * rank RANK when FILE is -1: on a hex board each file runs over only part
 * of the ranks, and each rank over part of the files. */
static void hex_line_ends(const board *b, int file, int rank, char *first, char *last, size_t size)
{
    int lines = 2 * b->radius + 1;   /* files and ranks alike */
    snprintf(first, size, "%s", "");
    snprintf(last, size, "%s", "");
    for (int i = 0; i < lines; i++) {
        char name[8];
        snprintf(name, sizeof name, "%c%d", 'a' + (file >= 0 ? file : i), file >= 0 ? i + 1 : rank);
        if (board_cell(b, name) == BOARD_NO_CELL)
            continue;
        if (!first[0])
            snprintf(first, size, "%s", name);
        snprintf(last, size, "%s", name);
    }
}

/* The hint for TEXT, a cell name off a hexagon.  A range such as "a1 to
 * e5" does not say which names exist there, as it does on a square board,
 * so this gives the cells of the file and of the rank that TEXT names,
 * where they are on the board. */
static void hex_off_board_hint(const board *b, const char *text, char *hint, size_t size)
{
    int lines = 2 * b->radius + 1;
    int file = text[0] - 'a';
    bool one_letter = text[1] >= '0' && text[1] <= '9';
    long rank = one_letter ? strtol(text + 1, NULL, 10) : 0;
    bool file_exists = one_letter && file < lines;
    bool rank_exists = one_letter && rank >= 1 && rank <= lines;
    char file_first[8], file_last[8], rank_first[8], rank_last[8];
    if (file_exists)
        hex_line_ends(b, file, 0, file_first, file_last, sizeof file_first);
    if (rank_exists)
        hex_line_ends(b, -1, (int)rank, rank_first, rank_last, sizeof rank_first);
    if (file_exists && rank_exists)
        snprintf(hint, size, "file %c runs from %s to %s, and rank %ld from %s to %s", text[0],
                 file_first, file_last, rank, rank_first, rank_last);
    else if (file_exists)
        snprintf(hint, size, "file %c runs from %s to %s", text[0], file_first, file_last);
    else if (rank_exists)
        snprintf(hint, size, "files run from a to %c, and rank %ld from %s to %s", 'a' + lines - 1,
                 rank, rank_first, rank_last);
    else
        snprintf(hint, size, "hex cells are named by file a..%c and rank 1..%d; the centre is %c%d",
                 'a' + lines - 1, lines, 'a' + b->radius, b->radius + 1);
}

void names_report_unknown(check_context *c, const ast_node *name, int kinds, const char *what)
{
    const char *text = name->text;
    symbol *known = names_find(c, text);
    if (known && !(known->kinds & kinds)) {
        char hint[160] = "";
        suggestion s;
        suggest_begin(&s, text);
        for (int i = 0; i < c->symbol_count; i++)
            if (c->symbols[i].kinds & kinds)
                suggest_consider(&s, c->symbols[i].name);
        const char *best = suggest_result(&s);
        if (best)
            snprintf(hint, sizeof hint, "did you mean '%s'?", best);
        diag_report(c->diagnostics, DIAG_ERROR, name->location, best ? hint : NULL,
                    "'%s' is a %s, not a %s", text, names_kind_text(known->kinds), what);
        return;
    }
    if ((kinds & NAME_CELL) && c->has_board && c->board.kind != BOARD_GRAPH
        && board_looks_like_cell(text)) {
        char where[96];
        board_describe(&c->board, where, sizeof where);
        const board *b = &c->board;
        char hint[128];
        /* (a hex rhombus's names fill their box, as a square board's do) */
        if (!board_is_hexagon(b))
            snprintf(hint, sizeof hint, "cells run from a1 to %s", b->cell_names[b->cell_count - 1]);
        else
            hex_off_board_hint(b, text, hint, sizeof hint);
        diag_report(c->diagnostics, DIAG_ERROR, name->location, hint,
                    "cell '%s' is not on the %s", text, where);
        return;
    }
    if ((kinds & NAME_DIRECTION) && c->has_board) {
        for (size_t i = 0; i < sizeof direction_words_elsewhere / sizeof *direction_words_elsewhere; i++) {
            if (strcmp(text, direction_words_elsewhere[i]) == 0) {
                char where[96], hint[160] = "its directions are:";
                board_describe(&c->board, where, sizeof where);
                for (int d = 0; d < c->board.direction_count; d++) {
                    strncat(hint, " ", sizeof hint - strlen(hint) - 1);
                    strncat(hint, c->board.direction_names[d], sizeof hint - strlen(hint) - 1);
                }
                diag_report(c->diagnostics, DIAG_ERROR, name->location, hint,
                            "the %s has no direction '%s'", where, text);
                return;
            }
        }
    }
    suggestion s;
    suggest_begin(&s, text);
    for (int i = 0; i < c->symbol_count; i++)
        if (c->symbols[i].kinds & kinds)
            suggest_consider(&s, c->symbols[i].name);
    const char *best = suggest_result(&s);
    char hint[160];
    if (best)
        snprintf(hint, sizeof hint, "did you mean '%s'?", best);
    diag_report(c->diagnostics, DIAG_ERROR, name->location, best ? hint : NULL, "unknown %s '%s'",
                what, text);
}
