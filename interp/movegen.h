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

#include "game.h"
#include "position.h"

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

#define MOVELIST_MAX_MOVES 4096
#define MOVELIST_MAX_CHANGES (1 << 16)
#define MOVELIST_MAX_PATH (1 << 16)

typedef struct move_list {
    move *moves;
    int count;
    change *changes;
    int change_count;
    int32_t *path;
    int path_count;
    bool overflow;              /* more moves than the limits allow */
    bool stuck;                 /* no move but a forced pass */
} move_list;

bool move_list_init(move_list *list);
void move_list_free(move_list *list);

typedef struct movegen movegen;

/* A workspace for one game (not thread-safe; one per thread). */
movegen *movegen_new(const game *g);
void movegen_free(movegen *m);

/* Fills LIST with the legal moves of the player to move. */
void movegen_generate(movegen *m, position *p, move_list *list);

void move_make(position *p, const move_list *list, int index, undo *u);

typedef struct game_result {
    bool over;
    double score[GAME_MAX_PLAYERS];   /* 1 win, 0 loss, shares for draws */
    int winner;                       /* -1 when none */
} game_result;

/* PLAYER's score in P by the game's `score` expression (0 when the game
 * has none: see game->score). */
long movegen_score(movegen *m, position *p, int player);

/* Whether the game is over in P, whose legal moves are MOVES. */
void movegen_result(movegen *m, position *p, const move_list *moves, game_result *result);

#endif
