/* compile: a checked game's statements into the tables of a game.
 *
 * Runs once per load, after the checker has accepted the build, so names are
 * known to resolve; what is left to report here are the few things only the
 * compiler can see (limits of the tables).  Expressions become cexprs, move
 * rules mnodes, direction names per-player step lists.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "rules/check_internal.h"
#include "rules/compile.h"
#include "rules/compile_internal.h"
#include "spec/attack.h"
#include "spec/specialise.h"
#include "game/rng.h"

void compile_fail(compiler *c, const ast_node *at, const char *message)
{
    diag_report(c->diagnostics, DIAG_ERROR, at->location, NULL, "%s", message);
    c->failed = true;
}

/* --- tables */

/* Makes room for one more element in *ITEMS (COUNT used of *CAPACITY, each
 * SIZE bytes), doubling from FIRST up to LIMIT; false when it cannot. */
static bool grow(void **items, int count, int *capacity, size_t size, int first, int limit)
{
    if (count < *capacity)
        return true;
    int wanted = *capacity ? *capacity * 2 : first;
    if (wanted > limit)
        return false;
    void *grown = realloc(*items, (size_t)wanted * size);
    if (!grown)
        return false;
    *items = grown;
    *capacity = wanted;
    return true;
}

int compile_add_expr(compiler *c, uint8_t op, uint8_t player, int a, int b, int32_t value)
{
    game *g = c->g;
    if (!grow((void **)&g->exprs, g->expr_count, &g->expr_capacity, sizeof *g->exprs, 256, 32000))
        return -1;
    cexpr *e = &g->exprs[g->expr_count];
    e->op = op;
    e->player = player;
    e->a = (int16_t)a;
    e->b = (int16_t)b;
    e->value = value;
    e->spec = EXPR_FACTS_NONE;
    return g->expr_count++;
}

int compile_add_node(compiler *c, uint8_t op)
{
    game *g = c->g;
    int capacity = g->node_capacity;
    if (!grow((void **)&g->nodes, g->node_count, &g->node_capacity, sizeof *g->nodes, 128, 32000))
        return -1;
    if (g->node_capacity != capacity || !g->node_locations) {
        source_location *grown = realloc(g->node_locations,
                                         (size_t)g->node_capacity * sizeof *grown);
        if (!grown)
            return -1;
        g->node_locations = grown;
    }
    g->node_locations[g->node_count] = c->location;
    mnode *n = &g->nodes[g->node_count];
    memset(n, 0, sizeof *n);
    n->op = op;
    n->a = n->b = n->directions = n->target = n->over = n->at = n->cond = n->value = -1;
    n->type = -1;
    n->max = -1;
    n->spec = NODE_FACTS_NONE;
    for (int i = 0; i < 4; i++)
        n->types[i] = -1;
    return g->node_count++;
}

int compile_add_set(compiler *c, const cellset *set)
{
    game *g = c->g;
    if (!grow((void **)&g->sets, g->set_count, &g->set_capacity, sizeof *g->sets, 32, 32000))
        return -1;
    g->sets[g->set_count] = *set;
    return g->set_count++;
}

int compile_add_dlist(compiler *c)
{
    game *g = c->g;
    if (!grow((void **)&g->dlists, g->dlist_count, &g->dlist_capacity, sizeof *g->dlists, 32, 32000))
        return -1;
    memset(&g->dlists[g->dlist_count], 0, sizeof g->dlists[0]);
    return g->dlist_count++;
}

/* --- names */

int compile_find_text(const char *const *names, int count, const char *name)
{
    for (int i = 0; i < count; i++)
        if (names[i] && !strcmp(names[i], name))
            return i;
    return -1;
}

int compile_type_index(const compiler *c, const char *name)
{
    for (int t = 0; t < c->g->type_count; t++)
        if (!strcmp(c->g->types[t].name, name))
            return t;
    return -1;
}

int compile_player_index(const compiler *c, const char *name)
{
    for (int p = 0; p < c->g->player_count; p++)
        if (!strcmp(c->g->player_names[p], name))
            return p;
    return -1;
}

int compile_var_index(const compiler *c, const char *name)
{
    for (int v = 0; v < c->g->var_count; v++)
        if (!strcmp(c->g->var_names[v], name))
            return v;
    return -1;
}

int compile_flag_index(const compiler *c, const char *name)
{
    for (int f = 0; f < c->g->flag_count; f++)
        if (!strcmp(c->g->flag_names[f], name))
            return f;
    return -1;
}

bool compile_is_name(const ast_node *n, const char *text)
{
    return n && n->kind == AST_NAME && !strcmp(n->text, text);
}

/* A player reference; -1 when NODE names no player. */
int compile_player_ref(const compiler *c, const ast_node *node)
{
    if (!node || node->kind != AST_NAME)
        return -1;
    static const struct { const char *name; int ref; } refs[] = {
        { "mover", PLAYER_MOVER }, { "next", PLAYER_NEXT }, { "opponent", PLAYER_OPPONENT },
        { "player", PLAYER_SCORED }, { "everyone", PLAYER_EVERYONE }, { "each", PLAYER_EVERYONE },
        { "anyone", PLAYER_ANYONE },
    };
    for (size_t i = 0; i < sizeof refs / sizeof *refs; i++)
        if (!strcmp(node->text, refs[i].name))
            return refs[i].ref;
    int p = compile_player_index(c, node->text);
    return p >= 0 ? PLAYER_FIXED + p : -1;
}

/* --- statements */

static const ast_node *head_of(const ast_node *s) { return s->children[0]; }
static const ast_node *equals_of(const ast_node *s) { return s->children[1]->kind == AST_EMPTY ? NULL : s->children[1]; }
static const ast_node *colon_of(const ast_node *s) { return s->children[2]->kind == AST_EMPTY ? NULL : s->children[2]; }
static const ast_node *block_of(const ast_node *s) { return s->children[3]->kind == AST_EMPTY ? NULL : s->children[3]; }

static const ast_node *find_template(const compiler *c, const char *name)
{
    for (int i = c->template_count - 1; i >= 0; i--) {
        const ast_node *t = c->templates[i];
        const char *h = statement_head(t), *n = statement_name(t);
        if (h && n && !strcmp(h, "piece") && !strcmp(n, name))
            return t;
    }
    return NULL;
}

static void lower_symbol(char *out, const char *in)
{
    size_t n = strlen(in);
    if (n > 7)
        n = 7;
    memmove(out, in, n);
    out[n] = '\0';
    if (strlen(out) == 1 && out[0] >= 'A' && out[0] <= 'Z')
        out[0] = (char)(out[0] - 'A' + 'a');
}

static void declare_type(compiler *c, const ast_node *statement, const ast_node **moves_block)
{
    const ast_node *head = head_of(statement);
    const ast_node *name = head->children[1];
    const ast_node *source = statement;
    if (head->child_count == 2 && !block_of(statement)) {
        const ast_node *t = find_template(c, name->text);
        if (t)
            source = t;
    }
    game *g = c->g;
    if (g->type_count >= GAME_MAX_TYPES) {
        compile_fail(c, statement, "too many piece types");
        return;
    }
    piece_type *type = &g->types[g->type_count];
    memset(type, 0, sizeof *type);
    type->base = g->type_count++;
    snprintf(type->name, sizeof type->name, "%s", name->text);
    const ast_node *h = head_of(source);
    int strings = 0;
    for (int i = 2; i < h->child_count; i++) {
        const ast_node *w = h->children[i];
        if (w->kind == AST_STRING && strings < GAME_MAX_PLAYERS)
            snprintf(type->symbol[strings++], sizeof type->symbol[0], "%s", w->text);
        else if (compile_is_name(w, "value") && i + 1 < h->child_count)
            type->value = (int)h->children[++i]->number;
    }
    if (strings == 1)
        lower_symbol(type->symbol[strings++], type->symbol[0]);
    type->symbol_count = strings > 0 ? strings : 1;
    *moves_block = block_of(source);
}

static void compile_board(compiler *c, const ast_node *statement)
{
    const ast_node *h = head_of(statement);
    game *g = c->g;
    const char *shape = h->children[1]->text;
    if (!strcmp(shape, "square"))
        board_init_square(&g->board, (int)h->children[2]->number, (int)h->children[2]->number2);
    else if (!strcmp(shape, "hex") && compile_is_name(h->children[2], "rhombus"))
        board_init_hex_rhombus(&g->board, (int)h->children[3]->number, (int)h->children[3]->number2);
    else if (!strcmp(shape, "hex"))
        board_init_hex(&g->board, (int)h->children[3]->number);
    else {
        const ast_node *block = block_of(statement);
        int capacity = 0, positions = 0;
        for (int i = 0; i < block->child_count; i++)
            if (compile_is_name(head_of(block->children[i])->children[0], "cells"))
                capacity += check_graph_cell_count(head_of(block->children[i]));
        board_init_graph(&g->board, capacity);
        for (int pass = 0; pass < 2; pass++)
            for (int i = 0; i < block->child_count; i++) {
                const ast_node *e = head_of(block->children[i]);
                long x, y;
                for (int k = 1; pass == 0 && compile_is_name(e->children[0], "cells") && k < e->child_count; k++)
                    if (e->children[k]->kind == AST_NAME)
                        board_graph_add_cell(&g->board, e->children[k]->text);
                    else if (check_graph_position(e->children[k], &x, &y) && k > 1
                             && board_graph_place(&g->board, e->children[k - 1]->text, (int)x, (int)y) == BOARD_OK)
                        positions++;
                if (pass == 1 && compile_is_name(e->children[0], "link"))
                    board_graph_link(&g->board, e->children[1]->text, e->children[2]->text,
                                     e->children[3]->text, e->child_count == 5 ? e->children[4]->text : NULL);
            }
        /* (the checker saw to it that every cell has a position or none) */
        g->board.placed = positions == g->board.cell_count;
    }
    g->words = cellset_words(g->board.cell_count);
}

static void compile_players(compiler *c, const ast_node *statement)
{
    game *g = c->g;
    const ast_node *block = block_of(statement);
    static const char *const default_facing[] = { "n", "s", "e", "w" };
    if (block) {
        for (int i = 0; i < block->child_count && g->player_count < GAME_MAX_PLAYERS; i++) {
            const ast_node *h = head_of(block->children[i]);
            const ast_node *name = h->kind == AST_PHRASE ? h->children[0] : h;
            snprintf(g->player_names[g->player_count++], GAME_NAME, "%s", name->text);
        }
    } else {
        const ast_node *h = head_of(statement);
        for (int i = 1; i < h->child_count && g->player_count < GAME_MAX_PLAYERS; i++)
            snprintf(g->player_names[g->player_count++], GAME_NAME, "%s", h->children[i]->text);
    }
    for (int p = 0; p < g->player_count; p++)
        c->facing[p] = board_direction(&g->board, default_facing[p]);
    for (int i = 0; block && i < block->child_count; i++) {
        const ast_node *h = head_of(block->children[i]);
        if (h->kind != AST_PHRASE)
            continue;
        for (int k = 1; k + 1 < h->child_count; k += 2)
            if (compile_is_name(h->children[k], "facing"))
                c->facing[i] = board_direction(&g->board, h->children[k + 1]->text);
    }
    /* (a hex board has no n or s: its players face where they are told,
     * or relative directions are refused) */
    for (int p = 0; p < g->player_count; p++) {
        c->facing_known[p] = c->facing[p] >= 0;
        if (c->facing[p] < 0)
            c->facing[p] = 0;
    }
}

/* The cells NODE names when the game loads; a region's are PLAYER's. */
static bool evaluate_static_for(compiler *c, const ast_node *node, int player, cellset *out)
{
    /* setup lists: cell names, ranks and files, set algebra over them */
    if (compile_static_cells(c, node, out))
        return true;
    if (node->kind == AST_BINARY && (node->op == AST_OP_UNION || node->op == AST_OP_INTERSECT
                                     || node->op == AST_OP_MINUS || node->op == AST_OP_OR
                                     || node->op == AST_OP_AND)) {
        cellset right;
        if (!evaluate_static_for(c, node->children[0], player, out)
            || !evaluate_static_for(c, node->children[1], player, &right))
            return false;
        if (node->op == AST_OP_UNION || node->op == AST_OP_OR)
            cellset_or(out, &right, CELLSET_WORDS);
        else if (node->op == AST_OP_MINUS)
            cellset_and_not(out, &right, CELLSET_WORDS);
        else
            cellset_and(out, &right, CELLSET_WORDS);
        return true;
    }
    if (node->kind == AST_GROUP)
        return evaluate_static_for(c, node->children[0], player, out);
    if (node->kind == AST_NAME) {
        int region = compile_find_text(c->region_names, c->g->region_count, node->text);
        if (region >= 0) {
            *out = c->g->sets[c->g->region_sets[region * GAME_MAX_PLAYERS + player]];
            return true;
        }
    }
    return false;
}

static bool evaluate_static(compiler *c, const ast_node *node, cellset *out)
{
    return evaluate_static_for(c, node, 0, out);
}

/* bonus TYPE { CELLS: N; ... }: one cell_bonus a line */
static void compile_bonus(compiler *c, const ast_node *st)
{
    game *g = c->g;
    const ast_node *h = head_of(st), *block = block_of(st);
    int type = h->child_count == 2 && h->children[1]->kind == AST_NAME
               ? compile_type_index(c, h->children[1]->text) : -1;
    for (int i = 0; block && type >= 0 && i < block->child_count; i++) {
        const ast_node *entry = block->children[i];
        if (g->bonus_count >= GAME_MAX_BONUSES) {
            compile_fail(c, entry, "too many bonus lines (at most 32)");
            return;
        }
        const ast_node *cells = head_of(entry), *amount = colon_of(entry);
        long sign = 1;
        if (amount && amount->kind == AST_UNARY && amount->op == AST_OP_NEGATE) {
            sign = -1;
            amount = amount->children[0];
        }
        if (!amount || amount->kind != AST_NUMBER)
            continue;   /* reported by the checker */
        cell_bonus *b = &g->bonuses[g->bonus_count];
        b->type = (int16_t)type;
        b->value = (int32_t)(sign * amount->number);
        for (int p = 0; p < g->player_count; p++) {
            cellset set;
            cellset_clear(&set, CELLSET_WORDS);
            if (!evaluate_static_for(c, cells, p, &set)) {
                compile_fail(c, cells, "a bonus's cells must be known when the game loads");
                return;
            }
            b->sets[p] = (int16_t)compile_add_set(c, &set);
        }
        g->bonus_count++;
    }
}

static void compile_setup(compiler *c, const ast_node *statement)
{
    game *g = c->g;
    if (g->stack_height > 1 && !g->initial_under) {
        g->initial_under = calloc((size_t)g->board.cell_count * (size_t)(g->stack_height - 1),
                                  sizeof *g->initial_under);
        g->initial_depth = calloc((size_t)g->board.cell_count, sizeof *g->initial_depth);
        if (!g->initial_under || !g->initial_depth) {
            c->failed = true;
            return;
        }
    }
    const ast_node *block = block_of(statement);
    for (int i = 0; i < block->child_count; i++) {
        const ast_node *entry = block->children[i];
        const ast_node *h = head_of(entry);
        const ast_node *cells = colon_of(entry);
        if (!cells) {
            /* reserve PLAYER TYPE N|unlimited */
            int type = compile_type_index(c, h->children[2]->text);
            int amount = h->children[3]->kind == AST_NUMBER ? (int)h->children[3]->number : -1;
            int player = compile_player_ref(c, h->children[1]);
            /* (a type the checker refused: nothing to write, and no
             * index to write it at) */
            for (int p = 0; type >= 0 && p < g->player_count; p++)
                if (player == PLAYER_EVERYONE || player == PLAYER_FIXED + p)
                    g->initial_reserve[p][type] = amount;
            continue;
        }
        int player = compile_player_ref(c, h->children[0]) - PLAYER_FIXED;
        int type = compile_type_index(c, h->children[1]->text);
        cellset set;
        if (player < 0 || type < 0 || !evaluate_static(c, cells, &set)) {
            compile_fail(c, cells, "the cells of a setup must be known when the game loads");
            continue;
        }
        for (int cell = cellset_next(&set, -1, g->words); cell >= 0; cell = cellset_next(&set, cell, g->words)) {
            uint16_t *top = &g->initial_cells[cell];
            if (*top && g->initial_under) {
                /* a game of stacks: on top of the pieces set up before */
                int stride = g->stack_height - 1;
                if (g->initial_depth[cell] >= stride) {
                    compile_fail(c, cells, "more pieces on a cell than the game's stacks hold");
                    continue;
                }
                g->initial_under[cell * stride + g->initial_depth[cell]++] = (uint16_t)(*top & 0xFF);
            }
            *top = PIECE_CODE(type, player, 0);
        }
    }
}

static bool make_keys(game *g)
{
    size_t cells = (size_t)g->board.cell_count;
    g->zobrist_piece = malloc(cells * GAME_MAX_TYPES * 4 * sizeof *g->zobrist_piece);
    g->zobrist_flag = malloc(cells * GAME_MAX_FLAGS * sizeof *g->zobrist_flag);
    if (!g->zobrist_piece || !g->zobrist_flag)
        return false;
    uint64_t state = 0x7AB01A;
    /* (drawn cell by cell, stored kind by kind: see game.zobrist_piece) */
    for (size_t cell = 0; cell < cells; cell++)
        for (size_t kind = 0; kind < GAME_MAX_TYPES * 4; kind++)
            g->zobrist_piece[kind * cells + cell] = rng_splitmix(&state);
    for (size_t i = 0; i < cells * GAME_MAX_FLAGS; i++)
        g->zobrist_flag[i] = rng_splitmix(&state);
    for (int p = 0; p < GAME_MAX_PLAYERS; p++)
        g->zobrist_side[p] = rng_splitmix(&state);
    return true;
}

static int select_type(compiler *c, int type, int body)
{
    int n = compile_add_node(c, M_SELECT);
    if (n < 0)
        return -1;
    int own = compile_add_expr(c, C_SET_FRIEND, 0, -1, -1, 0);
    /* the mover's pieces of the type; with `stacks N: any piece moves`,
     * the mover's stacks that hold one of its pieces of the type */
    int of_type = c->g->stack_any ? compile_add_expr(c, C_SET_HOLDING, PLAYER_MOVER, -1, -1, type)
                                  : compile_add_expr(c, C_SET_TYPE, 0, -1, -1, type);
    int set = type >= 0 ? compile_add_expr(c, C_SET_INTERSECT, 0, own, of_type, 0) : own;
    c->g->nodes[n].at = (int16_t)set;
    c->g->nodes[n].a = (int16_t)body;
    c->g->nodes[n].type = (int16_t)type;
    return n;
}

static int alternatives_of(compiler *c, const ast_node *block, int *pass_node);

/* The own moves of the type WHO names (its piece block or 'moves TYPE'),
 * each tried for every piece of the mover's of that type, or of every type
 * that has some when WHO is 'any': what a game without a turn block plays.
 * -1 when there are none. */
static int own_moves(compiler *c, const ast_node *who)
{
    bool any = compile_is_name(who, "any");
    int only = any ? -1 : compile_type_index(c, who->text);
    int result = -1;
    for (int t = 0; t < c->g->type_count; t++) {
        if ((!any && t != only) || !c->moves_of_type[t])
            continue;
        int body = alternatives_of(c, c->moves_of_type[t], NULL);
        if (body < 0)
            continue;
        int alternative = select_type(c, t, body);
        result = result < 0 ? alternative : compile_binary_node(c, M_ALT, result, alternative);
    }
    if (result < 0 && !any)
        compile_fail(c, who, "this piece has no moves of its own: give it a block of moves, or write move TYPE: ACTIONS");
    return result;
}

static int alternatives_of(compiler *c, const ast_node *block, int *pass_node)
{
    int result = -1;
    for (int i = 0; i < block->child_count; i++) {
        const ast_node *entry = block->children[i];
        const ast_node *h = head_of(entry);
        const ast_node *value = colon_of(entry);
        int alternative;
        if (value) {
            /* move TYPE: ACTIONS, or BEFORE then move TYPE: ACTIONS (a
             * die thrown before the piece is chosen) */
            const ast_node *before = NULL;
            if (h->kind == AST_BINARY && h->op == AST_OP_THEN) {
                before = h->children[0];
                h = h->children[1];
            }
            const ast_node *type_name = h->children[1];
            int type = type_name->kind == AST_NAME ? compile_type_index(c, type_name->text) : -1;
            alternative = select_type(c, type, compile_moves(c, value));
            if (before)
                alternative = compile_binary_node(c, M_SEQ, compile_moves(c, before), alternative);
        } else if (h->kind == AST_PHRASE && h->child_count == 2 && compile_is_name(h->children[0], "move")) {
            /* move TYPE: the piece's own moves; move any: every piece's */
            alternative = own_moves(c, h->children[1]);
            if (alternative < 0)
                continue;
        } else if (h->kind == AST_PHRASE && (compile_is_name(h->children[0], "value")
                                             || compile_is_name(h->children[0], "base"))) {
            continue;
        } else {
            alternative = compile_moves(c, h);
            if (alternative >= 0 && c->g->nodes[alternative].op == M_PASS && pass_node) {
                *pass_node = alternative;
                continue;
            }
        }
        result = result < 0 ? alternative : compile_binary_node(c, M_ALT, result, alternative);
    }
    return result;
}


/* The `base TYPE` lines of each type's block of moves (BLOCKS, by type). */
static void compile_bases(compiler *c, const ast_node *const *blocks)
{
    game *g = c->g;
    for (int t = 0; t < g->type_count; t++)
        for (int k = 0; blocks[t] && k < blocks[t]->child_count; k++) {
            const ast_node *h = head_of(blocks[t]->children[k]);
            if (h->kind == AST_PHRASE && h->child_count == 2 && compile_is_name(h->children[0], "base")
                && h->children[1]->kind == AST_NAME && compile_type_index(c, h->children[1]->text) >= 0)
                g->types[t].base = compile_type_index(c, h->children[1]->text);
        }
}

static void compile_statements(compiler *c)
{
    game *g = c->g;
    const ast_node *const *s = c->statements;
    /* board, players first: the rest depends on them */
    for (int i = 0; i < c->count; i++)
        if (s[i]->kind == AST_STATEMENT && statement_head(s[i]) && !strcmp(statement_head(s[i]), "board"))
            compile_board(c, s[i]);
    for (int i = 0; i < c->count; i++)
        if (s[i]->kind == AST_STATEMENT && statement_head(s[i]) && !strcmp(statement_head(s[i]), "players"))
            compile_players(c, s[i]);
    g->initial_cells = calloc((size_t)g->board.cell_count, sizeof *g->initial_cells);
    g->region_sets = calloc(64 * GAME_MAX_PLAYERS, sizeof *g->region_sets);
    if (!g->initial_cells || !g->region_sets) {
        c->failed = true;
        return;
    }
    const ast_node **moves_of_type = c->moves_of_type;
    for (int i = 0; i < c->count; i++) {
        const ast_node *st = s[i];
        const char *head = statement_head(st);
        if (st->kind == AST_PATTERN) {
            if (g->pattern_count < GAME_MAX_PATTERNS) {
                c->pattern_names[g->pattern_count] = st->text;
                c->pattern_nodes[g->pattern_count++] = st;
            }
        } else if (st->kind != AST_STATEMENT || !head) {
            continue;
        } else if (!strcmp(head, "piece")) {
            const ast_node *block = NULL;
            declare_type(c, st, &block);
            if (block && g->type_count > 0)
                moves_of_type[g->type_count - 1] = block;
        } else if (!strcmp(head, "flag") && g->flag_count < GAME_MAX_FLAGS) {
            snprintf(g->flag_names[g->flag_count++], GAME_NAME, "%s", statement_name(st));
        } else if (!strcmp(head, "var")) {
            const ast_node *initial = equals_of(st);
            bool each = var_of_each_player(st);
            int slots = each ? g->player_count : 1;
            if (g->var_count + slots > GAME_MAX_VARS)
                continue;   /* (check reports it) */
            g->var_each[g->var_count] = each;
            snprintf(g->var_names[g->var_count], GAME_NAME, "%s", statement_name(st));
            for (int k = 0; k < slots; k++)
                g->var_initial[g->var_count++] = initial && initial->kind == AST_NUMBER ? (int)initial->number : 0;
        } else if (!strcmp(head, "directions") && c->direction_set_count < GAME_MAX_DIRECTION_SETS) {
            c->direction_names[c->direction_set_count] = statement_name(st);
            c->direction_values[c->direction_set_count++] = equals_of(st);
        } else if (!strcmp(head, "region") && g->region_count < GAME_MAX_REGIONS) {
            c->region_names[g->region_count++] = statement_name(st);
        } else if (!strcmp(head, "stacks")) {
            const ast_node *h = head_of(st);
            if (h->kind == AST_PHRASE && h->child_count == 2 && h->children[1]->kind == AST_NUMBER)
                g->stack_height = (int)h->children[1]->number;
            g->stack_any = colon_of(st) != NULL;   /* `: any piece moves` (check reads the words) */
        }
    }
    /* `again if ...`: whether the mover moves again, a nameless variable
     * (not in position strings: at rest it is 0) */
    for (int i = 0; i < c->count; i++) {
        const char *head = s[i]->kind == AST_STATEMENT ? statement_head(s[i]) : NULL;
        if (head && !strcmp(head, "again") && g->again_var < 0 && g->var_count < GAME_MAX_VARS) {
            g->again_var = g->var_count;
            g->var_names[g->var_count][0] = '\0';
            g->var_initial[g->var_count++] = 0;
        }
    }
    /* `out if ...`: whether each player is out, a variable of each player
     * after the game's own (0: in, 1: out) */
    for (int i = 0; i < c->count; i++) {
        const char *head = s[i]->kind == AST_STATEMENT ? statement_head(s[i]) : NULL;
        if (head && !strcmp(head, "out") && g->out_var < 0 && g->var_count + g->player_count <= GAME_MAX_VARS) {
            g->out_var = g->var_count;
            g->var_each[g->var_count] = true;
            snprintf(g->var_names[g->var_count], GAME_NAME, "out");
            for (int k = 0; k < g->player_count; k++)
                g->var_initial[g->var_count++] = 0;
        }
    }
    g->moved_flag = compile_flag_index(c, "moved");
    for (int t = 0; t < g->type_count; t++)
        for (int p = 0; p < GAME_MAX_PLAYERS; p++)
            g->initial_reserve[p][t] = 0;
    if (g->pattern_count > 0) {
        g->patterns = calloc((size_t)g->pattern_count, sizeof *g->patterns);
        if (!g->patterns) {
            c->failed = true;
            return;
        }
    }
    /* regions: one set per player, known at load time */
    for (int i = 0; i < c->count; i++) {
        const ast_node *st = s[i];
        const char *head = statement_head(st);
        if (st->kind != AST_STATEMENT || !head || strcmp(head, "region"))
            continue;
        int r = compile_find_text(c->region_names, g->region_count, statement_name(st));
        const ast_node *value = equals_of(st);
        for (int p = 0; p < g->player_count; p++) {
            const ast_node *cells = value;
            const ast_node *block = block_of(st);
            for (int k = 0; block && k < block->child_count; k++)
                if (compile_player_ref(c, head_of(block->children[k])) == PLAYER_FIXED + p)
                    cells = colon_of(block->children[k]);
            cellset set;
            cellset_clear(&set, CELLSET_WORDS);
            if (cells && !evaluate_static(c, cells, &set))
                compile_fail(c, cells, "a region must be known when the game loads");
            g->region_sets[r * GAME_MAX_PLAYERS + p] = compile_add_set(c, &set);
        }
    }
    c->regions_built = true;
    for (int i = 0; i < g->pattern_count; i++)
        compile_pattern(c, c->pattern_nodes[i], &g->patterns[i]);
    /* `base TYPE` lines: what a captured piece goes to the reserve as, in
     * its piece block, then (read second, winning) its moves block */
    compile_bases(c, moves_of_type);
    /* the types' own moves, which a turn block's `move TYPE` reads */
    for (int i = 0; i < c->count; i++) {
        const char *head = s[i]->kind == AST_STATEMENT ? statement_head(s[i]) : NULL;
        if (head && !strcmp(head, "moves")) {
            int type = compile_type_index(c, statement_name(s[i]));
            if (type >= 0)
                moves_of_type[type] = block_of(s[i]);
        }
    }
    compile_bases(c, moves_of_type);

    /* the turn */
    int turn = -1, after = -1, pass_node = -1;
    for (int i = 0; i < c->count; i++) {
        const ast_node *st = s[i];
        const char *head = statement_head(st);
        if (st->kind != AST_STATEMENT || !head)
            continue;
        if (!strcmp(head, "turn"))
            turn = alternatives_of(c, block_of(st), &pass_node);
        else if (!strcmp(head, "after")) {
            /* after-rules never make a move illegal: M_REPEAT 0..1 maximal
             * runs each when it can run and skips it otherwise; several run
             * in the order written, each on its own */
            int actions = compile_moves(c, colon_of(st));
            if (actions >= 0 && g->nodes[actions].op == M_SET_VAR && g->nodes[actions].type >= 0
                && g->nodes[actions].type < GAME_MAX_VARS)
                c->set_every_move[g->nodes[actions].type] = true;   /* (`after move: set V to ...`) */
            int rule = compile_repeat(c, actions, 0, 1, MF_MAXIMAL);
            after = after < 0 ? rule : compile_binary_node(c, M_SEQ, after, rule);
        } else if (!strcmp(head, "again") && head_of(st)->kind == AST_GUARD && g->again_var >= 0) {
            /* an after-rule: set the variable to 1 if the condition holds */
            int set = compile_add_node(c, M_SET_VAR), guard = compile_add_node(c, M_GUARD);
            if (set < 0 || guard < 0)
                continue;
            g->nodes[set].type = (int16_t)g->again_var;
            g->nodes[set].value = (int16_t)compile_add_expr(c, C_NUM_CONST, 0, -1, -1, 1);
            g->nodes[guard].a = (int16_t)set;
            g->nodes[guard].cond = (int16_t)compile_condition(c, head_of(st)->children[1]);
            if (head_of(st)->op == AST_OP_UNLESS)
                g->nodes[guard].flags |= MF_NEGATE;
            int rule = compile_repeat(c, guard, 0, 1, MF_MAXIMAL);
            after = after < 0 ? rule : compile_binary_node(c, M_SEQ, after, rule);
        }
        else if (!strcmp(head, "pass")) {
            const ast_node *h = head_of(st);
            if (h->kind == AST_GUARD)
                g->pass_when_stuck = true;
            else
                g->pass_always = true;
        }
    }
    if (turn < 0) {
        ast_node any = { .kind = AST_NAME, .text = (char *)"any" };
        turn = own_moves(c, &any);
    }
    if (turn >= 0 && after >= 0) {
        turn = compile_binary_node(c, M_SEQ, turn, after);
        g->after = (int16_t)after;
    }
    if (pass_node >= 0)
        turn = turn < 0 ? pass_node : compile_binary_node(c, M_ALT, turn, pass_node);
    g->turn = (int16_t)turn;

    for (int i = 0; i < c->count; i++) {
        const ast_node *st = s[i];
        const char *head = statement_head(st);
        if (st->kind != AST_STATEMENT || !head)
            continue;
        if (!strcmp(head, "setup")) {
            compile_setup(c, st);
        } else if (!strcmp(head, "captures")) {
            const char *effect = colon_of(st)->text ? colon_of(st)->text : "remove";
            g->capture = !strcmp(effect, "convert") ? CAPTURE_CONVERT
                       : !strcmp(effect, "reserve") ? CAPTURE_RESERVE
                       : !strcmp(effect, "under") ? CAPTURE_UNDER : CAPTURE_REMOVE;
        } else if (!strcmp(head, "notation")) {
            g->notation = !strcmp(colon_of(st)->text, "algebraic") ? GAME_NOTATION_ALGEBRAIC : GAME_NOTATION_TABULA;
        } else if (!strcmp(head, "filter")) {
            const ast_node *block = block_of(st);
            for (int k = 0; k < block->child_count && g->filter_count < 8; k++) {
                const ast_node *f = head_of(block->children[k]);
                filter *out = &g->filters[g->filter_count];
                memset(out, 0, sizeof *out);
                if (f->kind == AST_PHRASE && compile_is_name(f->children[0], "prefer")) {
                    out->kind = FILTER_PREFER_CAPTURES;
                } else if (f->kind == AST_GUARD) {
                    const ast_node *what = f->children[0];
                    out->negate = f->op == AST_OP_UNLESS;
                    if (compile_is_name(what, "legal")) {
                        out->kind = FILTER_LEGAL_IF;
                        out->expr = (int16_t)compile_condition(c, f->children[1]);
                    } else if (what->kind == AST_BINARY && what->op == AST_OP_IN) {
                        out->kind = FILTER_START_IN;
                        out->expr = (int16_t)compile_set(c, what->children[1]);
                    } else {
                        out->kind = FILTER_ONLY_CAPTURES_IF;
                        out->expr = (int16_t)compile_condition(c, f->children[1]);
                    }
                } else {
                    compile_fail(c, f, "unknown filter");
                    continue;
                }
                g->filter_kinds |= 1u << out->kind;
                g->filter_count++;
            }
        } else if (!strcmp(head, "out")) {
            const ast_node *h = head_of(st);
            if (h->kind == AST_GUARD)
                g->out_condition = (int16_t)compile_condition(c, h->children[1]);
        } else if (!strcmp(head, "end")) {
            const ast_node *block = block_of(st);
            for (int k = 0; k < block->child_count && g->end_count < 32; k++) {
                end_rule *rule = &g->ends[g->end_count++];
                rule->condition = (int16_t)compile_condition(c, head_of(block->children[k]));
                rule->where = head_of(block->children[k])->location;
                const ast_node *o = colon_of(block->children[k]);
                if (compile_is_name(o, "draw")) {
                    rule->outcome = OUTCOME_DRAW;
                } else if (o->kind == AST_PHRASE && o->child_count == 3) {
                    rule->outcome = compile_is_name(o->children[0], "lowest") ? OUTCOME_LOWEST_SCORE : OUTCOME_HIGHEST_SCORE;
                } else {
                    rule->outcome = compile_is_name(o->children[1], "loses") ? OUTCOME_LOSS : OUTCOME_WIN;
                    rule->player = (uint8_t)compile_player_ref(c, o->children[0]);
                }
            }
        } else if (!strcmp(head, "score")) {
            g->score = (int16_t)compile_number(c, colon_of(st));
        } else if (!strcmp(head, "bonus")) {
            compile_bonus(c, st);
        } else if (!strcmp(head, "order")) {
            const ast_node *h = head_of(st);
            const ast_node *prefix = h, *cycle = NULL;
            if (h->kind == AST_BINARY && h->op == AST_OP_THEN) {
                prefix = h->children[0];
                cycle = h->children[1];
            }
            for (int k = 1; k < prefix->child_count && g->order_prefix_length < 16; k++)
                g->order_prefix[g->order_prefix_length++] = compile_player_ref(c, prefix->children[k]) - PLAYER_FIXED;
            for (int k = 1; cycle && k < cycle->child_count && g->order_cycle_length < 16; k++)
                g->order_cycle[g->order_cycle_length++] = compile_player_ref(c, cycle->children[k]) - PLAYER_FIXED;
        }
    }
}

/* The display block (checked: check_display): game.display_colour and
 * game.display_unicode. */
static void compile_display(compiler *c)
{
    game *g = c->g;
    for (int q = 0; q < GAME_MAX_PLAYERS; q++)
        g->display_colour[q] = -1;
    g->display_look = BOARD_LOOK_DEFAULT;
    g->display_ground = -1;
    /* `players { red facing n colour red }`: the colour named after
     * `colour` (the display block's, read next, wins) */
    for (int i = 0; i < c->count; i++) {
        const ast_node *st = c->statements[i];
        const char *head = st->kind == AST_STATEMENT ? statement_head(st) : NULL;
        const ast_node *block = head && !strcmp(head, "players") ? block_of(st) : NULL;
        for (int p = 0; block && p < block->child_count && p < GAME_MAX_PLAYERS; p++) {
            const ast_node *h = head_of(block->children[p]);
            for (int k = 1; h->kind == AST_PHRASE && k + 1 < h->child_count; k++)
                if (compile_is_name(h->children[k], "colour") || compile_is_name(h->children[k], "color"))
                    for (int colour = 0; colour < GAME_COLOURS; colour++)
                        if (compile_is_name(h->children[h->child_count - 1], game_colour_names[colour]))
                            g->display_colour[p] = (int8_t)colour;
        }
    }
    for (int i = 0; i < c->count; i++) {
        const ast_node *st = c->statements[i];
        const char *head = st->kind == AST_STATEMENT ? statement_head(st) : NULL;
        const ast_node *block = head && !strcmp(head, "display") ? block_of(st) : NULL;
        for (int k = 0; block && k < block->child_count; k++) {
            const ast_node *entry = block->children[k];
            if (entry->kind != AST_STATEMENT)
                continue;
            const ast_node *line = head_of(entry);
            if (check_is_board_look_line(entry)) {   /* board STYLE [COLOUR]: a later line wins */
                g->display_look = (int8_t)board_look_named(line->children[1]->text);
                g->display_ground = -1;
                for (int colour = 0; line->child_count == 3 && colour < GAME_COLOURS; colour++)
                    if (compile_is_name(line->children[2], game_colour_names[colour]))
                        g->display_ground = (int8_t)colour;
                continue;
            }
            if (line->kind != AST_PHRASE || line->child_count < 3)
                continue;
            const ast_node *const *words = (const ast_node *const *)line->children;
            int n = line->child_count;
            if (words[0]->kind != AST_NAME || words[1]->kind != AST_NAME)
                continue;
            if (!strcmp(words[1]->text, "unicode")) {
                int type = compile_type_index(c, words[0]->text);
                for (int j = 2; type >= 0 && j < n && j < 4; j++)
                    if (words[j]->kind == AST_STRING)
                        snprintf(g->display_unicode[type][j - 2], sizeof g->display_unicode[type][j - 2], "%s",
                                 words[j]->text);
            } else {
                int player = compile_player_index(c, words[0]->text);
                for (int colour = 0; player >= 0 && colour < GAME_COLOURS; colour++)
                    if (words[n - 1]->kind == AST_NAME && !strcmp(words[n - 1]->text, game_colour_names[colour]))
                        g->display_colour[player] = (int8_t)colour;
            }
        }
    }
}

static void compile_position_fields(compiler *c)
{
    game *g = c->g;
    const ast_node *block = NULL;
    for (int i = 0; i < c->count; i++) {
        const ast_node *st = c->statements[i];
        const char *head = st->kind == AST_STATEMENT ? statement_head(st) : NULL;
        if (head && !strcmp(head, "position"))
            block = block_of(st);
    }
    if (!block) {
        /* the default: what a position has beyond its board and side */
        bool finite_reserve = false;
        for (int p = 0; p < g->player_count; p++)
            for (int t = 0; t < g->type_count; t++)
                finite_reserve = finite_reserve || g->initial_reserve[p][t] > 0;
        for (int n = 0; n < g->node_count; n++)
            finite_reserve = finite_reserve || (g->nodes[n].op == M_PLACE && (g->nodes[n].flags & MF_FROM_RESERVE));
        if (finite_reserve)
            g->fields[g->field_count++].kind = FIELD_RESERVES;
        for (int v = 0; v < g->var_count && g->field_count < 14; v++) {
            if (!g->var_names[v][0])
                continue;   /* (a copy of a variable of each player: written with the first) */
            position_field *f = &g->fields[g->field_count++];
            f->kind = g->var_is_cell[v] ? FIELD_CELL : FIELD_VAR;
            f->index = (int16_t)v;
        }
        for (int fl = 0; fl < g->flag_count && g->field_count < 14; fl++) {
            position_field *f = &g->fields[g->field_count++];
            f->kind = FIELD_FLAGGED;
            f->index = (int16_t)fl;
        }
        /* a rule on the plies since the last capture (or other reset) needs
         * their count, or a position read back could end at another time */
        bool counts_since_reset = false;
        for (int e = 0; e < g->expr_count; e++)
            counts_since_reset = counts_since_reset || (g->exprs[e].op == C_COND_PLIES && g->exprs[e].b);
        if (counts_since_reset)
            g->fields[g->field_count++].kind = FIELD_SINCE_RESET;
        g->fields[g->field_count++].kind = FIELD_PLIES;
        return;
    }
    bool writes_out = false;
    for (int i = 0; i < block->child_count && g->field_count < 16; i++) {
        const ast_node *h = head_of(block->children[i]);
        const ast_node *value = colon_of(block->children[i]);
        const ast_node *word = h->kind == AST_PHRASE ? h->children[0] : h;
        const ast_node *name = h->kind == AST_PHRASE ? h->children[1] : NULL;
        position_field *f = &g->fields[g->field_count++];
        memset(f, 0, sizeof *f);
        if (compile_is_name(word, "reserves")) f->kind = FIELD_RESERVES;
        else if (compile_is_name(word, "plies")) f->kind = FIELD_PLIES;
        else if (compile_is_name(word, "since-reset")) f->kind = FIELD_SINCE_RESET;
        else if (compile_is_name(word, "move-number")) f->kind = FIELD_MOVE_NUMBER;
        else if (compile_is_name(word, "cell") || compile_is_name(word, "var")) {
            f->kind = compile_is_name(word, "cell") ? FIELD_CELL : FIELD_VAR;
            f->index = (int16_t)compile_var_index(c, name->text);
            writes_out = writes_out || f->index == g->out_var;
            if (f->kind == FIELD_CELL)
                g->var_is_cell[f->index] = true;
        } else if (compile_is_name(word, "cells")) {
            f->kind = FIELD_FLAGGED;
            f->index = (int16_t)compile_flag_index(c, name->text);
        } else {
            f->kind = FIELD_LETTERS;
            f->index = (int16_t)compile_flag_index(c, name->text);
            int count = value->kind == AST_LIST ? value->child_count : 1;
            for (int k = 0; k < count && f->letter_count < 8; k++) {
                const ast_node *group = value->kind == AST_LIST ? value->children[k] : value;
                letter_group *l = &f->letters[f->letter_count++];
                snprintf(l->letter, sizeof l->letter, "%s", group->children[0]->text);
                for (int m = 1; m < group->child_count && l->cell_count < 8; m++)
                    l->cells[l->cell_count++] = (int16_t)board_cell(&g->board, group->children[m]->text);
            }
        }
    }
    /* who is out is part of the position, whatever the block lists: last */
    if (g->out_var >= 0 && !writes_out && g->field_count < 16) {
        position_field *f = &g->fields[g->field_count++];
        memset(f, 0, sizeof *f);
        f->kind = FIELD_VAR;
        f->index = (int16_t)g->out_var;
    }
}

/* game.order_table: the turns after the prefix, repeated (the cycle; the
 * prefix again when there is none; else each player in turn). */
static void order_table_build(game *g)
{
    const int *from = g->order_cycle_length ? g->order_cycle : g->order_prefix;
    int n = g->order_cycle_length ? g->order_cycle_length : g->order_prefix_length;
    if (n == 0) {
        n = g->player_count > 0 ? g->player_count : 1;
        for (int i = 0; i < n; i++)
            g->order_table[i] = i;
    } else {
        memcpy(g->order_table, from, (size_t)n * sizeof *from);
    }
    g->order_length = n;
    /* no prefix and no player twice in the cycle: who moves next follows
     * from who moved (game_side_after), whatever the ply */
    g->order_by_side = g->order_prefix_length == 0;
    for (int i = 0; i < n; i++) {
        for (int j = 0; j < i; j++)
            if (g->order_table[j] == g->order_table[i])
                g->order_by_side = false;
        int following = g->order_table[(i + 1) % n];
        if (g->order_table[i] >= 0 && g->order_table[i] < GAME_MAX_PLAYERS && following >= 0
            && following < GAME_MAX_PLAYERS) {
            g->side_after[g->order_table[i]] = (int8_t)following;
            g->side_before[following] = (int8_t)g->order_table[i];
        } else {
            g->order_by_side = false;
        }
    }
}

/* game.reads_history: whether some condition counts repetitions; and
 * what it compares (game.identity): a flag written as letters, a cell
 * variable the position block writes that an after-move rule sets at
 * every move (SET_EVERY_MOVE), so that it can only change the moves of
 * the next turn. */
static void history_read(game *g, const bool *set_every_move)
{
    g->reads_history = false;
    g->reads_boards = false;
    for (int e = 0; e < g->expr_count; e++) {
        if (g->exprs[e].op == C_COND_REPETITION)
            g->reads_history = true;
        if (g->exprs[e].op == C_COND_BOARD_REPEATED)
            g->reads_history = g->reads_boards = true;
    }
    g->identity_letters = -1;
    g->transient_var = -1;
    for (int i = 0; g->reads_history && i < g->field_count; i++) {
        const position_field *f = &g->fields[i];
        if (f->kind == FIELD_LETTERS && g->identity_letters < 0) {
            g->identity_letters = (int8_t)i;
            g->identity_types = 0;
            for (int l = 0; l < f->letter_count; l++)
                for (int k = 0; k < f->letters[l].cell_count; k++) {
                    int cell = f->letters[l].cells[k];
                    uint16_t start = cell >= 0 ? g->initial_cells[cell] : 0;
                    if (start)
                        g->identity_types |= 1u << PIECE_TYPE(start);
                }
        }
        if (f->kind == FIELD_CELL && g->transient_var < 0 && !g->var_each[f->index] && set_every_move[f->index])
            g->transient_var = f->index;
    }
    g->identity = g->identity_letters >= 0 || g->transient_var >= 0;
}

game *compile_game(const ast_node *game_node, const ast_node *variant,
                   const ast_node *const *statements, int count,
                   const ast_node *const *templates, int template_count, diag_list *diagnostics)
{
    game *g = calloc(1, sizeof *g);
    if (!g)
        return NULL;
    g->turn = g->after = -1;
    g->spec = GAME_FACTS_NONE;
    g->score = -1;
    g->moved_flag = -1;
    g->out_var = -1;
    g->out_condition = -1;
    g->again_var = -1;
    g->stack_height = 1;
    snprintf(g->name, sizeof g->name, "%s", game_node->text);
    if (variant)
        snprintf(g->variant, sizeof g->variant, "%s", variant->text);
    compiler c;
    memset(&c, 0, sizeof c);
    c.g = g;
    c.diagnostics = diagnostics;
    c.statements = statements;
    c.count = count;
    c.templates = templates;
    c.template_count = template_count;
    compile_statements(&c);
    g->turn_ruled = g->out_var >= 0 || g->again_var >= 0;
    if (!c.failed)
        compile_position_fields(&c);
    compile_display(&c);
    /* a variable that holds a cell starts as no cell (each player's copy
     * of a variable of each player too: its first slot says so) */
    for (int v = 0; v < g->var_count; v++) {
        if (!g->var_is_cell[v])
            continue;
        for (int k = 0; k < (g->var_each[v] ? g->player_count : 1) && v + k < g->var_count; k++) {
            g->var_is_cell[v + k] = true;
            g->var_initial[v + k] = -1;
        }
    }
    order_table_build(g);
    history_read(g, c.set_every_move);
    if (!c.failed && !make_keys(g))
        c.failed = true;
    if (!c.failed && g->turn >= 0 && !attack_build(g))
        c.failed = true;
    if (!c.failed && !specialise_game(g))
        c.failed = true;
    if (!c.failed && g->turn < 0)
        compile_fail(&c, game_node, "the game has no way to move");
    if (c.failed) {
        game_free(g);
        return NULL;
    }
    return g;
}

void game_free(game *g)
{
    if (!g)
        return;
    board_free(&g->board);
    if (g->weights)
        free(g->weights->cells);
    free(g->weights);
    free(g->exprs);
    free(g->nodes);
    free(g->node_locations);
    free(g->dlists);
    free(g->sets);
    free(g->region_sets);
    for (int i = 0; i < g->pattern_count; i++) {
        free(g->patterns[i].bulk_dirs);
        free(g->patterns[i].bulk_word);
        free(g->patterns[i].first_cells);
        free(g->patterns[i].first_any);
    }
    free(g->patterns);
    free(g->initial_cells);
    free(g->initial_under);
    free(g->initial_depth);
    free(g->reach);
    free(g->ray_lines);
    free(g->rays);
    free(g->ray_masks);
    free(g->ray_residual);
    free(g->ray_from);
    free(g->word_ops);
    free(g->word_adjacencies);
    free(g->cell_ops);
    free(g->step_dests);
    free(g->select_leaves);
    free(g->sight_rays);
    free(g->content_bits);
    free(g->content_class);
    free(g->zobrist_piece);
    free(g->zobrist_flag);
    free(g);
}

