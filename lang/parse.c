/* parse: the token filter between the lexer and the grammar, and the entry
 * point.
 *
 * The filter is where the language's line structure lives: a newline ends a
 * statement only outside ( ) and [ ], only after a token that can end one,
 * and not when the next line starts with an operator that continues it
 * ("| slide ...", "then ...").  It also matches brackets, so that an unclosed
 * '{' is reported where it was opened, and bounds the nesting depth.  And it
 * follows each statement's head, so that a '{' left out is reported at the
 * statement that lacks it rather than at the '}' left over at the end of the
 * file, and a reserved word where a name is declared is called reserved.
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
#include "utf8.h"

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

/* How TOKEN is written, for messages: a name, a string's text, a keyword,
 * a bracket or operator; "" for a number or a size. */
static void token_spelling(const raw_token *token, char *out, size_t size)
{
    static const struct { int type; const char *text; } words[] = {
        { GAME, "game" }, { INCLUDE, "include" }, { VARIANT, "variant" }, { DEFINE, "define" },
        { PATTERN, "pattern" },
        { THEN, "then" }, { AND, "and" }, { OR, "or" }, { NOT, "not" }, { IN, "in" },
        { WHERE, "where" }, { OF, "of" }, { IF, "if" }, { UNLESS, "unless" }, { AS, "as" },
        { ARROW, "->" }, { DOTDOT, ".." }, { EQ, "==" }, { NE, "!=" }, { LE, "<=" }, { GE, ">=" },
    };
    snprintf(out, size, "%s", "");
    switch (token->type) {
    case NAME:
    case FUNC:
    case STRING:
        snprintf(out, size, "%s", token->text ? token->text : "");
        return;
    case VERB:
        snprintf(out, size, "%s", ast_verb_name((int)token->number));
        return;
    case CLAUSE:
        snprintf(out, size, "%s", ast_clause_name((int)token->number));
        return;
    default:
        break;
    }
    if (token->type > 0 && token->type < 128) {
        snprintf(out, size, "%c", token->type);
        return;
    }
    for (size_t i = 0; i < sizeof words / sizeof *words; i++)
        if (words[i].type == token->type)
            snprintf(out, size, "%s", words[i].text);
}

/* The heads whose statements take a block, and whether the statement means
 * nothing without it (a piece may have no moves of its own, a setup must
 * say where the pieces stand).  The checker gives the heads their meaning
 * (interp/rules/check_statements.c); the grammar itself asks for the block
 * of game, variant and pattern. */
static const struct block_head {
    const char *word;
    bool needs_block;
} block_heads[] = {
    { "game", true }, { "variant", true }, { "pattern", true }, { "setup", true },
    { "moves", true }, { "turn", true }, { "end", true }, { "filter", true },
    { "bonus", true }, { "display", true }, { "position", true }, { "extend", true },
    { "players", false }, { "board", false }, { "piece", false }, { "region", false },
};

static const struct block_head *block_head_of(const statement_state *statement)
{
    if (statement->first_token != NAME && statement->first_token != GAME
        && statement->first_token != VARIANT && statement->first_token != PATTERN)
        return NULL;
    for (size_t i = 0; i < sizeof block_heads / sizeof *block_heads; i++)
        if (!strcmp(block_heads[i].word, statement->first_word))
            return &block_heads[i];
    return NULL;
}

/* A statement starts with the first token of the file, of a line (after
 * the filter's end of line) or of a block. */
static bool starts_statement(const parse_context *context, const raw_token *token)
{
    if (token->type == 0 || token->type == NL || token->type == '}')
        return false;
    return context->last_token == 0 || context->last_token == NL || context->last_token == '{';
}

static void statement_starts(parse_context *context, const raw_token *token)
{
    if (context->has_just_ended) {
        /* Lines indented under a head that takes a block are most likely
         * that block without its '{'. */
        unopened_block ended = context->just_ended;
        ended.indented = token->first_line > ended.head.line && token->first_column > ended.head.column;
        if ((ended.indented || ended.needs_block) && context->unopened_count < PARSE_MAX_UNOPENED)
            context->unopened[context->unopened_count++] = ended;
        context->has_just_ended = false;
    }
    statement_state *statement = &context->statement;
    statement->first_token = token->type;
    token_spelling(token, statement->first_word, sizeof statement->first_word);
    statement->tokens = 0;
    statement->head = token_location(context, token);
    statement->opened_block = false;
}

static void statement_ends(parse_context *context)
{
    const struct block_head *head = block_head_of(&context->statement);
    if (head && !context->statement.opened_block) {
        context->just_ended.head = context->statement.head;
        context->just_ended.needs_block = head->needs_block;
        context->just_ended.indented = false;
        context->has_just_ended = true;
    }
    context->statement.first_token = 0;
}

/* Follows the statement TOKEN belongs to: where it starts, where its head
 * line ends, whether it opens a block. */
static void follow_statement(parse_context *context, const raw_token *token)
{
    if (token->type == NL) {
        statement_ends(context);
        return;
    }
    if (starts_statement(context, token))
        statement_starts(context, token);
    statement_state *statement = &context->statement;
    if (statement->first_token == 0)
        return;
    if (token->type == '{' || token->type == '}') {
        statement->opened_block = true;
    } else if (!statement->opened_block && token->first_line == statement->head.line) {
        statement->head.end_line = token->last_line;
        statement->head.end_column = token->last_column;
    }
    statement->tokens++;
}

/* The text of the source between two columns of one line, for quoting a
 * statement's head; "" when the line cannot be read. */
static void quote_columns(const parse_context *context, source_location at, char *out, size_t size)
{
    snprintf(out, size, "%s", "");
    size_t length;
    const char *line = context->sources ? source_line(context->sources, context->file, at.line, &length)
                                        : NULL;
    if (!line)
        return;
    /* columns count characters, as the lexer counts them */
    size_t from = length, to = length, i = 0;
    for (int column = 1; i <= length; column++) {
        if (column == at.column)
            from = i;
        if (column == at.end_column + 1 || i == length) {
            to = i;
            break;
        }
        int n = utf8_sequence_length((const unsigned char *)line + i, length - i);
        i += n > 0 ? (size_t)n : 1;
    }
    if (from >= to)
        return;
    size_t n = to - from;
    if (n >= size) {
        /* a long head is cut, and says so */
        n = size > 4 ? size - 4 : 0;
        snprintf(out, size, "%.*s...", (int)n, line + from);
        return;
    }
    snprintf(out, size, "%.*s", (int)n, line + from);
}

/* Reports that the block of UNOPENED has no '{', just after its head. */
static void report_missing_brace(parse_context *context, const unopened_block *unopened)
{
    source_location head = unopened->head;
    source_location after = parse_location(context, head.end_line, head.end_column + 1,
                                           head.end_line, head.end_column + 1);
    char text[48], hint[128];
    quote_columns(context, head, text, sizeof text);
    snprintf(hint, sizeof hint, "a block opens with '{' after its head, as in '%s {'", text);
    parse_report_error(context, after, hint, "missing '{' after '%s'", text);
}

bool parse_report_missing_brace(parse_context *context)
{
    if (!context->has_just_ended)
        return false;
    context->has_just_ended = false;
    report_missing_brace(context, &context->just_ended);
    /* the '}' meant to close that block will be left over: it is explained */
    context->missing_braces_reported++;
    return true;
}

/* A '}' with no '{' to close.  Most often a '{' was left out before it:
 * the '}' of that block closed the block around it, and so on out, and the
 * last '}' is left over, far from the mistake.  So this reports, when one
 * can be told, the statement whose '{' is missing: a head that takes a
 * block and has lines indented under it, or that means nothing without a
 * block; the first such, since the mistakes are met in order. */
static void report_unmatched_close(parse_context *context, source_location at)
{
    if (context->missing_braces_reported > 0) {
        context->missing_braces_reported--;
        return;
    }
    if (context->has_just_ended && context->just_ended.needs_block
        && context->unopened_count < PARSE_MAX_UNOPENED) {
        context->unopened[context->unopened_count++] = context->just_ended;
        context->has_just_ended = false;
    }
    int best = -1, best_score = 0;
    for (int i = 0; i < context->unopened_count; i++) {
        int score = 2 * context->unopened[i].indented + context->unopened[i].needs_block;
        if (score > best_score) {
            best = i;
            best_score = score;
        }
    }
    if (best < 0) {
        parse_report_error(context, at, NULL, "'}' without a matching '{'");
        return;
    }
    report_missing_brace(context, &context->unopened[best]);
    context->unopened_count--;
    memmove(&context->unopened[best], &context->unopened[best + 1],
            (size_t)(context->unopened_count - best) * sizeof *context->unopened);
}

/* What a name standing where TOKEN stands would name, when TOKEN is a
 * reserved word there: the name after piece, var, region and the other
 * heads that declare one, a player's name after players.  NULL elsewhere. */
static const char *reserved_word_declares(const parse_context *context, const raw_token *token)
{
    static const struct { const char *head, *names; } declaring_heads[] = {
        { "piece", "a piece" }, { "moves", "a piece" }, { "bonus", "a piece" },
        { "var", "a variable" }, { "flag", "a flag" }, { "region", "a region" },
        { "directions", "a direction set" },
    };
    switch (token->type) {
    case GAME: case INCLUDE: case VARIANT: case DEFINE: case PATTERN:
    case THEN: case AND: case OR: case NOT: case IN: case WHERE: case OF: case IF:
    case UNLESS: case AS: case VERB: case CLAUSE:
        break;
    default:
        return NULL;
    }
    const statement_state *statement = &context->statement;
    if (statement->first_token == 0 || statement->opened_block || starts_statement(context, token))
        return NULL;
    if (statement->first_token == DEFINE)
        /* a verb may name a macro: see 'define' in parser.y */
        return statement->tokens == 1 && token->type != VERB ? "a macro" : NULL;
    if (statement->first_token == PATTERN) {
        if (statement->tokens == 1)
            return "a pattern";
        if (statement->tokens == 3 && context->last_token == CLAUSE && !strcmp(context->last_text, "for"))
            return "the variable of a pattern";
        return NULL;
    }
    if (statement->first_token != NAME)
        return NULL;
    if (!strcmp(statement->first_word, "players"))
        return "a player";
    for (size_t i = 0; i < sizeof declaring_heads / sizeof *declaring_heads; i++)
        if (statement->tokens == 1 && !strcmp(statement->first_word, declaring_heads[i].head))
            return declaring_heads[i].names;
    return NULL;
}

/* Reports the reserved word TOKEN where a name is declared, then hands it
 * on as a name: the grammar would otherwise stumble over it and say only
 * that it is unexpected, once or more. */
static void report_reserved_name(parse_context *context, raw_token *token, const char *declares)
{
    char word[32];
    token_spelling(token, word, sizeof word);
    parse_report_error(context, token_location(context, token),
                       "choose another name; tabula-rules(5) lists the reserved words",
                       "'%s' is a reserved word and cannot name %s", word, declares);
    token->text = strdup(word);
    token->type = NAME;
    /* "define where(x) = ..." declares a function: a name right before '(' */
    raw_token next;
    next_raw(context, &next);
    push_back(context, &next);
    if (next.type == '(' && next.first_line == token->last_line
        && next.first_column == token->last_column + 1)
        token->type = FUNC;
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
        if (close == '{')
            report_unmatched_close(context, at);
        else
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
    const char *declares = reserved_word_declares(context, &token);
    if (declares)
        report_reserved_name(context, &token, declares);
    follow_statement(context, &token);
    context->previous_token = context->last_token;
    context->previous_location = context->last_location;
    memcpy(context->previous_text, context->last_text, sizeof context->previous_text);
    context->last_token = token.type;
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
        break;
    case SIZE:
        value->size.width = token.number;
        value->size.height = token.number2;
        break;
    default:
        value->number = token.number;
        break;
    }
    token_spelling(&token, context->last_text, sizeof context->last_text);
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
    context.sources = sources;
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
