/// Text from outside modgen (a module name, a `--set` value, a path) as an error message may show it: one line that
/// cannot move the cursor, change colours or reorder what the terminal shows. Control characters are written as
/// Swift escapes (`\n`, `\u{1B}`), as a Swift string literal would spell them.
public enum PrintableText {
    /// `text` with every character that a terminal would act on rather than show written as an escape.
    public static func escaped(_ text: String) -> String {
        // Nearly every text (each path a write plan shows) has nothing to escape: it is returned as it is rather
        // than rebuilt scalar by scalar, which costs hundreds of instructions a scalar.
        // Printable ASCII, the usual path, is told by its bytes alone: walking the scalars costs more.
        guard text.utf8.contains(where: { $0 < 0x20 || $0 >= 0x7F }) else { return text }
        guard text.unicodeScalars.contains(where: needsEscaping) else { return text }
        return escaped(text, alsoEscaping: [])
    }

    /// `text` as the contents of a one-line Swift string literal (`"…"`) that holds exactly `text`: a backslash and a
    /// double quote escaped (so `\(` starts no interpolation and `"` ends nothing), and every character `escaped`
    /// escapes written as the same escape, which also keeps line breaks out of the literal. Other text, Unicode
    /// included, is kept as it is.
    public static func swiftStringLiteralContents(_ text: String) -> String {
        escaped(text, alsoEscaping: ["\\", "\""])
    }

    // `extra` is a list, not a `Set`: it holds at most two scalars, and a `Set<Unicode.Scalar>` costs every run a
    // runtime lookup of `Unicode.Scalar: Hashable` (a scan of all conformance records, ~150 k instructions).
    private static func escaped(_ text: String, alsoEscaping extra: [Unicode.Scalar]) -> String {
        var result = ""
        result.unicodeScalars.reserveCapacity(text.unicodeScalars.count)
        for scalar in text.unicodeScalars {
            if extra.contains(scalar) {
                result.unicodeScalars.append("\\")
                result.unicodeScalars.append(scalar)
                continue
            }
            guard needsEscaping(scalar) else {
                result.unicodeScalars.append(scalar)
                continue
            }
            switch scalar {
            case "\0": result += "\\0"
            case "\t": result += "\\t"
            case "\n": result += "\\n"
            case "\r": result += "\\r"
            default: result += "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
            }
        }
        return result
    }

    /// `text` escaped as `escaped` does, line by line: for output of several lines (a help screen, `describe`)
    /// that shows text from a template.
    public static func escapedLines(_ text: String) -> String {
        text.split(separator: "\n", omittingEmptySubsequences: false).map { escaped(String($0)) }
            .joined(separator: "\n")
    }

    /// Why `text` cannot be one line of a comment (a header field, a date pattern), or `nil`: a line break would
    /// end the comment and turn the rest into code (`Shop\nimport Evil`); other control characters have no place
    /// in a comment either.
    public static func oneLineProblem(_ text: String) -> String? {
        let lineBreaks: [Unicode.Scalar] = ["\n", "\r", "\u{0B}", "\u{0C}", "\u{85}", "\u{2028}", "\u{2029}"]
        for scalar in text.unicodeScalars where needsEscaping(scalar) {
            if lineBreaks.contains(scalar) { return "cannot contain a line break" }
            return "cannot contain a control character (\(escaped(String(scalar))))"
        }
        return nil
    }

    /// C0 and C1 controls and DEL (ESC starts terminal commands; U+009B is a one-character ESC-[), the line and
    /// paragraph separators (a line break to many viewers), the bidirectional marks, overrides and isolates
    /// (U+061C, U+200E/F, U+202A–E, U+2066–9), which make a terminal show text in another order than it is
    /// written, and the invisible format characters that hide or join text unseen (zero-width space, word joiner
    /// and invisible operators, the deprecated format controls, the byte order mark, interlinear annotation). The
    /// zero-width joiner and non-joiner stay: scripts and emoji need them.
    public static func needsEscaping(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x00...0x1F, 0x7F...0x9F, 0x2028, 0x2029, 0x200E, 0x200F, 0x202A...0x202E, 0x2066...0x2069:
            return true
        case 0x061C, 0x200B, 0x2060...0x2064, 0x206A...0x206F, 0xFEFF, 0xFFF9...0xFFFB:
            return true
        default:
            return false
        }
    }
}
