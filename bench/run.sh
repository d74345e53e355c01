#!/bin/sh
# bench/run.sh: Tabula's speed figures, as issue 7 asks for them, in one
# table: flat Monte Carlo playouts (tabula bench) on the reference games and
# the seed games, whole-process perft for chess and Breakthrough, and the
# start-up (load, check, compile) of every shipped game.  Each figure is
# the median of RUNS runs, made in RUNS rounds that each run every figure
# once: a slow spell of a shared machine then slows one run of many figures
# rather than every run of one.  `make bench` runs it; nothing here is a
# test.
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

median() { sort -g | awk '{ v[NR] = $1 } END { if (NR == 0) print "-"; else if (NR % 2) print v[(NR + 1) / 2]; else printf "%.10g\n", (v[NR / 2] + v[NR / 2 + 1]) / 2 }'; }
now_ns() { date +%s%N; }

# bench_once ID FILE VARIANT SEED: one run of tabula bench, its playouts/s,
# states/s and average plies appended to $tmp/ID.p, .s and .d
bench_once() {
    id=$1 file=$2 variant=$3 seed=$4
    if [ -n "$variant" ]; then set -- --variant "$variant"; else set --; fi
    "$TABULA" bench "$@" "$file" --time "$ms" --seed "$seed" > "$tmp/out"
    sed -n 's/^playouts_per_sec //p' "$tmp/out" >> "$tmp/$id.p"
    sed -n 's/^states_per_sec //p' "$tmp/out" >> "$tmp/$id.s"
    sed -n 's/^avg_depth //p' "$tmp/out" >> "$tmp/$id.d"
}

# bench_line ID: "playouts/s states/s avg-plies", the medians of ID's runs
bench_line() {
    echo "$(median < "$tmp/$1.p") $(median < "$tmp/$1.s") $(median < "$tmp/$1.d")"
}

# seconds_once ID ARGS...: the wall time of a whole `tabula ARGS` process,
# appended to $tmp/ID.t
seconds_once() {
    id=$1
    shift
    start=$(now_ns)
    "$TABULA" "$@" > /dev/null
    end=$(now_ns)
    echo "$(( (end - start) / 1000 ))" | awk '{ printf "%.4f\n", $1 / 1e6 }' >> "$tmp/$id.t"
}

# A reference's FILE[:VARIANT]: its rules file, its variant (or nothing),
# and a name for its figures' files.
ref_file() {
    case ${1%%:*} in
    */*) echo "$root/${1%%:*}.rules" ;;
    *) echo "$games/${1%%:*}.rules" ;;
    esac
}
ref_variant() { case $1 in *:*) echo "${1#*:}" ;; esac; }
ref_id() { echo "$1" | tr '/:' '--'; }

tmp=$(mktemp -d "${TMPDIR:-/tmp}/tabula-bench.XXXXXX")
trap 'rm -rf "$tmp"' EXIT

# the reference games: file (in games/, or a path from the top folder,
# then :VARIANT if any), name, RBG's playouts/s, the hand-written
# reasoner's, average plies; perft: file, depth, RBG's and Fairy-Stockfish's
# seconds.  Chess is compared under the reference's draw rules
# (bench/chess-fifty.rules: its playouts are as long), and FIDE's chess
# follows as a row of its own.
reference="breakthrough Breakthrough 38700 196000 64
othello Othello 17800 207000 60
bench/chess-fifty:fifty-move-only Chess_(fifty-move_rule_only) 920 - 410
chess Chess_(FIDE:_also_repetition,_dead_positions) - - -
connect4 Connect_Four 741000 6140000 21
checkers English_draughts 57000 264000 67
amazons Amazons_10x10 3170 - 71"
perfts="chess 5 0.74 0.37
breakthrough 5 0.09 0.15"
# each seed game and each of its variants, as FILE:VARIANT (-: the game)
seeds=
for file in sato gtbm desdemona sapos superial mynd; do
    seeds="$seeds $file:-"
    for variant in $("$TABULA" check "$games/$file.rules" 2>/dev/null | sed -n 's/.*; variants: *//p' | tr -d ','); do
        seeds="$seeds $file:$variant"
    done
done

round=0
while [ "$round" -lt "$runs" ]; do
    round=$((round + 1))
    echo "$reference" | while read -r file rest; do
        bench_once "ref-$(ref_id "$file")" "$(ref_file "$file")" "$(ref_variant "$file")" "$round"
    done
    for seed in $seeds; do
        file=${seed%%:*} variant=${seed#*:}
        [ "$variant" = - ] && variant=
        bench_once "seed-$file-${variant:--}" "$games/$file.rules" "$variant" "$round"
    done
    echo "$perfts" | while read -r file depth rest; do
        seconds_once "perft-$file" perft "$games/$file.rules" "$depth"
    done
    for f in "$games"/*.rules; do
        seconds_once "start-$(basename "$f" .rules)" perft "$f" 1
    done
done

echo "# Tabula $("$TABULA" --version | sed 's/^tabula //'): medians of $runs runs (in rounds), ${ms} ms of playouts each, $(nproc 2>/dev/null || echo '?') cores, $(date -u +%Y-%m-%d)"
echo
echo "## Flat Monte Carlo (tabula bench: every legal move found, one drawn uniformly and only it built, whole games; tabula bench --lists builds them all)"
echo
echo "| game | Tabula playouts/s | Tabula moves/s | avg plies | RBG playouts/s | RBG / Tabula | hand-written | avg plies (ref) |"
echo "| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: |"
echo "$reference" | while read -r file name rbg hand plies; do
    name=$(echo "$name" | tr _ ' ')
    set -- $(bench_line "ref-$(ref_id "$file")")
    ratio=$(awk -v r="$rbg" -v t="$1" 'BEGIN { if (t > 0 && r != "-") printf "%.1f", r / t; else print "-" }')
    echo "| $name | $1 | $2 | $3 | $rbg | $ratio | $hand | $plies |"
done
echo
echo "## The seed games (tabula bench), each variant"
echo
echo "| game | variant | playouts/s | moves/s | avg plies |"
echo "| --- | --- | ---: | ---: | ---: |"
for seed in $seeds; do
    file=${seed%%:*} variant=${seed#*:}
    set -- $(bench_line "seed-$file-$variant")
    echo "| $file | $variant | $1 | $2 | $3 |"
done
echo
echo "## Perft, whole process (seconds)"
echo
echo "| game | depth | Tabula | RBG | Fairy-Stockfish | RBG / Tabula |"
echo "| --- | ---: | ---: | ---: | ---: | ---: |"
echo "$perfts" | while read -r file depth rbg fsf; do
    t=$(median < "$tmp/perft-$file.t")
    ratio=$(awk -v r="$rbg" -v t="$t" 'BEGIN { if (t > 0) printf "%.2f", r / t; else print "-" }')
    echo "| $file | $depth | $t | $rbg | $fsf | $ratio |"
done
echo
echo "## Start-up: tabula perft FILE 1, whole process (milliseconds; the goal is under 10)"
echo
echo "| game | ms |"
echo "| --- | ---: |"
for f in "$games"/*.rules; do
    t=$(median < "$tmp/start-$(basename "$f" .rules).t")
    echo "| $(basename "$f" .rules) | $(awk -v t="$t" 'BEGIN { printf "%.1f", t * 1000 }') |"
done
