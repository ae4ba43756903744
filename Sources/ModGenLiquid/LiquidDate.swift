#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// The `date` filter: a time read from an integer (seconds since 1970), `now`/`today` or a date string, printed
/// with Ruby's `strftime`. Times are in UTC (Ruby uses the process's zone; CI and generation run with `TZ` unset).
/// Text that is not a date the engine can read comes back unchanged, as Ruby liquid returns input it cannot parse.
enum LiquidDate {
    struct Time {
        var seconds: Int
        var nanoseconds = 0
        var utcOffset = 0
    }

    static func filter(_ input: LiquidValue, format: LiquidValue) throws -> LiquidValue {
        let pattern = format.rubyString
        if pattern.isEmpty { return input }
        guard let time = parse(input) else { return input }
        return .string(try strftime(time, pattern))
    }

    static func parse(_ input: LiquidValue) -> Time? {
        switch input {
        case .int(let seconds): return Time(seconds: seconds)
        case .string(let raw):
            let text = raw.lowercased()
            if text.isEmpty { return nil }
            if text == "now" || text == "today" {
                let now = Date().timeIntervalSince1970
                return Time(seconds: Int(now.rounded(.down)), nanoseconds: Int((now - now.rounded(.down)) * 1e9))
            }
            if text.utf8.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }) { return Time(seconds: rubyStringToI(text)) }
            return parseText(raw)
        default: return nil
        }
    }

    private static let monthNames = [
        "january", "february", "march", "april", "may", "june", "july", "august", "september", "october", "november",
        "december",
    ]
    private static let dayNames = ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"]

    /// The forms Ruby's `Time.parse` reads the same whatever the day: `2024-03-05`, `2024/03/05`, `05/03/2024`,
    /// `March 5, 2024`, `5 March 2024`, `March 2024`, each optionally after a weekday name (`Tue, 05 Mar 2024`) and
    /// before a time (`14:07`, `14:07:09.5`, `2:07 pm`) with a zone (`Z`, `+01:00`, `-0500`, `UTC`, `GMT`, the US
    /// zone names); and the `date` command's `Sat Nov 28 05:07:41 UTC 2026`. Forms that leave out the year are
    /// not read: Ruby fills in the current one.
    static func parseText(_ text: String) -> Time? {
        var scanner = DateScanner(Array(text.utf8)[...])
        scanner.skipSeparators()
        scanner.skipWeekday()
        var year = 0
        var monthNumber = 0
        var day = 1
        var time: DateScanner.TimeOfDay?
        if scanner.startsWithDigit {
            guard let (leading, _) = scanner.number() else { return nil }
            if let separator = scanner.first, separator == UInt8(ascii: "-") || separator == UInt8(ascii: "/") {
                scanner.advance()
                guard let (second, _) = scanner.number(), scanner.first == separator else { return nil }
                scanner.advance()
                guard let (third, _) = scanner.number() else { return nil }
                if separator == UInt8(ascii: "-") || leading > 31 {
                    (year, monthNumber, day) = (leading, second, third)
                } else {
                    // Ruby reads `a/b/c` as day/month/year unless the first part is the year.
                    (year, monthNumber, day) = (third, second, leading)
                }
            } else {
                scanner.skipSeparators()
                guard let parsedMonth = scanner.month() else { return nil }
                scanner.skipSeparators()
                guard let (parsedYear, _) = scanner.number() else { return nil }
                (year, monthNumber, day) = (parsedYear, parsedMonth, leading)
            }
        } else {
            guard let parsedMonth = scanner.month() else { return nil }
            monthNumber = parsedMonth
            scanner.skipSeparators()
            guard let (first, digits) = scanner.number() else { return nil }
            if digits > 2 {
                // `March 2024`: the first of the month. Ruby takes the long number for the day and a number after
                // it for the year, then swaps them: `March 2024, 5` is 5 March, `March 144, 2016` no date at all.
                year = first
                var rest = scanner
                rest.skipSeparators()
                if !rest.startsWithTime, let (second, secondDigits) = rest.number() {
                    guard secondDigits <= 2 else { return nil }
                    day = second
                    scanner = rest
                }
            } else {
                day = first
                scanner.skipSeparators()
                if scanner.startsWithTime {
                    // `Nov 28 05:07:41 UTC 2026`: the time and zone come before the year.
                    guard let parsed = scanner.timeOfDay() else { return nil }
                    time = parsed
                    scanner.skipSeparators()
                }
                guard let (parsedYear, _) = scanner.number() else { return nil }
                year = parsedYear
            }
        }
        guard (1...12).contains(monthNumber), (1...31).contains(day) else { return nil }
        if time == nil, let first = scanner.first,
            first == UInt8(ascii: "T") || first == UInt8(ascii: "t") || first == 0x20 || first == UInt8(ascii: ",")
        {
            scanner.advance()
            scanner.skipSeparators()
            if scanner.startsWithTime {
                guard let parsed = scanner.timeOfDay() else { return nil }
                time = parsed
            }
        }
        let clock = time ?? DateScanner.TimeOfDay()
        guard clock.hour < 24, clock.minute < 60, clock.second < 61 else { return nil }
        let days = daysFromCivil(year: year, month: monthNumber, day: day)
        let local = days * 86400 + clock.hour * 3600 + clock.minute * 60 + clock.second
        return Time(seconds: local - clock.offset, nanoseconds: clock.nanoseconds, utcOffset: clock.offset)
    }

    struct DateScanner {
        struct TimeOfDay {
            var hour = 0
            var minute = 0
            var second = 0
            var nanoseconds = 0
            var offset = 0
        }

        private var bytes: ArraySlice<UInt8>

        init(_ bytes: ArraySlice<UInt8>) { self.bytes = bytes }

        var first: UInt8? { bytes.first }
        var startsWithDigit: Bool { bytes.first.map(isDigit) ?? false }
        /// Digits, then `:`.
        var startsWithTime: Bool {
            var rest = bytes
            guard let first = rest.first, isDigit(first) else { return false }
            while let next = rest.first, isDigit(next) { rest = rest.dropFirst() }
            return rest.first == UInt8(ascii: ":")
        }

        mutating func advance() { bytes = bytes.dropFirst() }

        mutating func skipSeparators() {
            while let first = bytes.first, first == 0x20 || first == UInt8(ascii: ",") || first == 0x09 {
                bytes = bytes.dropFirst()
            }
        }

        /// The number and how many digits it had.
        mutating func number(maxDigits: Int = 9) -> (Int, Int)? {
            var digits = 0
            var value = 0
            while let first = bytes.first, isDigit(first), digits < maxDigits {
                value = value * 10 + Int(first - 0x30)
                digits += 1
                bytes = bytes.dropFirst()
            }
            return digits > 0 ? (value, digits) : nil
        }

        private mutating func letters() -> String {
            var word: [UInt8] = []
            while let first = bytes.first, isLetter(first) {
                word.append(first | 0x20)
                bytes = bytes.dropFirst()
            }
            return String(decoding: word, as: UTF8.self)
        }

        /// A word starting with a month's first three letters (Ruby reads `Marzipan` as March).
        mutating func month() -> Int? {
            let word = letters()
            guard word.count >= 3, let index = monthNames.firstIndex(where: { $0.hasPrefix(word.prefix(3)) })
            else { return nil }
            return index + 1
        }

        /// A weekday's name (whole or abbreviated) and the separators after it, if the text starts with one.
        mutating func skipWeekday() {
            var rest = self
            let word = rest.letters()
            guard word.count >= 3, dayNames.contains(where: { $0.lowercased().hasPrefix(word.prefix(3)) }) else {
                return
            }
            rest.skipSeparators()
            self = rest
        }

        /// `hh:mm[:ss[.fraction]]`, then `am`/`pm` and a zone, each optional.
        mutating func timeOfDay() -> TimeOfDay? {
            var time = TimeOfDay()
            guard let (hour, _) = number(maxDigits: 2), bytes.first == UInt8(ascii: ":") else { return nil }
            advance()
            guard let (minute, _) = number(maxDigits: 2) else { return nil }
            (time.hour, time.minute) = (hour, minute)
            if bytes.first == UInt8(ascii: ":") {
                advance()
                time.second = number(maxDigits: 2)?.0 ?? 0
                if bytes.first == UInt8(ascii: ".") {
                    advance()
                    var digits = 0
                    while let digit = bytes.first, isDigit(digit) {
                        if digits < 9 { time.nanoseconds = time.nanoseconds * 10 + Int(digit - 0x30) }
                        digits += 1
                        advance()
                    }
                    for _ in digits..<9 where digits < 9 { time.nanoseconds *= 10 }
                }
            }
            skipSeparators()
            var rest = self
            let meridian = rest.letters()
            if (meridian == "am" || meridian == "pm"), (1...12).contains(time.hour) {
                time.hour = time.hour % 12 + (meridian == "pm" ? 12 : 0)
                self = rest
                skipSeparators()
            }
            if let sign = bytes.first, sign == UInt8(ascii: "+") || sign == UInt8(ascii: "-") {
                advance()
                // `+hh`, `+hhmm` or `+hh:mm`; Ruby reads no zone from other digit counts.
                guard let (hours, digits) = number(maxDigits: 4), digits == 2 || digits == 4 else { return time }
                var minutes = 0
                var zoneHours = hours
                if digits == 4 {
                    (zoneHours, minutes) = (hours / 100, hours % 100)
                } else if bytes.first == UInt8(ascii: ":") {
                    advance()
                    guard let (parsed, minuteDigits) = number(maxDigits: 2), minuteDigits == 2 else { return time }
                    minutes = parsed
                }
                time.offset = (zoneHours * 3600 + minutes * 60) * (sign == UInt8(ascii: "-") ? -1 : 1)
            } else if let first = bytes.first, isLetter(first) {
                var zone = self
                let name = zone.letters()
                guard let hours = Self.zoneHours[name] else { return time }
                time.offset = hours * 3600
                self = zone
            }
            return time
        }

        /// The zone names Ruby's date library reads that are neither ambiguous nor a letter of the military zones
        /// (`Z` excepted).
        private static let zoneHours: [String: Int] = [
            "z": 0, "utc": 0, "gmt": 0, "ut": 0, "est": -5, "edt": -4, "cst": -6, "cdt": -5, "mst": -7, "mdt": -6,
            "pst": -8, "pdt": -7,
        ]

        private func isDigit(_ byte: UInt8) -> Bool { byte >= 0x30 && byte <= 0x39 }
        private func isLetter(_ byte: UInt8) -> Bool { (byte | 0x20) >= 0x61 && (byte | 0x20) <= 0x7A }
    }

    /// Days since 1970-01-01 of a proleptic Gregorian date (Howard Hinnant's algorithm).
    static func daysFromCivil(year: Int, month: Int, day: Int) -> Int {
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yearOfEra = y - era * 400
        let dayOfYear = (153 * (month + (month > 2 ? -3 : 9)) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146097 + dayOfEra - 719468
    }

    static func civil(fromDays days: Int) -> (year: Int, month: Int, day: Int) {
        let z = days + 719468
        let era = (z >= 0 ? z : z - 146096) / 146097
        let dayOfEra = z - era * 146097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36524 - dayOfEra / 146096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let mp = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * mp + 2) / 5 + 1
        let month = mp < 10 ? mp + 3 : mp - 9
        return (yearOfEra + era * 400 + (month <= 2 ? 1 : 0), month, day)
    }

    /// Ruby's `strftime` for the conversions that do not depend on a locale database, with the `-`, `_`, `0`, `^`
    /// and `#` flags and a width.
    static func strftime(_ time: Time, _ format: String) throws -> String {
        let local = time.seconds + time.utcOffset
        let days = local >= 0 ? local / 86400 : (local - 86399) / 86400
        let secondOfDay = local - days * 86400
        let (year, month, day) = civil(fromDays: days)
        let hour = secondOfDay / 3600
        let minute = secondOfDay % 3600 / 60
        let second = secondOfDay % 60
        let weekday = ((days % 7) + 11) % 7  // 1970-01-01 was a Thursday
        let dayOfYear = days - daysFromCivil(year: year, month: 1, day: 1) + 1
        var result = ""
        let scalars = Array(format.unicodeScalars)
        var index = 0
        while index < scalars.count {
            let scalar = scalars[index]
            guard scalar == "%", index + 1 < scalars.count else {
                result.unicodeScalars.append(scalar)
                index += 1
                continue
            }
            let start = index
            index += 1
            var flags: [Unicode.Scalar] = []
            while index < scalars.count, "-_0^#".unicodeScalars.contains(scalars[index]) {
                flags.append(scalars[index])
                index += 1
            }
            var width: Int?
            while index < scalars.count, let digit = Int(String(scalars[index])), scalars[index].isASCII {
                // Counted no further than Ruby reads a width (a C int); the digits are still skipped.
                width = min((width ?? 0) * 10 + digit, 1 << 31)
                index += 1
            }
            guard index < scalars.count else {
                result.unicodeScalars.append(contentsOf: scalars[start...])
                break
            }
            let conversion = scalars[index]
            index += 1
            // Ruby's strftime prints a conversion whose width does not fit a C int as it was written, and fails on
            // widths past its buffer's 4,718,592 bytes (`Liquid error: internal`).
            if let width, width >= 1 << 31 {
                result.unicodeScalars.append(contentsOf: scalars[start..<index])
                continue
            }
            if let width, width > 4_718_592 {
                throw LiquidFilterError(message: "a date width of \(width) is more than 4718592 (the limit)")
            }
            func numeric(_ value: Int, _ defaultWidth: Int, pad: Character = "0") -> String {
                if flags.contains("-") { return String(value) }
                let padding: Character = flags.contains("_") ? " " : (flags.contains("0") ? "0" : pad)
                let digits = String(abs(value))
                let total = width ?? defaultWidth
                let sign = value < 0 ? "-" : ""
                let fill = max(0, total - digits.count - sign.count)
                return padding == "0"
                    ? sign + String(repeating: "0", count: fill) + digits
                    : String(repeating: " ", count: fill) + sign + digits
            }
            func text(_ value: String) -> String {
                var value = value
                if flags.contains("^") { value = value.uppercased() }
                if flags.contains("#") { value = value.uppercased() == value ? value.lowercased() : value.uppercased() }
                if let width, width > value.count, !flags.contains("-") {
                    let padding: Character = flags.contains("0") ? "0" : " "
                    return String(repeating: padding, count: width - value.count) + value
                }
                return value
            }
            let monthName = monthNames[month - 1].prefix(1).uppercased() + monthNames[month - 1].dropFirst()
            let hour12 = hour % 12 == 0 ? 12 : hour % 12
            switch conversion {
            case "Y": result += year >= 0 && year < 10000 && width == nil ? numeric(year, 4) : numeric(year, 1)
            case "C": result += numeric(year / 100, 2)
            case "y": result += numeric(((year % 100) + 100) % 100, 2)
            case "m": result += numeric(month, 2)
            case "B": result += text(monthName)
            case "b", "h": result += text(String(monthName.prefix(3)))
            case "d": result += numeric(day, 2)
            case "e": result += numeric(day, 2, pad: " ")
            case "j": result += numeric(dayOfYear, 3)
            case "H": result += numeric(hour, 2)
            case "k": result += numeric(hour, 2, pad: " ")
            case "I": result += numeric(hour12, 2)
            case "l": result += numeric(hour12, 2, pad: " ")
            case "P": result += text(hour < 12 ? "am" : "pm")
            case "p": result += text(flags.contains("#") ? (hour < 12 ? "am" : "pm") : (hour < 12 ? "AM" : "PM"))
            case "M": result += numeric(minute, 2)
            case "S": result += numeric(second, 2)
            case "L": result += numeric(time.nanoseconds / 1_000_000, 3)
            case "N":
                let digits =
                    String(repeating: "0", count: 9 - String(time.nanoseconds).count) + String(time.nanoseconds)
                result += String(digits.prefix(width ?? 9))
            case "z":
                let offset = time.utcOffset
                let sign = offset < 0 ? "-" : "+"
                result += sign + numeric(abs(offset) / 3600, 2) + numeric(abs(offset) % 3600 / 60, 2)
            case "Z": result += text(time.utcOffset == 0 ? "UTC" : "")
            case "A": result += text(dayNames[weekday])
            case "a": result += text(String(dayNames[weekday].prefix(3)))
            case "u": result += numeric(weekday == 0 ? 7 : weekday, 1)
            case "w": result += numeric(weekday, 1)
            case "s": result += numeric(time.seconds, 1)
            case "n": result += "\n"
            case "t": result += "\t"
            case "%": result += "%"
            case "F": result += try strftime(time, "%Y-%m-%d")
            case "T", "X": result += try strftime(time, "%H:%M:%S")
            case "D", "x": result += try strftime(time, "%m/%d/%y")
            case "R": result += try strftime(time, "%H:%M")
            case "r": result += try strftime(time, "%I:%M:%S %p")
            case "c": result += try strftime(time, "%a %b %e %H:%M:%S %Y")
            case "v": result += try strftime(time, "%e-%^b-%4Y")
            case "U":
                result += numeric((dayOfYear - 1 + 7 - weekday) / 7, 2)
            case "W":
                result += numeric((dayOfYear - 1 + 7 - ((weekday + 6) % 7)) / 7, 2)
            default:
                result.unicodeScalars.append(contentsOf: scalars[start..<index])
            }
        }
        return result
    }
}
