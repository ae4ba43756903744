import Foundation
import TestSupport
import Testing

/// With a project, the generated tests `@testable import` the app target's product module (not `App`, not the
/// header's project, not the target's name when the product is named otherwise); `--set appModule` still wins; the
/// record keeps the name, so `update`, `remove` and a re-run see the files as generated.
@Suite struct TargetModuleEndToEndTests {
    private static let project = "App.xcodeproj/project.pbxproj"

    /// The small project with the app target's product named `productName` (its Release configuration, the
    /// default).
    private func folder(productName: String) throws -> TemporaryFolder {
        let folder = try TemporaryFolder.isolated()
        var text = SmallXcodeProject.text.replacingOccurrences(
            of: "\t\t\tname = App;\n",
            with: "\t\t\tbuildConfigurationList = C00000000000000000000001;\n\t\t\tname = App;\n")
        text = text.replacingOccurrences(
            of: "\t};\n\trootObject",
            with: """
                \t\tC00000000000000000000001 = {isa = XCConfigurationList; buildConfigurations = (C00000000000000000000002); defaultConfigurationName = Release; };
                \t\tC00000000000000000000002 = {isa = XCBuildConfiguration; buildSettings = {PRODUCT_NAME = "\(productName)"; }; name = Release; };
                \t};
                \trootObject
                """)
        try folder.write(Self.project, text)
        try folder.write(
            ".modgen.json",
            #"{ "output": "App/Modules", "roots": { "tests": "AppTests/Modules" }, "header": { "project": "Shop" }, "#
                + #""xcodeproj": { "path": "App.xcodeproj" } }"#)
        return folder
    }

    private static let testFile = "AppTests/Modules/Home/HomePresenterTests.swift"

    @Test func theTestsImportTheProductModuleOfTheAppTarget() throws {
        let folder = try folder(productName: "Food Truck")
        defer { folder.remove() }
        let result = try folder.generate(["new", "Home", "--tests", "xctest", "-q"])
        #expect(result.status == 0, "\(result.standardError)")
        let tests = try #require(folder.read(Self.testFile))
        #expect(tests.contains("\n@testable import Food_Truck\n"), "\(tests)")
        #expect(folder.read(".modgen/modules/Home.json")?.contains(#""targetModule": "Food_Truck""#) == true)
        // The record renders the same import: nothing to update, an unedited module removed without --force.
        let check = try folder.generate(["update", "--check"])
        #expect(check.status == 0, "\(check.standardOutput)\(check.standardError)")
        #expect(try folder.generate(["new", "Home", "--tests", "xctest", "-q"]).status == 0)
        let removed = try folder.generate(["remove", "Home"])
        #expect(removed.status == 0, "\(removed.standardError)")
        #expect(!folder.exists(Self.testFile))
    }

    /// Xcode's `c99extidentifier` replaces a leading digit (`2048 Game` → `_048_Game`); a name it would leave with
    /// letters outside ASCII is no answer, so the header's project names the module.
    @Test(arguments: [("2048 Game", "_048_Game"), ("Café", "Shop")])
    func theProductNameIsMadeAnIdentifierAsXcodeDoes(productName: String, module: String) throws {
        let folder = try folder(productName: productName)
        defer { folder.remove() }
        let result = try folder.generate(["new", "Home", "--tests", "xctest", "-q"])
        #expect(result.status == 0, "\(result.standardError)")
        let tests = try #require(folder.read(Self.testFile))
        #expect(tests.contains("\n@testable import \(module)\n"), "\(tests)")
    }

    @Test func anExplicitAppModuleWins() throws {
        let folder = try folder(productName: "Food Truck")
        defer { folder.remove() }
        let result = try folder.generate(["new", "Home", "--tests", "xctest", "--set", "appModule=Kitchen", "-q"])
        #expect(result.status == 0, "\(result.standardError)")
        #expect(folder.read(Self.testFile)?.contains("\n@testable import Kitchen\n") == true)
    }

    /// Without a project the header's project names the module, as before.
    @Test func withoutAProjectTheHeadersProjectNamesIt() throws {
        let folder = try folder(productName: "Food Truck")
        defer { folder.remove() }
        let result = try folder.generate(["new", "Home", "--tests", "xctest", "--xcodeproj", "none", "-q"])
        #expect(result.status == 0, "\(result.standardError)")
        #expect(folder.read(Self.testFile)?.contains("\n@testable import Shop\n") == true)
        #expect(folder.read(".modgen/modules/Home.json")?.contains("targetModule") == false)
    }

    /// A module generated without the project, generated again with the same answers and the project: the files
    /// join the project, and so does the record, so `update` keeps them in it.
    @Test func aReRunWithTheProjectRecordsIt() throws {
        let folder = try TemporaryFolder.isolated()
        defer { folder.remove() }
        try folder.write(Self.project, SmallXcodeProject.text)
        #expect(try folder.generate(["new", "Home", "--output", "App/Modules", "-q"]).status == 0)
        #expect(folder.read(".modgen/modules/Home.json")?.contains("xcodeproj") == false)
        let again = try folder.generate(["new", "Home", "--output", "App/Modules", "--xcodeproj", "App.xcodeproj"])
        #expect(again.status == 0, "\(again.standardError)")
        #expect(folder.read(Self.project)?.contains("HomePresenter.swift in Sources") == true)
        let record = try #require(folder.read(".modgen/modules/Home.json"))
        #expect(record.contains(#""xcodeproj": {"#), "\(record)")
        // The project loses the module's references: `update` knows the project now, so it sees and repairs that.
        try folder.write(Self.project, SmallXcodeProject.text)
        #expect(try folder.generate(["update", "--check"]).status == 1)
        #expect(try folder.generate(["update", "--all", "-q"]).status == 0)
        #expect(folder.read(Self.project)?.contains("HomePresenter.swift in Sources") == true)
    }
}
