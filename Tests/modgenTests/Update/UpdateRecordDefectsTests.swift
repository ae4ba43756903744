import Foundation
import TestSupport
import Testing

/// What `update` and `new` do with records that are wrong, modules that are not where they are said to be, and
/// names that name no record: each one line that blames what is at fault.
@Suite struct UpdateRecordDefectsTests {
    /// A folder with the built-in viper module `Home` generated into `out` and recorded.
    private func folderWithHome() throws -> TemporaryFolder {
        let folder = try TemporaryFolder.isolated()
        let result = try folder.generate(["new", "Home", "--output", "out", "--quiet"])
        #expect(result.status == 0, "\(result.standardError)")
        return folder
    }

    private func editRecord(_ folder: TemporaryFolder, _ edit: (String) -> String) throws {
        let record = try #require(folder.read(".modgen/modules/Home.json"))
        let edited = edit(record)
        #expect(edited != record, "the edit must change the record")
        try folder.write(".modgen/modules/Home.json", edited)
    }

    @Test func aRecordedValueThatBreaksARuleIsTheRecordsError() throws {
        let folder = try folderWithHome()
        defer { folder.remove() }
        try editRecord(folder) {
            $0.replacingOccurrences(of: #""formatter": false"#, with: #""formatter": true"#)
                .replacingOccurrences(of: #""interactor": true"#, with: #""interactor": false"#)
        }
        let result = try folder.generate(["update", "Home"])
        #expect(result.status == 65, "\(result.standardError)")
        #expect(result.standardError.hasPrefix("modgen: error: .modgen/modules/Home.json:"), "\(result.standardError)")
        #expect(!result.standardError.contains("--formatter"), "no flag was typed")
        #expect(!result.standardError.contains("USAGE"))
    }

    @Test func anUnknownOptionNameInARecordIsRefused() throws {
        let folder = try folderWithHome()
        defer { folder.remove() }
        try editRecord(folder) { $0.replacingOccurrences(of: #""options": {"#, with: #""options": { "turbo": true,"#) }
        let result = try folder.generate(["update", "Home"])
        #expect(result.status == 65, "\(result.standardError)")
        #expect(result.standardError.contains(".modgen/modules/Home.json:"))
        #expect(result.standardError.contains("no option 'turbo'"), "\(result.standardError)")
    }

    @Test func anUnknownTemplateIdNamesTheRecord() throws {
        let folder = try folderWithHome()
        defer { folder.remove() }
        try editRecord(folder) { $0.replacingOccurrences(of: #""template": "viper""#, with: #""template": "vipr""#) }
        let result = try folder.generate(["update", "Home"])
        #expect(result.status == 65, "\(result.standardError)")
        #expect(result.standardError.contains(".modgen/modules/Home.json:"), "\(result.standardError)")
        #expect(result.standardError.contains("vipr"))
    }

    @Test func adoptingAModuleWithNoFilesIsRefused() throws {
        let folder = try TemporaryFolder.isolated()
        defer { folder.remove() }
        let result = try folder.generate(["update", "Ghost", "--adopt", "--template", "viper", "--output", "out"])
        #expect(result.status == 66, "\(result.standardError)")
        #expect(result.standardError.contains("none of module Ghost's files is in out"), "\(result.standardError)")
        #expect(!folder.exists(".modgen"))
    }

    @Test func adoptWithAnUnknownTemplateSaysSo() throws {
        let folder = try folderWithHome()
        defer { folder.remove() }
        let result = try folder.generate(["update", "Other", "--adopt", "--template", "nope"])
        #expect(result.status == 66, "\(result.standardError)")
        #expect(!result.standardError.contains("missing expected argument"), "\(result.standardError)")
        #expect(result.standardError.contains("nope"))
    }

    @Test(arguments: ["../x", "Sub/Home", "a..b"])
    func aNameThatIsNoTypeNameNamesNoRecord(name: String) throws {
        let folder = try folderWithHome()
        defer { folder.remove() }
        let before = folder.listing()
        let result = try folder.generate(["update", name, "--adopt", "--template", "viper", "--output", "out"])
        #expect(result.status == 64, "\(result.standardError)")
        #expect(result.standardError.contains("invalid module name"), "\(result.standardError)")
        #expect(folder.listing() == before)
    }

    @Test func adoptWithOptionsThatContradictTheFilesSaysSo() throws {
        let folder = try folderWithHome()
        defer { folder.remove() }
        try FileManager.default.removeItem(atPath: folder.path(".modgen"))
        let result = try folder.generate([
            "update", "Home", "--adopt", "--template", "viper", "--output", "out", "--formatter",
        ])
        #expect(result.status == 0, "\(result.standardError)")
        #expect(result.standardError.contains("HomeFormatter.swift"), "\(result.standardError)")
        #expect(result.standardError.contains("not on disk"))
    }

    @Test func aModuleOutsideTheProjectFolderIsNotRecordedWithAnAbsolutePath() throws {
        let folder = try TemporaryFolder.isolated()
        let outside = try TemporaryFolder()
        defer {
            folder.remove()
            outside.remove()
        }
        let result = try folder.generate(["new", "Home", "--output", outside.path("out")])
        #expect(result.status == 0, "\(result.standardError)")
        #expect(result.standardError.contains("'Home' is not recorded"), "\(result.standardError)")
        #expect(!folder.exists(".modgen/modules/Home.json"))
        #expect(outside.exists("out/Home/HomePresenter.swift"))
        let adopt = try folder.generate([
            "update", "Home", "--adopt", "--template", "viper", "--output", outside.path("out"),
        ])
        #expect(adopt.status == 64, "\(adopt.standardError)")
        #expect(adopt.standardError.contains("a record holds no absolute paths"))
    }

    @Test func skipExistingWithTheRecordedOptionsKeepsEditsAndExitsZero() throws {
        let folder = try folderWithHome()
        defer { folder.remove() }
        let presenter = try #require(folder.read("out/Home/HomePresenter.swift"))
        try folder.write("out/Home/HomePresenter.swift", presenter + "// mine\n")
        try FileManager.default.removeItem(atPath: folder.path("out/Home/HomeWireframe.swift"))
        let result = try folder.generate(["new", "Home", "--output", "out", "--skip-existing"])
        #expect(result.status == 0, "\(result.standardError)")
        #expect(folder.read("out/Home/HomePresenter.swift") == presenter + "// mine\n")
        #expect(folder.exists("out/Home/HomeWireframe.swift"))
        // Other options than the record's: `update`'s work, as before.
        let other = try folder.generate(["new", "Home", "--output", "out", "--skip-existing", "--formatter"])
        #expect(other.status == 1)
        #expect(other.standardError.contains("modgen update Home"))
    }

    @Test func checkAdvisesResolvingLeftoverMarkers() throws {
        let folder = try folderWithHome()
        defer { folder.remove() }
        let presenter = try #require(folder.read("out/Home/HomePresenter.swift"))
        try folder.write(
            "out/Home/HomePresenter.swift", presenter + "<<<<<<< mine\na\n=======\nb\n>>>>>>> viper (template)\n")
        let check = try folder.generate(["update", "--check"])
        #expect(check.status == 1)
        #expect(check.standardError.contains("conflict markers"), "\(check.standardError)")
        #expect(check.standardError.contains("resolve them"))
        #expect(!check.standardError.contains("run 'modgen update --all'"))
    }
}
