#!/usr/bin/env bash
# Builds the libFuzzer targets in Fuzz/Targets and runs each for FUZZ_SECONDS on a scratch copy of its corpus.
#
#   Fuzz/run.sh                     every target, 30 s each
#   FUZZ_SECONDS=300 Fuzz/run.sh    longer
#   Fuzz/run.sh json mustache       only these targets
#   FUZZ_MERGE=1 Fuzz/run.sh        afterwards, merge inputs that add coverage back into Fuzz/Corpus/<target>
#   FUZZ_BUILD_ONLY=1 Fuzz/run.sh   build, do not run
#
# The library is compiled straight from its source folders with swiftc (not SwiftPM: its build-tool plugin and the
# sanitizer flags do not mix), as one module, once; each target links against it. Everything built or found goes
# to .build-fuzz/ (git-ignored): the committed corpus only changes with FUZZ_MERGE=1. Exits non-zero when any
# target crashes, hangs (-timeout), runs out of memory or leaks, printing the reproducer's path.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
cd "$root"

# The library's source folders, one per layer target (not the ModGenKit umbrella, which only re-exports them). They
# are compiled together as one module named ModGenKit, so `import` lines between them are dropped (see copy_sources).
LIBRARY_SOURCES=(
    Sources/ModGenCore
    Sources/ModGenMustache
    Sources/ModGenTemplates
    Sources/ModGenGeneration
    Sources/ModGenWriting
    Sources/ModGenXcodeProject
)
ALL_TARGETS=(mustache json manifest config plist xcodeproj)

# Longest input per target: a template or a data file of a few kilobytes reaches every construct, and longer
# inputs only make each run slower.
max_len() {
    case $1 in
    mustache) echo 4096 ;;
    json | manifest | plist) echo 8192 ;;
    config) echo 4096 ;;
    xcodeproj) echo 32768 ;;
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
        printf 'enum EmbeddedTemplates {\n    static let files: [(path: String, text: String)] = []\n}\n' \
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
    if [ ! -f "$build/ModGenKit.o" ] || [ "$(cat "$build/ModGenKit.stamp" 2>/dev/null)" != "$stamp" ]; then
        rm -f "$build/ModGenKit.stamp"
        "$swiftc" "${flags[@]}" -enable-testing -module-name ModGenKit -wmo -num-threads 0 \
            -emit-module -emit-module-path "$build/modules/ModGenKit.swiftmodule" \
            -c -o "$build/ModGenKit.o" "$build/sources"/*.swift
        echo "$stamp" >"$build/ModGenKit.stamp"
    fi
    local target
    for target in "${targets[@]}"; do
        [ -f "Fuzz/Targets/$target.swift" ] || { echo "no such fuzz target: $target" >&2; exit 64; }
        "$swiftc" "${flags[@]}" -module-name "Fuzz_$target" -I "$build/modules" \
            "Fuzz/Targets/$target.swift" Fuzz/Targets/Shared/*.swift "$build/ModGenKit.o" \
            -o "$build/fuzz-$target" 2> >(grep -v "Cannot export local symbol '__asan" >&2)
    done
}

# Runs one target; prints its executions and, on a finding, the reproducer. Returns libFuzzer's status.
run_target() {
    local target=$1 scratch="$build/corpus/$1" artifacts="$build/findings/$1/" log="$build/logs/$1.log"
    rm -rf "$scratch" "$build/tmp/$1" && mkdir -p "$scratch" "$artifacts" "$(dirname "$log")" "$build/tmp/$1"
    cp -R "Fuzz/Corpus/$target/." "$scratch/"
    local status=0
    # TMPDIR: the config target writes each input to a file; keep those files out of the system's /tmp.
    TMPDIR="$build/tmp/$target" "$build/fuzz-$target" "$scratch" -max_total_time="$seconds" -max_len="$(max_len "$target")" -timeout=10 \
        -rss_limit_mb=2048 -dict="Fuzz/Dictionaries/$target.dict" -artifact_prefix="$artifacts" \
        -print_final_stats=1 >"$log" 2>&1 || status=$?
    local executions
    executions=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log" | tail -1)
    local coverage
    coverage=$(grep -o 'cov: [0-9]*' "$log" | tail -1 || true)
    if [ "$status" -eq 0 ]; then
        echo "$target: passed, ${executions:-?} executions in ${seconds}s (${coverage:-cov: ?})"
    else
        echo "$target: FAILED (exit $status) after ${executions:-?} executions; log: ${log#"$root"/}"
        grep -E '^==[0-9]+==ERROR|^SUMMARY|Fatal error|ALARM|out-of-memory|Test unit written to' "$log" | head -5
        return "$status"
    fi
    if [ "${FUZZ_MERGE:-0}" = 1 ]; then
        "$build/fuzz-$target" -merge=1 -max_len="$(max_len "$target")" -timeout=10 -rss_limit_mb=2048 \
            "Fuzz/Corpus/$target" "$scratch" >>"$log" 2>&1
        echo "$target: merged into Fuzz/Corpus/$target ($(find "Fuzz/Corpus/$target" -type f | wc -l) files)"
    fi
}

build_all
[ "${FUZZ_BUILD_ONLY:-0}" = 1 ] && exit 0
echo "== fuzzing each target for ${seconds}s"
passed=0
failed=0
for target in "${targets[@]}"; do
    if run_target "$target"; then passed=$((passed + 1)); else failed=$((failed + 1)); fi
done
echo "fuzz: $passed passed, $failed failed"
[ "$failed" -eq 0 ]
