#!/usr/bin/env bash
# Start-up time of modgen binaries: runs each `<binary> --version` RUNS times (default 101), the binaries taking
# turns so that a busy machine slows them alike, and prints the median and the fastest run in milliseconds. Timed
# with bash's $EPOCHREALTIME, so no timing process is started inside the measured interval.
#
#     bash Benchmarks/startup-time.sh dist/modgen-*-linux-* "$(swift build -c release --show-bin-path)/modgen"
set -euo pipefail
(($#)) || { echo "usage: $0 <binary>..." >&2; exit 64; }
runs=${RUNS:-101}
declare -A times
for binary in "$@"; do "$binary" --version >/dev/null; done # warm the page cache
for ((run = 0; run < runs; run++)); do
    for binary in "$@"; do
        start=${EPOCHREALTIME/./}
        "$binary" --version >/dev/null
        end=${EPOCHREALTIME/./}
        times[$binary]+="$((end - start)) "
    done
done
for binary in "$@"; do
    sorted=($(printf '%s\n' ${times[$binary]} | sort -n))
    median=${sorted[$((runs / 2))]}
    printf '%-60s median %d.%03d ms, fastest %d.%03d ms (%d runs, %d bytes)\n' "$binary" \
        $((median / 1000)) $((median % 1000)) $((sorted[0] / 1000)) $((sorted[0] % 1000)) "$runs" \
        "$(wc -c <"$binary")"
done
