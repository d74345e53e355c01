/* eval: cell sets, numbers and conditions from compiled expressions, and
 * pattern matching, on the position as a turn has left it so far. */
#include "movegen/eval.h"

#include <stdlib.h>
#include <string.h>

#include "game/shifts.h"
#include "movegen/cell_program.h"
#include "movegen/movegen_internal.h"
#include "movegen/pattern_bulk.h"

/* --- players */



/* --- steps */




/* --- cell sets */







/* adjacent(FROM, D) a direction at a time, where every step of D is a
 * board direction that is an index offset; false (OUT untouched) if not. */
static bool adjacent_by_shifts(const gen *x, const dlist *d, const cellset *from, cellset *out)
{
    const game *g = x->g;
    int count = d ? d->count[x->player] : g->board.direction_count;
    for (int i = 0; i < count; i++) {
        int dir = i;
        if (d) {
            const dstep *s = &d->steps[x->player][i];
            if (s->kind != STEP_DIRECTION)
                return false;
            dir = s->direction;
        }
        if (!g->spec.shift_valid[dir])
            return false;
    }
    for (int i = 0; i < count; i++) {
        cellset part;
        shift_forward(g, d ? d->steps[x->player][i].direction : i, from, &part);
        cellset_or(out, &part, g->words);
    }
    return true;
}

bool eval_has(gen *x, int e, int cell)
{
    if (cell < 0)
        return false;
    const game *g = x->g;
    const position *p = x->pos;
    const cexpr *c = &g->exprs[e];
    uint16_t code = p->cells[cell];
    if (c->spec.content >= 0)        /* a table by the piece's type and owner */
        return eval_content_has(x, c, cell);
    /* cell_test is set only for the cases below whose operands have it */
    switch (c->spec.cell_test ? c->op : -1) {
    case C_SET_CONST: return cellset_has(&g->sets[c->value], cell);
    case C_SET_REGION: return cellset_has(gen_region(x, c), cell);
    case C_SET_EMPTY: return !code;
    case C_SET_OCCUPIED: return code != 0;
    case C_SET_FRIEND: return code && PIECE_OWNER(code) == x->player;
    case C_SET_ENEMY: return code && PIECE_OWNER(code) != x->player;
    case C_SET_ALL: return true;
    case C_SET_TYPE: return code && PIECE_TYPE(code) == c->value;
    case C_SET_OWNER: case C_SET_PIECES: {
        int q = gen_player(x, c->player);
        return code && (q < 0 || PIECE_OWNER(code) == q)
               && (c->op != C_SET_PIECES || c->value < 0 || PIECE_TYPE(code) == c->value);
    }
    case C_SET_KIN: return code && ((c->value >> (x->player * 4 + PIECE_OWNER(code))) & 1);
    case C_SET_HERE: return cell == x->anchor;
    case C_SET_ORIGIN: return cell == x->origin;
    case C_SET_LAST: return cell == x->last;
    case C_SET_LAST_JUMPED: return cell == x->last_jumped;
    case C_SET_UNION: return eval_has(x, c->a, cell) || eval_has(x, c->b, cell);
    case C_SET_INTERSECT: return eval_has(x, c->a, cell) && eval_has(x, c->b, cell);
    case C_SET_MINUS: return eval_has(x, c->a, cell) && !eval_has(x, c->b, cell);
    default: {
        cellset s;      /* the whole set, then the cell */
        eval_set(x, e, &s);
        return cellset_has(&s, cell);
    }
    }
}

/* For the stack tests (C_SET_STACKED, _HOLDING, _FLAGGED, _BOTTOM): whether
 * the stack on the occupied CELL passes C, Q the player it names (-1:
 * anyone's). */
static bool stack_passes(const position *p, const cexpr *c, int q, int cell)
{
    switch (c->op) {
    case C_SET_STACKED:
        return p->under && p->depth[cell];
    case C_SET_FLAGGED:     /* (tops: the pieces under keep no flags) */
        return (PIECE_FLAGS(p->cells[cell]) & (1u << c->value)) != 0;
    case C_SET_BOTTOM: {
        uint16_t code = pos_piece_at(p, cell, 0);
        return PIECE_TYPE(code) == c->value && (q < 0 || PIECE_OWNER(code) == q);
    }
    default:                /* C_SET_HOLDING: a piece at any height */
        for (int i = pos_height(p, cell) - 1; i >= 0; i--) {
            uint16_t code = pos_piece_at(p, cell, i);
            if (PIECE_TYPE(code) == c->value && (q < 0 || PIECE_OWNER(code) == q))
                return true;
        }
        return false;
    }
}

void eval_set_walk(gen *x, int e, cellset *out)
{
    const game *g = x->g;
    int words = g->words;
    const cexpr *c = &g->exprs[e];
    if (c->spec.cell_program >= 0) {     /* at most one cell, followed (no word program then) */
        gen_single(x, out, cell_program_run(x, c->spec.cell_program));
        return;
    }
    cellset other;
    switch (c->op) {
    case C_SET_CONST:
        cellset_copy(out, &g->sets[c->value], words);
        return;
    case C_SET_REGION:
        cellset_copy(out, gen_region(x, c), words);
        return;
    case C_SET_EMPTY:
        gen_occupied(x, &other);
        cellset_fill(out, g->board.cell_count);
        cellset_and_not(out, &other, words);
        return;
    case C_SET_OCCUPIED:
        gen_occupied(x, out);
        return;
    case C_SET_FRIEND:
        cellset_copy(out, &x->pos->owned[x->player], words);
        return;
    case C_SET_ENEMY:
        gen_occupied(x, out);
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
        int p = gen_player(x, c->player);
        if (p < 0)
            gen_occupied(x, out);
        else
            cellset_copy(out, &x->pos->owned[p], words);
        if (c->op == C_SET_PIECES && c->value >= 0)
            cellset_and(out, &x->pos->typed[c->value], words);
        return;
    }
    case C_SET_KIN:
        cellset_clear(out, words);
        for (int q = 0; q < g->player_count; q++)
            if ((c->value >> (x->player * 4 + q)) & 1)
                cellset_or(out, &x->pos->owned[q], words);
        return;
    case C_SET_HERE: gen_single(x, out, x->anchor); return;
    case C_SET_ORIGIN: gen_single(x, out, x->origin); return;
    case C_SET_LAST: gen_single(x, out, x->last); return;
    case C_SET_LAST_JUMPED: gen_single(x, out, x->last_jumped); return;
    case C_SET_ANCHOR: gen_single(x, out, x->pattern_anchor >= 0 ? x->pattern_anchor : x->anchor); return;
    case C_SET_JUMPED: cellset_copy(out, &x->jumped, words); return;
    case C_SET_PUSHED: cellset_copy(out, &x->pushed, words); return;
    case C_SET_MARKED: cellset_copy(out, &x->marked, words); return;
    case C_SET_LINE: cellset_copy(out, &x->line, words); return;
    case C_SET_LABEL: cellset_copy(out, &x->labels[c->value], words); return;
    case C_SET_VAR: gen_single(x, out, x->pos->vars[gen_var(x, c->value)]); return;
    case C_SET_UNION:
        eval_set(x, c->a, out);
        eval_set(x, c->b, &other);
        cellset_or(out, &other, words);
        return;
    case C_SET_INTERSECT:
        eval_set(x, c->a, out);
        if (cellset_empty(out, words))
            return;
        eval_set(x, c->b, &other);
        cellset_and(out, &other, words);
        return;
    case C_SET_MINUS:
        eval_set(x, c->a, out);
        if (cellset_empty(out, words))
            return;
        eval_set(x, c->b, &other);
        cellset_and_not(out, &other, words);
        return;
    case C_SET_ADJACENT:
    case C_SET_SIGHT: {
        if (c->spec.sight_shifts) {
            /* each line at once, from a table of rays (sight_all);
             * from where the piece stands, without a set for it */
            const dlist *d = &g->dlists[c->value];
            const dstep *steps = d->steps[x->player];
            int count = d->count[x->player];
            cellset_clear(out, words);
            if (g->exprs[c->a].op == C_SET_HERE) {
                if (x->anchor >= 0)
                    sight_all(g, steps, count, x->anchor, &x->pos->occupied, out);
                return;
            }
            cellset from;
            eval_set(x, c->a, &from);
            for (int cell = cellset_next(&from, -1, words); cell >= 0; cell = cellset_next(&from, cell, words))
                sight_all(g, steps, count, cell, &x->pos->occupied, out);
            return;
        }
        cellset from;
        eval_set(x, c->a, &from);
        cellset_clear(out, words);
        const dlist *d = gen_directions(x, c->value);
        if (cellset_empty(&from, words))
            return;
        if (c->op == C_SET_ADJACENT && adjacent_by_shifts(x, d, &from, out))
            return;
        cellset filled;
        gen_occupied(x, &filled);
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
                int n = gen_step(x, cell, s);
                if (c->op == C_SET_ADJACENT) {
                    if (n >= 0)
                        cellset_add(out, n);
                    continue;
                }
                while (n >= 0 && n != cell && !cellset_has(&filled, n)) {
                    cellset_add(out, n);
                    n = gen_step(x, n, s);
                }
            }
        }
        return;
    }
    case C_SET_WHERE_PATTERN: {
        cellset from;
        eval_set(x, c->a, &from);
        if (g->patterns[c->value].spec.bulk) {
            pattern_bulk_where(x, c->value, &from, out);
            return;
        }
        cellset_clear(out, words);
        for (int cell = cellset_next(&from, -1, words); cell >= 0; cell = cellset_next(&from, cell, words))
            if (eval_pattern_matches(x, c->value, cell, NULL, 0, true) > 0)
                cellset_add(out, cell);
        return;
    }
    case C_SET_STACKED: case C_SET_HOLDING: case C_SET_FLAGGED: case C_SET_BOTTOM: {
        /* the occupied cells whose stack passes the test, each looked at */
        const position *p = x->pos;
        int q = gen_player(x, c->player);
        cellset_clear(out, words);
        for (int cell = cellset_next(&p->occupied, -1, words); cell >= 0;
             cell = cellset_next(&p->occupied, cell, words))
            if (stack_passes(p, c, q, cell))
                cellset_add(out, cell);
        return;
    }
    case C_SET_CELL_AT: {
        /* cell(X, Y): file X, rank Y from 1, by name as the board has it */
        long file = eval_number(x, c->a), rank = eval_number(x, c->b);
        int cell = -1;
        if (file >= 1 && file <= 26 && rank >= 1 && rank <= BOARD_MAX_CELLS) {
            char name[16];
            snprintf(name, sizeof name, "%c%ld", (char)('a' + file - 1), rank);
            cell = board_cell(&g->board, name);
        }
        gen_single(x, out, cell);
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
    int queue[BOARD_MAX_CELLS];   /* on the stack: searches run in threads */
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

/* The areas of PLAYER by territory(PLAYER, HOME) into AREAS: the regions
 * walled by PLAYER's pieces (cells joined as territory() joins them, other
 * players' pieces inside them) that hold no other player's HOME cell, and
 * hold or touch PLAYER's HOME or touch no edge of the board. */
static void home_areas(gen *x, int player, int home, cellset *areas)
{
    const game *g = x->g;
    const board *b = &g->board;
    const position *p = x->pos;
    struct areas_memo *memo = x->m ? &x->m->areas[player] : NULL;
    if (memo && memo->valid && memo->home == home && cellset_equal(&memo->owned, &p->owned[player], g->words)) {
        cellset_copy(areas, &memo->areas, g->words);
        return;
    }
    int queue[BOARD_MAX_CELLS];   /* on the stack: searches run in threads */
    int step = b->kind == BOARD_SQUARE ? 2 : 1;
    const cellset *own = &g->sets[g->region_sets[home * GAME_MAX_PLAYERS + player]];
    cellset others, seen;
    cellset_clear(&others, g->words);
    for (int q = 0; q < g->player_count; q++)
        if (q != player)
            cellset_or(&others, &g->sets[g->region_sets[home * GAME_MAX_PLAYERS + q]], g->words);
    cellset_clear(&seen, g->words);
    cellset_clear(areas, g->words);
    for (int start = 0; start < b->cell_count; start++) {
        if (cellset_has(&seen, start) || cellset_has(&p->owned[player], start))
            continue;
        int head = 0, tail = 0;
        bool foreign = false, homely = false, edge = false;
        queue[tail++] = start;
        cellset_add(&seen, start);
        while (head < tail) {
            int cell = queue[head++];
            foreign |= cellset_has(&others, cell);
            homely |= cellset_has(own, cell);
            for (int d = 0; d < b->direction_count; d += step) {
                int n = board_step(b, cell, d);
                if (n < 0) {
                    edge = true;
                } else if (cellset_has(&p->owned[player], n)) {
                    homely |= cellset_has(own, n);
                } else if (!cellset_has(&seen, n)) {
                    cellset_add(&seen, n);
                    queue[tail++] = n;
                }
            }
        }
        if (!foreign && (homely || !edge))
            for (int i = 0; i < tail; i++)
                cellset_add(areas, queue[i]);
    }
    if (memo) {
        memo->valid = true;
        memo->home = home;
        cellset_copy(&memo->owned, &p->owned[player], g->words);
        cellset_copy(&memo->areas, areas, g->words);
    }
}

/* territory(PLAYER, HOME): the empty cells of PLAYER's areas (home_areas)
 * that lie in no other player's. */
static long home_territory(gen *x, int player, int home)
{
    const game *g = x->g;
    cellset mine, theirs;
    home_areas(x, player, home, &mine);
    for (int q = 0; q < g->player_count; q++) {
        if (q == player)
            continue;
        home_areas(x, q, home, &theirs);
        cellset_and_not(&mine, &theirs, g->words);
    }
    cellset_and_not(&mine, &x->pos->occupied, g->words);
    return cellset_count(&mine, g->words);
}

long eval_number(gen *x, int e)
{
    const cexpr *c = &x->g->exprs[e];
    cellset s;
    switch (c->op) {
    case C_NUM_CONST: return c->value;
    case C_NUM_COUNT:
        eval_set(x, c->a, &s);
        return cellset_count(&s, x->g->words);
    case C_NUM_HEIGHT: {
        eval_set(x, c->a, &s);
        long pieces = 0;
        for (int cell = cellset_next(&s, -1, x->g->words); cell >= 0; cell = cellset_next(&s, cell, x->g->words))
            pieces += pos_height(x->pos, cell);
        return pieces;
    }
    case C_NUM_VAR: return x->pos->vars[gen_var(x, c->value)];
    case C_NUM_SCORE: {
        int saved = x->scored;
        int p = gen_player(x, c->player);
        x->scored = p < 0 ? x->player : p;
        long v = x->g->score >= 0 ? eval_number(x, x->g->score) : 0;
        x->scored = saved;
        return v;
    }
    case C_NUM_TERRITORY: {
        int p = gen_player(x, c->player);
        if (c->value >= 0)
            return home_territory(x, p < 0 ? x->player : p, c->value);
        return territory(x, p < 0 ? x->player : p);
    }
    case C_NUM_RESERVE: {
        int p = gen_player(x, c->player);
        return c->value >= 0 && p >= 0 ? x->pos->reserve[p][c->value] : 0;
    }
    case C_NUM_ADD: return eval_number(x, c->a) + eval_number(x, c->b);
    case C_NUM_SUB: return eval_number(x, c->a) - eval_number(x, c->b);
    case C_NUM_NEG: return -eval_number(x, c->a);
    case C_NUM_PLAYERS_LEFT: {
        const game *g = x->g;
        int left = g->player_count;
        for (int q = 0; g->out_var >= 0 && q < g->player_count; q++)
            left -= x->pos->vars[g->out_var + q] != 0;
        return left;
    }
    default: return 0;
    }
}

bool eval_in_line_general(gen *x, int length)
{
    const game *g = x->g;
    const board *b = &g->board;
    const cellset *own = &x->pos->owned[x->player];
    if (g->spec.line_axes && length >= 2 && length <= GAME_LINE_REACH + 1) {
        /* the cells that start a run of 2h are those that start one of h
         * and whose cell h steps on does; then a run of LENGTH is two of
         * h (>= half of it) that overlap: the steps are the same on every
         * axis */
        int steps[6], step_count = 0, have = 1;
        for (; have * 2 < length; have *= 2)
            steps[step_count++] = have;
        int rest = length - have, axes = g->spec.line_axes;
        uint64_t mine = own->w[0];
        for (int a = 0; a < axes; a++) {
            const uint8_t *shift = g->spec.line_shift[a];
            const uint64_t *from = g->spec.line_from[a];
            uint64_t run = mine;
            for (int i = 0; i < step_count; i++)
                run &= (run >> shift[steps[i]]) & from[steps[i]];
            if (run & (run >> shift[rest]) & from[rest])
                return true;
        }
        return false;
    }
    int axes = b->kind == BOARD_SQUARE ? 4 : b->kind == BOARD_HEX ? 3 : b->direction_count;
    for (int d = 0; d < axes; d++) {
        if (g->spec.shift_valid[d] && g->words == 1) {
            /* as below, in one word */
            uint64_t mine = own->w[0], run = mine, from = g->spec.shift_from[d].w[0];
            int offset = g->spec.shift_offset[d];
            for (int k = 1; k < length && run; k++)
                run = (offset >= 0 ? run >> offset : run << -offset) & from & mine;
            if (run)
                return true;
            continue;
        }
        if (g->spec.shift_valid[d]) {
            /* the cells that start a run of k + 1, from those of k */
            cellset run;
            cellset_copy(&run, own, g->words);
            for (int k = 1; k < length && !cellset_empty(&run, g->words); k++) {
                shift_back(g, d, &run, &run);
                cellset_and(&run, own, g->words);
            }
            if (!cellset_empty(&run, g->words))
                return true;
            continue;
        }
        int back = g->opposite[d];
        for (int cell = cellset_next(own, -1, g->words); cell >= 0; cell = cellset_next(own, cell, g->words)) {
            /* count only from the start of a run */
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
    bool by_cells = c->player == CONNECTED_CELLS;
    int p = by_cells ? -1 : gen_player(x, c->player);
    if (p < 0)
        p = x->player;
    cellset from, to, chain;
    eval_set(x, c->a, &from);
    eval_set(x, c->b, &to);
    if (by_cells)
        eval_set(x, connected_cells(c), &chain);
    const cellset *own = by_cells ? &chain : &x->pos->owned[p];
    cellset_and(&from, own, g->words);
    int queue[BOARD_MAX_CELLS];   /* on the stack: searches run in threads */
    cellset seen = from;
    int head = 0, tail = 0;
    for (int cell = cellset_next(&from, -1, g->words); cell >= 0; cell = cellset_next(&from, cell, g->words))
        queue[tail++] = cell;
    const dlist *d = gen_directions(x, connected_directions(c));
    while (head < tail) {
        int cell = queue[head++];
        if (cellset_has(&to, cell))
            return true;
        int count = d ? d->count[p] : g->board.direction_count;
        for (int i = 0; i < count; i++) {
            int n = d ? gen_step(x, cell, &d->steps[p][i]) : board_step(&g->board, cell, i);
            if (n >= 0 && cellset_has(own, n) && !cellset_has(&seen, n)) {
                cellset_add(&seen, n);
                queue[tail++] = n;
            }
        }
    }
    return false;
}


int eval_connection_distance(gen *x, const cexpr *c, int p)
{
    const game *g = x->g;
    int cells = g->board.cell_count;
    cellset from, to, blocked;
    eval_set(x, c->a, &from);
    eval_set(x, c->b, &to);
    gen_occupied(x, &blocked);
    cellset_and_not(&blocked, &x->pos->owned[p], g->words);   /* the others' pieces */
    /* 0-1 breadth first: entering an own cell costs 0, an empty one 1 */
    int dist[BOARD_MAX_CELLS], deque[2 * BOARD_MAX_CELLS];   /* on the stack: threads */
    int head = BOARD_MAX_CELLS, tail = BOARD_MAX_CELLS;
    for (int i = 0; i < cells; i++)
        dist[i] = INT32_MAX;
    for (int cell = cellset_next(&from, -1, g->words); cell >= 0; cell = cellset_next(&from, cell, g->words)) {
        if (cellset_has(&blocked, cell))
            continue;
        int cost = cellset_has(&x->pos->owned[p], cell) ? 0 : 1;
        dist[cell] = cost;
        if (cost == 0)
            deque[--head] = cell;
        else
            deque[tail++] = cell;
    }
    const dlist *d = gen_directions(x, connected_directions(c));
    int best = INT32_MAX;
    while (head < tail) {
        int cell = deque[head++];
        if (cellset_has(&to, cell) && dist[cell] < best)
            best = dist[cell];
        int count = d ? d->count[p] : g->board.direction_count;
        for (int i = 0; i < count; i++) {
            int n = d ? gen_step(x, cell, &d->steps[p][i]) : board_step(&g->board, cell, i);
            if (n < 0 || cellset_has(&blocked, n))
                continue;
            int cost = cellset_has(&x->pos->owned[p], n) ? 0 : 1;
            if (dist[cell] + cost >= dist[n])
                continue;
            dist[n] = dist[cell] + cost;
            /* a cell may enter twice (a shorter way found later); the deque
             * holds at most two entries a cell */
            if (cost == 0 && head > 0)
                deque[--head] = n;
            else if (tail < 2 * BOARD_MAX_CELLS)
                deque[tail++] = n;
        }
    }
    return best == INT32_MAX ? -1 : best;
}

static bool stuck(gen *x, int ref)
{
    int p = gen_player(x, ref);
    if (p >= 0)
        return gen_count_moves(x, p, true) == 0;
    bool all = ref == PLAYER_EVERYONE;
    for (int q = 0; q < x->g->player_count; q++) {
        bool s = gen_count_moves(x, q, true) == 0;
        if (all && !s)
            return false;
        if (!all && s)
            return true;
    }
    return all;
}

static uint64_t hash_for_repetition(const gen *x)
{
    const game *g = x->g;
    uint64_t key = g->identity ? pos_identity(x->pos) : x->pos->hash;
    if (!x->in_filter)
        return key;
    /* inside a filter the move is made but the turn has not passed yet */
    return key ^ g->zobrist_side[x->pos->side]
         ^ g->zobrist_side[game_next_side(g, x->pos->side, x->pos->ply, x->pos->vars)];
}

/* Whether the transient variable (game.transient_var) holding VALUE in X's
 * position, instead of no cell, changes how many moves the side to move
 * has (FIDE 9.2.3: an en passant cell counts only where a pawn can take
 * there); BASE is the count with no cell, -1 until counted. */
static bool transient_counts(gen *x, int32_t value, int *base)
{
    position *p = x->pos;
    int var = x->g->transient_var;
    if (value < 0)
        return false;
    int32_t kept = p->vars[var];
    uint64_t hash = p->hash;
    p->hash ^= pos_var_key(var, kept) ^ pos_var_key(var, -1);
    p->vars[var] = -1;
    if (*base < 0)
        *base = gen_count_moves(x, p->side, false);
    p->hash ^= pos_var_key(var, -1) ^ pos_var_key(var, value);
    p->vars[var] = value;
    int with = gen_count_moves(x, p->side, false);
    p->vars[var] = kept;
    p->hash = hash;
    return with != *base;
}

int eval_repeated_quick(position *p, int times)
{
    const game *g = p->game;
    uint64_t key = pos_identity(p);
    if (g->transient_var < 0)
        return 1 + pos_occurrences(p, key) >= times;
    int32_t values[8];
    int found = pos_occurrences_values(p, key, values, 8);
    if (1 + found < times)
        return 0;
    for (int i = 0; i < found; i++)
        if (i >= 8 || values[i] != p->vars[g->transient_var])
            return -1;
    return 1;
}

/* How many earlier positions X's repeats.  With a transient variable two
 * positions of the same identity repeat when it holds the same there, or
 * changes the moves in neither (inside a filter, where the turn has not
 * passed, only the same). */
static int repetitions(gen *x)
{
    const game *g = x->g;
    uint64_t key = hash_for_repetition(x);
    if (g->transient_var < 0)
        return pos_occurrences(x->pos, key);
    int32_t values[64];
    int found = pos_occurrences_values(x->pos, key, values, 64);
    int32_t now = x->pos->vars[g->transient_var];
    int n = 0, base = -1, now_counts = -1;
    for (int i = 0; i < found; i++) {
        if (i >= 64 || values[i] == now) {
            n++;   /* (beyond 64 entries of one identity: counted as the same) */
            continue;
        }
        if (x->in_filter)
            continue;
        if (now_counts < 0)
            now_counts = transient_counts(x, now, &base);
        if (!now_counts && !transient_counts(x, values[i], &base))
            n++;
    }
    return n;
}

bool eval_cond(gen *x, int e)
{
    const game *g = x->g;
    const cexpr *c = &g->exprs[e];
    cellset s, t;
    switch (c->op) {
    case C_COND_AND: return eval_cond(x, c->a) && eval_cond(x, c->b);
    case C_COND_OR: return eval_cond(x, c->a) || eval_cond(x, c->b);
    case C_COND_NOT: return !eval_cond(x, c->a);
    case C_COND_TRUE: return true;
    case C_COND_CMP:
        return eval_compare(c->value, eval_number(x, c->a), eval_number(x, c->b));
    case C_COND_NONEMPTY:
        eval_set(x, c->a, &s);
        return !cellset_empty(&s, g->words);
    case C_COND_IN: {
        /* a single cell in a set: a test of that cell */
        const cexpr *a = &g->exprs[c->a];
        if (a->op == C_SET_HERE || a->op == C_SET_ORIGIN || a->op == C_SET_LAST) {
            int cell = a->op == C_SET_HERE ? x->anchor : a->op == C_SET_ORIGIN ? x->origin : x->last;
            return cell >= 0 && eval_has(x, c->b, cell);
        }
        if (a->op == C_SET_CONST) {     /* (castling's `corner in pieces(mover, rook)`) */
            const cellset *one = &g->sets[a->value];
            int cell = cellset_next(one, -1, g->words);
            if (cell >= 0 && cellset_next(one, cell, g->words) < 0)
                return eval_has(x, c->b, cell);
        }
        eval_set(x, c->a, &s);
        eval_set(x, c->b, &t);
        if (cellset_empty(&s, g->words))
            return false;
        cellset_and_not(&s, &t, g->words);
        return cellset_empty(&s, g->words);
    }
    case C_COND_NO_MOVES:
        return x->no_moves;
    case C_COND_STUCK:
        return stuck(x, c->player);
    case C_COND_CAN_MOVE:
        /* anyone can move unless everyone is stuck, and the reverse */
        return !stuck(x, c->player == PLAYER_ANYONE ? PLAYER_EVERYONE
                         : c->player == PLAYER_EVERYONE ? PLAYER_ANYONE : c->player);
    case C_COND_ATTACKED:
        return gen_attacked(x, c->a);
    case C_COND_REPETITION:
        return 1 + repetitions(x) >= c->value;
    case C_COND_BOARD_REPEATED:
        return pos_board_recurs(x->pos);
    case C_COND_PLIES:
        return (c->b ? x->pos->since_reset : x->pos->ply) >= c->value;
    case C_COND_IN_LINE:
        return eval_in_line(x, c->value);
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
        if (g->exprs[c->a].op == C_SET_HERE)    /* (castling's `moved(here)`) */
            return x->anchor >= 0 && (PIECE_FLAGS(x->pos->cells[x->anchor]) & (1u << g->moved_flag));
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
    const dlist *d = gen_directions(x, ps->directions);
    for (int i = 0; d && i < d->count[x->player]; i++) {
        const dstep s = step_resolved(x->g, &d->steps[x->player][i], x->variable);
        int here = cell, count = 0;
        /* the cells passed are kept only for a marked or labelled step:
         * most steps of most patterns are neither, and copying sets for
         * them was most of the walk's work (a cannon's screen) */
        bool keep = ps->mark || ps->label >= 0;
        cellset local;
        if (keep)
            cellset_clear(&local, x->g->words);
        while (ps->max < 0 || count < ps->max) {
            int next = gen_step(x, here, &s);
            if (next < 0)
                break;
            bool ok = cellset_has(&w->tests[step], next) != ps->negate;
            if (!ok)
                break;
            count++;
            here = next;
            if (keep)
                cellset_add(&local, next);
        }
        if (count < ps->min)
            continue;
        if (!keep) {
            if (walk_steps(x, w, step + 1, last_step, here, marks))
                return true;
            continue;
        }
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

/* Whether STEP (of W, the first of a path), from CELL, takes the first
 * cell it must take in some direction: false only where the walk of the
 * path would fail at once.  Asked before each group's walk, as most
 * anchors of most patterns fail there (Sáto's bracket: a move's landing
 * cell seldom has an enemy beside it in the variable's direction), and
 * the walk's set-up costs more than this.  A pattern with first-step
 * tables (spec/pattern_reach_build.h) reads them instead, and where its
 * groups share the first step's test, refuses the anchor for every value
 * and group at once before any of the other tests is read: in Sáto's
 * search two calls in three end there, and its instructions a node fell
 * by a fifth. */
static bool first_step_taken(gen *x, const walk *w, int step, int cell)
{
    const pstep *ps = &w->pt->steps[step];
    if (ps->min < 1)
        return true;    /* (it may take no cell) */
    const dlist *d = gen_directions(x, ps->directions);
    for (int i = 0; d && i < d->count[x->player]; i++) {
        const dstep s = step_resolved(x->g, &d->steps[x->player][i], x->variable);
        int next = gen_step(x, cell, &s);
        if (next >= 0 && cellset_has(&w->tests[step], next) != ps->negate)
            return true;
    }
    return false;
}

/* Whether the first-step cells of one group (words at CELLS) hold a cell
 * that passes the step PS's test (TEST): first_step_taken from the
 * tables (pattern.first_cells). */
static inline bool first_cells_pass(const gen *x, const uint64_t *cells, const pstep *ps, const cellset *test)
{
    uint64_t hit = 0;
    for (int k = 0; k < x->g->words; k++)
        hit |= cells[k] & (ps->negate ? ~test->w[k] : test->w[k]);
    return hit != 0;
}

/* The step that starts group GROUP's walk: the first step of its first
 * path (pattern_reach_prepare made the tables only where there is one). */
static inline int first_step_of(const pattern *pt, int group)
{
    int p = 0;
    while (pt->paths[p].group != group)
        p++;
    return pt->paths[p].first;
}

/* Counts (and, with OUT, records) the matches of a pattern at ANCHOR. */
int eval_pattern_matches(gen *x, int pattern_index, int anchor, match *out, int max, bool any)
{
    const game *g = x->g;
    const pattern *pt = &g->patterns[pattern_index];
    cellset tests[GAME_MAX_PATTERN_STEPS];
    int saved_anchor = x->pattern_anchor, saved_variable = x->variable;
    x->pattern_anchor = anchor;
    const dlist *vd = gen_directions(x, pt->variable_directions);
    int tested = -1;    /* a step whose test is read already */
    if (pt->spec.first_shared && (!vd || vd->count[x->player] > 0)) {
        /* no group's walk can take its first step, for any value: no
         * match, the labels as failed walks leave them */
        tested = first_step_of(pt, 0);
        eval_set(x, pt->steps[tested].test, &tests[tested]);
        const uint64_t *reach = pt->first_any + pattern_first_any_at(g->board.cell_count, g->words, x->player, anchor);
        if (!first_cells_pass(x, reach, &pt->steps[tested], &tests[tested])) {
            for (int l = 0; l < GAME_MAX_LABELS; l++)
                cellset_clear(&x->labels[l], g->words);
            x->pattern_anchor = saved_anchor;
            return 0;
        }
    }
    for (int i = 0; i < pt->step_count; i++)
        if (i != tested)
            eval_set(x, pt->steps[i].test, &tests[i]);
    walk w = { pt, tests };
    int bindings = vd ? vd->count[x->player] : 1;
    int found = 0;
    /* the labels as a group's walk leaves them: cleared, unless it matched */
    bool labels_clear = false;
    for (int bi = 0; bi < bindings; bi++) {
        x->variable = vd ? vd->steps[x->player][bi].direction : -1;
        for (int group = 0; group < pt->group_count; group++) {
            int first_path = 0;
            while (first_path < pt->path_count && pt->paths[first_path].group != group)
                first_path++;
            bool taken;
            if (pt->spec.first_reach) {
                const uint64_t *cells = pt->first_cells + pattern_first_cells_at(pt, g->board.cell_count, g->words,
                                                                                 x->player, bi, group, anchor);
                int first = pt->paths[first_path].first;
                taken = first_cells_pass(x, cells, &pt->steps[first], &tests[first]);
            } else {
                taken = first_path >= pt->path_count || pt->paths[first_path].count <= 0
                        || first_step_taken(x, &w, pt->paths[first_path].first, anchor);
            }
            if (!taken) {
                /* no match: the labels as a failed walk leaves them */
                if (!labels_clear)
                    for (int l = 0; l < GAME_MAX_LABELS; l++)
                        cellset_clear(&x->labels[l], g->words);
                labels_clear = true;
                continue;
            }
            cellset marks;
            cellset_clear(&marks, g->words);
            for (int l = 0; l < GAME_MAX_LABELS; l++)
                cellset_clear(&x->labels[l], g->words);
            labels_clear = true;
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
            labels_clear = false;
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
