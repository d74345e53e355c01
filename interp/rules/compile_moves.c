/* compile_moves: patterns into step programs and move rules into mnodes. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "rules/check_internal.h"
#include "rules/compile_internal.h"

/* --- patterns */

void compile_pattern(compiler *c, const ast_node *node, pattern *out)
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
            compile_fail(c, line, "too many lines in a pattern");
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
                    compile_fail(c, path, "too many paths in a pattern");
                    return;
                }
                int pi = out->path_count++;
                out->paths[pi].first = (int16_t)out->step_count;
                out->paths[pi].count = 0;
                out->paths[pi].group = (int16_t)group;
                out->paths[pi].line = (int16_t)line_index;
                for (int s = 0; s < path->child_count; s++) {
                    if (out->step_count >= GAME_MAX_PATTERN_STEPS) {
                        compile_fail(c, path, "too many steps in a pattern");
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
                        int label = compile_find_text(c->labels, c->label_count, test->text);
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
            out->effect[line_index] = (int16_t)compile_moves(c, line->children[1]);
        }
    }
    c->variable = NULL;
    c->label_count = 0;
}

/* --- moves */


int compile_repeat(compiler *c, int body, int min, int max, uint16_t flags)
{
    int n = compile_add_node(c, M_REPEAT);
    if (n < 0)
        return -1;
    c->g->nodes[n].a = (int16_t)body;
    c->g->nodes[n].min = (int16_t)min;
    c->g->nodes[n].max = (int16_t)max;
    c->g->nodes[n].flags = flags;
    return n;
}

int compile_binary_node(compiler *c, uint8_t op, int a, int b)
{
    int n = compile_add_node(c, op);
    if (n < 0)
        return -1;
    c->g->nodes[n].a = (int16_t)a;
    c->g->nodes[n].b = (int16_t)b;
    return n;
}

const ast_node *compile_ungroup(const ast_node *node)
{
    while (node->kind == AST_GROUP && node->op == 0 && node->child_count == 1)
        node = node->children[0];
    return node;
}

bool compile_word_of(const ast_node *node, const char *word)
{
    return node->kind == AST_BINARY && node->op == AST_OP_OF && compile_is_name(node->children[0], word);
}

int compile_action(compiler *c, const ast_node *node)
{
    static const uint8_t ops[] = {
        [AST_VERB_STEP] = M_STEP, [AST_VERB_SLIDE] = M_SLIDE, [AST_VERB_LEAP] = M_LEAP,
        [AST_VERB_HOP] = M_HOP, [AST_VERB_JUMP] = M_HOP, [AST_VERB_PUSH] = M_PUSH,
        [AST_VERB_PLACE] = M_PLACE, [AST_VERB_CHANGE] = M_CHANGE, [AST_VERB_FLIP] = M_FLIP,
        [AST_VERB_CAPTURE] = M_CAPTURE, [AST_VERB_REMOVE] = M_REMOVE, [AST_VERB_APPLY] = M_APPLY,
        [AST_VERB_SET] = M_SET_VAR, [AST_VERB_ROLL] = M_ROLL, [AST_VERB_RELOCATE] = M_RELOCATE,
        [AST_VERB_PASS] = M_PASS, [AST_VERB_SOW] = M_SOW, [AST_VERB_CARRY] = M_CARRY,
    };
    int verb = node->op;
    int index = compile_add_node(c, ops[verb]);
    if (index < 0)
        return -1;
    mnode n = c->g->nodes[index];
    const ast_node *argument = node->children[0];
    bool has_argument = argument->kind != AST_EMPTY;
    switch (verb) {
    case AST_VERB_STEP: case AST_VERB_SLIDE: case AST_VERB_LEAP: case AST_VERB_HOP:
    case AST_VERB_JUMP: case AST_VERB_PUSH: case AST_VERB_SOW: case AST_VERB_CARRY:
        n.directions = (int16_t)compile_directions(c, argument);
        break;
    case AST_VERB_PLACE:
        n.type = (int16_t)(argument->kind == AST_NAME ? compile_type_index(c, argument->text) : -1);
        if (n.type < 0)
            compile_fail(c, argument, "place needs one piece type");
        n.player = PLAYER_MOVER;
        break;
    case AST_VERB_RELOCATE:
        /* `relocate one of CELLS`: a move for each cell */
        if (compile_word_of(argument, "one")) {
            n.flags |= MF_ONE;
            argument = argument->children[1];
        }
        n.at = (int16_t)compile_set(c, argument);
        break;
    case AST_VERB_CHANGE: case AST_VERB_FLIP: case AST_VERB_REMOVE:
        if (verb != AST_VERB_FLIP && has_argument && compile_word_of(argument, "one")) {
            /* `remove one of CELLS`: a move for each piece there */
            n.flags |= MF_ONE;
            argument = compile_ungroup(argument->children[1]);
        }
        if (verb == AST_VERB_CHANGE && argument->kind == AST_PHRASE && argument->child_count == 2
            && compile_is_name(argument->children[0], "under")) {
            /* `change under CELLS`: the piece under the top of the stack */
            n.flags |= MF_UNDER;
            argument = argument->children[1];
        }
        if (has_argument)
            n.at = (int16_t)compile_set(c, argument);
        break;
    case AST_VERB_CAPTURE:
        if (has_argument && compile_word_of(argument, "top")) {
            /* `capture top of CELLS`: each stack's top piece only */
            n.flags |= MF_TOP;
            n.at = (int16_t)compile_set(c, argument->children[1]);
        } else if (has_argument && compile_word_of(argument, "one")) {
            n.flags |= MF_ONE;
            n.at = (int16_t)compile_set(c, compile_ungroup(argument->children[1]));
        } else if (has_argument) {
            int found = compile_pattern_index(c, argument);
            if (found >= 0)
                n.type = (int16_t)found;
            else
                n.at = (int16_t)compile_set(c, argument);
        }
        break;
    case AST_VERB_APPLY: {
        const ast_node *p = argument;
        if (p->kind == AST_PHRASE && p->child_count == 2 && compile_is_name(p->children[0], "one")) {
            n.flags |= MF_ONE;
            p = p->children[1];
        }
        n.type = (int16_t)compile_pattern_index(c, p);
        break;
    }
    case AST_VERB_SET: {
        const ast_node *target = argument;
        if (target->kind == AST_PHRASE && target->child_count == 2 && compile_is_name(target->children[0], "flag"))
            target = target->children[1];
        int flag = target->kind == AST_NAME ? compile_flag_index(c, target->text) : -1;
        if (flag >= 0) {
            n.op = M_SET_FLAG;
            n.type = (int16_t)flag;
        } else {
            n.type = (int16_t)(target->kind == AST_NAME ? compile_var_index(c, target->text) : -1);
        }
        break;
    }
    case AST_VERB_ROLL:
        n.type = (int16_t)(argument->kind == AST_NUMBER ? argument->number : 6);
        break;
    default:
        break;
    }
    int extra_types[GAME_MAX_TYPES], extra_count = 0;
    for (int i = 1; i < node->child_count; i++) {
        const ast_node *clause = node->children[i];
        const ast_node *value = clause->children[0];
        switch (clause->op) {
        case AST_CLAUSE_TO:
            if (verb == AST_VERB_CHANGE) {
                /* a node takes four types; the others go to more nodes,
                 * alternatives to it (promotion to five or more types) */
                int count = value->kind == AST_LIST ? value->child_count : 1;
                for (int k = 0; k < count && k < GAME_MAX_TYPES; k++) {
                    const ast_node *item = value->kind == AST_LIST ? value->children[k] : value;
                    int type = item->kind == AST_NAME ? compile_type_index(c, item->text) : -1;
                    if (k < 4)
                        n.types[k] = (int16_t)type;
                    else
                        extra_types[extra_count++] = type;
                }
            } else if (verb == AST_VERB_SET) {
                if (n.type >= 0 && compile_uses_results(value) == false && value->kind != AST_NUMBER
                    && !(value->kind == AST_BINARY && (value->op == AST_OP_PLUS || value->op == AST_OP_MINUS))) {
                    c->g->var_is_cell[n.type] = true;
                    n.value = (int16_t)compile_set(c, value);
                } else if (n.type >= 0 && c->g->var_is_cell[n.type]) {
                    n.value = (int16_t)compile_set(c, value);
                } else {
                    n.value = (int16_t)compile_number(c, value);
                }
            } else if (verb == AST_VERB_FLIP) {
                n.player = (uint8_t)compile_player_ref(c, value);
            } else if (verb == AST_VERB_ROLL) {
                n.value = (int16_t)(value->kind == AST_NAME ? compile_var_index(c, value->text) : -1);
            } else if (verb == AST_VERB_RELOCATE) {
                /* `to bottom of CELLS`: under the stack there; `one of
                 * CELLS`: a move for each cell */
                if (compile_word_of(value, "bottom")) {
                    n.flags |= MF_UNDER;
                    value = compile_ungroup(value->children[1]);
                }
                if (compile_word_of(value, "one")) {
                    n.flags |= MF_ONE_TARGET;
                    value = value->children[1];
                }
                n.target = (int16_t)compile_set(c, value);
            } else {
                n.target = (int16_t)compile_set(c, value);
            }
            break;
        case AST_CLAUSE_OVER:
            if (verb == AST_VERB_PUSH)
                n.flags |= MF_OVER_EDGE;    /* push over edge (check says so) */
            else
                n.over = (int16_t)compile_set(c, value);
            break;
        case AST_CLAUSE_AT:
            n.at = (int16_t)compile_set(c, value);
            break;
        case AST_CLAUSE_FROM:
            if (verb == AST_VERB_PLACE) {
                if (compile_is_name(value, "reserve"))
                    n.flags |= MF_FROM_RESERVE;
            } else {
                n.at = (int16_t)compile_set(c, value);
            }
            break;
        case AST_CLAUSE_FOR:
            n.player = (uint8_t)compile_player_ref(c, value);
            break;
        case AST_CLAUSE_MAX: case AST_CLAUSE_MIN: case AST_CLAUSE_EXACTLY:
            if (value->kind != AST_NUMBER) {
                /* a slide's distance worked out as it runs: `exactly d`;
                 * the node's own bounds stay open (what a reader of the
                 * rules, specialisation's, may assume) */
                n.value = (int16_t)compile_number(c, value);
                n.flags |= clause->op == AST_CLAUSE_MAX ? MF_MAX_VALUE
                         : clause->op == AST_CLAUSE_MIN ? MF_MIN_VALUE : MF_MIN_VALUE | MF_MAX_VALUE;
            } else if (clause->op == AST_CLAUSE_MAX) {
                n.max = (int16_t)value->number;
            } else if (clause->op == AST_CLAUSE_MIN) {
                n.min = (int16_t)value->number;
            } else {
                n.min = n.max = (int16_t)value->number;
            }
            break;
        case AST_CLAUSE_LAND:
            if (compile_is_name(value, "any-side"))
                n.flags |= MF_ANY_SIDE;
            else if (compile_is_name(value, "alone"))
                n.flags |= MF_ALONE;
            break;
        default:
            break;
        }
    }
    c->g->nodes[index] = n;
    for (int first = 0; first < extra_count && index >= 0; first += 4) {
        int more = compile_add_node(c, M_CHANGE);
        if (more < 0)
            return -1;
        mnode m = n;
        for (int k = 0; k < 4; k++)
            m.types[k] = (int16_t)(first + k < extra_count ? extra_types[first + k] : -1);
        c->g->nodes[more] = m;
        index = compile_binary_node(c, M_ALT, index, more);
    }
    return index;
}

static int compile_moves_at(compiler *c, const ast_node *node);

/* Each node made records where its rule is written, so that a limit hit
 * while it runs can be reported there (movegen.h). */
int compile_moves(compiler *c, const ast_node *node)
{
    source_location outer = c->location;
    c->location = node->location;
    int n = compile_moves_at(c, node);
    c->location = outer;
    return n;
}

static int compile_moves_at(compiler *c, const ast_node *node)
{
    switch (node->kind) {
    case AST_BINARY:
        if (node->op == AST_OP_UNION)
            return compile_binary_node(c, M_ALT, compile_moves(c, node->children[0]), compile_moves(c, node->children[1]));
        if (node->op == AST_OP_THEN)
            return compile_binary_node(c, M_SEQ, compile_moves(c, node->children[0]), compile_moves(c, node->children[1]));
        break;
    case AST_GUARD: {
        int n = compile_add_node(c, M_GUARD);
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
        if (compile_uses_results(node->children[1]))
            m->flags |= MF_AFTER;
        return n;
    }
    case AST_GROUP: {
        int body = compile_moves(c, node->children[0]);
        if (node->op == '+')
            return compile_repeat(c, body, 1, -1, 0);
        if (node->op == '*')
            return compile_repeat(c, body, 0, -1, 0);
        if (node->op == '?')
            return compile_repeat(c, body, 0, 1, 0);
        return body;
    }
    case AST_PHRASE:
        if (node->children[0]->kind == AST_GROUP && node->children[0]->op) {
            int r = compile_moves(c, node->children[0]);
            for (int i = 1; i < node->child_count; i++) {
                const ast_node *w = node->children[i];
                if (compile_is_name(w, "maximal")) c->g->nodes[r].flags |= MF_MAXIMAL;
                else if (compile_is_name(w, "straight")) c->g->nodes[r].flags |= MF_STRAIGHT;
                else if (compile_is_name(w, "revisit")) c->g->nodes[r].flags |= MF_REVISIT;
                else if (compile_is_name(w, "rejump")) c->g->nodes[r].flags |= MF_REJUMP;
            }
            return r;
        }
        break;
    case AST_ACTION:
        return compile_action(c, node);
    default:
        break;
    }
    compile_fail(c, node, "cannot use this as a move");
    return -1;
}
