import Foundation
import ModGenKit

/// Generates the viper module (`--rx --formatter`, six files) 1,000 times in one process, the way a long-running
/// caller would: the template is loaded and parsed once, then rendered per module. The second measurement also
/// writes each module into a fresh folder through the writing layer (plan, conflict check, atomic writes).
func benchmarkModuleGeneration() throws {
    let session = GenerationSession(ignoringConfigFiles: [])
    let template = try session.catalog.template(id: "viper")
    let renderer = session.renderer(for: template)
    let options = try session.resolveOptions(for: template, explicit: ["rx": .flag(true), "formatter": .flag(true)])
    let request = GenerationRequest(moduleName: "Home", options: options)
    func size(_ files: [RenderedFile]) -> Int { files.reduce(0) { $0 + $1.contents.utf8.count } }

    try measure("viper module rendered in memory", iterations: 1_000) {
        let files = try renderer.renderModule(request)
        blackHole(files)
        return size(files)
    }

    let root = FileManager.default.temporaryDirectory.appendingPathComponent("modgen-benchmark-\(getpid())")
    defer { try? FileManager.default.removeItem(at: root) }
    var counter = 0
    try measure("viper module rendered and written", iterations: 1_000) {
        counter += 1
        let files = try renderer.renderModule(request)
        let plan = try WritePlan(files: files, outputDirectory: root.appendingPathComponent("\(counter)").path)
        try plan.apply()
        return size(files)
    }
}
