/* check: the semantic checks of a rules file that need no move generation.
 *
 * Given the combined tree of a file and its includes, check_program finds
 * the game, builds the game and each of its variants (variant statements
 * replace the game's statements of the same kind and name), expands macros,
 * resolves every name, and reports what is wrong with a location: unknown
 * or duplicate names (with "did you mean"), directions the board lacks,
 * cells off the board, two pieces set up on one cell, piece types declared
 * but unused (warning), no end condition (error) or nothing that stops
 * endless play (warning).  Problems found only in a variant say so.
 */
#ifndef TABULA_CHECK_H
#define TABULA_CHECK_H

#include <stdbool.h>

#include "ast.h"
#include "diag.h"

#define CHECK_MAX_VARIANTS 64

typedef struct check_summary {
    bool is_library;            /* definitions only, no game */
    char game[128];
    int players;
    char board[96];
    int variant_count;
    char variants[CHECK_MAX_VARIANTS][64];
    int definitions;            /* top-level templates and macros */
} check_summary;

/* Receives one checked build of the game: its statements with macros
 * expanded (the first LIBRARY_COUNT from included libraries) and the
 * top-level templates.  Called only for builds without errors. */
typedef void (*check_visitor)(void *data, const ast_node *game, const ast_node *variant,
                              const ast_node *const *statements, int count, int library_count,
                              const ast_node *const *templates, int template_count);

typedef struct check_options {
    const char *variant;        /* NULL: the game and every variant */
    check_visitor visit;        /* may be NULL */
    void *visit_data;
    bool only_chosen;           /* with variant NULL: the game alone, not its variants */
    /* compile each build that checks without errors, as loading it would,
     * and report what compiling refuses (the game made is freed): so that
     * `tabula check` says ok only for what perft, play and position load */
    bool compile;
} check_options;

/* Returns false when the requested variant does not exist (reported). */
bool check_program(const ast_node *program, const check_options *options, diag_list *diagnostics,
                   check_summary *summary);

/* What a statement of a variant does to the game of PROGRAM, as building
 * the variant reads it: adds lines to one of the game's blocks (`extend
 * setup { ... }`), replaces the game's statement of the same kind (and
 * name: `piece pawn`, `define promote`, ...), or adds one the game lacks. */
typedef enum check_change { CHECK_ADDS, CHECK_REPLACES, CHECK_EXTENDS } check_change;
check_change check_variant_change(const ast_node *program, const ast_node *statement);

#endif
