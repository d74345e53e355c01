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

#include "check_internal.h"
#include "compile.h"
#include "attack.h"
#include "rng.h"

typedef struct compiler {
    game *g;
    diag_list *diagnostics;
    const ast_node *const *statements;
    int count;
    const ast_node *const *templates;
    int template_count;
    bool failed;
    int facing[GAME_MAX_PLAYERS];
    const char *region_names[64];
    const char *pattern_names[64];
    const ast_node *pattern_nodes[64];
    const char *direction_names[64];
    const ast_node *direction_values[64];
    int direction_set_count;
    /* inside a pattern */
    const char *variable;
    const char *labels[GAME_MAX_LABELS];
    int label_count;
    int depth;
} compiler;

static void fail(compiler *c, const ast_node *at, const char *message)
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

static int add_expr(compiler *c, uint8_t op, uint8_t player, int a, int b, int32_t value)
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
    return g->expr_count++;
}

static int add_node(compiler *c, uint8_t op)
{
    game *g = c->g;
    if (!grow((void **)&g->nodes, g->node_count, &g->node_capacity, sizeof *g->nodes, 128, 32000))
        return -1;
    mnode *n = &g->nodes[g->node_count];
    memset(n, 0, sizeof *n);
    n->op = op;
    n->a = n->b = n->directions = n->target = n->over = n->at = n->cond = n->value = -1;
    n->type = -1;
    n->max = -1;
    for (int i = 0; i < 4; i++)
        n->types[i] = -1;
    return g->node_count++;
}

static int add_set(compiler *c, const cellset *set)
{
    game *g = c->g;
    if (!grow((void **)&g->sets, g->set_count, &g->set_capacity, sizeof *g->sets, 32, 32000))
        return -1;
    g->sets[g->set_count] = *set;
    return g->set_count++;
}

static int add_dlist(compiler *c)
{
    game *g = c->g;
    if (!grow((void **)&g->dlists, g->dlist_count, &g->dlist_capacity, sizeof *g->dlists, 32, 32000))
        return -1;
    memset(&g->dlists[g->dlist_count], 0, sizeof g->dlists[0]);
    return g->dlist_count++;
}

/* --- names */

static int find_text(const char *const *names, int count, const char *name)
{
    for (int i = 0; i < count; i++)
        if (names[i] && !strcmp(names[i], name))
            return i;
    return -1;
}

static int type_index(const compiler *c, const char *name)
{
    for (int t = 0; t < c->g->type_count; t++)
        if (!strcmp(c->g->types[t].name, name))
            return t;
    return -1;
}

static int player_index(const compiler *c, const char *name)
{
    for (int p = 0; p < c->g->player_count; p++)
        if (!strcmp(c->g->player_names[p], name))
            return p;
    return -1;
}

static int var_index(const compiler *c, const char *name)
{
    for (int v = 0; v < c->g->var_count; v++)
        if (!strcmp(c->g->var_names[v], name))
            return v;
    return -1;
}

static int flag_index(const compiler *c, const char *name)
{
    for (int f = 0; f < c->g->flag_count; f++)
        if (!strcmp(c->g->flag_names[f], name))
            return f;
    return -1;
}

static bool is_name(const ast_node *n, const char *text)
{
    return n && n->kind == AST_NAME && !strcmp(n->text, text);
}

/* A player reference; -1 when NODE names no player. */
static int player_ref_of(const compiler *c, const ast_node *node)
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
    int p = player_index(c, node->text);
    return p >= 0 ? PLAYER_FIXED + p : -1;
}

/* --- directions */

static void dlist_push(compiler *c, dlist *d, int player, dstep step, const ast_node *at)
{
    for (int i = 0; i < d->count[player]; i++)
        if (!memcmp(&d->steps[player][i], &step, sizeof step))
            return;
    if (d->count[player] >= GAME_MAX_DSTEPS) {
        fail(c, at, "too many directions in one list");
        return;
    }
    d->steps[player][d->count[player]++] = step;
}

static int turn_steps(const compiler *c, long degrees)
{
    int unit = c->g->board.turn_degrees;
    return unit ? (int)(degrees / unit) : 0;
}

static void add_directions(compiler *c, dlist *d, const ast_node *node, bool wrap, int depth);

static void add_named_direction(compiler *c, dlist *d, const ast_node *node, bool wrap, int depth)
{
    const board *b = &c->g->board;
    const char *name = node->text;
    dstep step = { wrap ? STEP_WRAPPED : STEP_DIRECTION, 0, 0, 0 };
    int absolute = board_direction(b, name);
    if (absolute >= 0) {
        step.direction = (int8_t)absolute;
        for (int p = 0; p < c->g->player_count; p++)
            dlist_push(c, d, p, step, node);
        return;
    }
    if (c->variable && !strcmp(name, c->variable)) {
        dstep v = { STEP_VARIABLE, 0, 0, 0 };
        for (int p = 0; p < c->g->player_count; p++)
            dlist_push(c, d, p, v, node);
        return;
    }
    if (!strcmp(name, "all") || !strcmp(name, "hex")) {
        for (int i = 0; i < b->direction_count; i++) {
            step.direction = (int8_t)i;
            for (int p = 0; p < c->g->player_count; p++)
                dlist_push(c, d, p, step, node);
        }
        return;
    }
    if (!strcmp(name, "orthogonal") || !strcmp(name, "diagonal")) {
        for (int i = !strcmp(name, "orthogonal") ? 0 : 1; i < 8; i += 2) {
            step.direction = (int8_t)i;
            for (int p = 0; p < c->g->player_count; p++)
                dlist_push(c, d, p, step, node);
        }
        return;
    }
    if (!strcmp(name, "clockwise") || !strcmp(name, "counter-clockwise") || !strcmp(name, "ring")) {
        dstep cw = { STEP_RING_CLOCKWISE, 0, 0, 0 }, ccw = { STEP_RING_COUNTER_CLOCKWISE, 0, 0, 0 };
        for (int p = 0; p < c->g->player_count; p++) {
            if (strcmp(name, "counter-clockwise"))
                dlist_push(c, d, p, cw, node);
            if (strcmp(name, "clockwise"))
                dlist_push(c, d, p, ccw, node);
        }
        return;
    }
    static const struct { const char *name; int degrees; } relative[] = {
        { "forward", 0 }, { "backward", 180 }, { "left", 90 }, { "right", -90 },
        { "forward-left", 45 }, { "forward-right", -45 }, { "backward-left", 135 },
        { "backward-right", -135 },
    };
    for (size_t i = 0; i < sizeof relative / sizeof *relative; i++) {
        if (strcmp(name, relative[i].name))
            continue;
        for (int p = 0; p < c->g->player_count; p++) {
            int turned = board_rotate(b, c->facing[p], relative[i].degrees);
            if (turned < 0) {
                fail(c, node, "this board cannot turn that way");
                return;
            }
            step.direction = (int8_t)turned;
            dlist_push(c, d, p, step, node);
        }
        return;
    }
    int set = find_text(c->direction_names, c->direction_set_count, name);
    if (set >= 0 && depth < 8) {
        add_directions(c, d, c->direction_values[set], wrap, depth + 1);
        return;
    }
    fail(c, node, "unknown direction");
}

static bool offset_value(const ast_node *n, long *out)
{
    if (n->kind == AST_NUMBER) {
        *out = n->number;
        return true;
    }
    if (n->kind == AST_UNARY && n->op == AST_OP_NEGATE && n->children[0]->kind == AST_NUMBER) {
        *out = -n->children[0]->number;
        return true;
    }
    return false;
}

static void add_directions(compiler *c, dlist *d, const ast_node *node, bool wrap, int depth)
{
    switch (node->kind) {
    case AST_NAME:
        if (!strcmp(node->text, "wrap"))
            return;
        add_named_direction(c, d, node, wrap, depth);
        return;
    case AST_LIST:
    case AST_PHRASE: {
        bool wrapped = wrap;
        for (int i = 0; i < node->child_count; i++)
            wrapped = wrapped || is_name(node->children[i], "wrap");
        for (int i = 0; i < node->child_count; i++)
            add_directions(c, d, node->children[i], wrapped, depth);
        return;
    }
    case AST_BINARY:
        if (node->op == AST_OP_UNION) {
            add_directions(c, d, node->children[0], wrap, depth);
            add_directions(c, d, node->children[1], wrap, depth);
            return;
        }
        if ((node->op == AST_OP_PLUS || node->op == AST_OP_MINUS) && node->children[1]->kind == AST_NUMBER) {
            long degrees = node->children[1]->number * (node->op == AST_OP_MINUS ? -1 : 1);
            const ast_node *base = node->children[0];
            if (c->variable && is_name(base, c->variable)) {
                dstep v = { STEP_VARIABLE, (int8_t)turn_steps(c, degrees), 0, 0 };
                for (int p = 0; p < c->g->player_count; p++)
                    dlist_push(c, d, p, v, node);
                return;
            }
            dlist inner;
            memset(&inner, 0, sizeof inner);
            add_directions(c, &inner, base, wrap, depth);
            for (int p = 0; p < c->g->player_count; p++) {
                for (int i = 0; i < inner.count[p]; i++) {
                    dstep s = inner.steps[p][i];
                    if (s.kind == STEP_DIRECTION || s.kind == STEP_WRAPPED)
                        s.direction = (int8_t)board_rotate(&c->g->board, s.direction, (int)degrees);
                    dlist_push(c, d, p, s, node);
                }
            }
            return;
        }
        break;
    case AST_GROUP: {
        const ast_node *list = node->children[0];
        long dx, dy;
        if (list->kind == AST_LIST && list->child_count == 2 && offset_value(list->children[0], &dx)
            && offset_value(list->children[1], &dy)) {
            dstep s = { STEP_OFFSET, 0, (int8_t)dx, (int8_t)dy };
            for (int p = 0; p < c->g->player_count; p++)
                dlist_push(c, d, p, s, node);
            return;
        }
        add_directions(c, d, list, wrap, depth);
        return;
    }
    case AST_CALL:
        if (!strcmp(node->text, "opposite") && node->child_count == 1) {
            ast_node turned = *node;
            (void)turned;
            const ast_node *base = node->children[0];
            if (c->variable && is_name(base, c->variable)) {
                dstep v = { STEP_VARIABLE, (int8_t)turn_steps(c, 180), 0, 0 };
                for (int p = 0; p < c->g->player_count; p++)
                    dlist_push(c, d, p, v, node);
                return;
            }
            dlist inner;
            memset(&inner, 0, sizeof inner);
            add_directions(c, &inner, base, wrap, depth);
            for (int p = 0; p < c->g->player_count; p++)
                for (int i = 0; i < inner.count[p]; i++) {
                    dstep s = inner.steps[p][i];
                    if (s.kind == STEP_DIRECTION || s.kind == STEP_WRAPPED)
                        s.direction = (int8_t)board_rotate(&c->g->board, s.direction, 180);
                    else if (s.kind == STEP_OFFSET) {
                        s.dx = (int8_t)-s.dx;
                        s.dy = (int8_t)-s.dy;
                    }
                    dlist_push(c, d, p, s, node);
                }
            return;
        }
        break;
    default:
        break;
    }
    fail(c, node, "cannot use this as directions");
}

static int compile_directions(compiler *c, const ast_node *node)
{
    int index = add_dlist(c);
    if (index < 0)
        return -1;
    dlist d;
    memset(&d, 0, sizeof d);
    add_directions(c, &d, node, false, 0);
    c->g->dlists[index] = d;
    return index;
}

static int all_directions(compiler *c)
{
    ast_node all = { .kind = AST_NAME, .text = (char *)"all" };
    return compile_directions(c, &all);
}

/* --- expressions */

static int compile_set(compiler *c, const ast_node *node);
static int compile_number(compiler *c, const ast_node *node);
static int compile_condition(compiler *c, const ast_node *node);

static int constant_set(compiler *c, const cellset *set)
{
    int index = add_set(c, set);
    return add_expr(c, C_SET_CONST, 0, -1, -1, index);
}

/* rank/file/ring phrases and cell names: sets known now */
static bool static_cells(compiler *c, const ast_node *node, cellset *out)
{
    const board *b = &c->g->board;
    cellset_clear(out, CELLSET_WORDS);
    if (node->kind == AST_NAME) {
        int cell = board_cell(b, node->text);
        if (cell >= 0) {
            cellset_add(out, cell);
            return true;
        }
        const char *w = node->text;
        bool known = !strcmp(w, "light") || !strcmp(w, "dark") || !strcmp(w, "edge")
                  || !strcmp(w, "corners") || !strcmp(w, "center") || !strcmp(w, "cells");
        if (!known)
            return false;
        for (int i = 0; i < b->cell_count; i++) {
            bool in = !strcmp(w, "cells") ? true
                    : !strcmp(w, "light") ? b->light[i]
                    : !strcmp(w, "dark") ? !b->light[i]
                    : !strcmp(w, "edge") ? board_is_edge(b, i)
                    : !strcmp(w, "corners") ? board_is_corner(b, i)
                    : b->ring[i] == (b->kind == BOARD_HEX ? 0 : (b->width < b->height ? b->width - 1 : b->height - 1) / 2);
            if (in)
                cellset_add(out, i);
        }
        return true;
    }
    if (node->kind == AST_PHRASE && node->child_count == 2 && node->children[0]->kind == AST_NAME
        && names_is_phrase_word(node->children[0]->text)) {
        const char *w = node->children[0]->text;
        const ast_node *v = node->children[1];
        long low, high;
        if (v->kind == AST_NUMBER) {
            low = high = v->number;
        } else if (v->kind == AST_NAME && strlen(v->text) == 1) {
            low = high = v->text[0] - 'a';
        } else if (v->kind == AST_BINARY && v->op == AST_OP_RANGE) {
            const ast_node *x = v->children[0], *y = v->children[1];
            low = x->kind == AST_NUMBER ? x->number : x->text[0] - 'a';
            high = y->kind == AST_NUMBER ? y->number : y->text[0] - 'a';
        } else {
            return false;
        }
        for (int i = 0; i < b->cell_count; i++) {
            long value;
            if (w[0] == 'r' && w[1] == 'a')
                value = b->kind == BOARD_HEX ? b->radius - b->y[i] + 1 : b->y[i] + 1;
            else if (w[0] == 'f')
                value = b->kind == BOARD_HEX ? b->x[i] + b->radius : b->x[i];
            else if (w[0] == 'r' && w[1] == 'i')
                value = b->ring[i];
            else
                return false;
            if (value >= low && value <= high)
                cellset_add(out, i);
        }
        return true;
    }
    if (node->kind == AST_PHRASE || node->kind == AST_LIST) {
        for (int i = 0; i < node->child_count; i++) {
            cellset part;
            if (!static_cells(c, node->children[i], &part))
                return false;
            cellset_or(out, &part, CELLSET_WORDS);
        }
        return true;
    }
    return false;
}

static bool uses_results(const ast_node *node)
{
    if (node->kind == AST_NAME)
        return !strcmp(node->text, "line") || !strcmp(node->text, "pushed")
            || !strcmp(node->text, "jumped") || !strcmp(node->text, "marked")
            || !strcmp(node->text, "last");
    for (int i = 0; i < node->child_count; i++)
        if (uses_results(node->children[i]))
            return true;
    return false;
}

static int pattern_index(const compiler *c, const ast_node *node)
{
    if (!node || node->kind != AST_NAME)
        return -1;
    return find_text(c->pattern_names, c->g->pattern_count, node->text);
}

static int set_of_name(compiler *c, const ast_node *node)
{
    const char *w = node->text;
    cellset fixed;
    if (static_cells(c, node, &fixed))
        return constant_set(c, &fixed);
    static const struct { const char *name; int op; } simple[] = {
        { "empty", C_SET_EMPTY }, { "occupied", C_SET_OCCUPIED }, { "friend", C_SET_FRIEND },
        { "enemy", C_SET_ENEMY }, { "any", C_SET_ALL }, { "here", C_SET_HERE },
        { "origin", C_SET_ORIGIN }, { "last", C_SET_LAST }, { "jumped", C_SET_JUMPED },
        { "pushed", C_SET_PUSHED }, { "marked", C_SET_MARKED }, { "line", C_SET_LINE },
    };
    for (size_t i = 0; i < sizeof simple / sizeof *simple; i++)
        if (!strcmp(w, simple[i].name))
            return add_expr(c, (uint8_t)simple[i].op, 0, -1, -1, 0);
    int label = find_text(c->labels, c->label_count, w);
    if (label >= 0)
        return add_expr(c, C_SET_LABEL, 0, -1, -1, label);
    int region = find_text(c->region_names, c->g->region_count, w);
    if (region >= 0)
        return add_expr(c, C_SET_REGION, PLAYER_MOVER, -1, -1, region);
    int type = type_index(c, w);
    if (type >= 0)
        return add_expr(c, C_SET_TYPE, 0, -1, -1, type);
    int player = player_ref_of(c, node);
    if (player >= 0)
        return add_expr(c, C_SET_OWNER, (uint8_t)player, -1, -1, 0);
    int var = var_index(c, w);
    if (var >= 0) {
        c->g->var_is_cell[var] = true;
        return add_expr(c, C_SET_VAR, 0, -1, -1, var);
    }
    fail(c, node, "cannot use this name as cells");
    return -1;
}

static int fold(compiler *c, uint8_t op, int a, int b)
{
    if (a < 0)
        return b;
    if (b < 0)
        return a;
    return add_expr(c, op, 0, a, b, 0);
}

static int compile_set(compiler *c, const ast_node *node)
{
    if (++c->depth > 64) {
        fail(c, node, "expression nested too deeply");
        c->depth--;
        return -1;
    }
    int result = -1;
    cellset fixed;
    switch (node->kind) {
    case AST_NAME:
        result = set_of_name(c, node);
        break;
    case AST_ANCHOR:
        result = add_expr(c, C_SET_ANCHOR, 0, -1, -1, 0);
        break;
    case AST_PHRASE:
    case AST_LIST:
        if (static_cells(c, node, &fixed)) {
            result = constant_set(c, &fixed);
        } else {
            /* "enemy stone": the conjunction; a list is a union */
            uint8_t op = node->kind == AST_LIST ? C_SET_UNION : C_SET_INTERSECT;
            for (int i = 0; i < node->child_count; i++)
                result = fold(c, op, result, compile_set(c, node->children[i]));
        }
        break;
    case AST_GROUP:
        result = compile_set(c, node->children[0]);
        break;
    case AST_BINARY:
        switch (node->op) {
        case AST_OP_UNION: case AST_OP_OR:
            result = fold(c, C_SET_UNION, compile_set(c, node->children[0]), compile_set(c, node->children[1]));
            break;
        case AST_OP_INTERSECT: case AST_OP_AND:
            result = fold(c, C_SET_INTERSECT, compile_set(c, node->children[0]), compile_set(c, node->children[1]));
            break;
        case AST_OP_MINUS:
            result = add_expr(c, C_SET_MINUS, 0, compile_set(c, node->children[0]), compile_set(c, node->children[1]), 0);
            break;
        case AST_OP_WHERE: {
            int base = compile_set(c, node->children[0]);
            int found = pattern_index(c, node->children[1]);
            if (found >= 0) {
                result = add_expr(c, C_SET_WHERE_PATTERN, 0, base, -1, found);
            } else {
                /* a set of cells narrows; anything else is tested per cell */
                const ast_node *rhs = node->children[1];
                bool set_like = rhs->kind == AST_NAME || rhs->kind == AST_PHRASE
                             || (rhs->kind == AST_BINARY && (rhs->op == AST_OP_UNION || rhs->op == AST_OP_INTERSECT));
                if (set_like)
                    result = add_expr(c, C_SET_INTERSECT, 0, base, compile_set(c, rhs), 0);
                else
                    result = add_expr(c, C_SET_WHERE_COND, 0, base, compile_condition(c, rhs), 0);
            }
            break;
        }
        case AST_OP_OF: {
            /* "home of black", "pieces of next" */
            const ast_node *what = node->children[0];
            int player = player_ref_of(c, node->children[1]);
            int region = what->kind == AST_NAME ? find_text(c->region_names, c->g->region_count, what->text) : -1;
            if (region >= 0)
                result = add_expr(c, C_SET_REGION, (uint8_t)player, -1, -1, region);
            else
                result = add_expr(c, C_SET_INTERSECT, 0, compile_set(c, what),
                                  add_expr(c, C_SET_OWNER, (uint8_t)player, -1, -1, 0), 0);
            break;
        }
        default:
            fail(c, node, "cannot use this as cells");
        }
        break;
    case AST_CALL:
        if (!strcmp(node->text, "adjacent")) {
            int dirs = node->child_count > 1 ? compile_directions(c, node->children[1]) : all_directions(c);
            result = add_expr(c, C_SET_ADJACENT, 0, compile_set(c, node->children[0]), -1, dirs);
        } else if (!strcmp(node->text, "sight")) {
            int dirs = compile_directions(c, node->children[1]);
            result = add_expr(c, C_SET_SIGHT, 0, compile_set(c, node->children[0]), -1, dirs);
        } else if (!strcmp(node->text, "pieces")) {
            int player = player_ref_of(c, node->children[0]);
            int type = node->child_count > 1 && node->children[1]->kind == AST_NAME
                     ? type_index(c, node->children[1]->text) : -1;
            result = add_expr(c, C_SET_PIECES, (uint8_t)(player < 0 ? PLAYER_MOVER : player), -1, -1, type);
        } else {
            fail(c, node, "this function does not give cells");
        }
        break;
    default:
        fail(c, node, "cannot use this as cells");
    }
    c->depth--;
    return result;
}

static int compile_number(compiler *c, const ast_node *node)
{
    switch (node->kind) {
    case AST_NUMBER:
        return add_expr(c, C_NUM_CONST, 0, -1, -1, (int32_t)node->number);
    case AST_NAME: {
        int var = var_index(c, node->text);
        if (var >= 0)
            return add_expr(c, C_NUM_VAR, 0, -1, -1, var);
        break;
    }
    case AST_UNARY:
        if (node->op == AST_OP_NEGATE)
            return add_expr(c, C_NUM_NEG, 0, compile_number(c, node->children[0]), -1, 0);
        break;
    case AST_BINARY:
        if (node->op == AST_OP_PLUS || node->op == AST_OP_MINUS)
            return add_expr(c, node->op == AST_OP_PLUS ? C_NUM_ADD : C_NUM_SUB, 0,
                            compile_number(c, node->children[0]), compile_number(c, node->children[1]), 0);
        break;
    case AST_GROUP:
        return compile_number(c, node->children[0]);
    case AST_CALL:
        if (!strcmp(node->text, "count"))
            return add_expr(c, C_NUM_COUNT, 0, compile_set(c, node->children[0]), -1, 0);
        if (!strcmp(node->text, "score") || !strcmp(node->text, "territory")) {
            int player = player_ref_of(c, node->children[0]);
            return add_expr(c, node->text[0] == 's' ? C_NUM_SCORE : C_NUM_TERRITORY,
                            (uint8_t)player, -1, -1, 0);
        }
        if (!strcmp(node->text, "reserve")) {
            int player = player_ref_of(c, node->children[0]);
            int type = node->children[1]->kind == AST_NAME ? type_index(c, node->children[1]->text) : -1;
            return add_expr(c, C_NUM_RESERVE, (uint8_t)player, -1, -1, type);
        }
        break;
    default:
        break;
    }
    /* a set where a number is wanted counts its cells: "pieces(next) <= 1" */
    return add_expr(c, C_NUM_COUNT, 0, compile_set(c, node), -1, 0);
}

static int compile_condition(compiler *c, const ast_node *node)
{
    switch (node->kind) {
    case AST_BINARY:
        switch (node->op) {
        case AST_OP_AND:
            return add_expr(c, C_COND_AND, 0, compile_condition(c, node->children[0]),
                            compile_condition(c, node->children[1]), 0);
        case AST_OP_OR:
            return add_expr(c, C_COND_OR, 0, compile_condition(c, node->children[0]),
                            compile_condition(c, node->children[1]), 0);
        case AST_OP_EQ: case AST_OP_NE: case AST_OP_LT: case AST_OP_LE: case AST_OP_GT: case AST_OP_GE:
            return add_expr(c, C_COND_CMP, 0, compile_number(c, node->children[0]),
                            compile_number(c, node->children[1]), node->op);
        case AST_OP_IN:
            return add_expr(c, C_COND_IN, 0, compile_set(c, node->children[0]),
                            compile_set(c, node->children[1]), 0);
        default:
            break;
        }
        break;
    case AST_UNARY:
        if (node->op == AST_OP_NOT)
            return add_expr(c, C_COND_NOT, 0, compile_condition(c, node->children[0]), -1, 0);
        break;
    case AST_GROUP:
        return compile_condition(c, node->children[0]);
    case AST_PHRASE: {
        const ast_node *head = node->children[0];
        if (is_name(head, "no") && node->child_count == 2)
            return add_expr(c, C_COND_NO_MOVES, 0, -1, -1, 0);
        if (is_name(head, "repetition"))
            return add_expr(c, C_COND_REPETITION, 0, -1, -1, (int32_t)node->children[1]->number);
        if (is_name(head, "plies")) {
            bool without = node->child_count > 2;
            if (without) {
                /* what resets the count: "captures", "TYPE moves" */
                for (int i = 3; i < node->child_count; i++) {
                    const ast_node *reason = node->children[i];
                    const ast_node *items[8];
                    int n = 0;
                    if (reason->kind == AST_GROUP)
                        reason = reason->children[0];
                    if (reason->kind == AST_LIST)
                        for (int k = 0; k < reason->child_count && n < 8; k++)
                            items[n++] = reason->children[k];
                    else
                        items[n++] = reason;
                    for (int k = 0; k < n; k++) {
                        const ast_node *item = items[k];
                        const ast_node *word = item->kind == AST_PHRASE ? item->children[0] : item;
                        if (is_name(word, "captures") || is_name(word, "capture"))
                            c->g->reset_on_capture = true;
                        else if (word->kind == AST_NAME && type_index(c, word->text) >= 0)
                            c->g->reset_types |= 1u << type_index(c, word->text);
                    }
                }
            }
            return add_expr(c, C_COND_PLIES, 0, -1, without ? 1 : 0, (int32_t)node->children[1]->number);
        }
        break;
    }
    case AST_CALL: {
        const char *f = node->text;
        if (!strcmp(f, "stuck") || !strcmp(f, "can-move"))
            return add_expr(c, f[0] == 's' ? C_COND_STUCK : C_COND_CAN_MOVE,
                            (uint8_t)player_ref_of(c, node->children[0]), -1, -1, 0);
        if (!strcmp(f, "attacked"))
            return add_expr(c, C_COND_ATTACKED, 0, compile_set(c, node->children[0]), -1, 0);
        if (!strcmp(f, "in-line"))
            return add_expr(c, C_COND_IN_LINE, 0, -1, -1, (int32_t)node->children[0]->number);
        if (!strcmp(f, "majority"))
            return add_expr(c, C_COND_MAJORITY, 0, compile_set(c, node->children[0]), -1, 0);
        if (!strcmp(f, "moved"))
            return add_expr(c, C_COND_MOVED, 0, compile_set(c, node->children[0]), -1, 0);
        if (!strcmp(f, "connected")) {
            int dirs = node->child_count > 3 ? compile_directions(c, node->children[3]) : -1;
            int e = add_expr(c, C_COND_CONNECTED, (uint8_t)player_ref_of(c, node->children[0]),
                             compile_set(c, node->children[1]), compile_set(c, node->children[2]), dirs);
            return e;
        }
        break;
    }
    case AST_NAME:
        if (!strcmp(node->text, "any"))
            return add_expr(c, C_COND_TRUE, 0, -1, -1, 0);
        break;
    default:
        break;
    }
    /* a set as a condition: "is not empty" */
    return add_expr(c, C_COND_NONEMPTY, 0, compile_set(c, node), -1, 0);
}

/* --- patterns */

static void compile_pattern(compiler *c, const ast_node *node, pattern *out)
{
    memset(out, 0, sizeof *out);
    out->variable_directions = -1;
    const ast_node *binding = node->children[0];
    c->variable = NULL;
    if (binding->kind == AST_PAT_FOR) {
        out->variable_directions = (int16_t)compile_directions(c, binding->children[0]);
        c->variable = binding->text;
    }
    for (int l = 1; l < node->child_count; l++) {
        const ast_node *line = node->children[l];
        int line_index = out->line_count++;
        if (line_index >= GAME_MAX_PATHS) {
            fail(c, line, "too many lines in a pattern");
            break;
        }
        const ast_node *alternatives = line->children[0];
        c->label_count = 0;
        for (int a = 0; a < alternatives->child_count; a++) {
            const ast_node *all = alternatives->children[a];
            int group = out->group_count++;
            for (int p = 0; p < all->child_count; p++) {
                const ast_node *path = all->children[p];
                if (out->path_count >= GAME_MAX_PATHS) {
                    fail(c, path, "too many paths in a pattern");
                    return;
                }
                int pi = out->path_count++;
                out->paths[pi].first = (int16_t)out->step_count;
                out->paths[pi].count = 0;
                out->paths[pi].group = (int16_t)group;
                out->paths[pi].line = (int16_t)line_index;
                for (int s = 0; s < path->child_count; s++) {
                    if (out->step_count >= GAME_MAX_PATTERN_STEPS) {
                        fail(c, path, "too many steps in a pattern");
                        return;
                    }
                    const ast_node *step = path->children[s];
                    pstep *ps = &out->steps[out->step_count++];
                    out->paths[pi].count++;
                    ps->directions = (int16_t)compile_directions(c, step->children[0]);
                    ps->min = ps->max = 1;
                    ps->label = -1;
                    const ast_node *test = step->children[1];
                    if (test->kind == AST_PAT_AS) {
                        int label = find_text(c->labels, c->label_count, test->text);
                        if (label < 0 && c->label_count < GAME_MAX_LABELS) {
                            label = c->label_count;
                            c->labels[c->label_count++] = test->text;
                        }
                        ps->label = (int8_t)label;
                        test = test->children[0];
                    }
                    while (test->kind == AST_UNARY && test->op == AST_OP_NOT) {
                        ps->negate = !ps->negate;
                        test = test->children[0];
                    }
                    if (test->kind == AST_MARK || (test->kind == AST_GROUP)) {
                        ps->mark = test->kind == AST_MARK;
                        if (test->op == '+') { ps->min = 1; ps->max = -1; }
                        else if (test->op == '*') { ps->min = 0; ps->max = -1; }
                        else if (test->op == '?') { ps->min = 0; ps->max = 1; }
                        test = test->children[0];
                    }
                    ps->test = (int16_t)compile_set(c, test);
                }
            }
        }
        out->effect[line_index] = -1;
        if (line->children[1]->kind != AST_EMPTY) {
            int compile_moves(compiler *, const ast_node *);
            out->effect[line_index] = (int16_t)compile_moves(c, line->children[1]);
        }
    }
    c->variable = NULL;
    c->label_count = 0;
}

/* --- moves */

int compile_moves(compiler *c, const ast_node *node);

static int repeat(compiler *c, int body, int min, int max, uint16_t flags)
{
    int n = add_node(c, M_REPEAT);
    if (n < 0)
        return -1;
    c->g->nodes[n].a = (int16_t)body;
    c->g->nodes[n].min = (int16_t)min;
    c->g->nodes[n].max = (int16_t)max;
    c->g->nodes[n].flags = flags;
    return n;
}

static int binary_node(compiler *c, uint8_t op, int a, int b)
{
    int n = add_node(c, op);
    if (n < 0)
        return -1;
    c->g->nodes[n].a = (int16_t)a;
    c->g->nodes[n].b = (int16_t)b;
    return n;
}

static int compile_action(compiler *c, const ast_node *node)
{
    static const uint8_t ops[] = {
        [AST_VERB_STEP] = M_STEP, [AST_VERB_SLIDE] = M_SLIDE, [AST_VERB_LEAP] = M_LEAP,
        [AST_VERB_HOP] = M_HOP, [AST_VERB_JUMP] = M_HOP, [AST_VERB_PUSH] = M_PUSH,
        [AST_VERB_PLACE] = M_PLACE, [AST_VERB_CHANGE] = M_CHANGE, [AST_VERB_FLIP] = M_FLIP,
        [AST_VERB_CAPTURE] = M_CAPTURE, [AST_VERB_REMOVE] = M_REMOVE, [AST_VERB_APPLY] = M_APPLY,
        [AST_VERB_SET] = M_SET_VAR, [AST_VERB_ROLL] = M_ROLL, [AST_VERB_RELOCATE] = M_RELOCATE,
        [AST_VERB_PASS] = M_PASS,
    };
    int verb = node->op;
    int index = add_node(c, ops[verb]);
    if (index < 0)
        return -1;
    mnode n = c->g->nodes[index];
    const ast_node *argument = node->children[0];
    bool has_argument = argument->kind != AST_EMPTY;
    switch (verb) {
    case AST_VERB_STEP: case AST_VERB_SLIDE: case AST_VERB_LEAP: case AST_VERB_HOP:
    case AST_VERB_JUMP: case AST_VERB_PUSH:
        n.directions = (int16_t)compile_directions(c, argument);
        break;
    case AST_VERB_PLACE:
        n.type = (int16_t)(argument->kind == AST_NAME ? type_index(c, argument->text) : -1);
        if (n.type < 0)
            fail(c, argument, "place needs one piece type");
        n.player = PLAYER_MOVER;
        break;
    case AST_VERB_CHANGE: case AST_VERB_FLIP: case AST_VERB_REMOVE: case AST_VERB_RELOCATE:
        if (has_argument)
            n.at = (int16_t)compile_set(c, argument);
        break;
    case AST_VERB_CAPTURE:
        if (has_argument) {
            int found = pattern_index(c, argument);
            if (found >= 0)
                n.type = (int16_t)found;
            else
                n.at = (int16_t)compile_set(c, argument);
        }
        break;
    case AST_VERB_APPLY: {
        const ast_node *p = argument;
        if (p->kind == AST_PHRASE && p->child_count == 2 && is_name(p->children[0], "one")) {
            n.flags |= MF_ONE;
            p = p->children[1];
        }
        n.type = (int16_t)pattern_index(c, p);
        break;
    }
    case AST_VERB_SET: {
        const ast_node *target = argument;
        if (target->kind == AST_PHRASE && target->child_count == 2 && is_name(target->children[0], "flag"))
            target = target->children[1];
        int flag = target->kind == AST_NAME ? flag_index(c, target->text) : -1;
        if (flag >= 0) {
            n.op = M_SET_FLAG;
            n.type = (int16_t)flag;
        } else {
            n.type = (int16_t)(target->kind == AST_NAME ? var_index(c, target->text) : -1);
        }
        break;
    }
    case AST_VERB_ROLL:
        n.type = (int16_t)(argument->kind == AST_NUMBER ? argument->number : 6);
        break;
    default:
        break;
    }
    for (int i = 1; i < node->child_count; i++) {
        const ast_node *clause = node->children[i];
        const ast_node *value = clause->children[0];
        switch (clause->op) {
        case AST_CLAUSE_TO:
            if (verb == AST_VERB_CHANGE) {
                const ast_node *items[4];
                int count = 0;
                if (value->kind == AST_LIST)
                    for (int k = 0; k < value->child_count && k < 4; k++)
                        items[count++] = value->children[k];
                else
                    items[count++] = value;
                for (int k = 0; k < count; k++)
                    n.types[k] = (int16_t)(items[k]->kind == AST_NAME ? type_index(c, items[k]->text) : -1);
            } else if (verb == AST_VERB_SET) {
                if (n.type >= 0 && uses_results(value) == false && value->kind != AST_NUMBER
                    && !(value->kind == AST_BINARY && (value->op == AST_OP_PLUS || value->op == AST_OP_MINUS))) {
                    c->g->var_is_cell[n.type] = true;
                    n.value = (int16_t)compile_set(c, value);
                } else if (n.type >= 0 && c->g->var_is_cell[n.type]) {
                    n.value = (int16_t)compile_set(c, value);
                } else {
                    n.value = (int16_t)compile_number(c, value);
                }
            } else if (verb == AST_VERB_FLIP) {
                n.player = (uint8_t)player_ref_of(c, value);
            } else {
                n.target = (int16_t)compile_set(c, value);
            }
            break;
        case AST_CLAUSE_OVER:
            n.over = (int16_t)compile_set(c, value);
            break;
        case AST_CLAUSE_AT:
            n.at = (int16_t)compile_set(c, value);
            break;
        case AST_CLAUSE_FROM:
            if (verb == AST_VERB_PLACE) {
                if (is_name(value, "reserve"))
                    n.flags |= MF_FROM_RESERVE;
            } else {
                n.at = (int16_t)compile_set(c, value);
            }
            break;
        case AST_CLAUSE_FOR:
            n.player = (uint8_t)player_ref_of(c, value);
            break;
        case AST_CLAUSE_MAX:
            n.max = (int16_t)value->number;
            break;
        case AST_CLAUSE_MIN:
            n.min = (int16_t)value->number;
            break;
        case AST_CLAUSE_EXACTLY:
            n.min = n.max = (int16_t)value->number;
            break;
        case AST_CLAUSE_LAND:
            if (is_name(value, "any-side"))
                n.flags |= MF_ANY_SIDE;
            break;
        default:
            break;
        }
    }
    c->g->nodes[index] = n;
    return index;
}

int compile_moves(compiler *c, const ast_node *node)
{
    switch (node->kind) {
    case AST_BINARY:
        if (node->op == AST_OP_UNION)
            return binary_node(c, M_ALT, compile_moves(c, node->children[0]), compile_moves(c, node->children[1]));
        if (node->op == AST_OP_THEN)
            return binary_node(c, M_SEQ, compile_moves(c, node->children[0]), compile_moves(c, node->children[1]));
        break;
    case AST_GUARD: {
        int n = add_node(c, M_GUARD);
        int a = compile_moves(c, node->children[0]);
        int cond = compile_condition(c, node->children[1]);
        if (n < 0)
            return -1;
        mnode *m = &c->g->nodes[n];
        m->a = (int16_t)a;
        m->cond = (int16_t)cond;
        if (node->op == AST_OP_UNLESS)
            m->flags |= MF_NEGATE;
        /* a condition on what the action produced is tested on its results */
        if (uses_results(node->children[1]))
            m->flags |= MF_AFTER;
        return n;
    }
    case AST_GROUP: {
        int body = compile_moves(c, node->children[0]);
        if (node->op == '+')
            return repeat(c, body, 1, -1, 0);
        if (node->op == '*')
            return repeat(c, body, 0, -1, 0);
        if (node->op == '?')
            return repeat(c, body, 0, 1, 0);
        return body;
    }
    case AST_PHRASE:
        if (node->children[0]->kind == AST_GROUP && node->children[0]->op) {
            int r = compile_moves(c, node->children[0]);
            for (int i = 1; i < node->child_count; i++) {
                const ast_node *w = node->children[i];
                if (is_name(w, "maximal")) c->g->nodes[r].flags |= MF_MAXIMAL;
                else if (is_name(w, "straight")) c->g->nodes[r].flags |= MF_STRAIGHT;
                else if (is_name(w, "revisit")) c->g->nodes[r].flags |= MF_REVISIT;
                else if (is_name(w, "rejump")) c->g->nodes[r].flags |= MF_REJUMP;
            }
            return r;
        }
        break;
    case AST_ACTION:
        return compile_action(c, node);
    default:
        break;
    }
    fail(c, node, "cannot use this as a move");
    return -1;
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
        fail(c, statement, "too many piece types");
        return;
    }
    piece_type *type = &g->types[g->type_count++];
    memset(type, 0, sizeof *type);
    snprintf(type->name, sizeof type->name, "%s", name->text);
    const ast_node *h = head_of(source);
    int strings = 0;
    for (int i = 2; i < h->child_count; i++) {
        const ast_node *w = h->children[i];
        if (w->kind == AST_STRING && strings < 2)
            snprintf(type->symbol[strings++], sizeof type->symbol[0], "%s", w->text);
        else if (is_name(w, "value") && i + 1 < h->child_count)
            type->value = (int)h->children[++i]->number;
    }
    if (strings == 1)
        lower_symbol(type->symbol[1], type->symbol[0]);
    *moves_block = block_of(source);
}

static void compile_board(compiler *c, const ast_node *statement)
{
    const ast_node *h = head_of(statement);
    game *g = c->g;
    const char *shape = h->children[1]->text;
    if (!strcmp(shape, "square"))
        board_init_square(&g->board, (int)h->children[2]->number, (int)h->children[2]->number2);
    else if (!strcmp(shape, "hex"))
        board_init_hex(&g->board, (int)h->children[3]->number);
    else {
        const ast_node *block = block_of(statement);
        int capacity = 0;
        for (int i = 0; i < block->child_count; i++)
            if (is_name(head_of(block->children[i])->children[0], "cells"))
                capacity += head_of(block->children[i])->child_count - 1;
        board_init_graph(&g->board, capacity);
        for (int pass = 0; pass < 2; pass++)
            for (int i = 0; i < block->child_count; i++) {
                const ast_node *e = head_of(block->children[i]);
                if (pass == 0 && is_name(e->children[0], "cells"))
                    for (int k = 1; k < e->child_count; k++)
                        board_graph_add_cell(&g->board, e->children[k]->text);
                if (pass == 1 && is_name(e->children[0], "link"))
                    board_graph_link(&g->board, e->children[1]->text, e->children[2]->text,
                                     e->children[3]->text, e->child_count == 5 ? e->children[4]->text : NULL);
            }
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
            if (is_name(h->children[k], "facing"))
                c->facing[i] = board_direction(&g->board, h->children[k + 1]->text);
    }
    for (int p = 0; p < g->player_count; p++)
        if (c->facing[p] < 0)
            c->facing[p] = 0;
}

static bool evaluate_static(compiler *c, const ast_node *node, cellset *out)
{
    /* setup lists: cell names, ranks and files, set algebra over them */
    if (static_cells(c, node, out))
        return true;
    if (node->kind == AST_BINARY && (node->op == AST_OP_UNION || node->op == AST_OP_INTERSECT
                                     || node->op == AST_OP_MINUS || node->op == AST_OP_OR
                                     || node->op == AST_OP_AND)) {
        cellset right;
        if (!evaluate_static(c, node->children[0], out) || !evaluate_static(c, node->children[1], &right))
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
        return evaluate_static(c, node->children[0], out);
    if (node->kind == AST_NAME) {
        int region = find_text(c->region_names, c->g->region_count, node->text);
        if (region >= 0) {
            *out = c->g->sets[c->g->region_sets[region * GAME_MAX_PLAYERS]];
            return true;
        }
    }
    return false;
}

static void compile_setup(compiler *c, const ast_node *statement)
{
    game *g = c->g;
    const ast_node *block = block_of(statement);
    for (int i = 0; i < block->child_count; i++) {
        const ast_node *entry = block->children[i];
        const ast_node *h = head_of(entry);
        const ast_node *cells = colon_of(entry);
        if (!cells) {
            /* reserve PLAYER TYPE N|unlimited */
            int type = type_index(c, h->children[2]->text);
            int amount = h->children[3]->kind == AST_NUMBER ? (int)h->children[3]->number : -1;
            int player = player_ref_of(c, h->children[1]);
            for (int p = 0; p < g->player_count; p++)
                if (player == PLAYER_EVERYONE || player == PLAYER_FIXED + p)
                    g->initial_reserve[p][type] = amount;
            continue;
        }
        int player = player_ref_of(c, h->children[0]) - PLAYER_FIXED;
        int type = type_index(c, h->children[1]->text);
        cellset set;
        if (player < 0 || type < 0 || !evaluate_static(c, cells, &set)) {
            fail(c, cells, "the cells of a setup must be known when the game loads");
            continue;
        }
        for (int cell = cellset_next(&set, -1, g->words); cell >= 0; cell = cellset_next(&set, cell, g->words))
            g->initial_cells[cell] = PIECE_CODE(type, player, 0);
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
    for (size_t i = 0; i < cells * GAME_MAX_TYPES * 4; i++)
        g->zobrist_piece[i] = rng_splitmix(&state);
    for (size_t i = 0; i < cells * GAME_MAX_FLAGS; i++)
        g->zobrist_flag[i] = rng_splitmix(&state);
    for (int p = 0; p < GAME_MAX_PLAYERS; p++)
        g->zobrist_side[p] = rng_splitmix(&state);
    return true;
}

static int select_type(compiler *c, int type, int body)
{
    int n = add_node(c, M_SELECT);
    if (n < 0)
        return -1;
    int own = add_expr(c, C_SET_FRIEND, 0, -1, -1, 0);
    int set = type >= 0 ? add_expr(c, C_SET_INTERSECT, 0, own, add_expr(c, C_SET_TYPE, 0, -1, -1, type), 0) : own;
    c->g->nodes[n].at = (int16_t)set;
    c->g->nodes[n].a = (int16_t)body;
    return n;
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
            /* move TYPE: ACTIONS */
            const ast_node *type_name = h->children[1];
            int type = type_name->kind == AST_NAME ? type_index(c, type_name->text) : -1;
            alternative = select_type(c, type, compile_moves(c, value));
        } else if (h->kind == AST_PHRASE && is_name(h->children[0], "value")) {
            continue;
        } else {
            alternative = compile_moves(c, h);
            if (alternative >= 0 && c->g->nodes[alternative].op == M_PASS && pass_node) {
                *pass_node = alternative;
                continue;
            }
        }
        result = result < 0 ? alternative : binary_node(c, M_ALT, result, alternative);
    }
    return result;
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
    const ast_node *moves_of_type[GAME_MAX_TYPES] = { 0 };
    for (int i = 0; i < c->count; i++) {
        const ast_node *st = s[i];
        const char *head = statement_head(st);
        if (st->kind == AST_PATTERN) {
            if (g->pattern_count < 64) {
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
        } else if (!strcmp(head, "var") && g->var_count < GAME_MAX_VARS) {
            const ast_node *initial = equals_of(st);
            g->var_initial[g->var_count] = initial && initial->kind == AST_NUMBER ? (int)initial->number : 0;
            snprintf(g->var_names[g->var_count++], GAME_NAME, "%s", statement_name(st));
        } else if (!strcmp(head, "directions") && c->direction_set_count < 64) {
            c->direction_names[c->direction_set_count] = statement_name(st);
            c->direction_values[c->direction_set_count++] = equals_of(st);
        } else if (!strcmp(head, "region") && g->region_count < 64) {
            c->region_names[g->region_count++] = statement_name(st);
        }
    }
    g->moved_flag = flag_index(c, "moved");
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
        int r = find_text(c->region_names, g->region_count, statement_name(st));
        const ast_node *value = equals_of(st);
        for (int p = 0; p < g->player_count; p++) {
            const ast_node *cells = value;
            const ast_node *block = block_of(st);
            for (int k = 0; block && k < block->child_count; k++)
                if (player_ref_of(c, head_of(block->children[k])) == PLAYER_FIXED + p)
                    cells = colon_of(block->children[k]);
            cellset set;
            cellset_clear(&set, CELLSET_WORDS);
            if (cells && !evaluate_static(c, cells, &set))
                fail(c, cells, "a region must be known when the game loads");
            g->region_sets[r * GAME_MAX_PLAYERS + p] = add_set(c, &set);
        }
    }
    for (int i = 0; i < g->pattern_count; i++)
        compile_pattern(c, c->pattern_nodes[i], &g->patterns[i]);

    /* the turn */
    int turn = -1, after = -1, pass_node = -1;
    for (int i = 0; i < c->count; i++) {
        const ast_node *st = s[i];
        const char *head = statement_head(st);
        if (st->kind != AST_STATEMENT || !head)
            continue;
        if (!strcmp(head, "turn"))
            turn = alternatives_of(c, block_of(st), &pass_node);
        else if (!strcmp(head, "after"))
            after = compile_moves(c, colon_of(st));
        else if (!strcmp(head, "pass")) {
            const ast_node *h = head_of(st);
            if (h->kind == AST_GUARD)
                g->pass_when_stuck = true;
            else
                g->pass_always = true;
        } else if (!strcmp(head, "moves")) {
            int type = type_index(c, statement_name(st));
            if (type >= 0)
                moves_of_type[type] = block_of(st);
        }
    }
    if (turn < 0) {
        for (int t = 0; t < g->type_count; t++) {
            if (!moves_of_type[t])
                continue;
            int body = alternatives_of(c, moves_of_type[t], NULL);
            if (body < 0)
                continue;
            int alternative = select_type(c, t, body);
            turn = turn < 0 ? alternative : binary_node(c, M_ALT, turn, alternative);
        }
    }
    if (turn >= 0 && after >= 0) {
        /* after-rules never make a move illegal: M_REPEAT 0..1 maximal runs
         * them when they can run and skips them otherwise */
        int optional = repeat(c, after, 0, 1, MF_MAXIMAL);
        turn = binary_node(c, M_SEQ, turn, optional);
    }
    if (pass_node >= 0)
        turn = turn < 0 ? pass_node : binary_node(c, M_ALT, turn, pass_node);
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
                       : !strcmp(effect, "reserve") ? CAPTURE_RESERVE : CAPTURE_REMOVE;
        } else if (!strcmp(head, "filter")) {
            const ast_node *block = block_of(st);
            for (int k = 0; k < block->child_count && g->filter_count < 8; k++) {
                const ast_node *f = head_of(block->children[k]);
                filter *out = &g->filters[g->filter_count];
                memset(out, 0, sizeof *out);
                if (f->kind == AST_PHRASE && is_name(f->children[0], "prefer")) {
                    out->kind = FILTER_PREFER_CAPTURES;
                } else if (f->kind == AST_GUARD) {
                    const ast_node *what = f->children[0];
                    out->negate = f->op == AST_OP_UNLESS;
                    if (is_name(what, "legal")) {
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
                    fail(c, f, "unknown filter");
                    continue;
                }
                g->filter_count++;
            }
        } else if (!strcmp(head, "end")) {
            const ast_node *block = block_of(st);
            for (int k = 0; k < block->child_count && g->end_count < 32; k++) {
                end_rule *rule = &g->ends[g->end_count++];
                rule->condition = (int16_t)compile_condition(c, head_of(block->children[k]));
                const ast_node *o = colon_of(block->children[k]);
                if (is_name(o, "draw")) {
                    rule->outcome = OUTCOME_DRAW;
                } else if (o->kind == AST_PHRASE && o->child_count == 3) {
                    rule->outcome = is_name(o->children[0], "lowest") ? OUTCOME_LOWEST_SCORE : OUTCOME_HIGHEST_SCORE;
                } else {
                    rule->outcome = is_name(o->children[1], "loses") ? OUTCOME_LOSS : OUTCOME_WIN;
                    rule->player = (uint8_t)player_ref_of(c, o->children[0]);
                }
            }
        } else if (!strcmp(head, "score")) {
            g->score = (int16_t)compile_number(c, colon_of(st));
        } else if (!strcmp(head, "order")) {
            const ast_node *h = head_of(st);
            const ast_node *prefix = h, *cycle = NULL;
            if (h->kind == AST_BINARY && h->op == AST_OP_THEN) {
                prefix = h->children[0];
                cycle = h->children[1];
            }
            for (int k = 1; k < prefix->child_count && g->order_prefix_length < 16; k++)
                g->order_prefix[g->order_prefix_length++] = player_ref_of(c, prefix->children[k]) - PLAYER_FIXED;
            for (int k = 1; cycle && k < cycle->child_count && g->order_cycle_length < 16; k++)
                g->order_cycle[g->order_cycle_length++] = player_ref_of(c, cycle->children[k]) - PLAYER_FIXED;
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
            position_field *f = &g->fields[g->field_count++];
            f->kind = g->var_is_cell[v] ? FIELD_CELL : FIELD_VAR;
            f->index = (int16_t)v;
        }
        for (int fl = 0; fl < g->flag_count && g->field_count < 15; fl++) {
            position_field *f = &g->fields[g->field_count++];
            f->kind = FIELD_FLAGGED;
            f->index = (int16_t)fl;
        }
        g->fields[g->field_count++].kind = FIELD_PLIES;
        return;
    }
    for (int i = 0; i < block->child_count && g->field_count < 16; i++) {
        const ast_node *h = head_of(block->children[i]);
        const ast_node *value = colon_of(block->children[i]);
        const ast_node *word = h->kind == AST_PHRASE ? h->children[0] : h;
        const ast_node *name = h->kind == AST_PHRASE ? h->children[1] : NULL;
        position_field *f = &g->fields[g->field_count++];
        memset(f, 0, sizeof *f);
        if (is_name(word, "reserves")) f->kind = FIELD_RESERVES;
        else if (is_name(word, "plies")) f->kind = FIELD_PLIES;
        else if (is_name(word, "since-reset")) f->kind = FIELD_SINCE_RESET;
        else if (is_name(word, "move-number")) f->kind = FIELD_MOVE_NUMBER;
        else if (is_name(word, "cell") || is_name(word, "var")) {
            f->kind = is_name(word, "cell") ? FIELD_CELL : FIELD_VAR;
            f->index = (int16_t)var_index(c, name->text);
            if (f->kind == FIELD_CELL)
                g->var_is_cell[f->index] = true;
        } else if (is_name(word, "cells")) {
            f->kind = FIELD_FLAGGED;
            f->index = (int16_t)flag_index(c, name->text);
        } else {
            f->kind = FIELD_LETTERS;
            f->index = (int16_t)flag_index(c, name->text);
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
}

game *compile_game(const ast_node *game_node, const ast_node *variant,
                   const ast_node *const *statements, int count,
                   const ast_node *const *templates, int template_count, diag_list *diagnostics)
{
    game *g = calloc(1, sizeof *g);
    if (!g)
        return NULL;
    g->turn = -1;
    g->score = -1;
    g->moved_flag = -1;
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
    if (!c.failed)
        compile_position_fields(&c);
    /* a variable that holds a cell starts as no cell */
    for (int v = 0; v < g->var_count; v++)
        if (g->var_is_cell[v])
            g->var_initial[v] = -1;
    if (!c.failed && !make_keys(g))
        c.failed = true;
    if (!c.failed && g->turn >= 0 && !attack_build(g))
        c.failed = true;
    if (!c.failed && g->turn < 0)
        fail(&c, game_node, "the game has no way to move");
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
    free(g->exprs);
    free(g->nodes);
    free(g->dlists);
    free(g->sets);
    free(g->region_sets);
    free(g->patterns);
    free(g->initial_cells);
    free(g->reach);
    free(g->zobrist_piece);
    free(g->zobrist_flag);
    free(g);
}

int game_player_at(const game *g, int ply)
{
    if (ply < g->order_prefix_length)
        return g->order_prefix[ply];
    if (g->order_cycle_length > 0)
        return g->order_cycle[(ply - g->order_prefix_length) % g->order_cycle_length];
    if (g->order_prefix_length > 0)
        return g->order_prefix[(ply - g->order_prefix_length) % g->order_prefix_length];
    return g->player_count > 0 ? ply % g->player_count : 0;
}
