/* protocol: Tabula among other programs, over the text protocols engines
 * speak: as an engine that other programs drive (`tabula ugi`, `tabula
 * uci`), and as a referee that drives other programs (`tabula match` with
 * a seat `ugi:COMMAND` or `uci:COMMAND`).
 *
 * Two dialects of one protocol, a command a line:
 * - UGI, the Universal Game Interface of cutegames: UCI made general for
 *   any sequential game.  The seats are p1, p2 (p3, p4): `go p1time MS
 *   p2time MS p1inc MS p2inc MS`, and `query gameover|p1turn|result`
 *   answered by `response true|false` or `response p1win|p2win|draw|none`.
 * - UCI, chess's, for two-player games on a square board: `go wtime btime
 *   winc binc movestogo`, the first player white.
 *
 * Positions are Tabula's position strings (game/posstring.h: standard FEN
 * for chess).  A move is one token.  Tabula writes it (protocol_move_text):
 * - in UCI, in long algebraic notation where the move has it (algebraic.h:
 *   e2e4, e7e8q, e1g1; Breakthrough's a2a3), else as in UGI;
 * - in UGI, in Tabula's notation (notation.h: b2-d4, b2xd4, @d4, pass),
 *   the parts of a turn of several parts joined by ';' instead of a space
 *   (c3-e5;=K).
 * Tabula reads a move as the game prompt reads it (movegen/typed.h), so
 * either form is taken in either dialect, and e2-e4, E2E4 or Nf3 too; a
 * ';' reads as the space between parts.
 */
#ifndef TABULA_PROTOCOL_H
#define TABULA_PROTOCOL_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

#include "game/game.h"
#include "movegen/movegen.h"
#include "search/search.h"

typedef enum protocol_dialect { PROTOCOL_UGI, PROTOCOL_UCI } protocol_dialect;

/* The dialect's name ("ugi", "uci"). */
const char *protocol_name(protocol_dialect dialect);

/* Whether G can be spoken of in DIALECT: UCI needs two players on a
 * square board (FEN's rows, long algebraic's cells); false with WHY. */
bool protocol_supports(const game *g, protocol_dialect dialect, char *why, size_t size);

/* The longest move token and position string the protocols carry. */
#define PROTOCOL_MOVE_TEXT 512
#define PROTOCOL_POSITION_TEXT 4096

/* Writes move INDEX of LIST (the legal moves of a position of G) as
 * DIALECT writes it: one token, as above. */
void protocol_move_text(const game *g, const move_list *list, int index, protocol_dialect dialect,
                        char *out, size_t size);

/* The move the token TEXT names among LIST's moves, read as the game
 * prompt reads moves; -1 with WHY ("no legal move", "ambiguous: it could
 * be a2-a3 or ...") when it names none or several. */
int protocol_find_move(const game *g, const move_list *list, const char *text, char *why,
                       size_t size);

/* --- the engine (protocol_engine.c) */

/* Speaks DIALECT as an engine on IN and OUT for the game G (loaded by the
 * caller, named NAME in `id name`) until `quit` or the end of IN; returns
 * 0.  The search runs in a thread of its own, so that `isready` and `stop`
 * are answered while it thinks.  A malformed or out-of-place command gets
 * `info string error: ...` and changes nothing; `position` with a move
 * that is not legal keeps the position there was. */
int protocol_serve(const game *g, protocol_dialect dialect, const char *name, FILE *in, FILE *out);

/* --- outside engines (protocol_player.c): a seat of `tabula match` */

typedef struct protocol_player protocol_player;

/* Whether TEXT names an outside engine ("ugi:COMMAND", "uci:COMMAND"). */
bool protocol_is_player_spec(const char *text);

/* Starts the outside engine TEXT names (COMMAND through /bin/sh -c, its
 * standard input and output ours through pipes, its standard error
 * ours), for the game G, and shakes hands: `ugi`/`uci` until
 * `ugiok`/`uciok` (its `id name` kept), then each of OPTIONS (COUNT
 * "NAME=VALUE" texts) as `setoption`, then `isready` until `readyok`,
 * each answer within TIMEOUT_MS.  NULL with ERROR saying why (the command
 * could not start, died, did not answer, or the game cannot be spoken of
 * in its dialect). */
protocol_player *protocol_player_start(const game *g, const char *text, const char *const *options,
                                       int count, long timeout_ms, char *error, size_t size);

/* The engine's name (its `id name`, else its command). */
const char *protocol_player_name(const protocol_player *pl);

/* The dialect it speaks. */
protocol_dialect protocol_player_dialect(const protocol_player *pl);

/* The clocks a `go` carries (milliseconds; TIME_MS[q] < 0: no clock). */
typedef struct protocol_clocks {
    long time_ms[GAME_MAX_PLAYERS];
    long increment_ms;
} protocol_clocks;

typedef enum protocol_reply {
    PROTOCOL_MOVED,     /* a bestmove: its token in MOVE */
    PROTOCOL_TIMEOUT,   /* no bestmove within the time allowed */
    PROTOCOL_DIED,      /* the program closed its output or ended */
} protocol_reply;

/* Asks the engine for a move: `ucinewgame`/`uginewgame` and `isready`
 * first when NEW_GAME, then `position startpos` (START NULL) or `position
 * fen START`, with `moves` and the COUNT tokens of MOVES when there are
 * any, then `go` with CLOCKS (NULL: none) and the words of GO_EXTRA (may
 * be NULL: "depth 3", "movetime 100").  Waits at most WAIT_MS for
 * `bestmove TOKEN`, the token into CHOSEN; *ELAPSED_MS gets how long it took.  Lines other than
 * bestmove (info) are read and dropped. */
protocol_reply protocol_player_go(protocol_player *pl, bool new_game, const char *start,
                                  char *const *moves, int count, const protocol_clocks *clocks,
                                  const char *go_extra, long wait_ms, char *chosen, size_t size,
                                  long *elapsed_ms);

/* Says `quit`, waits a moment for the program to end, then kills it;
 * frees PL (NULL: nothing). */
void protocol_player_free(protocol_player *pl);

#endif
