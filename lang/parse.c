/* parse: the token filter between the lexer and the grammar, and the entry
 * point.
 *
 * The filter is where the language's line structure lives: a newline ends a
 * statement only outside ( ) and [ ], only after a token that can end one,
 * and not when the next line starts with an operator that continues it
 * ("| slide ...", "then ...").  It also matches brackets, so that an unclosed
 * '{' is reported where it was opened, and bounds the nesting depth.
 */
#include "parse.h"

#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "parse_context.h"
#include "parser.h"
#define YYSTYPE PARSER_STYPE
#define YYLTYPE PARSER_LTYPE
#include "lexer.h"

source_location parse_location(const parse_context *context, int first_line, int first_column,
                               int last_line, int last_column)
{
    source_location at = { context->file, first_line, first_column, last_line, last_column };
    return at;
}

void parse_report_error(parse_context *context, source_location at, const char *hint,
                        const char *format, ...)
{
    if (context->abandoned)
        return;
    va_list args;
    va_start(args, format);
    bool room = diag_vreport(context->diagnostics, DIAG_ERROR, at, hint, format, args);
    va_end(args);
    if (!room)
        context->abandoned = true;
}

bool parse_should_skip_syntax_error(parse_context *context)
{
    if (context->abandoned)
        return true;
    if (context->skip_syntax_errors > 0) {
        context->skip_syntax_errors--;
        return true;
    }
    return false;
}

static const char *closer_of(char kind)
{
    return kind == '{' ? "}" : kind == '(' ? ")" : "]";
}

void parse_fatal(parse_context *context, const char *message)
{
    context->fatal_message = message;
    longjmp(context->fatal, 1);
}

bool parse_report_unclosed(parse_context *context, source_location at)
{
    if (context->depth == 0 || context->reported_unclosed)
        return false;
    context->reported_unclosed = true;
    const bracket *open = &context->brackets[context->depth - 1];
    char hint[96];
    snprintf(hint, sizeof hint, "add '%s' to close the '%c' of line %d", closer_of(open->kind),
             open->kind, open->at.line);
    parse_report_error(context, at, hint, "unexpected end of file: '%c' opened on line %d is not closed",
                       open->kind, open->at.line);
    if (!context->abandoned)
        diag_report(context->diagnostics, DIAG_NOTE, open->at, NULL, "the '%c' opened here",
                    open->kind);
    return true;
}

static void read_raw(parse_context *context, raw_token *token)
{
    PARSER_STYPE value;
    PARSER_LTYPE location;
    memset(&value, 0, sizeof value);
    token->type = lexer_lex(&value, &location, context->scanner);
    token->text = NULL;
    token->number = token->number2 = 0;
    switch (token->type) {
    case NAME:
    case FUNC:
    case STRING:
        token->text = value.text;
        break;
    case SIZE:
        token->number = value.size.width;
        token->number2 = value.size.height;
        break;
    default:
        token->number = value.number;
        break;
    }
    if (token->type == 0) {
        /* end of file: point just past the last character */
        location.first_line = location.last_line = context->line;
        location.first_column = location.last_column = context->column;
    }
    token->first_line = location.first_line;
    token->first_column = location.first_column;
    token->last_line = location.last_line;
    token->last_column = location.last_column;
}

static void next_raw(parse_context *context, raw_token *token)
{
    if (context->pending_count > 0) {
        *token = context->pending[0];
        context->pending[0] = context->pending[1];
        context->pending_count--;
        return;
    }
    read_raw(context, token);
}

static void push_back(parse_context *context, const raw_token *token)
{
    /* at most two tokens are ever held back */
    if (context->pending_count == 1)
        context->pending[1] = context->pending[0];
    context->pending[0] = *token;
    context->pending_count++;
}

static bool can_end_statement(int token)
{
    switch (token) {
    case NAME: case NUMBER: case STRING: case SIZE: case VERB: case '@':
    case ')': case ']': case '}': case RPAREN_Q: case RBRACK_Q:
        return true;
    default:
        return false;
    }
}

static bool continues_line(int token)
{
    switch (token) {
    case '|': case '&': case ',': case ARROW: case THEN: case AND: case OR:
    case IF: case UNLESS: case WHERE:
    case '{':   /* no statement starts with a block: "game \"G\"" then "{" */
        return true;
    default:
        return false;
    }
}

static bool newlines_count(const parse_context *context)
{
    return context->depth == 0 || context->brackets[context->depth - 1].kind == '{';
}

static source_location token_location(const parse_context *context, const raw_token *token)
{
    return parse_location(context, token->first_line, token->first_column, token->last_line,
                          token->last_column);
}

static void discard(raw_token *token)
{
    free(token->text);
    token->text = NULL;
}

/* Brackets: returns false when the token must not reach the parser. */
static bool match_brackets(parse_context *context, raw_token *token)
{
    char open = 0, close = 0;
    switch (token->type) {
    case '{': case '(': case '[':
        open = (char)token->type;
        break;
    case '}': close = '{'; break;
    case ')': case RPAREN_Q: close = '('; break;
    case ']': case RBRACK_Q: close = '['; break;
    default:
        return true;
    }
    source_location at = token_location(context, token);
    if (open) {
        if (context->depth == PARSE_MAX_NESTING) {
            parse_report_error(context, at, "split the expression or the block",
                               "brackets nested deeper than %d levels", PARSE_MAX_NESTING);
            context->abandoned = true;
            return false;
        }
        context->brackets[context->depth].kind = open;
        context->brackets[context->depth].at = at;
        context->depth++;
        return true;
    }
    if (context->depth == 0) {
        parse_report_error(context, at, NULL, "'%s' without a matching '%c'", closer_of(close), close);
        context->skip_syntax_errors = 1;
        return true;
    }
    const bracket *top = &context->brackets[context->depth - 1];
    if (top->kind != close) {
        char hint[96];
        snprintf(hint, sizeof hint, "the '%c' of line %d:%d is closed by '%s'", top->kind,
                 top->at.line, top->at.column, closer_of(top->kind));
        parse_report_error(context, at, hint, "'%s' does not match the '%c' opened on line %d",
                           closer_of(close), top->kind, top->at.line);
        /* Assume the inner bracket was forgotten (the parser will stumble
         * too, and need not say it again); if no bracket of this kind is
         * open, assume this one was mistyped and closes the innermost. */
        for (int d = context->depth - 1; d >= 0; d--) {
            if (context->brackets[d].kind == close) {
                context->depth = d;
                context->skip_syntax_errors = 1;
                return true;
            }
        }
        context->depth--;
        token->type = closer_of(top->kind)[0];
        return true;
    }
    context->depth--;
    return true;
}

int parser_lex(PARSER_STYPE *value, PARSER_LTYPE *location, parse_context *context)
{
    raw_token token;
    for (;;) {
        if (context->abandoned)
            return 0;
        next_raw(context, &token);
        if (token.type == RAW_NEWLINE || token.type == SEMICOLON) {
            bool explicit_end = token.type == SEMICOLON;
            if (!newlines_count(context) || (!explicit_end && !can_end_statement(context->last_token)))
                continue;
            if (!explicit_end) {
                /* Skip blank lines, then look at the next line's first token. */
                raw_token next;
                do
                    next_raw(context, &next);
                while (next.type == RAW_NEWLINE);
                push_back(context, &next);
                if (continues_line(next.type))
                    continue;
            }
            token.type = NL;
        } else if ((token.type == '}' || token.type == 0) && can_end_statement(context->last_token)
                   && newlines_count(context)) {
            /* The last statement of a block or file needs no newline. */
            push_back(context, &token);
            token.type = NL;
            token.last_line = token.first_line;
            token.last_column = token.first_column;
        } else if (!match_brackets(context, &token)) {
            discard(&token);
            continue;
        }
        /* 'not not not ...' and '- - - ...' nest like brackets do */
        if (token.type == NOT || token.type == '-') {
            if (++context->prefix_run > PARSE_MAX_NESTING) {
                parse_report_error(context, token_location(context, &token), "split the expression",
                                   "more than %d prefix operators in a row", PARSE_MAX_NESTING);
                context->abandoned = true;
                discard(&token);
                continue;
            }
        } else {
            context->prefix_run = 0;
        }
        break;
    }
    context->previous_token = context->last_token;
    context->previous_location = context->last_location;
    memcpy(context->previous_text, context->last_text, sizeof context->previous_text);
    context->last_token = token.type;
    snprintf(context->last_text, sizeof context->last_text, "%s", "");
    location->first_line = token.first_line;
    location->first_column = token.first_column;
    location->last_line = token.last_line;
    location->last_column = token.last_column;
    context->last_location = token_location(context, &token);
    switch (token.type) {
    case NAME:
    case FUNC:
    case STRING:
        value->text = token.text;
        snprintf(context->last_text, sizeof context->last_text, "%s", token.text ? token.text : "");
        break;
    case SIZE:
        value->size.width = token.number;
        value->size.height = token.number2;
        break;
    default:
        value->number = token.number;
        break;
    }
    if (token.type == VERB)
        snprintf(context->last_text, sizeof context->last_text, "%s", ast_verb_name((int)token.number));
    else if (token.type == CLAUSE)
        snprintf(context->last_text, sizeof context->last_text, "%s", ast_clause_name((int)token.number));
    else if (token.type > 0 && token.type < 128)
        snprintf(context->last_text, sizeof context->last_text, "%c", token.type);
    else {
        static const struct { int type; const char *text; } words[] = {
            { THEN, "then" }, { AND, "and" }, { OR, "or" }, { NOT, "not" }, { IN, "in" },
            { WHERE, "where" }, { OF, "of" }, { IF, "if" }, { UNLESS, "unless" }, { AS, "as" },
            { ARROW, "->" }, { DOTDOT, ".." }, { EQ, "==" }, { NE, "!=" }, { LE, "<=" }, { GE, ">=" },
        };
        for (size_t i = 0; i < sizeof words / sizeof *words; i++)
            if (words[i].type == token.type)
                snprintf(context->last_text, sizeof context->last_text, "%s", words[i].text);
    }
    return token.type;
}

ast_node *parse_source(const source_set *sources, int file, diag_list *diagnostics)
{
    parse_context context;
    memset(&context, 0, sizeof context);
    context.diagnostics = diagnostics;
    context.file = file;
    context.line = 1;
    context.column = 1;
    context.last_location = parse_location(&context, 1, 1, 1, 1);
    yyscan_t scanner;
    if (lexer_lex_init_extra(&context, &scanner) != 0)
        return NULL;
    context.scanner = scanner;
    const source_file *source = &sources->files[file];
    /* volatile: read again after a longjmp from parse_fatal */
    YY_BUFFER_STATE volatile buffer = NULL;
    volatile int status = 0;
    if (setjmp(context.fatal) == 0) {
        buffer = lexer__scan_bytes(source->text, (int)source->length, scanner);
        status = parser_parse(&context);
    } else {
        diag_report(diagnostics, DIAG_ERROR, context.last_location, NULL,
                    "cannot read this file: %s", context.fatal_message);
        context.abandoned = true;
    }
    /* Error recovery may swallow the end of file; an open bracket there is
     * still the likeliest cause, so say where it was opened. */
    if (context.depth > 0 && !context.abandoned)
        parse_report_unclosed(&context, parse_location(&context, context.line, context.column,
                                                       context.line, context.column));
    if (buffer)
        lexer__delete_buffer(buffer, scanner);
    lexer_lex_destroy(scanner);
    for (int i = 0; i < context.pending_count; i++)
        discard(&context.pending[i]);
    if (status == 2 && !context.abandoned)
        diag_report(diagnostics, DIAG_ERROR, context.last_location, "split the expression",
                    "expression nested too deeply to parse");
    if (!context.result)
        context.result = ast_new(AST_FILE, parse_location(&context, 1, 1, 1, 1));
    return context.result;
}
