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
    public static func problem(with path: String, inside folder: String) -> String? {
        if path.isEmpty { return "it is empty" }
        if path.hasPrefix("/") { return "it is absolute" }
        if path.unicodeScalars.contains("\0") { return "it contains a NUL character" }
        if path.unicodeScalars.contains(where: isControl) { return "it contains a control character" }
        if path.contains("\\") { return "it contains a backslash" }
        for component in path.split(separator: "/", omittingEmptySubsequences: false) {
            switch component {
            case "": return "it has an empty component"
            case ".": return "it has a '.' component"
            case "..": return "it has a '..' component, which could leave \(folder)"
            default: continue
            }
        }
        return nil
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
