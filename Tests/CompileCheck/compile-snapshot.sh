#!/usr/bin/env bash
# Compiles every option combination of one or more recorded snapshots, from the committed files, and runs their unit
# tests:
#
#   bash Tests/CompileCheck/compile-snapshot.sh [--no-swift6] <snapshot-folder>...
#
# A snapshot stores each distinct file once and an index of what every combination generates (see
# expand-snapshot.sh); this writes every combination out in full into a temporary folder, one folder per
# combination (those with unit tests once per distinct set of test files, below), and runs compile.sh once on all
# of them, so the stand-ins are built once and both cores stay busy to the end. compile.sh prints `ok <combination>`
# or `FAIL <combination>` for each (named `<template>.<combination>` when several snapshots are given), then
# `N passed, M failed` and the unit tests run and passed. Exits with compile.sh's code (0 only when every combination
# passed), or expand-snapshot.sh's when a snapshot cannot be expanded.

set -euo pipefail

here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
flags=()
if [[ "${1:-}" == "--no-swift6" ]]; then
    flags+=("$1")
    shift
fi
usage() {
    echo "usage: bash Tests/CompileCheck/compile-snapshot.sh [--no-swift6] <snapshot-folder>..." >&2
    exit 2
}
[[ $# -gt 0 ]] || usage
for snapshot in "$@"; do [[ -d "$snapshot" ]] || usage; done

work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
mkdir "$work/all"
for snapshot in "$@"; do
    template="$(basename "$snapshot")"
    expanded="$work/$template"
    bash "$here/expand-snapshot.sh" "$snapshot" "$expanded"
    # Unit tests (files under tests/) are checked once per distinct set of stored test files: the first combination
    # that has the set keeps its folder, the others with the same set are removed, as their module files are checked
    # in their twins without tests (a template's module files do not depend on whether tests are generated).
    awk '$1 !~ /^#/ && $2 ~ /^tests\// { set[$1] = set[$1] " " $2 "@" $NF; if (!($1 in order)) order[$1] = NR }
        END { for (c in set) print order[c], c, set[c] }' "$snapshot/combinations.txt" | LC_ALL=C sort -n |
        awk '{ combination = $2; $1 = $2 = ""; if ($0 in seen) print combination; seen[$0] = 1 }' |
        while IFS= read -r duplicate; do rm -rf "${expanded:?}/$duplicate"; done
    if [[ $# -eq 1 ]]; then
        mv "$expanded" "$work/all/$template"
        bash "$here/compile.sh" "${flags[@]}" "$work/all/$template"
        exit
    fi
    for combination in "$expanded"/*/; do
        mv "$combination" "$work/all/$template.$(basename "$combination")"
    done
done
bash "$here/compile.sh" "${flags[@]}" "$work/all"
