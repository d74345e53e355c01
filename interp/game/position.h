/* position: the state of one game in progress, changed in place.
 *
 * A move is a run of changes (of a cell, a reserve count, a variable),
 * which the generator records as it builds the move.  There is one way to
 * apply them: each change moves the cell's piece sets (pos_occupy) and
 * the Zobrist hash, the history of earlier positions is kept where a rule
 * reads it (pos_keep_history), and the turn passes (pos_pass_turn).
 * pos_make also logs each change, so that pos_unmake (or pos_undo_to a
 * mark) takes the move back; pos_play makes it for good, without the log,
 * as a random playout does.  The pos_play_* writers are pos_play for the
 * few shapes of move the word playouts make (a placement, a landing,
 * jumps), built of the same three parts, with the changes known without a
 * list.
 *
 * In a game of stacks (game.stack_height above 1) a cell's code is its
 * top piece, which owns the stack and whose sets (owned, typed) the cell
 * is in; the pieces under it are in UNDER, bottom first, each place a
 * change of its own (CHANGE_UNDER) with its own hash key.  pos_set_cell
 * with 0 empties the whole stack, pos_move_piece moves it, and
 * pos_stack_push, pos_stack_pop and pos_stack_put_under change one piece
 * of it.  A game without stacks has no UNDER, and none of this runs.
 *
 * Searches make and unmake moves on one position; only an engine's
 * rollout starts from a copy (pos_copy_forward: the position as it stands,
 * its log empty), and a search in another thread from a whole copy
 * (pos_copy).
 */
#ifndef TABULA_POSITION_H
#define TABULA_POSITION_H

#include <stdbool.h>
#include <stdint.h>

#include "game/cellset.h"
#include "game/game.h"
#include "game/rng.h"

typedef enum change_kind { CHANGE_CELL, CHANGE_RESERVE, CHANGE_VAR, CHANGE_UNDER } change_kind;

typedef struct change {
    uint8_t kind;
    uint8_t player;     /* reserve; CHANGE_UNDER: the place under the top (0: the bottom) */
    uint16_t index;     /* cell, type (reserve) or variable */
    int32_t before, after;
} change;

#define POSITION_MAX_LOG 65536
#define POSITION_MAX_PLIES 100000
/* position.seen's size (SEEN_MASK + 1 heads of chains): small enough to
 * stay in the first-level cache (8 KB), where a table of a million entries
 * cost a cache miss at every ply of a playout, each looking up a new
 * position's random low bits.  Each chain holds only the history's
 * positions of those low bits, so a lookup reads a few of them: a count
 * per value of the bits says only "maybe", and in a game of 1 000 plies a
 * "maybe" came at one lookup in eight, each a scan of the whole history. */
#define SEEN_BITS 11
#define SEEN_MASK ((1u << SEEN_BITS) - 1)

typedef struct position {
    const game *game;
    uint16_t cells[BOARD_MAX_CELLS];
    int32_t reserve[GAME_MAX_PLAYERS][GAME_MAX_TYPES];   /* -1: unlimited */
    int32_t vars[GAME_MAX_VARS];
    int side;                   /* player to move */
    int ply;
    int since_reset;            /* plies since the last capture or resetting move */
    int passes;                 /* consecutive passes */
    uint64_t hash;              /* of cells, reserves, vars and side */
    cellset owned[GAME_MAX_PLAYERS];   /* cells holding each player's pieces */
    cellset occupied;                  /* cells holding any piece */
    cellset typed[GAME_MAX_TYPES];     /* cells holding each type */
    /* a game of stacks: the pieces under each cell's top, at
     * under[cell * (stack_height - 1) + i], i from 0 (the bottom), and
     * how many there are (depth[cell]); NULL in other games */
    uint16_t *under;
    uint8_t *depth;
    /* the change log: moves being built and moves made */
    change *log;
    int log_length;
    bool log_overflow;          /* a change could not be logged: undo is unsafe */
    /* hashes of earlier positions, for repetition rules (kept only in a
     * game that has one: game.reads_history), chained by their low bits:
     * seen[h & SEEN_MASK] is the latest entry of those bits (-1: none),
     * history_before[i] the one before entry i, so that a position never
     * seen before (the usual case) is answered after a look at a few */
    uint64_t identity_of, identity;   /* pos_identity's last answer, for the position of that hash */
    uint64_t *history;          /* (pos_identity where game.identity) */
    int32_t *history_transient; /* game.transient_var's value at each entry (or NULL) */
    int32_t *history_before;
    int history_length;
    int32_t *seen;
    /* the boards of the same positions (pos_board_key), chained the same
     * way, where a rule compares boards alone (game.reads_boards; else
     * NULL) */
    uint64_t *board_history;
    int32_t *board_before;
    int32_t *board_seen;
    struct position_start *start;   /* the initial position's sets, for pos_reset */
} position;

/* One made move's bookkeeping, for pos_unmake. */
typedef struct undo {
    int log_mark;
    int side, ply, since_reset, passes;
    int history_length;
    uint64_t hash;
} undo;

/* Sets up the game's initial position; false when memory runs out. */
bool pos_init(position *p, const game *g);
void pos_free(position *p);
/* Makes TO (initialised for the same game) a copy of FROM, its history
 * and change log included, so that moves can be made and taken back on
 * either alone (a search in another thread).  False if TO is not ready. */
bool pos_copy(position *to, const position *from);
/* Makes TO (initialised for the same game) FROM as it stands, to be
 * played forward from for good (a rollout of the MCTS engine): its change
 * log starts empty, so nothing before the copy can be unmade on it; the
 * history of earlier positions is copied where a rule reads it.  Cheaper
 * than pos_copy: only the board's cells and words are copied. */
void pos_copy_forward(position *to, const position *from);
/* Back to the initial position, keeping the buffers (P made by pos_init). */
void pos_reset(position *p);
/* Sets a position from its parts (no history), SIDE to move (-1: the
 * player whose turn PLY is, by the order).  UNDER and DEPTH: the pieces
 * under the tops, as position.under and .depth (NULL: none). */
void pos_load(position *p, const uint16_t *cells, const uint16_t *under, const uint8_t *depth,
              int32_t reserve[GAME_MAX_PLAYERS][GAME_MAX_TYPES], const int32_t *vars, int ply, int since_reset,
              int side);

/* CELL's top piece becomes CODE; 0 empties the cell, the pieces under
 * the top too. */
void pos_set_cell(position *p, int cell, uint16_t code);
/* The piece on FROM moves to TO, taking off what stands there: the changes
 * (and their log) of pos_set_cell(TO, 0), (FROM, 0), (TO, piece), made at
 * once.  A stack moves whole. */
void pos_move_piece(position *p, int from, int to);

/* Stacks (a game whose stack_height is above 1). */
/* The number of pieces on CELL. */
static inline int pos_height(const position *p, int cell)
{
    return p->cells[cell] ? 1 + (p->depth ? p->depth[cell] : 0) : 0;
}
/* The piece I places from the bottom of CELL's stack (0: the bottom; the
 * top is pos_height - 1), 0 past the top. */
static inline uint16_t pos_piece_at(const position *p, int cell, int i)
{
    int h = pos_height(p, cell);
    if (i < 0 || i >= h)
        return 0;
    return i == h - 1 ? p->cells[cell] : p->under[cell * (p->game->stack_height - 1) + i];
}
/* CODE put on top of CELL's stack (on the empty cell: alone); false,
 * nothing changed, when the stack is as high as the game allows. */
bool pos_stack_push(position *p, int cell, uint16_t code);
/* The top piece of CELL taken off, the one under it on top now; returns
 * it (0: the cell was empty). */
uint16_t pos_stack_pop(position *p, int cell);
/* CODE put at the bottom of CELL's stack; false as pos_stack_push. */
bool pos_stack_put_under(position *p, int cell, uint16_t code);
/* The piece I from the bottom of CELL's stack (one there: I below
 * pos_height) becomes CODE, a piece. */
void pos_stack_set(position *p, int cell, int i, uint16_t code);
void pos_add_reserve(position *p, int player, int type, int delta);
void pos_set_var(position *p, int var, int32_t value);
/* The hash keys of a piece on a cell (0 for an empty cell; plain: the
 * piece of TYPE and OWNER without flags), a reserve count and a variable's
 * value: a position's hash is the xor of its parts' keys (and the side's),
 * so a change moves it by the old key xor the new. */
static inline uint64_t pos_plain_piece_key(const game *g, int cell, int type, int owner)
{
    return g->zobrist_piece[(type * 4 + owner) * g->board.cell_count + cell];
}
static inline uint64_t pos_piece_key(const game *g, int cell, uint16_t code)
{
    if (!code)
        return 0;
    uint64_t key = pos_plain_piece_key(g, cell, PIECE_TYPE(code), PIECE_OWNER(code));
    unsigned flags = PIECE_FLAGS(code);
    for (int f = 0; flags; f++, flags >>= 1)
        if (flags & 1)
            key ^= g->zobrist_flag[cell * GAME_MAX_FLAGS + f];
    return key;
}

/* A piece CODE placed I from the bottom under the top of CELL's stack:
 * hashed by mixing, as few games have stacks. */
static inline uint64_t pos_under_key(int cell, int i, uint16_t code)
{
    return code ? rng_mix(((uint64_t)(uint32_t)cell << 40) ^ ((uint64_t)(uint32_t)i << 20) ^ code ^ 0x57AC4ull) : 0;
}

/* Reserve counts and variables are hashed by mixing rather than by tables:
 * their ranges are not known in advance. */
static inline uint64_t pos_reserve_key(int player, int type, int32_t count)
{
    return count < 0 ? 0 : rng_mix(((uint64_t)(player * GAME_MAX_TYPES + type) << 32) ^ (uint32_t)count ^ 0x5EED);
}

static inline uint64_t pos_var_key(int var, int32_t value)
{
    return rng_mix(((uint64_t)(var + 1000) << 40) ^ (uint32_t)value ^ 0xFACE);
}

/* Rolls the change log back to MARK (undoing each change). */
void pos_undo_to(position *p, int mark);
/* The same, for a look at the position before the changes: they stay in
 * the log past its end, and pos_replay(P, END), END what pos_rewind
 * returned, makes them again, log and hash as they were. */
int pos_rewind(position *p, int mark);
void pos_replay(position *p, int end);
/* The same, back to where the hash was HASH: the changes' keys are not
 * worked out again (the generator keeps the hash of each state it undoes
 * to). */
void pos_undo_to_hash(position *p, int mark, uint64_t hash);

/* Applies CHANGES (as recorded by the generator) and passes the turn;
 * RESETS tells whether the move resets the 'plies without' count, PASSED
 * whether it was a pass.  HASH is the hash the changes lead to, the side
 * not yet passed (move.hash, which the generator computed as it made
 * them): the changes are not hashed again. */
void pos_make(position *p, const change *changes, int count, bool resets, bool passed, uint64_t hash, undo *u);
void pos_unmake(position *p, const undo *u);
/* pos_make and pos_commit at once, for a random playout: the move is made
 * for good, and neither it nor those before it can be unmade (cheaper:
 * nothing is logged). */
void pos_play(position *p, const change *changes, int count, bool resets, bool passed, uint64_t hash);
/* The sets of P (owned, typed, occupied) moved as CELL changes from OLD to
 * CODE (either 0: empty); the cell itself is the caller's.  Inline: each
 * change of a cell runs it, in the generator's inner loop and a playout's
 * ply. */
__attribute__((always_inline)) static inline void pos_occupy(position *p, int cell, uint16_t old, uint16_t code)
{
    if (old) {
        cellset_remove(&p->owned[PIECE_OWNER(old)], cell);
        cellset_remove(&p->typed[PIECE_TYPE(old)], cell);
        cellset_remove(&p->occupied, cell);
    }
    if (code) {
        cellset_add(&p->owned[PIECE_OWNER(code)], cell);
        cellset_add(&p->typed[PIECE_TYPE(code)], cell);
        cellset_add(&p->occupied, cell);
    }
}
/* What a repetition rule compares (game.identity): P's hash, but that a
 * flag the position block writes as letters counts, on the pieces of the
 * types set up on the letters' cells, through the letters that hold
 * (castling rights: a rook's `moved` flag no longer counts once its king
 * has moved), and the transient variable not at all (the history keeps
 * its value beside: pos_occurrences_values).  The answer is kept for the
 * next call in the same position. */
uint64_t pos_identity(position *p);
/* Whether the pieces that letter group L of field F needs stand on its
 * cells without F's flag, each the piece the setup put there. */
bool pos_letters_hold(const position *p, const position_field *f, const letter_group *l);
/* Whether CODE is the piece the setup put on CELL (its type and owner),
 * or any piece where the setup put none: what a letter's cell must hold
 * (a queen come to e1 is not the king castling needs). */
bool pos_setup_piece(const game *g, int cell, uint16_t code);

/* P's board alone: its hash without the player to move, the reserves and
 * the variables (the pieces on the cells, their flags and the stacks
 * under them). */
uint64_t pos_board_key(const position *p);
/* Whether P's board (pos_board_key) stood in an earlier position of its
 * history, when it is not the board of the last of them: the move just
 * made brought an earlier board back.  A move that leaves the board as it
 * was (a pass) brings nothing back.  Only where game.reads_boards. */
bool pos_board_recurs(const position *p);

/* The history kept where a rule reads it (before a move is made). */
__attribute__((always_inline)) static inline void pos_keep_history(position *p)
{
    const game *g = p->game;
    if (g->reads_history && p->history_length < POSITION_MAX_PLIES) {
        int i = p->history_length++;
        uint64_t key = p->hash;
        if (__builtin_expect(g->identity, 0)) {
            key = pos_identity(p);
            if (g->transient_var >= 0)
                p->history_transient[i] = p->vars[g->transient_var];
        }
        p->history[i] = key;
        p->history_before[i] = p->seen[key & SEEN_MASK];
        p->seen[key & SEEN_MASK] = i;
        if (__builtin_expect(g->reads_boards, 0)) {
            uint64_t board_key = pos_board_key(p);
            p->board_history[i] = board_key;
            p->board_before[i] = p->board_seen[board_key & SEEN_MASK];
            p->board_seen[board_key & SEEN_MASK] = i;
        }
    }
}
/* The turn passed on after a move whose changes are made: the hash set
 * from HASH (which has them), the counts moved on. */
__attribute__((always_inline)) static inline void pos_pass_turn(position *p, bool resets, bool passed, uint64_t hash)
{
    const game *g = p->game;
    p->hash = hash ^ g->zobrist_side[p->side];
    p->side = game_next_side(g, p->side, p->ply, p->vars);
    if (__builtin_expect(g->turn_ruled, 0) && g->again_var >= 0 && p->vars[g->again_var]) {
        /* (read: back to 0, as every position at rest has it) */
        p->hash ^= pos_var_key(g->again_var, p->vars[g->again_var]) ^ pos_var_key(g->again_var, 0);
        p->vars[g->again_var] = 0;
    }
    p->ply++;
    p->hash ^= g->zobrist_side[p->side];
    p->since_reset = resets ? 0 : p->since_reset + 1;
    p->passes = passed ? p->passes + 1 : 0;
}
/* pos_play of the move that puts a piece of TYPE and OWNER, without
 * flags, on the empty CELL and changes nothing else (a placement that
 * neither captures nor resets).  Inline: it is a playout's ply
 * (playout_run), and pos_make's work without the log or set_cell's
 * tests of what the cell held. */
static inline void pos_play_placement(position *p, int cell, int type, int owner)
{
    const game *g = p->game;
    pos_keep_history(p);
    /* (pos_occupy's sets, without its test of a code known to be a piece) */
    cellset_add(&p->owned[owner], cell);
    cellset_add(&p->typed[type], cell);
    cellset_add(&p->occupied, cell);
    p->cells[cell] = PIECE_CODE(type, owner, 0);
    pos_pass_turn(p, false, false, p->hash ^ pos_plain_piece_key(g, cell, type, owner));
    p->log_length = 0;
}
/* pos_play of the move that takes the pieces on the cells of VICTIMS off
 * the board (a board of one word) and the piece on FROM to TO (FROM
 * itself, perhaps), where it becomes LANDED, and changes nothing else; HASH
 * is the hash after it, the side not passed (as pos_play's); RESETS as
 * pos_play's.  Inline: it is a playout's ply (a hop chain of
 * playout_shifts.c). */
static inline void pos_play_jumps(position *p, int from, int to, uint64_t victims, uint16_t landed, bool resets,
                                  uint64_t hash)
{
    uint16_t code = p->cells[from];
    pos_keep_history(p);
    for (; victims; victims &= victims - 1) {
        int cell = __builtin_ctzll(victims);
        pos_occupy(p, cell, p->cells[cell], 0);
        p->cells[cell] = 0;
    }
    pos_occupy(p, from, code, 0);
    p->cells[from] = 0;
    pos_occupy(p, to, 0, landed);
    p->cells[to] = landed;
    pos_pass_turn(p, resets, false, hash);
    p->log_length = 0;
}
/* pos_play of the move that takes the piece on FROM to TO, taking off
 * what stood there, where it becomes LANDED (its code after the
 * after-rules), and changes nothing else, on a board of one word; RESETS
 * as pos_play's (a step of playout_shifts.c). */
static inline void pos_play_landing(position *p, int from, int to, uint16_t landed, bool resets)
{
    const game *g = p->game;
    uint16_t victim = p->cells[to];
    uint64_t hash = p->hash ^ pos_piece_key(g, from, p->cells[from]) ^ pos_piece_key(g, to, landed)
                    ^ pos_piece_key(g, to, victim);
    pos_play_jumps(p, from, to, victim ? (uint64_t)1 << to : 0, landed, resets, hash);
}
/* Forgets how to unmake the moves made so far (their changes leave the
 * log), for drivers that only go forward, such as a random playout. */
void pos_commit(position *p);

/* How many earlier positions (same side to move) have HASH. */
int pos_occurrences(const position *p, uint64_t hash);
/* The same, for a game with a transient variable: the earlier positions
 * whose identity is KEY, each one's value of the variable in VALUES (the
 * first MAX of them); returns how many there are. */
int pos_occurrences_values(const position *p, uint64_t key, int32_t *values, int max);

#endif
