/* mcts: UCT with uniformly random playouts and an MCTS-solver.
 *
 * Each node keeps, per player, the sum of the results of the playouts
 * through it (1 a win, 0 a loss, shares for draws, as movegen_result gives
 * them), so a node's value to the player choosing among its children is
 * that player's average; nothing assumes two players or alternation.
 *
 * Solver: an end reached in the tree is proven with its result vector.  A
 * node whose player to move has a child proven to give it 1 (a win) is
 * proven the same; a node all of whose children are proven is proven with
 * the best of them for its player to move (the longest way to the end when
 * it cannot win).  Proven nodes are not searched again: their vector is
 * backed up as the playout's result.  The distance kept with a proof is the
 * length of the proving line, so a proven "win in N" is a forced win in at
 * most N plies.
 *
 * Chance: at a node whose moves hold dice, selection walks the turn
 * (chance_walk): UCT among the ways a choice can go on, each way's visits
 * and results summed over its moves, and a uniformly random face at a die;
 * playouts walk such turns at random.  Such nodes are never proven from
 * their children (the solver's rules are for choices).
 *
 * Cut-off playouts: with an evaluator whose pieces have values, a playout
 * stops after MCTS_CUTOFF plies and each player scores the logistic of its
 * material balance (plus, for the player to move and the one who moved
 * last, the mobility as alpha-beta counts it), normalised so that the
 * scores add up to 1.  Where fewer than MCTS_DECISIVE of the random games
 * sampled by the evaluator ended with a winner within EVALUATE_DECISIVE_PLIES
 * (chess, Superial: random games are mostly drawn; Sapos: they go on for
 * hundreds of plies), a playout says nothing and stops at once: the leaf
 * itself is scored, and MCTS becomes a best-first search on the evaluation
 * with the solver at the ends.
 *
 * MAST (mast=on, mcts_set_mast; off by default): a playout's moves are
 * chosen epsilon-greedily by the move averages of mast.h instead of at
 * random: with chance 0.4 any move, else the one whose average result for
 * its mover, over the playouts in which that player made the same move
 * (the same path) anywhere in the line, is highest.  After each playout
 * every move of its line, the tree's part and the random game's, adds the
 * playout's result for its mover to its average.  The averages are kept
 * from one search to the next, each search keeping half of what came
 * before, and forgotten at a new game: in Othello at 100 ms a move,
 * forgetting them at each search scored 27.5 of 40 games against MAST off,
 * keeping half 35, keeping all 32 (in Breakthrough, at 1000 playouts a
 * move, 20, 20 and 19: no difference).  The cost: a playout must build
 * each position's whole list to score its moves, where without MAST one
 * move is drawn as the moves are found, or played on machine words;
 * searches of 2 s from the start run 2.9 (Breakthrough) to 3.8 (Othello)
 * times fewer playouts, but Tak's as many or more (in 1 s as many, in 2 s
 * 1.6 times as many: guided playouts end sooner).  In matches of 40 games
 * at 100 ms a move, MAST on against off (--openings 2 --seed 7), MAST
 * scored 38 in Tak, 35 in Othello, 19 in Amazons, 14 in Hex, 12 in
 * Breakthrough, 11.5 in Connect Four and 8.5 in checkers (a draw counts a
 * half; with --seed 8, 39 in Tak and 36 in Othello).  At 1000 playouts a
 * move on each side, Breakthrough scored 20, Connect Four 18 and Hex 22:
 * where it loses, MAST's choices gain the playouts nothing, and the
 * playouts cost three times as much.  So it is off unless asked for;
 * Tak and Othello should ask.  Where the leaf is scored at once (no
 * playout: Mynd) it stays off.
 *
 * Proven draws (and other proven results that are neither a win nor a
 * loss) are still selected by UCT, with their proven value, so that their
 * visits compare fairly with the other children's when the move is chosen.
 *
 * The tree lives in a pool made with the searcher; when the pool is full
 * the search goes on without growing the tree.  Children are made in the
 * generator's order, which the same position always repeats, so child k is
 * move k of the node's list.
 *
 * Tree reuse: a search starts from what the last one built when the new
 * position is in that tree, a few plies below its root (the moves played
 * since, in a match or at the REPL): the subtree is copied to the front of
 * a second pool, which becomes the pool, and its visits, results and
 * proofs are kept (they were found with the same history before them).
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "movegen/notation.h"
#include "playout/playout.h"
#include "search/mast.h"
#include "search/search.h"

#define DEFAULT_POOL_NODES (1 << 20)
#define CHANGES_PER_NODE 4      /* room for the changes of the tree's moves: four a node */
#define MAX_LINE 2048           /* the tree walked down (at most half of it: MAX_LINE / 2) */
#define PLAYOUT_PLIES 1000
#define PROGRESS_SECONDS 1.0
#define REUSE_PLIES 4           /* how far below the last root a new root is looked for */

typedef struct tnode {
    uint64_t move;          /* hash of the position after the move into the node */
    uint32_t changes;       /* the move into the node: its changes in mcts.changes, */
    uint16_t change_count;
    uint8_t move_flags;     /* and its MOVE_RESETS and MOVE_PASS */
    int32_t first_child;    /* -1: not expanded */
    uint16_t child_count;
    int8_t side;            /* the player to move here, once expanded */
    uint8_t proven;
    uint8_t chance;         /* its moves hold dice */
    uint8_t prior;          /* with an evaluator: the position after the move, for its mover (0-255) */
    uint16_t distance;      /* proven: plies to the end */
    uint32_t visits;
    float total[GAME_MAX_PLAYERS];
    float proof[GAME_MAX_PLAYERS];
} tnode;

/* A move made in one playout's line (the tree's part and the random
 * game's), for MAST: its entry and who made it. */
typedef struct line_move {
    uint16_t key;
    uint8_t player;
} line_move;

struct mcts {
    const atomic_bool *asked;   /* set: stop, as its engine's caller asks (mcts_set_stop) */
    const game *g;
    movegen *gen;
    const evaluator *eval;      /* NULL: playouts run to the end */
    uint64_t rng;
    tnode *pool;
    tnode *spare;               /* for tree reuse: the pool the kept subtree is copied to */
    /* the changes of the moves into the nodes, so that the tree is walked
     * down by making them, with no move generated on the way (only a node
     * with dice generates its moves, to walk its turn) */
    change *changes;
    change *spare_changes;      /* for tree reuse, as SPARE */
    uint32_t changes_used;
    int32_t *from;              /* for tree reuse: where each copied node came from */
    int used;
    int pool_nodes;             /* the room in POOL (and SPARE, FROM) */
    uint32_t pool_changes;      /* ... and in CHANGES (and SPARE_CHANGES) */
    double exploration;         /* UCT's constant */
    double bias;                /* the weight of a child's prior (progressive bias; 0: none) */
    bool has_tree;              /* the pool holds the last search's tree */
    uint64_t root_hash;         /* of the last search's root */
    uint64_t reused;            /* visits kept by the last search */
    move_list list;
    int order[MOVELIST_MAX_MOVES];   /* chance nodes: the moves by path */
    int32_t line[MAX_LINE];     /* the nodes from the root down */
    undo undos[MAX_LINE];
    char pv_text[4096];
    int cutoff;                 /* plies of a playout before the material decides */
    bool sampled;               /* no dice: a playout's move is drawn as the moves are found */
    position scratch;           /* where a playout is played (pos_copy_forward) */
    bool mast;                  /* playouts choose by the move averages (mcts_set_mast) */
    mast *averages;             /* ... those averages, kept from one search to the next */
    /* each node's move's entry in AVERAGES (as POOL, and SPARE for tree
     * reuse): the tree's moves count in the averages too, and a node
     * keeps no path to find it by (a 64-byte node has no room for it) */
    uint16_t *keys;
    uint16_t *spare_keys;
    line_move line_moves[MAX_LINE / 2 + PLAYOUT_PLIES + 1];   /* the moves of this playout's line */
    int line_move_count;
};

/* The bytes a node of the tree takes, with its share of the changes and
 * of the second pool tree reuse copies into. */
#define NODE_BYTES (2 * sizeof(tnode) + sizeof(int32_t) + 2 * CHANGES_PER_NODE * sizeof(change))

size_t mcts_default_memory(void)
{
    return (size_t)DEFAULT_POOL_NODES * NODE_BYTES;
}

void mcts_set_exploration(mcts *s, double c)
{
    s->exploration = c;
}

void mcts_set_bias(mcts *s, double weight)
{
    s->bias = weight;
}

void mcts_set_stop(mcts *s, const atomic_bool *stop)
{
    s->asked = stop;
}

/* Where the leaf is scored at once, with no playout, there is nothing for
 * the averages to choose: MAST stays off.  The averages and the nodes'
 * entries are made the first time it is turned on, so that a search
 * without MAST neither clears nor holds them. */
bool mcts_set_mast(mcts *s, bool on)
{
    s->has_tree = false;   /* the kept tree's nodes have no entries */
    s->mast = false;
    if (!on || (s->eval && s->cutoff == 0))
        return true;
    if (!s->averages && !(s->averages = malloc(sizeof *s->averages)))
        return false;
    if (!s->keys && !(s->keys = malloc((size_t)s->pool_nodes * sizeof *s->keys)))
        return false;
    mast_clear(s->averages);
    s->mast = true;
    return true;
}

double mcts_mast_average(const mcts *s, int player, const move_list *list, int k)
{
    return s->mast ? mast_average(s->averages, player, mast_key(list, k)) : 1.0;
}

mcts *mcts_new(const game *g, movegen *generator, uint64_t seed, const evaluator *eval, size_t memory)
{
    mcts *s = calloc(1, sizeof *s);
    if (!s)
        return NULL;
    s->g = g;
    s->gen = generator;
    for (int t = 0; eval && t < g->type_count; t++)
        if (eval->value[t])
            s->eval = eval;   /* some piece has a value: playouts may be cut off */
    if (eval && eval->score_sign)
        s->eval = eval;       /* the rules' score decides: it scores a cut-off playout */
    s->cutoff = s->eval && s->eval->decisive < MCTS_DECISIVE ? 0 : MCTS_CUTOFF;
    mcts_new_game(s, seed);
    /* dice outcomes are drawn by their chances (chance_walk), from a list */
    s->sampled = true;
    for (int i = 0; i < g->node_count; i++)
        if (g->nodes[i].op == M_ROLL)
            s->sampled = false;
    uint64_t nodes = memory ? memory / NODE_BYTES : DEFAULT_POOL_NODES;
    /* at least the root and a full list of children; at most what a node's
     * 32-bit index and the changes' 32-bit count reach */
    if (nodes < MOVELIST_MAX_MOVES + 1)
        nodes = MOVELIST_MAX_MOVES + 1;
    if (nodes > (uint64_t)INT32_MAX / CHANGES_PER_NODE)
        nodes = (uint64_t)INT32_MAX / CHANGES_PER_NODE;
    s->pool_nodes = (int)nodes;
    s->pool_changes = (uint32_t)nodes * CHANGES_PER_NODE;
    s->exploration = MCTS_EXPLORATION;
    s->bias = MCTS_BIAS;
    s->pool = malloc((size_t)s->pool_nodes * sizeof *s->pool);
    s->changes = malloc((size_t)s->pool_changes * sizeof *s->changes);
    if (!s->pool || !s->changes || !move_list_init(&s->list) || !pos_init(&s->scratch, g)
        || !mcts_set_mast(s, MCTS_MAST)) {
        mcts_free(s);
        return NULL;
    }
    return s;
}

void mcts_new_game(mcts *s, uint64_t seed)
{
    s->rng = rng_seed(seed ^ 0x853C49E6748FEA9Bull);
    s->has_tree = false;   /* the next search grows a new tree */
    s->used = 0;
    s->changes_used = 0;
    s->root_hash = 0;
    s->reused = 0;
    if (s->mast)
        mast_clear(s->averages);   /* what was learnt of the moves was for another game */
}

void mcts_free(mcts *s)
{
    if (!s)
        return;
    move_list_free(&s->list);
    pos_free(&s->scratch);
    free(s->pool);
    free(s->spare);
    free(s->changes);
    free(s->spare_changes);
    free(s->from);
    free(s->averages);
    free(s->keys);
    free(s->spare_keys);
    free(s);
}

static int new_node(mcts *s, uint64_t child_move)
{
    tnode *n = &s->pool[s->used];
    memset(n, 0, sizeof *n);
    n->move = child_move;
    n->first_child = -1;
    n->side = -1;
    return s->used++;
}

/* A new node for move K of LIST, its changes kept (room checked). */
static void new_child(mcts *s, const move_list *list, int k)
{
    const move *mv = &list->moves[k];
    tnode *n = &s->pool[new_node(s, mv->hash)];
    n->changes = s->changes_used;
    n->change_count = (uint16_t)mv->count;
    n->move_flags = (uint8_t)(mv->flags & (MOVE_RESETS | MOVE_PASS));
    memcpy(s->changes + s->changes_used, list->changes + mv->first, (size_t)mv->count * sizeof *s->changes);
    s->changes_used += (uint32_t)mv->count;
}

/* Makes the move into node C on P. */
static void make_child(position *p, const mcts *s, const tnode *c, undo *u)
{
    pos_make(p, s->changes + c->changes, c->change_count, (c->move_flags & MOVE_RESETS) != 0,
             (c->move_flags & MOVE_PASS) != 0, c->change_count ? c->move : p->hash, u);
}

/* Progressive bias: each child of N (just expanded at P) gets the
 * evaluation of the position after its move for the player who makes it,
 * as the logistic a cut-off playout scores, in 0-255. */
static void set_priors(mcts *s, position *p, tnode *n)
{
    int mover = n->side;
    for (int k = 0; k < n->child_count; k++) {
        tnode *c = &s->pool[n->first_child + k];
        undo u;
        make_child(p, s, c, &u);
        double m = evaluate_material(s->eval, p, mover);
        pos_unmake(p, &u);
        c->prior = (uint8_t)(255.0 / (1.0 + exp(-m / MCTS_MATERIAL_SCALE)) + 0.5);
    }
}


static const double win_threshold = 1.0 - 1e-6;

/* The node of the last tree that stands for position HASH with COUNT moves:
 * the root itself, or a node at most REUSE_PLIES below it; -1 if none. */
static int find_in_tree(const mcts *s, uint64_t root_hash, uint64_t hash, int count)
{
    int level[2][256], sizes[2] = { 1, 0 };
    level[0][0] = 0;
    if (root_hash == hash)
        return s->pool[0].first_child < 0 || s->pool[0].child_count == count ? 0 : -1;
    for (int depth = 1; depth <= REUSE_PLIES; depth++) {
        int *from = level[(depth - 1) & 1], *to = level[depth & 1];
        int n = 0;
        for (int i = 0; i < sizes[(depth - 1) & 1]; i++) {
            const tnode *parent = &s->pool[from[i]];
            for (int k = 0; parent->first_child >= 0 && k < parent->child_count; k++) {
                int c = parent->first_child + k;
                const tnode *child = &s->pool[c];
                if (child->first_child < 0 || child->side < 0 || parent->side < 0)
                    continue;   /* not expanded: nothing to keep */
                /* a move's hash is taken before the turn passes */
                uint64_t position_hash = child->move ^ s->g->zobrist_side[parent->side]
                                         ^ s->g->zobrist_side[child->side];
                if (position_hash == hash)
                    return child->child_count == count ? c : -1;
                if (n < 256)   /* a bounded frontier */
                    to[n++] = c;
            }
        }
        sizes[depth & 1] = n;
        if (n == 0)
            break;
    }
    return -1;
}

/* Makes the subtree at NODE the whole tree: copied breadth first to the
 * front of the spare pool (children stay contiguous), which becomes the
 * pool.  False when there is no spare pool. */
static bool keep_subtree(mcts *s, int node)
{
    if (!s->spare && !(s->spare = malloc((size_t)s->pool_nodes * sizeof *s->spare)))
        return false;
    if (!s->from && !(s->from = malloc((size_t)s->pool_nodes * sizeof *s->from)))
        return false;
    if (!s->spare_changes && !(s->spare_changes = malloc((size_t)s->pool_changes * sizeof *s->spare_changes)))
        return false;
    if (s->mast && !s->spare_keys && !(s->spare_keys = malloc((size_t)s->pool_nodes * sizeof *s->spare_keys)))
        return false;
    tnode *to = s->spare;
    to[0] = s->pool[node];
    to[0].move = 0;
    int used = 1;
    /* the queue is the copied nodes themselves: node i of TO came from
     * node FROM[i] of the old pool */
    int32_t *from = s->from;
    from[0] = node;
    uint32_t changes_used = 0;
    for (int i = 0; i < used; i++) {
        const tnode *old = &s->pool[from[i]];
        if (old->first_child < 0)
            continue;
        int first = used;
        for (int k = 0; k < old->child_count; k++) {
            tnode *c = &to[used];
            *c = s->pool[old->first_child + k];
            memcpy(s->spare_changes + changes_used, s->changes + c->changes,
                   (size_t)c->change_count * sizeof *s->changes);
            c->changes = changes_used;
            changes_used += c->change_count;
            from[used] = old->first_child + k;
            used++;
        }
        to[i].first_child = first;
    }
    if (s->mast) {
        for (int i = 0; i < used; i++)
            s->spare_keys[i] = s->keys[from[i]];
        uint16_t *keys = s->keys;
        s->keys = s->spare_keys;
        s->spare_keys = keys;
    }
    s->spare = s->pool;
    s->pool = to;
    s->used = used;
    change *changes = s->changes;
    s->changes = s->spare_changes;
    s->spare_changes = changes;
    s->changes_used = changes_used;
    return true;
}

/* The child of N (whose player to move is SIDE) that UCT picks. */
static int select_child(mcts *s, const tnode *n)
{
    int side = n->side, best = -1;
    double best_value = -1e300;
    double log_visits = log(n->visits);
    for (int k = 0; k < n->child_count; k++) {
        const tnode *c = &s->pool[n->first_child + k];
        double value;
        if (c->proven && (c->proof[side] >= win_threshold || c->proof[side] <= 1e-9 || c->visits == 0))
            value = c->proof[side];
        else if (c->proven)   /* a draw: visited as its value deserves, as visits choose the move */
            value = c->proof[side] + s->exploration * sqrt(log_visits / c->visits);
        else if (c->visits == 0)   /* untried first: the best prior first, then in random order */
            value = 1e9 + (s->bias > 0 ? c->prior * 65536.0 : 0) + (double)(rng_next(&s->rng) & 0xFFFF);
        else
            value = c->total[side] / c->visits + s->exploration * sqrt(log_visits / c->visits)
                    + s->bias * c->prior / 255.0 / (c->visits + 1);
        if (value > best_value) {
            best_value = value;
            best = k;
        }
    }
    return best;
}

typedef struct uct_ways {
    mcts *s;
    const tnode *n;
} uct_ways;

/* UCT among the ways a turn with dice goes on at node N. */
static int choose_way(const move_list *list, const int *order, const int *way, int ways, int depth,
                      void *context)
{
    (void)list;
    (void)depth;
    uct_ways *u = context;
    mcts *s = u->s;
    const tnode *n = u->n;
    double log_visits = log(n->visits > 0 ? n->visits : 1), best_value = -1e300;
    int best = 0;
    for (int k = 0; k < ways; k++) {
        double visits = 0, total = 0;
        for (int j = way[k]; j < way[k + 1]; j++) {
            const tnode *c = &s->pool[n->first_child + order[j]];
            visits += c->visits;
            total += c->total[n->side];
        }
        double value = visits == 0 ? 1e9 + (double)(rng_next(&s->rng) & 0xFFFF)
                                   : total / visits + s->exploration * sqrt(log_visits / visits);
        if (value > best_value) {
            best_value = value;
            best = k;
        }
    }
    return best;
}

/* The move to descend by at N, whose moves S->list holds. */
static int select_move(mcts *s, const tnode *n)
{
    if (!n->chance)
        return select_child(s, n);
    chance_order(&s->list, s->order);
    uct_ways u = { s, n };
    return chance_walk(&s->list, s->order, choose_way, &u, &s->rng);
}

/* Tries to prove node N from its children; true when it is proven now. */
static bool prove(mcts *s, tnode *n)
{
    int side = n->side, players = s->g->player_count;
    if (n->first_child < 0 || side < 0 || n->chance)
        return false;
    int win = -1, best = -1;
    bool open = false;
    for (int k = 0; k < n->child_count; k++) {
        const tnode *c = &s->pool[n->first_child + k];
        if (!c->proven) {
            open = true;
        } else if (c->proof[side] >= win_threshold) {
            if (win < 0 || c->distance < s->pool[n->first_child + win].distance)
                win = k;   /* the fastest proven win */
        } else if (best < 0) {
            best = k;
        } else {
            const tnode *b = &s->pool[n->first_child + best];
            if (c->proof[side] > b->proof[side] + 1e-6
                || (c->proof[side] > b->proof[side] - 1e-6 && c->distance > b->distance))
                best = k;  /* the best result, reached as late as possible */
        }
    }
    int chosen = win >= 0 ? win : open ? -1 : best;
    if (chosen < 0)
        return false;
    const tnode *b = &s->pool[n->first_child + chosen];
    n->proven = 1;
    n->distance = (uint16_t)(b->distance + 1);
    for (int q = 0; q < players; q++)
        n->proof[q] = b->proof[q];
    return true;
}

/* A playout's move at a turn with dice: the turn walked with fair dice
 * (chance_walk), or any move as likely where this position has none. */
static int choose_fairly(position *p, const move_list *list, void *context, uint64_t *rng)
{
    (void)p;
    mcts *s = context;
    if (!chance_in(list))
        return (int)rng_below(rng, (uint32_t)list->count);
    chance_order(list, s->order);
    return chance_walk(list, s->order, NULL, NULL, rng);
}

/* Notes, for MAST, that PLAYER made the move of entry KEY in this
 * playout's line. */
static void note_move(mcts *s, int player, uint16_t key)
{
    if (s->line_move_count < (int)(sizeof s->line_moves / sizeof *s->line_moves))
        s->line_moves[s->line_move_count++] = (line_move){ key, (uint8_t)player };
}

/* A playout's move by MAST: epsilon-greedy on the mover's averages (at a
 * turn with dice, the turn walked with fair dice, as choose_fairly), the
 * move noted for the averages. */
static int choose_by_averages(position *p, const move_list *list, void *context, uint64_t *rng)
{
    mcts *s = context;
    int k;
    uint16_t key;
    if (!s->sampled && chance_in(list)) {
        k = choose_fairly(p, list, context, rng);
        key = mast_key(list, k);
    } else {
        k = mast_choose(s->averages, p->side, list, MCTS_MAST_EPSILON, rng, &key);
    }
    note_move(s, p->side, key);
    return k;
}

/* Adds this playout's result SCORE to the averages of every move of its
 * line, each for the player who made it. */
static void update_averages(mcts *s, const double *score)
{
    for (int i = 0; i < s->line_move_count; i++)
        mast_add(s->averages, s->line_moves[i].player, s->line_moves[i].key, score[s->line_moves[i].player]);
    s->line_move_count = 0;
}

/* SCORE: each player's material against the others', as a share of a win,
 * in P, whose side to move has MOVES legal moves; MOVER (-1: none) made
 * the move into P from MOVER_MOVES. */
static void score_material(const mcts *s, const position *p, int moves, int mover, int mover_moves, double *score)
{
    int players = s->g->player_count;
    double sum = 0;
    /* in a game decided by the rules' score, each player's against the
     * others' average, as alpha-beta counts it (score_value) */
    long scores[GAME_MAX_PLAYERS] = { 0 }, all = 0;
    if (s->eval->score_sign)
        for (int q = 0; q < players; q++)
            all += scores[q] = movegen_score(s->gen, (position *)p, q);   /* reads, does not change */
    for (int q = 0; q < players; q++) {
        double m = evaluate_material(s->eval, p, q);
        if (s->eval->score_sign)
            m += s->eval->score_sign * s->eval->score_weight * (double)(scores[q] * (players - 1) - (all - scores[q]))
                 / (players - 1);
        /* mobility, as alpha-beta counts it: the side to move's moves
         * against those of the player who moved last (at the cut-off after
         * no plies, hemming a king in is the only way towards a mate that
         * the tree does not see yet) */
        if (mover >= 0 && mover != p->side && (q == p->side || q == mover))
            m += (q == p->side ? 1 : -1) * s->eval->mobility * (moves - mover_moves);
        score[q] = 1.0 / (1.0 + exp(-m / MCTS_MATERIAL_SCALE));
        sum += score[q];
    }
    for (int q = 0; q < players; q++)
        score[q] = sum > 0 ? score[q] / sum : 1.0 / players;
}

/* A random game from P, whose legal moves are in the list, to its end (or
 * the cut-off); the result goes to SCORE.  MOVER (-1: none, at the root)
 * made the move into P from MOVER_MOVES moves: the mobility at a cut-off
 * after no plies.  The game is played by the playout loop (playout_run,
 * as `tabula bench` plays it) on a copy of P, so nothing is unmade. */
static void rollout(mcts *s, position *p, double *score, int mover, int mover_moves)
{
    int players = s->g->player_count;
    if (s->eval && s->cutoff == 0) {
        score_material(s, p, s->list.count, mover, mover_moves, score);
        return;
    }
    pos_copy_forward(&s->scratch, p);
    playout run = { .max_plies = s->eval ? s->cutoff : PLAYOUT_PLIES,
                    .choose = s->mast ? choose_by_averages : s->sampled ? NULL : choose_fairly, .context = s };
    playout_run(s->gen, &s->scratch, &s->list, &s->rng, &run);
    if (run.result.over) {
        for (int q = 0; q < players; q++)
            score[q] = run.result.score[q];
    } else if (s->eval && run.plies >= s->cutoff && run.moves > 0) {
        score_material(s, &s->scratch, run.moves, run.last_mover, run.moves_before, score);
    } else {
        for (int q = 0; q < players; q++)
            score[q] = 1.0 / players;   /* unfinished: shared */
    }
}

/* mcts_tree_agrees below NODE, whose position P is, DEPTH plies below the
 * root; LIST is this level's. */
static bool node_agrees(mcts *s, position *p, int node, int depth, move_list *lists, char *why, size_t size)
{
    const tnode *n = &s->pool[node];
    if (n->first_child < 0)
        return true;
    move_list *list = &lists[depth];
    movegen_generate(s->gen, p, list);
    if (list->count != n->child_count) {
        snprintf(why, size, "%d plies down: %d moves, %d children", depth, list->count, n->child_count);
        return false;
    }
    for (int k = 0; k < n->child_count; k++) {
        const tnode *c = &s->pool[n->first_child + k];
        const move *mv = &list->moves[k];
        if (c->move != mv->hash || c->change_count != mv->count
            || c->move_flags != (mv->flags & (MOVE_RESETS | MOVE_PASS))
            || memcmp(s->changes + c->changes, list->changes + mv->first, (size_t)mv->count * sizeof(change))) {
            snprintf(why, size, "%d plies down: child %d is not move %d", depth, k, k);
            return false;
        }
        if (s->mast && s->keys[n->first_child + k] != mast_key(list, k)) {
            snprintf(why, size, "%d plies down: child %d's MAST entry is not move %d's", depth, k, k);
            return false;
        }
        if (c->first_child < 0)
            continue;
        if (depth + 1 >= 8)
            continue;   /* (deep enough to have seen every way a node is made) */
        undo u;
        make_child(p, s, c, &u);
        bool agrees = node_agrees(s, p, n->first_child + k, depth + 1, lists, why, size);
        pos_unmake(p, &u);
        if (!agrees)
            return false;
        n = &s->pool[node];
    }
    return true;
}

bool mcts_tree_agrees(mcts *s, position *p, char *why, size_t size)
{
    move_list lists[8];
    int ready = 0;
    bool agrees = true;
    for (; ready < 8; ready++)
        if (!move_list_init(&lists[ready])) {
            snprintf(why, size, "out of memory");
            agrees = false;
            break;
        }
    if (agrees && (!s->has_tree || p->hash != s->root_hash)) {
        snprintf(why, size, "no tree for this position");
        agrees = false;
    }
    if (agrees)
        agrees = node_agrees(s, p, 0, 0, lists, why, size);
    while (ready > 0)
        move_list_free(&lists[--ready]);
    return agrees;
}

static int most_visited(const mcts *s, const tnode *root);

/* Whether the line of play from the root P through child NODE and then the
 * most visited children keeps what the game counts as ROOT_COUNTS has it,
 * at every step (P is left as it was found). */
static bool line_keeps_counts(mcts *s, position *p, int node, const game_counts *root_counts)
{
    int made = 0;
    bool keeps = true;
    for (;;) {
        make_child(p, s, &s->pool[node], &s->undos[made++]);
        game_counts now;
        evaluate_counts(s->g, s->gen, p, &now);
        keeps = evaluate_counts_equal(&now, root_counts);
        const tnode *n = &s->pool[node];
        if (!keeps || made >= MAX_LINE / 2 || n->first_child < 0 || n->child_count == 0)
            break;
        int k = most_visited(s, n);
        if (k < 0 || (s->pool[n->first_child + k].visits == 0 && !s->pool[n->first_child + k].proven))
            break;
        node = n->first_child + k;
    }
    while (made > 0)
        pos_unmake(p, &s->undos[--made]);
    return keeps;
}

/* BEST, the root's most visited child, or a pass when one is there, has
 * MCTS_PASS_VISITS playouts (one where a leaf is scored at once) and
 * - BEST's results keep less than MCTS_PASS_HOPELESS of a result: one who
 *   cannot realistically catch up agrees to stop rather than put the end
 *   off;
 * - or the player before passed (AGREEING) and the pass's results are as
 *   good as BEST's (within MCTS_PASS_MARGIN): stopping is as good as
 *   anything;
 * - or nothing the game counts changes (evaluate_counts: no score, no
 *   piece) at any step of the line the search expects after BEST, nor of
 *   the one it expects after the pass, nor by any move about as good as
 *   BEST (within the margin), and no move scores at once
 *   (evaluate_some_move_scores): playing on only shuffles the pieces.
 * In a game that ends when every player passes in a row (Mynd), a search
 * that played on whenever a move tied the pass would play until the
 * rules' last limit, since some shuffle always ties; one that passed on
 * any tie would stop before anything is built, since early on every move
 * ties with the pass on the score.  A pass that is the only move changes
 * nothing.  P's moves are MOVES, in the order of the root's children. */
static int pass_if_as_good(mcts *s, position *p, const move_list *moves, const tnode *root, int best,
                           bool agreeing)
{
    int side = root->side;
    const tnode *chosen = &s->pool[root->first_child + best];
    if (side < 0 || (chosen->move_flags & MOVE_PASS) || chosen->visits == 0 || chosen->proven)
        return best;
    double best_mean = chosen->total[side] / chosen->visits;
    int pass = -1;
    for (int k = 0; k < root->child_count; k++)
        if (s->pool[root->first_child + k].move_flags & MOVE_PASS)
            pass = k;
    /* (a leaf scored at once, with no playout, is scored the same each
     * time: one visit tells) */
    if (pass < 0 || s->pool[root->first_child + pass].visits < (s->eval && s->cutoff == 0 ? 1 : MCTS_PASS_VISITS))
        return best;
    const tnode *c = &s->pool[root->first_child + pass];
    double mean = c->proven ? c->proof[side] : c->total[side] / c->visits;
    if ((agreeing && mean >= best_mean - MCTS_PASS_MARGIN) || best_mean < MCTS_PASS_HOPELESS)
        return pass;
    for (int k = 0; k < root->child_count; k++) {
        const tnode *o = &s->pool[root->first_child + k];
        if (k == pass || k == best || o->visits == 0 || o->total[side] / o->visits < best_mean - MCTS_PASS_MARGIN)
            continue;
        if (k >= moves->count || evaluate_changes_counts(s->g, s->gen, p, moves, k))
            return best;
    }
    game_counts now;
    evaluate_counts(s->g, s->gen, p, &now);
    if (line_keeps_counts(s, p, root->first_child + best, &now)
        && line_keeps_counts(s, p, root->first_child + pass, &now)
        && !evaluate_some_move_scores(s->g, s->eval ? s->eval->score_sign : 0, s->gen, p, moves))
        return pass;
    return best;
}

static int most_visited(const mcts *s, const tnode *root)
{
    int best = -1;
    double best_value = -1;
    for (int k = 0; k < root->child_count; k++) {
        const tnode *c = &s->pool[root->first_child + k];
        double value = c->visits;
        if (c->proven && root->side >= 0)
            value = c->proof[root->side] >= win_threshold ? 1e18 - c->distance
                    : c->proof[root->side] <= 1e-9 ? -1 + 1e-6 * c->visits : value;
        if (value > best_value) {
            best_value = value;
            best = k;
        }
    }
    return best;
}

/* The line of most visited children, as text. */
static const char *pv_text(mcts *s, position *p)
{
    size_t used = 0;
    int made = 0, node = 0;
    s->pv_text[0] = '\0';
    while (made < 32 && s->pool[node].first_child >= 0 && s->pool[node].child_count > 0) {
        int k = most_visited(s, &s->pool[node]);
        if (k < 0 || (s->pool[s->pool[node].first_child + k].visits == 0
                      && !s->pool[s->pool[node].first_child + k].proven))
            break;
        movegen_generate(s->gen, p, &s->list);
        if (k >= s->list.count)
            break;
        char text[512];
        notation_move(s->g, &s->list, k, text, sizeof text);
        size_t length = strlen(text);
        if (used + length + 2 >= sizeof s->pv_text)
            break;
        if (used)
            s->pv_text[used++] = ' ';
        memcpy(s->pv_text + used, text, length + 1);
        used += length;
        move_make(p, &s->list, k, &s->undos[made++]);
        node = s->pool[node].first_child + k;
    }
    while (made > 0)
        pos_unmake(p, &s->undos[--made]);
    return s->pv_text;
}

static void describe(const mcts *s, const tnode *root, int best, search_result *out)
{
    int side = root->side, players = s->g->player_count;
    out->distance = 0;
    if (root->proven) {
        double v = root->proof[side];
        out->distance = root->distance;
        out->score = (int)((v * players - 1.0) / (players - 1) * 1000.0);
        if (v >= win_threshold)
            out->kind = SCORE_WIN;
        else if (v <= 1e-9)
            out->kind = SCORE_LOSS;
        else if (v > 1.0 / players - 1e-6 && v < 1.0 / players + 1e-6)
            out->kind = SCORE_DRAW;
        else
            out->kind = SCORE_VALUE;
        return;
    }
    out->kind = SCORE_VALUE;
    const tnode *c = &s->pool[root->first_child + best];
    double v = c->proven ? c->proof[side] : c->visits ? c->total[side] / c->visits : 1.0 / players;
    out->score = (int)((v * players - 1.0) / (players - 1) * 1000.0);
}

void mcts_search(mcts *s, position *p, move_list *root, long playouts, long time_ms,
                 search_result *result, search_progress progress, void *context, double *values)
{
    memset(result, 0, sizeof *result);
    result->best = root->count > 0 ? 0 : -1;
    if (root->count == 0)
        return;
    int players = s->g->player_count;
    double start = search_clock(), deadline = time_ms > 0 ? start + (double)time_ms / 1000.0 : 0;
    double next_report = start + PROGRESS_SECONDS;
    if (playouts <= 0 && time_ms <= 0)
        playouts = 1000;
    int kept = s->has_tree ? find_in_tree(s, s->root_hash, p->hash, root->count) : -1;
    if (kept < 0 || !keep_subtree(s, kept)) {
        s->used = 0;
        s->changes_used = 0;
        new_node(s, 0);
    }
    s->has_tree = true;
    s->root_hash = p->hash;
    s->reused = s->pool[0].visits;
    if (s->mast)
        mast_decay(s->averages, MCTS_MAST_KEEP);
    s->line_move_count = 0;
    uint64_t done = 0;
    int deepest = 0;
    while (!s->pool[0].proven) {
        if (playouts > 0 && done >= (uint64_t)playouts)
            break;
        if (deadline > 0 && search_clock() >= deadline)
            break;
        if (done > 0 && search_stop_asked(s->asked))
            break;
        /* descend */
        int node = 0, made = 0, mover = -1, mover_moves = 0;
        s->line[0] = 0;
        while (s->pool[node].first_child >= 0 && !s->pool[node].proven && made < MAX_LINE / 2) {
            const tnode *n = &s->pool[node];
            int k;
            if (n->chance) {
                movegen_generate(s->gen, p, &s->list);
                k = select_move(s, n);
            } else {
                k = select_child(s, n);
            }
            if (k < 0 || k >= n->child_count)
                break;
            mover = p->side;
            mover_moves = n->child_count;
            if (s->mast)
                note_move(s, n->side, s->keys[n->first_child + k]);
            make_child(p, s, &s->pool[n->first_child + k], &s->undos[made++]);
            node = n->first_child + k;
            s->line[made] = node;
        }
        int depth = made;
        if (depth > deepest)
            deepest = depth;
        double score[GAME_MAX_PLAYERS] = { 0 };
        tnode *leaf = &s->pool[node];
        bool newly_proven = false;
        if (leaf->proven) {
            for (int q = 0; q < players; q++)
                score[q] = leaf->proof[q];
        } else {
            movegen_generate(s->gen, p, &s->list);
            game_result r;
            movegen_result(s->gen, p, &s->list, &r);
            if (r.over || s->list.count == 0) {
                leaf->proven = 1;
                leaf->distance = 0;
                for (int q = 0; q < players; q++) {
                    leaf->proof[q] = (float)(r.over ? r.score[q] : 1.0 / players);
                    score[q] = leaf->proof[q];
                }
                newly_proven = true;
            } else {
                if (leaf->first_child < 0 && s->used + s->list.count <= s->pool_nodes
                    && s->changes_used + (uint32_t)s->list.change_count <= s->pool_changes
                    && s->list.count <= UINT16_MAX && s->list.change_count <= UINT16_MAX) {
                    leaf->side = (int8_t)p->side;
                    leaf->chance = chance_in(&s->list);
                    int first = s->used;
                    for (int k = 0; k < s->list.count; k++)
                        new_child(s, &s->list, k);
                    for (int k = 0; s->mast && k < s->list.count; k++)
                        s->keys[first + k] = mast_key(&s->list, k);
                    leaf = &s->pool[node];
                    leaf->first_child = first;
                    leaf->child_count = (uint16_t)s->list.count;
                    if (s->eval && s->bias > 0 && !leaf->chance)
                        set_priors(s, p, leaf);
                }
                rollout(s, p, score, mover, mover_moves);
            }
        }
        if (s->mast)
            update_averages(s, score);
        /* back up */
        for (int d = depth; d >= 0; d--) {
            tnode *n = &s->pool[s->line[d]];
            n->visits++;
            for (int q = 0; q < players; q++)
                n->total[q] += (float)score[q];
            if (newly_proven && d < depth)
                newly_proven = prove(s, n);
        }
        while (made > 0)
            pos_unmake(p, &s->undos[--made]);
        done++;
        if (progress && deadline > 0 && s->pool[0].first_child >= 0 && search_clock() >= next_report) {
            next_report += PROGRESS_SECONDS;
            search_result now;
            int best = most_visited(s, &s->pool[0]);
            describe(s, &s->pool[0], best < 0 ? 0 : best, &now);
            search_info info = { deepest, now.kind, now.score, now.distance, done,
                                 search_clock() - start, pv_text(s, p) };
            progress(&info, context);
        }
    }
    tnode *r = &s->pool[0];
    int best = r->first_child >= 0 ? most_visited(s, r) : 0;
    if (best < 0)
        best = 0;
    if (r->first_child >= 0)
        best = pass_if_as_good(s, p, root, r, best, p->passes > 0);
    result->best = best;
    if (values)
        for (int k = 0; k < root->count; k++)
            values[k] = r->first_child >= 0 && k < r->child_count ? s->pool[r->first_child + k].visits : 0;
    result->depth = deepest;
    result->nodes = done;
    result->reused = s->reused;
    result->seconds = search_clock() - start;
    if (r->first_child >= 0)
        describe(s, r, best, result);
    if (progress && r->first_child >= 0) {
        search_info info = { deepest, result->kind, result->score, result->distance, done,
                             result->seconds, pv_text(s, p) };
        progress(&info, context);
    }
}
