/* savegame: saved games, written as PGN records (protocol/record.h): the
 * tag pairs (Tabula's Game, Rules, Variant, Players, Outcome and
 * Termination among PGN's own, SetUp and FEN for a game that did not start
 * from the start), then the moves as people see them, numbered as PGN
 * numbers them (standard algebraic notation where the game declares it,
 * else Tabula's notation, a turn's parts joined by ';'), and the result.
 * Reading replays every move through the rules and refuses the record at
 * the first move that does not fit, with its line, column and number.
 *
 * The saved games of older versions still load: plain text in the spirit
 * of PGN,
 *
 *   [Game "Sáto"]
 *   [File "games/sato.rules"]
 *   [Variant "line-only"]        only for a variant
 *   [Date "2024-05-01"]
 *   [Players "white black"]
 *   [Result "*"]                 "*" while the game goes on, "white wins", "draw", ...
 *   [Position "..."]             only when the game did not start from the start
 *
 *   1. b2-d4
 *   2. f7-e5
 *   *
 *
 * one move a line, numbered by ply (a turn's parts separated by spaces),
 * in algebraic notation ("3. Bb5+") where the game declares it, else in
 * Tabula's notation, the last line repeating the result.  A move is its
 * exact text in Tabula's notation or, in a game of algebraic notation, its
 * algebraic text (algebraic_find).
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "front/front.h"
#include "movegen/algebraic.h"
#include "protocol/protocol.h"
#include "protocol/record.h"
#include "repl/repl.h"

typedef struct buffer {
    char *data;
    size_t length, capacity;
    bool failed;
} buffer;

static void add(buffer *b, const char *text)
{
    size_t n = strlen(text);
    if (b->failed)
        return;
    if (b->length + n + 1 > b->capacity) {
        size_t capacity = (b->capacity + n + 1) * 2;
        char *grown = realloc(b->data, capacity);
        if (!grown) {
            b->failed = true;
            return;
        }
        b->data = grown;
        b->capacity = capacity;
    }
    memcpy(b->data + b->length, text, n + 1);
    b->length += n;
}

bool savegame_write(const session *s, const char *const *seats, const char *path, char *error,
                    size_t error_size)
{
    const char **moves = malloc((size_t)(s->record_count + 1) * sizeof *moves);
    int *movers = malloc((size_t)(s->record_count + 1) * sizeof *movers);
    char *text = NULL;
    if (moves && movers) {
        for (int i = 0; i < s->record_count; i++) {
            moves[i] = s->record[i].shown;
            movers[i] = s->record[i].mover;
        }
        record_game r = { .g = s->game, .event = "tabula play", .rules = s->path, .variant = s->variant,
                          .start = s->start, .moves = moves, .movers = movers, .move_count = s->record_count,
                          .result = &s->result };
        for (int q = 0; q < s->game->player_count; q++)
            r.seats[q] = seats ? seats[q] : NULL;
        text = record_text(&r);
    }
    free(moves);
    free(movers);
    if (!text) {
        snprintf(error, error_size, "out of memory");
        return false;
    }
    bool ok = fileio_write_atomic(path, text, strlen(text), error, error_size);
    free(text);
    return ok;
}

/* --- reading */

typedef struct tag {
    char value[8192];
    int line;           /* 0: absent */
} tag;

enum { TAG_GAME, TAG_FILE, TAG_VARIANT, TAG_PLAYERS, TAG_RESULT, TAG_POSITION, TAG_COUNT };
static const char *const tag_names[TAG_COUNT] = {
    "Game", "File", "Variant", "Players", "Result", "Position",
};

/* Reads `[Name "value"]` from LINE; false when it is malformed. */
static bool parse_tag(const char *line, char *name, size_t name_size, char *value, size_t value_size)
{
    const char *c = line + 1;
    size_t n = 0;
    while (*c && *c != ' ' && *c != '"' && *c != ']') {
        if (n + 1 < name_size)
            name[n++] = *c;
        c++;
    }
    name[n] = '\0';
    if (n == 0 || *c != ' ')
        return false;
    while (*c == ' ')
        c++;
    if (*c++ != '"')
        return false;
    n = 0;
    while (*c && *c != '"') {
        if (*c == '\\' && c[1])
            c++;
        if (n + 1 < value_size)
            value[n++] = *c;
        c++;
    }
    value[n] = '\0';
    if (*c++ != '"' || *c++ != ']')
        return false;
    while (*c == ' ' || *c == '\t' || *c == '\r')
        c++;
    return *c == '\0';
}

static char *read_file(const char *path, char *error, size_t error_size)
{
    FILE *f = fopen(path, "rb");
    if (!f) {
        snprintf(error, error_size, "cannot read %s: %s", path, strerror(errno));
        return NULL;
    }
    buffer b = { 0 };
    char chunk[4096];
    size_t n;
    while ((n = fread(chunk, 1, sizeof chunk - 1, f)) > 0) {
        chunk[n] = '\0';
        if (memchr(chunk, '\0', n)) {
            fclose(f);
            free(b.data);
            snprintf(error, error_size, "%s is not a saved game (it holds binary data)", path);
            return NULL;
        }
        add(&b, chunk);
        if (b.length > SAVEGAME_MAX_BYTES) {
            fclose(f);
            free(b.data);
            snprintf(error, error_size, "%s is larger than %u MiB; not a saved game Tabula wrote",
                     path, SAVEGAME_MAX_BYTES >> 20);
            return NULL;
        }
    }
    bool bad = ferror(f);
    fclose(f);
    if (bad || b.failed) {
        free(b.data);
        snprintf(error, error_size, "cannot read %s", path);
        return NULL;
    }
    if (!b.data)
        b.data = calloc(1, 1);
    return b.data;
}

/* Where the rules file a record names is: as given; next to the record
 * (as given, then its file name alone); in a folder of TABULA_PATH; among
 * the installed games; false (OUT as given) when none is there, so that a
 * record travels with its game wherever each is put. */
static bool find_rules(const char *named, const char *record_path, char *out, size_t size)
{
    snprintf(out, size, "%s", named);
    if (access(out, R_OK) == 0)
        return true;
    const char *base = strrchr(named, '/');
    base = base ? base + 1 : named;
    const char *slash = strrchr(record_path, '/');
    if (slash) {
        snprintf(out, size, "%.*s/%s", (int)(slash - record_path), record_path, named);
        if (named[0] != '/' && access(out, R_OK) == 0)
            return true;
        snprintf(out, size, "%.*s/%s", (int)(slash - record_path), record_path, base);
        if (access(out, R_OK) == 0)
            return true;
    } else if (access(base, R_OK) == 0) {
        snprintf(out, size, "%s", base);
        return true;
    }
    const char *search = getenv("TABULA_PATH");
    while (search && *search) {
        size_t length = strcspn(search, ":");
        if (length > 0) {
            snprintf(out, size, "%.*s/%s", (int)length, search, base);
            if (access(out, R_OK) == 0)
                return true;
        }
        search += length + (search[length] == ':');
    }
    snprintf(out, size, "%s/games/%s", front_data_dir(), base);
    if (access(out, R_OK) == 0)
        return true;
    snprintf(out, size, "%s", named);
    return false;
}

static void players_text(const game *g, char *out, size_t size)
{
    out[0] = '\0';
    for (int p = 0; p < g->player_count; p++)
        snprintf(out + strlen(out), size - strlen(out), "%s%s", p ? " " : "", g->player_names[p]);
}

/* Splits TEXT (changed in place) into lines and reads the tags; the moves
 * start at line *FIRST_MOVE.  LINES is malloc'd.  False with ERROR set. */
static bool parse_record(char *text, const char *path, tag *tags, char ***lines_out,
                         int *line_count_out, int *first_move, char *error, size_t error_size)
{
    memset(tags, 0, TAG_COUNT * sizeof *tags);
    int line_count = 0, capacity = 64;
    char **lines = malloc((size_t)capacity * sizeof *lines);
    for (char *c = text; lines && *c;) {
        if (line_count == SAVEGAME_MAX_LINES) {
            free(lines);
            snprintf(error, error_size, "%s: more than %d lines; not a saved game Tabula wrote",
                     path, SAVEGAME_MAX_LINES);
            return false;
        }
        if (line_count == capacity) {
            capacity *= 2;
            char **grown = realloc(lines, (size_t)capacity * sizeof *lines);
            if (!grown) {
                free(lines);
                lines = NULL;
                break;
            }
            lines = grown;
        }
        lines[line_count++] = c;
        char *end = strchr(c, '\n');
        if (!end)
            break;
        *end = '\0';
        if (end > c && end[-1] == '\r')
            end[-1] = '\0';
        c = end + 1;
    }
    if (!lines) {
        snprintf(error, error_size, "out of memory");
        return false;
    }
    int i = 0;
    for (; i < line_count && (lines[i][0] == '[' || lines[i][0] == '\0'); i++) {
        if (lines[i][0] == '\0')
            continue;
        char name[64], value[8192];
        if (!parse_tag(lines[i], name, sizeof name, value, sizeof value)) {
            snprintf(error, error_size, "%s:%d: malformed tag line '%.60s'", path, i + 1, lines[i]);
            free(lines);
            return false;
        }
        for (int t = 0; t < TAG_COUNT; t++)
            if (!strcmp(name, tag_names[t])) {
                snprintf(tags[t].value, sizeof tags[t].value, "%s", value);
                tags[t].line = i + 1;
            }
    }
    for (int t = 0; t < TAG_COUNT; t++)
        if ((t == TAG_GAME || t == TAG_FILE || t == TAG_RESULT) && !tags[t].line) {
            snprintf(error, error_size, "%s: not a saved game: no [%s] tag", path, tag_names[t]);
            free(lines);
            return false;
        }
    *lines_out = lines;
    *line_count_out = line_count;
    *first_move = i;
    return true;
}

/* Checks the record's game against S, sets up its start and plays its
 * moves from line I on; false with ERROR naming the line that breaks. */
static bool replay_record(session *s, const tag *tags, char **lines, int line_count, int i,
                          const char *path, const char *rules, char *error, size_t error_size)
{
    char why[512];
    if (strcmp(s->game->name, tags[TAG_GAME].value)) {
        snprintf(error, error_size, "%s:%d: the record is of \"%s\" but %s holds \"%s\"", path,
                 tags[TAG_GAME].line, tags[TAG_GAME].value, rules, s->game->name);
        return false;
    }
    char players[GAME_MAX_PLAYERS * (GAME_NAME + 1)];
    players_text(s->game, players, sizeof players);
    if (tags[TAG_PLAYERS].line && strcmp(players, tags[TAG_PLAYERS].value)) {
        snprintf(error, error_size, "%s:%d: the record's players are \"%s\" but the game's are \"%s\"",
                 path, tags[TAG_PLAYERS].line, tags[TAG_PLAYERS].value, players);
        return false;
    }
    if (!session_restart(s, tags[TAG_POSITION].line ? tags[TAG_POSITION].value : NULL, why,
                         sizeof why)) {
        snprintf(error, error_size, "%s:%d: %s", path, tags[TAG_POSITION].line, why);
        return false;
    }
    /* the moves, then the result line */
    bool ended = false;
    for (; i < line_count; i++) {
        const char *line = lines[i];
        if (line[0] == '\0')
            continue;
        if (ended) {
            snprintf(error, error_size, "%s:%d: text after the result line", path, i + 1);
            return false;
        }
        if (!strcmp(line, tags[TAG_RESULT].value)) {
            ended = true;
            continue;
        }
        char *dot;
        long number = strtol(line, &dot, 10);
        if (dot == line || dot[0] != '.' || dot[1] != ' ') {
            snprintf(error, error_size, "%s:%d: expected '%d. MOVE' or the result '%s', not '%.60s'",
                     path, i + 1, s->record_count + 1, tags[TAG_RESULT].value, line);
            return false;
        }
        if (number != s->record_count + 1) {
            snprintf(error, error_size, "%s:%d: move %ld out of order (expected %d)", path, i + 1,
                     number, s->record_count + 1);
            return false;
        }
        const char *move_text = dot + 2;
        const char *mover = s->game->player_names[s->position->side];
        if (s->result.over) {
            char result[256];
            session_result_text(s, result, sizeof result);
            snprintf(error, error_size, "%s:%d: '%s' comes after the end of the game (%s)", path,
                     i + 1, move_text, result);
            return false;
        }
        int index = session_find_exact(s, move_text);
        if (index < 0 && session_algebraic(s)
            && algebraic_find(s->game, &s->moves, move_text, &index) == NOTATION_AMBIGUOUS) {
            snprintf(error, error_size, "%s:%d: '%s' could be several moves of %s here: give the file "
                     "or rank it moves from", path, i + 1, move_text, mover);
            return false;
        }
        if (index < 0) {
            snprintf(error, error_size, "%s:%d: '%s' is not a legal move for %s here", path, i + 1,
                     move_text, mover);
            return false;
        }
        if (!session_play(s, index, why, sizeof why)) {
            snprintf(error, error_size, "%s:%d: %s", path, i + 1, why);
            return false;
        }
    }
    if (!ended) {
        snprintf(error, error_size,
                 "%s:%d: the record is truncated: it does not end with its result line '%s'", path,
                 line_count, tags[TAG_RESULT].value);
        return false;
    }
    char result[256];
    session_result_text(s, result, sizeof result);
    if (strcmp(result, tags[TAG_RESULT].value)) {
        snprintf(error, error_size, "%s:%d: the record's result is '%s' but the moves give '%s'",
                 path, tags[TAG_RESULT].line, tags[TAG_RESULT].value, result);
        return false;
    }
    return true;
}

/* --- reading a PGN record */

/* Checks the PGN record R (read from PATH) against S, whose rules are at
 * RULES, sets up its start and plays its moves; false with ERROR naming
 * the line, column and number of the move that breaks. */
static bool replay_pgn(session *s, const record_read *r, const char *path, const char *rules, char *error,
                       size_t error_size)
{
    char why[512];
    int line;
    const char *name = record_tag_value(r, "Game", &line);
    if (name && strcmp(s->game->name, name)) {
        snprintf(error, error_size, "%s:%d: the record is of \"%s\" but %s holds \"%s\"", path, line, name,
                 rules, s->game->name);
        return false;
    }
    char players[GAME_MAX_PLAYERS * (GAME_NAME + 1)];
    players_text(s->game, players, sizeof players);
    const char *named = record_tag_value(r, "Players", &line);
    if (named && strcmp(players, named)) {
        snprintf(error, error_size, "%s:%d: the record's players are \"%s\" but the game's are \"%s\"", path,
                 line, named, players);
        return false;
    }
    int setup_line;
    const char *setup = record_tag_value(r, "SetUp", &setup_line);
    const char *start = record_tag_value(r, "FEN", &line);
    if (setup && strcmp(setup, "1"))
        start = NULL;   /* (SetUp "0": the game's start, as PGN says) */
    if (!session_restart(s, start, why, sizeof why)) {
        snprintf(error, error_size, "%s:%d: %s", path, line ? line : setup_line, why);
        return false;
    }
    for (int i = 0; i < r->move_count; i++) {
        const record_word *w = &r->moves[i];
        const char *mover = s->game->player_names[s->position->side];
        if (s->result.over) {
            char result[256];
            session_result_text(s, result, sizeof result);
            snprintf(error, error_size, "%s:%d:%d: move %d, '%s', comes after the end of the game (%s)", path,
                     w->line, w->column, i + 1, w->text, result);
            return false;
        }
        /* as the engine protocols read a move: the game's own texts, then
         * loosely, a ';' between a turn's parts */
        int index = protocol_find_move(s->game, &s->moves, w->text, why, sizeof why);
        if (index < 0) {
            snprintf(error, error_size, "%s:%d:%d: move %d, '%s', for %s: %s", path, w->line, w->column, i + 1,
                     w->text, mover, why);
            return false;
        }
        if (!session_play(s, index, why, sizeof why)) {
            snprintf(error, error_size, "%s:%d:%d: move %d: %s", path, w->line, w->column, i + 1, why);
            return false;
        }
    }
    if (!r->result[0]) {
        snprintf(error, error_size, "%s:%d: the record is truncated: its moves do not end with a result "
                 "(1-0, 0-1, 1/2-1/2 or *)", path, r->lines);
        return false;
    }
    /* a game lost by a forfeit (a referee's record: an illegal move, a
     * clock run out) ends before its rules end it */
    const char *termination = record_tag_value(r, "Termination", NULL);
    bool forfeit = !s->result.over && termination
                   && (!strcmp(termination, "time forfeit") || !strcmp(termination, "rules infraction")
                       || !strcmp(termination, "abandoned"));
    if (forfeit)
        return true;
    const char *result = record_result(s->game, &s->result);
    if (strcmp(result, r->result)) {
        snprintf(error, error_size, "%s:%d: the record's result is %s but the moves give %s", path,
                 r->result_line, r->result, result);
        return false;
    }
    char outcome[GAME_NAME + 16];
    record_outcome(s->game, &s->result, outcome, sizeof outcome);
    const char *said = record_tag_value(r, "Outcome", &line);
    if (said && strcmp(said, outcome)) {
        snprintf(error, error_size, "%s:%d: the record's outcome is '%s' but the moves give '%s'", path, line,
                 said, outcome);
        return false;
    }
    return true;
}

/* savegame_read of a PGN record: the game its Rules tag names, found as
 * an older record's File is (find_rules), or the one open when that game
 * has the record's name. */
static session *read_pgn(const char *text, const char *path, const session *open, char *error,
                         size_t error_size)
{
    record_read r;
    char why[512];
    session *s = NULL;
    if (!record_parse(text, &r, why, sizeof why)) {
        snprintf(error, error_size, "%s:%s", path, why);
        goto done;
    }
    int line;
    const char *named = record_tag_value(&r, "Rules", &line);
    const char *game_name = record_tag_value(&r, "Game", NULL);
    if (!named && !record_tag_value(&r, "Result", NULL)) {
        snprintf(error, error_size, "%s: not a saved game: no [Rules] tag, nor PGN's [Result]", path);
        goto done;
    }
    /* a record without a [Rules] tag (another program's) is of the game
     * open, in its variant unless the record names one */
    if (!named && !open) {
        snprintf(error, error_size, "%s: the record names no rules file ([Rules]): open its game and load it "
                 "there", path);
        goto done;
    }
    char rules[20000];
    if (!named || (!find_rules(named, path, rules, sizeof rules) && open && game_name
                   && !strcmp(open->game->name, game_name)))
        snprintf(rules, sizeof rules, "%s", open->path);
    int variant_line;
    const char *variant = record_tag_value(&r, "Variant", &variant_line);
    if (!named && !variant && open->variant[0])
        variant = open->variant;
    s = session_open(rules, variant && variant[0] ? variant : NULL, NULL, why, sizeof why);
    if (!s) {
        snprintf(error, error_size, "%s:%d: %s", path, variant ? variant_line : line, why);
        goto done;
    }
    if (strlen(rules) < sizeof s->path)
        memcpy(s->path, rules, strlen(rules) + 1);
    if (!replay_pgn(s, &r, path, rules, error, error_size)) {
        session_free(s);
        s = NULL;
    }
done:
    record_free(&r);
    return s;
}

/* The tags of one record: static, as they are large (six of 8 KiB). */
static tag tags[TAG_COUNT];

session *savegame_read(const char *path, const session *open, char *error, size_t error_size)
{
    char *text = read_file(path, error, error_size);
    if (!text)
        return NULL;
    if (record_is_pgn(text)) {
        session *s = read_pgn(text, path, open, error, error_size);
        free(text);
        return s;
    }
    char **lines = NULL;
    int line_count = 0, first_move = 0;
    session *s = NULL;
    if (!parse_record(text, path, tags, &lines, &line_count, &first_move, error, error_size))
        goto done;
    char rules[20000];
    const char *variant = tags[TAG_VARIANT].line ? tags[TAG_VARIANT].value : NULL;
    if (!find_rules(tags[TAG_FILE].value, path, rules, sizeof rules) && open
        && !strcmp(open->game->name, tags[TAG_GAME].value))
        snprintf(rules, sizeof rules, "%s", open->path);   /* the game open now, the one the record names */
    char why[512];
    s = session_open(rules, variant, NULL, why, sizeof why);
    if (!s) {
        snprintf(error, error_size, "%s:%d: %s", path, tags[variant ? TAG_VARIANT : TAG_FILE].line, why);
        goto done;
    }
    /* (the rules file where it was found: a later save records a path
     * that holds) */
    if (strlen(rules) < sizeof s->path)
        memcpy(s->path, rules, strlen(rules) + 1);
    if (!replay_record(s, tags, lines, line_count, first_move, path, rules, error, error_size)) {
        session_free(s);
        s = NULL;
    }
done:
    free(lines);
    free(text);
    return s;
}

bool savegame_replay_text(session *s, char *text, const char *path, char *error, size_t error_size)
{
    if (record_is_pgn(text)) {
        record_read r;
        char why[512];
        bool ok = record_parse(text, &r, why, sizeof why);
        if (!ok)
            snprintf(error, error_size, "%s:%s", path, why);
        else
            ok = replay_pgn(s, &r, path, s->path, error, error_size);
        record_free(&r);
        return ok;
    }
    char **lines = NULL;
    int line_count = 0, first_move = 0;
    if (!parse_record(text, path, tags, &lines, &line_count, &first_move, error, error_size))
        return false;
    bool ok = replay_record(s, tags, lines, line_count, first_move, path, s->path, error, error_size);
    free(lines);
    return ok;
}
