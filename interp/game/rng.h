/* rng: the small deterministic random numbers Tabula uses: splitmix64 for
 * keys and hashing (a good mix of any input), xorshift64 for playouts (fast,
 * reproducible from a seed). */
#ifndef TABULA_RNG_H
#define TABULA_RNG_H

#include <stdint.h>

/* A well-mixed function of X. */
static inline uint64_t rng_mix(uint64_t x)
{
    x += 0x9E3779B97F4A7C15ull;
    x = (x ^ (x >> 30)) * 0xBF58476D1CE4E5B9ull;
    x = (x ^ (x >> 27)) * 0x94D049BB133111EBull;
    return x ^ (x >> 31);
}

/* The next number of the splitmix64 sequence in *STATE. */
static inline uint64_t rng_splitmix(uint64_t *state)
{
    *state += 0x9E3779B97F4A7C15ull;
    return rng_mix(*state - 0x9E3779B97F4A7C15ull);
}

/* A xorshift64 state from any seed (never 0). */
static inline uint64_t rng_seed(uint64_t seed)
{
    uint64_t state = rng_mix(seed ^ 0x2545F4914F6CDD1Dull);
    return state ? state : 1;
}

static inline uint64_t rng_next(uint64_t *state)
{
    uint64_t x = *state;
    x ^= x << 13;
    x ^= x >> 7;
    x ^= x << 17;
    return *state = x;
}

/* Uniform in 0 .. N-1 (N > 0). */
static inline uint32_t rng_below(uint64_t *state, uint32_t n)
{
    return (uint32_t)(((rng_next(state) >> 32) * (uint64_t)n) >> 32);
}

#endif
