#!/usr/bin/env bash
# Checks that a generated test waiting for published states fails, rather than hangs, when a developer's edit
# publishes fewer of them:
#
#   bash Tests/CompileCheck/fewer-states.sh <snapshot-folder>
#
# Takes the first combination of the snapshot with `--view-state` and XCTest tests and the first with Swift Testing
# tests, removes from each the line of the module that publishes the loaded content (`publishViewModel(`), and
# builds and runs the tests with compile.sh in Swift 5 mode. Exits 0 when both combinations fail with an assertion
# within compile.sh's time limit (and their tests ran), 1 when one passed, hung or did not build, 2 on a usage error.

set -euo pipefail

here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
if [[ $# -ne 1 || ! -f "$1/combinations.txt" ]]; then
    echo "usage: bash Tests/CompileCheck/fewer-states.sh <snapshot-folder>" >&2
    exit 2
fi
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
bash "$here/expand-snapshot.sh" "$1" "$work/expanded"
mkdir "$work/edited"
for framework in xctest swift-testing; do
    combination="$(find "$work/expanded" -mindepth 1 -maxdepth 1 -name "*view-state*+tests-$framework" | LC_ALL=C sort |
        head -n 1)"
    if [[ -z "$combination" ]]; then
        echo "fewer-states.sh: $1 has no --view-state combination with $framework tests" >&2
        exit 2
    fi
    publishers=()
    while IFS= read -r file; do publishers+=("$file"); done < <(grep -l 'publishViewModel(' -r "$combination" \
        --include='*.swift' --exclude-dir=Support --exclude-dir=tests)
    if [[ ${#publishers[@]} -eq 0 ]]; then
        echo "fewer-states.sh: $(basename "$combination") publishes no content to remove" >&2
        exit 2
    fi
    # Not `sed -i`, whose argument differs between GNU and BSD sed.
    for file in "${publishers[@]}"; do
        sed '/publishViewModel(/d' "$file" >"$file.edited" && mv "$file.edited" "$file"
    done
    mv "$combination" "$work/edited/"
done

status=0
report="$(bash "$here/compile.sh" --no-swift6 "$work/edited" 2>&1)" || status=$?
# compile.sh's tally of these deliberately failing tests is reworded, so no log reader takes it for the run's own.
sed -E 's/^([0-9]+) passed, ([0-9]+) failed$/edited combinations: \2 failing as expected, \1 passing/' <<<"$report"
# Each must have failed, by an assertion after the bounded wait: not by a build error or the time limit (exit 124).
if [[ $status -eq 0 ]] || grep -q 'exited with 124' <<<"$report" ||
    [[ "$(grep -c '^FAIL ' <<<"$report")" -ne 2 ]] ||
    ! grep -q "XCTAssertEqual failed" <<<"$report" || ! grep -q "Expectation failed" <<<"$report"; then
    echo "fewer-states.sh: a test waiting for states that never come must fail with an assertion, not pass or hang"
    exit 1
fi
echo "fewer-states.sh: both tests failed as they should, within the time limit"
