/// Typed access to a parsed JSON document that turns every "wrong kind" or "missing key" into a `DataFileError`
/// at the right line and column. Shared by the manifest and the config file readers.
package struct JSONFields {
    package let document: JSONDocument

    package init(document: JSONDocument) {
        self.document = document
    }

    package func error(at path: String, _ reason: String) -> DataFileError {
        DataFileError(fileName: document.fileName, position: document.position(of: path), reason: reason)
    }

    package func value(at path: String) -> JSONValue? {
        var current: JSONValue? = document.root
        JSONPath.forEachComponent(of: path) { component in
            switch component {
            case .key(let key):
                current = current?[key]
            case .index(let index):
                guard let array = current?.arrayValue, array.indices.contains(index) else {
                    current = nil
                    break
                }
                current = array[index]
            }
            return current != nil
        }
        return current
    }

    package func string(_ path: String, default fallback: String? = nil) throws(DataFileError) -> String {
        guard let value = value(at: path) else {
            if let fallback { return fallback }
            throw error(at: parent(of: path), "missing \"\(lastKey(of: path))\"")
        }
        guard let string = value.stringValue else {
            throw error(at: path, "\"\(lastKey(of: path))\" must be a string, found \(value.kindName)")
        }
        return string
    }

    package func optionalString(_ path: String) throws(DataFileError) -> String? {
        guard value(at: path) != nil else { return nil }
        return try string(path)
    }

    package func bool(_ path: String) throws(DataFileError) -> Bool? {
        guard let value = value(at: path) else { return nil }
        guard let bool = value.boolValue else {
            throw error(at: path, "\"\(lastKey(of: path))\" must be true or false, found \(value.kindName)")
        }
        return bool
    }

    /// The number of elements of the array at `path` (0 when absent).
    package func count(_ path: String) throws(DataFileError) -> Int {
        guard let value = value(at: path) else { return 0 }
        guard let array = value.arrayValue else {
            throw error(at: path, "\"\(lastKey(of: path))\" must be an array, found \(value.kindName)")
        }
        return array.count
    }

    package func strings(_ path: String) throws(DataFileError) -> [String] {
        var result: [String] = []
        for index in 0..<(try count(path)) { result.append(try string("\(path)[\(index)]")) }
        return result
    }

    /// Rejects keys the reader does not know, so a typo (`"defualt"`) is reported instead of silently ignored.
    /// With `allowingComments`, keys that start with `//` are comments (JSON has none) and pass.
    package func checkKeys(
        _ path: String, allowed: Set<String>, allowingComments: Bool = false
    ) throws(DataFileError) {
        guard let value = value(at: path) else { return }
        guard let members = value.objectValue else {
            throw error(at: path, "expected an object, found \(value.kindName)")
        }
        for member in members where !allowed.contains(member.key) {
            if allowingComments, Self.isComment(member.key) { continue }
            let known = allowed.sorted().map { "\"\($0)\"" }.joined(separator: ", ")
            let hint = Suggestion.hint(for: member.key, among: allowed.sorted())
            throw error(
                at: join(path, member.key),
                "unknown key \"\(DataFileError.excerpt(member.key))\"\(hint) (known: \(known))")
        }
    }

    /// A key that starts with `//`: a comment, in the files that allow them.
    package static func isComment(_ key: String) -> Bool { key.hasPrefix("//") }

    package func join(_ path: String, _ key: String) -> String { path.isEmpty ? key : "\(path).\(key)" }

    private func parent(of path: String) -> String {
        guard let cut = path.lastIndex(where: { $0 == "." || $0 == "[" }) else { return "" }
        return String(path[..<cut])
    }

    private func lastKey(of path: String) -> String {
        guard let cut = path.lastIndex(of: ".") else { return path }
        return String(path[path.index(after: cut)...])
    }
}
