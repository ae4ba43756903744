#!/usr/bin/env python3
"""Each portability check fails on a synthetic regression of its kind, and passes the same code made portable.

    python3 Tests/Portability/test_check.py        (from the package root; CI runs it after check.py)
"""

import os
import sys
import tempfile
import textwrap
import unittest

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import check  # noqa: E402


def dedent(text):
    return textwrap.dedent(text).lstrip("\n")


class APICheckTests(unittest.TestCase):
    """Small files type-checked as the package's targets are, against the toolchain's symbol graphs."""

    @classmethod
    def setUpClass(cls):
        cls.folder = tempfile.TemporaryDirectory()
        # The symbol graphs are the toolchain's: the package's cache is reused when there is one.
        cls.cache = check.symbol_cache(os.getcwd())
        if not os.path.isdir(os.path.join(os.getcwd(), ".build")):
            cls.cache = os.path.join(cls.folder.name, "symbols")

    @classmethod
    def tearDownClass(cls):
        cls.folder.cleanup()

    def findings(self, source, macos=(13,), swift=(6, 0)):
        path = os.path.join(self.folder.name, "Probe%d.swift" % abs(hash(source)))
        with open(path, "w") as file:
            file.write(dedent(source))
        units = [("Probe", [path], ["-parse-as-library", "-swift-version", "6"])]
        return check.check_api_units(units, macos, swift, self.cache)

    def test_a_macOS_15_initializer_is_found(self):
        found = self.findings("""
            func text(_ bytes: [UInt8]) -> String? { String(validating: bytes, as: UTF8.self) }
            """)
        self.assertEqual(len(found), 1, found)
        self.assertIn("Probe", found[0])
        self.assertIn(":1:", found[0])
        self.assertIn("needs macOS 15", found[0])

    def test_a_macOS_15_type_used_only_as_a_type_is_found(self):
        found = self.findings("""
            import Synchronization
            final class Box: Sendable { let counter: Mutex<Int>; init(_ c: consuming Mutex<Int>) { counter = c } }
            """)
        self.assertTrue(any("Mutex" in line and "needs macOS 15" in line for line in found), found)

    def test_macOS_13_API_passes_at_13_and_is_found_below(self):
        source = """
            func edited(_ text: String) -> String { text.replacing("a", with: "b") }
            func wait() async throws { try await ContinuousClock().sleep(for: .milliseconds(1)) }
            """
        self.assertEqual(self.findings(source, macos=(13,)), [])
        found = self.findings(source, macos=(12,))
        self.assertTrue(any("replacing" in line and "needs macOS 13" in line for line in found), found)
        self.assertTrue(any("ContinuousClock" in line for line in found), found)

    def test_a_macOS_14_operator_is_found(self):
        found = self.findings("""
            import Foundation
            func ordered(_ a: UUID, _ b: UUID) -> Bool { a < b }
            """)
        self.assertEqual(len(found), 1, found)
        self.assertIn("UUID.<(_:_:) needs macOS 14", found[0])
        self.assertEqual(self.findings("""
            import Foundation
            func ordered(_ a: UUID, _ b: UUID) -> Bool { a.uuidString < b.uuidString }
            """), [])

    def test_a_regression_in_a_source_and_a_test_target_is_found(self):
        # The package's own units (`swift package describe`, the built modules), each given one more file that uses a
        # macOS 14 operator: what `check.py api` runs on the whole tree finds it in a library and in a test target.
        build = os.path.join(os.getcwd(), ".build", "debug")
        if not os.path.isdir(os.path.join(build, "Modules")):
            self.skipTest("run after swift build --build-tests (CI does)")
        units = {unit[0]: unit for unit in check.package_units(os.getcwd(), build)}
        path = os.path.join(self.folder.name, "Regression.swift")
        with open(path, "w") as file:
            file.write("import Foundation\nfunc ordered(_ a: UUID, _ b: UUID) -> Bool { a < b }\n")
        for name in ("ModGenCore", "ModGenCoreTests"):
            module, sources, arguments = units[name]
            found = check.check_api_units([(module, sources + [path], arguments)], (13,), (6, 0), self.cache)
            self.assertEqual([line.split(": ", 1)[1] for line in found],
                             ["UUID.<(_:_:) needs macOS 14; the package declares macOS 13 and Swift 6.0"], name)

    def test_an_overload_a_Mac_takes_at_the_declared_versions_is_not_a_finding(self):
        # Linux's type checker resolves `&*` to FixedWidthInteger's requirement (macOS 15) and `Issue.record("…")`
        # to Swift Testing 6.3's form; at macOS 13 and Swift 6.0 the same calls take the protocol extension's `&*`
        # and `Issue.record(_:sourceLocation:)`.
        source = """
            import Testing
            func product(_ a: Int, _ b: UInt64) -> (Int, UInt64) { (a &* 3, b &* 5) }
            @Test func recorded() { Issue.record("x"); Issue.record() }
            """
        self.assertEqual(self.findings(source), [])

    def test_an_argument_only_the_newer_overload_takes_is_found(self):
        found = self.findings("""
            import Testing
            @Test func recorded() { Issue.record("x", severity: .warning) }
            """)
        self.assertTrue(any("Issue.record(_:severity:sourceLocation:) needs Swift 6.3" in line for line in found),
                        found)
        self.assertTrue(any("Issue.Severity.warning needs Swift 6.3" in line for line in found), found)

    def test_swift_testing_API_newer_than_the_tools_version_is_found(self):
        source = """
            import Testing
            @Test func skipped() throws { try Test.cancel("not here") }
            """
        found = self.findings(source, swift=(6, 0))
        self.assertTrue(any("cancel" in line and "needs Swift 6.3" in line for line in found), found)
        self.assertEqual(self.findings(source, swift=(6, 3)), [])


class LibcCheckTests(unittest.TestCase):
    def findings(self, source):
        return check.check_libc_text("Probe.swift", dedent(source))

    def test_a_linux_only_name_in_code_every_platform_compiles_is_found(self):
        found = self.findings("""
            import Glibc
            private func isIgnore(_ handler: sighandler_t?) -> Bool { handler == nil }
            """)
        self.assertEqual([line.split(": ")[0] for line in found], ["Probe.swift:1:8", "Probe.swift:2:34"])

    def test_the_fixed_files_as_they_were_are_found(self):
        found = self.findings("""
            var actions = posix_spawn_file_actions_t()
            var attributes = posix_spawnattr_t()
            device = UInt64(info.st_dev)
            entry.modified = Int64(status.st_mtim.tv_sec)
            """)
        self.assertEqual([line.split(": ")[0] for line in found], [
            "Probe.swift:1:15", "Probe.swift:2:18", "Probe.swift:3:10", "Probe.swift:4:31"], "\n".join(found))

    def test_each_name_under_a_linux_only_branch_passes(self):
        self.assertEqual(self.findings("""
            #if canImport(Glibc)
                import Glibc
                typealias Handler = sighandler_t
            #elseif canImport(Darwin)
                import Darwin
                typealias Handler = sig_t
            #endif
            #if canImport(Darwin)
                let seconds = info.st_mtimespec.tv_sec
                var actions: posix_spawn_file_actions_t? = nil
            #else
                let seconds = info.st_mtim.tv_sec
                var actions = posix_spawn_file_actions_t()
            #endif
            device = UInt64(truncatingIfNeeded: info.st_dev)
            #if os(Linux) && DEBUG
                let flags = O_PATH
            #endif
            #if !canImport(Darwin)
                let pipes = pipe2(&fds, 0)
            #endif
            """), [])

    def test_a_branch_a_mac_may_take_does_not_hide_a_name(self):
        found = self.findings("""
            #if canImport(FoundationEssentials)
                let seconds = info.st_mtim.tv_sec
            #endif
            #if os(macOS) || os(Linux)
                let flags = O_PATH
            #endif
            #if canImport(Darwin)
            #elseif DEBUG
            #else
            #endif
            let fd = statx(0, "", 0, 0, nil)
            """)
        self.assertEqual(len(found), 3, found)

    def test_comments_and_strings_are_not_code(self):
        self.assertEqual(self.findings('''
            /// Darwin spells `sighandler_t` as `sig_t`. /* st_mtim */
            let message = "no O_PATH here \\(1)"
            let raw = #"renameat2 "quoted""#
            '''), [])


class ShellCheckTests(unittest.TestCase):
    def test_bash_4_features_and_GNU_options_in_a_script_are_found(self):
        found = check.check_shell_text("probe.sh", dedent("""
            #!/usr/bin/env bash
            # timeout 5 in a comment is prose
            declare -A made=()
            mapfile -t files < <(ls)
            sed -i '/x/d' "$file"
            timeout -s KILL 20 "$M" list
            truncate -s 17M big.json
            name=${name,,}
            dir=$(readlink -f "$0")
            """), swift=False)
        self.assertEqual(
            [line.split(":")[1] for line in found], ["3", "4", "5", "6", "7", "8", "9"], "\n".join(found))

    def test_portable_spellings_pass(self):
        self.assertEqual(check.check_shell_text("probe.sh", dedent("""
            #!/usr/bin/env bash
            made=$'\\n'
            while IFS= read -r file; do files+=("$file"); done < <(ls)
            sed '/x/d' "$file" > "$file.new" && mv "$file.new" "$file"
            limited "$M" list
            python3 -c 'open("big.json", "wb").truncate(17 << 20)'
            """), swift=False), [])

    def test_commands_in_a_swift_tests_strings_are_found_and_its_code_is_not(self):
        found = check.check_shell_text("Probe.swift", dedent('''
            // timeout -s KILL 20 in a comment
            let timeout = 20
            let script = #"timeout -s KILL 20 "$M" list"#
            let other = "truncate -s 1M big && sed -i 's/a/b/' f"
            '''), swift=True)
        self.assertEqual([line.split(":")[1] for line in found], ["3", "4", "4"], "\n".join(found))


if __name__ == "__main__":
    unittest.main(verbosity=2)
