/* diag: diagnostics as values, printed only at the program's edge.
 *
 * Every stage of a load reports problems into a diag_list with a source
 * location, an optional hint, and a severity.  Nothing here exits or prints
 * on its own; the CLI calls diag_print once the load is over.  Each file
 * reports at most DIAG_MAX_ERRORS_PER_FILE errors (a screenful), then one
 * note saying the rest was skipped.
 */
#ifndef TABULA_DIAG_H
#define TABULA_DIAG_H

#include <stdarg.h>
#include <stdbool.h>
#include <stdio.h>

#include "source.h"

typedef enum diag_severity {
    DIAG_ERROR,
    DIAG_WARNING,
    DIAG_NOTE,
} diag_severity;

typedef struct diagnostic {
    diag_severity severity;
    source_location location;
    char *message;
    char *hint;        /* NULL when there is none */
} diagnostic;

#define DIAG_MAX_ERRORS_PER_FILE 20

typedef struct diag_list {
    diagnostic *items;
    int count;
    int capacity;
    int errors;
    int warnings;
    /* files (by source index) whose error budget is spent */
    unsigned char *file_full;
    int file_full_size;
} diag_list;

void diag_init(diag_list *list);
void diag_free(diag_list *list);

/* Records a diagnostic.  HINT may be NULL.  Returns false when the
 * location's file has already reported its maximum of errors (the caller
 * may stop working on that file). */
bool diag_report(diag_list *list, diag_severity severity, source_location location,
                 const char *hint, const char *format, ...)
    __attribute__((format(printf, 5, 6)));
bool diag_vreport(diag_list *list, diag_severity severity, source_location location,
                  const char *hint, const char *format, va_list args);

/* Orders the diagnostics by file, line and column, keeping the order of
 * those at the same place (a note stays after its error). */
void diag_sort(diag_list *list);

/* True once FILE has reported its maximum of errors. */
bool diag_file_full(const diag_list *list, int file);

/* Prints every diagnostic in GNU form: "file:line:col: error: message",
 * then the source line with a caret under the location, then the hint. */
void diag_print(const diag_list *list, const source_set *sources, FILE *stream, bool colour);

#endif
