#!/usr/bin/env bash
# Writes every combination of a recorded snapshot out in full, one folder per combination, from its index:
#
#   bash Tests/CompileCheck/expand-snapshot.sh <snapshot-folder> <destination>
#
# A snapshot (`modgen snapshot <template> --output <snapshot-folder>`) stores each distinct file once, as
# <variant>/<path>, and lists in <snapshot-folder>/combinations.txt every combination's files, one line each:
# `<combination> <path> <variant>`. This copies <variant>/<path> to <destination>/<combination>/<path> for every
# line, so <destination> holds what each combination generates (module files, and support files under Support/),
# the layout compile.sh reads. <destination> must not exist yet or be empty.
# Exits 0 when every line was copied; 1 when the index names a stored file that is not there or a line is not
# `<combination> <path> <variant>` (file and line named); 2 on a usage error.

set -euo pipefail

if [[ $# -ne 2 || ! -d "$1" ]]; then
    echo "usage: bash Tests/CompileCheck/expand-snapshot.sh <snapshot-folder> <destination>" >&2
    exit 2
fi
snapshot="$1" destination="$2"
index="$snapshot/combinations.txt"
if [[ ! -f "$index" ]]; then
    echo "expand-snapshot.sh: $index does not exist: not a snapshot folder, or one recorded before the index" \
        "(record it again with 'modgen snapshot <template> --output $snapshot')" >&2
    exit 1
fi
if [[ -e "$destination" && -n "$(ls -A "$destination")" ]]; then
    echo "expand-snapshot.sh: $destination is not empty" >&2
    exit 2
fi
mkdir -p "$destination"

number=0 copied=0
declare -A made=()
while IFS= read -r line || [[ -n "$line" ]]; do
    number=$((number + 1))
    line="${line%$'\r'}"
    [[ -z "${line//[[:space:]]/}" || "$line" == \#* ]] && continue
    # The combination is the first word, the variant the last; the path is what lies between (it may hold spaces).
    combination="${line%% *}" rest="${line#* }"
    variant="${rest##* }" path="${rest% *}"
    if [[ "$line" != *" "*" "* || -z "$combination" || -z "$variant" || -z "${path// /}" ]]; then
        echo "$index:$number: expected '<combination> <path> <variant>'" >&2
        exit 1
    fi
    if [[ ! -f "$snapshot/$variant/$path" ]]; then
        echo "$index:$number: the stored file $variant/$path does not exist" >&2
        exit 1
    fi
    # One mkdir per folder rather than per file: a process per line is most of the time this takes.
    folder="$destination/$combination/$path"
    folder="${folder%/*}"
    if [[ -z "${made[$folder]:-}" ]]; then
        mkdir -p "$folder"
        made[$folder]=1
    fi
    cp "$snapshot/$variant/$path" "$destination/$combination/$path"
    copied=$((copied + 1))
done <"$index"

if [[ $copied -eq 0 ]]; then
    echo "$index lists no files" >&2
    exit 1
fi
