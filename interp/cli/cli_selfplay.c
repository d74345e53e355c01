/* cli_selfplay: games between engines (analyze, match), played by the one
 * playout loop with each move an engine's (cli.h). */
#include <string.h>

#include "cli/cli.h"
#include "movegen/notation.h"
#include "search/search.h"

int cli_engine_move(position *p, const move_list *list, void *context, uint64_t *rng)
{
    (void)rng;   /* (each engine draws from its own seed) */
    cli_selfplay *play = context;
    if (play->before)
        play->before(play->context, p, list);
    engine *e = play->engines[p->side];
    search_result chosen;
    engine_choose(e, p, &chosen, NULL, NULL);
    if (search_interrupted()) {
        play->interrupted = true;
        return -1;
    }
    if (chosen.best < 0)
        return -1;
    int i = move_list_find(list, engine_root_moves(e), chosen.best);
    if (i < 0) {
        notation_move(play->g, engine_root_moves(e), chosen.best, play->missing, sizeof play->missing);
        return -1;
    }
    if (play->chosen)
        play->chosen(play->context, p, list, i, play->ply);
    play->ply++;
    return i;
}

/* Plays K uniformly random moves from P (fewer if the game ends), drawn
 * from the game's own seed so that a game's opening does not depend on
 * the engines, each shown by CHOSEN (NULL: none); returns the plies
 * played. */
int cli_random_opening(movegen *generator, position *p, move_list *list, long k, uint64_t seed,
                       void (*chosen)(void *, position *, const move_list *, int, int), void *context)
{
    uint64_t rng = rng_seed(seed);
    int plies = 0;
    for (; plies < k; plies++) {
        movegen_generate(generator, p, list);
        game_result r;
        movegen_result(generator, p, list, &r);
        if (r.over || list->count == 0 || list->overflow)
            break;
        int i = (int)rng_below(&rng, (uint32_t)list->count);
        if (chosen)
            chosen(context, p, list, i, plies);
        move_play(p, list, i);
    }
    return plies;
}

uint64_t cli_opening_seed(long seed, long index)
{
    return (uint64_t)seed * 0x9E3779B97F4A7C15ull + (uint64_t)index + 1;
}

uint64_t cli_game_seed(long seed, long index, int seat)
{
    /* game 0's seeds are those every game of a series had when one engine
     * played them all; another odd constant than the openings' and the
     * MCTS helpers' (engine_spec.c), so that no game's seed is another's */
    return (uint64_t)seed * 7919u + (uint64_t)seat + 1 + (uint64_t)index * 0xD1B54A32D192ED03ull;
}
