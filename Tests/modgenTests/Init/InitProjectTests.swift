import Foundation
import ModGenKit
import TestSupport
import Testing

@testable import modgen

/// `modgen init --xcodeproj <path> --target <name> --test-target <name>`: the project settings written into the new
/// config, checked against the project as `new` checks them; without them, an example of the project found beside
/// the config.
@Suite struct InitProjectTests {
    private func folderWithProject() throws -> TemporaryFolder {
        let folder = try TemporaryFolder()
        try folder.write("App.xcodeproj/project.pbxproj", SmallXcodeProject.text)
        return folder
    }

    @Test func theProjectAndItsTargetsAreWrittenAndNewUsesThem() throws {
        let folder = try folderWithProject()
        defer { folder.remove() }
        let result = try folder.run([
            "init", "--xcodeproj", "App.xcodeproj/", "--target", "App", "--test-target", "AppTests", "--output",
            "App/Modules", "-q",
        ])
        #expect(result.status == 0, "\(result.standardError)")
        let config = try ModGenConfig(contentsOf: folder.url(".modgen.json"))
        #expect(config.xcodeProject?.path.path == folder.url("App.xcodeproj").path)
        #expect(config.xcodeProject?.targets == ["App"])
        #expect(config.xcodeProject?.testTargets == ["AppTests"])
        let text = try #require(folder.read(".modgen.json"))
        #expect(
            text.contains(
                "\"xcodeproj\": {\n    \"path\": \"App.xcodeproj\",\n    \"targets\": [\n      \"App\"\n    ],\n"
                    + "    \"testTargets\": [\n      \"AppTests\"\n    ]\n  }"), "\(text)")
        let new = try folder.run(["new", "Home", "--tests", "xctest", "--root", "tests=AppTests/Modules", "-q"])
        #expect(new.status == 0, "\(new.standardError)")
        let project = try #require(folder.read("App.xcodeproj/project.pbxproj"))
        #expect(project.contains("HomePresenter.swift in Sources"))
        #expect(project.contains("HomePresenterTests.swift in Sources"))
    }

    /// Targets not named are shown as examples of the project's own (`new` takes its only app target either way).
    @Test func targetsNotNamedAreExamplesOfTheProjectsOwn() throws {
        let folder = try folderWithProject()
        defer { folder.remove() }
        let result = try folder.run(["init", "--xcodeproj", "App.xcodeproj", "-q"])
        #expect(result.status == 0, "\(result.standardError)")
        let text = try #require(folder.read(".modgen.json"))
        #expect(
            text.contains("\"xcodeproj\": {\n    \"path\": \"App.xcodeproj\",\n    \"//targets\": [\n      \"App\"\n"))
        #expect(text.contains("\"//testTargets\": [\n      \"AppTests\"\n"))
        let config = try ModGenConfig(contentsOf: folder.url(".modgen.json"))
        #expect(config.xcodeProject?.targets == [])
    }

    /// Checked as `new` checks them: one line with the candidates, exit 64, nothing written.
    @Test(arguments: [
        (
            ["--target", "Ap"],
            "modgen: error: the project 'App.xcodeproj' has no target 'Ap'; did you mean 'App'?"
        ),
        (
            ["--test-target", "App"],
            "modgen: error: the target 'App' of 'App.xcodeproj' is no test bundle (application): test files would be "
                + "built into it; its test targets: 'AppTests'"
        ),
    ])
    func targetsTheProjectDoesNotHaveAreRefused(arguments: [String], message: String) throws {
        let folder = try folderWithProject()
        defer { folder.remove() }
        let result = try folder.run(["init", "--xcodeproj", "App.xcodeproj"] + arguments)
        #expect(result.status == 64)
        #expect(result.standardError.hasPrefix(message), "\(result.standardError)")
        #expect(!folder.exists(".modgen.json"))
    }

    @Test func aFolderThatIsNoProjectIsRefused() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        try folder.makeFolder("App")
        let result = try folder.run(["init", "--xcodeproj", "App"])
        #expect(result.status == 66, "\(result.standardError)")
        #expect(result.standardError.contains("is no Xcode project"))
        #expect(!folder.exists(".modgen.json"))
        let targets = try folder.run(["init", "--target", "App"])
        #expect(targets.status == 64)
        #expect(targets.standardError.contains("--target and --test-target need a project: name it with --xcodeproj"))
        #expect(!folder.exists(".modgen.json"))
    }

    /// Without `--xcodeproj`, the one project beside the config is the example, with its targets; uncommented, `new`
    /// adds modules to it.
    @Test func theProjectBesideTheConfigIsTheExample() throws {
        let folder = try folderWithProject()
        defer { folder.remove() }
        #expect(try folder.run(["init", "-q"]).status == 0)
        let text = try #require(folder.read(".modgen.json"))
        let example =
            "\"//xcodeproj\": {\n    \"path\": \"App.xcodeproj\",\n    \"targets\": [\n      \"App\"\n    ],\n"
            + "    \"testTargets\": [\n      \"AppTests\"\n    ]\n  }"
        #expect(text.contains(example), "\(text)")
        try folder.write(".modgen.json", text.replacingOccurrences(of: "\"//xcodeproj\"", with: "\"xcodeproj\""))
        let new = try folder.run(["new", "Home", "--output", "App/Modules", "-q"])
        #expect(new.status == 0, "\(new.standardError)")
        #expect(folder.read("App.xcodeproj/project.pbxproj")?.contains("HomePresenter.swift in Sources") == true)
    }

    /// No project, or more than one: an example with the names Xcode gives a new app.
    @Test func withoutOneProjectTheExampleIsMadeUp() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        try folder.write("A.xcodeproj/project.pbxproj", SmallXcodeProject.text)
        try folder.write("B.xcodeproj/project.pbxproj", SmallXcodeProject.text)
        #expect(try folder.run(["init", "-q"]).status == 0)
        let text = try #require(folder.read(".modgen.json"))
        #expect(
            text.contains(
                "\"//xcodeproj\": {\n    \"path\": \"App.xcodeproj\",\n    \"targets\": [\n      \"App\"\n    ],\n"
                    + "    \"testTargets\": [\n      \"AppTests\"\n    ]\n  }"), "\(text)")
    }
}
