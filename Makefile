# Convenience targets; everything here is plain SwiftPM underneath.
PREFIX ?= /usr/local
BINDIR ?= $(PREFIX)/bin

.PHONY: build install uninstall test snapshots check-snapshots benchmark fuzz release check-release artifactbundle

build:
	swift build -c release

install: build
	install -d "$(DESTDIR)$(BINDIR)"
	install -m 0755 "$$(swift build -c release --show-bin-path)/modgen" "$(DESTDIR)$(BINDIR)/modgen"

uninstall:
	rm -f "$(DESTDIR)$(BINDIR)/modgen"

test:
	swift test

# Re-records the golden snapshots of every built-in template after an intended change of generated output. Each
# Tests/Snapshots/<id>/ stores every distinct generated file once, as <variant>/<path>, and the index
# combinations.txt says which stored file each combination uses; review the diff of both. Each folder holds the
# .modgen-snapshot marker that lets modgen record into it; a new template's folder is created with one, and a
# folder in the older one-folder-per-combination layout is migrated. No .modgen.json is read (snapshot ignores
# config files unless --config is given), so the files are the ones the golden tests expect on any machine. A
# failing template stops the loop with its exit code.
snapshots:
	swift build
	for dir in Templates/*/; do \
		id=$$(basename "$$dir"); [ -f "$$dir/template.json" ] || continue; \
		"$$(swift build --show-bin-path)/modgen" snapshot "$$id" --output "Tests/Snapshots/$$id" || exit $$?; \
	done

# Checks every combination of every built-in template against Tests/Snapshots, as the golden tests do; the compile
# check of the same files is `bash Tests/CompileCheck/compile-snapshot.sh Tests/Snapshots/<id>`.
check-snapshots:
	swift build
	for dir in Templates/*/; do \
		id=$$(basename "$$dir"); [ -f "$$dir/template.json" ] || continue; \
		"$$(swift build --show-bin-path)/modgen" snapshot "$$id" --output "Tests/Snapshots/$$id" --check || exit $$?; \
	done

benchmark:
	swift run -c release Benchmarks

# Builds the libFuzzer targets (Fuzz/README.md), replays the committed corpus and findings, then fuzzes each for
# FUZZ_SECONDS (default 30) on a scratch copy of its corpus; a crash, hang or leak fails with the input's path and its
# base64 (FUZZ_NEW_FINDINGS=report, as CI runs it, only reports a new one). FUZZ_SECONDS=300 make fuzz runs longer.
fuzz:
	bash Fuzz/run.sh

# A release binary that runs without Swift installed. On Linux the Swift runtime and FoundationEssentials are linked
# in (--static-swift-stdlib; only the C and C++ system libraries stay shared): dist/modgen-<version>-linux-<arch>.
# On macOS the Swift runtime is part of the system (macOS 13 and later) and --static-swift-stdlib does not exist:
# the binary is universal (--arch arm64 --arch x86_64), dist/modgen-<version>-macos-universal, signed ad hoc again
# after stripping (Apple silicon runs no unsigned code). Built in its own scratch folder so the usual release build
# is kept; stripped, with its SHA-256 checksum beside it (check with `sha256sum -c` or `shasum -a 256 -c`).
DIST ?= dist
RELEASE_SCRATCH ?= .build/static
release:
	@if [ "$$(uname -s)" = Darwin ]; then \
		platform=macos-universal; flags="--arch arm64 --arch x86_64"; \
	else \
		platform="$$(uname -s | tr A-Z a-z)-$$(uname -m)"; flags=--static-swift-stdlib; \
	fi; \
	swift build -c release --product modgen --scratch-path "$(RELEASE_SCRATCH)" $$flags || exit $$?; \
	bin="$$(swift build -c release --scratch-path "$(RELEASE_SCRATCH)" $$flags --show-bin-path)/modgen"; \
	name="modgen-$$("$$bin" --version)-$$platform"; \
	mkdir -p "$(DIST)" && strip -o "$(DIST)/$$name" "$$bin" || exit $$?; \
	if [ "$$(uname -s)" = Darwin ]; then codesign --force --sign - "$(DIST)/$$name" || exit $$?; fi; \
	(cd "$(DIST)" && sha256sum "$$name" >"$$name.sha256" 2>/dev/null || shasum -a 256 "$$name" >"$$name.sha256") && \
	echo "$(DIST)/$$name ($$(wc -c <"$(DIST)/$$name" | tr -d ' ') bytes)" && cat "$(DIST)/$$name.sha256"

# The newest release binary in $(DIST) (not a checksum, not a bundle).
RELEASE_BINARY = $$(ls -t $(DIST)/modgen-* | grep -v -e '\.sha256$$' -e '\.artifactbundle' | head -1)

# Checks the release binary runs without Swift. Linux: Tests/Release/check-portable.sh (its libraries, and a run with
# the toolchain hidden; DEBIAN_CHROOT=<dir> also runs it in a Debian chroot without Swift). macOS: both
# architectures are in it, and it runs.
check-release: release
	@if [ "$$(uname -s)" = Darwin ]; then \
		bin="$(RELEASE_BINARY)"; lipo "$$bin" -verify_arch arm64 x86_64 && "$$bin" --version && \
		echo "$$bin: $$(lipo -archs "$$bin")"; \
	else \
		bash Tests/Release/check-portable.sh "$(RELEASE_BINARY)"; \
	fi

# The SwiftPM artifact bundle for other packages' plugins (docs/INSTALL.md): this machine's release binary as a
# variant of $(DIST)/modgen-<version>.artifactbundle, zipped, with the checksum a binaryTarget(url:checksum:) needs.
# A bundle with both Linux and macOS variants: make it on one, copy its variant folder into the other's bundle, run
# this there (Scripts/make-artifactbundle.sh says how).
artifactbundle: release
	bash Scripts/make-artifactbundle.sh "$(DIST)" "$(RELEASE_BINARY)"
