@testable import ModGenKit

// Reads the input as a template.json, and separately parses it as a condition (the text of a "when", "requires" or
// "conflicts"). A manifest that reads is then used the way a run uses it: options resolved, rules checked, every
// file's condition evaluated and its output path parsed as a template. Errors are correct answers; crashes, hangs
// and a condition that does not survive being written back (the `description` error messages quote) are findings.

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ start: UnsafeRawPointer, _ count: Int) -> CInt {
    guard let text = FuzzInput.text(start, count) else { return 0 }
    if let manifest = try? TemplateManifest(parsing: text, fileName: "template.json") {
        use(manifest)
    }
    if let condition = try? Condition(parsing: text) {
        checkRoundTrip(condition, text: text)
    }
    return 0
}

private func use(_ manifest: TemplateManifest) {
    let template = ManifestTemplate(manifest: manifest, source: .builtIn(folder: "fuzz"))
    let values = (try? template.optionValues(explicit: [:])) ?? OptionValues()
    for violation in template.constraintViolations(in: values) { _ = violation.message }
    for option in manifest.options { _ = option.snapshotValues }
    for file in manifest.files + manifest.supportFiles {
        _ = file.when?.evaluate(values)
        _ = try? MustacheTemplate(file.path, name: "path")
    }
}

/// Writing a condition back and reading it again must give a condition that prints the same and means the same.
/// (Not the same tree: `a && (b && c)` prints without its parentheses and reads back grouped to the left.)
private func checkRoundTrip(_ condition: Condition, text: String) {
    let written = condition.description
    let reread: Condition
    do {
        reread = try Condition(parsing: written)
    } catch {
        fatalError("condition \"\(text)\" prints as \"\(written)\", which does not parse: \(error.reason)")
    }
    guard reread.description == written else {
        fatalError("condition \"\(text)\" prints as \"\(written)\", which prints as \"\(reread.description)\"")
    }
    // Two assignments of the option values: every name on, then every name off and every value different.
    let names = Set(condition.optionNames)
    let assignments = [
        OptionValues(Dictionary(uniqueKeysWithValues: names.map { ($0, OptionValue.flag(true)) })),
        OptionValues(Dictionary(uniqueKeysWithValues: names.map { ($0, OptionValue.text("")) })),
    ]
    for values in assignments where condition.evaluate(values) != reread.evaluate(values) {
        fatalError("condition \"\(text)\" and its printed form \"\(written)\" disagree for \(values)")
    }
}
