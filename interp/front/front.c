/* front: what the program's two front ends (cli/, repl/) share about
 * reading rules files and saying what went wrong (front.h). */
#include "front/front.h"

#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "movegen/movegen.h"
#include "paths.h"

/* The program run from its build tree (./tabula after make) reads the
 * source tree's stdlib/ and games/; an installed one reads $(pkgdatadir). */
const char *front_data_dir(void)
{
    static char resolved[4096];
    static const char *answer;
    if (answer)
        return answer;
    answer = TABULA_DATADIR;
    char self[4096];
    ssize_t n = readlink("/proc/self/exe", self, sizeof self - 1);
    char *build = realpath(TABULA_BUILDDIR, NULL);
    if (n > 0 && build) {
        self[n] = '\0';
        char *slash = strrchr(self, '/');
        if (slash)
            *slash = '\0';
        if (!strcmp(self, build)) {
            snprintf(resolved, sizeof resolved, "%s", TABULA_SRCDIR);
            answer = resolved;
        }
    }
    free(build);
    return answer;
}

loader_options front_loader_options(void)
{
    static char stdlib_dir[4200], games_dir[4200];
    snprintf(stdlib_dir, sizeof stdlib_dir, "%s/stdlib", front_data_dir());
    snprintf(games_dir, sizeof games_dir, "%s/games", front_data_dir());
    loader_options options = loader_options_from_environment(stdlib_dir);
    options.games_dir = games_dir;
    return options;
}

bool front_tree_load(front_tree *tree, const char *path)
{
    source_set_init(&tree->sources);
    diag_init(&tree->diagnostics);
    tree->program = NULL;
    loader_options options = front_loader_options();
    tree->status = loader_load(path, &options, &tree->sources, &tree->diagnostics, &tree->program);
    return tree->status == LOADER_OK && tree->diagnostics.errors == 0;
}

void front_tree_free(front_tree *tree)
{
    ast_free(tree->program);
    tree->program = NULL;
    diag_free(&tree->diagnostics);
    source_set_free(&tree->sources);
}

const char *front_join_variant(const char *so_far, const char *name)
{
    static char *joined;
    if (!so_far)
        return name;
    size_t size = strlen(so_far) + 1 + strlen(name) + 1;
    char *both = malloc(size);
    if (!both) {
        fputs("tabula: out of memory\n", stderr);
        exit(EXIT_FAILURE);
    }
    snprintf(both, size, "%s+%s", so_far, name);
    free(joined);           /* (SO_FAR may be it: read before) */
    joined = both;
    return joined;
}

bool front_colour(FILE *stream)
{
    const char *no_colour = getenv("NO_COLOR");
    const char *term = getenv("TERM");
    if (no_colour && *no_colour)
        return false;
    if (term && !strcmp(term, "dumb"))
        return false;
    return isatty(fileno(stream));
}

void front_print_diagnostics(const diag_list *diagnostics, const source_set *sources)
{
    diag_print(diagnostics, sources, stderr, front_colour(stderr));
}

void front_report_limit(const game *g, const source_set *sources, const move_list *list)
{
    if (list->limit == MOVEGEN_LIMIT_NONE)
        return;
    char text[256];
    movegen_limit_text(list, text, sizeof text);
    diag_list report;
    diag_init(&report);
    diag_report(&report, DIAG_ERROR, movegen_limit_location(g, list),
                "the limits are listed under LIMITS in tabula-rules(5)", "%s", text);
    front_print_diagnostics(&report, sources);
    diag_free(&report);
}
