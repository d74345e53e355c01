/* json: JSON text (RFC 8259) written and read, for the program's
 * machine-readable output (--json) and the partial results of a sharded
 * job that `tabula merge` reads back.
 *
 * Writing: a json_writer puts one value on a stream, item by item.  It
 * checks the nesting as it goes: a member of an object needs its key
 * first, a key is only written in an object, a container is closed by the
 * call of its own kind, and nothing follows the top value.  A call that
 * breaks one of these writes nothing and marks the writer misused, and
 * json_writer_finish then returns false, so that a program's mistake is
 * caught by its tests rather than shipped as bad text.  Strings are
 * written as UTF-8 with quotes, backslashes and control characters
 * escaped; bytes that are not valid UTF-8 become U+FFFD, one for each
 * such byte.  Integers are written exactly (all 64 bits); doubles with
 * '.' whatever the locale, as the shortest text that reads back to the
 * same double, and as null when they are not finite (JSON has no NaN).
 * A container is laid out as a block (each item on its own line,
 * indented) or on one line; inside a line everything stays on it.
 *
 * Reading: json_parse turns a whole text into a tree of json_values,
 * strictly (no comments, no trailing commas, no duplicate keys in an
 * object, valid UTF-8 only, at most JSON_MAX_DEPTH containers deep), or
 * says where and why it is not JSON: "line 3, column 7: expected ',' or
 * '}'", "the text ends inside an object (is the file truncated?)".
 * Numbers keep their exact integer value when they are whole and fit in
 * 64 bits, as perft's counts do. */
#ifndef TABULA_JSON_H
#define TABULA_JSON_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#define JSON_MAX_DEPTH 64

/* --- writing */

typedef enum json_layout { JSON_BLOCK, JSON_LINE } json_layout;

typedef struct json_writer {
    FILE *stream;
    int depth;                          /* containers open */
    char open[JSON_MAX_DEPTH];          /* '{' or '[' for each */
    bool has_items[JSON_MAX_DEPTH];
    int line_from;                      /* the depth from which containers are on one line
                                         * (JSON_MAX_DEPTH + 1: none) */
    bool after_key;                     /* a key was written: its value comes next */
    bool complete;                      /* the top value has been written whole */
    bool misused;
} json_writer;

void json_writer_init(json_writer *w, FILE *stream);
/* Whether a whole value was written, no call broke the nesting and the
 * stream took every byte; ends the text with a newline. */
bool json_writer_finish(json_writer *w);

void json_begin_object(json_writer *w, json_layout layout);
void json_end_object(json_writer *w);
void json_begin_array(json_writer *w, json_layout layout);
void json_end_array(json_writer *w);
void json_key(json_writer *w, const char *key);

void json_string(json_writer *w, const char *text);
void json_string_bytes(json_writer *w, const char *text, size_t length);
void json_int(json_writer *w, int64_t value);
void json_uint(json_writer *w, uint64_t value);
void json_double(json_writer *w, double value);
void json_bool(json_writer *w, bool value);
void json_null(json_writer *w);

/* Writes VALUE (as json_parse reads it) as the next value. */
struct json_value;
void json_write_value(json_writer *w, const struct json_value *value);

/* --- reading */

typedef enum json_type {
    JSON_NULL, JSON_FALSE, JSON_TRUE, JSON_NUMBER, JSON_STRING, JSON_ARRAY, JSON_OBJECT
} json_type;

typedef struct json_value json_value;
struct json_value {
    json_type type;
    double number;              /* JSON_NUMBER */
    bool whole;                 /* ... written as a whole number that fits in 64 bits */
    bool negative;              /* ... below zero (whole numbers) */
    uint64_t magnitude;         /* ... its absolute value (whole numbers) */
    char *string;               /* JSON_STRING: UTF-8, NUL-terminated */
    size_t length;              /* ... in bytes (it may hold a NUL: \u0000) */
    json_value *items;          /* JSON_ARRAY: the items; JSON_OBJECT: the members' values */
    char **keys;                /* JSON_OBJECT: the members' names, in the text's order */
    size_t count;
};

/* Reads TEXT (LENGTH bytes) as one JSON value; NULL when it is not JSON,
 * or memory ran out, with ERROR saying why (and where). */
json_value *json_parse(const char *text, size_t length, char *error, size_t error_size);
void json_free(json_value *value);

/* The member KEY of OBJECT; NULL when OBJECT is no object or has none. */
const json_value *json_member(const json_value *object, const char *key);
/* VALUE as a whole number within the type: false when it is none. */
bool json_get_uint64(const json_value *value, uint64_t *out);
bool json_get_int64(const json_value *value, int64_t *out);
/* Its string, or NULL when VALUE is no string. */
const char *json_get_string(const json_value *value);
/* Whether A and B are the same value: the same members in any order, the
 * same items in the same order, numbers of the same value (whole ones
 * exactly). */
bool json_equal(const json_value *a, const json_value *b);

#endif
