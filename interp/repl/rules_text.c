/* rules_text: what `rules` at the prompt tells a new player (issue 35): the
 * game's description, its players, board and pieces, how it is won, drawn
 * or lost, and what each variant changes.  The words are the rules file's
 * own: its end rules and statements as written, and the comments its
 * designer wrote at the top of the file, above each end rule and above and
 * at the start of each variant.  Comments are not in the tree, so they are
 * read from the source text, at the lines the tree's locations name. */
#include <ctype.h>
#include <stdio.h>
#include <string.h>

#include "front/front.h"
#include "repl/repl.h"
#include "utf8.h"

#define TEXT_SIZE 1024

/* --- the source text */

/* The length of the code of LINE (LENGTH bytes): up to its comment, a '#'
 * outside strings, or the whole line. */
static size_t code_length(const char *line, size_t length)
{
    bool in_string = false;
    for (size_t i = 0; i < length; i++) {
        if (in_string) {
            if (line[i] == '\\')
                i++;
            else if (line[i] == '"')
                in_string = false;
        } else if (line[i] == '"') {
            in_string = true;
        } else if (line[i] == '#') {
            return i;
        }
    }
    return length;
}

static bool blank(const char *text, size_t length)
{
    for (size_t i = 0; i < length; i++)
        if (!isspace((unsigned char)text[i]))
            return false;
    return true;
}

/* Whether line LINE of FILE holds a comment and nothing else. */
static bool comment_line(const source_set *sources, int file, int line)
{
    size_t length = 0;
    const char *text = source_line(sources, file, line, &length);
    if (!text)
        return false;
    size_t code = code_length(text, length);
    return code < length && blank(text, code);
}

/* Prints the comment of line LINE of FILE, if it has one, after INDENT:
 * its text after the '#' and one space, so that the comment's own
 * indentation (a list's) stays; a bare '#' is an empty line. */
static void print_comment(FILE *out, const char *indent, const source_set *sources, int file, int line)
{
    size_t length = 0;
    const char *text = source_line(sources, file, line, &length);
    if (!text)
        return;
    size_t from = code_length(text, length);
    if (from == length)
        return;
    from++;
    if (from < length && text[from] == ' ')
        from++;
    size_t to = length;
    while (to > from && isspace((unsigned char)text[to - 1]))
        to--;
    if (to == from)
        fputc('\n', out);
    else
        fprintf(out, "%s%.*s\n", indent, (int)(to - from), text + from);
}

/* Prints the comment lines right above line LINE of FILE (none when a line
 * of code or a blank line stands there): what the designer wrote of the
 * statement on LINE. */
static void print_comments_above(FILE *out, const char *indent, const source_set *sources, int file, int line)
{
    int first = line;
    while (first > 1 && comment_line(sources, file, first - 1))
        first--;
    for (int l = first; l < line; l++)
        print_comment(out, indent, sources, file, l);
}

/* Whether AT is the first thing on its line: only then are the comment
 * lines above it its own (on `end { a: b; c: d }` they would be the
 * block's). */
static bool starts_its_line(const source_set *sources, source_location at)
{
    size_t length = 0;
    const char *text = source_line(sources, at.file, at.line, &length);
    return text && blank(text, source_column_offset(text, length, at.column));
}

/* The text of FILE from line FROM_LINE, column FROM_COLUMN to line
 * TO_LINE, column TO_COLUMN (inclusive), into OUT: its lines joined by
 * single spaces, without their indentation or comments, so that a
 * statement written over several lines reads as one. */
static void span_text(const source_set *sources, int file, int from_line, int from_column, int to_line,
                      int to_column, char *out, size_t size)
{
    size_t used = 0;
    out[0] = '\0';
    for (int l = from_line; l <= to_line && used + 1 < size; l++) {
        size_t length = 0;
        const char *text = source_line(sources, file, l, &length);
        if (!text)
            break;
        size_t code = code_length(text, length);
        size_t from = l == from_line ? source_column_offset(text, length, from_column) : 0;
        size_t to = l == to_line ? source_column_offset(text, length, to_column + 1) : length;
        if (to > code)
            to = code;
        while (from < to && isspace((unsigned char)text[from]))
            from++;
        while (to > from && isspace((unsigned char)text[to - 1]))
            to--;
        if (from == to)
            continue;
        int n = snprintf(out + used, size - used, "%s%.*s", used ? " " : "", (int)(to - from), text + from);
        used = n < 0 || (size_t)n >= size - used ? size - 1 : used + (size_t)n;
    }
}

/* The 1-based column of the character at byte OFFSET of LINE. */
static int column_of_offset(const char *line, size_t offset)
{
    int column = 1;
    for (size_t i = 0; i < offset; column++) {
        int n = utf8_sequence_length((const unsigned char *)line + i, offset - i);
        i += n > 0 ? (size_t)n : 1;
    }
    return column;
}

/* The column of the '}' that closes the '{' at AT, when it is on the same
 * line; 0 when it is not. */
static int closing_brace_column(const source_set *sources, source_location at)
{
    size_t length = 0;
    const char *text = source_line(sources, at.file, at.line, &length);
    if (!text)
        return 0;
    size_t code = code_length(text, length);
    int depth = 0;
    bool in_string = false;
    for (size_t i = source_column_offset(text, length, at.column); i < code; i++) {
        if (in_string) {
            if (text[i] == '\\')
                i++;
            else if (text[i] == '"')
                in_string = false;
        } else if (text[i] == '"') {
            in_string = true;
        } else if (text[i] == '{') {
            depth++;
        } else if (text[i] == '}' && --depth == 0) {
            return column_of_offset(text, i);
        }
    }
    return 0;
}

/* Widens SPAN (*ANY: it holds something) to NODE's subtree: a node's own
 * location may be only its operator (a guard's `if`, an action's verb),
 * the subtree's reaches from its first character to its last. */
static void widen_span(const ast_node *node, source_location *span, bool *any)
{
    if (!node || node->kind == AST_EMPTY || node->kind == AST_BLOCK)
        return;
    const source_location *at = &node->location;
    if (at->file >= 0 && at->line > 0) {
        if (!*any) {
            *span = *at;
            *any = true;
        } else if (at->file == span->file) {
            if (at->line < span->line || (at->line == span->line && at->column < span->column)) {
                span->line = at->line;
                span->column = at->column;
            }
            if (at->end_line > span->end_line
                || (at->end_line == span->end_line && at->end_column > span->end_column)) {
                span->end_line = at->end_line;
                span->end_column = at->end_column;
            }
        }
    }
    for (int i = 0; i < node->child_count; i++)
        widen_span(node->children[i], span, any);
}

/* STATEMENT as its file writes it, on one line: its head and value, and
 * its block when that stands on the same line (`end { passes == 3: highest
 * score wins }`), else `{ ... }`; a macro or pattern by its name alone, as
 * its body can run over many lines. */
static void statement_text(const source_set *sources, const ast_node *statement, char *out, size_t size)
{
    if (statement->kind == AST_DEFINE) {
        int used = snprintf(out, size, "define %s", statement->text);
        for (long p = 0; p < statement->number && used > 0 && (size_t)used < size; p++)
            used += snprintf(out + used, size - (size_t)used, "%s%s%s", p ? ", " : "(",
                             statement->children[p]->text, p + 1 == statement->number ? ")" : "");
        return;
    }
    if (statement->kind == AST_PATTERN) {
        snprintf(out, size, "pattern %s", statement->text);
        return;
    }
    source_location span = { 0 };
    bool any = false;
    if (statement->kind == AST_STATEMENT)
        for (int i = 0; i < 3; i++)
            widen_span(statement->children[i], &span, &any);
    if (!any) {
        snprintf(out, size, "?");
        return;
    }
    const ast_node *block = statement->kind == AST_STATEMENT ? statement->children[3] : NULL;
    bool has_block = block && block->kind == AST_BLOCK;
    int closing = has_block && block->location.line == span.line && block->location.file == span.file
                ? closing_brace_column(sources, block->location) : 0;
    if (closing > 0) {
        span_text(sources, span.file, span.line, span.column, span.line, closing, out, size);
        return;
    }
    span_text(sources, span.file, span.line, span.column, span.end_line, span.end_column, out, size);
    if (has_block) {
        size_t used = strlen(out);
        snprintf(out + used, size - used, " { ... }");
    }
}

/* --- the tree */

/* The game of PROGRAM and its variants: the game's own, then those of the
 * file around it, as check_program orders them. */
typedef struct program_view {
    const ast_node *game;
    const ast_node *variants[CHECK_MAX_VARIANTS];
    int variant_count;
} program_view;

static void view_program(const ast_node *program, program_view *view)
{
    memset(view, 0, sizeof *view);
    for (int i = 0; i < program->child_count && !view->game; i++)
        if (program->children[i]->kind == AST_GAME)
            view->game = program->children[i];
    if (!view->game)
        return;
    const ast_node *block = view->game->children[0];
    for (int i = 0; i < block->child_count && view->variant_count < CHECK_MAX_VARIANTS; i++)
        if (block->children[i]->kind == AST_VARIANT)
            view->variants[view->variant_count++] = block->children[i];
    for (int i = 0; i < program->child_count && view->variant_count < CHECK_MAX_VARIANTS; i++)
        if (program->children[i]->kind == AST_VARIANT)
            view->variants[view->variant_count++] = program->children[i];
}

/* The next name of VARIANT, the variants played ("4p+19x19": each
 * applied over the one before), from *AT on: *NAME and *LENGTH; false
 * after the last. */
static bool next_variant_name(const char **at, const char **name, size_t *length)
{
    if (!**at)
        return false;
    const char *plus = strchr(*at, '+');
    *name = *at;
    *length = plus ? (size_t)(plus - *at) : strlen(*at);
    *at = plus ? plus + 1 : *at + *length;
    return true;
}

static bool same_name(const char *name, size_t length, const char *other)
{
    return strlen(other) == length && !strncmp(name, other, length);
}

/* Whether NAME is one of the variants played, VARIANT. */
static bool played(const char *variant, const char *name)
{
    const char *part;
    size_t length;
    for (const char *at = variant; next_variant_name(&at, &part, &length);)
        if (same_name(part, length, name))
            return true;
    return false;
}

static bool is_score(const ast_node *statement)
{
    const ast_node *head = statement->kind == AST_STATEMENT ? statement->children[0] : NULL;
    return head && head->kind == AST_NAME && !strcmp(head->text, "score");
}

/* `out if CONDITION` */
static bool is_out(const ast_node *statement)
{
    const ast_node *head = statement->kind == AST_STATEMENT ? statement->children[0] : NULL;
    return head && head->kind == AST_GUARD && head->children[0]->kind == AST_NAME
           && !strcmp(head->children[0]->text, "out");
}

/* The statement of a kind a variant replaces whole (score, out) that the
 * game played keeps: the last variant played that has one, else the
 * game's; NULL when none has. */
static const ast_node *statement_played(const program_view *view, const char *variant,
                                        bool (*is_kind)(const ast_node *))
{
    const ast_node *found = NULL;
    const ast_node *block = view->game->children[0];
    for (int i = 0; i < block->child_count; i++)
        if (is_kind(block->children[i]))
            found = block->children[i];
    const char *part;
    size_t length;
    for (const char *at = variant; next_variant_name(&at, &part, &length);)
        for (int v = 0; v < view->variant_count; v++) {
            if (!same_name(part, length, view->variants[v]->text))
                continue;
            const ast_node *own = view->variants[v]->children[0];
            for (int i = 0; i < own->child_count; i++)
                if (is_kind(own->children[i]))
                    found = own->children[i];
        }
    return found;
}

/* Prints what the designer wrote of STATEMENT: the comment lines above it
 * and a comment at the end of its last line. */
static void print_notes(FILE *out, const char *indent, const source_set *sources, source_location at)
{
    if (!starts_its_line(sources, at))
        return;
    print_comments_above(out, indent, sources, at.file, at.line);
    print_comment(out, indent, sources, at.file, at.end_line);
}

/* --- the parts */

/* The comment lines at the top of the game's file, before the game: the
 * designer's description of it. */
static void print_description(FILE *out, const source_set *sources, const ast_node *game_node)
{
    int file = game_node->location.file;
    int line = 1;
    size_t length = 0;
    const char *text;
    while ((text = source_line(sources, file, line, &length)) && blank(text, length))
        line++;
    int first = line;
    while (line < game_node->location.line && comment_line(sources, file, line))
        print_comment(out, "", sources, file, line++);
    if (line > first)
        fputc('\n', out);
}

static void print_summary(FILE *out, const session *s)
{
    const game *g = s->game;
    char board_text[96];
    board_describe(&g->board, board_text, sizeof board_text);
    fprintf(out, "game: %s\n", g->name);
    fprintf(out, "file: %s\n", s->path);
    fprintf(out, "players:");
    for (int p = 0; p < g->player_count; p++)
        fprintf(out, " %s", g->player_names[p]);
    fprintf(out, "\nboard: %s\n", board_text);
    fprintf(out, "pieces:");
    for (int t = 0; t < g->type_count; t++) {
        fprintf(out, "%s %s %s", t ? "," : "", g->types[t].name, g->types[t].symbol[0]);
        for (int p = 1; p < g->player_count; p++)
            if (strcmp(piece_symbol(&g->types[t], p), piece_symbol(&g->types[t], p - 1)))
                fprintf(out, "/%s", piece_symbol(&g->types[t], p));
    }
    fputc('\n', out);
    if (g->notation == GAME_NOTATION_ALGEBRAIC)
        fputs("notation: algebraic (moves as chess players write them: Nf3, exd5, O-O, e8=Q)\n", out);
}

/* Who an end rule's outcome names, as a sentence's subject. */
static void player_words(const game *g, int ref, char *out, size_t size)
{
    switch (ref) {
    case PLAYER_MOVER: snprintf(out, size, "the player who moved"); break;
    case PLAYER_NEXT: snprintf(out, size, "the player to move"); break;
    case PLAYER_OPPONENT:
        snprintf(out, size, g->player_count == 2 ? "the opponent of the player to move"
                                                 : "the player listed after the player to move");
        break;
    case PLAYER_SCORED: snprintf(out, size, "player"); break;
    case PLAYER_EVERYONE: snprintf(out, size, "everyone"); break;
    case PLAYER_ANYONE: snprintf(out, size, "anyone"); break;
    default:
        snprintf(out, size, "%s", ref - PLAYER_FIXED < g->player_count ? g->player_names[ref - PLAYER_FIXED] : "?");
        out[0] = (char)toupper((unsigned char)out[0]);
        break;
    }
}

/* RULE's outcome as a sentence: "the player who moved wins", "draw". */
static void outcome_text(const game *g, const end_rule *rule, char *out, size_t size)
{
    char who[96];
    switch (rule->outcome) {
    case OUTCOME_DRAW:
        snprintf(out, size, "draw");
        break;
    case OUTCOME_HIGHEST_SCORE:
    case OUTCOME_LOWEST_SCORE:
        snprintf(out, size, "the %s score wins (a tie shares the win)",
                 rule->outcome == OUTCOME_HIGHEST_SCORE ? "highest" : "lowest");
        break;
    default:
        player_words(g, rule->player, who, sizeof who);
        snprintf(out, size, "%s %s", who, rule->outcome == OUTCOME_LOSS ? "loses" : "wins");
        break;
    }
}

/* Whether TEXT holds WORD as a whole word (names hold letters, digits, _
 * and -). */
static bool has_word(const char *text, const char *word)
{
    size_t n = strlen(word);
    for (const char *at = strstr(text, word); at; at = strstr(at + 1, word)) {
        bool before = at == text || !(isalnum((unsigned char)at[-1]) || at[-1] == '_' || at[-1] == '-');
        bool after = !(isalnum((unsigned char)at[n]) || at[n] == '_' || at[n] == '-');
        if (before && after)
            return true;
    }
    return false;
}

/* Each end rule in order: its condition as the file writes it, its
 * outcome as a sentence, the designer's comments on it; then the draw the
 * engine declares when no rule covers a player left without a move, and
 * what the player words of the conditions mean. */
static void print_ending(FILE *out, const session *s)
{
    const game *g = s->game;
    fputs("\nHow the game ends: after every move the end rules are read in order, and the\n"
          "first that holds ends the game:\n", out);
    bool no_moves_ruled = false;
    bool said_mover = false, said_next = false, said_opponent = false;
    for (int i = 0; i < g->end_count; i++) {
        const end_rule *rule = &g->ends[i];
        char condition[TEXT_SIZE], outcome[160];
        const source_location *at = &rule->where;
        condition[0] = '\0';
        if (at->file >= 0 && at->line > 0)
            span_text(&s->sources, at->file, at->line, at->column, at->end_line, at->end_column, condition,
                      sizeof condition);
        if (!condition[0])
            snprintf(condition, sizeof condition, "%s", game_end_text(g, &(game_result){ .rule = i }));
        outcome_text(g, rule, outcome, sizeof outcome);
        fprintf(out, "  when %s: %s\n", condition, outcome);
        if (at->file >= 0 && at->line > 0)
            print_notes(out, "    ", &s->sources, *at);
        no_moves_ruled |= rule->condition >= 0 && g->exprs[rule->condition].op == C_COND_NO_MOVES;
        said_mover |= has_word(condition, "mover");
        said_next |= has_word(condition, "next");
        said_opponent |= has_word(condition, "opponent");
    }
    /* movegen_result: nobody to move and no rule that held */
    if (!no_moves_ruled)
        fputs("  when the player to move has no move at all (not even a pass): draw\n", out);
    /* the words of the conditions that name players, for a reader who
     * does not know them */
    const char *meanings[3];
    int count = 0;
    if (said_mover)
        meanings[count++] = "mover is the player who made the last move";
    if (said_next)
        meanings[count++] = "next is the player to move";
    if (said_opponent)
        meanings[count++] = g->player_count == 2 ? "opponent is the opponent of the player to move"
                                                 : "opponent is the player listed after the player to move";
    for (int i = 0; i < count; i++)
        fprintf(out, "%s%s", i == 0 ? "In the conditions, " : i + 1 == count ? " and " : ", ", meanings[i]);
    if (count)
        fputs(".\n", out);
}

/* LEAD, then VALUE (the part of STATEMENT that says it) as the file
 * writes it, and the designer's comments on STATEMENT. */
static void print_value(FILE *out, const source_set *sources, const char *lead, const ast_node *statement,
                        const ast_node *value)
{
    source_location span = { 0 };
    bool any = false;
    widen_span(value, &span, &any);
    if (!any)
        return;
    char text[TEXT_SIZE];
    span_text(sources, span.file, span.line, span.column, span.end_line, span.end_column, text, sizeof text);
    fprintf(out, "%s%s\n", lead, text);
    span.line = statement->location.line;
    span.column = statement->location.column;
    print_notes(out, "  ", sources, span);
}

/* The statements the game played keeps for its score and its players out,
 * with the designer's comments on them. */
static void print_score_and_out(FILE *out, const session *s, const source_set *sources,
                                const program_view *view)
{
    const game *g = s->game;
    const ast_node *score = g->score >= 0 ? statement_played(view, s->variant, is_score) : NULL;
    if (score)
        print_value(out, sources, "Each player's score: ", score, score->children[2]);
    const ast_node *player_out = g->out_condition >= 0 ? statement_played(view, s->variant, is_out) : NULL;
    if (player_out)
        print_value(out, sources, "A player is out, its turns passed over from then on, when at its turn: ",
                    player_out, player_out->children[0]->children[1]);
}

/* Each variant: its name, the designer's comments above it and at the
 * start of its block, and each of its statements with what it does to
 * the game (replaces, extends, adds). */
static void print_variants(FILE *out, const session *s, const source_set *sources, const ast_node *program,
                           const program_view *view)
{
    for (int v = 0; v < view->variant_count; v++) {
        const ast_node *variant = view->variants[v];
        fprintf(out, "variant %s%s:\n", variant->text, played(s->variant, variant->text) ? " (playing)" : "");
        if (starts_its_line(sources, variant->location))
            print_comments_above(out, "  ", sources, variant->location.file, variant->location.line);
        /* the comments that open its block: on the line of its '{', and
         * the lines after it up to its first statement (none after a
         * block closed on that line: they would be the next statement's) */
        const ast_node *block = variant->children[0];
        int file = block->location.file;
        print_comment(out, "  ", sources, file, block->location.line);
        if (closing_brace_column(sources, block->location) == 0)
            for (int line = block->location.line + 1; comment_line(sources, file, line); line++)
                print_comment(out, "  ", sources, file, line);
        for (int i = 0; i < block->child_count; i++) {
            const ast_node *statement = block->children[i];
            if (statement->kind == AST_EMPTY)
                continue;
            char text[TEXT_SIZE];
            statement_text(sources, statement, text, sizeof text);
            check_change effect = check_variant_change(program, statement);
            const char *shown = text;
            if (effect == CHECK_EXTENDS && !strncmp(shown, "extend", 6) && isspace((unsigned char)shown[6]))
                shown += 7;     /* "extends setup { ... }", not "extends extend setup" */
            fprintf(out, "  - %s %s\n",
                    effect == CHECK_EXTENDS ? "extends" : effect == CHECK_REPLACES ? "replaces" : "adds", shown);
        }
    }
}

void rules_explain(FILE *out, const session *s)
{
    /* the tree again, for what the game made of it does not keep: where
     * the game and its variants stand, their statements as written */
    front_tree tree;
    program_view view = { 0 };
    if (front_tree_load(&tree, s->path))
        view_program(tree.program, &view);

    if (view.game)
        print_description(out, &tree.sources, view.game);
    print_summary(out, s);
    print_ending(out, s);
    if (view.game)
        print_score_and_out(out, s, &tree.sources, &view);
    fprintf(out, "\nvariants:");
    if (s->variant_count == 0)
        fprintf(out, " none");
    for (int i = 0; i < s->variant_count; i++)
        fprintf(out, " %s%s", s->variants[i], played(s->variant, s->variants[i]) ? " (playing)" : "");
    fputc('\n', out);
    if (view.game)
        print_variants(out, s, &tree.sources, tree.program, &view);

    front_tree_free(&tree);
}
