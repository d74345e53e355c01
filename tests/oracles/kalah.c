/* kalah: an independent count of Kalah moves (perft), 6 pits a side and 4
 * seeds a pit at the start, written from the rules as the project reads
 * them, for test_oracles.  It knows nothing of tabula beyond the position
 * string tabula writes.
 *
 * kalah_perft(TEXT, DEPTH) is the number of sequences of DEPTH plies from
 * the position TEXT (1 at depth 0, 0 at any other depth once the side to
 * move has no seed in its pits), or -1 when TEXT cannot be read or DEPTH
 * is negative.  A ply is one sowing; a sowing that ends in the mover's
 * own store is followed by another ply of the same player. */
#include "oracles.h"

#include <stdbool.h>
#include <string.h>

/* The 14 cells are numbered in sowing order, which is also the order of
 * the position string: South's pits a1..f1 are 0..5, South's store 6,
 * North's pits f2..a2 are 7..12 and North's store 13.  So sowing is just
 * counting up modulo 14, and the pit opposite cell I is 12 - I (a1 0 faces
 * a2 12, f1 5 faces f2 7). */
enum { CELLS = 14, PITS = 6, S_STORE = 6, N_STORE = 13, MAXSEEDS = 48 };
enum { SOUTH, NORTH };

typedef struct {
    unsigned char c[CELLS];
    int side;
} Pos;

static int first_pit(int side) { return side == SOUTH ? 0 : S_STORE + 1; }
static int store_of(int side) { return side == SOUTH ? S_STORE : N_STORE; }

static bool own_pit(int side, int cell)
{
    return cell >= first_pit(side) && cell < first_pit(side) + PITS;
}

/* Play the pit FROM of the side to move of P (it holds seeds).  Returns
 * true when the last seed fell in the mover's store, so that the mover
 * plays again; the side to move is left for the caller to set. */
static bool sow(Pos *p, int from)
{
    int side = p->side, store = store_of(side);
    int other = store_of(!side), seeds = p->c[from], at = from;
    p->c[from] = 0;
    while (seeds > 0) {
        at = (at + 1) % CELLS;
        if (at == other)
            continue;
        p->c[at]++;
        seeds--;
    }
    if (at == store)
        return true;
    /* A pit that now holds one seed was empty before the last seed: any
     * earlier seed sown into it in this ply would still be there (this
     * covers the pit played from, emptied before the first seed). */
    int opp = 12 - at;
    if (own_pit(side, at) && p->c[at] == 1 && p->c[opp] > 0) {
        p->c[store] = (unsigned char)(p->c[store] + p->c[opp] + 1);
        p->c[opp] = 0;
        p->c[at] = 0;
    }
    return false;
}

/* Each pit with seeds is one move.  This agrees with counting the
 * distinct positions left (oracles.h): if pits I and J of one side both
 * hold seeds, playing I only adds to J (J cannot be where a capture
 * lands, being non-empty, nor the pit captured, being the mover's), so J
 * keeps at least its M seeds, while playing J leaves in J only the
 * floor(M / 13) seeds of its own laps, fewer than M. */
static long long perft(const Pos *p, int depth)
{
    if (depth == 0)
        return 1;
    long long n = 0;
    int first = first_pit(p->side);
    for (int i = first; i < first + PITS; i++) {
        if (!p->c[i])
            continue;
        if (depth == 1) {
            n++;
            continue;
        }
        Pos q = *p;
        if (!sow(&q, i))
            q.side = !p->side;
        n += perft(&q, depth - 1);
    }
    return n;
}

/* Read the 14 cells (a run of empty cells as its count 1 to 14 without a
 * leading zero, one seed as "o", two or more as "[" that many "o" "]"),
 * one space and the side to move.  Further fields after a space are not
 * looked at. */
static bool parse(const char *s, Pos *p)
{
    memset(p, 0, sizeof *p);
    int cell = 0, total = 0;
    while (cell < CELLS) {
        int n;
        if (*s >= '1' && *s <= '9') {
            long long run;
            if (!oracle_read_number(&s, &run) || run > CELLS - cell)
                return false;
            cell += (int)run;
            continue;
        }
        if (*s == 'o') {
            n = 1;
            s++;
        } else if (*s == '[') {
            n = 0;
            for (s++; *s == 'o'; s++)
                if (++n > MAXSEEDS)
                    return false;
            /* One seed is written bare, never in brackets. */
            if (*s != ']' || n < 2)
                return false;
            s++;
        } else {
            return false;
        }
        total += n;
        if (total > MAXSEEDS)
            return false;
        p->c[cell++] = (unsigned char)n;
    }
    if (*s++ != ' ' || (*s != 's' && *s != 'n'))
        return false;
    p->side = *s++ == 'n' ? NORTH : SOUTH;
    return *s == '\0' || *s == ' ';
}

long long kalah_perft(const char *text, int depth)
{
    Pos p;
    if (!text || depth < 0 || !parse(text, &p))
        return -1;
    return perft(&p, depth);
}
