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

/// What used to grow without bound on the Xcode path and in combinations, now in proportion to the input: a
/// bundle with 16 checkboxes and two folders (65,536 combinations) whose files' conditions `describe` shows, and
/// the pairwise set of a manifest with 20 flags (a million combinations).
func benchmarkXcodeBounds() throws {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("modgen-bench-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: folder) }
    func write(_ path: String, _ text: String) throws {
        let file = folder.appendingPathComponent(path)
        try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(text.utf8).write(to: file)
    }
    let checkboxes = (0..<16).map { "{ Identifier = c\($0); Type = checkbox; Default = NO; }" }
    try write(
        "B.xctemplate/TemplateInfo.plist",
        #"{ Kind = "Xcode.IDEFoundation.TextSubstitutionFileTemplateKind"; Options = ("#
            + checkboxes.joined(separator: ", ") + "); }")
    try write("B.xctemplate/Default/a.swift", "a\n")
    try write("B.xctemplate/c0c3/b.swift", "b\n")
    let bundle = try XcodeTemplate(at: folder.appendingPathComponent("B.xctemplate"))
    measure("xcode folder conditions of 16 checkboxes", iterations: 20) {
        let files = bundle.files
        blackHole(files)
        return files.count
    }

    let flags = (0..<20).map { #"{ "name": "f\#($0)", "kind": "flag" }"# }.joined(separator: ", ")
    try write(
        "flags/template.json",
        #"{ "id": "flags", "summary": "s", "options": ["# + flags
            + #"], "files": [{ "template": "a.mustache", "path": "{{name}}.swift" }] }"#)
    try write("flags/a.mustache", "x\n")
    let manifest = try ManifestTemplate(source: .directory(folder.appendingPathComponent("flags")))
    try measure("pairwise combinations of 20 flags", iterations: 3) {
        let combinations = try manifest.combinations(.pairwise)
        blackHole(combinations)
        return combinations.count
    }
}
