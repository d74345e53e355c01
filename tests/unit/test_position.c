/* test_position: the history of hashes that repetition rules read
 * (pos_occurrences, kept in chains by the hashes' low bits) stays true to
 * the moves made.  In a long game of Mynd (its filter reads repetitions, so
 * its positions keep a history), with moves made and taken back at random,
 * the count pos_occurrences gives for every hash of the history, and for
 * the position's own, must be the number of times the hash stands in the
 * history, counted one by one; the same on a copy (pos_copy) and on the
 * original after the copy is taken back further; and none after pos_reset.
 * Four hundred positions in SEEN_MASK + 1 chains share chains many times
 * over, so a chain broken by a make or an unmake shows.
 *
 * Stacks (Lasca's columns): through random moves made and taken back, the
 * pieces under each top stay together from the bottom up, the hash kept
 * move by move is the hash of the position read back from its string, and
 * taking every move back gives the start again; a copy (pos_copy,
 * pos_copy_forward) has the same stacks. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>

#include <cmocka.h>

#include "game/game.h"
#include "movegen/movegen.h"
#include "game/position.h"
#include "game/posstring.h"
#include "game/rng.h"
#include "shipped_game.h"

#define MOST_MADE 400
#define STEPS 1200

/* HASH's count in P's history, one entry at a time. */
static int counted(const position *p, uint64_t hash)
{
    int n = 0;
    for (int i = 0; i < p->history_length; i++)
        n += p->history[i] == hash;
    return n;
}

static void counts_agree(const position *p, int step)
{
    for (int i = 0; i <= p->history_length; i++) {
        uint64_t hash = i < p->history_length ? p->history[i] : p->hash;
        int chained = pos_occurrences(p, hash), one_by_one = counted(p, hash);
        if (chained != one_by_one)
            fail_msg("step %d, entry %d of %d: %d occurrences by the chains, %d in the history", step, i,
                     p->history_length, chained, one_by_one);
    }
}

/* Takes back up to 6 of the MADE moves of P (their undo records in UNDOS). */
static void take_back(position *p, undo *undos, int *made, uint64_t *rng)
{
    int back = 1 + (int)rng_below(rng, (uint32_t)(*made < 6 ? *made : 6));
    while (back-- > 0)
        pos_unmake(p, &undos[--*made]);
}

static void history_counts(void **state)
{
    (void)state;
    game *g = shipped_game("mynd", NULL);
    assert_non_null(g);
    assert_true(g->reads_history);
    movegen *m = movegen_new(g);
    position *p = malloc(sizeof *p), *copy = malloc(sizeof *copy);
    undo *undos = malloc(MOST_MADE * sizeof *undos), *copy_undos = malloc(MOST_MADE * sizeof *copy_undos);
    move_list list;
    assert_true(m && p && copy && undos && copy_undos && pos_init(p, g) && pos_init(copy, g)
                && move_list_init(&list));
    uint64_t rng = rng_seed(11);
    int made = 0, longest = 0;
    for (int step = 0; step < STEPS; step++) {
        /* (one step in eight takes back 3.5 moves on average: the game
         * grows by about half a move a step) */
        if (made > 0 && (made == MOST_MADE || rng_below(&rng, 8) == 0)) {
            take_back(p, undos, &made, &rng);
        } else {
            movegen_generate(m, p, &list);
            assert_false(list.overflow);
            if (list.count == 0)
                break;
            move_make(p, &list, (int)rng_below(&rng, (uint32_t)list.count), &undos[made++]);
        }
        longest = made > longest ? made : longest;
        counts_agree(p, step);
    }
    assert_true(longest >= MOST_MADE / 2);

    /* a copy keeps its own chains: taking it back leaves the original's */
    assert_true(pos_copy(copy, p));
    int copy_made = made;
    for (int i = 0; i < made; i++)
        copy_undos[i] = undos[i];
    counts_agree(copy, STEPS);
    take_back(copy, copy_undos, &copy_made, &rng);
    counts_agree(copy, STEPS + 1);
    counts_agree(p, STEPS + 1);

    /* a reset forgets the history */
    uint64_t last = p->history_length ? p->history[p->history_length - 1] : p->hash;
    pos_reset(p);
    assert_int_equal(p->history_length, 0);
    assert_int_equal(pos_occurrences(p, last), 0);

    move_list_free(&list);
    free(undos);
    free(copy_undos);
    pos_free(p);
    pos_free(copy);
    free(p);
    free(copy);
    movegen_free(m);
    game_free(g);
}

/* P's stacks as position.h says they are: DEPTH pieces under each top,
 * from the bottom, none past them, and none under an empty cell. */
static void stacks_whole(const position *p, int step)
{
    const game *g = p->game;
    int stride = g->stack_height - 1;
    for (int c = 0; c < g->board.cell_count; c++) {
        int depth = p->depth[c];
        if (depth && !p->cells[c])
            fail_msg("step %d: %d pieces under the empty cell %s", step, depth, g->board.cell_names[c]);
        for (int i = 0; i < stride; i++)
            if ((p->under[c * stride + i] != 0) != (i < depth))
                fail_msg("step %d: %s has %d pieces under its top, and place %d %s", step,
                         g->board.cell_names[c], depth, i, p->under[c * stride + i] ? "holds one" : "is empty");
    }
}

/* P's hash is the one its position string gives, read afresh into FRESH. */
static void hash_as_read(const position *p, position *fresh, int step)
{
    char text[8192], error[256];
    posstring_write(p, text, sizeof text);
    if (!posstring_read(fresh, text, error, sizeof error))
        fail_msg("step %d: '%s' does not read back: %s", step, text, error);
    if (fresh->hash != p->hash)
        fail_msg("step %d: the hash kept move by move is not the hash of '%s'", step, text);
    char again[8192];
    posstring_write(fresh, again, sizeof again);
    assert_string_equal(text, again);
}

static void stacks_made_and_taken_back(void **state)
{
    (void)state;
    game *g = shipped_game("lasca", NULL);
    assert_non_null(g);
    assert_true(g->stack_height > 1);
    movegen *m = movegen_new(g);
    position *p = malloc(sizeof *p), *fresh = malloc(sizeof *fresh), *copy = malloc(sizeof *copy);
    undo *undos = malloc(MOST_MADE * sizeof *undos);
    move_list list;
    assert_true(m && p && fresh && copy && undos && pos_init(p, g) && pos_init(fresh, g) && pos_init(copy, g)
                && move_list_init(&list));
    char start[8192], text[8192], copied[8192];
    posstring_write(p, start, sizeof start);
    uint64_t rng = rng_seed(5), start_hash = p->hash;
    int made = 0, tallest = 0;
    for (int step = 0; step < STEPS; step++) {
        movegen_generate(m, p, &list);
        assert_false(list.overflow);
        if (made > 0 && (made == MOST_MADE || list.count == 0 || rng_below(&rng, 8) == 0))
            take_back(p, undos, &made, &rng);
        else if (list.count > 0)
            move_make(p, &list, (int)rng_below(&rng, (uint32_t)list.count), &undos[made++]);
        stacks_whole(p, step);
        hash_as_read(p, fresh, step);
        for (int c = 0; c < g->board.cell_count; c++)
            tallest = pos_height(p, c) > tallest ? pos_height(p, c) : tallest;
        if (step % 100 == 0) {
            posstring_write(p, text, sizeof text);
            assert_true(pos_copy(copy, p));
            posstring_write(copy, copied, sizeof copied);
            assert_string_equal(text, copied);
            pos_reset(copy);
            pos_copy_forward(copy, p);
            posstring_write(copy, copied, sizeof copied);
            assert_string_equal(text, copied);
            assert_true(copy->hash == p->hash);
        }
    }
    assert_true(tallest >= 4);
    while (made > 0)
        pos_unmake(p, &undos[--made]);
    posstring_write(p, text, sizeof text);
    assert_string_equal(text, start);
    assert_true(p->hash == start_hash);
    stacks_whole(p, STEPS);

    move_list_free(&list);
    free(undos);
    pos_free(p);
    pos_free(fresh);
    pos_free(copy);
    free(p);
    free(fresh);
    free(copy);
    movegen_free(m);
    game_free(g);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(history_counts),
        cmocka_unit_test(stacks_made_and_taken_back),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
