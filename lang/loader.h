/* loader: reads a rules file and every file it includes.
 *
 * The result is one AST_FILE whose statements are those of all the files,
 * each included file's statements standing where its `include` stood.  A
 * file is read once however often it is included; an include cycle is an
 * error at the include that closes it.  Includes are searched for in the
 * stdlib folder, then each folder of the search path, then the including
 * file's folder, then the shipped games' folder (include "sato.rules").
 */
#ifndef TABULA_LOADER_H
#define TABULA_LOADER_H

#include <stddef.h>

#include "ast.h"
#include "diag.h"
#include "source.h"

#define LOADER_MAX_INCLUDE_DEPTH 32

typedef struct loader_options {
    const char *stdlib_dir;   /* may be NULL */
    const char *search_path;  /* colon-separated folders, may be NULL */
    const char *games_dir;    /* the shipped games, searched last; may be NULL */
} loader_options;

typedef enum loader_status {
    LOADER_OK,            /* parsed; DIAGNOSTICS may still hold errors */
    LOADER_UNREADABLE,    /* the main file could not be read (message in DIAGNOSTICS) */
    LOADER_NO_MEMORY,
} loader_status;

/* Loads PATH.  On LOADER_OK, *PROGRAM receives the combined tree (owned by
 * the caller) and SOURCES holds every file read. */
loader_status loader_load(const char *path, const loader_options *options, source_set *sources,
                          diag_list *diagnostics, ast_node **program);

/* The same for a main file already in memory: TEXT, LENGTH bytes (copied),
 * called NAME in diagnostics.  Its includes are searched for as a file's,
 * "the including file's folder" being NAME's (the current folder for a
 * NAME without one).  LOADER_UNREADABLE: TEXT is larger than a file may be. */
loader_status loader_load_text(const char *name, const char *text, size_t length, const loader_options *options,
                               source_set *sources, diag_list *diagnostics, ast_node **program);

/* Options from the environment: TABULA_STDLIB (else the installed
 * folder DEFAULT_STDLIB) and TABULA_PATH; no games folder. */
loader_options loader_options_from_environment(const char *default_stdlib);

#endif
