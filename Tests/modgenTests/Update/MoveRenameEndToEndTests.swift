import Foundation
import TestSupport
import Testing

/// `modgen move` and `modgen rename` from the command line: files, Xcode project and record follow the module, a
/// folder moved by hand is adopted, and what would be overwritten or lost stops the run with nothing changed.
@Suite struct MoveRenameEndToEndTests {
    private static let project = "App.xcodeproj/project.pbxproj"

    private func folder() throws -> TemporaryFolder {
        let folder = try TemporaryFolder.isolated()
        try folder.write(Self.project, SmallXcodeProject.text)
        try folder.write(".modgen.json", #"{ "templates": ["Templates"], "template": "screen" }"#)
        try folder.write("Templates/screen/View.swift.mustache", "final class {{name}}View {\n    let id = 1\n}\n")
        try folder.write("Templates/screen/Presenter.swift.mustache", "final class {{name}}Presenter {}\n")
        try folder.write(
            "Templates/screen/template.json",
            #"{ "id": "screen", "summary": "A screen", "files": ["#
                + #"{ "template": "View.swift.mustache", "path": "{{name}}/{{name}}View.swift" }, "#
                + #"{ "template": "Presenter.swift.mustache", "path": "{{name}}/{{name}}Presenter.swift" }]}"#)
        let new = try folder.generate(["new", "Home", "--output", "App/Modules", "--xcodeproj", "App.xcodeproj"])
        #expect(new.status == 0, "\(new.standardError)")
        return folder
    }

    @Test func moveCarriesTheEditedModuleAndItsReferences() throws {
        let folder = try folder()
        defer { folder.remove() }
        let edited = try #require(folder.read("App/Modules/Home/HomeView.swift")) + "// the team's edit\n"
        try folder.write("App/Modules/Home/HomeView.swift", edited)
        let dryRun = try folder.generate(["move", "Home", "--output", "App/Features", "--dry-run"])
        #expect(dryRun.status == 0, "\(dryRun.standardError)")
        #expect(
            dryRun.standardOutput.contains(
                "would move App/Modules/Home/HomeView.swift -> App/Features/Home/HomeView.swift\n"),
            "\(dryRun.standardOutput)")
        #expect(dryRun.standardOutput.hasSuffix("dry run: nothing was moved\n"))
        #expect(folder.exists("App/Modules/Home/HomeView.swift") && !folder.exists("App/Features"))
        let check = try folder.generate(["move", "Home", "--output", "App/Features", "--check"])
        #expect(check.status == 1)

        let result = try folder.generate(["move", "Home", "--output", "App/Features"])
        #expect(result.status == 0, "\(result.standardError)")
        #expect(folder.read("App/Features/Home/HomeView.swift") == edited)
        #expect(folder.exists("App/Features/Home/HomePresenter.swift"))
        #expect(!folder.exists("App/Modules/Home"))
        let text = try #require(folder.read(Self.project))
        #expect(text.contains("HomeView.swift in Sources") && text.contains("HomePresenter.swift in Sources"))
        #expect(text.contains("/* Features */"), "the new folder's group")
        let record = try #require(folder.read(".modgen/modules/Home.json"))
        #expect(record.contains(#""output": "App/Features""#), "\(record)")
        #expect(try folder.generate(["update", "--check"]).status == 0)
        #expect(try folder.generate(["move", "Home", "--output", "App/Features", "--check"]).status == 0)
    }

    @Test func aFolderMovedByHandIsNamedByUpdateAndAdoptedByMove() throws {
        let folder = try folder()
        defer { folder.remove() }
        try FileManager.default.createDirectory(at: folder.url("App/Features"), withIntermediateDirectories: true)
        try FileManager.default.moveItem(at: folder.url("App/Modules/Home"), to: folder.url("App/Features/Home"))
        let check = try folder.generate(["update", "--check"])
        #expect(check.status == 65)
        #expect(
            check.standardError.contains("but they are in App/Features: run 'modgen move Home --output App/Features'"),
            "\(check.standardError)")
        let before = folder.listing()
        let result = try folder.generate(["move", "Home", "--output", "App/Features"])
        #expect(result.status == 0, "\(result.standardError)")
        #expect(result.standardOutput.contains("adopt App/Features/Home/HomeView.swift (already moved)\n"))
        #expect(
            folder.listing().filter { !$0.hasPrefix(".modgen") && !$0.hasPrefix("App.xcodeproj") }
                == before.filter { !$0.hasPrefix(".modgen") && !$0.hasPrefix("App.xcodeproj") })
        #expect(try folder.generate(["update", "--check"]).status == 0)
    }

    @Test func moveRefusesToOverwriteAnotherFile() throws {
        let folder = try folder()
        defer { folder.remove() }
        try folder.write("App/Features/Home/HomeView.swift", "another file\n")
        let before = folder.listing()
        let projectBefore = folder.read(Self.project)
        let result = try folder.generate(["move", "Home", "--output", "App/Features"])
        #expect(result.status == 1)
        #expect(
            result.standardError
                == "modgen: error: a file is already where module Home's files would go, with other contents, so "
                + "nothing was changed: App/Features/Home/HomeView.swift\n")
        #expect(folder.listing() == before)
        #expect(folder.read(Self.project) == projectBefore)
    }

    @Test func moveTakesANamedRootWhereToldAndLeavesTheOthers() throws {
        let folder = try TemporaryFolder.isolated()
        defer { folder.remove() }
        try folder.write(Self.project, SmallXcodeProject.text)
        try folder.write(
            ".modgen.json", #"{ "templates": ["Templates"], "template": "screen", "roots": { "tests": "AppTests" } }"#)
        try folder.write("Templates/screen/View.swift.mustache", "final class {{name}}View {}\n")
        try folder.write("Templates/screen/Tests.swift.mustache", "final class {{name}}Tests {}\n")
        try folder.write(
            "Templates/screen/template.json",
            #"{ "id": "screen", "summary": "A screen", "files": ["#
                + #"{ "template": "View.swift.mustache", "path": "{{name}}/{{name}}View.swift" }, "#
                + #"{ "template": "Tests.swift.mustache", "path": "{{name}}/{{name}}Tests.swift", "root": "tests" }]}"#)
        let new = try folder.generate(["new", "Home", "--output", "App/Modules", "--xcodeproj", "App.xcodeproj"])
        #expect(new.status == 0, "\(new.standardError)")
        let unknown = try folder.generate(["move", "Home", "--output", "App/Features", "--root", "ui=UITests"])
        #expect(unknown.status == 64)
        #expect(unknown.standardError.contains("module Home has no files in a root named 'ui' (its roots: tests)"))
        // The tests root stays where it is unless named.
        let app = try folder.generate(["move", "Home", "--output", "App/Features"])
        #expect(app.status == 0, "\(app.standardError)")
        #expect(folder.exists("App/Features/Home/HomeView.swift") && folder.exists("AppTests/Home/HomeTests.swift"))
        let tests = try folder.generate([
            "move", "Home", "--output", "App/Features", "--root", "tests=AppTests/Features",
        ])
        #expect(tests.status == 0, "\(tests.standardError)")
        #expect(
            tests.standardOutput.hasPrefix(
                "move AppTests/Home/HomeTests.swift -> AppTests/Features/Home/HomeTests.swift\n"),
            "\(tests.standardOutput)")
        #expect(!folder.exists("AppTests/Home"))
        let record = try #require(folder.read(".modgen/modules/Home.json"))
        #expect(record.contains(#""tests": "AppTests/Features""#), "\(record)")
        let text = try #require(folder.read(Self.project))
        #expect(text.contains("HomeTests.swift in Sources"), "still in the test target")
        #expect(try folder.generate(["update", "--check"]).status == 0)
    }

    @Test func renameKeepsTheEditAndMovesProjectAndRecord() throws {
        let folder = try folder()
        defer { folder.remove() }
        try folder.write(
            "App/Modules/Home/HomeView.swift", "final class HomeView {\n    let id = 1\n}\n// calls HomeView\n")
        let result = try folder.generate(["rename", "Home", "Start"])
        #expect(result.status == 0, "\(result.standardError)")
        #expect(
            result.standardOutput.contains(
                "merge App/Modules/Home/HomeView.swift -> App/Modules/Start/StartView.swift"),
            "\(result.standardOutput)")
        #expect(
            result.standardOutput.contains(
                "rename App/Modules/Home/HomePresenter.swift -> App/Modules/Start/StartPresenter.swift"))
        #expect(
            folder.read("App/Modules/Start/StartView.swift")
                == "final class StartView {\n    let id = 1\n}\n// calls HomeView\n",
            "the template's line follows the name, the developer's line stays as written")
        #expect(!folder.exists("App/Modules/Home"))
        #expect(!folder.exists(".modgen/modules/Home.json") && folder.exists(".modgen/modules/Start.json"))
        let text = try #require(folder.read(Self.project))
        #expect(text.contains("StartView.swift in Sources") && !text.contains("HomeView.swift"))
        #expect(try folder.generate(["update", "--check"]).status == 0)
    }

    @Test func renameRunsTheAfterHooksOnTheRenamedFiles() throws {
        let folder = try folder()
        defer { folder.remove() }
        try folder.write(
            ".modgen.json",
            #"{ "templates": ["Templates"], "template": "screen", "after": ["cat \"$MODGEN_FILES_LIST\" > hook.txt"] }"#
        )
        let result = try folder.generate(["rename", "Home", "Start", "--quiet"])
        #expect(result.status == 0, "\(result.standardError)")
        let listed = try #require(folder.read("hook.txt"))
        #expect(listed.contains("App/Modules/Start/StartView.swift"), "\(listed)")
        #expect(try folder.generate(["rename", "Start", "Home", "--no-hooks"]).status == 0)
        #expect(folder.read("hook.txt") == listed)
    }

    @Test func renameMarksConflictsAsUpdateDoesAndExits1() throws {
        let folder = try folder()
        defer { folder.remove() }
        // The developer changed the very line the template's side changes (the class name).
        try folder.write("App/Modules/Home/HomeView.swift", "final class HomeView: Screen {\n    let id = 1\n}\n")
        let result = try folder.generate(["rename", "Home", "Start"])
        #expect(result.status == 1)
        #expect(result.standardError.contains("1 file has conflicts"), "\(result.standardError)")
        let text = try #require(folder.read("App/Modules/Start/StartView.swift"))
        #expect(text.contains("<<<<<<< ") && text.contains(">>>>>>> screen (template)"))
        #expect(!folder.exists("App/Modules/Home/HomeView.swift"))
    }

    @Test func renameRefusesARecordedNameAndABadName() throws {
        let folder = try folder()
        defer { folder.remove() }
        #expect(try folder.generate(["new", "Cart", "--output", "App/Modules"]).status == 0)
        let before = folder.listing()
        let taken = try folder.generate(["rename", "Home", "Cart"])
        #expect(taken.status == 1)
        #expect(taken.standardError.hasPrefix("modgen: error: module 'Cart' is already recorded"))
        #expect(try folder.generate(["rename", "Home", "../Cart"]).status == 64)
        #expect(try folder.generate(["rename", "Ghost", "Cart2"]).status == 66)
        #expect(folder.listing() == before)
    }
}
