/* fuzz_common: helpers shared by the libFuzzer targets in fuzz/.
 *
 * Not part of the program or of make check; built by fuzz/build.sh.
 */
#ifndef TABULA_FUZZ_COMMON_H
#define TABULA_FUZZ_COMMON_H

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "diag.h"
#include "source.h"

#ifndef TABULA_FUZZ_ROOT
#define TABULA_FUZZ_ROOT "."
#endif

/* The source tree (games/, stdlib/): $TABULA_FUZZ_ROOT, else the tree the
 * fuzzer was built from. */
static inline const char *fuzz_root(void)
{
    const char *root = getenv("TABULA_FUZZ_ROOT");
    return root && *root ? root : TABULA_FUZZ_ROOT;
}

static inline char *fuzz_path(const char *relative)
{
    static char buffers[8][4096];
    static int next;
    char *out = buffers[next++ % 8];
    snprintf(out, sizeof buffers[0], "%s/%s", fuzz_root(), relative);
    return out;
}

/* The input as a NUL-terminated string (the caller frees it). */
static inline char *fuzz_string(const uint8_t *data, size_t size)
{
    char *text = malloc(size + 1);
    if (!text)
        abort();
    memcpy(text, data, size);
    text[size] = '\0';
    return text;
}

/* Every error must point into a file that was read, at a real line and
 * column (the diagnostics promise a location); then the diagnostics are
 * printed, as the CLI would, to /dev/null. */
static inline void fuzz_check_diagnostics(diag_list *diagnostics, const source_set *sources)
{
    static FILE *sink;
    if (!sink)
        sink = fopen("/dev/null", "w");
    for (int i = 0; i < diagnostics->count; i++) {
        const diagnostic *d = &diagnostics->items[i];
        if (!d->message) {
            fprintf(stderr, "fuzz: diagnostic %d has no message\n", i);
            abort();
        }
        if (d->severity != DIAG_ERROR)
            continue;
        const source_location *at = &d->location;
        if (at->file < 0 || at->file >= sources->count || at->line < 1 || at->column < 1) {
            fprintf(stderr, "fuzz: error without a location (file %d line %d column %d): %s\n",
                    at->file, at->line, at->column, d->message);
            abort();
        }
    }
    diag_sort(diagnostics);
    diag_print(diagnostics, sources, sink, false);
    diag_print(diagnostics, sources, sink, true);
}

#endif
