/* movegen: running a compiled turn on a position.
 *
 * run() interprets one mnode with a continuation: what remains of the turn
 * after it.  Every action changes the position in place, runs the
 * continuation, then rolls the change log back, so compound turns (move
 * then place, hop chains, a pattern's effects) see the board as it is at
 * that point of the turn.  When the continuation is empty the turn is
 * complete and emit() copies it out as a move.  Conditions and cell sets are
 * evaluated by eval_* from the compiled cexprs.
 */
#include "movegen.h"

#include <stdlib.h>
#include <string.h>

#include "ast.h"
#include "attack.h"

#define NESTING 4           /* stuck() inside attacked() inside a filter ... */
#define DEDUP_SIZE 16384    /* power of two, above MOVELIST_MAX_MOVES */
#define MAX_MATCHES 32
#define MAX_RECURSION 512
#define GUARD_CHECK (-1)

struct movegen {
    const game *g;
    move_list scratch[NESTING];
    uint64_t *seen[NESTING];
    uint32_t *seen_stamp[NESTING];
    uint32_t stamp[NESTING];
    int depth;
};

typedef struct cont {
    int16_t node;
    int16_t count;
    uint16_t outer_flags;       /* repetition: the chain state to go back to */
    int outer_direction;
    const struct cont *next;
} cont;

typedef struct gen {
    movegen *m;
    position *pos;
    const game *g;
    move_list *out;
    int level;              /* nesting level, for scratch lists and dedup tables */
    int player;             /* the mover */
    int scored;             /* the player a score is computed for */
    int turn_mark;
    int anchor, origin, last, pattern_anchor;
    cellset visited, jumped, pushed, line, marked;
    cellset labels[GAME_MAX_LABELS];
    int variable;           /* pattern variable's direction */
    int chain_direction;
    uint16_t chain_flags;
    bool captured, passed, chance;
    int moved_type;
    int32_t path[256];
    int path_length;
    long applied;
    int recursion;
    /* modes */
    bool attack;            /* pseudo-legal moves, looking for a capture on targets */
    int attack_defender;
    cellset attack_targets;
    bool found;
    bool counting;          /* only count moves */
    bool stop_at_first;
    int counted;
    bool stop;
    bool in_filter;         /* evaluating a legality filter: the side has not changed yet */
    bool no_moves;          /* for end rules */
    bool has_start;
    cellset start;
} gen;

static void run(gen *x, int node, const cont *k);
static void run_cont(gen *x, const cont *k);
static void eval_set(gen *x, int e, cellset *out);
static bool eval_cond(gen *x, int e);
static long eval_number(gen *x, int e);
static int count_moves(gen *parent, int player, bool stop_at_first);

/* --- move lists */

bool move_list_init(move_list *list)
{
    memset(list, 0, sizeof *list);
    list->moves = malloc(MOVELIST_MAX_MOVES * sizeof *list->moves);
    list->changes = malloc(MOVELIST_MAX_CHANGES * sizeof *list->changes);
    list->path = malloc(MOVELIST_MAX_PATH * sizeof *list->path);
    if (!list->moves || !list->changes || !list->path) {
        move_list_free(list);
        return false;
    }
    return true;
}

void move_list_free(move_list *list)
{
    free(list->moves);
    free(list->changes);
    free(list->path);
    memset(list, 0, sizeof *list);
}

static void clear_list(move_list *list)
{
    list->count = 0;
    list->change_count = 0;
    list->path_count = 0;
    list->overflow = false;
    list->stuck = false;
}

movegen *movegen_new(const game *g)
{
    movegen *m = calloc(1, sizeof *m);
    if (!m)
        return NULL;
    m->g = g;
    for (int i = 0; i < NESTING; i++) {
        m->seen[i] = calloc(DEDUP_SIZE, sizeof *m->seen[i]);
        m->seen_stamp[i] = calloc(DEDUP_SIZE, sizeof *m->seen_stamp[i]);
        if (!m->seen[i] || !m->seen_stamp[i] || !move_list_init(&m->scratch[i])) {
            movegen_free(m);
            return NULL;
        }
    }
    return m;
}

void movegen_free(movegen *m)
{
    if (!m)
        return;
    for (int i = 0; i < NESTING; i++) {
        free(m->seen[i]);
        free(m->seen_stamp[i]);
        move_list_free(&m->scratch[i]);
    }
    free(m);
}

/* --- players */

static int opponent_of(const game *g, int player)
{
    return g->player_count == 2 ? 1 - player : (player + 1) % g->player_count;
}

static int resolve_player(const gen *x, int ref)
{
    switch (ref) {
    case PLAYER_MOVER: return x->player;
    case PLAYER_NEXT: return x->pos->side;
    case PLAYER_OPPONENT: return opponent_of(x->g, x->pos->side);
    case PLAYER_SCORED: return x->scored;
    case PLAYER_EVERYONE: case PLAYER_ANYONE: return -1;
    default: return ref - PLAYER_FIXED;
    }
}

/* --- steps */

static int step_from(const gen *x, int cell, const dstep *s)
{
    const board *b = &x->g->board;
    if (cell < 0)
        return -1;
    switch (s->kind) {
    case STEP_DIRECTION:
        return board_step(b, cell, s->direction);
    case STEP_WRAPPED:
        return board_step_wrapped(b, cell, s->direction);
    case STEP_RING_CLOCKWISE:
        return b->ring_clockwise[cell];
    case STEP_RING_COUNTER_CLOCKWISE:
        return b->ring_counter_clockwise[cell];
    case STEP_OFFSET: {
        if (b->kind != BOARD_SQUARE)
            return -1;
        int nx = b->x[cell] + s->dx, ny = b->y[cell] + s->dy;
        if (nx < 0 || ny < 0 || nx >= b->width || ny >= b->height)
            return -1;
        return ny * b->width + nx;
    }
    case STEP_VARIABLE: {
        if (x->variable < 0)
            return -1;
        int d = s->direction ? board_rotate(b, x->variable, s->direction * b->turn_degrees) : x->variable;
        return board_step(b, cell, d);
    }
    }
    return -1;
}

/* A comparable identity of a step, for 'straight' chains. */
static int step_identity(const dstep *s)
{
    return ((s->kind * 256 + (s->direction + 128)) * 256 + (s->dx + 128)) * 256 + (s->dy + 128);
}

static const dlist *directions(const gen *x, int index)
{
    return index >= 0 ? &x->g->dlists[index] : NULL;
}

/* --- cell sets */

static void occupied(const gen *x, cellset *out)
{
    cellset_copy(out, &x->pos->occupied, x->g->words);
}

static void single(const gen *x, cellset *out, int cell)
{
    cellset_clear(out, x->g->words);
    if (cell >= 0)
        cellset_add(out, cell);
}

static int first_cell(const gen *x, const cellset *s)
{
    return cellset_next(s, -1, x->g->words);
}

#define MATCH_LABELS 4

typedef struct match {
    cellset marks;
    cellset labels[MATCH_LABELS];   /* the cells each 'as' label took in this match */
    int line;
} match;

static int pattern_matches(gen *x, int pattern_index, int anchor, match *out, int max, bool any);

static void eval_set(gen *x, int e, cellset *out)
{
    const game *g = x->g;
    int words = g->words;
    const cexpr *c = &g->exprs[e];
    cellset other;
    switch (c->op) {
    case C_SET_CONST:
        cellset_copy(out, &g->sets[c->value], words);
        return;
    case C_SET_REGION: {
        int p = resolve_player(x, c->player);
        if (p < 0)
            p = x->player;
        cellset_copy(out, &g->sets[g->region_sets[c->value * GAME_MAX_PLAYERS + p]], words);
        return;
    }
    case C_SET_EMPTY:
        occupied(x, &other);
        cellset_fill(out, g->board.cell_count);
        cellset_and_not(out, &other, words);
        return;
    case C_SET_OCCUPIED:
        occupied(x, out);
        return;
    case C_SET_FRIEND:
        cellset_copy(out, &x->pos->owned[x->player], words);
        return;
    case C_SET_ENEMY:
        occupied(x, out);
        cellset_and_not(out, &x->pos->owned[x->player], words);
        return;
    case C_SET_ALL:
        cellset_fill(out, g->board.cell_count);
        return;
    case C_SET_TYPE:
        cellset_copy(out, &x->pos->typed[c->value], words);
        return;
    case C_SET_OWNER:
    case C_SET_PIECES: {
        int p = resolve_player(x, c->player);
        if (p < 0)
            occupied(x, out);
        else
            cellset_copy(out, &x->pos->owned[p], words);
        if (c->op == C_SET_PIECES && c->value >= 0)
            cellset_and(out, &x->pos->typed[c->value], words);
        return;
    }
    case C_SET_HERE: single(x, out, x->anchor); return;
    case C_SET_ORIGIN: single(x, out, x->origin); return;
    case C_SET_LAST: single(x, out, x->last); return;
    case C_SET_ANCHOR: single(x, out, x->pattern_anchor >= 0 ? x->pattern_anchor : x->anchor); return;
    case C_SET_JUMPED: cellset_copy(out, &x->jumped, words); return;
    case C_SET_PUSHED: cellset_copy(out, &x->pushed, words); return;
    case C_SET_MARKED: cellset_copy(out, &x->marked, words); return;
    case C_SET_LINE: cellset_copy(out, &x->line, words); return;
    case C_SET_LABEL: cellset_copy(out, &x->labels[c->value], words); return;
    case C_SET_VAR: single(x, out, x->pos->vars[c->value]); return;
    case C_SET_UNION:
        eval_set(x, c->a, out);
        eval_set(x, c->b, &other);
        cellset_or(out, &other, words);
        return;
    case C_SET_INTERSECT:
        eval_set(x, c->a, out);
        eval_set(x, c->b, &other);
        cellset_and(out, &other, words);
        return;
    case C_SET_MINUS:
        eval_set(x, c->a, out);
        eval_set(x, c->b, &other);
        cellset_and_not(out, &other, words);
        return;
    case C_SET_ADJACENT:
    case C_SET_SIGHT: {
        cellset from;
        eval_set(x, c->a, &from);
        cellset_clear(out, words);
        const dlist *d = directions(x, c->value);
        cellset filled;
        occupied(x, &filled);
        for (int cell = cellset_next(&from, -1, words); cell >= 0; cell = cellset_next(&from, cell, words)) {
            if (!d) {
                for (int dir = 0; dir < g->board.direction_count; dir++) {
                    int n = board_step(&g->board, cell, dir);
                    if (n >= 0)
                        cellset_add(out, n);
                }
                continue;
            }
            for (int i = 0; i < d->count[x->player]; i++) {
                const dstep *s = &d->steps[x->player][i];
                int n = step_from(x, cell, s);
                if (c->op == C_SET_ADJACENT) {
                    if (n >= 0)
                        cellset_add(out, n);
                    continue;
                }
                while (n >= 0 && n != cell && !cellset_has(&filled, n)) {
                    cellset_add(out, n);
                    n = step_from(x, n, s);
                }
            }
        }
        return;
    }
    case C_SET_WHERE_PATTERN: {
        cellset from;
        eval_set(x, c->a, &from);
        cellset_clear(out, words);
        for (int cell = cellset_next(&from, -1, words); cell >= 0; cell = cellset_next(&from, cell, words))
            if (pattern_matches(x, c->value, cell, NULL, 0, true) > 0)
                cellset_add(out, cell);
        return;
    }
    case C_SET_WHERE_COND: {
        cellset from;
        eval_set(x, c->a, &from);
        cellset_clear(out, words);
        int saved = x->anchor;
        for (int cell = cellset_next(&from, -1, words); cell >= 0; cell = cellset_next(&from, cell, words)) {
            x->anchor = cell;
            if (eval_cond(x, c->b))
                cellset_add(out, cell);
        }
        x->anchor = saved;
        return;
    }
    default:
        cellset_clear(out, words);
        return;
    }
}

/* --- numbers and conditions */

static long territory(gen *x, int player)
{
    /* empty regions (orthogonally connected) bordered only by PLAYER's pieces */
    const game *g = x->g;
    const board *b = &g->board;
    int cells = b->cell_count;
    static int queue[BOARD_MAX_CELLS];
    cellset seen;
    cellset_clear(&seen, g->words);
    long total = 0;
    int step = b->kind == BOARD_SQUARE ? 2 : 1;
    for (int start = 0; start < cells; start++) {
        if (x->pos->cells[start] || cellset_has(&seen, start))
            continue;
        int head = 0, tail = 0, size = 0;
        int borders = 0;   /* bit per player */
        queue[tail++] = start;
        cellset_add(&seen, start);
        while (head < tail) {
            int cell = queue[head++];
            size++;
            for (int d = 0; d < b->direction_count; d += step) {
                int n = board_step(b, cell, d);
                if (n < 0)
                    continue;
                uint16_t code = x->pos->cells[n];
                if (code) {
                    borders |= 1 << PIECE_OWNER(code);
                } else if (!cellset_has(&seen, n)) {
                    cellset_add(&seen, n);
                    queue[tail++] = n;
                }
            }
        }
        if (borders == 1 << player)
            total += size;
    }
    return total;
}

static long eval_number(gen *x, int e)
{
    const cexpr *c = &x->g->exprs[e];
    cellset s;
    switch (c->op) {
    case C_NUM_CONST: return c->value;
    case C_NUM_COUNT:
        eval_set(x, c->a, &s);
        return cellset_count(&s, x->g->words);
    case C_NUM_VAR: return x->pos->vars[c->value];
    case C_NUM_SCORE: {
        int saved = x->scored;
        int p = resolve_player(x, c->player);
        x->scored = p < 0 ? x->player : p;
        long v = x->g->score >= 0 ? eval_number(x, x->g->score) : 0;
        x->scored = saved;
        return v;
    }
    case C_NUM_TERRITORY: {
        int p = resolve_player(x, c->player);
        return territory(x, p < 0 ? x->player : p);
    }
    case C_NUM_RESERVE: {
        int p = resolve_player(x, c->player);
        return c->value >= 0 && p >= 0 ? x->pos->reserve[p][c->value] : 0;
    }
    case C_NUM_ADD: return eval_number(x, c->a) + eval_number(x, c->b);
    case C_NUM_SUB: return eval_number(x, c->a) - eval_number(x, c->b);
    case C_NUM_NEG: return -eval_number(x, c->a);
    default: return 0;
    }
}

static bool in_line(gen *x, int length)
{
    const game *g = x->g;
    const board *b = &g->board;
    const cellset *own = &x->pos->owned[x->player];
    int axes = b->kind == BOARD_SQUARE ? 4 : b->kind == BOARD_HEX ? 3 : b->direction_count;
    for (int cell = cellset_next(own, -1, g->words); cell >= 0; cell = cellset_next(own, cell, g->words)) {
        for (int d = 0; d < axes; d++) {
            /* count only from the start of a run */
            int back = board_rotate(b, d, 180);
            if (back >= 0 && cellset_has(own, board_step(b, cell, back)))
                continue;
            int n = 1, next = board_step(b, cell, d);
            while (next >= 0 && cellset_has(own, next)) {
                n++;
                next = board_step(b, next, d);
            }
            if (n >= length)
                return true;
        }
    }
    return false;
}

static bool connected(gen *x, const cexpr *c)
{
    const game *g = x->g;
    int p = resolve_player(x, c->player);
    if (p < 0)
        p = x->player;
    cellset from, to;
    eval_set(x, c->a, &from);
    eval_set(x, c->b, &to);
    const cellset *own = &x->pos->owned[p];
    cellset_and(&from, own, g->words);
    static int queue[BOARD_MAX_CELLS];
    cellset seen = from;
    int head = 0, tail = 0;
    for (int cell = cellset_next(&from, -1, g->words); cell >= 0; cell = cellset_next(&from, cell, g->words))
        queue[tail++] = cell;
    const dlist *d = directions(x, c->value);
    while (head < tail) {
        int cell = queue[head++];
        if (cellset_has(&to, cell))
            return true;
        int count = d ? d->count[p] : g->board.direction_count;
        for (int i = 0; i < count; i++) {
            int n = d ? step_from(x, cell, &d->steps[p][i]) : board_step(&g->board, cell, i);
            if (n >= 0 && cellset_has(own, n) && !cellset_has(&seen, n)) {
                cellset_add(&seen, n);
                queue[tail++] = n;
            }
        }
    }
    return false;
}

static bool attacked(gen *x, int e);

static bool stuck(gen *x, int ref)
{
    int p = resolve_player(x, ref);
    if (p >= 0)
        return count_moves(x, p, true) == 0;
    bool all = ref == PLAYER_EVERYONE;
    for (int q = 0; q < x->g->player_count; q++) {
        bool s = count_moves(x, q, true) == 0;
        if (all && !s)
            return false;
        if (!all && s)
            return true;
    }
    return all;
}

static uint64_t hash_for_repetition(const gen *x)
{
    if (!x->in_filter)
        return x->pos->hash;
    /* inside a filter the move is made but the turn has not passed yet */
    const game *g = x->g;
    return x->pos->hash ^ g->zobrist_side[x->pos->side]
         ^ g->zobrist_side[game_player_at(g, x->pos->ply + 1)];
}

static bool eval_cond(gen *x, int e)
{
    const game *g = x->g;
    const cexpr *c = &g->exprs[e];
    cellset s, t;
    switch (c->op) {
    case C_COND_AND: return eval_cond(x, c->a) && eval_cond(x, c->b);
    case C_COND_OR: return eval_cond(x, c->a) || eval_cond(x, c->b);
    case C_COND_NOT: return !eval_cond(x, c->a);
    case C_COND_TRUE: return true;
    case C_COND_CMP: {
        long a = eval_number(x, c->a), b = eval_number(x, c->b);
        switch (c->value) {
        case AST_OP_EQ: return a == b;
        case AST_OP_NE: return a != b;
        case AST_OP_LT: return a < b;
        case AST_OP_LE: return a <= b;
        case AST_OP_GT: return a > b;
        default: return a >= b;
        }
    }
    case C_COND_NONEMPTY:
        eval_set(x, c->a, &s);
        return !cellset_empty(&s, g->words);
    case C_COND_IN:
        eval_set(x, c->a, &s);
        eval_set(x, c->b, &t);
        if (cellset_empty(&s, g->words))
            return false;
        cellset_and_not(&s, &t, g->words);
        return cellset_empty(&s, g->words);
    case C_COND_NO_MOVES:
        return x->no_moves;
    case C_COND_STUCK:
        return stuck(x, c->player);
    case C_COND_CAN_MOVE:
        /* anyone can move unless everyone is stuck, and the reverse */
        return !stuck(x, c->player == PLAYER_ANYONE ? PLAYER_EVERYONE
                         : c->player == PLAYER_EVERYONE ? PLAYER_ANYONE : c->player);
    case C_COND_ATTACKED:
        return attacked(x, c->a);
    case C_COND_REPETITION:
        return 1 + pos_occurrences(x->pos, hash_for_repetition(x)) >= c->value;
    case C_COND_PLIES:
        return (c->b ? x->pos->since_reset : x->pos->ply) >= c->value;
    case C_COND_IN_LINE:
        return in_line(x, c->value);
    case C_COND_CONNECTED:
        return connected(x, c);
    case C_COND_MAJORITY: {
        eval_set(x, c->a, &s);
        int mine = 0, most_other = 0;
        for (int p = 0; p < g->player_count; p++) {
            t = s;
            cellset_and(&t, &x->pos->owned[p], g->words);
            int n = cellset_count(&t, g->words);
            if (p == x->player)
                mine = n;
            else if (n > most_other)
                most_other = n;
        }
        return mine > most_other;
    }
    case C_COND_MOVED: {
        if (g->moved_flag < 0)
            return false;
        eval_set(x, c->a, &s);
        for (int cell = cellset_next(&s, -1, g->words); cell >= 0; cell = cellset_next(&s, cell, g->words))
            if (PIECE_FLAGS(x->pos->cells[cell]) & (1u << g->moved_flag))
                return true;
        return false;
    }
    default:
        /* a set used as a condition */
        eval_set(x, e, &s);
        return !cellset_empty(&s, g->words);
    }
}

/* --- patterns */

typedef struct walk {
    const pattern *pt;
    cellset *tests;
} walk;

static bool walk_steps(gen *x, const walk *w, int step, int last_step, int cell, cellset *marks)
{
    if (step == last_step)
        return true;
    const pstep *ps = &w->pt->steps[step];
    const dlist *d = directions(x, ps->directions);
    for (int i = 0; d && i < d->count[x->player]; i++) {
        const dstep *s = &d->steps[x->player][i];
        int here = cell, count = 0;
        cellset local;
        cellset_clear(&local, x->g->words);
        while (ps->max < 0 || count < ps->max) {
            int next = step_from(x, here, s);
            if (next < 0)
                break;
            bool ok = cellset_has(&w->tests[step], next) != ps->negate;
            if (!ok)
                break;
            count++;
            here = next;
            cellset_add(&local, next);
        }
        if (count < ps->min)
            continue;
        cellset kept, kept_label;
        cellset_copy(&kept, marks, x->g->words);
        if (ps->mark)
            cellset_or(marks, &local, x->g->words);
        if (ps->label >= 0) {
            cellset_copy(&kept_label, &x->labels[ps->label], x->g->words);
            cellset_or(&x->labels[ps->label], &local, x->g->words);
        }
        if (walk_steps(x, w, step + 1, last_step, here, marks))
            return true;
        cellset_copy(marks, &kept, x->g->words);
        if (ps->label >= 0)
            cellset_copy(&x->labels[ps->label], &kept_label, x->g->words);
    }
    return false;
}

/* Counts (and, with OUT, records) the matches of a pattern at ANCHOR. */
static int pattern_matches(gen *x, int pattern_index, int anchor, match *out, int max, bool any)
{
    const game *g = x->g;
    const pattern *pt = &g->patterns[pattern_index];
    cellset tests[GAME_MAX_PATTERN_STEPS];
    int saved_anchor = x->pattern_anchor, saved_variable = x->variable;
    x->pattern_anchor = anchor;
    for (int i = 0; i < pt->step_count; i++)
        eval_set(x, pt->steps[i].test, &tests[i]);
    walk w = { pt, tests };
    const dlist *vd = directions(x, pt->variable_directions);
    int bindings = vd ? vd->count[x->player] : 1;
    int found = 0;
    for (int bi = 0; bi < bindings; bi++) {
        x->variable = vd ? vd->steps[x->player][bi].direction : -1;
        for (int group = 0; group < pt->group_count; group++) {
            cellset marks;
            cellset_clear(&marks, g->words);
            for (int l = 0; l < GAME_MAX_LABELS; l++)
                cellset_clear(&x->labels[l], g->words);
            bool ok = true;
            int line = 0;
            for (int p = 0; p < pt->path_count && ok; p++) {
                if (pt->paths[p].group != group)
                    continue;
                line = pt->paths[p].line;
                ok = walk_steps(x, &w, pt->paths[p].first, pt->paths[p].first + pt->paths[p].count,
                                anchor, &marks);
            }
            if (!ok)
                continue;
            if (out && found < max) {
                cellset_copy(&out[found].marks, &marks, g->words);
                for (int l = 0; l < MATCH_LABELS; l++)
                    cellset_copy(&out[found].labels[l], &x->labels[l], g->words);
                out[found].line = line;
            }
            found++;
            if (any)
                goto done;
        }
    }
done:
    x->pattern_anchor = saved_anchor;
    x->variable = saved_variable;
    return found;
}

/* --- changing the position during a turn */

static void path_push(gen *x, int kind, int value)
{
    if (x->path_length < (int)(sizeof x->path / sizeof x->path[0]))
        x->path[x->path_length++] = PATH_TOKEN(kind, value);
}

/* Applies the game's capture effect to the piece at CELL. */
static void capture_at(gen *x, int cell)
{
    uint16_t code = x->pos->cells[cell];
    if (!code)
        return;
    switch (x->g->capture) {
    case CAPTURE_CONVERT:
        pos_set_cell(x->pos, cell, PIECE_CODE(PIECE_TYPE(code), x->player, PIECE_FLAGS(code)));
        break;
    case CAPTURE_RESERVE:
        pos_add_reserve(x->pos, x->player, PIECE_TYPE(code), 1);
        pos_set_cell(x->pos, cell, 0);
        break;
    default:
        pos_set_cell(x->pos, cell, 0);
    }
    x->captured = true;
}

/* Moves the anchor piece to TO, removing what stands there. */
static bool move_anchor(gen *x, int to)
{
    int from = x->anchor;
    uint16_t code = x->pos->cells[from];
    bool took = false;
    if (x->pos->cells[to]) {
        /* landing on a piece takes it off the board (or into the reserve) */
        uint16_t victim = x->pos->cells[to];
        if (x->g->capture == CAPTURE_RESERVE)
            pos_add_reserve(x->pos, x->player, PIECE_TYPE(victim), 1);
        pos_set_cell(x->pos, to, 0);
        x->captured = true;
        took = true;
    }
    pos_set_cell(x->pos, from, 0);
    pos_set_cell(x->pos, to, code);
    return took;
}

typedef struct saved_state {
    int mark, anchor, last, path_length, chain_direction;
    bool captured;
    cellset visited, jumped;
} saved_state;

static void save(const gen *x, saved_state *s)
{
    s->mark = x->pos->log_length;
    s->anchor = x->anchor;
    s->last = x->last;
    s->path_length = x->path_length;
    s->chain_direction = x->chain_direction;
    s->captured = x->captured;
    cellset_copy(&s->visited, &x->visited, x->g->words);
    cellset_copy(&s->jumped, &x->jumped, x->g->words);
}

static void restore(gen *x, const saved_state *s)
{
    pos_undo_to(x->pos, s->mark);
    x->anchor = s->anchor;
    x->last = s->last;
    x->path_length = s->path_length;
    x->chain_direction = s->chain_direction;
    x->captured = s->captured;
    cellset_copy(&x->visited, &s->visited, x->g->words);
    cellset_copy(&x->jumped, &s->jumped, x->g->words);
}

static bool may_land(const gen *x, const cellset *target, int cell)
{
    if (!cellset_has(target, cell))
        return false;
    if ((x->chain_flags & MF_IN_CHAIN) && !(x->chain_flags & MF_REVISIT) && cellset_has(&x->visited, cell))
        return false;
    return true;
}

static void land(gen *x, int to, const cont *k)
{
    saved_state s;
    save(x, &s);
    bool took = move_anchor(x, to);
    x->anchor = x->last = to;
    cellset_add(&x->visited, to);
    path_push(x, took ? PATH_TO_CAPTURE : PATH_TO, to);
    x->applied++;
    run_cont(x, k);
    restore(x, &s);
}

static void target_of(gen *x, const mnode *n, cellset *target)
{
    if (n->target >= 0) {
        eval_set(x, n->target, target);
    } else {
        cellset filled;
        occupied(x, &filled);
        cellset_fill(target, x->g->board.cell_count);
        cellset_and_not(target, &filled, x->g->words);
    }
}

static void do_step(gen *x, const mnode *n, const cont *k)
{
    if (x->anchor < 0)
        return;
    cellset target;
    target_of(x, n, &target);
    const dlist *d = directions(x, n->directions);
    for (int i = 0; i < d->count[x->player] && !x->stop; i++) {
        int to = step_from(x, x->anchor, &d->steps[x->player][i]);
        if (to >= 0 && may_land(x, &target, to))
            land(x, to, k);
    }
}

static void do_slide(gen *x, const mnode *n, const cont *k)
{
    if (x->anchor < 0)
        return;
    cellset target;
    target_of(x, n, &target);
    const dlist *d = directions(x, n->directions);
    int start = x->anchor;
    for (int i = 0; i < d->count[x->player] && !x->stop; i++) {
        const dstep *s = &d->steps[x->player][i];
        int cell = start, distance = 0;
        for (;;) {
            int next = step_from(x, cell, s);
            if (next < 0 || next == start)
                break;      /* a ring slide stops before its own cell */
            distance++;
            if (n->max >= 0 && distance > n->max)
                break;
            bool empty = x->pos->cells[next] == 0;
            if (distance >= n->min && may_land(x, &target, next))
                land(x, next, k);
            if (!empty)
                break;
            cell = next;
        }
    }
}

static void do_leap(gen *x, const mnode *n, const cont *k)
{
    do_step(x, n, k);
}

static void do_hop(gen *x, const mnode *n, const cont *k)
{
    if (x->anchor < 0)
        return;
    cellset target, over;
    target_of(x, n, &target);
    if (n->over >= 0)
        eval_set(x, n->over, &over);
    else
        occupied(x, &over);
    const dlist *d = directions(x, n->directions);
    int from = x->anchor;
    for (int i = 0; i < d->count[x->player] && !x->stop; i++) {
        const dstep *s = &d->steps[x->player][i];
        int identity = step_identity(s);
        if ((x->chain_flags & MF_STRAIGHT) && x->chain_direction >= 0 && x->chain_direction != identity)
            continue;
        int jumped = step_from(x, from, s);
        if (jumped < 0 || !x->pos->cells[jumped] || !cellset_has(&over, jumped))
            continue;
        if (cellset_has(&x->jumped, jumped) && !(x->chain_flags & MF_REJUMP))
            continue;
        int landings[GAME_MAX_DSTEPS], count = 0;
        if (n->flags & MF_ANY_SIDE) {
            for (int j = 0; j < d->count[x->player]; j++) {
                int l = step_from(x, jumped, &d->steps[x->player][j]);
                if (l >= 0 && l != from)
                    landings[count++] = l;
            }
        } else {
            int l = step_from(x, jumped, s);
            if (l >= 0)
                landings[count++] = l;
        }
        for (int j = 0; j < count && !x->stop; j++) {
            int l = landings[j];
            if (!cellset_has(&target, l))
                continue;
            if (!(x->chain_flags & MF_REVISIT) && cellset_has(&x->visited, l))
                continue;
            saved_state saved;
            save(x, &saved);
            move_anchor(x, l);
            cellset_add(&x->jumped, jumped);
            cellset_add(&x->visited, l);
            x->anchor = x->last = l;
            if (x->chain_direction < 0)
                x->chain_direction = identity;
            path_push(x, PATH_TO, l);
            x->applied++;
            run_cont(x, k);
            restore(x, &saved);
        }
    }
}

static void do_push(gen *x, const mnode *n, const cont *k)
{
    const game *g = x->g;
    cellset starts;
    bool anchored = n->at < 0;
    if (anchored) {
        if (x->anchor < 0)
            return;
        single(x, &starts, x->anchor);
    } else {
        eval_set(x, n->at, &starts);
    }
    const dlist *d = directions(x, n->directions);
    for (int s0 = cellset_next(&starts, -1, g->words); s0 >= 0 && !x->stop; s0 = cellset_next(&starts, s0, g->words)) {
        if (!x->pos->cells[s0])
            continue;
        for (int i = 0; i < d->count[x->player] && !x->stop; i++) {
            const dstep *s = &d->steps[x->player][i];
            int line[BOARD_MAX_CELLS / 4], length = 0, cell = s0;
            while (cell >= 0 && x->pos->cells[cell] && length < (int)(sizeof line / sizeof *line)) {
                line[length++] = cell;
                cell = step_from(x, cell, s);
                if (cell == s0)
                    cell = -1;   /* a ring full of pieces cannot move */
            }
            if (cell < 0 || x->pos->cells[cell])
                continue;
            saved_state saved;
            save(x, &saved);
            cellset old_pushed = x->pushed, old_line = x->line;
            cellset_clear(&x->pushed, g->words);
            cellset_clear(&x->line, g->words);
            int to = cell;
            for (int j = length - 1; j >= 0; j--) {
                uint16_t code = x->pos->cells[line[j]];
                pos_set_cell(x->pos, line[j], 0);
                pos_set_cell(x->pos, to, code);
                cellset_add(&x->line, to);
                if (j > 0)
                    cellset_add(&x->pushed, to);
                to = line[j];
            }
            int moved_to = step_from(x, s0, s);
            if (!anchored) {
                path_push(x, PATH_FROM, s0);
                x->moved_type = PIECE_TYPE(x->pos->cells[moved_to]);
            }
            path_push(x, PATH_TO, moved_to);
            x->anchor = x->last = moved_to;
            cellset_add(&x->visited, moved_to);
            x->applied++;
            run_cont(x, k);
            x->pushed = old_pushed;
            x->line = old_line;
            restore(x, &saved);
        }
    }
}

static void do_place(gen *x, const mnode *n, const cont *k)
{
    const game *g = x->g;
    int owner = resolve_player(x, n->player);
    if (owner < 0)
        owner = x->player;
    if ((n->flags & MF_FROM_RESERVE) && x->pos->reserve[owner][n->type] == 0)
        return;
    cellset cells, filled;
    if (n->at >= 0)
        eval_set(x, n->at, &cells);
    else
        cellset_fill(&cells, g->board.cell_count);
    occupied(x, &filled);
    cellset_and_not(&cells, &filled, g->words);
    for (int cell = cellset_next(&cells, -1, g->words); cell >= 0 && !x->stop; cell = cellset_next(&cells, cell, g->words)) {
        saved_state saved;
        save(x, &saved);
        if (n->flags & MF_FROM_RESERVE)
            pos_add_reserve(x->pos, owner, n->type, -1);
        pos_set_cell(x->pos, cell, PIECE_CODE(n->type, owner, 0));
        x->anchor = x->last = cell;
        path_push(x, PATH_DROP, cell);
        path_push(x, PATH_CHANGE, n->type);
        x->applied++;
        run_cont(x, k);
        restore(x, &saved);
    }
}

static void do_change(gen *x, const mnode *n, const cont *k)
{
    int cell = x->anchor;
    if (n->at >= 0) {
        cellset s;
        eval_set(x, n->at, &s);
        cell = first_cell(x, &s);
    }
    if (cell < 0 || !x->pos->cells[cell])
        return;
    uint16_t code = x->pos->cells[cell];
    for (int i = 0; i < 4 && n->types[i] >= 0 && !x->stop; i++) {
        if (n->types[i] == PIECE_TYPE(code))
            continue;
        saved_state saved;
        save(x, &saved);
        pos_set_cell(x->pos, cell, PIECE_CODE(n->types[i], PIECE_OWNER(code), PIECE_FLAGS(code)));
        path_push(x, PATH_CHANGE, n->types[i]);
        x->applied++;
        run_cont(x, k);
        restore(x, &saved);
    }
}

static void do_flip(gen *x, const mnode *n, const cont *k)
{
    const game *g = x->g;
    cellset cells;
    if (n->at >= 0)
        eval_set(x, n->at, &cells);
    else
        cells = x->marked;
    int owner = n->player ? resolve_player(x, n->player) : x->player;
    if (owner < 0)
        owner = x->player;
    saved_state saved;
    save(x, &saved);
    for (int cell = cellset_next(&cells, -1, g->words); cell >= 0; cell = cellset_next(&cells, cell, g->words)) {
        uint16_t code = x->pos->cells[cell];
        if (code)
            pos_set_cell(x->pos, cell, PIECE_CODE(PIECE_TYPE(code), owner, PIECE_FLAGS(code)));
    }
    x->applied++;
    run_cont(x, k);
    restore(x, &saved);
}

static void capture_cells(gen *x, const cellset *cells, const cont *k)
{
    const game *g = x->g;
    saved_state saved;
    save(x, &saved);
    for (int cell = cellset_next(cells, -1, g->words); cell >= 0; cell = cellset_next(cells, cell, g->words)) {
        uint16_t code = x->pos->cells[cell];
        if (!code)
            continue;
        /* converting a piece that is already the mover's changes nothing */
        if (g->capture == CAPTURE_CONVERT && PIECE_OWNER(code) == x->player)
            continue;
        capture_at(x, cell);
        path_push(x, PATH_CAPTURED, cell);
    }
    x->applied++;
    run_cont(x, k);
    restore(x, &saved);
}

static void do_capture(gen *x, const mnode *n, const cont *k)
{
    cellset cells;
    if (n->type >= 0) {
        match matches[MAX_MATCHES];
        int count = pattern_matches(x, n->type, x->anchor, matches, MAX_MATCHES, false);
        cellset_clear(&cells, x->g->words);
        for (int i = 0; i < count && i < MAX_MATCHES; i++)
            cellset_or(&cells, &matches[i].marks, x->g->words);
    } else if (n->at >= 0) {
        eval_set(x, n->at, &cells);
    } else {
        cells = x->marked;
    }
    capture_cells(x, &cells, k);
}

static void do_remove(gen *x, const mnode *n, const cont *k)
{
    const game *g = x->g;
    cellset cells;
    eval_set(x, n->at, &cells);
    saved_state saved;
    save(x, &saved);
    for (int cell = cellset_next(&cells, -1, g->words); cell >= 0; cell = cellset_next(&cells, cell, g->words))
        pos_set_cell(x->pos, cell, 0);
    x->applied++;
    run_cont(x, k);
    restore(x, &saved);
}

/* Runs the effect of one match: the pattern line's actions, or a capture
 * of its marked cells when the line has none. */
static void apply_match(gen *x, const mnode *n, const match *m, const cont *k)
{
    const pattern *pt = &x->g->patterns[n->type];
    cellset saved_marked = x->marked;
    cellset saved_labels[MATCH_LABELS];
    for (int l = 0; l < MATCH_LABELS; l++) {
        saved_labels[l] = x->labels[l];
        x->labels[l] = m->labels[l];
    }
    x->marked = m->marks;
    int effect = pt->effect[m->line];
    if (effect >= 0)
        run(x, effect, k);
    else
        capture_cells(x, &m->marks, k);
    x->marked = saved_marked;
    for (int l = 0; l < MATCH_LABELS; l++)
        x->labels[l] = saved_labels[l];
}

static void do_apply(gen *x, const mnode *n, const cont *k)
{
    if (n->type < 0)
        return;
    match matches[MAX_MATCHES];
    int count = pattern_matches(x, n->type, x->anchor, matches, MAX_MATCHES, false);
    if (count > MAX_MATCHES)
        count = MAX_MATCHES;
    if (n->flags & MF_ONE) {
        for (int i = 0; i < count && !x->stop; i++)
            apply_match(x, n, &matches[i], k);
        return;
    }
    /* all matches: their marks together, then the effect once */
    const pattern *pt = &x->g->patterns[n->type];
    cellset saved_marked = x->marked;
    cellset_clear(&x->marked, x->g->words);
    int line = 0;
    for (int l = 0; l < MATCH_LABELS; l++)
        cellset_clear(&x->labels[l], x->g->words);
    for (int i = 0; i < count; i++) {
        cellset_or(&x->marked, &matches[i].marks, x->g->words);
        for (int l = 0; l < MATCH_LABELS; l++)
            cellset_or(&x->labels[l], &matches[i].labels[l], x->g->words);
        line = matches[i].line;
    }
    int effect = count > 0 ? pt->effect[line] : -1;
    if (effect >= 0)
        run(x, effect, k);
    else
        capture_cells(x, &x->marked, k);
    x->marked = saved_marked;
}

static void do_set(gen *x, const mnode *n, const cont *k)
{
    const game *g = x->g;
    if (n->type < 0)
        return;
    int32_t value;
    if (g->var_is_cell[n->type]) {
        cellset s;
        eval_set(x, n->value, &s);
        value = first_cell(x, &s);
    } else {
        value = (int32_t)eval_number(x, n->value);
    }
    saved_state saved;
    save(x, &saved);
    pos_set_var(x->pos, n->type, value);
    x->applied++;
    run_cont(x, k);
    restore(x, &saved);
}

static void do_set_flag(gen *x, const mnode *n, const cont *k)
{
    if (x->anchor < 0 || !x->pos->cells[x->anchor])
        return;
    uint16_t code = x->pos->cells[x->anchor];
    saved_state saved;
    save(x, &saved);
    pos_set_cell(x->pos, x->anchor,
                 PIECE_CODE(PIECE_TYPE(code), PIECE_OWNER(code), PIECE_FLAGS(code) | (1u << n->type)));
    x->applied++;
    run_cont(x, k);
    restore(x, &saved);
}

static void do_relocate(gen *x, const mnode *n, const cont *k)
{
    cellset a, b;
    eval_set(x, n->at, &a);
    eval_set(x, n->target, &b);
    int from = first_cell(x, &a), to = first_cell(x, &b);
    if (from < 0 || to < 0 || !x->pos->cells[from] || x->pos->cells[to])
        return;
    saved_state saved;
    save(x, &saved);
    uint16_t code = x->pos->cells[from];
    pos_set_cell(x->pos, from, 0);
    pos_set_cell(x->pos, to, code);
    x->applied++;
    run_cont(x, k);
    restore(x, &saved);
}

static void do_select(gen *x, const mnode *n, const cont *k)
{
    const game *g = x->g;
    cellset cells;
    eval_set(x, n->at, &cells);
    if (x->has_start)
        cellset_and(&cells, &x->start, g->words);
    for (int cell = cellset_next(&cells, -1, g->words); cell >= 0 && !x->stop; cell = cellset_next(&cells, cell, g->words)) {
        int anchor = x->anchor, origin = x->origin, last = x->last, path = x->path_length, type = x->moved_type;
        cellset visited = x->visited, jumped = x->jumped;
        x->anchor = x->origin = x->last = cell;
        cellset_clear(&x->visited, g->words);
        cellset_add(&x->visited, cell);
        cellset_clear(&x->jumped, g->words);
        x->moved_type = PIECE_TYPE(x->pos->cells[cell]);
        path_push(x, PATH_FROM, cell);
        run(x, n->a, k);
        x->anchor = anchor;
        x->origin = origin;
        x->last = last;
        x->path_length = path;
        x->moved_type = type;
        x->visited = visited;
        x->jumped = jumped;
    }
}

/* Iteration COUNT of a repetition; OUTER_* is the chain state from before
 * it, restored for what follows the repetition. */
static void run_repeat(gen *x, int node, int count, uint16_t outer_flags, int outer_direction,
                       const cont *k)
{
    const mnode *n = &x->g->nodes[node];
    bool can_stop = count >= n->min;
    bool can_go = n->max < 0 || count < n->max;
    uint16_t flags = x->chain_flags;
    int direction = x->chain_direction;
    if (count == 0) {
        x->chain_flags = (uint16_t)(n->flags | MF_IN_CHAIN);
        x->chain_direction = -1;
    }
    cont again = { (int16_t)node, (int16_t)(count + 1), outer_flags, outer_direction, k };
    long before = x->applied;
    if (!(n->flags & MF_MAXIMAL) && can_stop) {
        uint16_t inner = x->chain_flags;
        int inner_direction = x->chain_direction;
        x->chain_flags = outer_flags;
        x->chain_direction = outer_direction;
        run_cont(x, k);
        x->chain_flags = inner;
        x->chain_direction = inner_direction;
    }
    if (can_go)
        run(x, n->a, &again);
    if ((n->flags & MF_MAXIMAL) && can_stop && x->applied == before) {
        /* maximal: stop only where the chain cannot go on */
        x->chain_flags = outer_flags;
        x->chain_direction = outer_direction;
        run_cont(x, k);
    }
    x->chain_flags = flags;
    x->chain_direction = direction;
}

static void emit(gen *x);

static void run_cont(gen *x, const cont *k)
{
    if (x->stop)
        return;
    if (!k) {
        emit(x);
        return;
    }
    const mnode *n = &x->g->nodes[k->node];
    if (n->op == M_REPEAT) {
        run_repeat(x, k->node, k->count, k->outer_flags, k->outer_direction, k->next);
        return;
    }
    if (n->op == M_GUARD && k->count == GUARD_CHECK) {
        bool ok = eval_cond(x, n->cond) != ((n->flags & MF_NEGATE) != 0);
        if (ok)
            run_cont(x, k->next);
        return;
    }
    run(x, k->node, k->next);
}

static void run(gen *x, int node, const cont *k)
{
    if (node < 0 || x->stop)
        return;
    if (++x->recursion > MAX_RECURSION) {
        x->recursion--;
        return;
    }
    const mnode *n = &x->g->nodes[node];
    switch (n->op) {
    case M_ALT:
        run(x, n->a, k);
        run(x, n->b, k);
        break;
    case M_SEQ: {
        cont next = { n->b, 0, 0, 0, k };
        run(x, n->a, &next);
        break;
    }
    case M_REPEAT:
        run_repeat(x, node, 0, x->chain_flags, x->chain_direction, k);
        break;
    case M_GUARD:
        if (n->flags & MF_AFTER) {
            cont check = { (int16_t)node, GUARD_CHECK, 0, 0, k };
            run(x, n->a, &check);
        } else if (eval_cond(x, n->cond) != ((n->flags & MF_NEGATE) != 0)) {
            run(x, n->a, k);
        }
        break;
    case M_SELECT: do_select(x, n, k); break;
    case M_STEP: do_step(x, n, k); break;
    case M_SLIDE: do_slide(x, n, k); break;
    case M_LEAP: do_leap(x, n, k); break;
    case M_HOP: do_hop(x, n, k); break;
    case M_PUSH: do_push(x, n, k); break;
    case M_PLACE: do_place(x, n, k); break;
    case M_CHANGE: do_change(x, n, k); break;
    case M_FLIP: do_flip(x, n, k); break;
    case M_CAPTURE: do_capture(x, n, k); break;
    case M_REMOVE: do_remove(x, n, k); break;
    case M_APPLY: do_apply(x, n, k); break;
    case M_SET_VAR: do_set(x, n, k); break;
    case M_SET_FLAG: do_set_flag(x, n, k); break;
    case M_RELOCATE: do_relocate(x, n, k); break;
    case M_ROLL:
        for (int face = 1; face <= n->type && !x->stop; face++) {
            int path = x->path_length;
            bool chance = x->chance;
            path_push(x, PATH_ROLL, face);
            x->chance = true;
            run_cont(x, k);
            x->chance = chance;
            x->path_length = path;
        }
        break;
    case M_PASS: {
        int path = x->path_length;
        bool passed = x->passed;
        path_push(x, PATH_PASS, 0);
        x->passed = true;
        run_cont(x, k);
        x->passed = passed;
        x->path_length = path;
        break;
    }
    default:
        break;
    }
    x->recursion--;
}

/* --- finished turns */

static bool captures_target(const gen *x)
{
    const position *p = x->pos;
    for (int i = x->turn_mark; i < p->log_length; i++) {
        const change *c = &p->log[i];
        if (c->kind != CHANGE_CELL || !cellset_has(&x->attack_targets, c->index))
            continue;
        uint16_t before = (uint16_t)c->before, after = (uint16_t)c->after;
        if (before && PIECE_OWNER(before) == x->attack_defender
            && (!after || PIECE_OWNER(after) != x->attack_defender))
            return true;
    }
    return false;
}

static bool seen_before(gen *x, uint64_t hash)
{
    movegen *m = x->m;
    int level = x->level;
    uint32_t stamp = m->stamp[level];
    uint64_t *seen = m->seen[level];
    uint32_t *stamps = m->seen_stamp[level];
    unsigned slot = (unsigned)(hash ^ (hash >> 29)) & (DEDUP_SIZE - 1);
    while (stamps[slot] == stamp) {
        if (seen[slot] == hash)
            return true;
        slot = (slot + 1) & (DEDUP_SIZE - 1);
    }
    stamps[slot] = stamp;
    seen[slot] = hash;
    return false;
}

static bool legal(gen *x)
{
    const game *g = x->g;
    for (int i = 0; i < g->filter_count; i++) {
        const filter *f = &g->filters[i];
        if (f->kind != FILTER_LEGAL_IF)
            continue;
        bool saved = x->in_filter;
        x->in_filter = true;
        bool ok = eval_cond(x, f->expr) != f->negate;
        x->in_filter = saved;
        if (!ok)
            return false;
    }
    return true;
}

static void emit(gen *x)
{
    const game *g = x->g;
    position *p = x->pos;
    if (x->attack) {
        if (captures_target(x)) {
            x->found = true;
            x->stop = true;
        }
        return;
    }
    if (!legal(x))
        return;
    /* Two ways to one position are one move.  Proving that a game can never
     * reach a position twice in one turn (a ring slide goes both ways round,
     * alternatives overlap, chains meet) is harder than checking. */
    if (seen_before(x, p->hash))
        return;
    if (x->counting) {
        x->counted++;
        if (x->stop_at_first)
            x->stop = true;
        return;
    }
    move_list *out = x->out;
    int changes = p->log_length - x->turn_mark;
    if (out->count >= MOVELIST_MAX_MOVES || out->change_count + changes > MOVELIST_MAX_CHANGES
        || out->path_count + x->path_length > MOVELIST_MAX_PATH) {
        out->overflow = true;
        x->stop = true;
        return;
    }
    move *mv = &out->moves[out->count++];
    mv->first = out->change_count;
    mv->count = changes;
    memcpy(out->changes + out->change_count, p->log + x->turn_mark, (size_t)changes * sizeof *p->log);
    out->change_count += changes;
    mv->path_first = out->path_count;
    mv->path_count = x->path_length;
    memcpy(out->path + out->path_count, x->path, (size_t)x->path_length * sizeof *x->path);
    out->path_count += x->path_length;
    mv->flags = 0;
    if (x->captured)
        mv->flags |= MOVE_CAPTURE;
    if (x->passed)
        mv->flags |= MOVE_PASS;
    if (x->chance)
        mv->flags |= MOVE_CHANCE;
    if ((x->captured && g->reset_on_capture)
        || (x->moved_type >= 0 && (g->reset_types & (1u << x->moved_type))))
        mv->flags |= MOVE_RESETS;
    mv->hash = p->hash;
}

/* --- generation */

static void init_gen(gen *x, movegen *m, position *p, int player, int level)
{
    /* the cell sets are large; clear only the words the board uses */
    int words = m->g->words;
    x->out = NULL;
    x->applied = 0;
    x->recursion = 0;
    x->path_length = 0;
    x->captured = x->passed = x->chance = false;
    x->chain_flags = 0;
    x->attack = x->found = x->counting = x->stop_at_first = x->stop = false;
    x->attack_defender = 0;
    x->counted = 0;
    x->in_filter = x->no_moves = x->has_start = false;
    cellset_clear(&x->visited, words);
    cellset_clear(&x->jumped, words);
    cellset_clear(&x->pushed, words);
    cellset_clear(&x->line, words);
    cellset_clear(&x->marked, words);
    for (int i = 0; i < GAME_MAX_LABELS; i++)
        cellset_clear(&x->labels[i], words);
    x->m = m;
    x->pos = p;
    x->g = m->g;
    x->level = level;
    x->player = player;
    x->scored = player;
    x->anchor = x->origin = x->last = x->pattern_anchor = -1;
    x->variable = -1;
    x->chain_direction = -1;
    x->moved_type = -1;
    x->turn_mark = p->log_length;
}

static void begin_turn(gen *x)
{
    const game *g = x->g;
    movegen *m = x->m;
    if (++m->stamp[x->level] == 0) {
        memset(m->seen_stamp[x->level], 0, DEDUP_SIZE * sizeof *m->seen_stamp[x->level]);
        m->stamp[x->level] = 1;
    }
    for (int i = 0; i < g->filter_count; i++) {
        const filter *f = &g->filters[i];
        if (f->kind != FILTER_START_IN)
            continue;
        cellset s;
        eval_set(x, f->expr, &s);
        if (!cellset_empty(&s, g->words)) {
            x->has_start = true;
            x->start = s;
        }
    }
}

static int count_moves(gen *parent, int player, bool stop_at_first)
{
    movegen *m = parent->m;
    int level = parent->level + 1;
    if (level >= NESTING)
        return 1;   /* too deep to tell: assume a move exists */
    gen x;
    init_gen(&x, m, parent->pos, player, level);
    x.counting = true;
    x.stop_at_first = stop_at_first;
    begin_turn(&x);
    run(&x, x.g->turn, NULL);
    return x.counted;
}

static bool attacked(gen *parent, int e)
{
    if (parent->attack)
        return false;   /* moves guarded by attacked() never attack */
    const game *g = parent->g;
    position *p = parent->pos;
    cellset cells;
    eval_set(parent, e, &cells);
    int level = parent->level + 1;
    if (level >= NESTING)
        return false;
    for (int cell = cellset_next(&cells, -1, g->words); cell >= 0; cell = cellset_next(&cells, cell, g->words)) {
        uint16_t code = p->cells[cell];
        int defender = code ? PIECE_OWNER(code) : parent->player;
        int mark = p->log_length;
        if (!code)
            pos_set_cell(p, cell, PIECE_CODE(0, defender, 0));   /* something to take */
        bool hit = false;
        for (int attacker = 0; attacker < g->player_count && !hit; attacker++) {
            if (attacker == defender)
                continue;
            gen x;
            init_gen(&x, parent->m, p, attacker, level);
            x.attack = true;
            x.attack_defender = defender;
            single(&x, &x.attack_targets, cell);
            if (g->reach_valid) {
                /* only pieces standing where they could reach the cell */
                cellset_clear(&x.start, g->words);
                for (int t = 0; t < g->type_count; t++) {
                    cellset part;
                    cellset_copy(&part, attack_reach(g, attacker, t, cell), g->words);
                    cellset_and(&part, &p->typed[t], g->words);
                    cellset_or(&x.start, &part, g->words);
                }
                cellset_and(&x.start, &p->owned[attacker], g->words);
                if (cellset_empty(&x.start, g->words))
                    continue;
                x.has_start = true;
            }
            run(&x, g->turn, NULL);
            hit = x.found;
        }
        pos_undo_to(p, mark);
        if (hit)
            return true;
    }
    return false;
}

static void add_pass(move_list *list)
{
    if (list->count >= MOVELIST_MAX_MOVES || list->path_count >= MOVELIST_MAX_PATH)
        return;
    move *mv = &list->moves[list->count++];
    mv->first = list->change_count;
    mv->count = 0;
    mv->path_first = list->path_count;
    mv->path_count = 1;
    list->path[list->path_count++] = PATH_TOKEN(PATH_PASS, 0);
    mv->flags = MOVE_PASS;
    mv->hash = 0;
}

void movegen_generate(movegen *m, position *p, move_list *list)
{
    const game *g = m->g;
    clear_list(list);
    gen x;
    init_gen(&x, m, p, p->side, 0);
    x.out = list;
    begin_turn(&x);
    bool only_captures = false;
    for (int i = 0; i < g->filter_count; i++)
        if (g->filters[i].kind == FILTER_ONLY_CAPTURES_IF
            && eval_cond(&x, g->filters[i].expr) != g->filters[i].negate)
            only_captures = true;
    run(&x, g->turn, NULL);
    bool prefer = only_captures;
    for (int i = 0; i < g->filter_count; i++)
        if (g->filters[i].kind == FILTER_PREFER_CAPTURES)
            prefer = true;
    if (prefer) {
        bool any = false;
        for (int i = 0; i < list->count && !any; i++)
            any = (list->moves[i].flags & MOVE_CAPTURE) != 0;
        if (any || only_captures) {
            int kept = 0;
            for (int i = 0; i < list->count; i++)
                if (list->moves[i].flags & MOVE_CAPTURE)
                    list->moves[kept++] = list->moves[i];
            list->count = kept;
        }
    }
    if (list->count == 0 && g->pass_when_stuck) {
        add_pass(list);
        list->stuck = true;
    } else if (g->pass_always) {
        add_pass(list);
    }
}

void move_make(position *p, const move_list *list, int index, undo *u)
{
    const move *mv = &list->moves[index];
    pos_make(p, list->changes + mv->first, mv->count, (mv->flags & MOVE_RESETS) != 0,
             (mv->flags & MOVE_PASS) != 0, u);
}

/* --- the end */

static void set_outcome(const game *g, game_result *r, int winner, bool draw)
{
    r->over = true;
    r->winner = winner;
    for (int p = 0; p < g->player_count; p++)
        r->score[p] = draw ? 1.0 / g->player_count : (p == winner ? 1.0 : 0.0);
}

void movegen_result(movegen *m, position *p, const move_list *moves, game_result *result)
{
    const game *g = m->g;
    memset(result, 0, sizeof *result);
    result->winner = -1;
    int mover = p->ply > 0 ? game_player_at(g, p->ply - 1) : opponent_of(g, p->side);
    gen x;
    init_gen(&x, m, p, mover, 0);
    x.no_moves = moves->count == 0 || moves->stuck;
    for (int i = 0; i < g->end_count; i++) {
        const end_rule *rule = &g->ends[i];
        if (!eval_cond(&x, rule->condition))
            continue;
        switch (rule->outcome) {
        case OUTCOME_DRAW:
            set_outcome(g, result, -1, true);
            return;
        case OUTCOME_WIN:
        case OUTCOME_LOSS: {
            int who = resolve_player(&x, rule->player);
            if (who < 0)
                who = mover;
            if (rule->outcome == OUTCOME_WIN) {
                set_outcome(g, result, who, false);
            } else {
                set_outcome(g, result, g->player_count == 2 ? 1 - who : -1, false);
                for (int q = 0; q < g->player_count; q++)
                    result->score[q] = q == who ? 0.0 : 1.0 / (g->player_count - 1);
            }
            return;
        }
        default: {
            long best = 0;
            int best_count = 0, best_player = -1;
            long scores[GAME_MAX_PLAYERS];
            for (int q = 0; q < g->player_count; q++) {
                x.scored = q;
                scores[q] = g->score >= 0 ? eval_number(&x, g->score) : 0;
                if (rule->outcome == OUTCOME_LOWEST_SCORE)
                    scores[q] = -scores[q];
                if (best_player < 0 || scores[q] > best) {
                    best = scores[q];
                    best_player = q;
                    best_count = 1;
                } else if (scores[q] == best) {
                    best_count++;
                }
            }
            result->over = true;
            result->winner = best_count == 1 ? best_player : -1;
            for (int q = 0; q < g->player_count; q++)
                result->score[q] = scores[q] == best ? 1.0 / best_count : 0.0;
            return;
        }
        }
    }
    if (moves->count == 0)
        set_outcome(g, result, -1, true);   /* nobody can go on and no rule says more */
}
