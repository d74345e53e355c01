/* cli_match: `tabula match`, engines playing each other, Tabula the
 * referee.
 *
 * The engines of the match (A, B, and C and D in games of more players)
 * are given as --p1 to --p4, and change seats from game to game: in game k
 * (from 0) engine q sits at seat (q + k) mod players, so that in a
 * two-player game they swap colours every game, and the games that share
 * an opening (from --opening-file, or the same random plies) are the ones
 * of one turn of the seats.  An engine is one of Tabula's (an engine spec,
 * search.h) or an outside program speaking UGI or UCI (protocol.h), whose
 * every move is checked against the rules: a move that is not legal, no
 * answer in time or an engine that dies loses it the game, and the report
 * says why, with the position.  With --tc each seat has a clock; a seat
 * whose clock runs out by more than the margin loses on time.
 *
 * Each game is played alone: Tabula's engines start it afresh from seeds
 * of the game's own number (engine_new_game, cli_game_seed), its opening
 * comes from the seed and its number, and its seats from its number.  It
 * leaves a record (its result, length, how it ended, where the engines
 * began), and the output, text or JSON, is the records folded in the
 * order of the games.  So a shard (--shard K/N) plays its games and writes
 * their records as a part, and merge folds the parts' records through the
 * same code into what the whole match prints.
 */
#include <errno.h>
#include <math.h>
#include <signal.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "cli/cli.h"
#include "front/front.h"
#include "game/position.h"
#include "game/posstring.h"
#include "movegen/algebraic.h"
#include "movegen/movegen.h"
#include "movegen/notation.h"
#include "playout/playout.h"
#include "protocol/protocol.h"
#include "protocol/record.h"
#include "search/search.h"
#include "game/rng.h"

#define MATCH_MAX_PLIES 2000
#define MATCH_MAX_OPTIONS 16
#define MATCH_TIMEOUT_MS 10000L     /* an outside engine's answer, without --tc */
#define MATCH_MARGIN_MS 100L        /* a clock may run this far past zero */
#define MATCH_MAX_OPENINGS 100000

/* One engine of the match. */
typedef struct contestant {
    const char *text;           /* its spec as given */
    bool outside;               /* ugi:COMMAND or uci:COMMAND */
    engine_spec spec;           /* one of Tabula's */
    engine *engine;
    protocol_player *player;    /* an outside one, once started */
    const char *options[MATCH_MAX_OPTIONS];
    int option_count;
    const char *go_words;       /* what its go says besides the clocks */
    bool new_game;              /* not yet told that a game began */
} contestant;

/* Why a seat lost a game before its end. */
typedef enum forfeit_kind { FORFEIT_NONE, FORFEIT_ILLEGAL, FORFEIT_TIME, FORFEIT_SILENT, FORFEIT_DIED } forfeit_kind;

/* What --verbose needs to print the moves of a game as people see them
 * (algebraic_shown): in a game of algebraic notation, a generator and a
 * list of its own for the replies that check marks count. */
typedef struct match_print {
    const game *g;
    movegen *generator;
    move_list replies;
    bool on;
} match_print;

/* One game in play. */
typedef struct match_game {
    const game *g;
    contestant *at[GAME_MAX_PLAYERS];   /* by seat */
    engine *engines[GAME_MAX_PLAYERS];  /* by seat: Tabula's, NULL for an outside one */
    cli_selfplay play;
    match_print *print;
    const char *start;                  /* the opening file's position string; NULL: the game's start */
    /* the moves so far, as each dialect writes them, for the outside engines */
    char (*moves[2])[PROTOCOL_MOVE_TEXT];
    char *move_pointers[2][MATCH_MAX_PLIES + 128];
    int move_count;
    /* with --record: each move as people see it, and who made it */
    char (*shown)[PROTOCOL_MOVE_TEXT];
    const char *shown_pointers[MATCH_MAX_PLIES + 128];
    int movers[MATCH_MAX_PLIES + 128];
    /* clocks (--tc) */
    bool timed;
    long clock[GAME_MAX_PLAYERS], increment, margin, timeout;
    /* a forfeit */
    forfeit_kind forfeit;
    int forfeit_seat;
    char forfeit_text[PROTOCOL_MOVE_TEXT + 256];
} match_game;

/* The playout loop's CHOSEN and the openings': prints the move. */
static void print_move(void *context, position *p, const move_list *list, int i, int ply)
{
    match_print *m = context;
    if (!m->on)
        return;
    char text[512];
    if (m->generator)
        algebraic_shown(m->generator, p, list, i, &m->replies, text, sizeof text);
    else
        notation_move(m->g, list, i, text, sizeof text);
    printf("%s%s", ply ? " " : "", text);
}

/* Keeps move I of LIST, about to be made in P, in both dialects' texts,
 * and with --record as people see it. */
static void record_move(match_game *m, position *p, const move_list *list, int i)
{
    if (m->move_count >= MATCH_MAX_PLIES + 128)
        return;
    for (int d = 0; d < 2; d++) {
        protocol_move_text(m->g, list, i, d ? PROTOCOL_UCI : PROTOCOL_UGI, m->moves[d][m->move_count],
                           PROTOCOL_MOVE_TEXT);
        m->move_pointers[d][m->move_count] = m->moves[d][m->move_count];
    }
    if (m->shown) {
        char *text = m->shown[m->move_count];
        if (m->print->generator)
            algebraic_shown(m->print->generator, p, list, i, &m->print->replies, text, PROTOCOL_MOVE_TEXT);
        else
            notation_move(m->g, list, i, text, PROTOCOL_MOVE_TEXT);
        m->shown_pointers[m->move_count] = text;
        m->movers[m->move_count] = p->side;
    }
    m->move_count++;
}

/* The openings' CHOSEN: the move is kept for the outside engines, and shown. */
static void opening_move(void *context, position *p, const move_list *list, int i, int ply)
{
    match_game *m = context;
    record_move(m, p, list, i);
    print_move(m->print, p, list, i, ply);
}

static int forfeit(match_game *m, int seat, forfeit_kind kind, const char *format, ...)
    __attribute__((format(printf, 4, 5)));

static int forfeit(match_game *m, int seat, forfeit_kind kind, const char *format, ...)
{
    va_list args;
    va_start(args, format);
    vsnprintf(m->forfeit_text, sizeof m->forfeit_text, format, args);
    va_end(args);
    m->forfeit = kind;
    m->forfeit_seat = seat;
    return -1;
}

/* Asks the outside engine at SEAT for its move in P; the index in LIST, or
 * -1 with the forfeit set. */
static int outside_move(match_game *m, position *p, const move_list *list, int seat)
{
    contestant *c = m->at[seat];
    protocol_dialect dialect = protocol_player_dialect(c->player);
    protocol_clocks clocks = { .increment_ms = m->increment };
    for (int q = 0; q < GAME_MAX_PLAYERS; q++)
        clocks.time_ms[q] = q < m->g->player_count && m->timed ? (m->clock[q] > 0 ? m->clock[q] : 0) : -1;
    long wait = m->timed ? m->clock[seat] + m->margin : m->timeout;
    char text[PROTOCOL_MOVE_TEXT], why[PROTOCOL_MOVE_TEXT + 128], where[PROTOCOL_POSITION_TEXT];
    long elapsed;
    protocol_reply reply = protocol_player_go(c->player, c->new_game, m->start,
                                              m->move_pointers[dialect == PROTOCOL_UCI], m->move_count,
                                              m->timed ? &clocks : NULL, c->go_words, wait > 1 ? wait : 1,
                                              text, sizeof text, &elapsed);
    c->new_game = false;
    posstring_write(p, where, sizeof where);
    if (reply == PROTOCOL_TIMEOUT)
        return m->timed ? forfeit(m, seat, FORFEIT_TIME, "no move before its clock ran out, in %s", where)
                        : forfeit(m, seat, FORFEIT_SILENT, "no move within %ld ms, in %s", m->timeout, where);
    if (reply == PROTOCOL_DIED)
        return forfeit(m, seat, FORFEIT_DIED, "the program ended, in %s", where);
    int index = protocol_find_move(m->g, list, text, why, sizeof why);
    if (index < 0)
        return forfeit(m, seat, FORFEIT_ILLEGAL, "%s, in %s", text[0] ? why : "an empty bestmove", where);
    print_move(m->print, p, list, index, m->play.ply++);
    return index;
}

/* The playout loop's choice: the move of the engine at the seat to move,
 * its clock kept. */
static int match_move(position *p, const move_list *list, void *context, uint64_t *rng)
{
    match_game *m = context;
    int seat = p->side;
    contestant *c = m->at[seat];
    double begun = search_clock();
    int index;
    if (c->outside) {
        index = outside_move(m, p, list, seat);
    } else {
        if (m->timed) {
            long budget = search_time_budget(m->clock[seat], m->increment, 0, SEARCH_CLOCK_OVERHEAD_MS);
            engine_set_limits(c->engine, c->spec.depth, budget, true, c->spec.nodes, c->spec.playouts);
        }
        index = cli_engine_move(p, list, &m->play, rng);
    }
    if (index < 0)
        return -1;
    if (m->timed) {
        m->clock[seat] -= (long)((search_clock() - begun) * 1000.0);
        if (m->clock[seat] < -m->margin) {
            char where[PROTOCOL_POSITION_TEXT];
            posstring_write(p, where, sizeof where);
            return forfeit(m, seat, FORFEIT_TIME, "its clock ran out (%ld ms), in %s", m->clock[seat], where);
        }
        m->clock[seat] += m->increment;
    }
    record_move(m, p, list, index);
    return index;
}

/* --- a game's record, and the output made from the records */

static const char *const forfeit_names[] = { "", "by an illegal move", "on time", "by not answering",
                                             "by ending" };
/* A forfeit as PGN's Termination tag says it. */
static const char *const forfeit_terminations[] = { "", "rules infraction", "time forfeit", "abandoned",
                                                    "abandoned" };
/* A forfeit's kind in JSON. */
static const char *const forfeit_kinds[] = { "", "illegal", "time", "silent", "died" };

/* What a game came to: enough to print its line and to count it, in the
 * run that played it or in merge. */
typedef struct match_record {
    long index;                                 /* from 0 */
    int plies;                                  /* the opening's random moves too */
    int winner;                                 /* its seat; -1: none */
    bool over;                                  /* ended by a rule of the game */
    bool unfinished;                            /* not over at MATCH_MAX_PLIES */
    char termination[256];                      /* the end rule that held, when over */
    forfeit_kind forfeit;
    int forfeit_seat;
    char forfeit_text[PROTOCOL_MOVE_TEXT + 256];
    char opening[PROTOCOL_POSITION_TEXT];       /* the position the engines began from */
} match_record;

/* What the output names: the game's and its seats', the engines'. */
typedef struct match_names {
    const char *game, *variant;
    int players;
    const char *player[GAME_MAX_PLAYERS];       /* the seats' names */
    const char *spec[GAME_MAX_PLAYERS];         /* engines A, B, ... as given */
    const char *id[GAME_MAX_PLAYERS];           /* an outside engine's own name where it differs; NULL */
    long seed, openings;
} match_names;

/* The records folded: by engine (A, B, ...), and by engine and seat. */
typedef struct match_tally {
    long games, draws;
    long won[GAME_MAX_PLAYERS], lost[GAME_MAX_PLAYERS], drawn[GAME_MAX_PLAYERS];
    long forfeits[GAME_MAX_PLAYERS];            /* games lost by a forfeit */
    long seat_won[GAME_MAX_PLAYERS][GAME_MAX_PLAYERS];   /* [engine][seat] */
    long seat_lost[GAME_MAX_PLAYERS][GAME_MAX_PLAYERS];
    long seat_drawn[GAME_MAX_PLAYERS][GAME_MAX_PLAYERS];
} match_tally;

/* The engine (0 for A) at SEAT in game INDEX: engine q sits at seat
 * (q + INDEX) mod PLAYERS. */
static int engine_at(long index, int seat, int players)
{
    return (int)(((long)seat - index % players + players) % players);
}

static void tally_add(match_tally *t, const match_record *r, int players)
{
    t->games++;
    if (r->winner < 0)
        t->draws++;
    for (int s = 0; s < players; s++) {
        int q = engine_at(r->index, s, players);
        if (r->winner < 0) {
            t->drawn[q]++;
            t->seat_drawn[q][s]++;
        } else if (s == r->winner) {
            t->won[q]++;
            t->seat_won[q][s]++;
        } else {
            t->lost[q]++;
            t->seat_lost[q][s]++;
            if (r->forfeit && s == r->forfeit_seat)
                t->forfeits[q]++;
        }
    }
}

/* The line of a game: who won, after how many plies, and how. */
static void print_game(const match_names *n, const match_record *r)
{
    long k = r->index;
    int players = n->players;
    if (r->forfeit) {
        int loser = r->forfeit_seat;
        printf("game %ld: %s (%c) wins after %d plies: %s (%c) lost %s: %s\n", k + 1, n->player[r->winner],
               'A' + engine_at(k, r->winner, players), r->plies, n->player[loser], 'A' + engine_at(k, loser, players),
               forfeit_names[r->forfeit], r->forfeit_text);
    } else if (r->winner >= 0) {
        printf("game %ld: %s (%c) wins after %d plies (%s)\n", k + 1, n->player[r->winner],
               'A' + engine_at(k, r->winner, players), r->plies, r->termination);
    } else {
        printf("game %ld: %s after %d plies", k + 1, r->unfinished ? "unfinished (a draw)" : "draw", r->plies);
        if (r->over)
            printf(" (%s)\n", r->termination);
        else
            putchar('\n');
    }
}

/* A game's record as JSON, on one line: in --json's "results" and in a
 * part alike. */
static void write_game(json_writer *w, const match_names *n, const match_record *r)
{
    char letter[2] = "A";
    json_begin_object(w, JSON_LINE);
    json_key(w, "game");
    json_int(w, r->index + 1);
    json_key(w, "seats");
    json_begin_array(w, JSON_LINE);
    for (int s = 0; s < n->players; s++) {
        letter[0] = (char)('A' + engine_at(r->index, s, n->players));
        json_string(w, letter);
    }
    json_end_array(w);
    json_key(w, "result");
    json_string(w, r->winner >= 0 ? "win" : r->unfinished ? "unfinished" : "draw");
    json_key(w, "winner");
    if (r->winner >= 0)
        json_string(w, n->player[r->winner]);
    else
        json_null(w);
    json_key(w, "plies");
    json_int(w, r->plies);
    json_key(w, "termination");
    if (r->forfeit)
        json_string(w, forfeit_terminations[r->forfeit]);
    else if (r->over)
        json_string(w, r->termination);
    else
        json_null(w);
    json_key(w, "forfeit");
    if (r->forfeit) {
        json_begin_object(w, JSON_LINE);
        json_key(w, "loser");
        json_string(w, n->player[r->forfeit_seat]);
        json_key(w, "kind");
        json_string(w, forfeit_kinds[r->forfeit]);
        json_key(w, "text");
        json_string(w, r->forfeit_text);
        json_end_object(w);
    } else {
        json_null(w);
    }
    json_key(w, "opening");
    json_string(w, r->opening);
    json_end_object(w);
}

/* The seat called NAME, -1 when none is. */
static int seat_named(const match_names *n, const char *name)
{
    for (int s = 0; name && s < n->players; s++)
        if (!strcmp(n->player[s], name))
            return s;
    return -1;
}

/* Copies TEXT into OUT (SIZE bytes); false when it does not fit. */
static bool copy_text(char *out, size_t size, const char *text)
{
    return (size_t)snprintf(out, size, "%s", text) < size;
}

/* Reads game record V of PART (write_game's) into R; false, said, when it
 * is malformed. */
static bool read_game(const cli_part_read *part, const json_value *v, const match_names *n, match_record *r)
{
    memset(r, 0, sizeof *r);
    int64_t number, plies;
    if (v->type != JSON_OBJECT) {
        cli_part_malformed(part, "a game's record is not an object");
        return false;
    }
    const char *result, *opening;
    if (!cli_member_count(part, v, "game", 1, 1000000, &number)
        || !cli_member_count(part, v, "plies", 0, MATCH_MAX_PLIES + 200, &plies)
        || !(result = cli_member_string(part, v, "result")) || !(opening = cli_member_string(part, v, "opening")))
        return false;
    r->index = (long)number - 1;
    r->plies = (int)plies;
    r->winner = -1;
    const json_value *winner = json_member(v, "winner"), *termination = json_member(v, "termination");
    const json_value *forfeited = json_member(v, "forfeit");
    bool win = !strcmp(result, "win");
    if ((strcmp(result, "draw") && strcmp(result, "unfinished") && !win)
        || !winner || (win ? (r->winner = seat_named(n, json_get_string(winner))) < 0 : winner->type != JSON_NULL)
        || !termination || (termination->type != JSON_NULL && !json_get_string(termination))
        || !forfeited || (forfeited->type != JSON_NULL && (forfeited->type != JSON_OBJECT || !win))
        || !copy_text(r->opening, sizeof r->opening, opening)) {
        cli_part_malformed(part, "a game's \"result\", \"winner\", \"termination\", \"forfeit\" or \"opening\" "
                           "is not what a game's record holds");
        return false;
    }
    r->unfinished = !strcmp(result, "unfinished");
    if (forfeited->type == JSON_OBJECT) {
        const char *kind = cli_member_string(part, forfeited, "kind");
        const char *text = kind ? cli_member_string(part, forfeited, "text") : NULL;
        const char *loser = text ? cli_member_string(part, forfeited, "loser") : NULL;
        if (!loser)
            return false;
        for (int f = FORFEIT_ILLEGAL; f <= FORFEIT_DIED; f++)
            if (!strcmp(kind, forfeit_kinds[f]))
                r->forfeit = (forfeit_kind)f;
        r->forfeit_seat = seat_named(n, loser);
        if (!r->forfeit || r->forfeit_seat < 0 || r->forfeit_seat == r->winner
            || !copy_text(r->forfeit_text, sizeof r->forfeit_text, text)) {
            cli_part_malformed(part, "a game's \"forfeit\" is not a loser, a kind and a text");
            return false;
        }
        return true;
    }
    /* a game the rules ended names the end rule; a draw where no one
     * could move names none, and so does a game cut off unfinished */
    r->over = termination->type != JSON_NULL;
    if ((win && !r->over) || (r->unfinished && r->over)
        || (r->over && !copy_text(r->termination, sizeof r->termination, json_get_string(termination)))) {
        cli_part_malformed(part, "a game's \"termination\" does not go with its \"result\"");
        return false;
    }
    return true;
}

/* The Elo difference that a score SHARE (0..1) stands for; infinite at 0
 * and 1 (and not a number outside). */
static double elo_of_share(double share)
{
    if (share <= 0.0)
        return -INFINITY;
    if (share >= 1.0)
        return INFINITY;
    return -400.0 * log10(1.0 / share - 1.0) + 0.0;   /* (+0.0, not -0.0) */
}

/* Writes the Elo difference that a score SHARE (0..1) stands for. */
static void elo_text(double share, char *out, size_t size)
{
    double elo = elo_of_share(share);
    if (isinf(elo))
        snprintf(out, size, "%s", elo < 0 ? "-inf" : "+inf");
    else
        snprintf(out, size, "%+.1f", elo);
}

/* Engine A's score against engine B over the games, the share of the
 * points it is, and the 95% interval of the share from its standard
 * error over the games (each game scoring 1, 1/2 or 0).  False when no
 * game was played. */
typedef struct elo_estimate {
    long games;
    double score, share, low, high;
} elo_estimate;

static bool estimate_elo(const match_tally *t, elo_estimate *e)
{
    long games = t->won[0] + t->lost[0] + t->drawn[0];
    if (games == 0)
        return false;
    double n = (double)games, share = ((double)t->won[0] + 0.5 * (double)t->drawn[0]) / n;
    double deviation = ((double)t->won[0] * (1.0 - share) * (1.0 - share)
                        + (double)t->drawn[0] * (0.5 - share) * (0.5 - share)
                        + (double)t->lost[0] * share * share) / n;
    double error = sqrt(deviation / n);
    *e = (elo_estimate){ .games = games, .score = (double)t->won[0] + 0.5 * (double)t->drawn[0], .share = share,
                         .low = share - 1.959964 * error, .high = share + 1.959964 * error };
    return true;
}

/* The Elo line of engine A against engine B. */
static void print_elo(const match_tally *t)
{
    elo_estimate e;
    if (!estimate_elo(t, &e))
        return;
    char elo[32], low[32], high[32];
    elo_text(e.share, elo, sizeof elo);
    elo_text(e.low, low, sizeof low);
    elo_text(e.high, high, sizeof high);
    printf("A against B: score %.1f/%ld (%.1f%%), Elo %s", e.score, e.games, 100.0 * e.share, elo);
    if (e.share <= 0.0 || e.share >= 1.0)
        printf(" (every game %s: no finite estimate)\n", e.share <= 0.0 ? "lost" : "won");
    else
        printf(" (95%%: %s to %s)\n", low, high);
}

static void print_summary(const match_names *n, const match_tally *t)
{
    int players = n->players;
    for (int q = 0; q < players; q++) {
        printf("%c %s", 'A' + q, n->spec[q]);
        if (n->id[q])
            printf(" (%s)", n->id[q]);
        printf(": %ld won, %ld lost, %ld drawn;", t->won[q], t->lost[q], t->drawn[q]);
        for (int s = 0; s < players; s++)
            printf("%s as %s %ld-%ld-%ld", s ? "," : "", n->player[s], t->seat_won[q][s], t->seat_lost[q][s],
                   t->seat_drawn[q][s]);
        putchar('\n');
    }
    if (players == 2)
        print_elo(t);
    printf("result:");
    for (int q = 0; q < players; q++)
        printf(" %ld", t->won[q]);
    printf(" %ld\n", t->draws);
}

/* The summary's members in --json (the schema is in tabula(1)). */
static void write_summary(json_writer *w, const match_names *n, const match_tally *t)
{
    char letter[2] = "A";
    json_key(w, "games");
    json_int(w, t->games);
    json_key(w, "engines");
    json_begin_array(w, JSON_BLOCK);
    for (int q = 0; q < n->players; q++) {
        json_begin_object(w, JSON_LINE);
        letter[0] = (char)('A' + q);
        json_key(w, "engine");
        json_string(w, letter);
        json_key(w, "spec");
        json_string(w, n->spec[q]);
        json_key(w, "name");
        json_string(w, n->id[q] ? n->id[q] : n->spec[q]);
        json_key(w, "won");
        json_int(w, t->won[q]);
        json_key(w, "lost");
        json_int(w, t->lost[q]);
        json_key(w, "drawn");
        json_int(w, t->drawn[q]);
        json_key(w, "score");
        json_double(w, (double)t->won[q] + 0.5 * (double)t->drawn[q]);
        json_key(w, "forfeits");
        json_int(w, t->forfeits[q]);
        json_key(w, "seats");
        json_begin_array(w, JSON_LINE);
        for (int s = 0; s < n->players; s++) {
            json_begin_object(w, JSON_LINE);
            json_key(w, "seat");
            json_string(w, n->player[s]);
            json_key(w, "won");
            json_int(w, t->seat_won[q][s]);
            json_key(w, "lost");
            json_int(w, t->seat_lost[q][s]);
            json_key(w, "drawn");
            json_int(w, t->seat_drawn[q][s]);
            json_end_object(w);
        }
        json_end_array(w);
        json_end_object(w);
    }
    json_end_array(w);
    json_key(w, "draws");
    json_int(w, t->draws);
    json_key(w, "forfeits");
    long forfeits = 0;
    for (int q = 0; q < n->players; q++)
        forfeits += t->forfeits[q];
    json_int(w, forfeits);
    /* A against B, as the text's Elo line: null where there is none (more
     * than two players, no game), and an infinite difference as null */
    json_key(w, "elo");
    elo_estimate e;
    if (n->players != 2 || !estimate_elo(t, &e)) {
        json_null(w);
        return;
    }
    json_begin_object(w, JSON_LINE);
    json_key(w, "games");
    json_int(w, e.games);
    json_key(w, "score");
    json_double(w, e.score);
    json_key(w, "share");
    json_double(w, e.share);
    json_key(w, "difference");
    json_double(w, elo_of_share(e.share));
    json_key(w, "low");
    json_double(w, e.low > 0.0 && e.low < 1.0 ? elo_of_share(e.low) : NAN);
    json_key(w, "high");
    json_double(w, e.high > 0.0 && e.high < 1.0 ? elo_of_share(e.high) : NAN);
    json_end_object(w);
}

/* The output, made game by game as the records come (from the games as
 * they end, or from the parts in merge): each game's line, then the
 * summary; or with --json one object, the games in "results". */
typedef struct match_report {
    const match_names *names;
    match_tally tally;
    bool json;
    json_writer w;
} match_report;

static void report_begin(match_report *rep, const match_names *n, bool json)
{
    memset(rep, 0, sizeof *rep);
    rep->names = n;
    rep->json = json;
    if (!json)
        return;
    json_writer *w = &rep->w;
    json_writer_init(w, stdout);
    json_begin_object(w, JSON_BLOCK);
    json_key(w, "game");
    json_string(w, n->game);
    json_key(w, "variant");
    json_string(w, n->variant);
    json_key(w, "seed");
    json_int(w, n->seed);
    json_key(w, "openings");
    json_int(w, n->openings);
    json_key(w, "players");
    json_begin_array(w, JSON_LINE);
    for (int s = 0; s < n->players; s++)
        json_string(w, n->player[s]);
    json_end_array(w);
    json_key(w, "results");
    json_begin_array(w, JSON_BLOCK);
}

static void report_game(match_report *rep, const match_record *r)
{
    tally_add(&rep->tally, r, rep->names->players);
    if (rep->json)
        write_game(&rep->w, rep->names, r);
    else
        print_game(rep->names, r);
    fflush(stdout);
}

/* False when the JSON could not be written whole. */
static bool report_end(match_report *rep)
{
    if (!rep->json) {
        print_summary(rep->names, &rep->tally);
        return true;
    }
    json_end_array(&rep->w);
    write_summary(&rep->w, rep->names, &rep->tally);
    json_end_object(&rep->w);
    return json_writer_finish(&rep->w);
}

/* --- openings */

/* Reads the position strings of PATH (one a line; blank lines and lines
 * starting with '#' skipped), each checked on P; false with the error
 * printed. */
static bool read_openings(const char *path, position *p, char ***out, int *count)
{
    FILE *file = fopen(path, "r");
    if (!file) {
        fprintf(stderr, "tabula match: --opening-file %s: %s\n", path, strerror(errno));
        return false;
    }
    char *line = NULL, **list = NULL;
    size_t capacity = 0;
    int n = 0, number = 0;
    bool ok = true;
    while (ok && getline(&line, &capacity, file) >= 0) {
        number++;
        line[strcspn(line, "\r\n")] = '\0';
        char *text = line + strspn(line, " \t");
        if (!*text || *text == '#')
            continue;
        char error[256];
        pos_reset(p);
        if (n >= MATCH_MAX_OPENINGS) {
            fprintf(stderr, "tabula match: %s: more than %d openings\n", path, MATCH_MAX_OPENINGS);
            ok = false;
        } else if (strlen(text) >= PROTOCOL_POSITION_TEXT) {
            fprintf(stderr, "tabula match: %s:%d: the position string is too long\n", path, number);
            ok = false;
        } else if (!posstring_read(p, text, error, sizeof error)) {
            fprintf(stderr, "tabula match: %s:%d: %s\n", path, number, error);
            ok = false;
        } else {
            char **grown = realloc(list, (size_t)(n + 1) * sizeof *list);
            char *copy = strdup(text);
            if (!grown || !copy) {
                free(copy);
                if (grown)
                    list = grown;
                fputs("tabula match: out of memory\n", stderr);
                ok = false;
            } else {
                list = grown;
                list[n++] = copy;
            }
        }
    }
    free(line);
    fclose(file);
    if (ok && n == 0) {
        fprintf(stderr, "tabula match: %s holds no position string\n", path);
        ok = false;
    }
    *out = list;
    *count = n;
    pos_reset(p);
    return ok;
}

/* --- the command */

#define MATCH_USAGE "usage: tabula match [--variant V] FILE --p1 SPEC --p2 SPEC [--p3 SPEC --p4 SPEC] --games N [--seed S] [--openings K] [--opening-file FILE] [--tc MS[+INC]] [--pN-option NAME=VALUE] [--pN-go WORDS] [--timeout MS] [--record FILE] [--verbose] [--threads N] [--json] [--shard K/N [--output FILE]] [--progress]"

typedef struct match_options {
    const char *variant, *path, *opening_path, *record_path;
    cli_series_options series;
    long timeout;
    long base, increment;
    bool timed, verbose, json;
    cli_shard shard;
} match_options;

/* Reads --tc MS or MS+INC. */
static bool read_clock(const char *text, match_options *o)
{
    char base[32];
    const char *plus = strchr(text, '+');
    size_t n = plus ? (size_t)(plus - text) : strlen(text);
    if (n == 0 || n >= sizeof base) {
        fprintf(stderr, "tabula match: --tc is MS or MS+INC (milliseconds), not '%s'\n", text);
        return false;
    }
    memcpy(base, text, n);
    base[n] = '\0';
    if (!cli_parse_count(base, 1, 86400000L, &o->base)
        || (plus && !cli_parse_count(plus + 1, 0, 86400000L, &o->increment))) {
        fprintf(stderr, "tabula match: --tc is MS or MS+INC (milliseconds), not '%s'\n", text);
        return false;
    }
    o->timed = true;
    return true;
}

/* The seat word of --pN, --pN-option, --pN-go: N - 1, or -1. */
static int seat_option(const char *a, const char *suffix)
{
    if (strncmp(a, "--p", 3) || a[3] < '1' || a[3] > '4' || strcmp(a + 4, suffix))
        return -1;
    return a[3] - '1';
}

static int parse_options(int argc, char **argv, match_options *o, contestant *engines)
{
    for (int i = 0; i < argc; i++) {
        const char *a = argv[i];
        int q;
        bool more = i + 1 < argc;
        int taken = cli_shard_option("match", argc, argv, &i, &o->shard);
        if (taken == 0)
            taken = cli_series_option("match", argc, argv, &i, &o->series);
        if (taken < 0)
            return EXIT_USAGE;
        if (taken > 0)
            continue;
        cli_taken file = cli_file_option("match", MATCH_USAGE, argc, argv, &i, &o->variant, &o->path);
        if (file == CLI_TAKEN_HELP || file == CLI_TAKEN_BAD)
            return file == CLI_TAKEN_HELP ? EXIT_VALID + 100 : EXIT_USAGE;
        if (file == CLI_TAKEN)
            continue;
        if ((q = seat_option(a, "")) >= 0 && more) {
            engines[q].text = argv[++i];
        } else if ((q = seat_option(a, "-option")) >= 0 && more) {
            if (engines[q].option_count == MATCH_MAX_OPTIONS) {
                fprintf(stderr, "tabula match: at most %d options for an engine\n", MATCH_MAX_OPTIONS);
                return EXIT_USAGE;
            }
            engines[q].options[engines[q].option_count++] = argv[++i];
        } else if ((q = seat_option(a, "-go")) >= 0 && more) {
            engines[q].go_words = argv[++i];
        } else if (!strcmp(a, "--json")) {
            o->json = true;
        } else if (!strcmp(a, "--verbose")) {
            o->verbose = true;
        } else if (!strcmp(a, "--opening-file") && more) {
            o->opening_path = argv[++i];
        } else if (!strcmp(a, "--record") && more) {
            o->record_path = argv[++i];
        } else if (!strcmp(a, "--tc") && more) {
            if (!read_clock(argv[++i], o))
                return EXIT_USAGE;
        } else if (!strcmp(a, "--timeout") && more) {
            if (!cli_count_option("match", "--timeout", argv[++i], 1, 86400000L, &o->timeout))
                return EXIT_USAGE;
        } else {
            return cli_unknown_option("match", a);
        }
    }
    if (!o->path || !o->series.games) {
        fputs("tabula match: " MATCH_USAGE "\n", stderr);
        return EXIT_USAGE;
    }
    if (!cli_shard_check("match", &o->shard, o->json))
        return EXIT_USAGE;
    if (o->verbose && o->json) {
        fputs("tabula match: --verbose prints the moves among the text's lines: not with --json\n", stderr);
        return EXIT_USAGE;
    }
    for (int q = 0; q < GAME_MAX_PLAYERS; q++) {
        contestant *c = &engines[q];
        char error[256];
        if (!c->text) {
            if (c->option_count || c->go_words) {
                fprintf(stderr, "tabula match: --p%d-option and --p%d-go need --p%d\n", q + 1, q + 1, q + 1);
                return EXIT_USAGE;
            }
            continue;
        }
        c->outside = protocol_is_player_spec(c->text);
        if (!c->outside && (c->option_count || c->go_words)) {
            fprintf(stderr, "tabula match: --p%d-option and --p%d-go are for an outside engine "
                    "(ugi:COMMAND or uci:COMMAND), not %s\n", q + 1, q + 1, c->text);
            return EXIT_USAGE;
        }
        if (c->outside && !o->timed && !c->go_words) {
            fprintf(stderr, "tabula match: --p%d %s: give it a clock (--tc) or what its go says "
                    "(--p%d-go 'movetime 100')\n", q + 1, c->text, q + 1);
            return EXIT_USAGE;
        }
        /* under a clock, "ab" or "mcts" alone: the clock gives each move its time */
        bool clocked = o->timed && (!strcmp(c->text, "ab") || !strcmp(c->text, "mcts"));
        if (clocked)
            c->spec = (engine_spec){ .kind = c->text[0] == 'a' ? ENGINE_ALPHABETA : ENGINE_MCTS };
        else if (!c->outside && !engine_spec_parse(c->text, &c->spec, error, sizeof error)) {
            fprintf(stderr, "tabula match: --p%d: %s\n", q + 1, error);
            return EXIT_USAGE;
        }
        if (!c->outside && o->series.threads && c->spec.kind != ENGINE_RANDOM)
            c->spec.threads = (int)o->series.threads;   /* --threads: every ab and mcts engine */
    }
    return EXIT_VALID;
}

/* Starts the outside engines not running (the first game, or one that
 * timed out or died in the last); false with the error printed. */
static bool start_players(const game *g, contestant *engines, int players, long timeout)
{
    for (int q = 0; q < players; q++) {
        contestant *c = &engines[q];
        c->new_game = true;
        if (!c->outside || c->player)
            continue;
        char error[512];
        c->player = protocol_player_start(g, c->text, c->options, c->option_count, timeout, error, sizeof error);
        if (!c->player) {
            fprintf(stderr, "tabula match: --p%d: %s\n", q + 1, error);
            return false;
        }
    }
    return true;
}

/* Appends game K (from 0) of the match to RECORD: its moves as people see
 * them, who sat where, its RESULT, or WINNER's win by the forfeit. */
static bool write_record(FILE *record, const match_game *m, const match_options *o, const game *g, long k,
                         const game_result *result, int winner)
{
    char round[32];
    snprintf(round, sizeof round, "%ld", k + 1);
    game_result forfeited = { .over = true, .winner = winner, .rule = -1 };
    if (m->forfeit)
        forfeited.score[winner] = 1;
    record_game r = { .g = g, .event = "tabula match", .round = round, .rules = o->path, .variant = o->variant,
                      .start = m->start, .moves = m->shown_pointers, .movers = m->movers,
                      .move_count = m->move_count, .result = m->forfeit ? &forfeited : result,
                      .termination = m->forfeit ? forfeit_terminations[m->forfeit] : NULL };
    for (int q = 0; q < g->player_count; q++)
        r.seats[q] = m->at[q]->outside && m->at[q]->player ? protocol_player_name(m->at[q]->player) : m->at[q]->text;
    char *text = record_text(&r);
    if (!text)
        return false;
    bool ok = fputs(text, record) >= 0 && fflush(record) == 0;
    free(text);
    return ok;
}

/* --- parts: the job, and merge */

/* The job: what a part names (every argument that changes a game). */
typedef struct match_job {
    const char *game, *variant;
    uint64_t rules;
    int players;
    const char *spec[GAME_MAX_PLAYERS];
    long games, seed, openings, threads, base, increment, shards;
    bool timed;
    const char *opening_file;       /* the hash of --opening-file's positions; NULL: none */
} match_job;

static void write_job(json_writer *w, const void *context)
{
    const match_job *job = context;
    cli_job_begin(w, "match", job->game, job->variant, job->rules);
    json_key(w, "engines");
    json_begin_array(w, JSON_LINE);
    for (int q = 0; q < job->players; q++)
        json_string(w, job->spec[q]);
    json_end_array(w);
    json_key(w, "games");
    json_int(w, job->games);
    json_key(w, "seed");
    json_int(w, job->seed);
    json_key(w, "openings");
    json_int(w, job->openings);
    json_key(w, "opening_file");
    if (job->opening_file)
        json_string(w, job->opening_file);
    else
        json_null(w);
    json_key(w, "tc");
    if (job->timed) {
        json_begin_array(w, JSON_LINE);
        json_int(w, job->base);
        json_int(w, job->increment);
        json_end_array(w);
    } else {
        json_null(w);
    }
    json_key(w, "threads");
    json_int(w, job->threads);
    cli_job_end(w, job->shards);
}

/* A part's result: the seats' names, then the games' records (written by
 * the caller) in "games". */
static void write_part_head(json_writer *w, const match_names *n)
{
    json_begin_object(w, JSON_BLOCK);
    json_key(w, "players");
    json_begin_array(w, JSON_LINE);
    for (int s = 0; s < n->players; s++)
        json_string(w, n->player[s]);
    json_end_array(w);
    json_key(w, "games");
    json_begin_array(w, JSON_BLOCK);
}

int cli_match_merge(const cli_part_read *parts, long count, bool json)
{
    const json_value *job_value = json_member(parts[0].root, "job");
    match_names n = { 0 };
    int64_t games, seed, openings;
    n.game = cli_member_string(&parts[0], job_value, "game");
    n.variant = n.game ? cli_member_string(&parts[0], job_value, "variant") : NULL;
    const json_value *specs = n.variant ? cli_member_array(&parts[0], job_value, "engines") : NULL;
    const json_value *seats = specs ? cli_member_array(&parts[0], parts[0].result, "players") : NULL;
    if (!seats || !cli_member_count(&parts[0], job_value, "games", 1, 1000000, &games)
        || !cli_member_count(&parts[0], job_value, "seed", 0, INT64_MAX, &seed)
        || !cli_member_count(&parts[0], job_value, "openings", 0, 100, &openings))
        return EXIT_INVALID;
    n.seed = (long)seed;
    n.openings = (long)openings;
    n.players = (int)seats->count;
    if (seats->count < 1 || seats->count > GAME_MAX_PLAYERS || specs->count != seats->count) {
        cli_part_malformed(&parts[0], "its engines and players are not one for each seat");
        return EXIT_INVALID;
    }
    for (int s = 0; s < n.players; s++) {
        n.player[s] = json_get_string(&seats->items[s]);
        n.spec[s] = json_get_string(&specs->items[s]);
        if (!n.player[s] || !n.spec[s]) {
            cli_part_malformed(&parts[0], "its engines or players hold something other than strings");
            return EXIT_INVALID;
        }
    }
    const json_value **records = calloc((size_t)count, sizeof *records);
    match_record *r = malloc(sizeof *r);
    int status = records && r ? EXIT_VALID : EXIT_INVALID;
    if (status != EXIT_VALID)
        fputs("tabula merge: out of memory\n", stderr);
    for (long i = 0; i < count && status == EXIT_VALID; i++) {
        if (!json_equal(json_member(parts[0].result, "players"), json_member(parts[i].result, "players"))) {
            fprintf(stderr, "tabula merge: %s and %s name the game's players differently: were they written by "
                    "different versions of tabula?\n", parts[0].path, parts[i].path);
            status = EXIT_INVALID;
        } else if (!(records[i] = cli_member_array(&parts[i], parts[i].result, "games"))) {
            status = EXIT_INVALID;
        } else {
            long expected = 0;
            for (long k = i; k < (long)games; k += count)
                expected++;
            if ((long)records[i]->count != expected) {
                char what[160];
                snprintf(what, sizeof what, "it holds %zu games' records, where shard %ld/%ld of %ld games has %ld",
                         records[i]->count, i + 1, count, (long)games, expected);
                cli_part_malformed(&parts[i], what);
                status = EXIT_INVALID;
            }
        }
    }
    /* every record read before anything is printed: a bad one in the
     * last part prints nothing */
    for (long k = 0; k < (long)games && status == EXIT_VALID; k++) {
        const cli_part_read *part = &parts[k % count];
        if (!read_game(part, &records[k % count]->items[k / count], &n, r)) {
            status = EXIT_INVALID;
        } else if (r->index != k) {
            char what[96];
            snprintf(what, sizeof what, "it holds game %ld where game %ld should be", r->index + 1, k + 1);
            cli_part_malformed(part, what);
            status = EXIT_INVALID;
        }
    }
    if (status == EXIT_VALID) {
        match_report rep;
        report_begin(&rep, &n, json);
        for (long k = 0; k < (long)games; k++) {
            read_game(&parts[k % count], &records[k % count]->items[k / count], &n, r);
            report_game(&rep, r);
        }
        if (!report_end(&rep))
            status = EXIT_INVALID;
    }
    free(r);
    free(records);
    return status;
}

/* --- the command */

/* What the games of a match share: the engines, the position, the lists,
 * the openings and the record. */
typedef struct match_run {
    const game *g;
    cli_loaded *loaded;
    const match_options *o;
    contestant *engines;
    int players;
    match_game m;
    match_print print;
    position *p;
    movegen *generator;
    move_list list;
    bool list_ok, position_ok;
    char **openings;
    int opening_count;
    char start[PROTOCOL_POSITION_TEXT];
    FILE *record;
} match_run;

/* Plays game K (from 0) of the match into R: CLI_GAME_PLAYED when it was
 * played to its end (a forfeit or a cut-off too), else why not (said on
 * stderr, but for an interruption). */
static int play_game(match_run *run, long k, match_record *r)
{
    const game *g = run->g;
    const match_options *o = run->o;
    match_game *m = &run->m;
    int players = run->players;
    position *p = run->p;
    if (!start_players(g, run->engines, players, o->timeout))
        return CLI_GAME_NOT_STARTED;
    for (int q = 0; q < players; q++) {   /* engine q at seat (q + k) mod players */
        int seat = (int)((q + k) % players);
        contestant *c = &run->engines[q];
        m->at[seat] = c;
        m->engines[seat] = c->engine;
        m->clock[seat] = o->base;
        /* afresh, from the game's own seed: a game does not depend on those before it */
        if (c->engine)
            engine_new_game(c->engine, cli_game_seed(o->series.seed, k, q));
    }
    long round = k / players;   /* the games of one turn of the seats share their opening */
    pos_reset(p);
    m->start = NULL;
    if (run->openings) {
        char error[256];
        posstring_read(p, run->openings[round % run->opening_count], error, sizeof error);
        posstring_write(p, run->start, sizeof run->start);
        m->start = run->start;
    }
    m->move_count = 0;
    m->forfeit = FORFEIT_NONE;
    m->play.ply = 0;
    m->play.interrupted = false;
    m->play.missing[0] = '\0';
    int opening = cli_random_opening(run->generator, p, &run->list, o->series.openings,
                                     cli_opening_seed(o->series.seed, round), opening_move, m);
    pos_commit(p);
    memset(r, 0, sizeof *r);
    r->index = k;
    posstring_write(p, r->opening, sizeof r->opening);
    uint64_t unused = 0;
    m->play.ply = opening;
    playout loop = { .max_plies = MATCH_MAX_PLIES, .choose = match_move, .context = m };
    playout_run(run->generator, p, &run->list, &unused, &loop);
    if (o->verbose)
        putchar('\n');
    if (m->play.interrupted)
        return CLI_GAME_INTERRUPTED;
    if (run->list.overflow) {
        front_report_limit(g, &run->loaded->sources, &run->list);
        char where[PROTOCOL_POSITION_TEXT];
        posstring_write(p, where, sizeof where);
        fprintf(stderr, "tabula match: the position: %s\n", where);
        return CLI_GAME_STOPPED;   /* the engines would not see every move */
    }
    if (m->play.missing[0]) {
        fprintf(stderr, "tabula match: the engine chose %s, which is not among the legal moves\n", m->play.missing);
        return CLI_GAME_STOPPED;
    }
    const game_result *result = &loop.result;
    r->plies = opening + loop.plies;
    r->winner = m->forfeit ? 1 - m->forfeit_seat : result->over ? result->winner : -1;
    r->over = result->over && !m->forfeit;
    r->unfinished = !result->over && loop.moves > 0 && !m->forfeit;
    if (r->over)
        snprintf(r->termination, sizeof r->termination, "%s", game_end_text(g, result));
    r->forfeit = m->forfeit;
    r->forfeit_seat = m->forfeit_seat;
    snprintf(r->forfeit_text, sizeof r->forfeit_text, "%s", m->forfeit_text);
    if (m->forfeit == FORFEIT_SILENT || m->forfeit == FORFEIT_DIED || m->forfeit == FORFEIT_TIME) {
        contestant *c = m->at[m->forfeit_seat];   /* (started again for the next game: it may still be thinking) */
        protocol_player_free(c->player);
        c->player = NULL;
    }
    if (run->record && !write_record(run->record, m, o, g, k, result, r->winner)) {
        fprintf(stderr, "tabula match: --record %s: %s\n", o->record_path, strerror(errno));
        return CLI_GAME_STOPPED;
    }
    return CLI_GAME_PLAYED;
}

/* Makes what the games need; false with the error said. */
static int run_new(match_run *run, cli_loaded *loaded, const match_options *o, contestant *engines)
{
    memset(run, 0, sizeof *run);
    const game *g = loaded->game;
    run->g = g;
    run->loaded = loaded;
    run->o = o;
    run->engines = engines;
    run->players = g->player_count;
    run->print = (match_print){ .g = g, .on = o->verbose };
    run->m = (match_game){ .g = g, .print = &run->print, .timed = o->timed, .increment = o->increment,
                           .margin = MATCH_MARGIN_MS, .timeout = o->timeout };
    run->m.play = (cli_selfplay){ .g = g, .engines = run->m.engines, .chosen = o->verbose ? print_move : NULL,
                                  .context = &run->print };
    run->p = malloc(sizeof *run->p);
    run->generator = movegen_new(g);
    run->list_ok = move_list_init(&run->list);
    run->position_ok = run->p && pos_init(run->p, g);
    run->m.moves[0] = malloc((MATCH_MAX_PLIES + 128) * sizeof *run->m.moves[0]);
    run->m.moves[1] = malloc((MATCH_MAX_PLIES + 128) * sizeof *run->m.moves[1]);
    bool ok = run->position_ok && run->generator && run->list_ok && run->m.moves[0] && run->m.moves[1];
    for (int q = 0; ok && q < run->players; q++)
        if (!engines[q].outside) {
            engines[q].engine = engine_new(g, &engines[q].spec, cli_game_seed(o->series.seed, 0, q));
            ok = engines[q].engine != NULL;
        }
    if (ok && o->record_path) {
        run->m.shown = malloc((MATCH_MAX_PLIES + 128) * sizeof *run->m.shown);
        run->record = run->m.shown ? fopen(o->record_path, "w") : NULL;
        if (run->m.shown && !run->record) {
            fprintf(stderr, "tabula match: --record %s: %s\n", o->record_path, strerror(errno));
            return EXIT_USAGE;
        }
        ok = run->m.shown != NULL;
    }
    if (ok && (o->verbose || run->record) && g->notation == GAME_NOTATION_ALGEBRAIC) {
        run->print.generator = movegen_new(g);
        ok = run->print.generator && move_list_init(&run->print.replies);
    }
    if (!ok) {
        fputs("tabula match: out of memory\n", stderr);
        return EXIT_INVALID;
    }
    if (o->opening_path && !read_openings(o->opening_path, run->p, &run->openings, &run->opening_count))
        return EXIT_USAGE;
    return EXIT_VALID;
}

/* Frees what run_new made; false when the record could not be closed
 * (said). */
static bool run_free(match_run *run)
{
    bool ok = true;
    for (int q = 0; q < run->players; q++) {
        engine_free(run->engines[q].engine);
        protocol_player_free(run->engines[q].player);
    }
    for (int i = 0; i < run->opening_count; i++)
        free(run->openings[i]);
    free(run->openings);
    free(run->m.moves[0]);
    free(run->m.moves[1]);
    free(run->m.shown);
    if (run->record && fclose(run->record) != 0) {
        fprintf(stderr, "tabula match: --record %s: %s\n", run->o->record_path, strerror(errno));
        ok = false;
    }
    if (run->list_ok)
        move_list_free(&run->list);
    move_list_free(&run->print.replies);
    movegen_free(run->print.generator);
    movegen_free(run->generator);
    if (run->position_ok)
        pos_free(run->p);
    free(run->p);
    return ok;
}

/* The hash of the positions of --opening-file, as 16 hexadecimal digits
 * in OUT: a part names the openings, not the file's name. */
static void openings_hash(char **openings, int count, char *out, size_t size)
{
    uint64_t hash = 0xcbf29ce484222325ull;
    for (int i = 0; i < count; i++)
        for (const char *c = openings[i];; c++) {
            hash ^= (unsigned char)*c;
            hash *= 0x100000001b3ull;
            if (!*c)
                break;
        }
    snprintf(out, size, "%016llx", (unsigned long long)rng_mix(hash));
}

/* Whether the options go with the game (said when not). */
static bool options_fit(const match_options *o, const game *g, contestant *engines, bool *any_outside)
{
    int players = g->player_count;
    *any_outside = false;
    for (int q = 0; q < GAME_MAX_PLAYERS; q++) {
        if ((q < players) != (engines[q].text != NULL)) {
            fprintf(stderr, "tabula match: %s has %d players: give --p1 to --p%d\n", g->name, players, players);
            return false;
        }
        *any_outside = *any_outside || engines[q].outside;
    }
    if ((*any_outside || o->timed) && players != 2) {
        fprintf(stderr, "tabula match: outside engines and --tc are for two-player games; %s has %d players\n",
                g->name, players);
        return false;
    }
    if (o->shard.count || cli_mpi_ranks() > 1) {
        /* a part (or an MPI rank's result) holds what merge prints: the
         * games' lines and the summary, not the moves nor the record of
         * each game */
        const char *alone = o->verbose ? "--verbose" : o->record_path ? "--record" : NULL;
        if (alone) {
            fprintf(stderr, "tabula match: %s is for a whole match in one process: a shard's part (or an MPI "
                    "rank's result) holds the games' results, not their moves\n", alone);
            return false;
        }
        if (*any_outside) {
            fputs("tabula match: an outside engine (ugi: or uci:) plays by its own clock and state, which a "
                  "shard (or an MPI rank) cannot make again: run such a match whole, in one process\n", stderr);
            return false;
        }
    }
    return true;
}

/* --- the games of the match, played by cli_shard.c's loop */

/* What the loop's callbacks need: the run, the output of a whole match,
 * and the names. */
typedef struct match_games {
    match_run *run;
    match_report *report;
    const match_names *names;
} match_games;

static void *games_record_new(void *context)
{
    (void)context;
    return malloc(sizeof(match_record));
}

static void games_record_free(void *record)
{
    free(record);
}

static int games_play(void *context, long index, void *record)
{
    match_games *games = context;
    return play_game(games->run, index, record);
}

static void games_head(json_writer *w, const void *context)
{
    const match_games *games = context;
    write_part_head(w, games->names);
}

static void games_write(json_writer *w, const void *context, const void *record)
{
    const match_games *games = context;
    write_game(w, games->names, record);
}

static void games_add(void *context, const void *record)
{
    match_games *games = context;
    report_game(games->report, record);
}

int cli_match(int argc, char **argv)
{
    match_options o = { .series.seed = 1, .timeout = MATCH_TIMEOUT_MS };
    contestant engines[GAME_MAX_PLAYERS];
    memset(engines, 0, sizeof engines);
    int status = parse_options(argc, argv, &o, engines);
    if (status != EXIT_VALID)
        return status == EXIT_VALID + 100 ? EXIT_VALID : status;
    cli_loaded l;
    status = cli_load("match", o.path, o.variant, &l);
    if (status != EXIT_VALID) {
        cli_unload(&l);
        return status;
    }
    const game *g = l.game;
    int players = g->player_count;
    bool any_outside;
    if (!options_fit(&o, g, engines, &any_outside)) {
        cli_unload(&l);
        return EXIT_USAGE;
    }
    if (any_outside)
        signal(SIGPIPE, SIG_IGN);   /* an engine that ended: a failed write, not the end of the match */
    match_run run;
    status = run_new(&run, &l, &o, engines);
    match_names n = { .game = g->name, .variant = g->variant, .players = players, .seed = o.series.seed,
                      .openings = o.series.openings };
    match_job job = { .game = g->name, .variant = g->variant, .rules = cli_rules_hash(&l.sources),
                      .players = players, .games = o.series.games, .seed = o.series.seed,
                      .openings = o.series.openings, .threads = o.series.threads, .base = o.base,
                      .increment = o.increment, .timed = o.timed, .shards = o.shard.count };
    char opening_file[17];
    if (run.openings) {
        openings_hash(run.openings, run.opening_count, opening_file, sizeof opening_file);
        job.opening_file = opening_file;
    }
    for (int s = 0; s < players; s++) {
        n.player[s] = g->player_names[s];
        n.spec[s] = job.spec[s] = engines[s].text;
    }
    int present = cli_part_present_on_ranks("match", &o.shard, write_job, &job);
    if (present != 0) {
        run_free(&run);
        cli_unload(&l);
        return present > 0 ? EXIT_VALID : EXIT_USAGE;
    }
    match_report rep;
    match_games context = { .run = &run, .report = &rep, .names = &n };
    cli_games games = { .command = "match", .file = o.path, .shard = &o.shard, .count = o.series.games,
                        .job = write_job, .job_context = &job, .merge = cli_match_merge, .json = o.json,
                        .finished = "the result counts", .prints_moves = o.verbose, .prints_records = true,
                        .context = &context, .record_new = games_record_new, .record_free = games_record_free,
                        .play = games_play, .head = games_head, .write = games_write, .add = games_add };
    if (cli_mpi_ranks() > 1) {
        status = cli_games_share(&games, status == EXIT_VALID);
    } else if (status != EXIT_VALID) {
        /* (nothing to do) */
    } else if (o.shard.count) {
        status = cli_games_play(&games);
    } else {
        report_begin(&rep, &n, o.json);
        status = cli_games_play(&games);
        for (int q = 0; q < players; q++) {
            const contestant *c = &engines[q];
            if (c->outside && c->player && strcmp(protocol_player_name(c->player), c->text + 4))
                n.id[q] = protocol_player_name(c->player);   /* (its id name) */
        }
        if (!report_end(&rep))
            status = EXIT_INVALID;
    }
    if (!run_free(&run))
        status = EXIT_INVALID;
    cli_unload(&l);
    return status;
}
