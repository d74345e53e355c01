/* fuzz_games: the games the position and move-text fuzzers play in, each
 * loaded once (from the source tree's games/ and stdlib/) and kept. */
#ifndef TABULA_FUZZ_GAMES_H
#define TABULA_FUZZ_GAMES_H

#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>

#include "fuzz_common.h"
#include "game/game.h"
#include "rules/load.h"
#include "movegen/movegen.h"
#include "game/position.h"

typedef struct fuzz_game {
    const char *file;       /* under games/ */
    game *game;
    movegen *generator;
    position start;         /* the start position, never changed */
    position work, again;   /* scratch */
    move_list moves;
} fuzz_game;

static inline void fuzz_game_load(fuzz_game *f)
{
    char relative[256];
    snprintf(relative, sizeof relative, "games/%s", f->file);
    source_set sources;
    diag_list diagnostics;
    source_set_init(&sources);
    diag_init(&diagnostics);
    game_load_options options = { NULL, { fuzz_path("stdlib"), NULL } };
    bool unreadable = false;
    f->game = game_load(fuzz_path(relative), &options, &sources, &diagnostics, &unreadable);
    if (!f->game) {
        diag_print(&diagnostics, &sources, stderr, false);
        fprintf(stderr, "fuzz: cannot load %s (set TABULA_FUZZ_ROOT)\n", fuzz_path(relative));
        exit(1);
    }
    diag_free(&diagnostics);
    source_set_free(&sources);
    f->generator = movegen_new(f->game);
    if (!f->generator || !pos_init(&f->start, f->game) || !pos_init(&f->work, f->game) ||
        !pos_init(&f->again, f->game) || !move_list_init(&f->moves)) {
        fprintf(stderr, "fuzz: out of memory setting up %s\n", f->file);
        exit(1);
    }
}

#endif
