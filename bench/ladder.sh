#!/bin/sh
# bench/ladder.sh: issue 37's strength ladder.  This build's engines play
# the last release's (the last tagged commit, built aside) on every shipped
# game, at 100 ms a move, and each line gives the score and the Elo
# difference with its 95% interval: how much stronger (or weaker) the
# engines have become since the release.
#
# The release plays as an outside engine, `tabula ugi` of its own build on
# its own copy of the game's rules file, with the engine of the same kind
# (setoption Engine); this build is the referee, so every move of the
# release is checked against today's rules.  Games start from two random
# plies (--openings 2, seed 7; OPENINGS to change it) and the engines
# change colours every game.  Two plies are few where the engines play
# alike from one game to the next: in Breakthrough at 100 ms most of 40
# games repeated two lines; OPENINGS=4 spreads them.
# A game the release does not have, or whose file it cannot load, is
# reported and skipped.
#
# Which release: $BASE if set (a tag or commit), else the last tag
# reachable from HEAD, else the last line of bench/releases (a clone
# without its tags still knows the releases).  It is built once, in
# $LADDER_DIR/COMMIT (default bench/.ladder/), and kept for the next run.
# The release must speak UGI (v0.1.0 and later).
#
# Time limits make the results depend on the machine's load: run it on idle
# cores.  Long: 40 games of chess at 100 ms a move take about ten minutes.
# Nothing here is a test.
#
#   bench/ladder.sh [GAMES] [GAME...]       (default 40 games, every game)
#   ENGINES="ab mcts"                       the engine kinds (the default)
#   MOVETIME=100                            ms a move, for both sides
#   OPENINGS=2                              random plies before the engines play
#   TABULA=path bench/ladder.sh             this build (default: ./tabula)
set -eu

here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/.." && pwd)
TABULA=${TABULA:-./tabula}
ENGINES=${ENGINES:-ab mcts}
MOVETIME=${MOVETIME:-100}
OPENINGS=${OPENINGS:-2}
LADDER_DIR=${LADDER_DIR:-$here/.ladder}
games=${1:-40}
[ $# -gt 0 ] && shift
case $games in ''|*[!0-9]*|0) echo "bench/ladder.sh: GAMES must be a positive number" >&2; exit 2 ;; esac
case $MOVETIME in ''|*[!0-9]*|0) echo "bench/ladder.sh: MOVETIME must be a positive number" >&2; exit 2 ;; esac
[ -x "$TABULA" ] || { echo "bench/ladder.sh: no program at $TABULA (build first, or set TABULA)" >&2; exit 2; }
TABULA=$(cd "$(dirname "$TABULA")" && pwd)/$(basename "$TABULA")
names=${*:-$(cd "$root/games" && ls ./*.rules | sed 's|^\./||; s|\.rules$||')}

command -v git >/dev/null 2>&1 && git -C "$root" rev-parse --git-dir >/dev/null 2>&1 ||
    { echo "bench/ladder.sh: needs git and a clone of Tabula to build the release" >&2; exit 2; }
base=${BASE:-$(git -C "$root" describe --tags --abbrev=0 2>/dev/null ||
               sed -n '/^[^#]/p' "$here/releases" | tail -n 1 | cut -f 2)}
[ -n "$base" ] || { echo "bench/ladder.sh: no release: no tag, and bench/releases names none (set BASE)" >&2; exit 2; }
commit=$(git -C "$root" rev-parse --verify -q "$base^{commit}") ||
    { echo "bench/ladder.sh: '$base' is not a commit of this clone (set BASE to one)" >&2; exit 2; }

aside="$LADDER_DIR/$commit"
if [ ! -x "$aside/tabula" ]; then
    echo "bench/ladder.sh: building the release $base (${commit%"${commit#???????}"}) in $aside" >&2
    rm -rf "$aside"
    mkdir -p "$aside"
    git -C "$root" archive "$commit" | tar -x -C "$aside"
    if ! (cd "$aside" && autoreconf -fi && ./configure && make -j"$(nproc 2>/dev/null || echo 2)") \
            > "$aside/build.log" 2>&1; then
        echo "bench/ladder.sh: the release did not build; see $aside/build.log" >&2
        rm -f "$aside/tabula"
        exit 1
    fi
fi
"$aside/tabula" help ugi >/dev/null 2>&1 ||
    { echo "bench/ladder.sh: the release $base has no 'tabula ugi' (before v0.1.0): set BASE to a later one" >&2; exit 2; }

echo "this build against the release $base, $games games a game, $MOVETIME ms a move"
printf '%-12s %-6s %-16s %s\n' game engine score "Elo (95% interval)"
for name in $names; do
    if [ ! -f "$aside/games/$name.rules" ]; then
        printf '%-12s %-6s %s\n' "$name" - "not in the release: skipped"
        continue
    fi
    for engine in $ENGINES; do
        log="$LADDER_DIR/$name-$engine.log"
        if ! "$TABULA" match "$root/games/$name.rules" --p1 "$engine:time=$MOVETIME" \
                --p2 "ugi:'$aside/tabula' ugi '$aside/games/$name.rules'" \
                --p2-option "Engine=$engine" --p2-go "movetime $MOVETIME" \
                --games "$games" --openings "$OPENINGS" --seed 7 > "$log" 2>&1; then
            printf '%-12s %-6s %s\n' "$name" "$engine" "match failed: see $log"
            continue
        fi
        # "A against B: score 23.5/40 (58.8%), Elo +61.5 (95%: -45.0 to +170.9)"
        line=$(grep -m 1 '^A against B: ' "$log") || {
            printf '%-12s %-6s %s\n' "$name" "$engine" "no summary: see $log"; continue; }
        score=$(echo "$line" | sed 's/.*score \([^ ]*\) .*/\1/')
        elo=$(echo "$line" | sed 's/.*, Elo \(.*\)$/\1/')
        forfeits=$(grep -c '^game [0-9]*: .* lost by ' "$log" || true)
        note=""
        [ "$forfeits" -gt 0 ] && note="  ($forfeits games lost by forfeit: see $log)"
        printf '%-12s %-6s %-16s %s%s\n' "$name" "$engine" "$score" "$elo" "$note"
    done
done
