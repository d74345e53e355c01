/* lasca: an independent count of Lasca moves (perft), written from the
 * rules as the project reads them, for test_oracles.  It knows nothing of
 * tabula beyond the position string tabula writes.
 *
 * lasca_perft(TEXT, DEPTH) is the number of sequences of DEPTH moves from
 * the position TEXT (1 at depth 0, 0 at any other depth once the side to
 * move has no move), or -1 when TEXT cannot be read, DEPTH is negative or
 * memory runs out. */
#include "oracles.h"
#include "keyset.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

/* The board is 7x7 but only the 25 cells with x + y even are used.  As
 * 7 is odd, those are exactly the cells whose index y * 7 + x is even, so
 * the used cell at (x, y) is numbered (y * 7 + x) / 2, 0 (a1) to 24 (g7).
 * No piece ever leaves the board (a capture moves the taken piece under
 * the capturer), so MAXP only bounds what a position string may hold: the
 * game itself has 22 pieces. */
enum { W = 7, SQ = 25, MAXP = 64, KEYMAX = SQ + MAXP };
enum { EMPTY, WS, WO, BS, BO };         /* pieces; WHITE is 0, BLACK 1 */

/* Columns are stored bottom first; a column belongs to and moves as the
 * piece on its top. */
typedef struct {
    unsigned char h[SQ];
    unsigned char pc[SQ][MAXP];
    int side;
    int total;                  /* pieces on the board, never changes */
} Pos;

/* One turn's generation: B is the position with the moving column lifted
 * off it, M (MH pieces, bottom first) the moving column. */
typedef struct {
    Pos b;
    unsigned char m[MAXP];
    int mh;
    keyset results;
} Gen;

/* Directions 0 and 1 go up the board (White's forward), 2 and 3 down. */
static const int DX[4] = { 1, -1, 1, -1 }, DY[4] = { 1, 1, -1, -1 };

static int colour(unsigned char p) { return p >= BS; }
static bool officer(unsigned char p) { return p == WO || p == BO; }

/* The used cell next to cell I in direction D, or -1 off the board. */
static int neighbour(int i, int d)
{
    int x = 2 * i % W + DX[d], y = 2 * i / W + DY[d];
    return x < 0 || x >= W || y < 0 || y >= W ? -1 : (y * W + x) / 2;
}

/* A soldier goes forward only, an officer any way. */
static bool may_go(unsigned char top, int d)
{
    return officer(top) || (d < 2) == (colour(top) == 0);
}

/* A position's key: for each used cell its height, then its pieces bottom
 * first.  Every column is written whole, so two positions have the same
 * key exactly when they have the same columns in the same order.  Its
 * length is SQ + P->total. */
static void encode(const Pos *p, unsigned char *key)
{
    for (int i = 0; i < SQ; i++) {
        *key++ = p->h[i];
        memcpy(key, p->pc[i], p->h[i]);
        key += p->h[i];
    }
}

static void decode(const unsigned char *key, int total, int side, Pos *p)
{
    p->side = side;
    p->total = total;
    for (int i = 0; i < SQ; i++) {
        p->h[i] = *key++;
        memcpy(p->pc[i], key, p->h[i]);
        key += p->h[i];
    }
}

/* End the move with the lifted column set down on AT: record the position
 * left.  A soldier on top that ends on the far rank becomes an officer;
 * the pieces under it keep their kind. */
static void settle(Gen *g, int at)
{
    unsigned char *col = g->b.pc[at], key[KEYMAX];
    memcpy(col, g->m, (size_t)g->mh);
    g->b.h[at] = (unsigned char)g->mh;
    unsigned char *top = &col[g->mh - 1];
    int far = colour(*top) == 0 ? W - 1 : 0;
    if (!officer(*top) && 2 * at / W == far)
        (*top)++;               /* WS -> WO, BS -> BO */
    encode(&g->b, key);
    keyset_add(&g->results, key);
    g->b.h[at] = 0;
}

/* Go on with the capture of the lifted column, now at CUR; JUMPED marks
 * the cells jumped over so far in this move, which may not be jumped
 * again.  Each jump takes the top piece at once and puts it under the
 * moving column, so the first taken ends just under the mover's own
 * pieces and the last at the very bottom.  The top of the moving column
 * never changes during a move (prisoners go under it, promotion comes at
 * the end), so neither do the directions it may jump in.  The capture
 * must go on while it can: it ends only where no jump is left. */
static void capture(Gen *g, int cur, uint32_t jumped)
{
    unsigned char top = g->m[g->mh - 1];
    bool went_on = false;
    for (int d = 0; d < 4; d++) {
        int over = neighbour(cur, d);
        int land = over < 0 ? -1 : neighbour(over, d);
        if (land < 0 || !may_go(top, d) || (jumped >> over & 1)
            || !g->b.h[over] || g->b.h[land])
            continue;
        unsigned char taken = g->b.pc[over][g->b.h[over] - 1];
        if (colour(taken) == colour(top))
            continue;
        went_on = true;
        g->b.h[over]--;
        memmove(g->m + 1, g->m, (size_t)g->mh);
        g->m[0] = taken;
        g->mh++;
        capture(g, land, jumped | (uint32_t)1 << over);
        g->mh--;
        memmove(g->m, g->m + 1, (size_t)g->mh);
        g->b.h[over]++;
    }
    if (!went_on && jumped)
        settle(g, cur);
}

/* Lift the column on FROM into G->m, leaving FROM empty (the moving
 * column may come back to it); put it back with drop. */
static void lift(Gen *g, int from)
{
    g->mh = g->b.h[from];
    memcpy(g->m, g->b.pc[from], (size_t)g->mh);
    g->b.h[from] = 0;
}

static void drop(Gen *g, int from)
{
    g->b.h[from] = (unsigned char)g->mh;
}

/* Fill G->results with the distinct positions the side to move of P can
 * leave.  Captures are compulsory, and a capture always leaves some
 * position, so the plain steps are looked at only when no capture was
 * found. */
static void gen_moves(const Pos *p, Gen *g)
{
    g->b = *p;
    keyset_init(&g->results, (size_t)(SQ + p->total));
    for (int s = 0; s < SQ; s++)
        if (p->h[s] && colour(p->pc[s][p->h[s] - 1]) == p->side) {
            lift(g, s);
            capture(g, s, 0);
            drop(g, s);
        }
    if (g->results.n > 0)
        return;
    for (int s = 0; s < SQ; s++) {
        if (!p->h[s] || colour(p->pc[s][p->h[s] - 1]) != p->side)
            continue;
        lift(g, s);
        for (int d = 0; d < 4; d++) {
            int to = neighbour(s, d);
            if (to >= 0 && !g->b.h[to] && may_go(g->m[g->mh - 1], d))
                settle(g, to);
        }
        drop(g, s);
    }
}

static long long perft(const Pos *p, int depth)
{
    if (depth == 0)
        return 1;
    Gen *g = malloc(sizeof *g);
    if (!g)
        return -1;
    gen_moves(p, g);
    keyset *r = &g->results;
    long long total = 0;
    if (r->oom) {
        total = -1;
    } else if (depth == 1) {
        total = (long long)r->n;
    } else {
        /* A player without a move has lost: no sequences go on from
         * there, which the empty set gives by itself. */
        Pos q;
        for (size_t i = 0; i < r->cap && total >= 0; i++) {
            if (!r->used[i])
                continue;
            decode(r->keys + i * r->klen, p->total, !p->side, &q);
            long long sub = perft(&q, depth - 1);
            total = sub < 0 ? -1 : total + sub;
        }
    }
    keyset_free(r);
    free(g);
    return total;
}

static unsigned char piece_of(char c)
{
    switch (c) {
    case 'S': return WS;
    case 'O': return WO;
    case 's': return BS;
    case 'o': return BO;
    default: return EMPTY;
    }
}

/* Read the board (rank 7 first, '/' between ranks; a digit is that many
 * empty cells, a letter a column of one piece, "[...]" a column of two or
 * more, bottom first), a space and the side to move.  Further fields
 * after a space are not looked at. */
static bool parse(const char *s, Pos *p)
{
    memset(p, 0, sizeof *p);
    for (int y = W - 1; y >= 0; y--) {
        int x = 0;
        while (x < W && *s && *s != '/' && *s != ' ') {
            if (*s >= '1' && *s <= '7') {
                x += *s++ - '0';
                if (x > W)
                    return false;
                continue;
            }
            unsigned char col[MAXP];
            int n = 0;
            bool bracket = *s == '[';
            s += bracket;
            do {
                unsigned char pc = piece_of(*s);
                if (!pc || p->total + n >= MAXP)
                    return false;
                col[n++] = pc;
                s++;
            } while (bracket && *s != ']');
            /* One piece is written bare, never in brackets. */
            if (bracket && (*s++ != ']' || n < 2))
                return false;
            if ((x + y) & 1)
                return false;       /* an unused cell */
            int i = (y * W + x) / 2;
            memcpy(p->pc[i], col, (size_t)n);
            p->h[i] = (unsigned char)n;
            p->total += n;
            x++;
        }
        if (x != W || *s++ != (y > 0 ? '/' : ' '))
            return false;
    }
    if (*s != 'w' && *s != 'b')
        return false;
    p->side = *s++ == 'b';
    return *s == '\0' || *s == ' ';
}

long long lasca_perft(const char *text, int depth)
{
    Pos *p = malloc(sizeof *p);
    long long n = -1;
    if (p && text && depth >= 0 && parse(text, p))
        n = perft(p, depth);
    free(p);
    return n;
}
