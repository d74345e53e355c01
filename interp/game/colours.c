/* colours: the colour each player is shown in (the REPL's board, the SVG
 * writer), from the game's display block or, where it says nothing, from
 * the player's name (black, white, red ...; light and dark too), and else
 * the first colour no other player has. */
#include <string.h>
#include <strings.h>

#include "game/game.h"

const char *const game_colour_names[GAME_COLOURS] = {
    "black", "red", "green", "yellow", "blue", "magenta", "cyan", "white",
};

const char *const game_look_names[BOARD_LOOKS] = {
    "", "chequered", "plain", "holes", "intersections",
};

/* The colour a player's NAME names (in any case: Sapos's Dark), -1: none. */
static int named_colour(const char *name)
{
    for (int k = 0; k < GAME_COLOURS; k++)
        if (!strcasecmp(name, game_colour_names[k]))
            return k;
    if (!strcasecmp(name, "light"))
        return GAME_COLOUR_WHITE;
    if (!strcasecmp(name, "dark"))
        return GAME_COLOUR_BLACK;
    return -1;
}

int game_player_colour(const game *g, int player)
{
    int chosen[GAME_MAX_PLAYERS];
    for (int q = 0; q < g->player_count; q++)
        chosen[q] = g->display_colour[q] >= 0 ? g->display_colour[q] : named_colour(g->player_names[q]);
    /* the others in turn order, each the first colour of PREFERENCE not
     * taken: two players are white and black, as most boards have it */
    static const int preference[GAME_COLOURS] = {
        GAME_COLOUR_WHITE, GAME_COLOUR_BLACK, GAME_COLOUR_RED, GAME_COLOUR_BLUE,
        GAME_COLOUR_GREEN, GAME_COLOUR_YELLOW, GAME_COLOUR_MAGENTA, GAME_COLOUR_CYAN,
    };
    for (int q = 0; q < g->player_count; q++) {
        for (int k = 0; chosen[q] < 0 && k < GAME_COLOURS; k++) {
            bool taken = false;
            for (int r = 0; r < g->player_count; r++)
                taken = taken || chosen[r] == preference[k];
            if (!taken)
                chosen[q] = preference[k];
        }
    }
    return player >= 0 && player < g->player_count ? chosen[player] : GAME_COLOUR_WHITE;
}
