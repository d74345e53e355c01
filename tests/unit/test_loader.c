/* test_loader: following includes — the search order (stdlib folder, then
 * TABULA_PATH, then the including file's folder), files read once, cycles,
 * missing and unreadable files.  Each test builds its files in a fresh
 * temporary folder. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "ast.h"
#include "diag.h"
#include "loader.h"
#include "source.h"

typedef struct fixture {
    char root[256];
} fixture;

static char *path_in(const fixture *f, const char *relative)
{
    static char paths[8][512];
    static int next;
    char *path = paths[next++ % 8];
    snprintf(path, sizeof paths[0], "%s/%s", f->root, relative);
    return path;
}

/* Writes TEXT to ROOT/RELATIVE, making its folders. */
static void write_file(const fixture *f, const char *relative, const char *text)
{
    char *path = path_in(f, relative);
    for (char *slash = strchr(path + strlen(f->root) + 1, '/'); slash; slash = strchr(slash + 1, '/')) {
        *slash = '\0';
        mkdir(path, 0777);
        *slash = '/';
    }
    FILE *stream = fopen(path, "w");
    assert_non_null(stream);
    fputs(text, stream);
    fclose(stream);
}

static void remove_tree(const char *path)
{
    char command[600];
    snprintf(command, sizeof command, "rm -rf '%s'", path);
    if (system(command) != 0)
        fprintf(stderr, "could not remove %s\n", path);
}

static int setup(void **state)
{
    fixture *f = calloc(1, sizeof *f);
    if (!f)
        return -1;
    const char *tmp = getenv("TMPDIR");
    snprintf(f->root, sizeof f->root, "%s/tabula-loader.XXXXXX", tmp && *tmp ? tmp : "/tmp");
    if (!mkdtemp(f->root)) {
        free(f);
        return -1;
    }
    *state = f;
    return 0;
}

static int teardown(void **state)
{
    fixture *f = *state;
    remove_tree(f->root);
    free(f);
    return 0;
}

typedef struct loaded {
    source_set sources;
    diag_list diagnostics;
    ast_node *program;
    loader_status status;
} loaded;

static void load(loaded *l, const char *path, const char *stdlib_dir, const char *search_path)
{
    loader_options options = { stdlib_dir, search_path, NULL };
    source_set_init(&l->sources);
    diag_init(&l->diagnostics);
    l->status = loader_load(path, &options, &l->sources, &l->diagnostics, &l->program);
}

static void loaded_free(loaded *l)
{
    ast_free(l->program);
    diag_free(&l->diagnostics);
    source_set_free(&l->sources);
}

static char *dump_of(const ast_node *node)
{
    char *text = NULL;
    size_t size = 0;
    FILE *stream = open_memstream(&text, &size);
    assert_non_null(stream);
    ast_dump(node, stream);
    fclose(stream);
    return text;
}

static char *messages_of(const loaded *l)
{
    static const char *names[] = { "error", "warning", "note" };
    char *text = NULL;
    size_t size = 0;
    FILE *stream = open_memstream(&text, &size);
    assert_non_null(stream);
    for (int i = 0; i < l->diagnostics.count; i++) {
        const diagnostic *d = &l->diagnostics.items[i];
        fprintf(stream, "%s:%d:%d: %s: %s\n", d->location.file >= 0
                ? strrchr(source_path(&l->sources, d->location.file), '/') + 1 : "-",
                d->location.line, d->location.column, names[d->severity], d->message);
    }
    fclose(stream);
    return text;
}

/* The program loaded from ROOT/main.rules, as an S-expression. */
static char *program_of(const fixture *f, const char *stdlib_dir, const char *search_path)
{
    loaded l;
    load(&l, path_in(f, "main.rules"), stdlib_dir, search_path);
    assert_int_equal(l.status, LOADER_OK);
    char *messages = messages_of(&l);
    assert_string_equal(messages, "");
    free(messages);
    char *text = dump_of(l.program);
    loaded_free(&l);
    return text;
}

/* --- search order */

static void stdlib_first_then_path_then_own_folder(void **state)
{
    fixture *f = *state;
    write_file(f, "main.rules", "include \"lib.rules\"\n");
    write_file(f, "std/lib.rules", "define from-stdlib = 1\n");
    write_file(f, "path1/lib.rules", "define from-path1 = 1\n");
    write_file(f, "path2/lib.rules", "define from-path2 = 1\n");
    write_file(f, "lib.rules", "define from-own-folder = 1\n");
    char std[512], path[1100];
    snprintf(std, sizeof std, "%s", path_in(f, "std"));
    snprintf(path, sizeof path, "%s:%s", path_in(f, "path1"), path_in(f, "path2"));

    char *tree = program_of(f, std, path);
    assert_string_equal(tree, "(file (define 'from-stdlib' 1))\n");
    free(tree);

    write_file(f, "std/other.rules", "");
    unlink(path_in(f, "std/lib.rules"));
    tree = program_of(f, std, path);
    assert_string_equal(tree, "(file (define 'from-path1' 1))\n");
    free(tree);

    unlink(path_in(f, "path1/lib.rules"));
    tree = program_of(f, std, path);
    assert_string_equal(tree, "(file (define 'from-path2' 1))\n");
    free(tree);

    unlink(path_in(f, "path2/lib.rules"));
    tree = program_of(f, std, path);
    assert_string_equal(tree, "(file (define 'from-own-folder' 1))\n");
    free(tree);

    /* no stdlib folder and no search path: the own folder still counts */
    tree = program_of(f, NULL, NULL);
    assert_string_equal(tree, "(file (define 'from-own-folder' 1))\n");
    free(tree);
}

static void empty_search_path_entries_are_skipped(void **state)
{
    fixture *f = *state;
    write_file(f, "main.rules", "include \"lib.rules\"\n");
    write_file(f, "path/lib.rules", "define from-path = 1\n");
    char path[600];
    snprintf(path, sizeof path, "::%s:", path_in(f, "path"));
    char *tree = program_of(f, "", path);
    assert_string_equal(tree, "(file (define 'from-path' 1))\n");
    free(tree);
}

static void own_folder_of_the_including_file(void **state)
{
    fixture *f = *state;
    /* sub/a.rules includes "b.rules": it is sub/b.rules, not ./b.rules */
    write_file(f, "main.rules", "include \"sub/a.rules\"\n");
    write_file(f, "sub/a.rules", "include \"b.rules\"\ndefine a = 1\n");
    write_file(f, "sub/b.rules", "define sub-b = 1\n");
    write_file(f, "b.rules", "define top-b = 1\n");
    char *tree = program_of(f, NULL, NULL);
    assert_string_equal(tree, "(file (define 'sub-b' 1) (define 'a' 1))\n");
    free(tree);
}

static void included_statements_stand_where_the_include_stood(void **state)
{
    fixture *f = *state;
    write_file(f, "main.rules", "define before = 1\ninclude \"lib.rules\"\ndefine after = 1\n");
    write_file(f, "lib.rules", "define one = 1\ndefine two = 2\n");
    char *tree = program_of(f, NULL, NULL);
    assert_string_equal(tree, "(file (define 'before' 1) (define 'one' 1) (define 'two' 2) "
                              "(define 'after' 1))\n");
    free(tree);
}

static void environment_options(void **state)
{
    (void)state;
    setenv("TABULA_STDLIB", "/some/stdlib", 1);
    setenv("TABULA_PATH", "/a:/b", 1);
    loader_options options = loader_options_from_environment("/default");
    assert_string_equal(options.stdlib_dir, "/some/stdlib");
    assert_string_equal(options.search_path, "/a:/b");
    /* an empty TABULA_STDLIB is ignored */
    setenv("TABULA_STDLIB", "", 1);
    unsetenv("TABULA_PATH");
    options = loader_options_from_environment("/default");
    assert_string_equal(options.stdlib_dir, "/default");
    assert_null(options.search_path);
    unsetenv("TABULA_STDLIB");
    options = loader_options_from_environment("/default");
    assert_string_equal(options.stdlib_dir, "/default");
}

/* --- read once */

static void a_file_included_twice_is_read_once(void **state)
{
    fixture *f = *state;
    write_file(f, "main.rules", "include \"a.rules\"\ninclude \"b.rules\"\ninclude \"a.rules\"\n");
    write_file(f, "a.rules", "include \"common.rules\"\ndefine a = 1\n");
    write_file(f, "b.rules", "include \"./common.rules\"\ndefine b = 1\n");
    write_file(f, "common.rules", "define common = 1\n");
    loaded l;
    load(&l, path_in(f, "main.rules"), NULL, NULL);
    assert_int_equal(l.status, LOADER_OK);
    assert_int_equal(l.diagnostics.count, 0);
    assert_int_equal(l.sources.count, 4);
    char *tree = dump_of(l.program);
    assert_string_equal(tree, "(file (define 'common' 1) (define 'a' 1) (define 'b' 1))\n");
    free(tree);
    loaded_free(&l);
}

/* --- cycles, missing and unreadable files */

static void a_cycle_is_reported_at_the_include_that_closes_it(void **state)
{
    fixture *f = *state;
    write_file(f, "main.rules", "include \"a.rules\"\n");
    write_file(f, "a.rules", "# a\ninclude \"b.rules\"\ndefine a = 1\n");
    write_file(f, "b.rules", "# b\n\n  include \"a.rules\"\ndefine b = 1\n");
    loaded l;
    load(&l, path_in(f, "main.rules"), NULL, NULL);
    assert_int_equal(l.status, LOADER_OK);
    char *messages = messages_of(&l);
    char expected[2048];
    snprintf(expected, sizeof expected,
             "b.rules:3:11: error: include cycle: '%s' includes itself through '%s'\n",
             path_in(f, "a.rules"), path_in(f, "b.rules"));
    assert_string_equal(messages, expected);
    free(messages);
    /* each file's statements are there once */
    char *tree = dump_of(l.program);
    assert_string_equal(tree, "(file (define 'b' 1) (define 'a' 1))\n");
    free(tree);
    loaded_free(&l);
}

static void a_file_including_itself(void **state)
{
    fixture *f = *state;
    write_file(f, "main.rules", "include \"main.rules\"\ndefine m = 1\n");
    loaded l;
    load(&l, path_in(f, "main.rules"), NULL, NULL);
    assert_int_equal(l.status, LOADER_OK);
    assert_int_equal(l.diagnostics.errors, 1);
    assert_int_equal(l.diagnostics.items[0].location.file, 0);
    assert_int_equal(l.diagnostics.items[0].location.line, 1);
    assert_non_null(strstr(l.diagnostics.items[0].message, "include cycle"));
    loaded_free(&l);
}

static void a_missing_include(void **state)
{
    fixture *f = *state;
    write_file(f, "main.rules", "define x = 1\ninclude \"nowhere.rules\"\n");
    loaded l;
    load(&l, path_in(f, "main.rules"), path_in(f, "std"), path_in(f, "path"));
    assert_int_equal(l.status, LOADER_OK);
    char *messages = messages_of(&l);
    assert_string_equal(messages, "main.rules:2:9: error: cannot find included file 'nowhere.rules'\n");
    free(messages);
    assert_string_equal(l.diagnostics.items[0].hint,
                        "includes are searched in the stdlib folder, TABULA_PATH, then this file's folder");
    loaded_free(&l);
    /* a folder is not a file */
    write_file(f, "folder.rules/x", "");
    write_file(f, "main.rules", "include \"folder.rules\"\n");
    load(&l, path_in(f, "main.rules"), NULL, NULL);
    messages = messages_of(&l);
    assert_string_equal(messages, "main.rules:1:9: error: cannot find included file 'folder.rules'\n");
    free(messages);
    loaded_free(&l);
}

static void an_unreadable_main_file(void **state)
{
    fixture *f = *state;
    loaded l;
    load(&l, path_in(f, "absent.rules"), NULL, NULL);
    assert_int_equal(l.status, LOADER_UNREADABLE);
    assert_null(l.program);
    assert_int_equal(l.diagnostics.errors, 1);
    assert_int_equal(l.diagnostics.items[0].location.file, -1);
    char expected[700];
    snprintf(expected, sizeof expected, "cannot read '%s': %s", path_in(f, "absent.rules"),
             strerror(ENOENT));
    assert_string_equal(l.diagnostics.items[0].message, expected);
    loaded_free(&l);
    /* a folder */
    load(&l, f->root, NULL, NULL);
    assert_int_equal(l.status, LOADER_UNREADABLE);
    snprintf(expected, sizeof expected, "cannot read '%s': %s", f->root, strerror(EISDIR));
    assert_string_equal(l.diagnostics.items[0].message, expected);
    loaded_free(&l);
}

static void syntax_errors_in_included_files_name_them(void **state)
{
    fixture *f = *state;
    write_file(f, "main.rules", "include \"lib.rules\"\ndefine m = 1\n");
    write_file(f, "lib.rules", "define x = 1\n  $\n");
    loaded l;
    load(&l, path_in(f, "main.rules"), NULL, NULL);
    char *messages = messages_of(&l);
    assert_string_equal(messages, "lib.rules:2:3: error: unexpected character '$'\n");
    free(messages);
    loaded_free(&l);
}

static void includes_nest_to_a_limit(void **state)
{
    fixture *f = *state;
    /* f0 includes f1 ... includes f40: deeper than LOADER_MAX_INCLUDE_DEPTH */
    char name[32], text[64];
    for (int i = 0; i <= 40; i++) {
        snprintf(name, sizeof name, "f%d.rules", i);
        if (i < 40)
            snprintf(text, sizeof text, "include \"f%d.rules\"\n", i + 1);
        else
            snprintf(text, sizeof text, "define deepest = 1\n");
        write_file(f, name, text);
    }
    loaded l;
    load(&l, path_in(f, "f0.rules"), NULL, NULL);
    assert_int_equal(l.status, LOADER_OK);
    assert_int_equal(l.diagnostics.errors, 1);
    char expected[64];
    snprintf(expected, sizeof expected, "includes nested deeper than %d files",
             LOADER_MAX_INCLUDE_DEPTH);
    assert_string_equal(l.diagnostics.items[0].message, expected);
    loaded_free(&l);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test_setup_teardown(stdlib_first_then_path_then_own_folder, setup, teardown),
        cmocka_unit_test_setup_teardown(empty_search_path_entries_are_skipped, setup, teardown),
        cmocka_unit_test_setup_teardown(own_folder_of_the_including_file, setup, teardown),
        cmocka_unit_test_setup_teardown(included_statements_stand_where_the_include_stood, setup,
                                        teardown),
        cmocka_unit_test(environment_options),
        cmocka_unit_test_setup_teardown(a_file_included_twice_is_read_once, setup, teardown),
        cmocka_unit_test_setup_teardown(a_cycle_is_reported_at_the_include_that_closes_it, setup,
                                        teardown),
        cmocka_unit_test_setup_teardown(a_file_including_itself, setup, teardown),
        cmocka_unit_test_setup_teardown(a_missing_include, setup, teardown),
        cmocka_unit_test_setup_teardown(an_unreadable_main_file, setup, teardown),
        cmocka_unit_test_setup_teardown(syntax_errors_in_included_files_name_them, setup, teardown),
        cmocka_unit_test_setup_teardown(includes_nest_to_a_limit, setup, teardown),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
