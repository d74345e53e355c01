/* compile_expr: direction names into per-player step lists, and cell
 * sets, numbers and conditions into cexprs. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "rules/check_internal.h"
#include "rules/compile_internal.h"

/* --- directions */

static void dlist_push(compiler *c, dlist *d, int player, dstep step, const ast_node *at)
{
    for (int i = 0; i < d->count[player]; i++)
        if (!memcmp(&d->steps[player][i], &step, sizeof step))
            return;
    if (d->count[player] >= GAME_MAX_DSTEPS) {
        compile_fail(c, at, "too many directions in one list");
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
    /* the turn from the player's facing, on a square board and on a hex
     * board (1: none there, no hex cell lies to the side) */
    static const struct { const char *name; int degrees, hex_degrees; } relative[] = {
        { "forward", 0, 0 }, { "backward", 180, 180 }, { "left", 90, 1 }, { "right", -90, 1 },
        { "forward-left", 45, 60 }, { "forward-right", -45, -60 }, { "backward-left", 135, 120 },
        { "backward-right", -135, -120 },
    };
    for (size_t i = 0; i < sizeof relative / sizeof *relative; i++) {
        if (strcmp(name, relative[i].name))
            continue;
        bool hex = b->kind == BOARD_HEX;
        for (int p = 0; p < c->g->player_count; p++) {
            if (!c->facing_known[p]) {
                compile_fail(c, node, hex ? "say where each player faces on a hex board: players { red facing ne; blue facing sw }"
                                          : "say where each player faces: players { red facing n; ... }");
                return;
            }
            int turned = board_rotate(b, c->facing[p], hex ? relative[i].hex_degrees : relative[i].degrees);
            if (turned < 0) {
                compile_fail(c, node, "this board cannot turn that way");
                return;
            }
            step.direction = (int8_t)turned;
            dlist_push(c, d, p, step, node);
        }
        return;
    }
    int set = compile_find_text(c->direction_names, c->direction_set_count, name);
    if (set >= 0 && depth < 8) {
        add_directions(c, d, c->direction_values[set], wrap, depth + 1);
        return;
    }
    compile_fail(c, node, "unknown direction");
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
            wrapped = wrapped || compile_is_name(node->children[i], "wrap");
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
            if (c->variable && compile_is_name(base, c->variable)) {
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
            if (c->variable && compile_is_name(base, c->variable)) {
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
    compile_fail(c, node, "cannot use this as directions");
}

int compile_directions(compiler *c, const ast_node *node)
{
    int index = compile_add_dlist(c);
    if (index < 0)
        return -1;
    dlist d;
    memset(&d, 0, sizeof d);
    add_directions(c, &d, node, false, 0);
    c->g->dlists[index] = d;
    return index;
}

int compile_all_directions(compiler *c)
{
    ast_node all = { .kind = AST_NAME, .text = (char *)"all" };
    return compile_directions(c, &all);
}

/* --- expressions */


static int constant_set(compiler *c, const cellset *set)
{
    int index = compile_add_set(c, set);
    return compile_add_expr(c, C_SET_CONST, 0, -1, -1, index);
}

/* rank/file/ring phrases and cell names: sets known now */
bool compile_static_cells(compiler *c, const ast_node *node, cellset *out)
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
        if (!strcmp(w, "light") || !strcmp(w, "dark"))
            c->g->cell_colours = true;   /* the rules tell the colours apart: so will the board */
        for (int i = 0; i < b->cell_count; i++) {
            bool in = !strcmp(w, "cells") ? true
                    : !strcmp(w, "light") ? b->light[i]
                    : !strcmp(w, "dark") ? !b->light[i]
                    : !strcmp(w, "edge") ? board_is_edge(b, i)
                    : !strcmp(w, "corners") ? board_is_corner(b, i)
                    : b->ring[i] == (board_is_hexagon(b) ? 0 : (b->width < b->height ? b->width - 1 : b->height - 1) / 2);
            if (in)
                cellset_add(out, i);
        }
        return true;
    }
    int named = node->kind == AST_PHRASE && node->child_count == 2 && node->children[0]->kind == AST_NAME
                && node->children[1]->kind == AST_NAME
              ? board_named_line(b, node->children[0]->text, node->children[1]->text) : -1;
    if (named >= 0 || (node->kind == AST_PHRASE && node->child_count == 2 && node->children[0]->kind == AST_NAME
                       && names_is_phrase_word(node->children[0]->text))) {
        const ast_node *v = node->children[1];
        const char *w = named >= 0 ? v->text : node->children[0]->text;   /* "top rank": as "rank 8" */
        long low, high;
        if (named >= 0) {
            low = high = named;
        } else if (v->kind == AST_NUMBER) {
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
                value = board_rank_of(b, i);
            else if (w[0] == 'f')
                value = board_file_of(b, i);
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
            if (!compile_static_cells(c, node->children[i], &part))
                return false;
            cellset_or(out, &part, CELLSET_WORDS);
        }
        return true;
    }
    return false;
}

bool compile_uses_results(const ast_node *node)
{
    if (node->kind == AST_NAME)
        return !strcmp(node->text, "line") || !strcmp(node->text, "pushed")
            || !strcmp(node->text, "jumped") || !strcmp(node->text, "marked")
            || !strcmp(node->text, "last") || !strcmp(node->text, "last-jumped");
    for (int i = 0; i < node->child_count; i++)
        if (compile_uses_results(node->children[i]))
            return true;
    return false;
}

int compile_pattern_index(const compiler *c, const ast_node *node)
{
    if (!node || node->kind != AST_NAME)
        return -1;
    return compile_find_text(c->pattern_names, c->g->pattern_count, node->text);
}

/* Whether the game gives NAME a meaning of its own (a region, a type, a
 * variable, a label), which a built-in word of the same name gives way to. */
static bool game_named(const compiler *c, const char *name)
{
    return compile_find_text(c->region_names, c->g->region_count, name) >= 0 || compile_type_index(c, name) >= 0
           || compile_var_index(c, name) >= 0 || compile_find_text(c->labels, c->label_count, name) >= 0;
}

static int set_of_name(compiler *c, const ast_node *node)
{
    const char *w = node->text;
    cellset fixed;
    if (compile_static_cells(c, node, &fixed))
        return constant_set(c, &fixed);
    static const struct { const char *name; int op; } simple[] = {
        { "empty", C_SET_EMPTY }, { "occupied", C_SET_OCCUPIED }, { "friend", C_SET_FRIEND },
        { "enemy", C_SET_ENEMY }, { "any", C_SET_ALL }, { "here", C_SET_HERE },
        { "origin", C_SET_ORIGIN }, { "last", C_SET_LAST }, { "jumped", C_SET_JUMPED },
        { "pushed", C_SET_PUSHED }, { "marked", C_SET_MARKED }, { "line", C_SET_LINE },
        { "last-jumped", C_SET_LAST_JUMPED }, { "stacked", C_SET_STACKED },
    };
    for (size_t i = 0; i < sizeof simple / sizeof *simple; i++)
        if (!strcmp(w, simple[i].name))
            return compile_add_expr(c, (uint8_t)simple[i].op, 0, -1, -1, 0);
    int label = compile_find_text(c->labels, c->label_count, w);
    if (label >= 0)
        return compile_add_expr(c, C_SET_LABEL, 0, -1, -1, label);
    int region = compile_find_text(c->region_names, c->g->region_count, w);
    if (region >= 0)
        return compile_add_expr(c, C_SET_REGION, PLAYER_MOVER, -1, -1, region);
    int type = compile_type_index(c, w);
    if (type >= 0)
        return compile_add_expr(c, C_SET_TYPE, 0, -1, -1, type);
    int player = compile_player_ref(c, node);
    if (player >= 0)
        return compile_add_expr(c, C_SET_OWNER, (uint8_t)player, -1, -1, 0);
    int var = compile_var_index(c, w);
    if (var >= 0) {
        c->g->var_is_cell[var] = true;
        return compile_add_expr(c, C_SET_VAR, 0, -1, -1, var);
    }
    int flag = compile_flag_index(c, w);
    if (flag >= 0)
        return compile_add_expr(c, C_SET_FLAGGED, 0, -1, -1, flag);
    /* true and false, after the game's own names (a region may be called
     * so): as cells, every cell and none, so that as conditions they hold
     * and do not */
    if (!strcmp(w, "true"))
        return compile_add_expr(c, C_SET_ALL, 0, -1, -1, 0);
    if (!strcmp(w, "false")) {
        cellset none;
        cellset_clear(&none, c->g->words);
        return constant_set(c, &none);
    }
    compile_fail(c, node, "cannot use this name as cells");
    return -1;
}

static int fold(compiler *c, uint8_t op, int a, int b)
{
    if (a < 0)
        return b;
    if (b < 0)
        return a;
    return compile_add_expr(c, op, 0, a, b, 0);
}

int compile_set(compiler *c, const ast_node *node)
{
    if (++c->depth > 64) {
        compile_fail(c, node, "expression nested too deeply");
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
        result = compile_add_expr(c, C_SET_ANCHOR, 0, -1, -1, 0);
        break;
    case AST_PHRASE:
    case AST_LIST:
        if (compile_static_cells(c, node, &fixed)) {
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
            result = compile_add_expr(c, C_SET_MINUS, 0, compile_set(c, node->children[0]), compile_set(c, node->children[1]), 0);
            break;
        case AST_OP_WHERE: {
            int base = compile_set(c, node->children[0]);
            int found = compile_pattern_index(c, node->children[1]);
            if (found >= 0) {
                result = compile_add_expr(c, C_SET_WHERE_PATTERN, 0, base, -1, found);
            } else {
                /* a set of cells narrows; anything else is tested per cell */
                const ast_node *rhs = node->children[1];
                bool set_like = rhs->kind == AST_NAME || rhs->kind == AST_PHRASE
                             || (rhs->kind == AST_BINARY && (rhs->op == AST_OP_UNION || rhs->op == AST_OP_INTERSECT));
                if (set_like)
                    result = compile_add_expr(c, C_SET_INTERSECT, 0, base, compile_set(c, rhs), 0);
                else
                    result = compile_add_expr(c, C_SET_WHERE_COND, 0, base, compile_condition(c, rhs), 0);
            }
            break;
        }
        case AST_OP_OF: {
            /* "home of black", "pieces of next" */
            const ast_node *what = node->children[0];
            int player = compile_player_ref(c, node->children[1]);
            int region = what->kind == AST_NAME ? compile_find_text(c->region_names, c->g->region_count, what->text) : -1;
            if (region >= 0)
                result = compile_add_expr(c, C_SET_REGION, (uint8_t)player, -1, -1, region);
            else
                result = compile_add_expr(c, C_SET_INTERSECT, 0, compile_set(c, what),
                                  compile_add_expr(c, C_SET_OWNER, (uint8_t)player, -1, -1, 0), 0);
            break;
        }
        default:
            compile_fail(c, node, "cannot use this as cells");
        }
        break;
    case AST_CALL:
        if (!strcmp(node->text, "adjacent")) {
            int dirs = node->child_count > 1 ? compile_directions(c, node->children[1]) : compile_all_directions(c);
            result = compile_add_expr(c, C_SET_ADJACENT, 0, compile_set(c, node->children[0]), -1, dirs);
        } else if (!strcmp(node->text, "sight")) {
            int dirs = compile_directions(c, node->children[1]);
            result = compile_add_expr(c, C_SET_SIGHT, 0, compile_set(c, node->children[0]), -1, dirs);
        } else if (!strcmp(node->text, "pieces")) {
            int player = compile_player_ref(c, node->children[0]);
            int type = node->child_count > 1 && node->children[1]->kind == AST_NAME
                     ? compile_type_index(c, node->children[1]->text) : -1;
            result = compile_add_expr(c, C_SET_PIECES, (uint8_t)(player < 0 ? PLAYER_MOVER : player), -1, -1, type);
        } else if (!strcmp(node->text, "holding") || !strcmp(node->text, "bottom")) {
            /* holding(TYPE [, PLAYER]): the stacks holding such a piece;
             * bottom(TYPE [, PLAYER]): those standing on one */
            int type = node->children[0]->kind == AST_NAME ? compile_type_index(c, node->children[0]->text) : -1;
            int player = node->child_count > 1 ? compile_player_ref(c, node->children[1]) : PLAYER_ANYONE;
            result = compile_add_expr(c, node->text[0] == 'h' ? C_SET_HOLDING : C_SET_BOTTOM, (uint8_t)player,
                                      -1, -1, type);
        } else if (!strcmp(node->text, "kin") && node->child_count == 1 && node->children[0]->kind == AST_NAME) {
            /* the pieces of the players whose cells of the region are the
             * mover's: for each player, a mask of its kin (itself among them) */
            const game *g = c->g;
            int region = compile_find_text(c->region_names, g->region_count, node->children[0]->text);
            if (region < 0 || !c->regions_built) {
                compile_fail(c, node, "kin() needs a region, and reads the board: it cannot make one");
                break;
            }
            int32_t kin = 0;
            for (int p = 0; p < g->player_count; p++)
                for (int q = 0; q < g->player_count; q++) {
                    const cellset *a = &g->sets[g->region_sets[region * GAME_MAX_PLAYERS + p]];
                    const cellset *b = &g->sets[g->region_sets[region * GAME_MAX_PLAYERS + q]];
                    if (!memcmp(a->w, b->w, (size_t)g->words * sizeof a->w[0]))
                        kin |= 1 << (p * 4 + q);
                }
            result = compile_add_expr(c, C_SET_KIN, 0, -1, -1, kin);
        } else if (!strcmp(node->text, "cell") && node->child_count == 2) {
            result = compile_add_expr(c, C_SET_CELL_AT, 0, compile_number(c, node->children[0]),
                                      compile_number(c, node->children[1]), 0);
        } else {
            compile_fail(c, node, "this function does not give cells");
        }
        break;
    default:
        compile_fail(c, node, "cannot use this as cells");
    }
    c->depth--;
    return result;
}

int compile_number(compiler *c, const ast_node *node)
{
    switch (node->kind) {
    case AST_NUMBER:
        return compile_add_expr(c, C_NUM_CONST, 0, -1, -1, (int32_t)node->number);
    case AST_NAME: {
        int var = compile_var_index(c, node->text);
        if (var >= 0)
            return compile_add_expr(c, C_NUM_VAR, 0, -1, -1, var);
        if (!strcmp(node->text, "players-left"))
            return compile_add_expr(c, C_NUM_PLAYERS_LEFT, 0, -1, -1, 0);
        break;
    }
    case AST_UNARY:
        if (node->op == AST_OP_NEGATE)
            return compile_add_expr(c, C_NUM_NEG, 0, compile_number(c, node->children[0]), -1, 0);
        break;
    case AST_BINARY:
        if (node->op == AST_OP_PLUS || node->op == AST_OP_MINUS)
            return compile_add_expr(c, node->op == AST_OP_PLUS ? C_NUM_ADD : C_NUM_SUB, 0,
                            compile_number(c, node->children[0]), compile_number(c, node->children[1]), 0);
        break;
    case AST_GROUP:
        return compile_number(c, node->children[0]);
    case AST_CALL:
        if (!strcmp(node->text, "count"))
            return compile_add_expr(c, C_NUM_COUNT, 0, compile_set(c, node->children[0]), -1, 0);
        if (!strcmp(node->text, "height"))
            return compile_add_expr(c, C_NUM_HEIGHT, 0, compile_set(c, node->children[0]), -1, 0);
        if (!strcmp(node->text, "score"))
            return compile_add_expr(c, C_NUM_SCORE, (uint8_t)compile_player_ref(c, node->children[0]), -1, -1, 0);
        if (!strcmp(node->text, "territory")) {
            /* the region of the players' homes, -1 for none */
            int home = node->child_count > 1
                       ? compile_find_text(c->region_names, c->g->region_count, node->children[1]->text) : -1;
            return compile_add_expr(c, C_NUM_TERRITORY, (uint8_t)compile_player_ref(c, node->children[0]), -1, -1,
                                    home);
        }
        if (!strcmp(node->text, "reserve")) {
            int player = compile_player_ref(c, node->children[0]);
            int type = node->children[1]->kind == AST_NAME ? compile_type_index(c, node->children[1]->text) : -1;
            return compile_add_expr(c, C_NUM_RESERVE, (uint8_t)player, -1, -1, type);
        }
        break;
    default:
        break;
    }
    /* a set where a number is wanted counts its cells: "pieces(next) <= 1" */
    return compile_add_expr(c, C_NUM_COUNT, 0, compile_set(c, node), -1, 0);
}

/* A comparison A OP B of numbers.  `count(S) > 0` and the like are whether
 * S is empty or not: a test of the set's words, not a count of its cells
 * (end rules such as Breakthrough's are tested after every move). */
static int compile_comparison(compiler *c, int op, int a, int b)
{
    const cexpr *e = c->g->exprs;
    if (a >= 0 && b >= 0 && e[b].op == C_NUM_COUNT && e[a].op == C_NUM_CONST) {
        /* 0 < count(S) is count(S) > 0 */
        int swapped = op == AST_OP_LT ? AST_OP_GT : op == AST_OP_GT ? AST_OP_LT
                    : op == AST_OP_LE ? AST_OP_GE : op == AST_OP_GE ? AST_OP_LE : op;
        return compile_comparison(c, swapped, b, a);
    }
    if (a >= 0 && b >= 0 && e[a].op == C_NUM_COUNT && e[b].op == C_NUM_CONST) {
        int32_t n = e[b].value;
        bool some = (op == AST_OP_GT && n == 0) || (op == AST_OP_NE && n == 0) || (op == AST_OP_GE && n == 1);
        bool none = (op == AST_OP_EQ && n == 0) || (op == AST_OP_LE && n == 0) || (op == AST_OP_LT && n == 1);
        if (some)
            return compile_add_expr(c, C_COND_NONEMPTY, 0, e[a].a, -1, 0);
        if (none)
            return compile_add_expr(c, C_COND_NOT, 0, compile_add_expr(c, C_COND_NONEMPTY, 0, e[a].a, -1, 0), -1, 0);
    }
    return compile_add_expr(c, C_COND_CMP, 0, a, b, op);
}

int compile_condition(compiler *c, const ast_node *node)
{
    switch (node->kind) {
    case AST_BINARY:
        switch (node->op) {
        case AST_OP_AND:
            return compile_add_expr(c, C_COND_AND, 0, compile_condition(c, node->children[0]),
                            compile_condition(c, node->children[1]), 0);
        case AST_OP_OR:
            return compile_add_expr(c, C_COND_OR, 0, compile_condition(c, node->children[0]),
                            compile_condition(c, node->children[1]), 0);
        case AST_OP_EQ: case AST_OP_NE: case AST_OP_LT: case AST_OP_LE: case AST_OP_GT: case AST_OP_GE:
            return compile_comparison(c, node->op, compile_number(c, node->children[0]),
                                      compile_number(c, node->children[1]));
        case AST_OP_IN:
            return compile_add_expr(c, C_COND_IN, 0, compile_set(c, node->children[0]),
                            compile_set(c, node->children[1]), 0);
        default:
            break;
        }
        break;
    case AST_UNARY:
        if (node->op == AST_OP_NOT)
            return compile_add_expr(c, C_COND_NOT, 0, compile_condition(c, node->children[0]), -1, 0);
        break;
    case AST_GROUP:
        return compile_condition(c, node->children[0]);
    case AST_PHRASE: {
        const ast_node *head = node->children[0];
        if (compile_is_name(head, "no") && node->child_count == 2)
            return compile_add_expr(c, C_COND_NO_MOVES, 0, -1, -1, 0);
        if (compile_is_name(head, "board") && node->child_count == 2)
            return compile_add_expr(c, C_COND_BOARD_REPEATED, 0, -1, -1, 0);
        if (compile_is_name(head, "repetition"))
            return compile_add_expr(c, C_COND_REPETITION, 0, -1, -1, (int32_t)node->children[1]->number);
        if (compile_is_name(head, "plies")) {
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
                        if (compile_is_name(word, "captures") || compile_is_name(word, "capture"))
                            c->g->reset_on_capture = true;
                        else if (word->kind == AST_NAME && compile_type_index(c, word->text) >= 0)
                            c->g->reset_types |= 1u << compile_type_index(c, word->text);
                    }
                }
            }
            return compile_add_expr(c, C_COND_PLIES, 0, -1, without ? 1 : 0, (int32_t)node->children[1]->number);
        }
        break;
    }
    case AST_CALL: {
        const char *f = node->text;
        if (!strcmp(f, "stuck") || !strcmp(f, "can-move"))
            return compile_add_expr(c, f[0] == 's' ? C_COND_STUCK : C_COND_CAN_MOVE,
                            (uint8_t)compile_player_ref(c, node->children[0]), -1, -1, 0);
        if (!strcmp(f, "attacked"))
            return compile_add_expr(c, C_COND_ATTACKED, 0, compile_set(c, node->children[0]), -1, 0);
        if (!strcmp(f, "in-line"))
            return compile_add_expr(c, C_COND_IN_LINE, 0, -1, -1, (int32_t)node->children[0]->number);
        if (!strcmp(f, "majority"))
            return compile_add_expr(c, C_COND_MAJORITY, 0, compile_set(c, node->children[0]), -1, 0);
        if (!strcmp(f, "moved"))
            return compile_add_expr(c, C_COND_MOVED, 0, compile_set(c, node->children[0]), -1, 0);
        if (!strcmp(f, "connected")) {
            int dirs = node->child_count > 3 ? compile_directions(c, node->children[3]) : -1;
            int player = compile_player_ref(c, node->children[0]);
            int32_t value = dirs;
            if (player < 0) {
                /* connected(CELLS, ...): a chain through a set of cells */
                player = CONNECTED_CELLS;
                value = (int32_t)((uint32_t)compile_set(c, node->children[0]) << 16 | (uint16_t)dirs);
            }
            return compile_add_expr(c, C_COND_CONNECTED, (uint8_t)player,
                                    compile_set(c, node->children[1]), compile_set(c, node->children[2]), value);
        }
        break;
    }
    case AST_NAME:
        if (!strcmp(node->text, "any") || (!strcmp(node->text, "true") && !game_named(c, node->text)))
            return compile_add_expr(c, C_COND_TRUE, 0, -1, -1, 0);
        if (!strcmp(node->text, "false") && !game_named(c, node->text))
            return compile_add_expr(c, C_COND_NOT, 0, compile_add_expr(c, C_COND_TRUE, 0, -1, -1, 0), -1, 0);
        break;
    default:
        break;
    }
    /* a set as a condition: "is not empty" */
    return compile_add_expr(c, C_COND_NONEMPTY, 0, compile_set(c, node), -1, 0);
}
