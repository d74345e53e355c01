/* actions: one action of a turn applied to the position in place, the
 * rest of the turn run as its continuation, then rolled back. */
#include "movegen/actions.h"

#include <stdlib.h>
#include <string.h>

#include "game/shifts.h"
#include "movegen/cell_program.h"
#include "movegen/eval.h"
#include "movegen/landing.h"
#include "movegen/landing_unmade.h"
#include "movegen/movegen_internal.h"
#include "movegen/pattern_bulk.h"
#include "movegen/set_words.h"

/* --- changing the position during a turn */

/* What the game's capture effect leaves on a cell that held CODE (a
 * capture into the reserve also counts the piece there): the piece turned
 * the mover's, or nothing.  CODE itself: the capture changes nothing. */
static inline uint16_t captured_code(const gen *x, uint16_t code)
{
    return x->g->capture == CAPTURE_CONVERT ? PIECE_CODE(PIECE_TYPE(code), x->player, PIECE_FLAGS(code)) : 0;
}

/* Puts the pieces of CELL's stack under the stack on TO (the capturing
 * one), the order they stand in kept: the top first, each at the bottom
 * then, and empties CELL; TOP_ONLY: the top piece alone, the one under it
 * the top then.  False, with the pieces put under so far there (the
 * caller takes the turn back), when TO's stack would be higher than the
 * game allows. */
static bool put_under(gen *x, int cell, int to, bool top_only)
{
    position *p = x->pos;
    int height = pos_height(p, cell);
    for (int i = height - 1; i >= (top_only ? height - 1 : 0); i--) {
        if (!pos_stack_put_under(p, to, (uint16_t)(pos_piece_at(p, cell, i) & 0xFF)))
            return false;
        if (to == x->anchor && x->anchor_level >= 0)
            x->anchor_level++;     /* (the anchor piece one place higher) */
    }
    if (top_only)
        pos_stack_pop(p, cell);
    else
        pos_set_cell(p, cell, 0);
    return true;
}

/* Applies the game's capture effect to the piece at CELL: in a game of
 * stacks, to the whole stack (TOP_ONLY: its top piece; a conversion turns
 * the top alone, whose owner the stack is).  False when the effect cannot
 * be had (put_under). */
static bool capture_at(gen *x, int cell, bool top_only)
{
    position *p = x->pos;
    uint16_t code = p->cells[cell];
    if (!code)
        return true;
    x->captured = true;
    switch (x->g->capture) {
    case CAPTURE_UNDER:
        if (x->anchor >= 0 && x->anchor != cell && p->cells[x->anchor])
            return put_under(x, cell, x->anchor, top_only);
        break;
    case CAPTURE_RESERVE:
        for (int i = pos_height(p, cell) - 1; i >= (top_only ? pos_height(p, cell) - 1 : 0); i--)
            pos_add_reserve(p, x->player, x->g->types[PIECE_TYPE(pos_piece_at(p, cell, i))].base, 1);
        break;
    case CAPTURE_CONVERT:
        pos_set_cell(p, cell, captured_code(x, code));
        return true;
    default:
        break;
    }
    if (top_only)
        pos_stack_pop(p, cell);
    else
        pos_set_cell(p, cell, 0);
    return true;
}

/* Moves the anchor piece to TO, removing what stands there (in a game of
 * stacks, the anchor's whole stack, taking the stack there as the capture
 * effect says).  Returns 1 when it took a piece, 0 when not, -1 when the
 * capture cannot be had (put_under: the caller takes the turn back). */
static int move_anchor(gen *x, int to)
{
    int from = x->anchor;
    uint16_t victim = x->pos->cells[to];
    if (victim && x->pos->under) {
        if (!capture_at(x, to, false))
            return -1;
    } else if (victim) {
        /* landing on a piece takes it off the board (or into the reserve) */
        if (x->g->capture == CAPTURE_RESERVE)
            pos_add_reserve(x->pos, x->player, x->g->types[PIECE_TYPE(victim)].base, 1);
        x->captured = true;
    }
    pos_move_piece(x->pos, from, to);
    return victim != 0;
}

typedef struct saved_state {
    uint64_t hash;
    int mark, anchor, last, last_jumped, anchor_level, path_length, chain_direction;
    bool captured;
    cellset visited, jumped;
} saved_state;

static void save(const gen *x, saved_state *s)
{
    s->mark = x->pos->log_length;
    s->hash = x->pos->hash;
    s->anchor = x->anchor;
    s->last = x->last;
    s->last_jumped = x->last_jumped;
    s->anchor_level = x->anchor_level;
    s->path_length = x->path_length;
    s->chain_direction = x->chain_direction;
    s->captured = x->captured;
    cellset_copy(&s->visited, &x->visited, x->g->words);
    cellset_copy(&s->jumped, &x->jumped, x->g->words);
}

static void restore(gen *x, const saved_state *s)
{
    pos_undo_to_hash(x->pos, s->mark, s->hash);
    x->anchor = s->anchor;
    x->last = s->last;
    x->last_jumped = s->last_jumped;
    x->anchor_level = s->anchor_level;
    x->path_length = s->path_length;
    x->chain_direction = s->chain_direction;
    x->captured = s->captured;
    cellset_copy(&x->visited, &s->visited, x->g->words);
    cellset_copy(&x->jumped, &s->jumped, x->g->words);
}

bool after_landing_holds(gen *x, int cond, int to)
{
    int anchor = x->anchor, last = x->last;
    x->anchor = x->last = to;
    bool holds = eval_cond_quick(x, cond);
    x->anchor = anchor;
    x->last = last;
    return holds;
}

/* The landing on TO ends the turn: recorded without being made. */
static void land_direct(gen *x, int to, bool after)
{
    int path = x->path_length;
    bool captured = x->captured;
    change c[LANDING_CHANGES];
    uint64_t hash;
    int n = landing_changes(x, to, after, c, &hash);
    if (!x->stop)
        gen_emit(x, c, n, hash);
    x->path_length = path;
    x->captured = captured;
}

/* Whether a placement that ends the turn (K empty) may be recorded directly. */
static inline bool direct(const gen *x, const cont *k)
{
    return landing_kind(x, k) == LANDING_DIRECT;
}

/* The value N (M_SET_VAR) sets its variable to, read now. */
static int32_t set_value(gen *x, const mnode *n)
{
    if (x->g->var_is_cell[n->type]) {
        if (x->g->exprs[n->value].spec.cell_program >= 0)
            return cell_program_run(x, x->g->exprs[n->value].spec.cell_program);
        cellset s;
        eval_set(x, n->value, &s);
        return gen_first_cell(x, &s);
    }
    return (int32_t)eval_number(x, n->value);
}

/* The after-rules as actions (game.after_actions), applied in order to the
 * position the landing made: what running their nodes (each when it can:
 * action_set, action_set_flag, action_change) does, without running them. */
static void apply_after_actions(gen *x)
{
    const game *g = x->g;
    for (int i = 0; i < g->spec.after_action_count; i++) {
        const mnode *n = &g->nodes[g->spec.after_actions[i]];
        if (n->op == M_GUARD) {
            if (eval_cond_quick(x, n->cond) == ((n->flags & MF_NEGATE) != 0))
                continue;
            n = &g->nodes[n->a];
        }
        uint16_t code = gen_anchor_piece(x);
        switch (n->op) {
        case M_SET_VAR:
            if (n->type < 0)
                continue;
            pos_set_var(x->pos, gen_var(x, n->type), set_value(x, n));
            break;
        case M_SET_FLAG:
            if (!code)
                continue;
            gen_set_anchor_piece(x, PIECE_CODE(PIECE_TYPE(code), PIECE_OWNER(code), PIECE_FLAGS(code) | (1u << n->type)));
            break;
        case M_CHANGE:
            if (!code || n->types[0] == PIECE_TYPE(code))
                continue;
            gen_set_anchor_piece(x, PIECE_CODE(n->types[0], PIECE_OWNER(code), PIECE_FLAGS(code)));
            gen_path_push(x, PATH_CHANGE, n->types[0]);
            break;
        default:
            continue;
        }
        x->applied++;
    }
}

/* The placement of N's piece, CODE, on CELL, ending the turn after the
 * changes C (COUNT of them, room for one more), recorded from HASH, the
 * position's with those changes. */
__attribute__((always_inline)) static inline void store_placement(gen *x, const mnode *n, change *c, int count,
                                                                  uint16_t code, int cell, uint64_t hash)
{
    int path = x->path_length;
    c[count] = (change){ CHANGE_CELL, 0, (uint16_t)cell, 0, code };
    gen_path_push(x, PATH_DROP, cell);
    gen_path_push(x, PATH_CHANGE, n->type);
    gen_store(x, c, count + 1, hash ^ pos_piece_key(x->g, cell, code));
    x->path_length = path;
}

/* NF_KEYED placements after one position are told apart by their cells,
 * and from all others; that position is their key (xored with this, so as
 * not to be taken for a finished move's) */
#define KEYED_SALT UINT64_C(0x6b65796564706c63)

/* A landing on TO whose turn ends with a keyed placement on the cells the
 * piece then sees (`slide ... then place T at sight(here, D)`: NF_KEYED,
 * from the supply, no after-rules, no legality filter), while moves are
 * only counted or drawn: the placements are counted from the sight read on
 * the board as the landing would leave it, and the landing is made only
 * for the one drawn.  True when done so. */
static bool land_keyed_place(gen *x, int to, const cont *k)
{
    const game *g = x->g;
    if (!k || k->count || k->next || !gen_records_unmade(x) || x->mode == GEN_LIST)
        return false;
    const mnode *n = &g->nodes[k->node];
    if (n->op != M_PLACE || !(n->spec.flags & NF_KEYED) || (n->flags & MF_FROM_RESERVE) || n->at < 0)
        return false;
    const cexpr *at = &g->exprs[n->at];
    if (at->op != C_SET_SIGHT || !at->spec.sight_shifts || g->exprs[at->a].op != C_SET_HERE)
        return false;
    position *p = x->pos;
    int words = g->words, from = x->anchor;
    cellset filled = p->occupied, cells;
    cellset_remove(&filled, from);
    cellset_add(&filled, to);
    cellset_clear(&cells, words);
    const dlist *d = &g->dlists[at->value];
    sight_all(g, d->steps[x->player], d->count[x->player], to, &filled, &cells);
    cellset_and_not(&cells, &filled, words);
    bool captured = x->captured;
    uint64_t landed;
    landing_changes(x, to, false, NULL, &landed);
    int found = cellset_count(&cells, words);
    if (x->stop || !gen_fresh(x, landed ^ KEYED_SALT)) {
        x->captured = captured;
        return true;
    }
    x->applied += found;
    if (gen_counting(x)) {
        gen_count(x, found);
        x->captured = captured;
        return true;
    }
    int cell = cellset_nth(&cells, gen_sample_batch(x, found), words);
    x->captured = captured;
    if (cell < 0)
        return true;
    /* the one drawn: made, and its placement recorded */
    int mark = p->log_length, anchor = x->anchor, last = x->last, path = x->path_length;
    uint64_t hash = p->hash;
    int took = move_anchor(x, to);   /* (not in a game of stacks: never -1) */
    x->anchor = x->last = to;
    gen_path_push(x, took > 0 ? PATH_TO_CAPTURE : PATH_TO, to);
    int owner = gen_player(x, n->player);
    change c[1];
    store_placement(x, n, c, 0, PIECE_CODE(n->type, owner < 0 ? x->player : owner, 0), cell, p->hash);
    pos_undo_to_hash(p, mark, hash);
    x->anchor = anchor;
    x->last = last;
    x->path_length = path;
    x->captured = captured;
    return true;
}

static void land(gen *x, int to, const cont *k)
{
    /* looking for a capture: a landing off the targets, with nothing after
     * it that could take a piece, cannot be one */
    if (x->mode == GEN_ATTACK && !cellset_has(&x->attack_targets, to) && gen_attack_futile(x, k))
        return;
    int kind = landing_kind(x, k);
    if (kind != LANDING_MADE) {
        land_direct(x, to, kind == LANDING_AFTER);
        return;
    }
    const game *g = x->g;
    if (x->legal_quiet && g->spec.landing_unmade && x->mode != GEN_ATTACK && !x->chance
        && x->pos->log_length == x->turn_mark) {
        /* the turn ends here (but for the after-rules): maybe not made.
         * Only a first movement: the filter's test looks at the cells this
         * landing changes, and would miss those an earlier step of the
         * turn left (a xiangqi horse's leg off a pinned line) */
        bool after = k && k->node == g->after && k->count == 0 && !k->next;
        if ((!k || after) && land_unmade(x, to, after))
            return;
    }
    if (land_keyed_place(x, to, k))
        return;
    /* a landing changes the board, where the piece is, the path, whether
     * it took and the cells visited, and only those are put back (what
     * runs after it puts back what it changes itself) */
    position *p = x->pos;
    int mark = p->log_length, anchor = x->anchor, last = x->last, path = x->path_length, level = x->anchor_level;
    uint64_t hash = p->hash;
    bool captured = x->captured, visited = cellset_has(&x->visited, to);
    int took = move_anchor(x, to);
    if (took < 0) {
        pos_undo_to_hash(p, mark, hash);
        x->captured = captured;
        x->anchor_level = level;
        return;
    }
    x->anchor = x->last = to;
    cellset_add(&x->visited, to);
    gen_path_push(x, took ? PATH_TO_CAPTURE : PATH_TO, to);
    x->applied++;
    if (k && k->node == x->g->after && k->count == 0 && !k->next && x->g->spec.after_action_count >= 0) {
        /* the turn ends here but for the after-rules */
        apply_after_actions(x);
        k = NULL;
    }
    gen_run_cont(x, k);
    pos_undo_to_hash(p, mark, hash);
    x->anchor = anchor;
    x->last = last;
    x->path_length = path;
    x->captured = captured;
    x->anchor_level = level;
    if (!visited)
        cellset_remove(&x->visited, to);
}

static void land_then(gen *x, int to, const void *k)
{
    land(x, to, k);
}

void gen_land(gen *x, int to, const cont *k)
{
    land(x, to, k);
}

void action_step(gen *x, const mnode *n, const cont *k)
{
    each_landing(x, n, land_then, k);
}

void action_slide(gen *x, const mnode *n, const cont *k)
{
    each_landing(x, n, land_then, k);
}

void action_leap(gen *x, const mnode *n, const cont *k)
{
    action_step(x, n, k);
}

void action_hop(gen *x, const mnode *n, const cont *k)
{
    if (x->anchor < 0)
        return;
    /* the target and what may be jumped are tested cell by cell, as in
     * may_land: most hops find nothing to jump */
    set_tester target, over;
    set_tester_init(&target, n->target);
    set_tester_init(&over, n->over);
    const dlist *d = gen_directions(x, n->directions);
    int from = x->anchor;
    for (int i = 0; i < d->count[x->player] && !x->stop; i++) {
        const dstep *s = &d->steps[x->player][i];
        int identity = step_identity(s);
        if ((x->chain_flags & MF_STRAIGHT) && x->chain_direction >= 0 && x->chain_direction != identity)
            continue;
        int jumped = gen_step(x, from, s);
        if (jumped < 0 || !x->pos->cells[jumped] || (n->over >= 0 && !set_tester_has(x, &over, jumped)))
            continue;
        if (cellset_has(&x->jumped, jumped) && !(x->chain_flags & MF_REJUMP))
            continue;
        int landings[GAME_MAX_DSTEPS], count = 0;
        if (n->flags & MF_ANY_SIDE) {
            for (int j = 0; j < d->count[x->player]; j++) {
                int l = gen_step(x, jumped, &d->steps[x->player][j]);
                if (l >= 0 && l != from)
                    landings[count++] = l;
            }
        } else {
            int l = gen_step(x, jumped, s);
            if (l >= 0)
                landings[count++] = l;
        }
        for (int j = 0; j < count && !x->stop; j++) {
            int l = landings[j];
            if (n->target >= 0 ? !set_tester_has(x, &target, l) : x->pos->cells[l] != 0)
                continue;
            if (!(x->chain_flags & MF_REVISIT) && cellset_has(&x->visited, l))
                continue;
            saved_state saved;
            save(x, &saved);
            if (move_anchor(x, l) < 0) {
                restore(x, &saved);
                continue;
            }
            cellset_add(&x->jumped, jumped);
            x->last_jumped = jumped;
            cellset_add(&x->visited, l);
            x->anchor = x->last = l;
            if (x->chain_direction < 0)
                x->chain_direction = identity;
            gen_path_push(x, PATH_TO, l);
            x->applied++;
            gen_run_cont(x, k);
            restore(x, &saved);
        }
    }
}

/* Where K tests the push's result with `majority(line)` (and nothing
 * else), whether it holds for the LENGTH pieces of LINE before they move:
 * the line after the push holds the same pieces, one cell further on, so
 * the answer is the same, and a push that fails it need not be made.
 * True where K is another continuation (the push is made and K decides). */
static bool line_may_pass(const gen *x, const cont *k, const int *line, int length)
{
    if (!k || k->count != GUARD_CHECK)
        return true;
    const game *g = x->g;
    const mnode *guard = &g->nodes[k->node];
    const cexpr *c = &g->exprs[guard->cond];
    if (guard->op != M_GUARD || c->op != C_COND_MAJORITY || c->a < 0 || g->exprs[c->a].op != C_SET_LINE)
        return true;
    int count[GAME_MAX_PLAYERS] = { 0 };
    for (int i = 0; i < length; i++)
        count[PIECE_OWNER(x->pos->cells[line[i]])]++;
    int most_other = 0;
    for (int p = 0; p < g->player_count; p++)
        if (p != x->player && count[p] > most_other)
            most_other = count[p];
    return (count[x->player] > most_other) != ((guard->flags & MF_NEGATE) != 0);
}

void action_push(gen *x, const mnode *n, const cont *k)
{
    const game *g = x->g;
    cellset starts;
    bool anchored = n->at < 0;
    if (anchored) {
        if (x->anchor < 0)
            return;
        gen_single(x, &starts, x->anchor);
    } else {
        eval_set(x, n->at, &starts);
    }
    const dlist *d = gen_directions(x, n->directions);
    for (int s0 = cellset_next(&starts, -1, g->words); s0 >= 0 && !x->stop; s0 = cellset_next(&starts, s0, g->words)) {
        if (!x->pos->cells[s0])
            continue;
        for (int i = 0; i < d->count[x->player] && !x->stop; i++) {
            const dstep *s = &d->steps[x->player][i];
            int line[BOARD_MAX_CELLS / 4], length = 0, cell = s0;
            while (cell >= 0 && x->pos->cells[cell] && length < (int)(sizeof line / sizeof *line)) {
                line[length++] = cell;
                cell = gen_step(x, cell, s);
                if (cell == s0)
                    cell = -1;   /* a ring full of pieces cannot move */
            }
            /* over the edge: the far end's piece is taken, the pusher
             * itself never (a line of two at least) */
            bool off = cell < 0 && (n->flags & MF_OVER_EDGE) && length >= 2 && length < (int)(sizeof line / sizeof *line);
            if ((cell < 0 && !off) || (cell >= 0 && x->pos->cells[cell]))
                continue;
            if (!off && !line_may_pass(x, k, line, length))
                continue;
            saved_state saved;
            save(x, &saved);
            cellset old_pushed = x->pushed, old_line = x->line;
            cellset_clear(&x->pushed, g->words);
            cellset_clear(&x->line, g->words);
            int to = cell;
            if (off) {
                int end = line[--length];
                if (g->capture == CAPTURE_RESERVE)
                    for (int h = pos_height(x->pos, end) - 1; h >= 0; h--)
                        pos_add_reserve(x->pos, x->player, g->types[PIECE_TYPE(pos_piece_at(x->pos, end, h))].base, 1);
                pos_set_cell(x->pos, end, 0);
                x->captured = true;
                to = end;
            }
            for (int j = length - 1; j >= 0; j--) {
                pos_move_piece(x->pos, line[j], to);   /* (TO is empty) */
                cellset_add(&x->line, to);
                if (j > 0)
                    cellset_add(&x->pushed, to);
                to = line[j];
            }
            int moved_to = gen_step(x, s0, s);
            if (!anchored) {
                gen_path_push(x, PATH_FROM, s0);
                x->moved_type = PIECE_TYPE(x->pos->cells[moved_to]);
                if (x->pos->under)
                    x->anchor_level = pos_height(x->pos, moved_to) - 1;
            }
            gen_path_push(x, PATH_TO, moved_to);
            if (off)
                gen_path_push(x, PATH_CAPTURED, line[length]);
            x->anchor = x->last = moved_to;
            cellset_add(&x->visited, moved_to);
            x->applied++;
            gen_run_cont(x, k);
            x->pushed = old_pushed;
            x->line = old_line;
            restore(x, &saved);
        }
    }
}

/* The reserve's change for N's placement for OWNER, into C at *COUNT,
 * moving *HASH: none from the supply or an unlimited reserve. */
static inline void placement_stock(const position *p, const mnode *n, int owner, change *c, int *count,
                                   uint64_t *hash)
{
    int32_t stock = p->reserve[owner][n->type];
    if ((n->flags & MF_FROM_RESERVE) && stock >= 0) {
        c[(*count)++] = (change){ CHANGE_RESERVE, (uint8_t)owner, (uint16_t)n->type, stock, stock - 1 };
        *hash ^= pos_reserve_key(owner, n->type, stock) ^ pos_reserve_key(owner, n->type, stock - 1);
    }
}

/* Placements that end the turn, one on each of CELLS (all empty), recorded
 * from what they would change (what action_place does, as changes). */
static void place_direct(gen *x, const mnode *n, int owner, const cellset *cells, bool unique)
{
    const game *g = x->g;
    const position *p = x->pos;
    change c[2];
    int count = 0;
    uint64_t hash = p->hash;
    placement_stock(p, n, owner, c, &count, &hash);
    uint16_t code = PIECE_CODE(n->type, owner, 0);
    int path = x->path_length;
    bool keyed = (n->spec.flags & NF_KEYED) && !x->chance && x->mode != GEN_ATTACK;
    if (keyed) {
        if (x->stop || !gen_fresh(x, p->hash ^ KEYED_SALT))
            return;
        if (gen_counting(x)) {
            int found = cellset_count(cells, g->words);
            x->applied += found;
            gen_count(x, found);
            return;
        }
    }
    if (x->mode == GEN_SAMPLE && gen_records_unmade(x)) {
        /* all the placements drawn from at once: only one is built */
        if (x->stop)
            return;
        cellset fresh;
        int count_fresh = 0;
        if (unique || keyed) {  /* no two cells make one move */
            cellset_copy(&fresh, cells, g->words);
            count_fresh = cellset_count(cells, g->words);
            x->applied += count_fresh;
        } else {
            cellset_clear(&fresh, g->words);
            for (int cell = cellset_next(cells, -1, g->words); cell >= 0; cell = cellset_next(cells, cell, g->words)) {
                x->applied++;
                if (gen_fresh(x, hash ^ pos_piece_key(g, cell, code))) {
                    cellset_add(&fresh, cell);
                    count_fresh++;
                }
            }
        }
        int cell = cellset_nth(&fresh, gen_sample_batch(x, count_fresh), g->words);
        if (cell >= 0)
            store_placement(x, n, c, count, code, cell, hash);
        return;
    }
    for (int cell = cellset_next(cells, -1, g->words); cell >= 0 && !x->stop; cell = cellset_next(cells, cell, g->words)) {
        x->applied++;
        uint64_t placed = hash ^ pos_piece_key(g, cell, code);
        /* most placements are counted or passed over: built only when kept
         * (with dice, the key needs the whole path first) */
        if (!x->chance && !keyed && !gen_accept(x, placed))
            continue;
        c[count] = (change){ CHANGE_CELL, 0, (uint16_t)cell, 0, code };
        gen_path_push(x, PATH_DROP, cell);
        gen_path_push(x, PATH_CHANGE, n->type);
        if (x->chance)
            gen_emit(x, c, count + 1, placed);
        else
            gen_store(x, c, count + 1, placed);
        x->path_length = path;
    }
}

/* N's piece for OWNER is placed on CELL, and the turn goes on with K. */
static void place_at(gen *x, const mnode *n, int owner, int cell, const cont *k)
{
    saved_state saved;
    save(x, &saved);
    if (n->flags & MF_FROM_RESERVE)
        pos_add_reserve(x->pos, owner, n->type, -1);
    if (x->pos->under && x->pos->cells[cell]) {
        /* in a game of stacks, on top of the stack there */
        if (!pos_stack_push(x->pos, cell, PIECE_CODE(n->type, owner, 0))) {
            restore(x, &saved);
            return;
        }
    } else {
        pos_set_cell(x->pos, cell, PIECE_CODE(n->type, owner, 0));
    }
    x->anchor = x->last = cell;
    if (x->pos->under)
        x->anchor_level = pos_height(x->pos, cell) - 1;   /* the piece placed */
    gen_path_push(x, PATH_DROP, cell);
    gen_path_push(x, PATH_CHANGE, n->type);
    x->applied++;
    gen_run_cont(x, k);
    restore(x, &saved);
}

/* The capture pattern of K when the turn ends with it, and it is one a
 * placement's capture may be worked out for without being made: a straight
 * bulk pattern (pattern.bulk_straight) from the placed piece, whose
 * captures convert or remove (not into the reserve: a count changes too);
 * else -1. */
static inline int capture_direct(const gen *x, const cont *k)
{
    const game *g = x->g;
    if (!k || k->next || !gen_records_unmade(x) || g->capture == CAPTURE_RESERVE)
        return -1;
    const mnode *c = &g->nodes[k->node];
    if (c->op != M_CAPTURE || c->type < 0 || !g->patterns[c->type].spec.bulk_straight)
        return -1;
    return c->type;
}

/* N's piece for OWNER placed on CELL, then the captures of CAPTURE_PATTERN
 * from it (capture_direct), recorded as place_at and action_capture would
 * record them (the same changes, path and hash), without either being made:
 * the marks are the same before the placement (pattern.bulk_straight).  False,
 * nothing done, when the marks are not worked out at once or the list is
 * full, for place_at to make the move instead. */
static bool place_capture_direct(gen *x, const mnode *n, int owner, int cell, int capture_pattern)
{
    const game *g = x->g;
    const position *p = x->pos;
    move_list *out = x->out;
    cellset marks;
    int logged = p->log_length - x->turn_mark;     /* the turn's earlier actions' */
    if (!pattern_bulk_marks(x, capture_pattern, cell, MAX_MATCHES, &marks)
        || (out && out->change_count + logged + 2 + cellset_count(&marks, g->words) > MOVELIST_MAX_CHANGES))
        return false;
    /* written in place, after the logged ones (store sees it); counted
     * moves are told apart by their hash alone */
    change *c = gen_counting(x) || !out ? NULL : out->changes + out->change_count + logged;
    int count = 0, path = x->path_length;
    uint64_t hash = p->hash;
    change stock[1];
    placement_stock(p, n, owner, stock, &count, &hash);
    if (c && count)
        c[0] = stock[0];
    uint16_t code = PIECE_CODE(n->type, owner, 0);
    if (c)
        c[count] = (change){ CHANGE_CELL, 0, (uint16_t)cell, 0, code };
    count++;
    hash ^= pos_piece_key(g, cell, code);
    gen_path_push(x, PATH_DROP, cell);
    gen_path_push(x, PATH_CHANGE, n->type);
    bool captured = x->captured;
    for (int m = cellset_next(&marks, -1, g->words); m >= 0; m = cellset_next(&marks, m, g->words)) {
        /* what capture_cells and capture_at do to the cell */
        uint16_t was = p->cells[m], now = captured_code(x, was);
        if (!was || now == was)
            continue;
        if (c)
            c[count] = (change){ CHANGE_CELL, 0, (uint16_t)m, was, now };
        count++;
        hash ^= pos_piece_key(g, m, was) ^ pos_piece_key(g, m, now);
        gen_path_push(x, PATH_CAPTURED, m);
        x->captured = true;
    }
    x->applied += 2;
    gen_emit(x, c, c ? count : 0, hash);
    x->path_length = path;
    x->captured = captured;
    return true;
}

/* The owner of N's piece and the empty cells it may be placed on; false
 * when its reserve is empty. */
__attribute__((always_inline)) static inline bool placement_cells(gen *x, const mnode *n, int *owner,
                                                                  cellset *cells)
{
    const game *g = x->g;
    *owner = gen_player(x, n->player);
    if (*owner < 0)
        *owner = x->player;
    if ((n->flags & MF_FROM_RESERVE) && x->pos->reserve[*owner][n->type] == 0)
        return false;
    cellset filled;
    if (n->at >= 0)
        eval_set(x, n->at, cells);
    else
        cellset_fill(cells, g->board.cell_count);
    gen_occupied(x, &filled);
    cellset_and_not(cells, &filled, g->words);
    return true;
}

void action_place(gen *x, const mnode *n, const cont *k)
{
    const game *g = x->g;
    int owner;
    cellset cells;
    if (!placement_cells(x, n, &owner, &cells))
        return;
    bool unique = (n->spec.flags & NF_UNIQUE) && x->mode == GEN_SAMPLE && !x->sample_prefer && gen_records_unmade(x);
    if (direct(x, k)) {
        place_direct(x, n, owner, &cells, unique);
        return;
    }
    int capture_pattern = capture_direct(x, k);
    if (unique) {
        /* one move per cell, none the same: counted, and one drawn and made
         * (or recorded unmade: place_capture_direct) */
        int cell = cellset_nth(&cells, gen_sample_batch(x, cellset_count(&cells, g->words)), g->words);
        if (cell >= 0) {
            x->drawn = true;
            if (capture_pattern < 0 || !place_capture_direct(x, n, owner, cell, capture_pattern))
                place_at(x, n, owner, cell, k);
            x->drawn = false;
        }
        return;
    }
    for (int cell = cellset_next(&cells, -1, g->words); cell >= 0 && !x->stop; cell = cellset_next(&cells, cell, g->words))
        if (capture_pattern < 0 || !place_capture_direct(x, n, owner, cell, capture_pattern))
            place_at(x, n, owner, cell, k);
}

/* The drawn placement of N's piece for OWNER on one of the cells of FREE
 * (one word), written as OUT's only move (what place_direct and gen_store
 * do for a drawn placement, without their other cases); the number of
 * cells.  RNG NULL: the first cell. */
__attribute__((always_inline)) static inline int place_drawn_word(const game *g, const mnode *n, const position *p,
                                                                  move_list *out, int owner, uint64_t free, uint64_t *rng)
{
    int count = cellset_bits(free);
    if (!count)
        return 0;
    int drawn = count > 1 && rng ? (int)rng_below(rng, (uint32_t)count) : 0;
    int cell = __builtin_ctzll(word_after_bits(free, drawn));
    change *c = out->changes;
    uint64_t hash = p->hash;
    int changes = 0;
    placement_stock(p, n, owner, c, &changes, &hash);
    uint16_t code = PIECE_CODE(n->type, owner, 0);
    c[changes++] = (change){ CHANGE_CELL, 0, (uint16_t)cell, 0, code };
    out->path[0] = PATH_TOKEN(PATH_DROP, cell);
    out->path[1] = PATH_TOKEN(PATH_CHANGE, n->type);
    out->moves[0] = (move){ 0, changes, 0, 2, 0, hash ^ pos_piece_key(g, cell, code) };
    out->count = 1;
    out->change_count = changes;
    out->path_count = 2;
    return count;
}

int place_sample(gen *x, int node)
{
    const game *g = x->g;
    const mnode *n = &g->nodes[node];
    int owner;
    cellset cells;
    if (!placement_cells(x, n, &owner, &cells))
        return 0;
    x->node = node;
    if (g->words > 1) {
        place_direct(x, n, owner, &cells, true);
        return x->counted;
    }
    int count = place_drawn_word(g, n, x->pos, x->out, owner, cells.w[0], x->sample_rng);
    x->applied += count;
    x->counted = count;
    return count;
}

int place_sample_words(movegen *m, position *p, move_list *out, uint64_t *rng)
{
    const game *g = m->g;
    const mnode *n = &g->nodes[g->spec.place_turn];
    position_view v = { g, p, p->side, p->side };
    int owner = place_owner(&v, n);
    if ((n->flags & MF_FROM_RESERVE) && p->reserve[owner][n->type] == 0)
        return 0;
    return place_drawn_word(g, n, p, out, owner, place_words_cells(&v, n), rng);
}

/* The change of the piece on CELL (the anchor's when ANCHORED), a move for
 * each type; CHOSEN: the cell is one of several, written before the type
 * ("c4=Q"). */
static void change_at(gen *x, const mnode *n, int cell, bool anchored, bool chosen, const cont *k)
{
    if (cell < 0 || !x->pos->cells[cell])
        return;
    int under = n->flags & MF_UNDER ? pos_height(x->pos, cell) - 2 : -1;
    if ((n->flags & MF_UNDER) && under < 0)
        return;
    anchored = anchored && under < 0;
    uint16_t code = anchored ? gen_anchor_piece(x) : under >= 0 ? pos_piece_at(x->pos, cell, under)
                                                                 : x->pos->cells[cell];
    for (int i = 0; i < 4 && n->types[i] >= 0 && !x->stop; i++) {
        if (n->types[i] == PIECE_TYPE(code))
            continue;
        saved_state saved;
        save(x, &saved);
        uint16_t changed = PIECE_CODE(n->types[i], PIECE_OWNER(code), PIECE_FLAGS(code));
        if (anchored)
            gen_set_anchor_piece(x, changed);
        else if (under >= 0)
            pos_stack_set(x->pos, cell, under, changed);
        else
            pos_set_cell(x->pos, cell, changed);
        if (chosen)
            gen_path_push(x, PATH_FROM, cell);
        /* a piece under a top changed one way only is not written: the
         * move says it without (Tak's flattening wall) */
        if (under < 0 || n->types[1] >= 0 || chosen)
            gen_path_push(x, PATH_CHANGE, n->types[i]);
        x->applied++;
        gen_run_cont(x, k);
        restore(x, &saved);
    }
}

void action_change(gen *x, const mnode *n, const cont *k)
{
    /* the anchor piece (in a game of stacks, the one chosen: gen.anchor_level),
     * or the piece on the first cell of AT (with MF_ONE, `change one of
     * CELLS`, each piece there, a move each); with MF_UNDER (change under
     * CELLS) the piece under that cell's top */
    if (n->at < 0) {
        change_at(x, n, x->anchor, true, false, k);
        return;
    }
    cellset s;
    eval_set(x, n->at, &s);
    if (!(n->flags & MF_ONE)) {
        change_at(x, n, gen_first_cell(x, &s), false, false, k);
        return;
    }
    for (int cell = cellset_next(&s, -1, x->g->words); cell >= 0 && !x->stop; cell = cellset_next(&s, cell, x->g->words))
        change_at(x, n, cell, false, true, k);
}

void action_flip(gen *x, const mnode *n, const cont *k)
{
    const game *g = x->g;
    cellset cells;
    if (n->at >= 0)
        eval_set(x, n->at, &cells);
    else
        cells = x->marked;
    int owner = n->player ? gen_player(x, n->player) : x->player;
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
    gen_run_cont(x, k);
    restore(x, &saved);
}

static void capture_cells(gen *x, const cellset *cells, bool top_only, const cont *k)
{
    const game *g = x->g;
    saved_state saved;
    save(x, &saved);
    for (int cell = cellset_next(cells, -1, g->words); cell >= 0; cell = cellset_next(cells, cell, g->words)) {
        uint16_t code = x->pos->cells[cell];
        /* (converting a piece that is already the mover's changes nothing) */
        if (!code || captured_code(x, code) == code)
            continue;
        if (!capture_at(x, cell, top_only)) {
            restore(x, &saved);
            return;
        }
        gen_path_push(x, PATH_CAPTURED, cell);
    }
    x->applied++;
    gen_run_cont(x, k);
    restore(x, &saved);
}

void action_capture(gen *x, const mnode *n, const cont *k)
{
    cellset cells;
    if (n->type >= 0 && x->g->patterns[n->type].spec.bulk
        && pattern_bulk_marks(x, n->type, x->anchor, MAX_MATCHES, &cells)) {
        /* the same cells, without recording each match */
    } else if (n->type >= 0) {
        match matches[MAX_MATCHES];
        int count = eval_pattern_matches(x, n->type, x->anchor, matches, MAX_MATCHES, false);
        cellset_clear(&cells, x->g->words);
        for (int i = 0; i < count && i < MAX_MATCHES; i++)
            cellset_or(&cells, &matches[i].marks, x->g->words);
    } else if (n->at >= 0) {
        eval_set(x, n->at, &cells);
    } else {
        cells = x->marked;
    }
    if (!(n->flags & MF_ONE)) {
        capture_cells(x, &cells, (n->flags & MF_TOP) != 0, k);
        return;
    }
    /* capture one of CELLS: a move for each piece there */
    const game *g = x->g;
    for (int cell = cellset_next(&cells, -1, g->words); cell >= 0 && !x->stop;
         cell = cellset_next(&cells, cell, g->words)) {
        uint16_t code = x->pos->cells[cell];
        if (!code || captured_code(x, code) == code)
            continue;
        cellset one;
        cellset_clear(&one, g->words);
        cellset_add(&one, cell);
        capture_cells(x, &one, (n->flags & MF_TOP) != 0, k);
    }
}

void action_remove(gen *x, const mnode *n, const cont *k)
{
    const game *g = x->g;
    cellset cells;
    eval_set(x, n->at, &cells);
    saved_state saved;
    if (n->flags & MF_ONE) {
        /* remove one of CELLS: a move for each piece there, written as
         * taken ("xc4") */
        for (int cell = cellset_next(&cells, -1, g->words); cell >= 0 && !x->stop;
             cell = cellset_next(&cells, cell, g->words)) {
            if (!x->pos->cells[cell])
                continue;
            save(x, &saved);
            pos_set_cell(x->pos, cell, 0);
            gen_path_push(x, PATH_CAPTURED, cell);
            x->applied++;
            gen_run_cont(x, k);
            restore(x, &saved);
        }
        return;
    }
    save(x, &saved);
    for (int cell = cellset_next(&cells, -1, g->words); cell >= 0; cell = cellset_next(&cells, cell, g->words))
        pos_set_cell(x->pos, cell, 0);
    x->applied++;
    gen_run_cont(x, k);
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
        gen_run(x, effect, k);
    else
        capture_cells(x, &m->marks, false, k);
    x->marked = saved_marked;
    for (int l = 0; l < MATCH_LABELS; l++)
        x->labels[l] = saved_labels[l];
}

void action_apply(gen *x, const mnode *n, const cont *k)
{
    if (n->type < 0)
        return;
    match matches[MAX_MATCHES];
    int count = eval_pattern_matches(x, n->type, x->anchor, matches, MAX_MATCHES, false);
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
        gen_run(x, effect, k);
    else
        capture_cells(x, &x->marked, false, k);
    x->marked = saved_marked;
}

void action_roll(gen *x, const mnode *n, const cont *k)
{
    for (int face = 1; face <= n->type && !x->stop; face++) {
        int path = x->path_length;
        bool chance = x->chance;
        saved_state saved;
        save(x, &saved);
        gen_path_push(x, PATH_ROLL, face);
        x->chance = true;
        if (n->value >= 0)
            pos_set_var(x->pos, gen_var(x, n->value), face);
        gen_run_cont(x, k);
        restore(x, &saved);
        x->chance = chance;
        x->path_length = path;
    }
}

void action_set(gen *x, const mnode *n, const cont *k)
{
    if (n->type < 0)
        return;
    int32_t value = set_value(x, n);
    saved_state saved;
    save(x, &saved);
    pos_set_var(x->pos, gen_var(x, n->type), value);
    x->applied++;
    gen_run_cont(x, k);
    restore(x, &saved);
}

void action_set_flag(gen *x, const mnode *n, const cont *k)
{
    uint16_t code = gen_anchor_piece(x);
    if (!code)
        return;
    saved_state saved;
    save(x, &saved);
    gen_set_anchor_piece(x, PIECE_CODE(PIECE_TYPE(code), PIECE_OWNER(code), PIECE_FLAGS(code) | (1u << n->type)));
    x->applied++;
    gen_run_cont(x, k);
    restore(x, &saved);
}

/* The stack on FROM to TO, then the rest of the turn K: onto an empty
 * cell, or in a game of stacks onto the stack there (UNDER: under it).
 * The anchor follows its own stack (gen.anchor_level counting the pieces
 * that come under it).  CHOSEN: FROM or TO is one of several, each a move
 * of its own. */
static void relocate_one(gen *x, int from, int to, bool under, bool chosen, const cont *k)
{
    position *p = x->pos;
    if (from == to || !p->cells[from] || (p->cells[to] && !p->under))
        return;
    saved_state saved;
    save(x, &saved);
    int moving = pos_height(p, from), there = pos_height(p, to);
    /* written when the move is about it (a choice, or in a game of stacks a
     * stack moved): the rook of castling, where it must go, is not */
    if (chosen || p->under) {
        gen_path_push(x, PATH_FROM, from);
        gen_path_push(x, !there ? PATH_TO : under ? PATH_UNDER : PATH_ONTO, to);
    }
    if (!there) {
        pos_move_piece(p, from, to);
    } else {
        for (int i = 0; i < moving; i++) {
            /* under: from the top of FROM down, each at the bottom of TO */
            uint16_t code = pos_piece_at(p, from, under ? moving - 1 - i : i);
            if (!(under ? pos_stack_put_under(p, to, code) : pos_stack_push(p, to, code))) {
                restore(x, &saved);
                return;
            }
        }
        pos_set_cell(p, from, 0);
    }
    if (from == x->anchor) {
        x->anchor = to;
        if (x->anchor_level >= 0 && !under)
            x->anchor_level += there;
    } else if (to == x->anchor && under && x->anchor_level >= 0) {
        x->anchor_level += moving;
    }
    x->applied++;
    gen_run_cont(x, k);
    restore(x, &saved);
}

void action_relocate(gen *x, const mnode *n, const cont *k)
{
    const game *g = x->g;
    cellset a, b;
    eval_set(x, n->at, &a);
    eval_set(x, n->target, &b);
    /* the first cell of each set, or (`one of`) each cell a move */
    for (int from = gen_first_cell(x, &a); from >= 0 && !x->stop;
         from = (n->flags & MF_ONE) ? cellset_next(&a, from, g->words) : -1)
        for (int to = gen_first_cell(x, &b); to >= 0 && !x->stop;
             to = (n->flags & MF_ONE_TARGET) ? cellset_next(&b, to, g->words) : -1)
            relocate_one(x, from, to, (n->flags & MF_UNDER) != 0, (n->flags & (MF_ONE | MF_ONE_TARGET)) != 0, k);
}

void action_sow(gen *x, const mnode *n, const cont *k)
{
    const game *g = x->g;
    position *p = x->pos;
    const dlist *d = gen_directions(x, n->directions);
    if (!d || d->count[x->player] == 0)
        return;
    const dstep *way = &d->steps[x->player][0];
    set_tester target;
    set_tester_init(&target, n->target);
    cellset from;
    eval_set(x, n->at, &from);
    for (int cell = cellset_next(&from, -1, g->words); cell >= 0 && !x->stop;
         cell = cellset_next(&from, cell, g->words)) {
        int height = pos_height(p, cell);
        if (!height)
            continue;
        uint16_t pieces[GAME_MAX_STACK];
        for (int i = 0; i < height; i++)
            pieces[i] = pos_piece_at(p, cell, i);
        saved_state saved;
        save(x, &saved);
        pos_set_cell(p, cell, 0);
        int at = cell;
        bool sown = true;
        for (int i = 0; i < height && sown; i++) {
            /* the next cell of the way that takes a piece: at most a
             * round of the board, or none (a way with no such cell) */
            int steps = 0;
            do
                at = gen_step(x, at, way);
            while (at >= 0 && ++steps <= g->board.cell_count && n->target >= 0 && !set_tester_has(x, &target, at));
            sown = at >= 0 && steps <= g->board.cell_count && pos_stack_push(p, at, pieces[i]);
        }
        if (sown) {
            x->anchor = x->last = at;
            if (p->under)
                x->anchor_level = pos_height(p, at) - 1;
            gen_path_push(x, PATH_FROM, cell);
            gen_path_push(x, PATH_TO, at);
            x->applied++;
            gen_run_cont(x, k);
        }
        restore(x, &saved);
    }
}

/* A carry under way: the pieces in hand (bottom first) and how many each
 * cell passed so far took. */
typedef struct carry_walk {
    const mnode *n;
    const cont *k;
    const dstep *way;
    int origin, count, cells;
    uint16_t hand[GAME_MAX_STACK];
    int drops[GAME_MAX_STACK];
} carry_walk;

/* Puts COUNT pieces of HAND on CELL's stack, the first lowest; false
 * when the stack would be higher than the game allows. */
static bool carry_drop(position *p, int cell, const uint16_t *hand, int count)
{
    for (int i = 0; i < count; i++)
        if (!pos_stack_push(p, cell, hand[i]))
            return false;
    return true;
}

/* The drops of the pieces in hand from NEXT on, on the cells after AT. */
static void carry_on(gen *x, carry_walk *w, int at, int next)
{
    int cell = gen_step(x, at, w->way);
    /* off the board, or a way round that comes back to the start */
    if (cell < 0 || cell == w->origin)
        return;
    const mnode *n = w->n;
    int left = w->count - next;
    saved_state saved;
    /* the rest of the pieces here, the last cell */
    if ((!(n->flags & MF_ALONE) || left == 1) && (n->target < 0 || eval_has(x, n->target, cell))) {
        save(x, &saved);
        if (carry_drop(x->pos, cell, w->hand + next, left)) {
            w->drops[w->cells] = left;
            x->anchor = x->last = cell;
            x->anchor_level = pos_height(x->pos, cell) - 1;
            gen_path_push(x, PATH_CARRY, w->count);
            gen_path_push(x, PATH_TO, cell);
            if (w->cells > 0)
                for (int i = 0; i <= w->cells; i++)
                    gen_path_push(x, PATH_DROPS, w->drops[i]);
            x->applied++;
            gen_run_cont(x, w->k);
        }
        restore(x, &saved);
    }
    /* some of them here, and on */
    int over = n->over >= 0 ? n->over : n->target;
    if (left < 2 || (over >= 0 && !eval_has(x, over, cell)))
        return;
    for (int d = 1; d < left && !x->stop; d++) {
        save(x, &saved);
        if (carry_drop(x->pos, cell, w->hand + next, d)) {
            w->drops[w->cells++] = d;
            carry_on(x, w, cell, next + d);
            w->cells--;
        }
        restore(x, &saved);
    }
}

void action_carry(gen *x, const mnode *n, const cont *k)
{
    position *p = x->pos;
    int from = x->anchor;
    const dlist *d = gen_directions(x, n->directions);
    if (from < 0 || !d || !p->cells[from])
        return;
    int height = pos_height(p, from);
    int most = n->max > 0 && n->max < height ? n->max : height;
    carry_walk w = { .n = n, .k = k, .origin = from };
    for (int count = 1; count <= most && !x->stop; count++) {
        w.count = count;
        for (int i = 0; i < count; i++)
            w.hand[i] = pos_piece_at(p, from, height - count + i);
        saved_state saved;
        save(x, &saved);
        for (int i = 0; i < count; i++)
            pos_stack_pop(p, from);
        for (int i = 0; i < d->count[x->player] && !x->stop; i++) {
            w.way = &d->steps[x->player][i];
            w.cells = 0;
            carry_on(x, &w, from, 0);
        }
        restore(x, &saved);
    }
}
