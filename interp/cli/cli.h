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
#include "json/json.h"
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
int cli_merge(int argc, char **argv);
int cli_tune(int argc, char **argv);

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
/* The same through libtabula's public API (api/tabula.h), for the
 * commands written on it: *OUT receives the game (tabula_game_free), the
 * diagnostics are printed as cli_load prints them. */
struct tabula_game;
int cli_load_game(const char *command, const char *path, const char *variant, struct tabula_game **out);
/* Reads a whole decimal number within LOW..HIGH. */
bool cli_parse_count(const char *text, long low, long high, long *out);
/* The same for the value of a command's OPTION; says on stderr what is
 * wrong when it is not such a number. */
bool cli_count_option(const char *command, const char *option, const char *text, long low,
                      long high, long *out);

/* What cli_file_option made of an argument. */
typedef enum cli_taken {
    CLI_NOT_TAKEN,      /* an option it does not know: the command's own, or unknown */
    CLI_TAKEN,          /* read (with its value, *I moved onto it) */
    CLI_TAKEN_HELP,     /* -h or --help: the command's help printed; stop, exit status 0 */
    CLI_TAKEN_BAD,      /* a second rules file: said on stderr; stop, EXIT_USAGE */
} cli_taken;

/* The arguments shared by the commands that read one rules file, at
 * ARGV[*I]: -h and --help (COMMAND's help printed), --variant NAME and
 * --variant=NAME (into *VARIANT, several joined by front_join_variant),
 * and FILE, the one argument that is not an option (into *PATH; '-'
 * alone is a file name).  A second file is refused with USAGE.  Any
 * other argument starting with '-' is left to the command: its own
 * options, then cli_unknown_option.  (A command's option that takes a
 * value moves past it, so the value never reaches here as a FILE.) */
cli_taken cli_file_option(const char *command, const char *usage, int argc, char **argv, int *i,
                          const char **variant, const char **path);
/* Says on stderr that ARG is none of COMMAND's options, or one that lacks
 * its value (the last argument); returns EXIT_USAGE. */
int cli_unknown_option(const char *command, const char *arg);

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

/* The seed of the engine of seat SEAT in game INDEX (from 0) of a series
 * seeded SEED: each game's own, so that a game does not depend on those
 * before it (game 0's is the one every game had before). */
uint64_t cli_game_seed(long seed, long index, int seat);

/* --- long jobs in parts: --shard K/N, --output, --progress, merge
 * (cli_shard.c, cli_merge.c)
 *
 * A job (analyze's games, perft's subtrees) is a list of items numbered
 * from 0; shard K of N does the items whose number i has i mod N = K - 1,
 * and writes them as a part: a JSON object naming its job (its command,
 * the rules' hash, every argument that changes the result, and N), its
 * shard K, and its result.  tabula merge reads the N parts of a job back
 * and prints what the whole job prints. */
#define CLI_PART_FORMAT 1

typedef struct cli_shard {
    long index, count;      /* K and N; 0 and 0: the whole job, not a shard */
    const char *output;     /* --output FILE; NULL: standard output */
    bool progress;          /* --progress: report progress even to a file */
} cli_shard;

/* Takes ARGV[*I] when it is --shard K/N, --output FILE or --progress (with
 * its value, *I moved past it): 1; 0 when it is another argument; -1 when
 * malformed (said on stderr). */
int cli_shard_option(const char *command, int argc, char **argv, int *i, cli_shard *shard);
/* The options together: --output only with --shard, --json not with it
 * (said on stderr when not). */
bool cli_shard_check(const char *command, const cli_shard *shard, bool json);
/* Whether item INDEX of the job is SHARD's (every item when not sharded). */
static inline bool cli_shard_owns(const cli_shard *shard, long index)
{
    return shard->count == 0 || index % shard->count == shard->index - 1;
}

/* The rules a job ran on, as the hash of the texts of the file and of
 * every file it includes (a part names it: the same file elsewhere is the
 * same job, an edited one is not).  cli_write_hash writes a hash as 16
 * hexadecimal digits, a string (other readers of JSON lose the low bits
 * of a number that large). */
uint64_t cli_rules_hash(const source_set *sources);
void cli_write_hash(json_writer *w, uint64_t hash);

/* Writes the JSON object that describes a job (CONTEXT: the command's):
 * cli_job_begin opens it with what every job names (its command, game,
 * variant and the rules' hash), the command adds its arguments, and
 * cli_job_end closes it with the number of shards. */
typedef void (*cli_job_writer)(json_writer *w, const void *context);
void cli_job_begin(json_writer *w, const char *command, const char *game_name, const char *variant, uint64_t rules);
void cli_job_end(json_writer *w, long shards);

/* Before a shard runs with --output FILE: 1 when FILE already holds this
 * shard of this job (said: it is not run again), 0 when it holds no
 * finished part (none yet, or a file cut short: it is run), -1 when it
 * holds a part of another job or another shard (said: nothing is run). */
int cli_part_present(const char *command, const cli_shard *shard, cli_job_writer job, const void *context);

/* A part being written: cli_part_begin opens the output (for --output FILE
 * a file beside it, renamed onto it by cli_part_end, so that an
 * interrupted shard leaves nothing that looks finished) and writes
 * {"tabula": "part", "format": 1, "file": FILE, "job": ..., "shard": K,
 * "result": then the command writes its result with P->w, and
 * cli_part_end closes it (false, said on stderr, when the part could not
 * be written whole).  cli_part_abandon drops an unfinished one. */
typedef struct cli_part {
    FILE *stream;
    char *temporary;
    json_writer w;
} cli_part;
bool cli_part_begin(cli_part *p, const char *command, const cli_shard *shard, const char *file,
                    cli_job_writer job, const void *context);
bool cli_part_end(cli_part *p, const char *command, const cli_shard *shard);
void cli_part_abandon(cli_part *p);

/* Says in OUT how the jobs A and B (parts' "job" objects, called A_NAME
 * and B_NAME) differ: '"seed" is 1 in a.json and 2 in b.json'. */
void cli_job_difference(const json_value *a, const char *a_name, const json_value *b, const char *b_name, char *out,
                        size_t size);
/* Why ROOT is not a part merge can read (its marker, format, job, shard,
 * result), NULL when it is one. */
const char *cli_part_check(const json_value *root);
/* A whole file's text (NUL-terminated), NULL with errno when unreadable. */
char *cli_read_file(const char *path, size_t *length);

/* The parts of one job for its command's merge: in the order of their
 * shards, one of each, all of the same job (merge has checked). */
typedef struct cli_part_read {
    const char *path;
    json_value *root;
    const json_value *result;
} cli_part_read;
int cli_analyze_merge(const cli_part_read *parts, long count, bool json);
int cli_perft_merge(const cli_part_read *parts, long count, bool json);
int cli_match_merge(const cli_part_read *parts, long count, bool json);
/* Reading a part's members for a merge: each says on stderr what is wrong
 * ("tabula merge: FILE: ...") and returns false (NULL) when the member is
 * missing or not what it should be. */
bool cli_member_count(const cli_part_read *part, const json_value *object, const char *key, int64_t low,
                      int64_t high, int64_t *out);
const json_value *cli_member_array(const cli_part_read *part, const json_value *object, const char *key);
const char *cli_member_string(const cli_part_read *part, const json_value *object, const char *key);
/* Says on stderr that PART is malformed: WHAT. */
void cli_part_malformed(const cli_part_read *part, const char *what);

/* Progress of a long job on stderr: a bar redrawn in place on a terminal;
 * with --progress and no terminal, a line a second at most and the last. */
typedef struct cli_progress {
    bool on, bar;
    const char *command, *what;
    long total;
    double started, shown;
    char label[48];
} cli_progress;
void cli_progress_start(cli_progress *p, const char *command, const char *what, long total,
                        const cli_shard *shard);
void cli_progress_show(cli_progress *p, long done);
/* Wipes the bar off its line, before other output to the terminal (it is
 * drawn again at the next show). */
void cli_progress_clear(cli_progress *p);
/* FINISHED: the bar shown full and wiped; else left, with a new line. */
void cli_progress_end(cli_progress *p, long done, bool finished);

/* --- a job shared among the ranks of an MPI run (cli_mpi.c)
 *
 * Under mpirun, in a build configured --with-mpi, every rank runs the same
 * command; rank 0 hands out the job's items (those its --shard owns, or
 * all) one at a time to the other ranks as each asks for the next, and
 * collects their results.  Without MPI, or outside mpirun, there is one
 * rank and nothing changes. */

/* The number of ranks (1 without MPI or outside mpirun; MPI is started
 * at the first call), and this process's (0 for the one that prints). */
int cli_mpi_ranks(void);
int cli_mpi_rank(void);
/* Ends MPI where it was started (main, after the command). */
void cli_mpi_end(void);
/* Rank 0's VALUE, on every rank. */
int cli_mpi_broadcast(int value);

/* A job's items: RUN does item ITEM, writing its result (what a part holds
 * for it) as one JSON value with W, and returns the exit status. */
typedef struct cli_shared_job {
    const char *command, *what;     /* "analyze", "games": for messages and progress */
    const cli_shard *shard;
    long count;                     /* the job's items */
    int (*run)(void *context, long item, json_writer *w);
    void *context;
} cli_shared_job;
/* Runs JOB's items on the ranks but 0 (READY: whether this rank could make
 * what they need; if any could not, none runs).  On rank 0, the results of
 * the items the shard owns, in the order of their numbers, into *TEXTS
 * (*COUNT of them; cli_mpi_texts_free frees them).  Returns the exit
 * status: EXIT_VALID when every item was done, else said on stderr. */
int cli_mpi_share(const cli_shared_job *job, bool ready, char ***texts, long *count);
void cli_mpi_texts_free(char **texts, long count);

/* What rank 0 makes of the results: a part with the command's HEAD (which
 * opens the result and the array of items), the items, and its TAIL (which
 * closes them); written to --output for a shard, or, for a whole job, read
 * back by the command's MERGE as one part, which prints what the
 * one-process job prints (as JSON with JSON). */
typedef struct cli_shared_part {
    const char *command, *file;
    const cli_shard *shard;
    cli_job_writer job;
    const void *job_context;
    void (*head)(json_writer *w, const void *context);
    void (*tail)(json_writer *w, const void *context);
    const void *context;
    int (*merge)(const cli_part_read *parts, long count, bool json);
    bool json;
} cli_shared_part;
int cli_mpi_output(const cli_shared_part *p, char **texts, long count);

/* cli_part_present where a job may run under mpirun: rank 0 looks (the
 * others may not see its files) and every rank gets its verdict; 0 when
 * SHARD has no --output. */
int cli_part_present_on_ranks(const char *command, const cli_shard *shard, cli_job_writer job,
                              const void *context);

/* --- a job of games (analyze, match): the one loop that plays them
 * (cli_shard.c)
 *
 * Each game of the job is played alone, by its number, into a record of
 * the command's, and the records are taken in the order of the games:
 * folded into the whole job's output by the command, or written into a
 * shard's part, or under mpirun written by the ranks and gathered by rank
 * 0 (cli_mpi_share).  The command says how a game is played and what its
 * record is; the driver owns the order, the progress, Ctrl-C, and what a
 * game that stops says and makes the exit status. */

/* The options analyze and match read alike: --games N (1 to a million),
 * --seed S, --openings K (0 to 100 random plies before the engines play)
 * and --threads N (each ab and mcts engine's; 0: not given). */
typedef struct cli_series_options {
    long games, seed, openings, threads;
} cli_series_options;
/* Takes ARGV[*I] when it is one of them with its value (*I moved past
 * it): 1; 0 when it is another argument, or one of them last without its
 * value; -1 when its value is not a number in range (said on stderr). */
int cli_series_option(const char *command, int argc, char **argv, int *i, cli_series_options *o);

/* How the command's PLAY ended a game. */
enum { CLI_GAME_PLAYED, CLI_GAME_INTERRUPTED, CLI_GAME_STOPPED, CLI_GAME_NOT_STARTED };

typedef struct cli_games {
    const char *command;        /* "analyze": for messages, the progress and the part */
    const char *file;           /* the rules file, which a part names */
    const cli_shard *shard;
    long count;                 /* the job's games, whether sharded or not */
    cli_job_writer job;         /* the job a part names, described from JOB_CONTEXT */
    const void *job_context;
    /* under mpirun without --shard: rank 0 prints the output through the
     * command's MERGE, as JSON with JSON */
    int (*merge)(const cli_part_read *parts, long count, bool json);
    bool json;
    /* how the message of a whole job that stopped ends, before "the N
     * games finished": "the report covers" */
    const char *finished;
    /* whether a game prints its moves as it is played, and whether each
     * record goes to the output as it comes: the progress bar is wiped
     * off its line first, so that the two do not mix on a terminal */
    bool prints_moves, prints_records;
    void *context;              /* what every callback below is given */
    /* a record to play the games into, reused (NULL: out of memory) */
    void *(*record_new)(void *context);
    void (*record_free)(void *record);
    /* plays game INDEX (from 0) into RECORD: CLI_GAME_PLAYED, else why
     * not (said on stderr by PLAY, but an interruption) */
    int (*play)(void *context, long index, void *record);
    /* a part's result: HEAD opens it, an object, and in it the array of
     * the records, which WRITE writes one at a time; the driver closes
     * the two */
    void (*head)(json_writer *w, const void *context);
    void (*write)(json_writer *w, const void *context, const void *record);
    /* a whole job's record, taken into the command's output */
    void (*add)(void *context, const void *record);
} cli_games;

/* Plays the games in this process: a shard's into its part, written to
 * --output or standard output, or the whole job's each given to ADD.  An
 * interrupted whole job keeps its status (its output covers the games
 * finished); a shard interrupted writes no part.  Returns the exit
 * status. */
int cli_games_play(const cli_games *games);
/* Plays the games on the ranks of an MPI run (READY: whether this rank
 * has what they need), rank 0 writing the shard's part or printing the
 * whole job's output through MERGE.  Returns the exit status. */
int cli_games_share(const cli_games *games, bool ready);

/* From now on SIGINT (Ctrl-C) interrupts searches (search_interrupt)
 * instead of ending the program (cli_interrupt.c). */
void cli_catch_interrupts(void);

#endif
