/* limits: the most a compiled game may hold of each thing; a rules file
 * that asks for more is refused when it loads (rules/check.c). */
#ifndef TABULA_LIMITS_H
#define TABULA_LIMITS_H

#define GAME_MAX_PLAYERS 4
#define GAME_MAX_TYPES 32
#define GAME_MAX_FLAGS 8
#define GAME_MAX_VARS 16        /* values: a variable of each player takes one a player */
#define GAME_MAX_REGIONS 64
#define GAME_MAX_DIRECTION_SETS 64
#define GAME_MAX_PATTERNS 64
#define GAME_MAX_LABELS 4
#define GAME_LINE_REACH 16      /* in-line(N) by table up to N = 17 */
#define GAME_NAME 64
#define GAME_MAX_STACK 128      /* pieces a cell holds in a game of stacks */

#endif
