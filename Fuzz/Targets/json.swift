@testable import ModGenKit

// Parses the input as a JSON data file, then uses the result the ways modgen does: as a Mustache context and to
// find the line and column of a value by its path. An error is a correct answer; a crash or a hang is a finding.

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ start: UnsafeRawPointer, _ count: Int) -> CInt {
    guard let text = FuzzInput.text(start, count) else { return 0 }
    guard let document = try? JSONDocument(parsing: text, fileName: "fuzz.json") else { return 0 }
    _ = MustacheValue(json: document.root)
    let fields = JSONFields(document: document)
    // Every value's path (the positions are a tree in the document's shape, looked up by path), and a path that
    // goes past the end of each.
    for path in valuePaths(document.root) {
        _ = document.position(of: path)
        _ = document.position(of: path + ".missing[0]")
        _ = fields.value(at: path)
    }
    return 0
}

/// The path of every value in `value`, itself first (`""`), as `JSONDocument.position(of:)` reads them.
private func valuePaths(_ value: JSONValue) -> [String] {
    var paths: [String] = []
    var pending: [(path: String, value: JSONValue)] = [("", value)]
    while let (path, value) = pending.popLast() {
        paths.append(path)
        switch value {
        case .array(let elements):
            for (index, element) in elements.enumerated() { pending.append(("\(path)[\(index)]", element)) }
        case .object(let members):
            for member in members {
                pending.append((path.isEmpty ? member.key : "\(path).\(member.key)", member.value))
            }
        default:
            break
        }
    }
    return paths
}
