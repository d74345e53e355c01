/* oracles: small programs that each know one game and nothing of tabula,
 * counting move sequences (perft) from a position given as tabula writes
 * it (tabula position).  They are the independent counts tabula's perft is
 * checked against from positions of random games (test_oracles): each is
 * written from the designer's text and the project's reading of it
 * (shared/design/seed-games.md), never from tabula's code or output.
 *
 * A move is told by the position it leaves: two ways to the same position
 * in one turn are one move, as tabula counts them.  A game that is over
 * has no moves.  Each returns the number of sequences of DEPTH moves from
 * POSITION, or -1 when POSITION cannot be read. */
#ifndef TABULA_TEST_ORACLES_H
#define TABULA_TEST_ORACLES_H

#include <stdbool.h>

/* Sapos (games/sapos.rules), 8x8. */
long long sapos_perft(const char *text, int depth);

/* Desdemona (games/desdemona.rules): 7x7, or the variant 8x8 (BIG). */
long long desdemona_perft(const char *text, int depth, bool big);

/* Superial Chess, variant four-players (games/superial.rules), 10x10. */
long long superial4_perft(const char *text, int depth);

/* Lasca, 7x7: columns of pieces; a capture puts the top taken under it. */
long long lasca_perft(const char *text, int depth);

/* Kalah, 6 pits of 4 seeds: a sowing ending in one's store plays again. */
long long kalah_perft(const char *text, int depth);

/* Tak, 5x5, 21 stones and a capstone each: stacks spread, walls, flattening. */
long long tak_perft(const char *text, int depth);

/* Xiangqi (Chinese chess), 9x10: the flying general, cannons over screens,
 * horses' legs, elephants' eyes and the river. */
long long xiangqi_perft(const char *text, int depth);

/* For the position strings: reads a decimal number of 1 to 9 digits at *S
 * into *OUT and moves *S past it; false (nothing moved) when there is
 * none, or more digits. */
static inline bool oracle_read_number(const char **s, long long *out)
{
    const char *p = *s;
    long long v = 0;
    int n = 0;
    while (*p >= '0' && *p <= '9') {
        if (++n > 9)
            return false;
        v = v * 10 + (*p++ - '0');
    }
    if (n == 0)
        return false;
    *s = p;
    *out = v;
    return true;
}

#endif
