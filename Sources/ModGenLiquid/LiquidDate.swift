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
        /// Ruby's "UTC mode": text whose zone says UTC (`Z`, `UTC`, `UT`, `-00:00`), whose `%-z` is `-0000`.
        var isUTC = false
    }

    static func filter(_ input: LiquidValue, format: LiquidValue) throws -> LiquidValue {
        let pattern = format.rubyString
        if pattern.isEmpty { return input }
        guard let time = try parse(input) else { return input }
        return .string(try strftime(time, pattern))
    }

    static func parse(_ input: LiquidValue) throws -> Time? {
        switch input {
        case .int(let seconds): return Time(seconds: seconds)
        case .string(let raw):
            let text = raw.lowercased()
            if text.isEmpty { return nil }
            if text == "now" || text == "today" { return now() }
            if text.utf8.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }) { return Time(seconds: rubyStringToI(text)) }
            return try parseText(text, now: now())
        default: return nil
        }
    }

    static func now() -> Time {
        let now = Date().timeIntervalSince1970
        return Time(seconds: Int(now.rounded(.down)), nanoseconds: Int((now - now.rounded(.down)) * 1e9))
    }

    static let monthNames = [
        "january", "february", "march", "april", "may", "june", "july", "august", "september", "october", "november",
        "december",
    ]
    private static let dayNames = ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"]

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

    /// The ISO 8601 week (`%V`) and the year it belongs to (`%G`): weeks start on Monday, and week 1 is the one
    /// holding the year's first Thursday, so the first days of January can be in the last week of the year before
    /// and the last days of December in week 1 of the next.
    static func isoWeek(year: Int, dayOfYear: Int, weekday: Int) -> (year: Int, week: Int) {
        func weeks(in year: Int) -> Int {
            let january1 = daysFromCivil(year: year, month: 1, day: 1)
            let weekdayOfJanuary1 = ((january1 % 7) + 11) % 7
            let isLeap = daysFromCivil(year: year + 1, month: 1, day: 1) - january1 == 366
            return weekdayOfJanuary1 == 4 || (isLeap && weekdayOfJanuary1 == 3) ? 53 : 52
        }
        let mondayBased = weekday == 0 ? 7 : weekday
        let week = (dayOfYear - mondayBased + 10) / 7
        if week < 1 { return (year - 1, weeks(in: year - 1)) }
        if week > weeks(in: year) { return (year + 1, 1) }
        return (year, week)
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
        let isoWeek = isoWeek(year: year, dayOfYear: dayOfYear, weekday: weekday)
        var result = ""
        let scalars = Array(format.unicodeScalars)
        var index = 0
        while index < scalars.count {
            let scalar = scalars[index]
            guard scalar == "%" else {
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
            // A conversion cut off by the end of the format (`100%`, `%-`, `%10`) is an error in Ruby.
            guard index < scalars.count else { throw LiquidFilterError(message: "invalid format: \(format)") }
            // `:` (up to three) only before `z`, `E` only before `cCxXyY`, `O` only before `deHkIlmMSuUVwWy`, each
            // right before it; otherwise Ruby prints the text up to and including the `:`, `E` or `O` as it is.
            var colons = 0
            while index + colons < scalars.count, scalars[index + colons] == ":" { colons += 1 }
            if colons > 0 {
                guard colons <= 3, index + colons < scalars.count, scalars[index + colons] == "z" else {
                    index += 1
                    result.unicodeScalars.append(contentsOf: scalars[start..<index])
                    continue
                }
                index += colons
            } else if scalars[index] == "E" || scalars[index] == "O" {
                let allowed = scalars[index] == "E" ? "cCxXyY" : "deHkIlmMSuUVwWy"
                guard index + 1 < scalars.count, allowed.unicodeScalars.contains(scalars[index + 1]) else {
                    index += 1
                    result.unicodeScalars.append(contentsOf: scalars[start..<index])
                    continue
                }
                index += 1
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
            /// A conversion made of others (`%D`, `%c`): `^` upper-cases it, and a width pads the whole of it.
            func combined(_ pattern: String) throws -> String {
                var value = try strftime(time, pattern)
                if flags.contains("^") { value = value.uppercased() }
                guard let width, width > value.count else { return value }
                return String(repeating: flags.contains("0") ? "0" : " ", count: width - value.count) + value
            }
            /// The second's fraction to `digits` digits (`%L`, `%N`): the width counts digits, and flags do nothing.
            func fraction(_ digits: Int) -> String {
                let nanoseconds = String(time.nanoseconds)
                let nine = String(repeating: "0", count: 9 - nanoseconds.count) + nanoseconds
                return digits <= 9 ? String(nine.prefix(digits)) : nine + String(repeating: "0", count: digits - 9)
            }
            let monthName = monthNames[month - 1].prefix(1).uppercased() + monthNames[month - 1].dropFirst()
            let hour12 = hour % 12 == 0 ? 12 : hour % 12
            switch conversion {
            // Four digits, or a sign and four (`-0071`).
            case "Y": result += numeric(year, year >= 0 ? 4 : 5)
            case "C": result += numeric(year >= 0 ? year / 100 : -((99 - year) / 100), 2)  // rounded down
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
            case "p": result += text(hour < 12 ? "AM" : "PM")
            case "M": result += numeric(minute, 2)
            case "S": result += numeric(second, 2)
            case "L": result += fraction(width ?? 3)
            case "N": result += fraction(width ?? 9)
            case "z": result += zone(time, colons: colons, width: width, flags: flags)
            // A time with no zone name prints nothing, whatever the width.
            case "Z": result += time.utcOffset == 0 ? text("UTC") : ""
            case "A": result += text(dayNames[weekday])
            case "a": result += text(String(dayNames[weekday].prefix(3)))
            case "u": result += numeric(weekday == 0 ? 7 : weekday, 1)
            case "w": result += numeric(weekday, 1)
            case "s": result += numeric(time.seconds, 1)
            case "n": result += text("\n")
            case "t": result += text("\t")
            case "%": result += text("%")
            case "F": result += try combined("%Y-%m-%d")
            case "T", "X": result += try combined("%H:%M:%S")
            case "D", "x": result += try combined("%m/%d/%y")
            case "R": result += try combined("%H:%M")
            case "r": result += try combined("%I:%M:%S %p")
            case "c": result += try combined("%a %b %e %H:%M:%S %Y")
            case "v": result += try combined("%e-%^b-%4Y")
            case "G": result += numeric(isoWeek.year, isoWeek.year >= 0 ? 4 : 5)
            case "g": result += numeric(((isoWeek.year % 100) + 100) % 100, 2)
            case "V": result += numeric(isoWeek.week, 2)
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

    /// `%z` as Ruby prints it: `+hhmm`, `+hh:mm` (`%:z`), `+hh:mm:ss` (`%::z`), or only the parts that are not zero
    /// (`%:::z`). A width widens the hours; `_` pads them with spaces before the sign, and an offset of less than an
    /// hour west keeps its `-` (`-00:30`).
    static func zone(_ time: Time, colons: Int, width: Int?, flags: [Unicode.Scalar]) -> String {
        let seconds = abs(time.utcOffset)
        let width = width ?? 0
        let hoursDigits: Int
        switch colons {
        case 0: hoursDigits = width <= 5 ? 2 : width - 3
        case 1: hoursDigits = width <= 6 ? 2 : width - 4
        case 2: hoursDigits = width <= 9 ? 2 : width - 7
        default:
            if seconds % 3600 == 0 {
                hoursDigits = width <= 3 ? 2 : width - 1
            } else if seconds % 60 == 0 {
                hoursDigits = width <= 6 ? 2 : width - 4
            } else {
                hoursDigits = width <= 9 ? 2 : width - 7
            }
        }
        // With `-`, a time in UTC mode prints `-0000`: RFC 3339's "the local offset is unknown".
        let sign = time.utcOffset < 0 || (time.isUTC && flags.contains("-")) ? "-" : "+"
        let hours = String(seconds / 3600)
        var result: String
        if flags.contains("_") {
            // C's `%+*ld`: the sign and the digits, right-aligned in one more place than the digits.
            let signed = sign + hours
            result = String(repeating: " ", count: max(0, hoursDigits + 1 - signed.count)) + signed
        } else {
            result = sign + String(repeating: "0", count: max(0, hoursDigits - hours.count)) + hours
        }
        let minutes = seconds % 3600 / 60
        let rest = seconds % 60
        func twoDigits(_ value: Int) -> String { value < 10 ? "0\(value)" : String(value) }
        if colons == 3, seconds % 3600 == 0 { return result }
        result += (colons >= 1 ? ":" : "") + twoDigits(minutes)
        if colons == 3, rest == 0 { return result }
        if colons >= 2 { result += ":" + twoDigits(rest) }
        return result
    }
}
