// Regenerates the seed corpora in Fuzz/Corpus/<target>/ from the repository: `swift Fuzz/make-corpus.swift` from the
// repository's root. Seeds are what the parsers really read — the built-in templates and manifests, the Mustache
// spec's templates, partials and data (Tests/ModGenMustacheTests/Spec, MIT; its LICENSE is copied beside the
// seeds taken from it), and the JSON, manifests, conditions and configs written in the tests — so the fuzzer starts
// from valid input instead of having to discover the syntax.
import Foundation

let root = URL(fileURLWithPath: FileManager.default.currentDirectoryPath)
let corpus = root.appendingPathComponent("Fuzz/Corpus")
let specFolder = root.appendingPathComponent("Tests/ModGenMustacheTests/Spec")
let testsFolder = root.appendingPathComponent("Tests")

/// Seeds by target, deduplicated by content, in the order they were found.
var seeds: [String: [(name: String, text: String)]] = [:]

func add(_ text: String, to target: String, as name: String) {
    guard !text.isEmpty, !(seeds[target] ?? []).contains(where: { $0.text == text }) else { return }
    seeds[target, default: []].append((name, text))
}

func files(under folder: URL, named suffix: String) -> [URL] {
    let walker = FileManager.default.enumerator(at: folder, includingPropertiesForKeys: nil)
    let urls = (walker?.allObjects as? [URL]) ?? []
    return urls.filter { $0.lastPathComponent.hasSuffix(suffix) }.sorted { $0.path < $1.path }
}

func read(_ url: URL) -> String {
    guard let text = try? String(contentsOf: url, encoding: .utf8) else { fatalError("cannot read \(url.path)") }
    return text
}

/// A seed's file name: where it comes from, without characters a file name should not have.
func seedName(_ parts: String...) -> String {
    let joined = parts.joined(separator: "-")
    return String(joined.map { $0.isLetter || $0.isNumber || $0 == "-" || $0 == "." ? $0 : "_" })
}

// The built-in templates: every .mustache file, and every manifest with the conditions written in it.
let templates = root.appendingPathComponent("Templates")
for url in files(under: templates, named: ".mustache") {
    let relative = String(url.path.dropFirst(templates.path.count + 1))
    add(read(url), to: "mustache", as: seedName("templates", relative))
}
for url in files(under: templates, named: "template.json") {
    let id = url.deletingLastPathComponent().lastPathComponent
    let text = read(url)
    add(text, to: "manifest", as: seedName("templates", id, "template.json"))
    add(text, to: "json", as: seedName("templates", id, "template.json"))
    let conditions = try Regex(#""(?:when|condition)"\s*:\s*"([^"]*)""#)
    for (index, match) in text.matches(of: conditions).enumerated() {
        add(String(match.output[1].substring ?? ""), to: "manifest", as: seedName("condition", id, "\(index)"))
    }
}

// The Mustache spec: each test's template and partials, and its data as JSON.
for url in files(under: specFolder, named: ".json") {
    let file = url.deletingPathExtension().lastPathComponent.replacingOccurrences(of: "~", with: "")
    guard let spec = try JSONSerialization.jsonObject(with: Data(contentsOf: url)) as? [String: Any],
        let tests = spec["tests"] as? [[String: Any]]
    else { fatalError("\(url.path) is not a Mustache spec file") }
    for (index, test) in tests.enumerated() {
        if let template = test["template"] as? String {
            add(template, to: "mustache", as: seedName("spec", file, "\(index)"))
        }
        for (name, partial) in (test["partials"] as? [String: String] ?? [:]).sorted(by: { $0.key < $1.key }) {
            add(partial, to: "mustache", as: seedName("spec", file, "\(index)", "partial", name))
        }
        if let data = test["data"], JSONSerialization.isValidJSONObject(data) {
            let json = try JSONSerialization.data(withJSONObject: data, options: [.prettyPrinted, .sortedKeys])
            add(String(decoding: json, as: UTF8.self), to: "json", as: seedName("spec", file, "\(index)"))
        }
    }
}

// Literals in the tests. Interpolations (`\(folder.path)`) become a plain word; a seed need not be valid.
func literals(in file: String) throws -> [String] {
    let text = read(testsFolder.appendingPathComponent(file))
    var found: [String] = []
    // Multi-line literals: the lines between `"""` and `"""`, without the closing line's indentation.
    let lines = text.components(separatedBy: "\n")
    var block: [String]?
    for line in lines {
        let trimmed = line.trimmingCharacters(in: .whitespaces)
        if let finished = block {
            if trimmed.hasPrefix("\"\"\"") {
                let indent = line.prefix { $0 == " " }.count
                let unindented = finished.map { String($0.dropFirst(min(indent, $0.prefix { $0 == " " }.count))) }
                found.append(unindented.joined(separator: "\n") + "\n")
                block = nil
            } else {
                block?.append(line)
            }
        } else if trimmed.hasSuffix("\"\"\"") || trimmed.hasSuffix("#\"\"\"") {
            block = []
        }
    }
    // One-line literals, raw (`#"…"#`) and plain (`"…"`, with the common escapes undone).
    for match in text.matches(of: try Regex(##"#"(.*?)"#"##)) {
        found.append(String(match.output[1].substring ?? ""))
    }
    for match in text.matches(of: try Regex(#"(?:^|[^#\\])"((?:[^"\\\n]|\\.)*)""#)) {
        let body = String(match.output[1].substring ?? "")
        found.append(
            body.replacingOccurrences(of: "\\\"", with: "\"").replacingOccurrences(of: "\\n", with: "\n")
                .replacingOccurrences(of: "\\t", with: "\t").replacingOccurrences(of: "\\\\", with: "\\"))
    }
    let interpolation = try Regex(#"\\\([^)]*\)"#)
    return found.map { $0.replacing(interpolation, with: "x") }
}

func looksLikeJSON(_ text: String) -> Bool {
    guard let first = text.first(where: { !$0.isWhitespace }) else { return false }
    return "{[\"".contains(first) || text.hasPrefix("tru") || text.hasPrefix("nul")
}

for (index, text) in try literals(in: "ModGenCoreTests/JSONParserTests.swift").enumerated() where looksLikeJSON(text) {
    add(text, to: "json", as: seedName("tests", "JSONParserTests", "\(index)"))
}
for (index, text) in try literals(in: "ModGenTemplatesTests/ManifestReaderTests.swift").enumerated()
where looksLikeJSON(text) {
    add(text, to: "manifest", as: seedName("tests", "ManifestReaderTests", "\(index)"))
}
for (index, text) in try literals(in: "ModGenTemplatesTests/ConditionTests.swift").enumerated() where text.count < 80 {
    add(text, to: "manifest", as: seedName("tests", "ConditionTests", "\(index)"))
}
for (index, text) in try literals(in: "ModGenTemplatesTests/ModGenConfigTests.swift").enumerated()
where text.hasPrefix("{") {
    add(text, to: "config", as: seedName("tests", "ModGenConfigTests", "\(index)"))
}
// The example in ModGenConfig's documentation, and a config whose header partial the fuzz target provides.
let configSource = read(root.appendingPathComponent("Sources/ModGenTemplates/ModGenConfig.swift"))
let example = configSource.components(separatedBy: "\n").filter { $0.hasPrefix("/// ") && !$0.contains("```") }
    .map { String($0.dropFirst(4)) }.drop { !$0.hasPrefix("{") }.prefix { !$0.hasPrefix("Paths") }
add(example.joined(separator: "\n") + "\n", to: "config", as: "docs-ModGenConfig-example")
add(
    #"{ "header": { "project": "Shop", "partial": "header.mustache" }, "set": { "comment": "x" } }"#,
    to: "config", as: "header-partial")

// golden-liquid (Tests/ModGenLiquidTests/Spec, MIT; its LICENSE is copied beside the seeds): each case's template and
// the templates it includes.
let liquidSpec = root.appendingPathComponent("Tests/ModGenLiquidTests/Spec")
if let suite = try JSONSerialization.jsonObject(
    with: Data(contentsOf: liquidSpec.appendingPathComponent("golden_liquid.json"))) as? [String: Any],
    let tests = suite["tests"] as? [[String: Any]]
{
    for (index, test) in tests.enumerated() {
        if let template = test["template"] as? String {
            add(template, to: "liquid", as: seedName("golden", "\(index)"))
        }
        for (name, text) in (test["templates"] as? [String: String] ?? [:]).sorted(by: { $0.key < $1.key }) {
            add(text, to: "liquid", as: seedName("golden", "\(index)", name))
        }
    }
}

for (target, entries) in seeds.sorted(by: { $0.key < $1.key }) {
    let folder = corpus.appendingPathComponent(target)
    try? FileManager.default.removeItem(at: folder)
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    for entry in entries {
        try Data(entry.text.utf8).write(to: folder.appendingPathComponent(entry.name))
    }
    if entries.contains(where: { $0.name.hasPrefix("spec-") }) {
        try FileManager.default.copyItem(
            at: specFolder.appendingPathComponent("LICENSE"), to: folder.appendingPathComponent("LICENSE.mustache-spec")
        )
    }
    if target == "liquid" {
        try FileManager.default.copyItem(
            at: liquidSpec.appendingPathComponent("LICENSE"), to: folder.appendingPathComponent("LICENSE.golden-liquid")
        )
    }
    print("\(target): \(entries.count) seeds")
}
