#!/bin/sh
# bench/run.sh: Tabula's speed figures, as issue 7 asks for them, in one
# table: flat Monte Carlo playouts (tabula bench) on the reference games and
# the seed games, whole-process perft for chess and Breakthrough, and the
# start-up (load, check, compile) of every shipped game.  Each figure is
# the median of RUNS runs.  `make bench` runs it; nothing here is a test.
#
#   bench/run.sh [RUNS]          (default 3)
#   BENCH_MS=2000 bench/run.sh   milliseconds of playouts per run (default 3000)
#   TABULA=path bench/run.sh     the program (default: ./tabula of the build)
#
# The reference columns are the figures quoted in issue 7 (RBG 1.x with its
# rules compiled to C++, and hand-written bitboard reasoners), measured on
# this class of machine; compare ratios measured in one run, not figures
# from different days.
set -eu

here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/.." && pwd)
TABULA=${TABULA:-./tabula}
runs=${1:-3}
ms=${BENCH_MS:-3000}
games="$root/games"
case $runs in ''|*[!0-9]*) echo "bench/run.sh: RUNS must be a number" >&2; exit 2 ;; esac
[ -x "$TABULA" ] || { echo "bench/run.sh: no program at $TABULA (build first, or set TABULA)" >&2; exit 2; }

median() { sort -g | awk '{ v[NR] = $1 } END { if (NR == 0) print "-"; else if (NR % 2) print v[(NR + 1) / 2]; else print (v[NR / 2] + v[NR / 2 + 1]) / 2 }'; }
now_ns() { date +%s%N; }

# bench_line FILE [VARIANT]: "playouts/s states/s avg-plies", medians of RUNS
bench_line() {
    file=$1 variant=${2:-}
    : > "$tmp/p"; : > "$tmp/s"; : > "$tmp/d"
    i=0
    while [ "$i" -lt "$runs" ]; do
        i=$((i + 1))
        if [ -n "$variant" ]; then set -- --variant "$variant"; else set --; fi
        "$TABULA" bench "$@" "$file" --time "$ms" --seed "$i" > "$tmp/out"
        sed -n 's/^playouts_per_sec //p' "$tmp/out" >> "$tmp/p"
        sed -n 's/^states_per_sec //p' "$tmp/out" >> "$tmp/s"
        sed -n 's/^avg_depth //p' "$tmp/out" >> "$tmp/d"
    done
    echo "$(median < "$tmp/p") $(median < "$tmp/s") $(median < "$tmp/d")"
}

# seconds FILE ARGS...: the median wall time of a whole `tabula ARGS` process
seconds() {
    : > "$tmp/t"
    i=0
    while [ "$i" -lt "$runs" ]; do
        i=$((i + 1))
        start=$(now_ns)
        "$TABULA" "$@" > /dev/null
        end=$(now_ns)
        echo "$(( (end - start) / 1000 ))" | awk '{ printf "%.4f\n", $1 / 1e6 }' >> "$tmp/t"
    done
    median < "$tmp/t"
}

tmp=$(mktemp -d "${TMPDIR:-/tmp}/tabula-bench.XXXXXX")
trap 'rm -rf "$tmp"' EXIT

echo "# Tabula $("$TABULA" --version | sed 's/^tabula //'): medians of $runs runs, ${ms} ms of playouts each, $(nproc 2>/dev/null || echo '?') cores, $(date -u +%Y-%m-%d)"
echo
echo "## Flat Monte Carlo (tabula bench: every legal move found, one drawn uniformly and only it built, whole games; tabula bench --lists builds them all)"
echo
echo "| game | Tabula playouts/s | Tabula moves/s | avg plies | RBG playouts/s | RBG / Tabula | hand-written | avg plies (ref) |"
echo "| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: |"
for entry in "breakthrough Breakthrough 38700 196000 64" "othello Othello 17800 207000 60" \
             "chess Chess 920 - 410" "connect4 Connect_Four 741000 6140000 21" \
             "checkers English_draughts 57000 264000 67" "amazons Amazons_10x10 3170 - 71"; do
    set -- $entry
    file=$1 name=$(echo "$2" | tr _ ' ') rbg=$3 hand=$4 plies=$5
    set -- $(bench_line "$games/$file.rules")
    ratio=$(awk -v r="$rbg" -v t="$1" 'BEGIN { if (t > 0) printf "%.1f", r / t; else print "-" }')
    echo "| $name | $1 | $2 | $3 | $rbg | $ratio | $hand | $plies |"
done
echo
echo "## The seed games (tabula bench), each variant"
echo
echo "| game | variant | playouts/s | moves/s | avg plies |"
echo "| --- | --- | ---: | ---: | ---: |"
for file in sato gtbm desdemona sapos superial mynd; do
    variants=$("$TABULA" check "$games/$file.rules" 2>/dev/null | sed -n 's/.*; variants: *//p' | tr -d ',')
    for variant in "" $variants; do
        set -- $(bench_line "$games/$file.rules" "$variant")
        echo "| $file | ${variant:--} | $1 | $2 | $3 |"
    done
done
echo
echo "## Perft, whole process (seconds)"
echo
echo "| game | depth | Tabula | RBG | Fairy-Stockfish | RBG / Tabula |"
echo "| --- | ---: | ---: | ---: | ---: | ---: |"
for entry in "chess 5 0.74 0.37" "breakthrough 5 0.09 0.15"; do
    set -- $entry
    t=$(seconds perft "$games/$1.rules" "$2")
    ratio=$(awk -v r="$3" -v t="$t" 'BEGIN { if (t > 0) printf "%.2f", r / t; else print "-" }')
    echo "| $1 | $2 | $t | $3 | $4 | $ratio |"
done
echo
echo "## Start-up: tabula perft FILE 1, whole process (milliseconds; the goal is under 10)"
echo
echo "| game | ms |"
echo "| --- | ---: |"
for f in "$games"/*.rules; do
    t=$(seconds perft "$f" 1)
    echo "| $(basename "$f" .rules) | $(awk -v t="$t" 'BEGIN { printf "%.1f", t * 1000 }') |"
done
