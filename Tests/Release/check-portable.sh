#!/usr/bin/env bash
# Checks that a release binary (make release) runs on a Linux machine without Swift:
# 1. it needs only the C and C++ system libraries (readelf's NEEDED entries; no run path but its own folder);
# 2. it runs with an empty environment and LD_LIBRARY_PATH, with the Swift toolchain's library folders hidden
#    (an empty tmpfs mounted over them in a private mount namespace: needs root and unshare; skipped otherwise):
#    --version, list, and new Home, whose files are checked;
# 3. with DEBIAN_CHROOT=<dir> (a Debian made by `debootstrap --variant=minbase bookworm <dir>`, which has no Swift),
#    the same commands inside it, /proc mounted (the Swift runtime reads the arguments from /proc/self/cmdline).
#
#     bash Tests/Release/check-portable.sh dist/modgen-0.1.0-linux-x86_64
set -euo pipefail
binary=$(realpath "${1:?usage: $0 <binary>}")
fail() { echo "check-portable: FAILED: $*" >&2; exit 1; }
checks=0
pass() { checks=$((checks + 1)); echo "ok $checks - $*"; }

allowed='^(libc|libm|libstdc\+\+|libgcc_s|libpthread|libdl|librt|ld-linux-x86-64|ld-linux-aarch64)\.so'
needed=$(readelf -d "$binary" | sed -n 's/.*(NEEDED).*\[\(.*\)\]/\1/p')
for library in $needed; do
    [[ $library =~ $allowed ]] || fail "needs $library, which a machine without Swift does not have"
done
runpath=$(readelf -d "$binary" | sed -n 's/.*(RUNPATH).*\[\(.*\)\]/\1/p')
[[ -z $runpath || $runpath == '$ORIGIN' ]] || fail "run path $runpath"
pass "needs only $(echo $needed | tr ' ' ',')"

# The commands a user runs first, in a scratch folder; prints nothing but errors.
exercise='set -e
cd "$(mktemp -d)"
[ "$(modgen --version)" != "" ]
modgen list | grep -q "^viper "
modgen new Home --rx --output Modules >/dev/null
for file in Interfaces Presenter Wireframe ViewController Interactor; do [ -s "Modules/Home/Home$file.swift" ]; done
grep -q "import RxSwift" Modules/Home/HomePresenter.swift'

toolchain=$(dirname "$(dirname "$(readlink -f "$(command -v swift || echo /nonexistent/bin/swift)")")")
if [ "$(id -u)" = 0 ] && command -v unshare >/dev/null; then
    hide=""
    for folder in "$toolchain/lib/swift" "$toolchain/lib/swift_static"; do
        [ -d "$folder" ] && hide+="mount -t tmpfs none '$folder'; "
    done
    bin=$(mktemp -d)
    trap 'rm -rf "$bin"' EXIT
    cp "$binary" "$bin/modgen"
    unshare --mount sh -c "$hide [ -z \"\$(ls '$toolchain/lib/swift' 2>/dev/null)\" ] || exit 3
        exec env -i PATH='$bin:/usr/bin:/bin' LD_LIBRARY_PATH= sh -c '$exercise'" || fail "it did not run without the toolchain"
    pass "runs with an empty environment and the toolchain's libraries hidden ($toolchain/lib/swift)"
else
    echo "skipped: hiding the toolchain needs root and unshare"
fi

if [ -n "${DEBIAN_CHROOT:-}" ]; then
    [ ! -e "$DEBIAN_CHROOT/usr/lib/swift" ] && ! chroot "$DEBIAN_CHROOT" sh -c 'command -v swift' >/dev/null \
        || fail "$DEBIAN_CHROOT has Swift"
    cp "$binary" "$DEBIAN_CHROOT/usr/local/bin/modgen"
    mount -t proc proc "$DEBIAN_CHROOT/proc"
    status=0
    chroot "$DEBIAN_CHROOT" env -i PATH=/usr/local/bin:/usr/bin:/bin sh -c "$exercise" || status=$?
    umount "$DEBIAN_CHROOT/proc"
    rm -f "$DEBIAN_CHROOT/usr/local/bin/modgen"
    [ "$status" = 0 ] || fail "it did not run in the Debian chroot $DEBIAN_CHROOT (status $status)"
    pass "runs in a Debian without Swift ($(cat "$DEBIAN_CHROOT/etc/debian_version"))"
fi
echo "check-portable: all $checks checks passed"
