/* cli_analyze: `tabula analyze`, a playtest report for a game's designer:
 * self-play games by one engine in every seat, and what they show (who
 * wins, how long games last, how many moves there are, which kinds of move
 * and which pieces are played) with warnings for what looks wrong.
 *
 * Each game is played alone (its engines start afresh from seeds of its
 * own number, cli_game_seed) and leaves a record of what it counted; the
 * report is made from the records folded in the order of the games.  So a
 * shard (--shard K/N) plays its games and writes their records, and merge
 * folds the records of all the parts through the same code and prints the
 * report the whole job prints. */
#include <math.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

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
#define END_RULES 32          /* the end rules the report tells apart */

#define ANALYZE_USAGE "usage: tabula analyze [--variant V] FILE --games N [--engine SPEC] [--seed S] [--openings K] " \
                      "[--threads N] [--json] [--shard K/N [--output FILE]] [--progress]"

/* What analyze counts of one game. */
typedef struct game_record {
    long index;                         /* the game's number, from 0 */
    long plies;                         /* the opening's random moves too */
    bool over;
    int winner;                         /* -1: none (a draw, or not over) */
    int rule;                           /* the end rule that held (-1: no one could move) */
    bool cut_off;                       /* not over at ANALYZE_MAX_PLIES */
    long legal;                         /* legal moves summed over the engine's turns */
    long moves, captures, chance;       /* moves the engines played */
    long by_kind[KINDS];                /* the move's first path token */
    long by_kind_type[KINDS][GAME_MAX_TYPES];
    uint32_t arrived;                   /* bit t: a move put a piece of type t on a cell (moved,
                                         * placed or turned into it), as any part of the move */
    uint64_t end;                       /* the last position's hash */
    unsigned char *sites;               /* [site]: SITE_MADE, SITE_REPEATED (see alternatives) */
    int site_count;
} game_record;

/* What a game's positions showed of an alternative of the rules: some
 * legal move went through it first, or only after an earlier one. */
enum { SITE_MADE = 1, SITE_REPEATED = 2 };

/* The records folded: what the report says. */
typedef struct tally {
    long games, wins[GAME_MAX_PLAYERS], draws, cut_off;
    long plies, min_plies, max_plies;
    long legal, moves, captures, chance;
    long by_kind[KINDS];
    long by_kind_type[KINDS][GAME_MAX_TYPES];
    long played_type[GAME_MAX_TYPES];   /* moves that moved or placed one (and games that put one on a cell) */
    long ended_by[END_RULES + 1];       /* [rule + 1]: the games each end rule ended ([0]: no one could move) */
    uint64_t first_end;                 /* the first game's last position and length */
    long first_plies;
    bool all_alike;                     /* every game ended as the first */
    long *site_made, *site_repeated;    /* [site]: the games in which it made a move first, or again */
    int site_count;
} tally;

/* What the report names, from the game (a run) or from a part (merge). */
typedef struct analyze_names {
    const char *game, *variant;
    int players, types, ends;           /* ENDS: the end rules, at most END_RULES */
    const char *player[GAME_MAX_PLAYERS];
    const char *type[GAME_MAX_TYPES];
    const char *end[END_RULES + 1];     /* [rule + 1], as game_end_text says */
    /* the rules' move alternatives, each place in the rules once: where
     * (FILE:LINE:COLUMN) and the rule's text in quotes (or nothing) */
    int sites;
    const char **site_at, **site_text;
} analyze_names;

/* The job: what a part names, and what the report says it was. */
typedef struct analyze_job {
    const char *game, *variant, *engine;
    uint64_t rules;
    long games, seed, openings, threads, shards;
} analyze_job;

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
static void count_move(game_record *r, const game *g, position *p, const move_list *list, int i)
{
    const move *mv = &list->moves[i];
    const int32_t *path = list->path + mv->path_first;
    r->moves++;
    if (mv->flags & MOVE_CAPTURE)
        r->captures++;
    if (mv->flags & MOVE_CHANCE)
        r->chance++;
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
    r->by_kind[kind]++;
    if (type >= 0 && type < g->type_count)
        r->by_kind_type[kind][type]++;
    /* the pieces the move leaves on cells where they were not: the stone
     * a Desdemona turn places after its pawn's move counts as placed */
    for (int c = 0; c < mv->count; c++) {
        const change *ch = &list->changes[mv->first + c];
        if (ch->kind == CHANGE_CELL && ch->after && ch->after != ch->before)
            r->arrived |= 1u << PIECE_TYPE((uint16_t)ch->after);
    }
}

/* The rules' move alternatives, each place in the rules once (a site):
 * an alternative is a branch of a choice of moves (a line of a moves
 * block, a side of |) that is not a choice itself, and several nodes may
 * share its place (a promotion to many types, a piece of the library given
 * to several types). */
typedef struct alternative_sites {
    int count;
    int *of_node;               /* [node]: its site, -1 when it is none */
    char **at, **text;          /* [site]: FILE:LINE:COLUMN, and the rule's text in quotes or "" */
} alternative_sites;

/* The record of the game in play, which the self-play hooks fill; and
 * which of the rules' alternatives make moves: the game loaded again as
 * its rules alone say (specialise_none), whose general generator counts
 * them (movegen_count_alternatives), in a position of its own that each
 * position reached is copied into; GENERAL is NULL when that game could
 * not be made. */
typedef struct analyze_play {
    game_record *record;
    const game *g;
    const game *general;
    movegen *counter;
    position *counted;
    move_list counter_list;
    movegen_alternative_count *alternative_moves;    /* [node], this game's */
    alternative_sites sites;
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
    a->record->legal += list->count;
    count_alternatives(a, p, list);
}

static void count_chosen(void *context, position *p, const move_list *list, int i, int ply)
{
    (void)ply;
    analyze_play *a = context;
    count_move(a->record, a->g, p, list, i);
}

/* The opening's random moves: their positions' alternatives count too. */
static void count_opening(void *context, position *p, const move_list *list, int i, int ply)
{
    (void)i, (void)ply;
    count_alternatives(context, p, list);
}

/* Once a game is over: the sites its positions made moves through into
 * its record, and the counts emptied for the next game. */
static void record_sites(analyze_play *a)
{
    if (!a->general)
        return;
    for (int node = 0; node < a->general->node_count; node++) {
        int site = a->sites.of_node[node];
        if (site < 0)
            continue;
        if (a->alternative_moves[node].made)
            a->record->sites[site] |= SITE_MADE;
        if (a->alternative_moves[node].repeated)
            a->record->sites[site] |= SITE_REPEATED;
    }
    memset(a->alternative_moves, 0, (size_t)a->general->node_count * sizeof *a->alternative_moves);
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

/* The rule's text from where alternative NODE's rule begins to the end of
 * its line (or of the node's own text, where that ends sooner), in quotes,
 * into TEXT; "" where the line cannot be read. */
static void site_text(const game *g, const source_set *sources, int node, char *text, size_t size)
{
    source_location at = g->node_locations[node], start = rule_start(g, node);
    size_t length = 0;
    const char *line = source_line(sources, start.file, start.line, &length);
    snprintf(text, size, "%s", "");
    if (!line || start.column < 1)
        return;
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
    snprintf(text, size, "'%.*s%s'", (int)shown, line + from, cut ? "..." : "");
}

/* The sites of the alternatives of G (whose SOURCES are read for their
 * text); false when memory ran out. */
static bool find_sites(const game *g, const source_set *sources, alternative_sites *sites)
{
    memset(sites, 0, sizeof *sites);
    bool *is_alternative = calloc((size_t)g->node_count + 1, sizeof *is_alternative);
    sites->of_node = malloc(((size_t)g->node_count + 1) * sizeof *sites->of_node);
    sites->at = calloc((size_t)g->node_count + 1, sizeof *sites->at);
    sites->text = calloc((size_t)g->node_count + 1, sizeof *sites->text);
    bool ok = is_alternative && sites->of_node && sites->at && sites->text;
    if (ok)
        movegen_alternatives(g, is_alternative);
    for (int i = 0; ok && i < g->node_count; i++) {
        sites->of_node[i] = -1;
        source_location at = g->node_locations ? g->node_locations[i] : (source_location){ .file = -1 };
        if (!is_alternative[i] || at.file < 0 || at.line < 1)
            continue;   /* (an alternative with no place is not named) */
        for (int j = 0; j < i && sites->of_node[i] < 0; j++) {
            const source_location *other = &g->node_locations[j];
            if (is_alternative[j] && other->file == at.file && other->line == at.line && other->column == at.column)
                sites->of_node[i] = sites->of_node[j];
        }
        if (sites->of_node[i] >= 0)
            continue;
        char place[4200], text[80];
        source_location start = rule_start(g, i);
        snprintf(place, sizeof place, "%s:%d:%d", source_path(sources, start.file), start.line, start.column);
        site_text(g, sources, i, text, sizeof text);
        int site = sites->count++;
        sites->of_node[i] = site;
        sites->at[site] = strdup(place);
        sites->text[site] = strdup(text);
        ok = sites->at[site] && sites->text[site];
    }
    free(is_alternative);
    return ok;
}

static void free_sites(alternative_sites *sites)
{
    for (int site = 0; site < sites->count; site++) {
        free(sites->at[site]);
        free(sites->text[site]);
    }
    free(sites->at);
    free(sites->text);
    free(sites->of_node);
    memset(sites, 0, sizeof *sites);
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
    if (a->counter && position_ok && list_ok && a->alternative_moves && find_sites(g, &general->sources, &a->sites)) {
        a->general = g;
        return;
    }
    free_sites(&a->sites);
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
        free_sites(&a->sites);
        move_list_free(&a->counter_list);
        pos_free(a->counted);
        free(a->counted);
        free(a->alternative_moves);
        movegen_free(a->counter);
    }
    cli_unload(general);
}

/* Folds the record of the next game into T. */
static void tally_add(tally *t, const game_record *r)
{
    t->games++;
    if (t->games == 1) {
        t->first_end = r->end;
        t->first_plies = r->plies;
        t->all_alike = true;
    } else if (r->end != t->first_end || r->plies != t->first_plies) {
        t->all_alike = false;
    }
    t->plies += r->plies;
    if (t->games == 1 || r->plies < t->min_plies)
        t->min_plies = r->plies;
    if (r->plies > t->max_plies)
        t->max_plies = r->plies;
    if (r->over && r->winner >= 0) {
        t->wins[r->winner]++;
    } else {
        t->draws++;
        if (r->cut_off)
            t->cut_off++;
    }
    if (r->over && r->rule + 1 >= 0 && r->rule + 1 <= END_RULES)
        t->ended_by[r->rule + 1]++;
    t->legal += r->legal;
    t->moves += r->moves;
    t->captures += r->captures;
    t->chance += r->chance;
    for (int ty = 0; ty < GAME_MAX_TYPES; ty++)
        t->played_type[ty] += r->arrived >> ty & 1;
    for (int kind = 0; kind < KINDS; kind++) {
        t->by_kind[kind] += r->by_kind[kind];
        for (int ty = 0; ty < GAME_MAX_TYPES; ty++) {
            t->by_kind_type[kind][ty] += r->by_kind_type[kind][ty];
            t->played_type[ty] += r->by_kind_type[kind][ty];
        }
    }
    for (int site = 0; site < t->site_count && site < r->site_count; site++) {
        t->site_made[site] += (r->sites[site] & SITE_MADE) != 0;
        t->site_repeated[site] += (r->sites[site] & SITE_REPEATED) != 0;
    }
}

static tally *tally_new(int site_count)
{
    tally *t = calloc(1, sizeof *t);
    if (!t)
        return NULL;
    t->site_count = site_count;
    t->site_made = calloc((size_t)site_count + 1, sizeof *t->site_made);
    t->site_repeated = calloc((size_t)site_count + 1, sizeof *t->site_repeated);
    if (!t->site_made || !t->site_repeated) {
        free(t->site_made);
        free(t->site_repeated);
        free(t);
        return NULL;
    }
    return t;
}

static void tally_free(tally *t)
{
    if (!t)
        return;
    free(t->site_made);
    free(t->site_repeated);
    free(t);
}

/* A record with room for SITE_COUNT sites. */
static game_record *record_new(int site_count)
{
    game_record *r = malloc(sizeof *r);
    unsigned char *sites = calloc((size_t)site_count + 1, 1);
    if (!r || !sites) {
        free(r);
        free(sites);
        return NULL;
    }
    r->sites = sites;
    r->site_count = site_count;
    return r;
}

static void record_free(game_record *r)
{
    if (r)
        free(r->sites);
    free(r);
}

/* Empties R for game INDEX, keeping its room for sites. */
static void record_clear(game_record *r, long index)
{
    unsigned char *sites = r->sites;
    int site_count = r->site_count;
    memset(r, 0, sizeof *r);
    r->sites = sites;
    r->site_count = site_count;
    memset(sites, 0, (size_t)site_count);
    r->index = index;
    r->winner = -1;
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

/* The report's warnings, each a sentence without its "warning: ", given
 * to SAY in order; returns how many there were. */
typedef void (*warning_sink)(void *context, const char *text);

static int find_warnings(const tally *t, const analyze_names *n, warning_sink say, void *context)
{
    char text[4608];   /* (a place in the rules names a file: up to a path's length) */
    int count = 0;
    for (int ty = 0; ty < n->types; ty++)
        if (!t->played_type[ty]) {
            snprintf(text, sizeof text, "piece type '%s' never moved (nor was placed) in %ld games", n->type[ty],
                     t->games);
            say(context, text);
            count++;
        }
    /* the alternatives that made no move in any game: a rule that never
     * fires, or one that only repeats another */
    for (int site = 0; site < n->sites && site < t->site_count; site++) {
        if (t->site_made[site])
            continue;
        const char *quoted = n->site_text[site];
        if (t->site_repeated[site])
            snprintf(text, sizeof text, "%s:%s%s made only moves an earlier alternative made (in %ld games)",
                     n->site_at[site], quoted[0] ? " " : "", quoted, t->games);
        else
            snprintf(text, sizeof text, "%s:%s%s made no legal move in %ld games", n->site_at[site],
                     quoted[0] ? " " : "", quoted, t->games);
        say(context, text);
        count++;
    }
    long decided = t->games - t->draws;
    double low, high, fair = 1.0 / n->players;
    wilson(t->wins[0], decided, &low, &high);
    if (decided > 0 && (low > fair + 0.15 || high < fair - 0.15)) {
        snprintf(text, sizeof text, "the first player %s (wins %.0f%% to %.0f%% of decided games, fair is %.0f%%)",
                 low > fair ? "has a large advantage" : "is at a large disadvantage", 100 * low, 100 * high,
                 100 * fair);
        say(context, text);
        count++;
    }
    if (t->cut_off) {
        snprintf(text, sizeof text, "%ld of %ld games reached the limit of %d plies without an end", t->cut_off,
                 t->games, ANALYZE_MAX_PLIES);
        say(context, text);
        count++;
    }
    if (t->games > 1 && t->all_alike) {
        snprintf(text, sizeof text, "all %ld games were alike (a deterministic engine plays one game): the "
                 "figures describe one game; --openings K starts each from K random moves", t->games);
        say(context, text);
        count++;
    }
    return count;
}

static void print_warning(void *context, const char *text)
{
    (void)context;
    printf("warning: %s\n", text);
}

static void write_warning(void *context, const char *text)
{
    json_string(context, text);
}

static void report_text(const tally *t, const analyze_names *n, const analyze_job *job)
{
    int players = n->players;
    long decided = t->games - t->draws;
    printf("%s%s%s: %ld games of self-play by %s\n", n->game, n->variant[0] ? " / " : "", n->variant,
           t->games, job->engine);
    double low, high;
    wilson(t->wins[0], decided, &low, &high);
    if (decided > 0)
        printf("first player (%s) wins: %.1f%% of decided games (95%% interval %.1f%% to %.1f%%)\n",
               n->player[0], 100.0 * (double)t->wins[0] / (double)decided, 100 * low, 100 * high);
    else
        printf("first player (%s) wins: no game was decided\n", n->player[0]);
    printf("wins:");
    for (int q = 0; q < players; q++)
        printf(" %s %ld%s", n->player[q], t->wins[q], q + 1 < players ? "," : "");
    printf("; draws %ld (%.1f%%)", t->draws, 100.0 * (double)t->draws / (double)t->games);
    if (t->cut_off)
        printf(", of which %ld cut off at %d plies", t->cut_off, ANALYZE_MAX_PLIES);
    printf("\n");
    printf("game length: mean %.1f plies, min %ld, max %ld\n", (double)t->plies / (double)t->games,
           t->min_plies, t->max_plies);
    /* how the games ended, by the end rule that held, and the rules that
     * never ended one (a designer's dead rules, or rare ones) */
    printf("ended by:\n");
    for (int r = -1; r < n->ends; r++)
        if (t->ended_by[r + 1])
            printf("  %s: %ld (%.1f%%)\n", n->end[r + 1], t->ended_by[r + 1],
                   100.0 * (double)t->ended_by[r + 1] / (double)t->games);
    bool unused = false;
    for (int r = 0; r < n->ends; r++)
        if (!t->ended_by[r + 1]) {
            printf("%s%s", unused ? ", " : "end rules that ended no game: ", n->end[r + 1]);
            unused = true;
        }
    if (unused)
        printf("\n");
    printf("branching: mean %.1f legal moves per ply\n", t->plies ? (double)t->legal / (double)t->plies : 0.0);
    if (t->moves > 0) {
        printf("moves played (%ld):\n", t->moves);
        for (int kind = 0; kind < KINDS; kind++) {
            if (!t->by_kind[kind])
                continue;
            bool typed = false;
            for (int ty = 0; ty < n->types; ty++)
                if (t->by_kind_type[kind][ty]) {
                    typed = true;
                    printf("  %s %s: %.1f%%\n", kind_name(kind), n->type[ty],
                           100.0 * (double)t->by_kind_type[kind][ty] / (double)t->moves);
                }
            long untyped = t->by_kind[kind];
            for (int ty = 0; ty < n->types; ty++)
                untyped -= t->by_kind_type[kind][ty];
            if (untyped > 0)
                printf("  %s%s: %.1f%%\n", kind_name(kind), typed ? " (other)" : "",
                       100.0 * (double)untyped / (double)t->moves);
        }
        printf("  captures: %.1f%%\n", 100.0 * (double)t->captures / (double)t->moves);
        if (t->chance)
            printf("  with a throw: %.1f%%\n", 100.0 * (double)t->chance / (double)t->moves);
    }
    if (!find_warnings(t, n, print_warning, NULL))
        printf("no warnings\n");
}

/* The report as JSON (the schema is in tabula(1), JSON OUTPUT). */
static bool report_json(const tally *t, const analyze_names *n, const analyze_job *job)
{
    json_writer writer, *w = &writer;
    json_writer_init(w, stdout);
    json_begin_object(w, JSON_BLOCK);
    json_key(w, "game");
    json_string(w, n->game);
    json_key(w, "variant");
    json_string(w, n->variant);
    json_key(w, "engine");
    json_string(w, job->engine);
    json_key(w, "seed");
    json_int(w, job->seed);
    json_key(w, "openings");
    json_int(w, job->openings);
    json_key(w, "games");
    json_int(w, t->games);
    json_key(w, "players");
    json_begin_array(w, JSON_LINE);
    for (int q = 0; q < n->players; q++)
        json_string(w, n->player[q]);
    json_end_array(w);
    json_key(w, "wins");
    json_begin_array(w, JSON_LINE);
    for (int q = 0; q < n->players; q++)
        json_int(w, t->wins[q]);
    json_end_array(w);
    json_key(w, "draws");
    json_int(w, t->draws);
    json_key(w, "cut_off");
    json_int(w, t->cut_off);
    json_key(w, "ply_limit");
    json_int(w, ANALYZE_MAX_PLIES);
    long decided = t->games - t->draws;
    double low, high;
    wilson(t->wins[0], decided, &low, &high);
    json_key(w, "first_player");
    json_begin_object(w, JSON_LINE);
    json_key(w, "decided");
    json_int(w, decided);
    json_key(w, "share");
    if (decided > 0)
        json_double(w, (double)t->wins[0] / (double)decided);
    else
        json_null(w);
    json_key(w, "low");
    json_double(w, low);
    json_key(w, "high");
    json_double(w, high);
    json_end_object(w);
    json_key(w, "length");
    json_begin_object(w, JSON_LINE);
    json_key(w, "mean");
    json_double(w, (double)t->plies / (double)t->games);
    json_key(w, "min");
    json_int(w, t->min_plies);
    json_key(w, "max");
    json_int(w, t->max_plies);
    json_end_object(w);
    json_key(w, "ended_by");
    json_begin_array(w, JSON_BLOCK);
    for (int r = -1; r < n->ends; r++)
        if (t->ended_by[r + 1]) {
            json_begin_object(w, JSON_LINE);
            json_key(w, "end");
            json_string(w, n->end[r + 1]);
            json_key(w, "games");
            json_int(w, t->ended_by[r + 1]);
            json_end_object(w);
        }
    json_end_array(w);
    json_key(w, "ended_none");
    json_begin_array(w, JSON_LINE);
    for (int r = 0; r < n->ends; r++)
        if (!t->ended_by[r + 1])
            json_string(w, n->end[r + 1]);
    json_end_array(w);
    json_key(w, "branching");
    json_double(w, t->plies ? (double)t->legal / (double)t->plies : 0.0);
    json_key(w, "moves");
    json_int(w, t->moves);
    json_key(w, "played");
    json_begin_array(w, JSON_BLOCK);
    for (int kind = 0; kind < KINDS; kind++) {
        long untyped = t->by_kind[kind];
        for (int ty = -1; ty < n->types; ty++) {
            long count = ty >= 0 ? t->by_kind_type[kind][ty] : 0;
            if (ty >= 0)
                untyped -= count;
            if (ty < 0 || !count)
                continue;
            json_begin_object(w, JSON_LINE);
            json_key(w, "kind");
            json_string(w, kind_name(kind));
            json_key(w, "type");
            json_string(w, n->type[ty]);
            json_key(w, "count");
            json_int(w, count);
            json_end_object(w);
        }
        if (untyped > 0) {
            json_begin_object(w, JSON_LINE);
            json_key(w, "kind");
            json_string(w, kind_name(kind));
            json_key(w, "type");
            json_null(w);
            json_key(w, "count");
            json_int(w, untyped);
            json_end_object(w);
        }
    }
    json_end_array(w);
    json_key(w, "captures");
    json_int(w, t->captures);
    json_key(w, "with_throw");
    json_int(w, t->chance);
    json_key(w, "warnings");
    json_begin_array(w, JSON_BLOCK);
    find_warnings(t, n, write_warning, w);
    json_end_array(w);
    json_end_object(w);
    return json_writer_finish(w);
}

/* The report, from the records folded into T. */
static bool report(const tally *t, const analyze_names *n, const analyze_job *job, bool json)
{
    if (json)
        return report_json(t, n, job);
    report_text(t, n, job);
    return true;
}

/* The names of G, and of SITES, the sites of its alternatives. */
static void names_of_game(const game *g, const alternative_sites *sites, analyze_names *n)
{
    memset(n, 0, sizeof *n);
    n->sites = sites->count;
    n->site_at = (const char **)sites->at;
    n->site_text = (const char **)sites->text;
    n->game = g->name;
    n->variant = g->variant;
    n->players = g->player_count;
    for (int q = 0; q < g->player_count; q++)
        n->player[q] = g->player_names[q];
    n->types = g->type_count;
    for (int ty = 0; ty < g->type_count; ty++)
        n->type[ty] = g->types[ty].name;
    n->ends = g->end_count < END_RULES ? g->end_count : END_RULES;
    for (int r = -1; r < n->ends; r++)
        n->end[r + 1] = game_end_text(g, &(game_result){ .over = true, .rule = r });
}

/* --- parts: the job, the names and the records as JSON, and back */

static void write_job(json_writer *w, const void *context)
{
    const analyze_job *job = context;
    cli_job_begin(w, "analyze", job->game, job->variant, job->rules);
    json_key(w, "engine");
    json_string(w, job->engine);
    json_key(w, "games");
    json_int(w, job->games);
    json_key(w, "seed");
    json_int(w, job->seed);
    json_key(w, "openings");
    json_int(w, job->openings);
    json_key(w, "threads");
    json_int(w, job->threads);
    cli_job_end(w, job->shards);
}

static void write_names(json_writer *w, const analyze_names *n)
{
    json_begin_object(w, JSON_BLOCK);
    json_key(w, "game");
    json_string(w, n->game);
    json_key(w, "variant");
    json_string(w, n->variant);
    json_key(w, "players");
    json_begin_array(w, JSON_LINE);
    for (int q = 0; q < n->players; q++)
        json_string(w, n->player[q]);
    json_end_array(w);
    json_key(w, "types");
    json_begin_array(w, JSON_LINE);
    for (int ty = 0; ty < n->types; ty++)
        json_string(w, n->type[ty]);
    json_end_array(w);
    json_key(w, "ends");   /* [0]: no one could move; [r + 1]: end rule r */
    json_begin_array(w, JSON_LINE);
    for (int r = -1; r < n->ends; r++)
        json_string(w, n->end[r + 1]);
    json_end_array(w);
    json_key(w, "alternatives");
    json_begin_array(w, JSON_BLOCK);
    for (int site = 0; site < n->sites; site++) {
        json_begin_object(w, JSON_LINE);
        json_key(w, "at");
        json_string(w, n->site_at[site]);
        json_key(w, "text");
        json_string(w, n->site_text[site]);
        json_end_object(w);
    }
    json_end_array(w);
    json_end_object(w);
}

/* The sites whose flags in R have FLAG, as an array of their numbers. */
static void write_sites(json_writer *w, const game_record *r, unsigned char flag)
{
    json_begin_array(w, JSON_LINE);
    for (int site = 0; site < r->site_count; site++)
        if (r->sites[site] & flag)
            json_int(w, site);
    json_end_array(w);
}

/* A record on one line: "played" lists [kind, type, count] for each kind
 * and piece type (type -1: the moves of that kind with no type), "arrived"
 * the types some move put on a cell. */
static void write_record(json_writer *w, const game_record *r, int types)
{
    json_begin_object(w, JSON_LINE);
    json_key(w, "game");
    json_int(w, r->index);
    json_key(w, "plies");
    json_int(w, r->plies);
    json_key(w, "over");
    json_bool(w, r->over);
    json_key(w, "winner");
    json_int(w, r->winner);
    json_key(w, "rule");
    json_int(w, r->rule);
    json_key(w, "cut_off");
    json_bool(w, r->cut_off);
    json_key(w, "legal");
    json_int(w, r->legal);
    json_key(w, "moves");
    json_int(w, r->moves);
    json_key(w, "captures");
    json_int(w, r->captures);
    json_key(w, "chance");
    json_int(w, r->chance);
    json_key(w, "played");
    json_begin_array(w, JSON_LINE);
    for (int kind = 0; kind < KINDS; kind++) {
        long untyped = r->by_kind[kind];
        for (int ty = 0; ty < types; ty++)
            untyped -= r->by_kind_type[kind][ty];
        for (int ty = -1; ty < types; ty++) {
            long count = ty < 0 ? untyped : r->by_kind_type[kind][ty];
            if (!count)
                continue;
            json_begin_array(w, JSON_LINE);
            json_int(w, kind);
            json_int(w, ty);
            json_int(w, count);
            json_end_array(w);
        }
    }
    json_end_array(w);
    json_key(w, "arrived");
    json_begin_array(w, JSON_LINE);
    for (int ty = 0; ty < types; ty++)
        if (r->arrived >> ty & 1)
            json_int(w, ty);
    json_end_array(w);
    json_key(w, "end");
    cli_write_hash(w, r->end);
    json_key(w, "made");
    write_sites(w, r, SITE_MADE);
    json_key(w, "repeated");
    write_sites(w, r, SITE_REPEATED);
    json_end_object(w);
}

/* Sets FLAG in R's sites for each number in member KEY of V. */
static bool read_sites(const cli_part_read *part, const json_value *v, const char *key, unsigned char flag,
                       game_record *r)
{
    const json_value *sites = cli_member_array(part, v, key);
    if (!sites)
        return false;
    for (size_t i = 0; i < sites->count; i++) {
        int64_t site;
        if (!json_get_int64(&sites->items[i], &site) || site < 0 || site >= r->site_count) {
            char what[96];
            snprintf(what, sizeof what, "a game's \"%s\" holds something other than the number of an alternative",
                     key);
            cli_part_malformed(part, what);
            return false;
        }
        r->sites[site] |= flag;
    }
    return true;
}

/* Reads record V of PART into R (names N say how many players, types and
 * end rules there are); false, said, when it is malformed. */
static bool read_record(const cli_part_read *part, const json_value *v, const analyze_names *n, game_record *r)
{
    record_clear(r, 0);
    int64_t index, plies, winner, rule, legal, moves, captures, chance;
    if (v->type != JSON_OBJECT) {
        cli_part_malformed(part, "a game's record is not an object");
        return false;
    }
    if (!cli_member_count(part, v, "game", 0, 1000000, &index) || !cli_member_count(part, v, "plies", 0, 1000000, &plies)
        || !cli_member_count(part, v, "winner", -1, n->players - 1, &winner)
        || !cli_member_count(part, v, "rule", -1, 1000000, &rule)
        || !cli_member_count(part, v, "legal", 0, INT64_MAX / 4, &legal)
        || !cli_member_count(part, v, "moves", 0, 1000000, &moves)
        || !cli_member_count(part, v, "captures", 0, moves, &captures)
        || !cli_member_count(part, v, "chance", 0, moves, &chance))
        return false;
    const json_value *over = json_member(v, "over"), *cut_off = json_member(v, "cut_off");
    if (!over || (over->type != JSON_TRUE && over->type != JSON_FALSE) || !cut_off
        || (cut_off->type != JSON_TRUE && cut_off->type != JSON_FALSE)) {
        cli_part_malformed(part, "a game's record has no \"over\" or \"cut_off\" true or false");
        return false;
    }
    r->index = (long)index;
    r->plies = (long)plies;
    r->over = over->type == JSON_TRUE;
    r->winner = (int)winner;
    r->rule = (int)rule;
    r->cut_off = cut_off->type == JSON_TRUE;
    r->legal = (long)legal;
    r->moves = (long)moves;
    r->captures = (long)captures;
    r->chance = (long)chance;
    const json_value *played = cli_member_array(part, v, "played");
    if (!played)
        return false;
    long counted = 0;
    for (size_t i = 0; i < played->count; i++) {
        const json_value *entry = &played->items[i];
        int64_t kind, type, count;
        if (entry->type != JSON_ARRAY || entry->count != 3 || !json_get_int64(&entry->items[0], &kind)
            || !json_get_int64(&entry->items[1], &type) || !json_get_int64(&entry->items[2], &count)
            || kind < 0 || kind >= KINDS || type < -1 || type >= n->types || count < 1 || count > moves) {
            cli_part_malformed(part, "a game's \"played\" holds something other than [kind, type, count]");
            return false;
        }
        r->by_kind[kind] += (long)count;
        if (type >= 0)
            r->by_kind_type[kind][type] += (long)count;
        counted += (long)count;
    }
    if (counted != r->moves) {
        cli_part_malformed(part, "a game's \"played\" does not add up to its moves");
        return false;
    }
    const json_value *arrived = cli_member_array(part, v, "arrived");
    if (!arrived)
        return false;
    for (size_t i = 0; i < arrived->count; i++) {
        int64_t type;
        if (!json_get_int64(&arrived->items[i], &type) || type < 0 || type >= n->types) {
            cli_part_malformed(part, "a game's \"arrived\" holds something other than piece types");
            return false;
        }
        r->arrived |= 1u << type;
    }
    const char *end = cli_member_string(part, v, "end");
    char *stop;
    if (!end)
        return false;
    r->end = strtoull(end, &stop, 16);
    if (strlen(end) != 16 || *stop) {
        cli_part_malformed(part, "a game's \"end\" is not 16 hexadecimal digits");
        return false;
    }
    return read_sites(part, v, "made", SITE_MADE, r) && read_sites(part, v, "repeated", SITE_REPEATED, r);
}

static void names_free(analyze_names *n)
{
    free(n->site_at);
    free(n->site_text);
    n->site_at = n->site_text = NULL;
}

/* Reads the names a part gives into N (pointing into the part; names_free
 * frees what it holds). */
static bool read_names(const cli_part_read *part, const json_value *v, analyze_names *n)
{
    memset(n, 0, sizeof *n);
    if (!v || v->type != JSON_OBJECT) {
        cli_part_malformed(part, "its result has no \"names\"");
        return false;
    }
    n->game = cli_member_string(part, v, "game");
    n->variant = n->game ? cli_member_string(part, v, "variant") : NULL;
    const json_value *players = n->variant ? cli_member_array(part, v, "players") : NULL;
    const json_value *types = players ? cli_member_array(part, v, "types") : NULL;
    const json_value *ends = types ? cli_member_array(part, v, "ends") : NULL;
    if (!ends)
        return false;
    if (players->count < 1 || players->count > GAME_MAX_PLAYERS || types->count > GAME_MAX_TYPES
        || ends->count < 1 || ends->count > END_RULES + 1) {
        cli_part_malformed(part, "its names have too many or too few players, types or end rules");
        return false;
    }
    n->players = (int)players->count;
    n->types = (int)types->count;
    n->ends = (int)ends->count - 1;
    for (size_t i = 0; i < players->count + types->count + ends->count; i++) {
        const json_value *item = i < players->count ? &players->items[i]
                               : i < players->count + types->count ? &types->items[i - players->count]
                               : &ends->items[i - players->count - types->count];
        const char *text = json_get_string(item);
        if (!text) {
            cli_part_malformed(part, "its names hold something other than a string");
            return false;
        }
        if (i < players->count)
            n->player[i] = text;
        else if (i < players->count + types->count)
            n->type[i - players->count] = text;
        else
            n->end[i - players->count - types->count] = text;
    }
    const json_value *sites = cli_member_array(part, v, "alternatives");
    if (!sites)
        return false;
    n->site_at = calloc(sites->count + 1, sizeof *n->site_at);
    n->site_text = calloc(sites->count + 1, sizeof *n->site_text);
    if (!n->site_at || !n->site_text) {
        fputs("tabula merge: out of memory\n", stderr);
        return false;
    }
    n->sites = (int)sites->count;
    for (size_t site = 0; site < sites->count; site++) {
        n->site_at[site] = json_get_string(json_member(&sites->items[site], "at"));
        n->site_text[site] = json_get_string(json_member(&sites->items[site], "text"));
        if (!n->site_at[site] || !n->site_text[site]) {
            cli_part_malformed(part, "its \"alternatives\" hold something other than {\"at\", \"text\"}");
            return false;
        }
    }
    return true;
}

/* --- the command */

typedef struct analyze_options {
    const char *variant, *path, *engine_text;
    cli_series_options series;
    bool json;
    cli_shard shard;
} analyze_options;

/* Reads the arguments; returns -1 when they are good, else the exit status. */
static int read_options(int argc, char **argv, analyze_options *o)
{
    *o = (analyze_options){ .engine_text = "random", .series.seed = 1 };
    for (int i = 0; i < argc; i++) {
        const char *a = argv[i];
        int taken = cli_shard_option("analyze", argc, argv, &i, &o->shard);
        if (taken == 0)
            taken = cli_series_option("analyze", argc, argv, &i, &o->series);
        if (taken < 0)
            return EXIT_USAGE;
        if (taken > 0)
            continue;
        cli_taken file = cli_file_option("analyze", ANALYZE_USAGE, argc, argv, &i, &o->variant, &o->path);
        if (file == CLI_TAKEN_HELP || file == CLI_TAKEN_BAD)
            return file == CLI_TAKEN_HELP ? EXIT_VALID : EXIT_USAGE;
        if (file == CLI_TAKEN)
            continue;
        if (!strcmp(a, "--engine") && i + 1 < argc)
            o->engine_text = argv[++i];
        else if (!strcmp(a, "--json"))
            o->json = true;
        else
            return cli_unknown_option("analyze", a);
    }
    if (!o->path || !o->series.games) {
        fputs("tabula analyze: " ANALYZE_USAGE "\n", stderr);
        return EXIT_USAGE;
    }
    if (!cli_shard_check("analyze", &o->shard, o->json))
        return EXIT_USAGE;
    return -1;
}

/* The self-play of one job: the engines, and what they need to play. */
typedef struct analyze_run {
    const game *g;
    cli_loaded *loaded;
    const analyze_options *o;
    engine *engines[GAME_MAX_PLAYERS];
    position *p;
    movegen *generator;
    move_list list;
    bool list_ok, position_ok;
    analyze_play counting;      /* the hooks' state: the record, and the alternatives */
    cli_loaded general;         /* the game as its rules alone say, for the alternatives */
} analyze_run;

/* Plays game INDEX into R: CLI_GAME_PLAYED when it was played to its end
 * (or its cut off), else CLI_GAME_INTERRUPTED, or CLI_GAME_STOPPED at a
 * limit or on an engine's bad move (said on stderr). */
static int play_game(analyze_run *run, long index, game_record *r)
{
    const game *g = run->g;
    record_clear(r, index);
    for (int q = 0; q < g->player_count; q++)
        engine_new_game(run->engines[q], cli_game_seed(run->o->series.seed, index, q));
    analyze_play *counts = &run->counting;
    counts->record = r;
    cli_selfplay play = { .g = g, .engines = run->engines, .before = count_legal, .chosen = count_chosen,
                          .context = counts };
    position *p = run->p;
    pos_reset(p);
    /* (the opening's random moves are not the engine's: they count in
     * the game's length, not in the moves played or their kinds) */
    int opening = cli_random_opening(run->generator, p, &run->list, run->o->series.openings,
                                     cli_opening_seed(run->o->series.seed, index), count_opening, counts);
    pos_commit(p);
    /* the one playout loop, each move the engine's (the loop's own
     * draws go unused: each engine draws from its own seed) */
    uint64_t unused = 0;
    play.ply = opening;
    playout loop = { .max_plies = ANALYZE_MAX_PLIES, .choose = cli_engine_move, .context = &play };
    playout_run(run->generator, p, &run->list, &unused, &loop);
    record_sites(counts);
    if (play.interrupted)
        return CLI_GAME_INTERRUPTED;
    if (run->list.overflow) {
        front_report_limit(g, &run->loaded->sources, &run->list);
        return CLI_GAME_STOPPED;
    }
    if (play.missing[0]) {
        fprintf(stderr, "tabula analyze: the engine chose %s, which is not among the legal moves\n", play.missing);
        return CLI_GAME_STOPPED;
    }
    const game_result *result = &loop.result;
    r->plies = opening + loop.plies;
    r->over = result->over;
    r->winner = result->over ? result->winner : -1;
    r->rule = result->over ? result->rule : -1;
    r->cut_off = !result->over && loop.moves > 0;
    r->end = p->hash;
    return CLI_GAME_PLAYED;
}

static bool run_new(analyze_run *run, cli_loaded *loaded, const analyze_options *o, const engine_spec *spec)
{
    memset(run, 0, sizeof *run);
    run->g = loaded->game;
    run->loaded = loaded;
    run->o = o;
    run->p = malloc(sizeof *run->p);
    run->generator = movegen_new(run->g);
    run->list_ok = move_list_init(&run->list);
    run->position_ok = run->p && pos_init(run->p, run->g);
    run->counting.g = run->g;
    open_counting(&run->counting, o->path, o->variant, &run->general);
    bool ok = run->position_ok && run->generator && run->list_ok;
    for (int q = 0; ok && q < run->g->player_count; q++) {
        run->engines[q] = engine_new(run->g, spec, cli_game_seed(o->series.seed, 0, q));
        ok = run->engines[q] != NULL;
    }
    return ok;
}

static void run_free(analyze_run *run)
{
    close_counting(&run->counting, &run->general);
    for (int q = 0; q < GAME_MAX_PLAYERS; q++)
        engine_free(run->engines[q]);
    if (run->list_ok)
        move_list_free(&run->list);
    movegen_free(run->generator);
    if (run->position_ok)
        pos_free(run->p);
    free(run->p);
}

/* --- the games of the job, played by cli_shard.c's loop */

/* What the loop's callbacks need: the run, the tally of a whole job, and
 * the names a part begins with. */
typedef struct analyze_games {
    analyze_run *run;
    tally *tally;
    const analyze_names *names;
} analyze_games;

static void *games_record_new(void *context)
{
    const analyze_games *games = context;
    return record_new(games->run->counting.sites.count);
}

static void games_record_free(void *record)
{
    record_free(record);
}

static int games_play(void *context, long index, void *record)
{
    analyze_games *games = context;
    return play_game(games->run, index, record);
}

/* A part's result: the names, then the games' records in "games". */
static void games_head(json_writer *w, const void *context)
{
    const analyze_games *games = context;
    json_begin_object(w, JSON_BLOCK);
    json_key(w, "names");
    write_names(w, games->names);
    json_key(w, "games");
    json_begin_array(w, JSON_BLOCK);
}

static void games_write(json_writer *w, const void *context, const void *record)
{
    const analyze_games *games = context;
    write_record(w, record, games->run->g->type_count);
}

static void games_add(void *context, const void *record)
{
    analyze_games *games = context;
    tally_add(games->tally, record);
}

int cli_analyze(int argc, char **argv)
{
    analyze_options o;
    int status = read_options(argc, argv, &o);
    if (status >= 0)
        return status;
    engine_spec spec;
    char error[256];
    if (!engine_spec_parse(o.engine_text, &spec, error, sizeof error)) {
        fprintf(stderr, "tabula analyze: --engine: %s\n", error);
        return EXIT_USAGE;
    }
    if (o.series.threads && spec.kind == ENGINE_RANDOM) {
        fputs("tabula analyze: --threads applies to the ab and mcts engines\n", stderr);
        return EXIT_USAGE;
    }
    if (o.series.threads)
        spec.threads = (int)o.series.threads;
    cli_loaded l;
    status = cli_load("analyze", o.path, o.variant, &l);
    if (status != EXIT_VALID) {
        cli_unload(&l);
        return status;
    }
    const game *g = l.game;
    analyze_job job = { .game = g->name, .variant = g->variant, .engine = o.engine_text,
                        .rules = cli_rules_hash(&l.sources), .games = o.series.games, .seed = o.series.seed,
                        .openings = o.series.openings, .threads = o.series.threads, .shards = o.shard.count };
    int present = cli_part_present_on_ranks("analyze", &o.shard, write_job, &job);
    if (present != 0) {
        cli_unload(&l);
        return present > 0 ? EXIT_VALID : EXIT_USAGE;
    }
    analyze_run run;
    bool ready = run_new(&run, &l, &o, &spec);
    analyze_names names;
    names_of_game(g, &run.counting.sites, &names);
    tally *t = tally_new(run.counting.sites.count);
    analyze_games context = { .run = &run, .tally = t, .names = &names };
    cli_games games = { .command = "analyze", .file = o.path, .shard = &o.shard, .count = o.series.games,
                        .job = write_job, .job_context = &job, .merge = cli_analyze_merge, .json = o.json,
                        .finished = "the report covers", .context = &context,
                        .record_new = games_record_new, .record_free = games_record_free, .play = games_play,
                        .head = games_head, .write = games_write, .add = games_add };
    if (cli_mpi_ranks() > 1) {
        status = cli_games_share(&games, ready && t);
    } else if (!ready || !t) {
        fputs("tabula analyze: out of memory\n", stderr);
        status = EXIT_INVALID;
    } else {
        status = cli_games_play(&games);   /* (a shard's records into its part, a whole job's into T) */
        if (!o.shard.count && t->games == 0)
            status = EXIT_INVALID;   /* interrupted in the first game: nothing to report */
        else if (!o.shard.count && !report(t, &names, &job, o.json))
            status = EXIT_INVALID;
    }
    run_free(&run);
    tally_free(t);
    cli_unload(&l);
    return status;
}

/* --- merge: the records of the parts, folded in the order of the games */

int cli_analyze_merge(const cli_part_read *parts, long count, bool json)
{
    const json_value *job_value = json_member(parts[0].root, "job");
    analyze_job job = { 0 };
    int64_t games, seed, openings;
    job.engine = cli_member_string(&parts[0], job_value, "engine");
    if (!job.engine || !cli_member_count(&parts[0], job_value, "games", 1, 1000000, &games)
        || !cli_member_count(&parts[0], job_value, "seed", 0, INT64_MAX, &seed)
        || !cli_member_count(&parts[0], job_value, "openings", 0, 100, &openings))
        return EXIT_INVALID;
    job.games = (long)games;
    job.seed = (long)seed;
    job.openings = (long)openings;
    /* the names are the rules': every part's alike (the rules' hash is
     * the job's), unless a part was written otherwise */
    for (long i = 1; i < count; i++)
        if (!json_equal(json_member(parts[0].result, "names"), json_member(parts[i].result, "names"))) {
            fprintf(stderr, "tabula merge: %s and %s name the game's players, pieces, end rules or alternatives "
                    "differently: were they written by different versions of tabula?\n", parts[0].path,
                    parts[i].path);
            return EXIT_INVALID;
        }
    analyze_names names = { 0 };
    const json_value **records = calloc((size_t)count, sizeof *records);
    int status = records ? EXIT_VALID : EXIT_INVALID;
    if (!records)
        fputs("tabula merge: out of memory\n", stderr);
    else if (!read_names(&parts[0], json_member(parts[0].result, "names"), &names))
        status = EXIT_INVALID;
    for (long i = 0; i < count && status == EXIT_VALID; i++) {
        if (!(records[i] = cli_member_array(&parts[i], parts[i].result, "games"))) {
            status = EXIT_INVALID;
            break;
        }
        long expected = 0;
        for (long k = i; k < job.games; k += count)
            expected++;
        if ((long)records[i]->count != expected) {
            char what[160];
            snprintf(what, sizeof what, "it holds %zu games' records, where shard %ld/%ld of %ld games has %ld",
                     records[i]->count, i + 1, count, job.games, expected);
            cli_part_malformed(&parts[i], what);
            status = EXIT_INVALID;
        }
    }
    tally *t = status == EXIT_VALID ? tally_new(names.sites) : NULL;
    game_record *r = status == EXIT_VALID ? record_new(names.sites) : NULL;
    if (status == EXIT_VALID && (!t || !r)) {
        fputs("tabula merge: out of memory\n", stderr);
        status = EXIT_INVALID;
    }
    for (long k = 0; k < job.games && status == EXIT_VALID; k++) {
        const cli_part_read *part = &parts[k % count];
        if (!read_record(part, &records[k % count]->items[k / count], &names, r)) {
            status = EXIT_INVALID;
        } else if (r->index != k) {
            char what[96];
            snprintf(what, sizeof what, "it holds game %ld where game %ld should be", r->index + 1, k + 1);
            cli_part_malformed(part, what);
            status = EXIT_INVALID;
        } else {
            tally_add(t, r);
        }
    }
    if (status == EXIT_VALID && !report(t, &names, &job, json))
        status = EXIT_INVALID;
    record_free(r);
    tally_free(t);
    free(records);
    names_free(&names);
    return status;
}
