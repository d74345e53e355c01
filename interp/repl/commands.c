/* commands: what `tabula play` does with a line of input.
 *
 * A line whose first word names a command runs the command; any other line
 * is a move: its number in the 'moves' list, its exact text, a prefix
 * of exactly one move's text, or its text as people type it (e2e4, E2-E4,
 * e4d5 for e4xd5, d3 for Othello's @d3xd4), read by movegen/typed.h, as
 * the engine protocols read them.  In a game that declares algebraic
 * notation (chess) the moves are shown in it and read in it first (Nf3,
 * exd5, O-O: movegen/algebraic.h), and a prefix of a move's text is no
 * move there.  A prefix that ends where a part of a
 * compound turn ends and is shared by several moves starts the turn: the
 * REPL shows the continuations and reads the next line as the next part
 * (until 'undo' drops it).  Responses go to stdout, errors to stderr; a
 * failed command leaves the game as it was.
 *
 * A command is one row of the table below; the engine's commands ('go',
 * 'hint', 'ai') live in engines.c.
 */
#include <ctype.h>
#include <errno.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "front/front.h"
#include "game/rng.h"
#include "movegen/algebraic.h"
#include "movegen/notation.h"
#include "movegen/typed.h"
#include "repl/repl.h"
#include "search/search.h"
#include "suggest.h"

typedef enum arg_kind { ARG_NONE, ARG_OPTIONAL, ARG_REQUIRED } arg_kind;

typedef struct command {
    const char *name;
    const char *usage;
    const char *summary;
    arg_kind arg;
    bool (*run)(repl *r, const char *argument);
} command;

static bool failed(const char *format, ...) __attribute__((format(printf, 1, 2)));

static bool failed(const char *format, ...)
{
    va_list args;
    va_start(args, format);
    fputs("error: ", stderr);
    vfprintf(stderr, format, args);
    fputc('\n', stderr);
    va_end(args);
    return false;
}

static void show(repl *r)
{
    display_session(stdout, r->session, &r->style);
}

static bool same_change(const change *a, const change *b)
{
    return a->kind == b->kind && a->player == b->player && a->index == b->index && a->before == b->before
           && a->after == b->after;
}

/* In a terminal, while a turn is typed a part at a time: the board as the
 * parts typed so far (PREFIX) leave it, their cells marked (an Amazon
 * moved, before its arrow is shot).  Those parts are the changes that
 * every move continuing PREFIX begins with; they are made for the picture
 * only, the side to move kept, and taken back. */
static void show_partial(repl *r, const char *prefix)
{
    if (!r->interactive)
        return;
    session *s = r->session;
    const move_list *l = &s->moves;
    int first = -1, common = 0;
    char text[REPL_MOVE_TEXT];
    for (int i = 0; i < l->count; i++) {
        session_move_text(s, i, text, sizeof text);
        if (!notation_continues(text, prefix))
            continue;
        const move *mv = &l->moves[i];
        if (first < 0) {
            first = i;
            common = mv->count;
            continue;
        }
        const change *a = l->changes + l->moves[first].first, *b = l->changes + mv->first;
        int k = 0;
        while (k < common && k < mv->count && same_change(&a[k], &b[k]))
            k++;
        common = k;
    }
    if (first < 0 || common == 0)
        return;
    const change *made = l->changes + l->moves[first].first;
    bool marked[BOARD_MAX_CELLS] = { false };
    for (int k = 0; k < common; k++)
        if (made[k].kind == CHANGE_CELL && made[k].index < s->game->board.cell_count)
            marked[made[k].index] = true;
    position *p = s->position;
    undo u;
    pos_make(p, made, common, false, false, p->hash, &u);
    p->side = u.side;   /* (the turn is not over) */
    display_session_marked(stdout, s, marked, &r->style);
    pos_unmake(p, &u);
}

/* "3. white b2-d4" (or "3. white Nf3") for record entry I. */
static void print_entry(const session *s, int i)
{
    printf("%d. %s %s\n", i + 1, s->game->player_names[s->record[i].mover], s->record[i].shown);
}

/* After a move was made: the move (and the end), or the board. */
void repl_played(repl *r)
{
    session *s = r->session;
    if (r->interactive) {
        show(r);
        return;
    }
    print_entry(s, s->record_count - 1);
    if (!s->result.over && movegen_checked(s->generator, s->position))
        printf("check\n");   /* (a royal piece attacked: movegen_checked) */
    if (s->result.over) {
        char result[448];
        session_outcome_text(s, result, sizeof result);
        printf("game over: %s\n", result);
    }
}

static bool game_over(const repl *r)
{
    if (!r->session->result.over)
        return false;
    char result[256];
    session_result_text(r->session, result, sizeof result);
    return !failed("the game is over (%s); use undo, new or load to go on", result);
}

/* --- moves */

static bool all_digits(const char *text)
{
    if (!*text)
        return false;
    for (const char *c = text; *c; c++)
        if (!isdigit((unsigned char)*c))
            return false;
    return true;
}

static bool all_letters(const char *text)
{
    for (const char *c = text; *c && *c != ' '; c++)
        if (!isalpha((unsigned char)*c))
            return false;
    return true;
}

/* Whether the text of a move goes on after PREFIX (the start, when PREFIX
 * is empty) with a throw of the dice: a part [N]; its face into *FACE. */
static bool throw_after(const char *text, const char *prefix, int *face)
{
    size_t n = strlen(prefix);
    if (n > 0 && !notation_continues(text, prefix))
        return false;
    const char *part = text + (n > 0 ? n + 1 : 0);
    return sscanf(part, "[%d]", face) == 1;
}

/* Whether the text of a move that goes on after PREFIX (or is it) holds a
 * throw of the dice there: a person who has not typed the faces by hand
 * could pick them. */
static bool throws_after(const char *text, const char *prefix)
{
    return strchr(text + strlen(prefix), '[') != NULL;
}

/* Prints to STREAM the next part of each move that continues PREFIX
 * (notation_continues), each part once, each after a space. */
static void print_continuations(FILE *stream, const session *s, const char *prefix)
{
    size_t n = strlen(prefix);
    char text[REPL_MOVE_TEXT];
    char (*seen)[REPL_MOVE_TEXT] = malloc((size_t)s->moves.count * sizeof *seen);
    int seen_count = 0;
    for (int i = 0; i < s->moves.count; i++) {
        session_move_text(s, i, text, sizeof text);
        if (!notation_continues(text, prefix))
            continue;
        char *part = text + n + 1;
        char *space = strchr(part, ' ');
        if (space)
            *space = '\0';
        bool again = false;
        for (int k = 0; seen && k < seen_count && !again; k++)
            again = !strcmp(seen[k], part);
        if (again)
            continue;
        if (seen)
            snprintf(seen[seen_count++], sizeof seen[0], "%s", part);
        fprintf(stream, " %s", part);
    }
    free(seen);
}

static bool play_index(repl *r, int index)
{
    char error[256];
    if (!session_play(r->session, index, error, sizeof error))
        return failed("%s", error);
    r->pending[0] = '\0';
    repl_played(r);
    return true;
}

/* How far the loose text WANT is from legal move I: the edits between it
 * and the move's text, loosely (typed_loose_text), or its algebraic text where
 * the game is written so, whichever is nearer. */
static int distance_to(const session *s, int i, const char *want)
{
    char text[REPL_MOVE_TEXT], have[REPL_MOVE_TEXT];
    session_move_text(s, i, text, sizeof text);
    typed_loose_text(text, have, sizeof have);
    int d = suggest_distance(want, have);
    if (session_algebraic(s)) {
        algebraic_move(s->game, &s->moves, i, text, sizeof text);
        typed_loose_text(text, have, sizeof have);
        int e = suggest_distance(want, have);
        d = e < d ? e : d;
    }
    return d;
}

/* Writes to STREAM the legal moves nearest INPUT (at most three, within
 * two edits of its loose text), as ", did you mean A, B?", each as people
 * see it (session_move_shown); nothing when none is near. */
static void print_nearest(FILE *stream, const session *s, const char *input)
{
    char want[REPL_MOVE_TEXT], text[REPL_MOVE_TEXT];
    typed_loose_text(input, want, sizeof want);
    int best = 3;
    for (int i = 0; i < s->moves.count; i++) {
        int d = distance_to(s, i, want);
        if (d < best)
            best = d;
    }
    int listed = 0;
    for (int i = 0; i < s->moves.count && best < 3 && listed < 3; i++) {
        if (distance_to(s, i, want) != best)
            continue;
        session_move_shown(s, i, text, sizeof text);
        fprintf(stream, "%s %s", listed++ ? "," : "; did you mean", text);
    }
    if (listed)
        fputc('?', stream);
}

/* Says that FULL, typed in algebraic notation, names several moves
 * (algebraic_names), and lists them.  Returns false (the line failed). */
static bool ambiguous_algebraic(const session *s, const char *full)
{
    char text[REPL_MOVE_TEXT];
    fprintf(stderr, "error: ambiguous move '%s'; it could be:", full);
    int listed = 0;
    for (int i = 0; i < s->moves.count; i++)
        if (algebraic_names(s->game, &s->moves, i, full)) {
            session_move_shown(s, i, text, sizeof text);
            fprintf(stderr, "%s %s", listed++ ? "," : "", text);
        }
    fputs("; add the file or rank it moves from\n", stderr);
    return false;
}

/* Says that FULL names several moves, and lists them: those it starts
 * (notation_starts) or, LOOSE, those it names typed loosely (typed_loosely).
 * Returns false (the line failed). */
static bool ambiguous(const session *s, const char *full, bool loose)
{
    char want[REPL_MOVE_TEXT], text[REPL_MOVE_TEXT];
    typed_loose_text(full, want, sizeof want);
    fprintf(stderr, "error: ambiguous move '%s'; it could be:", full);
    int listed = 0;
    for (int i = 0; i < s->moves.count; i++) {
        session_move_text(s, i, text, sizeof text);
        if (loose ? typed_loosely(text, want) : notation_starts(text, full))
            fprintf(stderr, "%s %s", listed++ ? "," : "", text);
    }
    fputc('\n', stderr);
    return false;
}

static const char *const dice_hint =
    "the dice are thrown for you: type roll (tabula play --dice hand lets you type what you threw)";

static bool enter_move(repl *r, const char *input)
{
    session *s = r->session;
    if (game_over(r))
        return false;
    const char *mover = s->game->player_names[s->position->side];
    char full[REPL_MOVE_TEXT], text[REPL_MOVE_TEXT];
    if (!r->dice_by_hand && strchr(input, '['))
        return failed("%s", dice_hint);
    if (strlen(r->pending) + strlen(input) + 2 > sizeof full)
        return failed("no move is that long");
    /* the typed parts joined by single spaces */
    size_t n = 0;
    const char *pieces[2] = { r->pending, input };
    for (int k = 0; k < 2; k++) {
        if (n > 0)
            full[n++] = ' ';
        for (const char *c = pieces[k]; *c; c++)
            if (!(isspace((unsigned char)*c) && (n == 0 || full[n - 1] == ' ')))
                full[n++] = isspace((unsigned char)*c) ? ' ' : *c;
        while (n > 0 && full[n - 1] == ' ')
            n--;
    }
    full[n] = '\0';
    if (all_digits(input)) {
        errno = 0;
        long number = strtol(input, NULL, 10);
        if (errno || number < 1 || number > s->moves.count)
            return failed("there is no move %s: %s has %d legal move%s", input, mover,
                          s->moves.count, s->moves.count == 1 ? "" : "s");
        session_move_text(s, (int)number - 1, text, sizeof text);
        if (r->pending[0] && !notation_continues(text, r->pending))
            return failed("move %ld (%s) does not continue '%s'", number, text, r->pending);
        if (!r->dice_by_hand && throws_after(text, r->pending))
            return failed("move %ld (%s) throws the dice: %s", number, text, dice_hint);
        return play_index(r, (int)number - 1);
    }
    int index;
    switch (typed_find(s->game, &s->moves, full, r->pending[0] != '\0', &index)) {
    case TYPED_FOUND:
        return play_index(r, index);
    case TYPED_FOUND_LOOSE:
        session_move_text(s, index, text, sizeof text);
        if (!r->dice_by_hand && throws_after(text, ""))
            return failed("%s throws the dice: %s", text, dice_hint);
        return play_index(r, index);
    case TYPED_PARTS:   /* a turn typed a part at a time: the rest to come */
        memcpy(r->pending, full, n + 1);
        show_partial(r, full);
        printf("%s: continue with:", full);
        fflush(stdout);
        print_continuations(stdout, s, full);
        putchar('\n');
        return true;
    case TYPED_AMBIGUOUS_ALGEBRAIC:
        return ambiguous_algebraic(s, full);
    case TYPED_AMBIGUOUS:
        return ambiguous(s, full, false);
    case TYPED_AMBIGUOUS_LOOSE:
        return ambiguous(s, full, true);
    case TYPED_NONE:
        break;
    }
    if (r->pending[0]) {
        fprintf(stderr, "error: '%s' does not continue '%s'; continue with:", input, r->pending);
        print_continuations(stderr, s, r->pending);
        fputs(" (or undo to drop it)\n", stderr);
        return false;
    }
    if (all_letters(input))
        return failed("unknown command or move '%s'; type help for the commands, moves for the "
                      "legal moves", input);
    fprintf(stderr, "error: '%s' is not a legal move for %s", input, mover);
    print_nearest(stderr, s, full);
    fputs("; type moves for the list\n", stderr);
    return false;
}

/* The faces thrown at the next chance point after PREFIX: each face that
 * some move continuing PREFIX shows next, once, into FACES; how many.  The
 * moves that reach the same position are one, so a face whose moves all
 * repeat another's is absent: the faces present stand for all (as the
 * engines count them, search/chance.c). */
static int faces_after(const session *s, const char *prefix, int *faces, int most, bool *all)
{
    char text[REPL_MOVE_TEXT];
    int count = 0;
    *all = true;
    for (int i = 0; i < s->moves.count; i++) {
        session_move_text(s, i, text, sizeof text);
        if (prefix[0] && !notation_continues(text, prefix))
            continue;
        int face;
        if (!throw_after(text, prefix, &face)) {
            *all = false;
            continue;
        }
        bool seen = false;
        for (int k = 0; k < count && !seen; k++)
            seen = faces[k] == face;
        if (!seen && count < most)
            faces[count++] = face;
    }
    return count;
}

/* roll: the program throws the turn's dice for the person to move, face
 * by face (uniformly among the faces the moves show), then plays the move
 * the faces leave, or waits for the rest of the turn. */
static bool run_roll(repl *r, const char *argument)
{
    (void)argument;
    session *s = r->session;
    if (game_over(r))
        return false;
    if (r->dice_by_hand)
        return failed("you throw the dice yourself (--dice hand): type the faces thrown, as [N]");
    char prefix[REPL_MOVE_TEXT];
    snprintf(prefix, sizeof prefix, "%s", r->pending);
    int faces[MOVELIST_MAX_MOVES], thrown = 0;   /* (a face a move at least: no die is cut short) */
    bool all;
    bool again = r->thrown[0] && r->thrown_at == s->position->hash && !strcmp(r->thrown_after, r->pending);
    if (again) {   /* thrown already: the dice lie as they fell */
        snprintf(prefix, sizeof prefix, "%s", r->thrown);
        thrown = 1;
    }
    /* the first throw is the person's choice of throwing; the next ones
     * follow while every way on is a throw */
    for (; !again;) {
        int count = faces_after(s, prefix, faces, MOVELIST_MAX_MOVES, &all);
        if (count == 0 || (thrown > 0 && !all))
            break;
        int face = faces[rng_below(&r->dice, (uint32_t)count)];
        size_t n = strlen(prefix);
        snprintf(prefix + n, sizeof prefix - n, "%s[%d]", n ? " " : "", face);
        thrown++;
    }
    if (thrown == 0)
        return failed("no dice to throw here: no move of %s goes on with a throw",
                      s->game->player_names[s->position->side]);
    printf("%s %s %s\n", s->game->player_names[s->position->side], again ? "has thrown" : "throws",
           prefix + (r->pending[0] ? strlen(r->pending) + 1 : 0));
    snprintf(r->thrown, sizeof r->thrown, "%s", prefix);
    snprintf(r->thrown_after, sizeof r->thrown_after, "%s", r->pending);
    r->thrown_at = s->position->hash;
    /* the move the faces leave, if one; else the rest is the person's */
    char text[REPL_MOVE_TEXT];
    int only = -1, going_on = 0;
    for (int i = 0; i < s->moves.count; i++) {
        session_move_text(s, i, text, sizeof text);
        if (!strcmp(text, prefix) || notation_continues(text, prefix)) {
            only = i;
            going_on++;
        }
    }
    if (going_on == 1)
        return play_index(r, only);
    memcpy(r->pending, prefix, strlen(prefix) + 1);
    printf("%s: continue with:", prefix);
    print_continuations(stdout, s, prefix);
    putchar('\n');
    return true;
}

/* --- the commands */

static bool run_moves(repl *r, const char *argument)
{
    (void)argument;
    session *s = r->session;
    if (s->result.over) {
        char result[256];
        session_result_text(s, result, sizeof result);
        printf("no moves: the game is over (%s)\n", result);
        return true;
    }
    char text[REPL_MOVE_TEXT], item[REPL_MOVE_TEXT + 16];
    int column = 0, shown = 0, thrown = 0;
    for (int i = 0; i < s->moves.count; i++) {
        session_move_text(s, i, text, sizeof text);
        if (r->pending[0] && !notation_continues(text, r->pending))
            continue;
        if (!r->dice_by_hand && throws_after(text, r->pending)) {
            thrown++;   /* (the dice decide these: 'roll', below) */
            continue;
        }
        shown++;
        session_move_shown(s, i, text, sizeof text);
        int length = snprintf(item, sizeof item, "%d. %s", i + 1, text);
        if (!r->interactive) {
            puts(item);
            continue;
        }
        if (column > 0 && column + 2 + length > 78) {
            putchar('\n');
            column = 0;
        }
        printf("%s%s", column ? "  " : "", item);
        column += (column ? 2 : 0) + length;
    }
    if (column)
        putchar('\n');
    if (thrown)
        printf("roll: the dice decide among %d more move%s\n", thrown, thrown == 1 ? "" : "s");
    if (shown + thrown == 0)
        printf("no legal moves for %s\n", s->game->player_names[s->position->side]);
    return true;
}

static bool run_show(repl *r, const char *argument)
{
    (void)argument;
    show(r);
    return true;
}

static bool run_undo(repl *r, const char *argument)
{
    (void)argument;
    session *s = r->session;
    if (r->pending[0]) {
        printf("dropped the unfinished move '%s'\n", r->pending);
        r->pending[0] = '\0';
        return true;
    }
    if (s->record_count == 0)
        return failed("nothing to undo");
    int last = s->record_count - 1;
    printf("undone: %d. %s %s\n", last + 1, s->game->player_names[s->record[last].mover],
           s->record[last].shown);
    session_undo(s);
    if (r->interactive)
        show(r);
    return true;
}

static bool run_redo(repl *r, const char *argument)
{
    (void)argument;
    char error[256];
    if (r->pending[0])
        return failed("finish the move '%s' first, or undo to drop it", r->pending);
    if (!session_redo(r->session, error, sizeof error))
        return failed("%s", error);
    repl_played(r);
    return true;
}

static bool run_new(repl *r, const char *argument)
{
    (void)argument;
    char error[256];
    if (!session_restart(r->session, NULL, error, sizeof error))
        return failed("%s", error);
    r->pending[0] = '\0';
    r->thrown[0] = '\0';   /* (a new game throws its own dice) */
    printf("new game of %s\n", r->session->game->name);
    if (r->interactive)
        show(r);
    return true;
}

static bool run_position(repl *r, const char *argument)
{
    (void)argument;
    char text[8192];
    session_position_string(r->session, text, sizeof text);
    puts(text);
    return true;
}

static bool run_setpos(repl *r, const char *argument)
{
    char error[512];
    if (!session_restart(r->session, argument, error, sizeof error))
        return failed("%s", error);
    r->pending[0] = '\0';
    r->thrown[0] = '\0';   /* (a new game throws its own dice) */
    puts("position set");
    if (r->interactive)
        show(r);
    return true;
}

static bool run_save(repl *r, const char *argument)
{
    char error[1024];
    if (r->pending[0])
        return failed("finish the move '%s' first, or undo to drop it", r->pending);
    const char *seats[GAME_MAX_PLAYERS] = { 0 };
    for (int q = 0; q < r->session->game->player_count; q++)
        seats[q] = r->seated[q] ? r->seat_text[q] : NULL;
    if (!savegame_write(r->session, seats, argument, error, sizeof error))
        return failed("%s", error);
    printf("saved %d move%s to %s\n", r->session->record_count,
           r->session->record_count == 1 ? "" : "s", argument);
    return true;
}

static bool run_load(repl *r, const char *argument)
{
    char error[1024];
    session *loaded = savegame_read(argument, r->session, error, sizeof error);
    if (!loaded)
        return failed("%s", error);
    session_free(r->session);
    r->session = loaded;
    r->pending[0] = '\0';
    r->thrown[0] = '\0';   /* (a new game throws its own dice) */
    printf("loaded %s: %s%s%s, %d move%s\n", argument, loaded->game->name,
           loaded->variant[0] ? " variant " : "", loaded->variant, loaded->record_count,
           loaded->record_count == 1 ? "" : "s");
    if (r->interactive)
        show(r);
    return true;
}

/* render: the position now as an SVG picture, the last move marked, to a
 * file or (-) to standard output; an unfinished turn is not drawn, as it
 * is not made. */
static bool run_render(repl *r, const char *argument)
{
    char error[1024];
    if (!svg_write(r->session, 0, argument, error, sizeof error))
        return failed("%s", error);
    if (strcmp(argument, "-"))
        printf("drew the board to %s\n", argument);
    return true;
}

static bool run_history(repl *r, const char *argument)
{
    (void)argument;
    session *s = r->session;
    if (s->start)
        printf("from: %s\n", s->start);
    if (s->record_count == 0)
        puts("no moves yet");
    for (int i = 0; i < s->record_count; i++)
        print_entry(s, i);
    return true;
}

static bool run_variant(repl *r, const char *argument)
{
    session *s = r->session;
    if (!argument) {
        printf("variant: %s\nvariants:", s->variant[0] ? s->variant : "- (the game itself)");
        if (s->variant_count == 0)
            printf(" none");
        for (int i = 0; i < s->variant_count; i++)
            printf(" %s", s->variants[i]);
        putchar('\n');
        return true;
    }
    bool itself = !strcmp(argument, "-");
    bool known = itself;
    for (int i = 0; i < s->variant_count && !known; i++)
        known = !strcmp(s->variants[i], argument);
    if (!known) {
        fprintf(stderr, "error: %s has no variant '%s'; its variants:", s->game->name, argument);
        if (s->variant_count == 0)
            fputs(" none", stderr);
        for (int i = 0; i < s->variant_count; i++)
            fprintf(stderr, " %s", s->variants[i]);
        fputs(" (- for the game itself)\n", stderr);
        return false;
    }
    char error[512];
    session *next = session_open(s->path, itself ? NULL : argument, NULL, error, sizeof error);
    if (!next)
        return failed("%s", error);
    session_free(s);
    r->session = next;
    r->pending[0] = '\0';
    r->thrown[0] = '\0';   /* (a new game throws its own dice) */
    printf("new game of %s%s%s\n", next->game->name, itself ? "" : " variant ", itself ? "" : argument);
    if (r->interactive)
        show(r);
    return true;
}

static bool run_rules(repl *r, const char *argument)
{
    (void)argument;
    rules_explain(stdout, r->session);
    return true;
}

typedef struct perft_run {
    session *s;
    move_list *lists;
    uint64_t *nodes;
    bool overflow;
    move_list limit;            /* the first limit hit: its kind and node */
} perft_run;

static void perft(perft_run *p, int ply, int depth)
{
    move_list *list = &p->lists[ply];
    if (search_interrupted())   /* Ctrl-C */
        return;
    movegen_generate(p->s->generator, p->s->position, list);
    if (list->overflow && !p->overflow) {
        p->overflow = true;
        p->limit.limit = list->limit;
        p->limit.limit_node = list->limit_node;
    }
    game_result result;
    movegen_result(p->s->generator, p->s->position, list, &result);
    if (result.over)
        return;
    if (depth == 1) {
        p->nodes[ply + 1] += (uint64_t)list->count;
        return;
    }
    for (int i = 0; i < list->count; i++) {
        undo u;
        move_make(p->s->position, list, i, &u);
        p->nodes[ply + 1]++;
        perft(p, ply + 1, depth - 1);
        pos_unmake(p->s->position, &u);
    }
}

#define REPL_PERFT_MAX 12

static bool run_perft(repl *r, const char *argument)
{
    char *end;
    errno = 0;
    long depth = strtol(argument, &end, 10);
    if (errno || end == argument || *end || depth < 1 || depth > REPL_PERFT_MAX)
        return failed("perft takes a depth from 1 to %d, not '%s'", REPL_PERFT_MAX, argument);
    move_list lists[REPL_PERFT_MAX + 1];
    uint64_t nodes[REPL_PERFT_MAX + 2] = { 0 };
    int made = 0;
    bool ok = true;
    for (; made <= depth && ok; made++)
        ok = move_list_init(&lists[made]);
    if (!ok) {
        for (int i = 0; i < made - 1; i++)
            move_list_free(&lists[i]);
        return failed("out of memory");
    }
    perft_run p = { r->session, lists, nodes, false, { 0 } };
    search_clear_interrupt();
    perft(&p, 0, (int)depth);
    for (int i = 0; i < made; i++)
        move_list_free(&lists[i]);
    for (int d = 1; d <= depth; d++)
        printf("depth %d: %llu\n", d, (unsigned long long)nodes[d]);
    if (search_interrupted()) {
        search_clear_interrupt();
        return failed("perft interrupted; the counts are incomplete");
    }
    if (p.overflow) {
        front_report_limit(r->session->game, &r->session->sources, &p.limit);
        return failed("the counts are incomplete");
    }
    if (r->session->position->log_overflow)
        return failed("a turn made more than %d changes; the counts are incomplete",
                      POSITION_MAX_LOG);
    return true;
}

static bool run_help(repl *r, const char *argument);

static bool run_go(repl *r, const char *argument)
{
    if (r->pending[0])
        return failed("finish or undo the turn begun with '%s' first", r->pending);
    return engines_go(r, argument);
}

static bool run_hint(repl *r, const char *argument)
{
    return engines_hint(r, argument);
}

static bool run_ai(repl *r, const char *argument)
{
    return engines_ai(r, argument);
}

static bool run_quit(repl *r, const char *argument)
{
    (void)argument;
    r->quit = true;
    return true;
}

static const command commands[] = {
    { "moves", "moves", "list the legal moves, numbered", ARG_NONE, run_moves },
    { "roll", "roll", "throw the dice of the turn (where a move has some)", ARG_NONE, run_roll },
    { "show", "show", "show the board", ARG_NONE, run_show },
    { "undo", "undo", "take back the last move (or the unfinished one)", ARG_NONE, run_undo },
    { "redo", "redo", "play the last undone move again", ARG_NONE, run_redo },
    { "new", "new", "start again from the game's start", ARG_NONE, run_new },
    { "position", "position", "print the position string", ARG_NONE, run_position },
    { "setpos", "setpos POSITION", "start from a position string", ARG_REQUIRED, run_setpos },
    { "save", "save FILE", "save the game", ARG_REQUIRED, run_save },
    { "load", "load FILE", "load a saved game", ARG_REQUIRED, run_load },
    { "render", "render FILE.svg", "draw the board as an SVG picture (-: to standard output)",
      ARG_REQUIRED, run_render },
    { "history", "history", "list the moves made", ARG_NONE, run_history },
    { "variant", "variant [NAME|-]", "list the variants, or start a game of one (-: none)",
      ARG_OPTIONAL, run_variant },
    { "rules", "rules", "explain the game: how it ends, what each variant changes", ARG_NONE, run_rules },
    { "perft", "perft N", "count the move sequences to depth N from here", ARG_REQUIRED, run_perft },
    { "go", "go [SPEC]", "the engine moves for the side to move", ARG_OPTIONAL, run_go },
    { "hint", "hint [SPEC]", "show the move the engine would make", ARG_OPTIONAL, run_hint },
    { "ai", "ai [SIDE SPEC|off]", "give a player to an engine, take it back, or list", ARG_OPTIONAL,
      run_ai },
    { "help", "help [COMMAND]", "show the commands, or one", ARG_OPTIONAL, run_help },
    { "quit", "quit", "leave", ARG_NONE, run_quit },
};

#define COMMAND_COUNT ((int)(sizeof commands / sizeof *commands))

const char *repl_command_name(int index)
{
    return index >= 0 && index < COMMAND_COUNT ? commands[index].name : NULL;
}

/* What `help go`, `help hint` and `help ai` add to their line: the
 * engines a SPEC names and what they do (the same as tabula help match). */
static const char engine_help[] =
    "SPEC names the engine, as 'tabula match' takes it (default " REPL_DEFAULT_ENGINE "):\n"
    "  random            a uniformly random legal move\n"
    "  ab:depth=N        alpha-beta to N plies (also time=MS, nodes=N); its\n"
    "                    leaves play out their captures first (quiescence=off\n"
    "                    scores them as they stand)\n"
    "  ab:time=MS        alpha-beta, deepening until MS milliseconds are spent\n"
    "                    (reductions=off: late quiet moves as deep as others;\n"
    "                    pruning=off: none skipped near the leaves;\n"
    "                    null=off: no null-move pruning;\n"
    "                    aspiration=off: no aspiration windows;\n"
    "                    extensions=off: no check extensions)\n"
    "  mcts:playouts=N   Monte Carlo tree search of N random games (also\n"
    "                    time=MS); it keeps its tree from one move to the next\n"
    "  threads=N         with either: N searches side by side\n"
    "Settings combine with commas: ab:depth=6,time=500.  The engine reports\n"
    "its score (a number in hundredths of a pawn, or a win or loss in N plies)\n"
    "and the nodes it searched.\n";

static bool run_help(repl *r, const char *argument)
{
    for (int i = 0; i < COMMAND_COUNT; i++) {
        if (argument && strcmp(argument, commands[i].name))
            continue;
        printf("  %-18s %s\n", commands[i].usage, commands[i].summary);
        if (argument && (!strcmp(argument, "go") || !strcmp(argument, "hint") || !strcmp(argument, "ai")))
            fputs(engine_help, stdout);
        if (argument && !strcmp(argument, "ai")) {
            /* the example names this game's last player */
            const game *g = r->session->game;
            const char *name = g->player_names[g->player_count - 1];
            printf("'ai %s mcts:time=500' gives %s to that engine, which then moves\n"
                   "whenever it is %s's turn; 'ai %s off' takes it back, 'ai off'\n"
                   "every player; 'ai' lists who plays each.\n",
                   name, name, name, name);
        }
        if (argument)
            return true;
    }
    if (argument)
        return failed("unknown command '%s'; type help for the commands", argument);
    puts("Anything else is a move: its text as 'moves' shows it, a prefix of exactly\n"
         "one move, or its number; or as people type it (e2e4, E2-E4, e5d4 for\n"
         "e5xd4, d3 for @d3xd4).  A turn of several parts can be typed whole or a\n"
         "part at a time.");
    if (session_algebraic(r->session))
        puts("This game writes its moves in algebraic notation, as chess players do:\n"
             "Nf3, exd5, Nbd2 or R1e2 (the file or rank a piece leaves, where two\n"
             "can go), O-O (or 0-0), e8=Q (or e8Q), '+' and '#' optional; piece\n"
             "letters in capitals (b is a file).  Its moves in Tabula's notation\n"
             "(g1-f3) are read too, whole, not their prefixes.");
    return true;
}

bool repl_execute(repl *r, const char *line)
{
    while (isspace((unsigned char)*line))
        line++;
    size_t length = strlen(line);
    while (length > 0 && isspace((unsigned char)line[length - 1]))
        length--;
    if (length == 0 || line[0] == '#')
        return true;
    char text[8192];
    if (length >= sizeof text)
        return failed("the line is too long (%zu characters)", length);
    memcpy(text, line, length);
    text[length] = '\0';
    char *argument = text;
    while (*argument && !isspace((unsigned char)*argument))
        argument++;
    size_t word = (size_t)(argument - text);
    while (isspace((unsigned char)*argument))
        argument++;
    for (int i = 0; i < COMMAND_COUNT; i++) {
        const command *c = &commands[i];
        if (strlen(c->name) != word || strncmp(c->name, text, word))
            continue;
        if (c->arg == ARG_NONE && *argument)
            return failed("%s takes no argument (usage: %s)", c->name, c->usage);
        if (c->arg == ARG_REQUIRED && !*argument)
            return failed("%s needs an argument (usage: %s)", c->name, c->usage);
        return c->run(r, *argument ? argument : NULL);
    }
    int before = r->session->record_count;
    bool ok = enter_move(r, text);
    if (ok && r->session->record_count > before)
        engines_autoplay(r);   /* the engines' turns, if any */
    return ok;
}
