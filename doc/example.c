/* example: a program on libtabula (tabula.h).  It loads a game, prints its
 * start position and legal moves, plays the moves given after the file
 * name, lets an engine choose the next move within 200 ms, and says
 * whether the game is over.
 *
 *     cc example.c $(pkg-config --cflags --libs tabula) -o example
 *     ./example games/chess.rules e4 e5 Nf3
 *
 * `make check` builds it against the library in the build tree and runs
 * it (tests/library.test), and again against an installed copy with the
 * line above. */
#include <stdio.h>
#include <stdlib.h>

#include <tabula.h>

int main(int argc, char **argv)
{
    if (argc < 2) {
        fprintf(stderr, "usage: %s RULES-FILE [MOVE...]\n", argv[0]);
        return 2;
    }
    printf("libtabula %s\n", tabula_version());

    /* the game, and what its rules file holds that is wrong */
    tabula_game *game = NULL;
    tabula_diagnostics *diagnostics = NULL;
    tabula_error error;
    if (tabula_game_load(argv[1], NULL, &game, &diagnostics, &error) != TABULA_OK) {
        for (int i = 0; i < tabula_diagnostics_count(diagnostics); i++) {
            tabula_diagnostic d;
            tabula_diagnostics_get(diagnostics, i, &d);
            fprintf(stderr, "%s:%d:%d: %s\n", d.file ? d.file : argv[1], d.line, d.column, d.message);
        }
        if (tabula_diagnostics_count(diagnostics) == 0)
            fprintf(stderr, "%s\n", error.message);
        tabula_diagnostics_free(diagnostics);
        return 1;
    }
    tabula_diagnostics_free(diagnostics);
    printf("%s, %d players\n", tabula_game_name(game), tabula_game_players(game));

    /* the start and its moves */
    tabula_position *position = NULL;
    if (tabula_position_new(game, &position, &error) != TABULA_OK) {
        fprintf(stderr, "%s\n", error.message);
        tabula_game_free(game);
        return 1;
    }
    char text[1024];
    tabula_position_write(position, text, sizeof text);
    printf("start: %s\n", text);
    int count = 0;
    if (tabula_moves(position, &count, &error) != TABULA_OK) {
        fprintf(stderr, "%s\n", error.message);
        count = 0;
    }
    printf("%d moves:", count);
    for (int i = 0; i < count; i++) {
        tabula_move_write(position, i, text, sizeof text);
        printf(" %s", text);
    }
    printf("\n");

    /* the moves given, as a person types them */
    int status = 0;
    for (int i = 2; i < argc; i++) {
        if (tabula_play_text(position, argv[i], &error) != TABULA_OK) {
            printf("%s: %s\n", argv[i], error.message);
            status = 1;
            break;
        }
        printf("played %s\n", argv[i]);
    }
    tabula_position_write(position, text, sizeof text);
    printf("now: %s, %s to move\n", text,
           tabula_game_player_name(game, tabula_position_side(position)));

    /* an engine's choice, then the result */
    tabula_search_result chosen;
    if (tabula_search(position, "ab:time=200", 1, &chosen, &error) == TABULA_OK) {
        char move[256], score[64];
        tabula_move_write(position, chosen.move, move, sizeof move);
        tabula_score_write(&chosen, score, sizeof score);
        printf("engine: %s (score %s)\n", move, score);
        tabula_play(position, chosen.move, NULL);
    } else {
        printf("engine: %s\n", error.message);
    }
    tabula_result result;
    if (tabula_result_get(position, &result, &error) == TABULA_OK) {
        if (!result.over)
            printf("result: not over\n");
        else if (result.winner >= 0)
            printf("result: %s wins (%s)\n", tabula_game_player_name(game, result.winner), result.reason);
        else
            printf("result: a draw (%s)\n", result.reason);
    }
    tabula_position_free(position);
    tabula_game_free(game);
    return status;
}
