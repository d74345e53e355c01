#!/bin/sh
# bench/fairy.sh: issue 37's measures against Fairy-Stockfish, the strongest
# engine that plays Breakthrough and chess from rules of its own, one line
# each: the score of Tabula's alpha-beta against it and the issue's goal.
#
#   breakthrough   ab:time=100 against Fairy-Stockfish at 100 ms a move
#                  (UCI_Variant breakthrough): goal 25% (the next: 40%)
#   chess-1350     ab:time=100 against Fairy-Stockfish held to UCI_Elo 1350
#                  at 100 ms a move: goal 50%
#   chess-10x      ab:time=1000 against Fairy-Stockfish at full strength and
#                  100 ms a move: goal one point
#
# Each is `tabula match` of GAMES games (default 40) from two random plies
# (--openings 2), colours swapped every game, for each seed of SEEDS
# (default 7); a line per seed, then a line of the total where there are
# several.  Fairy-Stockfish runs in one thread, as Tabula's engine does.
# Seeds fix the openings, not the games: both engines stop on the clock,
# so a run is not repeated exactly, and 40 games are few (at 20% the 95%
# interval is about 13 points either way): compare two builds by running
# them side by side on the same seeds (TABULA=the other build).  Time
# limits make the results depend on the machine's load: at most two runs
# at once on two cores (each engine waits while the other thinks).
# --record keeps every game as PGN in RECORD_DIR (default: none).
# Nothing here is a test.
#
#   bench/fairy.sh [MEASURE...]          (default: all three)
#   GAMES=40 SEEDS="7 11 12"             games a seed, and the seeds
#   FAIRY=/usr/games/fairy-stockfish     the program (default: from PATH,
#                                        else Debian's /usr/games one)
#   RECORD_DIR=dir                       the games as dir/MEASURE-SEED.pgn
#   TABULA=path bench/fairy.sh           this build (default: ./tabula)
set -eu

here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/.." && pwd)
TABULA=${TABULA:-./tabula}
GAMES=${GAMES:-40}
SEEDS=${SEEDS:-7}
RECORD_DIR=${RECORD_DIR:-}
measures=${*:-breakthrough chess-1350 chess-10x}
[ -x "$TABULA" ] || { echo "bench/fairy.sh: no program at $TABULA (build first, or set TABULA)" >&2; exit 2; }
case $GAMES in ''|*[!0-9]*|0) echo "bench/fairy.sh: GAMES must be a number above 0" >&2; exit 2 ;; esac
for seed in $SEEDS; do
    case $seed in ''|*[!0-9]*) echo "bench/fairy.sh: SEEDS must be numbers" >&2; exit 2 ;; esac
done
if [ -z "${FAIRY:-}" ]; then
    FAIRY=$(command -v fairy-stockfish || true)
    [ -n "$FAIRY" ] || FAIRY=/usr/games/fairy-stockfish
fi
[ -x "$FAIRY" ] || { echo "bench/fairy.sh: no Fairy-Stockfish at $FAIRY (apt-get install fairy-stockfish, or set FAIRY)" >&2; exit 2; }
for measure in $measures; do
    case $measure in
    breakthrough|chess-1350|chess-10x) ;;
    *) echo "bench/fairy.sh: no measure '$measure' (breakthrough, chess-1350, chess-10x)" >&2; exit 2 ;;
    esac
done
[ -z "$RECORD_DIR" ] || mkdir -p "$RECORD_DIR"
# the stdlib of this tree, wherever the binary was built
TABULA_STDLIB=${TABULA_STDLIB:-$root/stdlib}
export TABULA_STDLIB

# play MEASURE SEED: prints "WINS DRAWS GAMES" of Tabula's engine
play() {
    case $1 in
    breakthrough)
        set -- "$1" "$2" "$root/games/breakthrough.rules" ab:time=100 --p2-option UCI_Variant=breakthrough ;;
    chess-1350)
        set -- "$1" "$2" "$root/games/chess.rules" ab:time=100 --p2-option UCI_LimitStrength=true \
            --p2-option UCI_Elo=1350 ;;
    chess-10x)
        set -- "$1" "$2" "$root/games/chess.rules" ab:time=1000 ;;
    esac
    measure=$1 seed=$2 rules=$3 engine=$4
    shift 4
    out=$("$TABULA" match "$rules" --p1 "$engine" --p2 "uci:$FAIRY" --p2-option Threads=1 "$@" \
            --p2-go 'movetime 100' --games "$GAMES" --openings 2 --seed "$seed" \
            ${RECORD_DIR:+--record "$RECORD_DIR/$measure-$seed.pgn"}) \
        || { echo "bench/fairy.sh: the match ($measure, seed $seed) failed" >&2; exit 1; }
    # "A SPEC: W won, L lost, D drawn; ..."
    echo "$out" | grep -m 1 '^A ' | sed 's/.*: \([0-9]*\) won, [0-9]* lost, \([0-9]*\) drawn.*/\1 \2/' \
        | { read -r wins draws; echo "$wins $draws $GAMES"; }
}

# line MEASURE SEED WINS DRAWS GAMES
line() {
    case $1 in
    breakthrough) goal="25%" ;;
    chess-1350) goal="50%" ;;
    chess-10x) goal="1 point" ;;
    esac
    awk -v m="$1" -v s="$2" -v w="$3" -v d="$4" -v n="$5" -v goal="$goal" 'BEGIN {
        points = w + d / 2
        printf "%-13s %-9s %7.1f/%-5d %6.1f%%   %s\n", m, s, points, n, 100 * points / n, goal }'
}

printf '%-13s %-9s %13s %7s   %s\n' measure seed score share goal
for measure in $measures; do
    total_wins=0 total_draws=0 total_games=0 seeds=0
    for seed in $SEEDS; do
        result=$(play "$measure" "$seed")
        set -- $result
        line "$measure" "$seed" "$1" "$2" "$3"
        total_wins=$((total_wins + $1)) total_draws=$((total_draws + $2)) total_games=$((total_games + $3))
        seeds=$((seeds + 1))
    done
    [ "$seeds" -lt 2 ] || line "$measure" all "$total_wins" "$total_draws" "$total_games"
done
