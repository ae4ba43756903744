/// A condition on a template's options: `formatter`, `!rx`, `interface == storyboard`, combined with `&&`, `||`
/// and parentheses (`&&` binds tighter than `||`).
///
/// The language is deliberately tiny — names, two comparisons, three operators — so a manifest stays readable and
/// every mistake in it can be reported precisely.
public indirect enum Condition: Equatable, Sendable {
    case isOn(String)
    case equals(String, String)
    case not(Condition)
    case and(Condition, Condition)
    case or(Condition, Condition)

    /// The option names the condition mentions, in order of appearance.
    public var optionNames: [String] {
        switch self {
        case .isOn(let name), .equals(let name, _): return [name]
        case .not(let inner): return inner.optionNames
        case .and(let lhs, let rhs), .or(let lhs, let rhs): return lhs.optionNames + rhs.optionNames
        }
    }

    public func evaluate(_ values: OptionValues) -> Bool {
        switch self {
        case .isOn(let name): return values.isOn(name)
        case .equals(let name, let value): return values[name]?.text == value
        case .not(let inner): return !inner.evaluate(values)
        case .and(let lhs, let rhs): return lhs.evaluate(values) && rhs.evaluate(values)
        case .or(let lhs, let rhs): return lhs.evaluate(values) || rhs.evaluate(values)
        }
    }
}

extension Condition: CustomStringConvertible {
    /// The condition written back in the manifest's syntax, fully parenthesised where operators mix.
    public var description: String {
        switch self {
        case .isOn(let name): return name
        case .equals(let name, let value): return "\(name) == \(value)"
        case .not(.equals(let name, let value)): return "\(name) != \(value)"
        case .not(.isOn(let name)): return "!\(name)"
        // `!!x`, not `!(!x)`: each `(` is a nesting level to the parser, so the parenthesised form of a chain of
        // `!` that reads within the limit would not read back. `!` before `a != b` would bind to `a` alone.
        case .not(.not(.equals(let name, let value))): return "!(\(name) != \(value))"
        case .not(let inner):
            if case .not = inner { return "!\(inner)" }
            return "!(\(inner))"
        case .and(let lhs, let rhs): return "\(Self.grouped(lhs)) && \(Self.grouped(rhs))"
        case .or(let lhs, let rhs): return "\(lhs) || \(rhs)"
        }
    }

    private static func grouped(_ condition: Condition) -> String {
        if case .or = condition { return "(\(condition))" }
        return condition.description
    }
}

/// A condition that does not parse, with the character offset (0-based) in the condition text.
public struct ConditionSyntaxError: Error, Equatable {
    public var offset: Int
    public var reason: String
}

extension Condition {
    /// The longest condition text, in characters. A condition is a binary tree that parsing, evaluating, printing,
    /// comparing and checking all walk recursively, and a chain `a && a && …` is as deep as it is long: without
    /// limits a 100 KB manifest overflowed the stack. Limiting the length (and the terms below) keeps every walk a
    /// few hundred calls deep at most, so the simple recursive code stays safe; a readable condition is far shorter.
    public static let maximumLength = 1_024
    /// The most names one condition may mention (`a`, `b == c` are a term each), so a chain of short names within
    /// the length limit is still shallow.
    public static let maximumTerms = 64

    /// Parses the manifest syntax. Names are letters, digits, `_` and `-`; values after `==`/`!=` likewise.
    ///
    /// The limits hold for the condition as written and as modgen writes it back (`description`, which error
    /// messages, `describe` and exported bundles quote): the written-back form has one space around each operator
    /// and may add a level of parentheses (`!(a != b)`), so `a||b||…` within 1,024 characters could print longer.
    /// A condition is accepted only when its written-back form reads again, so what modgen prints always reads.
    public init(parsing text: String) throws(ConditionSyntaxError) {
        self = try Self.read(text)
        let written = description
        guard written != text else { return }
        do {
            _ = try Self.read(written)
        } catch {
            // The written-back form is not the user's text, so no offset in it points anywhere useful: the whole
            // condition is at fault, from its start.
            let spacing = written.count > Self.maximumLength ? " (one space around each operator)" : ""
            throw ConditionSyntaxError(offset: 0, reason: "\(error.reason) as modgen writes it back\(spacing)")
        }
    }

    /// Reads `text` within the limits, without checking the written-back form.
    private static func read(_ text: String) throws(ConditionSyntaxError) -> Condition {
        // Checked before anything else, so that a huge condition costs no more than counting its characters.
        if text.count > maximumLength {
            throw ConditionSyntaxError(offset: maximumLength, reason: "longer than \(maximumLength) characters")
        }
        var parser = ConditionParser(characters: Array(text))
        let condition = try parser.parseOr()
        parser.skipSpaces()
        if parser.index < parser.characters.count {
            throw ConditionSyntaxError(offset: parser.index, reason: "unexpected '\(parser.characters[parser.index])'")
        }
        return condition
    }
}

private struct ConditionParser {
    let characters: [Character]
    var index = 0
    /// How many `!` and `(` enclose the current position. Parsing recurses per level, so a hostile manifest could
    /// otherwise overflow the stack; no readable condition comes near the limit.
    var depth = 0
    static let maximumDepth = 32
    /// How many names have been read, against `Condition.maximumTerms`.
    var terms = 0

    mutating func skipSpaces() {
        while index < characters.count, characters[index] == " " { index += 1 }
    }

    mutating func consume(_ token: String) -> Bool {
        skipSpaces()
        // The tokens are ASCII: compared scalar by scalar, no `Character` array is built for each attempt.
        var position = index
        for scalar in token.unicodeScalars {
            guard position < characters.count, characters[position].unicodeScalars.count == 1,
                characters[position].unicodeScalars.first == scalar
            else { return false }
            position += 1
        }
        index = position
        return true
    }

    mutating func parseOr() throws(ConditionSyntaxError) -> Condition {
        var result = try parseAnd()
        while consume("||") { result = .or(result, try parseAnd()) }
        return result
    }

    mutating func parseAnd() throws(ConditionSyntaxError) -> Condition {
        var result = try parseUnary()
        while consume("&&") { result = .and(result, try parseUnary()) }
        return result
    }

    mutating func parseUnary() throws(ConditionSyntaxError) -> Condition {
        depth += 1
        defer { depth -= 1 }
        if depth > Self.maximumDepth {
            throw ConditionSyntaxError(offset: index, reason: "nested deeper than \(Self.maximumDepth) levels")
        }
        skipSpaces()
        if index < characters.count, characters[index] == "!", !characters[index...].starts(with: ["!", "="]) {
            index += 1
            return .not(try parseUnary())
        }
        if consume("(") {
            let inner = try parseOr()
            guard consume(")") else { throw ConditionSyntaxError(offset: index, reason: "expected ')'") }
            return inner
        }
        terms += 1
        if terms > Condition.maximumTerms {
            throw ConditionSyntaxError(offset: index, reason: "more than \(Condition.maximumTerms) terms")
        }
        let name = try parseWord(what: "an option name")
        if consume("==") { return .equals(name, try parseWord(what: "a value after '=='")) }
        if consume("!=") { return .not(.equals(name, try parseWord(what: "a value after '!='"))) }
        return .isOn(name)
    }

    mutating func parseWord(what: String) throws(ConditionSyntaxError) -> String {
        skipSpaces()
        let start = index
        while index < characters.count, Self.isWordCharacter(characters[index]) {
            index += 1
        }
        guard index > start else {
            let found = index < characters.count ? "'\(characters[index])'" : "the end"
            throw ConditionSyntaxError(offset: index, reason: "expected \(what), found \(found)")
        }
        // Appended one by one: `String(characters[start..<index])` calls the stdlib's unspecialized generic
        // initializer, which cost ~12 k instructions a word (runtime conformance lookups).
        var word = ""
        for character in characters[start..<index] { word.append(character) }
        return word
    }

    /// A letter, a digit, `_` or `-`; ASCII is told by its value, which asking for Unicode properties costs more.
    static func isWordCharacter(_ character: Character) -> Bool {
        if let ascii = character.asciiValue {
            switch ascii {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
                UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "_"), UInt8(ascii: "-"):
                return true
            default:
                return false
            }
        }
        return character.isLetter || character.isNumber
    }
}
