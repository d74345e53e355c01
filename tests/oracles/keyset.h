/* keyset: a set of byte strings of one length (open addressing), which
 * the oracles keep the positions of one turn in (a move is told by the
 * position it leaves, so the many ways to one position count once), and
 * the states of a chain already explored.  Slots are KLEN bytes each; USED
 * marks the filled ones; OOM, once set, makes every later add a no-op (the
 * caller reports the count as unknown). */
#ifndef TABULA_TEST_KEYSET_H
#define TABULA_TEST_KEYSET_H

#include <stdbool.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

typedef struct {
    unsigned char *keys, *used;
    size_t klen, n, cap;
    bool oom;
} keyset;

static inline uint64_t keyset_hash(const unsigned char *k, size_t len)
{
    uint64_t h = 1469598103934665603ULL;
    for (size_t i = 0; i < len; i++)
        h = (h ^ k[i]) * 1099511628211ULL;
    return h ^ (h >> 29);
}

static inline void keyset_init(keyset *s, size_t klen)
{
    memset(s, 0, sizeof *s);
    s->klen = klen;
}

static inline void keyset_free(keyset *s)
{
    free(s->keys);
    free(s->used);
}

/* Adds KEY; true when it was not there yet. */
static inline bool keyset_add(keyset *s, const unsigned char *key)
{
    if (s->oom)
        return false;
    if (2 * (s->n + 1) > s->cap) {
        keyset g;
        keyset_init(&g, s->klen);
        g.cap = s->cap ? 2 * s->cap : 64;
        g.keys = malloc(g.cap * g.klen);
        g.used = calloc(g.cap, 1);
        if (!g.keys || !g.used) {
            keyset_free(&g);
            s->oom = true;
            return false;
        }
        for (size_t i = 0; i < s->cap; i++)
            if (s->used[i])
                keyset_add(&g, s->keys + i * s->klen);
        keyset_free(s);
        *s = g;
    }
    size_t i = keyset_hash(key, s->klen) & (s->cap - 1);
    while (s->used[i]) {
        if (!memcmp(s->keys + i * s->klen, key, s->klen))
            return false;
        i = (i + 1) & (s->cap - 1);
    }
    s->used[i] = 1;
    memcpy(s->keys + i * s->klen, key, s->klen);
    s->n++;
    return true;
}

#endif
