/* diag: collecting and printing diagnostics. */
#include "diag.h"

#include "utf8.h"

#include <stdlib.h>
#include <string.h>

void diag_init(diag_list *list)
{
    memset(list, 0, sizeof *list);
}

void diag_free(diag_list *list)
{
    for (int i = 0; i < list->count; i++) {
        free(list->items[i].message);
        free(list->items[i].hint);
    }
    free(list->items);
    free(list->file_full);
    diag_init(list);
}

bool diag_file_full(const diag_list *list, int file)
{
    return file >= 0 && file < list->file_full_size && list->file_full[file];
}

static void mark_file_full(diag_list *list, int file)
{
    if (file < 0)
        return;
    if (file >= list->file_full_size) {
        int size = file + 16;
        unsigned char *grown = realloc(list->file_full, (size_t)size);
        if (!grown)
            return;
        memset(grown + list->file_full_size, 0, (size_t)(size - list->file_full_size));
        list->file_full = grown;
        list->file_full_size = size;
    }
    list->file_full[file] = 1;
}

static int errors_in_file(const diag_list *list, int file)
{
    int n = 0;
    for (int i = 0; i < list->count; i++)
        if (list->items[i].severity == DIAG_ERROR && list->items[i].location.file == file)
            n++;
    return n;
}

static bool append(diag_list *list, diag_severity severity, source_location location,
                   const char *hint, char *message)
{
    if (list->count == list->capacity) {
        int capacity = list->capacity ? list->capacity * 2 : 16;
        diagnostic *items = realloc(list->items, (size_t)capacity * sizeof *items);
        if (!items) {
            free(message);
            return false;
        }
        list->items = items;
        list->capacity = capacity;
    }
    diagnostic *d = &list->items[list->count++];
    d->severity = severity;
    d->location = location;
    d->message = message;
    d->hint = hint ? strdup(hint) : NULL;
    if (severity == DIAG_ERROR)
        list->errors++;
    else if (severity == DIAG_WARNING)
        list->warnings++;
    return true;
}

bool diag_vreport(diag_list *list, diag_severity severity, source_location location,
                  const char *hint, const char *format, va_list args)
{
    if (diag_file_full(list, location.file))
        return false;
    char *message = NULL;
    if (vasprintf(&message, format, args) < 0)
        return false;
    append(list, severity, location, hint, message);
    if (severity == DIAG_ERROR && location.file >= 0
        && errors_in_file(list, location.file) >= DIAG_MAX_ERRORS_PER_FILE) {
        char *note = strdup("too many errors in this file; the rest is not reported");
        if (note)
            append(list, DIAG_NOTE, location, NULL, note);
        mark_file_full(list, location.file);
        return false;
    }
    return true;
}

bool diag_report(diag_list *list, diag_severity severity, source_location location,
                 const char *hint, const char *format, ...)
{
    va_list args;
    va_start(args, format);
    bool ok = diag_vreport(list, severity, location, hint, format, args);
    va_end(args);
    return ok;
}

/* Prints LINE[from, to) replacing control bytes and broken UTF-8 so that a
 * binary file cannot mess up the terminal; tabs stay tabs so the caret line,
 * built the same way, stays aligned. */
static void print_clean(FILE *stream, const char *line, size_t from, size_t to)
{
    for (size_t i = from; i < to;) {
        unsigned char c = (unsigned char)line[i];
        int n = utf8_sequence_length((const unsigned char *)line + i, to - i);
        if (c == '\t' || (n == 1 && c >= 0x20 && c < 0x7F) || n > 1) {
            fwrite(line + i, 1, (size_t)(n > 0 ? n : 1), stream);
            i += (size_t)(n > 0 ? n : 1);
        } else {
            fputc('?', stream);
            i++;
        }
    }
}

#define WINDOW 100

static void print_excerpt(FILE *stream, const source_set *sources, const source_location *at,
                          bool colour)
{
    size_t length = 0;
    const char *line = source_line(sources, at->file, at->line, &length);
    if (!line)
        return;
    size_t caret = source_column_offset(line, length, at->column);
    size_t caret_end = caret + 1;
    if (at->end_line == at->line && at->end_column >= at->column)
        caret_end = source_column_offset(line, length, at->end_column + 1);
    if (caret_end <= caret)
        caret_end = caret + 1;
    /* Show a window around the caret on very long lines. */
    size_t from = 0, to = length;
    if (length > WINDOW) {
        from = caret > WINDOW / 2 ? caret - WINDOW / 2 : 0;
        while (from > 0 && ((unsigned char)line[from] & 0xC0) == 0x80)
            from--;
        to = from + WINDOW < length ? from + WINDOW : length;
        while (to < length && ((unsigned char)line[to] & 0xC0) == 0x80)
            to++;
    }
    if (caret_end > to + 1)
        caret_end = to + 1;
    fprintf(stream, "%5d | %s", at->line, from > 0 ? "..." : "");
    print_clean(stream, line, from, to);
    fprintf(stream, "%s\n", to < length ? "..." : "");
    fprintf(stream, "      | %s", from > 0 ? "   " : "");
    for (size_t i = from; i < caret && i < to;) {
        int n = utf8_sequence_length((const unsigned char *)line + i, to - i);
        fputc(line[i] == '\t' ? '\t' : ' ', stream);
        i += n > 0 ? (size_t)n : 1;
    }
    if (colour)
        fputs("\033[1;32m", stream);
    fputc('^', stream);
    for (size_t i = caret; i < caret_end && i < length;) {
        int n = utf8_sequence_length((const unsigned char *)line + i, length - i);
        if (i > caret)
            fputc('~', stream);
        i += n > 0 ? (size_t)n : 1;
    }
    if (colour)
        fputs("\033[0m", stream);
    fputc('\n', stream);
}

void diag_print(const diag_list *list, const source_set *sources, FILE *stream, bool colour)
{
    static const char *names[] = { "error", "warning", "note" };
    static const char *colours[] = { "\033[1;31m", "\033[1;35m", "\033[1;36m" };
    for (int i = 0; i < list->count; i++) {
        const diagnostic *d = &list->items[i];
        const source_location *at = &d->location;
        if (colour)
            fputs("\033[1m", stream);
        if (at->file >= 0 && at->line > 0)
            fprintf(stream, "%s:%d:%d: ", source_path(sources, at->file), at->line, at->column);
        else if (at->file >= 0)
            fprintf(stream, "%s: ", source_path(sources, at->file));
        else
            fputs("tabula: ", stream);
        if (colour)
            fprintf(stream, "%s%s:\033[0m\033[1m %s\033[0m\n", colours[d->severity],
                    names[d->severity], d->message);
        else
            fprintf(stream, "%s: %s\n", names[d->severity], d->message);
        if (at->file >= 0 && at->line > 0)
            print_excerpt(stream, sources, at, colour);
        if (d->hint)
            fprintf(stream, "      = hint: %s\n", d->hint);
    }
}

static bool before(const diagnostic *a, const diagnostic *b)
{
    if (a->location.file != b->location.file)
        return a->location.file < b->location.file;
    if (a->location.line != b->location.line)
        return a->location.line < b->location.line;
    return a->location.column < b->location.column;
}

void diag_sort(diag_list *list)
{
    /* insertion sort: stable, and the lists are short */
    for (int i = 1; i < list->count; i++) {
        diagnostic d = list->items[i];
        int k = i - 1;
        while (k >= 0 && before(&d, &list->items[k])) {
            list->items[k + 1] = list->items[k];
            k--;
        }
        list->items[k + 1] = d;
    }
}
