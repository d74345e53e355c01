/* compile: turns one checked build of a game into a game (see game.h). */
#ifndef TABULA_COMPILE_H
#define TABULA_COMPILE_H

#include "ast.h"
#include "diag.h"
#include "game/game.h"

/* STATEMENTS are the build's statements with macros expanded, as the
 * checker hands them over; NULL when something cannot be compiled
 * (reported in DIAGNOSTICS). */
game *compile_game(const ast_node *game_node, const ast_node *variant,
                   const ast_node *const *statements, int count,
                   const ast_node *const *templates, int template_count, diag_list *diagnostics);

#endif
