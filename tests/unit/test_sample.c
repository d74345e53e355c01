/* test_sample: movegen_sample finds what movegen_generate finds and draws
 * from it uniformly.  On every shipped game and every primitive's rules
 * file, seeded random games are played; at every ply the number it returns
 * must be the length of movegen_generate's list, and the one move it keeps
 * (the first, and one drawn at random) a move of that list, so that the
 * end rules see the same thing.  Then counts of many draws in a few
 * positions must be close to even over the list: a draw that favoured some
 * moves (the first, the captures, the pass) would show there.  And
 * playout_run plays the games a loop of movegen_sample, movegen_result
 * and move_play plays, and so with moves chosen by a caller. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "game/game.h"
#include "movegen/movegen.h"
#include "playout/playout.h"
#include "game/position.h"
#include "game/posstring.h"
#include "movegen/notation.h"
#include "spec/specialise.h"
#include "game/rng.h"
#include "rules_files.h"
#include "shipped_game.h"

#define PLIES 200
#define GAMES 3

static bool same_move(const move_list *a, int i, const move_list *b, int j)
{
    const move *x = &a->moves[i], *y = &b->moves[j];
    if (x->hash != y->hash || x->flags != y->flags || x->count != y->count || x->path_count != y->path_count)
        return false;
    if (memcmp(a->path + x->path_first, b->path + y->path_first, (size_t)x->path_count * sizeof *a->path))
        return false;
    for (int k = 0; k < x->count; k++) {
        const change *c = &a->changes[x->first + k], *d = &b->changes[y->first + k];
        if (c->kind != d->kind || c->player != d->player || c->index != d->index || c->before != d->before
            || c->after != d->after)
            return false;
    }
    return true;
}

/* Where ONE's move is in LIST, -1 if it is not there. */
static int find_move(const move_list *one, const move_list *list)
{
    for (int i = 0; i < list->count; i++)
        if (same_move(one, 0, list, i))
            return i;
    return -1;
}

static void agrees(const char *name, int ply, int count, const move_list *one, const move_list *all)
{
    if (count != all->count)
        fail_msg("%s, ply %d: sampled %d moves, generated %d", name, ply, count, all->count);
    assert_int_equal(one->count, count > 0);
    assert_true(one->stuck == all->stuck);
    if (count && find_move(one, all) < 0)
        fail_msg("%s, ply %d: the move kept is not one of the list", name, ply);
}

/* A game loaded with what it takes to list its moves both ways. */
typedef struct fixture {
    game *g;
    movegen *m;
    position *p;
    move_list all, one;
} fixture;

static void open_fixture(fixture *f, const char *relative)
{
    f->g = tree_game(relative, NULL);
    assert_non_null(f->g);
    f->m = movegen_new(f->g);
    f->p = malloc(sizeof *f->p);
    assert_true(f->m && f->p && pos_init(f->p, f->g) && move_list_init(&f->all) && move_list_init(&f->one));
}

static void close_fixture(fixture *f)
{
    move_list_free(&f->all);
    move_list_free(&f->one);
    pos_free(f->p);
    free(f->p);
    movegen_free(f->m);
    game_free(f->g);
}

static void play(const char *relative)
{
    fixture f;
    open_fixture(&f, relative);
    movegen *m = f.m;
    position *p = f.p;
    move_list *all = &f.all, *one = &f.one;
    for (int round = 0; round < GAMES; round++) {
        uint64_t state = rng_seed(0x5A3F1Eu + (uint64_t)round), draws = rng_seed((uint64_t)round);
        pos_reset(p);
        for (int ply = 0; ply < PLIES; ply++) {
            movegen_generate(m, p, all);
            int count = movegen_sample(m, p, one, NULL);
            assert_true(one->overflow == all->overflow);
            if (all->overflow)
                break;
            agrees(relative, ply, count, one, all);
            game_result by_all, by_one;
            movegen_result(m, p, all, &by_all);
            movegen_result(m, p, one, &by_one);
            assert_true(by_all.over == by_one.over && by_all.winner == by_one.winner);
            agrees(relative, ply, movegen_sample(m, p, one, &draws), one, all);
            if (by_all.over || all->count == 0)
                break;
            undo u;
            move_make(p, all, (int)rng_below(&state, (uint32_t)all->count), &u);
            pos_commit(p);
        }
    }
    close_fixture(&f);
}

static void shipped_games(void **state)
{
    (void)state;
    each_shipped_game(play);
}

static void primitives(void **state)
{
    (void)state;
    assert_true(each_primitive(play));
}

/* What playout_run must do: the loop bench ran before it.  *MOVES and
 * *MOVES_BEFORE: the legal moves of the last position and the one before
 * it (-1: none). */
static int playout_by_calls(movegen *m, position *p, move_list *list, uint64_t *rng, int max_plies,
                            game_result *result, uint64_t *branching, int *moves, int *moves_before)
{
    *moves_before = -1;
    for (int plies = 0;; plies++) {
        int count = movegen_sample(m, p, list, rng);
        if (plies)
            *moves_before = *moves;
        *moves = count;
        if (list->overflow) {
            result->over = false;
            return plies;
        }
        movegen_result(m, p, list, result);
        if (result->over || list->count == 0 || plies >= max_plies)
            return plies;
        *branching += (uint64_t)count;
        move_play(p, list, 0);
    }
}

/* playout_run plays the games the loop of calls plays from the same
 * seed, move for move (the same positions at the end, reached by as many
 * moves, from as many legal moves, with the same result and the same draws
 * of the generator), whether it plays on words (game.playout_words) or
 * not; a cut-off at a few plies too. */
static void playout_as_calls(const char *relative)
{
    fixture f;
    open_fixture(&f, relative);
    for (int round = 0; round < 2 * GAMES; round++) {
        int max_plies = round == 0 ? 3 : PLIES;
        uint64_t rng = rng_seed(0xB0A7u + (uint64_t)round), rng_calls = rng;
        uint64_t branching_calls = 0;
        int moves_calls, moves_before_calls;
        game_result r_calls;
        pos_reset(f.p);
        playout run = { .max_plies = max_plies };
        playout_run(f.m, f.p, &f.one, &rng, &run);
        int plies = run.plies;
        uint64_t branching = run.branching;
        const game_result r = run.result;
        uint64_t hash = f.p->hash;
        int ply = f.p->ply, since_reset = f.p->since_reset;
        bool overflow = f.one.overflow;
        pos_reset(f.p);
        int plies_calls = playout_by_calls(f.m, f.p, &f.all, &rng_calls, max_plies, &r_calls, &branching_calls,
                                           &moves_calls, &moves_before_calls);
        bool same_position = hash == f.p->hash && ply == f.p->ply && since_reset == f.p->since_reset;
        if (plies != plies_calls || !same_position || branching != branching_calls || rng != rng_calls
            || overflow != f.all.overflow || r.over != r_calls.over || run.moves != moves_calls
            || run.moves_before != moves_before_calls)
            fail_msg("%s, game %d: %d plies played (by the calls %d), %s position, %s draws, %s result, "
                     "%llu moves drawn from (by the calls %llu), %d and %d moves in the last two positions "
                     "(by the calls %d and %d)", relative, round, plies, plies_calls,
                     same_position ? "the same" : "another", rng == rng_calls ? "the same" : "other",
                     r.over == r_calls.over ? "the same" : "another", (unsigned long long)branching,
                     (unsigned long long)branching_calls, run.moves_before, run.moves, moves_before_calls,
                     moves_calls);
        if (r.over) {
            assert_int_equal(r.winner, r_calls.winner);
            for (int q = 0; q < f.g->player_count; q++)
                assert_true(r.score[q] == r_calls.score[q]);
        }
    }
    close_fixture(&f);
}

/* A choice for playout_run that checks what it is given: P's moves,
 * generated again by its own generator, must be LIST's.  It takes the
 * last move of the list (never what movegen_sample would draw), and at its
 * STOP-th call stops the game. */
typedef struct last_move {
    movegen *m;
    move_list own;
    int calls, stop;
} last_move;

static int choose_last(position *p, const move_list *list, void *context, uint64_t *rng)
{
    (void)rng;
    last_move *c = context;
    movegen_generate(c->m, p, &c->own);
    assert_int_equal(c->own.count, list->count);
    for (int i = 0; i < list->count; i++)
        assert_true(same_move(list, i, &c->own, i));
    return ++c->calls == c->stop ? -1 : list->count - 1;
}

/* playout_run with a choice plays the games of a loop of
 * movegen_generate, movegen_result and move_play of the last move, which
 * stops before the STOP-th move (0: never); the legal moves of the
 * position it stopped in are left in LIST. */
static int last_by_calls(movegen *m, position *p, move_list *list, int stop, game_result *result,
                         uint64_t *branching)
{
    for (int plies = 0;; plies++) {
        movegen_generate(m, p, list);
        if (list->overflow) {
            result->over = false;
            return plies;
        }
        movegen_result(m, p, list, result);
        if (result->over || list->count == 0 || plies >= PLIES || plies + 1 == stop)
            return plies;
        *branching += (uint64_t)list->count;
        move_play(p, list, list->count - 1);
    }
}

static void chosen_as_calls(const char *relative)
{
    fixture f;
    open_fixture(&f, relative);
    last_move c = { .m = movegen_new(f.g) };
    assert_true(c.m && move_list_init(&c.own));
    for (int stop = 0; stop <= 4; stop += 4) {
        c.calls = 0;
        c.stop = stop;
        pos_reset(f.p);
        uint64_t rng = rng_seed(1);
        playout run = { .max_plies = PLIES, .choose = choose_last, .context = &c };
        playout_run(f.m, f.p, &f.one, &rng, &run);
        uint64_t hash = f.p->hash;
        pos_reset(f.p);
        game_result r;
        uint64_t branching = 0;
        int plies = last_by_calls(f.m, f.p, &f.all, stop, &r, &branching);
        if (run.plies != plies || hash != f.p->hash || run.branching != branching || run.result.over != r.over
            || run.moves != f.all.count || f.one.count != f.all.count || f.one.overflow != f.all.overflow)
            fail_msg("%s, stopped at the choice %d: %d plies played (by the calls %d), %s position, "
                     "%llu moves chosen from (by the calls %llu), %d moves at the end (by the calls %d)",
                     relative, stop, run.plies, plies, hash == f.p->hash ? "the same" : "another",
                     (unsigned long long)run.branching, (unsigned long long)branching, run.moves, f.all.count);
        if (r.over)
            assert_int_equal(run.result.winner, r.winner);
    }
    move_list_free(&c.own);
    movegen_free(c.m);
    close_fixture(&f);
}

/* Whether RELATIVE is played on words (game.playout_words) or, where no
 * hop can start, by steps on words (game.playout_shifts). */
static void played_on_words(const char *relative, bool placements)
{
    game *g = tree_game(relative, NULL);
    assert_non_null(g);
    if (placements ? !g->spec.playout_words : !g->spec.playout_shifts)
        fail_msg("%s is not played on words", relative);
    game_free(g);
}

static void playouts(void **state)
{
    (void)state;
    /* (the games that are played on words: not by the calls unnoticed) */
    played_on_words("games/connect4.rules", true);
    played_on_words("games/tictactoe.rules", true);
    played_on_words("games/checkers.rules", false);
    played_on_words("games/breakthrough.rules", false);
    played_on_words("tests/fixtures/draughts.rules", false);
    each_shipped_game(playout_as_calls);
    assert_true(each_primitive(playout_as_calls));
    /* draughts whose men crown on the last row, end by `plies 80` */
    playout_as_calls("tests/fixtures/draughts.rules");
}

/* Moves chosen by the caller (the MCTS engine's fair dice, `tabula
 * analyze`'s engines), on the games played on words without a choice
 * too, and a game the choice stops. */
static void chosen_playouts(void **state)
{
    (void)state;
    each_shipped_game(chosen_as_calls);
    assert_true(each_primitive(chosen_as_calls));
}

/* DRAWS draws per move of the start position of RELATIVE, which must have
 * MOVES legal moves: each must come up within a quarter of its share
 * (over 3.5 standard deviations at 400 draws a move). */
static void even_draws(const char *relative, int moves)
{
    enum { DRAWS = 400 };
    fixture f;
    open_fixture(&f, relative);
    movegen_generate(f.m, f.p, &f.all);
    assert_int_equal(f.all.count, moves);
    int *seen = calloc((size_t)moves, sizeof *seen);
    assert_non_null(seen);
    uint64_t state = rng_seed(7);
    for (int i = 0; i < DRAWS * moves; i++) {
        assert_int_equal(movegen_sample(f.m, f.p, &f.one, &state), moves);
        int k = find_move(&f.one, &f.all);
        assert_true(k >= 0);
        seen[k]++;
    }
    for (int k = 0; k < moves; k++)
        if (seen[k] < DRAWS * 3 / 4 || seen[k] > DRAWS * 5 / 4)
            fail_msg("%s: move %d drawn %d times in %d, not about %d", relative, k, seen[k], DRAWS * moves, DRAWS);
    free(seen);
    close_fixture(&f);
}

static void draws_are_even(void **state)
{
    (void)state;
    even_draws("games/breakthrough.rules", 22);
    /* placements are drawn from as a batch, and told apart by their cell
     * without hashing (Othello's flips after them too) */
    even_draws("games/tictactoe.rules", 9);
    even_draws("games/othello.rules", 4);
    /* two captures among four moves: only they are drawn, half each */
    even_draws("tests/primitives/prefer-captures.rules", 2);
    /* a step or the pass */
    even_draws("tests/primitives/pass-always.rules", 2);
}

/* More moves than the generator's first, small table of a turn's
 * positions holds: each pair of the 25 cells once (25 * 24 / 2), listed and
 * counted, though each is reached in two orders. */
static void many_moves_once(void **state)
{
    (void)state;
    fixture f;
    open_fixture(&f, "tests/fixtures/place-pairs.rules");
    movegen_generate(f.m, f.p, &f.all);
    assert_int_equal(f.all.count, 300);
    for (int i = 0; i < f.all.count; i++)
        for (int j = 0; j < i; j++)
            assert_true(f.all.moves[i].hash != f.all.moves[j].hash);
    assert_int_equal(movegen_sample(f.m, f.p, &f.one, NULL), 300);
    close_fixture(&f);
    play("tests/fixtures/place-pairs.rules");
}

/* With a legality filter, the quiet landings are drawn from without being
 * hashed, told apart by their two cells; another alternative that makes
 * the same move, made and hashed before the landing or after it, must be
 * found to be it (a rook's step north and south, then a variable set to
 * the value it has, are its slide's landings): ten moves at the start,
 * each drawn as often, and the counts of every ply as movegen_generate's. */
static void lookalike_landings(void **state)
{
    (void)state;
    even_draws("tests/fixtures/lookalikes.rules", 10);
    play("tests/fixtures/lookalikes.rules");
}

/* The count of the alternative written on LINE of tests/fixtures/dead-alternatives.rules
 * at COLUMN (0: its first alternative on that line). */
static movegen_alternative_count alternative_on(const game *g, const bool *is_alternative,
                                                const movegen_alternative_count *counts, int line, int column)
{
    for (int i = 0; i < g->node_count; i++)
        if (is_alternative[i] && g->node_locations[i].line == line
            && (!column || g->node_locations[i].column == column))
            return counts[i];
    fail_msg("no alternative on line %d", line);
    return counts[0];
}

/* movegen_count_alternatives, by hand: white's pawn on b1 and black's on
 * a2 of the fixture's 5x5 board.  Its first line of moves makes b2 and c2 (a plain
 * step goes to empty cells), the second the capture on a2; the third
 * (more than ten pawns) nothing; of the fourth, the capture forward-left
 * is the second line's again (repeated), the capture backwards has nothing
 * to take.  A move the generator makes that is not in the list of legal
 * moves given counts for nothing (analyze gives the game's own list, and
 * runs the rules without their legality filters). */
static void alternatives_counted(void **state)
{
    (void)state;
    game *g = tree_game("tests/fixtures/dead-alternatives.rules", NULL);
    assert_non_null(g);
    specialise_none(g);
    movegen *m = movegen_new(g);
    position *p = malloc(sizeof *p);
    move_list legal, scratch;
    assert_true(m && p && pos_init(p, g) && move_list_init(&legal) && move_list_init(&scratch));
    char error[256];
    assert_true(posstring_read(p, "5/5/5/p4/1P3 w", error, sizeof error));
    movegen_generate(m, p, &legal);
    assert_int_equal(legal.count, 3);
    bool *is_alternative = calloc((size_t)g->node_count, sizeof *is_alternative);
    movegen_alternative_count *counts = calloc((size_t)g->node_count, sizeof *counts);
    assert_true(is_alternative && counts);
    movegen_alternatives(g, is_alternative);
    assert_true(movegen_count_alternatives(m, p, &legal, counts, &scratch));
    assert_int_equal(scratch.count, 3);
    movegen_alternative_count c = alternative_on(g, is_alternative, counts, 16, 0);
    assert_int_equal(c.made, 2);
    assert_int_equal(c.repeated, 0);
    c = alternative_on(g, is_alternative, counts, 17, 0);
    assert_int_equal(c.made, 1);
    c = alternative_on(g, is_alternative, counts, 18, 0);
    assert_int_equal(c.made + c.repeated, 0);
    c = alternative_on(g, is_alternative, counts, 19, 9);
    assert_int_equal(c.made, 0);
    assert_int_equal(c.repeated, 1);
    c = alternative_on(g, is_alternative, counts, 19, 38);
    assert_int_equal(c.made + c.repeated, 0);
    /* only the moves of LEGAL count: with b1-c2 left out of it, the first
     * line made b2 alone */
    for (int i = 0; i < legal.count; i++) {
        char text[64];
        notation_move(g, &legal, i, text, sizeof text);
        if (strstr(text, "c2")) {
            legal.moves[i] = legal.moves[--legal.count];
            break;
        }
    }
    assert_int_equal(legal.count, 2);
    memset(counts, 0, (size_t)g->node_count * sizeof *counts);
    assert_true(movegen_count_alternatives(m, p, &legal, counts, &scratch));
    assert_int_equal(alternative_on(g, is_alternative, counts, 16, 0).made, 1);
    assert_int_equal(alternative_on(g, is_alternative, counts, 17, 0).made, 1);
    free(is_alternative);
    free(counts);
    move_list_free(&legal);
    move_list_free(&scratch);
    pos_free(p);
    free(p);
    movegen_free(m);
    game_free(g);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(draws_are_even),
        cmocka_unit_test(many_moves_once),
        cmocka_unit_test(lookalike_landings),
        cmocka_unit_test(shipped_games),
        cmocka_unit_test(primitives),
        cmocka_unit_test(playouts),
        cmocka_unit_test(chosen_playouts),
        cmocka_unit_test(alternatives_counted),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
