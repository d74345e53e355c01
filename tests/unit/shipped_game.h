/* shipped_game: loads one of the games shipped in games/ (or any rules file
 * of the source tree) for a unit test (top_srcdir from the test
 * environment), printing why when it cannot. */
#ifndef TABULA_TEST_SHIPPED_GAME_H
#define TABULA_TEST_SHIPPED_GAME_H

#include <stdio.h>
#include <stdlib.h>

#include "game/game.h"
#include "rules/load.h"

/* RELATIVE: a path from the top of the source tree. */
static inline game *tree_game(const char *relative, const char *variant)
{
    char path[1024];
    const char *top = getenv("top_srcdir");
    snprintf(path, sizeof path, "%s/%s", top ? top : ".", relative);
    source_set sources;
    diag_list diagnostics;
    source_set_init(&sources);
    diag_init(&diagnostics);
    game_load_options options = { variant, loader_options_from_environment(NULL) };
    bool unreadable;
    game *g = game_load(path, &options, &sources, &diagnostics, &unreadable);
    if (!g)
        diag_print(&diagnostics, &sources, stderr, false);
    diag_free(&diagnostics);
    source_set_free(&sources);
    return g;
}

/* NAME: a game of games/, without its .rules */
static inline game *shipped_game(const char *name, const char *variant)
{
    char relative[256];
    snprintf(relative, sizeof relative, "games/%s.rules", name);
    return tree_game(relative, variant);
}

#endif
