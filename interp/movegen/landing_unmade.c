/* landing_unmade: a landing that ends the turn, in a game with a legality
 * filter, recorded without being made when it cannot break the filter.
 *
 * In chess every landing was made, its after-rules applied (the cell a
 * pawn skipped, the flag of a king or rook that moved), the filter tested
 * and the landing taken back: most of a move's cost.  When the turn began
 * with the filter holding in a way a quiet move keeps (quiet_turn in
 * movegen.c: no piece attacks the king, and none with captures that are
 * not rays is near it), what the landing and its after-rules would change
 * is worked out as changes, from the position as it is, and tested as
 * quiet_move tests a made move.  Where rays answer for attacks (a ray's
 * target a test of the cell's piece), a landing in the zone is tested too:
 * along the lines through the cell it leaves (a pin), and, for the king
 * itself, along every line through where it lands; one found illegal is
 * dropped.  A turn that begins with the king attacked along a line
 * (x->legal_check) is looked at the same way, with the zone the whole
 * board and the king looked at along every line, so that a landing that
 * blocks the line or takes the piece on it is found legal without being
 * made.  Only a landing the tests cannot tell is made.  It needs
 * after-rules whose every read of the position after the landing can be
 * answered from the piece that landed (game.landing_unmade, worked out at
 * load time).  While movegen_sample draws, select.c asks landing_verdict
 * which landings are legal (most need no look at all; the king's and a
 * pinned piece's are looked at without building their changes), and
 * builds only the one it draws. */
#include "movegen/landing_unmade.h"

#include "game/attack_tables.h"
#include "movegen/actions.h"
#include "movegen/cell_program.h"
#include "movegen/eval.h"
#include "movegen/landing.h"
#include "movegen/movegen_internal.h"
#include "movegen/rays.h"

/* Whether CELL would be in the cell test E (by_content) holding CODE. */
__attribute__((always_inline)) static inline bool holds(const gen *x, int e, int cell, uint16_t code)
{
    const cexpr *c = &x->g->exprs[e];
    if (c->spec.content >= 0)
        return content_holds(x, c, cell, code);
    return code && PIECE_TYPE(code) == c->value;
}

/* The after-rules (apply_after_actions) for the landing MOVED, as changes
 * appended to C (*N of them), moving *HASH; the landed piece's code in
 * MOVED follows them.  With C NULL only that code: no change, hash, path
 * or count (after_code). */
__attribute__((always_inline)) static inline void after_rules(gen *x, cell_landing *moved, change *c, int *n,
                                                             uint64_t *hash)
{
    const game *g = x->g;
    const position *p = x->pos;
    for (int i = 0; i < g->spec.after_action_count; i++) {
        const mnode *a = &g->nodes[g->spec.after_actions[i]];
        if (a->op == M_GUARD) {
            if (holds(x, g->exprs[a->cond].b, moved->to, moved->code) == ((a->flags & MF_NEGATE) != 0))
                continue;
            a = &g->nodes[a->a];
        }
        uint16_t code = moved->code, changed = code;
        switch (a->op) {
        case M_SET_VAR: {
            if (a->type < 0 || !c)
                continue;
            const cexpr *e = &g->exprs[a->value];
            int32_t old = p->vars[a->type], value = e->op == C_SET_HERE || e->op == C_SET_LAST ? moved->to
                                                  : e->op == C_SET_ORIGIN ? x->origin
                                                  : cell_program_landed_quick(g, x, e->spec.cell_program, moved);
            if (value != old) {
                c[(*n)++] = (change){ CHANGE_VAR, 0, (uint16_t)a->type, old, value };
                *hash ^= pos_var_key(a->type, old) ^ pos_var_key(a->type, value);
            }
            break;
        }
        case M_SET_FLAG:
            changed = PIECE_CODE(PIECE_TYPE(code), PIECE_OWNER(code), PIECE_FLAGS(code) | (1u << a->type));
            break;
        case M_CHANGE:
            if (a->types[0] == PIECE_TYPE(code))
                continue;
            changed = PIECE_CODE(a->types[0], PIECE_OWNER(code), PIECE_FLAGS(code));
            if (c)
                gen_path_push(x, PATH_CHANGE, a->types[0]);
            break;
        default:
            continue;
        }
        if (changed != code) {
            if (c) {
                c[(*n)++] = (change){ CHANGE_CELL, 0, (uint16_t)moved->to, code, changed };
                *hash ^= pos_piece_key(g, moved->to, code) ^ pos_piece_key(g, moved->to, changed);
            }
            moved->code = changed;
        }
        if (c)
            x->applied++;
    }
}

static void after_changes(gen *x, cell_landing *moved, change *c, int *n, uint64_t *hash)
{
    after_rules(x, moved, c, n, hash);
}

/* The code of the piece that landed as MOVED, after the after-rules. */
static uint16_t after_code(gen *x, cell_landing moved)
{
    after_rules(x, &moved, NULL, NULL, NULL);
    return moved.code;
}

/* VERDICT, with CELL of E looked at along the lines of Y's player (all
 * lines, EVERY, or those through the cell MOVED left). */
static inline int look(gen *y, int cell, const cell_landing *moved, bool every, int verdict)
{
    uint32_t near = gen_reaching(y->g, y->pos, y->player, cell);
    int hit = near ? attack_rays_hit_moved(y, cell, near, moved, every) : RAYS_MISS;
    return hit == RAYS_HIT ? FILTER_FAILS : hit == RAYS_UNKNOWN ? FILTER_UNKNOWN : verdict;
}

/* Whether after the landing MOVED, not made, a cell of E (the filter's
 * set: its cells as they were, less those in LEFT, and JOINED, a cell that
 * joined it, or -1) is attacked by another player.  Only lines through the
 * cell the piece left can open onto the cells that stayed (a piece that
 * lands only blocks, or takes); the cell that joined is looked at along
 * every line, and must have no piece near with captures that are not rays. */
static int attacked_after(const gen *x, const cell_landing *moved, const cellset *left, int joined)
{
    const game *g = x->g;
    const position *p = x->pos;
    int verdict = FILTER_HOLDS;
    for (int a = 0; a < g->player_count; a++) {
        if (a == x->player)
            continue;
        gen y;
        gen_for_rays(&y, x, a);
        for (int cell = cellset_next(&x->legal_cells, -1, g->words); cell >= 0;
             cell = cellset_next(&x->legal_cells, cell, g->words)) {
            if (!cellset_has(left, cell)
                && (verdict = look(&y, cell, moved, x->legal_check, verdict)) == FILTER_FAILS)
                return FILTER_FAILS;
        }
        if (joined < 0)
            continue;
        if ((verdict = look(&y, joined, moved, true, verdict)) == FILTER_FAILS)
            return FILTER_FAILS;
        if (attack_residual_near(g, p->typed, &p->owned[a], a, joined))
            verdict = FILTER_UNKNOWN;   /* a capture that is not a ray may reach it */
    }
    return verdict;
}

/* The filter after the landing MOVED, not made, with the changes C (after
 * which MOVED->to holds MOVED->code and the other cells they change are
 * empty): quiet_move's test, or, when rays answer for the lines
 * (game.rays_cell_tests), what the changes in the zone may have opened. */
static int filter_after(const gen *x, const change *c, int n, const cell_landing *moved)
{
    const game *g = x->g;
    bool lines = false;
    int joined = -1;
    cellset left;
    cellset_clear(&left, g->words);
    for (int i = 0; i < n; i++) {
        if (c[i].kind != CHANGE_CELL)
            continue;
        int cell = c[i].index;
        uint16_t after = (uint16_t)c[i].after, final = cell == moved->to ? moved->code : 0;
        if (after && PIECE_OWNER(after) != x->player)
            return FILTER_UNKNOWN;
        if (cellset_has(&x->legal_zone, cell)) {
            if (!g->spec.rays_cell_tests)
                return FILTER_UNKNOWN;
            lines = true;
        }
        bool may = after ? (g->spec.quiet_attacked_types >> PIECE_TYPE(after)) & 1 : g->spec.quiet_attacked_empty;
        bool in_e = may && holds(x, g->spec.quiet_attacked, cell, final);
        if (cellset_has(&x->legal_cells, cell) && !in_e)
            cellset_add(&left, cell);
        if (in_e && !cellset_has(&x->legal_cells, cell)) {
            if (!g->spec.rays_cell_tests || (joined >= 0 && joined != cell))
                return FILTER_UNKNOWN;
            joined = cell;
            lines = true;
        }
    }
    return lines ? attacked_after(x, moved, &left, joined) : FILTER_HOLDS;
}

/* The anchor piece's landing on TO, then the after-rules when AFTER, not
 * made: its changes into C (NULL: only the hash, no path), the hash after
 * them in *HASH, the piece that landed in *MOVED; their number. */
__attribute__((always_inline)) static inline int unmade_changes(gen *x, int to, bool after, change *c, uint64_t *hash,
                                                             cell_landing *moved)
{
    int n = landing_changes(x, to, false, c, hash);
    *moved = (cell_landing){ x->anchor, to, x->pos->cells[x->anchor] };
    if (after) {
        change rules[GAME_MAX_AFTER_LANDING];
        int ruled = 0;
        after_changes(x, moved, c ? c : rules, c ? &n : &ruled, hash);
    }
    return n;
}

int landing_unmade_changes(gen *x, int to, bool after, change *c, uint64_t *hash)
{
    cell_landing moved;
    return unmade_changes(x, to, after, c, hash, &moved);
}

/* The hash after that landing; the piece on TO then in *CODE. */
static uint64_t unmade_hash(gen *x, int to, bool after, uint16_t *code)
{
    int path = x->path_length;
    bool captured = x->captured;
    uint64_t hash;
    cell_landing moved;
    unmade_changes(x, to, after, NULL, &hash, &moved);
    x->path_length = path;
    x->captured = captured;
    *code = moved.code;
    return hash;
}

uint64_t landing_unmade_hash(gen *x, int from, int to, bool after)
{
    int anchor = x->anchor, origin = x->origin, last = x->last, moved_type = x->moved_type;
    long applied = x->applied;
    x->anchor = x->origin = x->last = from;
    x->moved_type = PIECE_TYPE(x->pos->cells[from]);
    uint16_t code;
    uint64_t hash = unmade_hash(x, to, after, &code);
    x->anchor = anchor;
    x->origin = origin;
    x->last = last;
    x->moved_type = moved_type;
    x->applied = applied;
    return hash;
}

int landing_verdict(gen *x, int to, bool after, uint64_t *hash)
{
    const game *g = x->g;
    int from = x->anchor;
    /* (the cell left, outside the zone, is not one of the set's: it must
     * not join it) */
    bool lines = cellset_has(&x->legal_zone, from) || cellset_has(&x->legal_zone, to)
                 || (g->spec.quiet_attacked_empty && holds(x, g->spec.quiet_attacked, from, 0));
    if (lines && !g->spec.rays_cell_tests)
        return FILTER_UNKNOWN;
    long applied = x->applied;
    /* (without HASH, game.landing_quiet_cells: the after-rules change no
     * type, and the tests below read no more of a piece) */
    uint16_t code = x->pos->cells[from], victim = x->pos->cells[to];
    if (hash)
        *hash = unmade_hash(x, to, after, &code);
    /* filter_after's tests of the cell landed on, when the landing changes
     * no cell of the zone: the piece there is the mover's, and not one of
     * the attacked set's */
    if (!lines && PIECE_OWNER(code) == x->player
        && !(((g->spec.quiet_attacked_types >> PIECE_TYPE(code)) & 1) && holds(x, g->spec.quiet_attacked, to, code)))
        return FILTER_HOLDS;
    /* else filter_after's look along the lines, from the two cells the
     * landing changes (the after-rules change only the one landed on) */
    if (!g->spec.rays_cell_tests) {
        x->applied = applied;
        return FILTER_UNKNOWN;
    }
    cell_landing moved = { from, to, code };
    if (!hash && after)
        moved.code = after_code(x, moved);
    change c[2] = { { CHANGE_CELL, 0, (uint16_t)from, x->pos->cells[from], 0 },
                    { CHANGE_CELL, 0, (uint16_t)to, victim, moved.code } };
    int verdict = filter_after(x, c, 2, &moved);
    if (verdict == FILTER_UNKNOWN)
        x->applied = applied;
    return verdict;
}

bool land_unmade(gen *x, int to, bool after)
{
    /* without rays for the lines, a landing in the zone is made */
    if (!x->g->spec.rays_cell_tests && (cellset_has(&x->legal_zone, x->anchor) || cellset_has(&x->legal_zone, to)))
        return false;
    int path = x->path_length;
    bool captured = x->captured;
    long applied = x->applied;
    change c[LANDING_UNMADE_CHANGES];
    uint64_t hash;
    cell_landing moved;
    int n = unmade_changes(x, to, after, c, &hash, &moved);
    int verdict = filter_after(x, c, n, &moved);
    if (verdict == FILTER_HOLDS && !x->stop) {
        x->known_legal = true;
        gen_emit(x, c, n, hash);
        x->known_legal = false;
    }
    if (verdict == FILTER_UNKNOWN)
        x->applied = applied;   /* to be made instead */
    x->path_length = path;
    x->captured = captured;
    return verdict != FILTER_UNKNOWN;
}
