#!/bin/sh
# fuzz/build.sh: builds the libFuzzer targets into fuzz/build/ with
# AddressSanitizer and UndefinedBehaviorSanitizer (clang only).
#
# A build of its own, apart from the autotools one: the parser and scanner
# are generated here with bison and flex (with the Makefile.am flags), and
# the library sources are compiled straight into each fuzzer.
#
# Environment: CC (default clang), FUZZ_CFLAGS (extra flags), JOBS.
set -eu

here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/.." && pwd)
out="$here/build"
CC=${CC:-clang}
BISON=${BISON:-bison}
FLEX=${FLEX:-flex}
JOBS=${JOBS:-$(nproc 2>/dev/null || echo 2)}

targets="fuzz_rules fuzz_rules_include fuzz_position fuzz_move_text fuzz_savegame fuzz_repl"
# the targets that drive the REPL, which need the program's front end too
front_end_targets="fuzz_savegame fuzz_repl"

# The library sources: the .c files of libtabula_core_la_SOURCES in
# Makefile.am (read from it, so that files added to the library are picked
# up), less the search engines, which no target reaches, and the public
# API (api/), which none calls.
lib_sources=$(sed -n '/^libtabula_core_la_SOURCES *=/,/^[^\t ]/p' "$root/Makefile.am" |
    sed '1s/^libtabula_core_la_SOURCES *=//' | tr ' \t\\' '\n\n\n' | grep '\.c$' |
    grep -v -e '^interp/search/' -e '^interp/api/')
if [ -z "$lib_sources" ]; then
    echo "build.sh: no libtabula_core_la_SOURCES in $root/Makefile.am" >&2
    exit 1
fi

# The front end for the REPL targets: the program's sources less main.c and
# the line editor (libedit), plus the search engines the REPL calls.
front_sources=$(sed -n '/^tabula_SOURCES *=/,/^[^\t ]/p' "$root/Makefile.am" |
    sed '1s/^tabula_SOURCES *=//' | tr ' \t\\' '\n\n\n' | grep '\.c$' |
    grep -v -e '^interp/cli/main\.c$' -e '^interp/repl/line\.c$' -e '^interp/cli/cli_play\.c$')
front_sources="$front_sources $(sed -n '/^libtabula_core_la_SOURCES *=/,/^[^\t ]/p' "$root/Makefile.am" |
    tr ' \t\\' '\n\n\n' | grep '^interp/search/.*\.c$')"

mkdir -p "$out/gen/lang" "$out/obj"
# what make writes to interp/paths.h: games and stdlib are found in the tree
printf '#define TABULA_DATADIR "%s"\n#define TABULA_BUILDDIR "%s"\n#define TABULA_SRCDIR "%s"\n' \
    "$root" "$root" "$root" > "$out/gen/paths.h.new"
cmp -s "$out/gen/paths.h.new" "$out/gen/paths.h" 2>/dev/null || mv "$out/gen/paths.h.new" "$out/gen/paths.h"
rm -f "$out/gen/paths.h.new"
# what configure writes to config.h that the sources read: the version
version=$(sed -n 's/^AC_INIT(\[tabula\], \[\([^]]*\)\].*/\1/p' "$root/configure.ac")
printf '#define PACKAGE_VERSION "%s"\n' "$version" > "$out/gen/config.h.new"
cmp -s "$out/gen/config.h.new" "$out/gen/config.h" 2>/dev/null || mv "$out/gen/config.h.new" "$out/gen/config.h"
rm -f "$out/gen/config.h.new"

# generated sources (only when the grammar or the scanner changed)
if [ ! -f "$out/gen/lang/parser.c" ] || [ "$root/lang/parser.y" -nt "$out/gen/lang/parser.c" ]; then
    "$BISON" -Wall -Wno-precedence --defines="$out/gen/lang/parser.h" \
        -o "$out/gen/lang/parser.c" "$root/lang/parser.y"
fi
if [ ! -f "$out/gen/lang/lexer.c" ] || [ "$root/lang/lexer.l" -nt "$out/gen/lang/lexer.c" ] ||
   [ "$out/gen/lang/parser.h" -nt "$out/gen/lang/lexer.c" ]; then
    "$FLEX" --header-file="$out/gen/lang/lexer.h" -o "$out/gen/lang/lexer.c" "$root/lang/lexer.l"
fi

san="-fsanitize=address,undefined -fno-sanitize-recover=undefined -fno-omit-frame-pointer"
cflags="-std=c11 -g -O1 -D_GNU_SOURCE $san ${FUZZ_CFLAGS:-}"
includes="-I$root/lang -I$out/gen/lang -I$root/interp -I$root/interp/repl -I$out/gen -I$here"

# compile the library once, instrumented for coverage (fuzzer-no-link);
# objects are rebuilt when their source or any header is newer
newest_header=$(ls -t "$root"/lang/*.h "$root"/interp/*/*.h \
    "$out"/gen/lang/*.h | head -n 1)
objects=""
list="$out/compile.list"
: > "$list"
for source in $lib_sources gen/lang/parser.c gen/lang/lexer.c $front_sources; do
    case $source in
        gen/*) path="$out/$source" ;;
        *) path="$root/$source" ;;
    esac
    object="$out/obj/$(echo "$source" | tr / _ | sed 's/\.c$/.o/')"
    objects="$objects $object"
    if [ ! -f "$object" ] || [ "$path" -nt "$object" ] || [ "$newest_header" -nt "$object" ] ||
       [ "$0" -nt "$object" ]; then
        echo "$path $object" >> "$list"
    fi
done
if [ -s "$list" ]; then
    echo "build.sh: compiling $(wc -l < "$list") library sources" >&2
    # shellcheck disable=SC2086
    xargs -P "$JOBS" -n 2 sh -c "$CC $cflags -fsanitize=fuzzer-no-link $includes -w -c \"\$0\" -o \"\$1\"" < "$list"
fi
front_objects=""
for source in $front_sources; do
    front_objects="$front_objects $out/obj/$(echo "$source" | tr / _ | sed 's/\.c$/.o/')"
    objects=$(echo "$objects" | tr ' ' '\n' | grep -v -x "$out/obj/$(echo "$source" | tr / _ | sed 's/\.c$/.o/')" | tr '\n' ' ')
done
rm -f "$out/libfuzztabula.a" "$out/libfuzzfront.a"
# shellcheck disable=SC2086
ar cr "$out/libfuzztabula.a" $objects
# shellcheck disable=SC2086
ar cr "$out/libfuzzfront.a" $front_objects

for target in $targets; do
    case " $front_end_targets " in
        *" $target "*) front="$out/libfuzzfront.a" ;;
        *) front="" ;;
    esac
    # shellcheck disable=SC2086
    $CC $cflags -fsanitize=fuzzer $includes -DTABULA_FUZZ_ROOT="\"$root\"" \
        -Wall -Wextra -o "$out/$target" "$here/$target.c" $front "$out/libfuzztabula.a" -lm
done
echo "build.sh: built $targets in fuzz/build/"
