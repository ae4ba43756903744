import ModGenCore
import TestSupport

@testable import ModGenXcodeProject

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// The real project files in `Fixtures/` (each with its source and licence) and the small one of `TestSupport`, read
/// as if each sat in `/work/<name>/`.
enum ProjectFixtures {
    static let directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent(
        "Fixtures")

    static let names = [
        "nalexn+clean-architecture-swiftui", "RevenueCat+purchases-ios", "infinum+ios-viper-xcode-templates",
        "Ranchero-Software+NetNewsWire",
    ]

    static func bytes(_ name: String) throws -> [UInt8] {
        try TextFile.readBytes(atPath: directory.appendingPathComponent(name + "/project.pbxproj").path)
    }

    static func project(_ name: String) throws -> XcodeProject {
        try XcodeProject(bytes: bytes(name), displayPath: "App.xcodeproj", containingFolder: "/work/\(name)")
    }

    static func small(_ text: String = SmallXcodeProject.text) throws -> XcodeProject {
        try XcodeProject(bytes: Array(text.utf8), displayPath: "App.xcodeproj", containingFolder: "/work/small")
    }

    /// The text of an edit's new bytes.
    static func text(_ edit: ProjectEdit) -> String { String(decoding: edit.newBytes, as: UTF8.self) }
}

extension XcodeProject {
    /// Adds `paths` (relative to the project's folder) to the targets named.
    func adding(_ paths: [String], to targetNames: [String]) throws -> ProjectEdit {
        let targets = try self.targets(named: targetNames, defaultKind: .application)
        let folder = PathComponents.string(graph.projectFolder)
        return try adding(paths.map { ProjectFileAddition(path: folder + "/" + $0, targets: targets) })
    }
}
