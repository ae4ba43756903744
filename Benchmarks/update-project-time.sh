#!/usr/bin/env bash
# Time of `modgen update --all` over MODULES modules (default 100) that joined an Xcode project, after a template
# change that edits the project: each module made with `new --xcodeproj`, with one edit of its own, then the
# template gains a file (added to the module's group and target) and drops one (its references removed), and one
# file's change merges with the edit. Prints the CPU time (user plus system) and the wall time of one run each of
# `update --check`, `update --all` and `update --check`; printed, not asserted; the figure beside update-time.sh's,
# which leaves the project alone.
#
#     bash Benchmarks/update-project-time.sh "$(swift build -c release --show-bin-path)/modgen"
set -euo pipefail
(($# == 1)) || { echo "usage: $0 <modgen binary>" >&2; exit 64; }
modgen=$(realpath "$1")
modules=${MODULES:-100}
repository=$(cd "$(dirname "$0")/.." && pwd)
project=$(mktemp -d)
trap 'rm -rf "$project"' EXIT
cd "$project"
mkdir -p Templates/screen App.xcodeproj
# The test suite's small project: an app target App and a test target AppTests.
awk '/public static let text = """/ { inside = 1; next } inside && /^        """/ { exit }
    inside { sub(/^        /, ""); gsub(/\\t/, "\t"); print }' \
    "$repository/Tests/TestSupport/SmallXcodeProject.swift" >App.xcodeproj/project.pbxproj
printf '{ "templates": ["Templates"], "template": "screen", "output": "App/Modules", "xcodeproj": { "path": "App.xcodeproj" }, "date": "2026-01-31" }\n' >.modgen.json
manifest() {
    local entries=() name
    for name in "$@"; do entries+=("{ \"template\": \"$name.swift.mustache\", \"path\": \"{{name}}/{{name}}$name.swift\" }"); done
    local IFS=,
    printf '{ "id": "screen", "summary": "A screen", "files": [%s] }\n' "${entries[*]}" >Templates/screen/template.json
}
for name in View Presenter Interactor Router; do
    printf 'final class {{name}}%s {\n    func start() {}\n}\n' "$name" >"Templates/screen/$name.swift.mustache"
done
manifest View Presenter Interactor
for ((index = 0; index < modules; index++)); do
    "$modgen" new "Screen$index" --quiet
    printf '// Edited by hand\n' | cat - "App/Modules/Screen$index/Screen${index}View.swift" >view.tmp
    mv view.tmp "App/Modules/Screen$index/Screen${index}View.swift"
done
# The template's change: Router added, Interactor dropped, a line added at the end of every view.
manifest View Presenter Router
printf '\n// Changed by the template\n' >>Templates/screen/View.swift.mustache

# The CPU time (user plus system) and wall time of one run, timed by Benchmarks/cpu-time.py (`update --check` exits
# 1 while modules would change: any status is printed).
time_of() {
    local cpu wall
    read -r cpu wall <<<"$(python3 "$repository/Benchmarks/cpu-time.py" --any-status "$@" 2>/dev/null)"
    awk -v name="${*:2}" -v cpu="$cpu" -v wall="$wall" \
        'BEGIN { printf "%-40s CPU %.3f s, wall %.3f s\n", name, cpu / 1e6, wall / 1e6 }'
}
time_of "$modgen" update --check
time_of "$modgen" update --all
time_of "$modgen" update --check
printf '%d of %d modules in the project with their new file, %d references to dropped files left\n' \
    "$(grep -c 'Router.swift in Sources \*/ = {isa = PBXBuildFile' App.xcodeproj/project.pbxproj)" "$modules" \
    "$(grep -c 'Interactor.swift' App.xcodeproj/project.pbxproj || true)"
