#!/usr/bin/env bash
# Instructions executed by whole `modgen` runs, counted by valgrind's callgrind: unlike seconds, the count is the
# same on a busy machine and a quiet one, so two binaries (or two commits) compare exactly. Prints one line per
# measurement; the README's "Speed" section quotes its output.
#
#     bash Benchmarks/instruction-counts.sh [modgen-binary] [other-modgen-binary]
#
# The default binary is the release binary `make release` builds (static Swift libraries, as shipped): build it
# first. With a second binary, each measurement runs on both, and the ratio is printed. N (default 200) is how
# many modules the "n-th module" measurement generates into one folder before counting the next one.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
command -v valgrind >/dev/null || { echo "valgrind is needed (apt-get install valgrind)" >&2; exit 69; }
binaries=("${1:-$root/.build/static/release/modgen}")
[ $# -ge 2 ] && binaries+=("$2")
for index in "${!binaries[@]}"; do
    binary=${binaries[$index]}
    [ -x "$binary" ] || { echo "no binary at $binary" >&2; exit 66; }
    # Absolute, as each run starts in a folder of its own.
    binaries[$index]="$(cd "$(dirname "$binary")" && pwd)/$(basename "$binary")"
done
modules=${N:-200}
bundle="$root/Tests/Fixtures/XcodeTemplates/Infinum/VIPER Templates/Module.xctemplate"
scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT

# The instructions of one run of `$binary $arguments` in folder `$1`, in a fresh environment without a config.
count() {
    local folder=$1 binary=$2
    shift 2
    local output status=0
    output=$(cd "$folder" && valgrind --tool=callgrind --callgrind-out-file=/dev/null "$binary" "$@" -q 2>&1 >/dev/null) ||
        status=$?
    # A binary that cannot run this command (an older one, without Xcode bundles) counts as not applicable.
    if [ "$status" -ne 0 ]; then echo n/a; else echo "$output" | sed -n 's/^==[0-9]*== Collected : //p'; fi
}

# Prints one measurement: its name, then the count for each binary (and their ratio when there are two).
report() {
    local name=$1
    shift
    local line counts=("$@")
    line=$(printf '%-58s' "$name")
    for value in "${counts[@]}"; do
        # Thousands separated by commas, whatever the locale.
        [ "$value" = n/a ] || value=$(echo "$value" | sed ':a; s/\B[0-9]\{3\}\>/,&/; ta')
        line+=$(printf ' %11s' "$value")
    done
    if [ ${#counts[@]} -eq 2 ] && [ "${counts[0]}" != n/a ] && [ "${counts[1]}" != n/a ]; then line+=$(awk -v a="${counts[0]}" -v b="${counts[1]}" 'BEGIN { printf "  %.2f×", a / b }'); fi
    echo "$line"
}

echo "instructions per run (callgrind), binaries: ${binaries[*]}"
home=()
bundle_run=()
first=()
nth=()
for index in "${!binaries[@]}"; do
    binary=${binaries[$index]}
    folder="$scratch/$index"
    mkdir -p "$folder/home" "$folder/bundle" "$folder/many"
    home+=("$(count "$folder/home" "$binary" new Home --formatter -o Modules)")
    bundle_run+=("$(count "$folder/bundle" "$binary" new Home --template "$bundle" -o Modules)")
    # Modules of an Xcode bundle into one folder, as a project's Modules/ fills up: the first, and the next after N.
    first+=("$(count "$folder/many" "$binary" new Module0 --template "$bundle" -o Modules)")
    for ((module = 1; module < modules; module++)); do
        (cd "$folder/many" && "$binary" new "Module$module" --template "$bundle" -o Modules -q 2>/dev/null) || break
    done
    nth+=("$(count "$folder/many" "$binary" new "Module$modules" --template "$bundle" -o Modules)")
done
report "modgen new Home --formatter (viper, 6 files)" "${home[@]}"
report "modgen new Home --template Module.xctemplate (7 files)" "${bundle_run[@]}"
report "the same, first module into an empty folder" "${first[@]}"
report "the same, module $((modules + 1)) into that folder" "${nth[@]}"
