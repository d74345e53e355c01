/* cli_shard: what the commands that run long jobs share (cli.h): the
 * options --shard K/N, --output FILE and --progress, the part a shard
 * writes (a JSON object naming its job), the check that an output file
 * already holds the part asked for (a restart after an interruption), the
 * progress report, and the loop that plays a job of games (analyze,
 * match). */
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "cli/cli.h"
#include "game/rng.h"
#include "search/search.h"

/* The largest number of shards: far more than the ranks of a cluster job,
 * few enough that N parts' names fit on a line of merge's messages. */
#define SHARDS_MAX 100000

int cli_shard_option(const char *command, int argc, char **argv, int *i, cli_shard *shard)
{
    const char *a = argv[*i];
    if (!strcmp(a, "--progress")) {
        shard->progress = true;
        return 1;
    }
    if (!strcmp(a, "--output")) {
        if (*i + 1 >= argc || !argv[*i + 1][0]) {
            fprintf(stderr, "tabula %s: --output needs a file name\n", command);
            return -1;
        }
        shard->output = argv[++*i];
        return 1;
    }
    if (strcmp(a, "--shard"))
        return 0;
    const char *text = *i + 1 < argc ? argv[++*i] : "";
    const char *slash = strchr(text, '/');
    char k[32];
    long index, count;
    if (!slash || (size_t)(slash - text) >= sizeof k) {
        fprintf(stderr, "tabula %s: --shard takes K/N (the K-th of N parts, 1 <= K <= N), not '%s'\n",
                command, text);
        return -1;
    }
    memcpy(k, text, (size_t)(slash - text));
    k[slash - text] = '\0';
    if (!cli_parse_count(slash + 1, 1, SHARDS_MAX, &count) || !cli_parse_count(k, 1, count, &index)) {
        fprintf(stderr, "tabula %s: --shard takes K/N (the K-th of N parts, 1 <= K <= N <= %d), not '%s'\n",
                command, SHARDS_MAX, text);
        return -1;
    }
    shard->index = index;
    shard->count = count;
    return 1;
}

bool cli_shard_check(const char *command, const cli_shard *shard, bool json)
{
    if (shard->output && !shard->count) {
        fprintf(stderr, "tabula %s: --output is where a shard's part goes: give --shard K/N too\n", command);
        return false;
    }
    if (json && shard->count) {
        fprintf(stderr, "tabula %s: a shard writes its part as JSON already: --json is for a whole job's "
                "result (and for merge)\n", command);
        return false;
    }
    return true;
}

uint64_t cli_rules_hash(const source_set *sources)
{
    /* FNV-1a over the texts, each followed by a NUL so that where one file
     * ends and the next begins counts too; then mixed */
    uint64_t hash = 0xcbf29ce484222325ull;
    for (int f = 0; f < sources->count; f++) {
        const source_file *file = &sources->files[f];
        for (size_t i = 0; i <= file->length; i++) {
            hash ^= i < file->length ? (unsigned char)file->text[i] : 0;
            hash *= 0x100000001b3ull;
        }
    }
    return rng_mix(hash);
}

void cli_write_hash(json_writer *w, uint64_t hash)
{
    char text[17];
    snprintf(text, sizeof text, "%016llx", (unsigned long long)hash);
    json_string(w, text);
}

void cli_job_begin(json_writer *w, const char *command, const char *game_name, const char *variant, uint64_t rules)
{
    json_begin_object(w, JSON_LINE);
    json_key(w, "command");
    json_string(w, command);
    json_key(w, "game");
    json_string(w, game_name);
    json_key(w, "variant");
    json_string(w, variant);
    json_key(w, "rules");
    cli_write_hash(w, rules);
}

void cli_job_end(json_writer *w, long shards)
{
    json_key(w, "shards");
    json_int(w, shards);
    json_end_object(w);
}

/* The job's description as a parsed value (written by JOB, read back). */
static json_value *job_value(cli_job_writer job, const void *context)
{
    char *text = NULL;
    size_t size = 0;
    FILE *stream = open_memstream(&text, &size);
    if (!stream)
        return NULL;
    json_writer w;
    json_writer_init(&w, stream);
    job(&w, context);
    bool ok = json_writer_finish(&w);
    fclose(stream);
    char error[128];
    json_value *value = ok ? json_parse(text, size, error, sizeof error) : NULL;
    free(text);
    return value;
}

/* VALUE as compact JSON text, for a message (cut short past SIZE). */
static void value_text(const json_value *value, char *out, size_t size)
{
    char *text = NULL;
    size_t length = 0;
    FILE *stream = open_memstream(&text, &length);
    snprintf(out, size, "?");
    if (!stream)
        return;
    json_writer w;
    json_writer_init(&w, stream);
    json_write_value(&w, value);
    fclose(stream);
    snprintf(out, size, "%s", text ? text : "?");
    free(text);
}

void cli_job_difference(const json_value *a, const char *a_name, const json_value *b, const char *b_name, char *out,
                        size_t size)
{
    char va[256], vb[256];
    snprintf(out, size, "their jobs differ");
    for (int pass = 0; pass < 2; pass++) {
        const json_value *one = pass ? b : a, *other = pass ? a : b;
        for (size_t i = 0; i < one->count; i++) {
            const json_value *theirs = json_member(other, one->keys[i]);
            if (!theirs) {
                snprintf(out, size, "\"%s\" is in %s and not in %s", one->keys[i], pass ? b_name : a_name,
                         pass ? a_name : b_name);
                return;
            }
            if (!pass && !json_equal(&one->items[i], theirs)) {
                value_text(&one->items[i], va, sizeof va);
                value_text(theirs, vb, sizeof vb);
                snprintf(out, size, "\"%s\" is %s in %s and %s in %s", one->keys[i], va, a_name, vb, b_name);
                return;
            }
        }
    }
}

/* FILE's text, NULL when it cannot be read (errno says why). */
static char *read_whole(const char *path, size_t *length)
{
    FILE *f = fopen(path, "rb");
    if (!f)
        return NULL;
    char *text = NULL;
    size_t size = 0, capacity = 0;
    for (;;) {
        if (size + 65536 + 1 > capacity) {
            capacity = capacity ? capacity * 2 : 65536 * 2;
            char *grown = realloc(text, capacity);
            if (!grown) {
                free(text);
                fclose(f);
                errno = ENOMEM;
                return NULL;
            }
            text = grown;
        }
        size_t n = fread(text + size, 1, 65536, f);
        size += n;
        if (n < 65536)
            break;
    }
    bool failed = ferror(f);
    fclose(f);
    if (failed) {
        free(text);
        errno = EIO;
        return NULL;
    }
    text[size] = '\0';
    *length = size;
    return text;
}

char *cli_read_file(const char *path, size_t *length)
{
    return read_whole(path, length);
}

const char *cli_part_check(const json_value *root)
{
    if (!root || root->type != JSON_OBJECT || !json_get_string(json_member(root, "tabula"))
        || strcmp(json_get_string(json_member(root, "tabula")), "part"))
        return "it is JSON, but not a part of a sharded job (no \"tabula\": \"part\")";
    uint64_t format;
    if (!json_get_uint64(json_member(root, "format"), &format) || format != CLI_PART_FORMAT)
        return "it is a part written in another format (another version of tabula?)";
    const json_value *job = json_member(root, "job");
    uint64_t shard, shards;
    if (!job || job->type != JSON_OBJECT || !json_get_string(json_member(job, "command"))
        || !json_get_uint64(json_member(job, "shards"), &shards) || shards < 1 || shards > SHARDS_MAX)
        return "its \"job\" is missing or does not say its command and number of shards";
    if (!json_get_uint64(json_member(root, "shard"), &shard) || shard < 1 || shard > shards)
        return "its \"shard\" is missing or not a number from 1 to the job's shards";
    if (!json_member(root, "result"))
        return "it has no \"result\"";
    return NULL;
}

int cli_part_present(const char *command, const cli_shard *shard, cli_job_writer job, const void *context)
{
    size_t length;
    char *text = read_whole(shard->output, &length);
    if (!text)
        return 0;   /* no file yet: the shard is to run */
    char error[256];
    json_value *root = json_parse(text, length, error, sizeof error);
    free(text);
    int verdict = 0;
    const char *wrong = root ? cli_part_check(root) : error;
    if (wrong) {
        fprintf(stderr, "tabula %s: %s holds no finished part (%s): running shard %ld/%ld again\n", command,
                shard->output, wrong, shard->index, shard->count);
    } else {
        json_value *wanted = job_value(job, context);
        uint64_t index = 0;
        json_get_uint64(json_member(root, "shard"), &index);
        if (!wanted) {
            fprintf(stderr, "tabula %s: out of memory\n", command);
            verdict = -1;
        } else if (!json_equal(json_member(root, "job"), wanted)) {
            char difference[600];
            cli_job_difference(json_member(root, "job"), shard->output, wanted, "this job", difference,
                               sizeof difference);
            fprintf(stderr, "tabula %s: %s holds a part of another job (%s): remove it, or give another "
                    "--output\n", command, shard->output, difference);
            verdict = -1;
        } else if ((long)index != shard->index) {
            fprintf(stderr, "tabula %s: %s holds shard %llu/%ld of this job, not %ld/%ld: remove it, or "
                    "give another --output\n", command, shard->output, (unsigned long long)index, shard->count,
                    shard->index, shard->count);
            verdict = -1;
        } else {
            fprintf(stderr, "tabula %s: %s already holds shard %ld/%ld of this job: not run again\n", command,
                    shard->output, shard->index, shard->count);
            verdict = 1;
        }
        json_free(wanted);
    }
    json_free(root);
    return verdict;
}

bool cli_part_begin(cli_part *p, const char *command, const cli_shard *shard, const char *file,
                    cli_job_writer job, const void *context)
{
    memset(p, 0, sizeof *p);
    if (shard->output) {
        /* written beside FILE under another name, then renamed onto it: an
         * interrupted shard leaves no file that looks finished */
        size_t n = strlen(shard->output) + 16;
        p->temporary = malloc(n);
        if (!p->temporary) {
            fprintf(stderr, "tabula %s: out of memory\n", command);
            return false;
        }
        snprintf(p->temporary, n, "%s.tmp-XXXXXX", shard->output);
        int fd = mkstemp(p->temporary);
        if (fd >= 0) {
            /* mkstemp makes it private: give it a new file's permissions */
            mode_t mask = umask(0);
            umask(mask);
            fchmod(fd, 0666 & ~mask);
        }
        p->stream = fd >= 0 ? fdopen(fd, "w") : NULL;
        if (!p->stream) {
            fprintf(stderr, "tabula %s: cannot write %s: %s\n", command, shard->output, strerror(errno));
            if (fd >= 0) {
                close(fd);
                unlink(p->temporary);
            }
            free(p->temporary);
            p->temporary = NULL;
            return false;
        }
    } else {
        p->stream = stdout;
    }
    json_writer_init(&p->w, p->stream);
    json_begin_object(&p->w, JSON_BLOCK);
    json_key(&p->w, "tabula");
    json_string(&p->w, "part");
    json_key(&p->w, "format");
    json_int(&p->w, CLI_PART_FORMAT);
    json_key(&p->w, "file");
    json_string(&p->w, file);
    json_key(&p->w, "job");
    job(&p->w, context);
    json_key(&p->w, "shard");
    json_int(&p->w, shard->index);
    json_key(&p->w, "result");
    return true;
}

bool cli_part_end(cli_part *p, const char *command, const cli_shard *shard)
{
    json_end_object(&p->w);
    bool ok = json_writer_finish(&p->w);
    if (!p->temporary) {
        ok = fflush(p->stream) == 0 && ok;
        if (!ok)
            fprintf(stderr, "tabula %s: the part could not be written whole\n", command);
        return ok;
    }
    int error = 0;
    if (fflush(p->stream) != 0 || fsync(fileno(p->stream)) != 0)
        error = errno;
    if (fclose(p->stream) != 0 && !error)
        error = errno;
    if (ok && !error && rename(p->temporary, shard->output) != 0)
        error = errno;
    if (!ok || error) {
        fprintf(stderr, "tabula %s: cannot write %s: %s\n", command, shard->output,
                error ? strerror(error) : "the part was not written whole");
        unlink(p->temporary);
    }
    free(p->temporary);
    p->temporary = NULL;
    return ok && !error;
}

void cli_part_abandon(cli_part *p)
{
    if (p->temporary) {
        fclose(p->stream);
        unlink(p->temporary);
        free(p->temporary);
        p->temporary = NULL;
    }
}

/* --- progress */

void cli_progress_start(cli_progress *p, const char *command, const char *what, long total, const cli_shard *shard)
{
    memset(p, 0, sizeof *p);
    p->bar = isatty(STDERR_FILENO);
    p->on = p->bar || shard->progress;
    p->command = command;
    p->what = what;
    p->total = total;
    p->started = search_clock();
    p->shown = -1;
    if (shard->count)
        snprintf(p->label, sizeof p->label, "shard %ld/%ld: ", shard->index, shard->count);
}

void cli_progress_show(cli_progress *p, long done)
{
    if (!p->on)
        return;
    double now = search_clock(), elapsed = now - p->started;
    if (p->bar) {
        if (done < p->total && p->shown >= 0 && now - p->shown < 0.1)
            return;   /* (redrawn ten times a second at most) */
        int width = 30, filled = (int)(width * done / (p->total > 0 ? p->total : 1));
        fprintf(stderr, "\r%s[%.*s%*s] %ld/%ld %s, %.0fs", p->label, filled, "##############################",
                width - filled, "", done, p->total, p->what, elapsed);
        if (done > 0 && done < p->total)
            fprintf(stderr, ", about %.0fs left", elapsed / (double)done * (double)(p->total - done));
        fputs("   ", stderr);
    } else {
        /* a log file: a line a second at most, and the last */
        if (done < p->total && p->shown >= 0 && now - p->shown < 1.0)
            return;
        fprintf(stderr, "tabula %s: %s%ld/%ld %s, %.0fs\n", p->command, p->label, done, p->total, p->what,
                elapsed);
    }
    p->shown = now;
    fflush(stderr);
}

void cli_progress_clear(cli_progress *p)
{
    if (p->bar && p->shown >= 0) {
        fputs("\r\033[K", stderr);
        fflush(stderr);
        p->shown = -1;
    }
}

void cli_progress_end(cli_progress *p, long done, bool finished)
{
    if (!p->on)
        return;
    if (finished)
        cli_progress_show(p, done);
    if (p->bar)
        fputs(finished ? "\r\033[K" : "\n", stderr);
    fflush(stderr);
}

int cli_part_present_on_ranks(const char *command, const cli_shard *shard, cli_job_writer job,
                              const void *context)
{
    if (!shard->output)
        return 0;
    int present = cli_mpi_rank() == 0 ? cli_part_present(command, shard, job, context) : 0;
    return cli_mpi_broadcast(present);
}

/* --- a job of games */

int cli_series_option(const char *command, int argc, char **argv, int *i, cli_series_options *o)
{
    const char *a = argv[*i];
    long low, high, *value;
    if (!strcmp(a, "--games")) {
        low = 1, high = 1000000L, value = &o->games;
    } else if (!strcmp(a, "--seed")) {
        low = 0, high = 2147483647L, value = &o->seed;
    } else if (!strcmp(a, "--openings")) {
        low = 0, high = 100, value = &o->openings;
    } else if (!strcmp(a, "--threads")) {
        low = 1, high = SEARCH_MAX_THREADS, value = &o->threads;
    } else {
        return 0;
    }
    if (*i + 1 >= argc)
        return 0;   /* (without its value it is the command's unknown option) */
    return cli_count_option(command, a, argv[++*i], low, high, value) ? 1 : -1;
}

/* Plays the games SHARD owns in the order of their numbers, each record
 * written into PART or, without one, given to the command's ADD; returns
 * the exit status. */
static int play_in_order(const cli_games *games, cli_part *part)
{
    const cli_shard *shard = games->shard;
    long owned = 0;
    for (long k = 0; k < games->count; k++)
        owned += cli_shard_owns(shard, k);
    cli_progress progress;
    cli_progress_start(&progress, games->command, "games", owned, shard);
    void *record = games->record_new(games->context);
    if (!record) {
        fprintf(stderr, "tabula %s: out of memory\n", games->command);
        return EXIT_INVALID;
    }
    int status = EXIT_VALID;
    long done = 0;
    cli_catch_interrupts();
    for (long k = 0; k < games->count; k++) {
        if (!cli_shard_owns(shard, k))
            continue;
        cli_progress_show(&progress, done);
        if (games->prints_moves)
            cli_progress_clear(&progress);
        int stopped = games->play(games->context, k, record);
        if (stopped != CLI_GAME_PLAYED) {
            cli_progress_end(&progress, done, false);
            const char *how = stopped == CLI_GAME_INTERRUPTED ? "interrupted" : "stopped";
            if (part)
                fprintf(stderr, "tabula %s: %s in game %ld; shard %ld/%ld is not finished and writes no part\n",
                        games->command, how, k + 1, shard->index, shard->count);
            else if (stopped == CLI_GAME_NOT_STARTED)
                fprintf(stderr, "tabula %s: stopped before game %ld; %s the %ld games finished\n", games->command,
                        k + 1, games->finished, done);
            else
                fprintf(stderr, "tabula %s: %s in game %ld; %s the %ld games finished\n", games->command, how,
                        k + 1, games->finished, done);
            /* an interrupted job's output covers the games it finished; a
             * shard's part must be whole */
            if (stopped != CLI_GAME_INTERRUPTED || part)
                status = EXIT_INVALID;
            games->record_free(record);
            return status;
        }
        if (games->prints_records)
            cli_progress_clear(&progress);
        if (part)
            games->write(&part->w, games->context, record);
        else
            games->add(games->context, record);
        done++;
    }
    cli_progress_end(&progress, done, true);
    games->record_free(record);
    return status;
}

int cli_games_play(const cli_games *games)
{
    if (!games->shard->count)
        return play_in_order(games, NULL);
    cli_part part;
    if (!cli_part_begin(&part, games->command, games->shard, games->file, games->job, games->job_context))
        return EXIT_USAGE;
    games->head(&part.w, games->context);
    int status = play_in_order(games, &part);
    json_end_array(&part.w);
    json_end_object(&part.w);
    if (status != EXIT_VALID)
        cli_part_abandon(&part);   /* (on standard output, what was written stays unfinished) */
    else if (!cli_part_end(&part, games->command, games->shard))
        status = EXIT_USAGE;
    return status;
}

/* What a rank's games need: the job, and the record to play them into. */
typedef struct shared_games {
    const cli_games *games;
    void *record;
} shared_games;

/* A rank's item: game ITEM played, its record written with W. */
static int play_shared_game(void *context, long item, json_writer *w)
{
    shared_games *shared = context;
    const cli_games *games = shared->games;
    int stopped = games->play(games->context, item, shared->record);
    if (stopped != CLI_GAME_PLAYED) {
        fprintf(stderr, "tabula %s: %s in game %ld\n", games->command,
                stopped == CLI_GAME_INTERRUPTED ? "interrupted" : "stopped", item + 1);
        return EXIT_INVALID;
    }
    games->write(w, games->context, shared->record);
    return EXIT_VALID;
}

/* A part's tail: the array of the records closed, and the result that
 * the command's head opened. */
static void close_records(json_writer *w, const void *context)
{
    (void)context;
    json_end_array(w);
    json_end_object(w);
}

int cli_games_share(const cli_games *games, bool ready)
{
    shared_games shared = { .games = games };
    shared.record = ready ? games->record_new(games->context) : NULL;
    if (ready && !shared.record)
        fprintf(stderr, "tabula %s: out of memory\n", games->command);
    cli_catch_interrupts();
    cli_shared_job items = { .command = games->command, .what = "games", .shard = games->shard,
                             .count = games->count, .run = play_shared_game, .context = &shared };
    char **texts;
    long count;
    int status = cli_mpi_share(&items, shared.record != NULL, &texts, &count);
    if (shared.record)
        games->record_free(shared.record);
    if (status != EXIT_VALID || cli_mpi_rank() != 0)
        return status;
    cli_shared_part part = { .command = games->command, .file = games->file, .shard = games->shard,
                             .job = games->job, .job_context = games->job_context, .head = games->head,
                             .tail = close_records, .context = games->context, .merge = games->merge,
                             .json = games->json };
    status = cli_mpi_output(&part, texts, count);
    cli_mpi_texts_free(texts, count);
    return status;
}
