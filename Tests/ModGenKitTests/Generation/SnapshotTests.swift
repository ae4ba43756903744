import Foundation
import Testing

@testable import ModGenKit

/// Snapshots of the small user template of `TemplateRendererTests`: every combination, recorded and checked.
@Suite struct SnapshotTests {
    let fixture: TemplateRendererTests

    init() throws {
        fixture = try TemplateRendererTests()
    }

    var folder: URL { fixture.folder }
    func renderer() throws -> TemplateRenderer { try fixture.renderer() }

    @Test func snapshotsCoverEveryCombination() throws {
        let snapshot = try Snapshot(rendering: try renderer())
        #expect(
            snapshot.combinations.map(\.name) == ["default", "rx", "interface-storyboard", "interface-storyboard+rx"])
        #expect(snapshot.files.contains { $0.path == "interface-storyboard+rx/Home/Home.storyboard" })
        #expect(snapshot.files.contains { $0.path == "default/Support/Base.swift" })
        #expect(!snapshot.files.contains { $0.path == "default/Home/Home.storyboard" })
    }

    @Test func snapshotDirectoryRecordsChecksAndRemovesStaleFiles() throws {
        let output = folder.appendingPathComponent("snap").path
        let snapshot = try Snapshot(rendering: try renderer())
        let directory = SnapshotDirectory(directory: output)
        #expect(try directory.compare(with: snapshot).isUpToDate == false)
        _ = try directory.record(snapshot)
        #expect(try directory.compare(with: snapshot).isUpToDate)
        try "stale".write(toFile: output + "/default/Old.swift", atomically: true, encoding: .utf8)
        try "edited".write(toFile: output + "/rx/Home/HomeView.swift", atomically: true, encoding: .utf8)
        let comparison = try directory.compare(with: snapshot)
        #expect(comparison.staleFiles == ["default/Old.swift"])
        #expect(comparison.differences.map(\.path) == ["rx/Home/HomeView.swift"])
        let lines = try directory.record(snapshot)
        #expect(lines.contains("remove \(output)/default/Old.swift"))
        #expect(try directory.compare(with: snapshot).isUpToDate)
    }
}
