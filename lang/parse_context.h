/* parse_context: the state shared by the lexer, the token filter and the
 * grammar while one file is parsed.  Internal to lang/; the public entry
 * point is parse.h. */
#ifndef TABULA_PARSE_CONTEXT_H
#define TABULA_PARSE_CONTEXT_H

#include <setjmp.h>
#include <stdbool.h>

#include "ast.h"
#include "diag.h"

/* Deepest nesting of ( [ { a file may use; deeper is reported, not followed. */
#define PARSE_MAX_NESTING 200
/* Longest name or string, in bytes. */
#define PARSE_MAX_TOKEN 4096

typedef struct raw_token {
    int type;
    char *text;
    long number, number2;
    int first_line, first_column, last_line, last_column;
} raw_token;

typedef struct bracket {
    char kind;
    source_location at;
} bracket;

/* The statement the filter is handing to the parser, followed so that a
 * missing '{' and a reserved word used as a name can be reported at the
 * statement they belong to. */
typedef struct statement_state {
    int first_token;           /* 0 between statements */
    char first_word[32];       /* its spelling: "setup", "piece", "game" */
    int tokens;                /* tokens of the statement handed on so far */
    source_location head;      /* from its first token to its last on that line */
    bool opened_block;         /* a '{' followed it (or a '}' closed its block) */
} statement_state;

/* A statement that takes a block and ended without opening one.  Valid on
 * its own for some heads (piece man "M"), so it is only reported when
 * a '}' later has no '{' to close. */
typedef struct unopened_block {
    source_location head;
    bool needs_block;          /* the head means nothing without a block */
    bool indented;             /* the next statement is indented under it */
} unopened_block;

#define PARSE_MAX_UNOPENED 16

typedef struct parse_context {
    diag_list *diagnostics;
    int file;
    void *scanner;
    ast_node *result;

    /* position of the lexer */
    int line, column;

    /* the token filter: newline handling and bracket matching */
    raw_token pending[2];
    int pending_count;
    int last_token;            /* last token handed to the parser */
    int previous_token;        /* the one before it */
    char last_text[64];        /* spelling of the last name or keyword, for messages */
    source_location last_location;
    source_location previous_location; /* of the token before the last */
    char previous_text[64];
    bracket brackets[PARSE_MAX_NESTING];
    int depth;
    bool abandoned;            /* too deep or too many errors: stop reading */
    int skip_syntax_errors;    /* the filter already explained the next one */
    bool reported_unclosed;
    int prefix_run;            /* consecutive 'not' or '-' tokens */

    /* the statement being read, the last one that ended without the block
     * its head takes (until the next statement starts), and those of them
     * that still may explain a '}' without a '{' */
    statement_state statement;
    unopened_block just_ended;
    bool has_just_ended;
    unopened_block unopened[PARSE_MAX_UNOPENED];
    int unopened_count;
    int missing_braces_reported; /* by the grammar, each explaining one '}' */
    const source_set *sources; /* to quote a statement's head in a hint */

    jmp_buf fatal;             /* where a fatal scanner error returns */
    const char *fatal_message;
} parse_context;

source_location parse_location(const parse_context *context, int first_line, int first_column,
                               int last_line, int last_column);
void parse_report_error(parse_context *context, source_location at, const char *hint,
                        const char *format, ...) __attribute__((format(printf, 4, 5)));
bool parse_should_skip_syntax_error(parse_context *context);
bool parse_report_unclosed(parse_context *context, source_location at);
/* When the statement that just ended takes a block, reports that its '{'
 * is missing (the grammar found an end of line where the '{' must be) and
 * returns true. */
bool parse_report_missing_brace(parse_context *context);
/* A fatal scanner error: records MESSAGE and jumps back to parse_source. */
_Noreturn void parse_fatal(parse_context *context, const char *message);


#endif
