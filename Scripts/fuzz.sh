#!/usr/bin/env bash
# Runs every libFuzzer target of Fuzz/ for FUZZ_SECONDS each (default 120), from its seed
# corpus in Fuzz/corpus/TARGET (copied: the repository's seeds stay as they are), and prints the
# executions and crashes of each. A crash's input is kept in build/fuzz/crashes/; then the exit
# status is 1. `make fuzz` builds the targets first.
set -uo pipefail
cd "$(dirname "$0")/.."
seconds=${FUZZ_SECONDS:-120}
binary=Fuzz/.build/debug/weibo-fuzz
[ -x "$binary" ] || { echo "fuzz: $binary is missing; run make fuzz" >&2; exit 1; }
export SWIFT_BACKTRACE=enable=no
work=build/fuzz
mkdir -p "$work/crashes"
failed=0
printf '%-14s %14s %9s %8s\n' target executions coverage crashes
for target in $(ls Fuzz/corpus); do
    corpus="$work/corpus/$target"
    mkdir -p "$corpus"
    cp -n Fuzz/corpus/"$target"/* "$corpus"/ 2>/dev/null
    log="$work/$target.log"
    WEIBO_FUZZ_TARGET=$target "$binary" -max_total_time="$seconds" -print_final_stats=1 -timeout=10 -rss_limit_mb=4096 \
        -artifact_prefix="$work/crashes/$target-" "$corpus" > "$log" 2>&1
    runs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log" | tail -1)
    # The edges covered at the end: none means the code was built without coverage, and the
    # fuzzer only threw random bytes at it.
    coverage=$(sed -n 's/^#[0-9]*[[:space:]]*DONE[[:space:]]*cov: \([0-9]*\).*/\1/p' "$log" | tail -1)
    crashes=$(ls "$work/crashes" | grep -c "^$target-" || true)
    printf '%-14s %14s %9s %8s\n' "$target" "${runs:-?}" "${coverage:-none}" "$crashes"
    if [ "$crashes" != 0 ] || [ -z "$runs" ]; then
        failed=1
        grep -E "weibo-fuzz:|ERROR|SUMMARY" "$log" | head -5
    fi
    if [ -z "$coverage" ]; then
        failed=1
        echo "fuzz: $target ran without coverage feedback (see $log)" >&2
    fi
done
exit $failed
