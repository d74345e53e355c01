/* hop_chain: a repetition of one hop (draughts' `(jump diagonal over
 * enemy)+ maximal then capture jumped`) searched on its own, without making
 * the hops.
 *
 * gen_run runs a chain a hop at a time: each hop moves the piece on the
 * board and logs it, runs the rest of the turn through run_repeat and
 * gen_run_cont, and takes it all back; the jumped pieces are taken, the
 * after-rules applied and the position hashed once per finished chain.
 * But where a chain may go on depends only on where the piece is, the cells
 * it has jumped and visited, and what stands on the cells around it, which
 * no hop changes but for the piece itself (what it jumps stays until the
 * chain is over).  So the search here follows the piece without moving it
 * (the cell it left reads empty, the one it is on holds it), and works out
 * each finished chain's hash from the keys of what the rest of the turn
 * would change: the piece moved, the jumped pieces taken, the after-rules
 * at its last cell.  gen_accept then says whether the move is new and kept
 * (drawn, or listed); only then are its changes and path written out, as
 * gen_run would log them (record), so that its move is the one gen_run
 * records.  Nothing is made: the board is only read.
 *
 * specialise marks the repetitions that may run here (NF_HOP_CHAIN: one
 * hop, onto empty cells, over cells tested by content alone, no piece
 * jumped twice); hop_chain_run checks that the rest of the turn is one it
 * can work out (nothing, the after-rules, `capture jumped`) and that the
 * generator is in a mode that records what it emits (not an attack search,
 * no dice, no legality filter).
 *
 * On a board of one word the search keeps its books in words (what may
 * be jumped and landed on, the cells jumped and visited), and on a larger
 * board in cells; the steps are read from the hop's step table
 * (mnode.dests) where specialise made one.  The same search lists the
 * chains of a piece for the word playouts (hop_chain_collect,
 * playout_shifts.c), which draw one of them as the generator would: one
 * search of hop chains for both. */
#ifndef TABULA_HOP_CHAIN_H
#define TABULA_HOP_CHAIN_H

#include "movegen/movegen_internal.h"

/* Searches the repetition NODE (NF_HOP_CHAIN), followed by K, from X's
 * anchor, recording each chain kept as gen_run would; false (nothing
 * done) when K or X's mode is not one it can work out, for run_repeat to
 * run it. */
bool hop_chain_run(gen *x, int node, const cont *k);

/* A chain listed by hop_chain_collect: the piece from FROM to TO, the
 * pieces on VICTIMS taken (TOOK: some), the position's HASH after it and
 * the after-rules (the side not passed). */
typedef struct hop_chain_found {
    uint64_t hash, victims;
    int from, to;
    bool took;
} hop_chain_found;

/* More chains at a ply, or a longer search, and the list gives up (far
 * below what the generator allows: MOVEGEN_MAX_WORK). */
#define HOP_CHAIN_LIST 128
#define HOP_CHAIN_WORK 100000

/* The chains found at a ply, in the order the generator finds them, each
 * leaving another position; BEYOND: more than the list holds, or a longer
 * search than HOP_CHAIN_WORK (the ply is then the generator's). */
typedef struct hop_chain_list {
    int count, work;
    bool beyond;
    hop_chain_found chains[HOP_CHAIN_LIST];
} hop_chain_list;

/* Lists into OUT the chains of the hop-chain alternative LEAF (a
 * repetition, perhaps then `capture jumped`: spec_chain_leaf) from the
 * piece on CELL, on a board of one word, for X's player, searched as
 * hop_chain_run searches them: depth first, directions in order, each
 * new by the position it leaves.  X is a whole generator of the position
 * (gen_of_position); the board is only read.  False when OUT->beyond. */
bool hop_chain_collect(gen *x, int leaf, int cell, hop_chain_list *out);

#endif
