/* set_words_build: the programs on one word of the set expressions of a
 * board of at most 64 cells (game.word_ops, cexpr.word_program), written
 * once at load time; movegen/set_words.h runs them. */
#ifndef TABULA_SET_WORDS_BUILD_H
#define TABULA_SET_WORDS_BUILD_H

#include "game/game.h"

/* Compiles every set expression it can into a program (the others keep
 * word_program -1), sets game.board_word and cexpr.count_words; false only
 * when memory runs out. */
bool set_words_build(game *g);

/* Whether the program at FIRST reads the position alone (and the player
 * it is run for): no cell or set of the turn being built. */
bool set_words_of_position(const game *g, int first);

#endif
