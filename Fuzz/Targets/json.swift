@testable import ModGenKit

// Parses the input as a JSON data file, then uses the result the ways modgen does: as a Mustache context and to
// find the line and column of a value by its path. An error is a correct answer; a crash or a hang is a finding.

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ start: UnsafeRawPointer, _ count: Int) -> CInt {
    guard let text = FuzzInput.text(start, count) else { return 0 }
    guard let document = try? JSONDocument(parsing: text, fileName: "fuzz.json") else { return 0 }
    _ = MustacheValue(json: document.root)
    let fields = JSONFields(document: document)
    var paths: [String] = []
    collectPaths(of: document.root, at: "", into: &paths)
    for path in paths {
        _ = document.position(of: path)
        _ = document.position(of: path + ".missing[0]")
        _ = fields.value(at: path)
    }
    return 0
}

/// The path of every value, as modgen writes them (`options[2].kind`), at most 10,000 of them so that a wide
/// document does not make one input slow.
private func collectPaths(of value: JSONValue, at path: String, into paths: inout [String]) {
    guard paths.count < 10_000 else { return }
    paths.append(path)
    switch value {
    case .array(let items):
        for (index, item) in items.enumerated() { collectPaths(of: item, at: "\(path)[\(index)]", into: &paths) }
    case .object(let members):
        for member in members {
            collectPaths(of: member.value, at: path.isEmpty ? member.key : "\(path).\(member.key)", into: &paths)
        }
    default:
        break
    }
}
