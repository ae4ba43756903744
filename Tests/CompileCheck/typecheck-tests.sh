#!/usr/bin/env bash
# Type-checks the generated unit tests of one combination (its files under tests/, the output root `tests`) against
# the combination's module built for testing, with the toolchain's real XCTest and Swift Testing modules:
#
#   bash Tests/CompileCheck/typecheck-tests.sh <combination> <stand-in-modules> <swift6> [<shown-as>]
#
# <combination> holds module files, Support/ files and tests/ files, as typecheck.sh's worker copies them. The
# module files and Support/ files are built as the module the tests `@testable import` (its name is read from the
# tests: exactly one) with `swiftc -emit-module -enable-testing`, then the tests are type-checked against it with
# `-warnings-as-errors`:
#   tests-swift5       module and tests in Swift 5 mode;
#   tests-swift6       both in Swift 6 mode (skipped when <swift6> is 0);
#   tests-main-actor   the module with `-default-isolation MainActor` (new app targets in Xcode 26), the tests in
#                      Swift 6 mode as a test target has them (skipped when <swift6> is 0).
# XCTest and Testing are the toolchain's own: on Linux they lie in the runtime resource folder that
# `swift -print-target-info` names (…/usr/lib/swift/linux), which swiftc searches by default; their absence is a
# setup error. Prints the failing passes' compiler output, paths shown under <shown-as>; exits 0 when every pass
# passed without a warning, 1 when one failed, 2 on a setup error.

set -euo pipefail

if [[ $# -lt 3 || ! -d "$1/tests" ]]; then
    echo "usage: bash Tests/CompileCheck/typecheck-tests.sh <combination> <stand-in-modules> <swift6> [<shown-as>]" >&2
    exit 2
fi
combination="$1" modules="$2" swift6="$3" shown="${4:-$1}"
swiftc="${SWIFTC:-swiftc}"
standins="$(cd "$(dirname "${BASH_SOURCE[0]}")/../StandIns" && pwd)"
# What Foundation declares on Apple platforms only (ObservableObject, …): compiled into the module, as typecheck.sh
# compiles it with every combination.
apple_foundation=()
if compgen -G "$standins/AppleFoundation/*.swift" >/dev/null; then apple_foundation=("$standins"/AppleFoundation/*.swift); fi

resources="$("${SWIFT:-swift}" -print-target-info | sed -n 's/^ *"runtimeResourcePath": "\(.*\)",\{0,1\}$/\1/p')"
for framework in XCTest Testing; do
    if ! compgen -G "$resources/*/$framework.swiftmodule" >/dev/null; then
        echo "typecheck-tests.sh: the toolchain has no $framework module under $resources" >&2
        exit 2
    fi
done

mapfile -t module_files < <(find "$combination" -name '*.swift' -not -path "$combination/Support/*" \
    -not -path "$combination/tests/*" | LC_ALL=C sort)
mapfile -t support_files < <(find "$combination" -path "$combination/Support/*" -name '*.swift' | LC_ALL=C sort)
mapfile -t test_files < <(find "$combination/tests" -name '*.swift' | LC_ALL=C sort)
mapfile -t app_modules < <(grep -h -o '@testable import [A-Za-z_][A-Za-z0-9_]*' "${test_files[@]}" | sort -u)
if [[ ${#app_modules[@]} -ne 1 ]]; then
    echo "  the tests must @testable import one module, found: ${app_modules[*]:-none}"
    exit 1
fi
app="${app_modules[0]#@testable import }"

built="$(mktemp -d)"
trap 'rm -rf "$built"' EXIT
failed=0

# One pass: the module built for testing with <module flags>, then the tests type-checked with <test flags>.
run_pass() {
    local label="$1" module_flags="$2" test_flags="$3"
    local output status=0
    mkdir -p "$built/$label"
    # shellcheck disable=SC2086 # the flags are words
    output="$("$swiftc" -emit-module -enable-testing -parse-as-library $module_flags -module-name "$app" \
        -I "$modules" -emit-module-path "$built/$label/$app.swiftmodule" \
        "${module_files[@]}" "${support_files[@]}" "${apple_foundation[@]}" 2>&1)" || status=$?
    if [[ $status -eq 0 ]]; then
        # shellcheck disable=SC2086
        output="$("$swiftc" -typecheck -wmo -warnings-as-errors $test_flags -I "$modules" -I "$built/$label" \
            "${test_files[@]}" 2>&1)" || status=$?
    fi
    if [[ $status -ne 0 || "$output" == *"warning:"* ]]; then
        failed=1
        echo "  [$label] swiftc exited with $status"
        sed "s|$combination|$shown|g; s/^/    /" <<<"$output"
    fi
}

run_pass tests-swift5 "-swift-version 5" "-swift-version 5"
if [[ "$swift6" == 1 ]]; then
    run_pass tests-swift6 "-swift-version 6" "-swift-version 6"
    run_pass tests-main-actor "-swift-version 6 -default-isolation MainActor" "-swift-version 6"
fi
exit $failed
