/* tabula.h: Tabula as a C library (libtabula).
 *
 * Load a board game from its rules file (or from the text of one), make
 * positions, list the legal moves and play them, read and write moves and
 * positions as text, ask whether the game is over and who won, count the
 * move sequences to a depth (perft), and let an engine choose a move
 * within a limit.  Compile and link with
 *
 *     cc prog.c $(pkg-config --cflags --libs tabula)
 *
 * A short program and every function's contract: libtabula(3).
 *
 * Errors are values.  A function that can fail returns a tabula_status,
 * TABULA_OK (0) on success, and when its last argument ERROR is not NULL
 * writes what went wrong into ERROR->message (and the status into
 * ERROR->status).  A call that fails changes nothing.  Nothing here exits
 * or prints, but tabula_diagnostics_write and tabula_limit_write, to the
 * stream they are given.  A
 * rules file's mistakes are diagnostics (tabula_diagnostic): each with its
 * file, line, column, severity, message and hint.
 *
 * Memory: what a _new, _load or _copy function makes is the caller's,
 * freed by the matching _free (which takes NULL).  A string a function
 * returns lives as long as the object it comes from.  A game must outlive
 * its positions and engines.
 *
 * Threads: a game, once loaded, does not change, and any number of
 * threads may use it at once (to make positions and engines of it, which
 * is all they do with it).  A position, an engine and a diagnostics list
 * belong to one thread at a time: two threads must not call functions on
 * the same one at once without a lock of their own.  Games may be loaded
 * in several threads at once.
 *
 * Players are numbered from 0 in the order the rules declare them; moves
 * are numbered from 0 in the order tabula_moves lists them.
 */
#ifndef TABULA_H
#define TABULA_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#ifdef __cplusplus
extern "C" {
#endif

#if defined(__GNUC__) && __GNUC__ >= 4
#define TABULA_API __attribute__((visibility("default")))
#else
#define TABULA_API
#endif

/* The library's version, "MAJOR.MINOR.PATCH" (the package's). */
TABULA_API const char *tabula_version(void);

typedef enum tabula_status {
    TABULA_OK = 0,
    TABULA_ERROR_ARGUMENT,      /* a NULL, out of range or malformed argument */
    TABULA_ERROR_UNREADABLE,    /* the rules file could not be read */
    TABULA_ERROR_RULES,         /* the rules have errors: see the diagnostics */
    TABULA_ERROR_POSITION,      /* a position text that does not read */
    TABULA_ERROR_MOVE,          /* a move that is not legal here, or a text naming none or several */
    TABULA_ERROR_ENGINE,        /* an engine text that does not read, or has no limit */
    TABULA_ERROR_OVER,          /* the game is over: nothing to play or search */
    TABULA_ERROR_NOTHING_TO_UNDO,
    TABULA_ERROR_LIMIT,         /* a limit of the move generator was hit: the moves are not all there */
    TABULA_ERROR_MEMORY,        /* memory ran out */
} tabula_status;

#define TABULA_MESSAGE_SIZE 512
typedef struct tabula_error {
    tabula_status status;
    char message[TABULA_MESSAGE_SIZE];   /* a sentence without a final newline */
} tabula_error;

/* A few words naming STATUS ("the move is not legal"). */
TABULA_API const char *tabula_status_text(tabula_status status);

/* --- games and their diagnostics */

typedef struct tabula_game tabula_game;
typedef struct tabula_diagnostics tabula_diagnostics;

/* Loads the rules file PATH, the game or its VARIANT (NULL: the game
 * itself; "a+b" applies variant b over a), into *GAME.  Included files
 * are searched for in the stdlib folder (the environment's TABULA_STDLIB,
 * else the installed one), TABULA_PATH, the file's folder, then the
 * installed games.  When DIAGNOSTICS is not NULL, *DIAGNOSTICS receives
 * what the load found (warnings too, on success as well; NULL only when
 * memory ran out).  TABULA_ERROR_UNREADABLE: PATH cannot be read;
 * TABULA_ERROR_RULES: the rules have errors (in the diagnostics, of which
 * ERROR->message quotes the first). */
TABULA_API tabula_status tabula_game_load(const char *path, const char *variant, tabula_game **game,
                                          tabula_diagnostics **diagnostics, tabula_error *error);
/* The same for the text of a rules file, LENGTH bytes, called NAME in
 * diagnostics (and its folder the one includes are searched in). */
TABULA_API tabula_status tabula_game_load_text(const char *name, const char *text, size_t length,
                                               const char *variant, tabula_game **game,
                                               tabula_diagnostics **diagnostics, tabula_error *error);
TABULA_API void tabula_game_free(tabula_game *game);

/* The game's name as its rules give it ("Chess"), and its variant's ("":
 * none). */
TABULA_API const char *tabula_game_name(const tabula_game *game);
TABULA_API const char *tabula_game_variant(const tabula_game *game);
/* How many players it has, and PLAYER's name (NULL when out of range). */
TABULA_API int tabula_game_players(const tabula_game *game);
TABULA_API const char *tabula_game_player_name(const tabula_game *game, int player);

typedef enum tabula_severity {
    TABULA_SEVERITY_ERROR,
    TABULA_SEVERITY_WARNING,
    TABULA_SEVERITY_NOTE,
} tabula_severity;

typedef struct tabula_diagnostic {
    tabula_severity severity;
    const char *file;           /* the file as named or found; NULL: no place in a file */
    int line, column;           /* from 1, columns in characters; 0 without a file */
    int end_line, end_column;   /* where the text it is about ends (inclusive) */
    const char *message;
    const char *hint;           /* what may fix it; NULL: none */
} tabula_diagnostic;

/* How many diagnostics there are, and how many of them are errors. */
TABULA_API int tabula_diagnostics_count(const tabula_diagnostics *diagnostics);
TABULA_API int tabula_diagnostics_errors(const tabula_diagnostics *diagnostics);
/* Diagnostic INDEX (0 to count - 1, in the order `tabula check` prints
 * them) into *OUT; its strings live as long as DIAGNOSTICS. */
TABULA_API tabula_status tabula_diagnostics_get(const tabula_diagnostics *diagnostics, int index,
                                                tabula_diagnostic *out);
/* Writes them all to STREAM as `tabula check` does: "file:line:col:
 * error: message", the source line with a caret under the place, the hint;
 * COLOUR: with terminal colours. */
TABULA_API tabula_status tabula_diagnostics_write(const tabula_diagnostics *diagnostics, FILE *stream,
                                                  bool colour);
TABULA_API void tabula_diagnostics_free(tabula_diagnostics *diagnostics);

/* --- positions */

typedef struct tabula_position tabula_position;

/* A new position of GAME: its start, or the position TEXT writes (as
 * tabula_position_write writes it; for chess, FEN). */
TABULA_API tabula_status tabula_position_new(const tabula_game *game, tabula_position **position,
                                             tabula_error *error);
TABULA_API tabula_status tabula_position_from_text(const tabula_game *game, const char *text,
                                                   tabula_position **position, tabula_error *error);
/* A copy of POSITION as it stands (the moves played before it are not
 * kept: it has nothing to undo; a repetition rule still sees them). */
TABULA_API tabula_status tabula_position_copy(const tabula_position *position, tabula_position **copy,
                                              tabula_error *error);
TABULA_API void tabula_position_free(tabula_position *position);

/* Writes POSITION as one line of text into OUT (SIZE bytes, always
 * terminated when SIZE > 0); returns the length it needed, not counting
 * the terminator, as snprintf does. */
TABULA_API size_t tabula_position_write(const tabula_position *position, char *out, size_t size);
/* The player to move, and how many plies were played to reach POSITION. */
TABULA_API int tabula_position_side(const tabula_position *position);
TABULA_API int tabula_position_ply(const tabula_position *position);
TABULA_API const tabula_game *tabula_position_game(const tabula_position *position);

/* --- moves */

/* Lists the legal moves of the player to move (kept in POSITION until a
 * move is played or undone); *COUNT (may be NULL) receives how many.
 * TABULA_ERROR_LIMIT: a limit of the move generator was hit (the rules
 * make too many moves or too long a turn; the message names the rule),
 * and no move may be played from this position. */
TABULA_API tabula_status tabula_moves(tabula_position *position, int *count, tabula_error *error);
/* Writes the limit tabula_moves reported (TABULA_ERROR_LIMIT) as `tabula
 * check` writes a diagnostic (tabula_diagnostics_write): at the rule that
 * hit it, with the rule's line, a caret and a hint.  TABULA_ERROR_ARGUMENT
 * when POSITION's moves hit no limit. */
TABULA_API tabula_status tabula_limit_write(tabula_position *position, FILE *stream, bool colour);
/* Writes move INDEX as text (Tabula's notation, "e2-e4", "b1-c3", "@d4";
 * the parts of a compound turn joined by a space) into OUT, as
 * tabula_position_write writes; 0 when there is no such move. */
TABULA_API size_t tabula_move_write(tabula_position *position, int index, char *out, size_t size);
/* The move TEXT names, as `tabula play`'s prompt reads it: its whole text,
 * a start of one move's text alone, in chess its algebraic text (Nf3,
 * O-O, e8=Q), or loosely (e2e4, E2-E4, e7e8q).  *INDEX receives it.
 * TABULA_ERROR_MOVE when TEXT names no legal move or several (the
 * message says which). */
TABULA_API tabula_status tabula_move_find(tabula_position *position, const char *text, int *index,
                                          tabula_error *error);
/* Plays move INDEX, or the move TEXT names (tabula_move_find). */
TABULA_API tabula_status tabula_play(tabula_position *position, int index, tabula_error *error);
TABULA_API tabula_status tabula_play_text(tabula_position *position, const char *text, tabula_error *error);
/* Takes back the last move played on POSITION with tabula_play, back to
 * where it was made (TABULA_ERROR_NOTHING_TO_UNDO: none, or a game too
 * long to take moves back). */
TABULA_API tabula_status tabula_undo(tabula_position *position, tabula_error *error);

/* --- the result */

#define TABULA_MAX_PLAYERS 4

typedef struct tabula_result {
    bool over;
    int winner;                         /* the player who won, -1: none (a draw, or not over) */
    double score[TABULA_MAX_PLAYERS];   /* over: each player's share, 1 a win, 0 a loss, draws shared */
    const char *reason;                 /* over: why, the end rule as its file writes it
                                         * ("repetition 3"), or "no one can move"; NULL: not over */
} tabula_result;

/* Whether the game is over in POSITION, who won and why. */
TABULA_API tabula_status tabula_result_get(tabula_position *position, tabula_result *result,
                                           tabula_error *error);

/* --- counting and searching */

/* The number of move sequences of DEPTH plies (1 to 64) from POSITION, as
 * `tabula perft` counts them (a sequence ends where the game does);
 * POSITION is left as it was.  TABULA_ERROR_LIMIT as tabula_moves. */
TABULA_API tabula_status tabula_perft(tabula_position *position, int depth, uint64_t *count,
                                      tabula_error *error);

typedef struct tabula_engine tabula_engine;

/* The largest depth of an ab engine's limit, and of threads of an engine. */
#define TABULA_SEARCH_MAX_DEPTH 63
#define TABULA_SEARCH_MAX_THREADS 64

/* An engine for GAME made from SPEC, as `tabula search --engine` reads it:
 * "ab:depth=N", "ab:time=MS", "ab:nodes=N", "mcts:playouts=N",
 * "mcts:time=MS" (keys joined by commas: "ab:depth=6,time=1000",
 * "threads=N" for either), or "random".  An ab or mcts engine needs a
 * limit (TABULA_ERROR_ENGINE otherwise).  SEED seeds its random choices:
 * one thread and one seed choose the same moves every time.  An engine
 * keeps what it learnt from one search to the next (its table, its tree). */
TABULA_API tabula_status tabula_engine_new(const tabula_game *game, const char *spec, uint64_t seed,
                                           tabula_engine **engine, tabula_error *error);
TABULA_API void tabula_engine_free(tabula_engine *engine);
/* Whether SPEC reads as tabula_engine_new reads it, limit included,
 * without a game (to check a user's text before loading one):
 * TABULA_ERROR_ENGINE, the message saying why, when it does not. */
TABULA_API tabula_status tabula_engine_check(const char *spec, tabula_error *error);

typedef enum tabula_score_kind {
    TABULA_SCORE_VALUE,         /* a value: see score */
    TABULA_SCORE_WIN,           /* a won end in distance plies */
    TABULA_SCORE_LOSS,
    TABULA_SCORE_DRAW,
} tabula_score_kind;

typedef struct tabula_search_result {
    int move;                   /* the move chosen, by its index in POSITION's moves (tabula_moves) */
    tabula_score_kind kind;
    int score;                  /* for the player to move: ab in hundredths of a piece of value 1,
                                 * mcts the expected result mapped to -1000..1000 */
    int distance;               /* WIN, LOSS: plies to the end, the last move included */
    int depth;                  /* ab: the last depth searched through */
    uint64_t nodes;             /* positions visited (mcts: playouts) */
    double seconds;
} tabula_search_result;

/* How a search is going: after each depth (ab) or now and then (mcts). */
typedef struct tabula_search_info {
    int depth;                  /* ab: the depth just searched through */
    tabula_score_kind kind;
    int score, distance;        /* as in tabula_search_result */
    uint64_t nodes;
    double seconds;
    const char *line;           /* the moves the engine expects, in notation, space separated */
} tabula_search_info;
typedef void (*tabula_progress)(const tabula_search_info *info, void *context);
/* From now on ENGINE's searches call PROGRESS (NULL: none) with CONTEXT,
 * in the thread that called tabula_engine_choose. */
TABULA_API void tabula_engine_set_progress(tabula_engine *engine, tabula_progress progress, void *context);

/* ENGINE chooses a move in POSITION (left as it was found) within its
 * limit.  TABULA_ERROR_OVER when the game is over there. */
TABULA_API tabula_status tabula_engine_choose(tabula_engine *engine, tabula_position *position,
                                              tabula_search_result *result, tabula_error *error);
/* An engine made from SPEC and SEED for this one search, then freed. */
TABULA_API tabula_status tabula_search(tabula_position *position, const char *spec, uint64_t seed,
                                       tabula_search_result *result, tabula_error *error);
/* Asks every search running in this process to stop as soon as it can,
 * as if its time had run out: it returns the best move found so far.  It
 * only sets a flag, so a signal handler may call it (on SIGINT, as
 * `tabula search` does); searches stop at once until
 * tabula_interrupt_clear. */
TABULA_API void tabula_interrupt(void);
TABULA_API bool tabula_interrupted(void);
TABULA_API void tabula_interrupt_clear(void);
/* The same for one engine: ENGINE's search now running (in another
 * thread) and every later one stop as soon as they can and return the
 * best move found so far (the first legal move when none was searched
 * yet), until tabula_engine_stop_clear.  A stop asked just before a
 * search begins is not lost.  Other engines go on; tabula_interrupt stops
 * them all.  It only sets a flag, so a signal handler may call it. */
TABULA_API void tabula_engine_stop(tabula_engine *engine);
TABULA_API void tabula_engine_stop_clear(tabula_engine *engine);
/* Writes RESULT's score as `tabula search` does ("win in 3", "loss in 2",
 * "draw", "35") into OUT, as tabula_position_write writes. */
TABULA_API size_t tabula_score_write(const tabula_search_result *result, char *out, size_t size);

#ifdef __cplusplus
}
#endif

#endif
