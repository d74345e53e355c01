/* macro: expansion of `define` macros in the tree.
 *
 * A macro use is a name (or a call of that name) in an expression; it is
 * replaced by a copy of the macro's body in which each parameter name is
 * replaced by the corresponding argument.  A macro named like a verb (Mynd's
 * `sow`, written before `sow` was a verb) is used by the verb alone, with
 * no argument and no clause.  Expansion repeats inside the
 * result, up to a fixed depth, which is how a macro that uses itself is
 * caught.
 */
#include <string.h>

#include "rules/check_internal.h"

#define MACRO_MAX_DEPTH 32

typedef struct expansion {
    const ast_node *const *defines;
    int define_count;
    diag_list *diagnostics;
    bool reported;
} expansion;

static const ast_node *find_define(const expansion *e, const char *name)
{
    for (int i = e->define_count - 1; i >= 0; i--)
        if (strcmp(e->defines[i]->text, name) == 0)
            return e->defines[i];
    return NULL;
}

/* Replaces, in place, names that are parameters of DEFINE with copies of
 * ARGUMENTS. */
static ast_node *substitute(ast_node *node, const ast_node *define, const ast_node *arguments)
{
    if (node->kind == AST_NAME) {
        for (int p = 0; p < define->number; p++) {
            if (strcmp(define->children[p]->text, node->text) == 0) {
                ast_node *copy = ast_copy(arguments->children[p]);
                if (copy) {
                    ast_free(node);
                    return copy;
                }
            }
        }
        return node;
    }
    for (int i = 0; i < node->child_count; i++)
        node->children[i] = substitute(node->children[i], define, arguments);
    return node;
}

static ast_node *expand(expansion *e, ast_node *node, int depth);

static ast_node *expand_use(expansion *e, ast_node *node, const ast_node *define, int depth)
{
    if (depth >= MACRO_MAX_DEPTH) {
        if (!e->reported)
            diag_report(e->diagnostics, DIAG_ERROR, node->location,
                        "a macro may not use itself, directly or through another",
                        "macro '%s' expands more than %d levels deep", define->text,
                        MACRO_MAX_DEPTH);
        e->reported = true;
        return node;
    }
    int parameters = (int)define->number;
    int given = node->kind == AST_CALL ? node->child_count : 0;
    if (given != parameters) {
        diag_report(e->diagnostics, DIAG_ERROR, node->location, NULL,
                    "macro '%s' takes %d argument%s, given %d", define->text, parameters,
                    parameters == 1 ? "" : "s", given);
        /* reported once; the checks that follow should not see it again */
        ast_node *empty = ast_new(AST_EMPTY, node->location);
        if (!empty)
            return node;
        empty->op = 1;
        ast_free(node);
        return empty;
    }
    ast_node *body = ast_copy(define->children[define->child_count - 1]);
    if (!body)
        return node;
    if (parameters > 0)
        body = substitute(body, define, node);
    ast_free(node);
    return expand(e, body, depth + 1);
}

static ast_node *expand(expansion *e, ast_node *node, int depth)
{
    if (!node || e->reported)
        return node;
    if ((node->kind == AST_NAME || node->kind == AST_CALL) && node->text) {
        const ast_node *define = find_define(e, node->text);
        if (define) {
            /* expand the arguments first, in the caller's scope */
            for (int i = 0; i < node->child_count; i++)
                node->children[i] = expand(e, node->children[i], depth);
            return expand_use(e, node, define, depth);
        }
    }
    if (node->kind == AST_ACTION && node->child_count == 1 && node->children[0]->kind == AST_EMPTY) {
        const ast_node *define = find_define(e, ast_verb_name(node->op));
        if (define)
            return expand_use(e, node, define, depth);
    }
    /* a pattern's name and a define's own header are not uses */
    if (node->kind == AST_DEFINE)
        return node;
    for (int i = 0; i < node->child_count; i++)
        node->children[i] = expand(e, node->children[i], depth);
    return node;
}

ast_node *macro_expand(const ast_node *node, const ast_node *const *defines, int define_count,
                       diag_list *diagnostics)
{
    ast_node *copy = ast_copy(node);
    if (!copy || define_count == 0)
        return copy;
    expansion e = { defines, define_count, diagnostics, false };
    return expand(&e, copy, 0);
}
