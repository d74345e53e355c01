/* test_json: the JSON writer against text written out by hand (escapes,
 * 64-bit counts, doubles, layouts), its nesting checks, and the reader:
 * what it reads back, and its messages for text that is not JSON. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "json/json.h"

/* A writer on a memory stream, and what it wrote. */
typedef struct written {
    char *text;
    size_t size;
    FILE *stream;
    json_writer w;
} written;

static void start(written *out)
{
    out->text = NULL;
    out->size = 0;
    out->stream = open_memstream(&out->text, &out->size);
    assert_non_null(out->stream);
    json_writer_init(&out->w, out->stream);
}

/* Finishes OUT; returns json_writer_finish's verdict, the text in OUT->text. */
static bool finish(written *out)
{
    bool ok = json_writer_finish(&out->w);
    fclose(out->stream);
    return ok;
}

static void writes_a_document_as_written_by_hand(void **state)
{
    (void)state;
    written out;
    start(&out);
    json_writer *w = &out.w;
    json_begin_object(w, JSON_BLOCK);
    json_key(w, "name");
    json_string(w, "Tic \"tac\" toe\\");
    json_key(w, "controls");
    json_string(w, "line\nfeed\ttab\r\b\f\x01\x1f\x7f");
    json_key(w, "utf-8");
    json_string(w, "caf\xc3\xa9 \xe2\x99\x9e \xf0\x9f\x98\x80");
    json_key(w, "invalid");
    json_string(w, "a\xff" "b\xe2\x99" "c\xc0\xaf");
    json_key(w, "nul");
    json_string_bytes(w, "a\0b", 3);
    json_key(w, "counts");
    json_begin_array(w, JSON_LINE);
    json_uint(w, UINT64_MAX);
    json_int(w, INT64_MIN);
    json_uint(w, 0);
    json_end_array(w);
    json_key(w, "doubles");
    json_begin_array(w, JSON_BLOCK);
    json_double(w, 0.1);
    json_double(w, -0.5);
    json_double(w, 3.0);
    json_double(w, 1e300);
    json_double(w, 1.0 / 3.0);
    json_double(w, 0.1 + 0.2);
    json_double(w, strtod("nan", NULL));
    json_end_array(w);
    json_key(w, "flags");
    json_begin_object(w, JSON_LINE);
    json_key(w, "yes");
    json_bool(w, true);
    json_key(w, "no");
    json_bool(w, false);
    json_key(w, "none");
    json_null(w);
    json_key(w, "inner");
    json_begin_array(w, JSON_BLOCK);   /* inside a line: on the line too */
    json_int(w, 1);
    json_begin_object(w, JSON_LINE);
    json_end_object(w);
    json_end_array(w);
    json_end_object(w);
    json_key(w, "empty");
    json_begin_array(w, JSON_BLOCK);
    json_end_array(w);
    json_end_object(w);
    assert_true(finish(&out));
    const char *expected =
        "{\n"
        "  \"name\": \"Tic \\\"tac\\\" toe\\\\\",\n"
        "  \"controls\": \"line\\nfeed\\ttab\\r\\b\\f\\u0001\\u001f\x7f\",\n"
        "  \"utf-8\": \"caf\xc3\xa9 \xe2\x99\x9e \xf0\x9f\x98\x80\",\n"
        "  \"invalid\": \"a\xef\xbf\xbd" "b\xef\xbf\xbd\xef\xbf\xbd" "c\xef\xbf\xbd\xef\xbf\xbd\",\n"
        "  \"nul\": \"a\\u0000b\",\n"
        "  \"counts\": [18446744073709551615, -9223372036854775808, 0],\n"
        "  \"doubles\": [\n"
        "    0.1,\n"
        "    -0.5,\n"
        "    3,\n"
        "    1e+300,\n"
        "    0.3333333333333333,\n"
        "    0.30000000000000004,\n"
        "    null\n"
        "  ],\n"
        "  \"flags\": {\"yes\": true, \"no\": false, \"none\": null, \"inner\": [1, {}]},\n"
        "  \"empty\": []\n"
        "}\n";
    assert_string_equal(out.text, expected);
    free(out.text);
}

static void a_top_value_alone(void **state)
{
    (void)state;
    written out;
    start(&out);
    json_string(&out.w, "x");
    assert_true(finish(&out));
    assert_string_equal(out.text, "\"x\"\n");
    free(out.text);
}

/* Each misuse is caught: finish says false, and nothing is written from
 * the misuse on. */
typedef void (*writes)(json_writer *w);
static void value_without_key(json_writer *w)
{
    json_begin_object(w, JSON_BLOCK);
    json_int(w, 1);
    json_end_object(w);
}
static void key_in_array(json_writer *w)
{
    json_begin_array(w, JSON_LINE);
    json_key(w, "a");
    json_end_array(w);
}
static void key_without_value(json_writer *w)
{
    json_begin_object(w, JSON_LINE);
    json_key(w, "a");
    json_end_object(w);
}
static void two_keys(json_writer *w)
{
    json_begin_object(w, JSON_LINE);
    json_key(w, "a");
    json_key(w, "b");
    json_int(w, 1);
    json_end_object(w);
}
static void wrong_closer(json_writer *w)
{
    json_begin_array(w, JSON_LINE);
    json_end_object(w);
}
static void two_top_values(json_writer *w)
{
    json_int(w, 1);
    json_int(w, 2);
}
static void unclosed(json_writer *w)
{
    json_begin_array(w, JSON_LINE);
    json_int(w, 1);
}
static void nothing(json_writer *w)
{
    (void)w;
}
static void close_at_top(json_writer *w)
{
    json_end_array(w);
}
static void too_deep(json_writer *w)
{
    for (int i = 0; i <= JSON_MAX_DEPTH; i++)
        json_begin_array(w, JSON_LINE);
}

static void misuse_is_caught(void **state)
{
    (void)state;
    const struct {
        const char *name;
        writes run;
        const char *text;   /* what was written before the misuse */
    } cases[] = {
        { "a value without its key", value_without_key, "{" },
        { "a key in an array", key_in_array, "[" },
        { "a key without its value", key_without_value, "{\"a\": " },
        { "two keys in a row", two_keys, "{\"a\": " },
        { "an array closed as an object", wrong_closer, "[" },
        { "two top values", two_top_values, "1" },
        { "a container left open", unclosed, "[1" },
        { "nothing written", nothing, "" },
        { "a close with nothing open", close_at_top, "" },
    };
    for (size_t i = 0; i < sizeof cases / sizeof *cases; i++) {
        written out;
        start(&out);
        cases[i].run(&out.w);
        if (finish(&out))
            fail_msg("%s: finish said the text is whole", cases[i].name);
        if (strcmp(out.text, cases[i].text))
            fail_msg("%s: wrote '%s', not '%s'", cases[i].name, out.text, cases[i].text);
        free(out.text);
    }
    written out;
    start(&out);
    too_deep(&out.w);
    assert_false(finish(&out));
    assert_int_equal(strlen(out.text), JSON_MAX_DEPTH);
    free(out.text);
}

static json_value *parse(const char *text)
{
    char error[256];
    json_value *v = json_parse(text, strlen(text), error, sizeof error);
    if (!v)
        fail_msg("'%s' does not read: %s", text, error);
    return v;
}

static void reads_back_what_it_wrote(void **state)
{
    (void)state;
    written out;
    start(&out);
    json_writer *w = &out.w;
    json_begin_object(w, JSON_BLOCK);
    json_key(w, "text");
    json_string(w, "q\"b\\n\n\x01\xc3\xa9\xf0\x9f\x98\x80");
    json_key(w, "big");
    json_uint(w, UINT64_MAX);
    json_key(w, "small");
    json_int(w, INT64_MIN);
    json_key(w, "third");
    json_double(w, 1.0 / 3.0);
    json_key(w, "list");
    json_begin_array(w, JSON_LINE);
    json_bool(w, true);
    json_null(w);
    json_end_array(w);
    json_end_object(w);
    assert_true(finish(&out));
    json_value *v = parse(out.text);
    assert_int_equal(v->type, JSON_OBJECT);
    assert_int_equal(v->count, 5);
    assert_string_equal(json_get_string(json_member(v, "text")), "q\"b\\n\n\x01\xc3\xa9\xf0\x9f\x98\x80");
    uint64_t big;
    assert_true(json_get_uint64(json_member(v, "big"), &big));
    assert_true(big == UINT64_MAX);
    int64_t small;
    assert_true(json_get_int64(json_member(v, "small"), &small));
    assert_true(small == INT64_MIN);
    assert_false(json_get_uint64(json_member(v, "small"), &big));
    const json_value *third = json_member(v, "third");
    assert_false(third->whole);
    assert_true(third->number == 1.0 / 3.0);
    const json_value *list = json_member(v, "list");
    assert_int_equal(list->type, JSON_ARRAY);
    assert_int_equal(list->count, 2);
    assert_int_equal(list->items[0].type, JSON_TRUE);
    assert_int_equal(list->items[1].type, JSON_NULL);
    assert_null(json_member(v, "absent"));
    json_free(v);
    free(out.text);
}

static void reads_escapes_and_numbers(void **state)
{
    (void)state;
    json_value *v = parse(" [\"\\u00e9\\ud83d\\ude00\\/\\t\", 18446744073709551616, -0, 2.5e-3, 1E2, \"\\u0000x\"] ");
    assert_int_equal(v->count, 6);
    assert_string_equal(v->items[0].string, "\xc3\xa9\xf0\x9f\x98\x80/\t");
    assert_false(v->items[1].whole);   /* one past 64 bits */
    assert_true(v->items[1].number == 18446744073709551616.0);
    int64_t zero;
    assert_true(json_get_int64(&v->items[2], &zero));
    assert_true(zero == 0);
    assert_true(v->items[3].number == 2.5e-3);
    assert_false(v->items[4].whole);
    assert_true(v->items[4].number == 100.0);
    assert_int_equal(v->items[5].length, 2);
    assert_int_equal(v->items[5].string[1], 'x');
    json_free(v);
}

static void says_why_text_is_not_json(void **state)
{
    (void)state;
    char deep[JSON_MAX_DEPTH + 2];
    memset(deep, '[', sizeof deep - 1);
    deep[sizeof deep - 1] = '\0';
    const struct {
        const char *text;
        const char *error;
    } cases[] = {
        { "", "the text is empty" },
        { "  \n", "the text is empty" },
        { "{\"a\": [1, 2", "the text ends inside an array (is the file truncated?)" },
        { "{\"a\": 1", "the text ends inside an object (is the file truncated?)" },
        { "{\"a\": \"xy", "the text ends inside a string (is the file truncated?)" },
        { "{\"a\": tr", "the text ends inside a word (is the file truncated?)" },
        { "{\"a\": -", "the text ends inside a number (is the file truncated?)" },
        { "{\"a\" 1}", "line 1, column 6: expected ':' after the member's name, not '1'" },
        { "{\"a\": 1,\n \"a\": 2}", "line 1, column 1: the object has the member \"a\" twice" },
        { "[1,]", "line 1, column 4: expected a value, not ']'" },
        { "[1 2]", "line 1, column 4: expected ',' or ']', not '2'" },
        { "{1: 2}", "line 1, column 2: expected a member's name in quotes, not '1'" },
        { "01", "line 1, column 1: a number may not start with 0 and go on with digits" },
        { "1.", "line 1, column 1: a number needs a digit after its '.'" },
        { "1e+", "line 1, column 1: a number needs a digit in its exponent" },
        { "-x", "line 1, column 1: a number needs a digit after its '-'" },
        { "\"\\ud83d\"", "line 1, column 2: \\ud83d is the first half of a surrogate pair without its second" },
        { "\"\\ude00\"", "line 1, column 2: \\ude00 is the second half of a surrogate pair without its first" },
        { "\"\\u12g4\"", "line 1, column 2: \\u needs four hexadecimal digits" },
        { "\"\\q\"", "line 1, column 2: unknown escape '\\' then 'q'" },
        { "\"a\xff\"", "line 1, column 3: invalid UTF-8 (byte 0xff) inside a string" },
        { "\"a\tb\"", "line 1, column 3: a control character (0x09) inside a string must be escaped" },
        { "\xc3\xa9", "line 1, column 1: expected a value, not byte 0xc3" },
        { "[\"\xc3\xa9\", x]", "line 1, column 7: expected a value, not 'x'" },
        { "nul", "the text ends inside a word (is the file truncated?)" },
        { "nulx", "line 1, column 1: expected a value, not 'nulx'" },
        { "not json", "line 1, column 1: expected a value, not 'not'" },
        { "{} {}", "line 1, column 4: more text after the value" },
        { "{\"\\u0000\": 1}", "line 1, column 10: a member's name may not hold \\u0000" },
        { deep, "line 1, column 65: more than 64 arrays and objects inside one another" },
    };
    for (size_t i = 0; i < sizeof cases / sizeof *cases; i++) {
        char error[256] = "";
        json_value *v = json_parse(cases[i].text, strlen(cases[i].text), error, sizeof error);
        if (v)
            fail_msg("'%s' read as JSON", cases[i].text);
        if (strcmp(error, cases[i].error))
            fail_msg("'%s': said '%s', not '%s'", cases[i].text, error, cases[i].error);
    }
    /* a text that stops before its NUL: only LENGTH bytes are read */
    char error[256];
    assert_null(json_parse("[1, 2]", 4, error, sizeof error));
    assert_string_equal(error, "the text ends inside an array (is the file truncated?)");
}

/* json_equal: members in any order, items in order, numbers by value;
 * json_write_value writes a parsed value back on one line. */
static void compares_and_writes_back(void **state)
{
    (void)state;
    json_value *a = parse("{\"a\": [1, 2.5, \"x\", true], \"b\": {\"c\": null, \"d\": -0}}");
    json_value *b = parse("{\"b\": {\"d\": 0, \"c\": null}, \"a\": [1.0, 25e-1, \"x\", true]}");
    json_value *c = parse("{\"a\": [2.5, 1, \"x\", true], \"b\": {\"c\": null, \"d\": 0}}");
    json_value *d = parse("{\"a\": [1, 2.5, \"x\", true], \"b\": {\"c\": null}}");
    json_value *e = parse("{\"a\": [1, 2.5, \"x\", true], \"b\": {\"c\": null, \"e\": 0}}");
    json_value *big = parse("[18446744073709551615, 18446744073709551614]");
    assert_true(json_equal(a, b));
    assert_true(json_equal(b, a));
    assert_false(json_equal(a, c));   /* items in another order */
    assert_false(json_equal(a, d));   /* a member fewer */
    assert_false(json_equal(d, a));
    assert_false(json_equal(a, e));   /* another member's name */
    assert_false(json_equal(&big->items[0], &big->items[1]));   /* whole numbers to the last bit */
    char *text = NULL;
    size_t size = 0;
    FILE *stream = open_memstream(&text, &size);
    assert_non_null(stream);
    json_writer w;
    json_writer_init(&w, stream);
    json_write_value(&w, a);
    assert_true(json_writer_finish(&w));
    fclose(stream);
    assert_string_equal(text, "{\"a\": [1, 2.5, \"x\", true], \"b\": {\"c\": null, \"d\": 0}}\n");
    free(text);
    json_free(a);
    json_free(b);
    json_free(c);
    json_free(d);
    json_free(e);
    json_free(big);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(writes_a_document_as_written_by_hand),
        cmocka_unit_test(a_top_value_alone),
        cmocka_unit_test(misuse_is_caught),
        cmocka_unit_test(reads_back_what_it_wrote),
        cmocka_unit_test(reads_escapes_and_numbers),
        cmocka_unit_test(says_why_text_is_not_json),
        cmocka_unit_test(compares_and_writes_back),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
