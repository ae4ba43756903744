import Foundation
import Testing

@testable import ModGenKit

/// Snapshots of the small user template of `TemplateRendererTests`: every combination is rendered.
@Suite struct SnapshotTests {
    @Test func snapshotsCoverEveryCombination() throws {
        let fixture = try TemplateRendererTests()
        let snapshot = try Snapshot(rendering: try fixture.renderer())
        #expect(snapshot.templateID == "demo")
        #expect(
            snapshot.combinations.map(\.name) == ["default", "rx", "interface-storyboard", "interface-storyboard+rx"])
        #expect(snapshot.files.contains { $0.path == "interface-storyboard+rx/Home/Home.storyboard" })
        #expect(snapshot.files.contains { $0.path == "default/Support/Base.swift" })
        #expect(!snapshot.files.contains { $0.path == "default/Home/Home.storyboard" })
    }

    @Test func aSessionIgnoringConfigFilesHasOnlyTheGivenTemplateFolders() throws {
        let fixture = try TemplateRendererTests()
        let session = GenerationSession(ignoringConfigFiles: [fixture.folder])
        #expect(session.config.file == nil)
        #expect(session.config.header == HeaderFields())
        #expect(session.config.settings.isEmpty)
        #expect(try session.catalog.template(id: "demo").manifest.id == "demo")
    }
}
