import Foundation
import TestSupport
import Testing

@testable import ModGenTemplates

/// Which team macros file a run into an output folder reads: the project's or the folder's own name, nearest first,
/// found by looking at those names only (no folder is listed on the way up).
@Suite struct XcodeMacrosFileTests {
    static let macros = "xcshareddata/IDETemplateMacros.plist"

    func locate(_ folder: TemporaryFolder, output: String, project: String = "") -> String? {
        XcodeMacrosFile.locate(outputDirectory: folder.path(output), project: project, configured: "configured.plist")
    }

    @Test func theProjectNamedByTheHeaderIsFoundAboveTheOutput() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        try folder.write("repo/Shop.xcodeproj/\(Self.macros)", "{}")
        #expect(
            locate(folder, output: "repo/Sources/Modules", project: "Shop")
                == folder.path("repo/Shop.xcodeproj/\(Self.macros)"))
    }

    @Test func withoutAProjectNameAFolderNamedLikeItsProjectIsFound() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        try folder.write("App/App.xcworkspace/\(Self.macros)", "{}")
        #expect(locate(folder, output: "App/Sources") == folder.path("App/App.xcworkspace/\(Self.macros)"))
    }

    @Test func theNearestFolderWinsAndProjectsComeBeforeWorkspaces() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        try folder.write("Shop/Shop.xcodeproj/\(Self.macros)", "{}")
        try folder.write("Shop/Feature/Shop.xcworkspace/\(Self.macros)", "{}")
        try folder.write("Shop/Feature/Shop.xcodeproj/\(Self.macros)", "{}")
        #expect(
            locate(folder, output: "Shop/Feature/Home", project: "Shop")
                == folder.path("Shop/Feature/Shop.xcodeproj/\(Self.macros)"))
        // A project without the file does not stop the walk.
        try FileManager.default.removeItem(atPath: folder.path("Shop/Feature/Shop.xcodeproj/\(Self.macros)"))
        try FileManager.default.removeItem(atPath: folder.path("Shop/Feature/Shop.xcworkspace/\(Self.macros)"))
        #expect(locate(folder, output: "Shop/Feature/Home") == folder.path("Shop/Shop.xcodeproj/\(Self.macros)"))
    }

    /// Finding a project of any other name would mean listing every folder up to `/` on each run.
    @Test func aProjectOfAnotherNameIsNotLookedFor() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        try folder.write("repo/Other.xcodeproj/\(Self.macros)", "{}")
        #expect(locate(folder, output: "repo/Modules", project: "Shop") == "configured.plist")
        #expect(
            locate(folder, output: "repo/Modules", project: "Other")
                == folder.path("repo/Other.xcodeproj/\(Self.macros)"))
    }

    @Test func aProjectNameThatIsAPathNamesNothing() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        try folder.write("repo/a/b.xcodeproj/\(Self.macros)", "{}")
        #expect(locate(folder, output: "repo/Modules", project: "a/b") == "configured.plist")
        #expect(XcodeMacrosFile.locate(outputDirectory: nil, project: "Shop", configured: nil) == nil)
    }
}
