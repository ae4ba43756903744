@testable import ModGenCore

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// The property lists in `Tests/ModGenCoreTests/Fixtures/`, read by path.
enum PropertyListFixtures {
    static let directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent(
        "Fixtures")

    static func path(_ name: String) -> String { directory.appendingPathComponent(name).path }

    static func bytes(_ name: String) throws -> [UInt8] { try TextFile.readBytes(atPath: path(name)) }

    static let infinumBundles = [
        "Module", "RxSwift Module", "SwiftUI Hosted Module", "Base Interfaces", "Base SwiftUI Hosted Interfaces",
    ]

    static func infinum(_ bundle: String) -> String { "Infinum/\(bundle).xctemplate/TemplateInfo.plist" }
}
