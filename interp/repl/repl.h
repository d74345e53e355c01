/* repl: `tabula play` (the interactive front end) and `tabula render`.
 *
 * session.c    a loaded game and its record: the moves made, undo and redo
 * display.c    the board as text: square and graph boards, the header lines
 * display_hex.c  hex boards as offset rows of pointy-top cells
 * rules_text.c what `rules` says: the game's description, how it ends,
 *              what each variant changes, from the rules file's own words
 * commands.c   the command table and the reading of moves
 * savegame.c   saved games: PGN records (protocol/record.h), and older ones
 * svg.c        the board as an SVG picture
 * fileio.c     atomic writes (temp file in the same folder, fsync, rename)
 * line.c       line input: libedit on a terminal (completion, history),
 *              plain lines otherwise
 */
#ifndef TABULA_REPL_H
#define TABULA_REPL_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

#include "rules/check.h"
#include "game/game.h"
#include "movegen/movegen.h"
#include "search/search.h"
#include "game/position.h"

#define REPL_MOVE_TEXT 512
#define REPL_MAX_MARKS 64

/* --- session.c */

/* One made move of the record. */
typedef struct record_entry {
    char *text;                 /* its text in Tabula's notation (notation_move): the key
                                 * that finds it again among the legal moves (redo) */
    char *shown;                /* its text in the game's notation (session_move_shown) */
    int mover;
    undo undo;
    int marks[REPL_MAX_MARKS];  /* the cells it touched, for highlighting */
    int mark_count;
} record_entry;

typedef struct session {
    char path[4096];            /* the rules file as given */
    char variant[64];           /* "" for the game itself */
    source_set sources;
    diag_list diagnostics;
    game *game;
    movegen *generator;
    int variant_count;
    char variants[CHECK_MAX_VARIANTS][64];
    bool uses_rings;            /* some direction list steps round a ring */
    position *position;
    char *start;                /* the start as a position string; NULL: the game's */
    record_entry *record;
    int record_count, record_capacity;
    char **redo;                /* moves undone, last undone last */
    int redo_count, redo_capacity;
    move_list moves;            /* the legal moves now */
    move_list *replies;         /* scratch: the replies a move's check mark counts */
    game_result result;         /* whether the game is over now */
} session;

/* Loads PATH (VARIANT may be NULL) and sets up START (NULL: the game's
 * start).  On failure returns NULL: the diagnostics are printed on stderr
 * and ERROR says what failed. */
session *session_open(const char *path, const char *variant, const char *start, char *error,
                      size_t error_size);
void session_free(session *s);

/* Plays legal move INDEX of s->moves. */
bool session_play(session *s, int index, char *error, size_t error_size);
/* Finds TEXT among the legal moves exactly (no prefixes); -1 if absent. */
int session_find_exact(const session *s, const char *text);
/* Takes back the last move (its text goes on the redo list). */
bool session_undo(session *s);
/* Plays the last undone move again. */
bool session_redo(session *s, char *error, size_t error_size);
/* Back to the start (START: a position string, NULL: the game's start);
 * the record is cleared.  On a bad START nothing changes. */
bool session_restart(session *s, const char *start, char *error, size_t error_size);
/* The position string now, and of the start. */
void session_position_string(const session *s, char *out, size_t size);
/* "white wins", "draw", "white 1/2, black 1/2" ... or "*" while on. */
void session_result_text(const session *s, char *out, size_t size);
/* Why the game ended: the end rule that held, as its file writes it
 * ("repetition 3", "no moves and attacked(pieces(next, king))"), or "no
 * one can move"; "" while it goes on. */
void session_end_reason(const session *s, char *out, size_t size);
/* The result and why: "draw (repetition 3)". */
void session_outcome_text(const session *s, char *out, size_t size);
/* Writes legal move INDEX in Tabula's notation (notation_move): what
 * prefixes, the parts of a turn and the loose forms are read against. */
void session_move_text(const session *s, int index, char *out, size_t size);
/* Writes legal move INDEX as people see it: in the game's notation, with
 * its check mark where that is algebraic notation (algebraic_shown). */
void session_move_shown(const session *s, int index, char *out, size_t size);
/* Whether the game's moves are written in algebraic notation. */
bool session_algebraic(const session *s);

/* --- display.c, display_hex.c */

typedef struct display_style {
    bool colour;                /* ANSI colours */
    bool unicode;               /* the display block's Unicode symbols (a UTF-8 terminal) */
} display_style;

/* The whole board with its header and footer lines, the last move's
 * cells marked. */
void display_session(FILE *out, const session *s, const display_style *style);
/* The same with the cells MARKED (cell_count flags) marked instead. */
void display_session_marked(FILE *out, const session *s, const bool *marked, const display_style *style);
void display_hex(FILE *out, const session *s, const bool *marked, const display_style *style);
/* How the board looks at the terminal, from the display block's `board
 * STYLE [COLOUR]`: whether dark cells (a hex board's odd rings) stand out,
 * what an empty cell shows, what joins two cells of a row, and the ANSI
 * grounds of light and dark cells with colours ("" for the terminal's own). */
typedef struct board_ink {
    bool chequer;
    const char *empty;
    char link;
    const char *light_ground, *dark_ground;
} board_ink;
board_ink display_board_ink(const session *s, const display_style *style);
/* The text shown for the piece CODE (its symbol). */
const char *display_symbol(const game *g, unsigned code);
/* The same in STYLE: where it shows Unicode, the display block's symbol
 * for the piece (one for the first player, one for the others) if any. */
const char *display_shown(const game *g, unsigned code, const display_style *style);
/* Display width of UTF-8 TEXT (code points). */
int display_width(const char *text);
/* ANSI start sequence for PLAYER's pieces: a tile of its colour
 * (game_player_colour), readable on light and dark terminals. */
const char *display_player_colour(const game *g, int player);

/* --- rules_text.c */

/* The game explained to a new player (`rules` at the prompt): the comment
 * lines at the top of its file, its players, board and pieces, each end
 * rule in order with its outcome and the comments on it, the score, and
 * each variant with the comments on it and the statements it replaces,
 * extends or adds. */
void rules_explain(FILE *out, const session *s);

/* --- savegame.c */

/* Limits on what savegame_read accepts (a game Tabula wrote is far below
 * them: one line a ply, and no game runs past POSITION_MAX_PLIES). */
#define SAVEGAME_MAX_BYTES (16u << 20)
#define SAVEGAME_MAX_LINES (POSITION_MAX_PLIES + 64)

/* Writes the record of S to PATH atomically, as a PGN record
 * (protocol/record.h); SEATS (NULL, or NULL entries: "?") say who played
 * each seat. */
bool savegame_write(const session *s, const char *const *seats, const char *path, char *error,
                    size_t error_size);
/* Reads the record at PATH, loads the game it names and replays it: its
 * rules file as the record names it, next to the record, in TABULA_PATH or
 * among the installed games, else OPEN's (may be NULL) where OPEN is a
 * session of the game of that name.  Returns the new session, or NULL with
 * ERROR naming the line that breaks. */
session *savegame_read(const char *path, const session *open, char *error, size_t error_size);
/* Replays the record in TEXT (changed in place) on S, a session of the game
 * it names (not looked up: S's own); PATH names the record in messages.  On
 * failure S is left wherever the replay stopped. */
bool savegame_replay_text(session *s, char *text, const char *path, char *error, size_t error_size);

/* --- svg.c */

/* The widths in pixels a picture may be asked for (tabula render --size):
 * below the least a board's cells cannot be told apart. */
#define SVG_MIN_WIDTH 32
#define SVG_MAX_WIDTH 8192

/* The position of S as an SVG picture, into a malloc'd string: the last
 * move's cells marked, the reserves beside the board where the game keeps
 * pieces in hand.  WIDTH scales it to that many pixels across (0: its
 * natural size, a square board's cell 48 across).  NULL when out of
 * memory. */
char *svg_render(const session *s, int width, size_t *length);

/* Writes the picture of S (WIDTH as for svg_render) to PATH atomically,
 * or to standard output when PATH is "-"; false with ERROR saying why.
 * The picture is made whole before anything is written, so a failure
 * leaves no half picture in a file. */
bool svg_write(const session *s, int width, const char *path, char *error, size_t error_size);

/* --- fileio.c */

/* Writes LENGTH bytes of DATA to PATH through a temporary file in the same
 * folder, fsync and rename; on failure PATH is untouched and ERROR says why. */
bool fileio_write_atomic(const char *path, const char *data, size_t length, char *error,
                         size_t error_size);

/* --- commands.c */

#define REPL_DEFAULT_ENGINE "ab:time=1000"

typedef struct repl {
    session *session;
    /* computer players (engines.c) */
    engine_spec seat[GAME_MAX_PLAYERS];
    bool seated[GAME_MAX_PLAYERS];
    char seat_text[GAME_MAX_PLAYERS][64];
    engine *engines[GAME_MAX_PLAYERS];
    const game *engines_game;
    bool interactive;           /* a terminal: prompt, board after moves */
    display_style style;
    char pending[REPL_MOVE_TEXT];   /* the parts of a turn entered so far */
    /* a turn's dice ('roll' in a move): thrown by the program from DICE
     * when a person types roll, or typed as thrown by hand (DICE_BY_HAND,
     * tabula play --dice hand); a person never picks the faces */
    uint64_t dice;
    bool dice_by_hand;
    /* the faces thrown last (THROWN, the turn's parts up to them), the
     * position's hash and the parts typed before them (THROWN_AFTER): a
     * turn dropped with undo and thrown again gets the same faces */
    char thrown[REPL_MOVE_TEXT], thrown_after[REPL_MOVE_TEXT];
    uint64_t thrown_at;
    bool quit;
    int failures;               /* commands that failed */
} repl;

/* Runs one input line; false when it failed (the message is printed). */
bool repl_execute(repl *r, const char *line);
/* Reports the move just made (the board on a terminal, else the move). */
void repl_played(repl *r);

/* --- engines.c */

bool engines_go(repl *r, const char *spec);
bool engines_hint(repl *r, const char *spec);
bool engines_ai(repl *r, const char *argument);
bool engines_set_seat(repl *r, int player, const char *spec, char *error, size_t error_size);
/* Engines whose turn it is move, until a person's turn or the end. */
void engines_autoplay(repl *r);
void engines_free(repl *r);
/* For completion: the command names, NULL-terminated. */
const char *repl_command_name(int index);

/* --- line.c */

/* Reads lines from stdin (with editing and history on a terminal) and runs
 * them until quit or end of input. */
void line_run(repl *r);

#endif
