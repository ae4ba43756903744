#!/usr/bin/env bash
# Start-up time of modgen binaries: runs each `<binary> --version` RUNS times (default 101), the binaries taking
# turns so that a busy machine slows them alike, and prints the median and the fastest run's CPU time (user plus
# system) and the median wall time, in milliseconds, and the instructions of one run where valgrind is installed.
# Timed by `python3 Benchmarks/cpu-time.py`, which starts the binary itself, so no timer's own start-up is measured;
# runs on Linux and macOS (bash 3.2, BSD tools).
#
#     bash Benchmarks/startup-time.sh dist/modgen-*-linux-* "$(swift build -c release --show-bin-path)/modgen"
set -euo pipefail
(($#)) || { echo "usage: $0 <binary>..." >&2; exit 64; }
timer="$(cd "$(dirname "$0")" && pwd)/cpu-time.py"
runs=${RUNS:-101}
binaries=("$@")
cpu=()
wall=()
for index in "${!binaries[@]}"; do
    "${binaries[$index]}" --version >/dev/null # warms the page cache
    cpu[$index]=""
    wall[$index]=""
done
for ((run = 0; run < runs; run++)); do
    for index in "${!binaries[@]}"; do
        read -r cpu_time wall_time <<<"$(python3 "$timer" "${binaries[$index]}" --version)"
        cpu[$index]+="$cpu_time "
        wall[$index]+="$wall_time "
    done
done
# "<median> <fastest>" in milliseconds of microsecond counts given as arguments.
summary() {
    printf '%s\n' "$@" | sort -n | awk '{ v[NR] = $1 } END { printf "%.2f %.2f", v[int((NR + 1) / 2)] / 1000, v[1] / 1000 }'
}
# The instructions of one `--version` run (valgrind's callgrind, where installed: a count is the same on a busy
# machine and a quiet one), else -.
instructions() {
    command -v valgrind >/dev/null || { echo -; return; }
    valgrind --tool=callgrind --callgrind-out-file=/dev/null "$1" --version 2>&1 >/dev/null |
        sed -n 's/^==[0-9]*== Collected : //p' | awk '{ printf "%.2f M", $1 / 1e6 }'
}
for index in "${!binaries[@]}"; do
    # shellcheck disable=SC2086 # the lists are numbers separated by blanks
    read -r cpu_median cpu_fastest <<<"$(summary ${cpu[$index]})"
    # shellcheck disable=SC2086
    read -r wall_median _ <<<"$(summary ${wall[$index]})"
    printf '%-60s CPU median %s ms, fastest %s ms; wall median %s ms (%d runs, %d bytes); %s instructions\n' \
        "${binaries[$index]}" "$cpu_median" "$cpu_fastest" "$wall_median" "$runs" "$(wc -c <"${binaries[$index]}")" \
        "$(instructions "${binaries[$index]}")"
done
