/* set_words: runs the programs on one word that spec/set_words_build.c
 * writes (see there for what they are); eval_set runs one instead of
 * walking its expression's tree. */
#include "movegen/set_words.h"

#include "game/shifts.h"
#include "movegen/movegen_internal.h"

static inline uint64_t single(int cell)
{
    return cell >= 0 && cell < 64 ? (uint64_t)1 << cell : 0;
}

static inline int region_player(const game *g, int player, int next, int scored, int ref)
{
    int q = player_of(g, player, next, scored, ref);
    return q < 0 ? player : q;
}

static inline uint64_t owned_by(const game *g, const position *p, int player, int next, int scored, int ref)
{
    int q = player_of(g, player, next, scored, ref);
    return q < 0 ? p->occupied.w[0] : p->owned[q].w[0];
}

/* The leaves and how each is read (WORD_LEAF_CONST: g->sets[o->arg]),
 * from the game G, the position P, the players PLAYER, NEXT and SCORED, and,
 * for the cells and sets of a turn, the generator X where TURN (a
 * constant: a program run for a position_view reads none of them, and
 * would read them as empty). */
#define LEAVES(X)                                                                                                                    \
    X(WORD_LEAF_CONST, g->sets[o->arg].w[0])                                                                                         \
    X(WORD_LEAF_REGION, g->sets[g->region_sets[o->arg * GAME_MAX_PLAYERS + region_player(g, player, next, scored, o->player)]].w[0]) \
    X(WORD_LEAF_EMPTY, g->board_word & ~p->occupied.w[0])                                                                            \
    X(WORD_LEAF_OCCUPIED, p->occupied.w[0])                                                                                          \
    X(WORD_LEAF_FRIEND, p->owned[player].w[0])                                                                                       \
    X(WORD_LEAF_ENEMY, p->occupied.w[0] & ~p->owned[player].w[0])                                                                    \
    X(WORD_LEAF_ALL, g->board_word)                                                                                                  \
    X(WORD_LEAF_TYPE, p->typed[o->arg].w[0])                                                                                         \
    X(WORD_LEAF_OWNER, owned_by(g, p, player, next, scored, o->player))                                                              \
    X(WORD_LEAF_PIECES, owned_by(g, p, player, next, scored, o->player) & (o->arg >= 0 ? p->typed[o->arg].w[0] : ~(uint64_t)0))      \
    X(WORD_LEAF_HERE, TURN ? single(x->anchor) : 0)                                                                                  \
    X(WORD_LEAF_ORIGIN, TURN ? single(x->origin) : 0)                                                                                \
    X(WORD_LEAF_LAST, TURN ? single(x->last) : 0)                                                                                    \
    X(WORD_LEAF_ANCHOR, TURN ? single(x->pattern_anchor >= 0 ? x->pattern_anchor : x->anchor) : 0)                                   \
    X(WORD_LEAF_JUMPED, TURN ? x->jumped.w[0] : 0)                                                                                   \
    X(WORD_LEAF_PUSHED, TURN ? x->pushed.w[0] : 0)                                                                                   \
    X(WORD_LEAF_MARKED, TURN ? x->marked.w[0] : 0)                                                                                   \
    X(WORD_LEAF_LINE, TURN ? x->line.w[0] : 0)                                                                                       \
    X(WORD_LEAF_LABEL, TURN ? x->labels[o->arg].w[0] : 0)                                                                            \
    X(WORD_LEAF_VAR, single(p->vars[o->arg]))

/* The program is run by threaded dispatch where the compiler has labels
 * as values (GCC, Clang): each op ends in its own jump to the next, which
 * the processor predicts from that op rather than from one shared switch,
 * and no jump back to a loop's head.  Elsewhere, a switch in a loop (as
 * Lua's ljumptab.h does; -DSET_WORDS_SWITCH builds that anywhere). */
#if defined(__GNUC__) && !defined(SET_WORDS_SWITCH)
#define SET_WORDS_THREADED
#endif
#ifdef SET_WORDS_THREADED
#define DISPATCH() goto *dispatch[o->op];
#define OP(label, code) label: { code; } o++; DISPATCH();
#define TABLE_LEAF(leaf, value) [(leaf) * 4 + WORD_JOIN_LOAD] = &&leaf##_load, [(leaf) * 4 + WORD_JOIN_OR] = &&leaf##_or, \
                                [(leaf) * 4 + WORD_JOIN_AND] = &&leaf##_and, [(leaf) * 4 + WORD_JOIN_AND_NOT] = &&leaf##_and_not,
#else
#define DISPATCH() switch (o->op)
#define OP(label, code) case label: { code; } o++; break;
#endif
/* A leaf's four ways (see the enums): VALUE is read once. */
#define RUN_LEAF(leaf, value)                                     \
    OP(leaf##_load, stack[top++] = acc; acc = (value))            \
    OP(leaf##_or, acc |= (value))                                 \
    OP(leaf##_and, acc &= (value))                                \
    OP(leaf##_and_not, acc &= ~(value))
enum {
#define LABEL_LEAF(leaf, value) leaf##_load = (leaf) * 4, leaf##_or, leaf##_and, leaf##_and_not,
    LEAVES(LABEL_LEAF)
#undef LABEL_LEAF
    do_pop_union = WORD_OP_POP_UNION, do_pop_intersect = WORD_OP_POP_INTERSECT, do_pop_minus = WORD_OP_POP_MINUS,
    do_adjacent = WORD_OP_ADJACENT, do_shift = WORD_OP_SHIFT, do_skip_empty = WORD_SKIP_EMPTY
};

#ifdef SET_WORDS_THREADED
/* (every op the builder writes has its label) */
#define DISPATCH_TABLE                                                                                     \
    static const void *const dispatch[256] = {                                                             \
        LEAVES(TABLE_LEAF)                                                                                 \
        [WORD_OP_POP_UNION] = &&do_pop_union, [WORD_OP_POP_INTERSECT] = &&do_pop_intersect,                \
        [WORD_OP_POP_MINUS] = &&do_pop_minus, [WORD_OP_ADJACENT] = &&do_adjacent, [WORD_OP_SHIFT] = &&do_shift, \
        [WORD_SKIP_EMPTY] = &&do_skip_empty, [WORD_END] = &&do_end,                                        \
    };
#define END_OF_PROGRAM do_end: return acc;
#else
#define DISPATCH_TABLE
#define END_OF_PROGRAM case WORD_END: return acc; default: return 0;   /* (not an op the builder writes) */
#endif

/* The run of the program at FIRST, written once for both entries below:
 * G, P, PLAYER, NEXT, SCORED, X and TURN in scope (the threaded dispatch's
 * table of labels keeps it from being a function inlined into each). */
#define RUN_PROGRAM(first)                                                                                 \
    DISPATCH_TABLE                                                                                         \
    uint64_t stack[WORD_MAX_STACK + 1], acc = 0;                                                           \
    int top = 0;                                                                                           \
    const word_op *o = &g->word_ops[first];                                                                \
    for (;;) {                                                                                             \
        DISPATCH() {                                                                                       \
        LEAVES(RUN_LEAF)                                                                                   \
        OP(do_pop_union, acc |= stack[--top])                                                              \
        OP(do_pop_intersect, acc &= stack[--top])                                                          \
        OP(do_pop_minus, acc = stack[--top] & ~acc)                                                        \
        OP(do_adjacent, {                                                                                  \
            /* each direction a shift of the cells that have a neighbour there */                          \
            const word_adjacency *a = &g->word_adjacencies[o->arg];                                        \
            uint64_t to = 0;                                                                               \
            for (int i = 0; i < a->count[player]; i++)                                                     \
                to |= word_rotate_left(acc & a->from[player][i], a->rotate[player][i]);                    \
            acc = to;                                                                                      \
        })                                                                                                 \
        OP(do_shift, {                                                                                     \
            const word_adjacency *a = &g->word_adjacencies[o->arg];                                        \
            acc = word_rotate_left(acc & a->from[0][0], a->rotate[0][0]);                                  \
        })                                                                                                 \
        OP(do_skip_empty, if (!acc) o += o->arg)                                                           \
        END_OF_PROGRAM                                                                                     \
        }                                                                                                  \
    }

uint64_t set_words_run(const gen *x, int first)
{
    const game *g = x->g;
    const position *p = x->pos;
    int player = x->player, next = x->next, scored = x->scored;
    enum { TURN = 1 };
    RUN_PROGRAM(first)
}

uint64_t set_words_run_view(const position_view *v, int first)
{
    const game *g = v->g;
    const position *p = v->pos;
    int player = v->player, next = v->next, scored = v->player;
    const gen *x = NULL;    /* (read by no leaf: TURN is 0) */
    enum { TURN = 0 };
    RUN_PROGRAM(first)
}
