import Foundation
import TestSupport
import Testing

/// `update` keeps the Xcode project in step: the record remembers the project and targets the module joined, files
/// the template adds join them, files it drops leave them, and `--check` sees a project that lost either.
@Suite struct UpdateProjectEndToEndTests {
    private static let project = "App.xcodeproj/project.pbxproj"

    private static func manifest(files: [String]) -> String {
        let entries = files.map { #"{ "template": "\#($0).swift.mustache", "path": "{{name}}/{{name}}\#($0).swift" }"# }
        return #"{ "id": "screen", "summary": "A screen", "files": [\#(entries.joined(separator: ", "))] }"#
    }

    private func folder() throws -> TemporaryFolder {
        let folder = try TemporaryFolder.isolated()
        try folder.write(Self.project, SmallXcodeProject.text)
        try folder.write(".modgen.json", #"{ "templates": ["Templates"], "template": "screen" }"#)
        for name in ["View", "Presenter", "Router"] {
            try folder.write("Templates/screen/\(name).swift.mustache", "final class {{name}}\(name) {}\n")
        }
        try folder.write("Templates/screen/template.json", Self.manifest(files: ["View", "Presenter"]))
        #expect(
            try folder.generate(["new", "Home", "--output", "App/Modules", "--xcodeproj", "App.xcodeproj"]).status
                == 0)
        return folder
    }

    @Test func theRecordRemembersTheProjectAndTargets() throws {
        let folder = try folder()
        defer { folder.remove() }
        let record = try #require(folder.read(".modgen/modules/Home.json"))
        #expect(record.contains(#""xcodeproj": {"#), "\(record)")
        #expect(record.contains(#""path""#) && record.contains("App.xcodeproj"))
        #expect(record.contains(#""App""#))
    }

    @Test func addedFilesJoinAndDroppedFilesLeaveTheProject() throws {
        let folder = try folder()
        defer { folder.remove() }
        try folder.write("Templates/screen/template.json", Self.manifest(files: ["View", "Router"]))
        let check = try folder.generate(["update", "--check"])
        #expect(check.status == 1)
        let dryRun = try folder.generate(["update", "--all", "--dry-run"])
        #expect(
            dryRun.standardOutput.contains(
                "Home: would add App/Modules/Home/HomeRouter.swift to App.xcodeproj (group App/Modules/Home; target App)\n"
            ),
            "\(dryRun.standardOutput)")
        #expect(
            dryRun.standardOutput.contains("Home: would remove App/Modules/Home/HomePresenter.swift from App.xcodeproj")
        )
        let result = try folder.generate(["update", "--all"])
        #expect(result.status == 0, "\(result.standardError)")
        let text = try #require(folder.read(Self.project))
        #expect(text.contains("HomeRouter.swift in Sources"))
        #expect(!text.contains("HomePresenter.swift"), "every reference of the dropped file goes")
        #expect(!folder.exists("App/Modules/Home/HomePresenter.swift"))
        #expect(try folder.generate(["update", "--check"]).status == 0)
    }

    @Test func aCheckSeesAProjectThatLostAFileOrKeepsAGoneOneAndUpdateRepairsBoth() throws {
        let folder = try folder()
        defer { folder.remove() }
        let before = try #require(folder.read(Self.project))
        try folder.write("Templates/screen/template.json", Self.manifest(files: ["View", "Router"]))
        #expect(try folder.generate(["update", "--all"]).status == 0)
        let after = try #require(folder.read(Self.project))
        // The project file restored from before the update: the new file is missing, the dropped one referenced.
        try folder.write(Self.project, before)
        let check = try folder.generate(["update", "--check"])
        #expect(check.status == 1)
        #expect(
            check.standardOutput.contains(
                "Home: missing from App.xcodeproj: App/Modules/Home/HomeRouter.swift (group App/Modules/Home; target App)"
            ), "\(check.standardOutput)")
        #expect(
            check.standardOutput.contains(
                "Home: referenced by App.xcodeproj but gone: App/Modules/Home/HomePresenter.swift"))
        let repair = try folder.generate(["update", "--all"])
        #expect(repair.status == 0, "\(repair.standardError)")
        #expect(folder.read(Self.project) == after)
        #expect(try folder.generate(["update", "--check"]).status == 0)
    }

    @Test func removeTakesAnUneditedModuleOutOfDiskProjectAndRecords() throws {
        let folder = try folder()
        defer { folder.remove() }
        #expect(
            try folder.generate(["new", "Other", "--output", "App/Modules", "--xcodeproj", "App.xcodeproj"]).status
                == 0)
        let withOther = try #require(folder.read(Self.project))
        let dryRun = try folder.generate(["remove", "Other", "--dry-run"])
        #expect(dryRun.status == 0, "\(dryRun.standardError)")
        #expect(dryRun.standardOutput.contains("would remove App/Modules/Other/OtherView.swift\n"))
        #expect(folder.read(Self.project) == withOther)
        let result = try folder.generate(["remove", "Other"])
        #expect(result.status == 0, "\(result.standardError)")
        #expect(!folder.exists("App/Modules/Other"), "the files and the folder they leave empty")
        #expect(!folder.exists(".modgen/modules/Other.json"))
        let text = try #require(folder.read(Self.project))
        #expect(!text.contains("OtherView.swift") && !text.contains("OtherPresenter.swift"))
        #expect(text.contains("HomeView.swift in Sources"), "the other module stays")
        // Home still uses the template version: the store keeps it.
        let store = try FileManager.default.contentsOfDirectory(atPath: folder.path(".modgen/templates"))
        #expect(store.count == 1)
        #expect(try folder.generate(["update", "--check"]).status == 0)
    }

    @Test func removeStopsAtAnEditedFileUnlessForced() throws {
        let folder = try folder()
        defer { folder.remove() }
        let project = try #require(folder.read(Self.project))
        try folder.write("App/Modules/Home/HomeView.swift", "final class HomeView { /* mine */ }\n")
        let before = folder.listing()
        let refused = try folder.generate(["remove", "Home"])
        #expect(refused.status == 1)
        #expect(refused.standardError.contains("App/Modules/Home/HomeView.swift"), "\(refused.standardError)")
        #expect(refused.standardError.contains("--force"))
        #expect(folder.listing() == before)
        #expect(folder.read(Self.project) == project)
        let forced = try folder.generate(["remove", "Home", "--force"])
        #expect(forced.status == 0, "\(forced.standardError)")
        #expect(!folder.exists("App/Modules/Home"))
        #expect(!folder.exists(".modgen/modules/Home.json"))
        #expect(!folder.exists(".modgen/templates"), "no record uses a version any more")
        // Every line `new` added goes, the groups it made for Modules and Home included: the project is as before.
        #expect(folder.read(Self.project) == SmallXcodeProject.text)
    }
}
