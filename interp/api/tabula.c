/* tabula: the public API of tabula.h, over the interpreter's own modules:
 * rules/load.h to load, game/position.h and game/posstring.h for
 * positions, movegen/ for moves, their text and perft, search/ for the
 * engines.  Each handle wraps the internal object with what the API
 * promises on top: a position keeps its legal moves and its undo records,
 * a game the names of its files (for the place of a generator's limit). */
#include "tabula.h"

#include <limits.h>
#include <pthread.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "config.h"
#include "diag.h"
#include "front/front.h"
#include "game/game.h"
#include "game/position.h"
#include "game/posstring.h"
#include "movegen/movegen.h"
#include "movegen/notation.h"
#include "movegen/perft.h"
#include "movegen/typed.h"
#include "rules/load.h"
#include "search/search.h"
#include "source.h"

_Static_assert(TABULA_MAX_PLAYERS == GAME_MAX_PLAYERS, "tabula.h's TABULA_MAX_PLAYERS is the game's");
_Static_assert(TABULA_MAX_PLAYERS <= 4, "tabula.h's TABULA_MAX_PLAYERS is the game's");
_Static_assert(PERFT_MAX_DEPTH == 64, "tabula.h says tabula_perft counts to depth 64");
_Static_assert(TABULA_SEARCH_MAX_DEPTH == SEARCH_MAX_PLY - 1, "tabula.h's search depth is the engines'");
_Static_assert(TABULA_SEARCH_MAX_THREADS == SEARCH_MAX_THREADS, "tabula.h's threads are the engines'");

struct tabula_game {
    game *compiled;
    source_set sources;         /* the files read: where a generator's limit is quoted from */
};

struct tabula_diagnostics {
    source_set sources;
    diag_list list;
};

struct tabula_position {
    const tabula_game *owner;
    position state;
    movegen *generator;         /* NULL until moves are first asked for */
    move_list moves;            /* allocated with the generator */
    bool listed;                /* MOVES holds the legal moves of STATE as it stands */
    undo *undos;                /* one for each move tabula_play made that can be taken back */
    int undo_count, undo_capacity;
};

struct tabula_engine {
    const tabula_game *owner;
    engine *chooser;
    tabula_progress progress;
    void *context;
};

const char *tabula_version(void)
{
    return PACKAGE_VERSION;
}

const char *tabula_status_text(tabula_status status)
{
    switch (status) {
    case TABULA_OK: return "success";
    case TABULA_ERROR_ARGUMENT: return "a bad argument";
    case TABULA_ERROR_UNREADABLE: return "the rules file cannot be read";
    case TABULA_ERROR_RULES: return "the rules have errors";
    case TABULA_ERROR_POSITION: return "the position text does not read";
    case TABULA_ERROR_MOVE: return "the move is not legal";
    case TABULA_ERROR_ENGINE: return "the engine text does not read";
    case TABULA_ERROR_OVER: return "the game is over";
    case TABULA_ERROR_NOTHING_TO_UNDO: return "there is no move to take back";
    case TABULA_ERROR_LIMIT: return "a limit of the move generator was hit";
    case TABULA_ERROR_MEMORY: return "out of memory";
    }
    return "an unknown status";
}

/* Returns STATUS, with its sentence in ERROR when the caller gave one. */
__attribute__((format(printf, 3, 4)))
static tabula_status fail(tabula_error *error, tabula_status status, const char *format, ...)
{
    if (error) {
        error->status = status;
        va_list args;
        va_start(args, format);
        vsnprintf(error->message, sizeof error->message, format, args);
        va_end(args);
    }
    return status;
}

static tabula_status succeed(tabula_error *error)
{
    if (error) {
        error->status = TABULA_OK;
        error->message[0] = '\0';
    }
    return TABULA_OK;
}

/* --- games */

/* Where the stdlib and the shipped games are (front_data_dir), worked out
 * once for every thread. */
static pthread_once_t data_once = PTHREAD_ONCE_INIT;
static char stdlib_folder[4200], games_folder[4200];

static void find_data(void)
{
    snprintf(stdlib_folder, sizeof stdlib_folder, "%s/stdlib", front_data_dir());
    snprintf(games_folder, sizeof games_folder, "%s/games", front_data_dir());
}

static game_load_options load_options(const char *variant)
{
    pthread_once(&data_once, find_data);
    game_load_options options = { variant, loader_options_from_environment(stdlib_folder) };
    options.loader.games_dir = games_folder;
    return options;
}

/* The load's end, from either source: the handles made and the status. */
static tabula_status finish_load(game *compiled, bool unreadable, const char *name, tabula_diagnostics *found,
                                 tabula_game **out, tabula_diagnostics **diagnostics, tabula_error *error)
{
    tabula_status status = TABULA_OK;
    tabula_game *made = NULL;
    char first[TABULA_MESSAGE_SIZE] = "";
    for (int i = 0; i < found->list.count; i++) {
        const diagnostic *d = &found->list.items[i];
        if (d->severity != DIAG_ERROR)
            continue;
        const char *file = d->location.file >= 0 ? source_path(&found->sources, d->location.file) : NULL;
        if (file)
            snprintf(first, sizeof first, "%s:%d:%d: %s", file, d->location.line, d->location.column, d->message);
        else
            snprintf(first, sizeof first, "%s", d->message);
        break;
    }
    if (!compiled) {
        if (unreadable)
            status = fail(error, TABULA_ERROR_UNREADABLE, "%s", first[0] ? first : "cannot read the rules");
        else if (found->list.errors > 0)
            status = fail(error, TABULA_ERROR_RULES, "%s", first);
        else
            status = fail(error, TABULA_ERROR_MEMORY, "out of memory loading %s", name);
    } else {
        made = calloc(1, sizeof *made);
        bool copied = made != NULL;
        if (made)
            source_set_init(&made->sources);
        for (int i = 0; copied && i < found->sources.count; i++) {
            const source_file *file = &found->sources.files[i];
            copied = source_set_add(&made->sources, file->path, file->text, file->length) == i;
        }
        if (copied) {
            made->compiled = compiled;
            compiled = NULL;
            status = succeed(error);
        } else {
            tabula_game_free(made);
            made = NULL;
            status = fail(error, TABULA_ERROR_MEMORY, "out of memory loading %s", name);
        }
    }
    game_free(compiled);
    *out = made;
    if (diagnostics)
        *diagnostics = found;
    else
        tabula_diagnostics_free(found);
    return status;
}

static tabula_diagnostics *new_diagnostics(void)
{
    tabula_diagnostics *d = malloc(sizeof *d);
    if (d) {
        source_set_init(&d->sources);
        diag_init(&d->list);
    }
    return d;
}

tabula_status tabula_game_load(const char *path, const char *variant, tabula_game **out,
                               tabula_diagnostics **diagnostics, tabula_error *error)
{
    if (diagnostics)
        *diagnostics = NULL;
    if (!out)
        return fail(error, TABULA_ERROR_ARGUMENT, "tabula_game_load: no place for the game");
    *out = NULL;
    if (!path)
        return fail(error, TABULA_ERROR_ARGUMENT, "tabula_game_load: no file named");
    tabula_diagnostics *found = new_diagnostics();
    if (!found)
        return fail(error, TABULA_ERROR_MEMORY, "out of memory loading %s", path);
    game_load_options options = load_options(variant);
    bool unreadable = false;
    game *compiled = game_load(path, &options, &found->sources, &found->list, &unreadable);
    return finish_load(compiled, unreadable, path, found, out, diagnostics, error);
}

tabula_status tabula_game_load_text(const char *name, const char *text, size_t length, const char *variant,
                                    tabula_game **out, tabula_diagnostics **diagnostics, tabula_error *error)
{
    if (diagnostics)
        *diagnostics = NULL;
    if (!out)
        return fail(error, TABULA_ERROR_ARGUMENT, "tabula_game_load_text: no place for the game");
    *out = NULL;
    if (!name || (!text && length > 0))
        return fail(error, TABULA_ERROR_ARGUMENT, "tabula_game_load_text: no name or no text");
    tabula_diagnostics *found = new_diagnostics();
    if (!found)
        return fail(error, TABULA_ERROR_MEMORY, "out of memory loading %s", name);
    game_load_options options = load_options(variant);
    bool unreadable = false;
    game *compiled = game_load_text(name, text ? text : "", length, &options, &found->sources, &found->list,
                                    &unreadable);
    return finish_load(compiled, unreadable, name, found, out, diagnostics, error);
}

void tabula_game_free(tabula_game *g)
{
    if (!g)
        return;
    source_set_free(&g->sources);
    game_free(g->compiled);
    free(g);
}

const char *tabula_game_name(const tabula_game *g)
{
    return g ? g->compiled->name : NULL;
}

const char *tabula_game_variant(const tabula_game *g)
{
    return g ? g->compiled->variant : NULL;
}

int tabula_game_players(const tabula_game *g)
{
    return g ? g->compiled->player_count : 0;
}

const char *tabula_game_player_name(const tabula_game *g, int player)
{
    if (!g || player < 0 || player >= g->compiled->player_count)
        return NULL;
    return g->compiled->player_names[player];
}

/* --- diagnostics */

int tabula_diagnostics_count(const tabula_diagnostics *d)
{
    return d ? d->list.count : 0;
}

int tabula_diagnostics_errors(const tabula_diagnostics *d)
{
    return d ? d->list.errors : 0;
}

tabula_status tabula_diagnostics_get(const tabula_diagnostics *d, int index, tabula_diagnostic *out)
{
    if (!d || !out || index < 0 || index >= d->list.count)
        return TABULA_ERROR_ARGUMENT;
    const diagnostic *item = &d->list.items[index];
    static const tabula_severity severities[] = {
        [DIAG_ERROR] = TABULA_SEVERITY_ERROR,
        [DIAG_WARNING] = TABULA_SEVERITY_WARNING,
        [DIAG_NOTE] = TABULA_SEVERITY_NOTE,
    };
    const source_location *at = &item->location;
    bool placed = at->file >= 0 && at->file < d->sources.count;
    *out = (tabula_diagnostic){
        .severity = severities[item->severity],
        .file = placed ? source_path(&d->sources, at->file) : NULL,
        .line = placed ? at->line : 0,
        .column = placed ? at->column : 0,
        .end_line = placed ? at->end_line : 0,
        .end_column = placed ? at->end_column : 0,
        .message = item->message,
        .hint = item->hint,
    };
    return TABULA_OK;
}

tabula_status tabula_diagnostics_write(const tabula_diagnostics *d, FILE *stream, bool colour)
{
    if (!d || !stream)
        return TABULA_ERROR_ARGUMENT;
    diag_print(&d->list, &d->sources, stream, colour);
    return TABULA_OK;
}

void tabula_diagnostics_free(tabula_diagnostics *d)
{
    if (!d)
        return;
    diag_free(&d->list);
    source_set_free(&d->sources);
    free(d);
}

/* --- positions */

static tabula_position *position_alloc(const tabula_game *g)
{
    tabula_position *p = calloc(1, sizeof *p);
    if (!p)
        return NULL;
    if (!pos_init(&p->state, g->compiled)) {
        pos_free(&p->state);
        free(p);
        return NULL;
    }
    p->owner = g;
    return p;
}

tabula_status tabula_position_new(const tabula_game *g, tabula_position **out, tabula_error *error)
{
    if (!out)
        return fail(error, TABULA_ERROR_ARGUMENT, "tabula_position_new: no place for the position");
    *out = NULL;
    if (!g)
        return fail(error, TABULA_ERROR_ARGUMENT, "tabula_position_new: no game");
    *out = position_alloc(g);
    return *out ? succeed(error) : fail(error, TABULA_ERROR_MEMORY, "out of memory making a position");
}

tabula_status tabula_position_from_text(const tabula_game *g, const char *text, tabula_position **out,
                                        tabula_error *error)
{
    if (!out)
        return fail(error, TABULA_ERROR_ARGUMENT, "tabula_position_from_text: no place for the position");
    *out = NULL;
    if (!g || !text)
        return fail(error, TABULA_ERROR_ARGUMENT, "tabula_position_from_text: no game or no text");
    tabula_position *p = position_alloc(g);
    if (!p)
        return fail(error, TABULA_ERROR_MEMORY, "out of memory making a position");
    char why[256];
    if (!posstring_read(&p->state, text, why, sizeof why)) {
        tabula_position_free(p);
        return fail(error, TABULA_ERROR_POSITION, "bad position: %s", why);
    }
    *out = p;
    return succeed(error);
}

tabula_status tabula_position_copy(const tabula_position *from, tabula_position **out, tabula_error *error)
{
    if (!out)
        return fail(error, TABULA_ERROR_ARGUMENT, "tabula_position_copy: no place for the copy");
    *out = NULL;
    if (!from)
        return fail(error, TABULA_ERROR_ARGUMENT, "tabula_position_copy: no position");
    tabula_position *p = position_alloc(from->owner);
    if (!p || !pos_copy(&p->state, &from->state)) {
        tabula_position_free(p);
        return fail(error, TABULA_ERROR_MEMORY, "out of memory copying a position");
    }
    *out = p;
    return succeed(error);
}

void tabula_position_free(tabula_position *p)
{
    if (!p)
        return;
    if (p->generator) {
        move_list_free(&p->moves);
        movegen_free(p->generator);
    }
    free(p->undos);
    pos_free(&p->state);
    free(p);
}

size_t tabula_position_write(const tabula_position *p, char *out, size_t size)
{
    char none[1];
    if (!p) {
        if (size)
            out[0] = '\0';
        return 0;
    }
    int needed = size ? posstring_write(&p->state, out, size) : posstring_write(&p->state, none, sizeof none);
    return needed > 0 ? (size_t)needed : 0;
}

int tabula_position_side(const tabula_position *p)
{
    return p ? p->state.side : -1;
}

int tabula_position_ply(const tabula_position *p)
{
    return p ? p->state.ply : -1;
}

const tabula_game *tabula_position_game(const tabula_position *p)
{
    return p ? p->owner : NULL;
}

/* --- moves */

/* The sentence for a limit the generator hit in LIST, at its rule. */
static tabula_status limit_hit(const tabula_game *g, const move_list *list, tabula_error *error)
{
    char text[256];
    movegen_limit_text(list, text, sizeof text);
    source_location at = movegen_limit_location(g->compiled, list);
    if (at.line > 0 && at.file >= 0 && at.file < g->sources.count)
        return fail(error, TABULA_ERROR_LIMIT, "%s:%d:%d: %s", source_path(&g->sources, at.file), at.line,
                    at.column, text);
    return fail(error, TABULA_ERROR_LIMIT, "%s", text);
}

/* Lists P's legal moves unless they are listed already. */
static tabula_status list_moves(tabula_position *p, tabula_error *error)
{
    if (!p->generator) {
        p->generator = movegen_new(p->owner->compiled);
        if (!p->generator)
            return fail(error, TABULA_ERROR_MEMORY, "out of memory listing moves");
        if (!move_list_init(&p->moves)) {
            movegen_free(p->generator);
            p->generator = NULL;
            return fail(error, TABULA_ERROR_MEMORY, "out of memory listing moves");
        }
    }
    if (!p->listed) {
        movegen_generate(p->generator, &p->state, &p->moves);
        p->listed = true;
    }
    if (p->moves.overflow)
        return limit_hit(p->owner, &p->moves, error);
    return succeed(error);
}

tabula_status tabula_moves(tabula_position *p, int *count, tabula_error *error)
{
    if (count)
        *count = 0;
    if (!p)
        return fail(error, TABULA_ERROR_ARGUMENT, "tabula_moves: no position");
    tabula_status status = list_moves(p, error);
    if (status == TABULA_OK && count)
        *count = p->moves.count;
    return status;
}

tabula_status tabula_limit_write(tabula_position *p, FILE *stream, bool colour)
{
    if (!p || !stream || list_moves(p, NULL) != TABULA_ERROR_LIMIT)
        return TABULA_ERROR_ARGUMENT;
    char text[256];
    movegen_limit_text(&p->moves, text, sizeof text);
    diag_list report;
    diag_init(&report);
    /* (the hint and text front_report_limit gives the program's commands) */
    bool reported = diag_report(&report, DIAG_ERROR, movegen_limit_location(p->owner->compiled, &p->moves),
                                "the limits are listed under LIMITS in tabula-rules(5)", "%s", text);
    diag_print(&report, &p->owner->sources, stream, colour);
    diag_free(&report);
    return reported ? TABULA_OK : TABULA_ERROR_MEMORY;
}

size_t tabula_move_write(tabula_position *p, int index, char *out, size_t size)
{
    if (size)
        out[0] = '\0';
    if (!p || list_moves(p, NULL) != TABULA_OK || index < 0 || index >= p->moves.count)
        return 0;
    char none[1];
    int needed = size ? notation_move(p->owner->compiled, &p->moves, index, out, size)
                      : notation_move(p->owner->compiled, &p->moves, index, none, sizeof none);
    return needed > 0 ? (size_t)needed : 0;
}

tabula_status tabula_move_find(tabula_position *p, const char *text, int *index, tabula_error *error)
{
    if (!p || !text || !index)
        return fail(error, TABULA_ERROR_ARGUMENT, "tabula_move_find: no position, text or place for the move");
    *index = -1;
    tabula_status status = list_moves(p, error);
    if (status != TABULA_OK)
        return status;
    const game *g = p->owner->compiled;
    const char *mover = g->player_names[p->state.side];
    int found = -1;
    char candidate[256] = "";
    typed_match match = typed_find(g, &p->moves, text, false, &found);
    if (found >= 0)
        notation_move(g, &p->moves, found, candidate, sizeof candidate);
    switch (match) {
    case TYPED_FOUND:
    case TYPED_FOUND_LOOSE:
        *index = found;
        return succeed(error);
    case TYPED_PARTS:
        return fail(error, TABULA_ERROR_MOVE, "'%s' is the start of several moves of %s (%s, ...): give the whole turn",
                    text, mover, candidate);
    case TYPED_AMBIGUOUS_ALGEBRAIC:
    case TYPED_AMBIGUOUS:
    case TYPED_AMBIGUOUS_LOOSE:
        return fail(error, TABULA_ERROR_MOVE, "'%s' could be several moves of %s (%s, ...): give more of one's text",
                    text, mover, candidate);
    case TYPED_NONE:
        break;
    }
    return fail(error, TABULA_ERROR_MOVE, "'%s' is not a legal move for %s", text, mover);
}

tabula_status tabula_play(tabula_position *p, int index, tabula_error *error)
{
    if (!p)
        return fail(error, TABULA_ERROR_ARGUMENT, "tabula_play: no position");
    tabula_status status = list_moves(p, error);
    if (status != TABULA_OK)
        return status;
    game_result result;
    movegen_result(p->generator, &p->state, &p->moves, &result);
    if (result.over)
        return fail(error, TABULA_ERROR_OVER, "the game is over: %s", game_end_text(p->owner->compiled, &result));
    if (index < 0 || index >= p->moves.count)
        return fail(error, TABULA_ERROR_MOVE, "there is no move %d: %s has %d legal move%s", index,
                    p->owner->compiled->player_names[p->state.side], p->moves.count,
                    p->moves.count == 1 ? "" : "s");
    if (p->undo_count == p->undo_capacity) {
        int grown = p->undo_capacity ? p->undo_capacity * 2 : 64;
        undo *more = realloc(p->undos, (size_t)grown * sizeof *more);
        if (!more)
            return fail(error, TABULA_ERROR_MEMORY, "out of memory playing a move");
        p->undos = more;
        p->undo_capacity = grown;
    }
    move_make(&p->state, &p->moves, index, &p->undos[p->undo_count++]);
    /* a change the log could not hold: no move before it can be taken back */
    if (p->state.log_overflow)
        p->undo_count = 0;
    p->listed = false;
    return succeed(error);
}

tabula_status tabula_play_text(tabula_position *p, const char *text, tabula_error *error)
{
    int index = -1;
    tabula_status status = tabula_move_find(p, text, &index, error);
    return status == TABULA_OK ? tabula_play(p, index, error) : status;
}

tabula_status tabula_undo(tabula_position *p, tabula_error *error)
{
    if (!p)
        return fail(error, TABULA_ERROR_ARGUMENT, "tabula_undo: no position");
    if (p->undo_count == 0)
        return fail(error, TABULA_ERROR_NOTHING_TO_UNDO, "there is no move to take back");
    pos_unmake(&p->state, &p->undos[--p->undo_count]);
    p->listed = false;
    return succeed(error);
}

/* --- the result */

tabula_status tabula_result_get(tabula_position *p, tabula_result *out, tabula_error *error)
{
    if (!p || !out)
        return fail(error, TABULA_ERROR_ARGUMENT, "tabula_result_get: no position or no place for the result");
    tabula_status status = list_moves(p, error);
    if (status != TABULA_OK)
        return status;
    game_result result;
    movegen_result(p->generator, &p->state, &p->moves, &result);
    memset(out, 0, sizeof *out);
    out->over = result.over;
    out->winner = result.over ? result.winner : -1;
    for (int i = 0; result.over && i < p->owner->compiled->player_count; i++)
        out->score[i] = result.score[i];
    out->reason = result.over ? game_end_text(p->owner->compiled, &result) : NULL;
    return succeed(error);
}

/* --- perft and the engines */

tabula_status tabula_perft(tabula_position *p, int depth, uint64_t *count, tabula_error *error)
{
    if (!p || !count)
        return fail(error, TABULA_ERROR_ARGUMENT, "tabula_perft: no position or no place for the count");
    if (depth < 1 || depth > PERFT_MAX_DEPTH)
        return fail(error, TABULA_ERROR_ARGUMENT, "tabula_perft: the depth is 1 to %d, not %d", PERFT_MAX_DEPTH,
                    depth);
    perft_state *s = malloc(sizeof *s);
    if (!s || !perft_setup(s, p->owner->compiled, depth) || !pos_copy(&s->position, &p->state)) {
        if (s)
            perft_teardown(s, depth);
        free(s);
        return fail(error, TABULA_ERROR_MEMORY, "out of memory counting moves");
    }
    perft_count(s, 0, depth);
    tabula_status status = s->overflow ? limit_hit(p->owner, &s->limit, error) : succeed(error);
    if (status == TABULA_OK)
        *count = s->counts.nodes[depth];
    perft_teardown(s, depth);
    free(s);
    return status;
}

/* Reads TEXT into SPEC, refusing an ab or mcts engine without a limit. */
static tabula_status read_spec(const char *text, engine_spec *spec, tabula_error *error)
{
    char why[256];
    if (!engine_spec_parse(text, spec, why, sizeof why))
        return fail(error, TABULA_ERROR_ENGINE, "%s", why);
    bool limited = spec->kind == ENGINE_RANDOM || spec->time_ms > 0
                   || (spec->kind == ENGINE_ALPHABETA && (spec->depth > 0 || spec->nodes > 0))
                   || (spec->kind == ENGINE_MCTS && spec->playouts > 0);
    if (!limited)
        return fail(error, TABULA_ERROR_ENGINE, "'%s' has no limit: give %s", text,
                    spec->kind == ENGINE_MCTS ? "playouts=N or time=MS" : "depth=N, time=MS or nodes=N");
    return succeed(error);
}

tabula_status tabula_engine_check(const char *text, tabula_error *error)
{
    if (!text)
        return fail(error, TABULA_ERROR_ARGUMENT, "tabula_engine_check: no engine text");
    engine_spec spec;
    return read_spec(text, &spec, error);
}

tabula_status tabula_engine_new(const tabula_game *g, const char *text, uint64_t seed, tabula_engine **out,
                                tabula_error *error)
{
    if (!out)
        return fail(error, TABULA_ERROR_ARGUMENT, "tabula_engine_new: no place for the engine");
    *out = NULL;
    if (!g || !text)
        return fail(error, TABULA_ERROR_ARGUMENT, "tabula_engine_new: no game or no engine text");
    engine_spec spec;
    tabula_status status = read_spec(text, &spec, error);
    if (status != TABULA_OK)
        return status;
    tabula_engine *made = malloc(sizeof *made);
    if (made)
        made->chooser = engine_new(g->compiled, &spec, seed);
    if (!made || !made->chooser) {
        free(made);
        return fail(error, TABULA_ERROR_MEMORY, "out of memory making an engine");
    }
    made->owner = g;
    made->progress = NULL;
    made->context = NULL;
    *out = made;
    return succeed(error);
}

void tabula_engine_free(tabula_engine *e)
{
    if (!e)
        return;
    engine_free(e->chooser);
    free(e);
}

void tabula_engine_set_progress(tabula_engine *e, tabula_progress progress, void *context)
{
    if (!e)
        return;
    e->progress = progress;
    e->context = context;
}

static const tabula_score_kind public_kinds[] = {
    [SCORE_VALUE] = TABULA_SCORE_VALUE,
    [SCORE_WIN] = TABULA_SCORE_WIN,
    [SCORE_LOSS] = TABULA_SCORE_LOSS,
    [SCORE_DRAW] = TABULA_SCORE_DRAW,
};

/* An engine's progress passed on to its tabula_progress. */
static void pass_progress(const search_info *info, void *context)
{
    const tabula_engine *e = context;
    tabula_search_info passed = {
        .depth = info->depth,
        .kind = public_kinds[info->kind],
        .score = info->score,
        .distance = info->distance,
        .nodes = info->nodes,
        .seconds = info->seconds,
        .line = info->pv,
    };
    e->progress(&passed, e->context);
}

tabula_status tabula_engine_choose(tabula_engine *e, tabula_position *p, tabula_search_result *out,
                                   tabula_error *error)
{
    if (!e || !p || !out)
        return fail(error, TABULA_ERROR_ARGUMENT, "tabula_engine_choose: no engine, position or place for the result");
    if (e->owner->compiled != p->owner->compiled)
        return fail(error, TABULA_ERROR_ARGUMENT, "tabula_engine_choose: the engine is for another game");
    tabula_status status = list_moves(p, error);
    if (status != TABULA_OK)
        return status;
    game_result over;
    movegen_result(p->generator, &p->state, &p->moves, &over);
    if (over.over)
        return fail(error, TABULA_ERROR_OVER, "the game is over: %s", game_end_text(p->owner->compiled, &over));
    if (p->moves.count == 0)
        return fail(error, TABULA_ERROR_OVER, "%s has no legal move", p->owner->compiled->player_names[p->state.side]);
    search_result chosen;
    engine_choose(e->chooser, &p->state, &chosen, e->progress ? pass_progress : NULL, e);
    int index = chosen.best >= 0 ? move_list_find(&p->moves, engine_root_moves(e->chooser), chosen.best) : -1;
    if (index < 0)
        return fail(error, TABULA_ERROR_OVER, "the engine found no move");
    *out = (tabula_search_result){
        .move = index,
        .kind = public_kinds[chosen.kind],
        .score = chosen.score,
        .distance = chosen.distance,
        .depth = chosen.depth,
        .nodes = chosen.nodes,
        .seconds = chosen.seconds,
    };
    return succeed(error);
}

tabula_status tabula_search(tabula_position *p, const char *spec, uint64_t seed, tabula_search_result *out,
                            tabula_error *error)
{
    if (!p)
        return fail(error, TABULA_ERROR_ARGUMENT, "tabula_search: no position");
    tabula_engine *e;
    tabula_status status = tabula_engine_new(p->owner, spec, seed, &e, error);
    if (status != TABULA_OK)
        return status;
    status = tabula_engine_choose(e, p, out, error);
    tabula_engine_free(e);
    return status;
}

void tabula_interrupt(void)
{
    search_interrupt();
}

bool tabula_interrupted(void)
{
    return search_interrupted();
}

void tabula_interrupt_clear(void)
{
    search_clear_interrupt();
}

void tabula_engine_stop(tabula_engine *e)
{
    if (e)
        engine_stop(e->chooser, true);
}

void tabula_engine_stop_clear(tabula_engine *e)
{
    if (e)
        engine_stop(e->chooser, false);
}

size_t tabula_score_write(const tabula_search_result *r, char *out, size_t size)
{
    if (!r) {
        if (size)
            out[0] = '\0';
        return 0;
    }
    static const score_kind kinds[] = {
        [TABULA_SCORE_VALUE] = SCORE_VALUE,
        [TABULA_SCORE_WIN] = SCORE_WIN,
        [TABULA_SCORE_LOSS] = SCORE_LOSS,
        [TABULA_SCORE_DRAW] = SCORE_DRAW,
    };
    char text[64];
    score_kind kind = r->kind >= TABULA_SCORE_VALUE && r->kind <= TABULA_SCORE_DRAW ? kinds[r->kind] : SCORE_VALUE;
    search_score_text(kind, r->score, r->distance, text, sizeof text);
    if (size)
        snprintf(out, size, "%s", text);
    return strlen(text);
}
