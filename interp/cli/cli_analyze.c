/* cli_analyze: `tabula analyze`, a playtest report for a game's designer:
 * self-play games by one engine in every seat, and what they show (who
 * wins, how long games last, how many moves there are, which kinds of move
 * and which pieces are played) with warnings for what looks wrong. */
#include <math.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cli/cli.h"
#include "front/front.h"
#include "game/game.h"
#include "movegen/movegen.h"
#include "movegen/notation.h"
#include "game/position.h"
#include "playout/playout.h"
#include "search/search.h"
#include "spec/specialise.h"

#define ANALYZE_MAX_PLIES 2000
#define KINDS (PATH_ROLL + 1)

#define ANALYZE_USAGE "usage: tabula analyze [--variant V] FILE --games N [--engine SPEC] [--seed S] [--openings K] [--threads N]"

typedef struct tally {
    long games, wins[GAME_MAX_PLAYERS], draws, cut_off;
    long plies, min_plies, max_plies;
    double legal;                       /* legal moves summed over the plies */
    long moves;                         /* moves played */
    long captures, chance;
    long by_kind[KINDS];                /* the move's first path token */
    long by_kind_type[KINDS][GAME_MAX_TYPES];
    long played_type[GAME_MAX_TYPES];   /* moved or placed */
    long ended_by[33];                  /* [rule + 1]: the games each end rule ended ([0]: no one could move) */
    uint64_t first_end;                 /* the first game's last position and length */
    long first_plies;
    bool all_alike;                     /* every game ended as the first */
} tally;

static const char *kind_name(int kind)
{
    switch (kind) {
    case PATH_FROM: case PATH_TO: case PATH_TO_CAPTURE: return "move";
    case PATH_CAPTURED: return "capture";
    case PATH_DROP: return "place";
    case PATH_CHANGE: return "change";
    case PATH_PASS: return "pass";
    case PATH_ROLL: return "roll";
    case PATH_OUT: return "out";
    case PATH_ONTO: case PATH_UNDER: return "stack";
    default: return "other";
    }
}

/* Counts move I of LIST, about to be made in P. */
static void count_move(tally *t, const game *g, position *p, const move_list *list, int i)
{
    const move *mv = &list->moves[i];
    const int32_t *path = list->path + mv->path_first;
    t->moves++;
    if (mv->flags & MOVE_CAPTURE)
        t->captures++;
    if (mv->flags & MOVE_CHANCE)
        t->chance++;
    int k = 0;
    while (k < mv->path_count && PATH_KIND(path[k]) == PATH_ROLL && k + 1 < mv->path_count)
        k++;   /* a throw before the move: the move is what counts */
    int kind = mv->path_count > 0 ? PATH_KIND(path[k]) : PATH_PASS;
    if (kind <= 0 || kind >= KINDS)
        kind = 0;
    if (kind == PATH_TO || kind == PATH_TO_CAPTURE)
        kind = PATH_FROM;
    int type = -1;
    if (kind == PATH_FROM) {
        int cell = PATH_VALUE(path[k]);
        if (cell < g->board.cell_count && p->cells[cell])
            type = PIECE_TYPE(p->cells[cell]);
    } else if (kind == PATH_DROP) {
        if (k + 1 < mv->path_count && PATH_KIND(path[k + 1]) == PATH_CHANGE) {
            type = PATH_VALUE(path[k + 1]);
        } else {
            int cell = PATH_VALUE(path[k]);
            for (int c = 0; c < mv->count; c++) {   /* the piece the move puts there */
                const change *ch = &list->changes[mv->first + c];
                if (ch->kind == CHANGE_CELL && ch->index == cell && ch->after)
                    type = PIECE_TYPE((uint16_t)ch->after);
            }
        }
    }
    t->by_kind[kind]++;
    if (type >= 0 && type < g->type_count) {
        t->by_kind_type[kind][type]++;
        t->played_type[type]++;
    }
}

/* The tally of self-play: what analyze counts at each ply. */
typedef struct analyze_play {
    tally *t;
    const game *g;
    /* which of the rules' alternatives make moves: the game loaded again
     * as its rules alone say (specialise_none), whose general generator
     * counts them (movegen_count_alternatives), in a position of its own
     * that each position reached is copied into; GENERAL is NULL when
     * that game could not be made */
    const game *general;
    movegen *counter;
    position *counted;
    move_list counter_list;
    movegen_alternative_count *alternative_moves;    /* [node] */
} analyze_play;

/* Counts the moves of LIST, P's legal moves, each alternative makes. */
static void count_alternatives(analyze_play *a, const position *p, const move_list *list)
{
    if (!a->general)
        return;
    pos_copy_forward(a->counted, p);
    movegen_count_alternatives(a->counter, a->counted, list, a->alternative_moves, &a->counter_list);
}

/* A cli_selfplay's hooks: each position's moves counted before the engine
 * chooses, and the move it chose. */
static void count_legal(void *context, position *p, const move_list *list)
{
    analyze_play *a = context;
    a->t->legal += list->count;
    count_alternatives(a, p, list);
}

/* The opening's random moves: their positions' alternatives count too. */
static void count_opening(void *context, position *p, const move_list *list, int i, int ply)
{
    (void)i, (void)ply;
    count_alternatives(context, p, list);
}

/* Sets A up to count the alternatives of the game at PATH (VARIANT), or
 * leaves A->general NULL: the counts are a report's extra, and a second
 * load that fails (memory) is not worth the report. */
static void open_counting(analyze_play *a, const char *path, const char *variant, cli_loaded *general)
{
    source_set_init(&general->sources);
    diag_init(&general->diagnostics);
    game_load_options options = { variant, front_loader_options() };
    bool unreadable = false;
    general->game = game_load(path, &options, &general->sources, &general->diagnostics, &unreadable);
    if (!general->game)
        return;
    /* the rules alone, and without their legality filters: the moves they
     * refuse are not counted (they are not among the legal moves the
     * game's own generator lists), and testing them is most of the work
     * without the attack tables specialisation makes */
    specialise_none(general->game);
    game *unfiltered = general->game;
    int kept = 0;
    for (int f = 0; f < unfiltered->filter_count; f++)
        if (unfiltered->filters[f].kind != FILTER_LEGAL_IF)
            unfiltered->filters[kept++] = unfiltered->filters[f];
    unfiltered->filter_count = kept;
    const game *g = general->game;
    a->counter = movegen_new(g);
    a->counted = malloc(sizeof *a->counted);
    a->alternative_moves = calloc((size_t)g->node_count + 1, sizeof *a->alternative_moves);
    bool list_ok = move_list_init(&a->counter_list);
    bool position_ok = a->counted && pos_init(a->counted, g);
    if (a->counter && position_ok && list_ok && a->alternative_moves) {
        a->general = g;
        return;
    }
    if (list_ok)
        move_list_free(&a->counter_list);
    if (position_ok)
        pos_free(a->counted);
    free(a->counted);
    free(a->alternative_moves);
    movegen_free(a->counter);
    a->counted = NULL;
    a->alternative_moves = NULL;
    a->counter = NULL;
}

static void close_counting(analyze_play *a, cli_loaded *general)
{
    if (a->general) {
        move_list_free(&a->counter_list);
        pos_free(a->counted);
        free(a->counted);
        free(a->alternative_moves);
        movegen_free(a->counter);
    }
    cli_unload(general);
}

/* Where the text of NODE's rule begins: a guarded movement's node is
 * written where its `if` is, but its rule begins with the movement, a line
 * or two before or earlier on the line (a part further away was written
 * in a macro, whose use is where the rule is). */
static source_location rule_start(const game *g, int node)
{
    source_location at = g->node_locations[node];
    const mnode *n = &g->nodes[node];
    if (n->op != M_GUARD || n->a < 0 || n->a >= g->node_count)
        return at;
    source_location inner = g->node_locations[n->a];
    if (inner.file == at.file && inner.line >= 1 && inner.line >= at.line - 3
        && (inner.line < at.line || (inner.line == at.line && inner.column < at.column)))
        return inner;
    return at;
}

/* The alternatives that made no move, each once where several nodes share
 * its place in the rules (a promotion to many types, a piece of the
 * library given to several types): warnings, with the text of each. */
static int report_dead_alternatives(const analyze_play *a, const source_set *sources, long games)
{
    const game *g = a->general;
    if (!g || !g->node_locations)
        return 0;
    bool *is_alternative = calloc((size_t)g->node_count + 1, sizeof *is_alternative);
    if (!is_alternative)
        return 0;
    movegen_alternatives(g, is_alternative);
    int warnings = 0;
    for (int i = 0; i < g->node_count; i++) {
        if (!is_alternative[i])
            continue;
        source_location at = g->node_locations[i];
        bool first = true;
        long made = 0, repeated = 0;
        for (int j = 0; j < g->node_count; j++) {
            const source_location *other = &g->node_locations[j];
            if (!is_alternative[j] || other->file != at.file || other->line != at.line
                || other->column != at.column)
                continue;
            if (j < i)
                first = false;
            made += a->alternative_moves[j].made;
            repeated += a->alternative_moves[j].repeated;
        }
        if (made || !first || at.file < 0 || at.line < 1)
            continue;
        /* the rule's text from where it begins to the end of its line
         * (or of the node's own text, where that ends sooner) */
        source_location start = rule_start(g, i);
        size_t length = 0;
        const char *line = source_line(sources, start.file, start.line, &length);
        char text[80] = "";
        if (line && start.column >= 1) {
            size_t from = source_column_offset(line, length, start.column);
            size_t to = at.line == start.line && at.column == start.column && at.end_line == at.line
                      && at.end_column >= at.column
                      ? source_column_offset(line, length, at.end_column + 1) : length;
            while (to > from && strchr(" \t;|\r", line[to - 1]))
                to--;
            size_t shown = to - from;
            bool cut = shown > 60;
            if (cut) {   /* (at a character's first byte) */
                shown = 57;
                while (shown > 0 && ((unsigned char)line[from + shown] & 0xC0) == 0x80)
                    shown--;
            }
            snprintf(text, sizeof text, " '%.*s%s'", (int)shown, line + from, cut ? "..." : "");
        }
        at = start;
        if (repeated)
            printf("warning: %s:%d:%d:%s made only moves an earlier alternative made (in %ld games)\n",
                   source_path(sources, at.file), at.line, at.column, text, games);
        else
            printf("warning: %s:%d:%d:%s made no legal move in %ld games\n", source_path(sources, at.file),
                   at.line, at.column, text, games);
        warnings++;
    }
    free(is_alternative);
    return warnings;
}

static void count_chosen(void *context, position *p, const move_list *list, int i, int ply)
{
    (void)ply;
    analyze_play *a = context;
    count_move(a->t, a->g, p, list, i);
}

/* The Wilson score interval for WINS of N at 95%. */
static void wilson(long wins, long n, double *low, double *high)
{
    if (n <= 0) {
        *low = 0;
        *high = 1;
        return;
    }
    const double z = 1.959964;
    double phat = (double)wins / (double)n, z2n = z * z / (double)n;
    double centre = (phat + z2n / 2) / (1 + z2n);
    double half = z * sqrt(phat * (1 - phat) / (double)n + z2n / (4 * (double)n)) / (1 + z2n);
    *low = centre - half;
    *high = centre + half;
    if (*low < 0)
        *low = 0;
    if (*high > 1)
        *high = 1;
}

static void progress_bar(long done, long total, double started)
{
    int width = 30, filled = (int)(width * done / (total > 0 ? total : 1));
    double elapsed = search_clock() - started;
    fprintf(stderr, "\r[%.*s%*s] %ld/%ld games, %.0fs", filled, "##############################",
            width - filled, "", done, total, elapsed);
    if (done > 0 && done < total)
        fprintf(stderr, ", about %.0fs left", elapsed / (double)done * (double)(total - done));
    fputs("   ", stderr);
    if (done == total)
        fputs("\r\033[K", stderr);
    fflush(stderr);
}

static void report(const tally *t, const game *g, const char *engine_text, const analyze_play *a,
                   const source_set *sources)
{
    int players = g->player_count;
    long decided = t->games - t->draws;
    printf("%s%s%s: %ld games of self-play by %s\n", g->name, g->variant[0] ? " / " : "", g->variant,
           t->games, engine_text);
    double low, high;
    wilson(t->wins[0], decided, &low, &high);
    if (decided > 0)
        printf("first player (%s) wins: %.1f%% of decided games (95%% interval %.1f%% to %.1f%%)\n",
               g->player_names[0], 100.0 * (double)t->wins[0] / (double)decided, 100 * low, 100 * high);
    else
        printf("first player (%s) wins: no game was decided\n", g->player_names[0]);
    printf("wins:");
    for (int q = 0; q < players; q++)
        printf(" %s %ld%s", g->player_names[q], t->wins[q], q + 1 < players ? "," : "");
    printf("; draws %ld (%.1f%%)", t->draws, 100.0 * (double)t->draws / (double)t->games);
    if (t->cut_off)
        printf(", of which %ld cut off at %d plies", t->cut_off, ANALYZE_MAX_PLIES);
    printf("\n");
    printf("game length: mean %.1f plies, min %ld, max %ld\n", (double)t->plies / (double)t->games,
           t->min_plies, t->max_plies);
    /* how the games ended, by the end rule that held, and the rules that
     * never ended one (a designer's dead rules, or rare ones) */
    printf("ended by:\n");
    for (int r = -1; r < g->end_count && r < 32; r++) {
        if (!t->ended_by[r + 1])
            continue;
        game_result which = { .over = true, .rule = r };
        printf("  %s: %ld (%.1f%%)\n", game_end_text(g, &which), t->ended_by[r + 1],
               100.0 * (double)t->ended_by[r + 1] / (double)t->games);
    }
    bool unused = false;
    for (int r = 0; r < g->end_count && r < 32; r++)
        if (!t->ended_by[r + 1]) {
            game_result which = { .over = true, .rule = r };
            printf("%s%s", unused ? ", " : "end rules that ended no game: ", game_end_text(g, &which));
            unused = true;
        }
    if (unused)
        printf("\n");
    printf("branching: mean %.1f legal moves per ply\n", t->plies ? t->legal / (double)t->plies : 0.0);
    if (t->moves > 0) {
        printf("moves played (%ld):\n", t->moves);
        for (int kind = 0; kind < KINDS; kind++) {
            if (!t->by_kind[kind])
                continue;
            bool typed = false;
            for (int ty = 0; ty < g->type_count; ty++)
                if (t->by_kind_type[kind][ty]) {
                    typed = true;
                    printf("  %s %s: %.1f%%\n", kind_name(kind), g->types[ty].name,
                           100.0 * (double)t->by_kind_type[kind][ty] / (double)t->moves);
                }
            long untyped = t->by_kind[kind];
            for (int ty = 0; ty < g->type_count; ty++)
                untyped -= t->by_kind_type[kind][ty];
            if (untyped > 0)
                printf("  %s%s: %.1f%%\n", kind_name(kind), typed ? " (other)" : "",
                       100.0 * (double)untyped / (double)t->moves);
        }
        printf("  captures: %.1f%%\n", 100.0 * (double)t->captures / (double)t->moves);
        if (t->chance)
            printf("  with a throw: %.1f%%\n", 100.0 * (double)t->chance / (double)t->moves);
    }
    int warnings = 0;
    for (int ty = 0; ty < g->type_count; ty++)
        if (!t->played_type[ty]) {
            printf("warning: piece type '%s' never moved (nor was placed) in %ld games\n", g->types[ty].name,
                   t->games);
            warnings++;
        }
    warnings += report_dead_alternatives(a, sources, t->games);
    double fair = 1.0 / players;
    if (decided > 0 && (low > fair + 0.15 || high < fair - 0.15)) {
        printf("warning: the first player %s (wins %.0f%% to %.0f%% of decided games, fair is %.0f%%)\n",
               low > fair ? "has a large advantage" : "is at a large disadvantage", 100 * low, 100 * high,
               100 * fair);
        warnings++;
    }
    if (t->cut_off) {
        printf("warning: %ld of %ld games reached the limit of %d plies without an end\n", t->cut_off,
               t->games, ANALYZE_MAX_PLIES);
        warnings++;
    }
    if (t->games > 1 && t->all_alike) {
        printf("warning: all %ld games were alike (a deterministic engine plays one game): the figures "
               "describe one game; --openings K starts each from K random moves\n", t->games);
        warnings++;
    }
    if (!warnings)
        printf("no warnings\n");
}

int cli_analyze(int argc, char **argv)
{
    const char *variant = NULL, *path = NULL, *engine_text = "random";
    long games = 0, seed = 1, threads = 0, openings = 0;
    for (int i = 0; i < argc; i++) {
        const char *a = argv[i];
        if (!strcmp(a, "-h") || !strcmp(a, "--help")) {
            cli_print_help(stdout, "analyze");
            return EXIT_VALID;
        } else if (!strcmp(a, "--variant") && i + 1 < argc) {
            variant = front_join_variant(variant, argv[++i]);
        } else if (!strncmp(a, "--variant=", 10) && a[10]) {
            variant = front_join_variant(variant, a + 10);
        } else if (!strcmp(a, "--engine") && i + 1 < argc) {
            engine_text = argv[++i];
        } else if (!strcmp(a, "--games") && i + 1 < argc) {
            if (!cli_count_option("analyze", "--games", argv[++i], 1, 1000000L, &games))
                return EXIT_USAGE;
        } else if (!strcmp(a, "--seed") && i + 1 < argc) {
            if (!cli_count_option("analyze", "--seed", argv[++i], 0, 2147483647L, &seed))
                return EXIT_USAGE;
        } else if (!strcmp(a, "--openings") && i + 1 < argc) {
            if (!cli_count_option("analyze", "--openings", argv[++i], 0, 100, &openings))
                return EXIT_USAGE;
        } else if (!strcmp(a, "--threads") && i + 1 < argc) {
            if (!cli_count_option("analyze", "--threads", argv[++i], 1, SEARCH_MAX_THREADS, &threads))
                return EXIT_USAGE;
        } else if (a[0] == '-' && a[1] != '\0') {
            fprintf(stderr, "tabula analyze: unknown option '%s'; see 'tabula analyze --help'\n", a);
            return EXIT_USAGE;
        } else if (!path) {
            path = a;
        } else {
            fputs("tabula analyze: give one rules file; " ANALYZE_USAGE "\n", stderr);
            return EXIT_USAGE;
        }
    }
    if (!path || !games) {
        fputs("tabula analyze: " ANALYZE_USAGE "\n", stderr);
        return EXIT_USAGE;
    }
    engine_spec spec;
    char error[256];
    if (!engine_spec_parse(engine_text, &spec, error, sizeof error)) {
        fprintf(stderr, "tabula analyze: --engine: %s\n", error);
        return EXIT_USAGE;
    }
    if (threads && spec.kind == ENGINE_RANDOM) {
        fputs("tabula analyze: --threads applies to the ab and mcts engines\n", stderr);
        return EXIT_USAGE;
    }
    if (threads)
        spec.threads = (int)threads;
    cli_loaded l;
    int status = cli_load("analyze", path, variant, &l);
    if (status != EXIT_VALID) {
        cli_unload(&l);
        return status;
    }
    const game *g = l.game;
    int players = g->player_count;
    engine *engines[GAME_MAX_PLAYERS] = { 0 };
    position *p = malloc(sizeof *p);
    movegen *generator = movegen_new(g);
    tally *t = calloc(1, sizeof *t);
    move_list list;
    bool list_ok = move_list_init(&list);
    bool position_ok = p && pos_init(p, g);
    bool ok = position_ok && generator && list_ok && t;
    for (int q = 0; ok && q < players; q++) {
        engines[q] = engine_new(g, &spec, (uint64_t)seed * 7919u + (uint64_t)q + 1);
        ok = engines[q] != NULL;
    }
    if (!ok) {
        fputs("tabula analyze: out of memory\n", stderr);
        status = EXIT_INVALID;
        goto done;
    }
    bool bar = isatty(2);
    double started = search_clock();
    bool interrupted = false, limited = false;
    analyze_play counts = { t, g, NULL, NULL, NULL, { 0 }, NULL };
    cli_loaded general;
    open_counting(&counts, path, variant, &general);
    cli_selfplay play = { .g = g, .engines = engines, .before = count_legal, .chosen = count_chosen,
                          .context = &counts };
    cli_catch_interrupts();
    for (long k = 0; k < games && !interrupted && !limited; k++) {
        if (bar)
            progress_bar(k, games, started);
        pos_reset(p);
        /* (the opening's random moves are not the engine's: they count in
         * the game's length, not in the moves played or their kinds) */
        int opening = cli_random_opening(generator, p, &list, openings, cli_opening_seed(seed, k), count_opening,
                                         &counts);
        pos_commit(p);
        /* the one playout loop, each move the engine's (the loop's own
         * draws go unused: each engine draws from its own seed) */
        uint64_t unused = 0;
        play.ply = opening;
        playout run = { .max_plies = ANALYZE_MAX_PLIES, .choose = cli_engine_move, .context = &play };
        playout_run(generator, p, &list, &unused, &run);
        interrupted = play.interrupted;
        if (list.overflow) {
            front_report_limit(g, &l.sources, &list);
            limited = true;
        } else if (play.missing[0]) {
            fprintf(stderr, "tabula analyze: the engine chose %s, which is not among the legal moves\n",
                    play.missing);
            limited = true;
        }
        if (limited)
            status = EXIT_INVALID;
        if (interrupted || limited) {
            if (bar)
                fputc('\n', stderr);
            fprintf(stderr, "tabula analyze: %s in game %ld; the report covers the %ld games "
                    "finished\n", interrupted ? "interrupted" : "stopped", k + 1, t->games);
            break;
        }
        int plies = opening + run.plies;
        const game_result *result = &run.result;
        t->games++;
        if (t->games == 1) {
            t->first_end = p->hash;
            t->first_plies = plies;
            t->all_alike = true;
        } else if (p->hash != t->first_end || plies != t->first_plies) {
            t->all_alike = false;
        }
        t->plies += plies;
        if (t->games == 1 || plies < t->min_plies)
            t->min_plies = plies;
        if (plies > t->max_plies)
            t->max_plies = plies;
        if (result->over && result->winner >= 0) {
            t->wins[result->winner]++;
        } else {
            t->draws++;
            if (!result->over && run.moves > 0)
                t->cut_off++;
        }
        if (result->over && result->rule + 1 >= 0 && result->rule + 1 < 33)
            t->ended_by[result->rule + 1]++;
    }
    if (bar && !interrupted && !limited)
        progress_bar(games, games, started);
    if (t->games > 0)
        report(t, g, engine_text, &counts, &l.sources);
    else
        status = EXIT_INVALID;   /* interrupted in the first game: nothing to report */
    close_counting(&counts, &general);
done:
    for (int q = 0; q < players; q++)
        engine_free(engines[q]);
    if (list_ok)
        move_list_free(&list);
    movegen_free(generator);
    free(t);
    if (position_ok)
        pos_free(p);
    free(p);
    cli_unload(&l);
    return status;
}
