# Convenience targets; everything here is plain SwiftPM underneath.
PREFIX ?= /usr/local
BINDIR ?= $(PREFIX)/bin

.PHONY: build install uninstall test snapshots check-snapshots benchmark

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
# Tests/Snapshots/<id>/ holds the .modgen-snapshot marker that lets modgen record into it; a new template's folder
# is created with one. No .modgen.json is read (snapshot ignores config files unless --config is given), so the
# files are the ones the golden tests expect on any machine. A failing template stops the loop with its exit code.
snapshots:
	swift build
	for dir in Templates/*/; do \
		id=$$(basename "$$dir"); [ -f "$$dir/template.json" ] || continue; \
		"$$(swift build --show-bin-path)/modgen" snapshot "$$id" --output "Tests/Snapshots/$$id" || exit $$?; \
	done

check-snapshots:
	swift build
	for dir in Templates/*/; do \
		id=$$(basename "$$dir"); [ -f "$$dir/template.json" ] || continue; \
		"$$(swift build --show-bin-path)/modgen" snapshot "$$id" --output "Tests/Snapshots/$$id" --check || exit $$?; \
	done

benchmark:
	swift run -c release Benchmarks
