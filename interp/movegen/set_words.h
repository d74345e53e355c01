/* set_words: a set expression's program on a board of one word
 * (game.word_ops, written by spec/set_words_build.c), run. */
#ifndef TABULA_SET_WORDS_H
#define TABULA_SET_WORDS_H

#include <stdint.h>

#include "game/position.h"

struct gen;

/* The word of cells of the program at FIRST, for the turn X builds. */
uint64_t set_words_run(const struct gen *x, int first);

/* What a set of the position alone reads (set_words_of_position,
 * spec_position_only): the game, the position, and the player it is read
 * for.  The readers that run no turn (the word placements, the quick
 * reading of the end) take this, not a generator. */
typedef struct position_view {
    const game *g;
    const position *pos;
    int player;
    int next;       /* as gen.next */
} position_view;

/* The same for a program of the position alone (set_words_of_position),
 * read for V's player. */
uint64_t set_words_run_view(const position_view *v, int first);

#endif
