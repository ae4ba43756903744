import ModGenCore
import TestSupport
import Testing

@testable import ModGenXcodeProject

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// The module an app target's code is compiled into, as Xcode names it from the target's build settings: what the
/// generated tests `@testable import`.
@Suite struct ProductModuleNameTests {
    /// The small project with the target `App` given build configurations (`Debug`, `Release`) holding `target`'s
    /// settings, the project given `project`'s, and `baseConfiguration` as the `.xcconfig` the target's are based on.
    static func project(
        target: [String: String] = [:], release: [String: String]? = nil, project: [String: String] = [:],
        defaultConfiguration: String = "Release", baseConfiguration: String? = nil, folder: String = "/work/small"
    ) throws -> XcodeProject {
        func settings(_ values: [String: String]) -> String {
            values.sorted { $0.key < $1.key }.map { "\t\t\t\t\"\($0.key)\" = \"\($0.value)\";\n" }.joined()
        }
        let base = baseConfiguration == nil ? "" : "\t\t\tbaseConfigurationReference = C0000000000000000000000F;\n"
        let objects = """
            \t\tC00000000000000000000001 = {
            \t\t\tisa = XCConfigurationList;
            \t\t\tbuildConfigurations = (C00000000000000000000002, C00000000000000000000003);
            \t\t\tdefaultConfigurationName = \(defaultConfiguration);
            \t\t};
            \t\tC00000000000000000000002 = {
            \t\t\tisa = XCBuildConfiguration;
            \(base)\t\t\tbuildSettings = {
            \(settings(target))\t\t\t};
            \t\t\tname = Debug;
            \t\t};
            \t\tC00000000000000000000003 = {
            \t\t\tisa = XCBuildConfiguration;
            \(base)\t\t\tbuildSettings = {
            \(settings(release ?? target))\t\t\t};
            \t\t\tname = Release;
            \t\t};
            \t\tC00000000000000000000004 = {
            \t\t\tisa = XCConfigurationList;
            \t\t\tbuildConfigurations = (C00000000000000000000005);
            \t\t\tdefaultConfigurationName = Release;
            \t\t};
            \t\tC00000000000000000000005 = {
            \t\t\tisa = XCBuildConfiguration;
            \t\t\tbuildSettings = {
            \(settings(project))\t\t\t};
            \t\t\tname = Release;
            \t\t};
            \t\tC0000000000000000000000F = {isa = PBXFileReference; path = \(baseConfiguration ?? "none"); sourceTree = "<group>"; };

            """
        var text = SmallXcodeProject.text
        text = text.replacingOccurrences(
            of: "\t\t\tname = App;\n",
            with: "\t\t\tbuildConfigurationList = C00000000000000000000001;\n\t\t\tname = App;\n")
        text = text.replacingOccurrences(
            of: "\t\t\tmainGroup = A00000000000000000000001;\n",
            with:
                "\t\t\tbuildConfigurationList = C00000000000000000000004;\n\t\t\tmainGroup = A00000000000000000000001;\n"
        )
        text = text.replacingOccurrences(
            of: "\t\t\t\tA00000000000000000000002 /* App */,\n",
            with: "\t\t\t\tA00000000000000000000002 /* App */,\n\t\t\t\tC0000000000000000000000F,\n")
        text = text.replacingOccurrences(of: "\t};\n\trootObject", with: objects + "\t};\n\trootObject")
        return try XcodeProject(bytes: Array(text.utf8), displayPath: "App.xcodeproj", containingFolder: folder)
    }

    static func moduleName(of project: XcodeProject) throws -> String? {
        project.productModuleName(of: try #require(project.targets.first { $0.name == "App" }))
    }

    @Test func withoutSettingsItIsTheTargetsName() throws {
        #expect(try Self.moduleName(of: ProjectFixtures.small()) == "App")
        #expect(try Self.moduleName(of: Self.project()) == "App")
    }

    /// Xcode's default `PRODUCT_MODULE_NAME` is `$(PRODUCT_NAME:c99extidentifier)`.
    @Test(arguments: [
        (["PRODUCT_NAME": "My Shop"], "My_Shop"),
        (["PRODUCT_NAME": "$(TARGET_NAME)"], "App"),
        (["PRODUCT_NAME": "${TARGET_NAME}-iOS"], "App_iOS"),
        (["PRODUCT_NAME": "Shop Kit", "PRODUCT_MODULE_NAME": "ShopKit"], "ShopKit"),
        (["PRODUCT_NAME": "2048 Game", "PRODUCT_MODULE_NAME": "$(PRODUCT_NAME:c99extidentifier)"], "_048_Game"),
        (["PRODUCT_MODULE_NAME": "$(TARGET_NAME)Core"], "AppCore"),
        (["PRODUCT_NAME": "2048 Game"], "_048_Game"),
    ])
    func theModuleNameFollowsTheSettings(settings: [String: String], module: String) throws {
        #expect(try Self.moduleName(of: Self.project(target: settings)) == module)
    }

    /// What the project file cannot answer is no answer: the caller falls back to its own default.
    @Test(arguments: [
        ["PRODUCT_NAME": "$(inherited)"], ["PRODUCT_MODULE_NAME": "$(SDK_NAME)"],
        ["PRODUCT_NAME": "$(TARGET_NAME:rfc1034identifier)"], ["PRODUCT_MODULE_NAME": "Not An Identifier"],
        ["PRODUCT_NAME[sdk=iphoneos*]": "Phone"], ["PRODUCT_NAME": "$(TARGET_NAME"],
        // Xcode's module would be `Café`: a name generated code cannot be given (ASCII only), so no answer.
        ["PRODUCT_NAME": "Café"],
    ])
    func whatTheFileDoesNotSayGivesNoName(settings: [String: String]) throws {
        #expect(try Self.moduleName(of: Self.project(target: settings)) == nil)
    }

    @Test func theDefaultConfigurationIsRead() throws {
        let debugFirst = try Self.project(
            target: ["PRODUCT_NAME": "Debug Shop"], release: ["PRODUCT_NAME": "Shop"], defaultConfiguration: "Release")
        #expect(try Self.moduleName(of: debugFirst) == "Shop")
        let debug = try Self.project(
            target: ["PRODUCT_NAME": "Debug Shop"], release: ["PRODUCT_NAME": "Shop"], defaultConfiguration: "Debug")
        #expect(try Self.moduleName(of: debug) == "Debug_Shop")
    }

    @Test func theProjectsSettingsApplyWhereTheTargetHasNone() throws {
        let project = try Self.project(target: [:], project: ["PRODUCT_MODULE_NAME": "Shared"])
        #expect(try Self.moduleName(of: project) == "Shared")
        let overridden = try Self.project(
            target: ["PRODUCT_MODULE_NAME": "Own"], project: ["PRODUCT_MODULE_NAME": "Shared"])
        #expect(try Self.moduleName(of: overridden) == "Own")
    }

    /// The `.xcconfig` a configuration is based on comes after the configuration and before the project.
    @Test func anXcconfigIsReadWithItsIncludes() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        try folder.write("Config/Base.xcconfig", "PRODUCT_NAME = Base Name // a comment\n")
        try folder.write(
            "Config/App.xcconfig", "#include \"Base.xcconfig\"\n#include? \"Missing.xcconfig\"\nOTHER = 1\n")
        let project = try Self.project(
            target: [:], project: ["PRODUCT_NAME": "Project"], baseConfiguration: "Config/App.xcconfig",
            folder: folder.path)
        #expect(try Self.moduleName(of: project) == "Base_Name")
        let targetWins = try Self.project(
            target: ["PRODUCT_NAME": "Target"], baseConfiguration: "Config/App.xcconfig", folder: folder.path)
        #expect(try Self.moduleName(of: targetWins) == "Target")
        try folder.write("Config/App.xcconfig", "#include \"Gone.xcconfig\"\n")
        #expect(try Self.moduleName(of: project) == nil, "an include that cannot be read")
        let missing = try Self.project(target: [:], baseConfiguration: "Config/Nothing.xcconfig", folder: folder.path)
        #expect(try Self.moduleName(of: missing) == nil, "an xcconfig that cannot be read")
    }

    /// The shared corpus (CI puts it beside the clone), with each project's `.xcconfig` files stood in for by empty
    /// ones where the corpus has none: the module of each project's application targets, by the target's settings.
    /// Expected values are read off the project files (`PRODUCT_NAME`, `PRODUCT_MODULE_NAME`), not from modgen.
    @Test(.enabled(if: Corpus.folder != nil))
    func corpusProjectsWhoseProductIsNamedOtherwise() throws {
        let expected: [(project: String, target: String, module: String)] = [
            // PRODUCT_NAME = "Home Assistant", PRODUCT_MODULE_NAME = HomeAssistant.
            ("home-assistant+iOS@ov53", "HomeAssistant", "HomeAssistant"),
            // PRODUCT_NAME = "$(TARGET_NAME)": the target's name with its blank made an underscore.
            ("apple+sample-food-truck", "Food Truck", "Food_Truck"),
            ("apple+sample-food-truck", "Food Truck All", "Food_Truck_All"),
            // PRODUCT_NAME = "WhisperAX Watch App".
            ("argmaxinc+WhisperKit", "WhisperAX Watch App", "WhisperAX_Watch_App"),
            ("pointfreeco+isowords", "isowords", "isowords"),
            // No PRODUCT_NAME written: Xcode's default, the target's name.
            ("Ranchero-Software+NetNewsWire", "NetNewsWire-iOS", "NetNewsWire_iOS"),
        ]
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        for (name, targetName, module) in expected {
            let bytes = try TextFile.readBytes(atPath: try #require(Corpus.folder) + "/\(name)/project.pbxproj")
            let root = folder.path(name)
            var project = try XcodeProject(bytes: bytes, displayPath: "App.xcodeproj", containingFolder: root)
            for path in project.referencedFiles(under: root) where path.hasSuffix(".xcconfig") {
                try FileManager.default.createDirectory(
                    atPath: PathText.parent(path), withIntermediateDirectories: true)
                #expect(FileManager.default.createFile(atPath: path, contents: Data()))
            }
            project = try XcodeProject(bytes: bytes, displayPath: "App.xcodeproj", containingFolder: root)
            let target = try #require(project.targets.first { $0.name == targetName }, "\(name)")
            #expect(project.productModuleName(of: target) == module, "\(name): \(targetName)")
        }
    }
}

/// The folder `XCODEPROJ_CORPUS` names, else `../shared/xcodeproj-corpus` beside the clone, if it is there.
enum Corpus {
    static let folder: String? = {
        let package = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
        let corpus =
            ProcessInfo.processInfo.environment["XCODEPROJ_CORPUS"]
            ?? package.deletingLastPathComponent().appendingPathComponent("shared/xcodeproj-corpus").path
        return FileManager.default.fileExists(atPath: corpus) ? corpus : nil
    }()
}

/// The folder of a path.
enum PathText {
    static func parent(_ path: String) -> String {
        String(path[..<(path.lastIndex(of: "/") ?? path.endIndex)])
    }
}
