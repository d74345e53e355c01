/* cli_load: loading the rules file a command works on, printing what went
 * wrong, and reading what commands take: the arguments that name the file
 * (cli_file_option) and the small numbers. */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "api/tabula.h"
#include "cli/cli.h"
#include "front/front.h"

int cli_load(const char *command, const char *path, const char *variant, cli_loaded *out)
{
    source_set_init(&out->sources);
    diag_init(&out->diagnostics);
    game_load_options options = { variant, front_loader_options() };
    bool unreadable = false;
    out->game = game_load(path, &options, &out->sources, &out->diagnostics, &unreadable);
    front_print_diagnostics(&out->diagnostics, &out->sources);
    if (!out->game) {
        if (out->diagnostics.count == 0)
            fprintf(stderr, "tabula %s: cannot load %s\n", command, path);
        return unreadable ? EXIT_USAGE : EXIT_INVALID;
    }
    return EXIT_VALID;
}

int cli_load_game(const char *command, const char *path, const char *variant, tabula_game **out)
{
    tabula_diagnostics *diagnostics = NULL;
    tabula_error error;
    tabula_status status = tabula_game_load(path, variant, out, &diagnostics, &error);
    tabula_diagnostics_write(diagnostics, stderr, front_colour(stderr));
    int count = tabula_diagnostics_count(diagnostics);
    tabula_diagnostics_free(diagnostics);
    if (status == TABULA_OK)
        return EXIT_VALID;
    if (count == 0)
        fprintf(stderr, "tabula %s: %s\n", command, error.message);
    return status == TABULA_ERROR_UNREADABLE ? EXIT_USAGE : EXIT_INVALID;
}

void cli_unload(cli_loaded *l)
{
    game_free(l->game);
    diag_free(&l->diagnostics);
    source_set_free(&l->sources);
}

bool cli_parse_count(const char *text, long low, long high, long *out)
{
    char *end;
    errno = 0;
    long value = strtol(text, &end, 10);
    if (errno || end == text || *end || value < low || value > high)
        return false;
    *out = value;
    return true;
}

cli_taken cli_file_option(const char *command, const char *usage, int argc, char **argv, int *i,
                          const char **variant, const char **path)
{
    const char *a = argv[*i];
    if (!strcmp(a, "-h") || !strcmp(a, "--help")) {
        cli_print_help(stdout, command);
        return CLI_TAKEN_HELP;
    }
    if (!strcmp(a, "--variant") && *i + 1 < argc) {
        *variant = front_join_variant(*variant, argv[++*i]);
        return CLI_TAKEN;
    }
    if (!strncmp(a, "--variant=", 10) && a[10]) {
        *variant = front_join_variant(*variant, a + 10);
        return CLI_TAKEN;
    }
    if (a[0] == '-' && a[1] != '\0')
        return CLI_NOT_TAKEN;
    if (*path) {
        fprintf(stderr, "tabula %s: give one rules file; %s\n", command, usage);
        return CLI_TAKEN_BAD;
    }
    *path = a;
    return CLI_TAKEN;
}

int cli_unknown_option(const char *command, const char *arg)
{
    fprintf(stderr, "tabula %s: unknown option '%s' (or it lacks its value); see 'tabula %s --help'\n", command,
            arg, command);
    return EXIT_USAGE;
}

bool cli_count_option(const char *command, const char *option, const char *text, long low,
                      long high, long *out)
{
    if (cli_parse_count(text, low, high, out))
        return true;
    fprintf(stderr, "tabula %s: %s takes a number from %ld to %ld, not '%s'\n", command, option,
            low, high, text);
    return false;
}
