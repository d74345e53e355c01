/* fuzz_rules: the input as the text of a rules file.
 *
 * Parses it from memory, resolves its includes against the stdlib (held in
 * memory, so that the games in the corpus reach the checker whole; an
 * include the stdlib lacks is dropped, as the loader would report it), then,
 * when it parsed without errors, runs check_program on the game and every
 * variant and compiles each build that checks, as game_load does.  Every
 * error must have a location; crashes, leaks, UB and hangs are libFuzzer's.
 */
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ast.h"
#include "rules/check.h"
#include "rules/compile.h"
#include "diag.h"
#include "fuzz_common.h"
#include "game/game.h"
#include "rules/load.h"
#include "parse.h"
#include "source.h"

static const char *const stdlib_names[] = {
    "chess-pieces.rules", "directions.rules", "draughts.rules", "patterns.rules",
};
#define STDLIB_COUNT (sizeof stdlib_names / sizeof *stdlib_names)
static char *stdlib_text[STDLIB_COUNT];
static size_t stdlib_length[STDLIB_COUNT];

static char *slurp(const char *path, size_t *length)
{
    FILE *f = fopen(path, "rb");
    if (!f) {
        fprintf(stderr, "fuzz_rules: cannot read %s (set TABULA_FUZZ_ROOT)\n", path);
        exit(1);
    }
    size_t capacity = 4096, n = 0;
    char *text = malloc(capacity);
    size_t got;
    while ((got = fread(text + n, 1, capacity - n, f)) > 0) {
        n += got;
        if (n == capacity)
            text = realloc(text, capacity *= 2);
    }
    fclose(f);
    *length = n;
    return text;
}

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
    (void)argc;
    (void)argv;
    char relative[256];
    for (size_t i = 0; i < STDLIB_COUNT; i++) {
        snprintf(relative, sizeof relative, "stdlib/%s", stdlib_names[i]);
        stdlib_text[i] = slurp(fuzz_path(relative), &stdlib_length[i]);
    }
    return 0;
}

typedef struct splicer {
    source_set *sources;
    diag_list *diagnostics;
    bool included[STDLIB_COUNT];
    bool unresolved;
    int depth;
} splicer;

/* Moves FILE's statements into PROGRAM, following stdlib includes. */
static void splice(splicer *s, ast_node *program, ast_node *file)
{
    for (int i = 0; i < file->child_count; i++) {
        ast_node *statement = file->children[i];
        file->children[i] = NULL;
        if (statement->kind != AST_INCLUDE) {
            ast_append(program, statement);
            continue;
        }
        size_t k = 0;
        while (k < STDLIB_COUNT && (!statement->text || strcmp(statement->text, stdlib_names[k])))
            k++;
        ast_free(statement);
        if (k == STDLIB_COUNT || s->depth >= 8) {
            s->unresolved = true;
            continue;
        }
        if (s->included[k])
            continue;
        s->included[k] = true;
        int index = source_set_add(s->sources, stdlib_names[k], stdlib_text[k], stdlib_length[k]);
        if (index < 0)
            abort();
        ast_node *included = parse_source(s->sources, index, s->diagnostics);
        if (!included)
            abort();
        s->depth++;
        splice(s, program, included);
        s->depth--;
    }
    file->child_count = 0;
    ast_free(file);
}

typedef struct compile_state {
    diag_list *diagnostics;
    int builds;
} compile_state;

static void compile_build(void *data, const ast_node *game_node, const ast_node *variant,
                          const ast_node *const *statements, int count, int library_count,
                          const ast_node *const *templates, int template_count)
{
    compile_state *state = data;
    (void)library_count;
    state->builds++;
    game *g = compile_game(game_node, variant, statements, count, templates, template_count,
                           state->diagnostics);
    game_free(g);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size > 64 * 1024)
        return -1;
    source_set sources;
    diag_list diagnostics;
    source_set_init(&sources);
    diag_init(&diagnostics);
    int file = source_set_add(&sources, "fuzz.rules", (const char *)data, size);
    if (file < 0)
        abort();
    ast_node *tree = parse_source(&sources, file, &diagnostics);
    if (!tree)
        abort();
    source_location start = { file, 1, 1, 1, 1 };
    ast_node *program = ast_new(AST_FILE, start);
    if (!program)
        abort();
    splicer s = { .sources = &sources, .diagnostics = &diagnostics };
    splice(&s, program, tree);

    /* as `tabula check` and game_load: semantic checks only on a tree
     * without syntax errors */
    if (diagnostics.errors == 0 && !s.unresolved) {
        compile_state state = { &diagnostics, 0 };
        check_options options = { .variant = NULL, .visit = compile_build, .visit_data = &state };
        check_summary summary;
        check_program(program, &options, &diagnostics, &summary);
    }
    fuzz_check_diagnostics(&diagnostics, &sources);

    ast_free(program);
    diag_free(&diagnostics);
    source_set_free(&sources);
    return 0;
}
