/* check_internal: what the parts of the checker share.  Not installed. */
#ifndef TABULA_CHECK_INTERNAL_H
#define TABULA_CHECK_INTERNAL_H

#include <stdbool.h>

#include "ast.h"
#include "game/board.h"
#include "rules/check.h"
#include "diag.h"

/* The piece types the checker keeps the symbols of: more than a game
 * holds (GAME_MAX_TYPES), which is reported where they are declared. */
#define CHECK_MAX_PIECES 64

/* What a name can stand for; one name may be several (a player's name is
 * also an occupancy test). */
enum {
    NAME_DIRECTION = 1 << 0,
    NAME_CELL = 1 << 1,
    NAME_SET = 1 << 2,        /* built-in cell sets, regions, anchors */
    NAME_TEST = 1 << 3,       /* occupancy tests */
    NAME_PIECE = 1 << 4,
    NAME_PLAYER = 1 << 5,
    NAME_PATTERN = 1 << 6,
    NAME_VARIABLE = 1 << 7,
    NAME_FLAG = 1 << 8,
    NAME_WORD = 1 << 9,       /* words that phrases are made of: wins, draw, moves ... */
    NAME_LABEL = 1 << 10,     /* pattern variables and labels in scope */
    NAME_FUNCTION = 1 << 11,
    NAME_REGION = 1 << 12,    /* (with NAME_SET) a region the file declares */
};

typedef struct symbol {
    char *name;
    int kinds;
    source_location at;
    bool declared;            /* by the file (not built in) */
    bool library;             /* declared by an included library file */
    int uses;
} symbol;

/* Expression contexts: what the value of an expression must be. */
typedef enum expect {
    EXPECT_ANY,
    EXPECT_DIRECTIONS,
    EXPECT_CELLS,             /* also tests: "enemy stone" is the cells holding one */
    EXPECT_PIECE,
    EXPECT_PLAYER,
    EXPECT_NUMBER,
    EXPECT_CONDITION,
    EXPECT_ACTIONS,
    EXPECT_OUTCOME,
    EXPECT_PATTERN,
    EXPECT_REGION,            /* a region's name: one set of cells for each player */
} expect;

typedef struct check_context {
    diag_list *diagnostics;
    board board;
    bool has_board;
    bool board_broken;        /* a board statement was refused: what depends on it is not checked */
    symbol *symbols;
    int symbol_count;
    int symbol_capacity;
    source_location game_location;
    int player_count;
    int var_slots;            /* the values the variables declared so far hold */
    bool has_out;             /* the game has an `out` rule (its variable: `var out`) */
    bool has_stacks;          /* the game has a `stacks` statement: a cell holds a stack */
    int stack_height;         /* ... of up to this many pieces (1: no stacks) */
    int scope_start;          /* symbols from here on are pattern-local */
    /* facts gathered for the end-of-game warnings */
    bool has_end;
    bool has_endless_guard;   /* a repetition or ply-limit rule */
    bool may_run_forever;     /* some way to move could cycle */
    bool places;              /* some way to move places a piece */
    bool bounded_by_removal;  /* some way to move would cycle but that it
                               * always takes a piece: bounded unless another
                               * places pieces */
    bool has_turn;
    bool captures_convert;    /* captures change owner: nothing leaves the board */
    bool declaring_library;
    /* unused declarations are reported only inside this span (a variant's
     * block); file -1 means everywhere */
    source_location report_unused_in;
    const ast_node *const *patterns;   /* the game's patterns, for their effects */
    int pattern_count;
    /* each piece type's name as its statement gives it and its first
     * symbol (NULL: none given), for `notation: algebraic`, which writes a
     * piece by its letter */
    struct {
        const ast_node *name;
        const char *symbol;
    } pieces[CHECK_MAX_PIECES];
    int piece_count;
} check_context;

/* check_names.c */
void names_init(check_context *c);
void names_free(check_context *c);
symbol *names_find(const check_context *c, const char *name);
/* Declares NAME with KINDS; reports a duplicate declaration (same kind). */
symbol *names_declare(check_context *c, const char *name, int kinds, source_location at,
                      const char *what);
void names_add_builtins(check_context *c);
void names_add_board(check_context *c);
/* Pushes and pops pattern-local names. */
int names_scope_begin(check_context *c);
void names_scope_end(check_context *c, int mark);
/* Reports NAME as unknown where KINDS were expected, with the closest
 * known name of those kinds as a hint. */
void names_report_unknown(check_context *c, const ast_node *name, int kinds, const char *what);
const char *names_kind_text(int kinds);
bool names_is_phrase_word(const char *name);

/* check_expr.c */
void check_expr(check_context *c, const ast_node *node, expect want);
void check_pattern(check_context *c, const ast_node *pattern);
/* The cells an expression stands for, when it can be known at load time
 * (setup lists, regions).  CELLS has board.cell_count entries; returns false
 * when the set depends on the position. */
bool check_static_cells(check_context *c, const ast_node *node, bool *cells);

/* check_statements.c */
/* The first LIBRARY_COUNT statements come from included library files. */
void check_statements(check_context *c, const ast_node *const *statements, int count,
                      int library_count, const ast_node *const *templates, int template_count);

/* macro.c: expands every use of DEFINES in a copy of NODE. */
ast_node *macro_expand(const ast_node *node, const ast_node *const *defines, int define_count,
                       diag_list *diagnostics);

/* The word a statement starts with ("board", "setup", ...), or NULL. */
const char *statement_head(const ast_node *statement);
/* The name a statement declares ("man" in "piece man ..."), or NULL. */
const char *statement_name(const ast_node *statement);
/* Whether STATEMENT declares a variable of each player: var NAME each. */
bool var_of_each_player(const ast_node *statement);
/* Whether ENTRY, a line of a display block, says how the board looks
 * (board STYLE [COLOUR]), and the style (BOARD_LOOK_*) WORD names. */
bool check_is_board_look_line(const ast_node *entry);
/* A graph cell's position, NODE, as (X, Y): two whole numbers; false when
 * NODE is none.  And how many cells a `cells` line names, its positions
 * aside. */
bool check_graph_position(const ast_node *node, long *x, long *y);
int check_graph_cell_count(const ast_node *cells_line);
int board_look_named(const char *word);

#endif
