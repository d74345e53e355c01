/* parse: turns the text of one rules file into an AST.
 *
 * Syntax errors go to DIAGNOSTICS with their locations; parsing goes on past
 * them where it can, so one run shows most mistakes.  The result is the
 * file's tree (possibly partial when there were errors), or NULL when memory
 * ran out.  Includes are not followed here; see loader.h.
 */
#ifndef TABULA_PARSE_H
#define TABULA_PARSE_H

#include "ast.h"
#include "diag.h"
#include "source.h"

ast_node *parse_source(const source_set *sources, int file, diag_list *diagnostics);

#endif
