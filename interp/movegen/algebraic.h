/* algebraic: moves in algebraic notation, as chess players write them
 * (standard algebraic notation, SAN), for the games that declare it
 * (`notation: algebraic`).
 *
 * A move of one piece from a cell to a cell is written as the piece's
 * letter (its first symbol; none for a pawn, the type whose letter is P),
 * the cell it leaves where another piece of its type could go to the same
 * cell (its file, else its rank, else both: "Nbd2", "R1e2", "Qh4e1"), "x"
 * for a capture, the cell it goes to, and "=L" for a change of type at the
 * end of the move (a promotion).  A pawn's capture names the pawn's file:
 * "exd5", en passant too.  A move that also relocates another of the
 * mover's pieces, the moved piece going along its rank, is castling:
 * "O-O" towards the last file (h in chess), "O-O-O" towards the first.
 * The marked text adds "+" when the side to move is then in check
 * (movegen_checked) and "#" when that side has no legal move either.
 *
 * Any other move (a drop, a chain of hops, a pass, a turn of several
 * parts), and any two moves that would read alike (a capture by approach
 * and one by withdrawal to the same cell), keep Tabula's notation
 * (notation.h), so every move has a text of its own.
 *
 * Reading: a typed text names a move when it is one of the move's
 * algebraic texts, with the cell it leaves given in full, in part or not
 * at all ("Nf3", "Ngf3", "N1f3", "Ng1f3"; "e4", "e2e4"; "exd5", "e4xd5"),
 * marks and comments after it dropped ("+", "#", "!", "?"), "0-0" for
 * "O-O" and "e8Q" for "e8=Q".  Letters keep their case: "B" is a bishop,
 * "b" a file.
 */
#ifndef TABULA_ALGEBRAIC_H
#define TABULA_ALGEBRAIC_H

#include <stdbool.h>
#include <stddef.h>

#include "game/game.h"
#include "game/position.h"
#include "movegen/movegen.h"
#include "movegen/notation.h"

/* Writes move INDEX of LIST in algebraic notation, without marks, into
 * OUT (always terminated); returns the length it needed. */
int algebraic_move(const game *g, const move_list *list, int index, char *out, size_t size);

/* Writes move INDEX of LIST in long algebraic notation, as UCI sends
 * moves: the cell the piece leaves, the cell it reaches, and the letter of
 * the type it becomes in lower case (e2e4, e7e8q; castling as the king's
 * move, e1g1), and returns true; false, OUT untouched, for a move that
 * algebraic notation does not write (a drop, a chain, a turn of several
 * parts), or that another move would write alike.  Any game on a board of
 * named cells has it, whatever notation it declares (Breakthrough's a2a3):
 * it is how the referee speaks to UCI engines. */
bool algebraic_long(const game *g, const move_list *list, int index, char *out, size_t size);

/* The move of LIST whose long algebraic text (algebraic_long) is TEXT,
 * letters of either case; -1 for none (or out of memory).  One reading of
 * the list, where asking algebraic_long of each move reads it once a move:
 * a referee reading an Amazons engine's move through thousands. */
int algebraic_long_find(const game *g, const move_list *list, const char *text);

/* The same with its mark: "+" for check, "#" for mate.  P is the position
 * LIST's moves are of: the move is made on it with M and taken back;
 * REPLIES (a list of the caller's) holds the replies counted meanwhile. */
int algebraic_marked(movegen *m, position *p, const move_list *list, int index, move_list *replies,
                     char *out, size_t size);

/* The text people see for a move: algebraic_marked where P's game declares
 * algebraic notation, else notation_move. */
int algebraic_shown(movegen *m, position *p, const move_list *list, int index, move_list *replies,
                    char *out, size_t size);

/* Whether TEXT, typed in algebraic notation, names move INDEX of LIST. */
bool algebraic_names(const game *g, const move_list *list, int index, const char *text);

/* The move TEXT names in algebraic notation (algebraic_names): FOUND with
 * *INDEX when one does; AMBIGUOUS when several do ("Nd2" for Nbd2 and
 * Nfd2), *INDEX the first; NONE, *INDEX -1, when none does. */
notation_match algebraic_find(const game *g, const move_list *list, const char *text, int *index);

#endif
