/* cli_mpi: a long job shared among the processes of an MPI run (cli.h).
 *
 * Under mpirun, in a build configured --with-mpi, every rank runs the same
 * command with the same arguments, and loads the same game.  Rank 0 hands
 * out the job's items (the numbers a shard would do) one at a time to the
 * ranks that ask, so that a rank that finishes an item takes the next, and
 * collects each item's result as the JSON text a part holds.  Rank 0 then
 * writes those results as a part: into --output for a shard, or, for a
 * whole job, into memory, where the command's own merge reads it as one
 * part and prints what the one-process job prints.  Rank 0 only hands out
 * and collects: it sleeps between messages rather than spin, so a run may
 * have one rank more than the machine has cores.
 *
 * Without MPI (or outside mpirun) there is one rank, and the commands run
 * their jobs as they always did. */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "cli/cli.h"
#include "config.h"
#include "search/search.h"

/* Runs ITEM of JOB: its result as JSON text in *TEXT (LENGTH bytes), and
 * the exit status. */
static int run_item(const cli_shared_job *job, long item, char **text, size_t *length)
{
    *text = NULL;
    *length = 0;
    FILE *stream = open_memstream(text, length);
    if (!stream)
        return EXIT_INVALID;
    json_writer w;
    json_writer_init(&w, stream);
    int status = job->run(job->context, item, &w);
    if (!json_writer_finish(&w) && status == EXIT_VALID)
        status = EXIT_INVALID;
    fclose(stream);
    if (status != EXIT_VALID) {
        free(*text);
        *text = NULL;
        *length = 0;
    }
    return status;
}

#ifdef HAVE_MPI
#include <mpi.h>

enum { TAG_RESULT = 1, TAG_ITEM = 2 };

static bool started;
static int ranks = 1, rank;

/* Whether this process was started by an MPI launcher: Open MPI's mpirun
 * and PMIx-based launchers (srun, prun) set these. */
static bool launched(void)
{
    return getenv("OMPI_COMM_WORLD_SIZE") || getenv("PMIX_RANK") || getenv("PMI_RANK");
}

static void start(void)
{
    if (started)
        return;
    started = true;
    if (!launched())
        return;
    int initialised = 0;
    MPI_Initialized(&initialised);
    if (!initialised && MPI_Init(NULL, NULL) != MPI_SUCCESS)
        return;
    MPI_Comm_size(MPI_COMM_WORLD, &ranks);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
}

int cli_mpi_ranks(void)
{
    start();
    return ranks;
}

int cli_mpi_rank(void)
{
    start();
    return rank;
}

void cli_mpi_end(void)
{
    int initialised = 0, finalised = 0;
    MPI_Initialized(&initialised);
    MPI_Finalized(&finalised);
    if (initialised && !finalised)
        MPI_Finalize();
}

int cli_mpi_broadcast(int value)
{
    if (cli_mpi_ranks() > 1)
        MPI_Bcast(&value, 1, MPI_INT, 0, MPI_COMM_WORLD);
    return value;
}

/* Whether every rank is READY. */
static bool all_ready(bool ready)
{
    int mine = ready ? 1 : 0, all = 0;
    MPI_Allreduce(&mine, &all, 1, MPI_INT, MPI_MIN, MPI_COMM_WORLD);
    return all == 1;
}

/* A worker: asks rank 0 for an item, runs it, sends its result with the
 * next request, until rank 0 says there is no more. */
static int work(const cli_shared_job *job)
{
    int status = EXIT_VALID;
    int64_t item = -1;
    int32_t item_status = EXIT_VALID;
    char *text = NULL;
    size_t length = 0;
    for (;;) {
        /* the message: the item's number (-1: none yet), its status, its result */
        size_t size = sizeof item + sizeof item_status + length;
        char *message = malloc(size);
        if (!message) {
            item_status = EXIT_INVALID;
            length = 0;
            size = sizeof item + sizeof item_status;
            message = malloc(size);   /* (a few bytes: if they fail too, MPI cannot go on) */
            if (!message)
                MPI_Abort(MPI_COMM_WORLD, EXIT_INVALID);
        }
        memcpy(message, &item, sizeof item);
        memcpy(message + sizeof item, &item_status, sizeof item_status);
        if (length)
            memcpy(message + sizeof item + sizeof item_status, text, length);
        MPI_Send(message, (int)size, MPI_BYTE, 0, TAG_RESULT, MPI_COMM_WORLD);
        free(message);
        free(text);
        text = NULL;
        length = 0;
        MPI_Recv(&item, 1, MPI_INT64_T, 0, TAG_ITEM, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
        if (item < 0)
            break;
        item_status = run_item(job, (long)item, &text, &length);
        if (item_status != EXIT_VALID)
            status = item_status;
    }
    return status;
}

/* The slot of item ITEM among those SHARD owns. */
static long slot_of(const cli_shard *shard, long item)
{
    return shard->count ? (item - (shard->index - 1)) / shard->count : item;
}

/* Rank 0: hands out the items and collects their results into TEXTS. */
static int hand_out(const cli_shared_job *job, char **texts, long owned)
{
    const cli_shard *shard = job->shard;
    cli_progress progress;
    cli_progress_start(&progress, job->command, job->what, owned, shard);
    long next = 0, done = 0;
    int working = ranks - 1, status = EXIT_VALID;
    bool stopping = false;
    cli_catch_interrupts();
    while (working > 0) {
        int arrived = 0;
        MPI_Status probe;
        MPI_Iprobe(MPI_ANY_SOURCE, TAG_RESULT, MPI_COMM_WORLD, &arrived, &probe);
        if (!arrived) {
            /* a millisecond's sleep: rank 0 leaves the cores to the workers */
            nanosleep(&(struct timespec){ .tv_nsec = 1000000 }, NULL);
            if (search_interrupted() && !stopping) {
                stopping = true;
                fprintf(stderr, "tabula %s: interrupted: no more %s handed out, and no result\n", job->command,
                        job->what);
                status = EXIT_INVALID;
            }
            continue;
        }
        int size = 0;
        MPI_Get_count(&probe, MPI_BYTE, &size);
        char *message = malloc((size_t)size + 1);
        if (!message)
            MPI_Abort(MPI_COMM_WORLD, EXIT_INVALID);
        MPI_Recv(message, size, MPI_BYTE, probe.MPI_SOURCE, TAG_RESULT, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
        int64_t item;
        int32_t item_status;
        memcpy(&item, message, sizeof item);
        memcpy(&item_status, message + sizeof item, sizeof item_status);
        if (item >= 0 && item_status != EXIT_VALID) {
            if (!stopping)
                fprintf(stderr, "tabula %s: rank %d stopped (it said why): no more %s handed out, and no result\n",
                        job->command, probe.MPI_SOURCE, job->what);
            stopping = true;
            status = item_status > status ? item_status : status;
        } else if (item >= 0) {
            size_t length = (size_t)size - sizeof item - sizeof item_status;
            memmove(message, message + sizeof item + sizeof item_status, length);
            message[length] = '\0';
            texts[slot_of(shard, (long)item)] = message;
            message = NULL;
            done++;
            cli_progress_show(&progress, done);
        }
        free(message);
        int64_t give = -1;
        while (!stopping && next < job->count && !cli_shard_owns(shard, next))
            next++;
        if (!stopping && next < job->count)
            give = next++;
        MPI_Send(&give, 1, MPI_INT64_T, probe.MPI_SOURCE, TAG_ITEM, MPI_COMM_WORLD);
        if (give < 0)
            working--;
    }
    cli_progress_end(&progress, done, status == EXIT_VALID);
    return status;
}

int cli_mpi_share(const cli_shared_job *job, bool ready, char ***texts, long *count)
{
    *texts = NULL;
    *count = 0;
    if (!all_ready(ready)) {
        if (rank == 0)
            fprintf(stderr, "tabula %s: a rank could not start the job (said above): nothing run\n", job->command);
        return EXIT_INVALID;
    }
    if (rank != 0)
        return work(job);
    long owned = 0;
    for (long i = 0; i < job->count; i++)
        owned += cli_shard_owns(job->shard, i);
    char **collected = calloc((size_t)owned + 1, sizeof *collected);
    if (!collected)
        MPI_Abort(MPI_COMM_WORLD, EXIT_INVALID);
    int status = hand_out(job, collected, owned);
    if (status != EXIT_VALID) {
        cli_mpi_texts_free(collected, owned);
        return status;
    }
    *texts = collected;
    *count = owned;
    return EXIT_VALID;
}

#else /* without MPI: one rank */

int cli_mpi_ranks(void)
{
    return 1;
}

int cli_mpi_rank(void)
{
    return 0;
}

void cli_mpi_end(void)
{
}

int cli_mpi_broadcast(int value)
{
    return value;
}

/* One rank: it runs every item itself, in order. */
int cli_mpi_share(const cli_shared_job *job, bool ready, char ***texts, long *count)
{
    *texts = NULL;
    *count = 0;
    if (!ready)
        return EXIT_INVALID;
    long owned = 0;
    for (long i = 0; i < job->count; i++)
        owned += cli_shard_owns(job->shard, i);
    char **collected = calloc((size_t)owned + 1, sizeof *collected);
    if (!collected)
        return EXIT_INVALID;
    long slot = 0;
    for (long i = 0; i < job->count; i++) {
        if (!cli_shard_owns(job->shard, i))
            continue;
        size_t length;
        int status = run_item(job, i, &collected[slot++], &length);
        if (status != EXIT_VALID) {
            cli_mpi_texts_free(collected, owned);
            return status;
        }
    }
    *texts = collected;
    *count = owned;
    return EXIT_VALID;
}

#endif

void cli_mpi_texts_free(char **texts, long count)
{
    for (long i = 0; texts && i < count; i++)
        free(texts[i]);
    free(texts);
}

/* Writes the result of the part: the command's head, the items' results
 * in order, its tail; false when a result is not JSON (said). */
static bool write_result(json_writer *w, const cli_shared_part *p, char **texts, long count)
{
    p->head(w, p->context);
    for (long i = 0; i < count; i++) {
        char error[256];
        json_value *value = json_parse(texts[i], strlen(texts[i]), error, sizeof error);
        if (!value) {
            fprintf(stderr, "tabula %s: an item's result is not JSON: %s\n", p->command, error);
            return false;
        }
        json_write_value(w, value);
        json_free(value);
    }
    p->tail(w, p->context);
    return true;
}

int cli_mpi_output(const cli_shared_part *p, char **texts, long count)
{
    if (p->shard->count) {
        cli_part part;
        if (!cli_part_begin(&part, p->command, p->shard, p->file, p->job, p->job_context))
            return EXIT_USAGE;
        if (!write_result(&part.w, p, texts, count)) {
            cli_part_abandon(&part);
            return EXIT_INVALID;
        }
        return cli_part_end(&part, p->command, p->shard) ? EXIT_VALID : EXIT_USAGE;
    }
    /* the whole job: one part in memory, which the command's merge reads */
    char *text = NULL;
    size_t length = 0;
    FILE *stream = open_memstream(&text, &length);
    if (!stream) {
        fprintf(stderr, "tabula %s: out of memory\n", p->command);
        return EXIT_INVALID;
    }
    json_writer w;
    json_writer_init(&w, stream);
    json_begin_object(&w, JSON_BLOCK);
    json_key(&w, "job");
    p->job(&w, p->job_context);
    json_key(&w, "result");
    bool written = write_result(&w, p, texts, count);
    json_end_object(&w);
    written = json_writer_finish(&w) && written;
    fclose(stream);
    char error[256];
    json_value *root = written ? json_parse(text, length, error, sizeof error) : NULL;
    free(text);
    if (!root) {
        if (written)
            fprintf(stderr, "tabula %s: the ranks' results: %s\n", p->command, error);
        return EXIT_INVALID;
    }
    cli_part_read part = { .path = "(the ranks' results)", .root = root, .result = json_member(root, "result") };
    int status = p->merge(&part, 1, p->json);
    json_free(root);
    return status;
}
