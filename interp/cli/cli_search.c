/* cli_search: `tabula search` (one position, one engine) and `tabula match`
 * (engines playing each other). */
#include <errno.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "cli/cli.h"
#include "front/front.h"
#include "game/game.h"
#include "movegen/movegen.h"
#include "movegen/algebraic.h"
#include "movegen/notation.h"
#include "game/position.h"
#include "game/posstring.h"
#include "playout/playout.h"
#include "search/search.h"

#define MATCH_MAX_PLIES 2000



/* --- match */

/* What match --verbose needs to print the moves of a game as people see
 * them (algebraic_shown): in a game of algebraic notation, a generator and
 * a list of its own for the replies that check marks count (the match's
 * generator is the playout loop's). */
typedef struct match_print {
    const game *g;
    movegen *generator;
    move_list replies;
} match_print;

/* A cli_selfplay's CHOSEN for --verbose: each move as it is played. */
static void print_move(void *context, position *p, const move_list *list, int i, int ply)
{
    match_print *m = context;
    char text[512];
    if (m->generator)
        algebraic_shown(m->generator, p, list, i, &m->replies, text, sizeof text);
    else
        notation_move(m->g, list, i, text, sizeof text);
    printf("%s%s", ply ? " " : "", text);
}

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

/* --- match */

#define MATCH_USAGE "usage: tabula match [--variant V] FILE --p1 SPEC --p2 SPEC [--p3 SPEC --p4 SPEC] --games N [--seed S] [--openings K] [--threads N]"

int cli_match(int argc, char **argv)
{
    const char *variant = NULL, *path = NULL, *specs[GAME_MAX_PLAYERS] = { 0 };
    long games = 0, seed = 1, threads = 0, openings = 0;
    bool verbose = false;
    for (int i = 0; i < argc; i++) {
        const char *a = argv[i];
        if (!strcmp(a, "-h") || !strcmp(a, "--help")) {
            cli_print_help(stdout, "match");
            return EXIT_VALID;
        } else if (!strcmp(a, "--variant") && i + 1 < argc) {
            variant = front_join_variant(variant, argv[++i]);
        } else if (!strncmp(a, "--variant=", 10) && a[10]) {
            variant = front_join_variant(variant, a + 10);
        } else if (strlen(a) == 4 && !strncmp(a, "--p", 3) && a[3] >= '1' && a[3] <= '4' && i + 1 < argc) {
            specs[a[3] - '1'] = argv[++i];
        } else if (!strcmp(a, "--games") && i + 1 < argc) {
            if (!cli_count_option("match", "--games", argv[++i], 1, 1000000L, &games))
                return EXIT_USAGE;
        } else if (!strcmp(a, "--seed") && i + 1 < argc) {
            if (!cli_count_option("match", "--seed", argv[++i], 0, 2147483647L, &seed))
                return EXIT_USAGE;
        } else if (!strcmp(a, "--verbose")) {
            verbose = true;
        } else if (!strcmp(a, "--openings") && i + 1 < argc) {
            if (!cli_count_option("match", "--openings", argv[++i], 0, 100, &openings))
                return EXIT_USAGE;
        } else if (!strcmp(a, "--threads") && i + 1 < argc) {
            if (!cli_count_option("match", "--threads", argv[++i], 1, SEARCH_MAX_THREADS, &threads))
                return EXIT_USAGE;
        } else if (a[0] == '-' && a[1] != '\0') {
            fprintf(stderr, "tabula match: unknown option '%s'; see 'tabula match --help'\n", a);
            return EXIT_USAGE;
        } else if (!path) {
            path = a;
        } else {
            fputs("tabula match: give one rules file; " MATCH_USAGE "\n", stderr);
            return EXIT_USAGE;
        }
    }
    if (!path || !games) {
        fputs("tabula match: " MATCH_USAGE "\n", stderr);
        return EXIT_USAGE;
    }
    engine_spec parsed[GAME_MAX_PLAYERS];
    for (int q = 0; q < GAME_MAX_PLAYERS; q++) {
        char error[256];
        if (specs[q] && !engine_spec_parse(specs[q], &parsed[q], error, sizeof error)) {
            fprintf(stderr, "tabula match: --p%d: %s\n", q + 1, error);
            return EXIT_USAGE;
        }
        if (specs[q] && threads && parsed[q].kind != ENGINE_RANDOM)
            parsed[q].threads = (int)threads;   /* --threads: every ab and mcts seat */
    }
    cli_loaded l;
    int status = cli_load("match", path, variant, &l);
    if (status != EXIT_VALID) {
        cli_unload(&l);
        return status;
    }
    const game *g = l.game;
    int players = g->player_count;
    for (int q = 0; q < GAME_MAX_PLAYERS; q++)
        if ((q < players) != (specs[q] != NULL)) {
            fprintf(stderr, "tabula match: %s has %d players: give --p1 to --p%d\n", g->name, players, players);
            cli_unload(&l);
            return EXIT_USAGE;
        }
    engine *engines[GAME_MAX_PLAYERS] = { 0 };
    match_print print = { g, NULL, { 0 } };
    position *p = malloc(sizeof *p);
    movegen *generator = movegen_new(g);
    move_list list;
    bool list_ok = move_list_init(&list);
    bool position_ok = p && pos_init(p, g);
    bool ok = position_ok && generator && list_ok;
    for (int q = 0; ok && q < players; q++) {
        engines[q] = engine_new(g, &parsed[q], (uint64_t)seed * 7919u + (uint64_t)q + 1);
        ok = engines[q] != NULL;
    }
    if (!ok) {
        fputs("tabula match: out of memory\n", stderr);
        status = EXIT_INVALID;
        goto done;
    }
    long wins[GAME_MAX_PLAYERS] = { 0 }, draws = 0, played = 0;
    bool interrupted = false, limited = false;
    if (verbose && g->notation == GAME_NOTATION_ALGEBRAIC) {
        print.generator = movegen_new(g);
        if (!print.generator || !move_list_init(&print.replies)) {
            fputs("tabula match: out of memory\n", stderr);
            status = EXIT_INVALID;
            goto done;
        }
    }
    cli_selfplay play = { .g = g, .engines = engines, .chosen = verbose ? print_move : NULL, .context = &print };
    cli_catch_interrupts();
    for (long k = 0; k < games && !interrupted && !limited; k++) {
        pos_reset(p);
        int opening = cli_random_opening(generator, p, &list, openings,
                                         cli_opening_seed(seed, k), play.chosen, play.context);
        pos_commit(p);
        /* the one playout loop, each move an engine's (the loop's own
         * draws go unused: each engine draws from its own seed) */
        uint64_t unused = 0;
        play.ply = opening;
        playout run = { .max_plies = MATCH_MAX_PLIES, .choose = cli_engine_move, .context = &play };
        playout_run(generator, p, &list, &unused, &run);
        interrupted = play.interrupted;
        if (list.overflow) {
            front_report_limit(g, &l.sources, &list);
            char where[4096];
            posstring_write(p, where, sizeof where);
            fprintf(stderr, "tabula match: the position: %s\n", where);
            limited = true;   /* the engines would not see every move */
        } else if (play.missing[0]) {
            fprintf(stderr, "tabula match: the engine chose %s, which is not among the legal moves\n",
                    play.missing);
            limited = true;
        }
        if (limited)
            status = EXIT_INVALID;
        if (verbose)
            putchar('\n');
        if (interrupted || limited) {
            fprintf(stderr, "tabula match: %s in game %ld; the result counts the %ld games "
                    "finished\n", interrupted ? "interrupted" : "stopped", k + 1, played);
            break;
        }
        played++;
        const game_result *result = &run.result;
        /* (why it ended: the end rule that held) */
        const char *why = result->over ? game_end_text(g, result) : NULL;
        if (result->over && result->winner >= 0) {
            wins[result->winner]++;
            printf("game %ld: %s wins after %d plies (%s)\n", k + 1, g->player_names[result->winner],
                   opening + run.plies, why);
        } else {
            draws++;
            printf("game %ld: %s after %d plies", k + 1, result->over || run.moves == 0 ? "draw" : "unfinished (a draw)",
                   opening + run.plies);
            if (why)
                printf(" (%s)\n", why);
            else
                putchar('\n');
        }
        fflush(stdout);
    }
    printf("result:");
    for (int q = 0; q < players; q++)
        printf(" %ld", wins[q]);
    printf(" %ld\n", draws);
done:
    for (int q = 0; q < players; q++)
        engine_free(engines[q]);
    if (list_ok)
        move_list_free(&list);
    move_list_free(&print.replies);
    movegen_free(print.generator);
    movegen_free(generator);
    if (position_ok)
        pos_free(p);
    free(p);
    cli_unload(&l);
    return status;
}
