/* evaluate: piece values for the search's leaves.
 *
 * With hints, a type's value is its `value N` (times 100).  Without, the
 * values are estimated from seeded random games: for each player and each
 * ply of each finished game, a type's count difference (the player's
 * pieces of that type against the others' average) and the player's result
 * are sampled; the value is the regression slope of result on difference,
 * taken within samples of the same ply and player so that what every game
 * has at that ply (one more mark after an odd ply in tic-tac-toe) counts
 * for nothing.  A type whose difference never varies gets 0.
 *
 * The same games (fewer of them when the values are hinted) measure the
 * share of random games that end with a winner within EVALUATE_DECISIVE_PLIES:
 * where it is low (chess: most random games are drawn or go on for
 * hundreds of plies; Sapos: a race to starve, 300 plies on average) a
 * random playout tells a search little.
 *
 * Each piece also counts its cell, as the rules' moves see it
 * (estimate_cells: a lone piece's moves from each cell of an otherwise
 * empty board, by the generator itself).  A type with a value counts the
 * cells it reaches from there, more or fewer than on average, at the
 * mobility weight each (a knight in the middle, a bishop on the long
 * diagonal).  In a game won by bringing a piece to a region
 * (Breakthrough's far rank: an end rule `count(pieces(P) & CELLS) > 0: P
 * wins`) a piece D of its own moves from the region adds its value times
 * REACH_NEAREST / 2^(D-1): a search that sees only material would walk
 * its pieces forward no sooner than it sees them arrive, some plies too
 * late.  For the same reason the player whose free runner (a piece no
 * enemy can stop on its way: estimate_runners) arrives first gains
 * E->runner_race.
 *
 * Where the game has weights (`tabula tune`, game.weights), they replace
 * the values, the rules' cell bonuses and the cells' estimates (tune
 * starts each cell's weight from the last two): a piece counts its
 * type's material and its cell's weight, summed over the occupied cells.
 * The race of the free runners counts with weights or without.
 */
#include <stdlib.h>
#include <string.h>

#include "ast.h"
#include "search/search.h"

#define ESTIMATE_MAX_PLIES 300
#define ESTIMATE_MAX_MOVES 40000   /* all games together: a bound on the time taken */
#define ESTIMATE_HINTED_MOVES 5000   /* the same when only the decisive share is measured */
#define ESTIMATE_SCALE 2000.0      /* hundredths per unit of result per piece */
#define VALUE_LIMIT 1000
/* A piece one move from its goal region adds this share of its value
 * (each move further, half as much): one move from winning is worth more
 * than the piece itself, as it wins unless taken at once. */
#define REACH_NEAREST 1.2
/* Further than this many moves a piece adds nothing. */
#define REACH_FARTHEST 8

static int count_of(const game *g, const position *p, int player, int type)
{
    int n = 0;
    for (int w = 0; w < g->words; w++)
        n += cellset_bits(p->owned[player].w[w] & p->typed[type].w[w]);
    if (p->reserve[player][type] > 0)
        n += p->reserve[player][type];
    return n;
}

/* The sum of TABLE (per player, type and cell, as eval_weights.cells
 * is laid out) over player Q's pieces on the board. */
static long cell_sum(const game *g, const int *table, const position *p, int q)
{
    int types = g->type_count, cells = g->board.cell_count;
    long sum = 0;
    for (int t = 0; t < types; t++) {
        const int *row = table + ((size_t)q * (size_t)types + (size_t)t) * (size_t)cells;
        for (int k = 0; k < g->words; k++) {
            uint64_t bits = p->owned[q].w[k] & p->typed[t].w[k];
            while (bits) {
                sum += row[k * 64 + __builtin_ctzll(bits)];
                bits &= bits - 1;
            }
        }
    }
    return sum;
}

/* With weights: each player's pieces summed, the material of each type
 * and what each adds on its cell (a sum over the occupied cells, from the
 * weights' table), for PLAYER against the others' average.  (cell_sum's
 * loop, with the count taken in the same pass: this is every leaf's.) */
static int weighted_material(const evaluator *e, const position *p, int player)
{
    const game *g = e->game;
    const eval_weights *w = e->weights;
    int n = g->player_count, types = g->type_count, cells = g->board.cell_count;
    long mine = 0, others = 0;
    for (int q = 0; q < n; q++) {
        long sum = 0;
        for (int t = 0; t < types; t++) {
            const int *table = w->cells + ((size_t)q * (size_t)types + (size_t)t) * (size_t)cells;
            int count = p->reserve[q][t] > 0 ? p->reserve[q][t] : 0;
            for (int k = 0; k < g->words; k++) {
                uint64_t bits = p->owned[q].w[k] & p->typed[t].w[k];
                count += cellset_bits(bits);
                while (bits) {
                    sum += table[k * 64 + __builtin_ctzll(bits)];
                    bits &= bits - 1;
                }
            }
            sum += (long)w->material[t] * count;
        }
        if (q == player)
            mine = sum;
        else
            others += sum;
    }
    return (int)((mine * (n - 1) - others) / (n - 1));
}

/* Without weights: the values, the rules' cell bonuses and the cells'
 * estimate. */
static int estimated_material(const evaluator *e, const position *p, int player)
{
    const game *g = e->game;
    int n = g->player_count;
    long total = 0;
    for (int t = 0; t < g->type_count; t++) {
        if (!e->value[t])
            continue;
        int mine = 0, others = 0;
        for (int q = 0; q < n; q++) {
            int c = count_of(g, p, q, t);
            if (q == player)
                mine += c;
            else
                others += c;
        }
        /* mine - others / (n - 1), kept in integers */
        total += (long)e->value[t] * ((long)mine * (n - 1) - others) / (n - 1);
    }
    /* the rules' cell bonuses, counted the same way */
    for (int i = 0; i < g->bonus_count; i++) {
        const cell_bonus *b = &g->bonuses[i];
        long mine = 0, others = 0;
        for (int q = 0; q < n; q++) {
            cellset on = p->typed[b->type];
            cellset_and(&on, &p->owned[q], g->words);
            cellset_and(&on, &g->sets[b->sets[q]], g->words);
            long c = cellset_count(&on, g->words);
            if (q == player)
                mine += c;
            else
                others += c;
        }
        total += (long)b->value * (mine * (n - 1) - others) / (n - 1);
    }
    if (e->cell_estimate) {
        long mine = 0, others = 0;
        for (int q = 0; q < n; q++) {
            long c = cell_sum(g, e->cell_estimate, p, q);
            if (q == player)
                mine = c;
            else
                others += c;
        }
        total += (mine * (n - 1) - others) / (n - 1);
    }
    return (int)total;
}

int evaluate_material(const evaluator *e, const position *p, int player)
{
    int v = e->weights ? weighted_material(e, p, player) : estimated_material(e, p, player);
    return v + evaluate_runner_race(e, p, player);
}

int evaluate_piece_value(const evaluator *e, int player, int type, int cell)
{
    const game *g = e->game;
    if (type < 0 || type >= g->type_count)
        return 0;
    int v = e->value[type];
    if (player < 0 || player >= g->player_count || cell < 0 || cell >= g->board.cell_count)
        return v;
    const int *cells = e->weights ? e->weights->cells : e->cell_estimate;
    if (cells)
        v += cells[((size_t)player * (size_t)g->type_count + (size_t)type) * (size_t)g->board.cell_count + (size_t)cell];
    for (int i = 0; !e->weights && i < g->bonus_count; i++) {
        /* the rules' cell bonuses, which estimated_material counts */
        const cell_bonus *b = &g->bonuses[i];
        if (b->type == type && cellset_has(&g->sets[b->sets[player]], cell))
            v += b->value;
    }
    return v;
}

typedef struct sums {
    double n, d, o, dd, dout;
} sums;

int evaluate_goal_cells(const game *g, movegen *gen, position *p, int player)
{
    int n = g->player_count, mine = 0;
    long others = 0;
    for (int q = 0; q < n; q++) {
        int d = movegen_goal_distance(gen, p, q);
        if (d == -2)
            d = 0;                      /* no connection goal for q */
        else if (d < 0)
            d = g->board.cell_count;    /* cut off */
        if (q == player)
            mine = d;
        else
            others += d;
    }
    return (int)(others / (n - 1) - mine);
}

long evaluate_score_points(const game *g, movegen *gen, position *p, int player, long weight)
{
    int n = g->player_count;
    long mine = 0, others = 0;
    for (int q = 0; q < n; q++) {
        long v = movegen_score(gen, p, q);
        if (q == player)
            mine = v;
        else
            others += v;
    }
    return weight * (mine * (n - 1) - others) / (n - 1);
}

/* Whether C is `count(S) > 0` (or `>= 1`, `!= 0`, `nonempty(S)`): *SET
 * gets S. */
static bool some_in(const game *g, const cexpr *c, int *set)
{
    if (c->op == C_COND_NONEMPTY) {
        *set = c->a;
        return true;
    }
    if (c->op != C_COND_CMP || c->a < 0 || c->b < 0)
        return false;
    const cexpr *count = &g->exprs[c->a], *bound = &g->exprs[c->b];
    if (count->op != C_NUM_COUNT || bound->op != C_NUM_CONST)
        return false;
    bool holds = (c->value == AST_OP_GT && bound->value == 0) || (c->value == AST_OP_GE && bound->value == 1)
                 || (c->value == AST_OP_NE && bound->value == 0);
    *set = count->a;
    return holds;
}

/* The fixed cells E names for player Q (a constant set, or a region of
 * Q's or of a named player's); NULL when E is none of these. */
static const cellset *fixed_cells(const game *g, const cexpr *e, int q)
{
    if (e->op == C_SET_CONST)
        return &g->sets[e->value];
    if (e->op != C_SET_REGION)
        return NULL;
    int whose = e->player >= PLAYER_FIXED ? e->player - PLAYER_FIXED : e->player == PLAYER_MOVER ? q : -1;
    return whose >= 0 ? &g->sets[g->region_sets[e->value * 4 + whose]] : NULL;
}

/* Whether end rule R wins the game for player Q once a piece of Q's (of
 * *TYPE, -1: any) stands on *GOAL: `count(pieces(Q) & CELLS) > 0: Q wins`,
 * Q named or the mover (whose region CELLS may be). */
static bool reach_rule(const game *g, const end_rule *r, int q, int *type, const cellset **goal)
{
    int set;
    if (r->outcome != OUTCOME_WIN || !some_in(g, &g->exprs[r->condition], &set) || set < 0)
        return false;
    int winner = r->player >= PLAYER_FIXED ? r->player - PLAYER_FIXED : r->player == PLAYER_MOVER ? q : -1;
    const cexpr *both = &g->exprs[set];
    if (winner != q || both->op != C_SET_INTERSECT || both->a < 0 || both->b < 0)
        return false;
    for (int side = 0; side < 2; side++) {
        const cexpr *pieces = &g->exprs[side ? both->b : both->a], *cells = &g->exprs[side ? both->a : both->b];
        int owner = pieces->player >= PLAYER_FIXED ? pieces->player - PLAYER_FIXED
                    : pieces->player == PLAYER_MOVER ? q : -1;
        if (pieces->op != C_SET_PIECES || owner != q)
            continue;
        *goal = fixed_cells(g, cells, q);
        *type = pieces->value;
        if (*goal)
            return true;
    }
    return false;
}

/* A board to try a lone piece's moves on: the generator, a position and
 * a move list, an empty board and a mark per cell. */
typedef struct lone_board {
    const game *game;
    movegen *gen;
    position *p;
    move_list list;
    bool list_ok, position_ok;
    uint16_t *alone;
    int *stamp, mark;
} lone_board;

/* False when memory runs out (lone_board_close frees what was got). */
static bool lone_board_open(lone_board *b, const game *g)
{
    memset(b, 0, sizeof *b);
    b->game = g;
    b->gen = movegen_new(g);
    b->p = malloc(sizeof *b->p);
    b->list_ok = move_list_init(&b->list);
    b->alone = calloc((size_t)g->board.cell_count, sizeof *b->alone);
    b->stamp = calloc((size_t)g->board.cell_count, sizeof *b->stamp);
    b->position_ok = b->p && pos_init(b->p, g);
    return b->gen && b->list_ok && b->alone && b->stamp && b->position_ok;
}

static void lone_board_close(lone_board *b)
{
    if (b->position_ok)
        pos_free(b->p);
    free(b->p);
    if (b->list_ok)
        move_list_free(&b->list);
    movegen_free(b->gen);
    free(b->alone);
    free(b->stamp);
}

/* The cells a lone piece of TYPE and PLAYER's on CELL moves to: at most
 * MAX of them into TO (each once); returns how many there are, all of
 * them counted. */
/* PLAYER's moves on the board B->alone holds (with PLAYER to move and
 * nothing in reserve), generated into B->list. */
static const move_list *lone_generate(lone_board *b, int player)
{
    int32_t reserve[GAME_MAX_PLAYERS][GAME_MAX_TYPES] = { { 0 } };
    pos_load(b->p, b->alone, NULL, NULL, reserve, b->game->var_initial, 0, 0, player);
    movegen_generate(b->gen, b->p, &b->list);
    return &b->list;
}

static int lone_moves(lone_board *b, int player, int type, int cell, int *to, int max)
{
    b->alone[cell] = PIECE_CODE(type, player, 0);
    const move_list *list = lone_generate(b, player);
    b->alone[cell] = 0;
    int found = 0, mark = ++b->mark;
    for (int i = 0; i < list->count; i++)
        for (int k = list->moves[i].first; k < list->moves[i].first + list->moves[i].count; k++) {
            const change *ch = &list->changes[k];
            if (ch->kind != CHANGE_CELL || ch->index == cell || ch->after <= 0
                || PIECE_OWNER((uint16_t)ch->after) != player || b->stamp[ch->index] == mark)
                continue;
            b->stamp[ch->index] = mark;
            if (found < max)
                to[found] = ch->index;
            found++;
        }
    return found;
}

/* Free runners.  In a game won by reaching a region, a piece whose way
 * there no enemy piece can cross in time wins the race unless the other
 * side's runner is faster: chess players count such a pawn by the rule
 * of the square, and a search that sees only material and cells finds it
 * some plies too late (Breakthrough: a pawn on an open wing, five moves
 * from the far rank, can be won plies before the search sees it arrive).
 *
 * From the rules' moves (a lone piece's, as estimate_cells reads them):
 * for each player's reaching type and cell C, its distance D in moves to
 * the goal region and the cells Z on its shortest ways there (C itself
 * and the cells S moves on, short of the region).  An enemy piece of any
 * type on cell Y stops it when it can stand on a cell from which it moves
 * to some Z within the moves the runner needs to get there: K(Y,Z) <= S,
 * one fewer when the runner's side moves next.  This is cautious: a
 * runner is free only when every shortest way is clear, and an enemy that
 * could merely step onto the way counts as one that takes (in
 * Breakthrough the two are the same cells but for the straight step).
 *
 * Each such cell has two sets of Y, by who moves next.  They are kept
 * the other way round (runner_guards): for each enemy cell Y, the cells
 * whose runner a piece on Y stops, so that a leaf finds its free runners
 * a word at a time, the union of what the enemy pieces stop taken off
 * the pieces with a distance (runner_cells), and no further once every
 * runner is stopped, rather than asking each piece's set in turn: in
 * Breakthrough's middle game the race took 8.7% of the search's
 * instructions that way, and takes 4.1% so (the same values). */

/* Cells beyond which the all-pairs tables are not built (their cost is the
 * board's cells cubed once, at load). */
#define RUNNER_MAX_CELLS 256
#define RUNNER_UNREACHED 0xFFFF

/* DIST (CELLS x CELLS): the moves a lone piece needs from each cell to
 * each other, over MOVES (each cell's moves, COUNT[c] of them at
 * MOVES[c * CELLS]). */
static void all_distances(int cells, const int *moves, const int *count, uint16_t *dist, int *queue)
{
    for (int from = 0; from < cells; from++) {
        uint16_t *row = dist + (size_t)from * (size_t)cells;
        for (int c = 0; c < cells; c++)
            row[c] = RUNNER_UNREACHED;
        int head = 0, tail = 0;
        row[from] = 0;
        queue[tail++] = from;
        while (head < tail) {
            int c = queue[head++];
            for (int k = 0; k < count[c]; k++) {
                int to = moves[(size_t)c * (size_t)cells + (size_t)k];
                if (row[to] == RUNNER_UNREACHED) {
                    row[to] = (uint16_t)(row[c] + 1);
                    queue[tail++] = to;
                }
            }
        }
    }
}

/* Whether a piece's ways are its own moves, one a turn, in turn order:
 * every move is one step or leap that takes what it lands on, and the
 * players take turns in a fixed cycle.  A slide or a move of several
 * steps can be blocked on its way, which a lone piece's moves do not show
 * (a queen one slide from the far rank behind a wall of pawns is no
 * runner); a placement, a hop (taking a piece it does not land on), a
 * push, a capture or change elsewhere, or dice could stop a runner the
 * tables do not see.  (A runner's own pieces in its way are not counted.) */
static bool runners_countable(const game *g)
{
    if (!g->order_by_side || g->turn_ruled)
        return false;
    for (int i = 0; i < g->node_count; i++)
        switch (g->nodes[i].op) {
        case M_ALT: case M_GUARD: case M_SELECT: case M_STEP: case M_LEAP: case M_APPLY: case M_SET_VAR:
        case M_SET_FLAG:
            break;
        default:
            return false;
        }
    return true;
}

/* What a piece takes.  In a game whose every move is one step or leap
 * that takes what it lands on (runners_countable), a piece takes on a
 * cell where an enemy piece stands and one of its moves lands: for each
 * player's type and cell, the cells where it would take, read off the
 * rules' own moves with the piece on a board otherwise full of enemy
 * pieces (each other player's of each type in turn), every move that
 * lands on one of them a capture there.  A step that only moves onto
 * empty cells (Breakthrough's straight step) takes nothing.  The search
 * reads it (evaluate_attacks) to tell an offer, a quiet move onto a cell
 * an enemy piece could take on, from the other quiet moves. */

/* Adds to TAKES the cells where a piece of TYPE and PLAYER's on CELL takes
 * a piece of ENEMY's of type VICTIM that stands there. */
static void lone_takes(lone_board *b, int player, int type, int cell, int enemy, int victim, uint64_t *takes)
{
    int cells = b->game->board.cell_count;
    for (int c = 0; c < cells; c++)
        b->alone[c] = PIECE_CODE(victim, enemy, 0);
    b->alone[cell] = PIECE_CODE(type, player, 0);
    const move_list *list = lone_generate(b, player);
    for (int c = 0; c < cells; c++)
        b->alone[c] = 0;
    for (int i = 0; i < list->count; i++) {
        if (!(list->moves[i].flags & MOVE_CAPTURE))
            continue;
        for (int k = list->moves[i].first; k < list->moves[i].first + list->moves[i].count; k++) {
            const change *ch = &list->changes[k];
            if (ch->kind == CHANGE_CELL && ch->index != cell && ch->after > 0
                && PIECE_OWNER((uint16_t)ch->after) == player)
                takes[ch->index / 64] |= 1ull << (ch->index % 64);
        }
    }
}

/* E->takes (see above), left NULL where the board has more than
 * RUNNER_MAX_CELLS cells, cells hold stacks or the moves are not all
 * steps and leaps; false when memory runs out. */
static bool estimate_takes(evaluator *e, const game *g)
{
    int n = g->player_count, types = g->type_count, cells = g->board.cell_count, words = g->words;
    if (n < 2 || types <= 0 || cells <= 0 || cells > RUNNER_MAX_CELLS || g->stack_height > 1 || !runners_countable(g))
        return true;
    uint64_t *takes = calloc((size_t)n * (size_t)types * (size_t)cells * (size_t)words, sizeof *takes);
    lone_board lone;
    bool ok = lone_board_open(&lone, g) && takes;
    bool any = false;
    for (int q = 0; ok && q < n; q++)
        for (int t = 0; t < types; t++)
            for (int c = 0; c < cells; c++) {
                uint64_t *row = takes + (((size_t)q * (size_t)types + (size_t)t) * (size_t)cells + (size_t)c) * (size_t)words;
                for (int enemy = 0; enemy < n; enemy++)
                    for (int victim = 0; enemy != q && victim < types; victim++)
                        lone_takes(&lone, q, t, c, enemy, victim, row);
                for (int k = 0; k < words; k++)
                    any = any || row[k];
            }
    if (ok && any)
        e->takes = takes;
    else
        free(takes);
    lone_board_close(&lone);
    return ok;
}

bool evaluate_attacks(const evaluator *e, const position *p, int player, cellset *attacks)
{
    if (!e->takes)
        return false;
    const game *g = e->game;
    int types = g->type_count, cells = g->board.cell_count, words = g->words;
    cellset_clear(attacks, words);
    for (int t = 0; t < types; t++) {
        const uint64_t *table = e->takes + ((size_t)player * (size_t)types + (size_t)t) * (size_t)cells * (size_t)words;
        for (int k = 0; k < words; k++) {
            uint64_t bits = p->owned[player].w[k] & p->typed[t].w[k];
            while (bits) {
                const uint64_t *row = table + (size_t)(k * 64 + __builtin_ctzll(bits)) * (size_t)words;
                bits &= bits - 1;
                for (int j = 0; j < words; j++)
                    attacks->w[j] |= row[j];
            }
        }
    }
    return true;
}

/* The runner tables (see above) for each player's type in HAS, whose goal
 * region is GOAL.  Left NULL where the board is too big or the game's
 * moves are not all the runners' kind (runners_countable).  False when
 * memory runs out. */
static bool estimate_runners(evaluator *e, const game *g, cellset goal[][GAME_MAX_TYPES],
                             bool has[][GAME_MAX_TYPES])
{
    int n = g->player_count, types = g->type_count, cells = g->board.cell_count, words = g->words;
    if (cells > RUNNER_MAX_CELLS || !runners_countable(g))
        return true;
    size_t square = (size_t)cells * (size_t)cells, kinds = (size_t)n * (size_t)types;
    int *moves = malloc(square * sizeof *moves);
    int *count = malloc((size_t)cells * sizeof *count);
    int *queue = malloc((size_t)cells * sizeof *queue);
    uint16_t *dist = malloc(kinds * square * sizeof *dist);     /* per kind: cell to cell */
    uint16_t *stop = malloc(kinds * square * sizeof *stop);     /* per kind: K(Y, Z) */
    int *to_goal = malloc((size_t)cells * sizeof *to_goal);
    uint8_t *distance = calloc(kinds * (size_t)cells, sizeof *distance);
    uint64_t *stoppers = calloc(kinds * (size_t)cells * 2 * (size_t)words, sizeof *stoppers);
    lone_board lone;
    bool ok = lone_board_open(&lone, g) && moves && count && queue && dist && stop && to_goal && distance
              && stoppers;
    /* every kind's distances, and K: the moves to stand where it moves to Z */
    for (size_t kind = 0; ok && kind < kinds; kind++) {
        int q = (int)(kind / (size_t)types), t = (int)(kind % (size_t)types);
        for (int c = 0; c < cells; c++)
            count[c] = lone_moves(&lone, q, t, c, moves + (size_t)c * (size_t)cells, cells);
        uint16_t *d = dist + kind * square, *k = stop + kind * square;
        all_distances(cells, moves, count, d, queue);
        for (size_t i = 0; i < square; i++)
            k[i] = RUNNER_UNREACHED;
        for (int y = 0; y < cells; y++)
            for (int x = 0; x < cells; x++) {
                uint16_t there = d[(size_t)y * (size_t)cells + (size_t)x];
                if (there == RUNNER_UNREACHED)
                    continue;
                for (int j = 0; j < count[x]; j++) {
                    uint16_t *slot = &k[(size_t)y * (size_t)cells + (size_t)moves[(size_t)x * (size_t)cells + (size_t)j]];
                    if (there < *slot)
                        *slot = there;
                }
            }
    }
    bool any = false;
    for (int q = 0; ok && q < n; q++)
        for (int t = 0; t < types; t++) {
            if (!has[q][t])
                continue;
            size_t kind = (size_t)q * (size_t)types + (size_t)t;
            const uint16_t *d = dist + kind * square;
            for (int c = 0; c < cells; c++) {
                int best = RUNNER_UNREACHED;
                for (int z = cellset_next(&goal[q][t], -1, words); z >= 0; z = cellset_next(&goal[q][t], z, words))
                    if (d[(size_t)c * (size_t)cells + (size_t)z] < best)
                        best = d[(size_t)c * (size_t)cells + (size_t)z];
                to_goal[c] = best;
            }
            for (int c = 0; c < cells; c++) {
                if (to_goal[c] < 1 || to_goal[c] > REACH_FARTHEST)
                    continue;
                distance[kind * (size_t)cells + (size_t)c] = (uint8_t)to_goal[c];
                any = true;
                uint64_t *runner_next = stoppers + (kind * (size_t)cells + (size_t)c) * 2 * (size_t)words;
                uint64_t *enemy_next = runner_next + words;
                for (int z = 0; z < cells; z++) {
                    int s = d[(size_t)c * (size_t)cells + (size_t)z];
                    if (s == RUNNER_UNREACHED || to_goal[z] < 1 || s + to_goal[z] != to_goal[c])
                        continue;   /* not on a shortest way, or in the region */
                    for (size_t enemy = 0; enemy < kinds; enemy++) {
                        if ((int)(enemy / (size_t)types) == q)
                            continue;
                        const uint16_t *k = stop + enemy * square;
                        for (int y = 0; y < cells; y++) {
                            int moves_there = k[(size_t)y * (size_t)cells + (size_t)z];
                            if (moves_there <= s)
                                enemy_next[y / 64] |= 1ull << (y % 64);
                            if (moves_there + 1 <= s)
                                runner_next[y / 64] |= 1ull << (y % 64);
                        }
                    }
                }
            }
        }
    uint64_t *guards = NULL, *with_distance = NULL;
    if (ok && any) {
        guards = calloc(kinds * 2 * (size_t)cells * (size_t)words, sizeof *guards);
        with_distance = calloc(kinds * (size_t)words, sizeof *with_distance);
        ok = guards && with_distance;
    }
    /* the stoppers turned round: a runner on C is stopped by a piece on Y
     * (TEMPO: whether its side moves next, 0, or not, 1) */
    for (size_t kind = 0; ok && any && kind < kinds; kind++)
        for (int c = 0; c < cells; c++) {
            if (!distance[kind * (size_t)cells + (size_t)c])
                continue;
            with_distance[kind * (size_t)words + (size_t)c / 64] |= 1ull << (c % 64);
            for (int tempo = 0; tempo < 2; tempo++) {
                const uint64_t *set = stoppers + ((kind * (size_t)cells + (size_t)c) * 2 + (size_t)tempo) * (size_t)words;
                for (int y = 0; y < cells; y++)
                    if (set[y / 64] >> (y % 64) & 1)
                        guards[((kind * 2 + (size_t)tempo) * (size_t)cells + (size_t)y) * (size_t)words + (size_t)c / 64]
                            |= 1ull << (c % 64);
            }
        }
    if (ok && any) {
        e->runner_distance = distance;
        e->runner_cells = with_distance;
        e->runner_guards = guards;
    } else {
        free(distance);
        free(with_distance);
        free(guards);
    }
    free(stoppers);
    lone_board_close(&lone);
    free(to_goal);
    free(stop);
    free(dist);
    free(queue);
    free(count);
    free(moves);
    return ok;
}

int evaluate_runner_race(const evaluator *e, const position *p, int player)
{
    if (!e->runner_distance)
        return 0;
    const game *g = e->game;
    int n = g->player_count, types = g->type_count, cells = g->board.cell_count, words = g->words;
    int first = -1, first_ply = 1 << 30;
    for (int wait = 0, side = p->side; wait < n; wait++, side = g->side_after[side]) {
        /* SIDE moves after WAIT plies */
        size_t tempo = wait == 0 ? 0 : 1;
        for (int t = 0; t < types; t++) {
            size_t kind = (size_t)side * (size_t)types + (size_t)t;
            const uint64_t *with_distance = e->runner_cells + kind * (size_t)words;
            uint64_t runners[CELLSET_WORDS];
            bool some = false;
            for (int k = 0; k < words; k++) {
                runners[k] = p->owned[side].w[k] & p->typed[t].w[k] & with_distance[k];
                some = some || runners[k];
            }
            if (!some)
                continue;
            /* the runners no enemy piece stops (most are stopped by the
             * first few enemies: none left, none to look for) */
            const uint64_t *guards = e->runner_guards + (kind * 2 + tempo) * (size_t)cells * (size_t)words;
            for (int k = 0; k < words && some; k++) {
                uint64_t enemies = p->occupied.w[k] & ~p->owned[side].w[k];
                while (enemies && some) {
                    const uint64_t *stopped = guards + (size_t)(k * 64 + __builtin_ctzll(enemies)) * (size_t)words;
                    enemies &= enemies - 1;
                    uint64_t left = 0;
                    for (int j = 0; j < words; j++)
                        left |= runners[j] &= ~stopped[j];
                    some = left != 0;
                }
            }
            const uint8_t *distance = e->runner_distance + kind * (size_t)cells;
            for (int k = 0; k < words; k++)
                for (uint64_t bits = runners[k]; bits; bits &= bits - 1) {
                    int arrival = wait + (distance[k * 64 + __builtin_ctzll(bits)] - 1) * n + 1;
                    if (arrival < first_ply) {
                        first = side;
                        first_ply = arrival;
                    }
                }
        }
    }
    if (first < 0)
        return 0;
    return first == player ? e->runner_race : -e->runner_race / (n - 1);
}

/* What the evaluator knows of each piece's cell from the rules' moves,
 * read off a lone piece's moves from every cell of an otherwise empty
 * board (the generator's, so that the moves are the rules' own):
 *
 * - in a game won by reaching a region (see the top), how many moves a
 *   piece is from it: E->reach_goal and E->reach_near, and
 * - where BONUS (no weights), E->cell_estimate: for each player, type and
 *   cell, what a piece there adds: REACH_NEAREST of its value one move
 *   from its goal region, half as much each move further; and for a type
 *   with a value, the mobility weight for each cell it reaches from there
 *   more than on average (a knight in the middle of a chess board reaches
 *   8, in a corner 2: a piece's moves from a cell are its scope there,
 *   which the mobility term sees only at the leaves, and only for the
 *   side to move).
 *
 * Not in games of stacks.  Left NULL where there is nothing to say.
 * False when memory runs out. */
static bool estimate_cells(evaluator *e, const game *g, bool bonus)
{
    int n = g->player_count, types = g->type_count, cells = g->board.cell_count;
    if (g->stack_height > 1 || cells <= 0 || types <= 0)
        return true;
    cellset goal[GAME_MAX_PLAYERS][GAME_MAX_TYPES];
    bool reaching = false, has[GAME_MAX_PLAYERS][GAME_MAX_TYPES] = { { false } };
    for (int q = 0; q < n; q++)
        for (int i = 0; i < g->end_count; i++) {
            int type;
            const cellset *cellsof;
            if (!reach_rule(g, &g->ends[i], q, &type, &cellsof))
                continue;
            for (int t = 0; t < types; t++)
                if (type < 0 || type == t) {
                    if (!has[q][t])
                        cellset_clear(&goal[q][t], g->words);
                    cellset_or(&goal[q][t], cellsof, g->words);
                    has[q][t] = reaching = true;
                }
        }
    bool scoped = false;
    for (int t = 0; bonus && t < types; t++)
        scoped = scoped || e->value[t] > 0;
    if (!reaching && !scoped)
        return true;
    size_t size = (size_t)n * (size_t)types * (size_t)cells;
    int *table = bonus ? calloc(size, sizeof *table) : NULL;
    cellset *near = reaching ? calloc((size_t)n * (size_t)types, sizeof *near) : NULL;
    cellset *goals = reaching ? calloc((size_t)n, sizeof *goals) : NULL;
    int *next = malloc((size_t)cells * REACH_FARTHEST * sizeof *next);   /* where a piece's moves go */
    int *scope = malloc((size_t)cells * sizeof *scope);                 /* how many cells */
    int *distance = malloc((size_t)cells * sizeof *distance);
    lone_board lone;
    bool ok = lone_board_open(&lone, g) && (table || !bonus) && (!reaching || (near && goals)) && next && scope
              && distance;
    bool any = false;
    for (int q = 0; ok && q < n; q++)
        for (int t = 0; ok && t < types; t++) {
            bool scope_counts = bonus && e->value[t] > 0;
            if (!has[q][t] && !scope_counts)
                continue;
            long total = 0;
            int from = 0;
            for (int c = 0; c < cells; c++) {
                scope[c] = lone_moves(&lone, q, t, c, next + c * REACH_FARTHEST, REACH_FARTHEST);
                for (int k = scope[c] < REACH_FARTHEST ? scope[c] : REACH_FARTHEST; k < REACH_FARTHEST; k++)
                    next[c * REACH_FARTHEST + k] = -1;
                total += scope[c];
                from += scope[c] > 0;
            }
            int *row = table ? table + ((size_t)q * (size_t)types + (size_t)t) * (size_t)cells : NULL;
            if (scope_counts && from > 0) {
                /* the scope against its average over the cells it moves from */
                for (int c = 0; c < cells; c++) {
                    double more = scope[c] - (double)total / from;
                    row[c] += (int)(more * e->mobility + (more < 0 ? -0.5 : 0.5));
                    any = any || row[c] != 0;
                }
            }
            if (!has[q][t])
                continue;
            cellset_or(&goals[q], &goal[q][t], g->words);
            /* the moves to the goal, one more each round */
            for (int c = 0; c < cells; c++)
                distance[c] = cellset_has(&goal[q][t], c) ? 0 : -1;
            for (int d = 1; d <= REACH_FARTHEST; d++)
                for (int c = 0; c < cells; c++) {
                    if (distance[c] >= 0)
                        continue;
                    for (int k = 0; k < REACH_FARTHEST; k++) {
                        int to = next[c * REACH_FARTHEST + k];
                        if (to >= 0 && distance[to] >= 0 && distance[to] < d) {
                            distance[c] = d;
                            break;
                        }
                    }
                }
            int value = e->value[t] > 0 ? e->value[t] : 100;
            for (int c = 0; c < cells; c++) {
                if (distance[c] == 1)
                    cellset_add(&near[q * types + t], c);
                if (row && distance[c] > 0) {
                    row[c] += (int)(value * REACH_NEAREST / (double)(1 << (distance[c] - 1)) + 0.5);
                    any = true;
                }
            }
        }
    ok = ok && (!reaching || estimate_runners(e, g, goal, has));
    cellset *reach = reaching && ok ? calloc((size_t)n, sizeof *reach) : NULL;
    ok = ok && (!reaching || reach);
    for (int q = 0; reach && q < n; q++) {
        cellset_copy(&reach[q], &goals[q], g->words);
        for (int t = 0; t < types; t++)
            cellset_or(&reach[q], &near[q * types + t], g->words);
    }
    if (ok) {
        e->cell_estimate = any ? table : NULL;
        e->reach_near = near;
        e->reach_goal = goals;
        e->reach_cells = reach;
    }
    if (!ok || !any)
        free(table);
    if (!ok) {
        free(near);
        free(goals);
    }
    lone_board_close(&lone);
    free(distance);
    free(scope);
    free(next);
    return ok;
}

bool evaluate_reach_threat(const evaluator *e, const position *p, int player)
{
    const game *g = e->game;
    if (!e->reach_near)
        return false;
    for (int t = 0; t < g->type_count; t++) {
        const cellset *near = &e->reach_near[player * g->type_count + t];
        for (int k = 0; k < g->words; k++)
            if (p->owned[player].w[k] & p->typed[t].w[k] & near->w[k])
                return true;
    }
    return false;
}

void evaluator_free(evaluator *e)
{
    free(e->cell_estimate);
    free(e->reach_near);
    free(e->reach_goal);
    free(e->reach_cells);
    free(e->runner_distance);
    free(e->runner_cells);
    free(e->runner_guards);
    free(e->takes);
    e->takes = NULL;
    e->runner_distance = NULL;
    e->runner_cells = NULL;
    e->runner_guards = NULL;
    e->cell_estimate = NULL;
    e->reach_near = NULL;
    e->reach_goal = NULL;
    e->reach_cells = NULL;
}

bool evaluator_init(evaluator *e, const game *g, int playouts, uint64_t seed)
{
    return evaluator_init_weighted(e, g, g->weights, playouts, seed);
}

int evaluate_score_sign(const game *g)
{
    int sign = 0;
    for (int i = 0; g->score >= 0 && i < g->end_count; i++) {
        if (g->ends[i].outcome == OUTCOME_HIGHEST_SCORE)
            sign = 1;
        if (g->ends[i].outcome == OUTCOME_LOWEST_SCORE)
            sign = -1;
    }
    return sign;
}

bool evaluator_init_weighted(evaluator *e, const game *g, const eval_weights *weights, int playouts,
                             uint64_t seed)
{
    memset(e, 0, sizeof *e);
    e->game = g;
    e->mobility = EVALUATE_MOBILITY;
    e->goal_weight = EVALUATE_GOAL_CELL;
    e->score_weight = EVALUATE_SCORE_POINT;
    e->runner_race = EVALUATE_RUNNER_RACE;
    for (int i = 0; i < g->end_count; i++)
        if (g->exprs[g->ends[i].condition].op == C_COND_CONNECTED && g->ends[i].outcome == OUTCOME_WIN)
            e->goals = true;
    e->score_sign = evaluate_score_sign(g);
    e->decisive = 1;
    e->capture_share = 1;
    for (int t = 0; t < g->type_count; t++) {
        e->value[t] = g->types[t].value * 100;
        if (e->value[t])
            e->hinted = true;
    }
    if (weights) {
        /* the weights stand for every estimate: the random games below
         * only measure how often random play decides */
        e->weights = weights;
        e->mobility = weights->mobility;
        e->goal_weight = weights->goal;
        e->score_weight = weights->score;
        for (int t = 0; t < g->type_count; t++)
            e->value[t] = weights->material[t];
    }
    if (playouts <= 0 || g->type_count == 0)
        return estimate_cells(e, g, !weights) && estimate_takes(e, g);
    /* with hints the games only measure how often random play decides */
    long max_moves = e->hinted ? ESTIMATE_HINTED_MOVES : ESTIMATE_MAX_MOVES;
    /* with weights the same games are played as without, so that the
     * shares measured are the same, but no values are learnt from them */
    bool learn = !e->hinted && !weights;

    int n = g->player_count, types = g->type_count;
    /* per (ply, player, type) sums, and the current game's differences */
    size_t cells = (size_t)ESTIMATE_MAX_PLIES * (size_t)n * (size_t)types;
    sums *acc = calloc(cells, sizeof *acc);
    int *diff = malloc(cells * sizeof *diff);
    movegen *m = movegen_new(g);
    position *p = malloc(sizeof *p);
    move_list list;
    bool list_ok = move_list_init(&list);
    bool ok = acc && diff && m && p && list_ok;
    bool position_ok = ok && pos_init(p, g);
    ok = ok && position_ok;
    uint64_t state = rng_seed(seed ^ 0xD1B54A32D192ED03ull);
    long moves_made = 0, moves_seen = 0, captures_seen = 0;
    int games = 0, decided = 0;
    for (int k = 0; ok && k < playouts && moves_made < max_moves; k++) {
        pos_reset(p);
        game_result result = { 0 };
        int plies = 0;
        for (; plies < ESTIMATE_MAX_PLIES; plies++) {
            for (int q = 0; learn && q < n; q++) {   /* hinted or weighted: no values to learn */
                int counts[GAME_MAX_PLAYERS];
                for (int t = 0; t < types; t++) {
                    int all = 0;
                    for (int r = 0; r < n; r++)
                        all += counts[r] = count_of(g, p, r, t);
                    size_t i = ((size_t)plies * (size_t)n + (size_t)q) * (size_t)types + (size_t)t;
                    diff[i] = counts[q] * (n - 1) - (all - counts[q]);   /* (n-1) times */
                }
            }
            movegen_generate(m, p, &list);
            if (list.overflow) {   /* a limit (movegen.h): this game is too big to sample */
                moves_made = max_moves;
                break;
            }
            movegen_result(m, p, &list, &result);
            if (result.over || list.count == 0)
                break;
            moves_seen += list.count;
            for (int i = 0; i < list.count; i++)
                captures_seen += (list.moves[i].flags & MOVE_CAPTURE) != 0;
            move_play(p, &list, (int)(rng_next(&state) % (uint64_t)list.count));   /* (never taken back) */
            moves_made++;
        }
        games++;
        bool decisive = false;
        for (int q = 1; result.over && plies <= EVALUATE_DECISIVE_PLIES && q < n; q++)
            if (result.score[q] != result.score[0])
                decisive = true;
        decided += decisive;
        if (!result.over || !learn)
            continue;   /* unfinished: no result to learn from */
        for (int ply = 0; ply <= plies && ply < ESTIMATE_MAX_PLIES; ply++)
            for (int q = 0; q < n; q++) {
                double o = result.score[q] - 1.0 / n;
                for (int t = 0; t < types; t++) {
                    size_t i = ((size_t)ply * (size_t)n + (size_t)q) * (size_t)types + (size_t)t;
                    double d = diff[i] / (double)(n - 1);
                    sums *s = &acc[i];
                    s->n += 1;
                    s->d += d;
                    s->o += o;
                    s->dd += d * d;
                    s->dout += d * o;
                }
            }
    }
    if (games > 0)
        e->decisive = (double)decided / games;
    if (moves_seen > 0)
        e->capture_share = (double)captures_seen / (double)moves_seen;
    if (ok && learn) {
        for (int t = 0; t < types; t++) {
            double cov = 0, var = 0, samples = 0;
            for (int ply = 0; ply < ESTIMATE_MAX_PLIES; ply++)
                for (int q = 0; q < n; q++) {
                    const sums *s = &acc[((size_t)ply * (size_t)n + (size_t)q) * (size_t)types + (size_t)t];
                    if (s->n < 2)
                        continue;
                    cov += s->dout - s->d * s->o / s->n;
                    var += s->dd - s->d * s->d / s->n;
                    samples += s->n;
                }
            if (samples < 1 || var / samples < 0.01)
                continue;   /* the count hardly varies between games */
            double v = ESTIMATE_SCALE * cov / var;
            if (v > VALUE_LIMIT)
                v = VALUE_LIMIT;
            if (v < -VALUE_LIMIT)
                v = -VALUE_LIMIT;
            e->value[t] = (int)(v < 0 ? v - 0.5 : v + 0.5);
        }
    }
    if (position_ok)
        pos_free(p);
    free(p);
    if (list_ok)
        move_list_free(&list);
    movegen_free(m);
    free(diff);
    free(acc);
    /* the nearness to a goal region, from the values (with weights: their
     * cells stand for it) */
    return ok && estimate_cells(e, g, !weights) && estimate_takes(e, g);
}

void evaluate_counts(const game *g, movegen *gen, position *p, game_counts *out)
{
    memset(out, 0, sizeof *out);
    for (int q = 0; q < g->player_count; q++) {
        long *c = out->value + q * GAME_COUNTS_WIDTH;
        c[0] = movegen_score(gen, p, q);   /* (0 without a score) */
        for (int t = 0; t < g->type_count; t++) {
            int on_board = 0;
            for (int w = 0; w < g->words; w++)
                on_board += cellset_bits(p->owned[q].w[w] & p->typed[t].w[w]);
            c[1 + 2 * t] = on_board;
            c[2 + 2 * t] = p->reserve[q][t];
        }
    }
}

bool evaluate_counts_equal(const game_counts *a, const game_counts *b)
{
    return memcmp(a->value, b->value, sizeof a->value) == 0;
}

bool evaluate_changes_counts(const game *g, movegen *gen, position *p, const move_list *list,
                             int index)
{
    game_counts before, after;
    evaluate_counts(g, gen, p, &before);
    undo u;
    move_make(p, list, index, &u);
    evaluate_counts(g, gen, p, &after);
    pos_unmake(p, &u);
    return !evaluate_counts_equal(&before, &after);
}

bool evaluate_some_move_scores(const game *g, int score_sign, movegen *gen, position *p, const move_list *list)
{
    if (g->score < 0 || score_sign == 0)
        return false;
    int mover = p->side, n = g->player_count;
    long before[GAME_MAX_PLAYERS];
    for (int q = 0; q < n; q++)
        before[q] = movegen_score(gen, p, q);
    for (int i = 0; i < list->count; i++) {
        if (list->moves[i].flags & MOVE_PASS)
            continue;
        undo u;
        move_make(p, list, i, &u);
        long mine = 0, most_other = 0;
        bool first = true;
        for (int q = 0; q < n; q++) {
            long delta = score_sign * (movegen_score(gen, p, q) - before[q]);
            if (q == mover) {
                mine = delta;
            } else if (first || delta > most_other) {
                most_other = delta;
                first = false;
            }
        }
        pos_unmake(p, &u);
        if (mine > most_other)
            return true;
    }
    return false;
}
