#!/usr/bin/env bash
# Makes modgen's SwiftPM artifact bundle from a release binary (make release), so that another package's plugin can
# run a prebuilt modgen (`.binaryTarget(name: "modgen", url: …, checksum: …)` and `context.tool(named: "modgen")`),
# as SwiftLint and SwiftGen publish theirs:
#
#     bash Scripts/make-artifactbundle.sh dist dist/modgen-0.1.0-linux-x86_64
#
# The binary becomes the variant `<dist>/modgen-<version>.artifactbundle/<binary's name>/bin/modgen`. info.json
# (schemaVersion 1.0, one executable artifact `modgen`) is written anew from every variant folder in the bundle,
# each with the target triples its name stands for, so a bundle made on Linux and the folder of one made on a Mac
# (or the other way round) merge into one: copy the other machine's variant folder into the bundle and run this
# again. Then the bundle is zipped (`modgen-<version>.artifactbundle.zip`) and its checksum, the SHA-256 SwiftPM
# checks a downloaded archive against, written beside it (`….zip.sha256`, for `sha256sum -c`) and printed.
# Runs under macOS's bash 3.2 with BSD tools; needs zip.
set -euo pipefail
dist=${1:?usage: $0 <dist folder> <release binary>}
binary=${2:?usage: $0 <dist folder> <release binary>}
[ -x "$binary" ] || { echo "make-artifactbundle: $binary is not an executable" >&2; exit 1; }
version=$("$binary" --version)
variant=$(basename "$binary")
bundle_name="modgen-$version.artifactbundle"
bundle="$dist/$bundle_name"

# The triples SwiftPM matches against the machine it runs on, from the variant's name (make release names it).
triples_of() {
    case "$1" in
        *-linux-x86_64) echo '"x86_64-unknown-linux-gnu"' ;;
        *-linux-aarch64 | *-linux-arm64) echo '"aarch64-unknown-linux-gnu"' ;;
        *-macos-universal) echo '"arm64-apple-macosx", "x86_64-apple-macosx"' ;;
        *-macos-arm64) echo '"arm64-apple-macosx"' ;;
        *-macos-x86_64) echo '"x86_64-apple-macosx"' ;;
        *) return 1 ;;
    esac
}
triples_of "$variant" >/dev/null || { echo "make-artifactbundle: no target triples known for '$variant'" >&2; exit 1; }

mkdir -p "$bundle/$variant/bin"
cp "$binary" "$bundle/$variant/bin/modgen"
chmod 0755 "$bundle/$variant/bin/modgen"

variants=""
for folder in "$bundle"/modgen-"$version"-*; do
    [ -x "$folder/bin/modgen" ] || continue
    name=$(basename "$folder")
    triples=$(triples_of "$name") || { echo "make-artifactbundle: no target triples known for '$name'" >&2; exit 1; }
    entry="        { \"path\": \"$name/bin/modgen\", \"supportedTriples\": [$triples] }"
    if [ -n "$variants" ]; then variants="$variants,
$entry"; else variants=$entry; fi
done
cat >"$bundle/info.json" <<JSON
{
  "schemaVersion": "1.0",
  "artifacts": {
    "modgen": {
      "version": "$version",
      "type": "executable",
      "variants": [
$variants
      ]
    }
  }
}
JSON

zip_name="$bundle_name.zip"
rm -f "$dist/$zip_name"
(cd "$dist" && zip -q -r -X "$zip_name" "$bundle_name")
# SwiftPM's own checksum of the archive when swift is at hand; it is the archive's SHA-256, which is checked too.
sha256=$( (sha256sum "$dist/$zip_name" 2>/dev/null || shasum -a 256 "$dist/$zip_name") | cut -d ' ' -f 1)
if command -v swift >/dev/null; then
    checksum=$(swift package compute-checksum "$dist/$zip_name")
    [ "$checksum" = "$sha256" ] || { echo "make-artifactbundle: swift's checksum $checksum is not $sha256" >&2; exit 1; }
fi
(cd "$dist" && printf '%s  %s\n' "$sha256" "$zip_name" >"$zip_name.sha256")
echo "$dist/$zip_name"
echo "checksum: $sha256"
