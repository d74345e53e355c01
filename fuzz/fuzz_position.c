/* fuzz_position: the input as a position string, read into the positions
 * of chess, Sato, Sapos, Mynd and Lasca (stacks) (each game loaded once).
 *
 * A string that reads must write back, and what it writes must read again
 * and write the same string (a round trip); the position read must be one
 * the move generator can work on (its moves and result are computed).
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fuzz_common.h"
#include "fuzz_games.h"
#include "movegen/movegen.h"
#include "game/posstring.h"

static fuzz_game games[] = {
    { .file = "chess.rules" },
    { .file = "sato.rules" },
    { .file = "sapos.rules" },
    { .file = "mynd.rules" },
    { .file = "lasca.rules" },
};
#define GAME_COUNT (sizeof games / sizeof *games)

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
    (void)argc;
    (void)argv;
    for (size_t i = 0; i < GAME_COUNT; i++)
        fuzz_game_load(&games[i]);
    return 0;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size > 16 * 1024 || memchr(data, '\0', size))
        return -1;
    char *text = fuzz_string(data, size);
    static char written[16384], rewritten[16384];
    char error[256];
    for (size_t i = 0; i < GAME_COUNT; i++) {
        fuzz_game *f = &games[i];
        pos_reset(&f->work);
        if (!posstring_read(&f->work, text, error, sizeof error)) {
            if (strlen(error) == 0) {
                fprintf(stderr, "fuzz_position: %s: read failed without a reason\n", f->file);
                abort();
            }
            continue;
        }
        int length = posstring_write(&f->work, written, sizeof written);
        if (length < 0 || (size_t)length >= sizeof written) {
            fprintf(stderr, "fuzz_position: %s: written string too long (%d)\n", f->file, length);
            abort();
        }
        pos_reset(&f->again);
        if (!posstring_read(&f->again, written, error, sizeof error)) {
            fprintf(stderr, "fuzz_position: %s: input\n  %s\nwrote\n  %s\nwhich does not read: %s\n",
                    f->file, text, written, error);
            abort();
        }
        posstring_write(&f->again, rewritten, sizeof rewritten);
        if (strcmp(written, rewritten) != 0) {
            fprintf(stderr, "fuzz_position: %s: input\n  %s\nwrote\n  %s\nthen\n  %s\n", f->file,
                    text, written, rewritten);
            abort();
        }
        /* one text, one position: the string read again gives the same hash
         * (fuzz/regressions/fuzz_position/short-string-hash) */
        if (f->again.hash != f->work.hash) {
            fprintf(stderr, "fuzz_position: %s: %s reads to two hashes\n", f->file, written);
            abort();
        }
        /* the position read is playable */
        movegen_generate(f->generator, &f->work, &f->moves);
        game_result result;
        movegen_result(f->generator, &f->work, &f->moves, &result);
    }
    free(text);
    return 0;
}
