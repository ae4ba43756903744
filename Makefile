# Convenience targets; everything here is plain SwiftPM underneath.
PREFIX ?= /usr/local
BINDIR ?= $(PREFIX)/bin

.PHONY: build install uninstall test snapshots check-snapshots benchmark fuzz

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
# check of the same files is `bash Tests/CompileCheck/typecheck-snapshot.sh Tests/Snapshots/<id>`.
check-snapshots:
	swift build
	for dir in Templates/*/; do \
		id=$$(basename "$$dir"); [ -f "$$dir/template.json" ] || continue; \
		"$$(swift build --show-bin-path)/modgen" snapshot "$$id" --output "Tests/Snapshots/$$id" --check || exit $$?; \
	done

benchmark:
	swift run -c release Benchmarks

# Builds the libFuzzer targets (Fuzz/README.md) and runs each for FUZZ_SECONDS (default 30) on a scratch copy of its
# corpus; a crash, hang or leak fails with the reproducer's path. FUZZ_SECONDS=300 make fuzz runs longer.
fuzz:
	bash Fuzz/run.sh
