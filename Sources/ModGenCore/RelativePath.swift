/// The one check of a relative path that templates, manifests and partial names write: output paths, template
/// file names, partial names and rendered paths all have to name something strictly inside a folder, written in
/// one canonical way. Each caller turns a problem into its own error (and exit code).
public enum RelativePath {
    /// Why `path` is not a plain relative path inside `folder` (which the reason names, e.g. "the output
    /// directory"), or `nil` when it is one.
    ///
    /// Refused: an empty path, an absolute path, NUL and other control characters (they cut paths short in system
    /// calls or break one-line messages), backslashes (a separator on Windows, so a name that is one file here
    /// is a folder and a file there), empty components (`a//b`, a trailing `/`), and `.` and `..` components
    /// (`.` is harmless, but two spellings of one path would slip past duplicate checks).
    ///
    /// Checked on the UTF-8 bytes in one pass (every partial tag rendered asks, so this is on the rendering path):
    /// NUL, control characters, the backslash, `/` and `.` are ASCII, and no byte of a multi-byte character is below
    /// 0x80.
    public static func problem(with path: String, inside folder: String) -> String? {
        if path.isEmpty { return "it is empty" }
        var hasNUL = false
        var hasControl = false
        var hasBackslash = false
        /// The first component that is empty, `.` or `..`, as its length (0, 1 or 2), or nil.
        var badComponent: Int?
        var componentStart = 0
        var componentIsDots = true
        var offset = 0
        for byte in path.utf8 {
            if byte == UInt8(ascii: "/") {
                if offset == 0 { return "it is absolute" }
                if badComponent == nil, componentIsDots, offset - componentStart <= 2 {
                    badComponent = offset - componentStart
                }
                componentStart = offset + 1
                componentIsDots = true
            } else {
                if byte != UInt8(ascii: ".") { componentIsDots = false }
                if byte == 0 { hasNUL = true }
                if byte < 0x20 || byte == 0x7F { hasControl = true }
                if byte == UInt8(ascii: "\\") { hasBackslash = true }
            }
            offset += 1
        }
        if badComponent == nil, componentIsDots, offset - componentStart <= 2 { badComponent = offset - componentStart }
        if hasNUL { return "it contains a NUL character" }
        if hasControl { return "it contains a control character" }
        if hasBackslash { return "it contains a backslash" }
        switch badComponent {
        case 0: return "it has an empty component"
        case 1: return "it has a '.' component"
        case 2: return "it has a '..' component, which could leave \(folder)"
        default: return nil
        }
    }

    /// `text` with control characters written as `\u{…}`, so a message quoting a refused path stays on one line.
    public static func printable(_ text: String) -> String {
        var result = ""
        for scalar in text.unicodeScalars {
            if isControl(scalar) {
                result += "\\u{" + String(scalar.value, radix: 16) + "}"
            } else {
                result.unicodeScalars.append(scalar)
            }
        }
        return result
    }

    private static func isControl(_ scalar: Unicode.Scalar) -> Bool {
        scalar.value < 0x20 || scalar.value == 0x7F
    }
}
