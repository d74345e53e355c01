/* specialise: load-time facts about a compiled game (see specialise.h). */
#include "spec/specialise.h"

#include "spec/attack.h"
#include "game/steps.h"
#include "spec/cell_program_build.h"
#include "spec/landing_unmade_build.h"
#include "spec/pattern_bulk_build.h"
#include "spec/pattern_reach_build.h"
#include "spec/set_words_build.h"

#include <stdlib.h>

/* Whether node N, run as a part of a turn, can never take a piece off the
 * board or give it to another player.  Conservative: any action that can
 * place on, remove, flip or pattern-change a cell counts as harmful, and a
 * step, leap or slide that may land on another player's piece.  Setting a
 * variable or a flag, changing a piece's type, rolling a die, passing and
 * moving onto empty or own cells keep every piece with its owner. */
static bool harmless(game *g, int node, signed char *memo)
{
    if (node < 0)
        return true;
    if (memo[node])
        return memo[node] > 0;
    memo[node] = -1;    /* a cycle (none is compiled) reads as harmful */
    mnode *n = &g->nodes[node];
    bool ok;
    switch (n->op) {
    case M_ALT:
    case M_SEQ:
        ok = harmless(g, n->a, memo);
        ok = harmless(g, n->b, memo) && ok;
        break;
    case M_REPEAT:
    case M_GUARD:
    case M_SELECT:
        ok = harmless(g, n->a, memo);
        break;
    case M_CHANGE:
    case M_SET_VAR:
    case M_SET_FLAG:
    case M_ROLL:
    case M_PASS:
        ok = true;
        break;
    case M_STEP:
    case M_LEAP:
    case M_SLIDE:
        ok = !attack_may_take(g, n->target);
        break;
    default:
        ok = false;
        break;
    }
    memo[node] = ok ? 1 : -1;
    if (ok)
        n->spec.flags |= NF_HARMLESS;
    return ok;
}

/* Which directions are constant index offsets, and what each turned
 * round is. */
static void board_tables(game *g)
{
    const board *b = &g->board;
    for (int d = 0; d < BOARD_MAX_DIRECTIONS; d++) {
        g->opposite[d] = d < b->direction_count ? board_rotate(b, d, 180) : -1;
        g->spec.shift_valid[d] = false;
        cellset_clear(&g->spec.shift_from[d], CELLSET_WORDS);
        if (d >= b->direction_count || b->kind == BOARD_GRAPH)
            continue;
        bool valid = true, any = false;
        int offset = 0;
        for (int c = 0; c < b->cell_count && valid; c++) {
            int n = board_step(b, c, d);
            if (n < 0)
                continue;
            if (!any)
                offset = n - c;
            any = true;
            valid = n - c == offset && offset != 0;
            cellset_add(&g->spec.shift_from[d], c);
        }
        /* a constant offset must also never wrap onto a cell that is not
         * the neighbour: every cell whose index plus the offset is a cell
         * without being its neighbour is outside shift_from, which the
         * shifts mask with */
        g->spec.shift_valid[d] = valid && any;
        g->spec.shift_offset[d] = offset;
    }
    for (int d = 0; d < BOARD_MAX_DIRECTIONS; d++) {
        g->spec.shift_canon[d] = (int8_t)d;
        for (int e = 0; e < d && g->spec.shift_valid[d]; e++)
            if (g->spec.shift_valid[e] && g->spec.shift_offset[e] == g->spec.shift_offset[d]) {
                g->spec.shift_canon[d] = (int8_t)e;
                break;
            }
    }
}

/* game.line_axes and its tables, where every axis in_line reads (the
 * first four directions of a square board, three of a hex, else all) has
 * a direction along it that is an index offset up the word. */
static void line_tables(game *g)
{
    const board *b = &g->board;
    g->spec.line_axes = 0;
    if (g->words != 1 || b->kind == BOARD_GRAPH)
        return;
    int axes = b->kind == BOARD_SQUARE ? 4 : b->kind == BOARD_HEX ? 3 : b->direction_count;
    for (int a = 0; a < axes; a++) {
        int d = a;
        if (!g->spec.shift_valid[d] || g->spec.shift_offset[d] < 0)
            d = g->opposite[a];
        if (d < 0 || !g->spec.shift_valid[d] || g->spec.shift_offset[d] <= 0)
            return;
        int offset = g->spec.shift_offset[d];
        uint64_t from = g->spec.shift_from[d].w[0];
        g->spec.line_from[a][0] = ~(uint64_t)0;
        g->spec.line_shift[a][0] = 0;
        for (int j = 1; j <= GAME_LINE_REACH; j++) {
            bool inside = j * offset < 64;
            g->spec.line_shift[a][j] = (uint8_t)(inside ? j * offset : 63);
            /* j steps: one, then j - 1 from the neighbour */
            g->spec.line_from[a][j] = inside ? from & (g->spec.line_from[a][j - 1] >> offset) : 0;
        }
    }
    g->spec.line_axes = axes;
}

/* Whether eval_has answers for one cell of E without building a set. */
static bool cell_test(const game *g, int e)
{
    const cexpr *c = &g->exprs[e];
    switch (c->op) {
    case C_SET_CONST: case C_SET_REGION: case C_SET_EMPTY: case C_SET_OCCUPIED: case C_SET_FRIEND:
    case C_SET_ENEMY: case C_SET_ALL: case C_SET_TYPE: case C_SET_HERE: case C_SET_ORIGIN: case C_SET_LAST:
    case C_SET_OWNER: case C_SET_PIECES: case C_SET_KIN:
        return true;
    case C_SET_UNION: case C_SET_INTERSECT: case C_SET_MINUS:
        return cell_test(g, c->a) && cell_test(g, c->b);
    default:
        return false;
    }
}

/* Whether every step of node N's directions is a function of the cell
 * alone (not of a pattern's variable). */
static bool fixed_steps(const game *g, const mnode *n)
{
    if (n->directions < 0)
        return false;
    const dlist *d = &g->dlists[n->directions];
    for (int p = 0; p < g->player_count; p++)
        for (int i = 0; i < d->count[p]; i++)
            if (d->steps[p][i].kind == STEP_VARIABLE)
                return false;
    return true;
}

/* Whether each step of the step, leap or slide N is a function of the
 * cell (fixed_steps). */
static bool fixed_landing(const game *g, const mnode *n)
{
    return (n->op == M_STEP || n->op == M_LEAP || n->op == M_SLIDE) && fixed_steps(g, n);
}

/* Appends the alternatives under NODE (the leaves of its M_ALT tree), in
 * order, to LIST at *AT (NULL: only counts them). */
static void add_leaves(const game *g, int node, int16_t *list, int *at)
{
    if (node < 0)
        return;
    const mnode *n = &g->nodes[node];
    if (n->op == M_ALT) {
        add_leaves(g, n->a, list, at);
        add_leaves(g, n->b, list, at);
    } else {
        if (list)
            list[*at] = (int16_t)node;
        (*at)++;
    }
}

/* Each select's alternatives in order (mnode.leaves): select_batch goes
 * through them in a loop several times a turn, where walking the tree of
 * `or`s was a call for each node. */
static bool select_leaf_lists(game *g)
{
    free(g->select_leaves);
    g->select_leaves = NULL;
    int size = 0;
    for (int i = 0; i < g->node_count; i++)
        if (g->nodes[i].op == M_SELECT) {
            add_leaves(g, g->nodes[i].a, NULL, &size);
            size++;
        }
    if (!size)
        return true;
    g->select_leaves = malloc((size_t)size * sizeof *g->select_leaves);
    if (!g->select_leaves)
        return false;
    int at = 0;
    for (int i = 0; i < g->node_count; i++) {
        mnode *n = &g->nodes[i];
        if (n->op != M_SELECT)
            continue;
        n->spec.leaves = at;
        add_leaves(g, n->a, g->select_leaves, &at);
        g->select_leaves[at++] = -1;
    }
    return true;
}

/* Where each step, leap and hop leads from each cell, for each player
 * (mnode.dests): a load instead of a step's arithmetic (a hop's table is
 * read twice, for the cell jumped and the one landed on: hop_chain.c). */
static bool step_tables(game *g)
{
    free(g->step_dests);
    g->step_dests = NULL;
    size_t size = 0, cells = (size_t)g->board.cell_count;
    for (int i = 0; i < g->node_count; i++) {
        mnode *n = &g->nodes[i];
        n->spec.dests = -1;
        if ((n->op != M_STEP && n->op != M_LEAP && n->op != M_HOP) || !fixed_steps(g, n))
            continue;
        const dlist *d = &g->dlists[n->directions];
        int stride = 0;
        for (int p = 0; p < g->player_count; p++)
            stride = d->count[p] > stride ? d->count[p] : stride;
        n->spec.dest_stride = (int8_t)stride;
        n->spec.dests = (int32_t)size;
        size += (size_t)g->player_count * cells * (size_t)stride;
    }
    if (size > 0 && size <= INT32_MAX)
        g->step_dests = malloc(size * sizeof *g->step_dests);
    if (!g->step_dests) {
        /* none, or too many to index: the steps are worked out as they go */
        for (int i = 0; i < g->node_count; i++)
            g->nodes[i].spec.dests = -1;
        return size == 0 || size > INT32_MAX;
    }
    for (int i = 0; i < g->node_count; i++) {
        const mnode *n = &g->nodes[i];
        if (n->spec.dests < 0)
            continue;
        const dlist *d = &g->dlists[n->directions];
        for (int p = 0; p < g->player_count; p++)
            for (size_t c = 0; c < cells; c++) {
                int16_t *to = g->step_dests + n->spec.dests + ((size_t)p * cells + c) * (size_t)n->spec.dest_stride;
                for (int s = 0; s < n->spec.dest_stride; s++)
                    to[s] = (int16_t)(s < d->count[p] ? step_take(g, (int)c, &d->steps[p][s], -1) : -1);
            }
    }
    return true;
}

bool spec_position_only(const game *g, int e)
{
    if (e < 0)
        return true;
    const cexpr *c = &g->exprs[e];
    switch (c->op) {
    case C_SET_CONST: case C_SET_REGION: case C_SET_EMPTY: case C_SET_OCCUPIED: case C_SET_FRIEND:
    case C_SET_ENEMY: case C_SET_ALL: case C_SET_TYPE: case C_SET_OWNER: case C_SET_PIECES: case C_SET_VAR:
    case C_SET_KIN:
        return true;
    case C_SET_UNION: case C_SET_INTERSECT: case C_SET_MINUS:
        return spec_position_only(g, c->a) && spec_position_only(g, c->b);
    default:
        return false;
    }
}

/* Whether every step of the direction list LIST, for every player, is a
 * board direction along which the cells shift (shift_forward). */
static bool steps_are_shifts(const game *g, int list)
{
    if (list < 0)
        return false;
    const dlist *d = &g->dlists[list];
    for (int p = 0; p < g->player_count; p++)
        for (int i = 0; i < d->count[p]; i++) {
            const dstep *s = &d->steps[p][i];
            if (s->kind != STEP_DIRECTION || s->direction < 0 || s->direction >= g->board.direction_count
                || !g->spec.shift_valid[s->direction])
                return false;
        }
    return true;
}

/* Whether the landing alternatives under NODE are all steps and leaps
 * along shifts (shift_forward) to targets that are position-only. */
static bool shift_steps_only(const game *g, int node)
{
    const mnode *n = &g->nodes[node];
    if (n->op == M_ALT)
        return shift_steps_only(g, n->a) && shift_steps_only(g, n->b);
    if (!(n->spec.flags & NF_LANDING))
        return true;
    return n->op != M_SLIDE && spec_position_only(g, n->target) && steps_are_shifts(g, n->directions);
}

/* What node N, run after a placement, can make of it: 2 exactly one move,
 * 1 at most one, 0 more or unknown; and it must fill no empty cell (so
 * that the placed cell tells the moves apart). */
static int outcomes(const game *g, int node)
{
    if (node < 0)
        return 0;
    const mnode *n = &g->nodes[node];
    switch (n->op) {
    case M_CAPTURE:     /* takes (or converts) what stands on the cells, none or many */
        return 2;
    case M_SET_VAR:
        return n->type >= 0 ? 2 : 0;
    case M_SET_FLAG:
        return 1;
    case M_CHANGE:
        return n->types[1] < 0 ? 1 : 0;
    case M_GUARD:
        return !(n->flags & MF_AFTER) && outcomes(g, n->a) ? 1 : 0;
    case M_SEQ: {
        int a = outcomes(g, n->a), b = outcomes(g, n->b);
        return a < b ? a : b;
    }
    case M_REPEAT:
        /* run once when it can, else not at all: an after-rule */
        return n->min == 0 && n->max == 1 && (n->flags & MF_MAXIMAL) && outcomes(g, n->a) ? 2 : 0;
    default:
        return 0;
    }
}

/* Marks the placement that starts every turn (NF_UNIQUE) when each
 * placement then makes exactly one move. */
static void unique_placements(game *g)
{
    int head = g->turn;
    bool rest = true;
    while (head >= 0 && g->nodes[head].op == M_SEQ) {
        rest = rest && outcomes(g, g->nodes[head].b) == 2;
        head = g->nodes[head].a;
    }
    if (head >= 0 && g->nodes[head].op == M_PLACE && rest)
        g->nodes[head].spec.flags |= NF_UNIQUE;
}

/* Whether the set E holds none of the mover's pieces. */
static bool no_friends(const game *g, int e)
{
    if (e < 0)
        return true;    /* empty cells */
    const cexpr *c = &g->exprs[e];
    switch (c->op) {
    case C_SET_EMPTY: case C_SET_ENEMY:
        return true;
    case C_SET_UNION:
        return no_friends(g, c->a) && no_friends(g, c->b);
    case C_SET_INTERSECT:
        return no_friends(g, c->a) || no_friends(g, c->b);
    case C_SET_MINUS:
        return no_friends(g, c->a) || g->exprs[c->b].op == C_SET_FRIEND;
    default:
        return false;
    }
}

/* Whether every landing among the alternatives under NODE is on cells
 * without the mover's pieces. */
static bool landings_off_friends(const game *g, int node)
{
    const mnode *n = &g->nodes[node];
    if (n->op == M_ALT)
        return landings_off_friends(g, n->a) && landings_off_friends(g, n->b);
    return !(n->spec.flags & NF_LANDING) || no_friends(g, n->target);
}

bool spec_set_some(const game *g, int e, bool (*leaf)(const cexpr *c))
{
    const cexpr *c = &g->exprs[e];
    switch (c->op) {
    case C_SET_UNION: return spec_set_some(g, c->a, leaf) || spec_set_some(g, c->b, leaf);
    case C_SET_INTERSECT: return spec_set_some(g, c->a, leaf) && spec_set_some(g, c->b, leaf);
    case C_SET_MINUS: return spec_set_some(g, c->a, leaf);
    default: return leaf(c);
    }
}

bool spec_set_every(const game *g, int e, bool (*leaf)(const cexpr *c))
{
    const cexpr *c = &g->exprs[e];
    switch (c->op) {
    case C_SET_UNION: return spec_set_every(g, c->a, leaf) && spec_set_every(g, c->b, leaf);
    case C_SET_INTERSECT: return spec_set_every(g, c->a, leaf) || spec_set_every(g, c->b, leaf);
    case C_SET_MINUS: return spec_set_every(g, c->a, leaf);
    default: return leaf(c);
    }
}

static bool holds_a_piece(const cexpr *c)
{
    switch (c->op) {
    case C_SET_OCCUPIED: case C_SET_FRIEND: case C_SET_ENEMY: case C_SET_TYPE: case C_SET_OWNER: case C_SET_PIECES:
    case C_SET_KIN:
        return true;
    default:
        return false;
    }
}

/* Whether the set E holds only cells with a piece on them. */
static bool only_pieces(const game *g, int e)
{
    return e >= 0 && spec_set_every(g, e, holds_a_piece);
}

/* Whether no move of NODE puts a piece on the board that was not there:
 * it moves, takes, changes and flips pieces, and sets variables. */
static bool adds_no_piece(const game *g, int node)
{
    if (node < 0)
        return true;
    const mnode *n = &g->nodes[node];
    switch (n->op) {
    case M_ALT: case M_SEQ:
        return adds_no_piece(g, n->a) && adds_no_piece(g, n->b);
    case M_REPEAT: case M_GUARD:
        return adds_no_piece(g, n->a);
    case M_STEP: case M_SLIDE: case M_LEAP: case M_HOP: case M_CAPTURE: case M_REMOVE: case M_CHANGE: case M_FLIP:
    case M_SET_VAR: case M_SET_FLAG:
        return true;
    default:
        return false;
    }
}

/* Whether every move of NODE has what HAS finds in a part of it: a part
 * that has it makes the moves through it have it; a sequence has it when
 * either part does, alternatives when both do, a repetition when its body
 * does and runs at least once. */
static bool every_move(const game *g, int node, bool (*has)(const game *, const mnode *))
{
    if (node < 0)
        return false;
    const mnode *n = &g->nodes[node];
    if (has(g, n))
        return true;
    switch (n->op) {
    case M_SEQ:
        return every_move(g, n->a, has) || every_move(g, n->b, has);
    case M_ALT:
        return every_move(g, n->a, has) && every_move(g, n->b, has);
    case M_REPEAT:
        return n->min >= 1 && every_move(g, n->a, has);
    case M_GUARD:
        return every_move(g, n->a, has);
    default:
        return false;
    }
}

/* A hop over pieces only. */
static bool hop_over_pieces(const game *g, const mnode *n)
{
    return n->op == M_HOP && only_pieces(g, n->over);
}

/* Hops over pieces, then the pieces jumped taken (which are still there,
 * or were taken by landing on them). */
static bool hops_then_takes(const game *g, const mnode *n)
{
    if (n->op != M_SEQ)
        return false;
    const mnode *b = &g->nodes[n->b];
    return b->op == M_CAPTURE && b->type < 0 && b->at >= 0 && g->exprs[b->at].op == C_SET_JUMPED
           && g->capture != CAPTURE_CONVERT && every_move(g, n->a, hop_over_pieces);
}

/* For a select with other alternatives than landings (NF_MIXED): whether
 * its landings take nothing (their targets are empty cells) while each
 * move of the others takes a piece and puts none on the board, so that no
 * landing is one of those moves (it leaves more pieces on the board). */
static bool landings_apart(const game *g, int node)
{
    const mnode *n = &g->nodes[node];
    if (n->op == M_ALT)
        return landings_apart(g, n->a) && landings_apart(g, n->b);
    if (n->spec.flags & NF_LANDING)
        return n->target < 0 || g->exprs[n->target].op == C_SET_EMPTY;
    return every_move(g, node, hops_then_takes) && adds_no_piece(g, node);
}

/* Whether NODE is alternatives of selects (the whole turn, but for
 * after-rules worked out at the landing) whose moves are landings on
 * cells without friends, or others that landings_apart tells from them:
 * two such landings from or to different cells leave different positions
 * (the piece that moved is elsewhere), so a landing is told apart from
 * the other moves by its two cells.  Marks them NF_UNIQUE. */
static bool selects_of_landings(game *g, int node, bool mark)
{
    if (node < 0)
        return false;
    mnode *n = &g->nodes[node];
    if (n->op == M_ALT)
        return selects_of_landings(g, n->a, mark) && selects_of_landings(g, n->b, mark);
    if (n->op != M_SELECT || !(n->spec.flags & NF_LANDINGS) || !landings_off_friends(g, n->a)
        || ((n->spec.flags & NF_MIXED) && !landings_apart(g, n->a)))
        return false;
    if (mark)
        n->spec.flags |= NF_UNIQUE;
    return true;
}

/* Whether the steps of the select N (its alternatives that are landings)
 * have at most GAME_MAX_SHIFT_GROUPS directions for each player: room for
 * the groups select_shift_groups finds. */
static bool shift_groups_fit(const game *g, const mnode *n)
{
    for (int p = 0; p < g->player_count; p++) {
        int groups = 0;
        for (const int16_t *leaf = g->select_leaves + n->spec.leaves; *leaf >= 0; leaf++)
            if (g->nodes[*leaf].spec.flags & NF_LANDING)
                groups += g->dlists[g->nodes[*leaf].directions].count[p];
        if (groups > GAME_MAX_SHIFT_GROUPS)
            return false;
    }
    return true;
}

static void unique_landings(game *g)
{
    int turn = g->turn;
    if (turn >= 0 && g->after >= 0 && g->nodes[turn].op == M_SEQ && g->nodes[turn].b == g->after) {
        if (!g->spec.after_at_landing)
            return;
        turn = g->nodes[turn].a;
    }
    g->spec.unique_landings = g->words == 1 && selects_of_landings(g, turn, false);
    if (g->spec.unique_landings)
        selects_of_landings(g, turn, true);
    g->spec.unique_shifts = g->spec.unique_landings;
    for (int i = 0; i < g->node_count; i++)
        if (g->nodes[i].op == M_SELECT && (g->nodes[i].spec.flags & NF_UNIQUE)
            && (!(g->nodes[i].spec.flags & NF_SHIFTS) || !shift_groups_fit(g, &g->nodes[i])))
            g->spec.unique_shifts = false;
}

/* Whether NODE, run between a piece choice and a placement of another
 * type, is one movement of the piece chosen (a step, leap, slide or hop,
 * perhaps one of several, perhaps guarded) onto cells without the mover's
 * pieces: it puts no piece of the placed type on a cell and takes none off
 * the board, and the position it leaves tells where the piece stands (the
 * one cell the mover's piece came to). */
static bool one_movement(const game *g, int node)
{
    if (node < 0)
        return false;
    const mnode *n = &g->nodes[node];
    switch (n->op) {
    case M_STEP: case M_SLIDE: case M_LEAP: case M_HOP:
        return no_friends(g, n->target);
    case M_ALT:
        return one_movement(g, n->a) && one_movement(g, n->b);
    case M_GUARD:
        return !(n->flags & MF_AFTER) && one_movement(g, n->a);
    default:
        return false;
    }
}

/* Whether the set E reads nothing but the position and where the piece
 * stands (here): the same after two movements that leave one position. */
static bool position_and_here(const game *g, int e)
{
    if (e < 0 || spec_position_only(g, e))
        return true;
    const cexpr *c = &g->exprs[e];
    switch (c->op) {
    case C_SET_HERE:
        return true;
    case C_SET_UNION: case C_SET_INTERSECT: case C_SET_MINUS:
        return position_and_here(g, c->a) && position_and_here(g, c->b);
    case C_SET_SIGHT: case C_SET_ADJACENT:
        if (c->value >= 0)
            for (int p = 0; p < g->player_count; p++)
                for (int i = 0; i < g->dlists[c->value].count[p]; i++)
                    if (g->dlists[c->value].steps[p][i].kind == STEP_VARIABLE)
                        return false;
        return position_and_here(g, c->a);
    default:
        return false;
    }
}

/* Whether every move of NODE ends with the placement *PLACE (found on the
 * way: -1 before), of a type not in MOVED, on cells that position_and_here
 * reads, after one_movement. */
static bool ends_in_placement(const game *g, int node, uint32_t moved, int *place)
{
    if (node < 0)
        return false;
    const mnode *n = &g->nodes[node];
    switch (n->op) {
    case M_SEQ: {
        const mnode *b = &g->nodes[n->b];
        if (b->op != M_PLACE || !one_movement(g, n->a))
            return false;
        if (b->type < 0 || (moved & (1u << b->type)) || (*place >= 0 && *place != n->b)
            || !position_and_here(g, b->at))
            return false;
        *place = n->b;
        return true;
    }
    case M_ALT:
        return ends_in_placement(g, n->a, moved, place) && ends_in_placement(g, n->b, moved, place);
    default:
        return false;
    }
}

/* Whether NODE is alternatives of selects (or passes) whose moves all end
 * with the one placement *PLACE, as ends_in_placement says. */
static bool selects_then_placement(const game *g, int node, int *place)
{
    if (node < 0)
        return false;
    const mnode *n = &g->nodes[node];
    switch (n->op) {
    case M_ALT:
        return selects_then_placement(g, n->a, place) && selects_then_placement(g, n->b, place);
    case M_PASS:
        return true;
    case M_SELECT: {
        int type = spec_selected_type(g, n);
        return type >= 0 && ends_in_placement(g, n->a, 1u << type, place);
    }
    default:
        return false;
    }
}

/* Marks the placement every move of the turn ends with (NF_KEYED) when
 * what comes before it is one movement of the piece chosen, of another
 * type.  Two such moves are one only when they place on one cell after one
 * position: were the cells c and c' different, the position one placed on
 * had c empty and the other had the placed piece there, so one of the two
 * movements put such a piece on c or took it from there.  And one position
 * before the placement means one set of cells to place on (it reads the
 * position and where the piece landed, which the position tells).  So the
 * position before the placement is the key of all its placements.  (A
 * pass leaves no new piece, and a placement leaves one.) */
static void keyed_placements(game *g)
{
    int place = -1;
    if (g->turn >= 0 && selects_then_placement(g, g->turn, &place) && place >= 0)
        g->nodes[place].spec.flags |= NF_KEYED;
}

int spec_selected_type(const game *g, const mnode *select)
{
    if (select->at < 0)
        return -1;
    const cexpr *e = &g->exprs[select->at];
    if (e->op != C_SET_INTERSECT)
        return -1;
    const cexpr *a = &g->exprs[e->a], *b = &g->exprs[e->b];
    if (a->op == C_SET_FRIEND && b->op == C_SET_TYPE)
        return b->value;
    return -1;
}

/* The hop every move of NODE starts with, when it is one select_batch can
 * test for all pieces at once: straight over one cell along a shift, to a
 * position-only target (-1: none). */
static int first_hop(const game *g, int node)
{
    if (node < 0)
        return -1;
    const mnode *n = &g->nodes[node];
    switch (n->op) {
    case M_SEQ:
        return first_hop(g, n->a);
    case M_REPEAT:
        return n->min >= 1 ? first_hop(g, n->a) : -1;
    case M_HOP:
        break;
    default:
        return -1;
    }
    if ((n->flags & MF_ANY_SIDE) || !spec_position_only(g, n->over) || !spec_position_only(g, n->target)
        || !steps_are_shifts(g, n->directions))
        return -1;
    return node;
}

/* Whether a hop's OVER (-1: any piece) says of a cell only from its
 * content whether it may be jumped: a content table, or a set of one part
 * that reads only the owner (hop_chain.c's may_jump). */
static bool jumped_by_content(const game *g, int over)
{
    if (over < 0)
        return true;
    switch (g->exprs[over].op) {
    case C_SET_ENEMY: case C_SET_FRIEND: case C_SET_OCCUPIED: case C_SET_ALL:
        return true;
    default:
        return g->exprs[over].spec.content >= 0;
    }
}

/* The repetitions hop_chain.c may search (NF_HOP_CHAIN): of one hop
 * along steps, onto empty cells, over cells whose content alone says
 * whether they may be jumped, and no piece jumped twice (so that each hop
 * jumps a new piece, and a chain ends). */
static void hop_chains(game *g)
{
    for (int i = 0; i < g->node_count; i++) {
        mnode *r = &g->nodes[i];
        if (r->op != M_REPEAT || r->a < 0 || (r->flags & MF_REJUMP))
            continue;
        const mnode *hop = &g->nodes[r->a];
        if (hop->op == M_HOP && hop->directions >= 0 && hop->target < 0 && !(hop->flags & MF_ANY_SIDE)
            && jumped_by_content(g, hop->over))
            r->spec.flags |= NF_HOP_CHAIN;
    }
}

/* Marks the alternatives under NODE that start with such a hop. */
static void mark_first_hops(game *g, int node)
{
    mnode *n = &g->nodes[node];
    if (n->op == M_ALT) {
        mark_first_hops(g, n->a);
        mark_first_hops(g, n->b);
    } else if (!(n->spec.flags & NF_LANDING)) {
        n->spec.first_hop = (int16_t)first_hop(g, node);
    }
}

/* Whether the condition or set E reads nothing but the cell the piece
 * stands on (here), the players and the board's fixed sets: what it says
 * after a landing is known before the landing is made. */
static bool reads_only_here(const game *g, int e)
{
    if (e < 0)
        return false;
    const cexpr *c = &g->exprs[e];
    switch (c->op) {
    case C_SET_CONST: case C_SET_REGION: case C_SET_ALL: case C_SET_HERE: case C_COND_TRUE:
        return true;
    case C_SET_UNION: case C_SET_INTERSECT: case C_SET_MINUS:
    case C_COND_AND: case C_COND_OR: case C_COND_IN:
        return reads_only_here(g, c->a) && reads_only_here(g, c->b);
    case C_COND_NOT: case C_COND_NONEMPTY:
        return reads_only_here(g, c->a);
    default:
        return false;
    }
}

/* Collects into LIST (room for GAME_MAX_AFTER_LANDING) the bodies of the
 * after-rules under NODE, each compiled as M_REPEAT 0..1 maximal (run when
 * it can), in order; false when some rule is not so, or its body not one
 * FITS accepts. */
static bool collect_after_rules(const game *g, int node, bool (*fits)(const game *, const mnode *body),
                                int16_t *list, int *count)
{
    if (node < 0)
        return false;
    const mnode *n = &g->nodes[node];
    if (n->op == M_SEQ)
        return collect_after_rules(g, n->a, fits, list, count) && collect_after_rules(g, n->b, fits, list, count);
    if (n->op != M_REPEAT || n->min != 0 || n->max != 1 || !(n->flags & MF_MAXIMAL) || n->a < 0
        || !fits(g, &g->nodes[n->a]) || *count >= GAME_MAX_AFTER_LANDING)
        return false;
    list[(*count)++] = n->a;
    return true;
}

/* An after-rule land_direct can apply: `change to T if COND`, changing
 * the piece that moved into one type where COND, which reads only where
 * it landed, holds. */
static bool change_by_landing(const game *g, const mnode *guard)
{
    if (guard->op != M_GUARD || (guard->flags & MF_AFTER) || !reads_only_here(g, guard->cond) || guard->a < 0)
        return false;
    const mnode *to_type = &g->nodes[guard->a];
    return to_type->op == M_CHANGE && to_type->at < 0 && to_type->types[0] >= 0 && to_type->types[1] < 0;
}

/* game.after_landing_cells: the rules `change to T if here in REGION`
 * read as a bit of a word for each mover. */
static void after_landing_cells(game *g)
{
    for (int i = 0; i < GAME_MAX_AFTER_LANDING; i++) {
        g->spec.after_landing_by_cells[i] = false;
        if (i >= g->spec.after_landing_count || !g->spec.after_at_landing || g->words != 1)
            continue;
        const cexpr *c = &g->exprs[g->nodes[g->spec.after_landing[i]].cond];
        if (c->op != C_COND_IN || g->exprs[c->a].op != C_SET_HERE || g->exprs[c->b].op != C_SET_REGION)
            continue;
        const cexpr *region = &g->exprs[c->b];
        if (region->player != PLAYER_MOVER && region->player < PLAYER_FIXED)
            continue;   /* (a player read from the position: as eval_cond reads it) */
        for (int p = 0; p < g->player_count; p++) {
            int q = region->player >= PLAYER_FIXED ? region->player - PLAYER_FIXED : p;
            g->spec.after_landing_cells[i][p] = g->sets[g->region_sets[region->value * GAME_MAX_PLAYERS + q]].w[0];
        }
        g->spec.after_landing_by_cells[i] = true;
    }
}

/* An after-rule apply_after_actions can apply: an action that makes
 * exactly one change or none (set a variable or flag, change the type of
 * the piece that moved), perhaps under a guard tested before it. */
static bool one_change(const game *g, const mnode *body)
{
    const mnode *action = body;
    if (body->op == M_GUARD && !(body->flags & MF_AFTER) && body->a >= 0)
        action = &g->nodes[body->a];
    return action->op == M_SET_VAR || action->op == M_SET_FLAG
           || (action->op == M_CHANGE && action->at < 0 && action->types[0] >= 0 && action->types[1] < 0);
}

/* For the sight sets whose directions are all shifts (cexpr.sight_shifts):
 * the cells past each cell in each shift direction, to the edge of the
 * board (game.sight_rays, read by sight_all). */
static bool sight_rays(game *g)
{
    free(g->sight_rays);
    g->sight_rays = NULL;
    bool used = false;
    for (int e = 0; e < g->expr_count; e++) {
        cexpr *c = &g->exprs[e];
        c->spec.sight_shifts = c->op == C_SET_SIGHT && steps_are_shifts(g, (int)c->value);
        used = used || c->spec.sight_shifts;
    }
    if (!used)
        return true;
    const board *b = &g->board;
    size_t cells = (size_t)b->cell_count, words = (size_t)g->words;
    g->sight_rays = calloc((size_t)b->direction_count * cells * words, sizeof *g->sight_rays);
    if (!g->sight_rays) {
        for (int e = 0; e < g->expr_count; e++)
            g->exprs[e].spec.sight_shifts = false;
        return false;
    }
    for (int d = 0; d < b->direction_count; d++) {
        if (!g->spec.shift_valid[d])
            continue;
        for (int c = 0; c < b->cell_count; c++) {
            uint64_t *ray = g->sight_rays + ((size_t)d * cells + (size_t)c) * words;
            /* a shift moves the index on by a constant: no step comes back */
            for (int n = board_step(b, c, d); n >= 0; n = board_step(b, n, d))
                ray[n >> 6] |= (uint64_t)1 << (n & 63);
        }
    }
    return true;
}

/* Whether the player reference REF names the player a set is read for, a
 * named one or everyone: no other part of the state. */
static bool fixed_player(int ref)
{
    return ref == PLAYER_MOVER || ref == PLAYER_EVERYONE || ref == PLAYER_ANYONE || ref >= PLAYER_FIXED;
}

/* Whether the set E is fixed for the player it is read for: a constant
 * set, or a region of that player or of a named one. */
static bool fixed_place(const game *g, int e)
{
    const cexpr *c = &g->exprs[e];
    return c->op == C_SET_CONST || (c->op == C_SET_REGION && fixed_player(c->player));
}

/* The fixed sets a content table reads (content_tables). */
typedef struct places {
    int e[GAME_MAX_CONTENT_PLACES];
    int count;
} places;

/* Whether the cell test E reads only the piece on the cell (its type and
 * owner), the player it is read for, and fixed sets (added to PL, false
 * past its room). */
static bool reads_only_content(const game *g, int e, places *pl)
{
    const cexpr *c = &g->exprs[e];
    switch (c->op) {
    case C_SET_EMPTY: case C_SET_OCCUPIED: case C_SET_FRIEND: case C_SET_ENEMY: case C_SET_TYPE: case C_SET_ALL:
    case C_SET_KIN:
        return true;
    case C_SET_OWNER: case C_SET_PIECES:
        return fixed_player(c->player);
    case C_SET_UNION: case C_SET_INTERSECT: case C_SET_MINUS:
        return reads_only_content(g, c->a, pl) && reads_only_content(g, c->b, pl);
    default:
        if (!fixed_place(g, e) || pl->count == GAME_MAX_CONTENT_PLACES)
            return false;
        pl->e[pl->count++] = e;
        return true;
    }
}

/* The fixed set E for PLAYER. */
static const cellset *place_set(const game *g, int e, int player)
{
    const cexpr *c = &g->exprs[e];
    if (c->op == C_SET_CONST)
        return &g->sets[c->value];
    int p = c->player >= PLAYER_FIXED ? c->player - PLAYER_FIXED : player;
    return &g->sets[g->region_sets[c->value * GAME_MAX_PLAYERS + p]];
}

/* Whether a cell holding CODE (0: empty) in the fixed sets PL->e[i] for
 * the bits i of CLS is in E, read for PLAYER, as eval_has answers. */
static bool content_has(const game *g, int e, uint16_t code, int player, const places *pl, unsigned cls)
{
    const cexpr *c = &g->exprs[e];
    switch (c->op) {
    case C_SET_EMPTY: return !code;
    case C_SET_OCCUPIED: return code != 0;
    case C_SET_FRIEND: return code && PIECE_OWNER(code) == player;
    case C_SET_ENEMY: return code && PIECE_OWNER(code) != player;
    case C_SET_TYPE: return code && PIECE_TYPE(code) == c->value;
    case C_SET_ALL: return true;
    case C_SET_KIN: return code && ((c->value >> (player * 4 + PIECE_OWNER(code))) & 1);
    case C_SET_OWNER: case C_SET_PIECES: {
        int q = c->player >= PLAYER_FIXED ? c->player - PLAYER_FIXED : c->player == PLAYER_MOVER ? player : -1;
        return code && (q < 0 || PIECE_OWNER(code) == q)
               && (c->op != C_SET_PIECES || c->value < 0 || PIECE_TYPE(code) == c->value);
    }
    case C_SET_UNION:
        return content_has(g, c->a, code, player, pl, cls) || content_has(g, c->b, code, player, pl, cls);
    case C_SET_INTERSECT:
        return content_has(g, c->a, code, player, pl, cls) && content_has(g, c->b, code, player, pl, cls);
    case C_SET_MINUS:
        return content_has(g, c->a, code, player, pl, cls) && !content_has(g, c->b, code, player, pl, cls);
    default:
        for (int i = 0; i < pl->count; i++)
            if (pl->e[i] == e)
                return (cls >> i) & 1;
        return false;
    }
}

/* The cell tests that read only the cell's piece and fixed sets, as
 * tables of their answers by the piece's type and owner, for each class
 * of cells those sets make (cexpr.content): eval_has reads a bit instead
 * of walking the expression. */
static bool content_tables(game *g)
{
    free(g->content_bits);
    free(g->content_class);
    g->content_bits = NULL;
    g->content_class = NULL;
    int count = 0;
    for (int e = 0; e < g->expr_count; e++) {
        cexpr *c = &g->exprs[e];
        places pl = { .count = 0 };
        c->spec.content = -1;
        c->spec.content_placed = false;
        /* (a single part is as quick to read as the table, but for a
         * region, which is looked up for the player) */
        if (c->spec.cell_test && ((c->op >= C_SET_UNION && c->op <= C_SET_MINUS) || c->op == C_SET_REGION)
            && reads_only_content(g, e, &pl)) {
            c->spec.content = (int16_t)count++;
            c->spec.content_placed = pl.count > 0;
        }
    }
    if (!count)
        return true;
    size_t rows = (size_t)count * GAME_MAX_PLAYERS, cells = (size_t)g->board.cell_count;
    g->content_bits = calloc(rows * GAME_CONTENT_CLASSES * 4, sizeof *g->content_bits);
    g->content_class = calloc(rows * cells + 1, 1);
    if (!g->content_bits || !g->content_class) {
        for (int e = 0; e < g->expr_count; e++)
            g->exprs[e].spec.content = -1;
        return false;
    }
    for (int e = 0; e < g->expr_count; e++) {
        int t = g->exprs[e].spec.content;
        places pl = { .count = 0 };
        if (t >= 0)
            reads_only_content(g, e, &pl);
        for (int player = 0; t >= 0 && player < g->player_count; player++) {
            size_t row = (size_t)t * GAME_MAX_PLAYERS + (size_t)player;
            for (unsigned cls = 0; cls < (1u << pl.count); cls++) {
                uint64_t *bits = g->content_bits + (row * GAME_CONTENT_CLASSES + cls) * 4;
                for (int low = 0; low < 256; low++)
                    if ((low & 0x3F) <= g->type_count
                        && content_has(g, e, (uint16_t)((low & 0x3F) ? low : 0), player, &pl, cls))
                        bits[low >> 6] |= (uint64_t)1 << (low & 63);
            }
            for (size_t cell = 0; cell < cells; cell++)
                for (int i = 0; i < pl.count; i++)
                    if (cellset_has(place_set(g, pl.e[i], player), (int)cell))
                        g->content_class[row * cells + cell] |= (uint8_t)(1u << i);
        }
    }
    return true;
}

/* Whether the set E is every cell (E -1) or a set of the position alone
 * read as a word from a position_view (a word program, or one part that
 * is a word of the position: leaf_word_of): the cells a
 * placement may use (place_sample_words), a step's target and a first
 * hop's (playout_shifts.c). */
static bool word_of_position(const game *g, int e)
{
    if (e < 0)
        return true;
    const cexpr *c = &g->exprs[e];
    if (c->spec.word_program >= 0)
        return set_words_of_position(g, c->spec.word_program);
    return c->op == C_SET_EMPTY || c->op == C_SET_OCCUPIED || c->op == C_SET_FRIEND || c->op == C_SET_ENEMY;
}

/* Collects into game.shift_selects the selects under NODE (alternatives of
 * them) that playout_shifts.c can play on words (see game.playout_shifts). */
static bool shift_selects(game *g, int node)
{
    if (node < 0)
        return false;
    const mnode *n = &g->nodes[node];
    if (n->op == M_ALT)
        return shift_selects(g, n->a) && shift_selects(g, n->b);
    if (n->op != M_SELECT || !(n->spec.flags & NF_SHIFTS) || !(n->spec.flags & NF_UNIQUE) || n->spec.selected_type < 0
        || g->spec.shift_select_count >= GAME_MAX_SHIFT_SELECTS)
        return false;
    for (int i = 0; i < g->spec.shift_select_count; i++)
        if (g->nodes[g->spec.shift_selects[i]].spec.selected_type == n->spec.selected_type)
            return false;   /* (two selects of one type: landings found twice) */
    int hops = 0;
    for (const int16_t *leaf = g->select_leaves + n->spec.leaves; *leaf >= 0; leaf++) {
        const mnode *l = &g->nodes[*leaf];
        if (!(l->spec.flags & NF_LANDING)) {
            if (++hops > GAME_MAX_SHIFT_GROUPS)
                return false;
            /* (first_hop: its over and target are of the position) */
            if (l->spec.first_hop < 0 || !word_of_position(g, g->nodes[l->spec.first_hop].over)
                || !word_of_position(g, g->nodes[l->spec.first_hop].target))
                return false;
            int repeat;
            bool captures;
            g->spec.shift_chains = g->spec.shift_chains && spec_chain_leaf(g, *leaf, &repeat, &captures);
            continue;
        }
        if (!word_of_position(g, l->target))
            return false;
    }
    g->spec.shift_selects[g->spec.shift_select_count++] = (int16_t)node;
    return true;
}

bool spec_chain_leaf(const game *g, int leaf, int *repeat, bool *captures)
{
    const mnode *n = &g->nodes[leaf];
    *captures = false;
    if (n->op == M_SEQ) {
        const mnode *capture = n->b >= 0 ? &g->nodes[n->b] : NULL;
        if (!capture || capture->op != M_CAPTURE || capture->type >= 0 || capture->at < 0
            || g->exprs[capture->at].op != C_SET_JUMPED || g->capture == CAPTURE_RESERVE
            || g->capture == CAPTURE_CONVERT || n->a < 0)
            return false;
        *captures = true;
        leaf = n->a;
        n = &g->nodes[leaf];
    }
    *repeat = leaf;
    return n->op == M_REPEAT && (n->spec.flags & NF_HOP_CHAIN);
}

/* game.playout_shifts (after unique_landings, set_words_build and
 * attack_rays_build). */
static bool shift_playout(game *g)
{
    g->spec.shift_select_count = 0;
    g->spec.shift_chains = true;
    if (!g->spec.unique_shifts || g->words != 1 || !g->spec.direct_emit || g->capture == CAPTURE_RESERVE
        || g->pass_when_stuck || g->pass_always || g->out_var >= 0 || g->spec.quiet_attacked >= 0
        || (g->filter_kinds & ~(1u << FILTER_PREFER_CAPTURES)))
        return false;
    int turn = g->turn;
    if (g->after >= 0) {
        if (!g->spec.after_at_landing || turn < 0 || g->nodes[turn].op != M_SEQ || g->nodes[turn].b != g->after)
            return false;
        for (int i = 0; i < g->spec.after_landing_count; i++)
            if (!g->spec.after_landing_by_cells[i])
                return false;
        turn = g->nodes[turn].a;
    }
    return shift_selects(g, turn);
}

/* For game.landing_quiet_cells: whether the after-rules change no type of
 * piece, every select's landings are off the mover's pieces, and no move
 * is a placement or a hop chain (whose moves are accepted without their
 * changes at hand: apart_from_landings needs them). */
static bool quiet_by_cells(const game *g)
{
    for (int i = 0; i < g->spec.after_action_count; i++) {
        const mnode *n = &g->nodes[g->spec.after_actions[i]];
        if (n->op == M_GUARD)
            n = &g->nodes[n->a];
        if (n->op == M_CHANGE)
            return false;
    }
    for (int i = 0; i < g->node_count; i++) {
        const mnode *n = &g->nodes[i];
        if (n->op == M_PLACE || (n->spec.flags & NF_HOP_CHAIN)
            || (n->op == M_SELECT && (n->spec.flags & NF_LANDINGS) && !landings_off_friends(g, n->a)))
            return false;
    }
    return true;
}

bool specialise_game(game *g)
{
    board_tables(g);
    line_tables(g);
    for (int e = 0; e < g->expr_count; e++)
        g->exprs[e].spec.cell_test = cell_test(g, e);
    if (!content_tables(g))
        return false;
    for (int i = 0; i < g->pattern_count; i++) {
        g->patterns[i].spec.bulk = pattern_bulk_prepare(g, &g->patterns[i]);
        pattern_reach_prepare(g, &g->patterns[i]);
    }
    /* legality is the one test run on a finished turn's position */
    g->spec.direct_emit = true;
    for (int i = 0; i < g->filter_count; i++)
        if (g->filters[i].kind == FILTER_LEGAL_IF)
            g->spec.direct_emit = false;
    g->spec.after_landing_count = 0;
    g->spec.after_at_landing = g->spec.direct_emit
                          && collect_after_rules(g, g->after, change_by_landing, g->spec.after_landing, &g->spec.after_landing_count);
    after_landing_cells(g);
    g->spec.after_action_count = 0;
    if (!collect_after_rules(g, g->after, one_change, g->spec.after_actions, &g->spec.after_action_count))
        g->spec.after_action_count = -1;
    for (int i = 0; i < g->node_count; i++)
        if (fixed_landing(g, &g->nodes[i]))
            g->nodes[i].spec.flags |= NF_LANDING;
    unique_placements(g);
    if (!select_leaf_lists(g))
        return false;
    for (int i = 0; i < g->node_count; i++) {
        mnode *n = &g->nodes[i];
        int landings = 0, others = 0;
        bool take = false;
        if (n->op != M_SELECT)
            continue;
        for (const int16_t *leaf = g->select_leaves + n->spec.leaves; *leaf >= 0; leaf++) {
            const mnode *l = &g->nodes[*leaf];
            if (!fixed_landing(g, l)) {
                others++;
                continue;
            }
            landings++;
            take = take || l->target >= 0;
        }
        if (!landings)
            continue;
        n->spec.flags |= NF_LANDINGS | (others ? NF_MIXED : 0) | (take ? NF_LANDINGS_TAKE : 0);
        if (others)
            mark_first_hops(g, n->a);
        if (shift_steps_only(g, n->a))
            n->spec.flags |= NF_SHIFTS;
    }
    for (int i = 0; i < g->node_count; i++)
        if (g->nodes[i].op == M_SELECT)
            g->nodes[i].spec.selected_type = (int16_t)spec_selected_type(g, &g->nodes[i]);
    unique_landings(g);
    keyed_placements(g);
    hop_chains(g);
    /* (a capture into the reserve is never recorded directly: landing_kind) */
    g->spec.place_turn = -1;
    if (g->turn >= 0 && g->nodes[g->turn].op == M_PLACE && (g->nodes[g->turn].spec.flags & NF_UNIQUE)
        && !(g->nodes[g->turn].spec.flags & NF_KEYED)
        && g->spec.direct_emit && g->filter_count == 0 && g->capture != CAPTURE_RESERVE)
        g->spec.place_turn = g->turn;
    signed char *memo = calloc((size_t)(g->node_count > 0 ? g->node_count : 1), 1);
    if (!memo)
        return false;
    for (int i = 0; i < g->node_count; i++)
        harmless(g, i, memo);
    free(memo);
    if (!step_tables(g) || !sight_rays(g) || !cell_programs_build(g) || !set_words_build(g) || !attack_rays_build(g))
        return false;
    landing_unmade_build(g);
    g->spec.place_words = g->spec.place_turn >= 0 && g->words == 1 && g->out_var < 0
                     && word_of_position(g, g->nodes[g->spec.place_turn].at);   /* (as place_sample_words reads it) */
    g->spec.playout_words = g->spec.place_words && !g->pass_when_stuck && !g->pass_always
                       && !(g->nodes[g->spec.place_turn].flags & MF_FROM_RESERVE);
    g->spec.landing_quiet_cells = g->spec.landing_unmade && g->words == 1 && quiet_by_cells(g);
    g->spec.playout_shifts = shift_playout(g);
    g->spec.shift_chains = g->spec.shift_chains && g->spec.playout_shifts;
    /* The shortcuts above move one piece a cell (a landing's two changes
     * of a cell, a hop chain on words): a game of stacks, whose moves
     * carry the pieces under a top along, plays by its rules alone. */
    if (g->stack_height > 1)
        specialise_none(g);
    /* A slide whose distance is worked out as it runs (`exactly d`) has
     * open bounds in its node, which the tables above would take as its
     * reach: such a game, rare, plays by its rules alone too. */
    for (int i = 0; i < g->node_count; i++)
        if (g->nodes[i].flags & (MF_MIN_VALUE | MF_MAX_VALUE)) {
            specialise_none(g);
            break;
        }
    return true;
}

void specialise_none(game *g)
{
    g->spec = GAME_FACTS_NONE;
    for (int i = 0; i < g->node_count; i++)
        g->nodes[i].spec = NODE_FACTS_NONE;
    for (int e = 0; e < g->expr_count; e++)
        g->exprs[e].spec = EXPR_FACTS_NONE;
    for (int i = 0; i < g->pattern_count; i++)
        g->patterns[i].spec = PATTERN_FACTS_NONE;
}
