/* session: a loaded game and the record of the game being played. */
#include <stdlib.h>
#include <string.h>

#include "front/front.h"
#include "rules/load.h"
#include "movegen/algebraic.h"
#include "movegen/notation.h"
#include "game/posstring.h"
#include "repl/repl.h"

static bool game_uses_rings(const game *g)
{
    for (int d = 0; d < g->dlist_count; d++)
        for (int p = 0; p < g->player_count; p++)
            for (int i = 0; i < g->dlists[d].count[p]; i++) {
                int kind = g->dlists[d].steps[p][i].kind;
                if (kind == STEP_RING_CLOCKWISE || kind == STEP_RING_COUNTER_CLOCKWISE)
                    return true;
            }
    return false;
}

/* The variant names, from a check of the game alone. */
static void read_variants(session *s)
{
    front_tree tree;
    if (front_tree_load(&tree, s->path)) {
        check_summary summary;
        check_options check = { .variant = NULL, .only_chosen = true };
        if (check_program(tree.program, &check, &tree.diagnostics, &summary)) {
            s->variant_count = summary.variant_count;
            memcpy(s->variants, summary.variants, sizeof s->variants);
        }
    }
    front_tree_free(&tree);
}

static void refresh(session *s)
{
    movegen_generate(s->generator, s->position, &s->moves);
    front_report_limit(s->game, &s->sources, &s->moves);   /* the list is incomplete */
    movegen_result(s->generator, s->position, &s->moves, &s->result);
}

session *session_open(const char *path, const char *variant, const char *start, char *error,
                      size_t error_size)
{
    session *s = calloc(1, sizeof *s);
    if (!s) {
        snprintf(error, error_size, "out of memory");
        return NULL;
    }
    snprintf(s->path, sizeof s->path, "%s", path);
    snprintf(s->variant, sizeof s->variant, "%s", variant ? variant : "");
    source_set_init(&s->sources);
    diag_init(&s->diagnostics);
    game_load_options options = { variant, front_loader_options() };
    bool unreadable = false;
    s->game = game_load(path, &options, &s->sources, &s->diagnostics, &unreadable);
    front_print_diagnostics(&s->diagnostics, &s->sources);
    if (!s->game) {
        snprintf(error, error_size, "cannot load %s%s%s", path, variant ? " variant " : "",
                 variant ? variant : "");
        session_free(s);
        return NULL;
    }
    s->uses_rings = game_uses_rings(s->game);
    read_variants(s);
    s->generator = movegen_new(s->game);
    s->position = calloc(1, sizeof *s->position);
    /* (only algebraic notation counts replies, for its check marks) */
    bool replies_ok = s->game->notation != GAME_NOTATION_ALGEBRAIC
                      || ((s->replies = calloc(1, sizeof *s->replies)) && move_list_init(s->replies));
    if (!s->generator || !s->position || !pos_init(s->position, s->game)
        || !move_list_init(&s->moves) || !replies_ok) {
        snprintf(error, error_size, "out of memory");
        session_free(s);
        return NULL;
    }
    if (!session_restart(s, start, error, error_size)) {
        session_free(s);
        return NULL;
    }
    return s;
}

static void clear_record(session *s)
{
    for (int i = 0; i < s->record_count; i++) {
        free(s->record[i].text);
        free(s->record[i].shown);
    }
    s->record_count = 0;
    for (int i = 0; i < s->redo_count; i++)
        free(s->redo[i]);
    s->redo_count = 0;
}

void session_free(session *s)
{
    if (!s)
        return;
    clear_record(s);
    free(s->record);
    free(s->redo);
    free(s->start);
    if (s->position && s->position->game)
        pos_free(s->position);
    free(s->position);
    move_list_free(&s->moves);
    if (s->replies)
        move_list_free(s->replies);
    free(s->replies);
    movegen_free(s->generator);
    game_free(s->game);
    diag_free(&s->diagnostics);
    source_set_free(&s->sources);
    free(s);
}

bool session_restart(session *s, const char *start, char *error, size_t error_size)
{
    if (start) {
        char why[256];
        if (!posstring_read(s->position, start, why, sizeof why)) {
            snprintf(error, error_size, "bad position string: %s", why);
            return false;
        }
        char *copy = strdup(start);
        if (!copy) {
            snprintf(error, error_size, "out of memory");
            return false;
        }
        free(s->start);
        s->start = copy;
    } else {
        pos_reset(s->position);
        free(s->start);
        s->start = NULL;
    }
    clear_record(s);
    refresh(s);
    return true;
}

void session_move_text(const session *s, int index, char *out, size_t size)
{
    notation_move(s->game, &s->moves, index, out, size);
}

void session_move_shown(const session *s, int index, char *out, size_t size)
{
    algebraic_shown(s->generator, s->position, &s->moves, index, s->replies, out, size);
}

bool session_algebraic(const session *s)
{
    return s->game->notation == GAME_NOTATION_ALGEBRAIC;
}

int session_find_exact(const session *s, const char *text)
{
    char buffer[REPL_MOVE_TEXT];
    for (int i = 0; i < s->moves.count; i++) {
        session_move_text(s, i, buffer, sizeof buffer);
        if (!strcmp(buffer, text))
            return i;
    }
    return -1;
}

static bool push_record(session *s, char *text, char *shown, int index)
{
    if (s->record_count == s->record_capacity) {
        int capacity = s->record_capacity ? s->record_capacity * 2 : 64;
        record_entry *grown = realloc(s->record, (size_t)capacity * sizeof *grown);
        if (!grown)
            return false;
        s->record = grown;
        s->record_capacity = capacity;
    }
    record_entry *e = &s->record[s->record_count];
    memset(e, 0, sizeof *e);
    e->text = text;
    e->shown = shown;
    e->mover = s->position->side;
    const move *mv = &s->moves.moves[index];
    const int32_t *path = s->moves.path + mv->path_first;
    for (int i = 0; i < mv->path_count && e->mark_count < REPL_MAX_MARKS; i++) {
        int kind = PATH_KIND(path[i]);
        if (kind == PATH_FROM || kind == PATH_TO || kind == PATH_TO_CAPTURE || kind == PATH_DROP
            || kind == PATH_CAPTURED)
            e->marks[e->mark_count++] = PATH_VALUE(path[i]);
    }
    return true;
}

static bool play(session *s, int index, char *error, size_t error_size)
{
    if (index < 0 || index >= s->moves.count) {
        snprintf(error, error_size, "no such move");
        return false;
    }
    if (s->record_count >= POSITION_MAX_PLIES - 1) {
        snprintf(error, error_size, "the record is full (%d moves)", s->record_count);
        return false;
    }
    char buffer[REPL_MOVE_TEXT], shown_buffer[REPL_MOVE_TEXT];
    session_move_text(s, index, buffer, sizeof buffer);
    session_move_shown(s, index, shown_buffer, sizeof shown_buffer);
    char *text = strdup(buffer), *shown = strdup(shown_buffer);
    if (!text || !shown || !push_record(s, text, shown, index)) {
        free(text);
        free(shown);
        snprintf(error, error_size, "out of memory");
        return false;
    }
    move_make(s->position, &s->moves, index, &s->record[s->record_count].undo);
    s->record_count++;
    refresh(s);
    return true;
}

/* Plays the first COUNT moves of the record again from the start (when the
 * change log overflowed and undo records cannot be trusted). */
static void replay(session *s, int count)
{
    if (s->start) {
        char why[256];
        posstring_read(s->position, s->start, why, sizeof why);
    } else {
        pos_reset(s->position);
    }
    int kept = s->record_count;
    s->record_count = 0;
    refresh(s);
    for (int i = 0; i < count; i++) {
        int index = session_find_exact(s, s->record[i].text);
        if (index < 0)
            break;
        move_make(s->position, &s->moves, index, &s->record[i].undo);
        s->record_count = i + 1;
        refresh(s);
    }
    for (int i = s->record_count; i < kept; i++) {
        free(s->record[i].text);
        free(s->record[i].shown);
        s->record[i].text = NULL;
        s->record[i].shown = NULL;
    }
}

bool session_play(session *s, int index, char *error, size_t error_size)
{
    if (!play(s, index, error, error_size))
        return false;
    for (int i = 0; i < s->redo_count; i++)
        free(s->redo[i]);
    s->redo_count = 0;
    return true;
}

bool session_undo(session *s)
{
    if (s->record_count == 0)
        return false;
    record_entry *e = &s->record[s->record_count - 1];
    if (s->redo_count == s->redo_capacity) {
        int capacity = s->redo_capacity ? s->redo_capacity * 2 : 64;
        char **grown = realloc(s->redo, (size_t)capacity * sizeof *grown);
        if (!grown)
            return false;
        s->redo = grown;
        s->redo_capacity = capacity;
    }
    s->redo[s->redo_count++] = e->text;
    e->text = NULL;
    free(e->shown);
    e->shown = NULL;
    if (s->position->log_overflow) {
        replay(s, s->record_count - 1);
    } else {
        pos_unmake(s->position, &e->undo);
        s->record_count--;
        refresh(s);
    }
    return true;
}

bool session_redo(session *s, char *error, size_t error_size)
{
    if (s->redo_count == 0) {
        snprintf(error, error_size, "nothing to redo");
        return false;
    }
    const char *text = s->redo[s->redo_count - 1];
    int index = session_find_exact(s, text);
    if (index < 0) {
        snprintf(error, error_size, "'%s' is no longer legal", text);
        return false;
    }
    if (!play(s, index, error, error_size))
        return false;
    free(s->redo[--s->redo_count]);
    return true;
}

void session_position_string(const session *s, char *out, size_t size)
{
    posstring_write(s->position, out, size);
}

void session_end_reason(const session *s, char *out, size_t size)
{
    snprintf(out, size, "%s", s->result.over ? game_end_text(s->game, &s->result) : "");
}

void session_outcome_text(const session *s, char *out, size_t size)
{
    char result[256], reason[160];
    session_result_text(s, result, sizeof result);
    session_end_reason(s, reason, sizeof reason);
    snprintf(out, size, reason[0] ? "%s (%s)" : "%s", result, reason);
}

void session_result_text(const session *s, char *out, size_t size)
{
    const game *g = s->game;
    if (!s->result.over) {
        snprintf(out, size, "*");
    } else if (s->result.winner >= 0) {
        snprintf(out, size, "%s wins", g->player_names[s->result.winner]);
    } else {
        bool even = true;
        for (int p = 1; p < g->player_count; p++)
            if (s->result.score[p] != s->result.score[0])
                even = false;
        if (even) {
            snprintf(out, size, "draw");
            return;
        }
        size_t n = 0;
        out[0] = '\0';
        for (int p = 0; p < g->player_count && n < size; p++)
            n += (size_t)snprintf(out + n, size - n, "%s%s %g", p ? ", " : "", g->player_names[p],
                                  s->result.score[p]);
    }
}
