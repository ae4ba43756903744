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
        // Split on the byte the file system splits on: splitting the `Character`s would cost a grapheme break
        // check at every one. The checks above leave no empty component.
        var components: [String] = []
        var path = path
        path.withUTF8 { bytes in
            var start = 0
            for (offset, byte) in bytes.enumerated() where byte == UInt8(ascii: "/") {
                components.append(String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<offset]), as: UTF8.self))
                start = offset + 1
            }
            components.append(String(decoding: UnsafeBufferPointer(rebasing: bytes[start...]), as: UTF8.self))
        }
        return components
    }

    /// `relativePath` as the user should see it: joined to the output directory the way the user typed it.
    /// An empty or `.` prefix shows the relative path alone. A name may hold characters a terminal acts on rather
    /// than shows (U+202E turns `evil\u{202E}tfiws.sh` into what reads as `evilhs.swift`): they are escaped, as
    /// in every message (`PrintableText`), so a listing shows what is really written.
    public static func display(_ relativePath: String, under prefix: String) -> String {
        if prefix.isEmpty || prefix == "." || prefix == "./" { return PrintableText.escaped(relativePath) }
        return PrintableText.escaped(prefix.hasSuffix("/") ? prefix + relativePath : prefix + "/" + relativePath)
    }
}
