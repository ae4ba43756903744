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
# Exits 0 when every line was copied; 1 when the index names a stored file that is not there, a line is not
# `<combination> <path> <variant>`, or a line names a path that would leave its folder (absolute, or with a `..`
# component: a hand-edited index must not copy files from outside the snapshot or write outside <destination>) (file
# and line named), or the snapshot folder holds a symbolic link (modgen never records one); 2 on a usage error.
# Portable to any CI: bash 3.2 (macOS's /bin/bash) or later, also with --posix, and POSIX or BSD tools
# (Tests/Portability/check.py keeps it so).

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
# cp follows links: one in the snapshot folder would copy whatever it points to into <destination>.
link=$(find "$snapshot" -type l | head -n 1)
if [[ -n "$link" ]]; then
    echo "expand-snapshot.sh: $link is a symbolic link: a recorded snapshot holds none" >&2
    exit 1
fi
# Whether a path from the index could leave the folder it is joined to: absolute, or with a `..` component.
leaves_folder() { [[ "$1" == /* || "/$1/" == */../* ]]; }

# Every line is checked before anything is written, so a bad index leaves <destination> as it was.
number=0 sources=() targets=()
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
    for part in "$combination" "$path" "$variant"; do
        if leaves_folder "$part"; then
            echo "$index:$number: '$part' would leave its folder (an absolute path or a '..' component)" >&2
            exit 1
        fi
    done
    if [[ ! -f "$snapshot/$variant/$path" ]]; then
        echo "$index:$number: the stored file $variant/$path does not exist" >&2
        exit 1
    fi
    sources+=("$snapshot/$variant/$path") targets+=("$destination/$combination/$path")
done <"$index"

if [[ ${#sources[@]} -eq 0 ]]; then
    echo "$index lists no files" >&2
    exit 1
fi

mkdir -p "$destination"
# One mkdir per folder rather than per file: a process per line is most of the time this takes. The folders made are
# kept one a line in a string, since bash 3.2 has no associative arrays.
made=$'\n'
for i in "${!sources[@]}"; do
    folder="${targets[$i]%/*}"
    case "$made" in
    *$'\n'"$folder"$'\n'*) ;;
    *)
        mkdir -p "$folder"
        made="$made$folder"$'\n'
        ;;
    esac
    cp "${sources[$i]}" "${targets[$i]}"
done
