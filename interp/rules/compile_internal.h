/* compile_internal: what the compiler's parts share (compile.c: tables,
 * names, statements and the driver; compile_expr.c: directions and
 * expressions; compile_moves.c: patterns and moves).  Not installed. */
#ifndef TABULA_COMPILE_INTERNAL_H
#define TABULA_COMPILE_INTERNAL_H

#include <stdbool.h>
#include <stdint.h>

#include "ast.h"
#include "diag.h"
#include "game/game.h"

typedef struct compiler {
    game *g;
    diag_list *diagnostics;
    const ast_node *const *statements;
    int count;
    const ast_node *const *templates;
    int template_count;
    bool failed;
    int facing[GAME_MAX_PLAYERS];
    bool facing_known[GAME_MAX_PLAYERS];   /* given, or the board has the default */
    const char *region_names[64];
    const char *pattern_names[64];
    const ast_node *pattern_nodes[64];
    const char *direction_names[64];
    const ast_node *direction_values[64];
    int direction_set_count;
    /* each type's own moves: its piece block or its 'moves TYPE' block */
    const ast_node *moves_of_type[GAME_MAX_TYPES];
    bool regions_built;         /* game.region_sets are made (kin() reads them) */
    /* inside a pattern */
    const char *variable;
    const char *labels[GAME_MAX_LABELS];
    int label_count;
    int depth;
    source_location location;  /* of the move rule being compiled, for its nodes */
    /* a variable that an after-move rule sets, unguarded, at every move
     * (game.transient_var) */
    bool set_every_move[GAME_MAX_VARS];
} compiler;

void compile_fail(compiler *c, const ast_node *at, const char *message);
int compile_add_expr(compiler *c, uint8_t op, uint8_t player, int a, int b, int32_t value);
int compile_add_node(compiler *c, uint8_t op);
int compile_add_set(compiler *c, const cellset *set);
int compile_add_dlist(compiler *c);
int compile_find_text(const char *const *names, int count, const char *name);
int compile_type_index(const compiler *c, const char *name);
int compile_player_index(const compiler *c, const char *name);
int compile_var_index(const compiler *c, const char *name);
int compile_flag_index(const compiler *c, const char *name);
bool compile_is_name(const ast_node *n, const char *text);
/* Whether NODE is `WORD of X` (top of, one of, bottom of). */
bool compile_word_of(const ast_node *node, const char *word);
/* NODE without the parentheses around it. */
const ast_node *compile_ungroup(const ast_node *node);
int compile_player_ref(const compiler *c, const ast_node *node);
int compile_directions(compiler *c, const ast_node *node);
int compile_all_directions(compiler *c);
bool compile_static_cells(compiler *c, const ast_node *node, cellset *out);
bool compile_uses_results(const ast_node *node);
int compile_pattern_index(const compiler *c, const ast_node *node);
int compile_set(compiler *c, const ast_node *node);
int compile_number(compiler *c, const ast_node *node);
int compile_condition(compiler *c, const ast_node *node);
void compile_pattern(compiler *c, const ast_node *node, pattern *out);
int compile_repeat(compiler *c, int body, int min, int max, uint16_t flags);
int compile_binary_node(compiler *c, uint8_t op, int a, int b);
int compile_action(compiler *c, const ast_node *node);
int compile_moves(compiler *c, const ast_node *node);

#endif
