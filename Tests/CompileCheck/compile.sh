#!/usr/bin/env bash
# Compiles every option combination of a template snapshot against stand-ins of UIKit, RxSwift, RxCocoa (and any
# other module under Tests/StandIns/), and runs the generated unit tests, so generated code is known to build —
# SIL diagnostics such as Swift 6's region-based isolation checks included — and its tests to pass without a Mac.
#
#   bash Tests/CompileCheck/compile.sh [--no-swift6] <snapshot-root>
#
# <snapshot-root> holds one folder per combination, as expand-snapshot.sh writes them:
# <root>/<combination>/<Module>/*.swift and <root>/<combination>/Support/*.swift. Each combination is compiled to an
# object file with `swiftc -c -wmo -warnings-as-errors` (type-checking alone stops before the SIL passes, where Swift
# 6 diagnoses values sent across actors):
#   swift5   module files + Support/ files, Swift 5 language mode (the default of iOS projects in Xcode);
#   swift6   the same in Swift 6 mode (skipped with --no-swift6);
#   main-actor  the same in Swift 6 mode with `-default-isolation MainActor`, the default of new app targets in
#            Xcode 26 (skipped with --no-swift6);
# Every pass also compiles Tests/StandIns/AppleFoundation/ (what Foundation declares on Apple platforms only).
#   infinum  module files + Tests/StandIns/InfinumBase/ in place of the Support/ files of the same names, Swift 5
#            mode (skipped when no name matches). Infinum's base files are not actor-isolated, so Swift 6 mode
#            would fail in them rather than in the generated code.
# A combination with unit tests (files under tests/, the output root `tests`) gets the passes of run-tests.sh
# instead: its module built for testing, its tests compiled against it and run, with the toolchain's XCTest and
# Testing.
# The passes read a copy of the combination without its `@objc`, `@IBAction` and `@IBOutlet` attributes, which Linux
# Swift (no Objective-C interop) rejects; see the worker mode below.
# Prints `ok <combination>` or `FAIL <combination>` with the compiler output, in order, then `N passed, M failed`
# and, when there were unit tests, one line per test framework and language mode: test files and tests run, tests
# passed. Exits 0 only when every pass passed without a warning; 1 when a combination failed; 2 on a usage or setup
# error.
#
# Environment: SWIFTC (default: swiftc), JOBS (parallel combinations, default: 2).
# Written for bash 3.2 and BSD tools as well (no mapfile or `sed -i`; an array that may be empty is expanded as
# ${a[@]+"${a[@]}"}, which bash before 4.4 needs under `set -u`). The passes themselves need stand-ins of UIKit and a
# Linux toolchain's XCTest layout (run-tests.sh), so it is CI's check, not one for a Mac.

set -euo pipefail

here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
standins="$(cd "$here/../StandIns" && pwd)"
swiftc="${SWIFTC:-swiftc}"

# Worker mode, run by xargs below (--check-one <modules> <results> <swift6> <index> <combination>): checks one
# combination and writes its report to <results>/<index> (and its unit tests' tally to <results>/<index>.tests).
if [[ "${1:-}" == "--check-one" ]]; then
    modules="$2" results="$3" swift6="$4" index="$5" combination="$6"
    name="$(basename "$combination")"

    # Linux Swift has no Objective-C interop: it rejects `@objc`, and `@IBAction` / `@IBOutlet`, which imply it (and
    # `@IBAction` with no argument, valid on iOS). Generated iOS code rightly uses them, and they matter only to the
    # Objective-C runtime, so the passes read a copy of the combination with exactly these three attributes removed
    # (with an `@objc(name)` argument, and the blank after them); nothing else in the copy differs. Diagnostics name
    # the original files; on a line that lost an attribute, their columns are off by its length.
    copy="$(mktemp -d)"
    cp -R "$combination/." "$copy/"
    # perl rather than `sed -i`, whose argument differs between GNU and BSD sed; `[^\S\n]` is sed's [[:space:]]
    # within a line (perl's lines keep their line break).
    find "$copy" -name '*.swift' -exec \
        perl -i -pe 's/(^|[^\S\n])@(IBAction|IBOutlet|objc)(\([^)]*\))?([^\S\n]+|$)/$1/g' {} +

    module_files=() support_files=()
    while IFS= read -r file; do module_files+=("$file"); done < <(find "$copy" -name '*.swift' \
        -not -path "$copy/Support/*" -not -path "$copy/tests/*" | LC_ALL=C sort)
    while IFS= read -r file; do support_files+=("$file"); done < <(find "$copy" -path "$copy/Support/*" \
        -name '*.swift' | LC_ALL=C sort)
    log="$(mktemp)"
    failed=0

    # Runs one swiftc pass, compiling the files to one object file; any error or warning fails the combination.
    # `-wmo` compiles all files in one frontend process instead of one per file, each parsing every file again.
    run_pass() {
        local label="$1"
        shift
        local output status=0
        output="$("$swiftc" -c -wmo -parse-as-library -warnings-as-errors -module-name App -I "$modules" \
            -o "$copy/$label.o" "$@" "$standins"/AppleFoundation/*.swift 2>&1)" || status=$?
        if [[ $status -ne 0 || "$output" == *"warning:"* ]]; then
            failed=1
            echo "  [$label] swiftc exited with $status" >>"$log"
            sed "s|$copy|$combination|g; s/^/    /" <<<"$output" >>"$log"
        fi
    }

    if [[ -d "$copy/tests" ]]; then
        # Unit tests (the output root `tests`): only they are built and run here, against the module built for
        # testing; the module files alone are checked in the combination without tests, which has the same ones.
        TESTS_TALLY="$results/$index.tests" bash "$here/run-tests.sh" "$copy" "$modules" "$swift6" "$combination" \
            >>"$log" 2>&1 || failed=1
    elif [[ ${#module_files[@]} -eq 0 ]]; then
        failed=1
        echo "  no Swift files outside Support/" >>"$log"
    else
        run_pass swift5 -swift-version 5 "${module_files[@]}" ${support_files[@]+"${support_files[@]}"}
        if [[ "$swift6" == 1 ]]; then
            run_pass swift6 -swift-version 6 "${module_files[@]}" ${support_files[@]+"${support_files[@]}"}
            run_pass main-actor -swift-version 6 -default-isolation MainActor "${module_files[@]}" \
                ${support_files[@]+"${support_files[@]}"}
        fi
        # Our support files that Infinum's base replaces (same file name); the others stay.
        kept=() replaced=0
        for file in ${support_files[@]+"${support_files[@]}"}; do
            if [[ -f "$standins/InfinumBase/$(basename "$file")" ]]; then replaced=1; else kept+=("$file"); fi
        done
        if [[ $replaced -eq 1 ]]; then
            run_pass infinum -swift-version 5 "${module_files[@]}" ${kept[@]+"${kept[@]}"} \
                "$standins"/InfinumBase/*.swift
        fi
    fi

    if [[ $failed -eq 0 ]]; then echo "ok $name" >"$log.report"; else { echo "FAIL $name"; cat "$log"; } >"$log.report"; fi
    mv "$log.report" "$results/$index"
    rm -f "$log"
    rm -rf "$copy"
    exit 0
fi

swift6=1
if [[ "${1:-}" == "--no-swift6" ]]; then
    swift6=0
    shift
fi
if [[ $# -ne 1 || ! -d "$1" ]]; then
    echo "usage: bash Tests/CompileCheck/compile.sh [--no-swift6] <snapshot-root>" >&2
    exit 2
fi
root="$(cd "$1" && pwd)"

work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
modules="$work/modules"
results="$work/results"
mkdir -p "$modules" "$results"

# The stand-in modules, dependencies first, each built once as a module and a static library (the unit tests link
# them); any further folder (except InfinumBase and AppleFoundation, which are source compiled with each
# combination) is built after them in name order.
order=(UIKit RxSwift RxCocoa)
for folder in "$standins"/*/; do
    module="$(basename "$folder")"
    [[ "$module" == InfinumBase || "$module" == AppleFoundation || " ${order[*]} " == *" $module "* ]] ||
        order+=("$module")
done
for module in "${order[@]}"; do
    sources=("$standins/$module"/*.swift)
    [[ -f "${sources[0]}" ]] || continue
    if ! output="$("$swiftc" -emit-library -static -emit-module -wmo -parse-as-library -swift-version 5 \
        -warnings-as-errors -module-name "$module" -I "$modules" -emit-module-path "$modules/$module.swiftmodule" \
        -o "$modules/lib$module.a" "${sources[@]}" 2>&1)"; then
        echo "compile.sh: cannot build the $module stand-in:" >&2
        echo "$output" >&2
        exit 2
    fi
done
if ! output="$("$swiftc" -c -wmo -parse-as-library -swift-version 5 -warnings-as-errors -I "$modules" \
    -module-name InfinumBase -o "$work/infinum.o" "$standins"/InfinumBase/*.swift 2>&1)"; then
    echo "compile.sh: the InfinumBase stand-in does not compile:" >&2
    echo "$output" >&2
    exit 2
fi

combinations=()
while IFS= read -r combination; do combinations+=("$combination"); done < <(find "$root" -mindepth 1 -maxdepth 1 \
    -type d | LC_ALL=C sort)
if [[ ${#combinations[@]} -eq 0 ]]; then
    echo "compile.sh: no combination folders in $root" >&2
    exit 2
fi

# Combinations run in parallel; their reports are printed in order as soon as each one's turn comes.
for index in "${!combinations[@]}"; do
    printf '%s\0%s\0' "$index" "${combinations[$index]}"
done | xargs -0 -n 2 -P "${JOBS:-2}" \
    bash "${BASH_SOURCE[0]}" --check-one "$modules" "$results" "$swift6" 2>"$work/xargs.log" &
workers=$!

passed=0 failed=0
for index in "${!combinations[@]}"; do
    while [[ ! -f "$results/$index" ]]; do
        if ! kill -0 "$workers" 2>/dev/null && [[ ! -f "$results/$index" ]]; then
            echo "FAIL $(basename "${combinations[$index]}")" >"$results/$index"
            echo "  the check did not run: $(cat "$work/xargs.log")" >>"$results/$index"
            break
        fi
        sleep 0.1
    done
    cat "$results/$index"
    if [[ "$(head -n 1 "$results/$index")" == ok\ * ]]; then passed=$((passed + 1)); else failed=$((failed + 1)); fi
done
wait "$workers" || true

echo "$passed passed, $failed failed"
# The unit tests' tally: run-tests.sh writes `<framework> <pass> <test files> <tests run> <tests passed>` per pass.
if compgen -G "$results/*.tests" >/dev/null; then
    cat "$results"/*.tests | awk '{ key = $1 " " $2; files[key] += $3; run[key] += $4; ok[key] += $5 }
        END { for (key in files) printf "generated tests, %s: %d test files, %d tests run, %d passed\n",
            key, files[key], run[key], ok[key] }' | LC_ALL=C sort
fi
[[ $failed -eq 0 ]]
