#!/bin/sh
# fuzz/make-corpus.sh: (re)writes the seed corpora in fuzz/corpus/TARGET/
# from the games, the stdlib and the tests, and the position strings and
# move texts the program prints for every game.  Needs a built ./tabula
# (TABULA=path to use another).  Seeds are named after where they came from;
# run it again after adding games or tests, and commit the result.
set -eu

here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/.." && pwd)
TABULA=${TABULA:-$root/tabula}
corpus="$here/corpus"
separator='%%%%'    # the line fuzz_rules_include splits its input at

for target in fuzz_rules fuzz_rules_include fuzz_position fuzz_move_text fuzz_savegame fuzz_repl; do
    rm -rf "${corpus:?}/$target"
    mkdir -p "$corpus/$target"
done

# fuzz_rules: every rules file of the tree
for f in "$root"/games/*.rules "$root"/stdlib/*.rules "$root"/tests/errors/*.rules \
         "$root"/tests/valid/*.rules; do
    [ -f "$f" ] || continue
    dir=$(basename "$(dirname "$f")")
    cp "$f" "$corpus/fuzz_rules/$dir-$(basename "$f")"
done

# fuzz_rules_include: each game with its stdlib include as the included
# file; each game alone; a cycle; a file including itself; a missing file
inc="$corpus/fuzz_rules_include"
for f in "$root"/games/*.rules; do
    name=$(basename "$f" .rules)
    cp "$f" "$inc/alone-$name"
    included=$(sed -n 's/^include "\([^"]*\)".*/\1/p' "$f" | head -n 1)
    if [ -n "$included" ] && [ -f "$root/stdlib/$included" ]; then
        { sed "s|^include \"$included\"|include \"inc.rules\"|" "$f"
          echo "$separator"
          cat "$root/stdlib/$included"; } > "$inc/split-$name"
    fi
done
printf 'include "inc.rules"\ngame "Cycle" { players: white, black }\n%s\ninclude "main.rules"\ndefine two = 2\n' \
    "$separator" > "$inc/cycle"
printf 'include "main.rules"\ngame "Self" { players: white, black }\n%s\n' "$separator" > "$inc/self"
printf 'include "missing.rules"\ninclude "inc.rules"\ngame "Missing" { players: white, black }\n%s\ninclude "inc.rules"\n' \
    "$separator" > "$inc/missing-and-self"
printf 'include "inc.rules"\ninclude "inc.rules"\n%s\ninclude "directions.rules"\ninclude "patterns.rules"\n' \
    "$separator" > "$inc/twice"

# fuzz_position: the start position of every game (and variant)
# fuzz_move_text: the opening moves of every game, one seed each
for f in "$root"/games/*.rules; do
    name=$(basename "$f" .rules)
    variants=$("$TABULA" check "$f" 2>/dev/null | sed -n 's/.*; variants: *\([^(]*\).*/\1/p')
    for variant in "" $variants; do
        label=$name${variant:+-$variant}
        if [ -n "$variant" ]; then set -- --variant "$variant"; else set --; fi
        "$TABULA" position "$@" "$f" > "$corpus/fuzz_position/$label" 2>/dev/null ||
            rm -f "$corpus/fuzz_position/$label"
    done
    "$TABULA" perft --divide "$f" 1 2>/dev/null | sed 's/ [0-9]*$//' > "$corpus/$name.moves" || true
    # at most 24 a game, spread over its list (amazons has 2176)
    total=$(wc -l < "$corpus/$name.moves")
    every=$(( (total + 23) / 24 ))
    [ "$every" -ge 1 ] || every=1
    n=0
    while IFS= read -r move; do
        n=$((n + 1))
        [ $(( (n - 1) % every )) -eq 0 ] || continue
        printf '%s' "$move" > "$corpus/fuzz_move_text/$name-$n"
    done < "$corpus/$name.moves"
    rm -f "$corpus/$name.moves"
done
# a few plies (one move a line), with prefixes and an ambiguous prefix
printf 'e2-e4\ne7-e5\ng1-f3\nb8-c6\nf1-b5\na7-a6\nb5xc6\nd7xc6\ne1-g1\n' > "$corpus/fuzz_move_text/chess-ruy-lopez"
printf 'e2-e4\ne7-e5\nd1-h5\nb8-c6\nf1-c4\ng8-f6\nh5xf7\n' > "$corpus/fuzz_move_text/chess-mate"
printf 'g1\ne7-e5\n' > "$corpus/fuzz_move_text/chess-ambiguous"
printf 'pass\n' > "$corpus/fuzz_move_text/pass"

# fuzz_savegame: games of the fuzzer's games played by the random engine
# (3, 12 and 40 plies) and saved by the REPL, with the file named as in
# the tree and no date; the saved games of the tests
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
for name in sapos chess sato gtbm desdemona tictactoe; do
    for plies in 3 12 40; do
        { i=0; while [ $i -lt $plies ]; do echo "go random"; i=$((i + 1)); done
          echo "save $work/game.sav"; } |
            "$TABULA" play "$root/games/$name.rules" > /dev/null 2>&1 || true
        [ -f "$work/game.sav" ] || continue
        sed -e "s|^\[File \".*/games/|[File \"games/|" -e '/^\[Date /d' "$work/game.sav" \
            > "$corpus/fuzz_savegame/$name-$plies.sav"
        rm -f "$work/game.sav"
    done
done
for f in "$root"/tests/repl/*.sav; do
    [ -f "$f" ] && cp "$f" "$corpus/fuzz_savegame/tests-$(basename "$f")"
done

# fuzz_repl: the scripted sessions of the REPL tests
for f in "$root"/tests/repl/*.session; do
    [ -f "$f" ] && cp "$f" "$corpus/fuzz_repl/$(basename "$f" .session)"
done

for target in fuzz_rules fuzz_rules_include fuzz_position fuzz_move_text fuzz_savegame fuzz_repl; do
    echo "$target: $(ls "$corpus/$target" | wc -l) seeds"
done
