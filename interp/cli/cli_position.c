/* cli_position: `tabula position`, written on the public API alone
 * (tabula.h): load the game, make the position, write it.  Only the
 * command line, the colours and the JSON writer are the program's own. */
#include <stdlib.h>
#include <string.h>

#include "api/tabula.h"
#include "cli/cli.h"
#include "front/front.h"

#define POSITION_USAGE "usage: tabula position [--variant NAME] [--position POS] [--json] FILE"

/* Writes P as --json has it. */
static bool write_json(const tabula_game *g, const tabula_position *p, const char *text)
{
    json_writer w;
    json_writer_init(&w, stdout);
    json_begin_object(&w, JSON_BLOCK);
    json_key(&w, "game");
    json_string(&w, tabula_game_name(g));
    json_key(&w, "variant");
    json_string(&w, tabula_game_variant(g));
    json_key(&w, "position");
    json_string(&w, text);
    json_key(&w, "side");
    json_string(&w, tabula_game_player_name(g, tabula_position_side(p)));
    json_end_object(&w);
    return json_writer_finish(&w);
}

int cli_position(int argc, char **argv)
{
    const char *variant = NULL, *path = NULL, *start_position = NULL;
    bool json = false;
    for (int i = 0; i < argc; i++) {
        const char *a = argv[i];
        cli_taken taken = cli_file_option("position", POSITION_USAGE, argc, argv, &i, &variant, &path);
        if (taken == CLI_TAKEN_HELP || taken == CLI_TAKEN_BAD)
            return taken == CLI_TAKEN_HELP ? EXIT_VALID : EXIT_USAGE;
        if (taken == CLI_TAKEN)
            continue;
        if (!strcmp(a, "--position") && i + 1 < argc)
            start_position = argv[++i];
        else if (!strcmp(a, "--json"))
            json = true;
        else
            return cli_unknown_option("position", a);
    }
    if (!path) {
        fputs("tabula position: " POSITION_USAGE "\n", stderr);
        return EXIT_USAGE;
    }
    tabula_game *g = NULL;
    int exit_status = cli_load_game("position", path, variant, &g);
    if (exit_status != EXIT_VALID)
        return exit_status;
    tabula_position *p = NULL;
    tabula_error error;
    tabula_status status = start_position ? tabula_position_from_text(g, start_position, &p, &error)
                                          : tabula_position_new(g, &p, &error);
    char *text = NULL;
    size_t length = 0;
    if (status == TABULA_OK) {
        length = tabula_position_write(p, NULL, 0);
        text = malloc(length + 1);
        if (!text)
            status = TABULA_ERROR_MEMORY;
        else
            tabula_position_write(p, text, length + 1);
    }
    if (status == TABULA_ERROR_POSITION) {
        fprintf(stderr, "tabula position: %s\n", error.message);
        exit_status = EXIT_USAGE;
    } else if (status != TABULA_OK) {
        fputs("tabula position: out of memory\n", stderr);
        exit_status = EXIT_INVALID;
    } else if (json) {
        if (!write_json(g, p, text))
            exit_status = EXIT_INVALID;
    } else {
        puts(text);
    }
    free(text);
    tabula_position_free(p);
    tabula_game_free(g);
    return exit_status;
}
