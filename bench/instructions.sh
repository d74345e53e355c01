#!/bin/sh
# bench/instructions.sh: instructions a state (a move played in a random
# game) of `tabula bench`, counted by callgrind, for the games the speed
# work follows.  Counts are the same from run to run for the same binary,
# whatever else the machine does, so two builds compare without noise.
#
# The count is marginal: the instructions of a run of 2N playouts less
# those of a run of N, over the states the extra N played, so that the
# start-up (loading and specialising the rules) is left out.
#
#   bench/instructions.sh [TABULA]       (default: ./tabula)
#   GAMES="games/othello.rules ..." bench/instructions.sh
set -eu
tabula=${1:-./tabula}
command -v valgrind >/dev/null || { echo "bench/instructions.sh: needs valgrind" >&2; exit 2; }
games=${GAMES:-"games/breakthrough.rules games/othello.rules bench/chess-fifty.rules games/connect4.rules games/checkers.rules games/amazons.rules"}
# the stdlib of this tree, wherever the binary was built
TABULA_STDLIB=${TABULA_STDLIB:-$(cd "$(dirname "$0")/.." && pwd)/stdlib}
export TABULA_STDLIB
scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT

# instructions and states of one run of N playouts of FILE
run() {
    if ! valgrind --tool=callgrind --callgrind-out-file="$scratch/out" "$tabula" bench "$1" --playouts "$2" \
        --seed 2 >"$scratch/bench" 2>"$scratch/log"; then
        echo "bench/instructions.sh: $tabula bench $1 failed:" >&2
        grep -v '^==' "$scratch/log" >&2
        exit 1
    fi
    instructions=$(sed -n 's/^summary: //p' "$scratch/out")
    states=$(sed -n 's/^states //p' "$scratch/bench")
    echo "$instructions $states"
}

printf '%-28s %12s\n' game instructions/state
for file in $games; do
    case $file in
    *chess*|*amazons*) n=10 ;;
    *) n=200 ;;
    esac
    set -- $(run "$file" "$n")
    i1=$1 s1=$2
    set -- $(run "$file" $((2 * n)))
    i2=$1 s2=$2
    printf '%-28s %12s\n' "$(basename "$file" .rules)" "$(awk "BEGIN { printf \"%.0f\", ($i2 - $i1) / ($s2 - $s1) }")"
done
