/* fuzz_savegame: the input as a saved game, replayed on a few games.
 *
 * Each game is loaded once as a REPL session; the input is replayed on
 * each (savegame_replay_text: the tags, then every move line through the
 * rules, then the result line), which refuses it with a message or accepts
 * it.  A record accepted is written back with savegame_write and read again
 * with savegame_read, which must give the same position and record length:
 * what Tabula saves, Tabula loads.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "fuzz_common.h"
#include "fuzz_session.h"

static const char *const files[] = {
    "games/sapos.rules", "games/chess.rules", "games/sato.rules", "games/gtbm.rules",
    "games/desdemona.rules", "games/tictactoe.rules",
};
#define GAME_COUNT (sizeof files / sizeof *files)
static session *sessions[GAME_COUNT];
static char written_path[64];

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
    (void)argc;
    (void)argv;
    for (size_t i = 0; i < GAME_COUNT; i++)
        sessions[i] = fuzz_session_open("fuzz_savegame", files[i]);
    const char *folder = access("/dev/shm", W_OK) == 0 ? "/dev/shm" : "/tmp";
    snprintf(written_path, sizeof written_path, "%s/fuzz_savegame.%ld.sav", folder, (long)getpid());
    return 0;
}

static void fail(const char *file, const char *what, const char *detail)
{
    fprintf(stderr, "fuzz_savegame: %s: %s: %s\n", file, what, detail);
    abort();
}

/* What was accepted, written and read back, is the same game. */
static void round_trip(session *s, const char *file)
{
    char error[1024];
    if (!savegame_write(s, NULL, written_path, error, sizeof error))
        fail(file, "cannot write an accepted record", error);
    session *again = savegame_read(written_path, NULL, error, sizeof error);
    unlink(written_path);
    if (!again)
        fail(file, "cannot read back an accepted record", error);
    char before[8192], after[8192];
    session_position_string(s, before, sizeof before);
    session_position_string(again, after, sizeof after);
    if (strcmp(before, after) || s->record_count != again->record_count)
        fail(file, "read back differs", after);
    session_free(again);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size > 16384 || memchr(data, '\0', size))
        return -1;
    for (size_t i = 0; i < GAME_COUNT; i++) {
        char *text = fuzz_string(data, size);
        char error[1024];
        /* the path a saved game names is written back as given; keep the
         * session's own so that the round trip finds the file */
        char path[sizeof sessions[i]->path];
        memcpy(path, sessions[i]->path, sizeof path);
        bool accepted = savegame_replay_text(sessions[i], text, "fuzz.sav", error, sizeof error);
        memcpy(sessions[i]->path, path, sizeof path);
        if (!accepted && !error[0])
            fail(files[i], "refused without a message", "");
        if (accepted)
            round_trip(sessions[i], files[i]);
        free(text);
    }
    return 0;
}
