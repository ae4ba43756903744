# Convenience targets; everything here is plain SwiftPM underneath.
PREFIX ?= /usr/local
BINDIR ?= $(PREFIX)/bin

.PHONY: build install uninstall test snapshots check-snapshots benchmark fuzz release check-release

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

# A release binary that runs without Swift installed: on Linux the Swift runtime and FoundationEssentials are linked
# in (--static-swift-stdlib; only the C and C++ system libraries stay shared), built in its own scratch folder so the
# usual release build is kept; stripped, and named for the version and machine, with its SHA-256 checksum beside it:
# dist/modgen-<version>-linux-<arch> and dist/modgen-<version>-linux-<arch>.sha256 (check with `sha256sum -c`).
# macOS has the Swift runtime in the system, so there the binary is the plain release build.
DIST ?= dist
RELEASE_SCRATCH ?= .build/static
release:
	@os=$$(uname -s | tr A-Z a-z); arch=$$(uname -m); \
	if [ "$$os" = linux ]; then static=--static-swift-stdlib; else static=; fi; \
	swift build -c release --product modgen --scratch-path "$(RELEASE_SCRATCH)" $$static || exit $$?; \
	bin="$$(swift build -c release --scratch-path "$(RELEASE_SCRATCH)" $$static --show-bin-path)/modgen"; \
	name="modgen-$$("$$bin" --version)-$$os-$$arch"; \
	mkdir -p "$(DIST)" && strip -o "$(DIST)/$$name" "$$bin" && \
	(cd "$(DIST)" && sha256sum "$$name" >"$$name.sha256" 2>/dev/null || shasum -a 256 "$$name" >"$$name.sha256") && \
	echo "$(DIST)/$$name ($$(wc -c <"$(DIST)/$$name" | tr -d ' ') bytes)" && cat "$(DIST)/$$name.sha256"

# Checks the release binary runs without Swift (Tests/Release/check-portable.sh: its libraries, and a run with the
# toolchain hidden; DEBIAN_CHROOT=<dir> also runs it in a Debian chroot without Swift).
check-release: release
	bash Tests/Release/check-portable.sh "$$(ls -t $(DIST)/modgen-*-linux-* | grep -v '\.sha256$$' | head -1)"
