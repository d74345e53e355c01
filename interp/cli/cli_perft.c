/* cli_perft: `tabula perft` and `tabula bench`.
 *
 * perft splits its tree into subtrees: the positions SPLIT plies below the
 * start (the first moves, or the pairs of first and second moves when a
 * sharded job has fewer first moves than shards), numbered in the order
 * the moves are generated.  The counts above them are the same for every
 * shard; each subtree's are its own.  A whole job counts every subtree and
 * adds them up in order; shard K of N counts those whose number has
 * i mod N = K - 1 and writes them in its part; merge adds up the parts'
 * subtrees in the same order, through the same code (perft_total). */
#include <errno.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "cli/cli.h"
#include "front/front.h"
#include "game/game.h"
#include "movegen/movegen.h"
#include "movegen/notation.h"
#include "movegen/perft.h"
#include "playout/playout.h"
#include "game/position.h"
#include "game/posstring.h"
#include "game/rng.h"

#define PERFT_USAGE "usage: tabula perft [--variant NAME] [--position POS] [--divide] [--json] " \
                    "[--shard K/N [--output FILE]] [--progress] FILE DEPTH"

static double now(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + (double)t.tv_nsec * 1e-9;
}

/* --- the split into subtrees */

typedef struct perft_split {
    int ply;                    /* the subtrees' roots are this many plies down (0, 1 or 2) */
    long units;                 /* how many subtrees */
    int *first, *second;        /* each one's first and second moves (-1: none) */
    perft_counts above;         /* nodes at plies 1 to PLY, ended above PLY */
    int root_moves;
    char **texts;               /* the first moves' notation */
} perft_split;

static void split_free(perft_split *split)
{
    for (int i = 0; split->texts && i < split->root_moves; i++)
        free(split->texts[i]);
    free(split->texts);
    free(split->first);
    free(split->second);
}

static bool split_add(perft_split *split, long *capacity, int first, int second)
{
    if (split->units == *capacity) {
        long grown = *capacity ? *capacity * 2 : 64;
        int *f = realloc(split->first, (size_t)grown * sizeof *f);
        if (f)
            split->first = f;
        int *sc = f ? realloc(split->second, (size_t)grown * sizeof *sc) : NULL;
        if (!sc)
            return false;
        split->second = sc;
        *capacity = grown;
    }
    split->first[split->units] = first;
    split->second[split->units] = second;
    split->units++;
    return true;
}

/* Splits the tree below S's position to DEPTH for SHARDS shards (0: a
 * whole job): the first moves, where there are at least as many as
 * shards, else the pairs of first and second moves; none above the last
 * ply but for --divide, which counts by first move; the whole tree as one
 * at depth 1.  Counts what lies above the subtrees.  False when memory
 * runs out. */
static bool split_tree(perft_state *s, const game *g, int depth, bool divide, long shards, perft_split *split)
{
    memset(split, 0, sizeof *split);
    move_list *root = &s->lists[0];
    movegen_generate(s->generator, &s->position, root);
    perft_note_overflow(s, root);
    game_result result;
    movegen_result(s->generator, &s->position, root, &result);
    /* --divide lists the moves the rules give even where an end rule has
     * ended the game (a designer's view of the position; tabula(1)) */
    bool ended = result.over && !divide;
    split->root_moves = ended ? 0 : root->count;
    split->texts = calloc((size_t)split->root_moves + 1, sizeof *split->texts);
    if (!split->texts)
        return false;
    char text[512];
    for (int i = 0; i < split->root_moves; i++) {
        notation_move(g, root, i, text, sizeof text);
        if (!(split->texts[i] = strdup(text)))
            return false;
    }
    if (depth == 1)
        split->ply = divide ? 1 : 0;
    else
        split->ply = split->root_moves >= shards || depth == 2 ? 1 : 2;
    long capacity = 0;
    if (split->ply == 0)
        return split_add(split, &capacity, -1, -1);
    if (ended) {
        split->above.ended[0]++;
        return true;
    }
    for (int i = 0; i < root->count; i++) {
        split->above.nodes[1]++;
        if (split->ply == 1) {
            if (!split_add(split, &capacity, i, -1))
                return false;
            continue;
        }
        undo u;
        move_make(&s->position, root, i, &u);
        move_list *below = &s->lists[1];
        movegen_generate(s->generator, &s->position, below);
        perft_note_overflow(s, below);
        movegen_result(s->generator, &s->position, below, &result);
        if (result.over) {
            split->above.ended[1]++;
        } else {
            for (int j = 0; j < below->count; j++) {
                split->above.nodes[2]++;
                if (!split_add(split, &capacity, i, j))
                    return false;
            }
        }
        pos_unmake(&s->position, &u);
    }
    return true;
}

/* Counts subtree UNIT of SPLIT into OUT (its nodes below the split, its
 * ended from the split down).  S's position is the start, and is left so. */
static void count_unit(perft_state *s, const perft_split *split, long unit, int depth, perft_counts *out)
{
    memset(&s->counts, 0, sizeof s->counts);
    int first = split->first[unit], second = split->second[unit];
    undo u1, u2;
    if (first >= 0)
        move_make(&s->position, &s->lists[0], first, &u1);
    if (second >= 0) {
        /* the list below the first move, made again for each pair (the
         * pairs come when the subtrees below are deep: it costs little) */
        movegen_generate(s->generator, &s->position, &s->lists[1]);
        move_make(&s->position, &s->lists[1], second, &u2);
    }
    if (depth > split->ply)
        perft_count(s, split->ply, depth - split->ply);
    if (second >= 0)
        pos_unmake(&s->position, &u2);
    if (first >= 0)
        pos_unmake(&s->position, &u1);
    *out = s->counts;
}

/* --- the job's result, added up subtree by subtree */

typedef struct perft_job {
    const char *game, *variant, *position;
    uint64_t rules;
    int depth;
    bool divide;
    long shards;
} perft_job;

typedef struct perft_total {
    int depth, split;
    bool divide, json;
    perft_counts counts;
    int root_moves;
    char *const *texts;
    uint64_t *per_move;         /* --divide: each first move's sequences */
    int printed;                /* --divide as text: the moves whose lines are out */
} perft_total;

static bool total_start(perft_total *t, const perft_job *job, const perft_split *split, bool json)
{
    memset(t, 0, sizeof *t);
    t->depth = job->depth;
    t->split = split->ply;
    t->divide = job->divide;
    t->json = json;
    t->counts = split->above;
    t->root_moves = split->root_moves;
    t->texts = split->texts;
    t->per_move = calloc((size_t)split->root_moves + 1, sizeof *t->per_move);
    return t->per_move != NULL;
}

/* --divide as text: the lines of the first moves before FIRST, each out as
 * soon as its last subtree is counted (into a file too). */
static void print_moves_before(perft_total *t, int first)
{
    if (!t->divide || t->json)
        return;
    for (; t->printed < first && t->printed < t->root_moves; t->printed++)
        printf("%s %llu\n", t->texts[t->printed], (unsigned long long)t->per_move[t->printed]);
    fflush(stdout);
}

/* Adds the next subtree, below first move FIRST, to T. */
static void total_add(perft_total *t, int first, const perft_counts *unit)
{
    for (int d = 0; d <= t->depth; d++) {
        t->counts.nodes[d] += unit->nodes[d];
        t->counts.ended[d] += unit->ended[d];
    }
    if (!t->divide || first < 0)
        return;
    /* a subtree at the last ply is one sequence */
    t->per_move[first] += t->split == t->depth ? 1 : unit->nodes[t->depth];
    print_moves_before(t, first);
}

/* The job's output, once every subtree is added: SECONDS it took. */
static bool total_print(perft_total *t, const perft_job *job, double seconds)
{
    uint64_t all = 0;
    for (int d = 1; d <= t->depth; d++)
        all += t->counts.nodes[d];
    if (!t->json) {
        if (t->divide) {
            print_moves_before(t, t->root_moves);
            uint64_t sum = 0;
            for (int i = 0; i < t->root_moves; i++)
                sum += t->per_move[i];
            printf("total %llu\n", (unsigned long long)sum);
            return true;
        }
        for (int d = 1; d <= t->depth; d++) {
            char ended[32] = "-";
            if (d < t->depth)
                snprintf(ended, sizeof ended, "%llu", (unsigned long long)t->counts.ended[d]);
            if (d == t->depth)
                printf("%d %llu %s %.3f %.0f\n", d, (unsigned long long)t->counts.nodes[d], ended, seconds,
                       seconds > 0 ? (double)all / seconds : 0.0);
            else
                printf("%d %llu %s\n", d, (unsigned long long)t->counts.nodes[d], ended);
        }
        return true;
    }
    json_writer writer, *w = &writer;
    json_writer_init(w, stdout);
    json_begin_object(w, JSON_BLOCK);
    json_key(w, "game");
    json_string(w, job->game);
    json_key(w, "variant");
    json_string(w, job->variant);
    json_key(w, "position");
    json_string(w, job->position);
    json_key(w, "depth");
    json_int(w, t->depth);
    if (t->divide) {
        uint64_t sum = 0;
        json_key(w, "moves");
        json_begin_array(w, JSON_BLOCK);
        for (int i = 0; i < t->root_moves; i++) {
            json_begin_object(w, JSON_LINE);
            json_key(w, "move");
            json_string(w, t->texts[i]);
            json_key(w, "nodes");
            json_uint(w, t->per_move[i]);
            json_end_object(w);
            sum += t->per_move[i];
        }
        json_end_array(w);
        json_key(w, "total");
        json_uint(w, sum);
    } else {
        json_key(w, "plies");
        json_begin_array(w, JSON_BLOCK);
        for (int d = 1; d <= t->depth; d++) {
            json_begin_object(w, JSON_LINE);
            json_key(w, "ply");
            json_int(w, d);
            json_key(w, "nodes");
            json_uint(w, t->counts.nodes[d]);
            json_key(w, "ended");
            if (d < t->depth)
                json_uint(w, t->counts.ended[d]);
            else
                json_null(w);
            json_end_object(w);
        }
        json_end_array(w);
        json_key(w, "nodes");
        json_uint(w, all);
        json_key(w, "seconds");
        json_double(w, seconds);
        json_key(w, "nodes_per_second");
        json_double(w, seconds > 0 ? (double)all / seconds : 0.0);
    }
    json_end_object(w);
    return json_writer_finish(w);
}

/* --- parts */

static void write_job(json_writer *w, const void *context)
{
    const perft_job *job = context;
    cli_job_begin(w, "perft", job->game, job->variant, job->rules);
    json_key(w, "position");
    json_string(w, job->position);
    json_key(w, "depth");
    json_int(w, job->depth);
    json_key(w, "divide");
    json_bool(w, job->divide);
    cli_job_end(w, job->shards);
}

static void write_counts(json_writer *w, const perft_counts *c, int depth)
{
    json_key(w, "nodes");
    json_begin_array(w, JSON_LINE);
    for (int d = 0; d <= depth; d++)
        json_uint(w, c->nodes[d]);
    json_end_array(w);
    json_key(w, "ended");
    json_begin_array(w, JSON_LINE);
    for (int d = 0; d <= depth; d++)
        json_uint(w, c->ended[d]);
    json_end_array(w);
}

/* What every shard of the job has alike: the split and the counts above it. */
static void write_split(json_writer *w, const perft_split *split, int depth)
{
    json_key(w, "split");
    json_int(w, split->ply);
    json_key(w, "subtrees");
    json_int(w, split->units);
    json_key(w, "above");
    json_begin_object(w, JSON_LINE);
    write_counts(w, &split->above, depth);
    json_end_object(w);
    json_key(w, "moves");
    json_begin_array(w, JSON_LINE);
    for (int i = 0; i < split->root_moves; i++)
        json_string(w, split->texts[i]);
    json_end_array(w);
}

/* --- the command */

#define BENCH_USAGE "usage: tabula bench [--variant NAME] FILE (--time MS | --playouts N) [--seed S] [--lists] [--json]"

typedef struct perft_options {
    const char *variant, *path, *depth_text, *start_position;
    bool divide, json;
    cli_shard shard;
} perft_options;

/* Reads the arguments; returns -1 when they are good, else the exit status. */
static int read_options(int argc, char **argv, perft_options *o, long *depth)
{
    memset(o, 0, sizeof *o);
    for (int i = 0; i < argc; i++) {
        const char *a = argv[i];
        int taken = cli_shard_option("perft", argc, argv, &i, &o->shard);
        if (taken < 0)
            return EXIT_USAGE;
        if (taken > 0)
            continue;
        if (!strcmp(a, "-h") || !strcmp(a, "--help")) {
            cli_print_help(stdout, "perft");
            return EXIT_VALID;
        } else if (!strcmp(a, "--variant") && i + 1 < argc) {
            o->variant = front_join_variant(o->variant, argv[++i]);
        } else if (!strncmp(a, "--variant=", 10) && a[10]) {
            o->variant = front_join_variant(o->variant, a + 10);
        } else if (!strcmp(a, "--divide")) {
            o->divide = true;
        } else if (!strcmp(a, "--json")) {
            o->json = true;
        } else if (!strcmp(a, "--position") && i + 1 < argc) {
            o->start_position = argv[++i];
        } else if (a[0] == '-' && a[1] != '\0' && !(a[1] >= '0' && a[1] <= '9')) {
            fprintf(stderr, "tabula perft: unknown option '%s'; see 'tabula perft --help'\n", a);
            return EXIT_USAGE;
        } else if (!o->path) {
            o->path = a;
        } else if (!o->depth_text) {
            o->depth_text = a;
        } else {
            fputs("tabula perft: too many arguments; " PERFT_USAGE "\n", stderr);
            return EXIT_USAGE;
        }
    }
    if (!o->path || !o->depth_text) {
        fputs("tabula perft: " PERFT_USAGE "\n", stderr);
        return EXIT_USAGE;
    }
    if (!cli_parse_count(o->depth_text, 1, PERFT_MAX_DEPTH - 1, depth)) {
        fprintf(stderr, "tabula perft: the depth must be a number from 1 to %d, not '%s'\n", PERFT_MAX_DEPTH - 1,
                o->depth_text);
        return EXIT_USAGE;
    }
    if (!cli_shard_check("perft", &o->shard, o->json))
        return EXIT_USAGE;
    return -1;
}

/* Counts the subtrees of SPLIT that are the shard's: into T (a whole job)
 * or into PART (a shard). */
static void count_units(perft_state *s, const perft_split *split, const perft_options *o, int depth,
                        perft_total *t, cli_part *part)
{
    long owned = 0;
    for (long u = 0; u < split->units; u++)
        owned += cli_shard_owns(&o->shard, u);
    cli_progress progress;
    cli_progress_start(&progress, "perft", "subtrees", owned, &o->shard);
    perft_counts unit;
    long done = 0;
    for (long u = 0; u < split->units; u++) {
        if (!cli_shard_owns(&o->shard, u))
            continue;
        cli_progress_show(&progress, done);
        count_unit(s, split, u, depth, &unit);
        if (part) {
            json_begin_object(&part->w, JSON_LINE);
            json_key(&part->w, "subtree");
            json_int(&part->w, u);
            json_key(&part->w, "first");
            json_int(&part->w, split->first[u]);
            write_counts(&part->w, &unit, depth);
            json_end_object(&part->w);
        } else {
            cli_progress_clear(&progress);   /* (before a line of --divide) */
            total_add(t, split->first[u], &unit);
        }
        done++;
    }
    cli_progress_end(&progress, done, true);
}

/* --- a job shared among MPI ranks (cli_mpi.c) */

/* What the ranks' subtrees need. */
typedef struct perft_shared {
    perft_state *s;
    const perft_split *split;
    const game *g;
    const source_set *sources;
    int depth;
    double started;
} perft_shared;

/* A rank's item: subtree ITEM counted, written with W as a part holds it. */
static int shared_subtree(void *context, long item, json_writer *w)
{
    perft_shared *shared = context;
    perft_counts unit;
    count_unit(shared->s, shared->split, item, shared->depth, &unit);
    if (shared->s->overflow || shared->s->position.log_overflow) {
        if (shared->s->overflow)
            front_report_limit(shared->g, shared->sources, &shared->s->limit);
        else
            fprintf(stderr, "tabula perft: a turn made more than %d changes\n", POSITION_MAX_LOG);
        return EXIT_INVALID;
    }
    json_begin_object(w, JSON_LINE);
    json_key(w, "subtree");
    json_int(w, item);
    json_key(w, "first");
    json_int(w, shared->split->first[item]);
    write_counts(w, &unit, shared->depth);
    json_end_object(w);
    return EXIT_VALID;
}

static void shared_head(json_writer *w, const void *context)
{
    const perft_shared *shared = context;
    json_begin_object(w, JSON_BLOCK);
    write_split(w, shared->split, shared->depth);
    json_key(w, "counted");
    json_begin_array(w, JSON_BLOCK);
}

static void shared_tail(json_writer *w, const void *context)
{
    const perft_shared *shared = context;
    json_end_array(w);
    json_key(w, "seconds");
    json_double(w, now() - shared->started);
    json_end_object(w);
}

/* The subtrees counted by the ranks of an MPI run, the counts (or the
 * shard's part) written by rank 0.  Returns the exit status. */
static int count_shared(perft_shared *shared, const perft_options *o, const perft_job *job, bool ready)
{
    cli_catch_interrupts();
    cli_shared_job items = { .command = "perft", .what = "subtrees", .shard = &o->shard,
                             .count = ready ? shared->split->units : 0, .run = shared_subtree, .context = shared };
    char **texts;
    long count;
    int status = cli_mpi_share(&items, ready, &texts, &count);
    if (status != EXIT_VALID || cli_mpi_rank() != 0)
        return status;
    cli_shared_part part = { .command = "perft", .file = o->path, .shard = &o->shard, .job = write_job,
                             .job_context = job, .head = shared_head, .tail = shared_tail, .context = shared,
                             .merge = cli_perft_merge, .json = o->json };
    status = cli_mpi_output(&part, texts, count);
    cli_mpi_texts_free(texts, count);
    return status;
}

int cli_perft(int argc, char **argv)
{
    perft_options o;
    long depth;
    int status = read_options(argc, argv, &o, &depth);
    if (status >= 0)
        return status;
    cli_loaded l;
    status = cli_load("perft", o.path, o.variant, &l);
    if (status != EXIT_VALID) {
        cli_unload(&l);
        return status;
    }
    perft_state *s = malloc(sizeof *s);
    if (!s || !perft_setup(s, l.game, (int)depth)) {
        fputs("tabula perft: out of memory\n", stderr);
        if (s)
            perft_teardown(s, (int)depth);
        free(s);
        cli_unload(&l);
        return EXIT_INVALID;
    }
    char *start = malloc(8192);
    if (o.start_position) {
        char error[256];
        if (!posstring_read(&s->position, o.start_position, error, sizeof error)) {
            fprintf(stderr, "tabula perft: bad position: %s\n", error);
            status = EXIT_USAGE;
        }
    }
    if (start)
        posstring_write(&s->position, start, 8192);
    perft_job job = { .game = l.game->name, .variant = l.game->variant, .position = start ? start : "",
                      .rules = cli_rules_hash(&l.sources), .depth = (int)depth, .divide = o.divide,
                      .shards = o.shard.count };
    if (status == EXIT_VALID && !start) {
        fputs("tabula perft: out of memory\n", stderr);
        status = EXIT_INVALID;
    }
    if (o.shard.output) {
        /* (under mpirun, rank 0 looks: the others may not see its files) */
        int present = cli_mpi_rank() == 0 && status == EXIT_VALID
                    ? cli_part_present("perft", &o.shard, write_job, &job) : 0;
        present = cli_mpi_broadcast(present);
        if (present != 0)
            status = present > 0 ? EXIT_VALID : EXIT_USAGE;
        if (present > 0)
            goto done;
    }
    if (status != EXIT_VALID && cli_mpi_ranks() == 1)
        goto done;
    cli_mpi_ranks();   /* (MPI started before the clock) */
    double started = now();
    perft_split split;
    perft_total t;
    /* under mpirun without --shard, a few subtrees for each rank that
     * counts, so that one that finishes early takes another */
    long pieces = o.shard.count ? o.shard.count : cli_mpi_ranks() > 1 ? 4L * (cli_mpi_ranks() - 1) : 1;
    if (cli_mpi_ranks() > 1) {
        memset(&split, 0, sizeof split);
        bool ready = status == EXIT_VALID && split_tree(s, l.game, (int)depth, o.divide, pieces, &split);
        if (status == EXIT_VALID && !ready)
            fputs("tabula perft: out of memory\n", stderr);
        perft_shared shared = { .s = s, .split = &split, .g = l.game, .sources = &l.sources, .depth = (int)depth,
                                .started = started };
        int shared_status = count_shared(&shared, &o, &job, ready);
        if (status == EXIT_VALID)
            status = shared_status;
        split_free(&split);
        goto done;
    }
    if (!split_tree(s, l.game, (int)depth, o.divide, pieces, &split)
        || !total_start(&t, &job, &split, o.json)) {
        fputs("tabula perft: out of memory\n", stderr);
        split_free(&split);
        status = EXIT_INVALID;
        goto done;
    }
    if (o.shard.count) {
        cli_part part;
        if (!cli_part_begin(&part, "perft", &o.shard, o.path, write_job, &job)) {
            status = EXIT_USAGE;
        } else {
            json_begin_object(&part.w, JSON_BLOCK);
            write_split(&part.w, &split, (int)depth);
            json_key(&part.w, "counted");
            json_begin_array(&part.w, JSON_BLOCK);
            count_units(s, &split, &o, (int)depth, &t, &part);
            json_end_array(&part.w);
            json_key(&part.w, "seconds");
            json_double(&part.w, now() - started);
            json_end_object(&part.w);
            if (s->overflow || s->position.log_overflow) {
                cli_part_abandon(&part);
                status = EXIT_INVALID;
            } else if (!cli_part_end(&part, "perft", &o.shard)) {
                status = EXIT_USAGE;
            }
        }
    } else {
        count_units(s, &split, &o, (int)depth, &t, NULL);
        if (!total_print(&t, &job, now() - started))
            status = EXIT_INVALID;
    }
    free(t.per_move);
    split_free(&split);
    bool overflow = s->overflow || s->position.log_overflow;
    if (s->overflow)
        front_report_limit(l.game, &l.sources, &s->limit);
    else if (s->position.log_overflow)
        fprintf(stderr, "tabula perft: a turn made more than %d changes\n", POSITION_MAX_LOG);
    if (overflow) {
        fprintf(stderr, "tabula perft: the counts are incomplete%s\n", o.shard.count ? ": no part written" : "");
        status = EXIT_INVALID;
    }
done:
    perft_teardown(s, (int)depth);
    free(s);
    free(start);
    cli_unload(&l);
    return status;
}

/* --- merge: the parts' subtrees, added up in order */

/* Reads the counts of OBJECT (arrays of DEPTH + 1 numbers) into C. */
static bool read_counts(const cli_part_read *part, const json_value *object, int depth, perft_counts *c)
{
    memset(c, 0, sizeof *c);
    const json_value *nodes = cli_member_array(part, object, "nodes");
    const json_value *ended = nodes ? cli_member_array(part, object, "ended") : NULL;
    if (!ended)
        return false;
    if ((int)nodes->count != depth + 1 || (int)ended->count != depth + 1) {
        cli_part_malformed(part, "its counts do not have one number for each ply");
        return false;
    }
    for (int d = 0; d <= depth; d++)
        if (!json_get_uint64(&nodes->items[d], &c->nodes[d]) || !json_get_uint64(&ended->items[d], &c->ended[d])) {
            cli_part_malformed(part, "its counts hold something other than whole numbers");
            return false;
        }
    return true;
}

int cli_perft_merge(const cli_part_read *parts, long count, bool json)
{
    const cli_part_read *first = &parts[0];
    const json_value *job_value = json_member(first->root, "job");
    perft_job job = { 0 };
    int64_t depth, split_ply, units;
    const json_value *divide = json_member(job_value, "divide");
    job.game = cli_member_string(first, job_value, "game");
    job.variant = job.game ? cli_member_string(first, job_value, "variant") : NULL;
    job.position = job.variant ? cli_member_string(first, job_value, "position") : NULL;
    if (!job.position || !cli_member_count(first, job_value, "depth", 1, PERFT_MAX_DEPTH - 1, &depth))
        return EXIT_INVALID;
    if (!divide || (divide->type != JSON_TRUE && divide->type != JSON_FALSE)) {
        cli_part_malformed(first, "its job has no \"divide\" true or false");
        return EXIT_INVALID;
    }
    job.depth = (int)depth;
    job.divide = divide->type == JSON_TRUE;
    /* the split and what lies above it: every part's alike */
    static const char *const alike[] = { "split", "subtrees", "above", "moves" };
    for (long k = 1; k < count; k++)
        for (size_t m = 0; m < sizeof alike / sizeof *alike; m++) {
            const json_value *a = json_member(first->result, alike[m]), *b = json_member(parts[k].result, alike[m]);
            if (!a || !b || !json_equal(a, b)) {
                fprintf(stderr, "tabula merge: %s and %s split the job differently (their \"%s\"): were they "
                        "written by different versions of tabula?\n", first->path, parts[k].path, alike[m]);
                return EXIT_INVALID;
            }
        }
    const json_value *moves = cli_member_array(first, first->result, "moves");
    if (!moves || !cli_member_count(first, first->result, "split", 0, 2, &split_ply)
        || !cli_member_count(first, first->result, "subtrees", 0, INT32_MAX, &units))
        return EXIT_INVALID;
    perft_split split = { .ply = (int)split_ply, .units = (long)units, .root_moves = (int)moves->count };
    split.texts = calloc(moves->count + 1, sizeof *split.texts);
    if (!split.texts) {
        fputs("tabula merge: out of memory\n", stderr);
        return EXIT_INVALID;
    }
    int status = EXIT_VALID;
    for (size_t i = 0; i < moves->count && status == EXIT_VALID; i++) {
        const char *text = json_get_string(&moves->items[i]);
        if (!text) {
            cli_part_malformed(first, "its \"moves\" hold something other than strings");
            status = EXIT_INVALID;
        } else if (!(split.texts[i] = strdup(text))) {
            fputs("tabula merge: out of memory\n", stderr);
            status = EXIT_INVALID;
        }
    }
    const json_value *above = json_member(first->result, "above");
    if (status == EXIT_VALID && (!above || !read_counts(first, above, job.depth, &split.above)))
        status = EXIT_INVALID;
    const json_value **counted = calloc((size_t)count, sizeof *counted);
    double seconds = 0;
    for (long k = 0; k < count && status == EXIT_VALID; k++) {
        const json_value *took = json_member(parts[k].result, "seconds");
        counted[k] = cli_member_array(&parts[k], parts[k].result, "counted");
        long expected = 0;
        for (long u = k; u < split.units; u += count)
            expected++;
        if (!counted[k] || !took || took->type != JSON_NUMBER) {
            if (counted[k])
                cli_part_malformed(&parts[k], "it has no \"seconds\"");
            status = EXIT_INVALID;
        } else if ((long)counted[k]->count != expected) {
            char what[160];
            snprintf(what, sizeof what, "it holds %zu subtrees, where shard %ld/%ld of %ld subtrees has %ld",
                     counted[k]->count, k + 1, count, split.units, expected);
            cli_part_malformed(&parts[k], what);
            status = EXIT_INVALID;
        } else {
            seconds += took->number;
        }
    }
    perft_total t = { 0 };
    if (status == EXIT_VALID && (!counted || !total_start(&t, &job, &split, json))) {
        fputs("tabula merge: out of memory\n", stderr);
        status = EXIT_INVALID;
    }
    for (long u = 0; u < split.units && status == EXIT_VALID; u++) {
        const cli_part_read *part = &parts[u % count];
        const json_value *v = &counted[u % count]->items[u / count];
        int64_t index, first_move;
        perft_counts unit;
        if (!cli_member_count(part, v, "subtree", 0, INT32_MAX, &index)
            || !cli_member_count(part, v, "first", split.ply ? 0 : -1, split.ply ? split.root_moves - 1 : -1,
                                 &first_move)
            || !read_counts(part, v, job.depth, &unit)) {
            status = EXIT_INVALID;
        } else if (index != u) {
            char what[96];
            snprintf(what, sizeof what, "it holds subtree %lld where subtree %ld should be", (long long)index, u);
            cli_part_malformed(part, what);
            status = EXIT_INVALID;
        } else {
            total_add(&t, (int)first_move, &unit);
        }
    }
    if (status == EXIT_VALID && !total_print(&t, &job, seconds))
        status = EXIT_INVALID;
    free(t.per_move);
    free(counted);
    split_free(&split);
    return status;
}

/* --- bench: uniformly random playouts */

/* bench --lists: a move of the whole list, each as likely. */
static int draw_from_list(position *p, const move_list *list, void *context, uint64_t *rng)
{
    (void)p;
    (void)context;
    return (int)rng_below(rng, (uint32_t)list->count);
}

/* What bench measured, for its two outputs. */
typedef struct bench_figures {
    const game *game;
    long seed, playouts, unfinished;
    uint64_t states, branching;
    double seconds;
    const double *outcome;      /* summed over the playouts, each player's */
} bench_figures;

static void bench_text(const bench_figures *f)
{
    long done = f->playouts;
    double seconds = f->seconds;
    printf("playouts %ld\n", done);
    printf("playouts_per_sec %.1f\n", seconds > 0 ? (double)done / seconds : 0.0);
    printf("states %llu\n", (unsigned long long)f->states);
    printf("states_per_sec %.0f\n", seconds > 0 ? (double)f->states / seconds : 0.0);
    printf("avg_depth %.2f\n", done ? (double)f->states / (double)done : 0.0);
    printf("avg_moves %.2f\n", f->states ? (double)f->branching / (double)f->states : 0.0);
    for (int q = 0; q < f->game->player_count; q++)
        printf("outcome_%s %.4f\n", f->game->player_names[q], done ? f->outcome[q] / (double)done : 0.0);
    if (f->unfinished)
        printf("unfinished %ld\n", f->unfinished);
}

/* The same figures, unrounded, with the text's names. */
static bool bench_json(const bench_figures *f)
{
    long done = f->playouts;
    double seconds = f->seconds;
    json_writer writer, *w = &writer;
    json_writer_init(w, stdout);
    json_begin_object(w, JSON_BLOCK);
    json_key(w, "game");
    json_string(w, f->game->name);
    json_key(w, "variant");
    json_string(w, f->game->variant);
    json_key(w, "seed");
    json_int(w, f->seed);
    json_key(w, "playouts");
    json_int(w, done);
    json_key(w, "seconds");
    json_double(w, seconds);
    json_key(w, "playouts_per_sec");
    json_double(w, seconds > 0 ? (double)done / seconds : 0.0);
    json_key(w, "states");
    json_uint(w, f->states);
    json_key(w, "states_per_sec");
    json_double(w, seconds > 0 ? (double)f->states / seconds : 0.0);
    json_key(w, "avg_depth");
    json_double(w, done ? (double)f->states / (double)done : 0.0);
    json_key(w, "avg_moves");
    json_double(w, f->states ? (double)f->branching / (double)f->states : 0.0);
    json_key(w, "players");
    json_begin_array(w, JSON_LINE);
    for (int q = 0; q < f->game->player_count; q++)
        json_string(w, f->game->player_names[q]);
    json_end_array(w);
    json_key(w, "outcome");
    json_begin_array(w, JSON_LINE);
    for (int q = 0; q < f->game->player_count; q++)
        json_double(w, done ? f->outcome[q] / (double)done : 0.0);
    json_end_array(w);
    json_key(w, "unfinished");
    json_int(w, f->unfinished);
    json_end_object(w);
    return json_writer_finish(w);
}

int cli_bench(int argc, char **argv)
{
    const char *variant = NULL, *path = NULL;
    long time_ms = -1, playouts = -1, seed = 1;
    bool lists = false, json = false;
    for (int i = 0; i < argc; i++) {
        const char *a = argv[i];
        cli_taken taken = cli_file_option("bench", BENCH_USAGE, argc, argv, &i, &variant, &path);
        if (taken == CLI_TAKEN_HELP || taken == CLI_TAKEN_BAD)
            return taken == CLI_TAKEN_HELP ? EXIT_VALID : EXIT_USAGE;
        if (taken == CLI_TAKEN)
            continue;
        if (!strcmp(a, "--time") && i + 1 < argc) {
            if (!cli_count_option("bench", "--time", argv[++i], 1, 86400000L, &time_ms))
                return EXIT_USAGE;
        } else if (!strcmp(a, "--playouts") && i + 1 < argc) {
            if (!cli_count_option("bench", "--playouts", argv[++i], 1, 1000000000L, &playouts))
                return EXIT_USAGE;
        } else if (!strcmp(a, "--seed") && i + 1 < argc) {
            if (!cli_count_option("bench", "--seed", argv[++i], 0, 2147483647L, &seed))
                return EXIT_USAGE;
        } else if (!strcmp(a, "--lists")) {
            lists = true;
        } else if (!strcmp(a, "--json")) {
            json = true;
        } else {
            return cli_unknown_option("bench", a);
        }
    }
    if (!path || (time_ms < 0 && playouts < 0)) {
        fputs("tabula bench: " BENCH_USAGE "\n", stderr);
        return EXIT_USAGE;
    }
    cli_loaded l;
    int status = cli_load("bench", path, variant, &l);
    if (status != EXIT_VALID) {
        cli_unload(&l);
        return status;
    }
    const game *g = l.game;
    movegen *generator = movegen_new(g);
    position *p = malloc(sizeof *p);
    move_list list;
    if (!generator || !p || !pos_init(p, g) || !move_list_init(&list)) {
        fputs("tabula bench: out of memory\n", stderr);
        return EXIT_INVALID;
    }
    uint64_t state = rng_seed((uint64_t)seed);
    double start = now(), seconds = 0;
    long done = 0, unfinished = 0, next_look = 1, stride = 1;
    uint64_t states = 0, branching = 0;
    double outcome[GAME_MAX_PLAYERS] = { 0 };
    bool limited = false;
    while (!limited && (playouts < 0 || done < playouts)
           && (time_ms < 0 || seconds * 1000 < (double)time_ms)) {
        pos_reset(p);
        /* every legal move is found and only the one drawn is made, or
         * (--lists) every move is built into a list and one drawn from it */
        playout run = { .max_plies = POSITION_MAX_PLIES - 1, .choose = lists ? draw_from_list : NULL };
        playout_run(generator, p, &list, &state, &run);
        states += (uint64_t)run.plies;
        branching += run.branching;
        if (list.overflow) {   /* not uniform over the legal moves: stop */
            front_report_limit(g, &l.sources, &list);
            limited = true;
            break;
        }
        const game_result *result = &run.result;
        if (result->over) {
            for (int q = 0; q < g->player_count; q++)
                outcome[q] += result->score[q];
        } else {
            unfinished++;
            for (int q = 0; q < g->player_count; q++)
                outcome[q] += 1.0 / g->player_count;
        }
        done++;
        if (done >= next_look) {
            /* the clock read about once a millisecond, not after every
             * playout: on the fastest games a read costs 3% of one */
            double at = now() - start;
            if (at - seconds < 0.001 && stride < (1L << 20))
                stride *= 2;
            seconds = at;
            next_look = done + stride;
        }
    }
    seconds = now() - start;
    bench_figures figures = { .game = g, .seed = seed, .playouts = done, .states = states, .branching = branching,
                              .seconds = seconds, .outcome = outcome, .unfinished = unfinished };
    bool written = json ? bench_json(&figures) : (bench_text(&figures), true);
    move_list_free(&list);
    pos_free(p);
    free(p);
    movegen_free(generator);
    cli_unload(&l);
    if (limited) {
        fputs("tabula bench: stopped at the limit; the figures are of the games before it\n", stderr);
        return EXIT_INVALID;
    }
    return written ? EXIT_VALID : EXIT_INVALID;
}
