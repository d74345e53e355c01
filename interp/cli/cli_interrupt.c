/* cli_interrupt: Ctrl-C while a search runs stops the search, not the
 * program.  The handler only raises the search module's flag (an
 * async-signal-safe store); searches poll it and return their best move so
 * far, and the commands that run them decide what an interrupted search
 * means (search prints its move, match and analyze report the games
 * finished, the REPL makes no move and prompts again). */
#include <signal.h>
#include <string.h>

#include "cli/cli.h"
#include "search/search.h"

static void on_interrupt(int signal_number)
{
    (void)signal_number;
    search_interrupt();
}

void cli_catch_interrupts(void)
{
    struct sigaction action;
    memset(&action, 0, sizeof action);
    action.sa_handler = on_interrupt;
    sigemptyset(&action.sa_mask);
    /* no SA_RESTART: a read at the REPL's prompt returns, so that the
     * prompt can start again on a fresh line */
    action.sa_flags = 0;
    sigaction(SIGINT, &action, NULL);
}
