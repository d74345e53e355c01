#!/bin/sh
# bench/strength.sh: issue 5's yardstick, each engine against the random
# player on every shipped game, from either seat: `tabula match` of twice
# GAMES games (default 20), seed 7, the seats swapped every game, so that
# the engine plays GAMES from each.
# Prints one line per game and engine: the engine's wins of GAMES from
# seat 1 and from seat 2, and the worse of the two as a share.  Time
# limits make the results depend on the machine's load: run it on idle
# cores (two streams at once are fine on two cores).  Nothing here is a test.
#
# Tic-tac-toe from the second seat cannot reach 95%: against a uniformly
# random first player, the best a second player can do is win 93.86% of
# games (expectimax over the random player's moves, maximising the win
# probability: 0.938624...), and an engine that assumes a perfect opponent
# takes safe draws where a gamble would pay against this one.
#
#   bench/strength.sh [GAMES] [GAME...]      (default 20, every game)
#   ENGINES="ab:time=100 mcts:time=100"     the engines (the default)
#   TABULA=path bench/strength.sh          the program (default: ./tabula)
set -eu

here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/.." && pwd)
TABULA=${TABULA:-./tabula}
ENGINES=${ENGINES:-ab:time=100 mcts:time=100}
games_each=${1:-20}
[ $# -gt 0 ] && shift
case $games_each in ''|*[!0-9]*) echo "bench/strength.sh: GAMES must be a number" >&2; exit 2 ;; esac
[ -x "$TABULA" ] || { echo "bench/strength.sh: no program at $TABULA (build first, or set TABULA)" >&2; exit 2; }
names=${*:-$(cd "$root/games" && ls ./*.rules | sed 's|^\./||; s|\.rules$||')}

# wins SEAT LINE: the engine's wins from SEAT (1 or 2) in match's line for
# it ("A SPEC: ... won, ...; as white W-L-D, as black W-L-D")
wins() { echo "$2" | sed 's/.*; as [^ ]* \([0-9]*\)-[0-9]*-[0-9]*, as [^ ]* \([0-9]*\)-.*/\1 \2/' | cut -d' ' -f"$1"; }

printf '%-14s %-16s %8s %8s %7s\n' game engine seat1 seat2 worst
for name in $names; do
    for engine in $ENGINES; do
        line=$("$TABULA" match "$root/games/$name.rules" --p1 "$engine" --p2 random \
                --games "$((2 * games_each))" --seed 7 | grep -m 1 '^A ')
        w1=$(wins 1 "$line") w2=$(wins 2 "$line")
        worst=$w1
        [ "$w2" -lt "$worst" ] && worst=$w2
        printf '%-14s %-16s %5s/%-2s %5s/%-2s %6s%%\n' "$name" "$engine" "$w1" "$games_each" \
               "$w2" "$games_each" "$((100 * worst / games_each))"
    done
done
