/* json: JSON text written and read (json.h). */
#include "json/json.h"

#include <locale.h>
#include <math.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "utf8.h"

/* --- writing */

/* Containers opened below this depth are laid out as blocks; from
 * line_from on, everything is on one line. */
#define NO_LINE (JSON_MAX_DEPTH + 1)

void json_writer_init(json_writer *w, FILE *stream)
{
    memset(w, 0, sizeof *w);
    w->stream = stream;
    w->line_from = NO_LINE;
}

static void misuse(json_writer *w)
{
    w->misused = true;
}

/* Whether the items at the current depth are on one line. */
static bool on_one_line(const json_writer *w)
{
    return w->depth >= w->line_from;
}

/* The line break and indentation before an item at the current depth (or
 * a block's closing bracket, one level out). */
static void new_line(json_writer *w, int depth)
{
    fputc('\n', w->stream);
    for (int i = 0; i < depth; i++)
        fputs("  ", w->stream);
}

/* The comma before an item that is not its container's first, and the
 * item's line in a block. */
static void next_item(json_writer *w)
{
    if (w->has_items[w->depth - 1])
        fputs(on_one_line(w) ? ", " : ",", w->stream);
    w->has_items[w->depth - 1] = true;
    if (!on_one_line(w))
        new_line(w, w->depth);
}

/* Readies the writer for a value; false (and nothing written) when a value
 * may not come here. */
static bool begin_value(json_writer *w)
{
    if (w->misused || w->complete)
        goto broken;
    if (w->after_key) {
        w->after_key = false;
        return true;
    }
    if (w->depth == 0)
        return true;
    if (w->open[w->depth - 1] != '[')
        goto broken;   /* a member of an object needs its key first */
    next_item(w);
    return true;
broken:
    misuse(w);
    return false;
}

static void end_value(json_writer *w)
{
    if (w->depth == 0)
        w->complete = true;
}

/* TEXT (LENGTH bytes) in quotes, escaped: quotes, backslashes and control
 * characters; a byte that is not valid UTF-8 becomes U+FFFD. */
static void write_string(FILE *stream, const char *text, size_t length)
{
    const unsigned char *s = (const unsigned char *)text;
    fputc('"', stream);
    size_t i = 0;
    while (i < length) {
        unsigned char c = s[i];
        if (c == '"' || c == '\\') {
            fputc('\\', stream);
            fputc(c, stream);
            i++;
        } else if (c < 0x20) {
            static const char short_forms[] = { ['\b'] = 'b', ['\f'] = 'f', ['\n'] = 'n', ['\r'] = 'r',
                                                ['\t'] = 't' };
            if (c < sizeof short_forms && short_forms[c])
                fprintf(stream, "\\%c", short_forms[c]);
            else
                fprintf(stream, "\\u%04x", c);
            i++;
        } else {
            int n = utf8_sequence_length(s + i, length - i);
            if (n == 0) {
                fputs("\xEF\xBF\xBD", stream);   /* U+FFFD, the replacement character */
                i++;
            } else {
                fwrite(s + i, 1, (size_t)n, stream);
                i += (size_t)n;
            }
        }
    }
    fputc('"', stream);
}

void json_string_bytes(json_writer *w, const char *text, size_t length)
{
    if (!begin_value(w))
        return;
    write_string(w->stream, text, length);
    end_value(w);
}

void json_key(json_writer *w, const char *key)
{
    if (w->misused || w->depth == 0 || w->open[w->depth - 1] != '{' || w->after_key) {
        misuse(w);
        return;
    }
    next_item(w);
    write_string(w->stream, key, strlen(key));
    fputs(": ", w->stream);
    w->after_key = true;
}

static void begin_container(json_writer *w, char open, json_layout layout)
{
    if (w->depth == JSON_MAX_DEPTH || !begin_value(w)) {
        misuse(w);
        return;
    }
    fputc(open, w->stream);
    w->open[w->depth] = open;
    w->has_items[w->depth] = false;
    w->depth++;
    if (layout == JSON_LINE && w->line_from == NO_LINE)
        w->line_from = w->depth;
}

static void end_container(json_writer *w, char open, char close)
{
    if (w->misused || w->depth == 0 || w->open[w->depth - 1] != open || w->after_key) {
        misuse(w);
        return;
    }
    bool block = !on_one_line(w), had_items = w->has_items[w->depth - 1];
    w->depth--;
    if (block && had_items)
        new_line(w, w->depth);
    if (w->depth < w->line_from)
        w->line_from = NO_LINE;
    fputc(close, w->stream);
    end_value(w);
}

void json_begin_object(json_writer *w, json_layout layout)
{
    begin_container(w, '{', layout);
}

void json_end_object(json_writer *w)
{
    end_container(w, '{', '}');
}

void json_begin_array(json_writer *w, json_layout layout)
{
    begin_container(w, '[', layout);
}

void json_end_array(json_writer *w)
{
    end_container(w, '[', ']');
}

bool json_writer_finish(json_writer *w)
{
    if (!w->misused && w->complete)
        fputc('\n', w->stream);
    return !w->misused && w->complete && !ferror(w->stream);
}

void json_string(json_writer *w, const char *text)
{
    json_string_bytes(w, text, strlen(text));
}

void json_int(json_writer *w, int64_t value)
{
    if (!begin_value(w))
        return;
    fprintf(w->stream, "%lld", (long long)value);
    end_value(w);
}

void json_uint(json_writer *w, uint64_t value)
{
    if (!begin_value(w))
        return;
    fprintf(w->stream, "%llu", (unsigned long long)value);
    end_value(w);
}

/* The locale's decimal point, which printf writes and strtod reads in
 * place of '.' (a program that calls setlocale may have ',' or a longer
 * one). */
static const char *decimal_point(void)
{
    const char *point = localeconv()->decimal_point;
    return point && *point ? point : ".";
}

void json_double(json_writer *w, double value)
{
    if (!isfinite(value)) {
        json_null(w);
        return;
    }
    if (!begin_value(w))
        return;
    char text[64];
    /* the shortest of %.15g to %.17g that reads back to VALUE */
    for (int digits = 15; digits <= 17; digits++) {
        snprintf(text, sizeof text, "%.*g", digits, value);
        if (strtod(text, NULL) == value)
            break;
    }
    const char *point = decimal_point();
    char *at = strcmp(point, ".") ? strstr(text, point) : NULL;
    if (at) {
        size_t width = strlen(point);
        *at = '.';
        memmove(at + 1, at + width, strlen(at + width) + 1);
    }
    fputs(text, w->stream);
    end_value(w);
}

void json_bool(json_writer *w, bool value)
{
    if (!begin_value(w))
        return;
    fputs(value ? "true" : "false", w->stream);
    end_value(w);
}

void json_null(json_writer *w)
{
    if (!begin_value(w))
        return;
    fputs("null", w->stream);
    end_value(w);
}

void json_write_value(json_writer *w, const json_value *v)
{
    switch (v->type) {
    case JSON_NULL:
        json_null(w);
        break;
    case JSON_FALSE:
    case JSON_TRUE:
        json_bool(w, v->type == JSON_TRUE);
        break;
    case JSON_NUMBER:
        if (v->whole && v->negative && v->magnitude)
            json_int(w, v->magnitude > (uint64_t)INT64_MAX ? INT64_MIN : -(int64_t)v->magnitude);
        else if (v->whole)
            json_uint(w, v->magnitude);
        else
            json_double(w, v->number);
        break;
    case JSON_STRING:
        json_string_bytes(w, v->string, v->length);
        break;
    case JSON_ARRAY:
    case JSON_OBJECT:
        if (v->type == JSON_ARRAY)
            json_begin_array(w, JSON_LINE);
        else
            json_begin_object(w, JSON_LINE);
        for (size_t i = 0; i < v->count; i++) {
            if (v->type == JSON_OBJECT)
                json_key(w, v->keys[i]);
            json_write_value(w, &v->items[i]);
        }
        if (v->type == JSON_ARRAY)
            json_end_array(w);
        else
            json_end_object(w);
        break;
    }
}

/* --- reading */

typedef struct reader {
    const char *text;
    size_t length, at;
    char *error;
    size_t error_size;
    bool failed;
} reader;

/* Says ERROR at the reader's place (line and column, in characters). */
static void fail_at(reader *r, size_t offset, const char *format, ...) __attribute__((format(printf, 3, 4)));
static void fail_at(reader *r, size_t offset, const char *format, ...)
{
    if (r->failed)
        return;
    r->failed = true;
    int line = 1, column = 1;
    for (size_t i = 0; i < offset && i < r->length; i++) {
        if (r->text[i] == '\n') {
            line++;
            column = 1;
        } else if (((unsigned char)r->text[i] & 0xC0) != 0x80) {
            column++;
        }
    }
    int n = snprintf(r->error, r->error_size, "line %d, column %d: ", line, column);
    if (n < 0 || (size_t)n >= r->error_size)
        return;
    va_list args;
    va_start(args, format);
    vsnprintf(r->error + n, r->error_size - (size_t)n, format, args);
    va_end(args);
}

/* The text ended where more was needed. */
static void fail_end(reader *r, const char *inside)
{
    if (r->failed)
        return;
    r->failed = true;
    snprintf(r->error, r->error_size, "the text ends %s (is the file truncated?)", inside);
}

static void fail_memory(reader *r)
{
    if (r->failed)
        return;
    r->failed = true;
    snprintf(r->error, r->error_size, "out of memory");
}

static void skip_space(reader *r)
{
    while (r->at < r->length) {
        char c = r->text[r->at];
        if (c != ' ' && c != '\t' && c != '\n' && c != '\r')
            break;
        r->at++;
    }
}

/* What a character is called in a message: itself where printable. */
static const char *shown(char c, char *buffer, size_t size)
{
    unsigned char u = (unsigned char)c;
    if (u >= 0x21 && u < 0x7F)
        snprintf(buffer, size, "'%c'", c);
    else
        snprintf(buffer, size, "byte 0x%02x", u);
    return buffer;
}

static bool parse_value(reader *r, json_value *out, int depth, const char *inside);

/* A growing byte buffer for a string's decoded bytes. */
typedef struct bytes {
    char *data;
    size_t length, capacity;
} bytes;

static bool bytes_add(bytes *b, const char *data, size_t n)
{
    if (b->length + n + 1 > b->capacity) {
        size_t capacity = b->capacity ? b->capacity : 16;
        while (capacity < b->length + n + 1)
            capacity *= 2;
        char *grown = realloc(b->data, capacity);
        if (!grown)
            return false;
        b->data = grown;
        b->capacity = capacity;
    }
    memcpy(b->data + b->length, data, n);
    b->length += n;
    b->data[b->length] = '\0';
    return true;
}

/* Four hexadecimal digits at the reader's place; -1 when they are not. */
static long hex4(reader *r)
{
    if (r->length - r->at < 4)
        return -1;
    long value = 0;
    for (int i = 0; i < 4; i++) {
        char c = r->text[r->at + (size_t)i];
        int digit = c >= '0' && c <= '9' ? c - '0' : c >= 'a' && c <= 'f' ? c - 'a' + 10
                  : c >= 'A' && c <= 'F' ? c - 'A' + 10 : -1;
        if (digit < 0)
            return -1;
        value = value * 16 + digit;
    }
    r->at += 4;
    return value;
}

static bool add_code_point(bytes *b, unsigned long cp)
{
    char u[4];
    size_t n;
    if (cp < 0x80) {
        u[0] = (char)cp;
        n = 1;
    } else if (cp < 0x800) {
        u[0] = (char)(0xC0 | (cp >> 6));
        u[1] = (char)(0x80 | (cp & 0x3F));
        n = 2;
    } else if (cp < 0x10000) {
        u[0] = (char)(0xE0 | (cp >> 12));
        u[1] = (char)(0x80 | ((cp >> 6) & 0x3F));
        u[2] = (char)(0x80 | (cp & 0x3F));
        n = 3;
    } else {
        u[0] = (char)(0xF0 | (cp >> 18));
        u[1] = (char)(0x80 | ((cp >> 12) & 0x3F));
        u[2] = (char)(0x80 | ((cp >> 6) & 0x3F));
        u[3] = (char)(0x80 | (cp & 0x3F));
        n = 4;
    }
    return bytes_add(b, u, n);
}

/* A \u escape (the reader past the 'u'), with the second half of a
 * surrogate pair. */
static bool parse_unicode_escape(reader *r, bytes *b, size_t escape_at)
{
    long cp = hex4(r);
    if (cp < 0) {
        fail_at(r, escape_at, "\\u needs four hexadecimal digits");
        return false;
    }
    if (cp >= 0xDC00 && cp <= 0xDFFF) {
        fail_at(r, escape_at, "\\u%04lx is the second half of a surrogate pair without its first", cp);
        return false;
    }
    if (cp >= 0xD800 && cp <= 0xDBFF) {
        long low = -1;
        if (r->length - r->at >= 2 && r->text[r->at] == '\\' && r->text[r->at + 1] == 'u') {
            r->at += 2;
            low = hex4(r);
        }
        if (low < 0xDC00 || low > 0xDFFF) {
            fail_at(r, escape_at, "\\u%04lx is the first half of a surrogate pair without its second", cp);
            return false;
        }
        cp = 0x10000 + ((cp - 0xD800) << 10) + (low - 0xDC00);
    }
    if (!add_code_point(b, (unsigned long)cp)) {
        fail_memory(r);
        return false;
    }
    return true;
}

/* A string (the reader at its opening quote) into OUT and *LENGTH. */
static bool parse_string(reader *r, char **out, size_t *length)
{
    r->at++;
    bytes b = { 0 };
    if (!bytes_add(&b, "", 0)) {
        fail_memory(r);
        return false;
    }
    for (;;) {
        if (r->at >= r->length) {
            fail_end(r, "inside a string");
            break;
        }
        unsigned char c = (unsigned char)r->text[r->at];
        if (c == '"') {
            r->at++;
            *out = b.data;
            *length = b.length;
            return true;
        }
        if (c < 0x20) {
            fail_at(r, r->at, "a control character (0x%02x) inside a string must be escaped", c);
            break;
        }
        if (c == '\\') {
            size_t escape_at = r->at++;
            if (r->at >= r->length) {
                fail_end(r, "inside a string");
                break;
            }
            char e = r->text[r->at++];
            const char *plain = e == '"' ? "\"" : e == '\\' ? "\\" : e == '/' ? "/" : e == 'b' ? "\b"
                              : e == 'f' ? "\f" : e == 'n' ? "\n" : e == 'r' ? "\r" : e == 't' ? "\t" : NULL;
            if (plain) {
                if (!bytes_add(&b, plain, 1)) {
                    fail_memory(r);
                    break;
                }
            } else if (e == 'u') {
                if (!parse_unicode_escape(r, &b, escape_at))
                    break;
            } else {
                char what[16];
                fail_at(r, escape_at, "unknown escape '\\' then %s", shown(e, what, sizeof what));
                break;
            }
            continue;
        }
        int n = utf8_sequence_length((const unsigned char *)r->text + r->at, r->length - r->at);
        if (n == 0) {
            fail_at(r, r->at, "invalid UTF-8 (byte 0x%02x) inside a string", c);
            break;
        }
        if (!bytes_add(&b, r->text + r->at, (size_t)n)) {
            fail_memory(r);
            break;
        }
        r->at += (size_t)n;
    }
    free(b.data);
    return false;
}

static bool is_digit(char c)
{
    return c >= '0' && c <= '9';
}

static bool parse_number(reader *r, json_value *out)
{
    size_t start = r->at;
    const char *t = r->text;
    bool whole = true;
    if (t[r->at] == '-')
        r->at++;
    if (r->at >= r->length || !is_digit(t[r->at])) {
        if (r->at >= r->length)
            fail_end(r, "inside a number");
        else
            fail_at(r, start, "a number needs a digit after its '-'");
        return false;
    }
    if (t[r->at] == '0' && r->at + 1 < r->length && is_digit(t[r->at + 1])) {
        fail_at(r, start, "a number may not start with 0 and go on with digits");
        return false;
    }
    while (r->at < r->length && is_digit(t[r->at]))
        r->at++;
    if (r->at < r->length && t[r->at] == '.') {
        whole = false;
        r->at++;
        if (r->at >= r->length || !is_digit(t[r->at])) {
            fail_at(r, start, "a number needs a digit after its '.'");
            return false;
        }
        while (r->at < r->length && is_digit(t[r->at]))
            r->at++;
    }
    if (r->at < r->length && (t[r->at] == 'e' || t[r->at] == 'E')) {
        whole = false;
        r->at++;
        if (r->at < r->length && (t[r->at] == '+' || t[r->at] == '-'))
            r->at++;
        if (r->at >= r->length || !is_digit(t[r->at])) {
            fail_at(r, start, "a number needs a digit in its exponent");
            return false;
        }
        while (r->at < r->length && is_digit(t[r->at]))
            r->at++;
    }
    out->type = JSON_NUMBER;
    out->negative = t[start] == '-';
    if (whole) {
        uint64_t magnitude = 0;
        for (size_t i = start + (out->negative ? 1 : 0); i < r->at && whole; i++) {
            unsigned digit = (unsigned)(t[i] - '0');
            if (magnitude > (UINT64_MAX - digit) / 10)
                whole = false;   /* too large for 64 bits: a double only */
            else
                magnitude = magnitude * 10 + digit;
        }
        out->magnitude = whole ? magnitude : 0;
    }
    out->whole = whole;
    /* strtod reads the locale's decimal point: the number's '.' becomes it */
    const char *point = decimal_point();
    size_t width = strlen(point), n = r->at - start;
    char local[128];
    if (n + width < sizeof local) {
        size_t k = 0;
        for (size_t i = start; i < r->at; i++) {
            if (t[i] == '.') {
                memcpy(local + k, point, width);
                k += width;
            } else {
                local[k++] = t[i];
            }
        }
        local[k] = '\0';
        out->number = strtod(local, NULL);
    } else {
        out->number = out->negative ? -HUGE_VAL : HUGE_VAL;   /* (over 100 digits) */
    }
    return true;
}

static bool parse_literal(reader *r, const char *word, json_type type, json_value *out)
{
    size_t n = strlen(word);
    if (r->length - r->at < n || memcmp(r->text + r->at, word, n)) {
        if (r->length - r->at < n && !memcmp(r->text + r->at, word, r->length - r->at)) {
            fail_end(r, "inside a word");
        } else {
            size_t end = r->at;   /* the word as written, for the message */
            while (end < r->length && end - r->at < 16 && r->text[end] >= 'a' && r->text[end] <= 'z')
                end++;
            fail_at(r, r->at, "expected a value, not '%.*s'", (int)(end - r->at), r->text + r->at);
        }
        return false;
    }
    r->at += n;
    out->type = type;
    return true;
}

/* Appends an item to ARRAY's items (and KEY to its keys for an object). */
static json_value *add_item(json_value *container, size_t *capacity, char *key)
{
    if (container->count == *capacity) {
        size_t grown = *capacity ? *capacity * 2 : 4;
        json_value *items = realloc(container->items, grown * sizeof *items);
        if (!items)
            return NULL;
        container->items = items;
        if (container->type == JSON_OBJECT) {
            char **keys = realloc(container->keys, grown * sizeof *keys);
            if (!keys)
                return NULL;
            container->keys = keys;
        }
        *capacity = grown;
    }
    if (container->type == JSON_OBJECT)
        container->keys[container->count] = key;
    json_value *item = &container->items[container->count++];
    memset(item, 0, sizeof *item);
    return item;
}

static int compare_keys(const void *a, const void *b)
{
    return strcmp(*(char *const *)a, *(char *const *)b);
}

/* The first key OBJECT has twice, or NULL (sorted: a file with many
 * members takes no quadratic time). */
static const char *duplicate_key(const json_value *object)
{
    if (object->count < 2)
        return NULL;
    char **sorted = malloc(object->count * sizeof *sorted);
    if (!sorted)
        return NULL;
    memcpy(sorted, object->keys, object->count * sizeof *sorted);
    qsort(sorted, object->count, sizeof *sorted, compare_keys);
    const char *twice = NULL;
    for (size_t i = 1; i < object->count && !twice; i++)
        if (!strcmp(sorted[i - 1], sorted[i]))
            twice = sorted[i];
    free(sorted);
    return twice;
}

static bool parse_container(reader *r, json_value *out, int depth, bool object)
{
    char close = object ? '}' : ']';
    const char *inside = object ? "inside an object" : "inside an array";
    size_t start = r->at++;
    out->type = object ? JSON_OBJECT : JSON_ARRAY;
    if (depth >= JSON_MAX_DEPTH) {
        fail_at(r, start, "more than %d arrays and objects inside one another", JSON_MAX_DEPTH);
        return false;
    }
    size_t capacity = 0;
    skip_space(r);
    if (r->at < r->length && r->text[r->at] == close) {
        r->at++;
        return true;
    }
    for (;;) {
        skip_space(r);
        if (r->at >= r->length) {
            fail_end(r, inside);
            return false;
        }
        char *key = NULL;
        if (object) {
            size_t length;
            if (r->text[r->at] != '"') {
                char what[16];
                fail_at(r, r->at, "expected a member's name in quotes, not %s",
                        shown(r->text[r->at], what, sizeof what));
                return false;
            }
            if (!parse_string(r, &key, &length))
                return false;
            if (strlen(key) != length) {
                fail_at(r, r->at, "a member's name may not hold \\u0000");
                free(key);
                return false;
            }
            skip_space(r);
            if (r->at >= r->length) {
                free(key);
                fail_end(r, inside);
                return false;
            }
            if (r->text[r->at] != ':') {
                char what[16];
                fail_at(r, r->at, "expected ':' after the member's name, not %s",
                        shown(r->text[r->at], what, sizeof what));
                free(key);
                return false;
            }
            r->at++;
        }
        json_value *item = add_item(out, &capacity, key);
        if (!item) {
            free(key);
            fail_memory(r);
            return false;
        }
        if (!parse_value(r, item, depth + 1, inside))
            return false;
        skip_space(r);
        if (r->at >= r->length) {
            fail_end(r, inside);
            return false;
        }
        char c = r->text[r->at];
        if (c == close) {
            r->at++;
            break;
        }
        if (c != ',') {
            char what[16];
            fail_at(r, r->at, "expected ',' or '%c', not %s", close, shown(c, what, sizeof what));
            return false;
        }
        r->at++;
    }
    if (object) {
        const char *twice = duplicate_key(out);
        if (twice) {
            fail_at(r, start, "the object has the member \"%s\" twice", twice);
            return false;
        }
    }
    return true;
}

static bool parse_value(reader *r, json_value *out, int depth, const char *inside)
{
    skip_space(r);
    if (r->at >= r->length) {
        fail_end(r, inside);
        return false;
    }
    char c = r->text[r->at];
    switch (c) {
    case '{':
        return parse_container(r, out, depth, true);
    case '[':
        return parse_container(r, out, depth, false);
    case '"':
        out->type = JSON_STRING;
        return parse_string(r, &out->string, &out->length);
    case 't':
        return parse_literal(r, "true", JSON_TRUE, out);
    case 'f':
        return parse_literal(r, "false", JSON_FALSE, out);
    case 'n':
        return parse_literal(r, "null", JSON_NULL, out);
    default:
        if (c == '-' || is_digit(c))
            return parse_number(r, out);
        char what[16];
        fail_at(r, r->at, "expected a value, not %s", shown(c, what, sizeof what));
        return false;
    }
}

static void free_contents(json_value *v)
{
    if (v->type == JSON_STRING)
        free(v->string);
    for (size_t i = 0; i < v->count; i++) {
        free_contents(&v->items[i]);
        if (v->keys)
            free(v->keys[i]);
    }
    free(v->items);
    free(v->keys);
}

json_value *json_parse(const char *text, size_t length, char *error, size_t error_size)
{
    char spare[1];
    reader r = { .text = text, .length = length, .error = error_size ? error : spare,
                 .error_size = error_size ? error_size : sizeof spare };
    json_value *root = calloc(1, sizeof *root);
    if (!root) {
        fail_memory(&r);
        return NULL;
    }
    skip_space(&r);
    if (r.at >= r.length) {
        r.failed = true;
        snprintf(r.error, r.error_size, "the text is empty");
    } else if (parse_value(&r, root, 0, "where a value should be")) {
        skip_space(&r);
        if (r.at < r.length)
            fail_at(&r, r.at, "more text after the value");
    }
    if (r.failed) {
        json_free(root);
        return NULL;
    }
    return root;
}

void json_free(json_value *value)
{
    if (!value)
        return;
    free_contents(value);
    free(value);
}

const json_value *json_member(const json_value *object, const char *key)
{
    if (!object || object->type != JSON_OBJECT)
        return NULL;
    for (size_t i = 0; i < object->count; i++)
        if (!strcmp(object->keys[i], key))
            return &object->items[i];
    return NULL;
}

bool json_get_uint64(const json_value *value, uint64_t *out)
{
    if (!value || value->type != JSON_NUMBER || !value->whole || (value->negative && value->magnitude))
        return false;
    *out = value->magnitude;
    return true;
}

bool json_get_int64(const json_value *value, int64_t *out)
{
    if (!value || value->type != JSON_NUMBER || !value->whole)
        return false;
    if (value->negative) {
        if (value->magnitude > (uint64_t)INT64_MAX + 1)
            return false;
        *out = value->magnitude == (uint64_t)INT64_MAX + 1 ? INT64_MIN : -(int64_t)value->magnitude;
    } else {
        if (value->magnitude > (uint64_t)INT64_MAX)
            return false;
        *out = (int64_t)value->magnitude;
    }
    return true;
}

const char *json_get_string(const json_value *value)
{
    return value && value->type == JSON_STRING ? value->string : NULL;
}

bool json_equal(const json_value *a, const json_value *b)
{
    if (a->type != b->type)
        return false;
    switch (a->type) {
    case JSON_NUMBER:
        if (a->whole && b->whole)
            return a->magnitude == b->magnitude && (a->negative == b->negative || !a->magnitude);
        return a->number == b->number;   /* (1 and 1.0 are one value) */
    case JSON_STRING:
        return a->length == b->length && !memcmp(a->string, b->string, a->length);
    case JSON_ARRAY:
        if (a->count != b->count)
            return false;
        for (size_t i = 0; i < a->count; i++)
            if (!json_equal(&a->items[i], &b->items[i]))
                return false;
        return true;
    case JSON_OBJECT:
        if (a->count != b->count)
            return false;
        for (size_t i = 0; i < a->count; i++) {
            const json_value *other = json_member(b, a->keys[i]);
            if (!other || !json_equal(&a->items[i], other))
                return false;
        }
        return true;
    default:
        return true;
    }
}
