/* ast: building, copying, freeing and dumping syntax trees. */
#include "ast.h"

#include <stdlib.h>
#include <string.h>

ast_node *ast_new(ast_kind kind, source_location location)
{
    ast_node *node = calloc(1, sizeof *node);
    if (!node)
        return NULL;
    node->kind = kind;
    node->location = location;
    return node;
}

ast_node *ast_new_text(ast_kind kind, source_location location, char *text)
{
    ast_node *node = ast_new(kind, location);
    if (!node) {
        free(text);
        return NULL;
    }
    node->text = text;
    return node;
}

ast_node *ast_new_op(ast_kind kind, int op, source_location location, ast_node *a, ast_node *b)
{
    ast_node *node = ast_new(kind, location);
    if (!node) {
        ast_free(a);
        ast_free(b);
        return NULL;
    }
    node->op = op;
    if (a)
        ast_append(node, a);
    if (b)
        ast_append(node, b);
    return node;
}

ast_node *ast_append(ast_node *parent, ast_node *child)
{
    if (!parent) {
        ast_free(child);
        return NULL;
    }
    if (!child) {
        child = ast_new(AST_EMPTY, parent->location);
        if (!child)
            return parent;
    }
    if (parent->child_count == parent->child_capacity) {
        int capacity = parent->child_capacity ? parent->child_capacity * 2 : 4;
        ast_node **children = realloc(parent->children, (size_t)capacity * sizeof *children);
        if (!children) {
            ast_free(child);
            return parent;
        }
        parent->children = children;
        parent->child_capacity = capacity;
    }
    parent->children[parent->child_count++] = child;
    return parent;
}

void ast_free(ast_node *node)
{
    if (!node)
        return;
    for (int i = 0; i < node->child_count; i++)
        ast_free(node->children[i]);
    free(node->children);
    free(node->text);
    free(node);
}

ast_node *ast_copy(const ast_node *node)
{
    if (!node)
        return NULL;
    ast_node *copy = ast_new(node->kind, node->location);
    if (!copy)
        return NULL;
    copy->op = node->op;
    copy->number = node->number;
    copy->number2 = node->number2;
    if (node->text && !(copy->text = strdup(node->text))) {
        ast_free(copy);
        return NULL;
    }
    for (int i = 0; i < node->child_count; i++) {
        ast_node *child = ast_copy(node->children[i]);
        if (!child) {
            ast_free(copy);
            return NULL;
        }
        ast_append(copy, child);
    }
    return copy;
}

source_location ast_span(source_location first, source_location last)
{
    source_location span = first;
    if (last.file == first.file
        && (last.end_line > first.end_line
            || (last.end_line == first.end_line && last.end_column > first.end_column))) {
        span.end_line = last.end_line;
        span.end_column = last.end_column;
    }
    return span;
}

const char *ast_verb_name(int verb)
{
    static const char *names[] = {
        "?", "step", "slide", "leap", "hop", "jump", "push", "place", "change", "flip",
        "capture", "remove", "apply", "set", "roll", "relocate", "pass", "sow", "carry",
    };
    return verb > 0 && verb < (int)(sizeof names / sizeof *names) ? names[verb] : "?";
}

const char *ast_clause_name(int clause)
{
    static const char *names[] = {
        "?", "to", "over", "from", "at", "for", "max", "min", "exactly", "land",
    };
    return clause > 0 && clause < (int)(sizeof names / sizeof *names) ? names[clause] : "?";
}

const char *ast_op_name(int op)
{
    static const char *names[] = {
        "?", "|", "then", "or", "and", "not", "neg", "==", "!=", "<", "<=", ">", ">=",
        "in", "&", "-", "+", "of", "where", "..", "if", "unless",
    };
    return op > 0 && op < (int)(sizeof names / sizeof *names) ? names[op] : "?";
}

static const char *kind_name(ast_kind kind)
{
    static const char *names[] = {
        [AST_FILE] = "file", [AST_INCLUDE] = "include", [AST_GAME] = "game",
        [AST_VARIANT] = "variant", [AST_DEFINE] = "define", [AST_PATTERN] = "pattern",
        [AST_STATEMENT] = "stmt", [AST_BLOCK] = "block", [AST_EMPTY] = "_",
        [AST_PAT_FOR] = "for", [AST_PAT_LINE] = "line", [AST_PAT_ANY] = "any",
        [AST_PAT_ALL] = "all", [AST_PAT_PATH] = "path", [AST_PAT_STEP] = "step",
        [AST_PAT_AS] = "as", [AST_NAME] = "name", [AST_NUMBER] = "num",
        [AST_STRING] = "str", [AST_SIZE] = "size", [AST_ANCHOR] = "@", [AST_CALL] = "call",
        [AST_PHRASE] = "phrase", [AST_LIST] = "list", [AST_BINARY] = "bin",
        [AST_UNARY] = "un", [AST_GUARD] = "guard", [AST_GROUP] = "group", [AST_MARK] = "mark",
        [AST_ACTION] = "action", [AST_CLAUSE] = "clause",
    };
    return names[kind];
}

static void dump(const ast_node *node, FILE *stream)
{
    switch (node->kind) {
    case AST_NAME:
        fputs(node->text, stream);
        return;
    case AST_NUMBER:
        fprintf(stream, "%ld", node->number);
        return;
    case AST_STRING:
        fprintf(stream, "\"%s\"", node->text);
        return;
    case AST_SIZE:
        fprintf(stream, "%ldx%ld", node->number, node->number2);
        return;
    case AST_EMPTY:
    case AST_ANCHOR:
        fputs(kind_name(node->kind), stream);
        return;
    default:
        break;
    }
    fprintf(stream, "(%s", kind_name(node->kind));
    if (node->kind == AST_ACTION)
        fprintf(stream, " %s", ast_verb_name(node->op));
    else if (node->kind == AST_CLAUSE)
        fprintf(stream, " %s", ast_clause_name(node->op));
    else if (node->kind == AST_BINARY || node->kind == AST_UNARY || node->kind == AST_GUARD)
        fprintf(stream, " %s", ast_op_name(node->op));
    else if ((node->kind == AST_GROUP || node->kind == AST_MARK) && node->op)
        fprintf(stream, "%c", node->op);
    if (node->text)
        fprintf(stream, " '%s'", node->text);
    for (int i = 0; i < node->child_count; i++) {
        fputc(' ', stream);
        dump(node->children[i], stream);
    }
    fputc(')', stream);
}

void ast_dump(const ast_node *node, FILE *stream)
{
    if (node)
        dump(node, stream);
    fputc('\n', stream);
}
