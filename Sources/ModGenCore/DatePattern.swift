/// A Unicode date pattern (the `dateFormat` of the config: `yyyy-MM-dd`, `dd.MM.yy`, `d MMM yyyy`) for writing a
/// calendar day. Only the fields a file header needs: year, month and day; month names are English, so the
/// output is the same on every machine, whatever its locale.
///
/// `y` is the year as is, `yy` its last two digits, `yyy`/`yyyy` (and longer) zero-padded to that width; `M`/`d`
/// the number, `MM`/`dd` two digits; `MMM` a short month name (`Jan`), `MMMM` the full one (`January`). Text in
/// single quotes is literal (`''` is a quote); other ASCII letters are fields this pattern does not write and
/// are refused, so a pattern never quietly prints a letter where a date was meant. A line break or other control
/// character is refused too: the date goes into a header comment.
public struct DatePattern: Equatable, Sendable {
    public enum Field: Equatable, Sendable {
        case literal(String)
        case year(width: Int)
        case month(width: Int)
        case day(width: Int)
    }

    /// Why a pattern cannot be used: the text of the reason continues "date pattern '…' ".
    public struct PatternError: ModGenError, Equatable, Sendable {
        public var pattern: String
        public var reason: String

        public var message: String { "date pattern '\(pattern)' \(reason)" }
    }

    public let fields: [Field]

    public init(_ pattern: String) throws(PatternError) {
        // The date is written into the header comment: a line break there would turn the rest into code.
        if let problem = PrintableText.oneLineProblem(pattern) { throw PatternError(pattern: pattern, reason: problem) }
        var fields: [Field] = []
        var characters = Array(pattern)[...]
        var literal = ""
        while let character = characters.first {
            if character == "'" {
                characters.removeFirst()
                literal += try Self.quotedText(&characters, pattern: pattern)
                continue
            }
            guard character.isASCII, character.isLetter else {
                literal.append(character)
                characters.removeFirst()
                continue
            }
            let width = characters.prefix { $0 == character }.count
            characters.removeFirst(width)
            let field: Field
            switch character {
            case "y": field = .year(width: width)
            case "M" where width <= 4: field = .month(width: width)
            case "d" where width <= 2: field = .day(width: width)
            default:
                throw PatternError(
                    pattern: pattern,
                    reason: "has '\(String(repeating: character, count: width))', which is not a field it can write "
                        + "(use y, yy, yyyy, M, MM, MMM, MMMM, d, dd, and quotes around literal letters)")
            }
            if !literal.isEmpty { fields.append(.literal(literal)) }
            literal = ""
            fields.append(field)
        }
        if !literal.isEmpty { fields.append(.literal(literal)) }
        self.fields = fields
    }

    /// The text up to the closing quote, `''` inside it standing for one quote; `''` outside quotes is a quote.
    private static func quotedText(
        _ characters: inout ArraySlice<Character>, pattern: String
    ) throws(PatternError) -> String {
        if characters.first == "'" {
            characters.removeFirst()
            return "'"
        }
        var text = ""
        while let character = characters.popFirst() {
            if character != "'" {
                text.append(character)
            } else if characters.first == "'" {
                characters.removeFirst()
                text.append("'")
            } else {
                return text
            }
        }
        throw PatternError(pattern: pattern, reason: "has a quote that is not closed")
    }

    /// The day written with this pattern; `month` is 1 to 12.
    public func format(year: Int, month: Int, day: Int) -> String {
        var text = ""
        for field in fields {
            switch field {
            case .literal(let literal): text += literal
            case .year(2): text += String.zeroPadded(year % 100, width: 2)
            case .year(let width): text += String.zeroPadded(year, width: width)
            case .month(let width) where width >= 3:
                let name = Self.monthNames[(month - 1) % 12]
                text += width == 3 ? String(name.prefix(3)) : name
            case .month(let width): text += String.zeroPadded(month, width: width)
            case .day(let width): text += String.zeroPadded(day, width: width)
            }
        }
        return text
    }

    private static let monthNames = [
        "January", "February", "March", "April", "May", "June", "July", "August", "September", "October",
        "November", "December",
    ]
}
