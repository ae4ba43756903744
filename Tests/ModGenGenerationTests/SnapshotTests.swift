import Foundation
import ModGenCore
import ModGenMustache
import ModGenWriting
import TestSupport
import Testing

@testable import ModGenGeneration
@testable import ModGenTemplates

/// Snapshots of the small user template of `DemoTemplate` (options `interface` none/storyboard and `rx`;
/// the view changes with both, the storyboard exists only with `interface == storyboard`, `Base.swift` never
/// changes): every combination is rendered, and each distinct file is stored once.
@Suite struct SnapshotTests {
    @Test func snapshotsCoverEveryCombination() throws {
        let fixture = try DemoTemplate()
        let snapshot = try Snapshot(rendering: try fixture.renderer())
        #expect(snapshot.templateID == "demo")
        #expect(
            snapshot.combinations.map(\.name) == ["default", "rx", "interface-storyboard", "interface-storyboard+rx"])
        let storyboardRx = try #require(snapshot.outputs.last)
        #expect(
            storyboardRx.files.map(\.path) == ["Home/HomeView.swift", "Home/Home.storyboard", "Support/Base.swift"])
        #expect(snapshot.outputs[0].files.map(\.path) == ["Home/HomeView.swift", "Support/Base.swift"])
        #expect(snapshot.generatedFileCount == 10)
    }

    @Test func eachDistinctFileIsStoredOnceUnderTheOptionsThatChangeIt() throws {
        let snapshot = try Snapshot(rendering: try DemoTemplate().renderer())
        #expect(
            snapshot.files.map(\.path) == [
                "default/Home/HomeView.swift", "default/Support/Base.swift",
                "interface-storyboard+rx/Home/HomeView.swift",
                "interface-storyboard/Home/Home.storyboard", "interface-storyboard/Home/HomeView.swift",
                "rx/Home/HomeView.swift", "combinations.txt",
            ])
        #expect(snapshot.files.last?.contents == snapshot.index.text)
        #expect(snapshot.index.entries.count == snapshot.generatedFileCount)
        #expect(
            snapshot.index.entries.filter { $0.combination == "interface-storyboard+rx" }.map(\.storedPath) == [
                "interface-storyboard/Home/Home.storyboard", "interface-storyboard+rx/Home/HomeView.swift",
                "default/Support/Base.swift",
            ])
    }

    /// What the index says each combination holds, read from the stored files, is exactly what it generates.
    @Test func theIndexAndStoredFilesGiveBackEveryCombination() throws {
        let snapshot = try Snapshot(rendering: try DemoTemplate().renderer())
        let stored = Dictionary(uniqueKeysWithValues: snapshot.files.map { ($0.path, $0.contents) })
        for output in snapshot.outputs {
            let entries = snapshot.index.entries.filter { $0.combination == output.combination.name }
            let expanded = entries.map { RenderedFile(path: $0.path, contents: stored[$0.storedPath] ?? "<missing>") }
            #expect(expanded == output.files.sorted { $0.path < $1.path }, "\(output.combination.name)")
        }
    }

    @Test func aSessionIgnoringConfigFilesHasOnlyTheGivenTemplateFolders() throws {
        let fixture = try DemoTemplate()
        let session = GenerationSession(ignoringConfigFiles: [fixture.folder])
        #expect(session.config.file == nil)
        #expect(session.config.header == HeaderFields())
        #expect(session.config.settings.isEmpty)
        #expect(try session.catalog.template(id: "demo").id == "demo")
    }
}
