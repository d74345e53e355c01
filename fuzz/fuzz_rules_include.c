/* fuzz_rules_include: the input as a rules file and a file it includes.
 *
 * The input is split at the first SEPARATOR line: what comes before is
 * written to TMP/main.rules, what comes after to TMP/inc.rules (no
 * separator: inc.rules is empty).  main.rules is loaded with the loader
 * (stdlib: the source tree's stdlib/, so `include "directions.rules"`
 * works), which follows includes (inc.rules, main.rules itself, the stdlib,
 * missing files, cycles, depth).  A load without errors is then checked.
 * Every error must have a location.
 */
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "ast.h"
#include "rules/check.h"
#include "diag.h"
#include "fuzz_common.h"
#include "loader.h"
#include "source.h"

#define SEPARATOR "\n%%%%\n"

static char folder[256];
static char main_path[300], include_path[300], stdlib_dir[4200];

static void clean_up(void)
{
    unlink(main_path);
    unlink(include_path);
    rmdir(folder);
}

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
    (void)argc;
    (void)argv;
    const char *base = access("/dev/shm", W_OK) == 0 ? "/dev/shm" : "/tmp";
    snprintf(folder, sizeof folder, "%s/tabula-fuzz-XXXXXX", base);
    if (!mkdtemp(folder)) {
        perror("fuzz_rules_include: mkdtemp");
        exit(1);
    }
    snprintf(main_path, sizeof main_path, "%s/main.rules", folder);
    snprintf(include_path, sizeof include_path, "%s/inc.rules", folder);
    snprintf(stdlib_dir, sizeof stdlib_dir, "%s", fuzz_path("stdlib"));
    atexit(clean_up);
    return 0;
}

static void write_file(const char *path, const uint8_t *data, size_t size)
{
    FILE *f = fopen(path, "wb");
    if (!f || (size && fwrite(data, 1, size, f) != size) || fclose(f) != 0) {
        perror(path);
        abort();
    }
}

static bool mentions(const uint8_t *data, size_t size, const char *word)
{
    return memmem(data, size, word, strlen(word)) != NULL;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size > 64 * 1024)
        return -1;
    /* absolute includes of special files only test the kernel */
    if (mentions(data, size, "/proc") || mentions(data, size, "/sys") ||
        mentions(data, size, "/dev"))
        return -1;
    const uint8_t *cut = memmem(data, size, SEPARATOR, strlen(SEPARATOR));
    size_t main_size = cut ? (size_t)(cut - data) : size;
    const uint8_t *rest = cut ? cut + strlen(SEPARATOR) : data + size;
    write_file(main_path, data, main_size);
    write_file(include_path, rest, (size_t)(data + size - rest));

    source_set sources;
    diag_list diagnostics;
    source_set_init(&sources);
    diag_init(&diagnostics);
    loader_options options = { stdlib_dir, NULL, NULL };
    ast_node *program = NULL;
    loader_status status = loader_load(main_path, &options, &sources, &diagnostics, &program);
    if (status != LOADER_OK) {
        fprintf(stderr, "fuzz_rules_include: loader_load failed (%d)\n", (int)status);
        abort();
    }
    if (!program)
        abort();
    if (diagnostics.errors == 0) {
        check_options check = { .variant = NULL };
        check_summary summary;
        check_program(program, &check, &diagnostics, &summary);
    }
    fuzz_check_diagnostics(&diagnostics, &sources);
    ast_free(program);
    diag_free(&diagnostics);
    source_set_free(&sources);
    return 0;
}
