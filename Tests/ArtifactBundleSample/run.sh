#!/usr/bin/env bash
# Checks modgen's artifact bundle against SwiftPM itself: copies Tests/ArtifactBundleSample and the zipped bundle
# (make artifactbundle) to a temporary folder and runs its command plugin, which runs the prebuilt modgen that
# SwiftPM chose from the bundle's info.json for this machine:
# 1. SwiftPM accepts the zip (`.binaryTarget(path: "….artifactbundle.zip")`), picks this machine's variant, and the
#    binary it runs is byte for byte the release binary in the bundle; `new Home --rx` writes the module;
# 2. the same bundle unzipped, as a folder, works too;
# 3. a bundle whose info.json offers only other machines' triples is refused by SwiftPM, and modgen never runs — so
#    the first check passing means SwiftPM read the layout, not that it ran whatever it found.
#
#     bash Tests/ArtifactBundleSample/run.sh dist/modgen-0.1.0.artifactbundle.zip
set -euo pipefail
repo=$(cd "$(dirname "$0")/../.." && pwd)
archive=$(cd "$(dirname "${1:?usage: $0 <modgen-…artifactbundle.zip>}")" && pwd)/$(basename "$1")
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
fail() { echo "artifact bundle sample: FAILED: $*" >&2; exit 1; }
passed=0
pass() { passed=$((passed + 1)); echo "ok $passed - $*"; }

# A copy of the sample whose binary target is `$2` (the zip, or a bundle folder).
sample() {
    mkdir -p "$work/$1"
    cp -R "$repo/Tests/ArtifactBundleSample/Plugins" "$work/$1/"
    sed "s|path: \"modgen.artifactbundle.zip\"|path: \"$2\"|" "$repo/Tests/ArtifactBundleSample/Package.swift" \
        >"$work/$1/Package.swift"
    grep -q "path: \"$2\"" "$work/$1/Package.swift" || fail "the binary target's path was not rewritten"
}

start=$(date +%s)
sample zipped modgen.artifactbundle.zip
cp "$archive" "$work/zipped/modgen.artifactbundle.zip"
(cd "$work/zipped" && swift package generate-module new Home --rx >"$work/zipped.out" 2>"$work/zipped.err") ||
    { cat "$work/zipped.err" >&2; fail "the plugin failed with the zipped bundle"; }
ran=$(sed -n 's/^tool: //p' "$work/zipped.out")
output=$(sed -n 's/^output: //p' "$work/zipped.out")
# make release names a variant for the system: linux-<arch>, macos-universal.
system=$(uname -s | tr A-Z a-z)
[ "$system" = darwin ] && system=macos
case "$ran" in
    */modgen-*-"$system"-*/bin/modgen) ;;
    *) fail "SwiftPM ran '$ran', not this machine's variant of the bundle" ;;
esac
unzip -q "$archive" -d "$work/unzipped"
bundle=$(cd "$work/unzipped" && ls -d modgen-*.artifactbundle)
variant=$(basename "$(dirname "$(dirname "$ran")")")
cmp -s "$ran" "$work/unzipped/$bundle/$variant/bin/modgen" || fail "'$ran' is not the bundle's binary"
grep -q "import RxSwift" "$output/Home/HomePresenter.swift" || fail "no module in $output: $(cat "$work/zipped.out")"
grep -q "^create .*/Home/HomePresenter.swift" "$work/zipped.out" || fail "modgen's output: $(cat "$work/zipped.out")"
pass "SwiftPM runs the bundle's $variant from the zip; new Home --rx wrote the module ($(($(date +%s) - start)) s)"

sample folder "$bundle"
cp -R "$work/unzipped/$bundle" "$work/folder/"
(cd "$work/folder" && swift package generate-module new Home >"$work/folder.out" 2>&1) ||
    fail "the plugin failed with the bundle as a folder: $(cat "$work/folder.out")"
grep -q "^create .*/Home/HomePresenter.swift" "$work/folder.out" || fail "$(cat "$work/folder.out")"
pass "the bundle as a folder works too"

sample foreign "$bundle"
cp -R "$work/unzipped/$bundle" "$work/foreign/"
info="$work/foreign/$bundle/info.json"
sed 's/"supportedTriples": \[[^]]*\]/"supportedTriples": ["riscv64-unknown-none"]/' "$info" >"$info.new"
mv "$info.new" "$info"
grep -q riscv64 "$info" || fail "the triples were not rewritten"
status=0
(cd "$work/foreign" && swift package generate-module new Home >"$work/foreign.out" 2>&1) || status=$?
[ "$status" -ne 0 ] || fail "SwiftPM ran a bundle with no variant for this machine: $(cat "$work/foreign.out")"
if grep -q "^tool: " "$work/foreign.out"; then fail "the plugin ran: $(cat "$work/foreign.out")"; fi
pass "a bundle with no variant for this machine is refused by SwiftPM (status $status): $(grep -i -m1 error "$work/foreign.out" || true)"

echo "artifact bundle sample: all $passed checks passed"
