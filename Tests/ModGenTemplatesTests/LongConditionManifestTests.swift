import Foundation
import ModGenCore
import ModGenMustache
import TestSupport
import Testing

@testable import ModGenTemplates

/// A manifest whose condition is a 100 KB chain of `&&`: it used to overflow the stack while the catalog read it,
/// so even commands about other templates crashed.
@Suite struct LongConditionManifestTests {
    static let chain = Array(repeating: "flag", count: 20_000).joined(separator: " && ")

    static func manifest(id: String, when: String?) -> String {
        let file = when.map { #", "when": "\#($0)""# } ?? ""
        return """
            {
              "id": "\(id)",
              "summary": "\(id)",
              "options": [{ "name": "flag", "kind": "flag" }],
              "files": [{ "template": "A.mustache", "path": "A.swift"\(file) }]
            }
            """
    }

    @Test func aConditionPastTheLengthLimitIsReportedAtItsPosition() throws {
        let text = Self.manifest(id: "long", when: Self.chain)
        // The column of the first character past the limit: after the opening quote and `maximumLength` characters.
        let position = try #require(
            TextPositions.position(of: "\"flag && ", in: text, plus: 1 + Condition.maximumLength))
        let error = try #require(throws: DataFileError.self) {
            try TemplateManifest(parsing: text, fileName: "long/template.json")
        }
        #expect(error.fileName == "long/template.json")
        #expect(error.position == position)
        #expect(error.reason.hasPrefix("condition \"flag && flag"))
        #expect(error.reason.hasSuffix("\": longer than \(Condition.maximumLength) characters"))
        // One short line, not the 100 KB condition quoted back.
        #expect(error.message.count < 200)
        #expect(!error.message.contains("\n"))
    }

    @Test func aConditionWithinTheLimitsIsRead() throws {
        let when = Array(repeating: "flag", count: Condition.maximumTerms).joined(separator: " && ")
        let manifest = try TemplateManifest(parsing: Self.manifest(id: "fine", when: when), fileName: "template.json")
        #expect(manifest.files.first?.when?.optionNames.count == Condition.maximumTerms)
    }

    @Test func theCatalogTreatsItLikeAnyOtherBrokenManifest() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        try folder.write("good/template.json", Self.manifest(id: "good", when: "flag"))
        try folder.write("long/template.json", Self.manifest(id: "long", when: Self.chain))
        let catalog = TemplateCatalog(userDirectories: [URL(fileURLWithPath: folder.path)])
        // Other templates, built-in or the user's, are still usable.
        #expect(try catalog.template(id: "good").id == "good")
        #expect(try catalog.template(id: "viper").source == .builtIn(folder: "viper"))
        // Asked for by name, or listed with every other manifest, the broken one is reported, not a crash.
        #expect(throws: DataFileError.self) { try catalog.template(id: "long") }
        #expect(throws: DataFileError.self) { try catalog.summaries() }
    }
}
