/* ast: the tree a rules file parses into.
 *
 * One node type for everything: a kind, an operator or keyword code, a
 * source location, an optional text (names, strings) and numbers, and an
 * ordered list of children.  Statements are generic ("head [= value]
 * [: value] [{ block }]"); the checker in interp/ gives them meaning, which
 * keeps the grammar small and lets misspelt words get "did you mean" hints.
 * The tree owns its children and texts; ast_free releases a whole subtree.
 */
#ifndef TABULA_AST_H
#define TABULA_AST_H

#include <stdbool.h>
#include <stdio.h>

#include "source.h"

typedef enum ast_kind {
    /* files and keyword statements */
    AST_FILE,       /* children: top-level statements */
    AST_INCLUDE,    /* text: the path as written */
    AST_GAME,       /* text: name; children[0]: AST_BLOCK */
    AST_VARIANT,    /* text: name; children[0]: AST_BLOCK */
    AST_DEFINE,     /* text: name; children: AST_NAME parameters..., body last; number: parameter count */
    AST_PATTERN,    /* text: name; children[0]: AST_PAT_FOR or AST_EMPTY; the rest: AST_PAT_LINE */
    AST_STATEMENT,  /* children: head, AST_EMPTY or value after '=', AST_EMPTY or value after ':', AST_EMPTY or AST_BLOCK */
    AST_BLOCK,      /* children: statements */
    AST_EMPTY,      /* a placeholder for an absent optional part */

    /* patterns */
    AST_PAT_FOR,    /* text: variable; children[0]: the direction set */
    AST_PAT_LINE,   /* children[0]: AST_PAT_ANY; children[1]: effect expression or AST_EMPTY */
    AST_PAT_ANY,    /* children: AST_PAT_ALL alternatives */
    AST_PAT_ALL,    /* children: AST_PAT_PATH, all of which must hold */
    AST_PAT_PATH,   /* children: AST_PAT_STEP, walked from the anchor */
    AST_PAT_STEP,   /* children[0]: direction expression; children[1]: test */
    AST_PAT_AS,     /* text: label; children[0]: test */

    /* expressions */
    AST_NAME,       /* text */
    AST_NUMBER,     /* number */
    AST_STRING,     /* text */
    AST_SIZE,       /* number x number2 */
    AST_ANCHOR,     /* '@' */
    AST_CALL,       /* text: function; children: arguments */
    AST_PHRASE,     /* children: juxtaposed primaries */
    AST_LIST,       /* children: comma-separated items */
    AST_BINARY,     /* op: an ast_op; children[0..1] */
    AST_UNARY,      /* op: AST_OP_NOT or AST_OP_NEGATE; children[0] */
    AST_GUARD,      /* op: AST_OP_IF or AST_OP_UNLESS; children[0]: guarded, children[1]: condition */
    AST_GROUP,      /* '(' e ')' with op: 0, '+', '*' or '?'; children[0] */
    AST_MARK,       /* '[' e ']' with op: 0, '+', '*' or '?'; children[0] */
    AST_ACTION,     /* op: an ast_verb; children[0]: argument or AST_EMPTY; then AST_CLAUSE */
    AST_CLAUSE,     /* op: an ast_clause; children[0]: argument */
} ast_kind;

typedef enum ast_op {
    AST_OP_UNION = 1,  /* | */
    AST_OP_THEN,
    AST_OP_OR,
    AST_OP_AND,
    AST_OP_NOT,
    AST_OP_NEGATE,
    AST_OP_EQ, AST_OP_NE, AST_OP_LT, AST_OP_LE, AST_OP_GT, AST_OP_GE,
    AST_OP_IN,
    AST_OP_INTERSECT,  /* & */
    AST_OP_MINUS,      /* - : set difference, subtraction or rotation */
    AST_OP_PLUS,       /* + : rotation or addition */
    AST_OP_OF,
    AST_OP_WHERE,
    AST_OP_RANGE,      /* .. */
    AST_OP_IF,
    AST_OP_UNLESS,
} ast_op;

typedef enum ast_verb {
    AST_VERB_STEP = 1, AST_VERB_SLIDE, AST_VERB_LEAP, AST_VERB_HOP, AST_VERB_JUMP,
    AST_VERB_PUSH, AST_VERB_PLACE, AST_VERB_CHANGE, AST_VERB_FLIP, AST_VERB_CAPTURE,
    AST_VERB_REMOVE, AST_VERB_APPLY, AST_VERB_SET, AST_VERB_ROLL, AST_VERB_RELOCATE,
    AST_VERB_PASS, AST_VERB_SOW, AST_VERB_CARRY,
} ast_verb;

typedef enum ast_clause {
    AST_CLAUSE_TO = 1, AST_CLAUSE_OVER, AST_CLAUSE_FROM, AST_CLAUSE_AT, AST_CLAUSE_FOR,
    AST_CLAUSE_MAX, AST_CLAUSE_MIN, AST_CLAUSE_EXACTLY, AST_CLAUSE_LAND,
} ast_clause;

typedef struct ast_node ast_node;
struct ast_node {
    ast_kind kind;
    int op;
    source_location location;
    char *text;
    long number;
    long number2;
    ast_node **children;
    int child_count;
    int child_capacity;
};

/* Constructors return NULL only when memory runs out. */
ast_node *ast_new(ast_kind kind, source_location location);
ast_node *ast_new_text(ast_kind kind, source_location location, char *text); /* takes TEXT */
ast_node *ast_new_op(ast_kind kind, int op, source_location location, ast_node *a, ast_node *b);

/* Appends CHILD (which may be NULL, turned into AST_EMPTY) to PARENT. */
ast_node *ast_append(ast_node *parent, ast_node *child);

void ast_free(ast_node *node);
ast_node *ast_copy(const ast_node *node);

/* A location spanning from FIRST's start to LAST's end. */
source_location ast_span(source_location first, source_location last);

const char *ast_verb_name(int verb);
const char *ast_clause_name(int clause);
const char *ast_op_name(int op);

/* Writes NODE as an S-expression, for tests and `tabula parse`. */
void ast_dump(const ast_node *node, FILE *stream);

#endif
