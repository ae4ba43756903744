import Foundation
import TestSupport
import Testing

/// `rename` and `move` render the module with the app module its record keeps, as `update` does: the tests' import
/// is not taken for an edit, and is what the renamed files import.
@Suite struct TargetModuleRenameEndToEndTests {
    private static let project = "App.xcodeproj/project.pbxproj"

    private func folder() throws -> TemporaryFolder {
        let folder = try TemporaryFolder.isolated()
        try folder.write(
            Self.project,
            SmallXcodeProject.text.replacingOccurrences(
                of: "\t\t\tname = App;\n", with: "\t\t\tname = \"Food Truck\";\n"))
        try folder.write(
            ".modgen.json",
            #"{ "output": "App/Modules", "roots": { "tests": "AppTests/Modules" }, "header": { "project": "Shop" }, "#
                + #""xcodeproj": { "path": "App.xcodeproj" } }"#)
        let result = try folder.generate(["new", "Home", "--tests", "xctest", "-q"])
        #expect(result.status == 0, "\(result.standardError)")
        #expect(
            folder.read("AppTests/Modules/Home/HomePresenterTests.swift")?.contains("@testable import Food_Truck\n")
                == true)
        return folder
    }

    @Test func aRenamedModuleImportsTheSameModule() throws {
        let folder = try folder()
        defer { folder.remove() }
        let result = try folder.generate(["rename", "Home", "Start"])
        #expect(result.status == 0, "\(result.standardOutput)\(result.standardError)")
        let tests = try #require(folder.read("AppTests/Modules/Start/StartPresenterTests.swift"))
        #expect(tests.contains("\n@testable import Food_Truck\n"), "\(tests)")
        #expect(try folder.generate(["update", "--check"]).status == 0)
    }

    @Test func aMovedModuleIsNotEditedByItsImport() throws {
        let folder = try folder()
        defer { folder.remove() }
        let result = try folder.generate([
            "move", "Home", "--output", "App/Screens", "--root", "tests=AppTests/Screens",
        ])
        #expect(result.status == 0, "\(result.standardOutput)\(result.standardError)")
        #expect(try folder.generate(["update", "--check"]).status == 0)
        #expect(try folder.generate(["remove", "Home"]).status == 0, "no file counts as edited")
    }
}
