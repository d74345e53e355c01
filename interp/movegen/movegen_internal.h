/* movegen_internal: what the generator's parts in movegen/ share (its
 * state, struct gen, and the inline steps of its inner loop), and what
 * playout/ reads to play a ply on words.  movegen.c runs turns and emits
 * moves, eval.c evaluates expressions and patterns, actions.c applies one
 * action of a turn; the other files of movegen/ are its kernels.  Not
 * installed. */
#ifndef TABULA_MOVEGEN_INTERNAL_H
#define TABULA_MOVEGEN_INTERNAL_H

#include "ast.h"
#include "game/attack_tables.h"
#include "game/steps.h"
#include "movegen/cell_program.h"
#include "movegen/set_words.h"
#include "movegen/movegen.h"

#define NESTING 4           /* stuck() inside gen_attacked() inside a filter ... */
#define DEDUP_SIZE 16384    /* power of two, above MOVELIST_MAX_MOVES */
#define DEDUP_SMALL 512     /* power of two: the part a turn starts in (8 KB) */
#define MAX_MATCHES 32
#define MAX_RECURSION MOVEGEN_MAX_TURN_DEPTH
#define MAX_CHAIN_STATES 256   /* iterations of revisiting chains on the current path */
#define GUARD_CHECK (-1)

struct movegen {
    const game *g;
    /* the first limit hit while a list is generated, by the generation or
     * any nested one (filters, stuck tests); copied into the list */
    movegen_limit limit;
    int limit_node;
    move_list scratch[NESTING];
    /* the positions of the moves found in this turn, for each level, in
     * a table whose slots of older turns have older stamps; a turn starts
     * in its first DEDUP_SMALL slots, which stay in the first-level cache,
     * and moves to all DEDUP_SIZE when half of those are taken (most turns
     * have tens of moves: a table of 16384 was a cache miss a move) */
    struct dedup_slot { uint64_t hash; uint32_t stamp; } *seen[NESTING];
    uint32_t stamp[NESTING];
    unsigned seen_mask[NESTING];
    int seen_count[NESTING];
    int depth;
};

/* small helpers of the hot path, inline */

static inline int gen_opponent(const game *g, int player)
{
    return g->player_count == 2 ? 1 - player : (player + 1) % g->player_count;
}
/* The player REF (a player_ref) names for MOVER, SCORED being the one a
 * score is for, on P: -1 for everyone or anyone. */
static inline int player_of(const game *g, const position *p, int mover, int scored, int ref)
{
    switch (ref) {
    case PLAYER_MOVER: return mover;
    case PLAYER_NEXT: return p->side;
    case PLAYER_OPPONENT: return gen_opponent(g, p->side);
    case PLAYER_SCORED: return scored;
    case PLAYER_EVERYONE: case PLAYER_ANYONE: return -1;
    default: return ref - PLAYER_FIXED;
    }
}

typedef struct cont {
    int16_t node;
    int16_t count;
    uint16_t outer_flags;       /* repetition: the chain state to go back to */
    int outer_direction;
    const struct cont *next;
} cont;

/* What a generator is run for. */
typedef enum gen_mode {
    GEN_LIST,       /* every legal move, into the list (movegen_generate) */
    GEN_SAMPLE,     /* the moves counted, one drawn as they are found and
                     * only that one kept (movegen_sample) */
    GEN_COUNT,      /* the moves counted, none kept (stuck, can-move) */
    GEN_ANY,        /* whether there is a move: counted up to the first */
    GEN_ATTACK      /* pseudo-legal moves, until one takes on a target (attacked) */
} gen_mode;

typedef struct gen {
    movegen *m;
    position *pos;
    const game *g;
    int level;              /* nesting level, for scratch lists and dedup tables */
    int player;             /* the mover */
    int scored;             /* the player a score is computed for */
    int turn_mark;
    int anchor, origin, last, pattern_anchor;
    int variable;           /* pattern variable's direction */
    int chain_direction;
    int moved_type;
    int node;               /* the move node running (for limits) */
    /* from OUT to STOP: zero at the start (init_gen clears them at once) */
    move_list *out;
    uint64_t *sample_rng;   /* keep one move only, drawn as the moves come
                             * (movegen_sample); NULL: keep the first */
    long applied;
    long work;              /* nodes run so far (MOVEGEN_MAX_WORK) */
    int recursion;
    int path_length;
    int chain_state_count;
    int attack_defender;
    int counted;
    int sampled_captures, sampled_others;
    uint16_t chain_flags;
    bool captured, passed, chance;
    gen_mode mode;          /* (GEN_LIST: 0, cleared with the rest) */
    bool found;             /* GEN_ATTACK: a move took on a target */
    bool sample_prefer;     /* GEN_SAMPLE: captures are drawn first (prefer captures) */
    bool drawn;             /* the move being made was drawn already: write it out */
    /* game.quiet_attacked: the legality filter held before the turn, and
     * holds after a move that changes no cell of LEGAL_ZONE (quiet_turn);
     * or (LEGAL_CHECK) it did not, a cell of E attacked along a line: then
     * the zone is the whole board, and E's cells are looked at along every
     * line after a landing (landing_unmade.c), not only those it opened */
    bool legal_quiet, legal_check;
    bool known_legal;       /* the move being emitted was found quiet (land_unmade) */
    bool in_filter;         /* evaluating a legality filter: the side has not changed yet */
    bool no_moves;          /* for end rules */
    /* game.landing_quiet_cells, the turn quiet and sampled: the landings
     * batched by their cells are in LANDED (below) */
    bool quiet_cells;
    bool has_start;
    bool stop;
    /* (end of the cleared fields) */
    /* the last where of a bulk pattern of one path of two steps, on a
     * board of one word: the pattern, for whom and in which position (its
     * hash), its tests' words and the cells from which each value of its
     * variable succeeds, for the marks from a cell of it (the capture
     * that follows a placement where the pattern holds), when BULK_KNOWN */
    bool bulk_known;
    int bulk_pattern, bulk_player;
    uint64_t bulk_hash;
    uint64_t bulk_tests[2];
    uint64_t bulk_starts[GAME_MAX_DSTEPS];
    /* with QUIET_CELLS (set with it): the other moves that change two
     * cells as a landing would, from and to those of LOOKALIKE (the cells
     * they fill in LOOKALIKE_TO), were hashed (all of them past
     * LOOKALIKE_MAX: LOOKALIKE_ALL) */
    bool lookalike_all;
    int lookalike_count;
    uint64_t lookalike_to;
    cellset visited, jumped, pushed, line, marked;
    cellset labels[GAME_MAX_LABELS];
    int32_t path[MOVEGEN_MAX_TURN_PATH];
    /* the states of the revisiting chains' iterations on the current path */
    uint64_t chain_states[MAX_CHAIN_STATES];
    cellset attack_targets;
    uint64_t landed[64];    /* game.unique_landings (or x->quiet_cells): bit t
                             * of word f, a landing from f to t was found
                             * this turn */
#define LOOKALIKE_MAX 16
    int16_t lookalike[LOOKALIKE_MAX][2];
    uint64_t shift_landed[BOARD_MAX_DIRECTIONS];    /* game.unique_shifts: the
                             * cells landed on by a step in each direction
                             * (by game.shift_canon) this turn */
    cellset legal_zone;
    cellset legal_cells;    /* E's cells */
    cellset start;
} gen;

/* The player REF names for X's turn (player_of). */
static inline int gen_player(const gen *x, int ref)
{
    return player_of(x->g, x->pos, x->player, x->scored, ref);
}

/* Whether X only counts moves (GEN_COUNT, GEN_ANY): none is kept. */
static inline bool gen_counting(const gen *x)
{
    return x->mode == GEN_COUNT || x->mode == GEN_ANY;
}

/* Whether a move X finds that ends the turn may be recorded without being
 * made, its changes worked out from the position before it: the game's
 * moves need no test of the position after them (game_facts.direct_emit),
 * and X neither searches attacks (whose moves are never recorded) nor runs
 * a turn that throws dice (whose moves are made one by one).  The one
 * condition every such shortcut starts from; each adds what its own move
 * needs (what follows the landing, the kind of capture). */
static inline bool gen_records_unmade(const gen *x)
{
    return x->g->spec.direct_emit && x->mode != GEN_ATTACK && !x->chance;
}

#define MATCH_LABELS 4

typedef struct match {
    cellset marks;
    cellset labels[MATCH_LABELS];   /* the cells each 'as' label took in this match */
    int line;
} match;

/* OUT = the set E; eval_set_walk walks E's tree, while a set with a word
 * program (most, on boards of one word) is read here without the call. */
void eval_set_walk(gen *x, int e, cellset *out);
/* The word of C, a set of one part that is a word of the position or the
 * turn on a board of one word (no program: one part is no program), into
 * *OUT; false for another set. */
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
void gen_path_push(gen *x, int kind, int value);
/* Records that LIMIT was hit while NODE ran, and stops the generation. */
void gen_limit(gen *x, movegen_limit limit, int node);
/* One level deeper into the turn, to run NODE: counted against the turn's
 * depth and work (MAX_RECURSION, MOVEGEN_MAX_WORK); false, the limit
 * recorded, when one is hit.  The caller takes x->recursion back. */
static inline bool gen_enter(gen *x, int node)
{
    if (++x->recursion > MAX_RECURSION) {
        x->recursion--;
        gen_limit(x, MOVEGEN_LIMIT_TURN_DEPTH, node);
        return false;
    }
    if (++x->work > MOVEGEN_MAX_WORK) {
        x->recursion--;
        gen_limit(x, MOVEGEN_LIMIT_WORK, node);
        return false;
    }
    return true;
}
void action_step(gen *x, const mnode *n, const cont *k);
void action_slide(gen *x, const mnode *n, const cont *k);
void action_leap(gen *x, const mnode *n, const cont *k);
void action_hop(gen *x, const mnode *n, const cont *k);
void action_push(gen *x, const mnode *n, const cont *k);
void action_place(gen *x, const mnode *n, const cont *k);
/* game.place_turn NODE, X sampling: its placements counted, one drawn and
 * written out (what running the turn does); the number of moves. */
int place_sample(gen *x, int node);
/* The same where game.place_words, without a generator: LIST (emptied)
 * gets the drawn placement of P's side (RNG NULL: the first). */
int place_sample_words(movegen *m, position *p, move_list *list, uint64_t *rng);
void action_change(gen *x, const mnode *n, const cont *k);
void action_flip(gen *x, const mnode *n, const cont *k);
void action_capture(gen *x, const mnode *n, const cont *k);
void action_remove(gen *x, const mnode *n, const cont *k);
void action_apply(gen *x, const mnode *n, const cont *k);
void action_set(gen *x, const mnode *n, const cont *k);
/* roll N [to VAR]: a die of N faces, each face a way on (a chance event);
 * with VAR the face is written to it */
void action_roll(gen *x, const mnode *n, const cont *k);
void action_set_flag(gen *x, const mnode *n, const cont *k);
void action_relocate(gen *x, const mnode *n, const cont *k);
void action_select(gen *x, const mnode *n, const cont *k);
void gen_run_cont(gen *x, const cont *k);
/* The turn is complete: records it as a move (or, in attack mode, looks
 * for the capture), with EXTRA_COUNT changes beyond those in the position's
 * log, which HASH (the hash after all of them) already counts.  The extra
 * changes are not on the board, so only games whose moves need no test on
 * the position after them (game.direct_emit) pass any. */
void gen_emit(gen *x, const change *extra, int extra_count, uint64_t hash);
/* gen_emit in two: whether the move is to be written out (not a position
 * found before, nor only counted, nor passed over by movegen_sample's
 * draw; attack mode and the legality test as gen_emit), then writing it.
 * For the moves recorded without being made, whose changes and path need
 * building only when they are written.  The path must be complete for
 * gen_accept when the turn rolled dice (x->chance). */
bool gen_accept(gen *x, uint64_t hash);
/* Sampling several moves of one action at once (movegen_sample, no dice,
 * no legality test): gen_fresh tells whether a move's position is new
 * (and marks it seen), gen_sample_batch counts FRESH new moves and
 * returns which of them to write out (from 0), or -1 for none. */
bool gen_fresh(gen *x, uint64_t hash);
int gen_sample_batch(gen *x, int fresh);
/* Writes out the move the turn has made so far (its changes logged since
 * the turn began), with the EXTRA changes after them; EXTRA may already be
 * where they go (x->out's changes, after the logged ones). */
void gen_store(gen *x, const change *extra, int extra_count, uint64_t hash);
void gen_run(gen *x, int node, const cont *k);
int gen_count_moves(gen *parent, int player, bool stop_at_first);
/* Attack mode: whether the turn so far took a piece of the defender on a
 * target cell. */
bool gen_captures_target(const gen *x);

/* Attack mode: whether the rest of the turn, K, can only end without a
 * capture on a target (nothing taken yet, and every part of K harmless), so
 * that it need not run. */
static inline bool gen_attack_futile(const gen *x, const cont *k)
{
    for (; k; k = k->next)
        if (k->count != GUARD_CHECK && !(x->g->nodes[k->node].spec.flags & NF_HARMLESS))
            return false;
    return !gen_captures_target(x);
}
bool gen_attacked(gen *parent, int e);
/* attack_rays.c: whether a ray of X's player (the attacker), of a piece
 * type in TYPES (bit t: type t), takes what stands on CELL
 * (g->spec.rays_valid). */
bool attack_rays_hit(gen *x, int cell, uint32_t types);
/* The same after the landing MOVED, not made (its piece X's player's
 * enemy's), along every line (EVERY) or those through where it left only
 * (whether leaving that cell opens a line onto CELL); game.rays_cell_tests.
 * RAYS_UNKNOWN when a capture's target is read from the position (a cell
 * the landing changed). */
enum { RAYS_MISS, RAYS_HIT, RAYS_UNKNOWN };

/* Y set up, whole, as PLAYER's generator one level below PARENT, on its
 * position: for reading rays (attack_rays_hit) and the searches that
 * follow them. */
void gen_for_rays(gen *y, const gen *parent, int player);

/* With game.reach_valid: the types of which PLAYER has a piece standing
 * where it could reach CELL (bit t: type t); see attack_reach. */
static inline uint32_t gen_reaching(const game *g, const position *p, int player, int cell)
{
    uint32_t near = 0;
    if (g->words == 1) {    /* (a load and a test a type: the king's every landing asks) */
        const uint64_t *reach = attack_reach(g, player, 0, cell), own = p->owned[player].w[0];
        for (int t = 0; t < g->type_count; t++)
            near |= (uint32_t)((reach[t] & p->typed[t].w[0] & own) != 0) << t;
        return near;
    }
    for (int t = 0; t < g->type_count; t++) {
        const uint64_t *reach = attack_reach(g, player, t, cell);
        for (int w = 0; w < g->words; w++)
            if (reach[w] & p->typed[t].w[w] & p->owned[player].w[w]) {
                near |= 1u << t;
                break;
            }
    }
    return near;
}
int attack_rays_hit_moved(gen *x, int cell, uint32_t types, const cell_landing *moved, bool every);
/* attack_rays.c: of the types TYPES (bit t: type t) with moves that are
 * not rays, those whose pieces of X's player could affect a cell by one
 * now (game.ray_entries: a move's first landing set is empty, it cannot). */
uint32_t attack_residual_live(gen *x, uint32_t types);

/* Whether PLAYER has a piece of one of LINE's types on the cells of MASK
 * (the line's mask at a cell): the line could take there. */
static inline bool attack_line_manned(const game *g, const position *p, const attack_line *line, int player,
                                      const uint64_t *mask)
{
    for (int w = 0; w < g->words; w++) {
        uint64_t m = mask[w] & p->owned[player].w[w];
        if (!m)
            continue;
        uint64_t typed = 0;
        for (uint32_t t = line->types; t; t &= t - 1)
            typed |= p->typed[__builtin_ctz(t)].w[w];
        if (m & typed)
            return true;
    }
    return false;
}



/* X set up, whole, as PLAYER's generator on P, for reading sets of the
 * position and searching from it (hop_chain_collect) without running a
 * turn (nothing is listed or made). */
void gen_of_position(gen *x, movegen *m, position *p, int player);
/* The owner of the piece the placement N puts down, for V's player. */
static inline int place_owner(const position_view *v, const mnode *n)
{
    int owner = player_of(v->g, v->pos, v->player, v->player, n->player);
    return owner < 0 ? v->player : owner;
}
/* The empty cells the placement N may use where game.place_words, for
 * V's player. */
static inline uint64_t place_words_cells(const position_view *v, const mnode *n)
{
    const game *g = v->g;
    const position *p = v->pos;
    uint64_t cells = g->board_word;
    if (n->at >= 0) {
        const cexpr *c = &g->exprs[n->at];
        if (c->spec.word_program >= 0)
            cells = set_words_run_view(v, c->spec.word_program);
        else
            leaf_word_of(g, p, v->player, NULL, c, &cells);
    }
    return cells & ~p->occupied.w[0];
}
/* The player whose move made P, whom the end rules are read for. */
static inline int end_mover(const game *g, const position *p)
{
    return p->ply > 0 ? game_player_at(g, p->ply - 1) : gen_opponent(g, p->side);
}
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
    if (c->op == C_COND_REPETITION)
        return 1 + pos_occurrences(p, p->hash) >= c->value;    /* as eval_cond, outside a filter */
    if (c->op == C_COND_PLIES)
        return (c->b ? p->since_reset : p->ply) >= c->value;
    if (!c->spec.count_words)
        return -1;
    /* (a program of the position alone: spec_position_only) */
    position_view v = { g, p, mover };
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
/* movegen_result where the moves are known by NO_MOVES (none, or a pass
 * because the side is stuck) and NONE (none at all). */
void movegen_result_of(movegen *m, position *p, bool no_moves, bool none, game_result *result);

/* Reservoir sampling, as movegen_sample draws (gen_sample_batch, and
 * playout_shifts.c): a batch of FRESH moves (above 0) joins the *COUNTED
 * found so far; returns which of them replaces the one kept, -1 none.
 * With n counted, the one kept stays with chance before/n, else one of the
 * batch replaces it, each as likely (a single move: the n-th replaces it
 * with chance 1/n), so that each ends up kept with 1/n.  With PREFER
 * (`prefer captures`) the moves that take a piece (CAPTURED) and the others
 * are counted apart (*CAPTURES, *OTHERS): captures are drawn among
 * themselves, and other moves only until the first capture.  RNG draws
 * (NULL: the first is kept). */
static inline int reservoir_draw(uint64_t *rng, bool prefer, bool captured, int fresh, int *counted, int *captures,
                                 int *others)
{
    *counted += fresh;
    int n = *counted;
    if (prefer) {
        if (captured) {
            n = *captures += fresh;
        } else {
            n = *others += fresh;
            if (*captures)
                return -1;
        }
    }
    int before = n - fresh, drawn = 0;
    if (before > 0) {
        if (!rng)
            return -1;
        drawn = (int)rng_below(rng, (uint32_t)n);
        if (drawn >= fresh)
            return -1;
    } else if (rng && fresh > 1) {
        drawn = (int)rng_below(rng, (uint32_t)fresh);
    }
    return drawn;
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
/* The generator's step: step_take with the turn's direction variable. */
__attribute__((always_inline)) static inline int gen_step(const gen *x, int cell, const dstep *s)
{
    return step_take(x->g, cell, s, x->variable);
}

static inline const dlist *gen_directions(const gen *x, int index)
{
    return index >= 0 ? &x->g->dlists[index] : NULL;
}

static inline void gen_occupied(const gen *x, cellset *out)
{
    cellset_copy(out, &x->pos->occupied, x->g->words);
}

static inline void gen_single(const gen *x, cellset *out, int cell)
{
    cellset_clear(out, x->g->words);
    if (cell >= 0)
        cellset_add(out, cell);
}

static inline int gen_first_cell(const gen *x, const cellset *s)
{
    return cellset_next(s, -1, x->g->words);
}

#endif
