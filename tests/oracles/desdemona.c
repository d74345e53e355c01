/* desdemona: an independent count of Desdemona moves (perft) on 7x7 or
 * the 8x8 variant, written from the designer's rules for test_oracles.
 * It knows nothing of tabula beyond the position string. */
#include "oracles.h"

#include <stdlib.h>
#include <string.h>

enum { MAXN = 8 };

/* Cells hold 0 (empty) or one of 'P' 'S' (Black) 'p' 's' (White). */
typedef struct {
    unsigned char cell[MAXN * MAXN];
    int side; /* 0 Black, 1 White */
} Pos;

typedef struct {
    Pos *v;
    size_t len, cap;
    bool oom;
} List;

static const int DR[8] = { -1, -1, -1, 0, 0, 1, 1, 1 };
static const int DC[8] = { -1, 0, 1, -1, 1, -1, 0, 1 };

static bool inside(int n, int r, int c)
{
    return r >= 0 && r < n && c >= 0 && c < n;
}

static unsigned char pawn_of(int side) { return side ? 'p' : 'P'; }
static unsigned char stone_of(int side) { return side ? 's' : 'S'; }

static void push(List *l, const Pos *p)
{
    if (l->oom)
        return;
    if (l->len == l->cap) {
        size_t cap = l->cap ? 2 * l->cap : 256;
        Pos *v = realloc(l->v, cap * sizeof *v);
        if (!v) {
            l->oom = true;
            return;
        }
        l->v = v;
        l->cap = cap;
    }
    l->v[l->len++] = *p;
}

/* Moves of SIDE (the side to move in P or not), only captures when
 * CAPONLY.  With OUT null it stops at the first move and returns 1.
 * Resulting positions have the other side to move. */
static size_t gen(const Pos *p, int n, int side, bool caponly, List *out)
{
    unsigned char pawn = pawn_of(side), own = stone_of(side),
                  opp = stone_of(!side);
    size_t found = 0;
    for (int from = 0; from < n * n; from++) {
        if (p->cell[from] != pawn)
            continue;
        int fr = from / n, fc = from % n;
        for (int d = 0; d < 8; d++) {
            for (int r = fr + DR[d], c = fc + DC[d];
                 inside(n, r, c) && !p->cell[r * n + c];
                 r += DR[d], c += DC[d]) {
                /* The pawn has left FROM: that cell is empty now. */
                Pos b = *p;
                b.cell[from] = 0;
                b.cell[r * n + c] = pawn;
                b.side = !side;
                for (int e = 0; e < 8; e++) {
                    /* Kind 1: an opponent stone anywhere in sight. */
                    if (!caponly)
                        for (int sr = r + DR[e], sc = c + DC[e];
                             inside(n, sr, sc) && !b.cell[sr * n + sc];
                             sr += DR[e], sc += DC[e]) {
                            if (!out)
                                return 1;
                            Pos m = b;
                            m.cell[sr * n + sc] = opp;
                            push(out, &m);
                            found++;
                        }
                    /* Kind 2: opponent stones then an empty cell; only
                     * this line flips. */
                    int sr = r + DR[e], sc = c + DC[e], k = 0;
                    while (inside(n, sr, sc) && b.cell[sr * n + sc] == opp) {
                        sr += DR[e];
                        sc += DC[e];
                        k++;
                    }
                    if (k == 0 || !inside(n, sr, sc) || b.cell[sr * n + sc])
                        continue;
                    if (!out)
                        return 1;
                    Pos m = b;
                    for (int i = 0; i <= k; i++)
                        m.cell[(r + (i + 1) * DR[e]) * n + c + (i + 1) * DC[e]]
                            = own;
                    push(out, &m);
                    found++;
                }
            }
        }
    }
    return found;
}

static bool any(const Pos *p, int n, int side, bool caponly)
{
    return gen(p, n, side, caponly, NULL) > 0;
}

static int cmp_pos(const void *a, const void *b)
{
    return memcmp(a, b, sizeof(Pos));
}

static long long perft(const Pos *p, int n, int depth)
{
    if (depth == 0)
        return 1;
    int x = p->side;
    /* X is held to captures when its opponent has no move at all. */
    bool opp_plain = any(p, n, !x, false);
    List l = { 0 };
    gen(p, n, x, !opp_plain, &l);
    if (l.oom) {
        free(l.v);
        return -1;
    }
    if (l.len == 0) {
        free(l.v);
        /* X cannot move.  If X could move plainly (held to captures),
         * the opponent has no move at all; otherwise the opponent is held
         * to captures.  Either way, no move for both ends the game. */
        bool x_plain = !opp_plain && any(p, n, x, false);
        if (x_plain || !any(p, n, !x, true))
            return 0;
        Pos pass = *p;
        pass.side = !x;
        return perft(&pass, n, depth - 1);
    }
    /* Count distinct resulting positions. */
    qsort(l.v, l.len, sizeof *l.v, cmp_pos);
    long long total = 0;
    for (size_t i = 0; i < l.len; i++) {
        if (i > 0 && !cmp_pos(&l.v[i - 1], &l.v[i]))
            continue;
        long long t = depth == 1 ? 1 : perft(&l.v[i], n, depth - 1);
        if (t < 0) {
            total = -1;
            break;
        }
        total += t;
    }
    free(l.v);
    return total;
}

/* Reads "ROWS SIDE PLIES" as tabula writes it; false when malformed. */
static bool parse(const char *s, int n, Pos *p)
{
    memset(p, 0, sizeof *p);
    for (int r = 0; r < n; r++) {
        if (r > 0 && *s++ != '/')
            return false;
        int c = 0;
        while (*s && *s != '/' && *s != ' ') {
            if (*s >= '1' && *s <= '9') {
                int run = *s++ - '0';
                if (*s >= '0' && *s <= '9')
                    return false; /* no runs over 9, none this board */
                if (c + run > n)
                    return false;
                c += run;
            } else if (strchr("PSps", *s)) {
                if (c >= n)
                    return false;
                p->cell[r * n + c++] = (unsigned char)*s++;
            } else {
                return false;
            }
        }
        if (c != n)
            return false;
    }
    if (*s++ != ' ')
        return false;
    if (*s == 'b')
        p->side = 0;
    else if (*s == 'w')
        p->side = 1;
    else
        return false;
    s++;
    if (*s++ != ' ')
        return false;
    int digits = 0;
    while (*s >= '0' && *s <= '9') {
        s++;
        if (++digits > 9)
            return false;
    }
    return digits > 0 && *s == '\0';
}

long long desdemona_perft(const char *position, int depth, bool big)
{
    int n = big ? 8 : 7;
    Pos p;
    if (!position || depth < 0 || !parse(position, n, &p))
        return -1;
    return perft(&p, n, depth);
}
