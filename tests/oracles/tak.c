/* tak: an independent count of Tak moves (perft) on the 5x5 board, 21
 * stones and a capstone each, written from the rules as the project reads
 * them, for test_oracles.  It knows nothing of tabula beyond the position
 * string tabula writes.
 *
 * tak_perft(TEXT, DEPTH) is the number of sequences of DEPTH plies from
 * the position TEXT (1 at depth 0, 0 at any other depth once the game is
 * over), or -1 when TEXT cannot be read or DEPTH is negative.  A ply
 * places a piece from the reserve on an empty cell or spreads pieces from
 * the top of a stack the mover controls; on the first turn of each player
 * (plies 0 and 1) it can only place a flat of the other player's.
 *
 * The counts from the start (published): 25 (a black flat on any cell),
 * 600 (25 x 24: a white flat on any other cell), 43320 (White at ply 2
 * has its 20 flats and its capstone: 23 empty cells x flat, wall or
 * capstone = 69, and its one flat on the board steps onto each of its
 * neighbours, empty or the black flat: 4 from the 9 inner cells, 3 from
 * the 12 edge cells, 2 from the 4 corners, 80 over the 25 cells where
 * Black put it, so 600 x 69 + 24 x 80 = 43320), then 2999784 and, too
 * slow for the unit test, 187855252.
 *
 * Each move is counted once, and that is also the number of distinct
 * positions the moves leave (oracles.h), so no set of positions is kept.
 * A placement adds a piece to the board, a spread does not; two
 * placements differ in their cell or in the kind of piece left on it.  A
 * spread lowers its origin and only raises other cells, so two spreads
 * that leave the same position have the same origin, and so the same
 * number of pieces taken; the cells raised lie in one direction from it,
 * and their new heights give the drops one by one, which with the pieces
 * taken fix the whole move (a flattened wall included: only a capstone
 * dropped alone on the last cell makes one).  (Checked as well, while
 * writing this, on the 200000 positions of 2000 random games: no two
 * moves left the same position.) */
#include "oracles.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

/* Cells are numbered y * 5 + x, a1 0 to e5 24.  No piece ever leaves the
 * board, so MAXH bounds only what a position string may hold (a game has
 * 44 pieces): no stack is ever taller than the pieces on the board. */
enum { N = 5, SQ = N * N, CARRY = N, MAXH = 64 };
enum { WHITE, BLACK };
enum { FLAT, WALL, CAP };

/* A piece is its kind * 2 + its colour. */
static int colour(unsigned char pc) { return pc & 1; }
static int kind(unsigned char pc) { return pc >> 1; }
static unsigned char piece(int k, int c) { return (unsigned char)(k * 2 + c); }

typedef struct {
    unsigned char h[SQ];
    unsigned char pc[SQ][MAXH];         /* bottom first */
    long long flats[2], caps[2];        /* reserves */
    int side;
    long long ply;                      /* plies played */
} Pos;

static const int DX[4] = { 1, -1, 0, 0 }, DY[4] = { 0, 0, 1, -1 };

/* The cell next to cell I in direction D, or -1 off the board. */
static int neighbour(int i, int d)
{
    int x = i % N + DX[d], y = i / N + DY[d];
    return x < 0 || x >= N || y < 0 || y >= N ? -1 : y * N + x;
}

static const unsigned char *top(const Pos *p, int i)
{
    return p->h[i] ? &p->pc[i][p->h[i] - 1] : NULL;
}

/* Whether the cells in MASK (bit I for cell I) that count for a road join
 * one side of the board to the other, file a to file e or rank 1 to rank
 * 5: the cells reached from the first line are grown over MASK until they
 * stop growing. */
static bool joins(uint32_t mask)
{
    const uint32_t file_a = 0x108421, file_e = file_a << (N - 1);
    const uint32_t rank_1 = 0x1f, rank_5 = rank_1 << (N * (N - 1));
    const uint32_t from[2] = { file_a, rank_1 }, to[2] = { file_e, rank_5 };
    for (int k = 0; k < 2; k++) {
        uint32_t r = mask & from[k], prev = 0;
        while (r != prev) {
            prev = r;
            r |= ((r << 1) & ~file_a) | ((r >> 1) & ~file_e) | (r << N) | (r >> N);
            r &= mask;
        }
        if (r & to[k])
            return true;
    }
    return false;
}

/* Whether the game is over in P: a road of either player (which one wins
 * does not matter to the count), no empty cell left, or a player with
 * nothing left in reserve. */
static bool over(const Pos *p)
{
    uint32_t road[2] = { 0, 0 };
    bool full = true;
    for (int i = 0; i < SQ; i++) {
        const unsigned char *t = top(p, i);
        if (!t)
            full = false;
        else if (kind(*t) != WALL)
            road[colour(*t)] |= (uint32_t)1 << i;
    }
    if (joins(road[WHITE]) || joins(road[BLACK]) || full)
        return true;
    for (int c = 0; c < 2; c++)
        if (p->flats[c] == 0 && p->caps[c] == 0)
            return true;
    return false;
}

static long long perft(const Pos *p, int depth);

/* One spread under way: B is the position with the carried pieces lifted
 * off their origin and those already dropped set down; M[0..MH) are the
 * pieces still carried, bottom first. */
typedef struct {
    Pos b;
    unsigned char m[CARRY];
    int mh, depth;
    long long total;            /* sequences counted, -1 once one failed */
} Spread;

/* The spread has dropped its last piece: count the move, and below it
 * when DEPTH asks for more. */
static void spread_done(Spread *g)
{
    if (g->total < 0)
        return;
    if (g->depth == 1) {
        g->total++;
        return;
    }
    Pos *q = malloc(sizeof *q);
    if (!q) {
        g->total = -1;
        return;
    }
    *q = g->b;
    q->side = !q->side;
    q->ply++;
    long long sub = perft(q, g->depth - 1);
    g->total = sub < 0 ? -1 : g->total + sub;
    free(q);
}

/* Enter cell I (on the board) with the pieces carried, dropping 1 to all
 * of them from the bottom of the carried ones and going on from there in
 * direction D with the rest.  A cell topped by a capstone cannot be
 * entered; one topped by a wall only by a capstone alone, which flattens
 * the wall (and so ends the move). */
static void spread(Spread *g, int i, int d)
{
    unsigned char *col = g->b.pc[i];
    const unsigned char *t = top(&g->b, i);
    if (t && kind(*t) == CAP)
        return;
    if (t && kind(*t) == WALL) {
        if (g->mh != 1 || kind(g->m[0]) != CAP)
            return;
        int h = g->b.h[i];
        unsigned char wall = col[h - 1];
        col[h - 1] = piece(FLAT, colour(wall));
        col[h] = g->m[0];
        g->b.h[i]++;
        spread_done(g);
        g->b.h[i]--;
        col[h - 1] = wall;
        return;
    }
    int next = neighbour(i, d), carried = g->mh;
    unsigned char m[CARRY];
    memcpy(m, g->m, (size_t)carried);
    /* At the edge of the board all that is left is dropped here. */
    for (int drop = next < 0 ? carried : 1; drop <= carried; drop++) {
        int h = g->b.h[i];
        memcpy(col + h, m, (size_t)drop);
        g->b.h[i] = (unsigned char)(h + drop);
        g->mh = carried - drop;
        memcpy(g->m, m + drop, (size_t)g->mh);
        if (drop == carried)
            spread_done(g);
        else
            spread(g, next, d);
        g->b.h[i] = (unsigned char)h;
    }
    g->mh = carried;
    memcpy(g->m, m, (size_t)carried);
}

/* The spreads of the stack on FROM (the mover's on top): 1 to CARRY of
 * its top pieces, in each direction. */
static long long spreads(const Pos *p, int from, int depth)
{
    Spread *g = malloc(sizeof *g);
    if (!g)
        return -1;
    g->b = *p;
    g->depth = depth;
    g->total = 0;
    int h = p->h[from];
    for (int k = 1; k <= h && k <= CARRY; k++) {
        g->b.h[from] = (unsigned char)(h - k);
        for (int d = 0; d < 4; d++) {
            int to = neighbour(from, d);
            if (to < 0)
                continue;
            g->mh = k;
            memcpy(g->m, p->pc[from] + h - k, (size_t)k);
            spread(g, to, d);
        }
    }
    long long total = g->total;
    free(g);
    return total;
}

/* Place a piece of kind K and colour C, taken from C's reserve, on the
 * empty cell I of P, and count from there. */
static long long place(const Pos *p, int i, int k, int c, int depth)
{
    if (depth == 1)
        return 1;
    Pos *q = malloc(sizeof *q);
    if (!q)
        return -1;
    *q = *p;
    q->pc[i][0] = piece(k, c);
    q->h[i] = 1;
    if (k == CAP)
        q->caps[c]--;
    else
        q->flats[c]--;
    q->side = !q->side;
    q->ply++;
    long long n = perft(q, depth - 1);
    free(q);
    return n;
}

/* At depth 1 the moves are counted, not made: a move that ends the game
 * is a leaf like any other.  Below, a game over has no moves. */
static long long perft(const Pos *p, int depth)
{
    if (depth == 0)
        return 1;
    if (over(p))
        return 0;
    int me = p->side;
    long long total = 0;
    for (int i = 0; i < SQ && total >= 0; i++) {
        long long n = 0, sub;
        if (p->h[i] == 0) {
            /* The first turn of each player (plies 0 and 1): a flat of
             * the other's on an empty cell, and nothing else, not even
             * moving the stone the other put down. */
            if (p->ply < 2) {
                n = p->flats[!me] > 0 ? place(p, i, FLAT, !me, depth) : 0;
            } else {
                for (int k = FLAT; k <= CAP && n >= 0; k++) {
                    if (k == CAP ? p->caps[me] == 0 : p->flats[me] == 0)
                        continue;
                    sub = place(p, i, k, me, depth);
                    n = sub < 0 ? -1 : n + sub;
                }
            }
        } else if (p->ply >= 2 && colour(*top(p, i)) == me) {
            n = spreads(p, i, depth);
        }
        total = n < 0 ? -1 : total + n;
    }
    return total;
}

static bool piece_of(char ch, unsigned char *pc)
{
    static const char symbols[] = "FfSsCc";
    const char *at = ch ? strchr(symbols, ch) : NULL;
    if (!at)
        return false;
    *pc = (unsigned char)(at - symbols);
    return true;
}

/* Read the board: rank 5 first, '/' between ranks, a number of 1 to 5 for
 * that many empty cells, a piece symbol for a stack of one, "[...]" for a
 * stack of two or more, bottom first.  Leaves *S after the space that
 * follows it. */
static bool parse_board(const char **s, Pos *p)
{
    int total = 0;
    for (int y = N - 1; y >= 0; y--) {
        int x = 0;
        while (x < N && **s && **s != '/' && **s != ' ') {
            if (**s >= '0' && **s <= '9') {
                long long run;
                if (!oracle_read_number(s, &run) || run < 1 || run > N - x)
                    return false;
                x += (int)run;
                continue;
            }
            int i = y * N + x, n = 0;
            bool bracket = **s == '[';
            *s += bracket;
            do {
                if (total >= MAXH || !piece_of(**s, &p->pc[i][n]))
                    return false;
                n++;
                total++;
                ++*s;
            } while (bracket && **s != ']');
            /* One piece is written bare, never in brackets. */
            if (bracket && (*(*s)++ != ']' || n < 2))
                return false;
            p->h[i] = (unsigned char)n;
            x++;
        }
        if (x != N || *(*s)++ != (y > 0 ? '/' : ' '))
            return false;
    }
    return true;
}

/* Read the reserves: White's, '/', Black's, each "-" for nothing or piece
 * symbols each followed by its count, a piece left out having none.  The
 * symbol tells the owner; walls are made from flats, so a wall can only be
 * written with 0. */
static bool parse_reserves(const char **s, Pos *p)
{
    bool seen[6] = { false };
    for (int part = 0; part < 2; part++) {
        if (part == 1 && *(*s)++ != '/')
            return false;
        if (**s == '-') {
            ++*s;
            continue;
        }
        int items = 0;
        unsigned char pc;
        while (piece_of(**s, &pc)) {
            long long n;
            ++*s;
            if (seen[pc] || !oracle_read_number(s, &n))
                return false;
            seen[pc] = true;
            items++;
            if (kind(pc) == WALL && n != 0)
                return false;
            if (kind(pc) == FLAT)
                p->flats[colour(pc)] = n;
            else if (kind(pc) == CAP)
                p->caps[colour(pc)] = n;
        }
        if (items == 0)
            return false;
    }
    return *(*s)++ == ' ';
}

/* Board, side to move, reserves, plies played, separated by one space;
 * anything after a space that follows them is not looked at. */
static bool parse(const char *s, Pos *p)
{
    memset(p, 0, sizeof *p);
    if (!parse_board(&s, p) || (*s != 'w' && *s != 'b'))
        return false;
    p->side = *s++ == 'b' ? BLACK : WHITE;
    if (*s++ != ' ' || !parse_reserves(&s, p) || !oracle_read_number(&s, &p->ply))
        return false;
    return *s == '\0' || *s == ' ';
}

long long tak_perft(const char *text, int depth)
{
    Pos *p = malloc(sizeof *p);
    long long n = -1;
    if (p && text && depth >= 0 && parse(text, p))
        n = perft(p, depth);
    free(p);
    return n;
}
