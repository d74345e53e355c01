/* movegen: the legal moves of a position, and the end of the game.
 *
 * The generator runs the game's compiled turn (a tree of mnodes) on the
 * position itself: each action changes the position in place through the
 * change log, the rest of the turn runs as a continuation, and the changes
 * are rolled back on the way out.  A complete turn is copied out as a move:
 * a run of changes plus a path for notation.  Two turns that reach the same
 * position are one move (checked by hash where the compiler could not rule
 * it out).  All buffers belong to a movegen workspace made once per game, so
 * generation never allocates.
 */
#ifndef TABULA_MOVEGEN_H
#define TABULA_MOVEGEN_H

#include <stdbool.h>
#include <stdint.h>

#include "game/game.h"
#include "game/position.h"

enum {
    MOVE_CAPTURE = 1 << 0,
    MOVE_PASS = 1 << 1,
    MOVE_RESETS = 1 << 2,   /* resets the 'plies without' count */
    MOVE_CHANCE = 1 << 3,
};

/* Path tokens for notation: kind in the high bits, cell or type below. */
enum {
    PATH_FROM = 1,          /* a piece starts at cell */
    PATH_TO,                /* it moves to cell: "-c4" */
    PATH_TO_CAPTURE,        /* it moves to cell capturing there: "xc4" */
    PATH_CAPTURED,          /* a piece at cell is captured: "xc4" */
    PATH_DROP,              /* a piece of type (next token's value) placed at cell: "@c4" */
    PATH_CHANGE,            /* the piece becomes type: "=Q" */
    PATH_PASS,
    PATH_ROLL,              /* a die showed value */
    PATH_OUT,               /* the player goes out of the game: "out" */
    PATH_ONTO,              /* the stack of the cell before (PATH_FROM) is put
                             * on the stack at cell: "c5^d4" */
    PATH_UNDER,             /* ... under the stack at cell: "d4_c5" */
    PATH_CARRY,             /* so many pieces of the stack at the cell before
                             * (PATH_FROM) are carried: "3a1" (1: "a1") */
    PATH_DROPS,             /* after the PATH_TO of a carry over several cells,
                             * one a cell: how many dropped there, "/12" */
};
#define PATH_TOKEN(kind, value) ((int32_t)(((kind) << 24) | ((value) & 0xFFFFFF)))
#define PATH_KIND(token) ((token) >> 24)
#define PATH_VALUE(token) ((token) & 0xFFFFFF)

typedef struct move {
    int first, count;           /* changes in the list's change buffer */
    int path_first, path_count; /* tokens in the list's path buffer */
    uint32_t flags;
    uint64_t hash;              /* of the position after the move */
} move;

#define MOVELIST_MAX_MOVES 16384
#define MOVELIST_MAX_CHANGES (1 << 18)
#define MOVELIST_MAX_PATH (1 << 18)
/* A turn's depth (each step, hop, repetition and `then` counts) and its
 * notation's length (cells and parts). */
#define MOVEGEN_MAX_TURN_DEPTH 512
#define MOVEGEN_MAX_TURN_PATH 256
/* Move nodes run to generate one position's moves (a chess position needs
 * a few thousand): a bound on rules that explode combinatorially. */
#define MOVEGEN_MAX_WORK 5000000L

/* Why a move list is incomplete: a limit was hit (move_list.limit), while
 * the move node limit_node ran (game.node_locations says where its rule is
 * written).  The list holds the moves found before. */
typedef enum movegen_limit {
    MOVEGEN_LIMIT_NONE,
    MOVEGEN_LIMIT_MOVES,        /* more than MOVELIST_MAX_MOVES moves, or their changes */
    MOVEGEN_LIMIT_TURN_DEPTH,   /* a turn deeper than MOVEGEN_MAX_TURN_DEPTH */
    MOVEGEN_LIMIT_TURN_PATH,    /* a turn longer than MOVEGEN_MAX_TURN_PATH cells */
    MOVEGEN_LIMIT_WORK,         /* more than MOVEGEN_MAX_WORK nodes run */
} movegen_limit;

typedef struct move_list {
    move *moves;
    int count;
    change *changes;
    int change_count;
    int32_t *path;
    int path_count;
    bool overflow;              /* a limit was hit: the list is incomplete */
    movegen_limit limit;        /* which one (the first hit) */
    int limit_node;             /* the move node running then, -1: none */
    bool stuck;                 /* no move but a forced pass */
} move_list;

bool move_list_init(move_list *list);
void move_list_free(move_list *list);
/* A sentence for LIST's limit, with the limit's number ("more than 4096
 * moves in one position"); "" when no limit was hit. */
const char *movegen_limit_text(const move_list *list, char *out, size_t size);
/* Where the rule that hit LIST's limit is written (line 0: unknown). */
source_location movegen_limit_location(const game *g, const move_list *list);

typedef struct movegen movegen;

/* A workspace for one game (not thread-safe; one per thread). */
movegen *movegen_new(const game *g);
void movegen_free(movegen *m);

/* Fills LIST with the legal moves of the player to move. */
void movegen_generate(movegen *m, position *p, move_list *list);

/* Which of the rules' alternatives make moves (tabula analyze: a rule that
 * never fires is a designer's dead rule).  An alternative is a branch of a
 * choice of moves (a line of a moves block, a side of `|`) that is not a
 * choice itself; IS_ALTERNATIVE (game.node_count entries) receives which
 * nodes are.  movegen_count_alternatives runs P's turn with M and counts
 * in COUNTS[a] (game.node_count entries) each move of LEGAL (P's legal
 * moves, as any generator of the game lists them) that went through
 * alternative a: as made when no alternative had made it earlier in the
 * turn, else as repeated; SCRATCH receives M's moves.  A move M finds that
 * is not in LEGAL (by the position it leaves) counts for nothing, so that
 * M's game may be one whose legality filters were taken out, which finds
 * the same moves and more, sooner.  Only the general generator runs the
 * alternatives one by one: M's game must be one that specialise_none took
 * every fact back from (a specialised game's kernels run whole blocks of
 * alternatives at once, and those count nothing).  False when memory ran
 * out (nothing counted). */
typedef struct movegen_alternative_count {
    long made, repeated;
} movegen_alternative_count;
void movegen_alternatives(const game *g, bool *is_alternative);
bool movegen_count_alternatives(movegen *m, position *p, const move_list *legal,
                                movegen_alternative_count *counts, move_list *scratch);

/* The legal moves of the player to move, as movegen_generate finds them,
 * counted but not kept: LIST gets one of them, drawn uniformly with *RNG
 * (reservoir sampling: the n-th move found replaces the one kept with
 * chance 1/n, or a batch of m found together with chance m/n), or the
 * first found when RNG is NULL; none when there is none.  The moves may be
 * found in another order than movegen_generate lists them (a batch of
 * steps goes direction by direction).  Returns how many there are.  For
 * playouts and perft's last ply, which need one move or only the number:
 * the others are never built. */
int movegen_sample(movegen *m, position *p, move_list *list, uint64_t *rng);

/* The index in LIST of move I of OTHER, a list of the same position's
 * moves from another generator (an engine's): the move with the same
 * changes, path and flags; -1 when LIST has none. */
int move_list_find(const move_list *list, const move_list *other, int i);

/* A key of move I of LIST that does not depend on the position: its path
 * (the cells and choices its notation names), hashed (FNV-1a).  The same
 * move in another position has the same key, so what a search learns of a
 * move (alpha-beta's history, MCTS's move averages) carries over to
 * wherever it is played again. */
static inline uint32_t move_path_key(const move_list *list, int i)
{
    const move *mv = &list->moves[i];
    uint32_t h = 2166136261u;
    for (int k = 0; k < mv->path_count; k++) {
        h ^= (uint32_t)list->path[mv->path_first + k];
        h *= 16777619u;
    }
    return h;
}

void move_make(position *p, const move_list *list, int index, undo *u);
/* move_make for good (pos_play): for playouts, which never go back. */
void move_play(position *p, const move_list *list, int index);

/* For evaluation: how many empty cells PLAYER must still fill to win by a
 * rule `connected(PLAYER, A, B, DIRS): PLAYER wins` (Hex): 0 when joined,
 * -1 when the others have cut every way, -2 when the game has no such rule
 * for PLAYER. */
int movegen_goal_distance(movegen *m, position *p, int player);

typedef struct game_result {
    bool over;
    double score[GAME_MAX_PLAYERS];   /* 1 win, 0 loss, shares for draws */
    int winner;                       /* -1 when none */
    int rule;                         /* over: the end rule that held (game.ends), -1: none held
                                       * and nobody could move */
} game_result;

/* Why a game that is over (R) ended: the end rule that held, as its file
 * writes it ("repetition 3"), "an end rule" where its text is unknown (a
 * game not loaded from a file), or "no one can move". */
static inline const char *game_end_text(const game *g, const game_result *r)
{
    if (r->rule >= 0 && r->rule < g->end_count)
        return g->end_texts[r->rule][0] ? g->end_texts[r->rule] : "an end rule";
    return "no one can move";
}

/* PLAYER's score in P by the game's `score` expression (0 when the game
 * has none: see game->score). */
long movegen_score(movegen *m, position *p, int player);

/* Whether the side to move in P is in check: a `legal` filter made of
 * attacked(...) tests (a royal piece's: legal unless attacked(friend
 * king)) would refuse P as it stands, were it the position after one of
 * its moves. */
bool movegen_checked(movegen *m, position *p);
/* Whether game G has such a filter: a royal piece, so that a position can
 * be in check at all. */
bool movegen_guards_royal(const game *g);

/* Whether the game is over in P, whose legal moves are MOVES. */
void movegen_result(movegen *m, position *p, const move_list *moves, game_result *result);
/* The same, where P's moves were counted by movegen_sample: COUNT of
 * them, LIST the list it kept one in. */
void movegen_result_counted(movegen *m, position *p, const move_list *list, int count, game_result *result);

#endif
