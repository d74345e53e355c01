/* record: games as records that people and chess programs read, in the
 * form of PGN (Portable Game Notation): tag pairs, then the movetext.
 * `tabula match --record` and the game prompt's `save` write them, `load`
 * reads them back through the rules.
 *
 *   [Event "tabula match"]
 *   [Site "?"]
 *   [Date "2026.11.26"]
 *   [Round "3"]
 *   [White "ab:depth=4"]           who played the first seat, "?" if unknown;
 *   [Black "uci:fairy-stockfish"]  the second seat (a third and a fourth:
 *                                  [Seat3 "..."], [Seat4 "..."])
 *   [Result "1-0"]                 PGN's: 1-0, 0-1, 1/2-1/2, or * (unfinished;
 *                                  a game of more players won by one)
 *   [Game "Chess"]                 Tabula's tags: the game's name,
 *   [Rules "chess.rules"]          the rules file's name,
 *   [Variant "960"]                the variant, when one is played,
 *   [Players "white black"]        the game's players in order,
 *   [Outcome "white wins"]         the result as Tabula says it,
 *   [Termination "no moves and attacked(...)"]  the end rule that held;
 *   [SetUp "1"]                    a game that did not start from the start:
 *   [FEN "..."]                    its position string (FEN in chess)
 *
 *   1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 1-0
 *
 * The movetext numbers the moves as PGN does, a number before each move
 * of the first player ("1...", after the number of the first move, when
 * the record starts with another player's), and gives each move as one
 * word: its text as people see it (standard algebraic notation in a game
 * that declares it, with + and #; else Tabula's notation), the parts of a
 * turn joined by ';' as the engine protocols write them (protocol.h).
 * Lines stay under 80 characters; the result ends the movetext, so that a
 * truncated record is told from a finished one.
 *
 * Reading takes what PGN allows around the moves: comments in braces and
 * from a ';' that starts a word to the end of its line, numeric
 * annotation glyphs ($1), variations in parentheses (skipped), move
 * numbers, and a '%' line; a ';' inside a word joins a turn's parts.
 * Only the first game of a text is read.
 */
#ifndef TABULA_RECORD_H
#define TABULA_RECORD_H

#include <stdbool.h>
#include <stddef.h>

#include "game/game.h"
#include "movegen/movegen.h"

/* --- writing */

typedef struct record_game {
    const game *g;
    const char *event, *site, *round;   /* NULL: "?" */
    const char *date;                   /* YYYY.MM.DD; NULL: today */
    const char *rules;                  /* the rules file's path (its last part is written) */
    const char *variant;                /* NULL or "": the game itself */
    const char *seats[GAME_MAX_PLAYERS]; /* who played each seat; NULL: "?" */
    const char *start;                  /* the start's position string; NULL: the game's */
    const char *const *moves;           /* each move as people see it (spaces between parts) */
    const int *movers;                  /* the player who made each */
    int move_count;
    const game_result *result;          /* NULL, or not over: unfinished */
    const char *termination;            /* NULL: the end rule that held (a game won
                                         * otherwise: "time forfeit", "rules infraction") */
} record_game;

/* R as a record's text (malloc'd, NULL when memory ran out). */
char *record_text(const record_game *r);

/* The PGN result of R ("1-0", "0-1", "1/2-1/2", "*"). */
const char *record_result(const game *g, const game_result *r);

/* Tabula's words for R: "white wins", "draw", or "*" while it goes on. */
void record_outcome(const game *g, const game_result *r, char *out, size_t size);

/* --- reading */

typedef struct record_tag {
    char name[32];
    char *value;
    int line;
} record_tag;

typedef struct record_word {
    char *text;                         /* a move, its parts joined by ';' */
    int line, column;
} record_word;

#define RECORD_MAX_TAGS 64
#define RECORD_MAX_MOVES 100000

typedef struct record_read {
    record_tag tags[RECORD_MAX_TAGS];
    int tag_count;
    record_word *moves;
    int move_count;
    char result[16];                    /* "" when the movetext does not end with one */
    int result_line;
    int lines;                          /* the text's lines */
} record_read;

/* Whether TEXT is to be read as a record of this form: it has a [Rules]
 * tag, or no [File] tag (the saved games of older versions, savegame.c,
 * have a [File] tag and no [Rules]; a chess program's PGN has neither). */
bool record_is_pgn(const char *text);

/* Reads the first game of TEXT into OUT (record_free frees it either
 * way); false with ERROR ("LINE:COLUMN: ...") when it is malformed. */
bool record_parse(const char *text, record_read *out, char *error, size_t size);
void record_free(record_read *r);

/* The value of tag NAME (NULL: absent), its line into *LINE (may be NULL). */
const char *record_tag_value(const record_read *r, const char *name, int *line);

#endif
