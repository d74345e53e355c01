/* eval: the values of a game's compiled expressions (cexpr) in the
 * position as the turn has left it so far, for X's player and from X's
 * turn (its anchor, last cell, cells jumped, labels): cell sets, numbers,
 * conditions, and the matches of a pattern.  eval.c walks an expression's
 * tree; the inline readers here answer without the call where they can (a
 * set with a word program or that is one word of the position, a cell
 * test with a content table, in-line(3 or 4) on line tables, `here in` a
 * content table or a region), and end_holds_quick reads the usual end
 * rules with no generator at all.  An evaluation leaves the position and
 * X's turn as it found them: what it changes to look (the anchor of a
 * pattern, a nested generator's moves for stuck() or attacked()) it takes
 * back. */
#ifndef TABULA_EVAL_H
#define TABULA_EVAL_H

#include "ast.h"
#include "movegen/movegen_internal.h"
#include "movegen/set_words.h"

/* The most matches of a pattern actions.c takes at once (the MAX it gives
 * eval_pattern_matches and pattern_bulk_marks). */
#define MAX_MATCHES 32
#define MATCH_LABELS 4

typedef struct match {
    cellset marks;
    cellset labels[MATCH_LABELS];   /* the cells each 'as' label took in this match */
    int line;
} match;

/* OUT = the set E; eval_set_walk walks E's tree, while a set with a word
 * program (most, on boards of one word) is read here without the call. */
void eval_set_walk(gen *x, int e, cellset *out);
/* Whether the set C is one word read at once on a board of one word
 * (empty, occupied, friend, enemy, for PLAYER, and the cells JUMPED, NULL
 * for a position alone), and if so *OUT = it. */
static inline bool leaf_word_of(const game *g, const position *p, int player, const uint64_t *jumped,
                                const cexpr *c, uint64_t *out)
{
    if (g->words != 1)
        return false;
    switch (c->op) {
    case C_SET_EMPTY: *out = g->board_word & ~p->occupied.w[0]; return true;
    case C_SET_OCCUPIED: *out = p->occupied.w[0]; return true;
    case C_SET_FRIEND: *out = p->owned[player].w[0]; return true;
    case C_SET_ENEMY: *out = p->occupied.w[0] & ~p->owned[player].w[0]; return true;
    case C_SET_JUMPED:
        if (!jumped)
            return false;
        *out = *jumped;
        return true;
    default: return false;
    }
}
/* The word of C, a set of one part that is a word of the position or the
 * turn on a board of one word (no program: one part is no program), into
 * *OUT; false for another set. */
static inline bool leaf_word(const gen *x, const cexpr *c, uint64_t *out)
{
    return leaf_word_of(x->g, x->pos, x->player, &x->jumped.w[0], c, out);
}
static inline void eval_set(gen *x, int e, cellset *out)
{
    const cexpr *c = &x->g->exprs[e];
    if (c->spec.word_program >= 0)
        out->w[0] = set_words_run(x, c->spec.word_program);
    else if (!leaf_word(x, c, &out->w[0]))
        eval_set_walk(x, e, out);
}
/* A comparison C_COND_CMP (OP: its ast_op) of two numbers. */
static inline bool eval_compare(int op, long a, long b)
{
    switch (op) {
    case AST_OP_EQ: return a == b;
    case AST_OP_NE: return a != b;
    case AST_OP_LT: return a < b;
    case AST_OP_LE: return a <= b;
    case AST_OP_GT: return a > b;
    default: return a >= b;
    }
}
/* eval_set on a board of one word: the word. */
static inline uint64_t eval_set_word(gen *x, int e)
{
    const cexpr *c = &x->g->exprs[e];
    uint64_t w;
    if (c->spec.word_program >= 0)
        return set_words_run(x, c->spec.word_program);
    if (leaf_word(x, c, &w))
        return w;
    cellset s;
    eval_set_walk(x, e, &s);
    return s.w[0];
}
/* Whether CELL is in the set E (what eval_set would give), testing only
 * that cell where the expression allows (cexpr.cell_test). */
bool eval_has(gen *x, int e, int cell);

/* A set tested at several cells while the position stays as it is (the
 * landings of one action, each taken back before the next): cell by cell
 * where that is cheap, else built once, at the first test. */
typedef struct set_tester {
    int e;
    bool built;
    cellset cells;
} set_tester;

/* E: a cexpr, or -1 (none; not to be tested).  The set is not cleared:
 * it is large and may never be needed. */
static inline void set_tester_init(set_tester *t, int e)
{
    t->e = e;
    t->built = false;
}

/* Whether CELL would be in the cell test C that has a content table
 * (C->spec.content >= 0), read for X's player, if it held CODE: a bit of the
 * table of the cell's class. */
static inline bool content_holds(const gen *x, const cexpr *c, int cell, uint16_t code)
{
    const game *g = x->g;
    size_t row = (size_t)c->spec.content * GAME_MAX_PLAYERS + (size_t)x->player;
    unsigned cls = c->spec.content_placed ? g->content_class[row * (size_t)g->board.cell_count + (size_t)cell] : 0;
    const uint64_t *bits = g->content_bits + (row * GAME_CONTENT_CLASSES + cls) * 4;
    unsigned low = code & 0xFF;
    return (bits[low >> 6] >> (low & 63)) & 1;
}

/* eval_has for a cell test C with a content table, CELL a cell. */
static inline bool eval_content_has(const gen *x, const cexpr *c, int cell)
{
    return content_holds(x, c, cell, x->pos->cells[cell]);
}

static inline bool set_tester_has(gen *x, set_tester *t, int cell)
{
    const cexpr *c = &x->g->exprs[t->e];
    if (c->spec.content >= 0)
        return eval_content_has(x, c, cell);
    if (c->spec.cell_test)
        return eval_has(x, t->e, cell);
    if (!t->built) {
        eval_set(x, t->e, &t->cells);
        t->built = true;
    }
    return cellset_has(&t->cells, cell);
}
/* For a `connected(P, A, B, DIRS)` condition C: the fewest empty cells P
 * must fill to join A to B through its own and empty cells; -1 when the
 * others' pieces cut every way. */
int eval_connection_distance(gen *x, const cexpr *c, int p);
long eval_number(gen *x, int e);
bool eval_cond(gen *x, int e);
/* The condition in-line(LENGTH) for X's player (eval_in_line, below, reads
 * the usual lengths itself). */
bool eval_in_line_general(gen *x, int length);
/* in-line(LENGTH), inline for 3 or 4 on a board with line tables
 * (game.line_axes, in_line_short): a run of two on each axis, then two of
 * them overlapping (eval_in_line_general says why that is a run of
 * LENGTH), every axis read before the test.  movegen_result calls
 * in_line_words without eval_cond or a generator: most games with lines
 * end on one. */
static inline bool in_line_short(const game *g, int length)
{
    return g->spec.line_axes && (length == 3 || length == 4);
}
/* in_line_words on AXES axes. */
__attribute__((always_inline)) static inline bool in_line_axes(const game *g, uint64_t mine, int rest, int axes)
{
    uint64_t found = 0;
#pragma GCC unroll 4
    for (int a = 0; a < axes; a++) {
        uint64_t run = mine & (mine >> g->spec.line_shift[a][1]) & g->spec.line_from[a][1];
        found |= run & (run >> g->spec.line_shift[a][rest]) & g->spec.line_from[a][rest];
    }
    return found != 0;
}
/* in-line(LENGTH), where in_line_short, for the cells of MINE. */
static inline bool in_line_words(const game *g, uint64_t mine, int length)
{
    if (g->spec.line_axes == 4)  /* (a square board: the loop unrolled) */
        return in_line_axes(g, mine, length - 2, 4);
    return in_line_axes(g, mine, length - 2, g->spec.line_axes);
}
/* in-line(LENGTH) for X's player. */
static inline bool eval_in_line(gen *x, int length)
{
    const game *g = x->g;
    if (!in_line_short(g, length))
        return eval_in_line_general(x, length);
    return in_line_words(g, x->pos->owned[x->player].w[0], length);
}
int eval_pattern_matches(gen *x, int pattern_index, int anchor, match *out, int max, bool any);

/* The cells of the region C (C_SET_REGION) names, for the player it names
 * (X's player by default). */
static inline const cellset *gen_region(const gen *x, const cexpr *c)
{
    int p = gen_player(x, c->player);
    if (p < 0)
        p = x->player;
    return &x->g->sets[x->g->region_sets[c->value * GAME_MAX_PLAYERS + p]];
}
/* eval_cond, with `here in S` read without the call where S has a content
 * table (a guard's `here in (king or rook)`) or is a region (an
 * after-rule's `here in promotion`, at every landing built). */
__attribute__((always_inline)) static inline bool eval_cond_quick(gen *x, int e)
{
    const game *g = x->g;
    const cexpr *c = &g->exprs[e];
    if (c->op == C_COND_IN && g->exprs[c->a].op == C_SET_HERE) {
        const cexpr *s = &g->exprs[c->b];
        if (s->spec.content >= 0)
            return x->anchor >= 0 && eval_content_has(x, s, x->anchor);
        if (s->op == C_SET_REGION)
            return x->anchor >= 0 && cellset_has(gen_region(x, s), x->anchor);
    }
    return eval_cond(x, e);
}

/* `repetition N` read as end_holds_quick reads it, in a game whose
 * repetitions compare identities (game.identity): 1 or 0, or -1 where a
 * transient variable held another cell in an earlier position of the same
 * identity (the moves tell: eval_cond). */
int eval_repeated_quick(position *p, int times);

/* Whether end rule RULE holds in P, made by MOVER (NO_MOVES: P's side has
 * no move), where that is read without a generator: 1 or 0; -1 where it
 * needs one (eval_cond).  `no moves`, `no moves and ...` while there are
 * moves, `in-line(N)`, `repetition N`, `plies N` and the size of a set of
 * the position are, in most games' ends: most plies end nothing, and set
 * up nothing. */
__attribute__((always_inline)) static inline int end_holds_quick(movegen *m, position *p, int mover, bool no_moves,
                                                                 const end_rule *rule)
{
    const game *g = m->g;
    const cexpr *c = &g->exprs[rule->condition];
    if (c->op == C_COND_NO_MOVES)
        return no_moves;
    if (c->op == C_COND_AND && g->exprs[c->a].op == C_COND_NO_MOVES && !no_moves)
        return 0;       /* (`no moves and stuck(opponent)`: false at most plies) */
    if (c->op == C_COND_IN_LINE && in_line_short(g, c->value))
        return in_line_words(g, p->owned[mover].w[0], c->value);
    if (c->op == C_COND_REPETITION)   /* as eval_cond, outside a filter */
        return __builtin_expect(g->identity, 0) ? eval_repeated_quick(p, c->value)
                                                : 1 + pos_occurrences(p, p->hash) >= c->value;
    if (c->op == C_COND_PLIES)
        return (c->b ? p->since_reset : p->ply) >= c->value;
    if (!c->spec.count_words)
        return -1;
    /* (a program of the position alone: spec_position_only) */
    position_view v = { g, p, mover, p->side };
    if (c->op == C_COND_NONEMPTY)
        return set_words_run_view(&v, g->exprs[c->a].spec.word_program) != 0;
    return eval_compare(c->value, cellset_bits(set_words_run_view(&v, g->exprs[g->exprs[c->a].a].spec.word_program)),
                        g->exprs[c->b].value);
}
/* Whether end_holds_quick reads RULE without a generator at a ply with
 * moves (its -1 is for the other rules). */
static inline bool end_read_quickly(const game *g, const end_rule *rule)
{
    const cexpr *c = &g->exprs[rule->condition];
    return c->op == C_COND_NO_MOVES || (c->op == C_COND_AND && g->exprs[c->a].op == C_COND_NO_MOVES)
           || (c->op == C_COND_IN_LINE && in_line_short(g, c->value)) || c->op == C_COND_REPETITION
           || c->op == C_COND_PLIES || c->spec.count_words;
}
/* Whether every end rule of G is read by end_holds_quick at a ply with
 * moves (end_read_quickly). */
static inline bool ends_read_quickly(const game *g)
{
    for (int i = 0; i < g->end_count; i++)
        if (!end_read_quickly(g, &g->ends[i]))
            return false;
    return true;
}

#endif
