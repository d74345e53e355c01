/* shifts: cell sets moved along a direction in one go, and the cells seen
 * along lines, read from the tables specialisation builds (game.shift_*,
 * game.sight_rays).  Run time: the generator's steps, selects and
 * patterns, and the word playouts.
 *
 * On a board whose cells are numbered so that a step in direction D adds
 * a constant to the index (g->spec.shift_valid[D]: square boards, by rows),
 * whole words are shifted, so a line of the board costs what one cell
 * does. */
#ifndef TABULA_SHIFTS_H
#define TABULA_SHIFTS_H

#include "game/cellset.h"
#include "game/game.h"

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
static inline void shift_back(const game *g, int d, const cellset *in, cellset *out)
{
    int o = g->spec.shift_offset[d];
    if (o >= 0)
        cellset_shift_down(out, in, o, g->words);
    else
        cellset_shift_up(out, in, -o, g->words);
    cellset_and(out, &g->spec.shift_from[d], g->words);
}

/* shift_back and shift_forward on a board of one word (whose
 * offsets are all below 64), as rotations: no bit goes round the word (a
 * cell with a neighbour in D moves onto it; the cells a rotation back
 * brings round have none), and a rotation by an offset of either sign is
 * one instruction, where a shift would branch on the sign. */
static inline uint64_t word_rotate_left(uint64_t w, int by)
{
    return (w << (by & 63)) | (w >> (-by & 63));
}

static inline uint64_t shift_word_back(const game *g, int d, uint64_t in)
{
    return word_rotate_left(in, -g->spec.shift_offset[d]) & g->spec.shift_from[d].w[0];
}

static inline uint64_t shift_word_forward(const game *g, int d, uint64_t in)
{
    return word_rotate_left(in & g->spec.shift_from[d].w[0], g->spec.shift_offset[d]);
}

/* OUT = the neighbours in direction D of the cells of IN.  OUT may be IN. */
static inline void shift_forward(const game *g, int d, const cellset *in, cellset *out)
{
    cellset from;
    cellset_copy(&from, in, g->words);
    cellset_and(&from, &g->spec.shift_from[d], g->words);
    int o = g->spec.shift_offset[d];
    if (o >= 0)
        cellset_shift_up(out, &from, o, g->words);
    else
        cellset_shift_down(out, &from, -o, g->words);
}

/* Adds to OUT the cells seen from CELL in direction D (a shift, with
 * game.sight_rays built): those up to the first cell of FILLED or the
 * board's edge, that cell not included.  A step along a shift adds a
 * constant to the index, so the nearest filled cell of the ray is its
 * lowest (the constant above 0) or highest, and the cells past it are its
 * own ray. */
static inline void sight_along(const game *g, int d, int cell, const cellset *filled, cellset *out)
{
    int words = g->words;
    size_t cells = (size_t)g->board.cell_count;
    const uint64_t *rays = g->sight_rays + (size_t)d * cells * (size_t)words;
    const uint64_t *ray = rays + (size_t)cell * (size_t)words;
    int blocker = -1;
    if (g->spec.shift_offset[d] > 0) {
        for (int i = 0; i < words && blocker < 0; i++) {
            uint64_t m = ray[i] & filled->w[i];
            if (m)
                blocker = (i << 6) + __builtin_ctzll(m);
        }
    } else {
        for (int i = words - 1; i >= 0 && blocker < 0; i--) {
            uint64_t m = ray[i] & filled->w[i];
            if (m)
                blocker = (i << 6) + 63 - __builtin_clzll(m);
        }
    }
    if (blocker < 0) {
        for (int i = 0; i < words; i++)
            out->w[i] |= ray[i];
        return;
    }
    const uint64_t *past = rays + (size_t)blocker * (size_t)words;
    for (int i = 0; i < words; i++) {
        uint64_t seen = ray[i] & ~past[i];
        if (i == blocker >> 6)
            seen &= ~((uint64_t)1 << (blocker & 63));
        out->w[i] |= seen;
    }
}

/* sight_all on a board of WORDS words, 1 or 2 (a constant where it
 * is inlined, so that each size gets its own loop). */
__attribute__((always_inline)) static inline void sight_words(const game *g, const dstep *steps, int count,
                                                                   int cell, const cellset *filled, cellset *out,
                                                                   const int words)
{
    size_t cells = (size_t)g->board.cell_count, stride = (size_t)words;
    uint64_t f0 = filled->w[0], f1 = words == 2 ? filled->w[1] : 0, o0 = 0, o1 = 0;
    for (int i = 0; i < count; i++) {
        int d = steps[i].direction;
        const uint64_t *rays = g->sight_rays + (size_t)d * cells * stride;
        const uint64_t *ray = rays + (size_t)cell * stride;
        uint64_t r0 = ray[0], r1 = words == 2 ? ray[1] : 0;
        uint64_t m0 = r0 & f0, m1 = r1 & f1;
        if (m0 | m1) {
            int blocker = g->spec.shift_offset[d] > 0 ? (m0 ? __builtin_ctzll(m0) : 64 + __builtin_ctzll(m1))
                                                 : (m1 ? 127 - __builtin_clzll(m1) : 63 - __builtin_clzll(m0));
            const uint64_t *past = rays + (size_t)blocker * stride;
            r0 &= ~past[0];
            if (words == 2)
                r1 &= ~past[1];
            if (blocker < 64)
                r0 &= ~((uint64_t)1 << blocker);
            else
                r1 &= ~((uint64_t)1 << (blocker - 64));
        }
        o0 |= r0;
        o1 |= r1;
    }
    out->w[0] |= o0;
    if (words == 2)
        out->w[1] |= o1;
}

/* OUT |= the cells seen from CELL along each of the COUNT directions of
 * STEPS (each a shift): sight_along for them all, with the board's
 * words held in registers on boards of one or two words. */
static inline void sight_all(const game *g, const dstep *steps, int count, int cell, const cellset *filled,
                                  cellset *out)
{
    if (g->words == 1) {
        sight_words(g, steps, count, cell, filled, out, 1);
    } else if (g->words == 2) {
        sight_words(g, steps, count, cell, filled, out, 2);
    } else {
        for (int i = 0; i < count; i++)
            sight_along(g, steps[i].direction, cell, filled, out);
    }
}

#endif
