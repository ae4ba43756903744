/// Reads date text the way Ruby's `Date._parse` does for `Time.parse` (the date library's default, loose parser),
/// so that the `date` filter reads exactly the text Ruby liquid reads, the odd readings included (`March 1,4 2016` is
/// 1 March 2004, `12 hello` is noon in a zone called `ello`).
///
/// Ruby's parser works on a copy of the text in which every run of characters other than letters, digits and
/// `-+',./:@[]` is one space. It tries a fixed list of sub-parsers in order; each looks for its pattern anywhere in
/// the text (the leftmost place it fits), records what it found and blanks what it read out with one space, so the
/// ones after it do not read it again. The weekday and the time of day are read first; then the first date form that
/// fits wins (day-month-year with a month name, month-day-year with a month name, ISO `y-m-d`, Japanese era, VMS,
/// slashes, dots, ISO week and ordinal dates, `'yy`, a lone month name, an ordinal day, runs of digits); then an era
/// (`BC`) and a lone 1–2 digit number left over. Each sub-parser below is named after Ruby's and matches what its
/// pattern matches, including where its repetitions give back characters.
struct LiquidDateParser {
    /// What the text said; `nil` where it said nothing. Ruby keeps more (the weekday, ISO week dates) that
    /// `Time.parse` does not use.
    struct Fields {
        var year: Int?
        var month: Int?
        var day: Int?
        var dayOfYear: Int?
        var hour: Int?
        var minute: Int?
        var second: Int?
        /// The digits after the seconds' decimal point.
        var fraction: [UInt8]?
        var zone: String?
        /// Whether a year of 0–99 still means 1969–2068 (false once it was written with a sign or 3+ digits).
        var completesYear = true
        var beforeChrist = false
    }

    /// Numbers are counted no further than this: every field this large is out of range anyway.
    static let saturated = 1_000_000_000_000_000

    /// The text, as the sub-parsers have left it. In a box, so that a sub-parser's pattern (a closure reading the
    /// text) can be handed to ``blankFirst(_:)``, which then blanks what it read.
    private final class Text {
        var bytes: [UInt8]
        init(_ bytes: [UInt8]) { self.bytes = bytes }
    }

    private let storage: Text
    var text: [UInt8] { storage.bytes }
    var fields = Fields()

    /// The text already lowercased (Ruby liquid lowercases it before `Time.parse`).
    init(_ lowercased: String) {
        var bytes: [UInt8] = []
        var inRun = false
        for scalar in lowercased.unicodeScalars {
            if scalar == "\u{17F}" {
                bytes.append(Self.longS)
                inRun = false
            } else if Self.isKept(scalar) {
                bytes.append(contentsOf: String(scalar).utf8)
                inRun = false
            } else if !inRun {
                bytes.append(0x20)
                inRun = true
            }
        }
        storage = Text(bytes)
    }

    /// Letters, digits (Unicode's, as Ruby's `[:alnum:]`) and the punctuation dates are written with.
    private static func isKept(_ scalar: Unicode.Scalar) -> Bool {
        if scalar.isASCII {
            let byte = UInt8(scalar.value)
            return isAlphanumeric(byte) || "-+',./:@[]".utf8.contains(byte)
        }
        let category = scalar.properties.generalCategory
        return scalar.properties.isAlphabetic || category == .decimalNumber
            || [.nonspacingMark, .spacingMark, .enclosingMark].contains(category)
    }

    /// Runs the sub-parsers in Ruby's order. Throws where Ruby raises an error that is not an `ArgumentError`
    /// (Ruby liquid then fails the render instead of printing the text).
    static func parse(_ lowercased: String) throws -> Fields {
        var parser = LiquidDateParser(lowercased)
        try parser.run()
        return parser.fields
    }

    private mutating func run() throws {
        if has(.alpha) { parseWeekday() }
        if has(.digit) { try parseTime() }
        let dateForms: [(CharacterClasses, (inout LiquidDateParser) -> Bool)] = [
            ([.alpha, .digit], { $0.parseDayMonthName() || $0.parseMonthNameDay() }),
            ([.digit, .dash], { $0.parseISO() }),
            ([.digit, .dot], { $0.parseJapaneseEra() }),
            ([.alpha, .digit, .dash], { $0.parseVMSDayMonth() || $0.parseVMSMonthDay() }),
            ([.digit, .slash], { $0.parseSlashes() }),
            ([.digit, .dot], { $0.parseDots() }),
            ([.digit], { $0.parseISOWeekOrOrdinal() }),
            ([.digit], { $0.parseApostropheYear() }),
            ([.alpha], { $0.parseMonthName() }),
            ([.digit], { $0.parseOrdinalDay() }),
            ([.digit], { $0.parseDigitRun() }),
        ]
        for (classes, form) in dateForms where has(classes) {
            if form(&self) { break }
        }
        if has(.alpha) { parseEra() }
        if has(.digit) { parseLoneNumber() }
        if fields.beforeChrist, let year = fields.year { fields.year = 1 - year }
        if fields.completesYear, let year = fields.year, (0...99).contains(year) {
            fields.year = year + (year >= 69 ? 1900 : 2000)
        }
    }

    // MARK: - The text

    struct CharacterClasses: OptionSet {
        let rawValue: Int
        static let alpha = CharacterClasses(rawValue: 1)
        static let digit = CharacterClasses(rawValue: 2)
        static let dash = CharacterClasses(rawValue: 4)
        static let dot = CharacterClasses(rawValue: 8)
        static let slash = CharacterClasses(rawValue: 16)
    }

    /// Whether the text as it is now (sub-parsers blank what they read) holds all of these (ASCII letters only).
    private func has(_ classes: CharacterClasses) -> Bool {
        var found: CharacterClasses = []
        for byte in text {
            if Self.isLetter(byte) { found.insert(.alpha) }
            if Self.isDigit(byte) { found.insert(.digit) }
            if byte == UInt8(ascii: "-") { found.insert(.dash) }
            if byte == UInt8(ascii: ".") { found.insert(.dot) }
            if byte == UInt8(ascii: "/") { found.insert(.slash) }
        }
        return found.isSuperset(of: classes)
    }

    /// The first place, from the left, where `match` fits (it answers where its match ends and what it captured):
    /// what it captured. What it read becomes one space.
    func blankFirst<Captures>(_ match: (Int) -> (end: Int, captures: Captures)?) -> Captures? {
        for start in 0..<text.count {
            if let (end, captures) = match(start) {
                storage.bytes.replaceSubrange(start..<end, with: [0x20])
                return captures
            }
        }
        return nil
    }

    func byte(_ index: Int) -> UInt8? { index >= 0 && index < text.count ? text[index] : nil }
    func isDigit(at index: Int) -> Bool { byte(index).map(Self.isDigit) ?? false }
    func isWord(at index: Int) -> Bool { byte(index).map(Self.isWord) ?? false }
    /// A word boundary (`\b`): a word character on one side only.
    func isBoundary(_ index: Int) -> Bool { isWord(at: index - 1) != isWord(at: index) }

    func afterDigits(_ index: Int) -> Int {
        var end = index
        while isDigit(at: end) { end += 1 }
        return end
    }

    func afterSpaces(_ index: Int) -> Int {
        var end = index
        while byte(end) == 0x20 { end += 1 }
        return end
    }

    /// After the characters that `allowed` accepts, from `index`.
    func after(_ index: Int, while allowed: (UInt8) -> Bool) -> Int {
        var end = index
        while let next = byte(end), allowed(next) { end += 1 }
        return end
    }

    /// Whether `word` (lowercase ASCII) is at `index`, letters matched as Ruby's case-insensitive patterns match
    /// them.
    func starts(with word: String, at index: Int) -> Bool {
        var position = index
        for expected in word.utf8 {
            guard let next = byte(position), Self.matches(next, expected) else { return false }
            position += 1
        }
        return true
    }

    /// Ruby's patterns ignore case as Unicode folds it, so `ſ` (long s) matches their `s`; the byte that stands
    /// for it in ``text``, which no UTF-8 text holds.
    static let longS: UInt8 = 0xFF

    static func matches(_ byte: UInt8, _ expected: UInt8) -> Bool {
        byte == expected || (byte == longS && expected == UInt8(ascii: "s"))
    }

    /// `jan`…`dec` at `index`: the month's number. Ruby looks the number up comparing bytes, so `ſep` is a month
    /// name whose number (13) no date has.
    func monthAbbreviation(at index: Int) -> Int? {
        guard let month = Self.monthAbbreviations.firstIndex(where: { starts(with: $0, at: index) }) else {
            return nil
        }
        return text[index..<(index + 3)].contains(Self.longS) ? 13 : month + 1
    }

    /// Captured text as a string (a long s as itself).
    static func string(_ bytes: [UInt8]) -> String {
        String(decoding: bytes.flatMap { $0 == longS ? Array("\u{17F}".utf8) : [$0] }, as: UTF8.self)
    }

    /// `'?-?\d+` (a signed number, perhaps after an apostrophe for a short year): where it ends.
    func afterSignedNumber(_ index: Int, apostrophe: Bool = true, sign: Bool = true) -> Int? {
        var position = index
        if apostrophe, byte(position) == UInt8(ascii: "'") { position += 1 }
        if sign, byte(position) == UInt8(ascii: "-") { position += 1 }
        guard isDigit(at: position) else { return nil }
        return afterDigits(position)
    }

    func slice(_ range: Range<Int>) -> [UInt8] { Array(text[range]) }

    static let monthAbbreviations = [
        "jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec",
    ]
    static let weekdayAbbreviations = ["sun", "mon", "tue", "wed", "thu", "fri", "sat"]

    static func isDigit(_ byte: UInt8) -> Bool { byte >= 0x30 && byte <= 0x39 }
    static func isLetter(_ byte: UInt8) -> Bool { byte >= 0x61 && byte <= 0x7A || byte >= 0x41 && byte <= 0x5A }
    static func isAlphanumeric(_ byte: UInt8) -> Bool { isDigit(byte) || isLetter(byte) }
    /// Bytes of non-ASCII characters count as letters: only letters, marks and digits outlive the first pass.
    static func isWord(_ byte: UInt8) -> Bool { isAlphanumeric(byte) || byte >= 0x80 }
    static func isAlpha(_ byte: UInt8) -> Bool { isLetter(byte) || byte >= 0x80 }

    /// A number's digits (after a sign or apostrophe, which are skipped), counted up to ``saturated``.
    static func number(_ digits: some Sequence<UInt8>) -> Int {
        var value = 0
        for byte in digits where isDigit(byte) {
            value = min(value * 10 + Int(byte - 0x30), saturated)
        }
        return value
    }

    // MARK: - Weekday and time of day

    /// `\b(sun|mon|…|sat)[^-/\d\s]*`: the weekday, read and blanked (`Time.parse` does not use it).
    private mutating func parseWeekday() {
        let _: Void? = blankFirst { start in
            guard isBoundary(start), Self.weekdayAbbreviations.contains(where: { starts(with: $0, at: start) })
            else { return nil }
            let end = after(start + 3) {
                $0 != UInt8(ascii: "-") && $0 != UInt8(ascii: "/") && !Self.isDigit($0) && $0 != 0x20
            }
            return (end, ())
        }
    }

    /// `14:07[:09[.5]]`, `10h[ 30m[ 15s]]` or `2 pm`, then `am`/`pm` and a zone, each optional.
    private mutating func parseTime() throws {
        let found: (clock: [UInt8], zone: [UInt8]?)? = blankFirst { start in
            guard let end = afterClock(start) else { return nil }
            let zone = zoneAfterClock(end)
            return (zone?.upperBound ?? end, (slice(start..<end), zone.map(slice)))
        }
        guard let found else { return }
        if let zone = found.zone { fields.zone = Self.string(zone) }
        try readClock(found.clock)
    }

    /// The hour, minutes, seconds, fraction and meridian of a time `parseTime` found.
    private mutating func readClock(_ bytes: [UInt8]) throws {
        let clock = LiquidDateParser(bytes: bytes)
        var position = clock.afterDigits(0)
        var hour = Self.number(bytes[0..<position])
        if clock.byte(position) == UInt8(ascii: "h") { position += 1 }
        /// `\s*:?\s*` then digits: where the digits start.
        func digitsAfterSeparator(_ index: Int) -> Int? {
            var next = clock.afterSpaces(index)
            if clock.byte(next) == UInt8(ascii: ":") { next += 1 }
            next = clock.afterSpaces(next)
            return clock.isDigit(at: next) ? next : nil
        }
        if let minuteStart = digitsAfterSeparator(position) {
            position = clock.afterDigits(minuteStart)
            fields.minute = Self.number(bytes[minuteStart..<position])
            if clock.byte(position) == UInt8(ascii: "m") { position += 1 }
            if let secondStart = digitsAfterSeparator(position) {
                position = clock.afterDigits(secondStart)
                fields.second = Self.number(bytes[secondStart..<position])
                if let mark = clock.byte(position), mark == UInt8(ascii: ",") || mark == UInt8(ascii: "."),
                    clock.isDigit(at: position + 1)
                {
                    let end = clock.afterDigits(position + 1)
                    fields.fraction = Array(bytes[(position + 1)..<end])
                    position = end
                }
                if let next = clock.byte(position), Self.matches(next, UInt8(ascii: "s")) { position += 1 }
            }
        }
        let meridian = clock.afterSpaces(position)
        if clock.afterMeridian(meridian) != nil {
            // Ruby converts the hour to a C int here, and fails the render past one.
            guard hour <= Int(Int32.max) else {
                throw LiquidFilterError(message: "the hour in a date is too big to convert to 'int'")
            }
            hour = hour % 12 + (bytes[meridian] == UInt8(ascii: "p") ? 12 : 0)
        }
        fields.hour = hour
    }

    private init(bytes: [UInt8]) { storage = Text(bytes) }

    /// The zone after a time: `[gmt|utc|ut]+hh[:mm[:ss]]`, a name ending in `standard time` or `daylight time`, or
    /// a word (then ` dst`, optionally). The spaces before it are given back one at a time when nothing fits after
    /// all of them (only the `… time` form can start with a space).
    private func zoneAfterClock(_ end: Int) -> Range<Int>? {
        var start = afterSpaces(end)
        while start >= end {
            if let zoneEnd = afterOffsetZone(start) ?? afterZoneEndingInTime(start) ?? afterZoneWord(start) {
                return start..<zoneEnd
            }
            start -= 1
        }
        return nil
    }

    private func afterOffsetZone(_ start: Int) -> Int? {
        for prefix in ["gmt", "utc", "ut", ""] where starts(with: prefix, at: start) {
            let sign = start + prefix.utf8.count
            guard byte(sign) == UInt8(ascii: "+") || byte(sign) == UInt8(ascii: "-"), isDigit(at: sign + 1) else {
                continue
            }
            var end = afterDigits(sign + 1)
            if let mark = byte(end), ",.:".utf8.contains(mark), isDigit(at: end + 1) {
                end = afterDigits(end + 1)
                if byte(end) == UInt8(ascii: ":"), isDigit(at: end + 1) { end = afterDigits(end + 1) }
            }
            return end
        }
        return nil
    }

    private func afterZoneEndingInTime(_ start: Int) -> Int? {
        let run = after(start) { Self.isAlpha($0) || $0 == UInt8(ascii: ".") || $0 == 0x20 }
        guard run > start else { return nil }
        // The longest run of letters, dots and spaces that is followed by `standard time` or `daylight time`.
        for wordStart in stride(from: run, through: start + 1, by: -1) {
            for word in ["standard time", "daylight time"] where starts(with: word, at: wordStart) {
                if !isWord(at: wordStart + 13) { return wordStart + 13 }
            }
        }
        return nil
    }

    private func afterZoneWord(_ start: Int) -> Int? {
        let end = after(start, while: Self.isAlpha)
        guard end > start else { return nil }
        if starts(with: " dst", at: end), !isWord(at: end + 4) { return end + 4 }
        return isWord(at: end) ? nil : end
    }

    /// The time of day's extent from `start`, meridian included.
    private func afterClock(_ start: Int) -> Int? {
        guard isDigit(at: start) else { return nil }
        let hours = afterDigits(start)
        var end: Int?
        let colon = afterSpaces(hours)
        if byte(colon) == UInt8(ascii: ":"), isDigit(at: afterSpaces(colon + 1)) {
            var clockEnd = afterDigits(afterSpaces(colon + 1))
            let secondColon = afterSpaces(clockEnd)
            if byte(secondColon) == UInt8(ascii: ":"), isDigit(at: afterSpaces(secondColon + 1)) {
                clockEnd = afterDigits(afterSpaces(secondColon + 1))
                if byte(clockEnd) == UInt8(ascii: ",") || byte(clockEnd) == UInt8(ascii: ".") {
                    clockEnd = afterDigits(clockEnd + 1)
                }
            }
            end = clockEnd
        } else if byte(colon) == UInt8(ascii: "h") {
            var clockEnd = colon + 1
            if isDigit(at: afterSpaces(clockEnd)) {
                clockEnd = afterDigits(afterSpaces(clockEnd))
                if byte(clockEnd) == UInt8(ascii: "m") { clockEnd += 1 }
                if isDigit(at: afterSpaces(clockEnd)) {
                    clockEnd = afterDigits(afterSpaces(clockEnd))
                    if let next = byte(clockEnd), Self.matches(next, UInt8(ascii: "s")) { clockEnd += 1 }
                }
            }
            end = clockEnd
        }
        if let clockEnd = end {
            return afterMeridian(afterSpaces(clockEnd)) ?? clockEnd
        }
        return afterMeridian(afterSpaces(hours))
    }

    /// `am`, `pm` (then no letter or digit), `a.m.` or `p.m.` at `index`.
    func afterMeridian(_ index: Int) -> Int? {
        guard byte(index) == UInt8(ascii: "a") || byte(index) == UInt8(ascii: "p") else { return nil }
        if byte(index + 1) == UInt8(ascii: "m"), !isWord(at: index + 2) { return index + 2 }
        if starts(with: ".m.", at: index + 1) { return index + 4 }
        return nil
    }
}
