/* xiangqi: an independent count of Xiangqi (Chinese chess) moves (perft),
 * written from the rules of the game, for test_oracles.  It knows nothing
 * of tabula beyond the position string tabula writes.
 *
 * xiangqi_perft(TEXT, DEPTH) is the number of sequences of DEPTH plies from
 * the position TEXT (1 at depth 0, 0 at any other depth once the side to
 * move has no legal move), or -1 when TEXT cannot be read or DEPTH is
 * negative.  A move is legal when it leaves the mover's general attacked
 * by no enemy piece, the flying-general rule counted as an attack of one
 * general on the other; no other rule (repetition, perpetual check)
 * matters at the depths counted. */
#include "oracles.h"

#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

/* The board is 9 files (a..i) by 10 ranks.  Rank indices run 0 (rank 1,
 * Red's back rank) to 9 (rank 10, Black's), so Red moves up the indices
 * and Black down.  A cell holds 0 when empty, else a piece type, positive
 * for Red and negative for Black. */
enum { FILES = 9, RANKS = 10 };
enum { GENERAL = 1, ADVISOR, ELEPHANT, HORSE, CHARIOT, CANNON, SOLDIER };
enum { RED, BLACK };

/* How many of each piece a side has at most (the army of the start), by
 * type; a position string with more is refused. */
static const int ARMY[SOLDIER + 1] = { 0, 1, 2, 2, 2, 2, 2, 5 };

/* More than the pseudo-legal moves of any position: two chariots and two
 * cannons reach 17 cells each at most, the rest of an army 52 (the horses
 * 16, elephants and advisors 8 each, the general 5, the soldiers 15). */
enum { MAXMOVES = 256 };

typedef struct {
    signed char c[RANKS][FILES];
    int side;
    /* Where each side's general stands; rank -1 when it has none: one
     * taken (possible only from a position whose side not to move was
     * left in check, which these rules let be counted) or none in the
     * string.  A side without a general has nothing to keep safe: all its
     * moves are legal, and the game goes on. */
    int gr[2], gf[2];
} Pos;

typedef struct {
    signed char fr, ff, tr, tf;
} Move;

typedef struct {
    signed char r, f;
} Step;

static const Step ORTHO[4] = { { 1, 0 }, { -1, 0 }, { 0, 1 }, { 0, -1 } };
static const Step DIAG[4] = { { 1, 1 }, { 1, -1 }, { -1, 1 }, { -1, -1 } };

/* A horse's 8 targets, each with its leg: the cell one step orthogonally
 * from the horse towards the target, which must be empty. */
static const Step HORSE_TO[8] = { { 2, 1 }, { 2, -1 }, { -2, 1 }, { -2, -1 },
                                  { 1, 2 }, { -1, 2 }, { 1, -2 }, { -1, -2 } };
static const Step HORSE_LEG[8] = { { 1, 0 }, { 1, 0 }, { -1, 0 }, { -1, 0 },
                                   { 0, 1 }, { 0, 1 }, { 0, -1 }, { 0, -1 } };

static bool on_board(int r, int f) { return r >= 0 && r < RANKS && f >= 0 && f < FILES; }
static int side_of(int v) { return v > 0 ? RED : BLACK; }
static int forward(int side) { return side == RED ? 1 : -1; }

/* The side's own half, which its elephants never leave and its soldiers
 * must leave before they may step sideways. */
static bool own_half(int side, int r) { return side == RED ? r <= 4 : r >= 5; }

static bool in_palace(int side, int r, int f)
{
    return f >= 3 && f <= 5 && (side == RED ? r <= 2 : r >= 7);
}

/* The cell at (R, F) holds a piece of SIDE of type TYPE. */
static bool holds(const Pos *p, int r, int f, int side, int type)
{
    if (!on_board(r, f))
        return false;
    int v = p->c[r][f];
    return v != 0 && side_of(v) == side && abs(v) == type;
}

/* The first piece from (R, F) in the direction S, not counting (R, F)
 * itself: its cell in *FR, *FF, or false when the ray leaves the board
 * first. */
static bool first_on_ray(const Pos *p, int r, int f, Step s, int *fr, int *ff)
{
    for (r += s.r, f += s.f; on_board(r, f); r += s.r, f += s.f)
        if (p->c[r][f]) {
            *fr = r;
            *ff = f;
            return true;
        }
    return false;
}

/* Is the cell (R, F), which holds a piece of SIDE (its general, when this
 * is asked), attacked by a piece of the other side?  Each kind of piece
 * is looked for where it would have to stand to move onto (R, F) by its
 * own rules, so the attack follows the moving rules exactly: the horse's
 * leg, the cannon's one screen, the elephant's eye and river, the
 * soldier's sideways step only past the river, the palace of the general
 * and advisors.  The flying-general rule is the general attacking along
 * an open file, as far as it reaches. */
static bool attacked(const Pos *p, int r, int f, int side)
{
    int enemy = !side;
    for (int d = 0; d < 4; d++) {
        int sr, sf;
        if (!first_on_ray(p, r, f, ORTHO[d], &sr, &sf))
            continue;
        if (holds(p, sr, sf, enemy, CHARIOT))
            return true;
        if (ORTHO[d].f == 0 && holds(p, sr, sf, enemy, GENERAL))
            return true;
        /* The first piece is the screen; a cannon behind it attacks. */
        int cr, cf;
        if (first_on_ray(p, sr, sf, ORTHO[d], &cr, &cf) && holds(p, cr, cf, enemy, CANNON))
            return true;
    }
    for (int d = 0; d < 8; d++) {
        int hr = r - HORSE_TO[d].r, hf = f - HORSE_TO[d].f;
        if (holds(p, hr, hf, enemy, HORSE) && !p->c[hr + HORSE_LEG[d].r][hf + HORSE_LEG[d].f])
            return true;
    }
    /* A soldier takes straight ahead, or sideways once it is past the
     * river (that is, out of its own half). */
    if (holds(p, r - forward(enemy), f, enemy, SOLDIER))
        return true;
    for (int df = -1; df <= 1; df += 2)
        if (holds(p, r, f + df, enemy, SOLDIER) && !own_half(enemy, r))
            return true;
    /* The pieces that keep to their palace or half attack only there: in
     * play the general is never within their reach, but a position string
     * costs nothing to be exact about. */
    if (in_palace(enemy, r, f)) {
        for (int d = 0; d < 4; d++) {
            if (holds(p, r - ORTHO[d].r, f - ORTHO[d].f, enemy, GENERAL))
                return true;
            if (holds(p, r - DIAG[d].r, f - DIAG[d].f, enemy, ADVISOR))
                return true;
        }
    }
    if (own_half(enemy, r)) {
        for (int d = 0; d < 4; d++) {
            int er = r - 2 * DIAG[d].r, ef = f - 2 * DIAG[d].f;
            if (holds(p, er, ef, enemy, ELEPHANT) && !p->c[r - DIAG[d].r][f - DIAG[d].f])
                return true;
        }
    }
    return false;
}

/* Adds the move from (FR, FF) to (TR, TF) when the target is on the board
 * and not the mover's own piece.  Returns whether the target was empty,
 * for the sliders to go on. */
static bool add(const Pos *p, Move *list, int *n, int fr, int ff, int tr, int tf)
{
    if (!on_board(tr, tf))
        return false;
    int v = p->c[tr][tf];
    if (v && side_of(v) == p->side)
        return false;
    list[(*n)++] = (Move){ (signed char)fr, (signed char)ff, (signed char)tr, (signed char)tf };
    return v == 0;
}

/* The pseudo-legal moves of the piece on (R, F), of the side to move:
 * every move by the piece's own rules, the general's safety not yet
 * looked at. */
static void piece_moves(const Pos *p, int r, int f, Move *list, int *n)
{
    int side = p->side, type = abs(p->c[r][f]);
    switch (type) {
    case GENERAL:
        for (int d = 0; d < 4; d++) {
            int tr = r + ORTHO[d].r, tf = f + ORTHO[d].f;
            if (in_palace(side, tr, tf))
                add(p, list, n, r, f, tr, tf);
        }
        /* The flying general's capture: it never arises in play, but a
         * position string may allow it.  The generals are never next to
         * each other (each keeps to its own palace, the one taking the
         * other's leaves the board with only one), so this never repeats
         * a step above. */
        for (int d = 0; d < 2; d++) {
            int gr, gf;
            if (first_on_ray(p, r, f, ORTHO[d], &gr, &gf) && holds(p, gr, gf, !side, GENERAL))
                add(p, list, n, r, f, gr, gf);
        }
        break;
    case ADVISOR:
        for (int d = 0; d < 4; d++) {
            int tr = r + DIAG[d].r, tf = f + DIAG[d].f;
            if (in_palace(side, tr, tf))
                add(p, list, n, r, f, tr, tf);
        }
        break;
    case ELEPHANT:
        for (int d = 0; d < 4; d++) {
            int tr = r + 2 * DIAG[d].r, tf = f + 2 * DIAG[d].f;
            if (on_board(tr, tf) && own_half(side, tr) && !p->c[r + DIAG[d].r][f + DIAG[d].f])
                add(p, list, n, r, f, tr, tf);
        }
        break;
    case HORSE:
        for (int d = 0; d < 8; d++) {
            int tr = r + HORSE_TO[d].r, tf = f + HORSE_TO[d].f;
            if (on_board(tr, tf) && !p->c[r + HORSE_LEG[d].r][f + HORSE_LEG[d].f])
                add(p, list, n, r, f, tr, tf);
        }
        break;
    case CHARIOT:
        /* Each way until a move lands on a piece or leaves the board. */
        for (int d = 0; d < 4; d++) {
            int tr = r + ORTHO[d].r, tf = f + ORTHO[d].f;
            while (add(p, list, n, r, f, tr, tf)) {
                tr += ORTHO[d].r;
                tf += ORTHO[d].f;
            }
        }
        break;
    case CANNON:
        for (int d = 0; d < 4; d++) {
            int tr = r + ORTHO[d].r, tf = f + ORTHO[d].f;
            /* Quiet moves to the empty cells up to the first piece; that
             * piece, of either side, is the screen, and the cannon may
             * take the first piece beyond it if it is the enemy's. */
            for (; on_board(tr, tf) && !p->c[tr][tf]; tr += ORTHO[d].r, tf += ORTHO[d].f)
                add(p, list, n, r, f, tr, tf);
            int cr, cf;
            if (on_board(tr, tf) && first_on_ray(p, tr, tf, ORTHO[d], &cr, &cf) &&
                side_of(p->c[cr][cf]) != side)
                add(p, list, n, r, f, cr, cf);
        }
        break;
    case SOLDIER:
        add(p, list, n, r, f, r + forward(side), f);
        if (!own_half(side, r)) {
            add(p, list, n, r, f, r, f - 1);
            add(p, list, n, r, f, r, f + 1);
        }
        break;
    }
}

static int generate(const Pos *p, Move *list)
{
    int n = 0;
    for (int r = 0; r < RANKS; r++)
        for (int f = 0; f < FILES; f++)
            if (p->c[r][f] && side_of(p->c[r][f]) == p->side)
                piece_moves(p, r, f, list, &n);
    return n;
}

/* Plays M for the side to move (the side to move is left for the caller),
 * keeping the generals' cells.  Returns the piece taken, for unmake. */
static int make(Pos *p, Move m)
{
    int v = p->c[m.fr][m.ff], taken = p->c[m.tr][m.tf];
    p->c[m.tr][m.tf] = (signed char)v;
    p->c[m.fr][m.ff] = 0;
    if (abs(v) == GENERAL) {
        p->gr[p->side] = m.tr;
        p->gf[p->side] = m.tf;
    }
    if (abs(taken) == GENERAL)
        p->gr[!p->side] = -1;
    return taken;
}

static void unmake(Pos *p, Move m, int taken)
{
    int v = p->c[m.tr][m.tf];
    p->c[m.fr][m.ff] = (signed char)v;
    p->c[m.tr][m.tf] = (signed char)taken;
    if (abs(v) == GENERAL) {
        p->gr[p->side] = m.fr;
        p->gf[p->side] = m.ff;
    }
    if (abs(taken) == GENERAL) {
        p->gr[!p->side] = m.tr;
        p->gf[!p->side] = m.tf;
    }
}

static long long perft(Pos *p, int depth)
{
    if (depth == 0)
        return 1;
    Move list[MAXMOVES];
    int n = generate(p, list);
    long long total = 0;
    int side = p->side;
    for (int i = 0; i < n; i++) {
        int taken = make(p, list[i]);
        if (p->gr[side] < 0 || !attacked(p, p->gr[side], p->gf[side], side)) {
            if (depth == 1) {
                total++;
            } else {
                p->side = !side;
                total += perft(p, depth - 1);
                p->side = side;
            }
        }
        unmake(p, list[i], taken);
    }
    return total;
}

static int piece_of(char ch)
{
    static const char letters[] = "KABNRCP";
    const char *at = strchr(letters, ch >= 'a' && ch <= 'z' ? ch - 'a' + 'A' : ch);
    if (!ch || !at)
        return 0;
    int type = (int)(at - letters) + 1;
    return ch >= 'a' && ch <= 'z' ? -type : type;
}

/* Read the 10 ranks, rank 10 first, each of files a to i (a run of empty
 * cells as one digit 1 to 9, never two runs in a row, as tabula writes
 * them), separated by '/'; one space, the side to move ("r" or "b"), one
 * space and the number of plies played, which is not looked at.  A side
 * has no more pieces of a kind than at the start, and its general (if
 * any) stands in its palace. */
static bool parse(const char *s, Pos *p)
{
    memset(p, 0, sizeof *p);
    p->gr[RED] = p->gr[BLACK] = -1;
    int count[2][SOLDIER + 1] = { { 0 } };
    for (int r = RANKS - 1; r >= 0; r--) {
        int f = 0;
        bool after_run = false;
        while (f < FILES && *s && *s != '/' && *s != ' ') {
            if (*s >= '1' && *s <= '9') {
                if (after_run)
                    return false;
                f += *s++ - '0';
                if (f > FILES)
                    return false;
                after_run = true;
                continue;
            }
            int v = piece_of(*s++);
            if (!v || ++count[side_of(v)][abs(v)] > ARMY[abs(v)])
                return false;
            if (abs(v) == GENERAL) {
                int side = side_of(v);
                if (!in_palace(side, r, f))
                    return false;
                p->gr[side] = r;
                p->gf[side] = f;
            }
            p->c[r][f++] = (signed char)v;
            after_run = false;
        }
        if (f != FILES || *s++ != (r > 0 ? '/' : ' '))
            return false;
    }
    if (*s != 'r' && *s != 'b')
        return false;
    p->side = *s++ == 'b' ? BLACK : RED;
    long long plies;
    if (*s++ != ' ' || !oracle_read_number(&s, &plies))
        return false;
    return *s == '\0';
}

long long xiangqi_perft(const char *text, int depth)
{
    Pos p;
    if (!text || depth < 0 || !parse(text, &p))
        return -1;
    return perft(&p, depth);
}
