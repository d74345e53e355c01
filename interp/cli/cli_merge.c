/* cli_merge: `tabula merge FILE...`, the parts of a sharded job (cli.h)
 * put together into what the whole job prints.  It reads every file, checks
 * that each is a part, that all are of one job (the same "job" object)
 * and that each of its N shards is given exactly once, and says which
 * are missing or given twice rather than guess; then the job's command
 * folds the parts' results (cli_analyze_merge, cli_perft_merge). */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "cli/cli.h"

#define MERGE_USAGE "usage: tabula merge [--json] FILE..."

void cli_part_malformed(const cli_part_read *part, const char *what)
{
    fprintf(stderr, "tabula merge: %s: %s\n", part->path, what);
}

bool cli_member_count(const cli_part_read *part, const json_value *object, const char *key, int64_t low,
                      int64_t high, int64_t *out)
{
    int64_t value;
    if (!json_get_int64(json_member(object, key), &value) || value < low || value > high) {
        fprintf(stderr, "tabula merge: %s: \"%s\" is missing or not a whole number from %lld to %lld\n",
                part->path, key, (long long)low, (long long)high);
        return false;
    }
    *out = value;
    return true;
}

const json_value *cli_member_array(const cli_part_read *part, const json_value *object, const char *key)
{
    const json_value *v = json_member(object, key);
    if (!v || v->type != JSON_ARRAY) {
        fprintf(stderr, "tabula merge: %s: \"%s\" is missing or not an array\n", part->path, key);
        return NULL;
    }
    return v;
}

const char *cli_member_string(const cli_part_read *part, const json_value *object, const char *key)
{
    const char *text = json_get_string(json_member(object, key));
    if (!text)
        fprintf(stderr, "tabula merge: %s: \"%s\" is missing or not a string\n", part->path, key);
    return text;
}

/* Says how the job of B differs from A's. */
static void say_jobs_differ(const cli_part_read *a, const cli_part_read *b)
{
    char difference[600];
    cli_job_difference(json_member(a->root, "job"), a->path, json_member(b->root, "job"), b->path, difference,
                       sizeof difference);
    fprintf(stderr, "tabula merge: %s and %s are parts of different jobs: %s\n", a->path, b->path, difference);
}

/* Reads PATH into PART; the exit status (said on stderr when not valid). */
static int read_part(const char *path, cli_part_read *part)
{
    memset(part, 0, sizeof *part);
    part->path = path;
    size_t length;
    char *text = cli_read_file(path, &length);
    if (!text) {
        fprintf(stderr, "tabula merge: cannot read %s: %s\n", path, strerror(errno));
        return EXIT_USAGE;
    }
    char error[256];
    part->root = json_parse(text, length, error, sizeof error);
    free(text);
    if (!part->root) {
        fprintf(stderr, "tabula merge: %s: not a part: %s\n", path, error);
        return EXIT_INVALID;
    }
    const char *wrong = cli_part_check(part->root);
    if (wrong) {
        fprintf(stderr, "tabula merge: %s: %s\n", path, wrong);
        return EXIT_INVALID;
    }
    part->result = json_member(part->root, "result");
    return EXIT_VALID;
}

static int64_t shard_of(const cli_part_read *part)
{
    int64_t k = 0;
    json_get_int64(json_member(part->root, "shard"), &k);
    return k;
}

/* Whether the parts are each shard of the job once (said when not); the
 * parts in the order of their shards into ORDERED. */
static bool shards_complete(const cli_part_read *parts, int count, int64_t shards, cli_part_read *ordered)
{
    int *owner = malloc((size_t)shards * sizeof *owner);
    if (!owner) {
        fputs("tabula merge: out of memory\n", stderr);
        return false;
    }
    for (int64_t k = 0; k < shards; k++)
        owner[k] = -1;
    bool ok = true;
    for (int i = 0; i < count; i++) {
        int64_t k = shard_of(&parts[i]);
        if (owner[k - 1] >= 0) {
            fprintf(stderr, "tabula merge: shard %lld/%lld is given twice: %s and %s\n", (long long)k,
                    (long long)shards, parts[owner[k - 1]].path, parts[i].path);
            ok = false;
        } else {
            owner[k - 1] = i;
        }
    }
    int64_t missing = 0;
    for (int64_t k = 0; k < shards; k++)
        missing += owner[k] < 0;
    if (missing) {
        /* "shard 3 of 3 is missing", "shards 1, 4 and 6 of 7 are missing" */
        fprintf(stderr, "tabula merge: %s", missing == 1 ? "shard" : "shards");
        int64_t said = 0;
        for (int64_t k = 0; k < shards && said < 20; k++)
            if (owner[k] < 0) {
                said++;
                fprintf(stderr, "%s%lld", said == 1 ? " " : said == missing ? " and " : ", ", (long long)k + 1);
            }
        if (missing > said)
            fprintf(stderr, " and %lld more", (long long)(missing - said));
        fprintf(stderr, " of %lld %s missing\n", (long long)shards, missing == 1 ? "is" : "are");
        ok = false;
    }
    for (int64_t k = 0; ok && k < shards; k++)
        ordered[k] = parts[owner[k]];
    free(owner);
    return ok;
}

int cli_merge(int argc, char **argv)
{
    bool json = false;
    int first = 0;
    for (; first < argc && argv[first][0] == '-' && argv[first][1]; first++) {
        const char *a = argv[first];
        if (!strcmp(a, "--")) {
            first++;
            break;
        } else if (!strcmp(a, "-h") || !strcmp(a, "--help")) {
            cli_print_help(stdout, "merge");
            return EXIT_VALID;
        } else if (!strcmp(a, "--json")) {
            json = true;
        } else {
            fprintf(stderr, "tabula merge: unknown option '%s'; see 'tabula merge --help'\n", a);
            return EXIT_USAGE;
        }
    }
    int count = argc - first;
    if (count < 1) {
        fputs("tabula merge: no part given; " MERGE_USAGE "\n", stderr);
        return EXIT_USAGE;
    }
    cli_part_read *parts = calloc((size_t)count, sizeof *parts);
    if (!parts) {
        fputs("tabula merge: out of memory\n", stderr);
        return EXIT_INVALID;
    }
    int status = EXIT_VALID;
    for (int i = 0; i < count; i++) {
        int read = read_part(argv[first + i], &parts[i]);
        if (read > status)
            status = read;
    }
    for (int i = 1; i < count && status == EXIT_VALID; i++)
        if (!json_equal(json_member(parts[0].root, "job"), json_member(parts[i].root, "job"))) {
            say_jobs_differ(&parts[0], &parts[i]);
            status = EXIT_INVALID;
        }
    cli_part_read *ordered = NULL;
    int64_t shards = 0;
    if (status == EXIT_VALID) {
        json_get_int64(json_member(json_member(parts[0].root, "job"), "shards"), &shards);
        ordered = calloc((size_t)shards, sizeof *ordered);
        if (!ordered) {
            fputs("tabula merge: out of memory\n", stderr);
            status = EXIT_INVALID;
        } else if (!shards_complete(parts, count, shards, ordered)) {
            status = EXIT_INVALID;
        }
    }
    if (status == EXIT_VALID) {
        const char *command = json_get_string(json_member(json_member(parts[0].root, "job"), "command"));
        if (!strcmp(command, "analyze"))
            status = cli_analyze_merge(ordered, (long)shards, json);
        else if (!strcmp(command, "perft"))
            status = cli_perft_merge(ordered, (long)shards, json);
        else if (!strcmp(command, "match"))
            status = cli_match_merge(ordered, (long)shards, json);
        else {
            fprintf(stderr, "tabula merge: %s: parts of '%s' cannot be merged (only analyze's, match's and perft's)\n",
                    parts[0].path, command);
            status = EXIT_INVALID;
        }
    }
    for (int i = 0; i < count; i++)
        json_free(parts[i].root);
    free(parts);
    free(ordered);
    return status;
}
