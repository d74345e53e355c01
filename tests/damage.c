/* damage: randomly damaged copies of rules files are either accepted or
 * rejected with a place for every error — never a crash or a hang.
 *
 *   damage [-n COPIES] [-s SEED] FILE...
 *
 * For each FILE, makes COPIES (default 200) deterministic damaged copies in
 * memory, cycling through four kinds of damage: a line dropped, the file
 * truncated, a stray brace, two names swapped.  Each copy is written to a
 * temporary file next to nothing (so its includes resolve through
 * TABULA_STDLIB and TABULA_PATH, as for an installed game) and loaded and
 * checked in this process the way `tabula check` does it.  A copy fails when
 * an error diagnostic has no file or no line, when a crash signal arrives,
 * when it takes more than 10 seconds (alarm), or when check accepts it and
 * loading it (the game and each variant, as perft, play and position load
 * them: compiled, specialised, with a move generator) fails: what check
 * says ok must load.  On failure the damaged copy is
 * kept and its path printed.  Exits 0 when every copy passes, 1 otherwise,
 * 99 on a setup problem.
 */
#include <errno.h>
#include <signal.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "ast.h"
#include "diag.h"
#include "loader.h"
#include "movegen/movegen.h"
#include "rules/check.h"
#include "rules/load.h"
#include "source.h"

#define HANG_SECONDS 10

/* --- a small deterministic generator (splitmix64), the same everywhere */

static uint64_t random_state;

static uint64_t next_random(void)
{
    uint64_t z = (random_state += 0x9E3779B97F4A7C15ull);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return z ^ (z >> 31);
}

/* A number in [0, n); 0 when n is 0. */
static size_t below(size_t n)
{
    return n ? (size_t)(next_random() % n) : 0;
}

static uint64_t hash(const char *text)
{
    uint64_t h = 1469598103934665603ull;
    for (; *text; text++)
        h = (h ^ (unsigned char)*text) * 1099511628211ull;
    return h;
}

/* --- damage */

typedef struct text {
    char *bytes;
    size_t length;
} text;

static const char *const kinds[] = { "line dropped", "truncated", "stray brace", "names swapped" };

/* Start offsets of the lines of T (at least one). */
static size_t *line_starts(const text *t, size_t *count)
{
    size_t n = 1;
    for (size_t i = 0; i < t->length; i++)
        n += t->bytes[i] == '\n' && i + 1 < t->length;
    size_t *starts = malloc(n * sizeof *starts);
    if (!starts)
        return NULL;
    size_t k = 0;
    starts[k++] = 0;
    for (size_t i = 0; i < t->length; i++)
        if (t->bytes[i] == '\n' && i + 1 < t->length)
            starts[k++] = i + 1;
    *count = n;
    return starts;
}

static bool is_name_start(char c)
{
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_';
}

static bool is_name_part(char c)
{
    return is_name_start(c) || (c >= '0' && c <= '9') || c == '-';
}

typedef struct span {
    size_t start, length;
} span;

/* The names of T outside comments and strings. */
static span *names_of(const text *t, size_t *count)
{
    span *names = NULL;
    size_t n = 0, capacity = 0;
    for (size_t i = 0; i < t->length;) {
        char c = t->bytes[i];
        if (c == '#') {
            while (i < t->length && t->bytes[i] != '\n')
                i++;
        } else if (c == '"') {
            i++;
            while (i < t->length && t->bytes[i] != '"' && t->bytes[i] != '\n')
                i += t->bytes[i] == '\\' ? 2 : 1;
            i++;
        } else if (is_name_start(c) && (i == 0 || !is_name_part(t->bytes[i - 1]))) {
            size_t start = i;
            while (i < t->length && is_name_part(t->bytes[i]))
                i++;
            if (n == capacity) {
                capacity = capacity ? capacity * 2 : 256;
                span *grown = realloc(names, capacity * sizeof *grown);
                if (!grown) {
                    free(names);
                    *count = 0;
                    return NULL;
                }
                names = grown;
            }
            names[n].start = start;
            names[n].length = i - start;
            n++;
        } else {
            i++;
        }
    }
    *count = n;
    return names;
}

/* Makes in OUT a copy of ORIGINAL with damage of KIND; DESCRIPTION says what. */
static bool damage(const text *original, int kind, text *out, char *description, size_t size)
{
    const char *in = original->bytes;
    size_t length = original->length;
    out->bytes = malloc(length + 2);
    if (!out->bytes)
        return false;
    switch (kind) {
    case 0: {   /* a line dropped */
        size_t count = 0;
        size_t *starts = line_starts(original, &count);
        if (!starts)
            return false;
        size_t line = below(count);
        size_t from = starts[line], to = line + 1 < count ? starts[line + 1] : length;
        memcpy(out->bytes, in, from);
        memcpy(out->bytes + from, in + to, length - to);
        out->length = length - (to - from);
        snprintf(description, size, "line %zu dropped", line + 1);
        free(starts);
        break;
    }
    case 1: {   /* truncated */
        size_t at = below(length + 1);
        memcpy(out->bytes, in, at);
        out->length = at;
        snprintf(description, size, "truncated to %zu bytes", at);
        break;
    }
    case 2: {   /* a stray brace */
        static const char braces[] = "{}";
        char brace = braces[below(2)];
        size_t at = below(length + 1);
        memcpy(out->bytes, in, at);
        out->bytes[at] = brace;
        memcpy(out->bytes + at + 1, in + at, length - at);
        out->length = length + 1;
        snprintf(description, size, "'%c' inserted at byte %zu", brace, at);
        break;
    }
    default: {  /* two names swapped */
        size_t count = 0;
        span *names = names_of(original, &count);
        memcpy(out->bytes, in, length);
        out->length = length;
        if (count < 2) {
            snprintf(description, size, "no names to swap");
            free(names);
            break;
        }
        size_t a = below(count), b = below(count - 1);
        if (b >= a)
            b++;
        if (a > b) {
            size_t swap = a;
            a = b;
            b = swap;
        }
        span first = names[a], second = names[b];
        /* rebuild: up to first, second's text, between, first's text, rest */
        char *p = out->bytes;
        memcpy(p, in, first.start);
        p += first.start;
        memcpy(p, in + second.start, second.length);
        p += second.length;
        size_t between = second.start - (first.start + first.length);
        memcpy(p, in + first.start + first.length, between);
        p += between;
        memcpy(p, in + first.start, first.length);
        p += first.length;
        size_t rest = length - (second.start + second.length);
        memcpy(p, in + second.start + second.length, rest);
        snprintf(description, size, "'%.*s' (byte %zu) and '%.*s' (byte %zu) swapped",
                 (int)first.length, in + first.start, first.start, (int)second.length,
                 in + second.start, second.start);
        free(names);
        break;
    }
    }
    out->bytes[out->length] = '\0';
    return true;
}

/* --- running one copy */

static char current_path[8300];
static char current_case[1024];

static void write_all(int fd, const char *s)
{
    size_t n = strlen(s);
    while (n > 0) {
        ssize_t w = write(fd, s, n);
        if (w <= 0)
            return;
        s += w;
        n -= (size_t)w;
    }
}

/* Crashes and hangs: say which copy, keep it, and stop. */
static void on_signal(int signal_number)
{
    write_all(2, signal_number == SIGALRM ? "damage: FAIL: hang (more than 10 s) on "
                                           : "damage: FAIL: crash (signal) on ");
    write_all(2, current_case);
    write_all(2, "\ndamage: the damaged copy is kept in ");
    write_all(2, current_path);
    write_all(2, "\n");
    _exit(1);
}

static bool write_text(const char *path, const text *t)
{
    FILE *stream = fopen(path, "wb");
    if (!stream)
        return false;
    bool ok = fwrite(t->bytes, 1, t->length, stream) == t->length;
    return fclose(stream) == 0 && ok;
}

typedef struct tally {
    int copies, accepted, rejected, failed;
} tally;

/* Loads PATH (VARIANT NULL: the game itself) all the way, as perft, play
 * and position do, with a move generator; false (and says why) when it
 * fails. */
static bool loads(const char *path, const loader_options *options, const char *variant)
{
    source_set sources;
    diag_list diagnostics;
    source_set_init(&sources);
    diag_init(&diagnostics);
    game_load_options load = { .variant = variant, .loader = *options };
    bool unreadable = false;
    game *g = game_load(path, &load, &sources, &diagnostics, &unreadable);
    movegen *m = g ? movegen_new(g) : NULL;
    bool ok = m != NULL;
    if (!ok) {
        fprintf(stderr, "damage: FAIL: %s\ndamage:   check accepts it, but %s%s%s does not load%s%s\n",
                current_case, variant ? "variant '" : "the game", variant ? variant : "", variant ? "'" : "",
                diagnostics.count ? ": " : "", diagnostics.count ? diagnostics.items[0].message : "");
    }
    movegen_free(m);
    game_free(g);
    diag_free(&diagnostics);
    source_set_free(&sources);
    return ok;
}

/* Loads and checks PATH as `tabula check` does; returns false (and says
 * why) when an error has no place, or when check accepts it and it does
 * not load. */
static bool run_copy(const char *path, const loader_options *options, tally *counts)
{
    source_set sources;
    diag_list diagnostics;
    source_set_init(&sources);
    diag_init(&diagnostics);
    ast_node *program = NULL;
    alarm(HANG_SECONDS);
    loader_status status = loader_load(path, options, &sources, &diagnostics, &program);
    check_summary summary = { .variant_count = 0, .is_library = true };
    if (status == LOADER_OK && diagnostics.errors == 0) {
        check_options check = { .variant = NULL, .compile = true };
        check_program(program, &check, &diagnostics, &summary);
    }
    /* printing quotes source lines at the reported places: exercise it too */
    FILE *sink = fopen("/dev/null", "w");
    if (sink) {
        diag_print(&diagnostics, &sources, sink, false);
        fclose(sink);
    }
    alarm(0);
    bool ok = status != LOADER_UNREADABLE;
    if (!ok)
        fprintf(stderr, "damage: FAIL: the copy could not be read back: %s\n", path);
    for (int i = 0; i < diagnostics.count; i++) {
        const diagnostic *d = &diagnostics.items[i];
        if (d->severity != DIAG_ERROR)
            continue;
        if (d->location.file < 0 || d->location.file >= sources.count || d->location.line < 1
            || d->location.column < 1) {
            fprintf(stderr, "damage: FAIL: %s\ndamage:   error without a place (file %d, line %d, column %d): %s\n",
                    current_case, d->location.file, d->location.line, d->location.column,
                    d->message);
            ok = false;
        }
    }
    if (status == LOADER_NO_MEMORY) {
        fprintf(stderr, "damage: FAIL: %s\ndamage:   out of memory\n", current_case);
        ok = false;
    }
    /* what check says ok must load, the game and each variant */
    if (ok && status == LOADER_OK && diagnostics.errors == 0 && !summary.is_library) {
        alarm(HANG_SECONDS);
        ok = loads(path, options, NULL);
        for (int v = 0; ok && v < summary.variant_count; v++)
            ok = loads(path, options, summary.variants[v]);
        alarm(0);
    }
    counts->copies++;
    if (!ok)
        counts->failed++;
    else if (diagnostics.errors > 0)
        counts->rejected++;
    else
        counts->accepted++;
    ast_free(program);
    diag_free(&diagnostics);
    source_set_free(&sources);
    return ok;
}

static bool read_file(const char *path, text *t)
{
    FILE *stream = fopen(path, "rb");
    if (!stream)
        return false;
    size_t capacity = 1 << 16;
    t->bytes = malloc(capacity);
    t->length = 0;
    while (t->bytes) {
        size_t n = fread(t->bytes + t->length, 1, capacity - t->length, stream);
        t->length += n;
        if (t->length < capacity)
            break;
        capacity *= 2;
        char *grown = realloc(t->bytes, capacity);
        if (!grown) {
            free(t->bytes);
            t->bytes = NULL;
        }
        t->bytes = grown;
    }
    bool ok = t->bytes && !ferror(stream);
    fclose(stream);
    return ok;
}

static void print_copy(const char *path)
{
    text t;
    if (!read_file(path, &t))
        return;
    fprintf(stderr, "damage: ---- the damaged copy (%s):\n", path);
    fwrite(t.bytes, 1, t.length, stderr);
    fprintf(stderr, "\ndamage: ----\n");
    free(t.bytes);
}

int main(int argc, char **argv)
{
    int copies = 200;
    uint64_t seed = 20261121;
    int first = 1;
    while (first < argc && argv[first][0] == '-') {
        if (!strcmp(argv[first], "-n") && first + 1 < argc)
            copies = atoi(argv[first + 1]);
        else if (!strcmp(argv[first], "-s") && first + 1 < argc)
            seed = strtoull(argv[first + 1], NULL, 10);
        else {
            fprintf(stderr, "usage: damage [-n COPIES] [-s SEED] FILE...\n");
            return 99;
        }
        first += 2;
    }
    if (first == argc) {
        fprintf(stderr, "usage: damage [-n COPIES] [-s SEED] FILE...\n");
        return 99;
    }

    const char *tmp = getenv("TMPDIR");
    char folder[4096];
    snprintf(folder, sizeof folder, "%s/tabula-damage.XXXXXX", tmp && *tmp ? tmp : "/tmp");
    if (!mkdtemp(folder)) {
        fprintf(stderr, "damage: cannot make a temporary folder: %s\n", strerror(errno));
        return 99;
    }
    struct sigaction action;
    memset(&action, 0, sizeof action);
    action.sa_handler = on_signal;
    sigemptyset(&action.sa_mask);
    int signals[] = { SIGALRM, SIGSEGV, SIGBUS, SIGFPE, SIGILL, SIGABRT };
    for (size_t i = 0; i < sizeof signals / sizeof *signals; i++)
        sigaction(signals[i], &action, NULL);

    loader_options options = loader_options_from_environment(NULL);
    int failed_files = 0;
    tally all = { 0, 0, 0, 0 };
    for (int f = first; f < argc; f++) {
        const char *input = argv[f];
        text original;
        if (!read_file(input, &original)) {
            fprintf(stderr, "damage: cannot read %s\n", input);
            return 99;
        }
        const char *base = strrchr(input, '/');
        base = base ? base + 1 : input;
        snprintf(current_path, sizeof current_path, "%s/%s", folder, base);

        /* the undamaged file first: it must load the same way */
        snprintf(current_case, sizeof current_case, "%s (undamaged)", input);
        tally counts = { 0, 0, 0, 0 };
        bool file_ok = write_text(current_path, &original)
                    && run_copy(current_path, &options, &counts);
        if (counts.rejected)
            fprintf(stderr, "damage: note: %s itself has errors\n", input);
        counts = (tally){ 0, 0, 0, 0 };

        random_state = seed ^ hash(base);
        for (int i = 0; i < copies && file_ok; i++) {
            text copy;
            char description[512];
            if (!damage(&original, i % 4, &copy, description, sizeof description)) {
                fprintf(stderr, "damage: out of memory\n");
                return 99;
            }
            snprintf(current_case, sizeof current_case, "%s, copy %d: %s (%s)", input, i + 1,
                     kinds[i % 4], description);
            if (!write_text(current_path, &copy)) {
                fprintf(stderr, "damage: cannot write %s: %s\n", current_path, strerror(errno));
                free(copy.bytes);
                return 99;
            }
            if (!run_copy(current_path, &options, &counts)) {
                print_copy(current_path);
                file_ok = false;   /* the copy stays for a look */
            }
            free(copy.bytes);
        }
        printf("%s %s: %d damaged copies, %d accepted, %d rejected with places\n",
               file_ok ? "ok  " : "FAIL", input, counts.copies, counts.accepted, counts.rejected);
        all.copies += counts.copies;
        all.accepted += counts.accepted;
        all.rejected += counts.rejected;
        if (file_ok)
            unlink(current_path);
        else
            failed_files++;
        free(original.bytes);
    }
    if (failed_files == 0)
        rmdir(folder);
    printf("%d files, %d damaged copies: %d accepted, %d rejected with places; %d files failed\n",
           argc - first, all.copies, all.accepted, all.rejected, failed_files);
    return failed_files ? 1 : 0;
}
