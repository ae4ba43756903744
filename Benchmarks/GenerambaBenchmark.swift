import Foundation
import ModGenKit

/// Generamba's `swifty_viper` (17 files: the rambaspec rendered with Liquid and read as YAML, then each Liquid file)
/// against a manifest template of the same files, its Liquid outputs turned into Mustache tags of the same values
/// (`{{ module_info.name }}` → `{{name}}`, `| downcase` → `{{nameSnake}}`): what a Generamba module costs over a
/// modgen one. Each is measured read and rendered (as `modgen new` runs it) and rendered from a template read once.
func benchmarkGenerambaTemplate() throws {
    let catalog = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Tests/GenerambaFixtures/templates/swifty_viper")
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("modgen-bench-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: folder) }
    let manifestFolder = folder.appendingPathComponent("swifty-viper")
    try FileManager.default.createDirectory(at: manifestFolder, withIntermediateDirectories: true)
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
            try Data(text.utf8).write(to: manifestFolder.appendingPathComponent(mustacheName))
            let parts = name.split(separator: "/")
            let output = (["{{name}}"] + parts.dropLast() + ["{{prefix}}{{name}}\(parts.last ?? "")"]).joined(
                separator: "/")
            entries.append(#"{ "template": "\#(mustacheName)", "path": "\#(output)"\#(root) }"#)
        }
    }
    try Data(
        (#"{ "id": "swifty-viper", "summary": "s", "parameters": [{ "name": "prefix", "default": "" }], "files": ["#
            + entries.joined(separator: ", ") + "] }").utf8
    ).write(to: manifestFolder.appendingPathComponent("template.json"))

    let header = HeaderFields(project: "App", author: "modgen", company: "ModgenCo", date: "2026-01-15")
    let request = GenerationRequest(moduleName: "Home", options: OptionValues(), header: header)
    func size(_ files: [RenderedFile]) -> Int { files.reduce(0) { $0 + $1.bytes.count } }
    let loads: [(String, () throws -> any ModuleTemplate)] = [
        ("generamba swifty_viper", { try RambaspecTemplate(at: catalog) }),
        ("manifest of the same files", { try ManifestTemplate(source: .directory(manifestFolder)) }),
    ]
    for (name, load) in loads {
        try measure("\(name) read and rendered", iterations: 200) {
            let files = try load().makeRenderer(headerPartial: nil).renderModule(request)
            blackHole(files)
            return size(files)
        }
        let renderer = try load().makeRenderer(headerPartial: nil)
        try measure("\(name) rendered in memory", iterations: 500) {
            let files = try renderer.renderModule(request)
            blackHole(files)
            return size(files)
        }
    }
}
