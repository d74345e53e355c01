/* engines: the computer players of `tabula play`.
 *
 * A seat (a player) may be given to an engine ('ai SIDE SPEC', or
 * --pN SPEC); after every move made, engines whose turn it is move at once,
 * until a person's turn or the end.  'go' makes the engine move for the side
 * to move, 'hint' shows the move it would make.  Engines are built when
 * first needed and again when the game changes (a variant, a load).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "movegen/notation.h"
#include "repl/repl.h"

static engine *engine_for(repl *r, const engine_spec *spec, int player)
{
    const game *g = r->session->game;
    if (r->engines_game != g) {
        engines_free(r);
        r->engines_game = g;
    }
    if (player >= 0 && r->engines[player])
        return r->engines[player];
    /* seeded by seat, so that a scripted session plays the same games */
    engine *e = engine_new(g, spec, 0x7AB + (uint64_t)player * 7919u);
    if (e && player >= 0)
        r->engines[player] = e;
    return e;
}

void engines_free(repl *r)
{
    for (int p = 0; p < GAME_MAX_PLAYERS; p++) {
        engine_free(r->engines[p]);
        r->engines[p] = NULL;
    }
    r->engines_game = NULL;
}

/* Runs the engine for the side to move; fills TEXT with its move. */
static bool think(repl *r, const engine_spec *spec, int seat, char *text, size_t size,
                  search_result *result)
{
    session *s = r->session;
    engine *e = engine_for(r, spec, seat);
    if (!e) {
        fputs("error: out of memory building the engine\n", stderr);
        return false;
    }
    search_clear_interrupt();   /* a Ctrl-C at the prompt is not for this search */
    engine_choose(e, s->position, result, NULL, NULL);
    if (search_interrupted()) {
        search_clear_interrupt();
        fputs("interrupted: no move made ('go' lets the engine move, 'ai off' takes the seats "
              "back)\n", stderr);
        if (seat < 0)
            engine_free(e);
        return false;
    }
    if (result->best < 0) {
        fputs("error: the engine found no move\n", stderr);
        if (seat < 0)
            engine_free(e);
        return false;
    }
    notation_move(s->game, engine_root_moves(e), result->best, text, size);
    if (seat < 0)
        engine_free(e);
    return true;
}

static bool spec_of(repl *r, const char *argument, engine_spec *spec, int *seat)
{
    char error[256];
    int side = r->session->position->side;
    *seat = -1;
    if (argument) {
        if (!engine_spec_parse(argument, spec, error, sizeof error)) {
            fprintf(stderr, "error: %s\n", error);
            return false;
        }
    } else if (r->seated[side]) {
        *spec = r->seat[side];
        *seat = side;
    } else if (!engine_spec_parse(REPL_DEFAULT_ENGINE, spec, error, sizeof error)) {
        fprintf(stderr, "error: %s\n", error);
        return false;
    }
    return true;
}

static void report(const search_result *result)
{
    char score[64];
    search_score_text(result->kind, result->score, result->distance, score, sizeof score);
    printf("engine: score %s, %llu nodes in %.2f s", score, (unsigned long long)result->nodes,
           result->seconds);
    if (result->reused)
        printf(" (and %llu visits kept from its last search)", (unsigned long long)result->reused);
    putchar('\n');
}

/* Plays TEXT, one of the legal moves. */
static bool play_text(repl *r, const char *text)
{
    char error[256];
    int index = session_find_exact(r->session, text);
    if (index < 0 || !session_play(r->session, index, error, sizeof error)) {
        fprintf(stderr, "error: the engine's move '%s' could not be played\n", text);
        return false;
    }
    repl_played(r);
    return true;
}

bool engines_go(repl *r, const char *argument)
{
    if (r->session->result.over) {
        fputs("error: the game is over; use undo, new or load to go on\n", stderr);
        return false;
    }
    engine_spec spec;
    int seat;
    if (!spec_of(r, argument, &spec, &seat))
        return false;
    char text[REPL_MOVE_TEXT];
    search_result result;
    if (!think(r, &spec, seat, text, sizeof text, &result))
        return false;
    if (!play_text(r, text))
        return false;
    if (r->interactive)
        report(&result);
    engines_autoplay(r);
    return true;
}

bool engines_hint(repl *r, const char *argument)
{
    if (r->session->result.over) {
        fputs("error: the game is over\n", stderr);
        return false;
    }
    engine_spec spec;
    int seat;
    if (!spec_of(r, argument, &spec, &seat))
        return false;
    char text[REPL_MOVE_TEXT], score[64];
    search_result result;
    if (!think(r, &spec, seat, text, sizeof text, &result))
        return false;
    search_score_text(result.kind, result.score, result.distance, score, sizeof score);
    int index = session_find_exact(r->session, text);
    if (index >= 0)   /* (as people see it: in the game's notation) */
        session_move_shown(r->session, index, text, sizeof text);
    printf("hint: %s (score %s)\n", text, score);
    return true;
}

/* A player by name or number (1 to 4); -1 when neither. */
static int player_named(const game *g, const char *name)
{
    for (int p = 0; p < g->player_count; p++)
        if (!strcasecmp(g->player_names[p], name))
            return p;
    if (name[0] >= '1' && name[0] <= '4' && name[1] == '\0' && name[0] - '1' < g->player_count)
        return name[0] - '1';
    return -1;
}

bool engines_set_seat(repl *r, int player, const char *spec_text, char *error, size_t size)
{
    engine_spec spec;
    if (!engine_spec_parse(spec_text, &spec, error, size))
        return false;
    if (r->engines[player]) {
        engine_free(r->engines[player]);
        r->engines[player] = NULL;
    }
    r->seat[player] = spec;
    r->seated[player] = true;
    snprintf(r->seat_text[player], sizeof r->seat_text[player], "%s", spec_text);
    return true;
}

bool engines_ai(repl *r, const char *argument)
{
    const game *g = r->session->game;
    if (!argument) {
        for (int p = 0; p < g->player_count; p++)
            printf("%s: %s\n", g->player_names[p], r->seated[p] ? r->seat_text[p] : "a person");
        return true;
    }
    if (!strcmp(argument, "off")) {
        for (int p = 0; p < GAME_MAX_PLAYERS; p++)
            r->seated[p] = false;
        engines_free(r);
        puts("every player is a person");
        return true;
    }
    char side[64];
    const char *space = strchr(argument, ' ');
    if (!space || (size_t)(space - argument) >= sizeof side) {
        fputs("error: usage: ai SIDE SPEC, ai off, or ai\n", stderr);
        return false;
    }
    memcpy(side, argument, (size_t)(space - argument));
    side[space - argument] = '\0';
    while (*space == ' ')
        space++;
    int player = player_named(g, side);
    if (player < 0) {
        fprintf(stderr, "error: no player '%s' (the players:", side);
        for (int p = 0; p < g->player_count; p++)
            fprintf(stderr, " %s", g->player_names[p]);
        fputs(")\n", stderr);
        return false;
    }
    char error[256];
    if (!strcmp(space, "off")) {
        r->seated[player] = false;
        printf("%s: a person\n", g->player_names[player]);
        return true;
    }
    if (!engines_set_seat(r, player, space, error, sizeof error)) {
        fprintf(stderr, "error: %s\n", error);
        return false;
    }
    printf("%s: %s\n", g->player_names[player], space);
    engines_autoplay(r);
    return true;
}

void engines_autoplay(repl *r)
{
    int guard = 0;
    while (!r->session->result.over && r->seated[r->session->position->side] && !r->pending[0]
           && guard++ < 100000) {
        int side = r->session->position->side;
        char text[REPL_MOVE_TEXT];
        search_result result;
        if (!think(r, &r->seat[side], side, text, sizeof text, &result) || !play_text(r, text))
            return;
    }
}
