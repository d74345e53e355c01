/* specialise: what the generator may take for granted about one game,
 * worked out once at load time from the compiled nodes and board.
 *
 * Nothing here changes what a game means: each fact is a proof that some
 * general work cannot matter (a part of a turn that can never take a piece
 * needs no running while the generator only looks for captures), or a table
 * that replaces arithmetic the generator would repeat.
 */
#ifndef TABULA_SPECIALISE_H
#define TABULA_SPECIALISE_H

#include "game/cellset.h"
#include "game/game.h"

/* Marks the nodes and fills the tables; false only when memory runs out. */
bool specialise_game(game *g);

/* Whether the set E (-1: none) reads only the position and the players:
 * not where a piece stands or what a turn did so far, so that it is the
 * same set for every anchor (a pattern's start, each piece of a select). */
bool spec_position_only(const game *g, int e);

/* Load-time facts about the cells of a set expression E, folded over its
 * unions, intersections and differences; LEAF answers for any other
 * operand.  spec_set_some: whether some cell of E may have the property
 * (LEAF: whether some cell of the operand may); spec_set_every: whether
 * every cell of E has it (LEAF: whether every cell of the operand does). */
bool spec_set_some(const game *g, int e, bool (*leaf)(const cexpr *c));
bool spec_set_every(const game *g, int e, bool (*leaf)(const cexpr *c));

/* The type the piece choice SELECT chooses (`moves TYPE`: the mover's
 * pieces of that type), or -1. */
int spec_selected_type(const game *g, const mnode *select);

/* Whether LEAF, an alternative of a select, is a hop chain that
 * hop_chain.c searches whole (a repetition marked NF_HOP_CHAIN, perhaps
 * followed by `capture jumped` into nothing); *REPEAT: the repetition,
 * *CAPTURES: whether the jumped pieces are taken. */
bool spec_chain_leaf(const game *g, int leaf, int *repeat, bool *captures);

/* Takes every fact back, so that the generator does all the general work
 * (for tests that compare the two). */
void specialise_none(game *g);

#endif
