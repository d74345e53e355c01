/* attack: where a piece could capture from, worked out at load time.
 *
 * attacked(CELLS) would otherwise run every move of every enemy piece.  For
 * each player, piece type and target cell, attack_build computes a
 * conservative set of cells from which a piece of that type could take
 * what stands on the target in one turn (remove it, or make it another
 * player's: landing only on empty or own cells, changing its own type or
 * flags, moving its own pieces, takes nothing), by walking the compiled
 * move nodes; attack detection then runs only the pieces standing there.  Where
 * the walk cannot bound a piece's moves (hops, pushes, patterns), that
 * type may affect every cell from everywhere: its pieces are always
 * searched, and the other types' still only where they stand in reach (a
 * cannon does not cost the rooks their tables).  Where the turn is not
 * made of piece choices (placements followed by what may take), the game
 * keeps the full search.  Where the capturing moves
 * are plain steps, leaps and slides, attack_rays_build goes further: the
 * attacked cell is read by looking back along each line from it (below).
 */
#ifndef TABULA_ATTACK_H
#define TABULA_ATTACK_H

#include "game/attack_tables.h"
#include "game/game.h"

/* Fills g->reach and sets g->spec.reach_valid; false only when memory runs out. */
bool attack_build(game *g);

/* Whether the set E (-1: none, empty cells) may hold a cell with a piece
 * the mover does not own: only a landing on such a cell can take one. */
bool attack_may_take(const game *g, int e);

/* The cell a step S reaches from CELL when it does not depend on the
 * turn (step_take): -1 off the board, -2 for a pattern variable's step. */
int attack_step(const game *g, int cell, const dstep *s);

/* The turn NODE read as alternatives of piece choices (`friend & TYPE`,
 * then the piece's moves) and passes, followed by the after-rules AFTER
 * (-1: none): calls VISIT(CONTEXT, SELECT, TYPE, AFTER) for each choice.
 * False if the turn has another shape or a visit returns false. */
typedef bool (*attack_visit)(void *context, const mnode *select, int type, int after);
bool attack_each_choice(const game *g, int node, int after, attack_visit visit, void *context);

/* The cells the moves NODE of PLAYER's piece standing on FROM, then the
 * after-rules AFTER (-1: none), may change, into AFFECTED; false where the
 * walk cannot bound them. */
bool attack_zone(const game *g, int player, int node, int after, int from, cellset *affected);

/* attack_zone, or the whole board where the walk cannot bound the moves. */
void attack_zone_or_board(const game *g, int player, int node, int after, int from, cellset *affected);

/* Rays (attack_ray in game.h): where a piece's capturing moves are plain
 * steps, leaps and slides, each ending the turn with nothing else taken,
 * whether a cell is attacked is read by looking back from it along each
 * direction for a piece of the right type, and testing the move's target
 * there (attack_rays_hit, movegen/rays.h).  A type with moves that may
 * take and are not rays (en passant takes a piece it does not land on,
 * castling moves a rook) is marked in g->ray_generic; its pieces are still
 * searched, but only those standing where such a move could affect the
 * cell (attack_residual).  Run after specialise_game (it reads
 * NF_HARMLESS); sets g->spec.rays_valid; false only when memory runs out. */
bool attack_rays_build(game *g);

#endif
