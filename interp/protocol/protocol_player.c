/* protocol_player: an outside engine, started as a child process and
 * spoken to over pipes (protocol.h).
 *
 * Every wait has a deadline (poll on the engine's output), so a program
 * that hangs or dies costs the referee a timeout, never the match.  The
 * pipes' ends kept here are closed on exec, so that a second engine
 * started later does not hold the first one's pipes open (its end of
 * input would never come).  Writing to an engine that has ended raises
 * SIGPIPE: the referee ignores that signal (cli_match) and sees the
 * failed write instead.
 */
#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "protocol/protocol.h"

#define READ_BUFFER 65536
#define QUIT_GRACE_MS 500

struct protocol_player {
    const game *g;
    protocol_dialect dialect;
    pid_t pid;
    int to, from;               /* our ends: its standard input and output */
    char buffer[READ_BUFFER];   /* read but not yet a whole line */
    size_t length;
    bool ended;                 /* its output closed */
    char name[256];
};

bool protocol_is_player_spec(const char *text)
{
    return !strncmp(text, "ugi:", 4) || !strncmp(text, "uci:", 4);
}

const char *protocol_player_name(const protocol_player *pl)
{
    return pl->name;
}

protocol_dialect protocol_player_dialect(const protocol_player *pl)
{
    return pl->dialect;
}

static long elapsed_since(double start)
{
    return (long)((search_clock() - start) * 1000.0);
}

static bool send_line(protocol_player *pl, const char *format, ...) __attribute__((format(printf, 2, 3)));

static bool send_line(protocol_player *pl, const char *format, ...)
{
    char line[PROTOCOL_POSITION_TEXT * 4];
    va_list args;
    va_start(args, format);
    int n = vsnprintf(line, sizeof line - 1, format, args);
    va_end(args);
    if (n < 0 || (size_t)n >= sizeof line - 1)
        return false;
    line[n++] = '\n';
    for (int done = 0; done < n;) {
        ssize_t wrote = write(pl->to, line + done, (size_t)(n - done));
        if (wrote < 0 && errno == EINTR)
            continue;
        if (wrote <= 0)
            return false;
        done += (int)wrote;
    }
    return true;
}

/* Reads one line into OUT (without its newline) by DEADLINE (search_clock
 * seconds): 1, 0 on timeout, -1 when the engine's output has ended. */
static int read_line(protocol_player *pl, double deadline, char *out, size_t size)
{
    for (;;) {
        char *newline = memchr(pl->buffer, '\n', pl->length);
        if (newline) {
            size_t n = (size_t)(newline - pl->buffer);
            size_t kept = n < size - 1 ? n : size - 1;
            memcpy(out, pl->buffer, kept);
            out[kept] = '\0';
            if (kept > 0 && out[kept - 1] == '\r')
                out[kept - 1] = '\0';
            memmove(pl->buffer, newline + 1, pl->length - n - 1);
            pl->length -= n + 1;
            return 1;
        }
        if (pl->length == sizeof pl->buffer)
            pl->length = 0;   /* a line longer than any an engine needs: dropped */
        if (pl->ended)
            return -1;
        double left = deadline - search_clock();
        if (left <= 0)
            return 0;
        struct pollfd watch = { .fd = pl->from, .events = POLLIN };
        int ready = poll(&watch, 1, (int)(left * 1000.0) + 1);
        if (ready < 0 && errno == EINTR)
            continue;
        if (ready <= 0)
            continue;   /* (the deadline is checked again above) */
        ssize_t got = read(pl->from, pl->buffer + pl->length, sizeof pl->buffer - pl->length);
        if (got < 0 && errno == EINTR)
            continue;
        if (got <= 0)
            pl->ended = true;
        else
            pl->length += (size_t)got;
    }
}

/* Reads lines until one is WANT (or starts with WANT and a space, its rest
 * into REST when not NULL) by DEADLINE; "id name" lines set the name. */
static int wait_for(protocol_player *pl, const char *want, double deadline, char *rest, size_t size)
{
    char line[READ_BUFFER];
    size_t n = strlen(want);
    for (;;) {
        int got = read_line(pl, deadline, line, sizeof line);
        if (got <= 0)
            return got;
        if (!strncmp(line, "id name ", 8))
            snprintf(pl->name, sizeof pl->name, "%.*s", (int)sizeof pl->name - 1, line + 8);
        if (!strncmp(line, want, n) && (line[n] == '\0' || line[n] == ' ')) {
            if (rest)
                snprintf(rest, size, "%s", line[n] ? line + n + 1 : "");
            return 1;
        }
    }
}

static bool start_child(protocol_player *pl, const char *command, char *error, size_t size)
{
    int to_child[2], from_child[2];
    if (pipe2(to_child, O_CLOEXEC) != 0) {
        snprintf(error, size, "no pipe: %s", strerror(errno));
        return false;
    }
    if (pipe2(from_child, O_CLOEXEC) != 0) {
        snprintf(error, size, "no pipe: %s", strerror(errno));
        close(to_child[0]), close(to_child[1]);
        return false;
    }
    fflush(NULL);   /* (nothing buffered is written twice by the child) */
    pid_t pid = fork();
    if (pid < 0) {
        snprintf(error, size, "could not start it: %s", strerror(errno));
        close(to_child[0]), close(to_child[1]), close(from_child[0]), close(from_child[1]);
        return false;
    }
    if (pid == 0) {
        /* the child: its standard input and output are the pipes (dup2
         * clears close-on-exec on the copies) */
        setpgid(0, 0);   /* its own group: a kill reaches what the shell started */
        dup2(to_child[0], STDIN_FILENO);
        dup2(from_child[1], STDOUT_FILENO);
        signal(SIGPIPE, SIG_DFL);
        execl("/bin/sh", "sh", "-c", command, (char *)NULL);
        _exit(127);
    }
    setpgid(pid, pid);   /* (as the child does: whichever runs first) */
    close(to_child[0]);
    close(from_child[1]);
    pl->pid = pid;
    pl->to = to_child[1];
    pl->from = from_child[0];
    return true;
}

protocol_player *protocol_player_start(const game *g, const char *text, const char *const *options,
                                       int count, long timeout_ms, char *error, size_t size)
{
    if (!protocol_is_player_spec(text) || !text[4]) {
        snprintf(error, size, "an outside engine is ugi:COMMAND or uci:COMMAND");
        return NULL;
    }
    protocol_dialect dialect = text[1] == 'c' ? PROTOCOL_UCI : PROTOCOL_UGI;
    if (!protocol_supports(g, dialect, error, size))
        return NULL;
    protocol_player *pl = calloc(1, sizeof *pl);
    if (!pl) {
        snprintf(error, size, "out of memory");
        return NULL;
    }
    pl->g = g;
    pl->dialect = dialect;
    pl->to = pl->from = -1;
    snprintf(pl->name, sizeof pl->name, "%s", text + 4);
    if (!start_child(pl, text + 4, error, size)) {
        free(pl);
        return NULL;
    }
    const char *hello = protocol_name(dialect);
    double deadline = search_clock() + (double)timeout_ms / 1000.0;
    char ok[8];
    snprintf(ok, sizeof ok, "%sok", hello);
    int got = send_line(pl, "%s", hello) ? wait_for(pl, ok, deadline, NULL, 0) : -1;
    for (int k = 0; got > 0 && k < count; k++) {
        const char *equals = strchr(options[k], '=');
        if (!equals || equals == options[k]) {
            snprintf(error, size, "option '%s' is not NAME=VALUE", options[k]);
            protocol_player_free(pl);
            return NULL;
        }
        got = send_line(pl, "setoption name %.*s value %s", (int)(equals - options[k]), options[k],
                        equals + 1) ? 1 : -1;
    }
    if (got > 0)
        got = send_line(pl, "isready") ? wait_for(pl, "readyok", deadline, NULL, 0) : -1;
    if (got <= 0) {
        snprintf(error, size, "'%s' %s its handshake (%s ... %s, isready ... readyok) within %ld ms",
                 text + 4, got < 0 ? "ended before it finished" : "did not finish", hello, ok, timeout_ms);
        protocol_player_free(pl);
        return NULL;
    }
    return pl;
}

protocol_reply protocol_player_go(protocol_player *pl, bool new_game, const char *start,
                                  char *const *moves, int count, const protocol_clocks *clocks,
                                  const char *go_extra, long wait_ms, char *chosen, size_t size,
                                  long *elapsed_ms)
{
    double begun = search_clock(), deadline = begun + (double)wait_ms / 1000.0;
    *elapsed_ms = 0;
    chosen[0] = '\0';
    if (new_game) {
        if (!send_line(pl, "%snewgame", protocol_name(pl->dialect)) || !send_line(pl, "isready"))
            return PROTOCOL_DIED;
        int got = wait_for(pl, "readyok", deadline, NULL, 0);
        if (got <= 0)
            return got < 0 ? PROTOCOL_DIED : PROTOCOL_TIMEOUT;
    }
    /* the position: its words, then the moves */
    size_t line_size = 64 + (start ? strlen(start) : 0) + (size_t)count * PROTOCOL_MOVE_TEXT;
    char *line = malloc(line_size);
    if (!line)
        return PROTOCOL_DIED;
    size_t used = (size_t)snprintf(line, line_size, "position %s%s%s", start ? "fen " : "startpos",
                                   start ? start : "", count ? " moves" : "");
    for (int k = 0; k < count && used < line_size; k++)
        used += (size_t)snprintf(line + used, line_size - used, " %s", moves[k]);
    bool sent = send_line(pl, "%s", line);
    free(line);
    char words[256] = "";
    if (clocks) {
        int n = 0;
        for (int q = 0; q < pl->g->player_count && q < GAME_MAX_PLAYERS; q++) {
            if (clocks->time_ms[q] < 0)
                continue;
            if (pl->dialect == PROTOCOL_UCI)
                n += snprintf(words + n, sizeof words - (size_t)n, " %ctime %ld %cinc %ld", q ? 'b' : 'w',
                              clocks->time_ms[q], q ? 'b' : 'w', clocks->increment_ms);
            else
                n += snprintf(words + n, sizeof words - (size_t)n, " p%dtime %ld p%dinc %ld", q + 1,
                              clocks->time_ms[q], q + 1, clocks->increment_ms);
            if ((size_t)n >= sizeof words)
                break;
        }
    }
    double asked = search_clock();
    if (!sent || !send_line(pl, "go%s%s%s", words, go_extra && go_extra[0] ? " " : "", go_extra ? go_extra : ""))
        return PROTOCOL_DIED;
    char rest[READ_BUFFER];
    int got = wait_for(pl, "bestmove", deadline, rest, sizeof rest);
    *elapsed_ms = elapsed_since(asked);
    if (got <= 0)
        return got < 0 ? PROTOCOL_DIED : PROTOCOL_TIMEOUT;
    char *token = strtok(rest, " \t");   /* (a "ponder MOVE" after it is dropped) */
    snprintf(chosen, size, "%s", token ? token : "");
    return PROTOCOL_MOVED;
}

void protocol_player_free(protocol_player *pl)
{
    if (!pl)
        return;
    if (pl->to >= 0) {
        send_line(pl, "quit");
        close(pl->to);
    }
    if (pl->pid > 0) {
        double deadline = search_clock() + QUIT_GRACE_MS / 1000.0;
        pid_t done = 0;
        while ((done = waitpid(pl->pid, NULL, WNOHANG)) == 0 && search_clock() < deadline)
            usleep(2000);
        if (done == 0) {
            kill(-pl->pid, SIGKILL);
            waitpid(pl->pid, NULL, 0);
        }
    }
    if (pl->from >= 0)
        close(pl->from);
    free(pl);
}
