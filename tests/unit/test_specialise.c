/* test_specialise: the load-time specialisations change nothing a game
 * means.  Every shipped game and every primitive's rules file is loaded
 * twice, once as tabula runs it and once with specialise_none, and seeded
 * random games are played on both in step: at every ply the two must list
 * the same moves in the same order (the same resulting positions) and agree
 * on whether and how the game ended, and after every move the position's
 * hash must be the one the same position has loaded from scratch (the
 * hash a move made takes from its move, which the generator computed). */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "spec/attack.h"
#include "game/game.h"
#include "movegen/movegen.h"
#include "game/rng.h"
#include "rules_files.h"
#include "shipped_game.h"
#include "spec/specialise.h"

#define PLIES 200
#define GAMES 6

static void same_lists(const char *name, int ply, const move_list *a, const move_list *b)
{
    if (a->count != b->count)
        fail_msg("%s, ply %d: %d moves specialised, %d not", name, ply, a->count, b->count);
    for (int i = 0; i < a->count; i++) {
        const move *x = &a->moves[i], *y = &b->moves[i];
        if (x->hash != y->hash || x->flags != y->flags)
            fail_msg("%s, ply %d: move %d differs", name, ply, i);
        /* recorded the same way too: the notation reads the path, undo
         * and the REPL the changes */
        if (x->path_count != y->path_count
            || memcmp(a->path + x->path_first, b->path + y->path_first, (size_t)x->path_count * sizeof *a->path))
            fail_msg("%s, ply %d: move %d has another path", name, ply, i);
        if (x->count != y->count)
            fail_msg("%s, ply %d: move %d has %d changes specialised, %d not", name, ply, i, x->count, y->count);
        for (int k = 0; k < x->count; k++) {
            const change *c = &a->changes[x->first + k], *d = &b->changes[y->first + k];
            if (c->kind != d->kind || c->index != d->index || c->before != d->before || c->after != d->after)
                fail_msg("%s, ply %d: move %d's change %d differs", name, ply, i, k);
        }
    }
}

static void same_results(const char *name, int ply, const game_result *a, const game_result *b, int players)
{
    if (a->over != b->over || a->winner != b->winner)
        fail_msg("%s, ply %d: the end differs (over %d/%d, winner %d/%d)", name, ply, a->over, b->over,
                 a->winner, b->winner);
    for (int q = 0; q < players; q++)
        assert_true(a->score[q] == b->score[q]);
}

/* P's hash, as the same parts loaded into SCRATCH (of P's game) hash. */
static uint64_t fresh_hash(position *scratch, const position *p)
{
    int32_t reserve[GAME_MAX_PLAYERS][GAME_MAX_TYPES];
    memcpy(reserve, p->reserve, sizeof reserve);
    pos_load(scratch, p->cells, p->under, p->depth, reserve, p->vars, p->ply, p->since_reset, p->side);
    return scratch->hash;
}

/* Plays GAMES seeded random games of the rules file RELATIVE on both. */
static void compare(const char *relative)
{
    game *fast = tree_game(relative, NULL), *plain = tree_game(relative, NULL);
    assert_non_null(fast);
    assert_non_null(plain);
    specialise_none(plain);
    movegen *mf = movegen_new(fast), *mp = movegen_new(plain);
    position *pf = malloc(sizeof *pf), *pp = malloc(sizeof *pp), *scratch = malloc(sizeof *scratch);
    move_list lf, lp;
    assert_true(mf && mp && pf && pp && scratch && pos_init(pf, fast) && pos_init(pp, plain)
                && pos_init(scratch, fast) && move_list_init(&lf) && move_list_init(&lp));
    for (int round = 0; round < GAMES; round++) {
        uint64_t state = rng_seed(0x5EC1A1u + (uint64_t)round);
        pos_reset(pf);
        pos_reset(pp);
        for (int ply = 0; ply < PLIES; ply++) {
            movegen_generate(mf, pf, &lf);
            movegen_generate(mp, pp, &lp);
            same_lists(relative, ply, &lf, &lp);
            game_result rf, rp;
            movegen_result(mf, pf, &lf, &rf);
            movegen_result(mp, pp, &lp, &rp);
            same_results(relative, ply, &rf, &rp, fast->player_count);
            if (rf.over || lf.count == 0)
                break;
            int choice = (int)rng_below(&state, (uint32_t)lf.count);
            /* the fast side as playouts make moves (move_play), the plain
             * side as a search does (move_make, then forgotten) */
            move_play(pf, &lf, choice);
            undo up;
            move_make(pp, &lp, choice, &up);
            pos_commit(pp);
            assert_true(pf->hash == pp->hash);
            if (pf->hash != fresh_hash(scratch, pf))
                fail_msg("%s, ply %d: the hash after move %d is not the position's", relative, ply, choice);
        }
    }
    move_list_free(&lf);
    move_list_free(&lp);
    pos_free(pf);
    pos_free(pp);
    pos_free(scratch);
    free(pf);
    free(pp);
    free(scratch);
    movegen_free(mf);
    movegen_free(mp);
    game_free(fast);
    game_free(plain);
}

static void shipped_games_agree(void **state)
{
    (void)state;
    each_shipped_game(compare);
}

static void primitives_agree(void **state)
{
    (void)state;
    assert_true(each_primitive(compare));
}

/* Boards of more than one word take the general ways of the word-wise
 * shortcuts (sight along rays, chains of jumps). */
static void large_boards_agree(void **state)
{
    (void)state;
    compare("tests/fixtures/amazons-large.rules");
    /* chains of jumps searched cell by cell (hop_chain.c's search_cells) */
    game *g = tree_game("tests/fixtures/draughts-large.rules", NULL);
    assert_non_null(g);
    assert_true(g->words > 1);
    int chains = 0;
    for (int i = 0; i < g->node_count; i++)
        chains += (g->nodes[i].spec.flags & NF_HOP_CHAIN) != 0;
    assert_true(chains > 0);
    game_free(g);
    compare("tests/fixtures/draughts-large.rules");
}

/* Whether a piece of TYPE of PLAYER on FROM may affect CELL (attack_reach). */
static bool reaches(const game *g, int player, int type, int cell, int from)
{
    return (attack_reach(g, player, type, cell)[from >> 6] >> (from & 63)) & 1;
}

/* TABULA_SPECIALISE=off (tabula(1), and tests/plain.test) loads the
 * games with every fact taken back: the facts specialisations_apply finds
 * in force are gone, each struct of facts at its NONE value. */
static void switch_takes_facts_back(void **state)
{
    (void)state;
    assert_int_equal(setenv("TABULA_SPECIALISE", "off", 1), 0);
    game *othello = shipped_game("othello", NULL), *connect4 = shipped_game("connect4", NULL),
         *chess = shipped_game("chess", NULL);
    unsetenv("TABULA_SPECIALISE");
    assert_true(othello && connect4 && chess);
    game *games[] = { othello, connect4, chess };
    game_facts none = GAME_FACTS_NONE;
    for (int k = 0; k < 3; k++) {
        const game *g = games[k];
        assert_int_equal(g->spec.place_turn, none.place_turn);
        assert_int_equal(g->spec.quiet_attacked, none.quiet_attacked);
        assert_int_equal(g->spec.after_action_count, none.after_action_count);
        assert_false(g->spec.rays_valid || g->spec.reach_valid || g->spec.landing_unmade || g->spec.direct_emit
                     || g->spec.line_axes || g->spec.playout_words || g->spec.playout_shifts);
        for (int d = 0; d < BOARD_MAX_DIRECTIONS; d++)
            assert_false(g->spec.shift_valid[d]);
        for (int i = 0; i < g->node_count; i++) {
            const node_facts *n = &g->nodes[i].spec;
            assert_true(n->flags == 0 && n->dests < 0 && n->first_hop < 0 && n->leaves < 0 && n->selected_type < 0);
        }
        for (int e = 0; e < g->expr_count; e++) {
            const expr_facts *c = &g->exprs[e].spec;
            assert_true(c->word_program < 0 && c->cell_program < 0 && c->content < 0);
            assert_false(c->cell_test || c->sight_shifts || c->count_words || c->content_placed);
        }
        for (int i = 0; i < g->pattern_count; i++)
            assert_false(g->patterns[i].spec.bulk || g->patterns[i].spec.first_reach
                         || g->patterns[i].spec.first_shared);
    }
    game_free(othello);
    game_free(connect4);
    game_free(chess);
}

/* The specialisations are in force where they should be: otherwise the
 * comparisons above would compare the general generator with itself. */
static void specialisations_apply(void **state)
{
    (void)state;
    game *othello = shipped_game("othello", NULL), *connect4 = shipped_game("connect4", NULL),
         *chess = shipped_game("chess", NULL);
    assert_true(othello && connect4 && chess);
    bool bulk = false;
    for (int i = 0; i < othello->pattern_count; i++)
        bulk = bulk || othello->patterns[i].spec.bulk;
    assert_true(bulk);
    /* Sáto's bracket (a hex board: not bulk) refuses a landing with no
     * enemy beside it from its first-step tables, for all six values of
     * its direction at once */
    game *sato = shipped_game("sato", NULL);
    assert_non_null(sato);
    bool reach = false;
    for (int i = 0; i < sato->pattern_count; i++)
        reach = reach || (sato->patterns[i].spec.first_reach && sato->patterns[i].spec.first_shared
                          && !sato->patterns[i].spec.bulk);
    assert_true(reach);
    game_free(sato);
    for (int d = 0; d < connect4->board.direction_count; d++)
        assert_true(connect4->spec.shift_valid[d]);
    /* its 42 cells fit a word: `empty & (rank 1 | adjacent(occupied, n))`
     * is a program of loads, shifts and ands */
    bool programs = false;
    for (int e = 0; e < connect4->expr_count; e++)
        programs = programs || connect4->exprs[e].spec.word_program >= 0;
    assert_true(programs);
    /* and a turn that is that placement alone is drawn from the cells at
     * once; Othello's placement flips (the turn goes on), chess moves */
    assert_int_equal(connect4->spec.place_turn, connect4->turn);
    assert_int_equal(othello->spec.place_turn, -1);
    assert_int_equal(chess->spec.place_turn, -1);
    /* in-line(4) by doubling along each of the four axes */
    assert_int_equal(connect4->spec.line_axes, 4);
    int harmless = 0;
    for (int i = 0; i < chess->node_count; i++)
        harmless += (chess->nodes[i].spec.flags & NF_HARMLESS) != 0;
    assert_true(harmless > 0);
    /* chess's attacks are read back along 16 lines a side (8 directions, 8
     * knight leaps); only the king (castling moves a rook) and the pawn (en
     * passant takes beside) keep moves that are searched */
    assert_true(chess->spec.rays_valid);
    /* its after-rules (the cell a pawn skipped, the flag of a king or rook
     * that moved) are applied as actions to each move made */
    assert_int_equal(chess->spec.after_action_count, 2);
    /* the cell a pawn skipped is followed from where it stands and started,
     * not built as sets */
    bool followed = false;
    for (int i = 0; i < chess->spec.after_action_count; i++) {
        const mnode *n = &chess->nodes[chess->spec.after_actions[i]];
        if (n->op == M_SET_VAR)
            followed = chess->exprs[n->value].spec.cell_program >= 0;
    }
    assert_true(followed);
    /* and a move off the lines through the king needs no attack search,
     * nor to be made: its changes and after-rules are worked out */
    assert_true(chess->spec.quiet_attacked >= 0);
    assert_true(chess->spec.landing_unmade);
    /* `to empty or enemy` is read from a table by the piece on the cell */
    int tables = 0, placed = 0;
    for (int e = 0; e < chess->expr_count; e++) {
        tables += chess->exprs[e].spec.content >= 0;
        placed += chess->exprs[e].spec.content >= 0 && chess->exprs[e].spec.content_placed;
    }
    assert_true(tables > 0);
    /* and a pawn's `to enemy - promotion` from a table by the cell's piece
     * for each class of cells (in the promotion region or not) */
    assert_true(placed > 0);
    for (int p = 0; p < 2; p++) {
        assert_int_equal(chess->line_first[p + 1] - chess->line_first[p], 16);
        uint32_t searched = 0;
        for (int t = 0; t < chess->type_count; t++)
            if (!strcmp(chess->types[t].name, "king") || !strcmp(chess->types[t].name, "pawn"))
                searched |= 1u << t;
        assert_int_equal(chess->ray_generic[p], searched);
        /* the pawn's only while en passant has a cell to land on */
        uint32_t king = 0, pawn = 0;
        for (int t = 0; t < chess->type_count; t++) {
            king |= !strcmp(chess->types[t].name, "king") ? 1u << t : 0;
            pawn |= !strcmp(chess->types[t].name, "pawn") ? 1u << t : 0;
        }
        assert_int_equal(chess->ray_residual_always[p], king);
        int entries = 0;
        for (int i = 0; i < chess->ray_entry_count; i++)
            if (chess->ray_entries[i].player == p) {
                assert_int_equal(1u << chess->ray_entries[i].type, pawn);
                entries++;
            }
        assert_int_equal(entries, 1);
        /* a king two squares off (castling lands on empty squares only, and
         * the flag `moved` takes nothing) cannot take on e4 (cell 28) */
        for (int t = 0; t < chess->type_count; t++)
            if (king & (1u << t)) {
                assert_false(reaches(chess, p, t, 28, 26));
                assert_false(reaches(chess, p, t, 28, 30));
                assert_true(reaches(chess, p, t, 28, 27));
                /* nor, castling, take on h1 (cell 7): the rook it moves is
                 * the mover's (`corner in pieces(mover, rook)`) */
                const uint64_t *castling = attack_residual(chess, p, t, 7);
                assert_true(castling[0] == 0);
            }
    }
    game_free(othello);
    game_free(connect4);
    game_free(chess);
    /* checkers' crowning (`after move: change to king if here in
     * promotion`) is worked out at the landing */
    game *checkers = shipped_game("checkers", NULL);
    assert_non_null(checkers);
    assert_true(checkers->spec.after_at_landing);
    assert_int_equal(checkers->spec.after_landing_count, 1);
    /* a man's jumps start with a hop that all men are tested for at once */
    int hops = 0;
    for (int i = 0; i < checkers->node_count; i++)
        hops += checkers->nodes[i].spec.first_hop >= 0;
    assert_true(hops >= 2);
    /* its steps are told apart by their cells: its jumps take a piece, the
     * steps none */
    assert_true(checkers->spec.unique_landings);
    game_free(checkers);
    /* Breakthrough's pawns only step: the choice of a pawn is drawn from as
     * a batch by movegen_sample, all pawns stepping at once along shifts,
     * and each step's cells are a table */
    game *breakthrough = shipped_game("breakthrough", NULL);
    assert_non_null(breakthrough);
    int batched = 0, tabled = 0, steps = 0;
    for (int i = 0; i < breakthrough->node_count; i++) {
        const mnode *n = &breakthrough->nodes[i];
        batched += n->op == M_SELECT && (n->spec.flags & NF_LANDINGS) && (n->spec.flags & NF_SHIFTS);
        steps += n->op == M_STEP;
        tabled += n->op == M_STEP && n->spec.dests >= 0;
    }
    assert_int_equal(batched, 1);
    assert_true(breakthrough->spec.unique_landings);     /* a step is told by its cells */
    assert_true(steps > 0);
    assert_int_equal(tabled, steps);
    game_free(breakthrough);
    /* Othello's placement and Connect Four's make one move per cell */
    game *placing[] = { shipped_game("othello", NULL), shipped_game("connect4", NULL) };
    for (int i = 0; i < 2; i++) {
        assert_non_null(placing[i]);
        int unique = 0;
        for (int j = 0; j < placing[i]->node_count; j++)
            unique += placing[i]->nodes[j].op == M_PLACE && (placing[i]->nodes[j].spec.flags & NF_UNIQUE);
        assert_int_equal(unique, 1);
        game_free(placing[i]);
    }
    /* an Amazons turn is told apart from the others by the position before
     * the arrow and the arrow's cell; the arrow's sight is read from rays */
    const char *keyed[][2] = { { "games/amazons.rules", "1" }, { "tests/primitives/slide-then-place-twice.rules", "1" },
                               { "tests/primitives/slide-then-place-same.rules", "0" } };
    for (int i = 0; i < 3; i++) {
        game *g = tree_game(keyed[i][0], NULL);
        assert_non_null(g);
        int marked = 0;
        for (int j = 0; j < g->node_count; j++)
            marked += g->nodes[j].op == M_PLACE && (g->nodes[j].spec.flags & NF_KEYED);
        assert_int_equal(marked, keyed[i][1][0] - '0');
        bool rays = false;
        for (int e = 0; e < g->expr_count; e++)
            rays = rays || g->exprs[e].spec.sight_shifts;
        assert_true(rays == (i == 0));
        game_free(g);
    }
    game *twice = tree_game("tests/primitives/after-rules-in-turn.rules", NULL);
    assert_non_null(twice);
    assert_true(twice->spec.after_at_landing);
    assert_int_equal(twice->spec.after_landing_count, 2);
    game_free(twice);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(specialisations_apply),
        cmocka_unit_test(switch_takes_facts_back),
        cmocka_unit_test(shipped_games_agree),
        cmocka_unit_test(primitives_agree),
        cmocka_unit_test(large_boards_agree),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
