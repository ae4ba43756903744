#!/usr/bin/env bash
# Time of `modgen update --all` over MODULES modules (default 100) of a project whose template changed: a copy of
# the built-in viper template in the project's template folder, one module per name, each module with one edit of
# its own, then a template change that every module merges (a clean merge in every presenter), timed with bash's
# $EPOCHREALTIME. Also times `update --check` before and after.
#
#     bash Benchmarks/update-time.sh "$(swift build -c release --show-bin-path)/modgen"
set -euo pipefail
(($# == 1)) || { echo "usage: $0 <modgen binary>" >&2; exit 64; }
modgen=$(realpath "$1")
modules=${MODULES:-100}
repository=$(cd "$(dirname "$0")/.." && pwd)
project=$(mktemp -d)
trap 'rm -rf "$project"' EXIT
cd "$project"
mkdir Templates
cp -R "$repository/Templates/viper" Templates/viper
printf '{ "templates": ["Templates"], "template": "viper", "output": "Modules", "date": "2026-01-31" }\n' >.modgen.json
for ((index = 0; index < modules; index++)); do
    "$modgen" new "Screen$index" --quiet
    # The developer's edit: a line added at the top of each presenter.
    printf '// Edited by hand\n' | cat - "Modules/Screen$index/Screen${index}Presenter.swift" >presenter.tmp
    mv presenter.tmp "Modules/Screen$index/Screen${index}Presenter.swift"
done
# The template's change: a line added at the end of every presenter.
printf '\n// Changed by the template\n' >>Templates/viper/Presenter.swift.mustache

time_of() {
    local start=${EPOCHREALTIME/./} status=0
    "$@" >/dev/null || status=$?
    local end=${EPOCHREALTIME/./}
    printf '%-40s %d.%03d s (exit %d)\n' "${*:2}" $(((end - start) / 1000000)) $(((end - start) / 1000 % 1000)) "$status"
}
time_of "$modgen" update --check
time_of "$modgen" update --all
time_of "$modgen" update --check
grep -c "Changed by the template" Modules/*/*Presenter.swift | grep -c ':1$' | xargs printf '%d presenters merged\n'
