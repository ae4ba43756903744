#!/usr/bin/env bash
# Compiles every combination of a recorded snapshot after the first edits a developer makes to a module:
#
#   bash Tests/CompileCheck/first-edit.sh <snapshot-folder>...
#
# Each snapshot is written out in full (expand-snapshot.sh); first-edit.pl then adds a plain method to every
# protocol each combination's module declares, implements it in the conforming types and calls it from the types
# that hold the protocol, with no isolation attribute of its own; compile.sh compiles the result in Swift 5,
# Swift 6 and Swift 6 with `-default-isolation MainActor` (and against Infinum's base files where they apply).
# All snapshots are checked in one compile.sh run, so the stand-ins are built once and both cores stay busy.
# Prints compile.sh's report, combinations named `<template>.<combination>`. Exits 0 only when every combination
# passed; 1 when one failed; 2 on a usage error or a snapshot that cannot be expanded.

set -euo pipefail

here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
if [[ $# -eq 0 ]]; then
    echo "usage: bash Tests/CompileCheck/first-edit.sh <snapshot-folder>..." >&2
    exit 2
fi

work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
edited="$work/edited"
mkdir -p "$edited"
for snapshot in "$@"; do
    if [[ ! -d "$snapshot" ]]; then
        echo "first-edit.sh: $snapshot is not a folder" >&2
        exit 2
    fi
    template="$(basename "$snapshot")"
    bash "$here/expand-snapshot.sh" "$snapshot" "$work/$template" || exit 2
    for combination in "$work/$template"/*/; do
        name="$(basename "$combination")"
        # A combination with unit tests has its twin's module files; its spies would need the new methods too.
        if [[ -d "$combination/tests" ]]; then continue; fi
        mv "$combination" "$edited/$template.$name"
        module_files=()
        while IFS= read -r file; do module_files+=("$file"); done < <(find "$edited/$template.$name" -name '*.swift' \
            -not -path '*/Support/*' | LC_ALL=C sort)
        perl "$here/first-edit.pl" ${module_files[@]+"${module_files[@]}"} >/dev/null
    done
done
bash "$here/compile.sh" "$edited"
