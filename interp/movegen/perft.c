/* perft: the tree of moves counted (perft.h). */
#include "movegen/perft.h"

#include <string.h>

void perft_note_overflow(perft_state *s, const move_list *list)
{
    if (list->overflow && !s->overflow) {
        s->overflow = true;
        s->limit.limit = list->limit;
        s->limit.limit_node = list->limit_node;
    }
}

void perft_count(perft_state *s, int ply, int depth)
{
    move_list *list = &s->lists[ply];
    /* the last ply needs only the number of moves: counted, not copied out */
    int count = 0;
    if (depth == 1)
        count = movegen_sample(s->generator, &s->position, list, NULL);
    else
        movegen_generate(s->generator, &s->position, list);
    perft_note_overflow(s, list);
    game_result result;
    movegen_result(s->generator, &s->position, list, &result);
    if (result.over) {
        s->counts.ended[ply]++;
        return;
    }
    if (depth == 1) {
        s->counts.nodes[ply + 1] += (uint64_t)count;
        return;
    }
    for (int i = 0; i < list->count; i++) {
        undo u;
        move_make(&s->position, list, i, &u);
        s->counts.nodes[ply + 1]++;
        perft_count(s, ply + 1, depth - 1);
        pos_unmake(&s->position, &u);
    }
}

bool perft_setup(perft_state *s, const game *g, int depth)
{
    memset(s, 0, sizeof *s);
    s->generator = movegen_new(g);
    if (!s->generator || !pos_init(&s->position, g))
        return false;
    for (int i = 0; i <= depth; i++)
        if (!move_list_init(&s->lists[i]))
            return false;
    return true;
}

void perft_teardown(perft_state *s, int depth)
{
    for (int i = 0; i <= depth; i++)
        move_list_free(&s->lists[i]);
    pos_free(&s->position);
    movegen_free(s->generator);
}
