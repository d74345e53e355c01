/* cellset: a set of board cells as a bit set.
 *
 * Fixed size (BOARD_MAX_CELLS bits) so that sets live on the stack and the
 * move generator never allocates; operations only touch the words a game's
 * board uses (cellset_words).
 */
#ifndef TABULA_CELLSET_H
#define TABULA_CELLSET_H

#include <stdbool.h>
#include <stdint.h>
#include <string.h>
#ifdef __BMI2__
#include <immintrin.h>
#endif

#include "game/board.h"

#define CELLSET_WORDS (BOARD_MAX_CELLS / 64)

typedef struct cellset {
    uint64_t w[CELLSET_WORDS];
} cellset;

static inline int cellset_words(int cells)
{
    return (cells + 63) / 64;
}

static inline void cellset_clear(cellset *s, int words)
{
    /* most boards take one or two words: stores, not a call to memset
     * (which a plain loop would be compiled into) */
    if (words == 1) {
        s->w[0] = 0;
        return;
    }
    if (words == 2) {
        s->w[0] = s->w[1] = 0;
        return;
    }
    memset(s->w, 0, (size_t)words * sizeof s->w[0]);
}

/* Most boards fit in one word (up to 64 cells): each operation below
 * tests for it first, so that the loop and its bounds go away there. */

static inline void cellset_copy(cellset *to, const cellset *from, int words)
{
    if (words == 1) {
        to->w[0] = from->w[0];
        return;
    }
    if (words == 2) {   /* two loads and stores, not a call to memcpy */
        to->w[0] = from->w[0];
        to->w[1] = from->w[1];
        return;
    }
    for (int i = 0; i < words; i++)
        to->w[i] = from->w[i];
}

static inline void cellset_fill(cellset *s, int cells)
{
    int words = cellset_words(cells);
    for (int i = 0; i < words; i++)
        s->w[i] = ~(uint64_t)0;
    if (cells % 64)
        s->w[words - 1] = ((uint64_t)1 << (cells % 64)) - 1;
}

static inline void cellset_add(cellset *s, int cell)
{
    s->w[cell >> 6] |= (uint64_t)1 << (cell & 63);
}

static inline void cellset_remove(cellset *s, int cell)
{
    s->w[cell >> 6] &= ~((uint64_t)1 << (cell & 63));
}

static inline bool cellset_has(const cellset *s, int cell)
{
    return cell >= 0 && (s->w[cell >> 6] >> (cell & 63)) & 1;
}

static inline void cellset_or(cellset *a, const cellset *b, int words)
{
    if (words == 1) {
        a->w[0] |= b->w[0];
        return;
    }
    for (int i = 0; i < words; i++)
        a->w[i] |= b->w[i];
}

static inline void cellset_and(cellset *a, const cellset *b, int words)
{
    if (words == 1) {
        a->w[0] &= b->w[0];
        return;
    }
    for (int i = 0; i < words; i++)
        a->w[i] &= b->w[i];
}

static inline void cellset_and_not(cellset *a, const cellset *b, int words)
{
    if (words == 1) {
        a->w[0] &= ~b->w[0];
        return;
    }
    for (int i = 0; i < words; i++)
        a->w[i] &= ~b->w[i];
}

static inline bool cellset_empty(const cellset *s, int words)
{
    if (words == 1)
        return !s->w[0];
    for (int i = 0; i < words; i++)
        if (s->w[i])
            return false;
    return true;
}

static inline bool cellset_equal(const cellset *a, const cellset *b, int words)
{
    for (int i = 0; i < words; i++)
        if (a->w[i] != b->w[i])
            return false;
    return true;
}

/* The number of bits set in W: the instruction where the build may use
 * it, else a few shifts and adds (the compiler's fallback is a call). */
static inline int cellset_bits(uint64_t w)
{
#ifdef __POPCNT__
    return __builtin_popcountll(w);
#else
    w -= (w >> 1) & UINT64_C(0x5555555555555555);
    w = (w & UINT64_C(0x3333333333333333)) + ((w >> 2) & UINT64_C(0x3333333333333333));
    w = (w + (w >> 4)) & UINT64_C(0x0f0f0f0f0f0f0f0f);
    return (int)((w * UINT64_C(0x0101010101010101)) >> 56);
#endif
}

static inline int cellset_count(const cellset *s, int words)
{
    if (words == 1)
        return cellset_bits(s->w[0]);
    int n = 0;
    for (int i = 0; i < words; i++)
        n += cellset_bits(s->w[i]);
    return n;
}

/* W with its lowest N bits set cleared (N below the bits set in W): the
 * instruction that deposits a bit where the build may use it (BMI2), else
 * one bit cleared at a time.  A drawn move is the lowest bit left. */
static inline uint64_t word_after_bits(uint64_t w, int n)
{
#ifdef __BMI2__
    return w & -_pdep_u64((uint64_t)1 << n, w);
#else
    while (n-- > 0)
        w &= w - 1;
    return w;
#endif
}

/* The cell of S after N others in order (from 0), -1 if N < 0 or S has
 * no more: drawing a move of a batch by its index. */
static inline int cellset_nth(const cellset *s, int n, int words)
{
    if (n < 0)
        return -1;
    if (words == 1) {
        uint64_t bits = s->w[0];
        return n < cellset_bits(bits) ? __builtin_ctzll(word_after_bits(bits, n)) : -1;
    }
    for (int i = 0; i < words; i++) {
        uint64_t bits = s->w[i];
        int here = cellset_bits(bits);
        if (n >= here) {
            n -= here;
            continue;
        }
        return (i << 6) + __builtin_ctzll(word_after_bits(bits, n));
    }
    return -1;
}

/* Iterates: for (int c = cellset_next(s, -1, words); c >= 0; c = cellset_next(s, c, words)) */
static inline int cellset_next(const cellset *s, int after, int words)
{
    int cell = after + 1;
    int word = cell >> 6;
    if (word >= words)
        return -1;
    uint64_t bits = s->w[word] & (~(uint64_t)0 << (cell & 63));
    while (!bits) {
        if (++word >= words)
            return -1;
        bits = s->w[word];
    }
    return (word << 6) + __builtin_ctzll(bits);
}

#endif
