import Foundation
import ModGenKit
import TestSupport
import Testing

/// `update --conflict-style diff3|zdiff3`: conflicts written with the base's lines, as `git merge-file --diff3`
/// writes them, and recognised by `update --check` until resolved.
@Suite struct UpdateConflictStyleTests {
    private static let view = """
        final class {{name}}View {
            func setUp() {
                color = .white
                alpha = 1
            }
        }

        """

    /// A module whose view the developer and the template changed on the same lines.
    private func conflictingProject() throws -> TemporaryFolder {
        let folder = try TemporaryFolder()
        try folder.write(".modgen.json", #"{ "templates": ["Templates"], "template": "screen" }"#)
        try folder.write(
            "Templates/screen/template.json",
            #"{ "id": "screen", "summary": "A screen", "files": [{ "template": "View.swift.mustache", "#
                + #""path": "{{name}}/{{name}}View.swift" }] }"#)
        try folder.write("Templates/screen/View.swift.mustache", Self.view)
        #expect(try folder.generate(["new", "Home", "--quiet"]).status == 0)
        try folder.write(
            "Home/HomeView.swift",
            folder.read("Home/HomeView.swift")!.replacingOccurrences(
                of: ".white\n        alpha = 1", with: ".red\n        alpha = 1"))
        try folder.write(
            "Templates/screen/View.swift.mustache",
            Self.view.replacingOccurrences(of: ".white\n        alpha = 1", with: ".blue\n        alpha = 0.5"))
        return folder
    }

    @Test func diff3WritesTheBaseAndCheckSeesTheMarkers() throws {
        let folder = try conflictingProject()
        defer { folder.remove() }
        let update = try folder.generate(["update", "Home", "--conflict-style", "diff3"])
        #expect(update.status == 1, "\(update.standardError)")
        #expect(update.standardOutput.contains("conflict Home/HomeView.swift"))
        let view = try #require(folder.read("Home/HomeView.swift"))
        #expect(
            view.contains(
                "<<<<<<< Home/HomeView.swift (yours)\n        color = .red\n        alpha = 1\n"
                    + "||||||| screen (base)\n        color = .white\n        alpha = 1\n=======\n"
                    + "        color = .blue\n        alpha = 0.5\n>>>>>>> screen (template)\n"), "\(view)")
        let check = try folder.generate(["update", "--check"])
        #expect(check.status == 1)
        #expect(check.standardOutput.contains("conflict markers Home/HomeView.swift"), "\(check.standardOutput)")
        #expect(check.standardError.contains("resolve them by hand"), "\(check.standardError)")
        // Resolved but for the base's section: still markers.
        let halfResolved = view.replacingOccurrences(
            of: "<<<<<<< Home/HomeView.swift (yours)\n        color = .red\n        alpha = 1\n", with: ""
        ).replacingOccurrences(
            of: "=======\n        color = .blue\n        alpha = 0.5\n>>>>>>> screen (template)\n", with: "")
        try folder.write("Home/HomeView.swift", halfResolved)
        #expect(try folder.generate(["update", "--check"]).status == 1)
        let resolved = halfResolved.replacingOccurrences(
            of: "||||||| screen (base)\n        color = .white\n        alpha = 1\n",
            with: "        color = .blue\n        alpha = 0.5\n")
        try folder.write("Home/HomeView.swift", resolved)
        let clean = try folder.generate(["update", "--check"])
        #expect(clean.status == 0, "\(clean.standardOutput)\(clean.standardError)")
    }

    @Test func zdiff3LeavesTheSharedLinesOutOfTheConflict() throws {
        let folder = try conflictingProject()
        defer { folder.remove() }
        // Both sides also set `alpha = 0.5`: zdiff3 writes that line once, after the conflict.
        try folder.write(
            "Home/HomeView.swift",
            folder.read("Home/HomeView.swift")!.replacingOccurrences(of: "alpha = 1", with: "alpha = 0.5"))
        let update = try folder.generate(["update", "Home", "--conflict-style", "zdiff3"])
        #expect(update.status == 1, "\(update.standardError)")
        let view = try #require(folder.read("Home/HomeView.swift"))
        #expect(
            view.contains(
                "<<<<<<< Home/HomeView.swift (yours)\n        color = .red\n||||||| screen (base)\n"
                    + "        color = .white\n        alpha = 1\n=======\n        color = .blue\n"
                    + ">>>>>>> screen (template)\n        alpha = 0.5\n"), "\(view)")
    }

    @Test func anUnknownStyleIsAUsageError() throws {
        let folder = try conflictingProject()
        defer { folder.remove() }
        let result = try folder.generate(["update", "Home", "--conflict-style", "union"])
        #expect(result.status == 64)
        #expect(result.standardError.contains("'merge', 'diff3' or 'zdiff3'"), "\(result.standardError)")
        #expect(folder.read("Home/HomeView.swift")?.contains("<<<<<<<") == false)
    }

    @Test func theMarkerCheckKnowsTheBaseSection() {
        let diff3 = "a\n<<<<<<< yours\nb\n||||||| base\nc\n=======\nd\n>>>>>>> template\ne\n"
        #expect(ConflictMarkers.contains(Array(diff3.utf8)))
        #expect(ConflictMarkers.contains(Array("a\n||||||| base\nc\ne\n".utf8)))
        #expect(!ConflictMarkers.contains(Array("let a = b || c\n// |||||| six\n".utf8)))
    }
}
