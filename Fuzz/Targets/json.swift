@testable import ModGenKit

// Parses the input as a JSON data file, then uses the result the ways modgen does: as a Mustache context and to
// find the line and column of a value by its path. An error is a correct answer; a crash or a hang is a finding.

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ start: UnsafeRawPointer, _ count: Int) -> CInt {
    guard let text = FuzzInput.text(start, count) else { return 0 }
    guard let document = try? JSONDocument(parsing: text, fileName: "fuzz.json") else { return 0 }
    _ = MustacheValue(json: document.root)
    let fields = JSONFields(document: document)
    for path in document.positions.keys {
        _ = document.position(of: path + ".missing[0]")
        _ = fields.value(at: path)
    }
    return 0
}
