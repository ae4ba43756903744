// Small text helpers the commands need, written here because FoundationEssentials (all modgen links) lacks
// `padding(toLength:withPad:startingAt:)` and `NSString` paths.

extension String {
    /// The text followed by spaces up to `width` characters (longer text is left as it is).
    func padded(to width: Int) -> String {
        self + String(repeating: " ", count: Swift.max(0, width - count))
    }

    /// The path without its last component, as `NSString.deletingLastPathComponent` gives it: `a/b/c` → `a/b`,
    /// `c` → ``, `/c` → `/`; trailing and repeated slashes do not count as components.
    var deletingLastPathComponent: String {
        var path = Substring(self)
        while path.count > 1, path.hasSuffix("/") { path = path.dropLast() }
        guard let slash = path.lastIndex(of: "/") else { return "" }
        var parent = path[..<slash]
        while parent.hasSuffix("/") { parent = parent.dropLast() }
        return parent.isEmpty && path.hasPrefix("/") ? "/" : String(parent)
    }
}
