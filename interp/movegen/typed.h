/* typed: a move as a person (or another program) types it, found among
 * the legal moves.  `tabula play` and the engine protocols read moves
 * through it, so that a text the prompt takes is taken over a pipe too.
 *
 * The reading goes in this order:
 * 1. in a game of algebraic notation (chess), its algebraic texts
 *    (algebraic_find: Nf3, exd5, O-O, e8=Q), unless the text goes on a
 *    turn typed a part at a time;
 * 2. Tabula's notation (notation_find): a move's whole text, a prefix of
 *    one move's text alone, or the first parts of a compound turn that
 *    several moves continue.  In algebraic notation a short text names a
 *    move of its own ("b4", the pawn's), never the start of other moves'
 *    texts ("b4-c6"): only whole texts and whole parts are read there;
 * 3. loosely (typed_loose_text): e2e4, E2-E4, e4d5 for e4xd5, d3 for
 *    Othello's @d3xd4, e7e8q for e7-e8=Q; not where the text starts with a
 *    piece's letter in algebraic notation (B1c3 is no b1-c3).
 * A text that names no move or several changes nothing: the caller says
 * so (the REPL lists the candidates, a protocol refuses the move).
 */
#ifndef TABULA_TYPED_H
#define TABULA_TYPED_H

#include <stdbool.h>
#include <stddef.h>

#include "game/game.h"
#include "movegen/movegen.h"

typedef enum typed_match {
    TYPED_FOUND,                /* one move, by its text (steps 1 and 2) */
    TYPED_FOUND_LOOSE,          /* one move, typed loosely (step 3) */
    TYPED_PARTS,                /* the first parts of a turn that several moves continue */
    TYPED_AMBIGUOUS_ALGEBRAIC,  /* several moves' algebraic texts ("Nd2" for Nbd2 and Nfd2) */
    TYPED_AMBIGUOUS,            /* the start of several moves' texts */
    TYPED_AMBIGUOUS_LOOSE,      /* several moves typed loosely */
    TYPED_NONE,                 /* no move */
} typed_match;

/* Finds the move TEXT names among LIST's moves (the legal moves of a
 * position of G), reading as above; CONTINUING says that TEXT starts with
 * parts of a turn typed before (no algebraic reading then).  *INDEX gets
 * the move found, or the first candidate (-1: none). */
typed_match typed_find(const game *g, const move_list *list, const char *text, bool continuing,
                       int *index);

/* TEXT as people type a move, for a loose comparison: lower case, with no
 * '-' or ':' between cells, no 'x' between a rank and a file (e4xd5 is
 * e4d5), no '@' before a placement's cell (@d3 is d3), no '=' between a
 * cell and the type a piece becomes (e8=Q is e8q). */
void typed_loose_text(const char *text, char *out, size_t size);

/* Whether the legal move whose text is MOVE_TEXT matches WANT, a typed
 * text made loose (typed_loose_text): their loose texts are the same, or
 * MOVE_TEXT is a placement (@d3xd4, an Othello disc and what it flips)
 * whose cell is the whole of WANT. */
bool typed_loosely(const char *move_text, const char *want);

#endif
