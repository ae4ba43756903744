#!/usr/bin/env bash
# Builds and runs the generated unit tests of one combination (its files under tests/, the output root `tests`)
# against the combination's module built for testing and the stand-ins, with the toolchain's XCTest and Swift Testing:
#
#   bash Tests/CompileCheck/run-tests.sh <combination> <stand-in-modules> <swift6> [<shown-as>]
#
# <combination> holds module files, Support/ files and tests/ files, as compile.sh's worker copies them;
# <stand-in-modules> the stand-ins compile.sh built (modules and static libraries). The module files and Support/
# files are compiled as the module the tests `@testable import` (its name is read from the tests: exactly one), with
# `-enable-testing`; the tests are compiled against it with `-warnings-as-errors`, linked into a test executable
# with an entry point of our own, and run (60 s at most):
#   tests-swift5       module and tests in Swift 5 mode;
#   tests-swift6       both in Swift 6 mode (skipped when <swift6> is 0);
#   tests-main-actor   the module with `-default-isolation MainActor` (new app targets in Xcode 26), the tests in
#                      Swift 6 mode as a test target has them (skipped when <swift6> is 0).
# The entry point: Swift Testing's own (`__swiftPMEntryPoint`, as `swift test` calls it). XCTest's is XCTMain, called
# from a Swift 5 module that lists every `test…` method of the tests and calls the synchronous ones on the main
# actor, where their `@MainActor` puts them (SwiftPM's generated list on Linux calls them from no actor, and the
# runtime stops at the cast). XCTest and Testing are the toolchain's own: on Linux they lie in the runtime resource
# folder that `swift -print-target-info` names (…/usr/lib/swift/linux), which swiftc searches by default.
# Prints the failing passes' compiler or test output, paths shown under <shown-as>. With TESTS_TALLY set, appends one
# line per pass to that file: `<xctest|swift-testing> <pass> <test files> <tests run> <tests passed>`.
# Exits 0 when every pass built without a warning and its tests passed, 1 when one did not, 2 on a setup error.
# bash 3.2 and BSD tools suffice for the script itself (see compile.sh); the XCTest layout it expects is Linux's.

set -euo pipefail

if [[ $# -lt 3 || ! -d "$1/tests" ]]; then
    echo "usage: bash Tests/CompileCheck/run-tests.sh <combination> <stand-in-modules> <swift6> [<shown-as>]" >&2
    exit 2
fi
combination="$1" modules="$2" swift6="$3" shown="${4:-$1}"
swiftc="${SWIFTC:-swiftc}"
standins="$(cd "$(dirname "${BASH_SOURCE[0]}")/../StandIns" && pwd)"
# What Foundation declares on Apple platforms only (ObservableObject, …): compiled into the module, as compile.sh
# compiles it with every combination.
apple_foundation=()
if compgen -G "$standins/AppleFoundation/*.swift" >/dev/null; then apple_foundation=("$standins"/AppleFoundation/*.swift); fi

resources="$("${SWIFT:-swift}" -print-target-info | sed -n 's/^ *"runtimeResourcePath": "\(.*\)",\{0,1\}$/\1/p')"
for framework in XCTest Testing; do
    if ! compgen -G "$resources/*/$framework.swiftmodule" >/dev/null; then
        echo "run-tests.sh: the toolchain has no $framework module under $resources" >&2
        exit 2
    fi
done

module_files=() support_files=() test_files=() app_modules=()
while IFS= read -r file; do module_files+=("$file"); done < <(find "$combination" -name '*.swift' \
    -not -path "$combination/Support/*" -not -path "$combination/tests/*" | LC_ALL=C sort)
while IFS= read -r file; do support_files+=("$file"); done < <(find "$combination" -path "$combination/Support/*" \
    -name '*.swift' | LC_ALL=C sort)
while IFS= read -r file; do test_files+=("$file"); done < <(find "$combination/tests" -name '*.swift' | LC_ALL=C sort)
if [[ ${#test_files[@]} -eq 0 ]]; then
    echo "  no Swift files under tests/"
    exit 1
fi
while IFS= read -r line; do app_modules+=("$line"); done < <(grep -h -o '@testable import [A-Za-z_][A-Za-z0-9_]*' \
    "${test_files[@]}" | sort -u)
if [[ ${#app_modules[@]} -ne 1 ]]; then
    echo "  the tests must @testable import one module, found: ${app_modules[*]:-none}"
    exit 1
fi
app="${app_modules[0]#@testable import }"
if grep -q -w '^import XCTest' "${test_files[@]}"; then framework=xctest; else framework=swift-testing; fi
stand_in_libraries=("$modules"/lib*.a)

# Runs a command for 60 s at most, exiting 124 when that ran out, as GNU `timeout 60` does, which stock macOS lacks:
# perl's alarm survives the exec, and SIGALRM (unblocked, its default action restored) ends the command.
within_time_limit() {
    local status=0
    perl -MPOSIX -e 'sigprocmask(SIG_UNBLOCK, POSIX::SigSet->new(SIGALRM)); $SIG{ALRM} = "DEFAULT";
        alarm 60; exec { $ARGV[0] } @ARGV or die "cannot run $ARGV[0]: $!\n"' "$@" || status=$?
    if [[ $status -eq $((128 + $(kill -l ALRM))) ]]; then
        echo "the tests ran for more than 60 s: stopped"
        return 124
    fi
    return $status
}

built="$(mktemp -d)"
trap 'rm -rf "$built"' EXIT
failed=0

# The XCTest entry point: XCTMain with every test method of every XCTestCase subclass in the test files, in order.
# It is compiled in Swift 5 mode, where calling a `@MainActor` method inside `MainActor.assumeIsolated` from XCTest's
# nonisolated closure needs no sending check; the tests themselves are compiled in their pass's mode.
write_xctest_main() {
    awk -v module="$app" '
        match($0, /^(final )?class [A-Za-z_][A-Za-z0-9_]*: XCTestCase/) {
            split(substr($0, RSTART, RLENGTH), words, /[ :]+/)
            suite = (words[1] == "final") ? words[3] : words[2]
            suites[++count] = suite
        }
        suite != "" && match($0, /func test[A-Za-z0-9_]*\(\)( async)?( throws)?/) {
            call = substr($0, RSTART + 5, RLENGTH - 5)
            name = call; sub(/\(.*/, "", name)
            try = (call ~ /throws/) ? "try " : ""
            if (call ~ /async/) {
                entry = sprintf("(\"%s\", asyncTest { (test: %s) in { %sawait test.%s() } })", name, suite, try, name)
            } else {
                entry = sprintf("(\"%s\", { (test: %s) in { %sMainActor.assumeIsolated { %stest.%s() } } })",
                    name, suite, try, try, name)
            }
            tests[suite] = tests[suite] "            " entry ",\n"
        }
        END {
            print "import XCTest"
            print "@testable import " module "Tests"
            print ""
            print "XCTMain(["
            for (i = 1; i <= count; i++) printf "    testCase([\n%s    ]),\n", tests[suites[i]]
            print "])"
        }' "${test_files[@]}" >"$1"
}

# Counts the test cases the run reported as passed and as run, from XCTest's or Swift Testing's console output.
tally() {
    local output="$1" label="$2" run ok
    if [[ $framework == xctest ]]; then
        ok="$(grep -c "^Test Case '.*' passed (" <<<"$output" || true)"
        run=$((ok + $(grep -c "^Test Case '.*' failed (" <<<"$output" || true)))
    else
        # Not the summary line, `✔ Test run with N tests in M suites passed after …`.
        ok="$(grep -v '^. Test run with ' <<<"$output" | grep -c '^✔ Test .* passed after ' || true)"
        run=$((ok + $(grep -v '^. Test run with ' <<<"$output" | grep -c '^✘ Test .* failed after ' || true)))
    fi
    if [[ -n "${TESTS_TALLY:-}" ]]; then echo "$framework $label ${#test_files[@]} $run $ok" >>"$TESTS_TALLY"; fi
    [[ $run -gt 0 && $run -eq $ok ]]
}

# One pass: the module built for testing with <module flags>, then the tests built with <test flags> and run.
run_pass() {
    local label="$1" module_flags="$2" test_flags="$3"
    local output="" status=0 pass="$built/$1"
    mkdir -p "$pass"
    # shellcheck disable=SC2086 # the flags are words
    output="$("$swiftc" -emit-library -static -emit-module -enable-testing -wmo -parse-as-library -warnings-as-errors \
        $module_flags -module-name "$app" -I "$modules" -emit-module-path "$pass/$app.swiftmodule" \
        -o "$pass/lib$app.a" ${module_files[@]+"${module_files[@]}"} ${support_files[@]+"${support_files[@]}"} \
        ${apple_foundation[@]+"${apple_foundation[@]}"} 2>&1)" || status=$?
    if [[ $status -eq 0 && $framework == xctest ]]; then
        # shellcheck disable=SC2086
        output="$("$swiftc" -emit-library -static -emit-module -enable-testing -wmo -parse-as-library \
            -warnings-as-errors $test_flags -module-name "${app}Tests" -I "$modules" -I "$pass" \
            -emit-module-path "$pass/${app}Tests.swiftmodule" -o "$pass/lib${app}Tests.a" "${test_files[@]}" 2>&1)" ||
            status=$?
        if [[ $status -eq 0 ]]; then
            write_xctest_main "$pass/main.swift"
            output="$("$swiftc" -swift-version 5 -warnings-as-errors -I "$modules" -I "$pass" "$pass/main.swift" \
                "$pass/lib${app}Tests.a" "$pass/lib$app.a" "${stand_in_libraries[@]}" -o "$pass/run" 2>&1)" ||
                status=$?
        fi
    elif [[ $status -eq 0 ]]; then
        printf '%s\n' 'import Testing' '' '@main' 'struct GeneratedTestsMain {' \
            '    static func main() async {' '        await Testing.__swiftPMEntryPoint() as Never' '    }' '}' \
            >"$pass/main.swift"
        # shellcheck disable=SC2086
        output="$("$swiftc" -wmo -parse-as-library -warnings-as-errors $test_flags -module-name "${app}Tests" \
            -I "$modules" -I "$pass" "${test_files[@]}" "$pass/main.swift" "$pass/lib$app.a" \
            "${stand_in_libraries[@]}" -o "$pass/run" 2>&1)" || status=$?
    fi
    # A compiler warning fails the pass as an error does (-warnings-as-errors does not reach the linker's).
    if [[ $status -eq 0 && "$output" == *"warning:"* ]]; then status=1; fi
    if [[ $status -eq 0 ]]; then
        output="$(cd "$pass" && NO_COLOR=1 within_time_limit ./run 2>&1)" || status=$?
        if ! tally "$output" "$label" && [[ $status -eq 0 ]]; then status=1; fi
    fi
    if [[ $status -ne 0 ]]; then
        failed=1
        echo "  [$label] exited with $status"
        sed "s|$combination|$shown|g; s/^/    /" <<<"$output"
    fi
}

run_pass tests-swift5 "-swift-version 5" "-swift-version 5"
if [[ "$swift6" == 1 ]]; then
    run_pass tests-swift6 "-swift-version 6" "-swift-version 6"
    run_pass tests-main-actor "-swift-version 6 -default-isolation MainActor" "-swift-version 6"
fi
exit $failed
