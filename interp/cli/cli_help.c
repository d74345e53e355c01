/* cli_help: the help texts.  They follow man/tabula.1; change both. */
#include <string.h>

#include "cli/cli.h"

static const struct help {
    const char *command;
    const char *text;
} helps[] = {
    { NULL,
      "usage: tabula COMMAND [OPTIONS] [ARGUMENTS]\n"
      "\n"
      "Tabula reads .rules files that describe abstract board games.\n"
      "\n"
      "Commands:\n"
      "  check [--variant NAME] FILE...   check rules files for errors\n"
      "  parse FILE                       show how a rules file is read, as a tree\n"
      "  perft [--variant V] [--position POS] [--divide] FILE DEPTH\n"
      "                                   count the move sequences to each depth\n"
      "  bench [--variant V] FILE (--time MS | --playouts N) [--seed S] [--lists]\n"
      "                                   play random games and measure the speed\n"
      "  position [--variant V] [--position POS] FILE\n"
      "                                   print the start (or POS) as a position string\n"
      "  search [--variant V] [--position POS] FILE (--depth N | --time MS | --nodes N)\n"
      "         [--engine SPEC]           find a move for the start (or POS)\n"
      "  match [--variant V] FILE --p1 SPEC --p2 SPEC [--p3 SPEC --p4 SPEC] --games N\n"
      "        [--seed S]                 play engines against each other\n"
      "  analyze [--variant V] FILE --games N [--engine SPEC] [--seed S]\n"
      "                                   self-play a game and report on its balance\n"
      "  play [--variant V] [--position POS] [--p1 SPEC ...] [FILE]\n"
      "                                   play a game at the terminal (default: Sato)\n"
      "  render [--variant V] [--position POS] [--size N] FILE --svg OUT.svg|-\n"
      "  render --game SAVED [--size N] [FILE] --svg OUT.svg|-\n"
      "                                   draw the start (or POS, or the end of a\n"
      "                                   saved game) as an SVG picture\n"
      "  help [COMMAND]                   show this help, or a command's\n"
      "\n"
      "Options:\n"
      "  -h, --help      show help (also after a command: tabula check --help)\n"
      "  --version       show the version\n"
      "  --variant V     may be given twice or more: the variants apply in order\n"
      "                  (--variant 3p --variant no-sowing, or 3p+no-sowing)\n"
      "\n"
      "Environment: TABULA_PATH (folders searched for included files),\n"
      "TABULA_STDLIB (the stdlib folder), TABULA_SPECIALISE=off (play by the\n"
      "rules alone, without the shortcuts worked out at load), NO_COLOR (no colours).\n"
      "See tabula(1) and, for the language, tabula-rules(5).\n" },
    { "check",
      "usage: tabula check [--variant NAME] FILE...\n"
      "\n"
      "Checks each rules file, with the files it includes: syntax, names,\n"
      "directions, cells, setup, end conditions.  Without --variant the game\n"
      "and every variant are checked; with it, that variant only.\n"
      "Errors and warnings are printed as file:line:col: with the source line.\n"
      "\n"
      "Exit status: 0 when every file is valid (warnings allowed), 1 when any\n"
      "file has an error, 2 for a usage error or a file that cannot be read.\n" },
    { "parse",
      "usage: tabula parse FILE\n"
      "\n"
      "Prints the file, with its includes, as the tree the parser builds (an\n"
      "S-expression), to see how operators group: '|' is loosest, then\n"
      "'if'/'unless', then 'then', then a verb with its clauses.\n"
      "Exit status as for check, for syntax errors only.\n" },
    { "perft",
      "usage: tabula perft [--variant NAME] [--position POS] [--divide] FILE DEPTH\n"
      "\n"
      "Counts the sequences of legal moves from the start, for each depth from 1\n"
      "to DEPTH, one line each: the depth, the number of sequences of exactly\n"
      "that many moves, how many of them end the game ('-' at the last depth,\n"
      "which is counted without looking further), and on the last line the\n"
      "seconds taken and the nodes per second.  A game that ends earlier adds\n"
      "nothing deeper; a forced pass counts as a move.  --divide prints, for\n"
      "each first move, the sequences of length DEPTH that start with it.\n"
      "--position starts from POS, a position string (for chess, FEN).\n" },
    { "bench",
      "usage: tabula bench [--variant NAME] FILE (--time MS | --playouts N) [--seed S]\n"
      "                    [--lists]\n"
      "\n"
      "Plays uniformly random games from the start (every legal move generated\n"
      "at every step, one chosen uniformly) and prints 'key value' lines:\n"
      "playouts, playouts_per_sec, states (moves played), states_per_sec,\n"
      "avg_depth, avg_moves (legal moves per position played from), and\n"
      "outcome_PLAYER (each player's average result: 1 a win, 0 a loss, a\n"
      "share for a draw).  The same seed plays the same games.  Every legal\n"
      "move is found, but only the one drawn is built: the moves are counted\n"
      "as they are found, many at once where the rules allow, and the n-th\n"
      "replaces the one kept with chance 1/n.  Where the turn is one placement\n"
      "on cells the position alone decides, on a board of at most 64 cells\n"
      "(Connect Four), a game is played on machine words: the legal cells are\n"
      "one word, one is drawn, the piece is put down, and no move is built.\n"
      "So too, on such a board, each turn of pieces that step to cells the\n"
      "position decides and jump in chains (draughts, Breakthrough): each\n"
      "step direction's landings are one word, the chains are searched on\n"
      "words, and the move drawn is played.  The games are the same.\n"
      "--lists builds every move into a list first, as perft and the engines\n"
      "do, and draws from the list.  --time MS plays for MS milliseconds (the\n"
      "clock read about once a millisecond).\n" },
    { "position",
      "usage: tabula position [--variant NAME] [--position POS] FILE\n"
      "\n"
      "Prints the game's starting position, or POS read and written again, as a\n"
      "one-line position string: the rows from the top down separated by '/',\n"
      "each cell a piece symbol or a count of empty cells; the side to move;\n"
      "then the game's position fields (its position block; by default the\n"
      "reserves, the variables, the flagged cells, the plies since the last\n"
      "capture when an end rule counts them, and the plies played).  For\n"
      "chess it is standard FEN.  A bad POS is reported and exits with 2.\n" },
    { "search",
      "usage: tabula search [--variant NAME] [--position POS] FILE\n"
      "                     (--depth N | --time MS | --nodes N) [--engine SPEC]\n"
      "                     [--threads N]\n"
      "\n"
      "Searches the start (or POS) for the side to move.  While it thinks it\n"
      "prints 'info depth D score S nodes N time MS pv MOVES...' (after each\n"
      "depth; for mcts, each second and at the end, with D the deepest line),\n"
      "then 'bestmove MOVE' and 'score S'.  S is from the side to move's view:\n"
      "'win in N' or 'loss in N' when proven (N plies to the end, the last move\n"
      "included), 'draw' when proven drawn, else a number (ab: hundredths of a\n"
      "piece of value 1; mcts: the expected result from -1000 to 1000;\n"
      "random, which does not look ahead: 0).\n"
      "The default engine is alpha-beta with the given limits; --engine picks\n"
      "another (see 'tabula help match' for SPEC), and the limits given as\n"
      "options override the spec's (--engine mcts --time 2000: the engine\n"
      "named alone takes the option's limit).  Three or four players: the ab\n"
      "search is paranoid (everyone else plays against the side to move).  A\n"
      "turn with dice is valued over all their faces; the faces in 'bestmove'\n"
      "are the engine's own throws.  --threads N runs the search in N threads\n"
      "(see 'tabula help match').  Ctrl-C (SIGINT) stops the search, which then\n"
      "prints the best move found so far.\n" },
    { "match",
      "usage: tabula match [--variant NAME] FILE --p1 SPEC --p2 SPEC [--p3 SPEC --p4 SPEC]\n"
      "                    --games N [--seed S] [--openings K] [--verbose] [--threads N]\n"
      "\n"
      "Plays N games from the start (--openings K: from the position after K\n"
      "random moves, drawn from the seed and the game's number, so that\n"
      "deterministic engines play different games), player K always played by\n"
      "--pK, and prints one line per game (who won, after how many plies, and\n"
      "the end rule that held, as the file writes it: '(repetition 3)'), then\n"
      "'result: W1 W2 [W3 W4] DRAWS' (games without a single winner, and games\n"
      "cut off after 2000 plies, count as draws).\n"
      "SPEC: 'random' (a uniformly random move), 'ab:depth=N', 'ab:time=MS',\n"
      "'ab:nodes=N' (alpha-beta; its leaves play out their captures first, for\n"
      "up to 8 plies, in two-player games where captures are a minority of the\n"
      "moves: 'ab:depth=4,quiescence=off' scores them as they stand;\n"
      "'reductions=on', with a time or node limit, searches late quiet moves\n"
      "less deep first),\n"
      "'mcts:playouts=N', 'mcts:time=MS' (UCT with\n"
      "random playouts, the games 'tabula bench' plays but with fair dice,\n"
      "cut off after 60 plies and scored by the material\n"
      "and mobility when the pieces have values, or cut off at once where\n"
      "random play seldom ends with a winner within 120 plies, as in chess;\n"
      "it keeps its tree below the moves played from one move to the next);\n"
      "settings combine with commas:\n"
      "'ab:depth=6,time=500'.  'threads=N' (or --threads N for every ab and\n"
      "mcts seat) searches in N threads: mcts grows N trees side by side and\n"
      "plays the move with the most visits over all of them (a playout limit\n"
      "is shared out, a time limit holds for each); ab runs N searches that\n"
      "share one transposition table (Lazy SMP) and plays the first one's move.\n"
      "The same seed plays the same games unless a time limit is used.\n"
      "Where a turn holds dice ('roll'), each engine makes its own choices and\n"
      "throws its own dice (uniformly, from its seed); ab values such turns by\n"
      "expectimax (the mean over a die's faces), mcts samples the faces.\n"
      "Where a pass is a move, an engine passes when nothing the game counts\n"
      "(scores, pieces on the board and in hand) changes along the lines it\n"
      "expects after its best move and after passing, or after the player\n"
      "before passed when passing does as well: a game that ends when every\n"
      "player passes in a row (Mynd) ends.\n"
      "--verbose prints each game's moves.  Ctrl-C (SIGINT) stops the match:\n"
      "the game in play is dropped and the result counts the games finished.\n"
      "A position whose moves reach a limit of the generator stops it too, with\n"
      "the rule that was running and the position string.\n" },
    { "analyze",
      "usage: tabula analyze [--variant NAME] FILE --games N [--engine SPEC] [--seed S]\n"
      "                      [--openings K] [--threads N]\n"
      "\n"
      "Plays N games from the start with the engine SPEC (default 'random'; see\n"
      "'tabula help match') in every seat, and reports for the game's designer:\n"
      "the first player's share of the decided games with a 95% Wilson\n"
      "interval, each player's wins and the draws, the game length in plies\n"
      "(mean, min, max), how the games ended (each end rule's share, and the\n"
      "end rules that ended none), the mean number of legal moves per ply,\n"
      "and the moves played by kind and piece type ('move stone', 'place mark',\n"
      "'pass', 'roll': the kind of the move's first part after any throws) with the\n"
      "share of captures.  Warnings: a piece type never moved nor placed; a\n"
      "first player whose interval lies wholly above or below a fair share\n"
      "by more than 15 points (above 65% or below 35% with two players);\n"
      "games cut off at 2000 plies (counted as draws).  --openings K starts each\n"
      "game from K random moves (counted in its length, not in the moves\n"
      "played), so that a deterministic engine plays different games.  A\n"
      "progress bar goes to stderr when it is a terminal.  The same seed plays\n"
      "the same games unless the engine has a time limit.  Ctrl-C (SIGINT)\n"
      "stops the games and reports on those finished (exit status 1 if none\n"
      "was).\n" },
    { "play",
      "usage: tabula play [--variant NAME] [--position POS] [--p1 SPEC ... --p4 SPEC]\n"
      "                   [--dice hand|SEED] [FILE]\n"
      "\n"
      "Plays FILE (default: the installed Sato, games/sato.rules) at the\n"
      "terminal: the board, then a prompt naming the side to move.  Type a move\n"
      "as 'moves' shows it, a prefix of exactly one move, or its number in the\n"
      "'moves' list, or as people type it (e2e4, E2-E4, e5d4 for e5xd4, d3 for\n"
      "Othello's @d3xd4); an ambiguous prefix lists the candidates, an illegal\n"
      "move the nearest legal ones.  Pieces are tiles of their player's colour\n"
      "(the rules' display block, or the one the player's name names); the\n"
      "status line says 'in check' where the rules guard a royal piece, and\n"
      "'game over: draw (repetition 3)' names the end rule that held.  A turn of\n"
      "several parts can be typed whole or a part at a time: a whole first part\n"
      "shows the board as it leaves it and the continuations, and the next\n"
      "line continues it.  Where a turn\n"
      "throws dice ('roll' in the rules), 'roll' throws them for you and the\n"
      "faces decide the move (or what is left of it is yours to type); you\n"
      "never pick the faces: 'moves' counts the moves the dice decide, and a\n"
      "turn dropped with undo and thrown again keeps its faces.  --dice hand\n"
      "lets you throw real dice and type the faces, as [N]; --dice SEED throws\n"
      "from a seed (the same session throws the same again).  Commands:\n"
      "  moves, roll, show, undo, redo, new, position, setpos POS, save FILE,\n"
      "  load FILE, render FILE.svg (or - for standard output: the board as a\n"
      "  picture, the last move marked; see 'tabula help render'), history,\n"
      "  variant [NAME|-], rules, perft N, help, quit,\n"
      "  and for engines (SPEC as for match): go [SPEC], hint [SPEC],\n"
      "  ai [SIDE SPEC|SIDE off|off]; --pN SPEC gives player N to an engine.\n"
      "Tab completes commands and moves; the input history is kept in\n"
      "~/.tabula_history.  Saved games are plain text: tags ([Game], [File],\n"
      "[Variant], [Date], [Players], [Result], [Termination]: the end rule\n"
      "that held, [Position]), one numbered move a line, then the result;\n"
      "'load' replays them through the rules, the rules file found where it\n"
      "was, next to the record, in TABULA_PATH, among the installed games, or\n"
      "else the game open now when it has the record's game name.\n"
      "When standard input is not a terminal the commands are read a line at\n"
      "a time with no prompt, no colours and no board after each move;\n"
      "responses go to stdout, errors to stderr, and the exit status is 1 if\n"
      "any line failed, else 0.  NO_COLOR turns the colours off.\n"
      "Ctrl-C while an engine thinks stops its search and makes no move (its\n"
      "seat stays taken: 'go' lets it move); at the prompt it drops the line\n"
      "typed.  Ctrl-D or the end of input leaves, as quit does.\n" },
    { "render",
      "usage: tabula render [--variant NAME] [--position POS] [--size N] FILE --svg OUT.svg|-\n"
      "       tabula render --game SAVED [--size N] [FILE] --svg OUT.svg|-\n"
      "\n"
      "Draws the start of FILE (or POS), or with --game the position at the end\n"
      "of a saved game (as 'save' at the play prompt writes it), as an SVG\n"
      "picture: square boards chequered with file letters and rank numbers, hex\n"
      "boards as hexagons shaded by ring with the names of empty cells, graph\n"
      "boards as their cells on a circle joined by their links; pieces as discs\n"
      "in their player's colour with their symbol (the display block's Unicode\n"
      "symbol where it gives one).  The cells of the last move (from, to, a\n"
      "piece put down, a capture) are tinted blue and outlined, each outline\n"
      "naming its cell (data-cell=\"e4\").  Where the game keeps pieces in hand,\n"
      "a panel beside the board shows each player's reserve: a disc of each\n"
      "type with its count, faded where it has run out.\n"
      "A saved game is replayed through the rules as the prompt's 'load' does,\n"
      "its rules file, variant and start the ones it names (so --game takes no\n"
      "--variant or --position), the rules file found where load finds it;\n"
      "FILE, when given, is the game open at the prompt: used where the\n"
      "record's own rules file is not found.\n"
      "--size N makes the picture N pixels wide (32 to 8192), its height in\n"
      "proportion, the whole drawing scaled; without it a square cell is 48\n"
      "pixels across.  OUT.svg is written atomically: a failed write leaves an\n"
      "older file as it was, says why and exits with 2; --svg - writes to\n"
      "standard output (a file named - is ./-).  An unreadable saved game or a\n"
      "bad --size exits with 2, a record that does not replay with 1, and\n"
      "neither writes anything.  At the play prompt, 'render FILE.svg' draws\n"
      "the game as it is then.\n" },
    { "help",
      "usage: tabula help [COMMAND]\n"
      "\n"
      "Shows the overview, or the help of COMMAND.\n" },
};

bool cli_print_help(FILE *stream, const char *command)
{
    for (size_t i = 0; i < sizeof helps / sizeof *helps; i++) {
        if ((command == NULL && helps[i].command == NULL)
            || (command && helps[i].command && !strcmp(command, helps[i].command))) {
            fputs(helps[i].text, stream);
            return true;
        }
    }
    return false;
}

int cli_help(int argc, char **argv)
{
    if (argc > 1) {
        fputs("tabula help: give at most one command\n", stderr);
        return EXIT_USAGE;
    }
    if (!cli_print_help(stdout, argc == 1 ? argv[0] : NULL)) {
        fprintf(stderr, "tabula help: unknown command '%s'; see 'tabula help'\n", argv[0]);
        return EXIT_USAGE;
    }
    return EXIT_VALID;
}
