/* game: a rules file compiled for play, built once when it loads.
 *
 * game_load (rules/load.h) reads, checks and compiles a rules file (one
 * variant of it).
 * The result is immutable: the board's tables, the piece types, and the
 * turn as a tree of compiled move nodes (mnode) whose operands are compiled
 * expressions (cexpr), direction lists resolved per player, patterns and
 * end rules.  Nothing here points back into the syntax tree, and no name is
 * looked up during play.
 *
 * The last step of loading (spec/) adds what the rules imply: facts that
 * let the generator skip general work, and the tables they index.  The
 * facts are kept apart from the rules, in the `spec` member of the game
 * and of each expression, node and pattern, each with a NONE value that
 * claims nothing; the rules alone are a complete game, which
 * specialise_none (and TABULA_SPECIALISE=off) plays.
 */
#ifndef TABULA_GAME_H
#define TABULA_GAME_H

#include <stdbool.h>
#include <stdint.h>

#include "game/board.h"
#include "game/cellset.h"
#include "game/limits.h"
#include "game/programs.h"
#include "diag.h"
#include "loader.h"
#include "source.h"

/* Who an expression speaks of. */
typedef enum player_ref {
    PLAYER_MOVER,       /* the player making (or who made) the move */
    PLAYER_NEXT,        /* the player to move */
    PLAYER_OPPONENT,    /* the mover's opponent (two players), else the next player */
    PLAYER_SCORED,      /* the player a score is computed for */
    PLAYER_EVERYONE,
    PLAYER_ANYONE,
    PLAYER_FIXED,       /* + index: a named player */
} player_ref;

typedef enum cop {
    /* cell sets */
    C_SET_CONST,        /* value: index into game.sets */
    C_SET_REGION,       /* value: region index, player: whose */
    C_SET_EMPTY, C_SET_OCCUPIED, C_SET_FRIEND, C_SET_ENEMY, C_SET_ALL,
    C_SET_TYPE,         /* value: type */
    C_SET_OWNER,        /* player */
    C_SET_PIECES,       /* player, value: type or -1 */
    C_SET_HERE, C_SET_ORIGIN, C_SET_LAST, C_SET_JUMPED, C_SET_PUSHED, C_SET_MARKED,
    C_SET_LAST_JUMPED,  /* the cell the turn's last hop passed over */
    C_SET_LINE, C_SET_LABEL /* value: label */, C_SET_VAR /* value: var */, C_SET_ANCHOR,
    C_SET_UNION, C_SET_INTERSECT, C_SET_MINUS,
    C_SET_ADJACENT,     /* a: set, value: direction list or -1 for all */
    C_SET_SIGHT,        /* a: set, value: direction list */
    C_SET_WHERE_PATTERN,/* a: set, value: pattern */
    C_SET_WHERE_COND,   /* a: set, b: condition tested with each cell as 'here' */
    C_SET_KIN,          /* value: bit p * 4 + q, player q is kin of player p
                         * (they have the same cells in the region kin() names) */
    C_SET_STACKED,      /* the cells holding two pieces or more: stacked */
    C_SET_HOLDING,      /* value: type; player (PLAYER_ANYONE: anyone's): the
                         * cells whose stack holds such a piece: holding(TYPE) */
    C_SET_BOTTOM,       /* the same, whose bottom piece is one: bottom(TYPE) */
    C_SET_FLAGGED,      /* value: flag; the cells whose piece has it: promoted */
    C_SET_CELL_AT,      /* a, b: numbers, the file and rank from 1: cell(X, Y)
                         * (the last of the sets) */
    /* numbers */
    C_NUM_CONST,        /* value */
    C_NUM_COUNT,        /* a: set */
    C_NUM_VAR,          /* value: var */
    C_NUM_SCORE, C_NUM_TERRITORY, /* player; territory's value: the region of
                                   * the players' homes, -1 none */
    C_NUM_RESERVE,      /* player, value: type */
    C_NUM_ADD, C_NUM_SUB, C_NUM_NEG,
    C_NUM_PLAYERS_LEFT, /* the players not out (see game.out_var) */
    C_NUM_HEIGHT,       /* a: set; the pieces on its cells (stacks counted whole) */
    /* conditions */
    C_COND_AND, C_COND_OR, C_COND_NOT,
    C_COND_CMP,         /* value: ast_op of the comparison; a, b: numbers */
    C_COND_NONEMPTY,    /* a: set */
    C_COND_IN,          /* a, b: sets; a is not empty and inside b */
    C_COND_NO_MOVES, C_COND_STUCK /* player */, C_COND_CAN_MOVE /* player */,
    C_COND_ATTACKED,    /* a: set */
    C_COND_REPETITION,  /* value: count */
    C_COND_BOARD_REPEATED, /* the move brought an earlier board back (pos_board_recurs) */
    C_COND_PLIES,       /* value: count; b: 1 when counted since the last reset */
    C_COND_IN_LINE,     /* value: length */
    C_COND_CONNECTED,   /* player, a, b: sets, value: direction list or -1;
                         * player CONNECTED_CELLS: the chain's cells are a set,
                         * value its cexpr << 16 | the direction list (16 bits) */
    C_COND_MAJORITY,    /* a: set */
    C_COND_MOVED,       /* a: set */
    C_COND_TRUE,
} cop;

/* What specialisation (spec/) found of one expression; EXPR_FACTS_NONE
 * claims nothing, and the generator then does the general work. */
typedef struct expr_facts {
    bool cell_test;     /* eval_has tests one cell cheaply */
    bool sight_shifts;  /* sight along shifts only (sight_all) */
    int16_t word_program; /* game.word_ops index, -1: none */
    int16_t cell_program; /* game.cell_ops index, -1: none */
    int16_t content;    /* a cell test that reads only the cell's piece, and
                         * fixed sets of cells (regions): game.content_bits
                         * table, -1: none */
    bool content_placed; /* its table has classes of cells (content_class) */
    bool count_words;   /* C_COND_NONEMPTY of S, or C_COND_CMP of count(S)
                         * with a constant, S read from the position alone by
                         * a word program (movegen_result reads it without a
                         * generator) */
} expr_facts;
#define EXPR_FACTS_NONE ((expr_facts){ .word_program = -1, .cell_program = -1, .content = -1 })

typedef struct cexpr {
    uint8_t op;
    uint8_t player;     /* a player_ref (+ index for PLAYER_FIXED) */
    int16_t a, b;       /* operand expressions, -1 when absent */
    int32_t value;
    expr_facts spec;    /* set by specialise */
} cexpr;

/* connected(CELLS, A, B, DIRS): a chain through CELLS, not a player's pieces. */
#define CONNECTED_CELLS 0xFF
/* A connected condition's direction list (-1: all directions). */
static inline int connected_directions(const cexpr *c) { return (int16_t)(c->value & 0xFFFF); }
/* Its chain's cells with CONNECTED_CELLS: a cexpr. */
static inline int connected_cells(const cexpr *c) { return (int)((uint32_t)c->value >> 16); }

/* One way to take a step from a cell, resolved for one player. */
typedef enum dstep_kind {
    STEP_DIRECTION,     /* board neighbour table */
    STEP_WRAPPED,       /* neighbour with both axes wrapped */
    STEP_RING_CLOCKWISE,
    STEP_RING_COUNTER_CLOCKWISE,
    STEP_OFFSET,        /* dx, dy: files and ranks on a square or hex board */
    STEP_VARIABLE,      /* the pattern variable turned by 'turn' directions */
} dstep_kind;

typedef struct dstep {
    uint8_t kind;
    int8_t direction;   /* STEP_DIRECTION/WRAPPED: index; STEP_VARIABLE: turn steps */
    int8_t dx, dy;
} dstep;

#define GAME_MAX_DSTEPS 32
#define GAME_MAX_RAY_ENTRIES 16
/* the fixed cell sets a content table may read (classes: 2 to that power) */
#define GAME_MAX_CONTENT_PLACES 2
#define GAME_CONTENT_CLASSES (1 << GAME_MAX_CONTENT_PLACES)

typedef struct dlist {
    int count[GAME_MAX_PLAYERS];
    dstep steps[GAME_MAX_PLAYERS][GAME_MAX_DSTEPS];
} dlist;

/* Attack rays (see attack.h).  A line is one direction step of one
 * player's pieces, walked back from an attacked cell c: ray_from[at + c]
 * is the cell the step reaches c from (-1: none), and the words at
 * ray_masks[(at + c) * words] are every cell a piece could land on c
 * from along it (to distance MAX, -1: any).  Its rays are the piece types
 * that take by landing along it, each at distances MIN..MAX (1..1 for a
 * step or leap) and only on cells in its TARGET. */
typedef struct attack_line {
    int16_t max;
    uint32_t types;         /* bit t: a ray of type t */
    int32_t at;             /* its tables' place: the line's index times the cell count */
    int first, count;       /* its rays in game.rays */
} attack_line;

/* A move of PLAYER's pieces of TYPE that may take and is not a ray, and
 * lands first on a cell of the set EXPR, which reads only the position:
 * while that set is empty, the move affects no cell (attack_residual_live). */
typedef struct ray_entry {
    int8_t player, type;
    int16_t expr;
} ray_entry;

typedef struct attack_ray {
    int16_t type;
    int16_t min, max;
    int16_t target;         /* cexpr */
} attack_ray;

typedef enum mop {
    M_ALT,              /* a | b */
    M_SEQ,              /* a then b */
    M_REPEAT,           /* a repeated min..max times (max -1: unbounded) */
    M_GUARD,            /* a if cond (negate: unless); after: tested on a's results */
    M_SELECT,           /* choose an own piece whose cell is in 'at', then a */
    M_STEP, M_SLIDE, M_LEAP, M_HOP, M_PUSH, M_PLACE, M_CHANGE, M_FLIP,
    M_CAPTURE, M_REMOVE, M_APPLY, M_SET_VAR, M_SET_FLAG, M_ROLL, M_RELOCATE, M_PASS,
    M_SOW,              /* the stacks on 'at' (each a move), dropped one piece a
                         * cell along the first direction, on cells of 'target' */
    M_CARRY,            /* the top 1..max pieces of the anchor's stack, dropped
                         * along a direction, at least one a cell: on cells
                         * of 'over', the last on 'target' (-1: any cell) */
} mop;

enum {
    MF_MAXIMAL = 1 << 0,    /* repetition: go on while possible */
    MF_STRAIGHT = 1 << 1,   /* repetition: keep the first direction */
    MF_REVISIT = 1 << 2,    /* repetition: cells may be visited again */
    MF_REJUMP = 1 << 3,     /* repetition: a piece may be jumped twice */
    MF_ANY_SIDE = 1 << 4,   /* hop: land on any side but back */
    MF_NEGATE = 1 << 5,     /* guard: 'unless' */
    MF_AFTER = 1 << 6,      /* guard: tested on the action's results */
    MF_ONE = 1 << 7,        /* apply: one move per match */
    MF_FROM_RESERVE = 1 << 8,
    MF_IN_CHAIN = 1 << 9,   /* movement inside a repetition: no cell twice */
    MF_TOP = 1 << 10,       /* capture: the top piece of each stack only */
    MF_ONE_TARGET = 1 << 11, /* relocate: one move for each cell of the target
                              * (MF_ONE: of the cells relocated) */
    MF_UNDER = 1 << 12,     /* relocate: under the target's stack; change: the
                             * piece under the top */
    MF_ALONE = 1 << 13,     /* carry: one piece alone drops on the last cell
                             * (land alone) */
    MF_MIN_VALUE = 1 << 14, /* slide: min is the number 'value' (a cexpr) has
                             * when the slide runs (a variable, a die) */
    MF_MAX_VALUE = 1 << 15, /* slide: max is that number (both: exactly) */
    MF_OVER_EDGE = 1 << 16, /* push: the far end's piece may go over the edge,
                             * taken (over edge) */
};

#define GAME_MAX_AFTER_LANDING 4
/* game.playout_shifts: its selects, and the groups of landings of one
 * step direction each select_batch keeps for a select (BATCH_GROUPS) */
#define GAME_MAX_SHIFT_SELECTS 8
#define GAME_MAX_SHIFT_GROUPS 32

/* What specialisation (spec/) found of one move node; NODE_FACTS_NONE
 * claims nothing, and the generator then does the general work. */
enum {
    NF_HARMLESS = 1 << 0,  /* the subtree takes no piece and
                             * changes no owner (attack detection skips it) */
    /* see select_batch in select.c: */
    NF_LANDINGS = 1 << 1,  /* select: some alternatives are NF_LANDING leaves */
    NF_SHIFTS = 1 << 2,    /* select: NF_LANDINGS, each a step along a shift, to
                             * cells that do not depend on the piece */
    NF_MIXED = 1 << 3,     /* select: NF_LANDINGS, and other alternatives too */
    NF_LANDING = 1 << 4,   /* step, leap, slide: each step a function of the cell */
    NF_UNIQUE = 1 << 5,    /* place: the turn's first action, and what follows
                             * makes one move of each placement and fills no
                             * empty cell: no two placements are one move;
                             * select (game.unique_landings): no two landings
                             * from and to the same cells are one move */
    NF_KEYED = 1 << 6,     /* place: every move of the turn is one movement
                             * of the piece chosen, of another type, then this
                             * placement, on cells read from the position and
                             * where the piece landed: two moves are one only
                             * when they place on one cell after one position
                             * (see keyed_placements in specialise.c) */
    NF_HOP_CHAIN = 1 << 7, /* repetition: of one hop onto empty cells, over
                             * cells tested by their content alone: may run
                             * as hop_chain.c searches */
    NF_LANDINGS_TAKE = 1 << 8, /* select: NF_LANDINGS, and some landing may
                             * take a piece (its target is not the empty cells) */
};

typedef struct node_facts {
    uint32_t flags;         /* NF_* */
    /* step, leap: where each direction leads from each cell, at
     * game.step_dests + dests + (player * cells + cell) * dest_stride
     * (-1: none, or off the board) */
    int8_t dest_stride;
    int32_t dests;
    /* every move of this alternative starts with the hop FIRST_HOP, which
     * select_batch can rule out for all pieces at once (-1: none) */
    int16_t first_hop;
    /* a select's alternatives, in order, at game.select_leaves + LEAVES,
     * ending with -1 (-1: none) */
    int32_t leaves;
    /* the type a select chooses when it is `moves TYPE` (the mover's
     * pieces of that type: spec_selected_type), else -1 */
    int16_t selected_type;
} node_facts;
#define NODE_FACTS_NONE ((node_facts){ .dests = -1, .first_hop = -1, .leaves = -1, .selected_type = -1 })

typedef struct mnode {
    uint8_t op;
    uint32_t flags;
    int16_t a, b;           /* children (M_ALT, M_SEQ, M_REPEAT, M_GUARD, M_SELECT) */
    int16_t directions;     /* dlist index */
    int16_t target;         /* cexpr: allowed landing cells (-1: empty) */
    int16_t over;           /* cexpr: what a hop may pass over */
    int16_t at;             /* cexpr: cells (place, select, push from, flip, capture, ...) */
    int16_t cond;           /* cexpr: guard condition */
    int16_t value;          /* cexpr: set var value; roll: the var the face goes to, -1 none */
    int16_t min, max;       /* distances, repetition counts */
    int16_t type;           /* piece type, var, flag, pattern, die faces */
    int16_t types[4];       /* change: alternative types (-1 ends) */
    uint8_t player;         /* place: for whom (player_ref) */
    node_facts spec;        /* set by specialise */
} mnode;

typedef struct pstep {
    int16_t directions;     /* dlist index (one step kind each, or the variable turned) */
    int16_t test;           /* cexpr: the cell must be in this set */
    uint8_t mark;           /* the matched cells join the marks */
    int8_t label;           /* -1, or the label the cells join */
    int8_t min, max;        /* repetitions of this step: 1..1, 1..-1 (+), 0..-1 (*), 0..1 (?) */
    bool negate;            /* 'not' test */
} pstep;

#define GAME_MAX_PATTERN_STEPS 64
#define GAME_MAX_PATHS 16

/* What specialisation (spec/) found of one pattern; PATTERN_FACTS_NONE
 * claims nothing (the pattern is walked from each anchor). */
typedef struct pattern_facts {
    bool bulk;          /* `where` may run on whole sets (pattern_bulk.h) */
    int bulk_values[GAME_MAX_PLAYERS];  /* values of the variable, each player's */
    /* every path of every value goes one direction throughout: a path
     * never comes back to its anchor, so what it marks from a cell is the
     * same before and after a piece is put on the cell */
    bool bulk_straight;
    /* on a board of one word, a run is filled by doubling in bulk_rounds
     * rounds: 2^bulk_rounds is at least the number of cells of the
     * board's longest line any step goes along */
    int bulk_rounds;
    /* pattern.first_cells holds where each group's first step can go
     * (spec/pattern_reach_build.h) */
    bool first_reach;
    /* and every group's first step has the same test, so that
     * pattern.first_any can refuse an anchor for all of them at once */
    bool first_shared;
} pattern_facts;
#define PATTERN_FACTS_NONE ((pattern_facts){ .bulk = false })

typedef struct pattern {
    int16_t variable_directions;   /* dlist the variable ranges over, -1 if none */
    int path_count;
    /* each path: first step index and step count; paths of one alternative
     * share 'group'; alternatives of one line share 'line' */
    struct { int16_t first, count, group, line; } paths[GAME_MAX_PATHS];
    int group_count;
    pstep steps[GAME_MAX_PATTERN_STEPS];
    int step_count;
    int16_t effect[GAME_MAX_PATHS];    /* per line: mnode run on a match, -1: none */
    int line_count;
    pattern_facts spec;     /* set by specialise */
    /* the bulk tables (pattern_facts.bulk): [player][value][step] the
     * board direction each step takes, for each value of the variable
     * (bulk_values[player] of them) */
    int8_t *bulk_dirs;
    /* on a board of one word: bulk_dirs' steps as the words and rotations
     * the kernels use, [player][value][step] */
    struct bulk_word_step *bulk_word;
    /* the first-step tables (pattern_facts.first_reach): the cells the
     * first step of each group's first path takes from each anchor, in
     * words, [player][value][group][anchor], first_values values of the
     * variable (1 without one); and with first_shared, their union over
     * the values and groups, [player][anchor] */
    uint64_t *first_cells;
    uint64_t *first_any;
    int first_values;
} pattern;

/* The words of pattern.first_cells for PLAYER, the variable's V-th value,
 * GROUP and ANCHOR, on G's board; and of pattern.first_any for PLAYER
 * and ANCHOR (the builder and the walk index them alike). */
static inline size_t pattern_first_cells_at(const pattern *pt, int cells, int words, int player, int v, int group,
                                            int anchor)
{
    return ((((size_t)player * (size_t)pt->first_values + (size_t)v) * (size_t)pt->group_count + (size_t)group)
                * (size_t)cells + (size_t)anchor) * (size_t)words;
}

static inline size_t pattern_first_any_at(int cells, int words, int player, int anchor)
{
    return ((size_t)player * (size_t)cells + (size_t)anchor) * (size_t)words;
}

/* A bulk pattern's step on a board of one word, for one direction: the
 * cells with a neighbour that way (FROM) go to it by a rotation left by
 * FORWARD, and come back from it by one by BACK (shift_word_forward and
 * shift_word_back, with the direction's figures read once, at load). */
typedef struct bulk_word_step {
    uint64_t from;
    uint8_t forward, back;
    int8_t min, max;
    bool mark;
} bulk_word_step;

/* The directions of the steps of bulk pattern PT for PLAYER with the
 * variable's V-th value (pattern.bulk_dirs). */
static inline const int8_t *pattern_bulk_dirs(const pattern *pt, int player, int v)
{
    return pt->bulk_dirs + (player * GAME_MAX_DSTEPS + v) * pt->step_count;
}

typedef enum outcome_kind {
    OUTCOME_WIN,        /* player wins */
    OUTCOME_LOSS,       /* player loses */
    OUTCOME_DRAW,
    OUTCOME_HIGHEST_SCORE,
    OUTCOME_LOWEST_SCORE,
} outcome_kind;

typedef struct end_rule {
    int16_t condition;
    uint8_t outcome;
    uint8_t player;     /* player_ref for win/loss */
    source_location where;   /* of the condition, for its text (game.end_texts) */
} end_rule;

/* A search hint: each piece of TYPE on CELLS (per owner: a region's own
 * cells for each player) adds VALUE hundredths to its owner's material. */
#define GAME_MAX_BONUSES 32
typedef struct cell_bonus {
    int16_t type;
    int32_t value;
    int16_t sets[GAME_MAX_PLAYERS];     /* per owner, into sets */
} cell_bonus;

typedef struct piece_type piece_type;
/* The symbol of a piece of type T owned by OWNER. */
static inline const char *piece_symbol(const piece_type *t, int owner);

struct piece_type {
    char name[GAME_NAME];
    /* per player, UTF-8: as many as the piece statement gives (the last one
     * for the players after); one alone is the first player's, and the
     * others' is its lower case */
    char symbol[GAME_MAX_PLAYERS][8];
    int symbol_count;
    int value;
    /* the type a captured piece of this type goes to the reserve as (a
     * block's `base TYPE` line: shogi's promoted pieces): itself by default */
    int base;
};

static inline const char *piece_symbol(const piece_type *t, int owner)
{
    return t->symbol[owner < t->symbol_count ? owner : t->symbol_count - 1];
}

/* The colours a display block may give a player, in this order. */
enum {
    GAME_COLOUR_BLACK, GAME_COLOUR_RED, GAME_COLOUR_GREEN, GAME_COLOUR_YELLOW,
    GAME_COLOUR_BLUE, GAME_COLOUR_MAGENTA, GAME_COLOUR_CYAN, GAME_COLOUR_WHITE,
    GAME_COLOURS
};
extern const char *const game_colour_names[GAME_COLOURS];

/* How the board is drawn, the display block's `board STYLE [COLOUR]`:
 * light and dark cells (a hexagon's rings), one ground, a ground with a
 * round hole in each cell (Connect Four, a peg board), or lines whose
 * crossings are the cells (Go).  DEFAULT is chequered in pictures of
 * square boards and hexagons, plain on a hex rhombus; at the terminal it
 * shows dark cells only where the rules tell them apart. */
typedef enum board_look {
    BOARD_LOOK_DEFAULT, BOARD_LOOK_CHEQUERED, BOARD_LOOK_PLAIN, BOARD_LOOK_HOLES,
    BOARD_LOOK_INTERSECTIONS, BOARD_LOOKS
} board_look;
/* The styles' names, in this order ("" for the default, which has none). */
extern const char *const game_look_names[BOARD_LOOKS];


/* What a capture does with the pieces it takes: off the board, turned
 * the capturer's, into the capturer's reserve, or under the capturing
 * stack (the anchor's, in a game of stacks; off the board without one). */
typedef enum capture_effect { CAPTURE_REMOVE, CAPTURE_CONVERT, CAPTURE_RESERVE, CAPTURE_UNDER } capture_effect;

/* How the game's moves are written for people (`notation:`): Tabula's own
 * notation of paths ("g1-f3", the default), or algebraic notation as chess
 * players write it ("Nf3"), which the game declares (movegen/notation.h). */
typedef enum game_notation { GAME_NOTATION_TABULA, GAME_NOTATION_ALGEBRAIC } game_notation;

typedef enum filter_kind {
    FILTER_PREFER_CAPTURES,
    FILTER_LEGAL_IF,        /* condition on the position after the move */
    FILTER_START_IN,        /* anchors restricted to a set when it is not empty */
    FILTER_ONLY_CAPTURES_IF,
} filter_kind;

typedef struct filter {
    uint8_t kind;
    bool negate;
    int16_t expr;
} filter;

/* The fields of the position string after the board rows and the side to
 * move, in order (a game's `position` block, or a default list). */
typedef enum field_kind {
    FIELD_LETTERS,          /* letters whose cells hold pieces without a flag ("KQkq") */
    FIELD_CELL,             /* a variable holding a cell, '-' for none */
    FIELD_VAR,              /* a number variable */
    FIELD_FLAGGED,          /* the cells whose pieces have a flag, comma-separated */
    FIELD_RESERVES,
    FIELD_PLIES,
    FIELD_SINCE_RESET,
    FIELD_MOVE_NUMBER,
} field_kind;

typedef struct letter_group {
    char letter[8];
    int cell_count;
    int16_t cells[8];
} letter_group;

typedef struct position_field {
    uint8_t kind;
    int16_t index;          /* flag or variable */
    int letter_count;
    letter_group letters[8];
} position_field;

/* What specialisation (spec/) found of the whole game: proofs that some
 * general work cannot matter, and the figures that replace it.
 * GAME_FACTS_NONE claims nothing, and the generator then does the general
 * work (specialise_none: with EXPR_FACTS_NONE, NODE_FACTS_NONE and
 * PATTERN_FACTS_NONE, the whole of it).  The tables these facts index
 * (game.word_ops and the rest) are the game's, freed with it. */
typedef struct game_facts {
    /* attack detection (attack.h): reach tables filled (game.reach) */
    bool reach_valid;
    bool rays_valid;
    bool rays_cell_tests;   /* every ray's target is a cell test (cexpr.cell_test) */
    /* the set E of the one legality filter, `legal unless attacked(E)`,
     * when rays answer it reading no more than the lines through each
     * cell of E (see quiet_turn in movegen.c); -1: none */
    int16_t quiet_attacked;
    bool quiet_attacked_empty;  /* it may hold an empty cell */
    uint32_t quiet_attacked_types;  /* the types of piece it may hold */
    bool shift_valid[BOARD_MAX_DIRECTIONS];     /* a step in d is the index offset shift_offset[d] */
    int shift_offset[BOARD_MAX_DIRECTIONS];
    int8_t shift_canon[BOARD_MAX_DIRECTIONS];   /* the first shift direction of the same offset */
    cellset shift_from[BOARD_MAX_DIRECTIONS];   /* the cells with a neighbour in d */
    /* in-line(N) on a board of one word (0: no table): for each axis, a
     * direction of it whose step is an index offset up the word; the cells
     * J steps along it reach (line_from[a][j], none where the offset would
     * leave the word) and J steps' offset (line_shift[a][j], below 64) */
    int line_axes;
    uint8_t line_shift[BOARD_MAX_DIRECTIONS][GAME_LINE_REACH + 1];
    uint64_t line_from[BOARD_MAX_DIRECTIONS][GAME_LINE_REACH + 1];
    int place_turn;         /* the turn is this M_PLACE node alone, each cell one
                             * move, recorded directly, and no filter: sampled
                             * without running the turn (place_sample); -1: no */
    bool place_words;       /* place_turn's cells are every cell or a set of the
                             * position alone, on a board of one word: sampled
                             * without a generator (place_sample_words) */
    bool playout_words;     /* place_words, and no pass, no reserve: a random game
                             * is played on words (playout_run) */
    bool direct_emit;       /* a move that ends a turn needs no test on the position
                             * after it: it may be recorded without being made */
    /* the after-rules only change the type of the piece that landed, each
     * by a test of where it landed: a landing may still be recorded
     * directly, with the changes (nodes: the rules' M_GUARDs, in order) */
    bool after_at_landing;
    /* the after-rules read nothing of the position after a landing but the
     * piece that landed, and quiet_attacked is a test of a cell's piece:
     * a quiet landing need not be made (landing_unmade.c) */
    bool landing_unmade;
    /* ... on a board of one word, with after-rules that change no piece's
     * type, every landing off the mover's pieces, and no placement or hop
     * chain in the game: a landing batched (landing_verdict) is told apart from
     * the turn's other moves by its two cells, without hashing (select.c,
     * and apart_from_landings in movegen.c for the others) */
    bool landing_quiet_cells;
    bool unique_landings;   /* the turn is selects of landings only (NF_UNIQUE),
                             * on a board of one word */
    bool unique_shifts;     /* ... and all of them NF_SHIFTS, of at most
                             * GAME_MAX_SHIFT_GROUPS steps' directions:
                             * landings are told apart by their step's
                             * offset and target cell, and kept as groups */
    /* unique_shifts, and a random game may be played on words at every
     * ply where no hop can start (playout_shifts.c): the turn is the
     * selects SHIFT_SELECTS, in order, each of the mover's pieces of one
     * type (`moves TYPE`, no two of one type), whose alternatives are
     * steps to cells of a set of the position and hops that start with a
     * hop select_batch tests for all pieces at once (mnode.first_hop); at
     * most GAME_MAX_SHIFT_GROUPS steps' directions a select; nothing after
     * them but after-rules read by cells; no filter but `prefer captures`,
     * no pass, no capture into the reserve */
    bool playout_shifts;
    /* ... and every other alternative of those selects is a hop chain
     * (spec_chain_leaf): a ply where a hop can start is played on words
     * too (the chains searched on words, as hop_chain.c searches them) */
    bool shift_chains;
    int shift_select_count;
    int16_t shift_selects[GAME_MAX_SHIFT_SELECTS];
    int after_landing_count;
    int16_t after_landing[GAME_MAX_AFTER_LANDING];
    /* on a board of one word, for an after-landing rule whose condition is
     * `here in REGION` (the mover's region, or a named player's): the cells
     * where it holds, for each mover (after_landing_changes reads a bit) */
    bool after_landing_by_cells[GAME_MAX_AFTER_LANDING];
    uint64_t after_landing_cells[GAME_MAX_AFTER_LANDING][GAME_MAX_PLAYERS];
    /* each after-rule is one action that makes one change or none (set a
     * variable or flag, change the type), perhaps under a guard read
     * before it: the rules are applied as actions after a landing that is
     * made, not run as nodes (nodes: each rule's body, in order) */
    int after_action_count;     /* -1: they are not */
    int16_t after_actions[GAME_MAX_AFTER_LANDING];
} game_facts;
#define GAME_FACTS_NONE ((game_facts){ .quiet_attacked = -1, .place_turn = -1, .after_action_count = -1 })

/* An evaluation learned by `tabula tune` (search/tune.h) and read from
 * the weights file beside the rules (rules/weights.h): what a piece of each
 * type is worth, on the board or in reserve, what it adds on each cell for
 * each player, and the weights of the generic terms.  All in hundredths
 * (a piece of `value 1` is worth 100), as the evaluator counts. */
typedef struct eval_weights {
    int material[GAME_MAX_TYPES];
    /* [(player * type_count + type) * cell_count + cell]: added to the
     * material of a piece of that type and player on that cell */
    int *cells;
    int mobility;       /* per legal move more than the opponent */
    int goal;           /* per cell fewer to fill to connect (games won by connecting) */
    int score;          /* per point of the rules' `score:` */
} eval_weights;
/* every weight lies within -EVAL_WEIGHT_LIMIT..EVAL_WEIGHT_LIMIT */
#define EVAL_WEIGHT_LIMIT 100000

typedef struct game {
    char name[128];
    char variant[64];
    board board;
    int words;                          /* cellset words for this board */
    int player_count;
    char player_names[GAME_MAX_PLAYERS][GAME_NAME];
    /* how the game looks (its display block; the REPL and the SVG writer
     * read it, play does not): each player's colour (GAME_COLOUR_*, -1 when
     * the block gives none: game_player_colour chooses), and each type's
     * Unicode symbols, the first player's and the others' ("": none) */
    int8_t display_colour[GAME_MAX_PLAYERS];
    char display_unicode[GAME_MAX_TYPES][2][8];
    /* and the board's style and the colour of its ground (GAME_COLOUR_*,
     * -1 when the block names none: each style has its own) */
    int8_t display_look;
    int8_t display_ground;
    int type_count;
    piece_type types[GAME_MAX_TYPES];
    int flag_count;
    char flag_names[GAME_MAX_FLAGS][GAME_NAME];
    int moved_flag;                     /* index of the flag 'moved', -1 if none */
    int var_count;
    /* a variable of each player (`var NAME each`) takes player_count
     * slots: VAR_EACH on the first, which has the name, the others
     * nameless; player P's copy is the first slot + P */
    char var_names[GAME_MAX_VARS][GAME_NAME];
    bool var_each[GAME_MAX_VARS];
    int var_initial[GAME_MAX_VARS];
    bool var_is_cell[GAME_MAX_VARS];

    cexpr *exprs;
    int expr_count, expr_capacity;
    mnode *nodes;
    int node_count, node_capacity;
    source_location *node_locations;   /* where each node's rule is written */
    dlist *dlists;
    int dlist_count, dlist_capacity;
    cellset *sets;                      /* constant sets and per-player regions */
    int set_count, set_capacity;
    int *region_sets;                   /* region r, player p: sets index region_sets[r * 4 + p] */
    int region_count;
    pattern *patterns;
    int pattern_count;

    int16_t turn;                       /* mnode: the whole turn */
    int16_t after;                      /* mnode: the after-rules, run last (-1: none) */
    capture_effect capture;
    game_notation notation;
    filter filters[8];
    uint32_t filter_kinds;              /* bit k: a filter of kind k is among them */
    int filter_count;
    bool pass_always;                   /* a player may always pass */
    bool pass_when_stuck;
    /* `out if CONDITION`: a player to move for whom the condition holds
     * (read as the end rules are) has one move, which puts it out: its
     * copy of the variable of each player out_var goes from 0 to 1, and
     * the turn passes over it from then on.  -1, -1: no such rule */
    int16_t out_condition;
    int out_var;
    /* `again if CONDITION`: after a move for which the condition holds (read
     * as the after-rules read theirs), the same player moves again: the
     * move sets this variable, nameless, and passing the turn reads it and
     * sets it back to 0 (at rest it is always 0).  -1: no such rule */
    int again_var;
    /* out_var or again_var: passing the turn reads variables (the general
     * game_next_side), where most games only look up the order */
    bool turn_ruled;
    end_rule ends[32];
    int end_count;
    /* each end rule's condition as its file writes it ("repetition 3"),
     * for saying why a game ended; set when the game is loaded from its
     * file (game_load), "" otherwise */
    char end_texts[32][160];
    int16_t score;                      /* cexpr, -1 if none */
    bool cell_colours;                  /* the rules speak of light and dark cells */
    cell_bonus bonuses[GAME_MAX_BONUSES];
    int bonus_count;
    /* the weights file's evaluation (game_load reads it when there is one
     * for this game and variant); NULL: none, the engines estimate */
    eval_weights *weights;
    int order_prefix[16], order_prefix_length;
    int order_cycle[16], order_cycle_length;
    int order_table[16], order_length;  /* the turns after the prefix, repeated (game_player_at) */
    bool order_by_side;                 /* no prefix, no player twice in the cycle: then */
    int8_t side_after[GAME_MAX_PLAYERS]; /* side s's move is followed by side_after[s]'s */
    int8_t side_before[GAME_MAX_PLAYERS]; /* and side s's follows side_before[s]'s */
    bool reads_history;                 /* a rule tests repetition: positions keep their history */
    bool reads_boards;                  /* ... `board repeated`: their boards too (position.board_history) */
    /* What a repetition rule compares (pos_identity), where the history is
     * read: a flag the position block writes as letters (castling's
     * `moved`) counts through the letters that hold (-1: none), and a
     * transient variable (a cell that an after-move rule sets at every
     * move, as en passant's; -1: none) only where it changes the moves of
     * the side to move (eval.c).  Otherwise the position's hash. */
    int8_t identity_letters;            /* the index of that field in fields[] */
    uint32_t identity_types;            /* the types set up on the letters' cells (bit t) */
    int16_t transient_var;
    bool identity;                      /* either is there */
    uint32_t reset_types;               /* bit t: moving type t resets the 'plies without' count */
    bool reset_on_capture;
    /* `stacks N`: a cell holds up to N pieces, bottom to top; 1 (no such
     * statement): one piece a cell, and no stack is ever built */
    int stack_height;
    /* `stacks N: any piece moves`: a stack moves as any one of the
     * mover's pieces in it (`moves TYPE` chooses the stacks holding one of
     * that type), not only as its top */
    bool stack_any;

    position_field fields[16];
    int field_count;

    /* setup */
    uint16_t *initial_cells;
    /* a game of stacks: the pieces under the tops at the start, as
     * position.under and .depth (NULL in other games) */
    uint16_t *initial_under;
    uint8_t *initial_depth;
    int initial_reserve[GAME_MAX_PLAYERS][GAME_MAX_TYPES];   /* -1: unlimited */

    /* Derived at load time (spec/): what the rules above imply, never
     * what they say.  The facts (game_facts, and each expression's, node's
     * and pattern's) claim what the generator may take for granted;
     * GAME_FACTS_NONE and its kin claim nothing (specialise_none).  The
     * tables below are what the facts point into, and stay allocated,
     * unread, when the facts are taken back. */
    game_facts spec;
    int opposite[BOARD_MAX_DIRECTIONS];         /* the direction turned 180 degrees, -1: none */
    uint64_t board_word;                /* a board of one word: its cells */

    /* attack detection's tables: see attack.h */
    /* words [player][cell][type]: see attack_reach (a cell's types side
     * by side, as gen_reaching reads them) */
    uint64_t *reach;
    attack_line *ray_lines;             /* by player: [line_first[p], line_first[p + 1]) */
    int line_first[GAME_MAX_PLAYERS + 1];
    attack_ray *rays;
    int16_t *ray_from;
    uint64_t *ray_masks;
    uint64_t *ray_residual;             /* see attack_residual */
    uint32_t ray_generic[GAME_MAX_PLAYERS];  /* bit t: type t's captures are not all rays */
    /* of those, bit t: the type has a move that is not a ray and lands
     * first in no set (attack_residual_live); the others, with the set
     * each lands on first, in ray_entries */
    uint32_t ray_residual_always[GAME_MAX_PLAYERS];
    ray_entry ray_entries[GAME_MAX_RAY_ENTRIES];
    int ray_entry_count;
    /* the kernels' tables */
    word_op *word_ops;                  /* see set_words.c */
    cell_op *cell_ops;                  /* see cell_program.c */
    int16_t *step_dests;                /* see mnode.dests */
    int16_t *select_leaves;             /* see mnode.leaves */
    uint64_t *sight_rays;               /* see sight_all */
    /* [content][player][class] 256 bits: bit c, whether a cell of that
     * class whose piece code has low byte c (type and owner) is in the set
     * (cexpr.content); [content][player][cell] the cell's class, which of
     * the fixed sets the test reads hold it (0 without) */
    uint64_t *content_bits;
    uint8_t *content_class;
    word_adjacency *word_adjacencies;   /* see set_words.c */
    int word_op_count, cell_op_count, word_adjacency_count;

    /* Zobrist keys */
    /* [type * 4 + owner][cell]: a kind's keys side by side, so that the
     * few kinds a game uses are a few lines of the cache (by cell, each
     * cell's kinds took a kilobyte, and the lines in use fell into a few
     * sets of the first-level cache and pushed each other out) */
    uint64_t *zobrist_piece;
    uint64_t *zobrist_flag;             /* [cell][flag] */
    uint64_t zobrist_side[GAME_MAX_PLAYERS];
} game;

/* Frees a game made by game_load (rules/load.h). */
void game_free(game *g);

/* The player whose turn it is at PLY (twice a ply in a playout: no
 * division where the cycle's length is a power of two). */
static inline int game_player_at(const game *g, int ply)
{
    if (ply < g->order_prefix_length)
        return g->order_prefix[ply];
    unsigned i = (unsigned)(ply - g->order_prefix_length), n = (unsigned)g->order_length;
    return g->order_table[(n & (n - 1)) == 0 ? i & (n - 1) : i % n];
}

/* The side to move at PLY + 1, SIDE to move at PLY: a load where the
 * order is by side (most games), game_player_at else. */
static inline int game_side_after(const game *g, int side, int ply)
{
    return g->order_by_side ? g->side_after[side] : game_player_at(g, ply + 1);
}

/* game_side_after, passing over the players who are out (VARS: the
 * position's variables, game.out_var's among them), and staying with SIDE
 * when its move gave it another (game.again_var).  A game with an `out`
 * or `again` rule has its order by side (tabula check requires it).  When
 * every player is out, the turn stays with one of them, who has no move.
 * Most games have neither rule: one test (game.turn_ruled), then the
 * order (a playout's ply runs this). */
static inline int game_next_side(const game *g, int side, int ply, const int32_t *vars)
{
    int next = game_side_after(g, side, ply);
    if (__builtin_expect(g->turn_ruled, 0)) {
        if (g->again_var >= 0 && vars[g->again_var])
            return side;
        if (g->out_var >= 0)
            for (int k = 0; k < g->player_count && vars[g->out_var + next]; k++)
                next = g->side_after[next];
    }
    return next;
}

/* piece codes: 0 is an empty cell */
#define PIECE_TYPE(code) (((code) & 0x3F) - 1)
#define PIECE_OWNER(code) (((code) >> 6) & 3)
#define PIECE_FLAGS(code) ((code) >> 8)
#define PIECE_CODE(type, owner, flags) ((uint16_t)(((type) + 1) | ((owner) << 6) | ((flags) << 8)))

/* PLAYER's colour (GAME_COLOUR_*): its display block's, else the one its
 * name names (black, white ..., light for white, dark for black), else the
 * first of white, black, red, blue, green, yellow, magenta, cyan that no
 * other player has (colours.c). */
int game_player_colour(const game *g, int player);

#endif
