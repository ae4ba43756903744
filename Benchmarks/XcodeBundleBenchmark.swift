import Foundation
import ModGenKit

/// Infinum's `Module.xctemplate` (`interface=XIB`, `complex=InteractorAndFormatter`, seven files), as `modgen new`
/// runs it: the first measurement reads the bundle (its `TemplateInfo.plist` and file list) and renders it, the
/// second renders from a bundle read once, as a snapshot does for every combination.
func benchmarkXcodeBundle() throws {
    let bundle = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Tests/Fixtures/XcodeTemplates/Infinum/VIPER Templates/Module.xctemplate")
    let options = OptionValues(["interface": .choice("XIB"), "complex": .choice("InteractorAndFormatter")])
    let request = GenerationRequest(
        moduleName: "Home", options: options, header: HeaderFields(project: "Shop", date: "2026-01-31"))
    func size(_ files: [RenderedFile]) -> Int { files.reduce(0) { $0 + $1.bytes.count } }

    try measure("xcode Module bundle read and rendered", iterations: 300) {
        let files = try XcodeTemplate(at: bundle).makeRenderer(headerPartial: nil).renderModule(request)
        blackHole(files)
        return size(files)
    }

    let renderer = try XcodeTemplate(at: bundle).makeRenderer(headerPartial: nil)
    try measure("xcode Module bundle rendered in memory", iterations: 300) {
        let files = try renderer.renderModule(request)
        blackHole(files)
        return size(files)
    }
}
