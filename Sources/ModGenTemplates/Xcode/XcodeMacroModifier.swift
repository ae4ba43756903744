import ModGenCore

/// A modifier of an Xcode text macro (`___VARIABLE_name:identifier___`): a function from text to text. Names
/// are matched case-insensitively, because Apple's own templates write both `rfc1034Identifier` and
/// `RFC1034Identifier`.
public enum XcodeMacroModifier: String, CaseIterable, Sendable {
    case identifier
    case c99ExtIdentifier
    case rfc1034Identifier
    case bundleIdentifier
    case xml
    case lastPathComponent
    case deletingLastPathComponent
    case pathExtension
    case deletingPathExtension
    case deletingTrailingDot
    case quoteIfNeeded

    /// The modifier with this name, in any letter case.
    public init?(name: String) {
        let lowered = name.lowercased()
        guard let match = Self.allCases.first(where: { $0.rawValue.lowercased() == lowered }) else { return nil }
        self = match
    }

    public func apply(to text: String) -> String {
        switch self {
        case .identifier:
            return Self.replacing(text, with: "_") { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "_") }
        case .c99ExtIdentifier:
            return ProductModuleName.c99ExtendedIdentifier(text)
        case .rfc1034Identifier:
            return Self.replacing(text, with: "-") { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-") }
        case .bundleIdentifier:
            return Self.replacing(text, with: "-") {
                $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-" || $0 == ".")
            }
        case .xml:
            return Self.xmlEscaped(text)
        case .lastPathComponent:
            return PathText(text).lastComponent
        case .deletingLastPathComponent:
            return PathText(text).deletingLastComponent
        case .pathExtension:
            return PathText(text).pathExtension
        case .deletingPathExtension:
            return PathText(text).deletingPathExtension
        case .deletingTrailingDot:
            var result = Substring(text)
            while result.hasSuffix(".") { result = result.dropLast() }
            return String(result)
        case .quoteIfNeeded:
            return Self.quotedIfNeeded(text)
        }
    }

    /// `text` with every character `keep` refuses replaced by `replacement`, one for one.
    private static func replacing(_ text: String, with replacement: Character, keep: (Character) -> Bool) -> String {
        String(text.map { keep($0) ? $0 : replacement })
    }

    private static func xmlEscaped(_ text: String) -> String {
        XMLEscaping.escaped(text, quotes: true)
    }

    /// Quoted for a shell-like reader when a bare word would not survive: empty, or holding whitespace, a quote or
    /// a backslash.
    private static func quotedIfNeeded(_ text: String) -> String {
        let needsQuotes =
            text.isEmpty || text.contains { $0.isWhitespace || $0 == "\"" || $0 == "'" || $0 == "\\" }
        guard needsQuotes else { return text }
        var result = "\""
        for character in text {
            if character == "\"" || character == "\\" { result.append("\\") }
            result.append(character)
        }
        return result + "\""
    }
}
