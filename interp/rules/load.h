/* load: a rules file read, checked and compiled into a game, all the way
 * (lang's loader, then rules/check.c, then rules/compile.c, which ends by
 * specialising the game: spec/). */
#ifndef TABULA_LOAD_H
#define TABULA_LOAD_H

#include <stdbool.h>
#include <stddef.h>

#include "diag.h"
#include "game/game.h"
#include "loader.h"
#include "source.h"

typedef struct game_load_options {
    const char *variant;                /* NULL: the game itself */
    loader_options loader;
} game_load_options;

/* Loads, checks and compiles PATH.  Returns NULL and leaves the reasons in
 * DIAGNOSTICS (with SOURCES for printing) on failure; *UNREADABLE tells a
 * file that could not be read from one with errors. */
game *game_load(const char *path, const game_load_options *options, source_set *sources,
                diag_list *diagnostics, bool *unreadable);
/* The same for a rules file's TEXT (LENGTH bytes) already in memory,
 * called NAME in diagnostics (loader_load_text); *UNREADABLE: TEXT is too
 * large. */
game *game_load_text(const char *name, const char *text, size_t length, const game_load_options *options,
                     source_set *sources, diag_list *diagnostics, bool *unreadable);
#endif
