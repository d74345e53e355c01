/* test_lang: the front end — grammar, newline rules, lexer, diagnostics,
 * suggestions and UTF-8.
 *
 * Parser tests compare ast_dump's S-expression of a small source with one
 * written by hand from the rules of lang/parser.y (loosest first: '|',
 * if/unless, then, verb clauses, ',', or, and, not, comparisons, & - of,
 * +, unary -, where, phrases, '..', primaries).
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ast.h"
#include "diag.h"
#include "parse.h"
#include "source.h"
#include "suggest.h"
#include "utf8.h"

/* --- helpers */

typedef struct parsed {
    source_set sources;
    diag_list diagnostics;
    ast_node *tree;
} parsed;

static void parse_text(parsed *p, const char *text)
{
    source_set_init(&p->sources);
    diag_init(&p->diagnostics);
    int file = source_set_add(&p->sources, "test.rules", text, strlen(text));
    assert_int_equal(file, 0);
    p->tree = parse_source(&p->sources, file, &p->diagnostics);
    assert_non_null(p->tree);
}

static void parsed_free(parsed *p)
{
    ast_free(p->tree);
    diag_free(&p->diagnostics);
    source_set_free(&p->sources);
}

static char *dump_of(const ast_node *node)
{
    char *text = NULL;
    size_t size = 0;
    FILE *stream = open_memstream(&text, &size);
    assert_non_null(stream);
    ast_dump(node, stream);
    fclose(stream);
    if (size > 0 && text[size - 1] == '\n')
        text[size - 1] = '\0';
    return text;
}

/* Every diagnostic as "LINE:COL: SEVERITY: MESSAGE", one a line. */
static char *messages_of(const diag_list *list)
{
    static const char *names[] = { "error", "warning", "note" };
    char *text = NULL;
    size_t size = 0;
    FILE *stream = open_memstream(&text, &size);
    assert_non_null(stream);
    for (int i = 0; i < list->count; i++)
        fprintf(stream, "%d:%d: %s: %s\n", list->items[i].location.line,
                list->items[i].location.column, names[list->items[i].severity],
                list->items[i].message);
    fclose(stream);
    return text;
}

/* SOURCE parses without diagnostics into the tree EXPECTED. */
static void assert_tree(const char *source, const char *expected)
{
    parsed p;
    parse_text(&p, source);
    char *messages = messages_of(&p.diagnostics);
    if (p.diagnostics.count != 0)
        print_error("source:\n%s\ndiagnostics:\n%s", source, messages);
    assert_string_equal(messages, "");
    free(messages);
    char *tree = dump_of(p.tree);
    if (strcmp(tree, expected) != 0)
        print_error("source:\n%s\n", source);
    assert_string_equal(tree, expected);
    free(tree);
    parsed_free(&p);
}

/* SOURCE, one top-level statement without '=', ':' or block, has HEAD as
 * its expression. */
static void assert_head(const char *source, const char *head)
{
    char expected[2048];
    snprintf(expected, sizeof expected, "(file (stmt %s _ _ _))", head);
    assert_tree(source, expected);
}

/* SOURCE gives exactly the diagnostics EXPECTED ("LINE:COL: SEVERITY: MESSAGE\n"...). */
static void assert_diagnostics(const char *source, const char *expected)
{
    parsed p;
    parse_text(&p, source);
    char *messages = messages_of(&p.diagnostics);
    if (strcmp(messages, expected) != 0)
        print_error("source:\n%s\n", source);
    assert_string_equal(messages, expected);
    free(messages);
    parsed_free(&p);
}

/* --- grammar: precedence */

static void union_is_loosest(void **state)
{
    (void)state;
    assert_head("a | b then c", "(bin | a (bin then b c))");
    assert_head("a then b | c", "(bin | (bin then a b) c)");
    assert_head("a | b | c", "(bin | (bin | a b) c)");
}

static void guards_bind_between_union_and_then(void **state)
{
    (void)state;
    /* if guards the whole sequence before it, and | splits alternatives */
    assert_head("step n then hop e if x", "(guard if (bin then (action step n) (action hop e)) x)");
    assert_head("step n if x | pass", "(bin | (guard if (action step n) x) (action pass _))");
    assert_head("push all unless a or b", "(guard unless (action push all) (bin or a b))");
}

static void verbs_take_an_argument_and_clauses(void **state)
{
    (void)state;
    assert_head("pass", "(action pass _)");
    assert_head("hop all over enemy to empty",
                "(action hop all (clause over enemy) (clause to empty))");
    assert_head("step n, e to empty or enemy",
                "(action step (list n e) (clause to (bin or empty enemy)))");
    assert_head("slide orthogonal max 3", "(action slide orthogonal (clause max 3))");
    assert_head("place stone at empty where x",
                "(action place stone (clause at (bin where empty x)))");
    /* a clause's list ends at the next clause word */
    assert_head("relocate h1, a1 to f1", "(action relocate (list h1 a1) (clause to f1))");
}

static void logic_and_comparisons(void **state)
{
    (void)state;
    assert_head("not a and b or c", "(bin or (bin and (un not a) b) c)");
    assert_head("a or b and c", "(bin or a (bin and b c))");
    assert_head("not not a", "(un not (un not a))");
    assert_head("a == b and c in d", "(bin and (bin == a b) (bin in c d))");
    assert_head("a <= b", "(bin <= a b)");
    assert_head("count(x) != 0", "(bin != (call 'count' x) 0)");
}

static void set_operators(void **state)
{
    (void)state;
    /* '+' binds tighter than '&' and '-' (levels 9 and 10) */
    assert_head("a - b + c", "(bin - a (bin + b c))");
    assert_head("a & b - c", "(bin - (bin & a b) c)");
    assert_head("x & rank 1", "(bin & x (phrase rank 1))");
    assert_head("pieces of next", "(bin of pieces next)");
    assert_head("-a", "(un neg a)");
    assert_head("a where b c", "(bin where a (phrase b c))");
    assert_head("ranks 1..3", "(phrase ranks (bin .. 1 3))");
}

static void lists_phrases_and_primaries(void **state)
{
    (void)state;
    assert_head("a, b, c", "(list a b c)");
    assert_head("enemy stone", "(phrase enemy stone)");
    assert_head("a2 b2 c2", "(phrase a2 b2 c2)");
    assert_head("count(a, b)", "(call 'count' a b)");
    assert_head("f()", "(call 'f')");
    assert_head("\"text\" 12 @ x", "(phrase \"text\" 12 @ x)");
    assert_head("(a | b)", "(group (bin | a b))");
    assert_head("(step n)+", "(group+ (action step n))");
    assert_head("(a)*", "(group* a)");
    assert_head("(a)?", "(group? a)");
    assert_head("[enemy]", "(mark enemy)");
    assert_head("[enemy]+", "(mark+ enemy)");
    assert_head("(1, 2)", "(group (list 1 2))");
}

static void statements_have_four_parts(void **state)
{
    (void)state;
    assert_tree("region home = rank 1", "(file (stmt (phrase region home) (phrase rank 1) _ _))");
    assert_tree("end: x", "(file (stmt end _ x _))");
    assert_tree("piece man \"M\" { step n }",
                "(file (stmt (phrase piece man \"M\") _ _ (block (stmt (action step n) _ _ _))))");
    assert_tree("setup { }", "(file (stmt setup _ _ (block)))");
    assert_tree("game \"G\" { }", "(file (game 'G' (block)))");
    assert_tree("variant \"small\" { board square 6x6 }",
                "(file (variant 'small' (block (stmt (phrase board square 6x6) _ _ _))))");
    assert_tree("include \"lib.rules\"", "(file (include 'lib.rules'))");
    assert_tree("define home = rank 1", "(file (define 'home' (phrase rank 1)))");
    assert_tree("define home(p, r) = rank r of p",
                "(file (define 'home' p r (bin of (phrase rank r) p)))");
}

static void patterns(void **state)
{
    (void)state;
    assert_tree("pattern p { @ n: friend }",
                "(file (pattern 'p' _ (line (any (all (path (step n friend)))) _)))");
    assert_tree("pattern bracket for d in hex { @ d: [enemy]+ d: friend }",
                "(file (pattern 'bracket' (for 'd' hex) (line (any (all (path (step d (mark+ enemy)) "
                "(step d friend)))) _)))");
    /* ',' joins paths that must all hold, '|' gives alternatives, '->' the effect */
    assert_tree("pattern p {\n"
                "    @ n: friend, @ s: friend | @ e: not enemy -> capture marked\n"
                "}",
                "(file (pattern 'p' _ (line (any (all (path (step n friend)) (path (step s friend))) "
                "(all (path (step e (un not enemy))))) (action capture marked))))");
    /* turned directions and groups of tests */
    assert_tree("pattern p for d in all { @ d+60: (enemy | empty)* d-90: [friend] as x }",
                "(file (pattern 'p' (for 'd' all) (line (any (all (path (step (bin + d 60) "
                "(group* (bin | enemy empty))) (step (bin - d 90) (as 'x' (mark friend)))))) _)))");
    /* one line per alternative set */
    assert_tree("pattern p {\n    @ n: a\n    @ s: b\n}",
                "(file (pattern 'p' _ (line (any (all (path (step n a)))) _) "
                "(line (any (all (path (step s b)))) _)))");
}

/* --- the newline rules */

static void continuation_lines(void **state)
{
    (void)state;
    /* a line starting with | or then continues the one before */
    assert_tree("x: a\n| b", "(file (stmt x _ (bin | a b) _))");
    assert_tree("x: step n\n    then step e",
                "(file (stmt x _ (bin then (action step n) (action step e)) _))");
    /* blank lines and comments between them do not matter */
    assert_tree("x: a\n\n# a comment\n| b", "(file (stmt x _ (bin | a b) _))");
    /* a line ending with an operator goes on */
    assert_tree("x: a |\n b", "(file (stmt x _ (bin | a b) _))");
    assert_tree("x: a and\n b", "(file (stmt x _ (bin and a b) _))");
    assert_tree("x: a,\n b", "(file (stmt x _ (list a b) _))");
    /* otherwise a newline ends the statement, whatever primary ends the line */
    assert_tree("x: a\nb", "(file (stmt x _ a _) (stmt b _ _ _))");
    assert_tree("x: 3\nb", "(file (stmt x _ 3 _) (stmt b _ _ _))");
    assert_tree("x: \"s\"\nb", "(file (stmt x _ \"s\" _) (stmt b _ _ _))");
    assert_tree("x: 8x8\nb", "(file (stmt x _ 8x8 _) (stmt b _ _ _))");
    assert_tree("x: (a)+\nb", "(file (stmt x _ (group+ a) _) (stmt b _ _ _))");
    assert_tree("x: pass\nb", "(file (stmt x _ (action pass _) _) (stmt b _ _ _))");
}

static void a_line_ending_with_the_anchor_ends_the_statement(void **state)
{
    (void)state;
    /* '@' is a primary like a name (the anchor, spec sections 5 and 11) */
    assert_tree("x: remove @\nb", "(file (stmt x _ (action remove @) _) (stmt b _ _ _))");
    assert_tree("region r = @\nregion s = a1",
                "(file (stmt (phrase region r) @ _ _) (stmt (phrase region s) a1 _ _))");
}

static void newlines_inside_brackets(void **state)
{
    (void)state;
    assert_tree("x: (a\nb)", "(file (stmt x _ (group (phrase a b)) _))");
    assert_tree("x: [a\n]", "(file (stmt x _ (mark a) _))");
    assert_tree("x: count(a,\nb)", "(file (stmt x _ (call 'count' a b) _))");
    /* a block's lines are statements again */
    assert_tree("s {\n a\n b\n}", "(file (stmt s _ _ (block (stmt a _ _ _) (stmt b _ _ _))))");
}

static void semicolons_separate_statements(void **state)
{
    (void)state;
    assert_tree("a; b", "(file (stmt a _ _ _) (stmt b _ _ _))");
    assert_tree("s { a; b }", "(file (stmt s _ _ (block (stmt a _ _ _) (stmt b _ _ _))))");
    assert_tree("a;; b;", "(file (stmt a _ _ _) (stmt b _ _ _))");
    /* the last statement of a file or block needs no end of line */
    assert_tree("s { a }", "(file (stmt s _ _ (block (stmt a _ _ _))))");
    assert_tree("", "(file)");
    assert_tree("\n\n# only a comment\n", "(file)");
}

/* --- the lexer */

static void names_with_hyphens(void **state)
{
    (void)state;
    assert_head("step forward-left", "(action step forward-left)");
    assert_head("counter-clockwise", "counter-clockwise");
    /* '-' before a digit or a space is the operator */
    assert_head("d-60", "(bin - d 60)");
    assert_head("all - corners", "(bin - all corners)");
    assert_head("a -b", "(bin - a b)");
    assert_head("x_1 _y", "(phrase x_1 _y)");
}

static void sizes(void **state)
{
    (void)state;
    assert_head("board square 8x8", "(phrase board square 8x8)");
    assert_head("board square 8 x 8", "(phrase board square 8x8)");
    assert_head("board square 10X12", "(phrase board square 10x12)");
    assert_head("8 x8", "8x8");
    /* a number next to a name that is not x stays a number */
    assert_head("8 y 8", "(phrase 8 y 8)");
}

static void quantifiers_follow_the_bracket(void **state)
{
    (void)state;
    assert_head("(a)+", "(group+ a)");
    assert_head("(a) + b", "(bin + (group a) b)");
    assert_head("[a]* b", "(phrase (mark* a) b)");
}

static void a_stray_quantifier_is_named(void **state)
{
    (void)state;
    /* apart from its bracket, '*' or '?' is no operator: say which */
    assert_diagnostics("x: [a] * b", "1:8: error: '*' repeats the group before it only when it "
                                     "follows ')' or ']' directly\n");
    assert_diagnostics("x: (a) ? b", "1:8: error: '?' repeats the group before it only when it "
                                     "follows ')' or ']' directly\n");
}

static void keywords_and_calls(void **state)
{
    (void)state;
    /* a name directly followed by '(' is a call; with a space it is a phrase */
    assert_head("count (a)", "(phrase count (group a))");
    assert_head("can-move(next)", "(call 'can-move' next)");
    /* verbs and clause words are reserved; other words are names */
    assert_head("wins draw moves", "(phrase wins draw moves)");
}

static void strings_and_numbers(void **state)
{
    (void)state;
    assert_head("\"a\\\\b\"", "\"a\\b\"");
    assert_head("\"\xc3\xa9\xe2\x82\xac\"", "\"\xc3\xa9\xe2\x82\xac\"");
    assert_head("007", "7");
    assert_head("1000000000", "1000000000");
}

/* --- syntax errors */

static void syntax_errors_have_places(void **state)
{
    (void)state;
    assert_diagnostics("a $ b", "1:3: error: unexpected character '$'\n");
    assert_diagnostics("x: \"abc\n", "1:4: error: unterminated string\n");
    assert_diagnostics("s {\n  a\n", "3:1: error: unexpected end of file: '{' opened on line 1 is not closed\n"
                                     "1:3: note: the '{' opened here\n");
    assert_diagnostics("a )", "1:3: error: ')' without a matching '('\n");
    assert_diagnostics("x: 10000000000", "1:4: error: number too large (the limit is 1000000000)\n");
    assert_diagnostics("a\n\xff b", "2:1: error: invalid UTF-8 byte 0xFF\n");
    assert_diagnostics("a \x01", "1:3: error: unexpected control character 0x01\n");
}

static void nesting_is_bounded(void **state)
{
    (void)state;
    /* 200 levels are allowed, the 201st is reported once */
    char source[1024];
    for (int depth = 200; depth <= 201; depth++) {
        char *p = source;
        p += sprintf(p, "x: ");
        for (int i = 0; i < depth; i++)
            *p++ = '(';
        *p++ = 'a';
        for (int i = 0; i < depth; i++)
            *p++ = ')';
        *p = '\0';
        parsed q;
        parse_text(&q, source);
        char *messages = messages_of(&q.diagnostics);
        if (depth == 200)
            assert_string_equal(messages, "");
        else
            assert_string_equal(messages, "1:204: error: brackets nested deeper than 200 levels\n");
        free(messages);
        parsed_free(&q);
    }
}

/* --- printed diagnostics */

static char *printed(const char *source)
{
    parsed p;
    parse_text(&p, source);
    char *text = NULL;
    size_t size = 0;
    FILE *stream = open_memstream(&text, &size);
    assert_non_null(stream);
    diag_print(&p.diagnostics, &p.sources, stream, false);
    fclose(stream);
    parsed_free(&p);
    return text;
}

/* The number of characters (not bytes) before the first BYTE of LINE. */
static int characters_before(const char *line, char byte)
{
    int n = 0;
    for (const char *p = line; *p && *p != byte && *p != '\n'; p++)
        if (((unsigned char)*p & 0xC0) != 0x80)
            n++;
    return n;
}

static void caret_counts_characters(void **state)
{
    (void)state;
    /* two-, three- and four-byte characters before the error */
    char *text = printed("x: \"\xc3\xa9\xe2\x82\xac\xf0\x9f\x98\x80\" $");
    assert_string_equal(text,
                        "test.rules:1:10: error: unexpected character '$'\n"
                        "    1 | x: \"\xc3\xa9\xe2\x82\xac\xf0\x9f\x98\x80\" $\n"
                        "      |          ^\n");
    free(text);
    /* a tab before the error is kept, so the caret lines up in a terminal */
    text = printed("\tx $");
    assert_string_equal(text, "test.rules:1:4: error: unexpected character '$'\n"
                              "    1 | \tx $\n"
                              "      | \t  ^\n");
    free(text);
}

static void caret_under_the_character_after_bad_bytes(void **state)
{
    (void)state;
    /* The excerpt shows each bad byte as '?': the caret of an error after
     * them must still be under the character it is about. */
    const char *sources[] = {
        "x: \x80 $",          /* a lone continuation byte */
        "x: \xe0\x80\x80 $",  /* an overlong sequence */
        "x: \xc3 $",          /* a truncated sequence */
    };
    for (size_t i = 0; i < sizeof sources / sizeof *sources; i++) {
        char *text = printed(sources[i]);
        /* the excerpt and the caret line of the '$' error (the last one) */
        const char *excerpt = strstr(text, "error: unexpected character '$'\n");
        assert_non_null(excerpt);
        excerpt = strchr(excerpt, '\n') + 1;
        const char *caret_line = strchr(excerpt, '\n') + 1;
        int dollar = characters_before(excerpt, '$');
        int caret = characters_before(caret_line, '^');
        if (dollar != caret)
            print_error("%s", text);
        assert_int_equal(caret, dollar);
        free(text);
    }
}

static void long_lines_are_cut_around_the_caret(void **state)
{
    (void)state;
    size_t n = 300000;
    char *source = malloc(n + 8);
    assert_non_null(source);
    memset(source, 'a', n);
    memcpy(source + n, " $", 3);
    char *text = printed(source);
    /* the name is too long, and the '$' is found; no line is printed whole */
    assert_non_null(strstr(text, "test.rules:1:1: error: name longer than 4096 characters\n"));
    assert_non_null(strstr(text, "test.rules:1:300002: error: unexpected character '$'\n"));
    char *line = text;
    while (line && *line) {
        char *end = strchr(line, '\n');
        size_t length = end ? (size_t)(end - line) : strlen(line);
        assert_true(length < 200);
        line = end ? end + 1 : NULL;
    }
    free(text);
    free(source);
}

static void the_error_cap(void **state)
{
    (void)state;
    char source[256] = "";
    for (int i = 0; i < 25; i++)
        strcat(source, "$\n");
    parsed p;
    parse_text(&p, source);
    assert_int_equal(p.diagnostics.errors, DIAG_MAX_ERRORS_PER_FILE);
    assert_int_equal(p.diagnostics.count, DIAG_MAX_ERRORS_PER_FILE + 1);
    const diagnostic *last = &p.diagnostics.items[p.diagnostics.count - 1];
    assert_int_equal(last->severity, DIAG_NOTE);
    assert_string_equal(last->message, "too many errors in this file; the rest is not reported");
    assert_true(diag_file_full(&p.diagnostics, 0));
    /* a full file reports nothing more */
    source_location at = { 0, 1, 1, 1, 1 };
    assert_false(diag_report(&p.diagnostics, DIAG_ERROR, at, NULL, "more"));
    assert_int_equal(p.diagnostics.count, DIAG_MAX_ERRORS_PER_FILE + 1);
    parsed_free(&p);
}

/* --- suggestions */

static void edit_distances(void **state)
{
    (void)state;
    assert_int_equal(suggest_distance("forward", "forward"), 0);
    assert_int_equal(suggest_distance("forwrd-left", "forward-left"), 1);   /* insertion */
    assert_int_equal(suggest_distance("boards", "board"), 1);               /* deletion */
    assert_int_equal(suggest_distance("emtpy", "empty"), 1);                /* swap */
    assert_int_equal(suggest_distance("enemy", "enema"), 1);                /* substitution */
    assert_int_equal(suggest_distance("kitten", "sitting"), 3);
    assert_int_equal(suggest_distance("", "abc"), 3);
    assert_int_equal(suggest_distance("abc", ""), 3);
}

static const char *best_of(const char *word, const char *const *candidates)
{
    static suggestion s;
    suggest_begin(&s, word);
    for (; *candidates; candidates++)
        suggest_consider(&s, *candidates);
    return suggest_result(&s);
}

static void suggestion_cut_off(void **state)
{
    (void)state;
    const char *const directions[] = { "n", "ne", "e", "se", "s", "sw", "w", "nw",
                                       "forward", "forward-left", "orthogonal", NULL };
    assert_string_equal(best_of("forwrd-left", directions), "forward-left");
    assert_string_equal(best_of("frwrd", directions), "forward");       /* 5 letters: 2 edits */
    assert_string_equal(best_of("orthogonl", directions), "orthogonal");
    assert_string_equal(best_of("nn", directions), "n");               /* 3 letters or less: 1 edit */
    assert_null(best_of("xyz", directions));
    assert_null(best_of("fwd", directions));
    assert_null(best_of("backwards", directions));                      /* 7 letters or more: 3 edits */
    const char *const heads[] = { "board", "setup", "moves", "players", NULL };
    assert_string_equal(best_of("boad", heads), "board");
    assert_string_equal(best_of("plyers", heads), "players");
    assert_null(best_of("zzzzz", heads));
    /* the word itself is not a suggestion, and nothing is none */
    const char *const itself[] = { "board", NULL };
    assert_null(best_of("board", itself));
    const char *const nothing[] = { NULL };
    assert_null(best_of("board", nothing));
    /* the first of equally close candidates wins */
    const char *const ties[] = { "cat", "car", NULL };
    assert_string_equal(best_of("cab", ties), "cat");
}

/* --- UTF-8 */

static void utf8_sequences(void **state)
{
    (void)state;
    const struct {
        const char *bytes;
        int length;
    } cases[] = {
        { "a", 1 }, { "\x7f", 1 },
        { "\xc3\xa9", 2 }, { "\xe2\x82\xac", 3 }, { "\xf0\x9f\x98\x80", 4 },
        { "\xf4\x8f\xbf\xbf", 4 },      /* U+10FFFF */
        { "\xc0\x80", 0 },              /* overlong NUL */
        { "\xc1\xbf", 0 },              /* overlong */
        { "\xe0\x9f\xbf", 0 },          /* overlong three bytes */
        { "\xed\xa0\x80", 0 },          /* surrogate */
        { "\xf4\x90\x80\x80", 0 },      /* above U+10FFFF */
        { "\xf5\x80\x80\x80", 0 },
        { "\x80", 0 }, { "\xbf", 0 }, { "\xff", 0 },
        { "\xc3", 0 },                  /* truncated */
        { "\xe2\x82", 0 },
        { "\xc3\x28", 0 },              /* bad continuation */
    };
    for (size_t i = 0; i < sizeof cases / sizeof *cases; i++) {
        int got = utf8_sequence_length((const unsigned char *)cases[i].bytes, strlen(cases[i].bytes));
        if (got != cases[i].length)
            print_error("case %zu\n", i);
        assert_int_equal(got, cases[i].length);
    }
    assert_int_equal(utf8_sequence_length((const unsigned char *)"", 0), 0);
    /* AVAILABLE bounds the look-ahead */
    assert_int_equal(utf8_sequence_length((const unsigned char *)"\xe2\x82\xac", 2), 0);
}

/* --- sources */

static void source_lines(void **state)
{
    (void)state;
    source_set set;
    source_set_init(&set);
    const char *text = "one\r\ntwo\n\nfour";
    int file = source_set_add(&set, "x.rules", text, strlen(text));
    size_t length = 0;
    const char *line = source_line(&set, file, 1, &length);
    assert_non_null(line);
    assert_int_equal(length, 3);        /* without the \r */
    line = source_line(&set, file, 2, &length);
    assert_memory_equal(line, "two", 3);
    line = source_line(&set, file, 3, &length);
    assert_int_equal(length, 0);
    line = source_line(&set, file, 4, &length);
    assert_int_equal(length, 4);
    assert_null(source_line(&set, file, 5, &length));
    assert_null(source_line(&set, file, 0, &length));
    assert_null(source_line(&set, 7, 1, &length));
    assert_string_equal(source_path(&set, file), "x.rules");
    assert_string_equal(source_path(&set, -1), "<unknown>");
    source_set_free(&set);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(union_is_loosest),
        cmocka_unit_test(guards_bind_between_union_and_then),
        cmocka_unit_test(verbs_take_an_argument_and_clauses),
        cmocka_unit_test(logic_and_comparisons),
        cmocka_unit_test(set_operators),
        cmocka_unit_test(lists_phrases_and_primaries),
        cmocka_unit_test(statements_have_four_parts),
        cmocka_unit_test(patterns),
        cmocka_unit_test(continuation_lines),
        cmocka_unit_test(a_line_ending_with_the_anchor_ends_the_statement),
        cmocka_unit_test(newlines_inside_brackets),
        cmocka_unit_test(semicolons_separate_statements),
        cmocka_unit_test(names_with_hyphens),
        cmocka_unit_test(sizes),
        cmocka_unit_test(quantifiers_follow_the_bracket),
        cmocka_unit_test(a_stray_quantifier_is_named),
        cmocka_unit_test(keywords_and_calls),
        cmocka_unit_test(strings_and_numbers),
        cmocka_unit_test(syntax_errors_have_places),
        cmocka_unit_test(nesting_is_bounded),
        cmocka_unit_test(caret_counts_characters),
        cmocka_unit_test(caret_under_the_character_after_bad_bytes),
        cmocka_unit_test(long_lines_are_cut_around_the_caret),
        cmocka_unit_test(the_error_cap),
        cmocka_unit_test(edit_distances),
        cmocka_unit_test(suggestion_cut_off),
        cmocka_unit_test(utf8_sequences),
        cmocka_unit_test(source_lines),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
