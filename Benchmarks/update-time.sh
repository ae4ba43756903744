#!/usr/bin/env bash
# Time of `modgen update --all` over MODULES modules (default 100) of a project whose template changed: a copy of
# the built-in viper template in the project's template folder, one module per name, each module with one edit of
# its own, then a template change that every module merges (a clean merge in every presenter). Prints the CPU time
# (user plus system) and the wall time of `update --check` before, `update --all`, and `update --check` after, each
# the median of ROUNDS runs (default 5) on fresh copies of the project, timed by `python3 Benchmarks/cpu-time.py`.
# Runs on Linux and macOS (bash 3.2, BSD tools).
#
#     bash Benchmarks/update-time.sh "$(swift build -c release --show-bin-path)/modgen"
set -euo pipefail
(($# == 1)) || { echo "usage: $0 <modgen binary>" >&2; exit 64; }
modgen="$(cd "$(dirname "$1")" && pwd)/$(basename "$1")"
modules=${MODULES:-100}
rounds=${ROUNDS:-5}
repository=$(cd "$(dirname "$0")/.." && pwd)
timer="$repository/Benchmarks/cpu-time.py"
scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT
project="$scratch/project"
mkdir -p "$project/Templates"
cd "$project"
cp -R "$repository/Templates/viper" Templates/viper
printf '{ "templates": ["Templates"], "template": "viper", "output": "Modules", "date": "2026-01-31" }\n' >.modgen.json
for ((index = 0; index < modules; index++)); do
    "$modgen" new "Screen$index" --quiet
    # The developer's edit: a line added at the top of each presenter.
    printf '// Edited by hand\n' | cat - "Modules/Screen$index/Screen${index}Presenter.swift" >presenter.tmp
    mv presenter.tmp "Modules/Screen$index/Screen${index}Presenter.swift"
done
# The template's change: a line added at the end of every presenter.
printf '\n// Changed by the template\n' >>Templates/viper/Presenter.swift.mustache

# Runs `update --check`, `update --all`, `update --check` in a fresh copy of the project; prints the three
# "<cpu> <wall>" pairs (microseconds) on one line. `update --check` exits 1 while modules would change.
one_round() {
    local copy="$scratch/round" line="" arguments
    rm -rf "$copy"
    mkdir -p "$copy"
    (cd "$project" && tar cf - .) | (cd "$copy" && tar xf -)
    for arguments in "update --check" "update --all" "update --check"; do
        if [ "$arguments" = "update --check" ]; then
            # Its one line on standard error (the modules that would change) is the expected answer, not news.
            # shellcheck disable=SC2086 # two words
            line+="$(cd "$copy" && python3 "$timer" --any-status "$modgen" $arguments 2>/dev/null) "
        else
            # shellcheck disable=SC2086
            line+="$(cd "$copy" && python3 "$timer" --any-status "$modgen" $arguments) "
        fi
    done
    echo "$line"
}
results=""
for ((round = 0; round < rounds; round++)); do results+="$(one_round)"$'\n'; done
merged=$(grep -c "Changed by the template" "$scratch"/round/Modules/*/*Presenter.swift | grep -c ':1$' || true)
echo "modgen update over $modules modules (median of $rounds rounds; CPU is user + system): $merged presenters merged"
column=1
for name in "update --check (before)" "update --all" "update --check (after)"; do
    printf '%s' "$results" | awk -v c=$column -v name="$name" '
        { cpu[NR] = $c; wall[NR] = $(c + 1) }
        END {
            n = asort_numbers(cpu); asort_numbers(wall)
            printf "%-26s CPU %.3f s, wall %.3f s\n", name, cpu[int((n + 1) / 2)] / 1e6, wall[int((n + 1) / 2)] / 1e6
        }
        # Sorts a[1..NR] in place, ascending (POSIX awk has no sort).
        function asort_numbers(a,    i, j, t) {
            for (i = 2; i <= NR; i++) { t = a[i]; for (j = i - 1; j >= 1 && a[j] > t; j--) a[j + 1] = a[j]; a[j + 1] = t }
            return NR
        }'
    column=$((column + 2))
done
