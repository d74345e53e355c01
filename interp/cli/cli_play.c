/* cli_play: `tabula play` (the REPL in repl/) and `tabula render`. */
#include <langinfo.h>
#include <locale.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "cli/cli.h"
#include "front/front.h"
#include "game/rng.h"
#include "repl/repl.h"

typedef struct play_options {
    const char *variant, *position, *path, *svg;
    const char *saved;                      /* render --game: a saved game */
    const char *size;                       /* render --size: the width in pixels */
    const char *dice;                       /* --dice: hand, or a seed */
    const char *seats[GAME_MAX_PLAYERS];   /* --p1 .. --p4: engine specs */
} play_options;

/* Reads the options shared by play and render; returns -1 when all is
 * well, else the exit status. */
static int parse_options(const char *command, int argc, char **argv, play_options *o, bool render)
{
    memset(o, 0, sizeof *o);
    char usage[64];
    snprintf(usage, sizeof usage, "see 'tabula %s --help'", command);
    for (int i = 0; i < argc; i++) {
        const char *a = argv[i];
        cli_taken taken = cli_file_option(command, usage, argc, argv, &i, &o->variant, &o->path);
        if (taken == CLI_TAKEN_HELP || taken == CLI_TAKEN_BAD)
            return taken == CLI_TAKEN_HELP ? EXIT_VALID : EXIT_USAGE;
        if (taken == CLI_TAKEN)
            continue;
        if (!strcmp(a, "--position") && i + 1 < argc) {
            o->position = argv[++i];
        } else if (!render && !strcmp(a, "--dice") && i + 1 < argc) {
            o->dice = argv[++i];
        } else if (render && !strcmp(a, "--svg") && i + 1 < argc) {
            o->svg = argv[++i];
        } else if (render && !strcmp(a, "--game") && i + 1 < argc) {
            o->saved = argv[++i];
        } else if (render && !strcmp(a, "--size") && i + 1 < argc) {
            o->size = argv[++i];
        } else if (!render && !strncmp(a, "--p", 3) && a[3] >= '1' && a[3] <= '4' && !a[4]
                   && i + 1 < argc) {
            o->seats[a[3] - '1'] = argv[++i];
        } else {
            return cli_unknown_option(command, a);
        }
    }
    return -1;
}

static session *open_game(const char *command, const play_options *o, int *status)
{
    if (access(o->path, R_OK) != 0) {
        fprintf(stderr, "tabula %s: cannot read %s\n", command, o->path);
        *status = EXIT_USAGE;
        return NULL;
    }
    char error[512];
    session *s = session_open(o->path, o->variant, NULL, error, sizeof error);
    if (!s) {
        fprintf(stderr, "tabula %s: %s\n", command, error);
        *status = EXIT_INVALID;
        return NULL;
    }
    if (o->position && !session_restart(s, o->position, error, sizeof error)) {
        fprintf(stderr, "tabula %s: %s\n", command, error);
        session_free(s);
        *status = EXIT_USAGE;
        return NULL;
    }
    return s;
}

int cli_play(int argc, char **argv)
{
    play_options o;
    int status = parse_options("play", argc, argv, &o, false);
    if (status >= 0)
        return status;
    char default_game[4096];
    if (!o.path) {
        snprintf(default_game, sizeof default_game, "%s/games/sato.rules", front_data_dir());
        o.path = default_game;
    }
    repl r;
    memset(&r, 0, sizeof r);
    r.session = open_game("play", &o, &status);
    if (!r.session)
        return status;
    r.interactive = isatty(STDIN_FILENO);
    /* the dice a person's turn throws: by hand, from a seed given (a
     * session that plays the same again), else from the clock */
    long seed = 0;
    if (o.dice && !strcmp(o.dice, "hand")) {
        r.dice_by_hand = true;
    } else if (o.dice && !cli_parse_count(o.dice, 0, 2147483647L, &seed)) {
        fprintf(stderr, "tabula play: --dice takes 'hand' or a seed (a number), not '%s'\n", o.dice);
        session_free(r.session);
        return EXIT_USAGE;
    }
    r.dice = rng_seed(o.dice ? (uint64_t)seed : (uint64_t)time(NULL) ^ ((uint64_t)getpid() << 32));
    r.style.colour = r.interactive && front_colour(stdout);
    /* the display block's Unicode symbols where the terminal takes UTF-8 */
    setlocale(LC_CTYPE, "");
    const char *codeset = nl_langinfo(CODESET);
    r.style.unicode = r.style.colour && codeset && !strcmp(codeset, "UTF-8");
    for (int p = 0; p < GAME_MAX_PLAYERS; p++) {
        if (!o.seats[p])
            continue;
        char error[256];
        if (p >= r.session->game->player_count) {
            fprintf(stderr, "tabula play: --p%d: the game has %d players\n", p + 1,
                    r.session->game->player_count);
            session_free(r.session);
            return EXIT_USAGE;
        }
        if (!engines_set_seat(&r, p, o.seats[p], error, sizeof error)) {
            fprintf(stderr, "tabula play: --p%d: %s\n", p + 1, error);
            session_free(r.session);
            return EXIT_USAGE;
        }
    }
    if (r.interactive) {
        display_session(stdout, r.session, &r.style);
        puts("Type a move (Tab completes), 'moves' for the legal moves, 'help' for the commands.");
    }
    cli_catch_interrupts();
    engines_autoplay(&r);   /* an engine that moves first */
    line_run(&r);
    engines_free(&r);
    session_free(r.session);
    return !r.interactive && r.failures > 0 ? EXIT_INVALID : EXIT_VALID;
}

/* The session render draws: the end of the saved game O->saved, its
 * rules file found as the prompt's load finds it, with O->path (when
 * given) as the game open there, taken where the record's own file is not
 * found; else O->path from its start or O->position. */
static session *render_session(const play_options *o, int *status)
{
    if (!o->saved)
        return open_game("render", o, status);
    if (access(o->saved, R_OK) != 0) {
        fprintf(stderr, "tabula render: cannot read %s\n", o->saved);
        *status = EXIT_USAGE;
        return NULL;
    }
    session *open = NULL;
    if (o->path && !(open = open_game("render", o, status)))
        return NULL;
    char error[1024];
    session *s = savegame_read(o->saved, open, error, sizeof error);
    session_free(open);
    if (!s) {
        fprintf(stderr, "tabula render: %s\n", error);
        *status = EXIT_INVALID;
    }
    return s;
}

int cli_render(int argc, char **argv)
{
    play_options o;
    int status = parse_options("render", argc, argv, &o, true);
    if (status >= 0)
        return status;
    if ((!o.path && !o.saved) || !o.svg) {
        fputs("tabula render: usage: tabula render [--variant V] [--position POS] [--size N] FILE "
              "--svg OUT.svg|-\n"
              "                      tabula render --game SAVED [--size N] [FILE] --svg OUT.svg|-\n",
              stderr);
        return EXIT_USAGE;
    }
    /* a saved game names its variant and its start itself */
    if (o.saved && (o.variant || o.position)) {
        fprintf(stderr, "tabula render: --game draws the saved game as it was played; it takes no "
                        "--%s (the record gives it)\n", o.variant ? "variant" : "position");
        return EXIT_USAGE;
    }
    long width = 0;
    if (o.size && !cli_count_option("render", "--size", o.size, SVG_MIN_WIDTH, SVG_MAX_WIDTH, &width))
        return EXIT_USAGE;
    session *s = render_session(&o, &status);
    if (!s)
        return status;
    char error[1024];
    status = EXIT_VALID;
    if (!svg_write(s, (int)width, o.svg, error, sizeof error)) {
        fprintf(stderr, "tabula render: %s\n", error);
        status = EXIT_USAGE;
    }
    session_free(s);
    return status;
}
