/* check_expr: names and shapes inside expressions, moves and patterns.
 *
 * Each expression is checked against what its place needs (directions
 * after a movement verb, a piece type after `place`, a player after `for`,
 * cells after `at`, ...), so that an unknown name gets a hint drawn from
 * the names that would have fitted there.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "rules/check_internal.h"
#include "suggest.h"

typedef struct function {
    const char *name;
    int min_arguments, max_arguments;
    expect arguments[4];
} function;

static const function functions[] = {
    { "adjacent", 1, 2, { EXPECT_CELLS, EXPECT_DIRECTIONS } },
    { "sight", 2, 2, { EXPECT_CELLS, EXPECT_DIRECTIONS } },
    { "count", 1, 1, { EXPECT_CELLS } },
    { "pieces", 1, 2, { EXPECT_PLAYER, EXPECT_PIECE } },
    { "reserve", 2, 2, { EXPECT_PLAYER, EXPECT_PIECE } },
    { "can-move", 1, 1, { EXPECT_PLAYER } },
    { "stuck", 1, 1, { EXPECT_PLAYER } },
    { "attacked", 1, 1, { EXPECT_CELLS } },
    { "score", 1, 1, { EXPECT_PLAYER } },
    { "territory", 1, 2, { EXPECT_PLAYER, EXPECT_REGION } },
    { "connected", 3, 4, { EXPECT_PLAYER, EXPECT_CELLS, EXPECT_CELLS, EXPECT_DIRECTIONS } },
    { "majority", 1, 1, { EXPECT_CELLS } },
    { "opposite", 1, 1, { EXPECT_DIRECTIONS } },
    { "moved", 1, 1, { EXPECT_CELLS } },
    { "in-line", 1, 1, { EXPECT_NUMBER } },
    { "cell", 2, 2, { EXPECT_NUMBER, EXPECT_NUMBER } },
    { "kin", 1, 1, { EXPECT_REGION } },
    { "height", 1, 1, { EXPECT_CELLS } },
    { "holding", 1, 2, { EXPECT_PIECE, EXPECT_PLAYER } },
    { "bottom", 1, 2, { EXPECT_PIECE, EXPECT_PLAYER } },
};

static const char *expect_text(expect want)
{
    switch (want) {
    case EXPECT_DIRECTIONS: return "direction";
    case EXPECT_CELLS: return "cell set";
    case EXPECT_PIECE: return "piece type";
    case EXPECT_PLAYER: return "player";
    case EXPECT_NUMBER: return "number";
    case EXPECT_PATTERN: return "pattern";
    case EXPECT_REGION: return "region";
    case EXPECT_ACTIONS: return "move";
    case EXPECT_CONDITION: return "condition";
    default: return "name";
    }
}

static int kinds_for(expect want)
{
    switch (want) {
    case EXPECT_DIRECTIONS: return NAME_DIRECTION | NAME_LABEL;
    case EXPECT_CELLS:
        return NAME_CELL | NAME_SET | NAME_TEST | NAME_PIECE | NAME_PLAYER | NAME_LABEL
             | NAME_VARIABLE | NAME_FLAG;
    case EXPECT_PIECE: return NAME_PIECE | NAME_TEST;
    case EXPECT_PLAYER: return NAME_PLAYER;
    case EXPECT_NUMBER: return NAME_VARIABLE;
    case EXPECT_PATTERN: return NAME_PATTERN;
    case EXPECT_REGION: return NAME_REGION;
    default: return ~0;
    }
}

static const char *const verbs_hint =
    "a move starts with a verb: step, slide, leap, hop, jump, push, place, change, flip, "
    "capture, remove, apply, set, roll, relocate, sow, carry or pass";

static void check_name(check_context *c, const ast_node *node, expect want)
{
    const char *text = node->text;
    if (want == EXPECT_ACTIONS) {
        symbol *s = names_find(c, text);
        if (s && (s->kinds & NAME_PATTERN)) {
            diag_report(c->diagnostics, DIAG_ERROR, node->location, "write 'apply' before it",
                        "pattern '%s' used as a move", text);
            return;
        }
        diag_report(c->diagnostics, DIAG_ERROR, node->location, verbs_hint,
                    "'%s' is not a move", text);
        return;
    }
    int kinds = kinds_for(want);
    if ((kinds & NAME_CELL) && c->has_board && board_cell(&c->board, text) != BOARD_NO_CELL)
        return;
    if (!strcmp(text, "players-left")) {   /* a number of the game's own */
        if (want != EXPECT_NUMBER && want != EXPECT_ANY)
            diag_report(c->diagnostics, DIAG_ERROR, node->location, "compare it: players-left == 1",
                        "'players-left' is a number, not a %s", expect_text(want));
        return;
    }
    symbol *s = names_find(c, text);
    if (s && (s->kinds & kinds)) {
        s->uses++;
        return;
    }
    names_report_unknown(c, node, kinds, expect_text(want));
}

static bool is_number(const ast_node *node)
{
    return node->kind == AST_NUMBER
        || (node->kind == AST_UNARY && node->op == AST_OP_NEGATE && node->child_count == 1
            && node->children[0]->kind == AST_NUMBER);
}

/* (dx, dy): an offset, as in "leap (1, 2)". */
static bool is_offset(const ast_node *node)
{
    if (node->kind != AST_GROUP || node->op != 0 || node->child_count != 1)
        return false;
    const ast_node *list = node->children[0];
    return list->kind == AST_LIST && list->child_count == 2 && is_number(list->children[0])
        && is_number(list->children[1]);
}

static void check_rotation(check_context *c, const ast_node *node)
{
    const ast_node *angle = node->children[1];
    check_expr(c, node->children[0], EXPECT_DIRECTIONS);
    if (angle->kind != AST_NUMBER) {
        diag_report(c->diagnostics, DIAG_ERROR, angle->location, "write an angle: d+60, d-90",
                    "a direction can only be turned by a number of degrees");
        return;
    }
    if (c->has_board && c->board.turn_degrees > 0 && angle->number % c->board.turn_degrees != 0) {
        char where[96];
        board_describe(&c->board, where, sizeof where);
        diag_report(c->diagnostics, DIAG_ERROR, angle->location, NULL,
                    "directions on the %s turn in steps of %d degrees, not %ld", where,
                    c->board.turn_degrees, angle->number);
    } else if (c->has_board && c->board.turn_degrees == 0) {
        diag_report(c->diagnostics, DIAG_ERROR, node->location, NULL,
                    "directions on a graph board cannot be turned");
    }
}

static void check_call(check_context *c, const ast_node *node)
{
    const function *f = NULL;
    for (size_t i = 0; i < sizeof functions / sizeof *functions; i++)
        if (strcmp(functions[i].name, node->text) == 0)
            f = &functions[i];
    if (!f) {
        suggestion s;
        suggest_begin(&s, node->text);
        for (size_t i = 0; i < sizeof functions / sizeof *functions; i++)
            suggest_consider(&s, functions[i].name);
        const char *best = suggest_result(&s);
        char hint[96];
        if (best)
            snprintf(hint, sizeof hint, "did you mean '%s'?", best);
        symbol *known = names_find(c, node->text);
        if (known)
            diag_report(c->diagnostics, DIAG_ERROR, node->location,
                        "leave a space before '(' unless you call a function",
                        "'%s' is a %s, not a function", node->text, names_kind_text(known->kinds));
        else
            diag_report(c->diagnostics, DIAG_ERROR, node->location, best ? hint : NULL,
                        "unknown function '%s'", node->text);
        for (int i = 0; i < node->child_count; i++)
            check_expr(c, node->children[i], EXPECT_ANY);
        return;
    }
    if (node->child_count < f->min_arguments || node->child_count > f->max_arguments) {
        if (f->min_arguments == f->max_arguments)
            diag_report(c->diagnostics, DIAG_ERROR, node->location, NULL,
                        "%s() takes %d argument%s, given %d", f->name, f->min_arguments,
                        f->min_arguments == 1 ? "" : "s", node->child_count);
        else
            diag_report(c->diagnostics, DIAG_ERROR, node->location, NULL,
                        "%s() takes %d or %d arguments, given %d", f->name, f->min_arguments,
                        f->max_arguments, node->child_count);
    }
    for (int i = 0; i < node->child_count && i < 4; i++) {
        expect want = i < f->max_arguments ? f->arguments[i] : EXPECT_ANY;
        /* connected(CELLS, ...): a chain through cells rather than a
         * player's pieces */
        const ast_node *a = node->children[i];
        if (i == 0 && !strcmp(f->name, "connected")
            && !(a->kind == AST_NAME && names_find(c, a->text) && (names_find(c, a->text)->kinds & NAME_PLAYER)))
            want = EXPECT_CELLS;
        check_expr(c, a, want);
    }
}

static void check_bound(check_context *c, const ast_node *value, const char *what, int low, int high)
{
    if (value->kind != AST_NUMBER) {
        if (value->kind == AST_BINARY && value->op == AST_OP_RANGE) {
            check_bound(c, value->children[0], what, low, high);
            check_bound(c, value->children[1], what, low, high);
            return;
        }
        if (value->kind == AST_NAME) {
            check_expr(c, value, EXPECT_NUMBER);
            return;
        }
        diag_report(c->diagnostics, DIAG_ERROR, value->location, NULL, "expected a %s number", what);
        return;
    }
    if (c->has_board && (value->number < low || value->number > high))
        diag_report(c->diagnostics, DIAG_ERROR, value->location, NULL,
                    "%s %ld is not on the board (%s %d to %d)", what, value->number, what, low, high);
}

static void check_file_letter(check_context *c, const ast_node *value)
{
    if (value->kind == AST_BINARY && value->op == AST_OP_RANGE) {
        check_file_letter(c, value->children[0]);
        check_file_letter(c, value->children[1]);
        return;
    }
    if (value->kind != AST_NAME || strlen(value->text) != 1 || value->text[0] < 'a'
        || value->text[0] > 'z') {
        diag_report(c->diagnostics, DIAG_ERROR, value->location, NULL,
                    "expected a file letter such as 'a'");
        return;
    }
    if (c->has_board && c->board.kind != BOARD_GRAPH && value->text[0] - 'a' >= board_files(&c->board))
        diag_report(c->diagnostics, DIAG_ERROR, value->location, NULL,
                    "file '%s' is not on the board (files a to %c)", value->text,
                    'a' + board_files(&c->board) - 1);
}

/* The name `empty` where TEST (negated under NEGATED nots) would let an
 * empty cell pass, as in `over (empty | enemy)`; NULL when none. */
static const ast_node *names_empty(const ast_node *test, bool negated)
{
    switch (test->kind) {
    case AST_NAME:
        return !negated && !strcmp(test->text, "empty") ? test : NULL;
    case AST_GROUP:
        return test->op == 0 ? names_empty(test->children[0], negated) : NULL;
    case AST_UNARY:
        return test->op == AST_OP_NOT ? names_empty(test->children[0], !negated) : NULL;
    case AST_BINARY:
        if (test->op == AST_OP_MINUS) {
            const ast_node *left = names_empty(test->children[0], negated);
            return left ? left : names_empty(test->children[1], !negated);
        }
        if (test->op == AST_OP_UNION || test->op == AST_OP_OR || test->op == AST_OP_INTERSECT
            || test->op == AST_OP_AND) {
            const ast_node *left = names_empty(test->children[0], negated);
            return left ? left : names_empty(test->children[1], negated);
        }
        return NULL;
    default:
        return NULL;
    }
}

/* "top rank", "left file" (board_named_line): a line named from the
 * board's sides; false when NODE is no such phrase. */
static bool check_named_line(check_context *c, const ast_node *node)
{
    static const char *const sides[] = { "top", "bottom", "middle", "left", "right" };
    const ast_node *head = node->children[0], *line = node->child_count == 2 ? node->children[1] : NULL;
    if (!line || head->kind != AST_NAME || line->kind != AST_NAME
        || (strcmp(line->text, "rank") && strcmp(line->text, "file")))
        return false;
    bool side = false;
    for (size_t i = 0; i < sizeof sides / sizeof *sides && !side; i++)
        side = !strcmp(head->text, sides[i]);
    if (!side)
        return false;
    bool rank = !strcmp(line->text, "rank");
    if (c->has_board && c->board.kind == BOARD_GRAPH)
        diag_report(c->diagnostics, DIAG_ERROR, node->location, NULL, "a graph board has no %ss", line->text);
    else if (rank ? !strcmp(head->text, "left") || !strcmp(head->text, "right")
                  : !strcmp(head->text, "top") || !strcmp(head->text, "bottom"))
        diag_report(c->diagnostics, DIAG_ERROR, head->location,
                    rank ? "the ranks are named top, bottom and middle ('top rank')"
                         : "the files are named left, right and middle ('left file')",
                    "'%s %s' names no %s", head->text, line->text, line->text);
    return true;
}

/* Phrases led by a word that takes arguments: "rank 1", "no moves". */
static bool check_led_phrase(check_context *c, const ast_node *node)
{
    const ast_node *head = node->children[0];
    if (check_named_line(c, node))
        return true;
    if (head->kind == AST_NAME && !strcmp(head->text, "board")) {
        if (node->child_count != 2 || node->children[1]->kind != AST_NAME
            || strcmp(node->children[1]->text, "repeated") != 0)
            diag_report(c->diagnostics, DIAG_ERROR, node->location,
                        "write 'board repeated' (the move brings back a board that stood before)",
                        "unknown condition");
        return true;
    }
    if (head->kind != AST_NAME || !names_is_phrase_word(head->text))
        return false;
    const char *word = head->text;
    int n = node->child_count;
    if (!strcmp(word, "rank") || !strcmp(word, "ranks") || !strcmp(word, "file")
        || !strcmp(word, "files") || !strcmp(word, "ring") || !strcmp(word, "rings")) {
        if (n != 2) {
            diag_report(c->diagnostics, DIAG_ERROR, node->location, NULL,
                        "'%s' takes one value, as in '%s %s'", word, word,
                        word[0] == 'f' ? "a" : "1");
            return true;
        }
        const ast_node *value = node->children[1];
        if (word[0] == 'f') {
            if (c->has_board && c->board.kind == BOARD_GRAPH)
                diag_report(c->diagnostics, DIAG_ERROR, head->location, NULL,
                            "a graph board has no files");
            else
                check_file_letter(c, value);
        } else if (word[0] == 'r' && word[1] == 'a') {
            if (c->has_board && c->board.kind == BOARD_GRAPH)
                diag_report(c->diagnostics, DIAG_ERROR, head->location, NULL,
                            "a graph board has no ranks");
            else
                check_bound(c, value, "rank", 1, board_ranks(&c->board));
        } else {
            int high = 0;
            if (c->has_board && board_is_hexagon(&c->board))
                high = c->board.radius;
            else if (c->has_board && c->board.kind != BOARD_GRAPH)
                high = ((c->board.width < c->board.height ? c->board.width : c->board.height) - 1) / 2;
            if (c->has_board && c->board.kind == BOARD_GRAPH)
                diag_report(c->diagnostics, DIAG_ERROR, head->location, NULL,
                            "a graph board has no rings");
            else
                check_bound(c, value, "ring", 0, high);
        }
        return true;
    }
    if (!strcmp(word, "no")) {
        if (n != 2 || node->children[1]->kind != AST_NAME
            || strcmp(node->children[1]->text, "moves") != 0)
            diag_report(c->diagnostics, DIAG_ERROR, node->location,
                        "write 'no moves' (the player to move has none)", "unknown condition");
        return true;
    }
    if (!strcmp(word, "repetition") || !strcmp(word, "plies")) {
        if (n < 2 || node->children[1]->kind != AST_NUMBER) {
            diag_report(c->diagnostics, DIAG_ERROR, node->location, NULL,
                        "'%s' takes a count, as in '%s %s'", word, word,
                        word[0] == 'r' ? "3" : "300");
            return true;
        }
        if (node->children[1]->number < 1)
            diag_report(c->diagnostics, DIAG_ERROR, node->children[1]->location, NULL,
                        "the count must be at least 1");
        if (!strcmp(word, "plies") && n > 2) {
            /* "plies 100 without (captures, pawn moves)": what resets the count */
            if (n < 4 || node->children[2]->kind != AST_NAME
                || strcmp(node->children[2]->text, "without") != 0)
                diag_report(c->diagnostics, DIAG_ERROR, node->location, NULL,
                            "write 'plies N' or 'plies N without captures'");
            for (int i = 3; i < n; i++)
                check_expr(c, node->children[i], EXPECT_ANY);
        } else if (!strcmp(word, "repetition") && n > 2) {
            diag_report(c->diagnostics, DIAG_ERROR, node->location, NULL,
                        "write 'repetition N'");
        }
        c->has_endless_guard = true;
        return true;
    }
    return false;
}

static void check_outcome(check_context *c, const ast_node *node)
{
    if (node->kind == AST_NAME) {
        if (strcmp(node->text, "draw") != 0)
            diag_report(c->diagnostics, DIAG_ERROR, node->location,
                        "an outcome reads 'PLAYER wins', 'PLAYER loses', 'draw' or 'highest score wins'",
                        "'%s' is not an outcome", node->text);
        return;
    }
    if (node->kind == AST_PHRASE && node->child_count >= 2) {
        const ast_node *last = node->children[node->child_count - 1];
        if (last->kind == AST_NAME && (!strcmp(last->text, "wins") || !strcmp(last->text, "loses"))) {
            if (node->child_count == 2) {
                check_expr(c, node->children[0], EXPECT_PLAYER);
                return;
            }
            if (node->child_count == 3 && node->children[0]->kind == AST_NAME
                && node->children[1]->kind == AST_NAME && !strcmp(node->children[1]->text, "score")
                && (!strcmp(node->children[0]->text, "highest")
                    || !strcmp(node->children[0]->text, "lowest")))
                return;
        }
    }
    diag_report(c->diagnostics, DIAG_ERROR, node->location,
                "an outcome reads 'PLAYER wins', 'PLAYER loses', 'draw' or 'highest score wins'",
                "not an outcome");
}

static void check_word_choice(check_context *c, const ast_node *node, const char *const *choices,
                              int count, const char *what);

static void check_phrase(check_context *c, const ast_node *node, expect want)
{
    if (want == EXPECT_OUTCOME) {
        check_outcome(c, node);
        return;
    }
    if (check_led_phrase(c, node))
        return;
    if (want == EXPECT_ACTIONS && node->children[0]->kind == AST_GROUP && node->children[0]->op) {
        /* "(jump diagonal over enemy)+ straight rejump": a chain and its
         * rules; "(ACTIONS)? maximal": the actions whenever they can be
         * made (then they must be) */
        static const char *const modifiers[] = { "maximal", "straight", "revisit", "rejump" };
        bool optional = node->children[0]->op == '?';
        check_expr(c, node->children[0], EXPECT_ACTIONS);
        for (int i = 1; i < node->child_count; i++)
            check_word_choice(c, node->children[i], modifiers, optional ? 1 : 4,
                              optional ? "'maximal' (the one rule of an optional part)" : "a chain rule");
        return;
    }
    if (want == EXPECT_ACTIONS) {
        diag_report(c->diagnostics, DIAG_ERROR, node->location, verbs_hint,
                    "this is not a move");
        return;
    }
    for (int i = 0; i < node->child_count; i++) {
        const ast_node *word = node->children[i];
        expect part = want;
        if (want == EXPECT_DIRECTIONS && word->kind == AST_NAME && !strcmp(word->text, "wrap"))
            continue;
        if (want == EXPECT_PIECE && i > 0)
            part = EXPECT_CELLS;   /* "stone enemy" */
        if (want == EXPECT_PLAYER || want == EXPECT_NUMBER || want == EXPECT_PATTERN)
            part = EXPECT_ANY;
        check_expr(c, word, part);
    }
}

/* Which clauses each verb takes. */
static unsigned clauses_of(int verb)
{
#define BIT(clause) (1u << (clause))
    switch (verb) {
    case AST_VERB_STEP: return BIT(AST_CLAUSE_TO);
    case AST_VERB_SLIDE:
        return BIT(AST_CLAUSE_TO) | BIT(AST_CLAUSE_MAX) | BIT(AST_CLAUSE_MIN) | BIT(AST_CLAUSE_EXACTLY);
    case AST_VERB_LEAP: return BIT(AST_CLAUSE_TO);
    case AST_VERB_HOP:
    case AST_VERB_JUMP: return BIT(AST_CLAUSE_OVER) | BIT(AST_CLAUSE_TO) | BIT(AST_CLAUSE_LAND);
    case AST_VERB_PUSH: return BIT(AST_CLAUSE_FROM) | BIT(AST_CLAUSE_OVER);
    case AST_VERB_PLACE: return BIT(AST_CLAUSE_FOR) | BIT(AST_CLAUSE_FROM) | BIT(AST_CLAUSE_AT);
    case AST_VERB_CHANGE: return BIT(AST_CLAUSE_TO) | BIT(AST_CLAUSE_AT);
    case AST_VERB_SET: return BIT(AST_CLAUSE_TO);
    case AST_VERB_RELOCATE: return BIT(AST_CLAUSE_TO);
    case AST_VERB_SOW: return BIT(AST_CLAUSE_FROM) | BIT(AST_CLAUSE_TO);
    case AST_VERB_CARRY:
        return BIT(AST_CLAUSE_TO) | BIT(AST_CLAUSE_OVER) | BIT(AST_CLAUSE_MAX) | BIT(AST_CLAUSE_LAND);
    case AST_VERB_FLIP: return BIT(AST_CLAUSE_TO);
    case AST_VERB_ROLL: return BIT(AST_CLAUSE_TO);
    default: return 0;
    }
#undef BIT
}

typedef enum argument_need { ARGUMENT_NONE, ARGUMENT_OPTIONAL, ARGUMENT_REQUIRED } argument_need;

static argument_need argument_of(int verb, expect *want)
{
    switch (verb) {
    case AST_VERB_STEP: case AST_VERB_SLIDE: case AST_VERB_LEAP: case AST_VERB_HOP:
    case AST_VERB_JUMP: case AST_VERB_PUSH: case AST_VERB_SOW: case AST_VERB_CARRY:
        *want = EXPECT_DIRECTIONS;
        return ARGUMENT_REQUIRED;
    case AST_VERB_PLACE:
        *want = EXPECT_PIECE;
        return ARGUMENT_REQUIRED;
    case AST_VERB_CHANGE: case AST_VERB_FLIP: case AST_VERB_CAPTURE:
        *want = EXPECT_CELLS;
        return ARGUMENT_OPTIONAL;
    case AST_VERB_REMOVE: case AST_VERB_RELOCATE:
        *want = EXPECT_CELLS;
        return ARGUMENT_REQUIRED;
    case AST_VERB_APPLY:
        *want = EXPECT_PATTERN;
        return ARGUMENT_REQUIRED;
    case AST_VERB_SET:
        *want = EXPECT_ANY;
        return ARGUMENT_REQUIRED;
    case AST_VERB_ROLL:
        *want = EXPECT_NUMBER;
        return ARGUMENT_REQUIRED;
    default:
        *want = EXPECT_ANY;
        return ARGUMENT_NONE;
    }
}

static void check_word_choice(check_context *c, const ast_node *node, const char *const *choices,
                              int count, const char *what)
{
    if (node->kind == AST_NAME)
        for (int i = 0; i < count; i++)
            if (!strcmp(node->text, choices[i]))
                return;
    suggestion s;
    suggest_begin(&s, node->kind == AST_NAME ? node->text : "");
    char list[128] = "";
    for (int i = 0; i < count; i++) {
        suggest_consider(&s, choices[i]);
        snprintf(list + strlen(list), sizeof list - strlen(list), "%s'%s'",
                 i == 0 ? "" : i == count - 1 ? " or " : ", ", choices[i]);
    }
    char hint[160];
    const char *best = node->kind == AST_NAME ? suggest_result(&s) : NULL;
    if (best)
        snprintf(hint, sizeof hint, "did you mean '%s'?", best);
    else
        snprintf(hint, sizeof hint, "write %s", list);
    diag_report(c->diagnostics, DIAG_ERROR, node->location, hint, "expected %s here", what);
}

static void check_directions_argument(check_context *c, const ast_node *node, int verb)
{
    if (is_offset(node)) {
        if (c->has_board && c->board.kind == BOARD_GRAPH)
            diag_report(c->diagnostics, DIAG_ERROR, node->location, NULL,
                        "offsets (dx, dy) need a square or hex board");
        if (verb != AST_VERB_LEAP && verb != AST_VERB_STEP)
            diag_report(c->diagnostics, DIAG_ERROR, node->location, NULL,
                        "offsets (dx, dy) are for 'leap' and 'step'");
        return;
    }
    if (node->kind == AST_LIST) {
        for (int i = 0; i < node->child_count; i++)
            check_directions_argument(c, node->children[i], verb);
        return;
    }
    check_expr(c, node, EXPECT_DIRECTIONS);
}

/* Whether NODE is `WORD of X` (one of, bottom of, top of). */
static bool word_of(const ast_node *node, const char *word)
{
    return node->kind == AST_BINARY && node->op == AST_OP_OF && node->children[0]->kind == AST_NAME
           && !strcmp(node->children[0]->text, word);
}

/* Whether NODE is `under CELLS`, the argument of change that names the
 * piece under each stack's top. */
static bool is_under(const ast_node *node)
{
    return node->kind == AST_PHRASE && node->child_count == 2 && node->children[0]->kind == AST_NAME
           && !strcmp(node->children[0]->text, "under");
}

static void check_action(check_context *c, const ast_node *node)
{
    int verb = node->op;
    const char *name = ast_verb_name(verb);
    const ast_node *argument = node->children[0];
    expect want;
    argument_need need = argument_of(verb, &want);
    if (argument->kind == AST_EMPTY) {
        if (need == ARGUMENT_REQUIRED) {
            static const char *examples[] = {
                [AST_VERB_STEP] = "step forward", [AST_VERB_SLIDE] = "slide orthogonal",
                [AST_VERB_LEAP] = "leap (1, 2)", [AST_VERB_HOP] = "hop all over friend",
                [AST_VERB_JUMP] = "jump diagonal over enemy", [AST_VERB_PUSH] = "push orthogonal",
                [AST_VERB_PLACE] = "place stone at empty", [AST_VERB_REMOVE] = "remove marked",
                [AST_VERB_APPLY] = "apply outflank", [AST_VERB_SET] = "set moved",
                [AST_VERB_ROLL] = "roll 6", [AST_VERB_RELOCATE] = "relocate h1 to f1",
                [AST_VERB_SOW] = "sow ccw from pits & occupied",
                [AST_VERB_CARRY] = "carry orthogonal max 5",
            };
            char hint[96];
            snprintf(hint, sizeof hint, "for example '%s'", examples[verb]);
            diag_report(c->diagnostics, DIAG_ERROR, node->location, hint,
                        "'%s' needs %s", name,
                        want == EXPECT_DIRECTIONS ? "directions" : want == EXPECT_PIECE ? "a piece type"
                        : want == EXPECT_PATTERN ? "a pattern" : "an argument");
        }
    } else if (need == ARGUMENT_NONE) {
        diag_report(c->diagnostics, DIAG_ERROR, argument->location, NULL,
                    "'%s' takes no argument", name);
    } else if (want == EXPECT_DIRECTIONS) {
        if (verb == AST_VERB_CARRY && !c->has_stacks)
            diag_report(c->diagnostics, DIAG_ERROR, node->location,
                        "declare how high a cell's stack may be: stacks 16",
                        "'carry' moves pieces of a stack, and this game has no stacks");
        check_directions_argument(c, argument, verb);
    } else if (verb == AST_VERB_APPLY) {
        const ast_node *pattern = argument;
        if (pattern->kind == AST_PHRASE && pattern->child_count == 2
            && pattern->children[0]->kind == AST_NAME && !strcmp(pattern->children[0]->text, "one"))
            pattern = pattern->children[1];
        check_expr(c, pattern, EXPECT_PATTERN);
    } else if (verb == AST_VERB_RELOCATE) {
        check_expr(c, word_of(argument, "one") ? argument->children[1] : argument, EXPECT_CELLS);
    } else if ((verb == AST_VERB_REMOVE || verb == AST_VERB_CAPTURE || verb == AST_VERB_CHANGE)
               && word_of(argument, "one")) {
        /* one of CELLS: a move for each piece there */
        check_expr(c, argument->children[1], EXPECT_CELLS);
    } else if (verb == AST_VERB_FLIP && word_of(argument, "one")) {
        diag_report(c->diagnostics, DIAG_ERROR, argument->location,
                    "one of chooses a piece for remove, capture and change; flip turns every piece of its cells",
                    "'flip' takes no 'one of'");
    } else if (verb == AST_VERB_CHANGE && is_under(argument)) {
        if (!c->has_stacks)
            diag_report(c->diagnostics, DIAG_ERROR, argument->children[0]->location,
                        "declare how high a cell's stack may be: stacks 16",
                        "'change under' changes the piece under a stack's top, and this game has no stacks");
        check_expr(c, argument->children[1], EXPECT_CELLS);
    } else if (verb == AST_VERB_CAPTURE && word_of(argument, "top")) {
        if (!c->has_stacks)
            diag_report(c->diagnostics, DIAG_ERROR, argument->children[0]->location,
                        "declare how high a cell's stack may be: stacks 16",
                        "'capture top of' takes the top piece of a stack, and this game has no stacks");
        check_expr(c, argument->children[1], EXPECT_CELLS);
    } else if (verb == AST_VERB_CAPTURE && argument->kind == AST_NAME) {
        symbol *s = names_find(c, argument->text);
        if (s && (s->kinds & NAME_PATTERN))
            s->uses++;
        else
            check_expr(c, argument, EXPECT_CELLS);
    } else if (verb == AST_VERB_SET) {
        const ast_node *target = argument;
        if (target->kind == AST_PHRASE && target->child_count == 2 && target->children[0]->kind == AST_NAME
            && !strcmp(target->children[0]->text, "flag"))
            target = target->children[1];
        if (target->kind != AST_NAME) {
            diag_report(c->diagnostics, DIAG_ERROR, target->location, NULL,
                        "'set' takes a variable or flag name");
        } else {
            symbol *s = names_find(c, target->text);
            if (s && (s->kinds & (NAME_VARIABLE | NAME_FLAG)))
                s->uses++;
            else
                names_report_unknown(c, target, NAME_VARIABLE | NAME_FLAG, "variable or flag");
        }
    } else {
        check_expr(c, argument, want);
    }

    unsigned allowed = clauses_of(verb);
    int distance_expressions = 0;
    for (int i = 1; i < node->child_count; i++) {
        const ast_node *clause = node->children[i];
        const char *word = ast_clause_name(clause->op);
        if (!(allowed & (1u << clause->op))) {
            /* (a step's `max` was once let through and did nothing) */
            bool distance = clause->op == AST_CLAUSE_MAX || clause->op == AST_CLAUSE_MIN
                            || clause->op == AST_CLAUSE_EXACTLY;
            diag_report(c->diagnostics, DIAG_ERROR, clause->location,
                        verb == AST_VERB_STEP && distance ? "a step moves one cell; for a line of cells: slide DIRS max N"
                                                          : NULL,
                        "'%s' does not take '%s'", name, word);
            continue;
        }
        const ast_node *value = clause->children[0];
        switch (clause->op) {
        case AST_CLAUSE_TO:
            if (verb == AST_VERB_CHANGE)
                check_expr(c, value, EXPECT_PIECE);
            else if (verb == AST_VERB_SET)
                check_expr(c, value, EXPECT_ANY);
            else if (verb == AST_VERB_FLIP)
                check_expr(c, value, EXPECT_PLAYER);
            else if (verb == AST_VERB_ROLL) {
                symbol *var = value->kind == AST_NAME ? names_find(c, value->text) : NULL;
                if (!var || !(var->kinds & NAME_VARIABLE))
                    diag_report(c->diagnostics, DIAG_ERROR, value->location,
                                "declare it with 'var NAME = 0'",
                                "'roll N to' needs a variable for the face");
            } else if (verb == AST_VERB_RELOCATE) {
                /* to [bottom of] [one of] CELLS */
                if (word_of(value, "bottom")) {
                    if (!c->has_stacks)
                        diag_report(c->diagnostics, DIAG_ERROR, value->children[0]->location,
                                    "declare how high a cell's stack may be: stacks 16",
                                    "'to bottom of' puts a stack under another, and this game has no stacks");
                    value = value->children[1];
                    while (value->kind == AST_GROUP && value->op == 0 && value->child_count == 1)
                        value = value->children[0];
                }
                check_expr(c, word_of(value, "one") ? value->children[1] : value, EXPECT_CELLS);
            } else
                check_expr(c, value, EXPECT_CELLS);
            break;
        case AST_CLAUSE_OVER:
            if (verb == AST_VERB_PUSH) {
                static const char *const edge[] = { "edge" };
                check_word_choice(c, value, edge, 1, "where the push may go");
                break;
            }
            check_expr(c, value, EXPECT_CELLS);
            if (verb == AST_VERB_HOP || verb == AST_VERB_JUMP) {
                const ast_node *empty = names_empty(value, false);
                if (empty)
                    diag_report(c->diagnostics, DIAG_WARNING, empty->location,
                                "to move two cells whatever lies between, leap: leap (2, 0), (0, 2), (-2, 0), (0, -2)",
                                "a jump passes over a piece: 'empty' never holds there");
            }
            break;
        case AST_CLAUSE_AT:
            check_expr(c, value, EXPECT_CELLS);
            break;
        case AST_CLAUSE_FROM:
            if (verb == AST_VERB_PLACE) {
                static const char *const sources[] = { "reserve", "supply" };
                check_word_choice(c, value, sources, 2, "where the piece comes from");
            } else {
                check_expr(c, value, EXPECT_CELLS);
            }
            break;
        case AST_CLAUSE_FOR:
            check_expr(c, value, EXPECT_PLAYER);
            break;
        case AST_CLAUSE_MAX:
        case AST_CLAUSE_MIN:
        case AST_CLAUSE_EXACTLY:
            if (value->kind == AST_NUMBER && value->number < 1) {
                diag_report(c->diagnostics, DIAG_ERROR, value->location, NULL,
                            "a distance must be at least 1");
            } else if (value->kind != AST_NUMBER) {
                /* a distance worked out as the move runs (a variable, a
                 * die): a slide's, one clause of it */
                if (verb != AST_VERB_SLIDE)
                    diag_report(c->diagnostics, DIAG_ERROR, value->location, "write a number: max 2",
                                "'%s %s' takes a number; only a slide's distance may be an expression",
                                name, word);
                else if (distance_expressions++ > 0)
                    diag_report(c->diagnostics, DIAG_ERROR, value->location,
                                "give the other bound as a number",
                                "a slide takes one distance that is not a number");
                check_expr(c, value, EXPECT_NUMBER);
            }
            break;
        case AST_CLAUSE_LAND: {
            static const char *const landings[] = { "straight", "any-side" };
            static const char *const alone[] = { "alone" };
            if (verb == AST_VERB_CARRY)
                check_word_choice(c, value, alone, 1, "how the carried pieces land");
            else
                check_word_choice(c, value, landings, 2, "how the hop lands");
            break;
        }
        default:
            break;
        }
    }
}

void check_expr(check_context *c, const ast_node *node, expect want)
{
    if (!node)
        return;
    if (want == EXPECT_OUTCOME) {  /* (a shape of its own, whatever the node: '-opponent wins' is none) */
        check_outcome(c, node);
        return;
    }
    if (want == EXPECT_REGION && node->kind != AST_NAME) {
        diag_report(c->diagnostics, DIAG_ERROR, node->location, "declare one: region NAME { PLAYER: CELLS ... }",
                    "expected the name of a region");
        return;
    }
    switch (node->kind) {
    case AST_EMPTY:
        return;
    case AST_NAME:
        if (want == EXPECT_OUTCOME)
            check_outcome(c, node);
        else
            check_name(c, node, want);
        return;
    case AST_NUMBER:
        if (want == EXPECT_DIRECTIONS || want == EXPECT_PIECE || want == EXPECT_PLAYER
            || want == EXPECT_PATTERN || want == EXPECT_CELLS || want == EXPECT_ACTIONS
            || want == EXPECT_OUTCOME)
            diag_report(c->diagnostics, DIAG_ERROR, node->location, NULL,
                        "expected a %s, not a number", expect_text(want));
        return;
    case AST_STRING:
    case AST_SIZE:
        diag_report(c->diagnostics, DIAG_ERROR, node->location, NULL, "a %s cannot stand here",
                    node->kind == AST_STRING ? "string" : "size");
        return;
    case AST_ANCHOR:
        if (want == EXPECT_DIRECTIONS || want == EXPECT_PIECE || want == EXPECT_PLAYER)
            diag_report(c->diagnostics, DIAG_ERROR, node->location, NULL,
                        "'@' (the anchor cell) cannot stand for a %s", expect_text(want));
        return;
    case AST_CALL:
        check_call(c, node);
        return;
    case AST_PHRASE:
        check_phrase(c, node, want);
        return;
    case AST_LIST:
        for (int i = 0; i < node->child_count; i++)
            check_expr(c, node->children[i], want);
        return;
    case AST_UNARY:
        check_expr(c, node->children[0], node->op == AST_OP_NOT ? EXPECT_CONDITION : EXPECT_NUMBER);
        return;
    case AST_GUARD:
        check_expr(c, node->children[0], want);
        check_expr(c, node->children[1], EXPECT_CONDITION);
        return;
    case AST_GROUP:
        if (want == EXPECT_DIRECTIONS && is_offset(node)) {
            check_directions_argument(c, node, AST_VERB_LEAP);
            return;
        }
        if (node->op && want != EXPECT_ACTIONS && want != EXPECT_ANY && want != EXPECT_CELLS)
            diag_report(c->diagnostics, DIAG_ERROR, node->location, NULL,
                        "'%c' repeats moves or pattern steps, not a %s", node->op, expect_text(want));
        check_expr(c, node->children[0], want);
        return;
    case AST_MARK:
        diag_report(c->diagnostics, DIAG_ERROR, node->location,
                    "in a move, name the cells instead: 'marked', 'jumped', 'last'",
                    "'[ ]' marks cells in patterns only");
        return;
    case AST_ACTION:
        if (want != EXPECT_ACTIONS && want != EXPECT_ANY) {
            diag_report(c->diagnostics, DIAG_ERROR, node->location, NULL,
                        "a move ('%s') cannot stand where a %s is expected", ast_verb_name(node->op),
                        expect_text(want));
            return;
        }
        check_action(c, node);
        return;
    case AST_BINARY:
        break;
    default:
        diag_report(c->diagnostics, DIAG_ERROR, node->location, NULL, "unexpected construct here");
        return;
    }
    const ast_node *a = node->children[0], *b = node->children[1];
    switch (node->op) {
    case AST_OP_UNION:
        check_expr(c, a, want);
        check_expr(c, b, want);
        break;
    case AST_OP_THEN:
        if (want != EXPECT_ACTIONS && want != EXPECT_ANY)
            diag_report(c->diagnostics, DIAG_ERROR, node->location, NULL,
                        "'then' joins moves, not a %s", expect_text(want));
        check_expr(c, a, EXPECT_ACTIONS);
        check_expr(c, b, EXPECT_ACTIONS);
        break;
    case AST_OP_OR:
    case AST_OP_AND:
        /* "to empty or enemy" is a test; elsewhere a condition */
        check_expr(c, a, want == EXPECT_CELLS ? EXPECT_CELLS : EXPECT_CONDITION);
        check_expr(c, b, want == EXPECT_CELLS ? EXPECT_CELLS : EXPECT_CONDITION);
        break;
    case AST_OP_EQ: case AST_OP_NE: case AST_OP_LT: case AST_OP_LE: case AST_OP_GT: case AST_OP_GE:
        if (want == EXPECT_CELLS) {
            /* "cells where height(here) == 2" reads as "(cells where
             * height(here)) == 2": a comparison binds last */
            diag_report(c->diagnostics, DIAG_ERROR, node->location,
                        a->kind == AST_BINARY && a->op == AST_OP_WHERE
                            ? "a comparison binds after 'where': put it in parentheses, CELLS where (A == B)"
                            : NULL,
                        "a comparison is a condition, not a set of cells");
            break;
        }
        check_expr(c, a, EXPECT_ANY);
        check_expr(c, b, EXPECT_ANY);
        break;
    case AST_OP_IN:
        check_expr(c, a, EXPECT_ANY);
        check_expr(c, b, EXPECT_CELLS);
        break;
    case AST_OP_PLUS:
    case AST_OP_MINUS:
        if (want == EXPECT_DIRECTIONS) {
            check_rotation(c, node);
        } else if (node->op == AST_OP_MINUS && want == EXPECT_CELLS) {
            check_expr(c, a, EXPECT_CELLS);
            check_expr(c, b, EXPECT_CELLS);
        } else {
            check_expr(c, a, want == EXPECT_CELLS ? EXPECT_CELLS : EXPECT_ANY);
            check_expr(c, b, want == EXPECT_CELLS ? EXPECT_CELLS : EXPECT_ANY);
        }
        break;
    case AST_OP_INTERSECT:
        check_expr(c, a, want == EXPECT_DIRECTIONS ? want : EXPECT_CELLS);
        check_expr(c, b, want == EXPECT_DIRECTIONS ? want : EXPECT_CELLS);
        break;
    case AST_OP_OF:
        /* `one of` reaches here only when it does not stand whole as an
         * action's argument: `one of enemy - king` groups as (one of
         * enemy) - king */
        if (a->kind == AST_NAME && !strcmp(a->text, "one")) {
            diag_report(c->diagnostics, DIAG_ERROR, node->location,
                        "put the cells in parentheses: one of (enemy - king)",
                        "'one of' takes the whole set of cells after it, as the argument of its action");
            break;
        }
        check_expr(c, a, EXPECT_ANY);
        check_expr(c, b, EXPECT_PLAYER);
        break;
    case AST_OP_WHERE:
        check_expr(c, a, EXPECT_CELLS);
        if (b->kind == AST_NAME) {
            symbol *s = names_find(c, b->text);
            if (s && (s->kinds & NAME_PATTERN)) {
                s->uses++;
                break;
            }
        }
        check_expr(c, b, EXPECT_CONDITION);
        break;
    case AST_OP_RANGE:
        if (!(a->kind == AST_NUMBER || a->kind == AST_NAME) || !(b->kind == AST_NUMBER || b->kind == AST_NAME))
            diag_report(c->diagnostics, DIAG_ERROR, node->location, NULL,
                        "a range joins two numbers or two file letters: 1..3, a..c");
        break;
    default:
        break;
    }
}

/* --- patterns */

static void check_test(check_context *c, const ast_node *test)
{
    switch (test->kind) {
    case AST_PAT_AS:
        check_test(c, test->children[0]);
        return;
    case AST_MARK:
    case AST_GROUP:
        check_expr(c, test->children[0], EXPECT_CELLS);
        return;
    case AST_UNARY:
        check_test(c, test->children[0]);
        return;
    default:
        check_expr(c, test, EXPECT_CELLS);
    }
}

static void declare_labels(check_context *c, const ast_node *node)
{
    if (node->kind == AST_PAT_AS)
        names_declare(c, node->text, NAME_SET | NAME_LABEL, node->location, "pattern label");
    for (int i = 0; i < node->child_count; i++)
        declare_labels(c, node->children[i]);
}

void check_pattern(check_context *c, const ast_node *pattern)
{
    int mark = names_scope_begin(c);
    const ast_node *binding = pattern->children[0];
    if (binding->kind == AST_PAT_FOR) {
        check_expr(c, binding->children[0], EXPECT_DIRECTIONS);
        names_declare(c, binding->text, NAME_DIRECTION | NAME_LABEL, binding->location,
                      "pattern variable");
    }
    for (int i = 1; i < pattern->child_count; i++) {
        const ast_node *line = pattern->children[i];
        const ast_node *alternatives = line->children[0];
        for (int a = 0; a < alternatives->child_count; a++) {
            const ast_node *all = alternatives->children[a];
            for (int p = 0; p < all->child_count; p++) {
                const ast_node *path = all->children[p];
                for (int s = 0; s < path->child_count; s++) {
                    const ast_node *step = path->children[s];
                    check_expr(c, step->children[0], EXPECT_DIRECTIONS);
                    check_test(c, step->children[1]);
                }
            }
        }
        int labels = names_scope_begin(c);
        declare_labels(c, alternatives);
        check_expr(c, line->children[1], EXPECT_ACTIONS);
        names_scope_end(c, labels);
    }
    names_scope_end(c, mark);
}

/* --- cell sets known at load time */

static void fill(const check_context *c, bool *cells, bool value)
{
    for (int i = 0; i < c->board.cell_count; i++)
        cells[i] = value;
}

static bool static_phrase(check_context *c, const ast_node *node, bool *cells)
{
    const board *b = &c->board;
    const ast_node *head = node->children[0];
    int named = node->child_count == 2 && head->kind == AST_NAME && node->children[1]->kind == AST_NAME
              ? board_named_line(b, head->text, node->children[1]->text) : -1;
    if (named >= 0 || (head->kind == AST_NAME && node->child_count == 2 && b->kind != BOARD_GRAPH
                       && names_is_phrase_word(head->text))) {
        const ast_node *v = node->children[1];
        const char *w = named >= 0 ? v->text : head->text;   /* "top rank": as "rank 8" */
        long low, high;
        if (named >= 0) {
            low = high = named;
        } else if (v->kind == AST_NUMBER) {
            low = high = v->number;
        } else if (v->kind == AST_BINARY && v->op == AST_OP_RANGE
                   && v->children[0]->kind == AST_NUMBER && v->children[1]->kind == AST_NUMBER) {
            low = v->children[0]->number;
            high = v->children[1]->number;
        } else if (v->kind == AST_NAME && strlen(v->text) == 1) {
            low = high = v->text[0] - 'a';
        } else if (v->kind == AST_BINARY && v->op == AST_OP_RANGE && v->children[0]->kind == AST_NAME
                   && v->children[1]->kind == AST_NAME) {
            low = v->children[0]->text[0] - 'a';
            high = v->children[1]->text[0] - 'a';
        } else {
            return false;
        }
        for (int i = 0; i < b->cell_count; i++) {
            long value;
            if (!strcmp(w, "rank") || !strcmp(w, "ranks"))
                value = board_rank_of(b, i);
            else if (!strcmp(w, "file") || !strcmp(w, "files"))
                value = board_file_of(b, i);
            else if (!strcmp(w, "ring") || !strcmp(w, "rings"))
                value = b->ring[i];
            else
                return false;
            cells[i] = value >= low && value <= high;
        }
        return true;
    }
    fill(c, cells, false);
    bool *part = calloc((size_t)b->cell_count, sizeof *part);
    if (!part)
        return false;
    for (int i = 0; i < node->child_count; i++) {
        if (!check_static_cells(c, node->children[i], part)) {
            free(part);
            return false;
        }
        for (int j = 0; j < b->cell_count; j++)
            cells[j] = cells[j] || part[j];
    }
    free(part);
    return true;
}

bool check_static_cells(check_context *c, const ast_node *node, bool *cells)
{
    const board *b = &c->board;
    if (!c->has_board)
        return false;
    switch (node->kind) {
    case AST_NAME: {
        int cell = board_cell(b, node->text);
        if (cell != BOARD_NO_CELL) {
            fill(c, cells, false);
            cells[cell] = true;
            return true;
        }
        const char *w = node->text;
        for (int i = 0; i < b->cell_count; i++) {
            if (!strcmp(w, "cells")) cells[i] = true;
            else if (!strcmp(w, "light")) cells[i] = b->light[i];
            else if (!strcmp(w, "dark")) cells[i] = !b->light[i];
            else if (!strcmp(w, "edge")) cells[i] = board_is_edge(b, i);
            else if (!strcmp(w, "corners")) cells[i] = board_is_corner(b, i);
            else return false;
        }
        return true;
    }
    case AST_PHRASE:
    case AST_LIST:
        if (node->kind == AST_LIST) {
            fill(c, cells, false);
            bool *part = calloc((size_t)b->cell_count, sizeof *part);
            if (!part)
                return false;
            for (int i = 0; i < node->child_count; i++) {
                if (!check_static_cells(c, node->children[i], part)) {
                    free(part);
                    return false;
                }
                for (int j = 0; j < b->cell_count; j++)
                    cells[j] = cells[j] || part[j];
            }
            free(part);
            return true;
        }
        return static_phrase(c, node, cells);
    case AST_GROUP:
        return node->op == 0 && check_static_cells(c, node->children[0], cells);
    case AST_BINARY: {
        if (node->op != AST_OP_UNION && node->op != AST_OP_INTERSECT && node->op != AST_OP_MINUS)
            return false;
        bool *right = calloc((size_t)b->cell_count, sizeof *right);
        if (!right)
            return false;
        bool ok = check_static_cells(c, node->children[0], cells)
               && check_static_cells(c, node->children[1], right);
        for (int i = 0; ok && i < b->cell_count; i++) {
            if (node->op == AST_OP_UNION) cells[i] = cells[i] || right[i];
            else if (node->op == AST_OP_INTERSECT) cells[i] = cells[i] && right[i];
            else cells[i] = cells[i] && !right[i];
        }
        free(right);
        return ok;
    }
    default:
        return false;
    }
}
