/* cli_search: `tabula search`: one position, one engine, written on
 * libtabula's public API (api/tabula.h) but for the command line and the
 * catching of Ctrl-C. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "api/tabula.h"
#include "cli/cli.h"
#include "front/front.h"

static void print_info(const tabula_search_info *info, void *context)
{
    (void)context;
    char score[64];
    tabula_search_result as_result = { .kind = info->kind, .score = info->score, .distance = info->distance };
    tabula_score_write(&as_result, score, sizeof score);
    printf("info depth %d score %s nodes %llu time %.0f pv %s\n", info->depth, score,
           (unsigned long long)info->nodes, info->seconds * 1000.0, info->line);
    fflush(stdout);
}

#define SEARCH_USAGE "usage: tabula search [--variant V] [--position POS] FILE (--depth N | --time MS | --nodes N) [--engine SPEC] [--threads N]"

/* Appends KEY=VALUE to the engine text TEXT (SIZE bytes): after its name
 * with a ':', after its settings with a ','. */
static void add_setting(char *text, size_t size, const char *key, long value)
{
    size_t length = strlen(text);
    snprintf(text + length, size - length, "%s%s=%ld", strchr(text, ':') ? "," : ":", key, value);
}

int cli_search(int argc, char **argv)
{
    const char *variant = NULL, *path = NULL, *start_position = NULL, *engine_text = NULL;
    long depth = 0, time_ms = 0, nodes = 0, threads = 0;
    for (int i = 0; i < argc; i++) {
        const char *a = argv[i];
        cli_taken taken = cli_file_option("search", SEARCH_USAGE, argc, argv, &i, &variant, &path);
        if (taken == CLI_TAKEN_HELP || taken == CLI_TAKEN_BAD)
            return taken == CLI_TAKEN_HELP ? EXIT_VALID : EXIT_USAGE;
        if (taken == CLI_TAKEN)
            continue;
        if (!strcmp(a, "--position") && i + 1 < argc) {
            start_position = argv[++i];
        } else if (!strcmp(a, "--engine") && i + 1 < argc) {
            engine_text = argv[++i];
        } else if (!strcmp(a, "--depth") && i + 1 < argc) {
            if (!cli_count_option("search", "--depth", argv[++i], 1, TABULA_SEARCH_MAX_DEPTH, &depth))
                return EXIT_USAGE;
        } else if (!strcmp(a, "--time") && i + 1 < argc) {
            if (!cli_count_option("search", "--time", argv[++i], 1, 86400000L, &time_ms))
                return EXIT_USAGE;
        } else if (!strcmp(a, "--nodes") && i + 1 < argc) {
            if (!cli_count_option("search", "--nodes", argv[++i], 1, 2000000000L, &nodes))
                return EXIT_USAGE;
        } else if (!strcmp(a, "--threads") && i + 1 < argc) {
            if (!cli_count_option("search", "--threads", argv[++i], 1, TABULA_SEARCH_MAX_THREADS, &threads))
                return EXIT_USAGE;
        } else {
            return cli_unknown_option("search", a);
        }
    }
    if (!path || (!engine_text && !depth && !time_ms && !nodes)) {
        fputs("tabula search: " SEARCH_USAGE "\n", stderr);
        return EXIT_USAGE;
    }
    /* the engine's text: --engine's (ab by default), with the limits and
     * threads given as options over its own settings */
    const char *name = engine_text ? engine_text : "ab";
    size_t name_length = strcspn(name, ":");
    bool is_random = name_length == 6 && !strncmp(name, "random", 6);
    bool alphabeta = name_length == 2 && !strncmp(name, "ab", 2);
    if (!alphabeta && (depth || nodes)) {
        fputs("tabula search: --depth and --nodes apply to the ab engine only\n", stderr);
        return EXIT_USAGE;
    }
    if (threads && is_random) {
        fputs("tabula search: --threads applies to the ab and mcts engines\n", stderr);
        return EXIT_USAGE;
    }
    char spec[512];
    snprintf(spec, sizeof spec, "%s", name);
    if (threads)
        add_setting(spec, sizeof spec, "threads", threads);
    if (depth)
        add_setting(spec, sizeof spec, "depth", depth);
    if (nodes)
        add_setting(spec, sizeof spec, "nodes", nodes);
    if (time_ms && !is_random)
        add_setting(spec, sizeof spec, "time", time_ms);
    tabula_error error;
    if (tabula_engine_check(spec, &error) != TABULA_OK) {
        fprintf(stderr, "tabula search: --engine: %s\n", error.message);
        return EXIT_USAGE;
    }

    tabula_game *g = NULL;
    int status = cli_load_game("search", path, variant, &g);
    if (status != EXIT_VALID)
        return status;
    tabula_position *p = NULL;
    tabula_engine *e = NULL;
    tabula_status got = start_position ? tabula_position_from_text(g, start_position, &p, &error)
                                       : tabula_position_new(g, &p, &error);
    if (got == TABULA_ERROR_POSITION) {
        fprintf(stderr, "tabula search: %s\n", error.message);
        status = EXIT_USAGE;
        goto done;
    }
    int count = 0;
    if (got == TABULA_OK)
        got = tabula_moves(p, &count, &error);
    if (got == TABULA_ERROR_LIMIT) {
        tabula_limit_write(p, stderr, front_colour(stderr));
        status = EXIT_INVALID;
        goto done;
    }
    tabula_result over;
    if (got == TABULA_OK)
        got = tabula_result_get(p, &over, &error);
    if (got != TABULA_OK) {
        fputs("tabula search: out of memory\n", stderr);
        status = EXIT_INVALID;
        goto done;
    }
    if (over.over || count == 0) {
        double mine = over.score[tabula_position_side(p)];
        puts("bestmove none");
        printf("score %s\n", !over.over ? "draw" : mine >= 1.0 ? "win in 0" : mine <= 0.0 ? "loss in 0" : "draw");
        goto done;
    }
    if (tabula_engine_new(g, spec, 1, &e, &error) != TABULA_OK) {
        fprintf(stderr, "tabula search: %s\n", error.message);
        status = EXIT_INVALID;
        goto done;
    }
    tabula_engine_set_progress(e, print_info, NULL);
    tabula_search_result result;
    cli_catch_interrupts();
    if (tabula_engine_choose(e, p, &result, &error) != TABULA_OK) {
        fprintf(stderr, "tabula search: %s\n", error.message);
        status = EXIT_INVALID;
        goto done;
    }
    if (tabula_interrupted())
        fputs("tabula search: interrupted; the best move found so far:\n", stderr);
    char text[512], score[64];
    tabula_move_write(p, result.move, text, sizeof text);
    tabula_score_write(&result, score, sizeof score);
    printf("bestmove %s\n", text);
    printf("score %s\n", score);
done:
    tabula_engine_free(e);
    tabula_position_free(p);
    tabula_game_free(g);
    return status;
}
