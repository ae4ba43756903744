import ModGenCore

/// The checks a rendered path must pass before modgen writes anything: it has to name a file strictly inside
/// the output directory, written in one canonical way.
///
/// These are checks on the text alone; symbolic links on disk are checked while planning (`WritePlan`).
public enum RenderedPath {
    /// The path's components, or a `WritingError.unsafePath` naming the path and the reason.
    ///
    /// The rules are `RelativePath.problem(with:inside:)`'s: no empty, absolute, `.` or `..` parts, no NUL, control
    /// characters or backslashes.
    public static func components(of path: String) throws(WritingError) -> [String] {
        if let problem = RelativePath.problem(with: path, inside: "the output directory") {
            throw .unsafePath(path: path, reason: problem)
        }
        return path.split(separator: "/").map(String.init)
    }

    /// `relativePath` as the user should see it: joined to the output directory the way the user typed it.
    /// An empty or `.` prefix shows the relative path alone.
    public static func display(_ relativePath: String, under prefix: String) -> String {
        if prefix.isEmpty || prefix == "." || prefix == "./" { return relativePath }
        return prefix.hasSuffix("/") ? prefix + relativePath : prefix + "/" + relativePath
    }
}
