/* main: the tabula program: picks the command and hands it its arguments. */
#include <stdio.h>
#include <string.h>

#include "cli/cli.h"
#include "config.h"

static const struct command {
    const char *name;
    int (*run)(int argc, char **argv);
} commands[] = {
    { "check", cli_check },
    { "parse", cli_parse },
    { "perft", cli_perft },
    { "bench", cli_bench },
    { "position", cli_position },
    { "search", cli_search },
    { "match", cli_match },
    { "analyze", cli_analyze },
    { "play", cli_play },
    { "render", cli_render },
    { "ugi", cli_ugi },
    { "uci", cli_uci },
    { "merge", cli_merge },
    { "tune", cli_tune },
    { "help", cli_help },
};

int main(int argc, char **argv)
{
    if (argc < 2) {
        cli_print_help(stderr, NULL);
        return EXIT_USAGE;
    }
    const char *name = argv[1];
    if (!strcmp(name, "-h") || !strcmp(name, "--help")) {
        cli_print_help(stdout, NULL);
        return EXIT_VALID;
    }
    if (!strcmp(name, "--version") || !strcmp(name, "version")) {
        printf("tabula %s\n", PACKAGE_VERSION);
        return EXIT_VALID;
    }
    for (size_t i = 0; i < sizeof commands / sizeof *commands; i++)
        if (!strcmp(name, commands[i].name)) {
            int status = commands[i].run(argc - 2, argv + 2);
            cli_mpi_end();   /* (where a command shared its job among MPI ranks) */
            return status;
        }
    fprintf(stderr, "tabula: unknown command '%s'; see 'tabula help'\n", name);
    return EXIT_USAGE;
}
