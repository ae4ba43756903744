#!/usr/bin/env bash
# The figures of the README's "Speed" section for whole runs of the release binary, each against a floor:
#
#   - `modgen new Home --formatter`, a project's first module (the module, its record and the template's copy) and
#     a later one, and `new Home --template Module.xctemplate` (Infinum's bundle): instructions, counted by
#     valgrind's callgrind where it is installed (a count, unlike a time, is the same on a busy machine and a quiet
#     one), and CPU time, each beside FilesFloor's, a static program that only writes the same files, with the
#     ratios;
#   - a module written into a folder that already holds N modules of the bundle (N=200 by default);
#   - a project-file edit (reading MovieSwiftUI's project and the corpus's largest, building its graph, planning a
#     6-file module and laying it in) against reading and parsing the same file: instructions and CPU time.
#
#     bash Benchmarks/instruction-counts.sh [modgen-binary] [other-modgen-binary]
#
# The default binary is the one `make release` builds (static Swift libraries, as shipped): build it first. The
# floor and the Benchmarks program are built here, in release's build folder (.build/static), sharing its modules. With a second binary, each run's instructions are
# counted for both and their ratio printed. CPU times are medians of ROUNDS (default 11) runs, modgen and its floor
# taking turns so that a busy machine slows both alike; `python3 Benchmarks/cpu-time.py` times them. The project
# edit needs the corpus of project files (MODGEN_XCODEPROJ_CORPUS, default ../shared/xcodeproj-corpus).
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
cd "$root"
rounds=${ROUNDS:-11}
modules=${N:-200}
corpus=${MODGEN_XCODEPROJ_CORPUS:-$root/../shared/xcodeproj-corpus}
have_valgrind=false
command -v valgrind >/dev/null && have_valgrind=true
static_flag=--static-swift-stdlib
[ "$(uname -s)" = Darwin ] && static_flag=
binaries=("${1:-$root/.build/static/release/modgen}")
[ $# -ge 2 ] && binaries+=("$2")
for index in "${!binaries[@]}"; do
    binary=${binaries[$index]}
    [ -x "$binary" ] || { echo "no binary at $binary (make release builds it)" >&2; exit 66; }
    # Absolute, as each run starts in a folder of its own.
    binaries[$index]="$(cd "$(dirname "$binary")" && pwd)/$(basename "$binary")"
done
modgen=${binaries[0]}
echo "building the floor and the Benchmarks program (release)..." >&2
# shellcheck disable=SC2086 # no flag on macOS
swift build -c release --product FilesFloor --scratch-path .build/static $static_flag >&2
# shellcheck disable=SC2086
floor="$(swift build -c release --scratch-path .build/static $static_flag --show-bin-path)/FilesFloor"
# shellcheck disable=SC2086
swift build -c release --product Benchmarks --scratch-path .build/static $static_flag >&2
# shellcheck disable=SC2086
benchmarks="$(swift build -c release --scratch-path .build/static $static_flag --show-bin-path)/Benchmarks"
bundle="$root/Tests/Fixtures/XcodeTemplates/Infinum/VIPER Templates/Module.xctemplate"
scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT

# The instructions callgrind counts in one run of `$binary $arguments` in folder `$1` (n/a when the run fails,
# as an older binary does on a command it lacks; - without valgrind).
count() {
    local folder=$1 binary=$2
    shift 2
    $have_valgrind || { echo -; return; }
    local output status=0
    output=$(cd "$folder" && valgrind --tool=callgrind --callgrind-out-file=/dev/null "$binary" "$@" 2>&1 >/dev/null) ||
        status=$?
    if [ "$status" -ne 0 ]; then echo n/a; else echo "$output" | sed -n 's/^==[0-9]*== Collected : //p'; fi
}

# Millions with one decimal; n/a and - as they are.
millions() {
    case $1 in n/a | -) echo "$1" ;; *) awk -v n="$1" 'BEGIN { printf "%.1f M", n / 1e6 }' ;; esac
}

# `a / b` with two decimals followed by ×, or n/a.
ratio() {
    case "$1$2" in *n/a* | *-*) echo n/a ;; *) awk -v a="$1" -v b="$2" 'BEGIN { printf "%.2f×", a / b }' ;; esac
}

# The median of the numbers on standard input.
median() {
    sort -n | awk '{ values[NR] = $1 } END { print (NR % 2 ? values[(NR + 1) / 2] : (values[NR / 2] + values[NR / 2 + 1]) / 2) }'
}

# Milliseconds with one decimal of a count of microseconds.
ms() { awk -v n="$1" 'BEGIN { printf "%.1f ms", n / 1000 }'; }

# The CPU time in microseconds of one run of `$@` in folder `$1`.
cpu_of() {
    local folder=$1
    shift
    (cd "$folder" && python3 "$root/Benchmarks/cpu-time.py" "$@" 2>/dev/null) | awk '{ print $1 }'
}

# Copies folder `$1` (its contents, hidden files too) to a new folder `$2`.
copy_folder() {
    mkdir -p "$2"
    (cd "$1" && tar cf - .) | (cd "$2" && tar xf -)
}

# The files under `$2` that are not in `$1` or differ from it, relative, one a line: what a run in `$2` wrote.
written_files() {
    (cd "$2" && find . -type f | sed 's|^\./||' | sort) | while IFS= read -r file; do
        cmp -s "$1/$file" "$2/$file" 2>/dev/null || echo "$file"
    done
}

# Paired CPU times of `modgen $arguments` run in a copy of folder `$1` and of the floor writing the files the same
# run wrote there; prints "<modgen median> <floor median> <file count> <floor instructions>", the times in
# microseconds, the floor's instructions counted by callgrind in one run of its own (- without valgrind).
paired_cpu() {
    local start=$1
    shift
    local reference="$scratch/reference" list modgen_times="" floor_times="" round
    rm -rf "$reference"
    copy_folder "$start" "$reference"
    (cd "$reference" && "$modgen" "$@" -q >/dev/null)
    list=$(written_files "$start" "$reference")
    local count floor_count floor_folder="$scratch/floor-count"
    count=$(echo "$list" | grep -c .)
    rm -rf "$floor_folder"
    copy_folder "$start" "$floor_folder"
    # shellcheck disable=SC2046 # one argument a line, no path holds a blank
    floor_count=$(count "$floor_folder" "$floor" "$reference" . $(echo "$list"))
    rm -rf "$floor_folder"
    for ((round = 0; round < rounds; round++)); do
        local ours="$scratch/ours-$round" theirs="$scratch/floor-$round" ours_time floor_time
        copy_folder "$start" "$ours"
        copy_folder "$start" "$theirs"
        # Turns: even rounds run modgen first, odd rounds the floor.
        if ((round % 2 == 0)); then
            ours_time=$(cpu_of "$ours" "$modgen" "$@" -q)
            # shellcheck disable=SC2046 # one argument a line, no path holds a blank
            floor_time=$(cpu_of "$theirs" "$floor" "$reference" . $(echo "$list"))
        else
            # shellcheck disable=SC2046
            floor_time=$(cpu_of "$theirs" "$floor" "$reference" . $(echo "$list"))
            ours_time=$(cpu_of "$ours" "$modgen" "$@" -q)
        fi
        modgen_times+="$ours_time"$'\n'
        floor_times+="$floor_time"$'\n'
        rm -rf "$ours" "$theirs"
    done
    echo "$(printf '%s' "$modgen_times" | median) $(printf '%s' "$floor_times" | median) $count $floor_count"
}

commit=$(git -C "$root" rev-parse --short HEAD 2>/dev/null || echo unknown)
echo "modgen $("$modgen" --version) at commit $commit, $(uname -s) $(uname -m); binaries: ${binaries[*]}"
if $have_valgrind; then
    echo "instructions counted by callgrind; CPU times are medians of $rounds runs (user + system)"
else
    echo "valgrind is not installed: CPU times only (medians of $rounds runs, user + system)"
fi
echo

empty="$scratch/empty"
mkdir -p "$empty"
after_first="$scratch/after-first"
mkdir -p "$after_first"
(cd "$after_first" && "$modgen" new Home --formatter -o Modules -q >/dev/null)

# Instructions of one measurement on every binary, each from a copy of folder `$1`.
counts_of() {
    local start=$1 index folder
    shift
    local line=""
    for index in "${!binaries[@]}"; do
        folder="$scratch/count-$index"
        rm -rf "$folder"
        copy_folder "$start" "$folder"
        line+="$(count "$folder" "${binaries[$index]}" "$@" -q) "
        rm -rf "$folder"
    done
    echo "$line"
}

# One whole-run figure: its instructions on each binary (and their ratio), then instructions and CPU against the
# floor writing the same files.
whole_run() {
    local name=$1 start=$2
    shift 2
    local counts cpu
    read -r -a counts <<<"$(counts_of "$start" "$@")"
    read -r -a cpu <<<"$(paired_cpu "$start" "$@")"
    local line
    line="$(printf '%-46s' "$name") $(printf '%9s' "$(millions "${counts[0]}")")"
    if [ ${#counts[@]} -eq 2 ]; then
        line+=" (other binary $(millions "${counts[1]}"), $(ratio "${counts[0]}" "${counts[1]}"))"
    fi
    line+=", floor $(millions "${cpu[3]}"): $(ratio "${counts[0]}" "${cpu[3]}")"
    line+="  CPU $(ms "${cpu[0]}"), floor $(ms "${cpu[1]}") writing the same ${cpu[2]} files: $(ratio "${cpu[0]}" "${cpu[1]}")"
    echo "$line"
    last_count=${counts[0]}
    last_cpu=${cpu[0]}
}

whole_run "new Home --formatter, a project's first module" "$empty" new Home --formatter -o Modules
first_count=$last_count first_cpu=$last_cpu
whole_run "new Settings --formatter, a later module" "$after_first" new Settings --formatter -o Modules
echo "  first module against a later one: $(ratio "$first_count" "$last_count") instructions," \
    "$(ratio "$first_cpu" "$last_cpu") CPU"
whole_run "new Home --template Module.xctemplate (bundle)" "$empty" new Home --template "$bundle" -o Modules
echo "  the bundle against the built-in template (first modules): $(ratio "$last_count" "$first_count")" \
    "instructions, $(ratio "$last_cpu" "$first_cpu") CPU"

# A folder that already holds N modules of the bundle, as a project's Modules/ fills up.
many="$scratch/many"
mkdir -p "$many"
for ((module = 0; module < modules; module++)); do
    (cd "$many" && "$modgen" new "Module$module" --template "$bundle" -o Modules -q >/dev/null)
done
whole_run "the bundle's module $((modules + 1)) into one folder" "$many" new "Module$modules" --template "$bundle" \
    -o Modules

echo
if [ ! -d "$corpus" ]; then
    echo "project edit against parse: no corpus at $corpus; skipped"
    exit 0
fi
# The project edit: instructions inside the edit and inside the parse (callgrind collects inside the named function
# only), counted with 3 calls and with 1 (after a warm-up call each time): half the difference is one call, without
# the one-time set-up. Then CPU times, from the Benchmarks program.
step_total() {
    MODGEN_XCODEPROJ_CORPUS=$corpus MODGEN_PROJECT=$2 valgrind --tool=callgrind --callgrind-out-file=/dev/null \
        "--toggle-collect=*$1*" "$benchmarks" "project edit against parse" --rounds 1 --iterations "$3" 2>&1 \
        >/dev/null | sed -n 's/^==[0-9]*== Collected : //p'
}
step_count() {
    $have_valgrind || { echo -; return; }
    awk -v three="$(step_total "$1" "$2" 3)" -v one="$(step_total "$1" "$2" 1)" 'BEGIN { printf "%d", (three - one) / 2 }'
}
largest=$(ls -S "$corpus"/*/project.pbxproj | head -n 1)
for project in "$corpus/Dimillian+MovieSwiftUI/project.pbxproj" "$largest"; do
    name=$(basename "$(dirname "$project")")
    edit=$(step_count projectEditStep "$name")
    parse=$(step_count projectParseStep "$name")
    echo "project edit of $name: $(millions "$edit") instructions, parse $(millions "$parse"):" \
        "$(ratio "$edit" "$parse")"
    MODGEN_XCODEPROJ_CORPUS=$corpus MODGEN_PROJECT=$name "$benchmarks" "project edit against parse" | sed 's/^/  /'
done
