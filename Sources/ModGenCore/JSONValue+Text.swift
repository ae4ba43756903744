/// JSON as text, for the machine-readable outputs (`list --json`, `describe --json`, `--experimental-dump-help`).
///
/// Objects keep the order their members were built in, so a caller that builds them in a documented order gets
/// that order in the output, on every machine: the text is a function of the value alone.
extension JSONValue {
    /// Pretty-printed: two spaces per level, one member or element a line, `"key": value`, and empty arrays and
    /// objects as `[]` and `{}`. Strings escape only what JSON requires (quote, backslash, control characters),
    /// so non-ASCII text stays readable.
    public var prettyPrinted: String {
        var text = ""
        write(to: &text, indent: 0)
        return text
    }

    private func write(to text: inout String, indent: Int) {
        switch self {
        case .null: text += "null"
        case .bool(let value): text += value ? "true" : "false"
        case .integer(let value): text += String(value)
        case .bigInteger(let digits): text += digits
        case .double(let value): text += value.isFinite ? "\(value)" : "null"
        case .string(let value): Self.writeString(value, to: &text)
        case .array(let elements):
            guard !elements.isEmpty else {
                text += "[]"
                return
            }
            text += "[\n"
            for (index, element) in elements.enumerated() {
                text += Self.padding(indent + 1)
                element.write(to: &text, indent: indent + 1)
                text += index == elements.count - 1 ? "\n" : ",\n"
            }
            text += Self.padding(indent) + "]"
        case .object(let members):
            guard !members.isEmpty else {
                text += "{}"
                return
            }
            text += "{\n"
            for (index, member) in members.enumerated() {
                text += Self.padding(indent + 1)
                Self.writeString(member.key, to: &text)
                text += ": "
                member.value.write(to: &text, indent: indent + 1)
                text += index == members.count - 1 ? "\n" : ",\n"
            }
            text += Self.padding(indent) + "}"
        }
    }

    private static func padding(_ level: Int) -> String {
        String(repeating: "  ", count: level)
    }

    private static func writeString(_ value: String, to text: inout String) {
        text += "\""
        for scalar in value.unicodeScalars {
            switch scalar {
            case "\"": text += "\\\""
            case "\\": text += "\\\\"
            case "\n": text += "\\n"
            case "\r": text += "\\r"
            case "\t": text += "\\t"
            case "\u{08}": text += "\\b"
            case "\u{0C}": text += "\\f"
            // Every control character, and what a terminal would act on rather than show (`PrintableText`): the
            // value is the same, and `list --json` on a terminal cannot be made to clear or reorder it.
            case _ where PrintableText.needsEscaping(scalar):
                let hex = String(scalar.value, radix: 16)
                text += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default: text.unicodeScalars.append(scalar)
            }
        }
        text += "\""
    }
}
