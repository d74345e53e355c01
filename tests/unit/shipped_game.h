/* shipped_game: loads one of the games shipped in games/ for a unit test
 * (top_srcdir from the test environment), printing why when it cannot. */
#ifndef TABULA_TEST_SHIPPED_GAME_H
#define TABULA_TEST_SHIPPED_GAME_H

#include <stdio.h>
#include <stdlib.h>

#include "game.h"

static inline game *shipped_game(const char *name, const char *variant)
{
    char path[1024];
    const char *top = getenv("top_srcdir");
    snprintf(path, sizeof path, "%s/games/%s.rules", top ? top : ".", name);
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

#endif
