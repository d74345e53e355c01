/* Sapos oracle: an independent count of Sapos moves (perft), written from
 * the designer's rules as the project reads them, for test_oracles.  It
 * knows nothing of tabula beyond the position string tabula writes. */
#include "oracles.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#define EMPTY 0
#define DARK 1
#define LIGHT 2

/* A position: cells indexed row * 8 + col, row 0 = rank 1, col 0 = file a. */
typedef struct {
    unsigned char cell[64];
    int reserve[3];             /* indexed by DARK, LIGHT */
} board;

/* The distinct positions one turn can leave. */
typedef struct {
    board *items;
    size_t n, cap;
    bool failed;                /* out of memory */
} moveset;

static const int DR[8] = { 1, 1, 1, 0, 0, -1, -1, -1 };
static const int DC[8] = { -1, 0, 1, -1, 1, -1, 0, 1 };
static const int OR[4] = { 1, -1, 0, 0 };
static const int OC[4] = { 0, 0, 1, -1 };

static bool on_board(int r, int c)
{
    return r >= 0 && r < 8 && c >= 0 && c < 8;
}

/* Ply 0 Dark, plies 1 and 2 Light, then Dark at odd and Light at even. */
static int side_at(long long ply)
{
    if (ply == 0)
        return DARK;
    if (ply <= 2)
        return LIGHT;
    return ply % 2 ? DARK : LIGHT;
}

static void add_result(moveset *ms, const board *b)
{
    if (ms->failed)
        return;
    if (ms->n == ms->cap) {
        size_t cap = ms->cap ? ms->cap * 2 : 64;
        board *p = realloc(ms->items, cap * sizeof *p);
        if (!p) {
            ms->failed = true;
            return;
        }
        ms->items = p;
        ms->cap = cap;
    }
    ms->items[ms->n++] = *b;
}

/* Extend the chain of the toad standing at (r, c).  VISITED holds every cell
 * it has stood on this turn; once it has jumped it may only jump on. */
static void chain(board *b, int me, int r, int c, uint64_t visited, int hops,
                  bool jumped, bool may_jump, moveset *ms)
{
    int enemy = me == DARK ? LIGHT : DARK;

    if (!jumped) {
        for (int d = 0; d < 8; d++) {
            int mr = r + DR[d], mc = c + DC[d];
            int tr = r + 2 * DR[d], tc = c + 2 * DC[d];
            if (!on_board(tr, tc) || b->cell[mr * 8 + mc] != me)
                continue;
            int to = tr * 8 + tc;
            if (b->cell[to] != EMPTY || (visited >> to & 1))
                continue;
            b->cell[r * 8 + c] = EMPTY;
            b->cell[to] = (unsigned char)me;
            chain(b, me, tr, tc, visited | (uint64_t)1 << to, hops + 1,
                  false, may_jump, ms);
            b->cell[to] = EMPTY;
            b->cell[r * 8 + c] = (unsigned char)me;
        }
    }

    if (may_jump) {
        for (int d = 0; d < 4; d++) {
            int mr = r + OR[d], mc = c + OC[d];
            int tr = r + 2 * OR[d], tc = c + 2 * OC[d];
            if (!on_board(tr, tc) || b->cell[mr * 8 + mc] != enemy)
                continue;
            int to = tr * 8 + tc;
            if (b->cell[to] != EMPTY || (visited >> to & 1))
                continue;
            /* The capture happens at once: the enemy leaves, reserve grows. */
            b->cell[r * 8 + c] = EMPTY;
            b->cell[mr * 8 + mc] = EMPTY;
            b->cell[to] = (unsigned char)me;
            b->reserve[me]++;
            add_result(ms, b);          /* a turn may stop after any jump */
            chain(b, me, tr, tc, visited | (uint64_t)1 << to, hops, true,
                  may_jump, ms);
            b->reserve[me]--;
            b->cell[to] = EMPTY;
            b->cell[mr * 8 + mc] = (unsigned char)enemy;
            b->cell[r * 8 + c] = (unsigned char)me;
        }
    }

    /* A turn without a jump ends with a spawn next to the last landing. */
    if (!jumped && hops > 0 && b->reserve[me] > 0) {
        for (int d = 0; d < 8; d++) {
            int sr = r + DR[d], sc = c + DC[d];
            if (!on_board(sr, sc) || b->cell[sr * 8 + sc] != EMPTY)
                continue;
            b->cell[sr * 8 + sc] = (unsigned char)me;
            b->reserve[me]--;
            add_result(ms, b);
            b->reserve[me]++;
            b->cell[sr * 8 + sc] = EMPTY;
        }
    }
}

/* Is the toad at (r, c) part of a 2x2 block of ME's toads?  With R, C of -1,
 * is there any such block at all? */
static bool in_block(const board *b, int me, int r, int c)
{
    for (int br = 0; br < 7; br++)
        for (int bc = 0; bc < 7; bc++) {
            if (r >= 0 && (r < br || r > br + 1 || c < bc || c > bc + 1))
                continue;
            if (b->cell[br * 8 + bc] == me && b->cell[br * 8 + bc + 1] == me
                && b->cell[(br + 1) * 8 + bc] == me
                && b->cell[(br + 1) * 8 + bc + 1] == me)
                return true;
        }
    return false;
}

static int cmp_board(const void *a, const void *b)
{
    return memcmp(a, b, sizeof(board));
}

/* Fill MS with the distinct positions ME can leave at PLY. */
static void gen_moves(const board *start, int me, long long ply, moveset *ms)
{
    board b = *start;
    bool blocked = in_block(&b, me, -1, -1);

    for (int sq = 0; sq < 64; sq++) {
        int r = sq / 8, c = sq % 8;
        if (b.cell[sq] != me || (blocked && !in_block(&b, me, r, c)))
            continue;
        chain(&b, me, r, c, (uint64_t)1 << sq, 0, false, ply >= 3, ms);
    }
    if (ms->failed || ms->n == 0)
        return;
    qsort(ms->items, ms->n, sizeof(board), cmp_board);
    size_t k = 1;
    for (size_t i = 1; i < ms->n; i++)
        if (memcmp(&ms->items[i], &ms->items[k - 1], sizeof(board)) != 0)
            ms->items[k++] = ms->items[i];
    ms->n = k;
}

static long long perft(const board *b, long long ply, int depth)
{
    if (depth == 0)
        return 1;
    moveset ms = { NULL, 0, 0, false };
    gen_moves(b, side_at(ply), ply, &ms);
    long long total = 0;
    if (ms.failed)
        total = -1;
    else if (depth == 1)
        total = (long long)ms.n;
    else
        for (size_t i = 0; i < ms.n; i++) {
            long long sub = perft(&ms.items[i], ply + 1, depth - 1);
            if (sub < 0) {
                total = -1;
                break;
            }
            total += sub;
        }
    free(ms.items);
    return total;
}

/* Read one player's reserve, "<LETTER><count>", or "-" when it is empty;
 * advance *S past it. */
static bool read_reserve(const char **s, char letter, long long *out)
{
    if (**s == '-') {
        (*s)++;
        *out = 0;
        return true;
    }
    if (**s != letter)
        return false;
    (*s)++;
    return oracle_read_number(s, out);
}

static bool parse(const char *s, board *b, long long *ply)
{
    memset(b, 0, sizeof *b);
    for (int row = 7; row >= 0; row--) {
        int col = 0;
        while (col < 8) {
            char ch = *s++;
            if (ch >= '1' && ch <= '8')
                col += ch - '0';
            else if (ch == 'D' || ch == 'L')
                b->cell[row * 8 + col++] = ch == 'D' ? DARK : LIGHT;
            else
                return false;
        }
        if (col != 8)
            return false;
        if (*s++ != (row > 0 ? '/' : ' '))
            return false;
    }
    int side;
    if (*s == 'd')
        side = DARK;
    else if (*s == 'l')
        side = LIGHT;
    else
        return false;
    s++;
    long long dres, lres;
    if (*s++ != ' ' || !read_reserve(&s, 'D', &dres)
        || *s++ != '/' || !read_reserve(&s, 'L', &lres)
        || *s++ != ' ' || !oracle_read_number(&s, ply) || *s != '\0')
        return false;
    b->reserve[DARK] = (int)dres;
    b->reserve[LIGHT] = (int)lres;
    /* The side written must be the one the ply number gives. */
    return side == side_at(*ply);
}

long long sapos_perft(const char *position, int depth)
{
    board b;
    long long ply;
    if (!position || depth < 0 || !parse(position, &b, &ply))
        return -1;
    return perft(&b, ply, depth);
}
