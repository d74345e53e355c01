/* select: a select node (`moves TYPE`: one of the mover's pieces chosen,
 * then its moves run), in select.c.  action_select runs the node's
 * alternatives for each piece of its set in turn, in the order of their
 * cells; while movegen_sample draws (and the node's landings allow it),
 * the landings of all the pieces are counted and drawn from as one batch
 * instead, and only the one drawn is built: the same moves, and the same
 * positions counted as one, perhaps found in another order. */
#ifndef TABULA_SELECT_H
#define TABULA_SELECT_H

#include "movegen/movegen_internal.h"

void action_select(gen *x, const mnode *n, const cont *k);

#endif
