import Foundation
import TestSupport
import Testing

/// Paths that differ only in letter case, from the command line: one file on a Mac, so refused on every platform.
@Suite struct LetterCaseEndToEndTests {
    /// A template whose fixed file and whose file named after the module collide for one module name only: the run
    /// stops with one line and exit 65 before anything is written, here on Linux as it would overwrite itself on macOS.
    @Test func twoFilesDifferingOnlyInCaseAreRefusedWithNothingWritten() throws {
        let folder = try TemporaryFolder.isolated()
        defer { folder.remove() }
        try folder.write(
            "t/pair/template.json",
            #"""
            { "id": "pair", "summary": "Two files",
              "files": [ { "template": "A.mustache", "path": "{{name}}.txt" }, { "template": "A.mustache", "path": "home.txt" } ] }
            """#)
        try folder.write("t/pair/A.mustache", "a {{name}}\n")
        let fine = try folder.generate(["new", "Other", "--template", "pair", "--templates", "t", "-o", "ok", "-q"])
        #expect(fine.status == 0)
        let before = folder.files()
        let result = try folder.generate(["new", "Home", "--template", "pair", "--templates", "t", "-o", "out"])
        #expect(result.status == 65)
        #expect(
            result.standardError
                == "modgen: error: 'out/Home.txt' and 'out/home.txt' differ only in letter case: they would be one "
                + "file on a case-insensitive file system (macOS's default); nothing was written\n")
        #expect(folder.files() == before)
        #expect(!folder.exists("out"))
    }
}
