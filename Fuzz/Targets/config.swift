import Foundation

@testable import ModGenKit

// Reads the input as a project's .modgen.json, then asks it for a template's option defaults and "set" values, as a
// run does. The config is only read from a file (`ModGenConfig(contentsOf:)`), so each input is written to a
// scratch folder first; a header partial beside it lets "header.partial" reach the partial reader too. Errors are
// correct answers; crashes and hangs are findings.

private let folder: URL = {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent(
        "modgen-fuzz-config-\(ProcessInfo.processInfo.processIdentifier)")
    try? FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    try? Data("// {{project}} by {{author}}\n".utf8).write(to: url.appendingPathComponent("header.mustache"))
    try? Data("{{#unclosed}}\n".utf8).write(to: url.appendingPathComponent("broken.mustache"))
    return url
}()

private let configFile = folder.appendingPathComponent(ModGenConfig.fileName)

/// A template with one option of each kind, a rule between them and parameters of both kinds, for the config's
/// values to be checked against. Made afresh for each input: LeakSanitizer cannot follow Swift's tagged enum payloads
/// and would report a global manifest as leaked.
private func makeManifest() -> TemplateManifest {
    let text = """
        {
          "id": "fuzz",
          "summary": "Fuzzing",
          "options": [
            { "name": "rx", "kind": "flag", "default": false },
            { "name": "interface", "kind": "choice", "values": ["code", "storyboard"], "default": "code",
              "requires": [{ "condition": "!rx", "reason": "no storyboards with rx" }] },
            { "name": "group", "kind": "text", "default": "" }
          ],
          "parameters": [
            { "name": "builderContext", "kind": "identifier", "default": "{{name}}Context" },
            { "name": "comment", "kind": "text" }
          ],
          "files": [{ "template": "A.swift.mustache", "path": "{{name}}.swift", "when": "rx || group" }]
        }
        """
    do {
        return try TemplateManifest(parsing: text, fileName: "template.json")
    } catch {
        fatalError("the fuzz target's own manifest does not read: \(error)")
    }
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ start: UnsafeRawPointer, _ count: Int) -> CInt {
    guard (try? Data(bytes: start, count: count).write(to: configFile)) != nil else {
        fatalError("cannot write the input to \(configFile.path)")
    }
    guard let config = try? ModGenConfig(contentsOf: configFile) else { return 0 }
    let template = ManifestTemplate(manifest: makeManifest(), source: .builtIn(folder: "fuzz"))
    if let defaults = try? config.optionDefaults(for: template) {
        if case .some(let violation) = template.constraintViolations(in: OptionValues(defaults)).first {
            _ = config.optionRuleError(violation, template: template)
        }
    }
    _ = try? config.settings(for: template)
    return 0
}
