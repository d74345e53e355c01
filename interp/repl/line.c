/* line: reading the REPL's input.  On a terminal, libedit (through its
 * readline interface) gives line editing, Tab completion of the commands
 * and of the legal moves (part by part), and a history kept across
 * sessions in ~/.tabula_history.  Otherwise lines are read as they come,
 * without a prompt. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <readline.h>

#include "movegen/algebraic.h"
#include "repl/repl.h"
#include "search/search.h"

#define HISTORY_LINES 1000

static repl *completing;
static char **candidates;
static int candidate_count, candidate_next;

static void add_candidate(const char *text, size_t length)
{
    for (int i = 0; i < candidate_count; i++)
        if (strlen(candidates[i]) == length && !strncmp(candidates[i], text, length))
            return;
    char **grown = realloc(candidates, (size_t)(candidate_count + 1) * sizeof *grown);
    if (!grown)
        return;
    candidates = grown;
    char *copy = strndup(text, length);
    if (copy)
        candidates[candidate_count++] = copy;
}

static void clear_candidates(void)
{
    for (int i = 0; i < candidate_count; i++)
        free(candidates[i]);
    free(candidates);
    candidates = NULL;
    candidate_count = candidate_next = 0;
}

/* The words that complete WORD, which starts at START in the line. */
static void collect(const char *word, int start)
{
    clear_candidates();
    const session *s = completing->session;
    char before[REPL_MOVE_TEXT];
    snprintf(before, sizeof before, "%.*s", start, rl_line_buffer);
    if (start == 0 && !completing->pending[0])
        for (int i = 0; repl_command_name(i); i++)
            if (!strncmp(repl_command_name(i), word, strlen(word)))
                add_candidate(repl_command_name(i), strlen(repl_command_name(i)));
    if (start > 0 && strncmp(before, "help ", 5) == 0) {
        for (int i = 0; repl_command_name(i); i++)
            if (!strncmp(repl_command_name(i), word, strlen(word)))
                add_candidate(repl_command_name(i), strlen(repl_command_name(i)));
        return;
    }
    if (start > 0 && strncmp(before, "variant ", 8) == 0) {
        for (int i = 0; i < s->variant_count; i++)
            if (!strncmp(s->variants[i], word, strlen(word)))
                add_candidate(s->variants[i], strlen(s->variants[i]));
        return;
    }
    /* a move: the pending parts, the words before, then this word */
    char prefix[2 * REPL_MOVE_TEXT];
    snprintf(prefix, sizeof prefix, "%s%s%s%s", completing->pending, completing->pending[0] ? " " : "",
             before, word);
    size_t n = strlen(prefix), w = strlen(word);
    char text[REPL_MOVE_TEXT];
    for (int i = 0; i < s->moves.count; i++) {
        session_move_text(s, i, text, sizeof text);
        if (strncmp(text, prefix, n))
            continue;
        const char *rest = text + n;
        const char *space = strchr(rest, ' ');
        size_t length = w + (space ? (size_t)(space - rest) : strlen(rest));
        char candidate[REPL_MOVE_TEXT];
        snprintf(candidate, sizeof candidate, "%s%.*s", word, (int)(length - w), rest);
        add_candidate(candidate, strlen(candidate));
    }
    /* in a game of algebraic notation, the moves' algebraic texts too
     * (Nf3, O-O): a turn of several parts has none */
    if (session_algebraic(s) && start == 0 && !completing->pending[0])
        for (int i = 0; i < s->moves.count; i++) {
            algebraic_move(s->game, &s->moves, i, text, sizeof text);
            if (!strncmp(text, word, w))
                add_candidate(text, strlen(text));
        }
}

static char *generate(const char *word, int state)
{
    (void)word;
    if (state == 0)
        candidate_next = 0;
    if (candidate_next < candidate_count)
        return strdup(candidates[candidate_next++]);
    return NULL;
}

static char **complete(const char *word, int start, int end)
{
    (void)end;
    if (start > 0 && (!strncmp(rl_line_buffer, "save ", 5) || !strncmp(rl_line_buffer, "load ", 5)
                      || !strncmp(rl_line_buffer, "render ", 7)))
        return NULL;    /* file names */
    rl_attempted_completion_over = 1;
    collect(word, start);
    if (candidate_count == 0)
        return NULL;
    return rl_completion_matches(word, generate);
}

static void history_path(char *out, size_t size)
{
    const char *home = getenv("HOME");
    if (home && *home)
        snprintf(out, size, "%s/.tabula_history", home);
    else
        out[0] = '\0';
}

/* Writes the history next to PATH and renames it over PATH, so that a
 * failed write (a full disk) leaves the old history whole. */
static void save_history(const char *path)
{
    char temporary[4200];
    snprintf(temporary, sizeof temporary, "%s.%ld.tmp", path, (long)getpid());
    if (write_history(temporary) != 0 || rename(temporary, path) != 0) {
        fprintf(stderr, "note: the input history was not saved to %s\n", path);
        unlink(temporary);
    }
}

static void run_terminal(repl *r)
{
    completing = r;
    rl_readline_name = "tabula";
    rl_attempted_completion_function = complete;
    rl_basic_word_break_characters = " \t";
    rl_completer_word_break_characters = (char *)" \t";
    char history[4096];
    history_path(history, sizeof history);
    stifle_history(HISTORY_LINES);
    if (history[0])
        read_history(history);
    while (!r->quit) {
        char prompt[REPL_MOVE_TEXT + 128];
        const session *s = r->session;
        if (s->result.over)
            snprintf(prompt, sizeof prompt, "(game over)> ");
        else if (r->pending[0])
            snprintf(prompt, sizeof prompt, "%s %s ...> ", s->game->player_names[s->position->side],
                     r->pending);
        else
            snprintf(prompt, sizeof prompt, "%s> ", s->game->player_names[s->position->side]);
        /* only a Ctrl-C while the line is read drops it: one that came
         * while a command ran (a second press, as the engine stopped) must
         * not make the Ctrl-D that follows look like one, and be ignored */
        search_clear_interrupt();
        char *line = readline(prompt);
        if (!line && search_interrupted()) {   /* Ctrl-C: a fresh prompt, nothing lost */
            search_clear_interrupt();
            putchar('\n');
            continue;
        }
        if (!line) {   /* Ctrl-D or the end of input */
            putchar('\n');
            break;
        }
        if (line[strspn(line, " \t")])
            add_history(line);
        if (!repl_execute(r, line))
            r->failures++;
        fflush(stdout);
        free(line);
    }
    if (history[0])
        save_history(history);
    clear_candidates();
}

static void run_script(repl *r)
{
    char *line = NULL;
    size_t capacity = 0;
    while (!r->quit) {
        if (getline(&line, &capacity, stdin) < 0) {
            if (search_interrupted() && !feof(stdin)) {   /* Ctrl-C while reading */
                search_clear_interrupt();
                clearerr(stdin);
                continue;
            }
            break;
        }
        if (!repl_execute(r, line))
            r->failures++;
        fflush(stdout);
        fflush(stderr);
    }
    free(line);
}

void line_run(repl *r)
{
    if (r->interactive)
        run_terminal(r);
    else
        run_script(r);
}
