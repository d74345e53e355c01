#!/bin/sh
# fuzz/run.sh [SECONDS [TARGET...]]: builds the fuzzers (fuzz/build.sh), then
# runs each target for SECONDS (default 60) with -jobs=1, one after the
# other, and prints the executions and exec/s of each.  `make fuzz` runs it.
#
# Seeds are copied from fuzz/corpus/TARGET/ (committed, never written) to
# fuzz/build/corpus/TARGET/, where the inputs a run finds go too and crashes to
# fuzz/build/crashes/TARGET/ (copy a minimized crash into
# fuzz/regressions/TARGET/).  Inputs in fuzz/regressions/TARGET/ are replayed
# first, and those that still fail are listed.  Exit status 1 when a target
# crashed.  FUZZ_OPTIONS adds libFuzzer flags (e.g. -workers=2 -jobs=2);
# FUZZ_NO_BUILD=1 skips the build (for several run.sh at once).
set -eu

here=$(cd "$(dirname "$0")" && pwd)
seconds=${1:-60}
[ $# -gt 0 ] && shift
targets=${*:-fuzz_rules fuzz_rules_include fuzz_position fuzz_move_text fuzz_savegame fuzz_repl}

[ -n "${FUZZ_NO_BUILD:-}" ] || "$here/build.sh"

out="$here/build"
status=0
summary=""
for target in $targets; do
    case $target in
        fuzz_rules|fuzz_rules_include) extra="-dict=$here/rules.dict -max_len=16384" ;;
        # the REPL talks on stdout and stderr; libFuzzer keeps its own
        # reports (and the sanitizers') on a copy of stderr
        fuzz_savegame) extra="-max_len=16384 -close_fd_mask=3" ;;
        fuzz_repl) extra="-max_len=4096 -close_fd_mask=3" ;;
        *) extra="-max_len=4096" ;;
    esac
    work="$out/corpus/$target" crashes="$out/crashes/$target/" logs="$out/logs/$target"
    mkdir -p "$work" "$crashes" "$logs" "$here/corpus/$target"

    # the regressions: each must run clean once its bug is fixed
    if [ -d "$here/regressions/$target" ] && [ -n "$(ls -A "$here/regressions/$target")" ]; then
        for input in "$here/regressions/$target"/*; do
            if ! "$out/$target" "$input" > "$logs/regression.log" 2>&1; then
                echo "run.sh: $target: regression still fails: ${input#"$here"/}"
            fi
        done
    fi

    # the seeds are copied in, so that libFuzzer writes only to build/
    cp "$here/corpus/$target"/* "$work"/ 2>/dev/null || true
    echo "run.sh: $target for ${seconds}s"
    rm -f "$logs"/fuzz-*.log
    # shellcheck disable=SC2086
    (cd "$logs" && "$out/$target" -jobs=1 -max_total_time="$seconds" -timeout=10 \
        -rss_limit_mb=2048 -print_final_stats=1 -artifact_prefix="$crashes" $extra \
        ${FUZZ_OPTIONS:-} "$work" > "$logs/run.log" 2>&1) || true
    log=$(ls "$logs"/fuzz-*.log 2>/dev/null | head -n 1)
    [ -n "$log" ] || log="$logs/run.log"
    executions=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log" | awk '{s += $1} END {print s + 0}')
    # libFuzzer's last report (a crash ends the job before SECONDS)
    rate=$(sed -n 's/.* exec\/s: \([0-9]*\).*/\1/p' "$log" | tail -n 1)
    found=$(ls -A "$work" | wc -l)
    if grep -q -E '^==[0-9]+==ERROR|^SUMMARY: |runtime error:|ERROR: libFuzzer' "$log"; then
        result="CRASH (see ${log#"$here"/}; inputs in ${crashes#"$here"/})"
        status=1
    else
        result="clean"
    fi
    line=$(printf '%-20s %12s execs %8s exec/s  corpus %5s seeds + %5s found  %s' \
        "$target" "$executions" "$rate" "$(ls -A "$here/corpus/$target" | wc -l)" "$((found - $(ls -A "$here/corpus/$target" | wc -l)))" "$result")
    echo "$line"
    summary="$summary$line
"
done
printf '\nrun.sh: %ss per target\n%s' "$seconds" "$summary"
exit $status
