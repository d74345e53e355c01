/* fuzz_repl: the input as lines typed at `tabula play`.
 *
 * A REPL on Sapos (turns of several parts) and one on chess run each line
 * with repl_execute, from the start each time.  Lines that would leave the
 * sandbox or take seconds are skipped: save and load (files named by the
 * input), go, hint and ai (searches), perft beyond depth 1.  After every
 * line the session must be whole: its position string reads back into the
 * game, writes the same string again, and has the same legal moves.
 * Run with -close_fd_mask=3 (run.sh does): the REPL talks on stdout and
 * stderr.
 */
#include <ctype.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fuzz_common.h"
#include "fuzz_session.h"
#include "game/posstring.h"

static const char *const files[] = { "games/sapos.rules", "games/chess.rules" };
#define GAME_COUNT (sizeof files / sizeof *files)
#define MAX_LINES 32
static repl repls[GAME_COUNT];
static position scratch[GAME_COUNT];
static move_list scratch_moves[GAME_COUNT];

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
    (void)argc;
    (void)argv;
    for (size_t i = 0; i < GAME_COUNT; i++) {
        repls[i].session = fuzz_session_open("fuzz_repl", files[i]);
        if (!move_list_init(&scratch_moves[i]))
            abort();
    }
    return 0;
}

static bool skipped(const char *line)
{
    /* the REPL trims any white space (a form feed too) before the word */
    while (isspace((unsigned char)*line))
        line++;
    static const char *const words[] = { "save", "load", "go", "hint", "ai", "quit" };
    for (size_t i = 0; i < sizeof words / sizeof *words; i++) {
        size_t n = strlen(words[i]);
        if (!strncmp(line, words[i], n) && (line[n] == '\0' || isspace((unsigned char)line[n])))
            return true;
    }
    if (!strncmp(line, "perft", 5) && isspace((unsigned char)line[5])) {
        long depth = strtol(line + 6, NULL, 10);
        return depth > 1 || depth < 0;
    }
    return false;
}

static void check_whole(repl *r, size_t game)
{
    session *s = r->session;
    char text[8192], error[512];
    session_position_string(s, text, sizeof text);
    /* a position's buffers do not depend on its game (pos_init allocates
     * the maximum), so the scratch one is rebound, not reallocated: a
     * 'variant' line replaces the game, maybe at the old one's address */
    if (!scratch[game].log && !pos_init(&scratch[game], s->game))
        abort();
    scratch[game].game = s->game;
    pos_reset(&scratch[game]);
    if (!posstring_read(&scratch[game], text, error, sizeof error)) {
        fprintf(stderr, "fuzz_repl: %s: the session's position string does not read: %s: %s\n",
                files[game], error, text);
        abort();
    }
    /* what reads back is the same position as far as a position string can
     * say (FEN's castling letters do not tell a king that moved from one
     * whose rooks both did, so the flags, and the hash, may differ): it
     * writes the same string, and has the same legal moves */
    char again[8192];
    posstring_write(&scratch[game], again, sizeof again);
    if (strcmp(text, again)) {
        fprintf(stderr, "fuzz_repl: %s: '%s' reads back as '%s'\n", files[game], text, again);
        abort();
    }
    if (!s->result.over) {
        movegen_generate(s->generator, &scratch[game], &scratch_moves[game]);
        if (scratch_moves[game].count != s->moves.count) {
            fprintf(stderr, "fuzz_repl: %s: %d legal moves, but %d in '%s' read back\n",
                    files[game], s->moves.count, scratch_moves[game].count, text);
            abort();
        }
    }
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size > 4096 || memchr(data, '\0', size))
        return -1;
    char *text = fuzz_string(data, size);
    for (size_t i = 0; i < GAME_COUNT; i++) {
        repl *r = &repls[i];
        char error[512];
        /* a 'variant' line may have changed the game: back to the file's own */
        if (r->session->variant[0]) {
            session_free(r->session);
            r->session = fuzz_session_open("fuzz_repl", files[i]);
        }
        if (!session_restart(r->session, NULL, error, sizeof error))
            abort();
        r->pending[0] = '\0';
        r->quit = false;
        char *copy = strdup(text), *save = NULL;
        int lines = 0;
        for (char *line = strtok_r(copy, "\n", &save); line && lines < MAX_LINES;
             line = strtok_r(NULL, "\n", &save), lines++) {
            if (skipped(line))
                continue;
            repl_execute(r, line);
            check_whole(r, i);
        }
        free(copy);
    }
    free(text);
    return 0;
}
