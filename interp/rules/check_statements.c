/* check_statements: what each statement of a game must look like.
 *
 * Two passes over the game's statements: the first declares what they name
 * (players, the board, pieces, regions, direction sets, variables, flags,
 * patterns), so that a name may be used before the line that declares it;
 * the second checks every statement's contents against those names.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "game/game.h"
#include "game/limits.h"
#include "rules/check_internal.h"
#include "suggest.h"
#include "utf8.h"

static const char *const heads[] = {
    "players", "board", "piece", "region", "directions", "setup", "moves", "turn", "after",
    "pass", "captures", "filter", "order", "end", "score", "var", "flag", "display",
    "position", "bonus", "out", "stacks", "again", "notation",
};

/* --- reading statements */

static const ast_node *head_of(const ast_node *statement)
{
    return statement->kind == AST_STATEMENT ? statement->children[0] : NULL;
}

/* An AST_EMPTY with op 1 stands where a faulty macro use was (already
 * reported): present, but nothing to check. */
static const ast_node *equals_of(const ast_node *statement)
{
    const ast_node *v = statement->children[1];
    return v->kind == AST_EMPTY && v->op == 0 ? NULL : v;
}

static const ast_node *colon_of(const ast_node *statement)
{
    const ast_node *v = statement->children[2];
    return v->kind == AST_EMPTY && v->op == 0 ? NULL : v;
}

static const ast_node *block_of(const ast_node *statement)
{
    const ast_node *v = statement->children[3];
    return v->kind == AST_EMPTY ? NULL : v;
}

/* The words of a head: "piece man "o"" gives piece, man, "o". */
static int words_of(const ast_node *head, const ast_node **words, int capacity)
{
    if (head->kind == AST_PHRASE && head->child_count > 0) {
        int n = head->child_count < capacity ? head->child_count : capacity;
        for (int i = 0; i < n; i++)
            words[i] = head->children[i];
        return n;
    }
    words[0] = head;
    return 1;
}

const char *statement_head(const ast_node *statement)
{
    switch (statement->kind) {
    case AST_PATTERN: return "pattern";
    case AST_DEFINE: return "define";
    case AST_VARIANT: return "variant";
    case AST_GAME: return "game";
    case AST_STATEMENT: break;
    default: return NULL;
    }
    const ast_node *head = head_of(statement);
    while (head->kind == AST_GUARD || (head->kind == AST_BINARY && head->op == AST_OP_THEN))
        head = head->children[0];
    if (head->kind == AST_ACTION)
        return ast_verb_name(head->op);
    if (head->kind == AST_PHRASE)
        head = head->children[0];
    return head->kind == AST_NAME ? head->text : NULL;
}

const char *statement_name(const ast_node *statement)
{
    if (statement->kind == AST_PATTERN || statement->kind == AST_DEFINE
        || statement->kind == AST_VARIANT)
        return statement->text;
    if (statement->kind != AST_STATEMENT)
        return NULL;
    const ast_node *head = head_of(statement);
    if (head->kind == AST_PHRASE && head->child_count >= 2 && head->children[1]->kind == AST_NAME)
        return head->children[1]->text;
    return NULL;
}

bool var_of_each_player(const ast_node *statement)
{
    const ast_node *words[4];
    if (statement->kind != AST_STATEMENT)
        return false;
    int n = words_of(head_of(statement), words, 4);
    return n == 3 && words[2]->kind == AST_NAME && !strcmp(words[2]->text, "each");
}

static bool is_head(const char *head, const char *word)
{
    return head && strcmp(head, word) == 0;
}

static void error(check_context *c, const ast_node *at, const char *hint, const char *message)
{
    diag_report(c->diagnostics, DIAG_ERROR, at->location, hint, "%s", message);
}

/* --- pass 1: declarations */

/* Counts one more declaration AT of WHAT against the LIMIT a game holds:
 * an error at the first past it, which the compiler would leave out. */
static void count_declaration(check_context *c, const ast_node *at, int *count, int limit, const char *what)
{
    if (++*count == limit + 1)
        diag_report(c->diagnostics, DIAG_ERROR, at->location, NULL, "too many %s: a game holds at most %d", what,
                    limit);
}

static void declare_players(check_context *c, const ast_node *statement)
{
    const ast_node *words[8];
    const ast_node *head = head_of(statement);
    int n = words_of(head, words, 8);
    const ast_node *block = block_of(statement);
    int count = 0;
    if (block) {
        if (n > 1)
            error(c, words[1], "list the players either on the line or in the block", "players listed twice");
        for (int i = 0; i < block->child_count; i++) {
            const ast_node *entry = block->children[i];
            if (entry->kind != AST_STATEMENT) {
                error(c, entry, NULL, "expected a player: NAME [facing DIRECTION]");
                continue;
            }
            const ast_node *parts[4];
            int m = words_of(head_of(entry), parts, 4);
            if (parts[0]->kind != AST_NAME) {
                error(c, parts[0], NULL, "expected a player's name");
                continue;
            }
            names_declare(c, parts[0]->text, NAME_PLAYER | NAME_TEST, parts[0]->location, "player");
            count++;
            (void)m;
        }
    } else {
        for (int i = 1; i < n; i++) {
            if (words[i]->kind != AST_NAME) {
                error(c, words[i], "players are named: players white black", "expected a player's name");
                continue;
            }
            if (names_declare(c, words[i]->text, NAME_PLAYER | NAME_TEST, words[i]->location, "player"))
                count++;
        }
        if (head->kind == AST_PHRASE && head->child_count > 8)
            count = head->child_count - 1;
    }
    if (colon_of(statement) || equals_of(statement))
        error(c, statement, "write: players white black", "unexpected ':' or '=' after 'players'");
    if (count < 2 || count > 4) {
        diag_report(c->diagnostics, DIAG_ERROR, statement->location, NULL,
                    "a game has 2 to 4 players, not %d", count);
    }
    c->player_count = count;
}

static bool whole_number(const ast_node *node, long *value)
{
    if (node->kind == AST_NUMBER) {
        *value = node->number;
        return true;
    }
    if (node->kind == AST_UNARY && node->op == AST_OP_NEGATE && node->child_count == 1
        && node->children[0]->kind == AST_NUMBER) {
        *value = -node->children[0]->number;
        return true;
    }
    return false;
}

bool check_graph_position(const ast_node *node, long *x, long *y)
{
    if (node->kind != AST_GROUP || node->op != 0 || node->child_count != 1)
        return false;
    const ast_node *list = node->children[0];
    return list->kind == AST_LIST && list->child_count == 2 && whole_number(list->children[0], x)
        && whole_number(list->children[1], y);
}

int check_graph_cell_count(const ast_node *cells_line)
{
    int n = 0;
    for (int k = 1; cells_line->kind == AST_PHRASE && k < cells_line->child_count; k++)
        n += cells_line->children[k]->kind != AST_GROUP;
    return n;
}

#define GRAPH_POSITION_LIMIT 999

/* A `cells` line of a graph board, H: its cells, each a name, with its
 * position (X, Y) after it where the file gives one; NAMES[cell] keeps the
 * node of each cell's name, WHERE[cell] its position's (NULL: none).
 * Returns false when it refused a position. */
static bool graph_cells(check_context *c, const ast_node *h, const ast_node **where, const ast_node **names)
{
    bool all_taken = true;
    const char *usage = "write a cell's position after its name: cells a (0, 0) b (1, 0)";
    int cell = BOARD_NO_CELL;   /* the cell a position would be of */
    for (int k = 1; k < h->child_count; k++) {
        const ast_node *item = h->children[k];
        long x, y;
        if (item->kind == AST_GROUP) {
            bool taken = false;
            if (!check_graph_position(item, &x, &y))
                error(c, item, "a position is two whole numbers, x east and y north: (2, -1)",
                      "malformed position");
            else if (cell == BOARD_NO_CELL)
                error(c, item, usage, "a position without its cell");
            else if (labs(x) > GRAPH_POSITION_LIMIT || labs(y) > GRAPH_POSITION_LIMIT)
                diag_report(c->diagnostics, DIAG_ERROR, item->location, NULL,
                            "a position is at most %d from (0, 0) either way", GRAPH_POSITION_LIMIT);
            else {
                board_graph_place(&c->board, c->board.cell_names[cell], (int)x, (int)y);
                where[cell] = item;
                taken = true;
            }
            all_taken = all_taken && taken;
            cell = BOARD_NO_CELL;
            continue;
        }
        cell = BOARD_NO_CELL;
        if (item->kind == AST_CALL) {   /* a1(0, 0): the parser read a function */
            error(c, item, "a space between a cell and its position: a1 (0, 0)", "expected a cell name");
            continue;
        }
        if (item->kind != AST_NAME) {
            error(c, item, NULL, "expected a cell name");
            continue;
        }
        board_error e = board_graph_add_cell(&c->board, item->text);
        if (e == BOARD_DUPLICATE_CELL)
            diag_report(c->diagnostics, DIAG_ERROR, item->location, NULL,
                        "cell '%s' is listed twice", item->text);
        else if (e != BOARD_OK)
            diag_report(c->diagnostics, DIAG_ERROR, item->location, NULL,
                        "bad cell name '%s' (at most %d characters)", item->text,
                        BOARD_CELL_NAME - 1);
        else {
            cell = c->board.cell_count - 1;
            names[cell] = item;
        }
    }
    return all_taken;
}

/* Every cell of a graph has its position, or none does (a picture cannot
 * put some cells where the file says and the others nowhere); no two
 * share one.  NAMES[cell] is the node of each cell's name. */
static void graph_positions(check_context *c, const ast_node **where, const ast_node **names)
{
    board *b = &c->board;
    int placed = 0, missing = -1;
    for (int cell = 0; cell < b->cell_count; cell++) {
        if (where[cell])
            placed++;
        else if (missing < 0)
            missing = cell;
    }
    if (placed == 0)
        return;
    if (missing >= 0) {
        diag_report(c->diagnostics, DIAG_ERROR, names[missing]->location,
                    "give every cell a position, or none: cells a (0, 0) b (1, 0)",
                    "cell '%s' has no position", b->cell_names[missing]);
        return;
    }
    for (int cell = 0; cell < b->cell_count; cell++)
        for (int other = 0; other < cell; other++)
            if (b->x[cell] == b->x[other] && b->y[cell] == b->y[other]) {
                diag_report(c->diagnostics, DIAG_ERROR, where[cell]->location, NULL,
                            "cells '%s' and '%s' are both at (%d, %d)", b->cell_names[other],
                            b->cell_names[cell], b->x[cell], b->y[cell]);
                return;
            }
    b->placed = true;
}

static void graph_board(check_context *c, const ast_node *statement, const ast_node *block)
{
    int capacity = 0;
    for (int i = 0; block && i < block->child_count; i++) {
        const ast_node *entry = block->children[i];
        if (entry->kind == AST_STATEMENT && is_head(statement_head(entry), "cells")
            && head_of(entry)->kind == AST_PHRASE)
            capacity += check_graph_cell_count(head_of(entry));
    }
    if (capacity > BOARD_MAX_CELLS) {
        diag_report(c->diagnostics, DIAG_ERROR, statement->location, NULL,
                    "a graph board has at most %d cells", BOARD_MAX_CELLS);
        return;
    }
    if (board_init_graph(&c->board, capacity) != BOARD_OK)
        return;
    c->has_board = true;
    /* each cell's position node and name node, by cell */
    const ast_node **where = calloc((size_t)(capacity > 0 ? capacity : 1), sizeof *where);
    const ast_node **named = calloc((size_t)(capacity > 0 ? capacity : 1), sizeof *named);
    if (!where || !named) {
        free(where);
        free(named);
        error(c, statement, NULL, "out of memory building the board");
        return;
    }
    bool positions_taken = true;   /* (a refused one is reported; the rest would echo it) */
    for (int pass = 0; pass < 2; pass++) {
        for (int i = 0; block && i < block->child_count; i++) {
            const ast_node *entry = block->children[i];
            const char *word = entry->kind == AST_STATEMENT ? statement_head(entry) : NULL;
            const ast_node *h = entry->kind == AST_STATEMENT ? head_of(entry) : entry;
            if (!is_head(word, "cells") && !is_head(word, "link")) {
                if (pass == 0)
                    error(c, entry, "a graph board has 'cells A B C' (each with its position if you like: "
                          "'cells A (0, 0) B (1, 0)') and 'link A B DIRECTION [BACK]' lines",
                          "unexpected line in a graph board");
                continue;
            }
            if (h->kind != AST_PHRASE)
                continue;
            if (pass == 0 && is_head(word, "cells")) {
                positions_taken = graph_cells(c, h, where, named) && positions_taken;
            } else if (pass == 1 && is_head(word, "link")) {
                if (h->child_count < 4 || h->child_count > 5) {
                    error(c, h, "write: link FROM TO DIRECTION [BACK-DIRECTION]", "malformed link");
                    continue;
                }
                bool names = true;
                for (int k = 1; k < h->child_count; k++)
                    names = names && h->children[k]->kind == AST_NAME;
                if (!names) {
                    error(c, h, "write: link FROM TO DIRECTION [BACK-DIRECTION]", "malformed link");
                    continue;
                }
                board_error e = board_graph_link(&c->board, h->children[1]->text, h->children[2]->text,
                                                 h->children[3]->text,
                                                 h->child_count == 5 ? h->children[4]->text : NULL);
                if (e == BOARD_UNKNOWN_CELL) {
                    const ast_node *bad = board_cell(&c->board, h->children[1]->text) == BOARD_NO_CELL
                                        ? h->children[1] : h->children[2];
                    diag_report(c->diagnostics, DIAG_ERROR, bad->location,
                                "list it in a 'cells' line first", "unknown cell '%s'", bad->text);
                } else if (e == BOARD_TOO_MANY_DIRECTIONS) {
                    diag_report(c->diagnostics, DIAG_ERROR, h->location, NULL,
                                "a graph board has at most %d directions", BOARD_MAX_DIRECTIONS);
                } else if (e != BOARD_OK) {
                    error(c, h, NULL, "bad direction name");
                }
            }
        }
    }
    if (c->board.cell_count == 0)
        error(c, statement, "list its cells: board graph { cells a b c; link a b east west }",
              "a graph board needs cells");
    else if (positions_taken)
        graph_positions(c, where, named);
    free(where);
    free(named);
}

static void declare_board(check_context *c, const ast_node *statement)
{
    if (c->has_board) {
        error(c, statement, NULL, "the board is declared twice");
        return;
    }
    const ast_node *words[5];
    int n = words_of(head_of(statement), words, 5);
    const char *shape = n >= 2 && words[1]->kind == AST_NAME ? words[1]->text : NULL;
    const char *usage = "write 'board square 8x8', 'board hex radius 3', 'board hex rhombus 11x11' or "
                        "'board graph { ... }'";
    board_error e = BOARD_OK;
    if (is_head(shape, "square") && n == 3 && words[2]->kind == AST_SIZE) {
        e = board_init_square(&c->board, (int)words[2]->number, (int)words[2]->number2);
        if (e == BOARD_TOO_LARGE)
            diag_report(c->diagnostics, DIAG_ERROR, words[2]->location, NULL,
                        "a square board is at most %dx%d", BOARD_MAX_SIDE, BOARD_MAX_SIDE);
        else if (e == BOARD_TOO_SMALL)
            error(c, words[2], NULL, "a board needs at least one cell");
    } else if (is_head(shape, "hex") && n == 4 && words[2]->kind == AST_NAME
               && !strcmp(words[2]->text, "radius") && words[3]->kind == AST_NUMBER) {
        e = board_init_hex(&c->board, (int)words[3]->number);
        if (e == BOARD_TOO_LARGE)
            diag_report(c->diagnostics, DIAG_ERROR, words[3]->location, NULL,
                        "a hex board has a radius of at most %d", BOARD_MAX_HEX_RADIUS);
        else if (e == BOARD_TOO_SMALL)
            error(c, words[3], "radius 1 is the centre and its six neighbours",
                  "a hex board has a radius of at least 1");
    } else if (is_head(shape, "hex") && n == 4 && words[2]->kind == AST_NAME
               && !strcmp(words[2]->text, "rhombus") && words[3]->kind == AST_SIZE) {
        e = board_init_hex_rhombus(&c->board, (int)words[3]->number, (int)words[3]->number2);
        if (e == BOARD_TOO_LARGE)
            diag_report(c->diagnostics, DIAG_ERROR, words[3]->location, "files are single letters",
                        "a hex rhombus is at most %dx%d", BOARD_MAX_SIDE, BOARD_MAX_SIDE);
        else if (e == BOARD_TOO_SMALL)
            error(c, words[3], NULL, "a board needs at least one cell");
    } else if (is_head(shape, "hex") && n >= 3 && words[2]->kind == AST_NAME
               && strcmp(words[2]->text, "radius") && strcmp(words[2]->text, "rhombus")) {
        /* the shape of a hex board misspelt: say which there are */
        suggestion s;
        suggest_begin(&s, words[2]->text);
        suggest_consider(&s, "radius");
        suggest_consider(&s, "rhombus");
        const char *best = suggest_result(&s);
        char hint[96] = "write 'board hex radius 3' (a hexagon) or 'board hex rhombus 11x11'";
        if (best)
            snprintf(hint, sizeof hint, "did you mean '%s'?", best);
        diag_report(c->diagnostics, DIAG_ERROR, words[2]->location, hint,
                    "unknown hex board shape '%s'", words[2]->text);
        c->board_broken = true;
        return;
    } else if (is_head(shape, "graph") && n == 2) {
        graph_board(c, statement, block_of(statement));
        return;
    } else {
        const ast_node *at = n >= 2 ? words[1] : words[0];
        if (shape && strcmp(shape, "square") && strcmp(shape, "hex") && strcmp(shape, "graph")) {
            suggestion s;
            suggest_begin(&s, shape);
            suggest_consider(&s, "square");
            suggest_consider(&s, "hex");
            suggest_consider(&s, "graph");
            const char *best = suggest_result(&s);
            char hint[64];
            if (best)
                snprintf(hint, sizeof hint, "did you mean '%s'?", best);
            diag_report(c->diagnostics, DIAG_ERROR, at->location, best ? hint : usage,
                        "unknown board shape '%s'", shape);
        } else {
            error(c, at, usage, "malformed board");
        }
        c->board_broken = true;
        return;
    }
    if (e == BOARD_OK)
        c->has_board = true;
    else
        c->board_broken = true;
    if (e == BOARD_NO_MEMORY)
        error(c, statement, NULL, "out of memory building the board");
}

static const ast_node *find_template(const ast_node *const *templates, int count, const char *head,
                                     const char *name)
{
    for (int i = count - 1; i >= 0; i--) {
        const char *h = statement_head(templates[i]);
        const char *n = statement_name(templates[i]);
        if (h && n && !strcmp(h, head) && !strcmp(n, name))
            return templates[i];
    }
    return NULL;
}

static bool one_character(const char *text)
{
    size_t n = strlen(text);
    int length = utf8_sequence_length((const unsigned char *)text, n);
    return length > 0 && (size_t)length == n;
}

/* Returns the statement holding the piece's moves (the template's when the
 * piece adopts one), or NULL. */
static const ast_node *declare_piece(check_context *c, const ast_node *statement,
                                     const ast_node *const *templates, int template_count)
{
    const ast_node *words[8];
    const ast_node *head = head_of(statement);
    int n = words_of(head, words, 8);
    if (n < 2 || words[1]->kind != AST_NAME) {
        error(c, head, "write: piece NAME \"S\"", "expected the piece's name");
        return NULL;
    }
    const ast_node *source = statement;
    if (n == 2 && !block_of(statement)) {
        const ast_node *template = find_template(templates, template_count, "piece", words[1]->text);
        if (!template) {
            diag_report(c->diagnostics, DIAG_ERROR, words[1]->location,
                        "give its symbol (piece NAME \"S\") or include the file that defines it",
                        "no piece template named '%s'", words[1]->text);
            names_declare(c, words[1]->text, NAME_PIECE | NAME_TEST, words[1]->location, "piece type");
            return NULL;
        }
        source = template;
        n = words_of(head_of(template), words, 8);
    }
    names_declare(c, words[1]->text, NAME_PIECE | NAME_TEST, words[1]->location, "piece type");
    int strings = 0;
    int kept = c->piece_count < CHECK_MAX_PIECES ? c->piece_count++ : -1;
    if (kept >= 0) {
        c->pieces[kept].name = words[1];
        c->pieces[kept].symbol = NULL;
    }
    for (int i = 2; i < n; i++) {
        const ast_node *w = words[i];
        if (w->kind == AST_STRING && kept >= 0 && !c->pieces[kept].symbol)
            c->pieces[kept].symbol = w->text;
        if (w->kind == AST_STRING) {
            if (++strings > 4)   /* GAME_MAX_PLAYERS: one for each player */
                error(c, w, NULL, "a piece has at most four symbols (one for each player)");
            else if (!one_character(w->text))
                error(c, w, "use a single character such as \"K\"", "a piece symbol is one character");
        } else if (w->kind == AST_NAME && !strcmp(w->text, "value")) {
            if (i + 1 >= n || words[i + 1]->kind != AST_NUMBER)
                error(c, w, "write: value 5", "'value' needs a number");
            i++;
        } else {
            error(c, w, "write: piece NAME \"S\" [\"s\"] [value N] [{ moves }]",
                  "unexpected word in a piece declaration");
        }
    }
    if (strings == 0 && source == statement && n > 2)
        error(c, head, "give a symbol: piece man \"o\"", "a piece needs a symbol");
    else if (strings == 0 && source == statement)
        error(c, head, "give a symbol: piece man \"o\"", "a piece needs a symbol");
    return block_of(source) ? source : NULL;
}

static void declare_named(check_context *c, const ast_node *statement, int kinds, const char *what)
{
    const ast_node *words[3];
    const ast_node *head = head_of(statement);
    int n = words_of(head, words, 3);
    if (n != 2 || words[1]->kind != AST_NAME) {
        diag_report(c->diagnostics, DIAG_ERROR, head->location, NULL,
                    "expected '%s NAME'", statement_head(statement));
        return;
    }
    names_declare(c, words[1]->text, kinds, words[1]->location, what);
}

/* var NAME, or var NAME each (a variable of each player) */
static void declare_var(check_context *c, const ast_node *statement)
{
    if (!var_of_each_player(statement)) {
        declare_named(c, statement, NAME_VARIABLE, "variable");
        return;
    }
    const ast_node *name = head_of(statement)->children[1];
    if (name->kind != AST_NAME) {
        diag_report(c->diagnostics, DIAG_ERROR, name->location, NULL, "expected 'var NAME each'");
        return;
    }
    names_declare(c, name->text, NAME_VARIABLE, name->location, "variable");
}

/* --- pass 2: contents */

static void check_alternatives(check_context *c, const ast_node *block, bool turn);

static bool forward_only(const ast_node *directions)
{
    if (directions->kind == AST_NAME)
        return !strcmp(directions->text, "forward") || !strcmp(directions->text, "forward-left")
            || !strcmp(directions->text, "forward-right");
    if (directions->kind == AST_LIST || directions->kind == AST_PHRASE) {
        for (int i = 0; i < directions->child_count; i++)
            if (!forward_only(directions->children[i]))
                return false;
        return directions->child_count > 0;
    }
    return false;
}

typedef struct alternative_facts {
    bool places;
    bool cycles;      /* moves pieces in ways that may come back */
    bool removes;
} alternative_facts;

static const ast_node *find_pattern(const check_context *c, const ast_node *name)
{
    if (!name || name->kind != AST_NAME)
        return NULL;
    for (int i = 0; i < c->pattern_count; i++)
        if (!strcmp(c->patterns[i]->text, name->text))
            return c->patterns[i];
    return NULL;
}

static void gather_facts(const check_context *c, const ast_node *node, alternative_facts *facts,
                         int depth)
{
    if (depth > 8)
        return;
    if (node->kind == AST_ACTION) {
        switch (node->op) {
        case AST_VERB_PLACE:
            facts->places = true;
            break;
        case AST_VERB_STEP: case AST_VERB_SLIDE: case AST_VERB_LEAP: case AST_VERB_HOP:
        case AST_VERB_JUMP:
            if (!forward_only(node->children[0]))
                facts->cycles = true;
            break;
        case AST_VERB_PUSH: case AST_VERB_RELOCATE: case AST_VERB_SOW: case AST_VERB_CARRY:
            facts->cycles = true;
            break;
        case AST_VERB_CAPTURE:
            if (!c->captures_convert)
                facts->removes = true;
            break;
        case AST_VERB_REMOVE:
            facts->removes = true;
            break;
        case AST_VERB_PASS:
            facts->cycles = true;
            break;
        default:
            break;
        }
        if (node->op == AST_VERB_APPLY || node->op == AST_VERB_CAPTURE) {
            /* a pattern's effects count as the move's own */
            const ast_node *argument = node->children[0];
            if (argument->kind == AST_PHRASE && argument->child_count == 2)
                argument = argument->children[1];
            const ast_node *used = find_pattern(c, argument);
            for (int i = 1; used && i < used->child_count; i++)
                gather_facts(c, used->children[i]->children[1], facts, depth + 1);
        }
    }
    if (node->kind == AST_GUARD) {
        /* "pass if no moves" cannot repeat forever on its own */
        gather_facts(c, node->children[0], facts, depth);
        if (node->children[0]->kind == AST_ACTION && node->children[0]->op == AST_VERB_PASS)
            facts->cycles = false;
        return;
    }
    for (int i = 0; i < node->child_count; i++)
        gather_facts(c, node->children[i], facts, depth);
}

/* Whether a landing test can hold only where a piece stands (enemy,
 * occupied, a type or player, or such a test with more conditions): a
 * move to it always takes that piece. */
static bool never_empty(const check_context *c, const ast_node *test)
{
    switch (test->kind) {
    case AST_NAME: {
        if (!strcmp(test->text, "enemy") || !strcmp(test->text, "friend") || !strcmp(test->text, "occupied"))
            return true;
        const symbol *s = names_find((check_context *)c, test->text);
        return s && (s->kinds & (NAME_PIECE | NAME_PLAYER)) && !(s->kinds & ~(NAME_PIECE | NAME_PLAYER));
    }
    case AST_PHRASE:    /* a conjunction: one never-empty word will do */
        for (int i = 0; i < test->child_count; i++)
            if (never_empty(c, test->children[i]))
                return true;
        return false;
    case AST_GROUP:
        return test->op == 0 && never_empty(c, test->children[0]);
    case AST_BINARY:
        if (test->op == AST_OP_AND || test->op == AST_OP_INTERSECT)
            return never_empty(c, test->children[0]) || never_empty(c, test->children[1]);
        if (test->op == AST_OP_OR)
            return never_empty(c, test->children[0]) && never_empty(c, test->children[1]);
        if (test->op == AST_OP_MINUS)
            return never_empty(c, test->children[0]);
        return false;
    default:
        return false;
    }
}

/* Whether NODE contains a hop or a jump. */
static bool has_jump(const ast_node *node)
{
    if (node->kind == AST_ACTION)
        return node->op == AST_VERB_HOP || node->op == AST_VERB_JUMP;
    for (int i = 0; i < node->child_count; i++)
        if (node->children[i] && has_jump(node->children[i]))
            return true;
    return false;
}

/* Whether every way to carry out NODE takes a piece off the board: a move
 * that lands on a piece (step, slide or leap to enemy: Clobber), or a
 * capture of the pieces a jump before it passed over (Konane).  Such
 * moves cannot go on for ever without placements: the pieces run out. */
static bool always_removes(const check_context *c, const ast_node *node)
{
    if (c->captures_convert)
        return false;
    switch (node->kind) {
    case AST_ACTION:
        if (node->op == AST_VERB_STEP || node->op == AST_VERB_SLIDE || node->op == AST_VERB_LEAP)
            for (int i = 1; i < node->child_count; i++)
                if (node->children[i]->op == AST_CLAUSE_TO && never_empty(c, node->children[i]->children[0]))
                    return true;
        return false;
    case AST_GROUP:
        /* once at least: ( ... ) and ( ... )+ */
        return (node->op == 0 || node->op == '+') && always_removes(c, node->children[0]);
    case AST_GUARD:
        return always_removes(c, node->children[0]);
    case AST_PHRASE:
        /* a repetition and the words after it: ( ... )+ straight */
        return node->children[0]->kind == AST_GROUP && always_removes(c, node->children[0]);
    case AST_BINARY:
        if (node->op == AST_OP_UNION)
            return always_removes(c, node->children[0]) && always_removes(c, node->children[1]);
        if (node->op == AST_OP_THEN) {
            const ast_node *after = node->children[1];
            if (after->kind == AST_ACTION && after->op == AST_VERB_CAPTURE && after->children[0]->kind == AST_NAME
                && (!strcmp(after->children[0]->text, "jumped") || !strcmp(after->children[0]->text, "last-jumped"))
                && has_jump(node->children[0]))
                return true;
            return always_removes(c, node->children[0]) || always_removes(c, after);
        }
        return false;
    default:
        return false;
    }
}

static void note_alternative(check_context *c, const ast_node *alternative)
{
    alternative_facts facts = { false, false, false };
    gather_facts(c, alternative, &facts, 0);
    /* A placement that nothing undoes fills the board; forward-only moves
     * run out, and so do moves that always take a piece.  Anything else
     * may cycle. */
    c->places = c->places || facts.places;
    if (facts.removes && facts.places)
        c->may_run_forever = true;
    else if (facts.cycles && !facts.places && always_removes(c, alternative))
        c->bounded_by_removal = true;
    else if (facts.cycles && !facts.places)
        c->may_run_forever = true;
}

static void check_alternatives(check_context *c, const ast_node *block, bool turn)
{
    for (int i = 0; i < block->child_count; i++) {
        const ast_node *entry = block->children[i];
        if (entry->kind != AST_STATEMENT) {
            error(c, entry, NULL, "expected a way to move");
            continue;
        }
        const ast_node *head = head_of(entry);
        const ast_node *value = colon_of(entry);
        if (equals_of(entry) || block_of(entry)) {
            error(c, entry, NULL, "expected a way to move, not a declaration");
            continue;
        }
        if (value) {
            /* ACTIONS then move TYPE: ACTIONS: something done before the
             * piece is chosen (a die thrown) */
            if (turn && head->kind == AST_BINARY && head->op == AST_OP_THEN && head->children[1]->kind == AST_PHRASE) {
                check_expr(c, head->children[0], EXPECT_ACTIONS);
                note_alternative(c, head->children[0]);
                head = head->children[1];
            }
            const ast_node *words[3];
            int n = words_of(head, words, 3);
            if (!turn || n != 2 || words[0]->kind != AST_NAME || strcmp(words[0]->text, "move")) {
                error(c, head, turn ? "write: move TYPE: ACTIONS" : "inside 'moves TYPE' the piece is known; drop the label",
                      "unexpected label before ':'");
            } else {
                check_expr(c, words[1], EXPECT_PIECE);
            }
            check_expr(c, value, EXPECT_ACTIONS);
            note_alternative(c, value);
        } else if (head->kind == AST_PHRASE && head->children[0]->kind == AST_NAME
                   && !strcmp(head->children[0]->text, "value")) {
            if (turn || head->child_count != 2 || head->children[1]->kind != AST_NUMBER)
                error(c, head, "write: value 5", "malformed piece value");
        } else if (!turn && head->kind == AST_PHRASE && head->children[0]->kind == AST_NAME
                   && !strcmp(head->children[0]->text, "base")) {
            /* base TYPE: what a captured piece goes to the reserve as */
            if (head->child_count != 2 || head->children[1]->kind != AST_NAME)
                error(c, head, "write: base pawn", "malformed base type");
            else
                check_expr(c, head->children[1], EXPECT_PIECE);
        } else if (turn && head->kind == AST_PHRASE && head->child_count == 2 && head->children[0]->kind == AST_NAME
                   && !strcmp(head->children[0]->text, "move") && head->children[1]->kind == AST_NAME) {
            /* move TYPE: the piece's own moves (its block or 'moves TYPE');
             * move any: every piece's */
            if (strcmp(head->children[1]->text, "any"))
                check_expr(c, head->children[1], EXPECT_PIECE);
        } else {
            check_expr(c, head, EXPECT_ACTIONS);
            note_alternative(c, head);
        }
    }
}

static void check_setup(check_context *c, const ast_node *statement)
{
    const ast_node *block = block_of(statement);
    if (!block || head_of(statement)->kind != AST_NAME) {
        error(c, statement, "write: setup { white man: rank 1 }", "malformed setup");
        return;
    }
    int cells = c->has_board ? c->board.cell_count : 0;
    int *first = cells ? malloc((size_t)cells * sizeof *first) : NULL;
    int *pieces = cells ? calloc((size_t)cells, sizeof *pieces) : NULL;
    bool *set = cells ? malloc((size_t)cells * sizeof *set) : NULL;
    /* a cell holds one piece, or in a game of stacks a stack, the pieces
     * set up later on top */
    int most = c->has_stacks ? c->stack_height : 1;
    for (int i = 0; i < cells && first; i++)
        first[i] = -1;
    for (int i = 0; i < block->child_count; i++) {
        const ast_node *entry = block->children[i];
        if (entry->kind != AST_STATEMENT || equals_of(entry) || block_of(entry)) {
            error(c, entry, "write: PLAYER TYPE: CELLS, or reserve PLAYER TYPE COUNT",
                  "malformed setup line");
            continue;
        }
        const ast_node *words[5];
        int n = words_of(head_of(entry), words, 5);
        const ast_node *value = colon_of(entry);
        if (!value) {
            if (n == 4 && words[0]->kind == AST_NAME && !strcmp(words[0]->text, "reserve")) {
                check_expr(c, words[1], EXPECT_PLAYER);
                check_expr(c, words[2], EXPECT_PIECE);
                if (!(words[3]->kind == AST_NUMBER
                      || (words[3]->kind == AST_NAME && !strcmp(words[3]->text, "unlimited"))))
                    error(c, words[3], NULL, "a reserve holds a number of pieces or 'unlimited'");
            } else {
                error(c, entry, "write: PLAYER TYPE: CELLS, or reserve PLAYER TYPE COUNT",
                      "malformed setup line");
            }
            continue;
        }
        if (n != 2) {
            error(c, head_of(entry), "write: PLAYER TYPE: CELLS", "expected a player and a piece type");
            continue;
        }
        check_expr(c, words[0], EXPECT_PLAYER);
        check_expr(c, words[1], EXPECT_PIECE);
        int before = c->diagnostics->errors;
        check_expr(c, value, EXPECT_CELLS);
        if (!first || !set || !pieces || c->diagnostics->errors != before)
            continue;
        if (!check_static_cells(c, value, set))
            continue;
        for (int cell = 0; cell < cells; cell++) {
            if (!set[cell])
                continue;
            if (++pieces[cell] > most && most > 1) {
                char hint[96];
                snprintf(hint, sizeof hint, "raise the height: stacks %d", pieces[cell]);
                diag_report(c->diagnostics, DIAG_ERROR, value->location, hint,
                            "%d pieces set up on %s: the game's stacks hold %d", pieces[cell],
                            c->board.cell_names[cell], most);
            } else if (first[cell] >= 0 && most == 1) {
                char hint[96];
                snprintf(hint, sizeof hint, "it is also set up on line %d", first[cell]);
                diag_report(c->diagnostics, DIAG_ERROR, value->location, hint,
                            "two pieces set up on %s", c->board.cell_names[cell]);
            } else {
                first[cell] = value->location.line;
            }
        }
    }
    free(first);
    free(pieces);
    free(set);
}

static void check_end(check_context *c, const ast_node *statement)
{
    const ast_node *block = block_of(statement);
    if (!block) {
        error(c, statement, "write: end { CONDITION: OUTCOME }", "malformed end block");
        return;
    }
    for (int i = 0; i < block->child_count; i++) {
        const ast_node *entry = block->children[i];
        const ast_node *outcome = entry->kind == AST_STATEMENT ? colon_of(entry) : NULL;
        if (!outcome || equals_of(entry) || block_of(entry)) {
            error(c, entry, "write: CONDITION: OUTCOME, e.g. 'no moves: opponent wins'",
                  "an end rule needs a condition and an outcome");
            continue;
        }
        check_expr(c, head_of(entry), EXPECT_CONDITION);
        check_expr(c, outcome, EXPECT_OUTCOME);
        c->has_end = true;
    }
    if (block->child_count == 0)
        error(c, statement, "add a rule such as 'no moves: opponent wins'", "the end block is empty");
}

static void check_order(check_context *c, const ast_node *node)
{
    if (node->kind == AST_BINARY && node->op == AST_OP_THEN) {
        check_order(c, node->children[0]);
        check_order(c, node->children[1]);
        return;
    }
    const ast_node *words[16];
    int n = words_of(node, words, 16);
    for (int i = 0; i < n; i++) {
        if (words[i]->kind == AST_NAME
            && (!strcmp(words[i]->text, "order") || !strcmp(words[i]->text, "repeat")))
            continue;
        check_expr(c, words[i], EXPECT_PLAYER);
    }
}

/* A rule of the form WORD if CONDITION (EXAMPLE; with UNLESS also WORD
 * unless CONDITION), of which a game has one (*FIRST: the one seen so
 * far), keeping SLOTS values among the variables (SLOTS_HINT says so when
 * there are too many). */
static void check_one_rule(check_context *c, const ast_node *statement, const char *word, const char *example,
                           bool unless, const ast_node **first, int slots, const char *slots_hint)
{
    const ast_node *h = head_of(statement);
    if (h->kind != AST_GUARD || (!unless && h->op == AST_OP_UNLESS) || colon_of(statement) || block_of(statement)
        || equals_of(statement)) {
        char hint[96], message[64];
        snprintf(hint, sizeof hint, "write: %s if CONDITION, e.g. '%s'", word, example);
        snprintf(message, sizeof message, "malformed '%s' rule", word);
        error(c, statement, hint, message);
        return;
    }
    check_expr(c, h->children[1], EXPECT_CONDITION);
    if (*first) {
        char hint[96], message[64];
        snprintf(hint, sizeof hint, "join the conditions with 'or' in one rule (the first is on line %d)",
                 (*first)->location.line);
        snprintf(message, sizeof message, "a game has one '%s' rule", word);
        error(c, statement, hint, message);
        return;
    }
    *first = statement;
    c->var_slots += slots;
    if (c->var_slots > GAME_MAX_VARS)
        diag_report(c->diagnostics, DIAG_ERROR, statement->location, slots_hint,
                    "too many variables: a game holds at most %d values", GAME_MAX_VARS);
}

/* A colour's name (display blocks, `players { A colour C }`). */
static void check_colour_name(check_context *c, const ast_node *name)
{
    bool known = false;
    for (int k = 0; k < GAME_COLOURS && name->kind == AST_NAME; k++)
        known = known || !strcmp(name->text, game_colour_names[k]);
    if (!known)
        error(c, name, "the colours: black red green yellow blue magenta cyan white", "not a colour");
}

/* Whether the order NODE goes round the players, each once, with no
 * turns before the round ('then'): the turn then follows from who moved,
 * and can pass over a player who is out. */
static bool order_goes_round(const ast_node *node)
{
    if (node->kind == AST_BINARY && node->op == AST_OP_THEN)
        return false;
    const ast_node *words[17];
    int n = words_of(node, words, 17);
    if (n > 16)
        return false;
    for (int i = 1; i < n; i++)
        for (int j = 1; j < i; j++)
            if (words[i]->kind == AST_NAME && words[j]->kind == AST_NAME && !strcmp(words[i]->text, words[j]->text))
                return false;
    return true;
}

/* The style a display block's `board STYLE [COLOUR]` names
 * (BOARD_LOOK_*), BOARD_LOOK_DEFAULT when WORD names none; `checkered` is
 * `chequered`, as `color` is `colour`. */
int board_look_named(const char *word)
{
    if (!strcmp(word, "checkered"))
        return BOARD_LOOK_CHEQUERED;
    for (int k = 1; k < BOARD_LOOKS; k++)
        if (!strcmp(word, game_look_names[k]))
            return k;
    return BOARD_LOOK_DEFAULT;
}

/* Whether ENTRY of a display block says how the board looks: `board`
 * first, then neither `colour` nor `unicode`, which would make it a line
 * about a player or a piece type named board. */
bool check_is_board_look_line(const ast_node *entry)
{
    const ast_node *words[3];
    if (entry->kind != AST_STATEMENT)
        return false;
    int n = words_of(head_of(entry), words, 3);
    if (n < 2 || words[0]->kind != AST_NAME || strcmp(words[0]->text, "board"))
        return false;
    return words[1]->kind != AST_NAME
        || (strcmp(words[1]->text, "colour") && strcmp(words[1]->text, "color")
            && strcmp(words[1]->text, "unicode"));
}

/* display { board STYLE [COLOUR] } */
static void check_board_look_line(check_context *c, const ast_node *entry)
{
    const ast_node *words[4];
    int n = words_of(head_of(entry), words, 4);
    const char *usage = "write: board chequered, board plain, board holes or board intersections, "
                        "and a colour if you like (board plain green)";
    if (n > 3 || colon_of(entry) || equals_of(entry) || block_of(entry)) {
        error(c, entry, usage, "malformed board line");
        return;
    }
    if (words[1]->kind != AST_NAME) {
        error(c, words[1], usage, "expected the board's style");
        return;
    }
    if (board_look_named(words[1]->text) == BOARD_LOOK_DEFAULT) {
        suggestion s;
        suggest_begin(&s, words[1]->text);
        for (int k = 1; k < BOARD_LOOKS; k++)
            suggest_consider(&s, game_look_names[k]);
        const char *best = suggest_result(&s);
        char hint[96] = "the styles: chequered plain holes intersections";
        if (best)
            snprintf(hint, sizeof hint, "did you mean '%s'?", best);
        diag_report(c->diagnostics, DIAG_ERROR, words[1]->location, hint, "unknown board style '%s'",
                    words[1]->text);
    }
    if (n == 3)
        check_colour_name(c, words[2]);
    /* a graph's cells are drawn as discs joined by its links, whatever
     * the block says */
    if (c->has_board && c->board.kind == BOARD_GRAPH)
        error(c, words[0], "a graph board is drawn as its cells joined by their links",
              "a graph board has no board style");
}

static void check_display(check_context *c, const ast_node *statement)
{
    const ast_node *block = block_of(statement);
    if (!block) {
        error(c, statement, "write: display { white colour yellow }", "malformed display block");
        return;
    }
    for (int i = 0; i < block->child_count; i++) {
        const ast_node *entry = block->children[i];
        if (entry->kind != AST_STATEMENT)
            continue;
        if (check_is_board_look_line(entry)) {
            check_board_look_line(c, entry);
            continue;
        }
        const ast_node *words[6];
        int n = words_of(head_of(entry), words, 6);
        bool unicode = n >= 3 && n <= 4 && words[1]->kind == AST_NAME && !strcmp(words[1]->text, "unicode");
        bool colour = n >= 3 && n <= 4 && words[1]->kind == AST_NAME
                   && (!strcmp(words[1]->text, "colour") || !strcmp(words[1]->text, "color"));
        if (!unicode && !colour) {
            error(c, entry, "write: PLAYER colour COLOUR, TYPE unicode \"S\" \"s\", or board STYLE [COLOUR]",
                  "malformed display line");
            continue;
        }
        check_expr(c, words[0], unicode ? EXPECT_PIECE : EXPECT_PLAYER);
        if (unicode) {
            for (int k = 2; k < n; k++) {
                if (words[k]->kind != AST_STRING)
                    error(c, words[k], "write: TYPE unicode \"S\" \"s\", one character each", "a symbol is a string");
                else if (!one_character(words[k]->text))
                    error(c, words[k], NULL, "a symbol is one character");
            }
            continue;
        }
        /* PLAYER colour [bright] COLOUR: `bright` was once accepted and
         * shown no differently; it still loads, with a warning */
        if (n == 4 && words[2]->kind == AST_NAME && !strcmp(words[2]->text, "bright"))
            diag_report(c->diagnostics, DIAG_WARNING, words[2]->location, "write the colour alone",
                        "'bright' changes nothing: pieces are shown in the terminal's colours");
        else if (n == 4)
            error(c, words[2], "the colours: black red green yellow blue magenta cyan white", "not a colour");
        check_colour_name(c, words[n - 1]);
    }
}

/* position { letters FLAG: L CELLS, ...; cell VAR; var VAR; cells FLAG;
 *            reserves; plies; since-reset; move-number } */
static void check_position(check_context *c, const ast_node *statement)
{
    const ast_node *block = block_of(statement);
    if (!block) {
        error(c, statement, "write: position { cell en-passant; move-number }", "malformed position block");
        return;
    }
    for (int i = 0; i < block->child_count; i++) {
        const ast_node *entry = block->children[i];
        if (entry->kind != AST_STATEMENT)
            continue;
        const ast_node *words[3];
        int n = words_of(head_of(entry), words, 3);
        const char *kind = words[0]->kind == AST_NAME ? words[0]->text : "";
        const ast_node *value = colon_of(entry);
        bool bare = !strcmp(kind, "reserves") || !strcmp(kind, "plies") || !strcmp(kind, "since-reset")
                 || !strcmp(kind, "move-number");
        if (bare && n == 1 && !value)
            continue;
        if (!strcmp(kind, "var") && n == 2 && !value && c->has_out && words[1]->kind == AST_NAME
            && !strcmp(words[1]->text, "out"))
            continue;   /* whether each player is out */
        if ((!strcmp(kind, "cell") || !strcmp(kind, "var")) && n == 2 && !value) {
            symbol *s = words[1]->kind == AST_NAME ? names_find(c, words[1]->text) : NULL;
            if (s && (s->kinds & NAME_VARIABLE))
                s->uses++;
            else
                names_report_unknown(c, words[1], NAME_VARIABLE, "variable");
            continue;
        }
        if ((!strcmp(kind, "cells") && n == 2 && !value) || (!strcmp(kind, "letters") && n == 2 && value)) {
            symbol *s = words[1]->kind == AST_NAME ? names_find(c, words[1]->text) : NULL;
            if (s && (s->kinds & NAME_FLAG))
                s->uses++;
            else
                names_report_unknown(c, words[1], NAME_FLAG, "flag");
            if (!value)
                continue;
            const ast_node *items = value;
            int count = items->kind == AST_LIST ? items->child_count : 1;
            for (int k = 0; k < count; k++) {
                const ast_node *group = items->kind == AST_LIST ? items->children[k] : items;
                if (group->kind != AST_PHRASE || group->child_count < 2 || group->children[0]->kind != AST_NAME) {
                    error(c, group, "write: LETTER CELL CELL, as in 'K e1 h1'", "malformed letter group");
                    continue;
                }
                for (int m = 1; m < group->child_count; m++)
                    check_expr(c, group->children[m], EXPECT_CELLS);
            }
            continue;
        }
        error(c, entry, "a position field is one of: letters FLAG: L CELLS, ...; cell VAR; var VAR; "
              "cells FLAG; reserves; plies; since-reset; move-number", "unknown position field");
    }
}

static void check_region(check_context *c, const ast_node *statement)
{
    const ast_node *value = equals_of(statement);
    const ast_node *block = block_of(statement);
    if (value && !block) {
        check_expr(c, value, EXPECT_CELLS);
        return;
    }
    if (block && !value) {
        for (int i = 0; i < block->child_count; i++) {
            const ast_node *entry = block->children[i];
            const ast_node *cells = entry->kind == AST_STATEMENT ? colon_of(entry) : NULL;
            if (!cells) {
                error(c, entry, "write: PLAYER: CELLS", "malformed region line");
                continue;
            }
            check_expr(c, head_of(entry), EXPECT_PLAYER);
            check_expr(c, cells, EXPECT_CELLS);
        }
        return;
    }
    error(c, statement, "write 'region NAME = CELLS' or 'region NAME { PLAYER: CELLS }'",
          "malformed region");
}

/* bonus TYPE { CELLS: N; ... }, a search hint: N hundredths (a whole
 * number, maybe negative) for each piece of TYPE on CELLS, which must be
 * known when the game loads (cell names, ranks, files, regions). */
static void check_bonus(check_context *c, const ast_node *statement)
{
    static const char *const usage = "write: bonus TYPE { CELLS: N } (N hundredths of a piece of value 1)";
    const ast_node *words[3];
    int n = words_of(head_of(statement), words, 3);
    const ast_node *block = block_of(statement);
    if (n != 2 || words[1]->kind != AST_NAME || !block || equals_of(statement) || colon_of(statement)) {
        error(c, statement, usage, "malformed bonus");
        return;
    }
    symbol *s = names_find(c, words[1]->text);
    if (!s || !(s->kinds & NAME_PIECE))
        names_report_unknown(c, words[1], NAME_PIECE, "piece type");
    for (int i = 0; i < block->child_count; i++) {
        const ast_node *entry = block->children[i];
        const ast_node *amount = entry->kind == AST_STATEMENT ? colon_of(entry) : NULL;
        if (!amount || equals_of(entry) || block_of(entry)) {
            error(c, entry, usage, "malformed bonus line");
            continue;
        }
        const ast_node *number = amount;
        if (number->kind == AST_UNARY && number->op == AST_OP_NEGATE)
            number = number->children[0];
        if (number->kind != AST_NUMBER)
            error(c, amount, usage, "a bonus is a whole number of hundredths");
        check_expr(c, head_of(entry), EXPECT_CELLS);
    }
}

static void check_player_facings(check_context *c, const ast_node *statement)
{
    const ast_node *block = block_of(statement);
    for (int i = 0; block && i < block->child_count; i++) {
        const ast_node *entry = block->children[i];
        if (entry->kind != AST_STATEMENT)
            continue;
        const ast_node *parts[6];
        int m = words_of(head_of(entry), parts, 6);
        for (int k = 1; k < m; k += 2) {
            const char *key = parts[k]->kind == AST_NAME ? parts[k]->text : "";
            if (k + 1 >= m) {
                error(c, parts[k], "write: NAME facing DIRECTION colour COLOUR", "missing value");
                break;
            }
            if (!strcmp(key, "facing"))
                check_expr(c, parts[k + 1], EXPECT_DIRECTIONS);
            else if (!strcmp(key, "colour") || !strcmp(key, "color"))
                check_colour_name(c, parts[k + 1]);
            else
                error(c, parts[k], "write: NAME facing DIRECTION colour COLOUR",
                      "unknown player option");
        }
    }
}

/* notation: algebraic (or tabula, the default).  Algebraic notation names
 * a piece by its letter and a cell by its file and rank ("Nbd2", "R1e2"),
 * so every piece needs an upper-case letter of its own (lower case letters
 * are files) and the board cells named by file and rank: a square or hex
 * board, not a graph. */
static void check_notation(check_context *c, const ast_node *statement)
{
    static const char usage[] = "write: notation: algebraic (or notation: tabula, the default)";
    const ast_node *value = colon_of(statement);
    if (!value || block_of(statement) || equals_of(statement) || head_of(statement)->kind != AST_NAME) {
        error(c, statement, usage, "malformed 'notation'");
        return;
    }
    if (value->kind != AST_NAME || (strcmp(value->text, "algebraic") && strcmp(value->text, "tabula"))) {
        if (value->kind == AST_NAME)
            diag_report(c->diagnostics, DIAG_ERROR, value->location, usage, "unknown notation '%s'", value->text);
        else
            error(c, value, usage, "unknown notation");
        return;
    }
    if (!strcmp(value->text, "tabula"))
        return;
    if (c->has_board && c->board.kind == BOARD_GRAPH)
        error(c, value, "algebraic notation names a cell by its file and rank: use a square or hex board",
              "a graph board has no files or ranks for algebraic notation");
    for (int i = 0; i < c->piece_count; i++) {
        const char *letter = c->pieces[i].symbol;
        const ast_node *name = c->pieces[i].name;
        if (!letter)
            continue;   /* (reported where the piece is declared) */
        if (!(letter[0] >= 'A' && letter[0] <= 'Z' && letter[1] == '\0')) {
            diag_report(c->diagnostics, DIAG_ERROR, value->location,
                        "give it an upper-case letter as its first symbol, such as \"N\"",
                        "algebraic notation writes a piece by its letter, and '%s' has the symbol \"%s\"",
                        name->text, letter);
            continue;
        }
        for (int k = 0; k < i; k++)
            if (c->pieces[k].symbol && !strcmp(c->pieces[k].symbol, letter)
                && strcmp(c->pieces[k].name->text, name->text)) {
                diag_report(c->diagnostics, DIAG_ERROR, value->location,
                            "give each piece a letter of its own",
                            "algebraic notation cannot tell '%s' from '%s': both are written %s",
                            c->pieces[k].name->text, name->text, letter);
                break;
            }
    }
}

static void unknown_head(check_context *c, const ast_node *statement)
{
    const ast_node *head = head_of(statement);
    const ast_node *inner = head;
    while (inner->kind == AST_GUARD || (inner->kind == AST_BINARY && inner->op == AST_OP_THEN))
        inner = inner->children[0];
    if (inner->kind == AST_ACTION) {
        error(c, head, "moves go inside 'moves TYPE { ... }', a piece's block, or 'turn { ... }'",
              "a move outside a moves block");
        return;
    }
    const char *word = statement_head(statement);
    if (!word) {
        error(c, head, "a statement starts with a word such as 'board' or 'setup'",
              "expected a statement");
        return;
    }
    suggestion s;
    suggest_begin(&s, word);
    for (size_t i = 0; i < sizeof heads / sizeof *heads; i++)
        suggest_consider(&s, heads[i]);
    const char *best = suggest_result(&s);
    char hint[96];
    if (!strcmp(word, "extend"))
        snprintf(hint, sizeof hint, "'extend' adds to the game's block in a variant: variant \"V\" { extend ... }");
    else if (best)
        snprintf(hint, sizeof hint, "did you mean '%s'?", best);
    const ast_node *at = inner->kind == AST_PHRASE ? inner->children[0] : inner;
    diag_report(c->diagnostics, DIAG_ERROR, at->location, best || !strcmp(word, "extend") ? hint : NULL,
                "unknown statement '%s'", word);
}

static bool inside(source_location span, source_location at)
{
    return span.file < 0
        || (at.file == span.file && at.line >= span.line && at.line <= span.end_line);
}

void check_statements(check_context *c, const ast_node *const *statements, int count,
                      int library_count, const ast_node *const *templates, int template_count)
{
    const ast_node **patterns = calloc((size_t)count + 1, sizeof *patterns);
    if (!patterns)
        return;
    c->patterns = patterns;
    c->pattern_count = 0;
    const ast_node **moves_of_piece = calloc((size_t)count + 1, sizeof *moves_of_piece);
    if (!moves_of_piece)
        return;

    /* pass 1a: players and board, which other declarations depend on */
    bool has_players = false;
    for (int i = 0; i < count; i++) {
        const char *head = statement_head(statements[i]);
        if (statements[i]->kind != AST_STATEMENT)
            continue;
        if (is_head(head, "players")) {
            if (has_players)
                error(c, statements[i], NULL, "the players are declared twice");
            else
                declare_players(c, statements[i]);
            has_players = true;
        } else if (is_head(head, "board")) {
            declare_board(c, statements[i]);
        }
    }
    if (!has_players)
        diag_report(c->diagnostics, DIAG_ERROR, c->game_location, "add a line such as 'players white black'",
                    "the game declares no players");
    if (c->board_broken) {
        /* its error says it: every cell and direction would only echo it */
        free(moves_of_piece);
        free(patterns);
        c->patterns = NULL;
        return;
    }
    if (!c->has_board)
        diag_report(c->diagnostics, DIAG_ERROR, c->game_location, "add a line such as 'board square 8x8'",
                    "the game has no board");
    else
        names_add_board(c);

    /* pass 1b: everything else that declares a name, each kind counted
     * against what a game holds (game/limits.h) */
    int patterns_declared = 0, pieces = 0, regions = 0, direction_sets = 0, flags = 0;
    for (int i = 0; i < count; i++) {
        const ast_node *statement = statements[i];
        const char *head = statement_head(statement);
        c->declaring_library = i < library_count;
        if (statement->kind == AST_PATTERN)
            count_declaration(c, statement, &patterns_declared, GAME_MAX_PATTERNS, "patterns");
        else if (statement->kind == AST_STATEMENT && is_head(head, "piece"))
            count_declaration(c, statement, &pieces, GAME_MAX_TYPES, "piece types");
        else if (statement->kind == AST_STATEMENT && is_head(head, "region"))
            count_declaration(c, statement, &regions, GAME_MAX_REGIONS, "regions");
        else if (statement->kind == AST_STATEMENT && is_head(head, "directions"))
            count_declaration(c, statement, &direction_sets, GAME_MAX_DIRECTION_SETS, "direction sets");
        else if (statement->kind == AST_STATEMENT && is_head(head, "flag"))
            count_declaration(c, statement, &flags, GAME_MAX_FLAGS, "flags");
        if (is_head(head, "captures") && statement->kind == AST_STATEMENT && colon_of(statement)
            && colon_of(statement)->kind == AST_NAME && !strcmp(colon_of(statement)->text, "convert"))
            c->captures_convert = true;
        if (statement->kind == AST_PATTERN) {
            patterns[c->pattern_count++] = statement;
            names_declare(c, statement->text, NAME_PATTERN, statement->location, "pattern");
        } else if (statement->kind != AST_STATEMENT) {
            continue;
        } else if (is_head(head, "piece")) {
            moves_of_piece[i] = declare_piece(c, statement, templates, template_count);
        } else if (is_head(head, "region")) {
            declare_named(c, statement, NAME_SET | NAME_REGION, "region");
        } else if (is_head(head, "directions")) {
            declare_named(c, statement, NAME_DIRECTION, "direction set");
        } else if (is_head(head, "var")) {
            declare_var(c, statement);
        } else if (is_head(head, "flag")) {
            declare_named(c, statement, NAME_FLAG, "flag");
        } else if (is_head(head, "out")) {
            c->has_out = true;
        } else if (is_head(head, "stacks")) {
            const ast_node *words[3];
            int n = words_of(head_of(statement), words, 3);
            c->has_stacks = true;
            c->stack_height = n == 2 && words[1]->kind == AST_NUMBER && words[1]->number >= 2
                              && words[1]->number <= GAME_MAX_STACK ? (int)words[1]->number : GAME_MAX_STACK;
        }
    }

    c->declaring_library = false;

    /* pass 2 */
    const ast_node *out = NULL, *order = NULL;   /* the first `out` rule, the order */
    const ast_node *stacks = NULL;               /* the `stacks` statement */
    const ast_node *again = NULL;                /* the first `again` rule */
    for (int i = 0; i < count; i++) {
        const ast_node *statement = statements[i];
        if (statement->kind == AST_PATTERN) {
            check_pattern(c, statement);
            continue;
        }
        if (statement->kind == AST_DEFINE)
            continue;
        if (statement->kind != AST_STATEMENT) {
            error(c, statement, NULL, "unexpected statement inside a game");
            continue;
        }
        const char *head = statement_head(statement);
        const ast_node *value = colon_of(statement);
        const ast_node *block = block_of(statement);
        if (is_head(head, "players")) {
            check_player_facings(c, statement);
        } else if (is_head(head, "board")) {
            /* done in pass 1 */
        } else if (is_head(head, "piece")) {
            if (moves_of_piece[i])
                check_alternatives(c, block_of(moves_of_piece[i]), false);
        } else if (is_head(head, "region")) {
            check_region(c, statement);
        } else if (is_head(head, "directions")) {
            const ast_node *list = equals_of(statement);
            if (!list)
                error(c, statement, "write: directions NAME = DIR, DIR", "malformed direction set");
            else
                check_expr(c, list, EXPECT_DIRECTIONS);
        } else if (is_head(head, "setup")) {
            check_setup(c, statement);
        } else if (is_head(head, "moves")) {
            const ast_node *words[3];
            int n = words_of(head_of(statement), words, 3);
            if (n != 2 || !block) {
                error(c, statement, "write: moves TYPE { ... }", "malformed moves block");
                continue;
            }
            if (words[1]->kind == AST_NAME) {
                symbol *s = names_find(c, words[1]->text);
                if (!s || !(s->kinds & NAME_PIECE))
                    names_report_unknown(c, words[1], NAME_PIECE, "piece type");
            }
            check_alternatives(c, block, false);
        } else if (is_head(head, "turn")) {
            if (!block) {
                error(c, statement, "write: turn { ... }", "malformed turn block");
                continue;
            }
            c->has_turn = true;
            check_alternatives(c, block, true);
        } else if (is_head(head, "after")) {
            const ast_node *words[3];
            int n = words_of(head_of(statement), words, 3);
            if (!value || n != 2 || words[1]->kind != AST_NAME || strcmp(words[1]->text, "move")) {
                error(c, statement, "write: after move: ACTIONS", "malformed 'after' rule");
                continue;
            }
            check_expr(c, value, EXPECT_ACTIONS);
            note_alternative(c, value);
        } else if (is_head(head, "pass")) {
            check_expr(c, head_of(statement), EXPECT_ACTIONS);
            note_alternative(c, head_of(statement));
        } else if (is_head(head, "captures")) {
            static const char *const effects[] = { "remove", "convert", "reserve", "under" };
            if (!value) {
                error(c, statement, "write: captures: remove, convert, reserve or under", "malformed 'captures'");
                continue;
            }
            if (value->kind == AST_NAME) {
                bool known = false;
                for (int k = 0; k < 4; k++)
                    known = known || !strcmp(value->text, effects[k]);
                if (known && !strcmp(value->text, "under") && !c->has_stacks)
                    error(c, value, "declare how high a cell's stack may be: stacks 16",
                          "'captures: under' puts the pieces taken under the capturing stack, and this game has no stacks");
                if (known)
                    continue;
            }
            /* 'remove' is also a verb, so it arrives as an action */
            if (value->kind == AST_ACTION && value->op == AST_VERB_REMOVE
                && value->children[0]->kind == AST_EMPTY && value->child_count == 1)
                continue;
            error(c, value, "write: captures: remove, convert, reserve or under", "unknown capture effect");
        } else if (is_head(head, "filter")) {
            if (!block) {
                error(c, statement, "write: filter { prefer captures }", "malformed filter block");
                continue;
            }
            for (int k = 0; k < block->child_count; k++) {
                const ast_node *entry = block->children[k];
                if (entry->kind == AST_STATEMENT)
                    check_expr(c, head_of(entry), EXPECT_ANY);
            }
        } else if (is_head(head, "out")) {
            /* whether each player is out: a value for each player */
            check_one_rule(c, statement, "out", "out if no moves", false, &out, c->player_count,
                           "'out' keeps whether each player is out: a value for each player");
        } else if (is_head(head, "again")) {
            /* whether the mover moves again: a value */
            check_one_rule(c, statement, "again", "again if last in store", true, &again, 1,
                           "'again' keeps whether the mover moves again: a value");
        } else if (is_head(head, "order")) {
            order = head_of(statement);
            check_order(c, head_of(statement));
        } else if (is_head(head, "end")) {
            check_end(c, statement);
        } else if (is_head(head, "score")) {
            if (value)
                check_expr(c, value, EXPECT_ANY);
            else
                error(c, statement, "write: score: count(friend)", "malformed score");
        } else if (is_head(head, "var")) {
            const ast_node *initial = equals_of(statement);
            if (initial)
                check_expr(c, initial, EXPECT_ANY);
            bool each = var_of_each_player(statement);
            c->var_slots += each ? c->player_count : 1;
            if (c->var_slots > GAME_MAX_VARS)
                diag_report(c->diagnostics, DIAG_ERROR, statement->location,
                            each ? "a variable of each player holds one value for each player" : NULL,
                            "too many variables: a game holds at most %d values", GAME_MAX_VARS);
        } else if (is_head(head, "flag")) {
            /* declared in pass 1 */
        } else if (is_head(head, "display")) {
            check_display(c, statement);
        } else if (is_head(head, "position")) {
            check_position(c, statement);
        } else if (is_head(head, "bonus")) {
            check_bonus(c, statement);
        } else if (is_head(head, "notation")) {
            check_notation(c, statement);
        } else if (is_head(head, "stacks")) {
            const ast_node *words[3], *how[4];
            int n = words_of(head_of(statement), words, 3);
            if (n != 2 || words[1]->kind != AST_NUMBER || block || equals_of(statement)) {
                error(c, statement, "write: stacks N, the most pieces a cell holds (from 2)", "malformed 'stacks'");
                continue;
            }
            /* `: any piece moves`, the one way of moving a stack but by its top */
            int said = value ? words_of(value, how, 4) : 0;
            if (value && (said != 3 || how[0]->kind != AST_NAME || strcmp(how[0]->text, "any")
                          || how[1]->kind != AST_NAME || strcmp(how[1]->text, "piece")
                          || how[2]->kind != AST_NAME || strcmp(how[2]->text, "moves"))) {
                error(c, value, "write: stacks N: any piece moves (a stack moves as any of the mover's pieces in it), "
                                "or no colon (as its top piece)", "unknown way of moving a stack");
                continue;
            }
            if (words[1]->number < 2 || words[1]->number > GAME_MAX_STACK)
                diag_report(c->diagnostics, DIAG_ERROR, words[1]->location,
                            "a stack holds 2 pieces or more (a game without 'stacks' holds one a cell)",
                            "a stack of %ld pieces: the most is %d", words[1]->number, GAME_MAX_STACK);
            if (stacks)
                diag_report(c->diagnostics, DIAG_ERROR, statement->location, "keep one 'stacks' statement",
                            "a game says once how high its stacks are (line %d says it)", stacks->location.line);
            stacks = statement;
        } else {
            unknown_head(c, statement);
        }
    }

    if (out && order && !order_goes_round(order))
        diag_report(c->diagnostics, DIAG_ERROR, out->location,
                    "with 'out', write the order as one round of the players, each once: order A B C D",
                    "a player who is out is passed over only in an order that goes round the players");
    if (again && order && !order_goes_round(order))
        diag_report(c->diagnostics, DIAG_ERROR, again->location,
                    "with 'again', write the order as one round of the players, each once: order A B",
                    "a player moves again only in an order that goes round the players");

    for (int i = 0; i < c->symbol_count; i++) {
        symbol *s = &c->symbols[i];
        if (s->library || !inside(c->report_unused_in, s->at))
            continue;
        if (s->declared && (s->kinds & NAME_PIECE) && s->uses == 0)
            diag_report(c->diagnostics, DIAG_WARNING, s->at,
                        "set it up, place it or change into it, or remove it",
                        "piece type '%s' is declared but never used", s->name);
        if (s->declared && (s->kinds & NAME_PATTERN) && s->uses == 0)
            diag_report(c->diagnostics, DIAG_WARNING, s->at, "use it with 'apply' or 'capture'",
                        "pattern '%s' is declared but never used", s->name);
    }
    free(moves_of_piece);
    free(patterns);
    c->patterns = NULL;
}
