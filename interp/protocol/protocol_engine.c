/* protocol_engine: Tabula as a UGI or UCI engine (protocol.h).
 *
 * The main thread reads commands; `go` starts the search in a thread of
 * its own, which prints its `info` lines and its `bestmove`, so that the
 * main thread answers `isready` and `stop` meanwhile.  While a search runs
 * every command that would change what it reads (position, setoption, a
 * new game, another go) is refused: the search owns the position until it
 * has said its bestmove.
 *
 * Stopping uses the engine's own stop (engine_stop), not the process's
 * interrupt, so that a server leaves any other search in the process
 * alone; it is cleared before each search starts, never while one runs (a
 * stop that comes as a search ends is then not lost on the next).  An
 * infinite search that ends by itself (a game searched to its end) waits
 * for `stop` before it says its move, as UCI asks.
 */
#include <ctype.h>
#include <errno.h>
#include <pthread.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "game/posstring.h"
#include "movegen/notation.h"
#include "protocol/protocol.h"

#define LINE_WORDS 4096
#define INFINITE_MS 86400000L      /* a day: an mcts search "without limit" */
#define DEFAULT_MOVE_MS 1000

typedef struct server {
    const game *g;
    protocol_dialect dialect;
    const char *name;
    FILE *out;
    pthread_mutex_t lock;       /* one line written at a time, and the search's state */
    pthread_cond_t stopped;     /* signalled by stop and quit, for an infinite search */
    position *now, *scratch;    /* the position set; the one a `position` builds */
    movegen *gen;
    move_list moves;            /* the legal moves of NOW */
    game_result result;         /* NOW's, for query */
    bool overflow;              /* NOW has more moves than a list holds */
    /* the options */
    engine_spec spec;
    int default_depth;
    long default_time_ms;
    uint64_t seed;
    engine *engine;             /* NULL: made at the next go (the options changed) */
    /* the search */
    pthread_t thread;
    bool joinable;              /* a search thread to join */
    bool searching;             /* (locked) its bestmove not said yet */
    bool stop_requested;        /* (locked) */
    bool infinite;
    /* the search thread's own, to write its principal variation */
    movegen *pv_gen;
    position *pv_pos;
    move_list pv_list;
} server;

static void say(server *s, const char *format, ...) __attribute__((format(printf, 2, 3)));

static void say(server *s, const char *format, ...)
{
    va_list args;
    va_start(args, format);
    pthread_mutex_lock(&s->lock);
    vfprintf(s->out, format, args);
    fputc('\n', s->out);
    fflush(s->out);
    pthread_mutex_unlock(&s->lock);
    va_end(args);
}

static bool refuse(server *s, const char *format, ...) __attribute__((format(printf, 2, 3)));

/* An error as the protocols carry one: an info string; nothing changes. */
static bool refuse(server *s, const char *format, ...)
{
    char text[1024];
    va_list args;
    va_start(args, format);
    vsnprintf(text, sizeof text, format, args);
    va_end(args);
    say(s, "info string error: %s", text);
    return false;
}

static bool is_searching(server *s)
{
    pthread_mutex_lock(&s->lock);
    bool searching = s->searching;
    pthread_mutex_unlock(&s->lock);
    return searching;
}

/* NOW's legal moves and result, after it changed. */
static void survey(server *s)
{
    movegen_generate(s->gen, s->now, &s->moves);
    s->overflow = s->moves.overflow;
    movegen_result(s->gen, s->now, &s->moves, &s->result);
}

/* --- the search thread */

/* Writes the principal variation TEXT (Tabula's notation, the moves and
 * the parts of a turn all separated by spaces) in the dialect's tokens,
 * replaying it from NOW to tell where each move ends. */
static void pv_tokens(server *s, const char *text, char *out, size_t size)
{
    out[0] = '\0';
    if (!pos_copy(s->pv_pos, s->now))
        return;
    char words[PROTOCOL_POSITION_TEXT];
    snprintf(words, sizeof words, "%s", text);
    const char *word[SEARCH_MAX_PLY * 8];
    int count = 0;
    for (char *w = strtok(words, " "); w && count < (int)(sizeof word / sizeof *word); w = strtok(NULL, " "))
        word[count++] = w;
    size_t used = 0;
    for (int at = 0; at < count;) {
        movegen_generate(s->pv_gen, s->pv_pos, &s->pv_list);
        int found = -1, took = 0;
        char candidate[PROTOCOL_MOVE_TEXT], move_text[PROTOCOL_MOVE_TEXT];
        candidate[0] = '\0';
        for (int k = at; k < count && found < 0; k++) {
            size_t n = strlen(candidate);
            snprintf(candidate + n, sizeof candidate - n, "%s%s", n ? " " : "", word[k]);
            for (int i = 0; i < s->pv_list.count && found < 0; i++) {
                notation_move(s->g, &s->pv_list, i, move_text, sizeof move_text);
                if (!strcmp(move_text, candidate))
                    found = i, took = k - at + 1;
            }
        }
        if (found < 0)
            break;
        protocol_move_text(s->g, &s->pv_list, found, s->dialect, move_text, sizeof move_text);
        if (used + strlen(move_text) + 2 >= size)
            break;
        used += (size_t)snprintf(out + used, size - used, "%s%s", used ? " " : "", move_text);
        move_play(s->pv_pos, &s->pv_list, found);
        at += took;
    }
}

/* "cp 35", "mate 3", "mate -2": a proven end in moves of the side to move
 * (a win in N plies is a mate in (N + 1) / 2 moves). */
static void score_words(score_kind kind, int score, int distance, char *out, size_t size)
{
    if (kind == SCORE_WIN)
        snprintf(out, size, "mate %d", (distance + 1) / 2);
    else if (kind == SCORE_LOSS)
        snprintf(out, size, "mate -%d", (distance + 1) / 2);
    else
        snprintf(out, size, "cp %d", kind == SCORE_DRAW ? 0 : score);
}

static void report_progress(const search_info *info, void *context)
{
    server *s = context;
    char score[64], pv[PROTOCOL_POSITION_TEXT];
    score_words(info->kind, info->score, info->distance, score, sizeof score);
    pv_tokens(s, info->pv ? info->pv : "", pv, sizeof pv);
    double ms = info->seconds * 1000.0;
    unsigned long long nps = info->seconds > 0 ? (unsigned long long)((double)info->nodes / info->seconds) : 0;
    say(s, "info depth %d score %s nodes %llu nps %llu time %.0f%s%s", info->depth, score,
        (unsigned long long)info->nodes, nps, ms, pv[0] ? " pv " : "", pv);
}

static void *search_run(void *argument)
{
    server *s = argument;
    search_result result;
    engine_choose(s->engine, s->now, &result, report_progress, s);
    char best[PROTOCOL_MOVE_TEXT] = "(none)";
    if (result.best >= 0)
        protocol_move_text(s->g, engine_root_moves(s->engine), result.best, s->dialect, best, sizeof best);
    pthread_mutex_lock(&s->lock);
    while (s->infinite && !s->stop_requested)
        pthread_cond_wait(&s->stopped, &s->lock);
    fprintf(s->out, "bestmove %s\n", best);
    fflush(s->out);
    s->searching = false;
    pthread_mutex_unlock(&s->lock);
    return NULL;
}

/* Stops a running search (its bestmove is said) and waits for its thread. */
static void finish_search(server *s)
{
    pthread_mutex_lock(&s->lock);
    if (s->searching) {
        s->stop_requested = true;
        engine_stop(s->engine, true);
        pthread_cond_broadcast(&s->stopped);
    }
    pthread_mutex_unlock(&s->lock);
    if (s->joinable) {
        pthread_join(s->thread, NULL);
        s->joinable = false;
    }
}

/* --- the commands: WORDS[0] is the command, COUNT the words */

static const char *switch_name(engine_switch setting)
{
    return setting == SWITCH_ON ? "true" : setting == SWITCH_OFF ? "false" : "auto";
}

static void say_options(server *s)
{
    say(s, "option name Engine type combo default %s var ab var mcts var random",
        s->spec.kind == ENGINE_MCTS ? "mcts" : s->spec.kind == ENGINE_RANDOM ? "random" : "ab");
    say(s, "option name Threads type spin default %d min 1 max %d", s->spec.threads > 0 ? s->spec.threads : 1,
        SEARCH_MAX_THREADS);
    say(s, "option name Depth type spin default %d min 0 max %d", s->default_depth, SEARCH_MAX_PLY - 1);
    say(s, "option name MoveTime type spin default %ld min 1 max %ld", s->default_time_ms, INFINITE_MS);
    say(s, "option name Quiescence type check default %s", s->spec.no_quiescence ? "false" : "true");
    say(s, "option name Reductions type check default %s", s->spec.reductions == SWITCH_OFF ? "false" : "true");
    /* (by default as the rules decide: alphabeta_prunes) */
    say(s, "option name Pruning type check default %s",
        (s->spec.pruning == SWITCH_DEFAULT ? alphabeta_prunes(s->g) : s->spec.pruning == SWITCH_ON) ? "true"
                                                                                                  : "false");
    say(s, "option name NullMove type combo default %s var auto var true var false", switch_name(s->spec.null_moves));
    say(s, "option name Aspiration type check default %s", s->spec.aspiration == SWITCH_OFF ? "false" : "true");
    say(s, "option name Extensions type check default %s", s->spec.extensions == SWITCH_OFF ? "false" : "true");
    say(s, "option name Contempt type spin default %d min %d max %d", engine_spec_contempt(&s->spec),
        -SEARCH_MAX_CONTEMPT, SEARCH_MAX_CONTEMPT);
    say(s, "option name Hash type spin default %d min 1 max %d",
        s->spec.hash_mb > 0 ? s->spec.hash_mb : search_default_hash_mb(s->spec.kind), SEARCH_MAX_HASH_MB);
    say(s, "option name Exploration type spin default %d min 1 max %d",
        (int)((s->spec.exploration > 0 ? s->spec.exploration : MCTS_EXPLORATION) * 100 + 0.5),
        (int)(MCTS_MAX_EXPLORATION * 100));
    say(s, "option name Bias type spin default %d min 0 max %d",
        (int)((s->spec.bias_given ? s->spec.bias : MCTS_BIAS) * 100 + 0.5), (int)(MCTS_MAX_EXPLORATION * 100));
    say(s, "option name Mast type check default %s",
        (s->spec.mast == SWITCH_DEFAULT ? MCTS_MAST : s->spec.mast == SWITCH_ON) ? "true" : "false");
    say(s, "option name Seed type spin default %llu min 0 max 2147483647", (unsigned long long)s->seed);
}

static bool run_hello(server *s)
{
    say(s, "id name %s", s->name);
    say(s, "id author the Tabula authors");
    say_options(s);
    say(s, "%sok", protocol_name(s->dialect));
    return true;
}

/* A whole decimal number within LOW..HIGH. */
static bool read_number(const char *text, long low, long high, long *out)
{
    /* (a sign only where the range goes below 0: Contempt) */
    bool negative = low < 0 && text && text[0] == '-';
    if (!text || !isdigit((unsigned char)text[negative ? 1 : 0]))
        return false;
    char *end;
    errno = 0;
    long value = strtol(text, &end, 10);
    if (errno || *end || value < low || value > high)
        return false;
    *out = value;
    return true;
}

static bool read_check(const char *text, bool *out)
{
    if (!strcasecmp(text, "true"))
        *out = true;
    else if (!strcasecmp(text, "false"))
        *out = false;
    else
        return false;
    return true;
}

/* setoption name NAME value VALUE (NAME is one word here; the value's
 * words are joined). */
static bool run_setoption(server *s, char **words, int count)
{
    if (count < 3 || strcmp(words[1], "name"))
        return refuse(s, "usage: setoption name NAME value VALUE");
    const char *name = words[2];
    char value[256] = "";
    if (count > 3) {
        if (strcmp(words[3], "value") || count < 5)
            return refuse(s, "usage: setoption name NAME value VALUE");
        for (int k = 4; k < count; k++) {
            size_t n = strlen(value);
            snprintf(value + n, sizeof value - n, "%s%s", k > 4 ? " " : "", words[k]);
        }
    }
    if (count > 5)
        return refuse(s, "option %s takes one word", name);
    engine_spec spec = s->spec;
    long number;
    bool flag;
    if (!strcasecmp(name, "Engine")) {
        if (!strcmp(value, "ab"))
            spec.kind = ENGINE_ALPHABETA;
        else if (!strcmp(value, "mcts"))
            spec.kind = ENGINE_MCTS;
        else if (!strcmp(value, "random"))
            spec.kind = ENGINE_RANDOM;
        else
            return refuse(s, "option Engine is ab, mcts or random, not '%s'", value);
    } else if (!strcasecmp(name, "Threads")) {
        if (!read_number(value, 1, SEARCH_MAX_THREADS, &number))
            return refuse(s, "option Threads is a number from 1 to %d, not '%s'", SEARCH_MAX_THREADS, value);
        spec.threads = (int)number;
    } else if (!strcasecmp(name, "Depth")) {
        if (!read_number(value, 0, SEARCH_MAX_PLY - 1, &number))
            return refuse(s, "option Depth is a number from 0 to %d, not '%s'", SEARCH_MAX_PLY - 1, value);
        s->default_depth = (int)number;
        return true;
    } else if (!strcasecmp(name, "MoveTime")) {
        if (!read_number(value, 1, INFINITE_MS, &number))
            return refuse(s, "option MoveTime is a number of milliseconds from 1 to %ld, not '%s'", INFINITE_MS, value);
        s->default_time_ms = number;
        return true;
    } else if (!strcasecmp(name, "Quiescence")) {
        if (!read_check(value, &flag))
            return refuse(s, "option Quiescence is true or false, not '%s'", value);
        spec.no_quiescence = !flag;
    } else if (!strcasecmp(name, "Reductions")) {
        if (!read_check(value, &flag))
            return refuse(s, "option Reductions is true or false, not '%s'", value);
        spec.reductions = flag ? SWITCH_ON : SWITCH_OFF;
    } else if (!strcasecmp(name, "Pruning")) {
        if (!read_check(value, &flag))
            return refuse(s, "option Pruning is true or false, not '%s'", value);
        spec.pruning = flag ? SWITCH_ON : SWITCH_OFF;
    } else if (!strcasecmp(name, "NullMove")) {
        if (!strcasecmp(value, "auto"))
            spec.null_moves = SWITCH_DEFAULT;
        else if (read_check(value, &flag))
            spec.null_moves = flag ? SWITCH_ON : SWITCH_OFF;
        else
            return refuse(s, "option NullMove is auto, true or false, not '%s'", value);
    } else if (!strcasecmp(name, "Aspiration")) {
        if (!read_check(value, &flag))
            return refuse(s, "option Aspiration is true or false, not '%s'", value);
        spec.aspiration = flag ? SWITCH_ON : SWITCH_OFF;
    } else if (!strcasecmp(name, "Extensions")) {
        if (!read_check(value, &flag))
            return refuse(s, "option Extensions is true or false, not '%s'", value);
        spec.extensions = flag ? SWITCH_ON : SWITCH_OFF;
    } else if (!strcasecmp(name, "Contempt")) {
        if (!read_number(value, -SEARCH_MAX_CONTEMPT, SEARCH_MAX_CONTEMPT, &number))
            return refuse(s, "option Contempt is a number of hundredths from %d to %d, not '%s'",
                          -SEARCH_MAX_CONTEMPT, SEARCH_MAX_CONTEMPT, value);
        spec.contempt = (int)number;
        spec.contempt_given = true;
    } else if (!strcasecmp(name, "Hash")) {
        if (!read_number(value, 1, SEARCH_MAX_HASH_MB, &number))
            return refuse(s, "option Hash is a number of MiB from 1 to %d, not '%s'", SEARCH_MAX_HASH_MB, value);
        spec.hash_mb = (int)number;
    } else if (!strcasecmp(name, "Exploration")) {
        if (!read_number(value, 1, (long)(MCTS_MAX_EXPLORATION * 100), &number))
            return refuse(s, "option Exploration is a number of hundredths from 1 to %d, not '%s'",
                          (int)(MCTS_MAX_EXPLORATION * 100), value);
        spec.exploration = (double)number / 100;
    } else if (!strcasecmp(name, "Bias")) {
        if (!read_number(value, 0, (long)(MCTS_MAX_EXPLORATION * 100), &number))
            return refuse(s, "option Bias is a number of hundredths from 0 to %d, not '%s'",
                          (int)(MCTS_MAX_EXPLORATION * 100), value);
        spec.bias = (double)number / 100;
        spec.bias_given = true;
    } else if (!strcasecmp(name, "Mast")) {
        if (!read_check(value, &flag))
            return refuse(s, "option Mast is true or false, not '%s'", value);
        spec.mast = flag ? SWITCH_ON : SWITCH_OFF;
    } else if (!strcasecmp(name, "Seed")) {
        if (!read_number(value, 0, 2147483647L, &number))
            return refuse(s, "option Seed is a number from 0 to 2147483647, not '%s'", value);
        s->seed = (uint64_t)number;
    } else {
        return refuse(s, "no option '%s' (the options: Engine, Threads, Depth, MoveTime, Quiescence, "
                      "Reductions, Pruning, NullMove, Aspiration, Extensions, Contempt, Hash, Exploration, Bias, Mast, Seed)", name);
    }
    s->spec = spec;
    engine_free(s->engine);   /* made again with the new settings at the next go */
    s->engine = NULL;
    return true;
}

/* position startpos|fen POS [moves M...]: built on SCRATCH and kept only
 * when every move is legal. */
static bool run_position(server *s, char **words, int count)
{
    if (count < 2)
        return refuse(s, "usage: position startpos|fen POSITION [moves MOVE...]");
    int at = 2;
    if (!strcmp(words[1], "startpos")) {
        pos_reset(s->scratch);
    } else if (!strcmp(words[1], "fen")) {
        char text[PROTOCOL_POSITION_TEXT] = "";
        for (; at < count && strcmp(words[at], "moves"); at++) {
            size_t n = strlen(text);
            if (n + strlen(words[at]) + 2 >= sizeof text)
                return refuse(s, "the position string is too long");
            snprintf(text + n, sizeof text - n, "%s%s", n ? " " : "", words[at]);
        }
        char error[256];
        if (!text[0])
            return refuse(s, "position fen: no position string");
        pos_reset(s->scratch);
        if (!posstring_read(s->scratch, text, error, sizeof error))
            return refuse(s, "bad position string: %s", error);
    } else {
        return refuse(s, "position startpos or position fen, not position %s", words[1]);
    }
    if (at < count && strcmp(words[at], "moves"))
        return refuse(s, "'%s' after the position: moves come after the word moves", words[at]);
    for (int k = at + 1; k < count; k++) {
        movegen_generate(s->gen, s->scratch, &s->moves);
        game_result over;
        movegen_result(s->gen, s->scratch, &s->moves, &over);
        char why[PROTOCOL_MOVE_TEXT + 128], where[PROTOCOL_POSITION_TEXT];
        if (over.over || s->moves.count == 0 || s->moves.overflow) {
            posstring_write(s->scratch, where, sizeof where);
            survey(s);   /* (the moves of the position kept) */
            return refuse(s, "move %d (%s): the game is %s in %s; the position is unchanged", k - at,
                          words[k], over.over || s->moves.count == 0 ? "over" : "beyond the move list", where);
        }
        int index = protocol_find_move(s->g, &s->moves, words[k], why, sizeof why);
        if (index < 0) {
            posstring_write(s->scratch, where, sizeof where);
            survey(s);
            return refuse(s, "move %d: %s in %s; the position is unchanged", k - at, why, where);
        }
        move_play(s->scratch, &s->moves, index);
    }
    position *kept = s->now;
    s->now = s->scratch;
    s->scratch = kept;
    survey(s);
    return true;
}

/* The words of a go: its limits. */
typedef struct go_limits {
    long time[GAME_MAX_PLAYERS], increment[GAME_MAX_PLAYERS];
    long moves_to_go, move_time, depth, nodes;
    bool infinite, any;
} go_limits;

/* The seat a clock word names ("wtime" white's in UCI, "p2inc" in UGI),
 * with IS_TIME telling time from increment; -1 when none. */
static int clock_seat(const server *s, const char *word, bool *is_time)
{
    if (s->dialect == PROTOCOL_UCI) {
        static const char *const words[] = { "wtime", "btime", "winc", "binc" };
        for (int k = 0; k < 4; k++)
            if (!strcmp(word, words[k])) {
                *is_time = k < 2;
                return k % 2;
            }
        return -1;
    }
    if (word[0] != 'p' || word[1] < '1' || word[1] > '0' + s->g->player_count)
        return -1;
    if (!strcmp(word + 2, "time") || !strcmp(word + 2, "inc")) {
        *is_time = word[2] == 't';
        return word[1] - '1';
    }
    return -1;
}

static bool read_go(server *s, char **words, int count, go_limits *l)
{
    memset(l, 0, sizeof *l);
    for (int q = 0; q < GAME_MAX_PLAYERS; q++)
        l->time[q] = -1;
    for (int k = 1; k < count; k++) {
        const char *w = words[k];
        if (!strcmp(w, "infinite")) {
            l->infinite = true;
            continue;
        }
        bool is_time = false;
        int seat = clock_seat(s, w, &is_time);
        long *slot = seat >= 0 ? (is_time ? &l->time[seat] : &l->increment[seat])
                     : !strcmp(w, "movestogo") ? &l->moves_to_go
                     : !strcmp(w, "movetime") ? &l->move_time
                     : !strcmp(w, "depth") ? &l->depth
                     : !strcmp(w, "nodes") ? &l->nodes : NULL;
        if (!slot)
            return refuse(s, "go: unknown word '%s'", w);
        long low = seat >= 0 && is_time ? -INFINITE_MS : 0;   /* (a clock may have run out) */
        long high = !strcmp(w, "depth") ? SEARCH_MAX_PLY - 1 : !strcmp(w, "nodes") ? 2000000000L : INFINITE_MS;
        if (k + 1 >= count)
            return refuse(s, "go: %s needs a number", w);
        const char *text = words[++k];
        bool negative = text[0] == '-' && low < 0;
        if (!read_number(negative ? text + 1 : text, 0, negative ? -low : high, slot))
            return refuse(s, "go: %s takes a number from %ld to %ld, not '%s'", w, low, high, text);
        if (negative)
            *slot = -*slot;
        l->any = true;
    }
    return true;
}

static bool run_go(server *s, char **words, int count)
{
    go_limits l;
    if (!read_go(s, words, count, &l))
        return false;
    if (s->overflow)
        return refuse(s, "the position has more moves than Tabula's list holds");
    if (s->result.over || s->moves.count == 0) {
        say(s, "info string the game is over");
        say(s, "bestmove (none)");
        return true;
    }
    if (!s->engine) {
        s->engine = engine_new(s->g, &s->spec, s->seed);
        if (!s->engine)
            return refuse(s, "out of memory building the engine");
    }
    int side = s->now->side;
    long time_ms = l.move_time;
    bool from_clock = false;
    if (l.time[side] >= 0) {
        long budget = search_time_budget(l.time[side], l.increment[side], (int)l.moves_to_go,
                                         SEARCH_CLOCK_OVERHEAD_MS);
        from_clock = !(time_ms > 0 && time_ms < budget);
        time_ms = from_clock ? budget : time_ms;
    }
    int depth = (int)l.depth;
    long nodes = l.nodes;
    if (l.infinite) {
        depth = 0, nodes = 0;
        time_ms = s->spec.kind == ENGINE_MCTS ? INFINITE_MS : 0;
    } else if (!time_ms && !depth && !nodes) {   /* no limit given: the options' */
        depth = s->default_depth;
        time_ms = depth ? 0 : s->default_time_ms;
    }
    if (s->spec.kind == ENGINE_MCTS && depth && !time_ms && !nodes) {
        say(s, "info string depth limits the ab engine only; mcts searches for MoveTime");
        time_ms = s->default_time_ms;
    }
    engine_set_limits(s->engine, s->spec.kind == ENGINE_MCTS ? 0 : depth, time_ms, from_clock,
                      s->spec.kind == ENGINE_MCTS ? 0 : nodes, s->spec.kind == ENGINE_MCTS ? nodes : 0);
    engine_stop(s->engine, false);
    pthread_mutex_lock(&s->lock);
    s->searching = true;
    s->stop_requested = false;
    s->infinite = l.infinite;
    pthread_mutex_unlock(&s->lock);
    if (pthread_create(&s->thread, NULL, search_run, s) != 0) {
        pthread_mutex_lock(&s->lock);
        s->searching = false;
        pthread_mutex_unlock(&s->lock);
        return refuse(s, "could not start the search");
    }
    s->joinable = true;
    return true;
}

static bool run_query(server *s, char **words, int count)
{
    if (count != 2)
        return refuse(s, "usage: query gameover|p1turn|result");
    bool over = s->result.over || (!s->overflow && s->moves.count == 0);
    if (!strcmp(words[1], "gameover")) {
        say(s, "response %s", over ? "true" : "false");
    } else if (!strcmp(words[1], "p1turn")) {
        say(s, "response %s", s->now->side == 0 ? "true" : "false");
    } else if (!strcmp(words[1], "result")) {
        if (!s->result.over)
            say(s, "response none");
        else if (s->result.winner >= 0)
            say(s, "response p%dwin", s->result.winner + 1);
        else
            say(s, "response draw");
    } else {
        return refuse(s, "query gameover, p1turn or result, not '%s'", words[1]);
    }
    return true;
}

/* Runs one command line; false when it was quit. */
static bool run_line(server *s, char *line)
{
    char *words[LINE_WORDS];
    int count = 0;
    for (char *w = strtok(line, " \t\r\n"); w; w = strtok(NULL, " \t\r\n")) {
        if (count == LINE_WORDS) {
            refuse(s, "a line of more than %d words", LINE_WORDS);
            return true;
        }
        words[count++] = w;
    }
    if (count == 0)
        return true;
    const char *c = words[0];
    const char *hello = protocol_name(s->dialect);
    bool new_game = !strcmp(c, s->dialect == PROTOCOL_UCI ? "ucinewgame" : "uginewgame");
    if (!strcmp(c, "quit"))
        return false;
    if (!strcmp(c, "isready")) {
        say(s, "readyok");
        return true;
    }
    if (!strcmp(c, "stop")) {
        if (is_searching(s))
            finish_search(s);
        return true;
    }
    if (!strcmp(c, "query")) {
        if (is_searching(s))
            return refuse(s, "a search is running: stop it first"), true;
        run_query(s, words, count);
        return true;
    }
    bool known = !strcmp(c, hello) || new_game || !strcmp(c, "setoption") || !strcmp(c, "position")
                 || !strcmp(c, "go");
    if (!known) {
        refuse(s, "unknown command '%s'", c);
        return true;
    }
    if (is_searching(s)) {
        refuse(s, "a search is running: '%s' waits for stop", c);
        return true;
    }
    if (s->joinable) {   /* the search that said its bestmove */
        pthread_join(s->thread, NULL);
        s->joinable = false;
    }
    if (!strcmp(c, hello)) {
        run_hello(s);
    } else if (new_game) {
        engine_free(s->engine);   /* its tables and tree belong to the last game */
        s->engine = NULL;
        pos_reset(s->now);
        survey(s);
    } else if (!strcmp(c, "setoption")) {
        run_setoption(s, words, count);
    } else if (!strcmp(c, "position")) {
        run_position(s, words, count);
    } else {
        run_go(s, words, count);
    }
    return true;
}

int protocol_serve(const game *g, protocol_dialect dialect, const char *name, FILE *in, FILE *out)
{
    server s = { .g = g, .dialect = dialect, .name = name, .out = out,
                 .spec = { .kind = ENGINE_ALPHABETA }, .default_time_ms = DEFAULT_MOVE_MS, .seed = 1 };
    pthread_mutex_init(&s.lock, NULL);
    pthread_cond_init(&s.stopped, NULL);
    s.now = calloc(1, sizeof *s.now);
    s.scratch = calloc(1, sizeof *s.scratch);
    s.pv_pos = calloc(1, sizeof *s.pv_pos);
    bool now_ok = s.now && pos_init(s.now, g), scratch_ok = s.scratch && pos_init(s.scratch, g);
    bool pv_ok = s.pv_pos && pos_init(s.pv_pos, g);
    bool moves_ok = move_list_init(&s.moves), pv_list_ok = move_list_init(&s.pv_list);
    s.gen = movegen_new(g);
    s.pv_gen = movegen_new(g);
    int status = 0;
    if (!now_ok || !scratch_ok || !pv_ok || !moves_ok || !pv_list_ok || !s.gen || !s.pv_gen) {
        fputs("tabula: out of memory\n", stderr);
        status = 1;
    } else {
        survey(&s);
        char *line = NULL;
        size_t capacity = 0;
        while (getline(&line, &capacity, in) >= 0 && run_line(&s, line))
            ;
        free(line);
        finish_search(&s);   /* quit, or the end of the input, during a search */
    }
    engine_free(s.engine);
    movegen_free(s.gen);
    movegen_free(s.pv_gen);
    if (moves_ok)
        move_list_free(&s.moves);
    if (pv_list_ok)
        move_list_free(&s.pv_list);
    if (now_ok)
        pos_free(s.now);
    if (scratch_ok)
        pos_free(s.scratch);
    if (pv_ok)
        pos_free(s.pv_pos);
    free(s.now);
    free(s.scratch);
    free(s.pv_pos);
    pthread_cond_destroy(&s.stopped);
    pthread_mutex_destroy(&s.lock);
    return status;
}
