/* movegen_internal: what the parts of the generator share.  Its state
 * (struct movegen; struct gen, the turn being run, with its continuation
 * cont and its gen_mode), the core of a turn that movegen.c defines
 * (gen_run and gen_run_cont, gen_emit and the rest of recording a move,
 * the draw of movegen_sample, the nested and the position's generators),
 * and the small inline steps every part uses (the player a reference
 * names, a step, the limits of a turn).  What each part defines is in its
 * own header (eval.h, actions.h, select.h, rays.h, landing_unmade.h,
 * hop_chain.h, pattern_bulk.h, cell_program.h, set_words.h; landing.h
 * holds the landings' inline steps), which includes this one but for
 * cell_program.h and set_words.h (they name struct gen only).  Included
 * by every .c of movegen/ but notation.c, and in playout/ by
 * playout_internal.h, playout.c and playout_shifts.c, which play plies
 * without the generator's calls (end_mover, reservoir_draw,
 * gen_of_position, movegen_result_of).  Not installed. */
#ifndef TABULA_MOVEGEN_INTERNAL_H
#define TABULA_MOVEGEN_INTERNAL_H

#include <string.h>

#include "game/rng.h"
#include "game/steps.h"
#include "movegen/movegen.h"

#define NESTING 4           /* stuck() inside gen_attacked() inside a filter ... */
#define DEDUP_SIZE 65536    /* power of two, above MOVELIST_MAX_MOVES */
#define DEDUP_SMALL 512     /* power of two: the part a turn starts in (8 KB) */
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
     * have tens of moves: a table of all the slots was a cache miss a move) */
    struct dedup_slot { uint64_t hash; uint32_t stamp; } *seen[NESTING];
    uint32_t stamp[NESTING];
    unsigned seen_mask[NESTING];
    int seen_count[NESTING];
    int depth;
    /* movegen_count_alternatives: the moves each alternative made (NULL:
     * not counted), the hashes of the legal moves, sorted, and the
     * alternatives the turn being run went through, the innermost last */
    movegen_alternative_count *alternative_moves;
    uint64_t *legal_hashes;
    int legal_count;
    int alternatives_open[MAX_RECURSION];
    int alternatives_depth;
    /* territory(PLAYER, HOME)'s areas of each player, as last found
     * (home_areas, eval.c), with the home region and the cells the player's
     * pieces stood on, which are all they depend on: a leaf's scores ask
     * for every player's areas once for each player */
    struct areas_memo {
        bool valid;
        int home;
        cellset owned, areas;
    } areas[GAME_MAX_PLAYERS];
};

/* small helpers of the hot path, inline */

static inline int gen_opponent(const game *g, int player)
{
    return g->player_count == 2 ? 1 - player : (player + 1) % g->player_count;
}
/* The player REF (a player_ref) names for MOVER, NEXT being the one `next`
 * names (gen.next) and SCORED the one a score is for: -1 for everyone or
 * anyone. */
static inline int player_of(const game *g, int mover, int next, int scored, int ref)
{
    switch (ref) {
    case PLAYER_MOVER: return mover;
    case PLAYER_NEXT: return next;
    case PLAYER_OPPONENT: return gen_opponent(g, next);
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
    /* the player `next` names, whose opponent `opponent` names: the mover
     * in a turn (a turn of another player than the one to move, nested in
     * stuck() or attacked(), is that player's), the player to move when the
     * end rules and the score are read */
    int next;
    int scored;             /* the player a score is computed for */
    int turn_mark;
    int anchor, origin, last, pattern_anchor;
    int last_jumped;        /* the cell the last hop passed over (-1: none yet) */
    /* in a game of stacks, the anchor piece's place in its stack from the
     * bottom (the piece chosen: the top, or with game.stack_any the one of
     * the type chosen); -1 in other games, where the anchor piece is the
     * cell's (gen_anchor_piece) */
    int anchor_level;
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
    /* counting (gen_counting) where the game's `only captures if` holds
     * for the mover: only the moves that capture count (gen_count) */
    bool counts_captures;
    /* reading an `only captures if` condition, here or in a generator
     * nested in the reading: moves are counted without that filter, which
     * cannot decide whether it applies by applying itself */
    bool captures_filter_off;
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

/* movegen_count_alternatives: NODE, a branch of a choice about to run,
 * is open while it runs if it is an alternative (not a choice itself),
 * so that the moves it makes are counted for it (store in movegen.c);
 * returns whether it opened, for gen_alternative_close after the run.
 * Nothing when alternatives are not counted. */
static inline bool gen_alternative_open(gen *x, int node)
{
    movegen *m = x->m;
    if (!m->alternative_moves || node < 0 || x->g->nodes[node].op == M_ALT || m->alternatives_depth >= MAX_RECURSION)
        return false;
    m->alternatives_open[m->alternatives_depth++] = node;
    return true;
}
static inline void gen_alternative_close(gen *x, bool opened)
{
    if (opened)
        x->m->alternatives_depth--;
}

/* The player REF names for X's turn (player_of). */
static inline int gen_player(const gen *x, int ref)
{
    return player_of(x->g, x->player, x->next, x->scored, ref);
}

/* The slot of the variable VAR for X's mover: a variable of each player
 * (game.var_each) has one slot a player. */
static inline int gen_var(const gen *x, int var)
{
    return x->g->var_each[var] ? var + x->player : var;
}

/* Whether X only counts moves (GEN_COUNT, GEN_ANY): none is kept. */
static inline bool gen_counting(const gen *x)
{
    return x->mode == GEN_COUNT || x->mode == GEN_ANY;
}

/* Counts FOUND moves (gen_counting) that take a piece or not as
 * x->captured says: none when only captures count (counts_captures) and
 * these take nothing.  GEN_ANY stops at the first counted. */
static inline void gen_count(gen *x, int found)
{
    if (x->counts_captures && !x->captured)
        return;
    x->counted += found;
    if (found && x->mode == GEN_ANY)
        x->stop = true;
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

/* Records that LIMIT was hit while NODE ran, and stops the generation. */
void gen_limit(gen *x, movegen_limit limit, int node);
/* Appends the token KIND, VALUE to the path of the move being built (the
 * limit recorded, and the token dropped, when the path is full). */
static inline void gen_path_push(gen *x, int kind, int value)
{
    if (x->path_length < (int)(sizeof x->path / sizeof x->path[0]))
        x->path[x->path_length++] = PATH_TOKEN(kind, value);
    else
        gen_limit(x, MOVEGEN_LIMIT_TURN_PATH, x->node);
}
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
/* The counting of a move, leaving HASH, for the alternatives it went
 * through (movegen_count_alternatives), if it is a legal move: by
 * gen_store (REPEATED false) or, when an earlier alternative made it, by
 * the test before it (out of line: analyze only). */
void gen_count_alternatives(movegen *m, uint64_t hash, bool repeated);
/* The flags of the move the turn has made so far (MOVE_*). */
static inline uint32_t gen_move_flags(const gen *x)
{
    const game *g = x->g;
    bool resets = (x->captured && g->reset_on_capture)
                  || (x->moved_type >= 0 && (g->reset_types & (1u << x->moved_type)));
    return (x->captured ? MOVE_CAPTURE : 0) | (x->passed ? MOVE_PASS : 0) | (x->chance ? MOVE_CHANCE : 0)
           | (resets ? MOVE_RESETS : 0);
}

/* Appends to the list OUT the move whose CHANGES changes are written at
 * the end of its changes already, with the path x->path, FLAGS and HASH
 * (the room for it and its path checked by the caller). */
__attribute__((always_inline)) static inline void gen_append_move(gen *x, move_list *out, int changes, uint32_t flags,
                                                               uint64_t hash)
{
    int length = x->path_length, path_count = out->path_count;
    int32_t *path = out->path + path_count;
    for (int i = 0; i < length; i++)    /* (a few tokens: no call) */
        path[i] = x->path[i];
    out->moves[out->count++] = (move){ .first = out->change_count, .count = changes, .path_first = path_count,
                                       .path_count = length, .flags = flags, .hash = hash };
    out->change_count += changes;
    out->path_count = path_count + length;
    if (x->m->alternative_moves && x->level == 0)
        gen_count_alternatives(x->m, hash, false);
}

/* Whether OUT has room for one more move of CHANGES changes and a path
 * of LENGTH tokens. */
static inline bool gen_list_room(const move_list *out, int changes, int length)
{
    return out->count < MOVELIST_MAX_MOVES && out->change_count + changes <= MOVELIST_MAX_CHANGES
           && out->path_count + length <= MOVELIST_MAX_PATH;
}

/* Writes out the move the turn has made so far (its changes logged since
 * the turn began), with the EXTRA changes after them; EXTRA may already be
 * where they go (x->out's changes, after the logged ones).  Inline: every
 * move of every list is written here. */
__attribute__((always_inline)) static inline void gen_store(gen *x, const change *extra, int extra_count,
                                                         uint64_t hash)
{
    const position *p = x->pos;
    move_list *out = x->out;
    int logged = p->log_length - x->turn_mark, changes = logged + extra_count;
    if (!gen_list_room(out, changes, x->path_length)) {
        gen_limit(x, MOVEGEN_LIMIT_MOVES, x->node);
        return;
    }
    change *to = out->changes + out->change_count;
    if (logged)     /* none when the move was recorded without being made */
        memcpy(to, p->log + x->turn_mark, (size_t)logged * sizeof *p->log);
    if (extra != to + logged)   /* (written in place: store_landing) */
        for (int i = 0; i < extra_count; i++)
            to[logged + i] = extra[i];
    gen_append_move(x, out, changes, gen_move_flags(x), hash);
}
void gen_run(gen *x, int node, const cont *k);
/* PLAYER's moves in PARENT's position, as the game allows them (its
 * filters, `only captures if` included: gen_count), counted up to the
 * first (STOP_AT_FIRST) or all; 1 where the nesting is too deep to tell. */
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
/* Whether a cell of the set E is attacked: a player other than the owner
 * of its piece (PARENT's player, for an empty cell) has a move that takes
 * there (read along rays where game.rays_valid, else by an attack search
 * of that player's turn one level below PARENT).  False in attack mode,
 * and where no level is left (NESTING). */
bool gen_attacked(gen *parent, int e);

/* Y set up, whole, as PLAYER's generator one level below PARENT, on its
 * position: for reading rays (attack_rays_hit) and the searches that
 * follow them. */
void gen_for_rays(gen *y, const gen *parent, int player);
/* X set up, whole, as PLAYER's generator on P, for reading sets of the
 * position and searching from it (hop_chain_collect) without running a
 * turn (nothing is listed or made). */
void gen_of_position(gen *x, movegen *m, position *p, int player);

/* The player whose move made P, whom the end rules are read for. */
static inline int end_mover(const game *g, const position *p)
{
    if (g->out_var >= 0 && p->ply > 0) {
        /* the turn passes over the players who are out: the one before the
         * side to move who is still in (after a player went out, the one
         * before it: who moved is not kept) */
        int q = p->side;
        for (int k = 0; k < g->player_count; k++) {
            q = g->side_before[q];
            if (!p->vars[g->out_var + q])
                return q;
        }
        return p->side;
    }
    return p->ply > 0 ? game_player_at(g, p->ply - 1) : gen_opponent(g, p->side);
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

/* The anchor piece: the cell's, or in a game of stacks the one at
 * x->anchor_level of the anchor's stack (0: none). */
static inline uint16_t gen_anchor_piece(const gen *x)
{
    if (x->anchor < 0)
        return 0;
    return x->anchor_level < 0 ? x->pos->cells[x->anchor] : pos_piece_at(x->pos, x->anchor, x->anchor_level);
}

/* The anchor piece becomes CODE (a piece). */
static inline void gen_set_anchor_piece(gen *x, uint16_t code)
{
    if (x->anchor_level < 0)
        pos_set_cell(x->pos, x->anchor, code);
    else
        pos_stack_set(x->pos, x->anchor, x->anchor_level, code);
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
