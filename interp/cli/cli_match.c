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
    long won, lost, drawn;
    long seat_won[GAME_MAX_PLAYERS], seat_lost[GAME_MAX_PLAYERS], seat_drawn[GAME_MAX_PLAYERS];
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
            engine_set_limits(c->engine, c->spec.depth, budget, c->spec.nodes, c->spec.playouts);
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

/* --- the summary */

/* Writes the Elo difference that a score SHARE (0..1) stands for. */
static void elo_text(double share, char *out, size_t size)
{
    if (share <= 0.0)
        snprintf(out, size, "-inf");
    else if (share >= 1.0)
        snprintf(out, size, "+inf");
    else
        snprintf(out, size, "%+.1f", -400.0 * log10(1.0 / share - 1.0) + 0.0);   /* (+0.0, not -0.0) */
}

/* The Elo line of engine A against engine B: A's score over the games,
 * the difference it stands for by the logistic formula, and the 95%
 * interval from the score's standard error over the games (each game
 * scoring 1, 1/2 or 0). */
static void print_elo(const contestant *a)
{
    long games = a->won + a->lost + a->drawn;
    if (games == 0)
        return;
    double n = (double)games, share = ((double)a->won + 0.5 * (double)a->drawn) / n;
    double deviation = ((double)a->won * (1.0 - share) * (1.0 - share)
                        + (double)a->drawn * (0.5 - share) * (0.5 - share)
                        + (double)a->lost * share * share) / n;
    double error = sqrt(deviation / n);
    char elo[32], low[32], high[32];
    elo_text(share, elo, sizeof elo);
    elo_text(share - 1.959964 * error, low, sizeof low);
    elo_text(share + 1.959964 * error, high, sizeof high);
    printf("A against B: score %.1f/%ld (%.1f%%), Elo %s", (double)a->won + 0.5 * (double)a->drawn, games,
           100.0 * share, elo);
    if (share <= 0.0 || share >= 1.0)
        printf(" (every game %s: no finite estimate)\n", share <= 0.0 ? "lost" : "won");
    else
        printf(" (95%%: %s to %s)\n", low, high);
}

static void print_summary(const game *g, contestant *engines, int players, long draws)
{
    for (int q = 0; q < players; q++) {
        const contestant *c = &engines[q];
        printf("%c %s", 'A' + q, c->text);
        if (c->outside && c->player && strcmp(protocol_player_name(c->player), c->text + 4))
            printf(" (%s)", protocol_player_name(c->player));   /* (its id name) */
        printf(": %ld won, %ld lost, %ld drawn;", c->won, c->lost, c->drawn);
        for (int s = 0; s < players; s++)
            printf("%s as %s %ld-%ld-%ld", s ? "," : "", g->player_names[s], c->seat_won[s], c->seat_lost[s],
                   c->seat_drawn[s]);
        putchar('\n');
    }
    if (players == 2)
        print_elo(&engines[0]);
    printf("result:");
    for (int q = 0; q < players; q++)
        printf(" %ld", engines[q].won);
    printf(" %ld\n", draws);
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

#define MATCH_USAGE "usage: tabula match [--variant V] FILE --p1 SPEC --p2 SPEC [--p3 SPEC --p4 SPEC] --games N [--seed S] [--openings K] [--opening-file FILE] [--tc MS[+INC]] [--pN-option NAME=VALUE] [--pN-go WORDS] [--timeout MS] [--record FILE] [--verbose] [--threads N]"

typedef struct match_options {
    const char *variant, *path, *opening_path, *record_path;
    long games, seed, threads, openings, timeout;
    long base, increment;
    bool timed, verbose;
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
        if (!strcmp(a, "-h") || !strcmp(a, "--help")) {
            cli_print_help(stdout, "match");
            return EXIT_VALID + 100;
        } else if (!strcmp(a, "--variant") && more) {
            o->variant = front_join_variant(o->variant, argv[++i]);
        } else if (!strncmp(a, "--variant=", 10) && a[10]) {
            o->variant = front_join_variant(o->variant, a + 10);
        } else if ((q = seat_option(a, "")) >= 0 && more) {
            engines[q].text = argv[++i];
        } else if ((q = seat_option(a, "-option")) >= 0 && more) {
            if (engines[q].option_count == MATCH_MAX_OPTIONS) {
                fprintf(stderr, "tabula match: at most %d options for an engine\n", MATCH_MAX_OPTIONS);
                return EXIT_USAGE;
            }
            engines[q].options[engines[q].option_count++] = argv[++i];
        } else if ((q = seat_option(a, "-go")) >= 0 && more) {
            engines[q].go_words = argv[++i];
        } else if (!strcmp(a, "--games") && more) {
            if (!cli_count_option("match", "--games", argv[++i], 1, 1000000L, &o->games))
                return EXIT_USAGE;
        } else if (!strcmp(a, "--seed") && more) {
            if (!cli_count_option("match", "--seed", argv[++i], 0, 2147483647L, &o->seed))
                return EXIT_USAGE;
        } else if (!strcmp(a, "--verbose")) {
            o->verbose = true;
        } else if (!strcmp(a, "--openings") && more) {
            if (!cli_count_option("match", "--openings", argv[++i], 0, 100, &o->openings))
                return EXIT_USAGE;
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
        } else if (!strcmp(a, "--threads") && more) {
            if (!cli_count_option("match", "--threads", argv[++i], 1, SEARCH_MAX_THREADS, &o->threads))
                return EXIT_USAGE;
        } else if (a[0] == '-' && a[1] != '\0') {
            fprintf(stderr, "tabula match: unknown option '%s'; see 'tabula match --help'\n", a);
            return EXIT_USAGE;
        } else if (!o->path) {
            o->path = a;
        } else {
            fputs("tabula match: give one rules file; " MATCH_USAGE "\n", stderr);
            return EXIT_USAGE;
        }
    }
    if (!o->path || !o->games) {
        fputs("tabula match: " MATCH_USAGE "\n", stderr);
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
        if (!c->outside && o->threads && c->spec.kind != ENGINE_RANDOM)
            c->spec.threads = (int)o->threads;   /* --threads: every ab and mcts engine */
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

static const char *const forfeit_names[] = { "", "by an illegal move", "on time", "by not answering",
                                             "by ending" };
/* A forfeit as PGN's Termination tag says it. */
static const char *const forfeit_terminations[] = { "", "rules infraction", "time forfeit", "abandoned",
                                                    "abandoned" };

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

int cli_match(int argc, char **argv)
{
    match_options o = { .seed = 1, .timeout = MATCH_TIMEOUT_MS };
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
    bool any_outside = false;
    for (int q = 0; q < GAME_MAX_PLAYERS; q++) {
        if ((q < players) != (engines[q].text != NULL)) {
            fprintf(stderr, "tabula match: %s has %d players: give --p1 to --p%d\n", g->name, players, players);
            cli_unload(&l);
            return EXIT_USAGE;
        }
        any_outside = any_outside || engines[q].outside;
    }
    if ((any_outside || o.timed) && players != 2) {
        fprintf(stderr, "tabula match: outside engines and --tc are for two-player games; %s has %d players\n",
                g->name, players);
        cli_unload(&l);
        return EXIT_USAGE;
    }
    if (any_outside)
        signal(SIGPIPE, SIG_IGN);   /* an engine that ended: a failed write, not the end of the match */
    match_print print = { .g = g, .on = o.verbose };
    match_game m = { .g = g, .print = &print, .timed = o.timed, .increment = o.increment,
                     .margin = MATCH_MARGIN_MS, .timeout = o.timeout };
    position *p = malloc(sizeof *p);
    movegen *generator = movegen_new(g);
    move_list list;
    bool list_ok = move_list_init(&list);
    bool position_ok = p && pos_init(p, g);
    char **openings = NULL;
    int opening_count = 0;
    char start[PROTOCOL_POSITION_TEXT];
    m.moves[0] = malloc((MATCH_MAX_PLIES + 128) * sizeof *m.moves[0]);
    m.moves[1] = malloc((MATCH_MAX_PLIES + 128) * sizeof *m.moves[1]);
    bool ok = position_ok && generator && list_ok && m.moves[0] && m.moves[1];
    for (int q = 0; ok && q < players; q++)
        if (!engines[q].outside) {
            engines[q].engine = engine_new(g, &engines[q].spec, (uint64_t)o.seed * 7919u + (uint64_t)q + 1);
            ok = engines[q].engine != NULL;
        }
    FILE *record = NULL;
    if (ok && o.record_path) {
        m.shown = malloc((MATCH_MAX_PLIES + 128) * sizeof *m.shown);
        record = m.shown ? fopen(o.record_path, "w") : NULL;
        if (m.shown && !record) {
            fprintf(stderr, "tabula match: --record %s: %s\n", o.record_path, strerror(errno));
            status = EXIT_USAGE;
            goto done;
        }
        ok = m.shown != NULL;
    }
    if (ok && (o.verbose || record) && g->notation == GAME_NOTATION_ALGEBRAIC) {
        print.generator = movegen_new(g);
        ok = print.generator && move_list_init(&print.replies);
    }
    if (!ok) {
        fputs("tabula match: out of memory\n", stderr);
        status = EXIT_INVALID;
        goto done;
    }
    if (o.opening_path && !read_openings(o.opening_path, p, &openings, &opening_count)) {
        status = EXIT_USAGE;
        goto done;
    }
    long draws = 0, played = 0;
    bool interrupted = false, limited = false;
    m.play = (cli_selfplay){ .g = g, .engines = m.engines, .chosen = o.verbose ? print_move : NULL,
                             .context = &print };
    cli_catch_interrupts();
    for (long k = 0; k < o.games && !interrupted && !limited; k++) {
        if (!start_players(g, engines, players, o.timeout)) {
            fprintf(stderr, "tabula match: stopped before game %ld; the result counts the %ld games finished\n",
                    k + 1, played);
            status = EXIT_INVALID;
            break;
        }
        for (int q = 0; q < players; q++) {   /* engine q at seat (q + k) mod players */
            int seat = (int)((q + k) % players);
            m.at[seat] = &engines[q];
            m.engines[seat] = engines[q].engine;
            m.clock[seat] = o.base;
        }
        long round = k / players;   /* the games of one turn of the seats share their opening */
        pos_reset(p);
        m.start = NULL;
        if (openings) {
            char error[256];
            posstring_read(p, openings[round % opening_count], error, sizeof error);
            posstring_write(p, start, sizeof start);
            m.start = start;
        }
        m.move_count = 0;
        m.forfeit = FORFEIT_NONE;
        int opening = cli_random_opening(generator, p, &list, o.openings, cli_opening_seed(o.seed, round),
                                         opening_move, &m);
        pos_commit(p);
        uint64_t unused = 0;
        m.play.ply = opening;
        playout run = { .max_plies = MATCH_MAX_PLIES, .choose = match_move, .context = &m };
        playout_run(generator, p, &list, &unused, &run);
        interrupted = m.play.interrupted;
        if (list.overflow) {
            front_report_limit(g, &l.sources, &list);
            char where[PROTOCOL_POSITION_TEXT];
            posstring_write(p, where, sizeof where);
            fprintf(stderr, "tabula match: the position: %s\n", where);
            limited = true;   /* the engines would not see every move */
        } else if (m.play.missing[0]) {
            fprintf(stderr, "tabula match: the engine chose %s, which is not among the legal moves\n",
                    m.play.missing);
            limited = true;
        }
        if (limited)
            status = EXIT_INVALID;
        if (o.verbose)
            putchar('\n');
        if (interrupted || limited) {
            fprintf(stderr, "tabula match: %s in game %ld; the result counts the %ld games "
                    "finished\n", interrupted ? "interrupted" : "stopped", k + 1, played);
            break;
        }
        played++;
        const game_result *result = &run.result;
        int winner = m.forfeit ? 1 - m.forfeit_seat : result->over ? result->winner : -1;
        for (int s = 0; s < players; s++) {
            contestant *c = m.at[s];
            if (winner < 0)
                c->drawn++, c->seat_drawn[s]++;
            else if (s == winner)
                c->won++, c->seat_won[s]++;
            else
                c->lost++, c->seat_lost[s]++;
        }
        if (winner < 0)
            draws++;
        int plies = opening + run.plies;
        if (m.forfeit) {
            int loser = m.forfeit_seat;
            printf("game %ld: %s (%c) wins after %d plies: %s (%c) lost %s: %s\n", k + 1, g->player_names[winner],
                   'A' + (int)(m.at[winner] - engines), plies, g->player_names[loser],
                   'A' + (int)(m.at[loser] - engines), forfeit_names[m.forfeit], m.forfeit_text);
            if (m.forfeit == FORFEIT_SILENT || m.forfeit == FORFEIT_DIED || m.forfeit == FORFEIT_TIME) {
                contestant *c = m.at[loser];   /* (started again for the next game: it may still be thinking) */
                protocol_player_free(c->player);
                c->player = NULL;
            }
        } else if (winner >= 0) {
            printf("game %ld: %s (%c) wins after %d plies (%s)\n", k + 1, g->player_names[winner],
                   'A' + (int)(m.at[winner] - engines), plies, game_end_text(g, result));
        } else {
            printf("game %ld: %s after %d plies", k + 1, result->over || run.moves == 0 ? "draw" : "unfinished (a draw)",
                   plies);
            if (result->over)
                printf(" (%s)\n", game_end_text(g, result));
            else
                putchar('\n');
        }
        fflush(stdout);
        if (record && !write_record(record, &m, &o, g, k, result, winner)) {
            fprintf(stderr, "tabula match: --record %s: %s\n", o.record_path, strerror(errno));
            status = EXIT_INVALID;
            break;
        }
    }
    print_summary(g, engines, players, draws);
done:
    for (int q = 0; q < players; q++) {
        engine_free(engines[q].engine);
        protocol_player_free(engines[q].player);
    }
    for (int i = 0; i < opening_count; i++)
        free(openings[i]);
    free(openings);
    free(m.moves[0]);
    free(m.moves[1]);
    free(m.shown);
    if (record && fclose(record) != 0) {
        fprintf(stderr, "tabula match: --record %s: %s\n", o.record_path, strerror(errno));
        status = EXIT_INVALID;
    }
    if (list_ok)
        move_list_free(&list);
    move_list_free(&print.replies);
    movegen_free(print.generator);
    movegen_free(generator);
    if (position_ok)
        pos_free(p);
    free(p);
    cli_unload(&l);
    return status;
}
