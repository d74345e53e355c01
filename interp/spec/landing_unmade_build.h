/* landing_unmade_build: the load-time half of landing_unmade
 * (movegen/landing_unmade.c). */
#ifndef TABULA_LANDING_UNMADE_BUILD_H
#define TABULA_LANDING_UNMADE_BUILD_H

#include "game/game.h"

/* Sets game.landing_unmade: whether every after-rule can be worked out
 * for a landing not made, from the piece that landed.  Run after
 * attack_rays_build and cell_programs_build. */
void landing_unmade_build(game *g);

#endif
