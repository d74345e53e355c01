/* check: finds the game in a loaded program, builds it and each variant,
 * and runs the statement checks on each. */
#include "rules/check.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "rules/check_internal.h"
#include "rules/compile.h"
#include "suggest.h"

typedef struct node_list {
    const ast_node **items;
    int count;
    int capacity;
} node_list;

static bool push(node_list *list, const ast_node *node)
{
    if (list->count == list->capacity) {
        int capacity = list->capacity ? list->capacity * 2 : 32;
        const ast_node **items = realloc(list->items, (size_t)capacity * sizeof *items);
        if (!items)
            return false;
        list->items = items;
        list->capacity = capacity;
    }
    list->items[list->count++] = node;
    return true;
}

/* Whether statements led by HEAD name something (piece pawn, region
 * home), so that a game has one of each name. */
static bool head_names(const char *head)
{
    static const char *const named[] = {
        "piece", "moves", "region", "directions", "var", "flag", "pattern", "define",
    };
    for (size_t i = 0; i < sizeof named / sizeof *named; i++)
        if (!strcmp(head, named[i]))
            return true;
    return false;
}

/* Statements that a variant replaces rather than adds: the same head and,
 * for heads that name something, the same name. */
static bool same_slot(const ast_node *a, const ast_node *b)
{
    const char *ha = statement_head(a), *hb = statement_head(b);
    if (!ha || !hb || strcmp(ha, hb) != 0)
        return false;
    if (head_names(ha)) {
        const char *na = statement_name(a), *nb = statement_name(b);
        return na && nb && !strcmp(na, nb);
    }
    return true;
}

/* A node made for a build, over borrowed children: KIDS of them. */
static ast_node *made_node(node_list *made, ast_kind kind, const ast_node *like, int kids)
{
    ast_node *n = calloc(1, sizeof *n);
    ast_node **children = kids ? calloc((size_t)kids, sizeof *children) : NULL;
    if (!n || (kids && !children) || !push(made, n)) {
        free(n);
        free(children);
        return NULL;
    }
    n->kind = kind;
    n->location = like->location;
    n->children = children;
    n->child_count = kids;
    return n;
}

/* Frees the nodes made_node made (their children are borrowed). */
static void free_made(node_list *made)
{
    for (int i = 0; i < made->count; i++) {
        free(((ast_node *)made->items[i])->children);
        free((ast_node *)made->items[i]);
    }
    free(made->items);
}

/* Whether S is a variant's `extend HEAD { LINES }`. */
static bool is_extension(const ast_node *s)
{
    const ast_node *head = s->kind == AST_STATEMENT ? s->children[0] : NULL;
    return head && head->kind == AST_PHRASE && head->child_count >= 2 && head->children[0]->kind == AST_NAME
        && !strcmp(head->children[0]->text, "extend");
}

/* The extension S as it would stand without the word `extend` (the slot
 * it extends); NULL when memory runs out. */
static const ast_node *without_extend(const ast_node *s, node_list *made)
{
    const ast_node *head = s->children[0];
    ast_node *stripped = made_node(made, AST_STATEMENT, s, 4);
    ast_node *rest = head->child_count == 2 ? NULL : made_node(made, AST_PHRASE, head, head->child_count - 1);
    if (!stripped || (head->child_count > 2 && !rest))
        return NULL;
    for (int i = 1; rest && i < head->child_count; i++)
        rest->children[i - 1] = head->children[i];
    stripped->children[0] = rest ? rest : head->children[1];
    for (int i = 1; i < 4; i++)
        stripped->children[i] = s->children[i];
    return stripped;
}

/* A variant's `extend HEAD { LINES }` (extend moves pawn { ... }, extend
 * turn { ... }, extend setup { ... }): the statement of the same slot
 * among STATEMENTS, with LINES after its own; NULL when S is no
 * extension, S itself (after an error) when there is nothing to extend. */
static const ast_node *extension(const node_list *statements, const ast_node *s, node_list *made,
                                 diag_list *diagnostics)
{
    if (!is_extension(s))
        return NULL;
    const ast_node *head = s->children[0];
    const ast_node *lines = s->children[3];
    const ast_node *stripped = without_extend(s, made);
    if (!stripped)
        return s;
    const ast_node *old = NULL;
    for (int k = 0; k < statements->count && !old; k++)
        if (same_slot(statements->items[k], stripped))
            old = statements->items[k];
    if (lines->kind != AST_BLOCK || !old || old->kind != AST_STATEMENT || old->children[3]->kind != AST_BLOCK) {
        diag_report(diagnostics, DIAG_ERROR, head->location,
                    "extend adds lines to a block the game has: extend moves pawn { ... }, extend turn { ... }",
                    lines->kind != AST_BLOCK ? "'extend' needs a block of lines to add" : "nothing to extend: the game has no such block");
        return s;
    }
    const ast_node *own = old->children[3];
    ast_node *merged = made_node(made, AST_BLOCK, own, own->child_count + lines->child_count);
    ast_node *result = made_node(made, AST_STATEMENT, old, 4);
    if (!merged || !result)
        return s;
    for (int i = 0; i < own->child_count; i++)
        merged->children[i] = own->children[i];
    for (int i = 0; i < lines->child_count; i++)
        merged->children[own->child_count + i] = lines->children[i];
    for (int i = 0; i < 3; i++)
        result->children[i] = old->children[i];
    result->children[3] = merged;
    return result;
}

/* Whether STATEMENT is one of the variant block's own (or made from one,
 * an extension). */
static bool from_block(const ast_node *statement, const ast_node *const *placed, int count)
{
    for (int i = 0; i < count; i++)
        if (placed[i] == statement)
            return true;
    return false;
}

static void apply_variant(node_list *statements, const ast_node *variant_block, node_list *made,
                          diag_list *diagnostics)
{
    /* what this block has put in so far: a statement of the block never
     * replaces another of the same block (two `after move:` lines in one
     * variant are both kept, as they are in a game) */
    const ast_node **placed = variant_block->child_count
                                  ? calloc((size_t)variant_block->child_count, sizeof *placed) : NULL;
    int placed_count = 0;
    for (int i = 0; i < variant_block->child_count; i++) {
        const ast_node *statement = variant_block->children[i];
        const ast_node *extended = extension(statements, statement, made, diagnostics);
        if (extended == statement)
            continue;       /* (an error: nothing to extend) */
        if (extended)
            statement = extended;
        bool replaced = false;
        for (int k = 0; k < statements->count && !replaced; k++) {
            if (same_slot(statements->items[k], statement)
                && !(placed && from_block(statements->items[k], placed, placed_count))) {
                statements->items[k] = statement;
                replaced = true;
            }
        }
        if (!replaced)
            push(statements, statement);
        if (placed)
            placed[placed_count++] = statement;
    }
    free((void *)placed);
}

check_change check_variant_change(const ast_node *program, const ast_node *statement)
{
    if (is_extension(statement))
        return CHECK_EXTENDS;
    /* the game's statements and the macros it sees: its own, and those of
     * the top level (its file's and its libraries') */
    for (int i = 0; i < program->child_count; i++) {
        const ast_node *top = program->children[i];
        if (top->kind == AST_DEFINE && same_slot(top, statement))
            return CHECK_REPLACES;
        if (top->kind != AST_GAME)
            continue;
        const ast_node *block = top->children[0];
        for (int k = 0; k < block->child_count; k++)
            if (block->children[k]->kind != AST_VARIANT && same_slot(block->children[k], statement))
                return CHECK_REPLACES;
    }
    return CHECK_ADDS;
}

typedef struct program_parts {
    const ast_node *game;
    node_list game_statements;
    node_list variants;       /* AST_VARIANT nodes, the game's then the file's */
    node_list templates;      /* top-level piece, pattern, directions, region */
    node_list defines;
    bool unknown_statements;  /* already reported at top level */
} program_parts;

static void free_parts(program_parts *p)
{
    free(p->game_statements.items);
    free(p->variants.items);
    free(p->templates.items);
    free(p->defines.items);
}

static void split_program(const ast_node *program, program_parts *p, diag_list *diagnostics)
{
    memset(p, 0, sizeof *p);
    int errors_before = diagnostics->errors;
    for (int i = 0; i < program->child_count; i++) {
        const ast_node *top = program->children[i];
        switch (top->kind) {
        case AST_GAME:
            if (p->game) {
                diag_report(diagnostics, DIAG_ERROR, top->location,
                            "put each game in a file of its own; include shared parts",
                            "a second game in one file (the first is on line %d of %s)",
                            p->game->location.line,
                            p->game->location.file == top->location.file ? "this file" : "another file");
                continue;
            }
            p->game = top;
            break;
        case AST_VARIANT:
            push(&p->variants, top);
            break;
        case AST_DEFINE:
            push(&p->defines, top);
            break;
        default: {
            static const char *const allowed[] = {
                "game", "include", "variant", "define", "pattern", "piece", "directions", "region",
            };
            const char *head = statement_head(top);
            bool known = top->kind == AST_PATTERN;
            for (size_t k = 3; k < sizeof allowed / sizeof *allowed && head && !known; k++)
                known = !strcmp(head, allowed[k]);
            if (!known) {
                suggestion s;
                suggest_begin(&s, head ? head : "");
                for (size_t k = 0; k < sizeof allowed / sizeof *allowed; k++)
                    suggest_consider(&s, allowed[k]);
                const char *best = head ? suggest_result(&s) : NULL;
                char hint[160];
                if (best)
                    snprintf(hint, sizeof hint, "did you mean '%s'?", best);
                else
                    snprintf(hint, sizeof hint, "outside a game only game, include, variant, define, "
                             "pattern, piece, directions and region may stand");
                const ast_node *at = top->children[0];
                if (at->kind == AST_PHRASE)
                    at = at->children[0];
                diag_report(diagnostics, DIAG_ERROR, at->location, hint,
                            head ? "unknown statement '%s'" : "expected a statement%s", head ? head : "");
                continue;
            }
            push(&p->templates, top);
            break;
        }
        }
    }
    p->unknown_statements = diagnostics->errors > errors_before;
    if (!p->game)
        return;
    const ast_node *block = p->game->children[0];
    node_list own_variants = { 0 };
    for (int i = 0; i < block->child_count; i++) {
        const ast_node *statement = block->children[i];
        if (statement->kind == AST_VARIANT)
            push(&own_variants, statement);
        else if (statement->kind == AST_DEFINE)
            push(&p->defines, statement);
        else
            push(&p->game_statements, statement);
    }
    /* the game's own variants first, then those of the file around it */
    for (int i = 0; i < p->variants.count; i++)
        push(&own_variants, p->variants.items[i]);
    free(p->variants.items);
    p->variants = own_variants;
}

static void check_variant_names(const program_parts *p, diag_list *diagnostics)
{
    for (int i = 0; i < p->variants.count; i++) {
        for (int k = 0; k < i; k++) {
            if (!strcmp(p->variants.items[i]->text, p->variants.items[k]->text)) {
                char hint[64];
                snprintf(hint, sizeof hint, "the first is on line %d", p->variants.items[k]->location.line);
                diag_report(diagnostics, DIAG_ERROR, p->variants.items[i]->location, hint,
                            "variant '%s' is declared twice", p->variants.items[i]->text);
                break;
            }
        }
    }
}

/* Runs the statement checks on one build of the game. */
static void check_build(const program_parts *p, const ast_node *variant, diag_list *diagnostics,
                        const check_options *options)
{
    node_list statements = { 0 };
    for (int i = 0; i < p->game_statements.count; i++)
        push(&statements, p->game_statements.items[i]);
    node_list defines = { 0 };
    for (int i = 0; i < p->defines.count; i++)
        push(&defines, p->defines.items[i]);
    node_list made = { 0 };     /* the nodes of extended statements */
    if (variant) {
        const ast_node *block = variant->children[0];
        node_list own = { 0 };
        for (int i = 0; i < block->child_count; i++) {
            if (block->children[i]->kind == AST_DEFINE)
                push(&defines, block->children[i]);
            else if (block->children[i]->kind == AST_VARIANT)
                diag_report(diagnostics, DIAG_ERROR, block->children[i]->location, NULL,
                            "a variant cannot hold another variant");
            else
                push(&own, block->children[i]);
        }
        ast_node fake = { .kind = AST_BLOCK, .children = (ast_node **)own.items, .child_count = own.count };
        apply_variant(&statements, &fake, &made, diagnostics);
        free(own.items);
    }

    /* expand macros in copies; the copies are what gets checked */
    ast_node **expanded = calloc((size_t)statements.count + 1, sizeof *expanded);
    ast_node **templates = calloc((size_t)p->templates.count + 1, sizeof *templates);
    if (!expanded || !templates) {
        free(expanded);
        free(templates);
        free(statements.items);
        free(defines.items);
        free_made(&made);
        return;
    }
    for (int i = 0; i < statements.count; i++)
        expanded[i] = macro_expand(statements.items[i], defines.items, defines.count, diagnostics);
    free_made(&made);       /* (the expanded copies stand for them now) */
    for (int i = 0; i < p->templates.count; i++)
        templates[i] = macro_expand(p->templates.items[i], defines.items, defines.count, diagnostics);

    check_context c;
    memset(&c, 0, sizeof c);
    c.diagnostics = diagnostics;
    c.game_location = p->game->location;
    names_init(&c);
    names_add_builtins(&c);
    c.report_unused_in.file = -1;
    if (variant)
        c.report_unused_in = variant->location;
    /* top-level patterns, direction sets and regions are shared by every
     * game that includes them, unless the game declares its own */
    node_list all = { 0 };
    for (int i = 0; i < p->templates.count; i++) {
        const ast_node *template = templates[i];
        const char *head = template ? statement_head(template) : NULL;
        if (!head || (strcmp(head, "pattern") && strcmp(head, "directions") && strcmp(head, "region")))
            continue;
        bool overridden = false;
        for (int k = 0; k < statements.count && !overridden; k++) {
            const char *h = expanded[k] ? statement_head(expanded[k]) : NULL;
            const char *n = expanded[k] ? statement_name(expanded[k]) : NULL;
            overridden = h && n && statement_name(template) && !strcmp(h, head)
                      && !strcmp(n, statement_name(template));
        }
        if (!overridden)
            push(&all, template);
    }
    int library_count = all.count;
    for (int i = 0; i < statements.count; i++)
        if (expanded[i])
            push(&all, expanded[i]);
    int errors_before = diagnostics->errors;
    check_statements(&c, all.items, all.count, library_count, (const ast_node *const *)templates,
                     p->templates.count);
    /* a refused board's error stands alone: nothing after it was checked */
    if (!c.board_broken && !c.has_end)
        diag_report(diagnostics, DIAG_ERROR, p->game->location,
                    "add an end block: end { no moves: opponent wins }",
                    "the game has no end condition");
    else if (!c.board_broken && (c.may_run_forever || (c.bounded_by_removal && c.places)) && !c.has_endless_guard)
        diag_report(diagnostics, DIAG_WARNING, p->game->location,
                    "add an end rule such as 'repetition 3: draw' or 'plies 300: draw'",
                    "nothing stops endless play: pieces can move back and forth forever");
    if (options->visit && diagnostics->errors == errors_before)
        options->visit(options->visit_data, p->game, variant, all.items, all.count, library_count,
                       (const ast_node *const *)templates, p->templates.count);
    if (options->compile && diagnostics->errors == errors_before)
        game_free(compile_game(p->game, variant, (const ast_node *const *)all.items, all.count,
                               (const ast_node *const *)templates, p->templates.count, diagnostics));

    names_free(&c);
    if (c.has_board)
        board_free(&c.board);
    for (int i = 0; i < statements.count; i++)
        ast_free(expanded[i]);
    for (int i = 0; i < p->templates.count; i++)
        ast_free(templates[i]);
    free(expanded);
    free(templates);
    free(all.items);
    free(statements.items);
    free(defines.items);
}

static bool same_diagnostic(const diagnostic *a, const diagnostic *b)
{
    return a->severity == b->severity && a->location.file == b->location.file
        && a->location.line == b->location.line && a->location.column == b->location.column
        && strcmp(a->message, b->message) == 0;
}

/* Adds a build's diagnostics in source order, minus those the game itself
 * already gave (BASE_COUNT first entries), naming the variant if any. */
static void merge_build(diag_list *into, diag_list *from, const char *variant, int base_count)
{
    diag_sort(from);
    for (int i = 0; i < from->count; i++) {
        const diagnostic *d = &from->items[i];
        bool seen = false;
        for (int k = 0; k < base_count && !seen; k++)
            seen = same_diagnostic(&into->items[k], d);
        if (seen)
            continue;
        if (variant)
            diag_report(into, d->severity, d->location, d->hint, "in variant '%s': %s", variant,
                        d->message);
        else
            diag_report(into, d->severity, d->location, d->hint, "%s", d->message);
    }
}

static void summarise(const program_parts *p, const ast_node *program, check_summary *summary)
{
    memset(summary, 0, sizeof *summary);
    summary->definitions = p->templates.count + p->defines.count;
    if (!p->game) {
        summary->is_library = true;
        return;
    }
    snprintf(summary->game, sizeof summary->game, "%s", p->game->text);
    for (int i = 0; i < p->variants.count && i < CHECK_MAX_VARIANTS; i++)
        snprintf(summary->variants[summary->variant_count++], sizeof summary->variants[0], "%s",
                 p->variants.items[i]->text);
    (void)program;
}

/* The players and the board of the summary, from the statement S that
 * says them (a later one, a variant's, replaces what an earlier said). */
static void describe_statement(const ast_node *s, check_summary *summary)
{
    const char *head = statement_head(s);
    if (!head || s->kind != AST_STATEMENT)
        return;
    const ast_node *h = s->children[0];
    if (!strcmp(head, "players")) {
        const ast_node *block = s->children[3];
        summary->players = block->kind == AST_BLOCK ? block->child_count
                         : h->kind == AST_PHRASE ? h->child_count - 1 : 0;
        return;
    }
    if (strcmp(head, "board"))
        return;
    if (h->kind == AST_PHRASE && h->child_count == 3 && h->children[2]->kind == AST_SIZE)
        snprintf(summary->board, sizeof summary->board, "%ldx%ld square board",
                 h->children[2]->number, h->children[2]->number2);
    else if (h->kind == AST_PHRASE && h->child_count == 4 && h->children[3]->kind == AST_SIZE)
        snprintf(summary->board, sizeof summary->board, "%ldx%ld hex rhombus",
                 h->children[3]->number, h->children[3]->number2);
    else if (h->kind == AST_PHRASE && h->child_count == 4 && h->children[3]->kind == AST_NUMBER)
        snprintf(summary->board, sizeof summary->board, "hex board of radius %ld",
                 h->children[3]->number);
    else
        snprintf(summary->board, sizeof summary->board, "graph board");
}

/* The players and the board of the game, as VARIANT (if any) has them. */
static void describe(const program_parts *p, const ast_node *variant, check_summary *summary)
{
    for (int i = 0; i < p->game_statements.count; i++)
        describe_statement(p->game_statements.items[i], summary);
    if (variant) {
        const ast_node *block = variant->children[0];
        for (int i = 0; i < block->child_count; i++)
            describe_statement(block->children[i], summary);
    }
}

/* The variant named by the LENGTH bytes at NAME; NULL, with an error that
 * suggests a name, when the game has none of that name. */
static const ast_node *find_variant(const program_parts *p, const char *name, size_t length,
                                    diag_list *diagnostics)
{
    char wanted[256];
    snprintf(wanted, sizeof wanted, "%.*s", (int)(length < sizeof wanted ? length : sizeof wanted - 1), name);
    suggestion s;
    suggest_begin(&s, wanted);
    for (int i = 0; i < p->variants.count; i++) {
        if (!strcmp(p->variants.items[i]->text, wanted))
            return p->variants.items[i];
        suggest_consider(&s, p->variants.items[i]->text);
    }
    char hint[256] = "";
    const char *best = suggest_result(&s);
    if (best) {
        snprintf(hint, sizeof hint, "did you mean '%s'?", best);
    } else if (p->variants.count == 0) {
        snprintf(hint, sizeof hint, "'%s' has no variants", p->game->text);
    } else {
        snprintf(hint, sizeof hint, "its variants are:");
        for (int i = 0; i < p->variants.count; i++)
            snprintf(hint + strlen(hint), sizeof hint - strlen(hint), " %s", p->variants.items[i]->text);
    }
    source_location nowhere = { -1, 0, 0, 0, 0 };
    diag_report(diagnostics, DIAG_ERROR, nowhere, hint, "'%s' has no variant '%s'", p->game->text, wanted);
    return NULL;
}

/* Whether the variants PARTS, applied in that order, compose: none may
 * replace a statement (setup, players, a region ...) that one before it
 * sets or extends, for the earlier change would be silently lost.  An
 * extension composes with anything. */
static bool composes(const node_list *parts, diag_list *diagnostics)
{
    node_list made = { 0 };
    bool ok = true;
    source_location nowhere = { -1, 0, 0, 0, 0 };
    for (int k = 1; k < parts->count && k < 64; k++) {
        const ast_node *later = parts->items[k];
        for (int j = 0; j < k; j++)
            if (parts->items[j] == later) {
                diag_report(diagnostics, DIAG_ERROR, nowhere, NULL, "variant '%s' is named twice", later->text);
                ok = false;
            }
        if (!ok)
            break;
        const ast_node *block = later->children[0];
        bool clashed[64] = { false };
        for (int i = 0; i < block->child_count; i++) {
            const ast_node *statement = block->children[i];
            if (is_extension(statement))
                continue;
            for (int j = 0; j < k; j++) {
                const ast_node *earlier = parts->items[j]->children[0];
                for (int e = 0; e < earlier->child_count && !clashed[j]; e++) {
                    const ast_node *t = earlier->children[e];
                    bool extends = is_extension(t);
                    const ast_node *slot = extends ? without_extend(t, &made) : t;
                    if (!slot || !same_slot(slot, statement))
                        continue;
                    char what[160], hint[320];
                    const char *head = statement_head(statement);
                    const char *name = head_names(head) ? statement_name(statement) : NULL;
                    snprintf(what, sizeof what, "%s%s%s", head, name ? " " : "", name ? name : "");
                    if (extends)
                        snprintf(hint, sizeof hint, "apply '%s' first: --variant %s --variant %s", later->text,
                                 later->text, parts->items[j]->text);
                    else
                        snprintf(hint, sizeof hint,
                                 "compose variants that change different things, or write a variant for the pair");
                    diag_report(diagnostics, DIAG_ERROR, statement->location, hint,
                                "variant '%s' replaces the %s that '%s' %s: in this order, the change '%s' makes would be lost",
                                later->text, what, parts->items[j]->text, extends ? "extends" : "sets",
                                parts->items[j]->text);
                    clashed[j] = true;   /* (one error for each pair of variants) */
                    ok = false;
                }
            }
        }
    }
    free_made(&made);
    return ok;
}

bool check_program(const ast_node *program, const check_options *options, diag_list *diagnostics,
                   check_summary *summary)
{
    program_parts p;
    split_program(program, &p, diagnostics);
    summarise(&p, program, summary);
    describe(&p, NULL, summary);
    bool ok = true;
    if (!p.game) {
        if (p.variants.count > 0)
            diag_report(diagnostics, DIAG_ERROR, p.variants.items[0]->location,
                        "include the game this variant changes", "a variant but no game");
        else if (p.templates.count + p.defines.count == 0 && !p.unknown_statements)
            diag_report(diagnostics, DIAG_ERROR, program->location,
                        "a rules file describes a game: game \"Name\" { ... }",
                        "no game in this file");
        if (options->variant) {
            source_location nowhere = { -1, 0, 0, 0, 0 };
            diag_report(diagnostics, DIAG_ERROR, nowhere, NULL,
                        "unknown variant '%s': the file has no game", options->variant);
            ok = false;
        }
        free_parts(&p);
        return ok;
    }
    check_variant_names(&p, diagnostics);

    /* the variant chosen; several joined by '+' (4p+19x19) make one, each
     * applied over the ones before it, as if its statements followed theirs */
    const ast_node *chosen = NULL;
    ast_node composed = { .kind = AST_VARIANT }, composed_block = { .kind = AST_BLOCK };
    ast_node *composed_children[1] = { &composed_block };
    node_list composed_statements = { 0 }, parts_named = { 0 };
    if (options->variant) {
        const char *name = options->variant;
        int parts = 0;
        for (;;) {
            const char *plus = strchr(name, '+');
            size_t length = plus ? (size_t)(plus - name) : strlen(name);
            const ast_node *found = find_variant(&p, name, length, diagnostics);
            if (!found) {
                free(composed_statements.items);
                free(parts_named.items);
                free_parts(&p);
                return false;
            }
            push(&parts_named, found);
            chosen = found;
            const ast_node *block = found->children[0];
            for (int i = 0; i < block->child_count; i++)
                push(&composed_statements, block->children[i]);
            parts++;
            if (!plus)
                break;
            name = plus + 1;
        }
        if (parts > 1 && !composes(&parts_named, diagnostics)) {
            free(composed_statements.items);
            free(parts_named.items);
            free_parts(&p);
            return false;
        }
        free(parts_named.items);
        if (parts > 1) {
            composed.text = (char *)options->variant;
            composed.location = chosen->location;
            composed.children = composed_children;
            composed.child_count = 1;
            composed_block.children = (ast_node **)composed_statements.items;
            composed_block.child_count = composed_statements.count;
            chosen = &composed;
        }
    }

    if (chosen)
        describe(&p, chosen, summary);
    int base_count = diagnostics->count;
    if (!chosen) {
        diag_list own;
        diag_init(&own);
        check_build(&p, NULL, &own, options);
        merge_build(diagnostics, &own, NULL, 0);
        diag_free(&own);
        base_count = diagnostics->count;
    }
    for (int i = 0; i < (chosen ? 1 : p.variants.count) && !(options->only_chosen && !chosen); i++) {
        const ast_node *variant = chosen ? chosen : p.variants.items[i];
        diag_list own;
        diag_init(&own);
        check_build(&p, variant, &own, options);
        merge_build(diagnostics, &own, chosen ? NULL : variant->text, base_count);
        diag_free(&own);
    }
    free(composed_statements.items);
    free_parts(&p);
    return ok;
}
