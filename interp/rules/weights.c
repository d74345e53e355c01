/* weights: the weights file read and written (weights.h). */
#include "rules/weights.h"

#include <errno.h>
#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

bool weights_path(const game *g, const char *rules_path, char *out, size_t size)
{
    size_t length = strlen(rules_path);
    const char *suffix = ".rules";
    size_t suffix_length = strlen(suffix);
    if (length > suffix_length && !strcmp(rules_path + length - suffix_length, suffix))
        length -= suffix_length;
    int written = g->variant[0]
                ? snprintf(out, size, "%.*s.%s.weights", (int)length, rules_path, g->variant)
                : snprintf(out, size, "%.*s.weights", (int)length, rules_path);
    return written >= 0 && (size_t)written < size;
}

/* One line's words, each with where it starts (a quoted word without its
 * quotes, its escapes undone). */
#define LINE_MAX_WORDS 8
typedef struct line_words {
    int count;
    char text[LINE_MAX_WORDS][256];
    int column[LINE_MAX_WORDS];
    int end_column[LINE_MAX_WORDS];
} line_words;

typedef struct reader {
    const game *g;
    int file;
    int line;
    diag_list *diagnostics;
    bool failed;
} reader;

static void fail(reader *r, int column, int end_column, const char *hint, const char *format, const char *word)
{
    source_location at = { r->file, r->line, column, r->line, end_column };
    diag_report(r->diagnostics, DIAG_ERROR, at, hint, format, word);
    r->failed = true;
}

/* Splits one line (LENGTH bytes) into WORDS; false (said) when a quote is
 * not closed or there are too many words or a word is too long. */
static bool split_line(reader *r, const char *line, size_t length, line_words *words)
{
    words->count = 0;
    int column = 1;
    size_t i = 0;
    while (i < length) {
        unsigned char c = (unsigned char)line[i];
        if (c == ' ' || c == '\t' || c == '\r') {
            i++;
            column++;
            continue;
        }
        if (c == '#')
            break;
        if (words->count == LINE_MAX_WORDS) {
            fail(r, column, column, NULL, "too many fields on a line%s", "");
            return false;
        }
        int k = words->count;
        words->column[k] = column;
        size_t n = 0;
        bool quoted = c == '"';
        if (quoted) {
            i++;
            column++;
        }
        bool closed = !quoted;
        while (i < length) {
            c = (unsigned char)line[i];
            if (!quoted && (c == ' ' || c == '\t' || c == '\r' || c == '#'))
                break;
            if (quoted && c == '"') {
                closed = true;
                i++;
                column++;
                break;
            }
            if (quoted && c == '\\' && i + 1 < length) {
                i++;
                column++;
                c = (unsigned char)line[i];
            }
            if (n + 1 >= sizeof words->text[k]) {
                fail(r, words->column[k], column, NULL, "a field longer than 255 bytes%s", "");
                return false;
            }
            words->text[k][n++] = (char)c;
            if ((c & 0xC0) != 0x80)   /* a column is a character, not a byte */
                column++;
            i++;
        }
        if (!closed) {
            fail(r, words->column[k], column - 1, "close it with '\"'", "a quoted field not closed%s", "");
            return false;
        }
        words->text[k][n] = '\0';
        words->end_column[k] = column - 1 > words->column[k] ? column - 1 : words->column[k];
        words->count++;
    }
    return true;
}

static bool read_number(reader *r, const line_words *w, int k, int *out)
{
    char *end;
    errno = 0;
    long v = strtol(w->text[k], &end, 10);
    if (end == w->text[k] || *end || errno || v < -EVAL_WEIGHT_LIMIT || v > EVAL_WEIGHT_LIMIT) {
        fail(r, w->column[k], w->end_column[k], "a whole number of hundredths within -100000..100000",
             "'%s' is not a weight", w->text[k]);
        return false;
    }
    *out = (int)v;
    return true;
}

static int find_type(const game *g, const char *name)
{
    for (int t = 0; t < g->type_count; t++)
        if (!strcmp(g->types[t].name, name))
            return t;
    return -1;
}

static int find_player(const game *g, const char *name)
{
    for (int q = 0; q < g->player_count; q++)
        if (!strcmp(g->player_names[q], name))
            return q;
    return -1;
}

static int find_cell(const game *g, const char *name)
{
    for (int c = 0; c < g->board.cell_count; c++)
        if (!strcmp(g->board.cell_names[c], name))
            return c;
    return -1;
}

/* Whether line W has FIELDS fields after its keyword (said when not). */
static bool fields(reader *r, const line_words *w, int count, const char *form)
{
    if (w->count == count + 1)
        return true;
    int k = w->count > count + 1 ? count + 1 : w->count - 1;
    fail(r, w->column[k], w->end_column[k], NULL, "expected '%s'", form);
    return false;
}

/* Reads one line's words into OUT; SEEN marks what was given already. */
static void read_line(reader *r, const line_words *w, eval_weights *out, unsigned char *seen, bool *format_seen)
{
    const game *g = r->g;
    const char *key = w->text[0];
    if (!*format_seen && strcmp(key, "tabula-weights") != 0) {
        fail(r, w->column[0], w->end_column[0], "a weights file begins 'tabula-weights 1'",
             "'%s' before the format line", key);
        return;
    }
    if (!strcmp(key, "tabula-weights")) {
        if (!fields(r, w, 1, "tabula-weights 1"))
            return;
        if (strcmp(w->text[1], "1") != 0)
            fail(r, w->column[1], w->end_column[1], "this tabula reads format 1",
                 "weights format '%s' unknown", w->text[1]);
        *format_seen = true;
    } else if (!strcmp(key, "game")) {
        if (fields(r, w, 1, "game \"NAME\"") && strcmp(w->text[1], g->name) != 0)
            fail(r, w->column[1], w->end_column[1], "weights fitted for another game do not apply: run 'tabula tune'",
                 "these weights are for the game '%s'", w->text[1]);
    } else if (!strcmp(key, "variant")) {
        if (fields(r, w, 1, "variant \"NAME\"") && strcmp(w->text[1], g->variant) != 0)
            fail(r, w->column[1], w->end_column[1], "weights fitted for another variant do not apply: run 'tabula tune'",
                 "these weights are for the variant '%s'", w->text[1]);
    } else if (!strcmp(key, "rules") || !strcmp(key, "command")) {
        fields(r, w, 1, !strcmp(key, "rules") ? "rules HASH" : "command \"TEXT\"");
    } else if (!strcmp(key, "mobility") || !strcmp(key, "goal") || !strcmp(key, "score")) {
        int v;
        if (fields(r, w, 1, "KEYWORD N") && read_number(r, w, 1, &v))
            *(key[0] == 'm' ? &out->mobility : key[0] == 'g' ? &out->goal : &out->score) = v;
    } else if (!strcmp(key, "value")) {
        if (!fields(r, w, 2, "value TYPE N"))
            return;
        int t = find_type(g, w->text[1]), v;
        if (t < 0)
            fail(r, w->column[1], w->end_column[1], NULL, "no piece type '%s' in this game", w->text[1]);
        else if (seen[t])
            fail(r, w->column[0], w->end_column[2], NULL, "a second value for '%s'", w->text[1]);
        else if (read_number(r, w, 2, &v)) {
            out->material[t] = v;
            seen[t] = 1;
        }
    } else if (!strcmp(key, "cell")) {
        if (!fields(r, w, 4, "cell TYPE PLAYER CELL N"))
            return;
        int t = find_type(g, w->text[1]), q = find_player(g, w->text[2]), c = find_cell(g, w->text[3]), v;
        if (t < 0) {
            fail(r, w->column[1], w->end_column[1], NULL, "no piece type '%s' in this game", w->text[1]);
        } else if (q < 0) {
            fail(r, w->column[2], w->end_column[2], NULL, "no player '%s' in this game", w->text[2]);
        } else if (c < 0) {
            fail(r, w->column[3], w->end_column[3], NULL, "no cell '%s' on this board", w->text[3]);
        } else if (read_number(r, w, 4, &v)) {
            size_t i = ((size_t)q * (size_t)g->type_count + (size_t)t) * (size_t)g->board.cell_count + (size_t)c;
            if (seen[GAME_MAX_TYPES + i])
                fail(r, w->column[0], w->end_column[4], NULL, "a second weight for %s on this cell", w->text[1]);
            out->cells[i] = v;
            seen[GAME_MAX_TYPES + i] = 1;
        }
    } else {
        fail(r, w->column[0], w->end_column[0],
             "a line is one of tabula-weights, game, variant, rules, command, mobility, goal, score, value, cell",
             "unknown keyword '%s'", key);
    }
}

bool weights_parse(const game *g, const char *text, int file, diag_list *diagnostics, eval_weights **out)
{
    *out = NULL;
    size_t entries = (size_t)g->player_count * (size_t)g->type_count * (size_t)g->board.cell_count;
    eval_weights *w = calloc(1, sizeof *w);
    int *cells = calloc(entries ? entries : 1, sizeof *cells);
    unsigned char *seen = calloc(GAME_MAX_TYPES + entries, 1);
    line_words *words = malloc(sizeof *words);
    reader r = { g, file, 0, diagnostics, false };
    if (!w || !cells || !seen || !words) {
        source_location nowhere = { file, 0, 0, 0, 0 };
        diag_report(diagnostics, DIAG_ERROR, nowhere, NULL, "out of memory reading the weights");
        r.failed = true;
    }
    bool format_seen = false;
    if (!r.failed)
        w->cells = cells;
    for (const char *line = text; !r.failed && *line;) {
        const char *end = strchr(line, '\n');
        size_t length = end ? (size_t)(end - line) : strlen(line);
        r.line++;
        if (split_line(&r, line, length, words) && words->count > 0)
            read_line(&r, words, w, seen, &format_seen);
        line = end ? end + 1 : line + length;
    }
    if (!r.failed && !format_seen) {
        r.line = r.line > 0 ? r.line : 1;
        fail(&r, 1, 1, "a weights file begins 'tabula-weights 1'", "no format line%s", "");
    }
    free(words);
    free(seen);
    if (r.failed) {
        free(cells);
        free(w);
        return false;
    }
    *out = w;
    return true;
}

bool weights_load(game *g, const char *rules_path, source_set *sources, diag_list *diagnostics)
{
    char path[4096];
    if (!weights_path(g, rules_path, path, sizeof path))
        return true;   /* no file could have that name */
    FILE *probe = fopen(path, "rb");
    if (!probe && errno == ENOENT)
        return true;
    if (probe)
        fclose(probe);
    int file = source_set_read(sources, path);
    if (file < 0) {
        source_location nowhere = { -1, 0, 0, 0, 0 };
        diag_report(diagnostics, DIAG_ERROR, nowhere, NULL, "cannot read the weights file %s: %s", path,
                    strerror(errno));
        return false;
    }
    eval_weights *w;
    if (!weights_parse(g, sources->files[file].text, file, diagnostics, &w))
        return false;
    if (g->weights)
        free(g->weights->cells);
    free(g->weights);
    g->weights = w;
    return true;
}

/* Writes TEXT quoted. */
static void write_quoted(FILE *stream, const char *text)
{
    fputc('"', stream);
    for (const char *c = text; *c; c++) {
        if (*c == '"' || *c == '\\')
            fputc('\\', stream);
        fputc(*c == '\n' ? ' ' : *c, stream);
    }
    fputc('"', stream);
}

bool weights_write(FILE *stream, const game *g, const eval_weights *w, uint64_t rules_hash, const char *command)
{
    fprintf(stream, "# What tabula's engines count in %s%s%s, learned from games by 'tabula tune'\n"
                    "# (tabula(1), TUNE): hundredths of a piece of value 1.\n",
            g->name, g->variant[0] ? ", variant " : "", g->variant);
    fprintf(stream, "tabula-weights %d\ngame ", WEIGHTS_FORMAT);
    write_quoted(stream, g->name);
    if (g->variant[0]) {
        fputs("\nvariant ", stream);
        write_quoted(stream, g->variant);
    }
    fprintf(stream, "\nrules %016" PRIx64 "\ncommand ", rules_hash);
    write_quoted(stream, command);
    fprintf(stream, "\nmobility %d\ngoal %d\nscore %d\n", w->mobility, w->goal, w->score);
    for (int t = 0; t < g->type_count; t++)
        fprintf(stream, "value %s %d\n", g->types[t].name, w->material[t]);
    for (int q = 0; q < g->player_count; q++)
        for (int t = 0; t < g->type_count; t++)
            for (int c = 0; c < g->board.cell_count; c++) {
                int v = w->cells[((size_t)q * (size_t)g->type_count + (size_t)t) * (size_t)g->board.cell_count
                                 + (size_t)c];
                if (v)
                    fprintf(stream, "cell %s %s %s %d\n", g->types[t].name, g->player_names[q],
                            g->board.cell_names[c], v);
            }
    return !ferror(stream);
}
