/* cli_protocol: `tabula ugi` and `tabula uci`, Tabula as an engine that
 * other programs drive over its standard input and output
 * (protocol/protocol.h). */
#include <stdlib.h>
#include <string.h>

#include "cli/cli.h"
#include "config.h"
#include "front/front.h"
#include "protocol/protocol.h"

static int serve(const char *command, protocol_dialect dialect, int argc, char **argv)
{
    const char *variant = NULL, *path = NULL;
    for (int i = 0; i < argc; i++) {
        const char *a = argv[i];
        if (!strcmp(a, "-h") || !strcmp(a, "--help")) {
            cli_print_help(stdout, command);
            return EXIT_VALID;
        } else if (!strcmp(a, "--variant") && i + 1 < argc) {
            variant = front_join_variant(variant, argv[++i]);
        } else if (!strncmp(a, "--variant=", 10) && a[10]) {
            variant = front_join_variant(variant, a + 10);
        } else if (a[0] == '-' && a[1] != '\0') {
            fprintf(stderr, "tabula %s: unknown option '%s'; see 'tabula %s --help'\n", command, a, command);
            return EXIT_USAGE;
        } else if (!path) {
            path = a;
        } else {
            fprintf(stderr, "tabula %s: give one rules file; usage: tabula %s [--variant V] FILE\n", command, command);
            return EXIT_USAGE;
        }
    }
    if (!path) {
        fprintf(stderr, "tabula %s: usage: tabula %s [--variant V] FILE\n", command, command);
        return EXIT_USAGE;
    }
    cli_loaded l;
    int status = cli_load(command, path, variant, &l);
    if (status == EXIT_VALID) {
        char why[256];
        if (!protocol_supports(l.game, dialect, why, sizeof why)) {
            fprintf(stderr, "tabula %s: %s\n", command, why);
            status = EXIT_USAGE;
        } else {
            char name[256];
            snprintf(name, sizeof name, "Tabula %s (%s%s%s)", PACKAGE_VERSION, l.game->name,
                     variant ? ", " : "", variant ? variant : "");
            status = protocol_serve(l.game, dialect, name, stdin, stdout) ? EXIT_INVALID : EXIT_VALID;
        }
    }
    cli_unload(&l);
    return status;
}

int cli_ugi(int argc, char **argv)
{
    return serve("ugi", PROTOCOL_UGI, argc, argv);
}

int cli_uci(int argc, char **argv)
{
    return serve("uci", PROTOCOL_UCI, argc, argv);
}
