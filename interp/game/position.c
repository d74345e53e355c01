/* position: in-place changes with an undo log and incremental hashing. */
#include "game/position.h"

#include "game/rng.h"

#include <stdlib.h>
#include <string.h>

/* The initial position's sets and hash, for pos_reset: each playout
 * starts from it, and building them walks the whole board. */
struct position_start {
    cellset owned[GAME_MAX_PLAYERS];
    cellset occupied;
    cellset typed[GAME_MAX_TYPES];
    uint64_t hash;
    int32_t vars[GAME_MAX_VARS];
};

/* Empties P's history of earlier positions: the chains of its own entries
 * (a few of the table's heads), not the whole table. */
static void forget_history(position *p)
{
    for (int i = 0; i < p->history_length; i++)
        p->seen[p->history[i] & SEEN_MASK] = -1;
    if (p->board_history)
        for (int i = 0; i < p->history_length; i++)
            p->board_seen[p->board_history[i] & SEEN_MASK] = -1;
    p->history_length = 0;
}

/* The parts of a position pos_load is given (RESERVE: the counts of
 * position.reserve, row by row), and the rest of what it sets but the
 * sets and the hash (build_sets). */
static void load_parts(position *p, const uint16_t *cells, const int32_t *reserve, const int32_t *vars, int ply,
                       int since_reset)
{
    const game *g = p->game;
    /* (the cells past the board's stay empty from pos_init: a playout
     * loads a position at each start, and the arrays are large) */
    memcpy(p->cells, cells, (size_t)g->board.cell_count * sizeof p->cells[0]);
    memcpy(p->reserve, reserve, sizeof p->reserve);
    memcpy(p->vars, vars, sizeof p->vars);
    p->ply = ply;
    p->side = game_player_at(g, ply);
    p->since_reset = since_reset;
    p->passes = 0;
    p->log_length = 0;
    p->log_overflow = false;
    forget_history(p);
}

/* The places under the tops of a game of stacks (0 in other games). */
static size_t under_places(const game *g)
{
    return g->stack_height > 1 ? (size_t)g->board.cell_count * (size_t)(g->stack_height - 1) : 0;
}

/* P's stacks from UNDER and DEPTH (NULL: none under any top). */
static void load_under(position *p, const uint16_t *under, const uint8_t *depth)
{
    const game *g = p->game;
    if (!p->under)
        return;
    if (under && depth) {
        memcpy(p->under, under, under_places(g) * sizeof *p->under);
        memcpy(p->depth, depth, (size_t)g->board.cell_count * sizeof *p->depth);
    } else {
        memset(p->under, 0, under_places(g) * sizeof *p->under);
        memset(p->depth, 0, (size_t)g->board.cell_count * sizeof *p->depth);
    }
}

/* The initial position's parts (load_parts), its variables in START. */
static void load_initial_parts(position *p, struct position_start *start)
{
    const game *g = p->game;
    for (int v = 0; v < GAME_MAX_VARS; v++)
        start->vars[v] = v < g->var_count ? g->var_initial[v] : 0;
    load_parts(p, g->initial_cells, &g->initial_reserve[0][0], start->vars, 0, 0);
    load_under(p, g->initial_under, g->initial_depth);
}

/* The sets of the cells and the hash of everything, from the parts. */
static void build_sets(position *p)
{
    const game *g = p->game;
    for (int pl = 0; pl < GAME_MAX_PLAYERS; pl++)
        cellset_clear(&p->owned[pl], g->words);
    for (int t = 0; t < g->type_count; t++)
        cellset_clear(&p->typed[t], g->words);
    cellset_clear(&p->occupied, g->words);
    for (int c = 0; c < g->board.cell_count; c++)
        pos_occupy(p, c, 0, p->cells[c]);
    uint64_t hash = g->zobrist_side[p->side];
    for (int c = 0; c < g->board.cell_count; c++)
        hash ^= pos_piece_key(g, c, p->cells[c]);
    if (p->under)
        for (int c = 0; c < g->board.cell_count; c++)
            for (int i = 0; i < p->depth[c]; i++)
                hash ^= pos_under_key(c, i, p->under[c * (g->stack_height - 1) + i]);
    for (int pl = 0; pl < g->player_count; pl++)
        for (int t = 0; t < g->type_count; t++)
            hash ^= pos_reserve_key(pl, t, p->reserve[pl][t]);
    for (int v = 0; v < g->var_count; v++)
        hash ^= pos_var_key(v, p->vars[v]);
    p->hash = hash;
}

bool pos_init(position *p, const game *g)
{
    memset(p, 0, sizeof *p);
    p->game = g;
    p->log = malloc(POSITION_MAX_LOG * sizeof *p->log);
    p->history = malloc(POSITION_MAX_PLIES * sizeof *p->history);
    p->history_before = malloc(POSITION_MAX_PLIES * sizeof *p->history_before);
    if (g->transient_var >= 0)
        p->history_transient = malloc(POSITION_MAX_PLIES * sizeof *p->history_transient);
    p->seen = malloc((SEEN_MASK + 1) * sizeof *p->seen);
    if (g->reads_boards) {
        p->board_history = malloc(POSITION_MAX_PLIES * sizeof *p->board_history);
        p->board_before = malloc(POSITION_MAX_PLIES * sizeof *p->board_before);
        p->board_seen = malloc((SEEN_MASK + 1) * sizeof *p->board_seen);
    }
    p->start = malloc(sizeof *p->start);
    if (g->stack_height > 1) {
        p->under = calloc(under_places(g), sizeof *p->under);
        p->depth = calloc((size_t)g->board.cell_count, sizeof *p->depth);
    }
    if (!p->log || !p->history || !p->history_before || !p->seen || !p->start
        || (g->transient_var >= 0 && !p->history_transient)
        || (g->reads_boards && (!p->board_history || !p->board_before || !p->board_seen))
        || (g->stack_height > 1 && (!p->under || !p->depth))) {
        pos_free(p);
        return false;
    }
    for (unsigned b = 0; b <= SEEN_MASK; b++)
        p->seen[b] = -1;
    for (unsigned b = 0; p->board_seen && b <= SEEN_MASK; b++)
        p->board_seen[b] = -1;
    load_initial_parts(p, p->start);
    build_sets(p);
    p->identity_of = ~p->hash;   /* (none kept yet) */
    memcpy(p->start->owned, p->owned, sizeof p->owned);
    p->start->occupied = p->occupied;
    memcpy(p->start->typed, p->typed, sizeof p->typed);
    p->start->hash = p->hash;
    return true;
}

/* TO's board history = FROM's (the same game's: both kept or neither). */
static void copy_boards(position *to, const position *from)
{
    if (!to->board_history || !from->board_history)
        return;
    memcpy(to->board_history, from->board_history, (size_t)from->history_length * sizeof *to->board_history);
    memcpy(to->board_before, from->board_before, (size_t)from->history_length * sizeof *to->board_before);
    memcpy(to->board_seen, from->board_seen, (SEEN_MASK + 1) * sizeof *to->board_seen);
}

bool pos_copy(position *to, const position *from)
{
    if (to->game != from->game || !to->log || !to->history || !to->seen)
        return false;
    change *log = to->log;
    uint64_t *history = to->history;
    int32_t *history_before = to->history_before, *seen = to->seen, *history_transient = to->history_transient;
    uint64_t *board_history = to->board_history;
    int32_t *board_before = to->board_before, *board_seen = to->board_seen;
    struct position_start *start = to->start;
    uint16_t *under = to->under;
    uint8_t *depth = to->depth;
    *to = *from;
    to->under = under;
    to->depth = depth;
    load_under(to, from->under, from->depth);
    to->log = log;
    to->history = history;
    to->history_before = history_before;
    to->history_transient = history_transient;
    to->seen = seen;
    to->board_history = board_history;
    to->board_before = board_before;
    to->board_seen = board_seen;
    to->start = start;     /* (the same game's: the same) */
    memcpy(to->log, from->log, (size_t)from->log_length * sizeof *log);
    memcpy(to->history, from->history, (size_t)from->history_length * sizeof *history);
    if (history_transient)
        memcpy(to->history_transient, from->history_transient, (size_t)from->history_length * sizeof *history_transient);
    memcpy(to->history_before, from->history_before, (size_t)from->history_length * sizeof *history_before);
    memcpy(to->seen, from->seen, (SEEN_MASK + 1) * sizeof *seen);
    copy_boards(to, from);
    return true;
}

void pos_free(position *p)
{
    free(p->log);
    free(p->history);
    free(p->history_before);
    free(p->history_transient);
    free(p->seen);
    free(p->board_history);
    free(p->board_before);
    free(p->board_seen);
    p->board_history = NULL;
    p->board_before = NULL;
    p->board_seen = NULL;
    free(p->start);
    free(p->under);
    free(p->depth);
    p->under = NULL;
    p->depth = NULL;
    p->log = NULL;
    p->history = NULL;
    p->history_before = NULL;
    p->history_transient = NULL;
    p->seen = NULL;
    p->start = NULL;
}

/* DST = SRC, a cell set's first WORDS words: a loop, not a call of
 * memcpy (a playout starts with pos_reset; most boards are one word). */
static inline void copy_words(uint64_t *dst, const uint64_t *src, int words)
{
    for (int w = 0; w < words; w++)
        dst[w] = src[w];
}

void pos_copy_forward(position *to, const position *from)
{
    const game *g = from->game;
    memcpy(to->cells, from->cells, (size_t)g->board.cell_count * sizeof to->cells[0]);
    memcpy(to->reserve, from->reserve, sizeof to->reserve);
    memcpy(to->vars, from->vars, sizeof to->vars);
    to->side = from->side;
    to->ply = from->ply;
    to->since_reset = from->since_reset;
    to->passes = from->passes;
    to->hash = from->hash;
    for (int pl = 0; pl < GAME_MAX_PLAYERS; pl++)
        copy_words(to->owned[pl].w, from->owned[pl].w, g->words);
    for (int t = 0; t < g->type_count; t++)
        copy_words(to->typed[t].w, from->typed[t].w, g->words);
    copy_words(to->occupied.w, from->occupied.w, g->words);
    if (to->under)      /* (a game of stacks: a rollout's copy takes the pieces under the tops) */
        load_under(to, from->under, from->depth);
    to->log_length = 0;
    to->log_overflow = false;
    /* TO's own history forgotten, then FROM's copied (both empty in a
     * game that reads none) */
    forget_history(to);
    to->history_length = from->history_length;
    if (from->history_length) {
        memcpy(to->history, from->history, (size_t)from->history_length * sizeof *to->history);
        memcpy(to->history_before, from->history_before, (size_t)from->history_length * sizeof *to->history_before);
        if (to->history_transient)
            memcpy(to->history_transient, from->history_transient,
                   (size_t)from->history_length * sizeof *to->history_transient);
        memcpy(to->seen, from->seen, (SEEN_MASK + 1) * sizeof *to->seen);
        copy_boards(to, from);
    }
}

void pos_reset(position *p)
{
    const game *g = p->game;
    const struct position_start *start = p->start;
    load_parts(p, g->initial_cells, &g->initial_reserve[0][0], start->vars, 0, 0);
    load_under(p, g->initial_under, g->initial_depth);
    /* the sets and hash pos_init built, copied: no walk over the board */
    for (int pl = 0; pl < GAME_MAX_PLAYERS; pl++)
        copy_words(p->owned[pl].w, start->owned[pl].w, g->words);
    for (int t = 0; t < g->type_count; t++)
        copy_words(p->typed[t].w, start->typed[t].w, g->words);
    copy_words(p->occupied.w, start->occupied.w, g->words);
    p->hash = start->hash;
}

void pos_load(position *p, const uint16_t *cells, const uint16_t *under, const uint8_t *depth,
              int32_t reserve[GAME_MAX_PLAYERS][GAME_MAX_TYPES], const int32_t *vars, int ply, int since_reset,
              int side)
{
    load_parts(p, cells, &reserve[0][0], vars, ply, since_reset);
    load_under(p, under, depth);
    if (side >= 0)
        p->side = side;
    build_sets(p);
}

static void push(position *p, uint8_t kind, uint8_t player, uint16_t index, int32_t before,
                 int32_t after)
{
    if (p->log_length >= POSITION_MAX_LOG) {
        p->log_overflow = true;
        return;
    }
    {
        change *c = &p->log[p->log_length++];
        c->kind = kind;
        c->player = player;
        c->index = index;
        c->before = before;
        c->after = after;
    }
}

/* (inlined into pos_make, which runs once a ply; LOGGED false: pos_play,
 * whose changes are never taken back) */
__attribute__((always_inline)) static inline void set_cell(position *p, int cell, uint16_t code, bool hashed,
                                                          bool logged)
{
    uint16_t old = p->cells[cell];
    if (old == code)
        return;
    if (logged)
        push(p, CHANGE_CELL, 0, (uint16_t)cell, old, code);
    if (hashed)
        p->hash ^= pos_piece_key(p->game, cell, old) ^ pos_piece_key(p->game, cell, code);
    pos_occupy(p, cell, old, code);
    p->cells[cell] = code;
}

/* The piece I from the bottom under CELL's top becomes CODE (0: none),
 * DEPTH counting the places that hold one; logged when LOGGED, hashed
 * when HASHED, as set_cell.  The callers keep a stack's pieces together
 * from the bottom up. */
static inline void set_under(position *p, int cell, int i, uint16_t code, bool hashed, bool logged)
{
    uint16_t *place = &p->under[cell * (p->game->stack_height - 1) + i];
    uint16_t old = *place;
    if (old == code)
        return;
    if (logged)
        push(p, CHANGE_UNDER, (uint8_t)i, (uint16_t)cell, old, code);
    if (hashed)
        p->hash ^= pos_under_key(cell, i, old) ^ pos_under_key(cell, i, code);
    p->depth[cell] += (code != 0) - (old != 0);
    *place = code;
}

/* Empties the places under CELL's top, from the highest down. */
static void clear_under(position *p, int cell)
{
    for (int i = p->depth[cell] - 1; i >= 0; i--)
        set_under(p, cell, i, 0, true, true);
}

void pos_set_cell(position *p, int cell, uint16_t code)
{
    if (!code && p->under && p->depth[cell])
        clear_under(p, cell);
    set_cell(p, cell, code, true, true);
}

bool pos_stack_push(position *p, int cell, uint16_t code)
{
    uint16_t top = p->cells[cell];
    if (top) {
        if (!p->under || p->depth[cell] + 1 >= p->game->stack_height)
            return false;
        set_under(p, cell, p->depth[cell], (uint16_t)(top & 0xFF), true, true);
    }
    set_cell(p, cell, code, true, true);
    return true;
}

uint16_t pos_stack_pop(position *p, int cell)
{
    uint16_t top = p->cells[cell];
    if (!top)
        return 0;
    uint16_t below = 0;
    if (p->under && p->depth[cell]) {
        int i = p->depth[cell] - 1;
        below = p->under[cell * (p->game->stack_height - 1) + i];
        set_under(p, cell, i, 0, true, true);
    }
    set_cell(p, cell, below, true, true);
    return top;
}

bool pos_stack_put_under(position *p, int cell, uint16_t code)
{
    if (!p->cells[cell]) {
        set_cell(p, cell, code, true, true);
        return true;
    }
    if (!p->under || p->depth[cell] + 1 >= p->game->stack_height)
        return false;
    int stride = p->game->stack_height - 1;
    /* each piece under the top up one place, from the highest */
    for (int i = p->depth[cell]; i > 0; i--)
        set_under(p, cell, i, p->under[cell * stride + i - 1], true, true);
    set_under(p, cell, 0, (uint16_t)(code & 0xFF), true, true);
    return true;
}

void pos_stack_set(position *p, int cell, int i, uint16_t code)
{
    if (p->under && i < p->depth[cell])
        set_under(p, cell, i, (uint16_t)(code & 0xFF), true, true);
    else
        set_cell(p, cell, code, true, true);
}

/* pos_move_piece in a game of stacks: TO emptied, then FROM's pieces
 * moved one by one, the bottom first. */
static void move_stack(position *p, int from, int to)
{
    uint16_t code = p->cells[from];
    pos_set_cell(p, to, 0);
    int stride = p->game->stack_height - 1, depth = p->depth[from];
    for (int i = 0; i < depth; i++)
        set_under(p, to, i, p->under[from * stride + i], true, true);
    clear_under(p, from);
    set_cell(p, from, 0, true, true);
    set_cell(p, to, code, true, true);
}

void pos_move_piece(position *p, int from, int to)
{
    uint16_t code = p->cells[from], victim = p->cells[to];
    if (p->under && code && from != to) {
        move_stack(p, from, to);
        return;
    }
    if (!code || from == to || p->log_length + 3 > POSITION_MAX_LOG) {
        pos_set_cell(p, to, 0);
        pos_set_cell(p, from, 0);
        pos_set_cell(p, to, code);
        return;
    }
    const game *g = p->game;
    change *log = p->log + p->log_length;
    if (victim) {
        *log++ = (change){ CHANGE_CELL, 0, (uint16_t)to, victim, 0 };
        p->hash ^= pos_piece_key(g, to, victim);
        pos_occupy(p, to, victim, 0);
    }
    log[0] = (change){ CHANGE_CELL, 0, (uint16_t)from, code, 0 };
    log[1] = (change){ CHANGE_CELL, 0, (uint16_t)to, 0, code };
    p->log_length = (int)(log + 2 - p->log);
    p->hash ^= pos_piece_key(g, from, code) ^ pos_piece_key(g, to, code);
    /* FROM holds the piece and TO is empty now: one bit each way */
    cellset both;
    cellset_clear(&both, g->words);
    cellset_add(&both, from);
    cellset_add(&both, to);
    for (int w = 0; w < g->words; w++) {
        p->owned[PIECE_OWNER(code)].w[w] ^= both.w[w];
        p->typed[PIECE_TYPE(code)].w[w] ^= both.w[w];
        p->occupied.w[w] ^= both.w[w];
    }
    p->cells[from] = 0;
    p->cells[to] = code;
}

void pos_add_reserve(position *p, int player, int type, int delta)
{
    int32_t old = p->reserve[player][type];
    if (old < 0 || delta == 0)
        return;   /* unlimited */
    int32_t now = old + delta;
    push(p, CHANGE_RESERVE, (uint8_t)player, (uint16_t)type, old, now);
    p->hash ^= pos_reserve_key(player, type, old) ^ pos_reserve_key(player, type, now);
    p->reserve[player][type] = now;
}

void pos_set_var(position *p, int var, int32_t value)
{
    int32_t old = p->vars[var];
    if (old == value)
        return;
    push(p, CHANGE_VAR, 0, (uint16_t)var, old, value);
    p->hash ^= pos_var_key(var, old) ^ pos_var_key(var, value);
    p->vars[var] = value;
}

/* Takes the change C back; its keys leave the hash too when HASHED (not
 * when the caller restores the hash itself). */
__attribute__((always_inline)) static inline void revert(position *p, const change *c, bool hashed)
{
    switch (c->kind) {
    case CHANGE_CELL:
        if (hashed)
            p->hash ^= pos_piece_key(p->game, c->index, (uint16_t)c->after)
                     ^ pos_piece_key(p->game, c->index, (uint16_t)c->before);
        pos_occupy(p, c->index, (uint16_t)c->after, (uint16_t)c->before);
        p->cells[c->index] = (uint16_t)c->before;
        break;
    case CHANGE_RESERVE:
        if (hashed)
            p->hash ^= pos_reserve_key(c->player, c->index, c->after) ^ pos_reserve_key(c->player, c->index, c->before);
        p->reserve[c->player][c->index] = c->before;
        break;
    case CHANGE_VAR:
        if (hashed)
            p->hash ^= pos_var_key(c->index, c->after) ^ pos_var_key(c->index, c->before);
        p->vars[c->index] = c->before;
        break;
    case CHANGE_UNDER:
        set_under(p, c->index, c->player, (uint16_t)c->before, hashed, false);
        break;
    }
}

void pos_undo_to(position *p, int mark)
{
    while (p->log_length > mark)
        revert(p, &p->log[--p->log_length], true);
}

int pos_rewind(position *p, int mark)
{
    int end = p->log_length;
    pos_undo_to(p, mark);
    return end;
}

void pos_replay(position *p, int end)
{
    for (; p->log_length < end; p->log_length++) {
        const change *c = &p->log[p->log_length];
        switch (c->kind) {
        case CHANGE_CELL:
            set_cell(p, c->index, (uint16_t)c->after, true, false);
            break;
        case CHANGE_RESERVE:
            p->hash ^= pos_reserve_key(c->player, c->index, c->before) ^ pos_reserve_key(c->player, c->index, c->after);
            p->reserve[c->player][c->index] = c->after;
            break;
        case CHANGE_VAR:
            p->hash ^= pos_var_key(c->index, c->before) ^ pos_var_key(c->index, c->after);
            p->vars[c->index] = c->after;
            break;
        case CHANGE_UNDER:
            set_under(p, c->index, c->player, (uint16_t)c->after, true, false);
            break;
        }
    }
}

void pos_undo_to_hash(position *p, int mark, uint64_t hash)
{
    while (p->log_length > mark)
        revert(p, &p->log[--p->log_length], false);
    p->hash = hash;
}

/* The changes of a move and the turn passed on, the hash set from HASH;
 * the cells' changes logged when LOGGED (pos_make; pos_play forgets them). */
__attribute__((always_inline)) static inline void make_changes(position *p, const change *changes, int count,
                                                              bool resets, bool passed, uint64_t hash, bool logged)
{
    pos_keep_history(p);
    for (int i = 0; i < count; i++) {
        const change *c = &changes[i];
        switch (c->kind) {
        case CHANGE_CELL: set_cell(p, c->index, (uint16_t)c->after, false, logged); break;
        case CHANGE_RESERVE: pos_add_reserve(p, c->player, c->index, c->after - c->before); break;
        case CHANGE_VAR: pos_set_var(p, c->index, c->after); break;
        case CHANGE_UNDER: set_under(p, c->index, c->player, (uint16_t)c->after, false, logged); break;
        }
    }
    /* (the reserves' and variables' changes moved the hash: HASH has them) */
    pos_pass_turn(p, resets, passed, hash);
}

void pos_make(position *p, const change *changes, int count, bool resets, bool passed, uint64_t hash, undo *u)
{
    u->log_mark = p->log_length;
    u->side = p->side;
    u->ply = p->ply;
    u->since_reset = p->since_reset;
    u->passes = p->passes;
    u->hash = p->hash;
    u->history_length = p->history_length;
    make_changes(p, changes, count, resets, passed, hash, true);
}

void pos_play(position *p, const change *changes, int count, bool resets, bool passed, uint64_t hash)
{
    make_changes(p, changes, count, resets, passed, hash, false);
    p->log_length = 0;  /* (a reserve's or a variable's change was logged) */
}

void pos_unmake(position *p, const undo *u)
{
    pos_undo_to(p, u->log_mark);
    p->side = u->side;
    p->ply = u->ply;
    p->since_reset = u->since_reset;
    p->passes = u->passes;
    p->hash = u->hash;
    if (p->history_length > 0 && p->history_length == u->history_length + 1) {
        int i = --p->history_length;
        p->seen[p->history[i] & SEEN_MASK] = p->history_before[i];
        if (p->board_history)
            p->board_seen[p->board_history[i] & SEEN_MASK] = p->board_before[i];
    }
}

void pos_commit(position *p)
{
    p->log_length = 0;
}

bool pos_setup_piece(const game *g, int cell, uint16_t code)
{
    uint16_t start = g->initial_cells[cell];
    return !start || (PIECE_TYPE(code) == PIECE_TYPE(start) && PIECE_OWNER(code) == PIECE_OWNER(start));
}

static inline bool letters_hold(const position *p, const position_field *f, const letter_group *l)
{
    for (int i = 0; i < l->cell_count; i++) {
        int cell = l->cells[i];
        uint16_t code = cell >= 0 ? p->cells[cell] : 0;
        if (!code || (PIECE_FLAGS(code) & (1u << f->index)) || !pos_setup_piece(p->game, cell, code))
            return false;
    }
    return true;
}

bool pos_letters_hold(const position *p, const position_field *f, const letter_group *l)
{
    return letters_hold(p, f, l);
}

uint64_t pos_identity(position *p)
{
    const game *g = p->game;
    if (p->identity_of == p->hash)
        return p->identity;
    uint64_t key = p->hash;
    if (g->transient_var >= 0)
        key ^= pos_var_key(g->transient_var, p->vars[g->transient_var]);
    if (g->identity_letters >= 0) {
        static const uint64_t letter_keys[8] = {
            0x9E3779B97F4A7C15ull, 0xBF58476D1CE4E5B9ull, 0x94D049BB133111EBull, 0xD6E8FEB86659FD93ull,
            0xA0761D6478BD642Full, 0xE7037ED1A0B428DBull, 0x8EBC6AF09C88C6E3ull, 0x589965CC75374CC3ull,
        };
        const position_field *f = &g->fields[g->identity_letters];
        uint16_t bit = (uint16_t)((1u << f->index) << 8);   /* (PIECE_FLAGS's bit) */
        /* the letters' pieces as if they had no flag of the field's... */
        for (uint32_t types = g->identity_types; types; types &= types - 1) {
            const cellset *on = &p->typed[__builtin_ctz(types)];
            for (int w = 0; w < g->words; w++)
                for (uint64_t bits = on->w[w]; bits; bits &= bits - 1) {
                    int cell = w * 64 + __builtin_ctzll(bits);
                    if (p->cells[cell] & bit)
                        key ^= g->zobrist_flag[cell * GAME_MAX_FLAGS + f->index];
                }
        }
        /* ... and the letters that hold instead */
        for (int l = 0; l < f->letter_count && l < 8; l++)
            if (letters_hold(p, f, &f->letters[l]))
                key ^= letter_keys[l];
    }
    p->identity_of = p->hash;
    p->identity = key;
    return key;
}

int pos_occurrences_values(const position *p, uint64_t key, int32_t *values, int max)
{
    int n = 0;
    for (int i = p->seen[key & SEEN_MASK]; i >= 0; i = p->history_before[i])
        if (p->history[i] == key) {
            if (n < max)
                values[n] = p->history_transient[i];
            n++;
        }
    return n;
}

uint64_t pos_board_key(const position *p)
{
    const game *g = p->game;
    uint64_t key = p->hash ^ g->zobrist_side[p->side];
    for (int pl = 0; pl < g->player_count; pl++)
        for (int t = 0; t < g->type_count; t++)
            key ^= pos_reserve_key(pl, t, p->reserve[pl][t]);
    for (int v = 0; v < g->var_count; v++)
        key ^= pos_var_key(v, p->vars[v]);
    return key;
}

bool pos_board_recurs(const position *p)
{
    int last = p->history_length - 1;
    if (!p->board_history || last < 0)
        return false;
    uint64_t now = pos_board_key(p);
    if (p->board_history[last] == now)
        return false;   /* the board as it was before the move */
    for (int i = p->board_seen[now & SEEN_MASK]; i >= 0; i = p->board_before[i])
        if (p->board_history[i] == now)
            return true;
    return false;
}

int pos_occurrences(const position *p, uint64_t hash)
{
    int n = 0;
    for (int i = p->seen[hash & SEEN_MASK]; i >= 0; i = p->history_before[i])
        if (p->history[i] == hash)
            n++;
    return n;
}
