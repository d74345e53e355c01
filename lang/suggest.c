/* suggest: optimal string alignment distance, small and allocation-free. */
#include "suggest.h"

#include <string.h>

#define LONGEST 64

int suggest_distance(const char *a, const char *b)
{
    size_t n = strlen(a), m = strlen(b);
    if (n > LONGEST || m > LONGEST)
        return n > m ? (int)n : (int)m;
    int rows[3][LONGEST + 1];
    int *two_back = rows[0], *previous = rows[1], *current = rows[2];
    for (size_t j = 0; j <= m; j++)
        previous[j] = (int)j;
    for (size_t i = 1; i <= n; i++) {
        current[0] = (int)i;
        for (size_t j = 1; j <= m; j++) {
            int cost = a[i - 1] == b[j - 1] ? 0 : 1;
            int best = previous[j] + 1;
            if (current[j - 1] + 1 < best)
                best = current[j - 1] + 1;
            if (previous[j - 1] + cost < best)
                best = previous[j - 1] + cost;
            if (i > 1 && j > 1 && a[i - 1] == b[j - 2] && a[i - 2] == b[j - 1]
                && two_back[j - 2] + 1 < best)
                best = two_back[j - 2] + 1;
            current[j] = best;
        }
        int *spare = two_back;
        two_back = previous;
        previous = current;
        current = spare;
    }
    return previous[m];
}

void suggest_begin(suggestion *s, const char *word)
{
    s->word = word;
    s->best = NULL;
    s->distance = 1 << 30;
}

void suggest_consider(suggestion *s, const char *candidate)
{
    if (!candidate || strcmp(candidate, s->word) == 0)
        return;
    int d = suggest_distance(s->word, candidate);
    if (d < s->distance) {
        s->distance = d;
        s->best = candidate;
    }
}

const char *suggest_result(const suggestion *s)
{
    if (!s->best)
        return NULL;
    int length = (int)strlen(s->word);
    int allowed = length <= 3 ? 1 : length <= 6 ? 2 : 3;
    return s->distance <= allowed ? s->best : NULL;
}
