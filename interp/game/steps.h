/* steps: the cell one step of a resolved direction list leads to.
 *
 * The one definition of a step, for the generator (gen_step, in its
 * innermost loops, hence inlined everywhere) and for the load-time work
 * that tabulates steps or follows them (specialise's step tables, the
 * attack builder's walks).  Reads the board's tables only. */
#ifndef TABULA_STEPS_H
#define TABULA_STEPS_H

#include "game/game.h"

/* The cell one step S from CELL leads to, -1 off the board or from no
 * cell (CELL -1).  VARIABLE is the direction a pattern's direction
 * variable holds for STEP_VARIABLE (-1: none, and the step leads
 * nowhere). */
__attribute__((always_inline)) static inline int step_take(const game *g, int cell, const dstep *s, int variable)
{
    const board *b = &g->board;
    if (cell < 0)
        return -1;
    switch (s->kind) {
    case STEP_DIRECTION:
        /* board_step without the call (a turned direction may be -1) */
        if ((unsigned)s->direction >= (unsigned)b->direction_count)
            return -1;
        return b->neighbour[cell * b->neighbour_stride + s->direction];
    case STEP_WRAPPED:
        return board_step_wrapped(b, cell, s->direction);
    case STEP_RING_CLOCKWISE:
        return b->ring_clockwise[cell];
    case STEP_RING_COUNTER_CLOCKWISE:
        return b->ring_counter_clockwise[cell];
    case STEP_OFFSET: {
        if (b->kind == BOARD_SQUARE) {
            int nx = b->x[cell] + s->dx, ny = b->y[cell] + s->dy;
            if (nx < 0 || ny < 0 || nx >= b->width || ny >= b->height)
                return -1;
            return ny * b->width + nx;
        }
        if (b->kind != BOARD_HEX)
            return -1;
        /* files and ranks: q grows with the file, r falls with the rank */
        return board_axial_cell(b, b->x[cell] + s->dx, b->y[cell] - s->dy);
    }
    case STEP_VARIABLE: {
        if (variable < 0)
            return -1;
        int d = s->direction ? board_rotate(b, variable, s->direction * b->turn_degrees) : variable;
        return board_step(b, cell, d);
    }
    }
    return -1;
}

/* S with a pattern variable's turn worked out for VARIABLE (a step along
 * a fixed direction, leading nowhere without one): a walk along one step
 * many times resolves it once, not at every cell. */
static inline dstep step_resolved(const game *g, const dstep *s, int variable)
{
    if (s->kind != STEP_VARIABLE)
        return *s;
    int d = variable < 0 ? -1
            : s->direction ? board_rotate(&g->board, variable, s->direction * g->board.turn_degrees) : variable;
    return (dstep){ .kind = STEP_DIRECTION, .direction = (int8_t)d };
}

/* A comparable identity of a step, for 'straight' chains. */
static inline int step_identity(const dstep *s)
{
    return ((s->kind * 256 + (s->direction + 128)) * 256 + (s->dx + 128)) * 256 + (s->dy + 128);
}

#endif
