/* record: games as PGN records (record.h). */
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "protocol/record.h"

/* --- writing */

const char *record_result(const game *g, const game_result *r)
{
    if (!r || !r->over)
        return "*";
    if (r->winner < 0)
        return "1/2-1/2";
    if (g->player_count != 2)
        return "*";     /* (PGN has no word for a game of more players; Outcome says it) */
    return r->winner == 0 ? "1-0" : "0-1";
}

void record_outcome(const game *g, const game_result *r, char *out, size_t size)
{
    if (!r || !r->over)
        snprintf(out, size, "*");
    else if (r->winner >= 0)
        snprintf(out, size, "%s wins", g->player_names[r->winner]);
    else
        snprintf(out, size, "draw");
}

/* A tag pair, its value's quotes and backslashes escaped as PGN says. */
static void put_tag(FILE *out, const char *name, const char *value)
{
    fprintf(out, "[%s \"", name);
    for (const char *c = value; *c; c++) {
        if (*c == '"' || *c == '\\')
            fputc('\\', out);
        fputc(*c == '\n' || *c == '\r' ? ' ' : *c, out);
    }
    fputs("\"]\n", out);
}

/* The movetext's words, wrapped before 80 columns. */
typedef struct wrap {
    FILE *out;
    int column;
} wrap;

static void put_word(wrap *w, const char *word)
{
    int n = (int)strlen(word);
    if (w->column > 0 && w->column + 1 + n > 79) {
        fputc('\n', w->out);
        w->column = 0;
    }
    if (w->column > 0) {
        fputc(' ', w->out);
        w->column++;
    }
    fputs(word, w->out);
    w->column += n;
}

char *record_text(const record_game *r)
{
    const game *g = r->g;
    char *text = NULL;
    size_t length = 0;
    FILE *out = open_memstream(&text, &length);
    if (!out)
        return NULL;
    char date[32];
    if (r->date) {
        snprintf(date, sizeof date, "%s", r->date);
    } else {
        time_t now = time(NULL);
        struct tm local;
        localtime_r(&now, &local);
        strftime(date, sizeof date, "%Y.%m.%d", &local);
    }
    put_tag(out, "Event", r->event ? r->event : "?");
    put_tag(out, "Site", r->site ? r->site : "?");
    put_tag(out, "Date", date);
    put_tag(out, "Round", r->round ? r->round : "?");
    for (int q = 0; q < g->player_count; q++) {
        char name[16];
        snprintf(name, sizeof name, q == 0 ? "White" : q == 1 ? "Black" : "Seat%d", q + 1);
        put_tag(out, name, r->seats[q] ? r->seats[q] : "?");
    }
    const char *result = record_result(g, r->result);
    put_tag(out, "Result", result);
    put_tag(out, "Game", g->name);
    const char *slash = r->rules ? strrchr(r->rules, '/') : NULL;
    put_tag(out, "Rules", slash ? slash + 1 : r->rules ? r->rules : "?");
    if (r->variant && r->variant[0])
        put_tag(out, "Variant", r->variant);
    char players[GAME_MAX_PLAYERS * (GAME_NAME + 1)] = "";
    for (int q = 0; q < g->player_count; q++)
        snprintf(players + strlen(players), sizeof players - strlen(players), "%s%s", q ? " " : "",
                 g->player_names[q]);
    put_tag(out, "Players", players);
    char outcome[GAME_NAME + 16];
    record_outcome(g, r->result, outcome, sizeof outcome);
    put_tag(out, "Outcome", outcome);
    if (r->termination)
        put_tag(out, "Termination", r->termination);
    else if (r->result && r->result->over)
        put_tag(out, "Termination", game_end_text(g, r->result));
    if (r->start) {
        put_tag(out, "SetUp", "1");
        put_tag(out, "FEN", r->start);
    }
    fputc('\n', out);
    wrap w = { out, 0 };
    int number = 1;
    for (int i = 0; i < r->move_count; i++) {
        char word[1024];
        /* a number before the first move, and before each move of the
         * first player that follows another's */
        if (i == 0 || (r->movers[i] == 0 && r->movers[i - 1] != 0)) {
            if (i > 0)
                number++;
            snprintf(word, sizeof word, r->movers[i] == 0 ? "%d." : "%d...", number);
            put_word(&w, word);
        }
        snprintf(word, sizeof word, "%s", r->moves[i]);
        for (char *c = word; *c; c++)
            if (*c == ' ')
                *c = ';';   /* a turn's parts: one word */
        put_word(&w, word);
    }
    put_word(&w, result);
    fputs("\n\n", out);
    if (fclose(out) != 0) {
        free(text);
        return NULL;
    }
    return text;
}

/* --- reading */

/* Whether TEXT has a line starting with TAG. */
static bool has_line(const char *text, const char *tag)
{
    for (const char *c = text; (c = strstr(c, tag)) != NULL; c++)
        if (c == text || c[-1] == '\n')
            return true;
    return false;
}

bool record_is_pgn(const char *text)
{
    return has_line(text, "[Rules ") || !has_line(text, "[File ");
}

void record_free(record_read *r)
{
    for (int i = 0; i < r->tag_count; i++)
        free(r->tags[i].value);
    for (int i = 0; i < r->move_count; i++)
        free(r->moves[i].text);
    free(r->moves);
    memset(r, 0, sizeof *r);
}

const char *record_tag_value(const record_read *r, const char *name, int *line)
{
    for (int i = 0; i < r->tag_count; i++)
        if (!strcmp(r->tags[i].name, name)) {
            if (line)
                *line = r->tags[i].line;
            return r->tags[i].value;
        }
    if (line)
        *line = 0;
    return NULL;
}

/* Reads the tag pair at *C (on line LINE), leaving *C after it. */
static bool parse_tag(const char **c, int line, record_read *out, char *error, size_t size)
{
    const char *p = *c + 1;
    while (*p == ' ' || *p == '\t')
        p++;
    size_t n = 0;
    char name[32];
    while (isalnum((unsigned char)*p) || *p == '_') {
        if (n + 1 < sizeof name)
            name[n++] = *p;
        p++;
    }
    name[n] = '\0';
    while (*p == ' ' || *p == '\t')
        p++;
    if (n == 0 || *p != '"') {
        snprintf(error, size, "%d: a tag pair is [Name \"value\"]", line);
        return false;
    }
    p++;
    const char *start = p;
    size_t length = 0;
    for (; *p && *p != '"' && *p != '\n'; p++, length++)
        if (*p == '\\' && (p[1] == '"' || p[1] == '\\'))
            p++;
    if (*p != '"') {
        snprintf(error, size, "%d: the tag %s's value has no closing quote", line, name);
        return false;
    }
    p++;
    while (*p == ' ' || *p == '\t')
        p++;
    if (*p != ']') {
        snprintf(error, size, "%d: the tag %s has no closing ]", line, name);
        return false;
    }
    *c = p + 1;
    if (out->tag_count == RECORD_MAX_TAGS) {
        snprintf(error, size, "%d: more than %d tags", line, RECORD_MAX_TAGS);
        return false;
    }
    record_tag *t = &out->tags[out->tag_count];
    t->value = malloc(length + 1);
    if (!t->value) {
        snprintf(error, size, "out of memory");
        return false;
    }
    size_t k = 0;
    for (const char *q = start; k < length; q++) {
        if (*q == '\\' && (q[1] == '"' || q[1] == '\\'))
            q++;
        t->value[k++] = *q;
    }
    t->value[k] = '\0';
    snprintf(t->name, sizeof t->name, "%s", name);
    t->line = line;
    out->tag_count++;
    return true;
}

static bool add_move(record_read *out, const char *word, size_t n, int line, int column, char *error,
                     size_t size)
{
    if (out->move_count == RECORD_MAX_MOVES) {
        snprintf(error, size, "%d:%d: more than %d moves", line, column, RECORD_MAX_MOVES);
        return false;
    }
    if (out->move_count % 256 == 0) {
        record_word *grown = realloc(out->moves, (size_t)(out->move_count + 256) * sizeof *grown);
        if (!grown) {
            snprintf(error, size, "out of memory");
            return false;
        }
        out->moves = grown;
    }
    char *text = malloc(n + 1);
    if (!text) {
        snprintf(error, size, "out of memory");
        return false;
    }
    memcpy(text, word, n);
    text[n] = '\0';
    out->moves[out->move_count++] = (record_word){ text, line, column };
    return true;
}

/* Whether the word W (N characters) is a game's result. */
static bool is_result(const char *w, size_t n)
{
    return (n == 3 && (!strncmp(w, "1-0", 3) || !strncmp(w, "0-1", 3))) || (n == 7 && !strncmp(w, "1/2-1/2", 7))
           || (n == 1 && *w == '*');
}

bool record_parse(const char *text, record_read *out, char *error, size_t size)
{
    memset(out, 0, sizeof *out);
    const char *c = text;
    int line = 1;
    const char *line_start = c;
    bool in_moves = false;
    int depth = 0;      /* variations open */
    while (*c) {
        if (*c == '\n') {
            c++;
            line++;
            line_start = c;
            continue;
        }
        if (*c == ' ' || *c == '\t' || *c == '\r') {
            c++;
            continue;
        }
        int column = (int)(c - line_start) + 1;
        if (*c == '%' && c == line_start) {         /* an escaped line */
            c += strcspn(c, "\n");
            continue;
        }
        if (*c == '[' && !in_moves && depth == 0) {
            if (!parse_tag(&c, line, out, error, size))
                return false;
            continue;
        }
        if (out->tag_count == 0 && *c != ';') {
            snprintf(error, size, "%d:%d: not a record: a record starts with its tag pairs ([Event \"...\"])",
                     line, column);
            return false;
        }
        if (*c == '{') {                           /* a comment, perhaps over lines */
            for (c++; *c && *c != '}'; c++)
                if (*c == '\n') {
                    line++;
                    line_start = c + 1;
                }
            if (!*c) {
                snprintf(error, size, "%d:%d: a comment in braces is not closed", line, column);
                return false;
            }
            c++;
            continue;
        }
        if (*c == ';') {                           /* a comment to the end of the line */
            c += strcspn(c, "\n");
            continue;
        }
        if (*c == '}') {
            snprintf(error, size, "%d:%d: a '}' closes no comment", line, column);
            return false;
        }
        if (*c == '(') {
            depth++;
            c++;
            continue;
        }
        if (*c == ')') {
            if (depth == 0) {
                snprintf(error, size, "%d:%d: a ')' closes no variation", line, column);
                return false;
            }
            depth--;
            c++;
            continue;
        }
        /* a word: to the next space, brace or parenthesis */
        const char *w = c;
        while (*c && !strchr(" \t\r\n{}()", *c))
            c++;
        size_t n = (size_t)(c - w);
        if (out->result[0]) {
            snprintf(error, size, "%d:%d: '%.*s' after the result %s", line, column, (int)(n > 40 ? 40 : n), w,
                     out->result);
            return false;
        }
        in_moves = true;
        if (depth > 0 || *w == '$')
            continue;                              /* a variation's move, an annotation glyph */
        if (is_result(w, n)) {
            memcpy(out->result, w, n);
            out->result[n] = '\0';
            out->result_line = line;
            /* the first game only */
            break;
        }
        size_t digits = 0;
        while (digits < n && isdigit((unsigned char)w[digits]))
            digits++;
        if (digits > 0 && digits < n && w[digits] == '.') {
            size_t dots = digits;
            while (dots < n && w[dots] == '.')
                dots++;
            if (dots == n)
                continue;                          /* a move number */
            w += dots;                             /* "1.e4": the number runs into the move */
            n -= dots;
            column += (int)dots;
        }
        /* a move's annotation (!, ?) is not part of it */
        while (n > 0 && (w[n - 1] == '!' || w[n - 1] == '?'))
            n--;
        if (n > 0 && !add_move(out, w, n, line, column, error, size))
            return false;
    }
    if (depth > 0) {
        snprintf(error, size, "%d: a variation in parentheses is not closed", line);
        return false;
    }
    out->lines = line;
    return true;
}
