import Foundation
import ModGenKit

/// Generamba's `swifty_viper` (17 files: the rambaspec rendered with Liquid and read as YAML, then each Liquid file)
/// against a manifest template of the same files, its Liquid outputs turned into Mustache tags of the same values
/// (`{{ module_info.name }}` → `{{name}}`, `| downcase` → `{{nameSnake}}`): what a Generamba module costs over a
/// modgen one. Each is measured read and rendered (as `modgen new` runs it) and rendered from a template read once,
/// the two in one run, taking turns, in CPU time (`measurePaired`). Under callgrind, `--toggle-collect` on the four
/// `…Step` functions counts the instructions of each side alone (`Benchmarks/generamba-against-manifest.sh`).
///
/// With `MODGEN_SWIFTY_MANIFEST=<folder>` set, the program only writes the manifest template into that folder (the
/// script's whole runs of `modgen new` use it) and exits.
func benchmarkGenerambaTemplate() throws {
    let catalog = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Tests/GenerambaFixtures/templates/swifty_viper")
    if let destination = ProcessInfo.processInfo.environment["MODGEN_SWIFTY_MANIFEST"] {
        try writeManifest(of: catalog, to: URL(fileURLWithPath: destination))
        exit(0)
    }
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("modgen-bench-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: folder) }
    let manifestFolder = folder.appendingPathComponent("swifty-viper")
    try writeManifest(of: catalog, to: manifestFolder)

    let header = HeaderFields(project: "App", author: "modgen", company: "ModgenCo", date: "2026-01-15")
    let request = GenerationRequest(moduleName: "Home", options: OptionValues(), header: header)
    let generamba = try RambaspecTemplate(at: catalog).makeRenderer(headerPartial: nil)
    let manifest = ManifestRenderer(template: try ManifestTemplate(source: .directory(manifestFolder)))
    try measurePaired(
        "swifty_viper against a manifest of the same files, read and rendered", iterations: 100,
        ("generamba swifty_viper", { try generambaReadAndRenderStep(catalog, request) }),
        against: ("manifest of the same files", { try manifestReadAndRenderStep(manifestFolder, request) }))
    try measurePaired(
        "swifty_viper against a manifest of the same files, rendered in memory", iterations: 300,
        ("generamba swifty_viper", { try generambaRenderStep(generamba, request) }),
        against: ("manifest of the same files", { try manifestRenderStep(manifest, request) }))
}

/// A module of the template in `folder`, read and rendered as one `modgen new` does; returns the bytes rendered.
@inline(never)
func generambaReadAndRenderStep(_ folder: URL, _ request: GenerationRequest) throws -> Int {
    // Not through `generambaRenderStep`: callgrind counts that step's calls by what runs inside it.
    renderedSize(try RambaspecTemplate(at: folder).makeRenderer(headerPartial: nil).renderModule(request))
}

@inline(never)
func manifestReadAndRenderStep(_ folder: URL, _ request: GenerationRequest) throws -> Int {
    renderedSize(try ManifestRenderer(template: ManifestTemplate(source: .directory(folder))).renderModule(request))
}

/// A module rendered by a renderer that has rendered before; returns the bytes rendered. (The two steps' parameter
/// types differ so that the optimizer cannot fold them into one function, which callgrind would count as one.)
@inline(never)
func generambaRenderStep(_ renderer: any TemplateRendering, _ request: GenerationRequest) throws -> Int {
    renderedSize(try renderer.renderModule(request))
}

@inline(never)
func manifestRenderStep(_ renderer: ManifestRenderer, _ request: GenerationRequest) throws -> Int {
    renderedSize(try renderer.renderModule(request))
}

private func renderedSize(_ files: [RenderedFile]) -> Int {
    blackHole(files)
    return files.reduce(0) { $0 + $1.bytes.count }
}

/// Writes into `destination` a manifest template (`template.json` and one `.mustache` file per file) that renders
/// the files of the Generamba template in `catalog`, at the same paths (test files in the `tests` root).
private func writeManifest(of catalog: URL, to destination: URL) throws {
    try FileManager.default.createDirectory(at: destination, withIntermediateDirectories: true)
    let spec = try YAMLReader.parse(
        String(contentsOf: catalog.appendingPathComponent("swifty_viper.rambaspec"), encoding: .utf8),
        fileName: "swifty_viper.rambaspec")
    let replacements = [
        ("{{ module_info.name | downcase }}", "{{nameSnake}}"), ("{{ module_info.name }}", "{{name}}"),
        ("{{module_info.name}}", "{{name}}"), ("{{ developer.name }}", "{{author}}"),
        ("{{ developer.company }}", "{{company}}"), ("{{ module_info.project_name }}", "{{project}}"),
        ("{{ module_info.file_name }}", "{{fileName}}"), ("{{ prefix }}", "{{prefix}}"), ("{{ year }}", "{{year}}"),
        ("{{ date }}", "{{date}}"),
    ]
    var entries: [String] = []
    for (key, root) in [("code_files", ""), ("test_files", #", "root": "tests""#)] {
        for item in spec[key]?.sequence ?? [] {
            guard let name = item["name"]?.text, let path = item["path"]?.text else { continue }
            var text = try String(contentsOf: catalog.appendingPathComponent(path), encoding: .utf8)
            for (liquid, mustache) in replacements { text = text.replacingOccurrences(of: liquid, with: mustache) }
            let mustacheName = path.replacingOccurrences(of: "/", with: "_") + ".mustache"
            try Data(text.utf8).write(to: destination.appendingPathComponent(mustacheName))
            let parts = name.split(separator: "/")
            let output = (["{{name}}"] + parts.dropLast() + ["{{prefix}}{{name}}\(parts.last ?? "")"]).joined(
                separator: "/")
            entries.append(#"{ "template": "\#(mustacheName)", "path": "\#(output)"\#(root) }"#)
        }
    }
    try Data(
        (#"{ "id": "swifty-viper", "summary": "s", "parameters": [{ "name": "prefix", "default": "" }], "files": ["#
            + entries.joined(separator: ", ") + "] }").utf8
    ).write(to: destination.appendingPathComponent("template.json"))
}
