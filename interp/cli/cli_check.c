/* cli_check: `tabula check` and `tabula parse`. */
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "rules/check.h"
#include "rules/compile.h"
#include "rules/weights.h"
#include "cli/cli.h"
#include "front/front.h"

/* The diagnostics as objects (tabula(1), JSON OUTPUT): where (null
 * where the diagnostic has no place), how grave, what, and the hint. */
static void write_diagnostics(json_writer *w, const diag_list *diagnostics, const source_set *sources)
{
    static const char *const severities[] = { "error", "warning", "note" };
    json_begin_array(w, JSON_BLOCK);
    for (int i = 0; i < diagnostics->count; i++) {
        const diagnostic *d = &diagnostics->items[i];
        const source_location *at = &d->location;
        json_begin_object(w, JSON_LINE);
        json_key(w, "file");
        if (at->file >= 0)
            json_string(w, source_path(sources, at->file));
        else
            json_null(w);
        json_key(w, "line");
        if (at->file >= 0 && at->line > 0)
            json_int(w, at->line);
        else
            json_null(w);
        json_key(w, "column");
        if (at->file >= 0 && at->line > 0)
            json_int(w, at->column);
        else
            json_null(w);
        json_key(w, "severity");
        json_string(w, severities[d->severity]);
        json_key(w, "message");
        json_string(w, d->message);
        json_key(w, "hint");
        if (d->hint)
            json_string(w, d->hint);
        else
            json_null(w);
        json_end_object(w);
    }
    json_end_array(w);
}

/* The file's object: what check found, then its diagnostics. */
static void write_file(json_writer *w, const char *path, bool ok, const check_summary *summary, const char *variant,
                       const diag_list *diagnostics, const source_set *sources)
{
    json_begin_object(w, JSON_BLOCK);
    json_key(w, "file");
    json_string(w, path);
    json_key(w, "ok");
    json_bool(w, ok);
    json_key(w, "errors");
    json_int(w, diagnostics->errors);
    json_key(w, "warnings");
    json_int(w, diagnostics->warnings);
    if (summary) {
        json_key(w, "library");
        json_bool(w, summary->is_library);
    }
    if (summary && summary->is_library) {
        json_key(w, "definitions");
        json_int(w, summary->definitions);
    } else if (summary) {
        json_key(w, "game");
        json_string(w, summary->game);
        json_key(w, "variant");
        if (variant)
            json_string(w, variant);
        else
            json_null(w);
        json_key(w, "players");
        json_int(w, summary->players);
        json_key(w, "board");
        json_string(w, summary->board);
        json_key(w, "variants");
        json_begin_array(w, JSON_LINE);
        for (int i = 0; !variant && i < summary->variant_count; i++)
            json_string(w, summary->variants[i]);
        json_end_array(w);
    }
    json_key(w, "diagnostics");
    write_diagnostics(w, diagnostics, sources);
    json_end_object(w);
}

/* Each build that checks: compiled, as loading it would, and its weights
 * file read where there is one, so that check says ok only for what
 * loads. */
typedef struct check_build {
    const char *path;
    source_set *sources;
    diag_list *diagnostics;
} check_build;

static void compile_and_weigh(void *data, const ast_node *game_node, const ast_node *variant,
                              const ast_node *const *statements, int count, int library_count,
                              const ast_node *const *templates, int template_count)
{
    check_build *build = data;
    (void)library_count;
    game *g = compile_game(game_node, variant, statements, count, templates, template_count, build->diagnostics);
    if (g)
        weights_load(g, build->path, build->sources, build->diagnostics);
    game_free(g);
}

/* Checks PATH; prints what it found, or with W writes it as JSON. */
static int check_one(const char *path, const char *variant, json_writer *w)
{
    front_tree tree;
    front_tree_load(&tree, path);
    int result = EXIT_VALID;
    const check_summary *checked = NULL;
    check_summary summary;
    if (tree.status == LOADER_UNREADABLE) {
        result = EXIT_USAGE;
    } else if (tree.status == LOADER_NO_MEMORY) {
        fprintf(stderr, "tabula: out of memory reading %s\n", path);
        result = EXIT_INVALID;
    } else {
        check_build build = { path, &tree.sources, &tree.diagnostics };
        check_options check = { .variant = variant, .visit = compile_and_weigh, .visit_data = &build };
        /* semantic checks only make sense on a tree without syntax errors */
        bool variant_found = true;
        if (tree.diagnostics.errors == 0)
            variant_found = check_program(tree.program, &check, &tree.diagnostics, &summary);
        if (tree.diagnostics.errors > 0 || !variant_found) {
            result = EXIT_INVALID;
        } else if (w) {
            checked = &summary;
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
            if (tree.diagnostics.warnings > 0)
                printf(" (%d warning%s)", tree.diagnostics.warnings, tree.diagnostics.warnings == 1 ? "" : "s");
            putchar('\n');
        }
    }
    if (w) {
        write_file(w, path, result == EXIT_VALID, checked, variant, &tree.diagnostics, &tree.sources);
    } else {
        fflush(stdout);
        front_print_diagnostics(&tree.diagnostics, &tree.sources);
    }
    front_tree_free(&tree);
    return result;
}

int cli_check(int argc, char **argv)
{
    const char *variant = NULL;
    bool json = false;
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
        } else if (!strcmp(option, "--json")) {
            json = true;
        } else {
            fprintf(stderr, "tabula check: unknown option '%s'; see 'tabula check --help'\n", option);
            return EXIT_USAGE;
        }
        first++;
    }
    if (first == argc) {
        fputs("tabula check: no file given; usage: tabula check [--variant NAME] [--json] FILE...\n", stderr);
        return EXIT_USAGE;
    }
    int worst = EXIT_VALID;
    json_writer w;
    json_writer_init(&w, stdout);
    if (json)
        json_begin_array(&w, JSON_BLOCK);   /* an object for each file */
    for (int i = first; i < argc; i++) {
        int result = check_one(argv[i], variant, json ? &w : NULL);
        if (result > worst)
            worst = result;
    }
    if (json) {
        json_end_array(&w);
        if (!json_writer_finish(&w) && worst < EXIT_INVALID)
            worst = EXIT_INVALID;
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
    front_tree tree;
    bool parsed = front_tree_load(&tree, argv[0]);
    int result = tree.status == LOADER_UNREADABLE ? EXIT_USAGE : parsed ? EXIT_VALID : EXIT_INVALID;
    if (parsed)
        ast_dump(tree.program, stdout);
    front_print_diagnostics(&tree.diagnostics, &tree.sources);
    front_tree_free(&tree);
    return result;
}
