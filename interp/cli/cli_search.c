/* cli_search: `tabula search`: one position, one engine. */
#include <errno.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "cli/cli.h"
#include "front/front.h"
#include "game/game.h"
#include "movegen/movegen.h"
#include "movegen/notation.h"
#include "game/position.h"
#include "game/posstring.h"
#include "search/search.h"

/* --- search */

static void print_info(const search_info *info, void *context)
{
    (void)context;
    char score[64];
    search_score_text(info->kind, info->score, info->distance, score, sizeof score);
    printf("info depth %d score %s nodes %llu time %.0f pv %s\n", info->depth, score,
           (unsigned long long)info->nodes, info->seconds * 1000.0, info->pv);
    fflush(stdout);
}

#define SEARCH_USAGE "usage: tabula search [--variant V] [--position POS] FILE (--depth N | --time MS | --nodes N) [--engine SPEC] [--threads N]"

int cli_search(int argc, char **argv)
{
    const char *variant = NULL, *path = NULL, *start_position = NULL, *engine_text = NULL;
    long depth = 0, time_ms = 0, nodes = 0, threads = 0;
    for (int i = 0; i < argc; i++) {
        const char *a = argv[i];
        if (!strcmp(a, "-h") || !strcmp(a, "--help")) {
            cli_print_help(stdout, "search");
            return EXIT_VALID;
        } else if (!strcmp(a, "--variant") && i + 1 < argc) {
            variant = front_join_variant(variant, argv[++i]);
        } else if (!strncmp(a, "--variant=", 10) && a[10]) {
            variant = front_join_variant(variant, a + 10);
        } else if (!strcmp(a, "--position") && i + 1 < argc) {
            start_position = argv[++i];
        } else if (!strcmp(a, "--engine") && i + 1 < argc) {
            engine_text = argv[++i];
        } else if (!strcmp(a, "--depth") && i + 1 < argc) {
            if (!cli_count_option("search", "--depth", argv[++i], 1, SEARCH_MAX_PLY - 1, &depth))
                return EXIT_USAGE;
        } else if (!strcmp(a, "--time") && i + 1 < argc) {
            if (!cli_count_option("search", "--time", argv[++i], 1, 86400000L, &time_ms))
                return EXIT_USAGE;
        } else if (!strcmp(a, "--nodes") && i + 1 < argc) {
            if (!cli_count_option("search", "--nodes", argv[++i], 1, 2000000000L, &nodes))
                return EXIT_USAGE;
        } else if (!strcmp(a, "--threads") && i + 1 < argc) {
            if (!cli_count_option("search", "--threads", argv[++i], 1, SEARCH_MAX_THREADS, &threads))
                return EXIT_USAGE;
        } else if (a[0] == '-' && a[1] != '\0') {
            fprintf(stderr, "tabula search: unknown option '%s'; see 'tabula search --help'\n", a);
            return EXIT_USAGE;
        } else if (!path) {
            path = a;
        } else {
            fputs("tabula search: give one rules file; " SEARCH_USAGE "\n", stderr);
            return EXIT_USAGE;
        }
    }
    if (!path || (!engine_text && !depth && !time_ms && !nodes)) {
        fputs("tabula search: " SEARCH_USAGE "\n", stderr);
        return EXIT_USAGE;
    }
    engine_spec spec = { .kind = ENGINE_ALPHABETA };
    /* `--engine mcts --time 2000`: the limit given as an option is the
     * spec's (the options override the spec's settings below) */
    char with_limit[256];
    bool named_alone = engine_text && !strchr(engine_text, ':') && strcmp(engine_text, "random");
    if (named_alone && (time_ms || ((depth || nodes) && !strcmp(engine_text, "ab")))) {
        snprintf(with_limit, sizeof with_limit, "%s:%s=%ld", engine_text,
                 depth ? "depth" : nodes ? "nodes" : "time", depth ? depth : nodes ? nodes : time_ms);
        engine_text = with_limit;
    }
    if (engine_text) {
        char error[256];
        if (!engine_spec_parse(engine_text, &spec, error, sizeof error)) {
            fprintf(stderr, "tabula search: --engine: %s\n", error);
            return EXIT_USAGE;
        }
    }
    if (spec.kind != ENGINE_ALPHABETA && (depth || nodes)) {
        fputs("tabula search: --depth and --nodes apply to the ab engine only\n", stderr);
        return EXIT_USAGE;
    }
    if (threads && spec.kind == ENGINE_RANDOM) {
        fputs("tabula search: --threads applies to the ab and mcts engines\n", stderr);
        return EXIT_USAGE;
    }
    if (threads)
        spec.threads = (int)threads;
    if (depth)
        spec.depth = (int)depth;
    if (nodes)
        spec.nodes = nodes;
    if (time_ms)
        spec.time_ms = time_ms;

    cli_loaded l;
    int status = cli_load("search", path, variant, &l);
    if (status != EXIT_VALID) {
        cli_unload(&l);
        return status;
    }
    const game *g = l.game;
    position *p = malloc(sizeof *p);
    movegen *generator = movegen_new(g);
    move_list list;
    bool list_ok = move_list_init(&list);
    bool position_ok = p && pos_init(p, g);
    engine *e = NULL;   /* made once the root is known to be searchable */
    if (!position_ok || !generator || !list_ok) {
        fputs("tabula search: out of memory\n", stderr);
        status = EXIT_INVALID;
        goto done;
    }
    char error[256];
    if (start_position && !posstring_read(p, start_position, error, sizeof error)) {
        fprintf(stderr, "tabula search: bad position: %s\n", error);
        status = EXIT_USAGE;
        goto done;
    }
    movegen_generate(generator, p, &list);
    if (list.overflow) {
        front_report_limit(g, &l.sources, &list);
        status = EXIT_INVALID;
        goto done;
    }
    game_result over;
    movegen_result(generator, p, &list, &over);
    if (over.over || list.count == 0) {
        double mine = over.score[p->side];
        puts("bestmove none");
        printf("score %s\n", !over.over ? "draw" : mine >= 1.0 ? "win in 0" : mine <= 0.0 ? "loss in 0" : "draw");
        goto done;
    }
    e = engine_new(g, &spec, 1);
    if (!e) {
        fputs("tabula search: out of memory\n", stderr);
        status = EXIT_INVALID;
        goto done;
    }
    search_result result;
    cli_catch_interrupts();
    engine_choose(e, p, &result, print_info, NULL);
    if (search_interrupted())
        fputs("tabula search: interrupted; the best move found so far:\n", stderr);
    const move_list *root = engine_root_moves(e);
    char text[512], score[64];
    notation_move(g, root, result.best, text, sizeof text);
    search_score_text(result.kind, result.score, result.distance, score, sizeof score);
    printf("bestmove %s\n", text);
    printf("score %s\n", score);
done:
    engine_free(e);
    if (list_ok)
        move_list_free(&list);
    movegen_free(generator);
    if (position_ok)
        pos_free(p);
    free(p);
    cli_unload(&l);
    return status;
}
