/* landing: the inline steps of a landing, shared by the moves that land a
 * piece on a cell (steps, leaps and slides, which land by gen_land in
 * actions.c) and what finds or records landings without running those
 * moves (select.c's batches, hop_chain.c, playout_shifts.c): where a piece
 * may land and in what order (each_landing), where a hop can start
 * (hop_starts_word), whether a landing that ends the turn may be recorded
 * without being made (landing_kind, landing_quiet_kind), what such a
 * landing changes (landing_changes) and what the after-rules change at a
 * landing (after_landing_changes).  The functions that land are declared
 * by their modules: gen_land in actions.h, land_unmade and
 * landing_verdict in landing_unmade.h. */
#ifndef TABULA_LANDING_H
#define TABULA_LANDING_H

#include "game/shifts.h"
#include "movegen/actions.h"
#include "movegen/eval.h"
#include "movegen/movegen_internal.h"

/* The cells from which the hop N can jump a cell now, on a board of one
 * word: its neighbour in a direction may be jumped, and the cell beyond is
 * a target (for select_batch, and playout_shifts.c, which plays on words
 * the plies where no hop can start). */
static inline uint64_t hop_starts_word(gen *x, const mnode *n)
{
    const game *g = x->g;
    uint64_t occupied = x->pos->occupied.w[0];
    uint64_t jumpable = (n->over >= 0 ? eval_set_word(x, n->over) : g->board_word) & occupied;
    uint64_t landable = n->target >= 0 ? eval_set_word(x, n->target) : g->board_word & ~occupied;
    const dlist *d = gen_directions(x, n->directions);
    const dstep *steps = d->steps[x->player];
    int count = d->count[x->player];
    uint64_t from = 0;
    for (int i = 0; i < count; i++) {
        int dir = steps[i].direction;
        from |= shift_word_back(g, dir, shift_word_back(g, dir, landable) & jumpable);
    }
    return from;
}

/* Whether a step or slide may land on CELL: in TARGET (empty cells when
 * it has no expression), and no cell twice in a chain. */
static inline bool may_land(gen *x, set_tester *target, int cell)
{
    if (target->e >= 0 ? !set_tester_has(x, target, cell) : x->pos->cells[cell] != 0)
        return false;
    if ((x->chain_flags & MF_IN_CHAIN) && !(x->chain_flags & MF_REVISIT) && cellset_has(&x->visited, cell))
        return false;
    return true;
}

/* How a landing with the rest of the turn K may be recorded: LANDING_MADE
 * (made, K run, taken back), LANDING_DIRECT (K is empty: land_direct) or
 * LANDING_AFTER (K is the after-rules only, and they can be worked out). */
enum { LANDING_MADE, LANDING_DIRECT, LANDING_AFTER, LANDING_QUIET, LANDING_QUIET_AFTER };

static inline int landing_kind(const gen *x, const cont *k)
{
    const game *g = x->g;
    /* a capture into the reserve changes a count too: left to move_anchor */
    if (!gen_records_unmade(x) || g->capture == CAPTURE_RESERVE)
        return LANDING_MADE;
    if (!k)
        return LANDING_DIRECT;
    return g->spec.after_at_landing && k->node == g->after && k->count == 0 && !k->next ? LANDING_AFTER
                                                                                    : LANDING_MADE;
}

/* For a game whose landings are LANDING_MADE for its legality filter:
 * LANDING_QUIET (K is empty) or LANDING_QUIET_AFTER (K is the after-rules,
 * game.after_actions) when a landing may be recorded by land_unmade, with
 * x->legal_quiet (landing_verdict tells which are legal); LANDING_MADE
 * when not. */
static inline int landing_quiet_kind(const gen *x, const cont *k)
{
    const game *g = x->g;
    if (!x->legal_quiet || !g->spec.landing_unmade || x->mode == GEN_ATTACK || x->chance)
        return LANDING_MADE;
    if (!k)
        return LANDING_QUIET;
    return k->node == g->after && k->count == 0 && !k->next ? LANDING_QUIET_AFTER : LANDING_MADE;
}
/* The after-rules' part of landing_changes (game.after_landing, with
 * game.after_at_landing) for the piece CODE that ended its move on TO:
 * appended to C (N changes so far; NULL: none, and no path) and *HASH
 * moved; returns the new N. */
/* Whether the condition COND of an after-rule holds for the piece that
 * landed on TO, read as if it stood there (a rule not read by cells;
 * actions.c: out of line, to keep small where the rules are inlined). */
bool after_landing_holds(gen *x, int cond, int to);
/* The code the piece CODE has after the after-rule I (game.after_landing)
 * for a landing on TO: CODE itself where the rule leaves it. */
__attribute__((always_inline)) static inline uint16_t after_landing_rule(gen *x, int i, int to, uint16_t code)
{
    const game *g = x->g;
    const mnode *guard = &g->nodes[g->spec.after_landing[i]];
    int type = g->nodes[guard->a].types[0];
    if (type == PIECE_TYPE(code))
        return code;
    bool holds = g->spec.after_landing_by_cells[i] ? (g->spec.after_landing_cells[i][x->player] >> to) & 1
                                                   : after_landing_holds(x, guard->cond, to);
    if (holds == ((guard->flags & MF_NEGATE) != 0))
        return code;
    return PIECE_CODE(type, PIECE_OWNER(code), PIECE_FLAGS(code));
}
__attribute__((always_inline)) static inline int after_landing_changes(gen *x, int to, uint16_t code, change *c, int n,
                                                                       uint64_t *hash)
{
    /* each rule changes the piece's type where its condition holds at TO,
     * as action_change would on the board */
    const game *g = x->g;
    uint16_t landed = code;
    for (int i = 0; i < g->spec.after_landing_count; i++) {
        uint16_t changed = after_landing_rule(x, i, to, code);
        if (changed == code)
            continue;
        if (c) {
            c[n++] = (change){ CHANGE_CELL, 0, (uint16_t)to, code, changed };
            gen_path_push(x, PATH_CHANGE, PIECE_TYPE(changed));
        }
        code = changed;
        x->applied++;
    }
    if (code != landed)
        *hash ^= pos_piece_key(g, to, landed) ^ pos_piece_key(g, to, code);
    return n;
}

/* The anchor piece moves to TO and the turn ends there: what the landing
 * would change (what move_anchor does), and then, when AFTER
 * (game.after_at_landing), what the after-rules change, as changes into C
 * (room for LANDING_CHANGES), without changing the board.  Returns their
 * number and sets *HASH to the hash after them; pushes the path's tokens
 * and sets x->captured as the landing would (the caller takes both back).
 * With C NULL, only the hash: no changes, no path.  (Inline: every
 * landing recorded without being made is worked out here.) */
__attribute__((always_inline)) static inline int landing_changes(gen *x, int to, bool after, change *c,
                                                                 uint64_t *hash_after)
{
    /* (all read before anything is written: a write to C could alias the
     * position, which would then be read again) */
    const game *g = x->g;
    const position *p = x->pos;
    int from = x->anchor;
    uint16_t code = p->cells[from], victim = p->cells[to];
    int n = 0;
    uint64_t hash = p->hash ^ pos_piece_key(g, from, code) ^ pos_piece_key(g, to, code);
    if (victim) {
        hash ^= pos_piece_key(g, to, victim);
        x->captured = true;
    }
    if (c) {
        if (victim)
            c[n++] = (change){ CHANGE_CELL, 0, (uint16_t)to, victim, 0 };
        c[n++] = (change){ CHANGE_CELL, 0, (uint16_t)from, code, 0 };
        c[n++] = (change){ CHANGE_CELL, 0, (uint16_t)to, 0, code };
        gen_path_push(x, victim ? PATH_TO_CAPTURE : PATH_TO, to);
    }
    x->applied++;
    if (after)
        n = after_landing_changes(x, to, code, c, n, &hash);
    *hash_after = hash;
    return n;
}

/* The code the piece CODE has once it has landed on TO and the after-rules
 * are applied: after_landing_changes without changes, hash or count. */
__attribute__((always_inline)) static inline uint16_t after_landing_code(gen *x, int to, uint16_t code)
{
    for (int i = 0; i < x->g->spec.after_landing_count; i++)
        code = after_landing_rule(x, i, to, code);
    return code;
}

/* One direction S of the slide N from the anchor: every cell it may land
 * on, in order, to EACH. */
static inline void slide_along(gen *x, const mnode *n, const dstep *s, set_tester *target,
                               void (*each)(gen *, int, const void *), const void *data)
{
    int start = x->anchor, cell = start, distance = 0;
    for (;;) {
        int next = gen_step(x, cell, s);
        if (next < 0 || next == start)
            break;      /* a ring slide stops before its own cell */
        distance++;
        if (n->max >= 0 && distance > n->max)
            break;
        bool empty = x->pos->cells[next] == 0;
        if (distance >= n->min && may_land(x, target, next))
            each(x, next, data);
        if (!empty || x->stop)
            break;
        cell = next;
    }
}

/* Calls EACH(x, cell, data) for every cell a step or leap (N->op M_STEP,
 * M_LEAP) or a slide (M_SLIDE) of the anchor piece may land on, in the
 * order the moves are tried.  EACH may make the landing, if it takes it
 * back before it returns. */
static inline void each_landing(gen *x, const mnode *n, void (*each)(gen *, int, const void *),
                                const void *data)
{
    if (x->anchor < 0)
        return;
    set_tester target;
    set_tester_init(&target, n->target);
    const dlist *d = gen_directions(x, n->directions);
    int start = x->anchor, count = d->count[x->player];
    if (n->spec.dests >= 0) {
        const int16_t *to_of = x->g->step_dests + n->spec.dests
                             + ((size_t)x->player * (size_t)x->g->board.cell_count + (size_t)start) * (size_t)n->spec.dest_stride;
        for (int i = 0; i < count && !x->stop; i++) {
            int to = to_of[i];
            if (to >= 0 && may_land(x, &target, to))
                each(x, to, data);
        }
        return;
    }
    if (n->op != M_SLIDE) {
        for (int i = 0; i < d->count[x->player] && !x->stop; i++) {
            int to = gen_step(x, start, &d->steps[x->player][i]);
            if (to >= 0 && may_land(x, &target, to))
                each(x, to, data);
        }
        return;
    }
    const game *g = x->g;
    mnode bounded;
    if (n->flags & (MF_MIN_VALUE | MF_MAX_VALUE)) {
        /* a distance worked out now (`exactly d`): this slide's bounds;
         * one below 1 stops it at once */
        long distance = eval_number(x, n->value);
        bounded = *n;
        if (n->flags & MF_MIN_VALUE)
            bounded.min = (int16_t)(distance < 0 ? 0 : distance > BOARD_MAX_CELLS ? BOARD_MAX_CELLS : distance);
        if (n->flags & MF_MAX_VALUE)
            bounded.max = (int16_t)(distance < 0 ? 0 : distance > BOARD_MAX_CELLS ? BOARD_MAX_CELLS : distance);
        for (int i = 0; i < d->count[x->player] && !x->stop; i++)
            slide_along(x, &bounded, &d->steps[x->player][i], &target, each, data);
        return;
    }
    const cexpr *t = n->target >= 0 ? &g->exprs[n->target] : NULL;
    if (n->min <= 1 && n->max < 0 && !(x->chain_flags & MF_IN_CHAIN) && (!t || (t->spec.content >= 0 && !t->spec.content_placed))) {
        /* the common slide: along board directions to the first piece,
         * each cell read from the target's table (one for every cell) */
        const uint64_t *bits = t ? g->content_bits + ((size_t)t->spec.content * GAME_MAX_PLAYERS + (size_t)x->player)
                                                    * GAME_CONTENT_CLASSES * 4 : NULL;
        bool onto_empty = !bits || (bits[0] & 1);
        const int *neighbour = g->board.neighbour;
        int stride = g->board.neighbour_stride;
        for (int i = 0; i < count && !x->stop; i++) {
            const dstep *s = &d->steps[x->player][i];
            if (s->kind != STEP_DIRECTION || (unsigned)s->direction >= (unsigned)g->board.direction_count) {
                slide_along(x, n, s, &target, each, data);
                continue;
            }
            for (int cell = neighbour[start * stride + s->direction]; cell >= 0 && cell != start && !x->stop;
                 cell = neighbour[cell * stride + s->direction]) {
                unsigned low = x->pos->cells[cell] & 0xFF;
                if (!low) {
                    if (onto_empty)
                        each(x, cell, data);
                    continue;
                }
                if (bits && ((bits[low >> 6] >> (low & 63)) & 1))
                    each(x, cell, data);
                break;
            }
        }
        return;
    }
    for (int i = 0; i < d->count[x->player] && !x->stop; i++)
        slide_along(x, n, &d->steps[x->player][i], &target, each, data);
}

#endif
