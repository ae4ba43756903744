import Foundation
import TestSupport
import Testing

@testable import modgen

/// The README's `.modgen.json` example works when copied into an empty project.
@Suite struct ReadmeConfigExampleTests {
    /// The first ```json block after the README's configuration heading.
    static func readmeExample() throws -> String {
        let readme = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("README.md")
        let text = try String(contentsOf: readme, encoding: .utf8)
        let section = try #require(text.range(of: "## Configuration: `.modgen.json`"))
        let start = try #require(text.range(of: "```json\n", range: section.upperBound..<text.endIndex))
        let end = try #require(text.range(of: "```\n", range: start.upperBound..<text.endIndex))
        return String(text[start.upperBound..<end.lowerBound])
    }

    @Test func theExampleWorksWhenCopied() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        try folder.write(".modgen.json", try Self.readmeExample())
        let config = ["--config", folder.path(".modgen.json"), "-q"]
        assertExecute(["new", "Home"] + config, expecting: "", error: "")
        assertExecute(["support", "viper"] + config, expecting: "", error: "")
        let presenter = try #require(folder.read("Sources/Modules/Home/HomePresenter.swift"))
        #expect(presenter.contains("//  Created on 31.01.2026.\n"))
        #expect(folder.exists("Sources/Modules/Home/Home.storyboard"))
        #expect(folder.exists("Sources/Support/BaseWireframe.swift"))
    }
}
