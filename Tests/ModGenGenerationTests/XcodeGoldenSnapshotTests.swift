import Foundation
import ModGenCore
import ModGenWriting
import Testing

@testable import ModGenGeneration
@testable import ModGenTemplates

/// The small bundles of `Tests/Fixtures/XcodeTemplates/Rules/` (one per group of SPEC rules: option types and
/// `RequiredOptions`, class and combo options, the `Default` folder, macros and modifiers in a whole-bundle
/// template, a binary plist laid out as Xcode's class templates are; see `Rules/README.md`) against their golden snapshots in `Tests/Fixtures/XcodeTemplates/Snapshots/<id>/`. Re-record after an
/// intended change with the command each failure prints, and review the diff.
@Suite struct XcodeGoldenSnapshotTests {
    static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fixtures/XcodeTemplates")
    static let bundles = ["Options", "Editable", "DefaultFolder", "Macros", "ClassWithXIB"]
    static let header = HeaderFields(project: "Shop App", author: "Ann Smith", company: "Acme & Co", date: "2026-01-31")

    @Test(arguments: bundles)
    func everyCombinationMatchesTheGoldenFiles(bundle: String) throws {
        let template = try XcodeTemplate(at: Self.fixtures.appendingPathComponent("Rules/\(bundle).xctemplate"))
        let snapshot = try Snapshot(rendering: template.makeRenderer(headerPartial: nil), header: Self.header)
        let folder = Self.fixtures.appendingPathComponent("Snapshots/\(template.id)").path
        let comparison = try SnapshotDirectory(directory: folder, templateID: template.id).compare(with: snapshot.files)
        let isUpToDate = comparison.isUpToDate
        #expect(
            isUpToDate,
            """
            \(comparison.differences.count) file(s) differ, \(comparison.staleFiles.count) stale. If intended, \
            re-record: swift run modgen snapshot Tests/Fixtures/XcodeTemplates/Rules/\(bundle).xctemplate --output \
            \(folder) --date 2026-01-31 --set project='Shop App' --set author='Ann Smith' --set company='Acme & Co'
            \(comparison.differences.prefix(3).map(\.diff).joined())
            """)
    }

    /// The golden files are read, so their meaning is checked here too: which combinations there are (hidden
    /// options add none) and which sub-folder each one took.
    @Test func optionsBundleCoversTheCombinationsRequiredOptionsAllow() throws {
        let template = try XcodeTemplate(at: Self.fixtures.appendingPathComponent("Rules/Options.xctemplate"))
        let snapshot = try Snapshot(rendering: template.makeRenderer(headerPartial: nil), header: Self.header)
        #expect(
            snapshot.combinations.map(\.name) == [
                "default", "no-with-tests", "kind-Service", "kind-Service+no-with-tests", "kind-Service+storage-Disk",
                "kind-Service+storage-Disk+no-with-tests", "kind-Service+storage-Disk+cache",
                "kind-Service+storage-Disk+cache+no-with-tests",
            ])
        let folders = snapshot.outputs.map { output in
            output.files.first { $0.path.hasSuffix("View.swift") || $0.path.hasSuffix("Service.swift") }?.contents
                .split(separator: "\n").first { $0.hasPrefix("// folder: ") }.map { String($0.dropFirst(11)) }
        }
        #expect(
            folders == [
                "ViewwithTests", "View", "ServiceMemorywithTests", "ServiceMemory", "ServiceDiskwithTests",
                "ServiceDisk", "ServiceDiskcachewithTests", "ServiceDiskcache",
            ])
    }

    @Test func binaryFilesAreCopiedByteForByte() throws {
        let url = Self.fixtures.appendingPathComponent("Rules/Macros.xctemplate")
        let template = try XcodeTemplate(at: url)
        let files = try template.makeRenderer(headerPartial: nil).renderModule(
            GenerationRequest(moduleName: "Home", options: OptionValues()))
        let original = try TextFile.readBytes(
            atPath: url.appendingPathComponent("Resources/___FILEBASENAME___.bin").path)
        #expect(files.first { $0.path == "Resources/Home.bin" }?.bytes == original)
        #expect(!files.contains { $0.path.hasPrefix("TemplateIcon") || $0.path == "TemplateInfo.plist" })
    }
}
