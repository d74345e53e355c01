/* landing_unmade: in a game with a legality filter whose landings allow
 * it (game.landing_unmade), while the filter held before the turn in a
 * way a quiet move keeps (x->legal_quiet: quiet_turn in movegen.c), a
 * landing that ends the turn is worked out as the changes it would make,
 * from the position as it is, and tested along the lines without being
 * made: recorded if it leaves the filter holding, dropped if it is known
 * not to, and left to be made where the tests cannot tell.  actions.c's
 * landings call land_unmade; select.c's batches ask landing_verdict and
 * build only the one they draw (landing_unmade_changes); a landing's hash
 * alone is landing_unmade_hash (select.c, movegen.c).  landing_unmade.c
 * says how. */
#ifndef TABULA_LANDING_UNMADE_H
#define TABULA_LANDING_UNMADE_H

#include "movegen/actions.h"
#include "movegen/movegen_internal.h"

/* With game.landing_unmade and x->legal_quiet, the anchor
 * piece's landing on TO that ends the turn (then the after-rules, when
 * AFTER) is recorded without being made if it leaves the legality filter
 * holding, and dropped if it is known not to; false (nothing done) if it
 * must be made to tell. */
bool land_unmade(gen *x, int to, bool after);
/* What the legality filter says of a landing not made: it holds, it does
 * not (the move is not legal), or that is not known without making it. */
enum { FILTER_HOLDS, FILTER_FAILS, FILTER_UNKNOWN };
/* For select's batch (select.c), with game.landing_unmade and
 * x->legal_quiet: what the filter says of that landing (not made).  One
 * that changes no cell of the zone and adds none to the filter's set
 * holds without a look; the others (the king's own, a pinned piece's) are
 * looked at along the lines as land_unmade would, but for the one that is
 * drawn without building their changes.  *HASH is the hash after the
 * landing (HASH NULL: not worked out, with game.landing_quiet_cells).
 * FILTER_UNKNOWN: land_unmade (or making it) must tell. */
int landing_verdict(gen *x, int to, bool after, uint64_t *hash);
/* The hash after the landing of the piece on FROM on TO, as landing_verdict
 * finds it, with X's anchor and the rest as they were after. */
uint64_t landing_unmade_hash(gen *x, int from, int to, bool after);
/* The changes land_unmade records for that landing, into C (room for
 * LANDING_UNMADE_CHANGES), its path's tokens pushed and x->captured set
 * (the caller takes both back); returns their number. */
#define LANDING_UNMADE_CHANGES (LANDING_CHANGES + GAME_MAX_AFTER_LANDING)
int landing_unmade_changes(gen *x, int to, bool after, change *c, uint64_t *hash);

#endif
