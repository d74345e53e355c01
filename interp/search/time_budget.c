/* time_budget: how long to think about one move under a clock (search.h). */
#include "search/search.h"

long search_time_budget(long remaining_ms, long increment_ms, int moves_to_go, long overhead_ms)
{
    if (remaining_ms <= 0)
        return 1;
    if (increment_ms < 0)
        increment_ms = 0;
    if (overhead_ms < 0)
        overhead_ms = 0;
    /* what may be spent: the clock less the time lost between the engine
     * and whoever keeps the clock, but never less than a fifth of it (a
     * clock nearly run out still gets a move) */
    long usable = remaining_ms - overhead_ms;
    if (usable < remaining_ms / 5)
        usable = remaining_ms / 5;
    /* the moves the clock must last for: those to the next time control,
     * else a game's usual length from here */
    long moves = moves_to_go > 0 ? moves_to_go : SEARCH_MOVES_LEFT;
    long budget = usable / moves + increment_ms * 3 / 4;
    /* never more than a safe share of what is left: with moves to go only
     * this one may use most of it */
    long most = moves == 1 ? usable * 9 / 10 : usable / 2;
    if (budget > most)
        budget = most;
    return budget > 0 ? budget : 1;
}
