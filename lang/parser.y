/* parser: the bison grammar of the rules language.
 *
 * The grammar is deliberately generic: a statement is "HEAD [= VALUE]
 * [: VALUE] [{ BLOCK }]" and the checker gives heads like "board" or "setup"
 * their meaning.  Only the statements whose bodies are not expressions have
 * keywords of their own (game, variant, include, define, pattern).  The rules
 * are listed loosest first; each carries its syntax as a comment.
 */
%code requires {
#include "ast.h"
#include "diag.h"
#include "parse_context.h"
}

%code provides {
/* The token filter the grammar reads from (parse.c). */
int parser_lex(PARSER_STYPE *value, PARSER_LTYPE *location, parse_context *context);
}

%code {
#include <stdlib.h>
#include <string.h>
static void parser_error(PARSER_LTYPE *location, parse_context *context, const char *message);

#define LOC(l) parse_location(context, (l).first_line, (l).first_column, (l).last_line, (l).last_column)

/* A generic statement: head, '=' value, ':' value, block. */
static ast_node *statement(source_location at, ast_node *head, ast_node *equals, ast_node *colon,
                           ast_node *block)
{
    ast_node *node = ast_new(AST_STATEMENT, at);
    ast_append(node, head);
    ast_append(node, equals);
    ast_append(node, colon);
    ast_append(node, block);
    return node;
}

static ast_node *binary(parse_context *context, int op, PARSER_LTYPE l, ast_node *a, ast_node *b)
{
    source_location at = LOC(l);
    if (a && b)
        at = ast_span(a->location, b->location);
    return ast_new_op(AST_BINARY, op, at, a, b);
}

/* Folds A and B into one node of KIND, reusing A when it already is one. */
static ast_node *gather(ast_kind kind, ast_node *a, ast_node *b)
{
    if (!a || !b) {
        ast_free(a);
        ast_free(b);
        return NULL;
    }
    if (a->kind != kind) {
        ast_node *node = ast_new(kind, a->location);
        a = ast_append(node, a);
    }
    a->location = ast_span(a->location, b->location);
    return ast_append(a, b);
}
}

%define api.pure full
%define api.prefix {parser_}
%define parse.error custom
%locations
%param {parse_context *context}

%union {
    char *text;
    long number;
    struct { long width, height; } size;
    ast_node *node;
}

%token <text> NAME "name" FUNC "function name" STRING "string"
%token <number> NUMBER "number"
%token <size> SIZE "size"
%token <number> VERB "verb" CLAUSE "clause word"
%token <number> RPAREN_Q "')+'" RBRACK_Q "']+'"
%token NL "end of line"
%token RAW_NEWLINE "newline" SEMICOLON "';'"
%token GAME "'game'" INCLUDE "'include'" VARIANT "'variant'" DEFINE "'define'"
%token PATTERN "'pattern'"
%token THEN "'then'" AND "'and'" OR "'or'" NOT "'not'" IN "'in'" WHERE "'where'"
%token OF "'of'" IF "'if'" UNLESS "'unless'" AS "'as'"
%token ARROW "'->'" DOTDOT "'..'" EQ "'=='" NE "'!='" LE "'<='" GE "'>='"

%type <node> items top_statement block_statement statement block opt_block stmts
%type <node> game variant include define params pattern pattern_for pattern_lines
%type <node> pattern_line pattern_any pattern_all pattern_path pattern_steps pattern_step
%type <node> pattern_direction pattern_test pattern_base
%type <node> expr guard sequence action opt_argument clauses list or_expr and_expr not_expr
%type <node> comparison set_expr add_expr negation where_expr phrase range primary arguments

%destructor { free($$); } <text>
%destructor { ast_free($$); } <node>

%start file

%%

/* file := { top-statement end-of-line } */
file
    : items                         { context->result = $1; }
    ;

items
    : %empty                        { $$ = ast_new(AST_FILE, parse_location(context, 1, 1, 1, 1)); }
    | items NL                      { $$ = $1; }
    | items top_statement NL        { $$ = ast_append($1, $2); }
    | items error NL                { $$ = $1; yyerrok; }
    ;

top_statement
    : game
    | include
    | block_statement
    ;

/* game := 'game' STRING block */
game
    : GAME STRING block             { $$ = ast_append(ast_new_text(AST_GAME, LOC(@$), $2), $3); }
    ;

/* include := 'include' STRING */
include
    : INCLUDE STRING                { $$ = ast_new_text(AST_INCLUDE, LOC(@2), $2); }
    ;

block_statement
    : variant
    | define
    | pattern
    | statement
    ;

/* variant := 'variant' STRING block */
variant
    : VARIANT STRING block          { $$ = ast_append(ast_new_text(AST_VARIANT, LOC(@$), $2), $3); }
    ;

/* define := 'define' NAME '=' expr | 'define' NAME '(' NAME, ... ')' '=' expr
 * (NAME may be a verb: a file written before the verb was one keeps its
 * macro, which a use of the verb alone stands for: interp/rules/macro.c) */
define
    : DEFINE NAME '=' expr          {
            $$ = ast_append(ast_new_text(AST_DEFINE, LOC(@2), $2), $4);
        }
    | DEFINE VERB '=' expr          {
            char *name = strdup(ast_verb_name((int)$2));
            $$ = name ? ast_append(ast_new_text(AST_DEFINE, LOC(@2), name), $4) : NULL;
            if (!name)
                ast_free($4);
        }
    | DEFINE FUNC '(' params ')' '=' expr {
            $$ = ast_new_text(AST_DEFINE, LOC(@2), $2);
            if ($$ && $4) {
                $$->number = $4->child_count;
                for (int i = 0; i < $4->child_count; i++)
                    ast_append($$, $4->children[i]);
                $4->child_count = 0;
            }
            ast_free($4);
            $$ = ast_append($$, $7);
        }
    ;

params
    : NAME                          {
            $$ = ast_append(ast_new(AST_LIST, LOC(@1)), ast_new_text(AST_NAME, LOC(@1), $1));
        }
    | params ',' NAME               { $$ = ast_append($1, ast_new_text(AST_NAME, LOC(@3), $3)); }
    ;

/* statement := expr [ '=' expr | ':' expr ] [ block ] */
statement
    : expr opt_block                { $$ = statement(LOC(@1), $1, NULL, NULL, $2); }
    | expr ':' expr opt_block       { $$ = statement(LOC(@1), $1, NULL, $3, $4); }
    | expr '=' expr opt_block       { $$ = statement(LOC(@1), $1, $3, NULL, $4); }
    ;

opt_block
    : %empty                        { $$ = NULL; }
    | block
    ;

/* block := '{' { statement end-of-line } '}' */
block
    : '{' stmts '}'                 { $$ = $2; if ($$) $$->location = LOC(@1); }
    | '{' stmts error '}'           { $$ = $2; if ($$) $$->location = LOC(@1); }
    ;

stmts
    : %empty                        { $$ = ast_new(AST_BLOCK, context->last_location); }
    | stmts NL                      { $$ = $1; }
    | stmts block_statement NL      { $$ = ast_append($1, $2); }
    | stmts error NL                { $$ = $1; yyerrok; }
    ;

/* pattern := 'pattern' NAME [ 'for' NAME 'in' list ] '{' { line end-of-line } '}' */
pattern
    : PATTERN NAME pattern_for '{' pattern_lines '}' {
            $$ = ast_append(ast_new_text(AST_PATTERN, LOC(@2), $2), $3);
            if ($$ && $5) {
                for (int i = 0; i < $5->child_count; i++)
                    ast_append($$, $5->children[i]);
                $5->child_count = 0;
            }
            ast_free($5);
        }
    ;

pattern_for
    : %empty                        { $$ = NULL; }
    | CLAUSE NAME IN list           {
            if ($1 != AST_CLAUSE_FOR) {
                parser_error(&@1, context, "expected 'for' or '{' after the pattern's name");
            }
            $$ = ast_append(ast_new_text(AST_PAT_FOR, LOC(@2), $2), $4);
        }
    ;

pattern_lines
    : %empty                        { $$ = ast_new(AST_BLOCK, context->last_location); }
    | pattern_lines NL              { $$ = $1; }
    | pattern_lines pattern_line NL { $$ = ast_append($1, $2); }
    | pattern_lines error NL        { $$ = $1; yyerrok; }
    ;

/* line := alternatives [ '->' expr ] */
pattern_line
    : pattern_any                   { $$ = ast_append(ast_append(ast_new(AST_PAT_LINE, $1 ? $1->location : LOC(@1)), $1), NULL); }
    | pattern_any ARROW expr        { $$ = ast_append(ast_append(ast_new(AST_PAT_LINE, $1 ? $1->location : LOC(@1)), $1), $3); }
    ;

/* alternatives := all { '|' all } ; all := path { ',' path } */
pattern_any
    : pattern_all                   { $$ = ast_append(ast_new(AST_PAT_ANY, $1 ? $1->location : LOC(@1)), $1); }
    | pattern_any '|' pattern_all   { $$ = ast_append($1, $3); }
    ;

pattern_all
    : pattern_path                  { $$ = ast_append(ast_new(AST_PAT_ALL, $1 ? $1->location : LOC(@1)), $1); }
    | pattern_all ',' pattern_path  { $$ = ast_append($1, $3); }
    ;

/* path := '@' step { step } ; step := direction ':' test */
pattern_path
    : '@' pattern_steps             { $$ = $2; if ($$) $$->location = ast_span(LOC(@1), $$->location); }
    ;

pattern_steps
    : pattern_step                  { $$ = ast_append(ast_new(AST_PAT_PATH, $1 ? $1->location : LOC(@1)), $1); }
    | pattern_steps pattern_step    { $$ = ast_append($1, $2); if ($$ && $2) $$->location = ast_span($$->location, $2->location); }
    ;

pattern_step
    : pattern_direction ':' pattern_test {
            $$ = ast_append(ast_append(ast_new(AST_PAT_STEP, LOC(@1)), $1), $3);
        }
    ;

pattern_direction
    : NAME                          { $$ = ast_new_text(AST_NAME, LOC(@1), $1); }
    | NAME '+' NUMBER               {
            ast_node *n = ast_new(AST_NUMBER, LOC(@3));
            if (n) n->number = $3;
            $$ = binary(context, AST_OP_PLUS, @$, ast_new_text(AST_NAME, LOC(@1), $1), n);
        }
    | NAME '-' NUMBER               {
            ast_node *n = ast_new(AST_NUMBER, LOC(@3));
            if (n) n->number = $3;
            $$ = binary(context, AST_OP_MINUS, @$, ast_new_text(AST_NAME, LOC(@1), $1), n);
        }
    | '(' expr ')'                  { $$ = $2; }
    | FUNC '(' arguments ')'        { $$ = $3; if ($$) { $$->text = $1; $$->location = LOC(@1); } else free($1); }
    ;

/* test := base [ 'as' NAME ] ; base := NAME | 'not' base | '[' expr ']' | '(' expr ')' (each may end in +, * or ?) */
pattern_test
    : pattern_base
    | pattern_base AS NAME          { $$ = ast_append(ast_new_text(AST_PAT_AS, LOC(@3), $3), $1); }
    ;

pattern_base
    : NAME                          { $$ = ast_new_text(AST_NAME, LOC(@1), $1); }
    | NOT pattern_base              { $$ = ast_new_op(AST_UNARY, AST_OP_NOT, LOC(@$), $2, NULL); }
    | '[' expr ']'                  { $$ = ast_new_op(AST_MARK, 0, LOC(@$), $2, NULL); }
    | '[' expr RBRACK_Q             { $$ = ast_new_op(AST_MARK, (int)$3, LOC(@$), $2, NULL); }
    | '(' expr ')'                  { $$ = ast_new_op(AST_GROUP, 0, LOC(@$), $2, NULL); }
    | '(' expr RPAREN_Q             { $$ = ast_new_op(AST_GROUP, (int)$3, LOC(@$), $2, NULL); }
    | FUNC '(' arguments ')'        { $$ = $3; if ($$) { $$->text = $1; $$->location = LOC(@1); } else free($1); }
    ;

/* expr := guard { '|' guard }            alternatives, or union */
expr
    : guard
    | expr '|' guard                { $$ = binary(context, AST_OP_UNION, @2, $1, $3); }
    ;

/* guard := sequence { ('if' | 'unless') or-expr } */
guard
    : sequence
    | guard IF or_expr              { $$ = ast_new_op(AST_GUARD, AST_OP_IF, LOC(@2), $1, $3); }
    | guard UNLESS or_expr          { $$ = ast_new_op(AST_GUARD, AST_OP_UNLESS, LOC(@2), $1, $3); }
    ;

/* sequence := action { 'then' action } */
sequence
    : action
    | sequence THEN action          { $$ = binary(context, AST_OP_THEN, @2, $1, $3); }
    ;

/* action := VERB [ list ] { CLAUSE list } | list */
action
    : VERB opt_argument clauses     {
            $$ = ast_new(AST_ACTION, LOC(@1));
            if ($$) $$->op = (int)$1;
            $$ = ast_append($$, $2);
            if ($$ && $3) {
                for (int i = 0; i < $3->child_count; i++)
                    ast_append($$, $3->children[i]);
                $3->child_count = 0;
                $$->location = ast_span($$->location, $3->location);
            }
            ast_free($3);
        }
    | list
    ;

opt_argument
    : %empty                        { $$ = NULL; }
    | list
    ;

clauses
    : %empty                        { $$ = ast_new(AST_LIST, context->last_location); }
    | clauses CLAUSE list           {
            ast_node *clause = ast_new_op(AST_CLAUSE, (int)$2, LOC(@2), $3, NULL);
            if (clause && $3) clause->location = ast_span(clause->location, $3->location);
            $$ = ast_append($1, clause);
            if ($$ && clause) $$->location = clause->location;
        }
    ;

/* list := or-expr { ',' or-expr } */
list
    : or_expr
    | list ',' or_expr              { $$ = gather(AST_LIST, $1, $3); }
    ;

or_expr
    : and_expr
    | or_expr OR and_expr           { $$ = binary(context, AST_OP_OR, @2, $1, $3); }
    ;

and_expr
    : not_expr
    | and_expr AND not_expr         { $$ = binary(context, AST_OP_AND, @2, $1, $3); }
    ;

not_expr
    : comparison
    | NOT not_expr                  { $$ = ast_new_op(AST_UNARY, AST_OP_NOT, LOC(@$), $2, NULL); }
    ;

comparison
    : set_expr
    | set_expr EQ set_expr          { $$ = binary(context, AST_OP_EQ, @2, $1, $3); }
    | set_expr NE set_expr          { $$ = binary(context, AST_OP_NE, @2, $1, $3); }
    | set_expr '<' set_expr         { $$ = binary(context, AST_OP_LT, @2, $1, $3); }
    | set_expr LE set_expr          { $$ = binary(context, AST_OP_LE, @2, $1, $3); }
    | set_expr '>' set_expr         { $$ = binary(context, AST_OP_GT, @2, $1, $3); }
    | set_expr GE set_expr          { $$ = binary(context, AST_OP_GE, @2, $1, $3); }
    | set_expr IN set_expr          { $$ = binary(context, AST_OP_IN, @2, $1, $3); }
    ;

/* set-expr := add { ('&' | '-' | 'of') add } */
set_expr
    : add_expr
    | set_expr '&' add_expr         { $$ = binary(context, AST_OP_INTERSECT, @2, $1, $3); }
    | set_expr '-' add_expr         { $$ = binary(context, AST_OP_MINUS, @2, $1, $3); }
    | set_expr OF add_expr          { $$ = binary(context, AST_OP_OF, @2, $1, $3); }
    ;

add_expr
    : negation
    | add_expr '+' negation         { $$ = binary(context, AST_OP_PLUS, @2, $1, $3); }
    ;

negation
    : where_expr
    | '-' negation                  { $$ = ast_new_op(AST_UNARY, AST_OP_NEGATE, LOC(@$), $2, NULL); }
    ;

/* where-expr := phrase { 'where' phrase } */
where_expr
    : phrase
    | where_expr WHERE phrase       { $$ = binary(context, AST_OP_WHERE, @2, $1, $3); }
    ;

/* phrase := range { range }              juxtaposition: "rank 1", "enemy stone" */
phrase
    : range
    | phrase range                  { $$ = gather(AST_PHRASE, $1, $2); }
    ;

range
    : primary
    | primary DOTDOT primary        { $$ = binary(context, AST_OP_RANGE, @2, $1, $3); }
    ;

/* primary := NAME | NAME '(' args ')' | NUMBER | STRING | SIZE | '@'
 *          | '(' expr ')' [+*?] | '[' expr ']' [+*?] */
primary
    : NAME                          { $$ = ast_new_text(AST_NAME, LOC(@1), $1); }
    | FUNC '(' arguments ')'        {
            $$ = $3;
            if ($$) { $$->text = $1; $$->location = ast_span(LOC(@1), LOC(@4)); } else free($1);
        }
    | FUNC '(' ')'                  { $$ = ast_new_text(AST_CALL, ast_span(LOC(@1), LOC(@3)), $1); }
    | NUMBER                        { $$ = ast_new(AST_NUMBER, LOC(@1)); if ($$) $$->number = $1; }
    | STRING                        { $$ = ast_new_text(AST_STRING, LOC(@1), $1); }
    | SIZE                          {
            $$ = ast_new(AST_SIZE, LOC(@1));
            if ($$) { $$->number = $1.width; $$->number2 = $1.height; }
        }
    | '@'                           { $$ = ast_new(AST_ANCHOR, LOC(@1)); }
    | '(' expr ')'                  { $$ = ast_new_op(AST_GROUP, 0, ast_span(LOC(@1), LOC(@3)), $2, NULL); }
    | '(' expr RPAREN_Q             { $$ = ast_new_op(AST_GROUP, (int)$3, ast_span(LOC(@1), LOC(@3)), $2, NULL); }
    | '[' expr ']'                  { $$ = ast_new_op(AST_MARK, 0, ast_span(LOC(@1), LOC(@3)), $2, NULL); }
    | '[' expr RBRACK_Q             { $$ = ast_new_op(AST_MARK, (int)$3, ast_span(LOC(@1), LOC(@3)), $2, NULL); }
    ;

arguments
    : or_expr                       { $$ = ast_append(ast_new(AST_CALL, LOC(@1)), $1); }
    | arguments ',' or_expr         { $$ = ast_append($1, $3); }
    ;

%%

static void parser_error(PARSER_LTYPE *location, parse_context *context, const char *message)
{
    if (!strcmp(message, "memory exhausted")) {
        parse_report_error(context, LOC(*location), "split the expression",
                           "expression nested too deeply to parse");
        context->abandoned = true;
        return;
    }
    parse_report_error(context, LOC(*location), NULL, "%s", message);
}

/* Bison quotes some names; show them the way the user wrote them. */
static void symbol_text(yysymbol_kind_t symbol, char *out, size_t size)
{
    const char *name = yysymbol_name(symbol);
    size_t n = strlen(name);
    if (n >= 2 && name[0] == '"' && name[n - 1] == '"') {
        name++;
        n -= 2;
    }
    if (n >= size)
        n = size - 1;
    memcpy(out, name, n);
    out[n] = '\0';
}

static int yyreport_syntax_error(const yypcontext_t *syntax, parse_context *context)
{
    yysymbol_kind_t unexpected = yypcontext_token(syntax);
    const PARSER_LTYPE *where = yypcontext_location(syntax);
    if (parse_should_skip_syntax_error(context))
        return 0;
    if (unexpected == YYSYMBOL_YYEOF && parse_report_unclosed(context, LOC(*where)))
        return 0;

    char what[64];
    symbol_text(unexpected, what, sizeof what);
    if (unexpected == YYSYMBOL_NAME || unexpected == YYSYMBOL_FUNC)
        snprintf(what, sizeof what, "name '%.40s'", context->last_text);
    else if (unexpected == YYSYMBOL_VERB || unexpected == YYSYMBOL_CLAUSE)
        snprintf(what, sizeof what, "'%.40s'", context->last_text);
    else if (unexpected == YYSYMBOL_YYEOF)
        snprintf(what, sizeof what, "end of file");

    enum { MAX_EXPECTED = 64 };
    yysymbol_kind_t expected[MAX_EXPECTED];
    int count = yypcontext_expected_tokens(syntax, expected, MAX_EXPECTED);
    bool wants_value = false, wants_block = false;
    for (int i = 0; i < count; i++) {
        wants_value = wants_value || expected[i] == YYSYMBOL_NAME;
        wants_block = wants_block || !strcmp(yysymbol_name(expected[i]), "'{'");
    }
    /* game "G" and then the end of the line, where its '{' must be */
    if (unexpected == YYSYMBOL_NL && wants_block && parse_report_missing_brace(context))
        return 0;
    char list[256] = "";
    if (count > 0 && count <= 4) {
        size_t used = 0;
        for (int i = 0; i < count; i++) {
            char name[64];
            symbol_text(expected[i], name, sizeof name);
            used += (size_t)snprintf(list + used, sizeof list - used, "%s%s",
                                     i == 0 ? "" : i == count - 1 ? " or " : ", ", name);
            if (used >= sizeof list)
                break;
        }
    } else if (wants_value) {
        snprintf(list, sizeof list, "a name, number or '('");
    }
    const char *hint = NULL;
    if (unexpected == YYSYMBOL_NL)
        hint = "a statement ends at the end of a line; break long lines after an operator or inside ( )";
    else if (unexpected == YYSYMBOL_VERB && (context->previous_token == NAME))
        hint = "join actions with 'then', alternatives with '|'";
    /* A line that stops after an operator: point at the operator. */
    if (list[0] && where->first_line > context->previous_location.line
        && context->previous_location.line > 0 && context->previous_text[0]) {
        parse_report_error(context, context->previous_location, NULL,
                           "the line ends after '%s', expected %s", context->previous_text, list);
        return 0;
    }
    if (list[0])
        parse_report_error(context, LOC(*where), hint, "unexpected %s, expected %s", what, list);
    else
        parse_report_error(context, LOC(*where), hint, "unexpected %s", what);
    return 0;
}
