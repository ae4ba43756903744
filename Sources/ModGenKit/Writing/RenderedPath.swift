/// The checks a rendered path must pass before modgen writes anything: it has to name a file strictly inside
/// the output directory, written in one canonical way.
///
/// These are checks on the text alone; symbolic links on disk are checked while planning (`WritePlan`).
public enum RenderedPath {
    /// The path's components, or a `WritingError.unsafePath` naming the path and the reason.
    ///
    /// Refused: an empty path, an absolute path, empty components (`a//b`, a trailing `/`), `.` and `..`
    /// components (`.` is harmless, but two spellings of one path would slip past the duplicate check),
    /// NUL and other control characters (they cut paths short in system calls or break one-line output).
    public static func components(of path: String) throws(WritingError) -> [String] {
        func refuse(_ reason: String) -> WritingError { .unsafePath(path: path, reason: reason) }
        if path.isEmpty { throw refuse("it is empty") }
        if path.hasPrefix("/") { throw refuse("it is absolute") }
        if path.unicodeScalars.contains("\0") { throw refuse("it contains a NUL character") }
        if path.unicodeScalars.contains(where: { $0.value < 0x20 || $0.value == 0x7F }) {
            throw refuse("it contains a control character")
        }
        let components = path.split(separator: "/", omittingEmptySubsequences: false).map(String.init)
        for component in components {
            switch component {
            case "": throw refuse("it has an empty component")
            case ".": throw refuse("it has a '.' component")
            case "..": throw refuse("it has a '..' component, which could leave the output directory")
            default: continue
            }
        }
        return components
    }

    /// `relativePath` as the user should see it: joined to the output directory the way the user typed it.
    /// An empty or `.` prefix shows the relative path alone.
    public static func display(_ relativePath: String, under prefix: String) -> String {
        if prefix.isEmpty || prefix == "." || prefix == "./" { return relativePath }
        return prefix.hasSuffix("/") ? prefix + relativePath : prefix + "/" + relativePath
    }
}
