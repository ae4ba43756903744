#!/usr/bin/env bash
# Runs modgen's SwiftPM command plugin from a package that depends on modgen, as a team's package would: copies
# Tests/PluginSample to a temporary folder, points its dependency at this repository, runs
# `swift package --allow-writing-to-package-directory modgen new Home --output Sources/App/Modules` there and checks
# the files, that the package's .modgen.json was read (the plugin runs in the package's folder), that modgen's
# failures fail the plugin (`swift package` exits 1; modgen's error is shown) with nothing written, and that nothing
# is written without the permission. SwiftPM builds
# modgen again in the sample's own .build (the first run's time is printed); PLUGIN_SAMPLE_SCRATCH=<dir> keeps that
# build in <dir> between runs.
set -euo pipefail
repo=$(cd "$(dirname "$0")/../.." && pwd)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
sample="$work/sample"
cp -R "$repo/Tests/PluginSample" "$sample"
rm -f "$sample/run.sh"
# The dependency's path, relative to Tests/PluginSample in the repository, becomes the repository's absolute path.
sed "s|.package(path: \"../..\")|.package(path: \"$repo\")|" "$repo/Tests/PluginSample/Package.swift" >"$sample/Package.swift"
grep -q "package(path: \"$repo\")" "$sample/Package.swift" || { echo "run.sh: the dependency was not rewritten" >&2; exit 1; }
scratch=(--scratch-path "${PLUGIN_SAMPLE_SCRATCH:-$sample/.build}")
cd "$sample"

fail() { echo "plugin sample: FAILED: $*" >&2; exit 1; }
passed=0
pass() { passed=$((passed + 1)); echo "ok $passed - $*"; }

start=$(date +%s)
swift package "${scratch[@]}" --allow-writing-to-package-directory modgen new Home --output Sources/App/Modules \
    >"$work/first.out" 2>"$work/first.err" || { cat "$work/first.err" >&2; fail "the first run exited with $?"; }
echo "plugin sample: first run (builds modgen for the plugin) took $(($(date +%s) - start)) s"
for file in Interfaces Presenter Wireframe ViewController Interactor Formatter; do
    [ -f "Sources/App/Modules/Home/Home$file.swift" ] || fail "Sources/App/Modules/Home/Home$file.swift is missing"
done
pass "new Home writes the module into the package, relative to the package's folder"
# HomeFormatter.swift is there only because the package's .modgen.json turns the formatter on.
grep -q "create Sources/App/Modules/Home/HomeFormatter.swift" "$work/first.out" || fail "no create line: $(cat "$work/first.out")"
pass "modgen's own output passes through, and the package's .modgen.json was read"

start=$(date +%s)
swift package "${scratch[@]}" --allow-writing-to-package-directory modgen new Home --output Sources/App/Modules \
    >"$work/again.out" 2>&1 || fail "the second run failed: $(cat "$work/again.out")"
grep -q "unchanged Sources/App/Modules/Home/HomePresenter.swift" "$work/again.out" || fail "$(cat "$work/again.out")"
pass "a second run finds the files unchanged ($(($(date +%s) - start)) s, nothing to build)"

before=$(find Sources | sort)
status=0
swift package "${scratch[@]}" --allow-writing-to-package-directory modgen new home-page --output Sources/App/Modules \
    >"$work/bad.out" 2>&1 || status=$?
[ "$status" -ne 0 ] || fail "a bad module name did not fail the plugin"
grep -q "modgen: error: " "$work/bad.out" || fail "modgen's error was not shown: $(cat "$work/bad.out")"
[ "$before" = "$(find Sources | sort)" ] || fail "a failed run wrote files"
pass "a bad name fails the plugin (status $status) with modgen's error, nothing written"

swift package "${scratch[@]}" modgen new Other --output Sources/App/Modules </dev/null >"$work/denied.out" 2>&1 \
    && fail "the plugin wrote without --allow-writing-to-package-directory"
[ ! -e Sources/App/Modules/Other ] || fail "Sources/App/Modules/Other was written without the permission"
grep -q "allow-writing-to-package-directory" "$work/denied.out" || fail "not refused for the permission: $(cat "$work/denied.out")"
pass "without --allow-writing-to-package-directory nothing is written"

swift package "${scratch[@]}" --allow-writing-to-package-directory modgen new --help >"$work/help.out" 2>&1 || fail "help failed: $(cat "$work/help.out")"
grep -q "USAGE: modgen new" "$work/help.out" || fail "no help: $(cat "$work/help.out")"
pass "arguments reach modgen as typed (new --help)"

echo "plugin sample: all $passed checks passed"
