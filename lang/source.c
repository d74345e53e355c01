/* source: file contents kept for the whole load, for diagnostics. */
#include "source.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "utf8.h"

void source_set_init(source_set *set)
{
    set->files = NULL;
    set->count = 0;
    set->capacity = 0;
}

void source_set_free(source_set *set)
{
    for (int i = 0; i < set->count; i++) {
        free(set->files[i].path);
        free(set->files[i].text);
    }
    free(set->files);
    source_set_init(set);
}

int source_set_add(source_set *set, const char *path, const char *text, size_t length)
{
    if (set->count == set->capacity) {
        int capacity = set->capacity ? set->capacity * 2 : 8;
        source_file *files = realloc(set->files, (size_t)capacity * sizeof *files);
        if (!files)
            return -1;
        set->files = files;
        set->capacity = capacity;
    }
    source_file *file = &set->files[set->count];
    file->path = strdup(path);
    file->text = malloc(length + 1);
    if (!file->path || !file->text) {
        free(file->path);
        free(file->text);
        return -1;
    }
    memcpy(file->text, text, length);
    file->text[length] = '\0';
    file->length = length;
    return set->count++;
}

int source_set_read(source_set *set, const char *path)
{
    FILE *stream = fopen(path, "rb");
    if (!stream)
        return -1;
    struct stat info;
    if (fstat(fileno(stream), &info) != 0) {
        int saved = errno;
        fclose(stream);
        errno = saved;
        return -1;
    }
    if (S_ISDIR(info.st_mode)) {
        fclose(stream);
        errno = EISDIR;
        return -1;
    }
    /* Read in chunks: pipes and devices have no useful size. */
    size_t capacity = 4096, length = 0;
    char *buffer = malloc(capacity);
    if (!buffer) {
        fclose(stream);
        errno = ENOMEM;
        return -1;
    }
    for (;;) {
        if (length == capacity) {
            if (capacity >= SOURCE_MAX_BYTES) {
                free(buffer);
                fclose(stream);
                errno = EFBIG;
                return -1;
            }
            capacity *= 2;
            char *grown = realloc(buffer, capacity);
            if (!grown) {
                free(buffer);
                fclose(stream);
                errno = ENOMEM;
                return -1;
            }
            buffer = grown;
        }
        size_t got = fread(buffer + length, 1, capacity - length, stream);
        length += got;
        if (got == 0) {
            if (ferror(stream)) {
                int saved = errno ? errno : EIO;
                free(buffer);
                fclose(stream);
                errno = saved;
                return -1;
            }
            break;
        }
    }
    fclose(stream);
    if (length > SOURCE_MAX_BYTES) {
        free(buffer);
        errno = EFBIG;
        return -1;
    }
    int index = source_set_add(set, path, buffer, length);
    free(buffer);
    if (index < 0)
        errno = ENOMEM;
    return index;
}

const char *source_path(const source_set *set, int file)
{
    if (file < 0 || file >= set->count)
        return "<unknown>";
    return set->files[file].path;
}

const char *source_line(const source_set *set, int file, int line, size_t *length)
{
    if (file < 0 || file >= set->count || line < 1)
        return NULL;
    const source_file *source = &set->files[file];
    const char *p = source->text, *end = source->text + source->length;
    for (int current = 1; current < line; current++) {
        const char *newline = memchr(p, '\n', (size_t)(end - p));
        if (!newline)
            return NULL;
        p = newline + 1;
    }
    const char *newline = memchr(p, '\n', (size_t)(end - p));
    size_t n = newline ? (size_t)(newline - p) : (size_t)(end - p);
    if (n > 0 && p[n - 1] == '\r')
        n--;
    *length = n;
    return p;
}

size_t source_column_offset(const char *line, size_t length, int column)
{
    size_t i = 0;
    for (int c = 1; c < column && i < length; c++) {
        int n = utf8_sequence_length((const unsigned char *)line + i, length - i);
        i += n > 0 ? (size_t)n : 1;
    }
    return i;
}
