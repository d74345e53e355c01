/* specialise: what the generator may take for granted about one game,
 * worked out once at load time from the compiled nodes and board.
 *
 * Nothing here changes what a game means: each fact is a proof that some
 * general work cannot matter (a part of a turn that can never take a piece
 * needs no running while the generator only looks for captures), or a table
 * that replaces arithmetic the generator would repeat.
 */
#ifndef TABULA_SPECIALISE_H
#define TABULA_SPECIALISE_H

#include "cellset.h"
#include "game.h"

/* Marks the nodes and fills the tables; false only when memory runs out. */
bool specialise_game(game *g);

/* Whether the set E (-1: none) reads only the position and the players:
 * not where a piece stands or what a turn did so far, so that it is the
 * same set for every anchor (a pattern's start, each piece of a select). */
bool spec_position_only(const game *g, int e);

/* Compiles the set expressions of a board of one word into programs
 * (set_words.c); false only when memory runs out. */
bool set_words_build(game *g);
void set_words_none(game *g);

/* Takes every fact back, so that the generator does all the general work
 * (for tests that compare the two). */
void specialise_none(game *g);

/* Cell sets moved along a direction in one go, where the board numbers its
 * cells so that a step in direction D adds a constant to the index
 * (g->shift_valid[D]: square boards, by rows).  Whole words are shifted, so
 * a line of the board costs what one cell does. */

/* OUT = IN with every index lowered by N (N >= 0). */
static inline void cellset_shift_down(cellset *out, const cellset *in, int n, int words)
{
    if (words == 1) {
        out->w[0] = n < 64 ? in->w[0] >> n : 0;
        return;
    }
    int w = n >> 6, b = n & 63;
    for (int i = 0; i < words; i++) {
        uint64_t lo = i + w < words ? in->w[i + w] : 0;
        uint64_t hi = i + w + 1 < words ? in->w[i + w + 1] : 0;
        out->w[i] = b ? (lo >> b) | (hi << (64 - b)) : lo;
    }
}

/* OUT = IN with every index raised by N (N >= 0), cut at WORDS words. */
static inline void cellset_shift_up(cellset *out, const cellset *in, int n, int words)
{
    if (words == 1) {
        out->w[0] = n < 64 ? in->w[0] << n : 0;
        return;
    }
    int w = n >> 6, b = n & 63;
    for (int i = words - 1; i >= 0; i--) {
        uint64_t lo = i - w >= 0 ? in->w[i - w] : 0;
        uint64_t lower = i - w - 1 >= 0 ? in->w[i - w - 1] : 0;
        out->w[i] = b ? (lo << b) | (lower >> (64 - b)) : lo;
    }
}

/* OUT = the cells whose neighbour in direction D is in IN.  OUT may be IN. */
static inline void spec_shift_back(const game *g, int d, const cellset *in, cellset *out)
{
    int o = g->shift_offset[d];
    if (o >= 0)
        cellset_shift_down(out, in, o, g->words);
    else
        cellset_shift_up(out, in, -o, g->words);
    cellset_and(out, &g->shift_from[d], g->words);
}

/* OUT = the neighbours in direction D of the cells of IN.  OUT may be IN. */
static inline void spec_shift_forward(const game *g, int d, const cellset *in, cellset *out)
{
    cellset from;
    cellset_copy(&from, in, g->words);
    cellset_and(&from, &g->shift_from[d], g->words);
    int o = g->shift_offset[d];
    if (o >= 0)
        cellset_shift_up(out, &from, o, g->words);
    else
        cellset_shift_down(out, &from, -o, g->words);
}

#endif
