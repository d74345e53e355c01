/* cli_perft: `tabula perft` and `tabula bench`. */
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
#include "playout/playout.h"
#include "game/position.h"
#include "game/posstring.h"
#include "game/rng.h"

#define PERFT_MAX_DEPTH 64



static double now(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + (double)t.tv_nsec * 1e-9;
}

typedef struct perft_state {
    movegen *generator;
    position position;
    move_list lists[PERFT_MAX_DEPTH + 1];
    uint64_t nodes[PERFT_MAX_DEPTH + 1];
    uint64_t ended[PERFT_MAX_DEPTH + 1];
    bool overflow;
    move_list limit;            /* the first limit hit: its kind and node */
} perft_state;

/* Visits the tree below the position to DEPTH more plies; counts nodes at
 * each ply from the root (PLY) and, above the last ply, games that ended. */
static void perft(perft_state *s, int ply, int depth)
{
    move_list *list = &s->lists[ply];
    /* the last ply needs only the number of moves: counted, not copied out */
    int count = 0;
    if (depth == 1)
        count = movegen_sample(s->generator, &s->position, list, NULL);
    else
        movegen_generate(s->generator, &s->position, list);
    if (list->overflow && !s->overflow) {
        s->overflow = true;
        s->limit.limit = list->limit;
        s->limit.limit_node = list->limit_node;
    }
    game_result result;
    movegen_result(s->generator, &s->position, list, &result);
    if (result.over) {
        s->ended[ply]++;
        return;
    }
    if (depth == 1) {
        s->nodes[ply + 1] += (uint64_t)count;
        return;
    }
    for (int i = 0; i < list->count; i++) {
        undo u;
        move_make(&s->position, list, i, &u);
        s->nodes[ply + 1]++;
        perft(s, ply + 1, depth - 1);
        pos_unmake(&s->position, &u);
    }
}

static bool perft_setup(perft_state *s, const game *g, int depth)
{
    memset(s, 0, sizeof *s);
    s->generator = movegen_new(g);
    if (!s->generator || !pos_init(&s->position, g))
        return false;
    for (int i = 0; i <= depth; i++)
        if (!move_list_init(&s->lists[i]))
            return false;
    return true;
}

static void perft_teardown(perft_state *s, int depth)
{
    for (int i = 0; i <= depth; i++)
        move_list_free(&s->lists[i]);
    pos_free(&s->position);
    movegen_free(s->generator);
}

int cli_perft(int argc, char **argv)
{
    const char *variant = NULL, *path = NULL, *depth_text = NULL, *start_position = NULL;
    bool divide = false;
    for (int i = 0; i < argc; i++) {
        const char *a = argv[i];
        if (!strcmp(a, "-h") || !strcmp(a, "--help")) {
            cli_print_help(stdout, "perft");
            return EXIT_VALID;
        } else if (!strcmp(a, "--variant") && i + 1 < argc) {
            variant = front_join_variant(variant, argv[++i]);
        } else if (!strncmp(a, "--variant=", 10) && a[10]) {
            variant = front_join_variant(variant, a + 10);
        } else if (!strcmp(a, "--divide")) {
            divide = true;
        } else if (!strcmp(a, "--position") && i + 1 < argc) {
            start_position = argv[++i];
        } else if (a[0] == '-' && a[1] != '\0' && !(a[1] >= '0' && a[1] <= '9')) {
            fprintf(stderr, "tabula perft: unknown option '%s'; see 'tabula perft --help'\n", a);
            return EXIT_USAGE;
        } else if (!path) {
            path = a;
        } else if (!depth_text) {
            depth_text = a;
        } else {
            fputs("tabula perft: too many arguments; usage: tabula perft [--variant NAME] [--position POS] [--divide] FILE DEPTH\n", stderr);
            return EXIT_USAGE;
        }
    }
    long depth;
    if (!path || !depth_text) {
        fputs("tabula perft: usage: tabula perft [--variant NAME] [--position POS] [--divide] FILE DEPTH\n", stderr);
        return EXIT_USAGE;
    }
    if (!cli_parse_count(depth_text, 1, PERFT_MAX_DEPTH - 1, &depth)) {
        fprintf(stderr, "tabula perft: the depth must be a number from 1 to %d, not '%s'\n",
                PERFT_MAX_DEPTH - 1, depth_text);
        return EXIT_USAGE;
    }
    cli_loaded l;
    int status = cli_load("perft", path, variant, &l);
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
    if (start_position) {
        char error[256];
        if (!posstring_read(&s->position, start_position, error, sizeof error)) {
            fprintf(stderr, "tabula perft: bad position: %s\n", error);
            perft_teardown(s, (int)depth);
            free(s);
            cli_unload(&l);
            return EXIT_USAGE;
        }
    }
    double start = now();
    if (divide) {
        move_list *root = &s->lists[0];
        movegen_generate(s->generator, &s->position, root);
        uint64_t total = 0;
        char text[512];
        for (int i = 0; i < root->count; i++) {
            undo u;
            move_make(&s->position, root, i, &u);
            uint64_t count = 1;
            if (depth > 1) {
                memset(s->nodes, 0, sizeof s->nodes);
                perft(s, 1, (int)depth - 1);
                count = s->nodes[depth];
            }
            pos_unmake(&s->position, &u);
            notation_move(l.game, root, i, text, sizeof text);
            printf("%s %llu\n", text, (unsigned long long)count);
            fflush(stdout);     /* (a move's line as soon as it is counted, into a file too) */
            total += count;
        }
        printf("total %llu\n", (unsigned long long)total);
    } else {
        perft(s, 0, (int)depth);
        double seconds = now() - start;
        uint64_t all = 0;
        for (int d = 1; d <= depth; d++)
            all += s->nodes[d];
        for (int d = 1; d <= depth; d++) {
            char ended[32] = "-";
            if (d < depth)
                snprintf(ended, sizeof ended, "%llu", (unsigned long long)s->ended[d]);
            if (d == depth)
                printf("%d %llu %s %.3f %.0f\n", d, (unsigned long long)s->nodes[d], ended, seconds,
                       seconds > 0 ? (double)all / seconds : 0.0);
            else
                printf("%d %llu %s\n", d, (unsigned long long)s->nodes[d], ended);
        }
    }
    bool overflow = s->overflow || s->position.log_overflow;
    if (s->overflow)
        front_report_limit(l.game, &l.sources, &s->limit);
    else if (s->position.log_overflow)
        fprintf(stderr, "tabula perft: a turn made more than %d changes\n", POSITION_MAX_LOG);
    perft_teardown(s, (int)depth);
    free(s);
    cli_unload(&l);
    if (overflow) {
        fputs("tabula perft: the counts are incomplete\n", stderr);
        return EXIT_INVALID;
    }
    return EXIT_VALID;
}

/* --- bench: uniformly random playouts */

/* bench --lists: a move of the whole list, each as likely. */
static int draw_from_list(position *p, const move_list *list, void *context, uint64_t *rng)
{
    (void)p;
    (void)context;
    return (int)rng_below(rng, (uint32_t)list->count);
}

int cli_bench(int argc, char **argv)
{
    const char *variant = NULL, *path = NULL;
    long time_ms = -1, playouts = -1, seed = 1;
    bool lists = false;
    for (int i = 0; i < argc; i++) {
        const char *a = argv[i];
        if (!strcmp(a, "-h") || !strcmp(a, "--help")) {
            cli_print_help(stdout, "bench");
            return EXIT_VALID;
        } else if (!strcmp(a, "--variant") && i + 1 < argc) {
            variant = front_join_variant(variant, argv[++i]);
        } else if (!strncmp(a, "--variant=", 10) && a[10]) {
            variant = front_join_variant(variant, a + 10);
        } else if (!strcmp(a, "--time") && i + 1 < argc) {
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
        } else if (a[0] == '-') {
            fprintf(stderr, "tabula bench: unknown option '%s'; see 'tabula bench --help'\n", a);
            return EXIT_USAGE;
        } else if (!path) {
            path = a;
        } else {
            fputs("tabula bench: give one rules file\n", stderr);
            return EXIT_USAGE;
        }
    }
    if (!path || (time_ms < 0 && playouts < 0)) {
        fputs("tabula bench: usage: tabula bench [--variant NAME] FILE (--time MS | --playouts N) [--seed S] [--lists]\n", stderr);
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
    printf("playouts %ld\n", done);
    printf("playouts_per_sec %.1f\n", seconds > 0 ? (double)done / seconds : 0.0);
    printf("states %llu\n", (unsigned long long)states);
    printf("states_per_sec %.0f\n", seconds > 0 ? (double)states / seconds : 0.0);
    printf("avg_depth %.2f\n", done ? (double)states / (double)done : 0.0);
    printf("avg_moves %.2f\n", states ? (double)branching / (double)states : 0.0);
    for (int q = 0; q < g->player_count; q++)
        printf("outcome_%s %.4f\n", g->player_names[q], done ? outcome[q] / (double)done : 0.0);
    if (unfinished)
        printf("unfinished %ld\n", unfinished);
    move_list_free(&list);
    pos_free(p);
    free(p);
    movegen_free(generator);
    cli_unload(&l);
    if (limited) {
        fputs("tabula bench: stopped at the limit; the figures are of the games before it\n", stderr);
        return EXIT_INVALID;
    }
    return EXIT_VALID;
}

/* --- position: print the position string */

int cli_position(int argc, char **argv)
{
    const char *variant = NULL, *path = NULL, *start_position = NULL;
    for (int i = 0; i < argc; i++) {
        const char *a = argv[i];
        if (!strcmp(a, "-h") || !strcmp(a, "--help")) {
            cli_print_help(stdout, "position");
            return EXIT_VALID;
        } else if (!strcmp(a, "--variant") && i + 1 < argc) {
            variant = front_join_variant(variant, argv[++i]);
        } else if (!strncmp(a, "--variant=", 10) && a[10]) {
            variant = front_join_variant(variant, a + 10);
        } else if (!strcmp(a, "--position") && i + 1 < argc) {
            start_position = argv[++i];
        } else if (a[0] == '-') {
            fprintf(stderr, "tabula position: unknown option '%s'; see 'tabula position --help'\n", a);
            return EXIT_USAGE;
        } else if (!path) {
            path = a;
        } else {
            fputs("tabula position: give one rules file\n", stderr);
            return EXIT_USAGE;
        }
    }
    if (!path) {
        fputs("tabula position: usage: tabula position [--variant NAME] [--position POS] FILE\n", stderr);
        return EXIT_USAGE;
    }
    cli_loaded l;
    int status = cli_load("position", path, variant, &l);
    if (status != EXIT_VALID) {
        cli_unload(&l);
        return status;
    }
    position *p = malloc(sizeof *p);
    if (!p || !pos_init(p, l.game)) {
        free(p);
        cli_unload(&l);
        fputs("tabula position: out of memory\n", stderr);
        return EXIT_INVALID;
    }
    char error[256];
    if (start_position && !posstring_read(p, start_position, error, sizeof error)) {
        fprintf(stderr, "tabula position: bad position: %s\n", error);
        status = EXIT_USAGE;
    } else {
        char text[8192];
        posstring_write(p, text, sizeof text);
        puts(text);
    }
    pos_free(p);
    free(p);
    cli_unload(&l);
    return status;
}
