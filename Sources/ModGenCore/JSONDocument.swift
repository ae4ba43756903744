/// A parsed JSON file with the position of every value, so that later checks (a manifest's meaning, not just
/// its syntax) can still name the line and column of the value they reject.
public struct JSONDocument: Sendable {
    public var fileName: String
    public var root: JSONValue
    /// Where each value starts, in the document's own shape. A value's path is worked out only when asked for:
    /// keeping every value's full path string cost nesting × key length per value (1.9 GB for a 130 KB file).
    var positions: JSONPositionTree

    /// `keepingBigIntegers` reads an integer past 64 bits as `.bigInteger`; otherwise it is an error.
    public init(parsing text: String, fileName: String, keepingBigIntegers: Bool = false) throws(DataFileError) {
        var parser = JSONParser(text: text, fileName: fileName)
        parser.keepsBigIntegers = keepingBigIntegers
        self.fileName = fileName
        (self.root, self.positions) = try parser.parseDocument()
    }

    /// The position of the value at `path` (`""` for the root, `options[2].kind` deeper), or of its nearest
    /// parent that exists.
    public func position(of path: String) -> SourcePosition {
        var value = root
        var node = positions
        JSONPath.forEachComponent(of: path) { component in
            guard let (child, index) = value.child(at: component), node.children.indices.contains(index) else {
                return false
            }
            value = child
            node = node.children[index]
            return true
        }
        return node.position
    }
}

/// The start of a value and of each of its elements or members, in their order in the file.
struct JSONPositionTree: Sendable {
    var position: SourcePosition
    var children: [JSONPositionTree] = []
}

extension JSONValue {
    /// The element or member a path component names, and its index among the children; the last member with
    /// the key, as the key subscript reads it.
    fileprivate func child(at component: JSONPath.Component) -> (value: JSONValue, index: Int)? {
        switch (self, component) {
        case (.object(let members), .key(let key)):
            return members.lastIndex { $0.key == key }.map { (members[$0].value, $0) }
        case (.array(let elements), .index(let index)):
            return elements.indices.contains(index) ? (elements[index], index) : nil
        default:
            return nil
        }
    }
}
