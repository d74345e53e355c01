/* cli_check: `tabula check` and `tabula parse`. */
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "rules/check.h"
#include "cli/cli.h"
#include "front/front.h"

static int check_one(const char *path, const char *variant)
{
    source_set sources;
    diag_list diagnostics;
    source_set_init(&sources);
    diag_init(&diagnostics);
    loader_options options = front_loader_options();
    ast_node *program = NULL;
    loader_status status = loader_load(path, &options, &sources, &diagnostics, &program);
    int result = EXIT_VALID;
    if (status == LOADER_UNREADABLE) {
        result = EXIT_USAGE;
    } else if (status == LOADER_NO_MEMORY) {
        fprintf(stderr, "tabula: out of memory reading %s\n", path);
        result = EXIT_INVALID;
    } else {
        check_summary summary;
        check_options check = { .variant = variant, .compile = true };
        /* semantic checks only make sense on a tree without syntax errors */
        bool variant_found = true;
        if (diagnostics.errors == 0)
            variant_found = check_program(program, &check, &diagnostics, &summary);
        if (diagnostics.errors > 0 || !variant_found) {
            result = EXIT_INVALID;
        } else if (summary.is_library) {
            printf("%s: ok: %d definition%s, no game\n", path, summary.definitions,
                   summary.definitions == 1 ? "" : "s");
        } else {
            printf("%s: ok: \"%s\"%s%s, %d players, %s", path, summary.game,
                   variant ? " variant " : "", variant ? variant : "", summary.players, summary.board);
            if (!variant && summary.variant_count > 0) {
                printf("; variants:");
                for (int i = 0; i < summary.variant_count; i++)
                    printf(" %s", summary.variants[i]);
            }
            if (diagnostics.warnings > 0)
                printf(" (%d warning%s)", diagnostics.warnings, diagnostics.warnings == 1 ? "" : "s");
            putchar('\n');
        }
    }
    fflush(stdout);
    front_print_diagnostics(&diagnostics, &sources);
    ast_free(program);
    diag_free(&diagnostics);
    source_set_free(&sources);
    return result;
}

int cli_check(int argc, char **argv)
{
    const char *variant = NULL;
    int first = 0;
    while (first < argc && argv[first][0] == '-' && argv[first][1] != '\0') {
        const char *option = argv[first];
        if (!strcmp(option, "--")) {
            first++;
            break;
        } else if (!strcmp(option, "--variant") || !strncmp(option, "--variant=", 10)) {
            const char *name = option[9] == '=' ? option + 10 : first + 1 < argc ? argv[++first] : "";
            if (!*name) {
                fputs("tabula check: --variant needs a name\n", stderr);
                return EXIT_USAGE;
            }
            variant = front_join_variant(variant, name);
        } else if (!strcmp(option, "-h") || !strcmp(option, "--help")) {
            cli_print_help(stdout, "check");
            return EXIT_VALID;
        } else {
            fprintf(stderr, "tabula check: unknown option '%s'; see 'tabula check --help'\n", option);
            return EXIT_USAGE;
        }
        first++;
    }
    if (first == argc) {
        fputs("tabula check: no file given; usage: tabula check [--variant NAME] FILE...\n", stderr);
        return EXIT_USAGE;
    }
    int worst = EXIT_VALID;
    for (int i = first; i < argc; i++) {
        int result = check_one(argv[i], variant);
        if (result > worst)
            worst = result;
    }
    return worst;
}

int cli_parse(int argc, char **argv)
{
    if (argc == 1 && (!strcmp(argv[0], "-h") || !strcmp(argv[0], "--help"))) {
        cli_print_help(stdout, "parse");
        return EXIT_VALID;
    }
    if (argc != 1 || argv[0][0] == '-') {
        fputs("tabula parse: usage: tabula parse FILE\n", stderr);
        return EXIT_USAGE;
    }
    source_set sources;
    diag_list diagnostics;
    source_set_init(&sources);
    diag_init(&diagnostics);
    loader_options options = front_loader_options();
    ast_node *program = NULL;
    loader_status status = loader_load(argv[0], &options, &sources, &diagnostics, &program);
    int result = status == LOADER_UNREADABLE ? EXIT_USAGE
               : status != LOADER_OK || diagnostics.errors ? EXIT_INVALID : EXIT_VALID;
    if (result == EXIT_VALID)
        ast_dump(program, stdout);
    front_print_diagnostics(&diagnostics, &sources);
    ast_free(program);
    diag_free(&diagnostics);
    source_set_free(&sources);
    return result;
}
