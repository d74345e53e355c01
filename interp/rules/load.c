/* load: a rules file read, checked and compiled into a game (load.h). */
#include "rules/load.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "rules/check.h"
#include "rules/compile.h"
#include "rules/weights.h"
#include "spec/specialise.h"

typedef struct load_state {
    diag_list *diagnostics;
    game *result;
} load_state;

static void compile_build(void *data, const ast_node *game_node, const ast_node *variant,
                          const ast_node *const *statements, int count, int library_count,
                          const ast_node *const *templates, int template_count)
{
    load_state *state = data;
    (void)library_count;
    if (state->result)
        return;
    state->result = compile_game(game_node, variant, statements, count, templates, template_count,
                                 state->diagnostics);
}

/* The game of the program the loader read from PATH (STATUS, PROGRAM),
 * checked and compiled. */
static game *build(loader_status status, ast_node *program, const char *path, const game_load_options *options,
                   source_set *sources, diag_list *diagnostics, bool *unreadable)
{
    *unreadable = false;
    if (status == LOADER_UNREADABLE) {
        *unreadable = true;
        return NULL;
    }
    if (status != LOADER_OK || diagnostics->errors > 0) {
        ast_free(program);
        return NULL;
    }
    load_state state = { diagnostics, NULL };
    check_options check = { options->variant, compile_build, &state, true, false };
    check_summary summary;
    bool found = check_program(program, &check, diagnostics, &summary);
    ast_free(program);
    if (!found || diagnostics->errors > 0 || summary.is_library) {
        if (summary.is_library && diagnostics->errors == 0) {
            source_location nowhere = { -1, 0, 0, 0, 0 };
            diag_report(diagnostics, DIAG_ERROR, nowhere, NULL, "'%s' holds no game", path);
        }
        game_free(state.result);
        return NULL;
    }
    /* the evaluation tune learned, where it lies beside the rules: a
     * malformed one refuses the load, as check refuses it */
    if (!weights_load(state.result, path, sources, diagnostics)) {
        game_free(state.result);
        return NULL;
    }
    /* each end rule's text, from its file: why a game ended */
    for (int i = 0; i < state.result->end_count; i++) {
        const source_location *at = &state.result->ends[i].where;
        size_t length = 0;
        const char *line = at->file >= 0 ? source_line(sources, at->file, at->line, &length) : NULL;
        if (!line || at->column < 1)
            continue;
        /* (columns count characters, the line is UTF-8 bytes) */
        size_t from = source_column_offset(line, length, at->column);
        size_t to = at->end_line == at->line && at->end_column >= at->column
                  ? source_column_offset(line, length, at->end_column + 1) : length;
        snprintf(state.result->end_texts[i], sizeof state.result->end_texts[i], "%.*s", (int)(to - from),
                 line + from);
    }
    /* the game as its rules alone say, every derived fact taken back: so
     * that tests can hold the general generator to the published counts
     * too (tabula(1), ENVIRONMENT) */
    const char *specialise = getenv("TABULA_SPECIALISE");
    if (specialise && strcmp(specialise, "off") == 0)
        specialise_none(state.result);
    return state.result;
}

game *game_load(const char *path, const game_load_options *options, source_set *sources,
                diag_list *diagnostics, bool *unreadable)
{
    ast_node *program = NULL;
    loader_status status = loader_load(path, &options->loader, sources, diagnostics, &program);
    return build(status, program, path, options, sources, diagnostics, unreadable);
}

game *game_load_text(const char *name, const char *text, size_t length, const game_load_options *options,
                     source_set *sources, diag_list *diagnostics, bool *unreadable)
{
    ast_node *program = NULL;
    loader_status status = loader_load_text(name, text, length, &options->loader, sources, diagnostics, &program);
    return build(status, program, name, options, sources, diagnostics, unreadable);
}
