/* set_words: a set expression's program on a board of one word
 * (game.word_ops, written by spec/set_words_build.c), run. */
#ifndef TABULA_SET_WORDS_H
#define TABULA_SET_WORDS_H

#include <stdint.h>

struct gen;

/* The word of cells of the program at FIRST, for the turn X builds. */
uint64_t set_words_run(const struct gen *x, int first);

#endif
