/* cli: the tabula program's commands.  Each command takes its arguments
 * (without the command word) and returns the process exit status:
 * 0 success, 1 the input has errors, 2 usage error or unreadable file.
 * Only the CLI prints and chooses exit codes. */
#ifndef TABULA_CLI_H
#define TABULA_CLI_H

#include <stdbool.h>
#include <stdio.h>

#include "diag.h"
#include "game/game.h"
#include "rules/load.h"
#include "loader.h"

enum { EXIT_VALID = 0, EXIT_INVALID = 1, EXIT_USAGE = 2 };

int cli_check(int argc, char **argv);
int cli_parse(int argc, char **argv);
int cli_help(int argc, char **argv);
int cli_perft(int argc, char **argv);
int cli_bench(int argc, char **argv);
int cli_position(int argc, char **argv);
int cli_search(int argc, char **argv);
int cli_match(int argc, char **argv);
int cli_analyze(int argc, char **argv);
int cli_play(int argc, char **argv);
int cli_render(int argc, char **argv);
int cli_ugi(int argc, char **argv);
int cli_uci(int argc, char **argv);

/* Prints the help text of COMMAND (NULL: the overview); false if unknown. */
bool cli_print_help(FILE *stream, const char *command);


/* A rules file loaded for a command (cli_load.c). */
typedef struct cli_loaded {
    source_set sources;
    diag_list diagnostics;
    game *game;
} cli_loaded;

/* Loads PATH (VARIANT), printing its diagnostics; returns the exit status
 * (EXIT_VALID when OUT->game is ready).  cli_unload frees it either way. */
int cli_load(const char *command, const char *path, const char *variant, cli_loaded *out);
void cli_unload(cli_loaded *loaded);
/* Reads a whole decimal number within LOW..HIGH. */
bool cli_parse_count(const char *text, long low, long high, long *out);
/* The same for the value of a command's OPTION; says on stderr what is
 * wrong when it is not such a number. */
bool cli_count_option(const char *command, const char *option, const char *text, long low,
                      long high, long *out);

/* Self-play between engines (analyze, match): a playout_choice
 * (playout/playout.h) whose moves are the engines', one for each player
 * (ENGINES, by side).  The engine lists the moves itself, maybe in another
 * order, so its move is found in the loop's list by its changes; one not
 * there is written into MISSING and stops the game, as do an interruption
 * (INTERRUPTED) and an engine that chooses none.  BEFORE (may be NULL) is
 * told each position and its moves before the engine chooses; CHOSEN (may be
 * NULL) each move chosen, its index in the list and the game's PLY
 * (counted from 0 by the caller's reset of PLY). */
struct engine;
struct position;
struct move_list;
typedef struct cli_selfplay {
    const game *g;
    struct engine **engines;
    void (*before)(void *context, struct position *p, const struct move_list *list);
    void (*chosen)(void *context, struct position *p, const struct move_list *list, int i, int ply);
    void *context;
    int ply;
    bool interrupted;
    char missing[512];
} cli_selfplay;
int cli_engine_move(struct position *p, const struct move_list *list, void *context, uint64_t *rng);
/* match and analyze --openings K: plays K uniformly random moves from P
 * (fewer if the game ends), drawn from SEED alone so that a game's opening
 * does not depend on the engines, each shown by CHOSEN (NULL: none) with
 * CONTEXT; returns the plies played.  LIST is scratch. */
struct movegen;
int cli_random_opening(struct movegen *generator, struct position *p, struct move_list *list, long k, uint64_t seed,
                       void (*chosen)(void *, struct position *, const struct move_list *, int, int), void *context);
/* The seed of the opening of game INDEX (from 0) in a run seeded SEED. */
uint64_t cli_opening_seed(long seed, long index);

/* From now on SIGINT (Ctrl-C) interrupts searches (search_interrupt)
 * instead of ending the program (cli_interrupt.c). */
void cli_catch_interrupts(void);

#endif
