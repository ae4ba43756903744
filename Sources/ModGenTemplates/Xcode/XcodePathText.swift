/// A path in text, read the way Foundation's `NSString` path methods read it (which the Xcode macro modifiers
/// `lastPathComponent`, `pathExtension` and their kin are): trailing slashes do not count, `/` alone is the
/// root, and a name's extension is what follows its last dot unless that dot starts or ends the name.
struct PathText {
    /// The path without trailing slashes (the root keeps its one slash).
    private let trimmed: Substring

    init(_ text: String) {
        var trimmed = Substring(text)
        while trimmed.count > 1, trimmed.hasSuffix("/") { trimmed = trimmed.dropLast() }
        self.trimmed = trimmed
    }

    var lastComponent: String {
        if trimmed == "/" { return "/" }
        guard let slash = trimmed.lastIndex(of: "/") else { return String(trimmed) }
        return String(trimmed[trimmed.index(after: slash)...])
    }

    var deletingLastComponent: String {
        if trimmed == "/" { return "/" }
        guard let slash = trimmed.lastIndex(of: "/") else { return "" }
        if slash == trimmed.startIndex { return "/" }
        var parent = trimmed[..<slash]
        while parent.count > 1, parent.hasSuffix("/") { parent = parent.dropLast() }
        return String(parent)
    }

    var pathExtension: String {
        guard let dot = extensionDot else { return "" }
        return String(trimmed[trimmed.index(after: dot)...])
    }

    var deletingPathExtension: String {
        guard let dot = extensionDot else { return String(trimmed) }
        return String(trimmed[..<dot])
    }

    /// The dot that starts the last component's extension, if it has one.
    private var extensionDot: Substring.Index? {
        let nameStart = trimmed.lastIndex(of: "/").map { trimmed.index(after: $0) } ?? trimmed.startIndex
        let name = trimmed[nameStart...]
        guard let dot = name.lastIndex(of: "."), dot != name.startIndex, name.index(after: dot) != name.endIndex
        else { return nil }
        return dot
    }
}
