/* superial: an independent count of Superial Chess moves (perft), variant
 * four-players, written from the designer's rules as the project reads
 * them, for test_oracles.  It knows nothing of tabula beyond the position
 * string tabula writes. */
#include "oracles.h"
#include "keyset.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

enum { N = 10, CELLS = N * N, BITS = (CELLS + 7) / 8 };
enum { PUSHER, HOPPER, SLASHER };
enum { RKEY = CELLS + 1, SKEY = 2 + 2 * BITS };  /* key lengths */

/* Cells hold 0 (empty) or 1 + team * 3 + aspect; teams 0..3 are South,
 * West, North, East, which is also the turn order. */
typedef struct {
    unsigned char cell[CELLS];
    int side;
    unsigned char out[4];
    long long since;
} Pos;

/* One turn's generation: the results are the cells left plus one byte,
 * 1 when something was captured (SINCE then restarts). */
typedef struct {
    int me;
    keyset results;
    keyset states;                 /* hopper chain states already explored */
} Gen;

/* A hopper's chain so far: the cells it has stood on (its start
 * included) and the cells it has hopped.  Pieces never move during a chain
 * and a piece is captured (if ever) when it is hopped, so the chain's
 * state is the hopper's start, the cell it is on and this trail. */
typedef struct {
    unsigned char stood[BITS], hopped[BITS];
} Trail;

static const int DX[4] = { 0, 0, 1, -1 }, DY[4] = { 1, -1, 0, 0 };
static const int DDX[4] = { 1, -1, 1, -1 }, DDY[4] = { 1, 1, -1, -1 };

static int team_of(int c) { return (c - 1) / 3; }
static int aspect_of(int c) { return (c - 1) % 3; }
static unsigned char piece(int team, int aspect)
{
    return (unsigned char)(1 + team * 3 + aspect);
}

/* South and North are at home on light cells (x + y odd), West and East
 * on dark ones; a team's core colour is its home colour. */
static bool home(int team, int sq)
{
    int light = (sq % N + sq / N) & 1;
    return (team & 1) ? !light : light;
}

/* The orthogonal neighbour of SQ in direction D, or -1 off the board. */
static int step(int sq, int d)
{
    int x = sq % N + DX[d], y = sq / N + DY[d];
    return x < 0 || x >= N || y < 0 || y >= N ? -1 : y * N + x;
}

/* The diagonal neighbour of SQ in direction D on the slashers' torus. */
static int diag(int sq, int d)
{
    return (sq / N + DDY[d] + N) % N * N + (sq % N + DDX[d] + N) % N;
}

static bool bit(const unsigned char *s, int i)
{
    return s[i / 8] >> (i % 8) & 1;
}

static void set_bit(unsigned char *s, int i)
{
    s[i / 8] |= (unsigned char)(1u << (i % 8));
}

/* Record B (the mover's piece now at AT; unless it MOVED, only the rest)
 * and, when AT is off the mover's home colour, the same with that piece
 * changed to each other aspect. */
static void emit(Gen *g, const unsigned char *b, int at, bool captured,
                 bool moved)
{
    unsigned char key[RKEY];
    memcpy(key, b, CELLS);
    key[CELLS] = captured;
    if (moved)
        keyset_add(&g->results, key);
    if (home(g->me, at))
        return;
    for (int k = 1; k < 3; k++) {
        key[at] = piece(g->me, (aspect_of(b[at]) + k) % 3);
        keyset_add(&g->results, key);
    }
}

/* Move the piece on FROM to the empty TO, emit, and put it back. */
static void emit_moved(Gen *g, unsigned char *b, int from, int to, bool cap)
{
    b[to] = b[from], b[from] = 0;
    emit(g, b, to, cap, true);
    b[from] = b[to], b[to] = 0;
}

/* Convert the piece on SQ to the mover when it is an enemy: true if so. */
static bool convert(const Gen *g, unsigned char *b, int sq)
{
    if (!b[sq] || team_of(b[sq]) == g->me)
        return false;
    b[sq] = piece(g->me, aspect_of(b[sq]));
    return true;
}

static void pusher(Gen *g, const unsigned char *start, int sq)
{
    for (int d = 0; d < 4; d++) {
        unsigned char b[CELLS];
        memcpy(b, start, CELLS);
        int to = step(sq, d), end = to, len = 0;
        if (to < 0)
            continue;
        /* A push moves the line up to the first empty cell, which must be
         * on the board; a step is a push of no line. */
        while (end >= 0 && b[end])
            end = step(end, d), len++;
        if (end < 0)
            continue;
        for (int k = 0, c = end; k < len; k++, c = step(c, d ^ 1))
            b[c] = b[step(c, d ^ 1)];
        b[to] = b[sq], b[sq] = 0;
        /* Pushed enemies of the other core colour that now stand on the
         * mover's home colour are captured. */
        bool cap = false;
        for (int k = 0, c = step(to, d); k < len; k++, c = step(c, d))
            if ((team_of(b[c]) & 1) != (g->me & 1) && home(g->me, c))
                cap |= convert(g, b, c);
        emit(g, b, to, cap, true);
    }
}

/* Where the hopper at CUR can still land, ignoring that a chain may not
 * cross itself, into LIST[1..*N); true when a piece it could capture is
 * within reach.  A shortest way never stands twice on a cell nor hops a
 * piece twice (two hops over one piece make one), so the list is exact. */
static bool reach(const Gen *g, const unsigned char *b,
                  const unsigned char *occ, int cur, const Trail *t,
                  int *list, int *n)
{
    unsigned char seen[CELLS] = { 0 };
    bool capture = false;
    seen[cur] = 1;
    list[0] = cur;
    *n = 1;
    for (int i = 0; i < *n; i++)
        for (int d = 0; d < 4; d++) {
            int h = step(list[i], d);
            if (h < 0 || !occ[h] || bit(t->hopped, h))
                continue;
            if (team_of(b[h]) != g->me && home(g->me, h))
                capture = true;
            for (int e = 0; e < 4; e++) {
                int l = step(h, e);
                if (l >= 0 && !occ[l] && !seen[l] && !bit(t->stood, l)) {
                    seen[l] = 1;
                    list[(*n)++] = l;
                }
            }
        }
    return capture;
}

/* Extend the chain T of the hopper at CUR on B (which shows the captures
 * so far; OCC marks the other pieces), exploring each state once.  Once
 * no capture is left within reach, the moves left are exactly the cells
 * within reach with the board as it is: no need to walk every way there. */
static void hop_chain(Gen *g, unsigned char *b, const unsigned char *occ,
                      int start, int cur, const Trail *t, bool cap)
{
    int list[CELLS], n;
    if (!reach(g, b, occ, cur, t, list, &n)) {
        for (int i = 1; i < n; i++)
            emit_moved(g, b, cur, list[i], cap);
        return;
    }
    for (int d = 0; d < 4; d++) {
        int h = step(cur, d);
        if (h < 0 || !occ[h] || bit(t->hopped, h))
            continue;
        /* Land beside the hopped piece on any side but the one it came
         * from; that side is CUR, already stood on. */
        for (int e = 0; e < 4; e++) {
            int l = step(h, e);
            if (l < 0 || occ[l] || bit(t->stood, l))
                continue;
            Trail u = *t;
            set_bit(u.stood, l);
            set_bit(u.hopped, h);
            unsigned char was = b[h];
            bool c = home(g->me, h) && convert(g, b, h);
            unsigned char key[SKEY] = { (unsigned char)start,
                                        (unsigned char)l };
            memcpy(key + 2, &u, sizeof u);
            if (keyset_add(&g->states, key)) {
                emit_moved(g, b, cur, l, cap || c);
                b[l] = b[cur], b[cur] = 0;
                hop_chain(g, b, occ, start, l, &u, cap || c);
                b[cur] = b[l], b[l] = 0;
            }
            b[h] = was;
        }
    }
}

static void hopper(Gen *g, const unsigned char *start, int sq)
{
    unsigned char b[CELLS], occ[CELLS];
    memcpy(b, start, CELLS);
    for (int d = 0; d < 4; d++) {
        int mid = step(sq, d), to = mid < 0 ? -1 : step(mid, d);
        if (to >= 0 && !b[mid] && !b[to])
            emit_moved(g, b, sq, to, false);
    }
    for (int i = 0; i < CELLS; i++)
        occ[i] = b[i] && i != sq;
    Trail t = { { 0 }, { 0 } };
    set_bit(t.stood, sq);
    hop_chain(g, b, occ, sq, sq, &t, false);
}

/* Slashers move on a torus: a step diagonally, or jumps all in one
 * diagonal direction.  Only captures change the board during a chain and
 * they only grow, so a chain state repeats exactly when the slasher is back
 * on a cell with no capture since it last stood there. */
static void slasher(Gen *g, const unsigned char *start, int sq)
{
    for (int d = 0; d < 4; d++) {
        unsigned char b[CELLS];
        memcpy(b, start, CELLS);
        if (!b[diag(sq, d)])
            emit_moved(g, b, sq, diag(sq, d), false);
        unsigned char me = b[sq];
        b[sq] = 0;              /* its start is empty once it has left */
        int last[CELLS], caps = 0, cur = sq;
        memset(last, 0xff, sizeof last);        /* all -1: not stood on */
        for (;;) {
            int over = diag(cur, d), land = diag(over, d);
            if (!b[over] || b[land])
                break;
            caps += convert(g, b, over);
            if (last[land] == caps)
                break;
            last[cur = land] = caps;
            b[cur] = me;
            emit(g, b, cur, caps > 0, true);
            b[cur] = 0;
        }
    }
}

/* Fill G->results with the distinct results of the team to move. */
static void gen_moves(const Pos *p, Gen *g)
{
    g->me = p->side;
    keyset_init(&g->results, RKEY);
    keyset_init(&g->states, SKEY);
    for (int sq = 0; sq < CELLS; sq++) {
        int c = p->cell[sq];
        if (!c || team_of(c) != g->me)
            continue;
        if (aspect_of(c) == PUSHER)
            pusher(g, p->cell, sq);
        else if (aspect_of(c) == HOPPER)
            hopper(g, p->cell, sq);
        else
            slasher(g, p->cell, sq);
        /* Off its home colour a piece may change aspect instead. */
        emit(g, p->cell, sq, false, false);
    }
    g->results.oom |= g->states.oom;
    keyset_free(&g->states);
}

/* Pass the turn on, skipping teams that are out. */
static int next_side(const Pos *p)
{
    for (int k = 1; k <= 4; k++)
        if (!p->out[(p->side + k) % 4])
            return (p->side + k) % 4;
    return p->side;
}

/* Over when one team is left, or after 200 plies without a capture (the
 * third repetition is not seen: there is no history). */
static bool game_over(const Pos *p)
{
    int in = 0;
    for (int t = 0; t < 4; t++)
        in += !p->out[t];
    return in == 1 || p->since >= 200;
}

static long long perft(const Pos *p, int depth)
{
    if (game_over(p))
        return 0;
    Gen g;
    gen_moves(p, &g);
    long long total = 0;
    if (g.results.oom) {
        total = -1;
    } else if (g.results.n == 0) {
        /* No pieces or no move: the team's only move is to go out. */
        Pos q = *p;
        q.out[p->side] = 1;
        q.side = next_side(&q);
        q.since++;
        total = depth == 1 ? 1 : perft(&q, depth - 1);
    } else if (depth == 1) {
        total = (long long)g.results.n;
    } else {
        for (size_t i = 0; i < g.results.cap && total >= 0; i++) {
            if (!g.results.used[i])
                continue;
            const unsigned char *k = g.results.keys + i * RKEY;
            Pos q = *p;
            memcpy(q.cell, k, CELLS);
            q.since = k[CELLS] ? 0 : p->since + 1;
            q.side = next_side(&q);
            long long sub = perft(&q, depth - 1);
            total = sub < 0 ? -1 : total + sub;
        }
    }
    keyset_free(&g.results);
    return total;
}

static bool parse(const char *s, Pos *p)
{
    static const char letters[] = "OHXohxQNYqny", sides[] = "swne";
    memset(p, 0, sizeof *p);
    for (int row = N - 1; row >= 0; row--) {
        int col = 0;
        while (col < N && *s && *s != '/' && *s != ' ') {
            const char *l = strchr(letters, *s);
            long long run;
            if (l) {
                p->cell[row * N + col++] = (unsigned char)(1 + (l - letters));
                s++;
            } else if (*s != '0' && oracle_read_number(&s, &run) && run <= N - col) {
                col += (int)run;
            } else {
                return false;
            }
        }
        if (col != N || *s++ != (row > 0 ? '/' : ' '))
            return false;
    }
    const char *side = *s ? strchr(sides, *s++) : NULL;
    if (!side)
        return false;
    p->side = (int)(side - sides);
    for (int t = 0; t < 4; t++) {
        if (*s++ != (t ? '/' : ' ') || (*s != '0' && *s != '1'))
            return false;
        p->out[t] = (unsigned char)(*s++ - '0');
    }
    long long plies;
    /* The team to move is never out: the turn skips those. */
    return *s++ == ' ' && oracle_read_number(&s, &p->since) && *s++ == ' '
           && oracle_read_number(&s, &plies) && *s == '\0' && !p->out[p->side];
}

long long superial4_perft(const char *text, int depth)
{
    Pos p;
    if (!text || depth < 1 || !parse(text, &p))
        return -1;
    return perft(&p, depth);
}
