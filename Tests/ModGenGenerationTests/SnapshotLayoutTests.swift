import Foundation
import ModGenCore
import ModGenMustache
import ModGenWriting
import Testing

@testable import ModGenGeneration
@testable import ModGenTemplates

/// `SnapshotLayout`: which options a stored file's variant names, and that each distinct file is stored once.
@Suite struct SnapshotLayoutTests {
    /// Two flags, `a` and `b`, and contents per combination given by the test.
    static let manifest = """
        {
          "id": "pair",
          "summary": "Two flags",
          "options": [{ "name": "a", "kind": "flag" }, { "name": "b", "kind": "flag" }],
          "files": [{ "template": "F.mustache", "path": "F.swift" }]
        }
        """

    /// The layout of one file `P.swift`, whose contents in each combination `contents` gives (nil: not generated).
    func layout(_ contents: (_ a: Bool, _ b: Bool) -> String?) throws -> SnapshotLayout {
        let manifest = try TemplateManifest(parsing: Self.manifest, fileName: "template.json")
        let outputs = try manifest.template.validCombinations().map { combination in
            let text = contents(combination.values.isOn("a"), combination.values.isOn("b"))
            return Snapshot.CombinationOutput(
                combination: combination, files: text.map { [RenderedFile(path: "P.swift", contents: $0)] } ?? [])
        }
        return SnapshotLayout(template: manifest.template, outputs: outputs)
    }

    /// The variant each combination uses, by combination name.
    func variants(_ layout: SnapshotLayout) -> [String: String] {
        Dictionary(uniqueKeysWithValues: layout.index.entries.map { ($0.combination, $0.variant) })
    }

    @Test func aFileNoOptionChangesIsStoredOnceAsDefault() throws {
        let layout = try layout { _, _ in "same\n" }
        #expect(layout.storedFiles == [RenderedFile(path: "default/P.swift", contents: "same\n")])
        #expect(Set(variants(layout).values) == ["default"])
        #expect(variants(layout).count == 4, "every combination is still listed")
    }

    @Test func theVariantNamesOnlyTheOptionThatChangesTheFile() throws {
        let layout = try layout { _, b in b ? "with b\n" : "without b\n" }
        #expect(
            layout.storedFiles == [
                RenderedFile(path: "b/P.swift", contents: "with b\n"),
                RenderedFile(path: "default/P.swift", contents: "without b\n"),
            ])
        #expect(variants(layout) == ["default": "default", "a": "default", "b": "b", "a+b": "b"])
    }

    /// A file only some combinations have is named after the option that adds it, not stored as `default/`,
    /// which would read as if the default combination had it.
    @Test func theOptionThatAddsAFileIsNamed() throws {
        let layout = try layout { a, _ in a ? "only with a\n" : nil }
        #expect(layout.storedFiles == [RenderedFile(path: "a/P.swift", contents: "only with a\n")])
        #expect(variants(layout) == ["a": "a", "a+b": "a"])
    }

    /// Contents that two combinations share are stored once, under the name that changes fewer options.
    @Test func equalContentsAreStoredOnceUnderThePlainestName() throws {
        let layout = try layout { a, b in a == b ? "even\n" : "odd\n" }
        #expect(
            layout.storedFiles == [
                RenderedFile(path: "b/P.swift", contents: "odd\n"),
                RenderedFile(path: "default/P.swift", contents: "even\n"),
            ])
        #expect(variants(layout) == ["default": "default", "a+b": "default", "a": "b", "b": "b"])
    }

    @Test func bothOptionsAreNamedWhenBothChangeTheFile() throws {
        let layout = try layout { a, b in "\(a) \(b)\n" }
        #expect(layout.storedFiles.map(\.path) == ["a+b/P.swift", "a/P.swift", "b/P.swift", "default/P.swift"])
        #expect(variants(layout) == ["default": "default", "a": "a", "b": "b", "a+b": "a+b"])
    }

    /// Removal is tried from the last option: when either option alone would decide the contents, the first one
    /// in the manifest is kept, so the choice does not depend on anything but the manifest and the contents.
    @Test func theGreedyChoiceKeepsTheEarlierOptionWhenEitherWouldDo() throws {
        let manifest = try TemplateManifest(parsing: Self.manifest, fileName: "template.json")
        // Only two combinations, where a and b always agree: either one decides the contents.
        let uses = try manifest.template.validCombinations().filter { $0.values.isOn("a") == $0.values.isOn("b") }.map {
            (combination: $0, contents: Optional(Array(($0.values.isOn("a") ? "on\n" : "off\n").utf8)))
        }
        #expect(SnapshotLayout.decidingOptions(manifest.options, uses: uses) == ["a"])
    }
}
