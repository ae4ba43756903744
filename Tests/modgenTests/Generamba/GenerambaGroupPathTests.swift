import Foundation
import ModGenKit
import TestSupport
import Testing

/// A Rambafile whose group paths differ from its file paths, or with `create_logical_groups: true`: files where
/// Generamba writes them, in the groups Generamba names and makes (`ProjectGroupPlacement`). No reference run uses
/// these keys (upstream Generamba cannot run here: no xcodeproj gem), so the expected groups and files below are
/// worked out by hand from Generamba's rules (`shared/generamba/SEMANTICS.md` §2 and §4, and
/// `helpers/xcodeproj_helper.rb` at 615354cc): a missing group is made with its name as path, but the module's group
/// gets the module's folder relative to the project (`SOURCE_ROOT`) when the group path differs from the file path,
/// and with logical groups every group made but the module's has no path and the files lie flat in the module's
/// folder. The fixture project's `App` and `AppTests` groups stand for the `App` and `AppTests` folders.
@Suite struct GenerambaGroupPathTests {
    /// A group or file of the expected summary: where it is in the navigator, its `path` and source tree; for a file
    /// the build phases that build it.
    struct Expected: Equatable, CustomStringConvertible {
        var hierarchy: String
        var path: String?
        var sourceTree: String
        var phases: [String]? = nil

        var description: String {
            "\(hierarchy) path=\(path ?? "none") \(sourceTree)" + (phases.map { " \($0)" } ?? "")
        }
    }

    static let layers = ["View", "Presenter", "Interactor", "Router", "Configurator"]
    static let codeFiles = [
        "View/HomeViewInput.swift", "View/HomeViewOutput.swift", "View/HomeViewController.swift",
        "Presenter/HomeModuleInput.swift", "Presenter/HomePresenter.swift", "Interactor/HomeInteractorInput.swift",
        "Interactor/HomeInteractorOutput.swift", "Interactor/HomeInteractor.swift", "Router/HomeRouterInput.swift",
        "Router/HomeRouter.swift", "Configurator/HomeConfigurator.swift", "Configurator/HomeInitializer.swift",
    ]
    static let testFiles = [
        "Configurator/HomeConfiguratorTests.swift", "View/HomeViewTests.swift",
        "Interactor/HomeInteractorTests.swift", "Presenter/HomePresenterTests.swift", "Router/HomeRouterTests.swift",
    ]

    /// The swifty_viper reference project with its Rambafile's path settings replaced by `settings`.
    static func project(_ settings: String) throws -> GenerambaProject {
        let project = try GenerambaProject(case: "swifty_viper/Home")
        let rambafile = project.project.appendingPathComponent("Rambafile")
        var text = try String(contentsOf: rambafile, encoding: .utf8)
        let start = try #require(text.range(of: "### Code generation settings section\n"))
        let end = try #require(text.range(of: "### Templates\n"))
        text.replaceSubrange(start.lowerBound..<end.lowerBound, with: settings)
        try Data(text.utf8).write(to: rambafile)
        return project
    }

    /// The groups and files below `App` and `AppTests` in the project's summary (`XcodeSummary`).
    static func summary(_ project: GenerambaProject) throws -> (groups: [Expected], files: [Expected]) {
        let summary = try XcodeSummary.summary(
            ofProjectFile: project.project.appendingPathComponent("App.xcodeproj/project.pbxproj").path)
        func expected(_ value: JSONValue, file: Bool) -> Expected? {
            guard let hierarchy = value["hierarchy"]?.stringValue,
                hierarchy.hasPrefix("/App/") || hierarchy.hasPrefix("/AppTests/")
            else { return nil }
            return Expected(
                hierarchy: hierarchy, path: value["path"]?.stringValue,
                sourceTree: value["sourceTree"]?.stringValue ?? "",
                phases: file ? value["build_phases"]?.arrayValue?.compactMap(\.stringValue) : nil)
        }
        return (
            summary.groups.compactMap { expected($0, file: false) }.sorted { $0.hierarchy < $1.hierarchy },
            summary.files.compactMap { expected($0, file: true) }.sorted { $0.hierarchy < $1.hierarchy }
        )
    }

    /// What Generamba's rules give for module `Home` with the module's groups `App/Home` and `AppTests/Home`:
    /// `moduleGroup` is the module group's path and source tree for a side's folder (`App`, `AppTests`), `layerPath`
    /// whether the layer groups have their names as paths, `filePath` a file's path from its group's folder.
    static func expected(
        moduleGroup: (String) -> (String, String), layerPath: Bool, filePath: (String, String) -> String
    ) -> (groups: [Expected], files: [Expected]) {
        var groups: [Expected] = []
        var files: [Expected] = []
        for (side, names, target) in [("App", codeFiles, "App"), ("AppTests", testFiles, "AppTests")] {
            let (path, tree) = moduleGroup(side)
            groups.append(Expected(hierarchy: "/\(side)/Home", path: path, sourceTree: tree))
            for layer in layers {
                groups.append(
                    Expected(hierarchy: "/\(side)/Home/\(layer)", path: layerPath ? layer : nil, sourceTree: "<group>"))
            }
            for name in names {
                let layer = String(name.split(separator: "/")[0])
                let file = String(name.split(separator: "/")[1])
                files.append(
                    Expected(
                        hierarchy: "/\(side)/Home/\(layer)/\(file)", path: filePath(layer, file), sourceTree: "<group>",
                        phases: ["\(target):PBXSourcesBuildPhase"]))
            }
        }
        return (groups.sorted { $0.hierarchy < $1.hierarchy }, files.sorted { $0.hierarchy < $1.hierarchy })
    }

    /// Generates, compares with `expected` and the files on disk with `onDisk`, runs again (nothing changes),
    /// checks, and removes the module: the project file is then as before, byte for byte.
    static func check(
        _ settings: String, expected: (groups: [Expected], files: [Expected]), onDisk: [String],
        record: String
    ) throws {
        let project = try project(settings)
        defer { project.folder.remove() }
        let projectFile = project.project.appendingPathComponent("App.xcodeproj/project.pbxproj")
        let before = try Data(contentsOf: projectFile)
        let run = project.generate()
        #expect(run.status == 0, "\(run.standardError)")
        let written = GenerambaProject.files(below: project.project).keys.sorted()
        #expect(written == onDisk.sorted())
        let reference = GenerambaProject.files(
            below: project.reference.appendingPathComponent("files"))
        // The same bytes as the reference run wrote with the usual paths: only where they go differs.
        for path in written {
            let name = String(path.split(separator: "/").last!)
            let original = reference.first { $0.key.hasSuffix("/" + name) }?.value
            #expect(
                original != nil && original == (try? Data(contentsOf: project.project.appendingPathComponent(path))))
        }
        let ours = try summary(project)
        #expect(ours.groups == expected.groups, "\(ours.groups)")
        #expect(ours.files == expected.files, "\(ours.files)")
        let recordText = try String(
            contentsOf: project.project.appendingPathComponent(".modgen/modules/Home.json"), encoding: .utf8)
        #expect(recordText.contains(record), "\(recordText)")

        let again = project.generate()
        #expect(again.status == 0)
        let changed = again.standardOutput.split(separator: "\n").filter { !$0.hasPrefix("unchanged ") }
        #expect(changed.isEmpty, "\(changed)")
        let check = execute(["update", "Home", "--check"], in: project.project, environment: project.environment)
        #expect(check.status == 0, "\(check.standardOutput)\(check.standardError)")

        let removal = execute(["remove", "Home"], in: project.project, environment: project.environment)
        #expect(removal.status == 0, "\(removal.standardError)")
        #expect(GenerambaProject.files(below: project.project).isEmpty)
        #expect(try Data(contentsOf: projectFile) == before)
    }

    @Test func groupPathsThatDifferFromTheFilePaths() throws {
        try Self.check(
            """
            project_target: App
            project_file_path: App/Modules
            project_group_path: App
            test_target: AppTests
            test_file_path: AppTests/Modules
            test_group_path: AppTests/

            """,
            expected: Self.expected(
                moduleGroup: { ("\($0)/Modules/Home", "SOURCE_ROOT") }, layerPath: true, filePath: { $1 }),
            onDisk: Self.codeFiles.map { "App/Modules/Home/\($0)" }
                + Self.testFiles.map { "AppTests/Modules/Home/\($0)" },
            record:
                "\"code\": {\n        \"differsFromFolder\": true,\n        \"path\": \"App\"\n      },\n      \"logical\": false"
        )
    }

    @Test func logicalGroupsWithTheGroupPathsTheFilePaths() throws {
        try Self.check(
            """
            project_target: App
            project_file_path: App
            test_target: AppTests
            test_group_path: AppTests
            create_logical_groups: true

            """,
            expected: Self.expected(moduleGroup: { _ in ("Home", "<group>") }, layerPath: false, filePath: { $1 }),
            onDisk: Self.codeFiles.map { "App/Home/" + $0.split(separator: "/")[1] }
                + Self.testFiles.map { "AppTests/Home/" + $0.split(separator: "/")[1] },
            record: "\"logical\": true")
    }

    @Test func logicalGroupsWithGroupPathsThatDifferFromTheFilePaths() throws {
        try Self.check(
            """
            project_target: App
            project_file_path: App/Modules
            project_group_path: App
            test_target: AppTests
            test_file_path: AppTests/Modules
            test_group_path: AppTests
            create_logical_groups: yes

            """,
            expected: Self.expected(
                moduleGroup: { ("\($0)/Modules/Home", "SOURCE_ROOT") }, layerPath: false, filePath: { $1 }),
            onDisk: Self.codeFiles.map { "App/Modules/Home/" + $0.split(separator: "/")[1] }
                + Self.testFiles.map { "AppTests/Modules/Home/" + $0.split(separator: "/")[1] },
            record: "\"create_logical_groups\": \"true\"")
    }

    /// A missing group above the module's is made without a path when groups are logical, so the module's group
    /// (path `Home`) stands for `App/Home` while the files are in `App/Modules/Home`: each file is referenced from
    /// there with `..`, as the xcodeproj gem and Xcode write a path relative to the group, and Xcode names it.
    @Test func logicalGroupsBelowAGroupThatIsMissing() throws {
        let project = try Self.project(
            """
            project_target: App
            project_file_path: App/Modules
            test_target: AppTests
            test_file_path: AppTests
            create_logical_groups: true

            """)
        defer { project.folder.remove() }
        let run = project.generate()
        #expect(run.status == 0, "\(run.standardError)")
        let text = try #require(
            String(
                data: Data(contentsOf: project.project.appendingPathComponent("App.xcodeproj/project.pbxproj")),
                encoding: .utf8))
        #expect(
            text.contains(
                "lastKnownFileType = sourcecode.swift; name = HomeRouter.swift; "
                    + "path = ../Modules/Home/HomeRouter.swift; sourceTree = \"<group>\"; };"))
        let summary = try Self.summary(project)
        #expect(summary.groups.contains(Expected(hierarchy: "/App/Modules", path: nil, sourceTree: "<group>")))
        #expect(summary.groups.contains(Expected(hierarchy: "/App/Modules/Home", path: "Home", sourceTree: "<group>")))
        // The groups made above the module's go with it too.
        let removal = execute(["remove", "Home"], in: project.project, environment: project.environment)
        #expect(removal.status == 0, "\(removal.standardError)")
        let after = try Data(contentsOf: project.project.appendingPathComponent("App.xcodeproj/project.pbxproj"))
        #expect(
            after
                == (try Data(
                    contentsOf: GenerambaProject.fixtures.appendingPathComponent(
                        "fixture/App.xcodeproj/project.pbxproj"))))
    }

    /// `rename` of a module in named groups: the files join the new module's groups, the old module's groups go.
    @Test func renameMovesTheFilesToTheNewModulesGroups() throws {
        let project = try Self.project(
            """
            project_target: App
            project_file_path: App/Modules
            project_group_path: App
            test_target: AppTests
            test_file_path: AppTests/Modules
            test_group_path: AppTests
            create_logical_groups: true

            """)
        defer { project.folder.remove() }
        #expect(project.generate().status == 0)
        let rename = execute(["rename", "Home", "Profile"], in: project.project, environment: project.environment)
        #expect(rename.status == 0, "\(rename.standardError)")
        let summary = try Self.summary(project)
        #expect(
            !summary.groups.contains { $0.hierarchy.hasPrefix("/App/Home") || $0.hierarchy.hasPrefix("/AppTests/Home") }
        )
        #expect(
            summary.groups.contains(
                Expected(hierarchy: "/App/Profile", path: "App/Modules/Profile", sourceTree: "SOURCE_ROOT")))
        #expect(
            summary.files.contains(
                Expected(
                    hierarchy: "/App/Profile/View/ProfileViewController.swift", path: "ProfileViewController.swift",
                    sourceTree: "<group>", phases: ["App:PBXSourcesBuildPhase"])))
        #expect(
            FileManager.default.fileExists(
                atPath: project.project.appendingPathComponent("App/Modules/Profile/ProfileViewController.swift").path))
        let check = execute(["update", "Profile", "--check"], in: project.project, environment: project.environment)
        #expect(check.status == 0, "\(check.standardOutput)\(check.standardError)")
    }
}
