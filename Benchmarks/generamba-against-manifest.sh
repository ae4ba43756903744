#!/usr/bin/env bash
# A Generamba module against a manifest module of the same files (issue 23's aim: at most 1.2×), measured so that
# the load of a shared machine does not decide the answer:
#
#   - in the library (the Benchmarks program's "swifty_viper" pairs): Generamba's `swifty_viper` and a manifest
#     rendering the same 17 files, read and rendered, and rendered in memory: instructions of one module each,
#     counted by callgrind inside the benchmark's `…Step` functions alone; and CPU time, the two taking turns in one
#     run (`measurePaired`);
#   - whole runs of the release binary: `modgen new Home --template swifty_viper` in a Rambafile project (the
#     Rambafile of ../shared/generamba's reference run) against `modgen new Home` in a `.modgen.json` project whose
#     template is that manifest, both writing the same files into a copy of the same App.xcodeproj, and both without
#     a project file: instructions of one run each, and CPU times, medians of ROUNDS runs (default 11), the two
#     taking turns (`cpu-time.py`). The script checks first that both write the same files.
#
#     bash Benchmarks/generamba-against-manifest.sh [modgen-binary]
#
# The default binary is the one `make release` builds (.build/static); the Benchmarks program is built there too,
# unless BENCHMARKS names one already built.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
cd "$root"
rounds=${ROUNDS:-11}
have_valgrind=false
command -v valgrind >/dev/null && have_valgrind=true
static_flag=--static-swift-stdlib
[ "$(uname -s)" = Darwin ] && static_flag=
modgen=${1:-$root/.build/static/release/modgen}
[ -x "$modgen" ] || { echo "no binary at $modgen (make release builds it)" >&2; exit 66; }
modgen="$(cd "$(dirname "$modgen")" && pwd)/$(basename "$modgen")"
benchmarks=${BENCHMARKS:-}
if [ -z "$benchmarks" ]; then
    echo "building the Benchmarks program (release)..." >&2
    # shellcheck disable=SC2086 # no flag on macOS
    swift build -c release --product Benchmarks --scratch-path .build/static $static_flag >&2
    # shellcheck disable=SC2086
    benchmarks="$(swift build -c release --scratch-path .build/static $static_flag --show-bin-path)/Benchmarks"
fi
scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT

ratio() { awk -v a="$1" -v b="$2" 'BEGIN { printf "%.2f×", a / b }'; }
millions() { awk -v n="$1" 'BEGIN { printf "%.2f M", n / 1e6 }'; }
median() {
    sort -n | awk '{ values[NR] = $1 } END { print (NR % 2 ? values[(NR + 1) / 2] : (values[NR / 2] + values[NR / 2 + 1]) / 2) }'
}
load() { awk '{ print $1 }' /proc/loadavg 2>/dev/null || sysctl -n vm.loadavg | awk '{ print $2 }'; }

commit=$(git rev-parse --short HEAD 2>/dev/null || echo unknown)
echo "modgen $("$modgen" --version) at commit $commit, $(uname -s) $(uname -m), $(getconf _NPROCESSORS_ONLN) processors"
echo "load average (1 minute) at the start: $(load)"
echo

# In the library: CPU time, paired.
"$benchmarks" "swifty_viper against a manifest" | grep -v "^mustache: "
echo

# In the library: the instructions of one call of each step, from one callgrind run with 3 timed calls a side and one
# with 1 (after a warm-up call each time): half the difference of a step's inclusive count is one call.
step_counts() {
    local out="$scratch/callgrind-$1.out"
    valgrind --tool=callgrind "--callgrind-out-file=$out" "$benchmarks" "swifty_viper against a manifest" \
        --rounds 1 --iterations "$1" >/dev/null 2>&1
    local annotated step
    annotated=$(callgrind_annotate --inclusive=yes --threshold=100 "$out" 2>/dev/null)
    for step in generambaReadAndRenderStep manifestReadAndRenderStep generambaRenderStep manifestRenderStep; do
        # The function's own line (its mangled name: the identifier's length, the identifier, then its type).
        echo "$annotated" | grep -E "[0-9]+${step}y" | head -n 1 | awk '{ gsub(",", "", $1); print $1 }'
    done
}
if $have_valgrind; then
    read -r -a three <<<"$(step_counts 3 | tr '\n' ' ')"
    read -r -a one <<<"$(step_counts 1 | tr '\n' ' ')"
    call() { awk -v three="${three[$1]}" -v one="${one[$1]}" 'BEGIN { printf "%d", (three - one) / 2 }'; }
    for kind in "0:read and rendered" "2:rendered in memory"; do
        index=${kind%%:*} name=${kind#*:}
        generamba=$(call "$index")
        manifest=$(call $((index + 1)))
        echo "one module $name: swifty_viper $(millions "$generamba") instructions, manifest of the same" \
            "$(millions "$manifest"): $(ratio "$generamba" "$manifest")"
    done
else
    echo "valgrind is not installed: no instruction counts"
fi
echo

# Whole runs. The template folders and the user's Generamba preferences, shared by every copy of the projects.
home="$scratch/home"
mkdir -p "$home/.generamba" "$scratch/template" "$scratch/manifest-templates"
printf 'username: modgen\n' >"$home/.generamba/user_preferences.yml"
cp -R Tests/GenerambaFixtures/templates/swifty_viper "$scratch/template/"
MODGEN_SWIFTY_MANIFEST="$scratch/manifest-templates/swifty-viper" "$benchmarks" >/dev/null

# The two projects' starting folders, with App.xcodeproj or without a project file.
make_projects() {
    local with_project=$1 generamba="$scratch/start-generamba-$1" manifest="$scratch/start-manifest-$1"
    mkdir -p "$generamba" "$manifest"
    local xcode_lines="" xcode_json=""
    if [ "$with_project" = project ]; then
        cp -R Tests/GenerambaFixtures/fixture/App.xcodeproj "$generamba/"
        cp -R Tests/GenerambaFixtures/fixture/App.xcodeproj "$manifest/"
        xcode_lines=$'xcodeproj_path: App.xcodeproj\nproject_target: App\ntest_target: AppTests\n'
        xcode_json=', "xcodeproj": { "path": "App.xcodeproj", "targets": ["App"], "testTargets": ["AppTests"] }'
    fi
    printf '%s' "company: ModgenCo
project_name: App
prefix: ''
${xcode_lines}project_file_path: App/Modules
project_group_path: App/Modules
test_file_path: AppTests/Modules
test_group_path: AppTests/Modules
templates:
- {name: swifty_viper, local: ../template/swifty_viper}
" >"$generamba/Rambafile"
    # Generamba's date is dd/MM/yyyy.
    printf '%s\n' "{ \"template\": \"swifty-viper\", \"output\": \"App/Modules\", \"templates\": [\"../manifest-templates\"],
  \"dateFormat\": \"dd/MM/yyyy\",
  \"header\": { \"project\": \"App\", \"author\": \"modgen\", \"company\": \"ModgenCo\" },
  \"roots\": { \"tests\": \"AppTests/Modules\" }$xcode_json }" >"$manifest/.modgen.json"
}

# Runs `modgen …` for side $1 ("generamba" or "manifest") in folder $2; extra arguments go before the command.
run_side() {
    local side=$1 folder=$2
    shift 2
    local arguments=(new Home --date 2026-01-15 -q)
    [ "$side" = generamba ] && arguments=(new Home --template swifty_viper --date 2026-01-15 -q)
    (cd "$folder" && HOME="$home" "$@" "$modgen" "${arguments[@]}" >/dev/null)
}

# A fresh copy of side $2's starting folder for variant $1, beside the starting folders (the Rambafile's template is
# `../template`, the config's `../manifest-templates`).
fresh_copy() {
    local copy="$scratch/run-$2-$1"
    rm -rf "$copy"
    cp -R "$scratch/start-$2-$1" "$copy"
    echo "$copy"
}

for variant in project files; do
    make_projects "$variant"
    generamba=$(fresh_copy "$variant" generamba)
    manifest=$(fresh_copy "$variant" manifest)
    run_side generamba "$generamba"
    run_side manifest "$manifest"
    for folder in App AppTests; do
        diff -r "$generamba/$folder" "$manifest/$folder" >/dev/null ||
            { echo "the two runs wrote different files under $folder/" >&2; exit 1; }
    done
    written=$(find "$generamba/App" "$generamba/AppTests" -type f | wc -l | tr -d ' ')
    label="with App.xcodeproj"
    [ "$variant" = files ] && label="without a project file"
    echo "modgen new Home, $label ($written identical files written by both):"
    if $have_valgrind; then
        counts=()
        for side in generamba manifest; do
            folder=$(fresh_copy "$variant" "$side")
            counts+=("$(run_side "$side" "$folder" valgrind --tool=callgrind --callgrind-out-file=/dev/null 2>&1 |
                sed -n 's/^==[0-9]*== Collected : //p')")
        done
        echo "  instructions: Rambafile and swifty_viper $(millions "${counts[0]}"), manifest $(millions "${counts[1]}"):" \
            "$(ratio "${counts[0]}" "${counts[1]}")"
    fi
    generamba_times="" manifest_times=""
    for ((round = 0; round < rounds; round++)); do
        order=(generamba manifest)
        ((round % 2 == 1)) && order=(manifest generamba)
        for side in "${order[@]}"; do
            folder=$(fresh_copy "$variant" "$side")
            arguments=(new Home --date 2026-01-15 -q)
            [ "$side" = generamba ] && arguments=(new Home --template swifty_viper --date 2026-01-15 -q)
            time=$(cd "$folder" && HOME="$home" python3 "$root/Benchmarks/cpu-time.py" "$modgen" "${arguments[@]}" |
                awk '{ print $1 }')
            if [ "$side" = generamba ]; then generamba_times+="$time"$'\n'; else manifest_times+="$time"$'\n'; fi
        done
    done
    generamba_median=$(printf '%s' "$generamba_times" | median)
    manifest_median=$(printf '%s' "$manifest_times" | median)
    echo "  CPU, medians of $rounds runs each, taking turns: Rambafile and swifty_viper" \
        "$(awk -v n="$generamba_median" 'BEGIN { printf "%.1f ms", n / 1000 }'), manifest" \
        "$(awk -v n="$manifest_median" 'BEGIN { printf "%.1f ms", n / 1000 }'):" \
        "$(ratio "$generamba_median" "$manifest_median")"
done
echo
echo "load average (1 minute) at the end: $(load)"
