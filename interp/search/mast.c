/* mast: the move averages MCTS's playouts may choose by (mast.h). */
#include <string.h>

#include "search/mast.h"

void mast_clear(mast *t)
{
    memset(t, 0, sizeof *t);
}

void mast_decay(mast *t, double keep)
{
    for (int q = 0; q < GAME_MAX_PLAYERS; q++)
        for (int k = 0; k < MAST_SIZE; k++) {
            t->entry[q][k].total *= (float)keep;
            t->entry[q][k].visits *= (float)keep;
        }
}

double mast_average(const mast *t, int player, uint16_t key)
{
    const mast_entry *e = &t->entry[player][key];
    return e->visits > 0 ? e->total / e->visits : 1.0;
}

int mast_choose(const mast *t, int player, const move_list *list, double epsilon, uint64_t *rng, uint16_t *key)
{
    int count = list->count;
    /* the chance as a 24-bit fraction, compared with 24 random bits */
    if ((rng_next(rng) >> 40) < (uint64_t)(epsilon * (1 << 24))) {
        int k = (int)rng_below(rng, (uint32_t)count);
        *key = mast_key(list, k);
        return k;
    }
    int best = 0, ties = 0;
    double best_value = -1;
    for (int k = 0; k < count; k++) {
        uint16_t entry = mast_key(list, k);
        double value = mast_average(t, player, entry);
        if (value > best_value) {
            best_value = value;
            best = k;
            *key = entry;
            ties = 1;
        } else if (value == best_value && rng_below(rng, (uint32_t)++ties) == 0) {
            best = k;   /* the Ith of I equals replaces the one kept with chance 1/I */
            *key = entry;
        }
    }
    return best;
}
