import Foundation
import ModGenCore
import ModGenMustache
import ModGenWriting
import Testing

@testable import ModGenGeneration
@testable import ModGenTemplates

/// Compares what every built-in template generates, in every option combination, with the golden files committed
/// under `Tests/Snapshots/<template>/`: each distinct file stored once as `<variant>/<path>`, and the index
/// `combinations.txt` naming the stored file of every file of every combination. After an intended change of
/// generated output, re-record them with `make snapshots` (or `swift run modgen snapshot <template> --output
/// Tests/Snapshots/<template>`) and review the diff like any other code change. Each folder holds the
/// `.modgen-snapshot` marker naming its template, which the comparison requires. The command reads no
/// `.modgen.json` unless `--config` is given, so it records exactly what these tests render.
@Suite struct GoldenSnapshotTests {
    static let snapshotsRoot = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Snapshots")

    @Test func everyBuiltInTemplateHasGoldenFiles() {
        let recorded = (try? FileManager.default.contentsOfDirectory(atPath: Self.snapshotsRoot.path)) ?? []
        #expect(!BuiltInTemplates.templateFolders.isEmpty)
        #expect(Set(recorded.filter { !$0.hasPrefix(".") }) == Set(BuiltInTemplates.templateFolders))
    }

    /// The marker `modgen snapshot` needs to record into the folder again (`make snapshots`).
    @Test(arguments: BuiltInTemplates.templateFolders)
    func goldenFolderIsMarkedForItsTemplate(templateID: String) throws {
        let marker = Self.snapshotsRoot.appendingPathComponent(templateID)
            .appendingPathComponent(SnapshotDirectory.markerName)
        #expect(try String(contentsOf: marker, encoding: .utf8) == "template: \(templateID)\n")
    }

    /// Reads every combination back from the committed index and stored files, as the compile check does, and
    /// compares it with what the template generates for it: the index is checked by what it means, not only as
    /// text.
    @Test(arguments: BuiltInTemplates.templateFolders)
    func everyCombinationReadBackFromTheIndexMatchesWhatIsGenerated(templateID: String) throws {
        let template = try TemplateCatalog().template(id: templateID)
        let snapshot = try Snapshot(rendering: template.makeRenderer(headerPartial: nil))
        let folder = Self.snapshotsRoot.appendingPathComponent(templateID)
        let indexFile = folder.appendingPathComponent(SnapshotIndex.fileName)
        let index = try SnapshotIndex(
            parsing: try String(contentsOf: indexFile, encoding: .utf8), file: indexFile.path)
        #expect(index.combinations == snapshot.combinations.map(\.name))
        var mismatched: [String] = []
        for output in snapshot.outputs {
            let expanded = try index.entries.filter { $0.combination == output.combination.name }.map { entry in
                let stored = folder.appendingPathComponent(entry.storedPath)
                return RenderedFile(path: entry.path, contents: try String(contentsOf: stored, encoding: .utf8))
            }
            if expanded != output.files.sorted(by: { $0.path < $1.path }) { mismatched.append(output.combination.name) }
        }
        #expect(
            mismatched.isEmpty,
            """
            \(mismatched.count) combination(s) read back from \(SnapshotIndex.fileName) differ from what is generated: \
            \(mismatched.prefix(5).joined(separator: ", ")). Re-record with: swift run modgen snapshot \(templateID) \
            --output Tests/Snapshots/\(templateID)
            """)
    }

    @Test(arguments: BuiltInTemplates.templateFolders)
    func generatedOutputMatchesGoldenFiles(templateID: String) throws {
        let template = try TemplateCatalog().template(id: templateID)
        let snapshot = try Snapshot(rendering: template.makeRenderer(headerPartial: nil))
        let folder = Self.snapshotsRoot.appendingPathComponent(templateID).path
        let comparison = try SnapshotDirectory(directory: folder, templateID: templateID).compare(with: snapshot.files)
        let report =
            comparison.differences.prefix(5).map(\.diff).joined()
            + comparison.staleFiles.map { "only in the golden files: \($0)\n" }.joined()
        // A plain Bool, so that a failure prints the message below rather than the whole comparison.
        let isUpToDate = comparison.isUpToDate
        #expect(
            isUpToDate,
            """
            \(comparison.differences.count) file(s) differ, \(comparison.staleFiles.count) stale. If the change is \
            intended, re-record with: swift run modgen snapshot \(templateID) --output Tests/Snapshots/\(templateID)
            \(report)
            """)
    }
}
