/* front: what `tabula`'s commands (cli/) and `tabula play` (repl/) share
 * about reading rules files and telling the user what went wrong: where
 * the data is, the loader's options, and the printing of diagnostics and
 * of a generator's limit.  Below both front ends, so that neither reaches
 * up into the other for them; prints to stderr only. */
#ifndef TABULA_FRONT_H
#define TABULA_FRONT_H

#include <stdbool.h>
#include <stdio.h>

#include "diag.h"
#include "game/game.h"
#include "loader.h"
#include "source.h"

struct move_list;

/* A rules file's tree as `tabula check`, `parse` and the game prompt's
 * `rules` read it, before any check: the files read (for the diagnostics'
 * lines and for the text as written), the loader's diagnostics, and the
 * program, NULL when the file could not be read. */
typedef struct front_tree {
    source_set sources;
    diag_list diagnostics;
    ast_node *program;
    loader_status status;
} front_tree;

/* Reads PATH and the files it includes into TREE, with
 * front_loader_options(); true when it was read and parsed without errors.
 * front_tree_free(TREE) is due whatever it returns. */
bool front_tree_load(front_tree *tree, const char *path);
void front_tree_free(front_tree *tree);

/* Where stdlib/ and games/ are: the installed data folder, or the source
 * tree when the program runs from its build tree. */
const char *front_data_dir(void);

/* The loader's options: the data folder's stdlib/, then TABULA_PATH. */
loader_options front_loader_options(void);
/* The variant named so far (NULL: none) and another --variant NAME: both,
 * joined as check_options.variant reads them ("4p+19x19"), the later
 * applied over the earlier.  The text lives until the next call. */
const char *front_join_variant(const char *so_far, const char *name);

/* Whether STREAM gets colours (a terminal, and neither NO_COLOR nor
 * TERM=dumb). */
bool front_colour(FILE *stream);

/* Prints DIAGNOSTICS on stderr, with their SOURCES' lines and carets. */
void front_print_diagnostics(const diag_list *diagnostics, const source_set *sources);

/* Says on stderr, at the rule that hit it, that LIST is incomplete because a
 * limit of the move generator was hit (movegen.h); nothing when none was. */
void front_report_limit(const game *g, const source_set *sources, const struct move_list *list);

#endif
