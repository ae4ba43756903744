import Foundation
import TestSupport
import Testing

/// `--xcodeproj`: the module's files join the project's groups and targets in the same run, with nothing lost.
@Suite struct XcodeProjectEndToEndTests {
    private static let project = "App.xcodeproj/project.pbxproj"

    private func folderWithProject() throws -> TemporaryFolder {
        let folder = try TemporaryFolder.isolated()
        try folder.write(Self.project, SmallXcodeProject.text)
        return folder
    }

    private let arguments = [
        "new", "Home", "--output", "App/Modules", "--interface", "xib", "--tests", "xctest", "--root",
        "tests=AppTests/Modules", "--xcodeproj", "App.xcodeproj",
    ]

    @Test func addsEveryFileToItsGroupAndTargetThenChangesNothingTheSecondTime() throws {
        let folder = try folderWithProject()
        defer { folder.remove() }
        let result = try folder.generate(arguments)
        #expect(result.status == 0, "\(result.standardError)")
        #expect(result.standardOutput.contains("\noverwrite App.xcodeproj/project.pbxproj\n"))
        #expect(
            result.standardOutput.contains(
                "add App/Modules/Home/HomePresenter.swift to App.xcodeproj (group App/Modules/Home; target App)\n"))
        #expect(
            result.standardOutput.contains(
                "add AppTests/Modules/Home/HomePresenterTests.swift to App.xcodeproj (group AppTests/Modules/Home; "
                    + "target AppTests)\n"))
        let edited = try #require(folder.read(Self.project))
        let inserted = try #require(SmallXcodeProject.insertedLines(original: SmallXcodeProject.text, edited: edited))
        #expect(inserted.contains { $0.hasSuffix("/* HomeViewController.xib in Resources */,") })
        #expect(inserted.contains { $0.hasSuffix("/* HomePresenterTests.swift in Sources */,") })

        let again = try folder.generate(arguments)
        #expect(again.status == 0)
        #expect(again.standardOutput.contains("unchanged App.xcodeproj/project.pbxproj\n"))
        #expect(!again.standardOutput.contains("add "))
        #expect(folder.read(Self.project) == edited)
    }

    @Test func aDryRunListsWhatWouldBeAddedAndWritesNothing() throws {
        let folder = try folderWithProject()
        defer { folder.remove() }
        let result = try folder.generate(arguments + ["--dry-run"])
        #expect(result.status == 0)
        #expect(result.standardOutput.contains("would overwrite App.xcodeproj/project.pbxproj\n"))
        #expect(
            result.standardOutput.contains(
                "would add App/Modules/Home/HomeViewController.xib to App.xcodeproj (group App/Modules/Home; "
                    + "target App)\n"))
        #expect(folder.read(Self.project) == SmallXcodeProject.text)
        #expect(!folder.exists("App/Modules"))
    }

    @Test func aCheckReportsTheFilesMissingFromTheProject() throws {
        let folder = try folderWithProject()
        defer { folder.remove() }
        #expect(try folder.generate(arguments).status == 0)
        try folder.write(Self.project, SmallXcodeProject.text)
        let result = try folder.generate(arguments + ["--check"])
        #expect(result.status == 1)
        #expect(result.standardOutput.contains("--- App.xcodeproj/project.pbxproj (on disk)\n"))
        #expect(
            result.standardOutput.contains(
                "missing from App.xcodeproj: App/Modules/Home/HomePresenter.swift (group App/Modules/Home; target App)\n"
            ))
        #expect(result.standardError.contains("App.xcodeproj/project.pbxproj"))
        #expect(folder.read(Self.project) == SmallXcodeProject.text)
    }

    @Test func anUnknownTargetGetsASuggestionAndNothingIsWritten() throws {
        let folder = try folderWithProject()
        defer { folder.remove() }
        let result = try folder.generate(arguments + ["--target", "Ap"])
        #expect(result.status == 64)
        #expect(
            result.standardError.hasPrefix(
                "modgen: error: the project 'App.xcodeproj' has no target 'Ap'; did you mean 'App'?\n"))
        #expect(!folder.exists("App/Modules"))
        #expect(folder.read(Self.project) == SmallXcodeProject.text)
    }

    @Test func theConfigNamesTheProjectAndItsTargets() throws {
        let folder = try folderWithProject()
        defer { folder.remove() }
        try folder.write(
            ".modgen.json",
            #"{ "output": "App/Modules", "xcodeproj": { "path": "App.xcodeproj", "targets": ["App"] } }"#)
        let result = try folder.generate(["new", "Home"])
        #expect(result.status == 0, "\(result.standardError)")
        #expect(result.standardOutput.contains("add App/Modules/Home/HomePresenter.swift to App.xcodeproj"))

        try folder.write(".modgen.json", #"{ "xcodeproj": { "path": "App.xcodeproj", "targets": ["Appp"] } }"#)
        let wrong = try folder.generate(["new", "Other"])
        #expect(wrong.status == 65)
        #expect(wrong.standardError.contains(".modgen.json:1:"))
        #expect(wrong.standardError.contains("has no target 'Appp'; did you mean 'App'?"))
    }

    /// `--xcodeproj none`, as the help says: this run leaves the config's project alone.
    @Test func noneLeavesTheConfigsProjectAlone() throws {
        let folder = try folderWithProject()
        defer { folder.remove() }
        try folder.write(
            ".modgen.json",
            #"{ "output": "App/Modules", "xcodeproj": { "path": "App.xcodeproj", "targets": ["App"] } }"#)
        let result = try folder.generate(["new", "Home", "--xcodeproj", "none"])
        #expect(result.status == 0, "\(result.standardError)")
        #expect(!result.standardOutput.contains("App.xcodeproj"))
        #expect(folder.exists("App/Modules/Home/HomePresenter.swift"))
        #expect(folder.read(Self.project) == SmallXcodeProject.text)
        let targets = try folder.generate(["new", "Other", "--xcodeproj", "none", "--target", "App"])
        #expect(targets.status == 64)
        #expect(targets.standardError.contains("--xcodeproj none names none"))
    }

    /// The tests' files compiled into the app would ship with it: an application as --test-target is refused.
    @Test func anApplicationAsTestTargetIsRefusedWithTheTestTargets() throws {
        let folder = try folderWithProject()
        defer { folder.remove() }
        let result = try folder.generate(arguments + ["--test-target", "App"])
        #expect(result.status == 64, "\(result.standardError)")
        #expect(
            result.standardError.hasPrefix(
                "modgen: error: the target 'App' of 'App.xcodeproj' is no test bundle (application): test files "
                    + "would be built into it; its test targets: 'AppTests'\n"))
        #expect(folder.read(Self.project) == SmallXcodeProject.text)
        #expect(!folder.exists("App/Modules"))
    }

    /// Targets the config's project settings get wrong are the config's error (exit 65, naming the config), without
    /// the usage lines a mistyped flag gets: an application as the config's test target, and a project the config
    /// names whose test target cannot be chosen because it has none (its only test bundle runs UI tests).
    @Test func testTargetsFromTheConfigAreTheConfigsErrorNotAUsageError() throws {
        let folder = try TemporaryFolder.isolated()
        defer { folder.remove() }
        let noTestBundle = SmallXcodeProject.text.replacingOccurrences(
            of: "com.apple.product-type.bundle.unit-test", with: "com.apple.product-type.bundle.ui-testing")
        let generate = [
            "new", "Home", "--output", "App/Modules", "--tests", "xctest", "--root", "tests=AppTests/Modules",
        ]
        for (project, settings, words) in [
            (SmallXcodeProject.text, #"{ "path": "App.xcodeproj", "testTargets": ["App"] }"#, "is no test bundle"),
            (noTestBundle, #"{ "path": "App.xcodeproj" }"#, "has no unit-test target"),
        ] {
            try folder.write(Self.project, project)
            try folder.write(".modgen.json", #"{ "xcodeproj": "# + settings + " }")
            let result = try folder.generate(generate)
            #expect(result.status == 65, "\(result.standardError)")
            #expect(result.standardError.hasPrefix("modgen: error: "), "\(result.standardError)")
            #expect(result.standardError.contains("/.modgen.json:1:"), "\(result.standardError)")
            #expect(result.standardError.contains(words), "\(result.standardError)")
            #expect(!result.standardError.contains("Usage:"), "\(result.standardError)")
            #expect(folder.read(Self.project) == project)
            #expect(!folder.exists("App/Modules"))
        }
    }

    @Test func targetsWithoutAProjectAreAUsageError() throws {
        let folder = try TemporaryFolder.isolated()
        defer { folder.remove() }
        let result = try folder.generate(["new", "Home", "--target", "App"])
        #expect(result.status == 64)
        #expect(result.standardError.contains("--target and --test-target need a project"))
    }

    @Test func aMissingProjectIsMissingInputAndMakesNoFolder() throws {
        let folder = try TemporaryFolder.isolated()
        defer { folder.remove() }
        let result = try folder.generate(["new", "Home", "--output", "Modules", "--xcodeproj", "Missing.xcodeproj"])
        #expect(result.status == 66)
        #expect(!folder.exists("Missing.xcodeproj"))
        #expect(!folder.exists("Modules"))
    }

    @Test func aProjectXcodeGenMakesGetsAWarning() throws {
        let folder = try folderWithProject()
        defer { folder.remove() }
        try folder.write("project.yml", "name: App\n")
        let result = try folder.generate(["new", "Home", "--output", "App/Modules", "--xcodeproj", "App.xcodeproj"])
        #expect(result.status == 0)
        #expect(
            linesOtherThanNotes(in: result.standardError)
                == [
                    "modgen: warning: App.xcodeproj is generated by XcodeGen: its next generation drops what modgen "
                        + "adds; add the files to the XcodeGen spec instead"
                ])
    }

    @Test func hooksAreToldTheProjectsPath() throws {
        let folder = try folderWithProject()
        defer { folder.remove() }
        try folder.write(
            ".modgen.json",
            #"{ "xcodeproj": { "path": "App.xcodeproj" }, "after": ["printf '%s' \"$MODGEN_XCODEPROJ\" > told.txt"] }"#)
        let result = try folder.generate(["new", "Home", "--output", "App/Modules"])
        #expect(result.status == 0, "\(result.standardError)")
        let told = try #require(folder.read("told.txt"))
        #expect(told.hasPrefix("/") && told.hasSuffix("/App.xcodeproj"))
    }

    @Test func aProjectFileOverTheSizeLimitIsRefusedAndNothingIsWritten() throws {
        let folder = try folderWithProject()
        defer { folder.remove() }
        // A sparse file: past the 16 MiB every input may be, without writing 100 MB.
        let handle = try FileHandle(forWritingTo: folder.url(Self.project))
        try handle.truncate(atOffset: 100 * 1024 * 1024)
        try handle.close()
        let result = try folder.generate(["new", "Home", "--output", "App/Modules", "--xcodeproj", "App.xcodeproj"])
        #expect(result.status == 66)
        #expect(result.standardError.contains("App.xcodeproj/project.pbxproj"))
        #expect(!folder.exists("App/Modules"))
    }
}
