/* notation: printing paths, and finding a move by its text. */
#include "movegen/notation.h"

#include <stdio.h>
#include <string.h>

typedef struct writer {
    char *out;
    size_t size, length;
} writer;

static void put(writer *w, const char *text)
{
    size_t n = strlen(text);
    if (w->length + n < w->size)
        memcpy(w->out + w->length, text, n + 1);
    else if (w->length < w->size)
        w->out[w->size - 1] = '\0', memcpy(w->out + w->length, text, w->size - 1 - w->length);
    w->length += n;
}

int notation_move(const game *g, const move_list *list, int index, char *out, size_t size)
{
    writer w = { out, size, 0 };
    if (size > 0)
        out[0] = '\0';
    const move *mv = &list->moves[index];
    const int32_t *path = list->path + mv->path_first;
    bool several_types = g->type_count > 1;
    for (int i = 0; i < mv->path_count; i++) {
        int kind = PATH_KIND(path[i]), value = PATH_VALUE(path[i]);
        const char *cell = value < g->board.cell_count ? g->board.cell_names[value] : "?";
        switch (kind) {
        case PATH_FROM:
            if (w.length > 0)
                put(&w, " ");
            if (i + 1 < mv->path_count && PATH_KIND(path[i + 1]) == PATH_CARRY && PATH_VALUE(path[i + 1]) > 1) {
                char count[16];
                snprintf(count, sizeof count, "%d", PATH_VALUE(path[i + 1]));
                put(&w, count);
            }
            put(&w, cell);
            break;
        case PATH_DROPS: {
            /* the run of them at once: "/12", the counts run together, or
             * "/10,2" when one has two digits */
            int end = i;
            bool wide = false;
            for (; end < mv->path_count && PATH_KIND(path[end]) == PATH_DROPS; end++)
                wide = wide || PATH_VALUE(path[end]) > 9;
            put(&w, "/");
            for (int j = i; j < end; j++) {
                char count[16];
                snprintf(count, sizeof count, "%s%d", wide && j > i ? "," : "", PATH_VALUE(path[j]));
                put(&w, count);
            }
            i = end - 1;
            break;
        }
        case PATH_TO:
            put(&w, "-");
            put(&w, cell);
            break;
        case PATH_TO_CAPTURE:
        case PATH_CAPTURED:
            put(&w, "x");
            put(&w, cell);
            break;
        case PATH_DROP: {
            if (w.length > 0)
                put(&w, " ");
            int type = i + 1 < mv->path_count && PATH_KIND(path[i + 1]) == PATH_CHANGE ? PATH_VALUE(path[i + 1]) : -1;
            if (several_types && type >= 0)
                put(&w, g->types[type].symbol[0]);
            put(&w, "@");
            put(&w, cell);
            if (type >= 0)
                i++;
            break;
        }
        case PATH_ONTO:
        case PATH_UNDER:
            put(&w, kind == PATH_ONTO ? "^" : "_");
            put(&w, cell);
            break;
        case PATH_CHANGE:
            put(&w, "=");
            put(&w, value < g->type_count ? g->types[value].symbol[0] : "?");
            break;
        case PATH_PASS:
        case PATH_OUT:
            if (w.length > 0)
                put(&w, " ");
            put(&w, kind == PATH_PASS ? "pass" : "out");
            break;
        case PATH_ROLL: {
            char die[16];
            snprintf(die, sizeof die, "%s[%d]", w.length > 0 ? " " : "", value);
            put(&w, die);
            break;
        }
        default:
            break;
        }
    }
    return (int)w.length;
}

bool notation_starts(const char *move_text, const char *text)
{
    return text[0] && !strncmp(move_text, text, strlen(text));
}

bool notation_continues(const char *move_text, const char *parts)
{
    size_t n = strlen(parts);
    return !strncmp(move_text, parts, n) && move_text[n] == ' ';
}

notation_match notation_find(const game *g, const move_list *list, const char *text, int *index)
{
    int prefix_hits = 0, first_prefix = -1;
    bool parts = true;   /* every candidate goes on after a space */
    char buffer[512];
    for (int i = 0; i < list->count; i++) {
        notation_move(g, list, i, buffer, sizeof buffer);
        if (!strcmp(buffer, text)) {
            *index = i;
            return NOTATION_FOUND;
        }
        if (notation_starts(buffer, text)) {
            if (prefix_hits++ == 0)
                first_prefix = i;
            parts = parts && notation_continues(buffer, text);
        }
    }
    *index = first_prefix;
    if (prefix_hits == 1)
        return NOTATION_FOUND;
    if (prefix_hits == 0)
        return NOTATION_NONE;
    return parts ? NOTATION_PARTS : NOTATION_AMBIGUOUS;
}
