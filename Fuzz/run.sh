#!/usr/bin/env bash
# Builds the libFuzzer targets in Fuzz/Targets, replays what is committed, then fuzzes each for FUZZ_SECONDS.
#
#   Fuzz/run.sh                     every target, 30 s each
#   FUZZ_SECONDS=300 Fuzz/run.sh    longer
#   Fuzz/run.sh json mustache       only these targets
#   FUZZ_MERGE=1 Fuzz/run.sh        afterwards, merge inputs that add coverage back into Fuzz/Corpus/<target>
#   FUZZ_BUILD_ONLY=1 Fuzz/run.sh   build, do not run
#   FUZZ_REPLAY_ONLY=1 Fuzz/run.sh  build and replay the committed inputs, do not fuzz
#   FUZZ_NEW_FINDINGS=report ...    a finding of the fuzzing is reported, not a failure (what CI does)
#   FUZZ_JOBS=1 Fuzz/run.sh         one target at a time (default: as many as there are processors)
#
# The library is compiled straight from its source folders with swiftc (not SwiftPM: its build-tool plugin and the
# sanitizer flags do not mix), as one module, once; each target links against it. Everything built or found goes
# to .build-fuzz/ (git-ignored): the committed corpus only changes with FUZZ_MERGE=1.
#
# Two phases per target (Fuzz/README.md, "What CI does with a finding"):
#   replay   every committed input, Fuzz/Corpus/<target> and the past findings in Fuzz/Findings/<target>, run once:
#            a crash, hang, leak or memory blow-up here is a regression and always fails.
#   explore  libFuzzer mutates the corpus for FUZZ_SECONDS. A crash it finds is new: it is printed with its input
#            in base64 and kept in .build-fuzz/findings/<target>/; it fails the run unless FUZZ_NEW_FINDINGS=report.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
cd "$root"

# The library's source folders, one per layer target (not the ModGenKit umbrella, which only re-exports them). They
# are compiled together as one module named ModGenKit, so `import` lines between them are dropped (see copy_sources).
LIBRARY_SOURCES=(
    Sources/ModGenCore
    Sources/ModGenMustache
    Sources/ModGenLiquid
    Sources/ModGenGit
    Sources/ModGenTemplates
    Sources/ModGenGeneration
    Sources/ModGenDigest
    Sources/ModGenWriting
    Sources/ModGenXcodeProject
)
ALL_TARGETS=(mustache json manifest config plist xcodeproj xcodemerge liquid)

# Longest input per target: a template or a data file of a few kilobytes reaches every construct, and longer
# inputs only make each run slower.
max_len() {
    case $1 in
    mustache) echo 4096 ;;
    json | manifest | plist) echo 8192 ;;
    config) echo 4096 ;;
    xcodeproj) echo 32768 ;;
    # Choices, not text: two branches of at most four edits of a few bytes each.
    xcodemerge) echo 1024 ;;
    *) echo 4096 ;;
    esac
}

seconds=${FUZZ_SECONDS:-30}
build=${FUZZ_BUILD_DIR:-$root/.build-fuzz}
targets=("$@")
[ ${#targets[@]} -gt 0 ] || targets=("${ALL_TARGETS[@]}")
swiftc=${SWIFTC:-swiftc}
# -package-name: the layers share `package` declarations, which need one.
flags=(-sanitize=fuzzer,address -parse-as-library -O -g -swift-version 6 -package-name modgen)

# A symbolizer turns a crash's addresses into file:line; the toolchain ships one beside swiftc.
symbolizer="$(dirname "$(command -v "$swiftc")")/llvm-symbolizer"
[ -x "$symbolizer" ] && export ASAN_SYMBOLIZER_PATH="$symbolizer"
# Swift's own backtracer crashes under AddressSanitizer while reporting a fatalError; libFuzzer reports it instead.
export SWIFT_BACKTRACE=enable=no

# Copies the library's sources into one folder, each file prefixed with its folder's name (two targets may both
# have an `Errors.swift`), without the `import` of sibling folders that now are the same module.
copy_sources() {
    local destination=$1 folder module file name siblings
    siblings=$(for folder in "${LIBRARY_SOURCES[@]}"; do basename "$folder"; done | paste -sd '|' -)
    rm -rf "$destination" && mkdir -p "$destination"
    for folder in "${LIBRARY_SOURCES[@]}"; do
        module=$(basename "$folder")
        while IFS= read -r file; do
            name="${module}_$(echo "${file#"$folder"/}" | tr '/' '_')"
            grep -Ev "^(@testable )?import ($siblings)\$" "$file" >"$destination/$name" || true
        done < <(find "$folder" -name '*.swift' | sort)
    done
    # SwiftPM's EmbedTemplates plugin generates EmbeddedTemplates from Templates/; no target needs the built-in
    # templates, so an empty stand-in does.
    if grep -qr 'EmbeddedTemplates\.' "$destination" && ! grep -qr 'enum EmbeddedTemplates' "$destination"; then
        # The same members as the generated one (Sources/TemplateEmbedder/main.swift), all empty.
        printf '%s\n' 'enum EmbeddedTemplates {' '    static let files: [(path: String, text: String)] = []' \
            '    static let compiledForms: [(path: String, form: String)] = []' \
            '    static let compiledManifestTexts: [(text: String, form: String)] = []' \
            '    static let versions: [String: String] = [:]' '}' \
            >"$destination/EmbeddedTemplatesStandIn.swift"
    fi
}

build_all() {
    echo "== building fuzz targets into ${build#"$root"/}"
    mkdir -p "$build/modules"
    copy_sources "$build/sources"
    # One instrumented object for the library, built with testing enabled so targets can reach internal entry
    # points (the JSON parser's positions, the manifest's condition reader) with `@testable import`.
    # Skipped when neither the sources nor the flags changed since the last build: it takes minutes.
    local stamp
    stamp=$(cat "$build/sources"/*.swift <(echo "$swiftc ${flags[*]}") | cksum)
    # One object file per source, generated by as many threads as there are processors: the optimizer's SIL passes
    # still run once over the whole module, but LLVM's code generation, most of the time, is shared out.
    if ! compgen -G "$build/objects/*.o" >/dev/null || [ "$(cat "$build/ModGenKit.stamp" 2>/dev/null)" != "$stamp" ]; then
        rm -f "$build/ModGenKit.stamp"
        rm -rf "$build/objects" && mkdir -p "$build/objects"
        (cd "$build/objects" && "$swiftc" "${flags[@]}" -enable-testing -module-name ModGenKit -wmo \
            -num-threads "$(getconf _NPROCESSORS_ONLN)" \
            -emit-module -emit-module-path "$build/modules/ModGenKit.swiftmodule" \
            -c "$build/sources"/*.swift)
        echo "$stamp" >"$build/ModGenKit.stamp"
    fi
    local target
    for target in "${targets[@]}"; do
        [ -f "Fuzz/Targets/$target.swift" ] || { echo "no such fuzz target: $target" >&2; exit 64; }
    done
    # Each target's own file is compiled and linked by one swiftc: as many at once as there are processors.
    link_target() {
        "$swiftc" "${flags[@]}" -module-name "Fuzz_$1" -I "$build/modules" \
            "Fuzz/Targets/$1.swift" Fuzz/Targets/Shared/*.swift "$build/objects"/*.o \
            -o "$build/fuzz-$1" 2> >(grep -v "Cannot export local symbol '__asan" >&2)
    }
    in_lanes link_target "${targets[@]}" || exit 1
}

# Runs `<function> <target>` for every target, as many at once as there are lanes (FUZZ_JOBS, default the number
# of processors), each with its output kept apart and printed in the targets' order when its group is done.
# Returns the highest status of any target (bash 3.2 has no `wait -n`: targets run in groups of that many, which
# costs nothing here since every target explores for the same time).
lanes=${FUZZ_JOBS:-$(getconf _NPROCESSORS_ONLN)}
[ "$lanes" -ge 1 ] 2>/dev/null || lanes=1
in_lanes() {
    local function=$1 worst=0 index=0 status target
    shift
    local all=("$@")
    mkdir -p "$build/lanes"
    while [ "$index" -lt "${#all[@]}" ]; do
        local group=("${all[@]:index:lanes}") pids=()
        for target in "${group[@]}"; do
            # In a `||` list, as the targets ran before: a failing command inside does not end the function early.
            ("$function" "$target" || exit $?) >"$build/lanes/$target.out" 2>&1 &
            pids+=($!)
        done
        local position=0
        for target in "${group[@]}"; do
            status=0
            wait "${pids[$position]}" || status=$?
            cat "$build/lanes/$target.out"
            echo "$status" >"$build/lanes/$target.status"
            [ "$status" -le "$worst" ] || worst=$status
            position=$((position + 1))
        done
        index=$((index + lanes))
    done
    return "$worst"
}

# The options every run of a target gets: the limits a finding is judged by, and the dictionary.
target_options() {
    echo "-max_len=$(max_len "$1") -timeout=10 -rss_limit_mb=2048 -dict=Fuzz/Dictionaries/$1.dict"
}

# Runs every committed input of a target once (its seed corpus and its past findings). Returns non-zero when any
# of them crashes, hangs, leaks or runs out of memory: a fixed finding came back, or a seed broke.
replay_target() {
    local target=$1 log="$build/logs/$1-replay.log" inputs=() file
    mkdir -p "$(dirname "$log")" "$build/tmp/$target"
    while IFS= read -r file; do inputs+=("$file"); done < <(
        find "Fuzz/Corpus/$target" "Fuzz/Findings/$target" -type f ! -name 'LICENSE*' ! -name 'README*' 2>/dev/null | sort
    )
    local status=0
    # shellcheck disable=SC2046 # the options are words
    TMPDIR="$build/tmp/$target" "$build/fuzz-$target" $(target_options "$target") "${inputs[@]}" >"$log" 2>&1 ||
        status=$?
    if [ "$status" -eq 0 ]; then
        echo "$target: replayed ${#inputs[@]} committed inputs"
        return 0
    fi
    local failing
    failing=$(grep -o '^Running: .*' "$log" | tail -1 | sed 's/^Running: //')
    echo "$target: REGRESSION (exit $status) replaying ${failing:-a committed input}; log: ${log#"$root"/}"
    grep -E '^==[0-9]+==ERROR|^SUMMARY|Fatal error|ALARM|out-of-memory' "$log" | head -5
    return "$status"
}

# Fuzzes one target on a scratch copy of its corpus; prints its executions and, on a finding, the finding with its
# input in base64 (so a CI log alone is enough to reproduce it). Returns 0 when nothing was found, 1 for a finding,
# 2 when libFuzzer failed without one (a broken build or setup, never reported as a finding).
explore_target() {
    local target=$1 scratch="$build/corpus/$1" artifacts="$build/findings/$1/" log="$build/logs/$1.log"
    rm -rf "$scratch" "$build/tmp/$1" && mkdir -p "$scratch" "$artifacts" "$(dirname "$log")" "$build/tmp/$1"
    cp -R "Fuzz/Corpus/$target/." "$scratch/"
    local status=0
    # TMPDIR: the config target writes each input to a file; keep those files out of the system's /tmp.
    # shellcheck disable=SC2046 # the options are words
    TMPDIR="$build/tmp/$target" "$build/fuzz-$target" "$scratch" -max_total_time="$seconds" \
        $(target_options "$target") -artifact_prefix="$artifacts" -print_final_stats=1 >"$log" 2>&1 || status=$?
    local executions
    executions=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log" | tail -1)
    local coverage
    coverage=$(grep -o 'cov: [0-9]*' "$log" | tail -1 || true)
    if [ "$status" -eq 0 ]; then
        echo "$target: nothing new, ${executions:-?} executions in ${seconds}s (${coverage:-cov: ?})"
        if [ "${FUZZ_MERGE:-0}" = 1 ]; then
            # shellcheck disable=SC2046 # the options are words
            "$build/fuzz-$target" -merge=1 $(target_options "$target") "Fuzz/Corpus/$target" "$scratch" >>"$log" 2>&1
            echo "$target: merged into Fuzz/Corpus/$target ($(find "Fuzz/Corpus/$target" -type f | wc -l) files)"
        fi
        return 0
    fi
    local finding
    finding=$(sed -n 's/.*Test unit written to \(.*\)$/\1/p' "$log" | tail -1)
    if [ -z "$finding" ] || [ ! -f "$finding" ]; then
        echo "$target: libFuzzer failed (exit $status) without a finding; log: ${log#"$root"/}"
        tail -5 "$log"
        return 2
    fi
    echo "$target: NEW FINDING (exit $status) after ${executions:-?} executions; log: ${log#"$root"/}"
    grep -E '^==[0-9]+==ERROR|^SUMMARY|Fatal error|ALARM|out-of-memory' "$log" | head -5 | cut -c1-600
    echo "$target: input ($(wc -c <"$finding") bytes) kept as ${finding#"$root"/}; in base64:"
    base64 "$finding"
    echo "$target: to keep it, decode it into Fuzz/Findings/$target/, fix the cause and add a test (Fuzz/README.md)"
    return 1
}

build_all
[ "${FUZZ_BUILD_ONLY:-0}" = 1 ] && exit 0

echo "== replaying the committed corpus and findings (must pass)"
replayed=0
regressions=0
in_lanes replay_target "${targets[@]}" || true
for target in "${targets[@]}"; do
    if [ "$(cat "$build/lanes/$target.status")" = 0 ]; then replayed=$((replayed + 1)); else regressions=$((regressions + 1)); fi
done
echo "fuzz replay: $replayed passed, $regressions failed"
[ "$regressions" -eq 0 ] || exit 1
[ "${FUZZ_REPLAY_ONLY:-0}" = 1 ] && exit 0

new_findings=${FUZZ_NEW_FINDINGS:-fail}
echo "== fuzzing each target for ${seconds}s (a new finding: $new_findings)"
found=0
broken=0
in_lanes explore_target "${targets[@]}" || true
for target in "${targets[@]}"; do
    status=$(cat "$build/lanes/$target.status")
    case $status in
    0) ;;
    1) found=$((found + 1)) ;;
    *) broken=$((broken + 1)) ;;
    esac
done
echo "fuzz exploration: ${#targets[@]} targets, $found with a new finding, $broken that could not run"
[ "$broken" -eq 0 ] || exit 1
if [ "$found" -gt 0 ] && [ "$new_findings" != report ]; then exit 1; fi
exit 0
