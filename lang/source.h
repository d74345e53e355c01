/* source: the text of every file a load reads, and positions inside it.
 *
 * A source_set owns the bytes of each file read during one load (the main
 * rules file and everything it includes) so that diagnostics can quote the
 * offending line long after parsing.  Positions are 1-based lines and
 * columns; columns count characters (UTF-8 code points), not bytes.
 */
#ifndef TABULA_SOURCE_H
#define TABULA_SOURCE_H

#include <stddef.h>

typedef struct source_location {
    int file;          /* index into the source_set, -1 when unknown */
    int line;          /* 1-based */
    int column;        /* 1-based, in characters */
    int end_line;
    int end_column;    /* inclusive */
} source_location;

typedef struct source_file {
    char *path;        /* as given or as resolved on the search path */
    char *text;        /* NUL-terminated copy of the contents */
    size_t length;     /* bytes, not counting the terminator */
} source_file;

typedef struct source_set {
    source_file *files;
    int count;
    int capacity;
} source_set;

void source_set_init(source_set *set);
void source_set_free(source_set *set);

/* Adds a file whose contents are already in memory (copied).  Returns its
 * index, or -1 when memory runs out. */
int source_set_add(source_set *set, const char *path, const char *text, size_t length);

/* Reads PATH into the set.  Returns its index, or -1 with errno set (a
 * directory gives EISDIR, a file over the size limit EFBIG). */
int source_set_read(source_set *set, const char *path);

/* Largest rules file read, in bytes. */
#define SOURCE_MAX_BYTES (16u * 1024u * 1024u)

const char *source_path(const source_set *set, int file);

/* The text of line LINE (1-based) of FILE, without its newline; *length gets
 * its length in bytes.  NULL when out of range. */
const char *source_line(const source_set *set, int file, int line, size_t *length);

/* The byte offset of character COLUMN (1-based) of LINE (LENGTH bytes),
 * counted as the lexer counts columns: a UTF-8 character, or one byte that
 * is not UTF-8; LENGTH beyond the line's end. */
size_t source_column_offset(const char *line, size_t length, int column);

#endif
