/* fuzz_move_text: the input as move text, looked up with notation_find
 * among the legal moves of the start position of a few games.
 *
 * The input is one move per line.  The first line is looked up in the
 * start position; while lines name moves, each found move is made and the
 * next line is looked up in the position it leads to (so the corpus can
 * reach positions past the start).  A move found must be a valid index
 * whose text is the input or starts with it, and a move's own text must
 * find that move.  In a game of algebraic notation (chess) each line is
 * also read as algebraic_find reads it: a move it names is a valid index
 * whose own algebraic text finds it again.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fuzz_common.h"
#include "fuzz_games.h"
#include "movegen/algebraic.h"
#include "movegen/movegen.h"
#include "movegen/notation.h"

static fuzz_game games[] = {
    { .file = "chess.rules" },
    { .file = "checkers.rules" },
    { .file = "sato.rules" },
    { .file = "sapos.rules" },
    { .file = "hex.rules" },
    { .file = "othello.rules" },
    { .file = "lasca.rules" },
};
/* Not amazons: its 2176 opening moves cost some 3 ms an input under the
 * sanitizers (a fifth of the speed of the others together). */
static move_list start_moves[sizeof games / sizeof *games];
#define GAME_COUNT (sizeof games / sizeof *games)
#define MAX_PLIES 64

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
    (void)argc;
    (void)argv;
    for (size_t i = 0; i < GAME_COUNT; i++) {
        fuzz_game_load(&games[i]);
        if (!move_list_init(&start_moves[i]))
            abort();
        movegen_generate(games[i].generator, &games[i].start, &start_moves[i]);
    }
    return 0;
}

static void fail(const fuzz_game *f, const char *line, const char *what, const char *text)
{
    fprintf(stderr, "fuzz_move_text: %s: looking up \"%s\": %s \"%s\"\n", f->file, line, what, text);
    abort();
}

/* LINE read in algebraic notation among LIST's moves, where F's game
 * declares it. */
static void read_algebraic(const fuzz_game *f, const move_list *list, const char *line)
{
    if (f->game->notation != GAME_NOTATION_ALGEBRAIC)
        return;
    int index = -2;
    notation_match match = algebraic_find(f->game, list, line, &index);
    if (match == NOTATION_NONE ? index != -1 : index < 0 || index >= list->count)
        fail(f, line, "algebraic_find: index out of range for", match == NOTATION_FOUND ? "found" : "none or ambiguous");
    if (match == NOTATION_NONE)
        return;
    char text[512];
    algebraic_move(f->game, list, index, text, sizeof text);
    int again = -2;
    if (algebraic_find(f->game, list, text, &again) != NOTATION_FOUND || again != index)
        fail(f, line, "a move's own algebraic text does not find it:", text);
}

/* Looks LINE up in F's work position, whose moves are LIST (NULL: not yet
 * generated); makes the move when one is found. */
static bool step(fuzz_game *f, const move_list *list, const char *line)
{
    if (!list) {
        movegen_generate(f->generator, &f->work, &f->moves);
        list = &f->moves;
    }
    read_algebraic(f, list, line);
    int index = -2;
    notation_match match = notation_find(f->game, list, line, &index);
    if (match == NOTATION_NONE)
        return false;
    if (index < 0 || index >= list->count)
        fail(f, line, "index out of range for", match == NOTATION_FOUND ? "found" : "ambiguous");
    char text[512];
    notation_move(f->game, list, index, text, sizeof text);
    if (strncmp(text, line, strlen(line)) != 0)
        fail(f, line, "matched a move whose text does not start with it:", text);
    if (match != NOTATION_FOUND)
        return false;
    int again = -2;
    if (notation_find(f->game, list, text, &again) != NOTATION_FOUND || again != index)
        fail(f, line, "a move's own text does not find it:", text);
    game_result result;
    movegen_result(f->generator, &f->work, list, &result);
    if (result.over)
        return false;
    undo u;
    move_make(&f->work, list, index, &u);
    return true;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size > 4096 || memchr(data, '\0', size))
        return -1;
    char *text = fuzz_string(data, size);
    for (size_t i = 0; i < GAME_COUNT; i++) {
        fuzz_game *f = &games[i];
        pos_reset(&f->work);
        char *copy = strdup(text), *save = NULL;
        int plies = 0;
        /* an empty input is looked up as the empty text */
        char *line = strtok_r(copy, "\n", &save);
        if (!line)
            step(f, &start_moves[i], "");
        while (line && plies < MAX_PLIES && step(f, plies == 0 ? &start_moves[i] : NULL, line)) {
            plies++;
            line = strtok_r(NULL, "\n", &save);
        }
        free(copy);
    }
    free(text);
    return 0;
}
