/* suggest: "did you mean ...?" for misspelt names.
 *
 * Feed every name that would have been valid to suggest_consider; the
 * closest one by edit distance (insertions, deletions, substitutions and
 * swaps of neighbours) is kept if it is close enough to be a likely typo.
 */
#ifndef TABULA_SUGGEST_H
#define TABULA_SUGGEST_H

typedef struct suggestion {
    const char *word;
    const char *best;
    int distance;
} suggestion;

void suggest_begin(suggestion *s, const char *word);
void suggest_consider(suggestion *s, const char *candidate);
/* The closest candidate, or NULL when none is plausibly meant. */
const char *suggest_result(const suggestion *s);
int suggest_distance(const char *a, const char *b);

#endif
