/// The date forms with three parts (Ruby's `parse_eu`, `parse_us`, `parse_iso`, `parse_jis`, `parse_vms`,
/// `parse_sla`, `parse_dot`) and the rule that decides which part is the year, the month and the day (`s3e`).
extension LiquidDateParser {
    /// Which of three parts, as written, is the year, the month and the day. Each part is the text that was read
    /// (a sign, an apostrophe, an ordinal suffix included), or `nil`; the month may be a month name's number.
    /// Ruby's rule: two parts are a month and a day; a long or apostrophed day is the year; a year with something
    /// after its digits is really the day; a long or apostrophed month or day is the year (`2024/03/05`).
    mutating func assignYearMonthDay(year: [UInt8]?, month: [UInt8]?, day: [UInt8]?, beforeChrist: Bool) {
        var (year, month, day) = (year, month, day)
        if year != nil, month != nil, day == nil { (year, month, day) = (nil, year, month) }
        if year == nil, let written = day, written.count > 2 || written.first == UInt8(ascii: "'") {
            (year, day) = (written, nil)
        }
        if let written = year, let number = Self.signedDigits(written), number.upperBound < written.count {
            (year, day) = (day, Array(written[number]))
        }
        if let written = month, written.first == UInt8(ascii: "'") || written.count > 2 {
            (year, month, day) = (month, day, year)
        }
        if let written = day, written.first == UInt8(ascii: "'") || written.count > 2 { (year, day) = (day, year) }
        if let written = year, let number = Self.signedDigits(written) {
            let signed =
                written[number.lowerBound] == UInt8(ascii: "-") || written[number.lowerBound] == UInt8(ascii: "+")
            let value = Self.number(written[number])
            fields.year = written[number.lowerBound] == UInt8(ascii: "-") ? -value : value
            // A sign or more than two digits: the year as written, not completed to 19xx/20xx.
            if signed || number.count - (signed ? 1 : 0) > 2 { fields.completesYear = false }
        }
        if beforeChrist { fields.beforeChrist = true }
        if let written = month, let start = written.firstIndex(where: Self.isDigit) {
            fields.month = Self.number(written[start...].prefix(while: Self.isDigit))
        }
        if let written = day, let start = written.firstIndex(where: Self.isDigit) {
            fields.day = Self.number(written[start...].prefix(while: Self.isDigit))
        }
    }

    /// The sign (if any) and digits in a part, from the first sign or digit.
    private static func signedDigits(_ written: [UInt8]) -> Range<Int>? {
        guard
            let start = written.firstIndex(where: {
                isDigit($0) || $0 == UInt8(ascii: "-") || $0 == UInt8(ascii: "+")
            })
        else { return nil }
        var end = isDigit(written[start]) ? start : start + 1
        while end < written.count, isDigit(written[end]) { end += 1 }
        return start..<end
    }

    private static func monthText(_ month: Int) -> [UInt8] { Array(String(month).utf8) }

    /// After a month name: an optional era (`ad`, `bc`, `ce`, `bce`, dotted or not) and a signed year (`'?-?\d+`),
    /// after spaces (and one comma, where `comma`); an ordinal suffix on the year where `ordinal`.
    private func eraAndYear(after index: Int, comma: Bool, ordinal: Bool) -> (era: String?, year: Range<Int>)? {
        var position = afterSpaces(index)
        if comma, byte(position) == UInt8(ascii: ",") { position = afterSpaces(position + 1) }
        for era in ["ce", "c.e.", "bce", "b.c.e.", "ad", "a.d.", "bc", "b.c.", ""] where starts(with: era, at: position)
        {
            let yearStart = afterSpaces(position + era.utf8.count)
            guard var yearEnd = afterSignedNumber(yearStart) else { continue }
            if ordinal, ["st", "nd", "rd", "th"].contains(where: { starts(with: $0, at: yearEnd) }),
                !isWord(at: yearEnd + 2)
            {
                yearEnd += 2
            }
            return (era.isEmpty ? nil : era, yearStart..<yearEnd)
        }
        return nil
    }

    /// Not a dash, digit or space (nor an apostrophe, where `apostrophe`): what may follow a day or month name.
    private static func isFiller(_ byte: UInt8, apostrophe: Bool) -> Bool {
        byte != UInt8(ascii: "-") && !isDigit(byte) && byte != 0x20 && !(apostrophe && byte == UInt8(ascii: "'"))
    }

    /// `5 March 2024`, `5th mar`, `05-Marzipan`…: a day, then (after anything but a dash, digit or space) a month
    /// name, then optionally an era and a year.
    mutating func parseDayMonthName() -> Bool {
        let found: (day: [UInt8], month: Int, era: String?, year: [UInt8]?)? = blankFirst { start in
            guard let dayEnd = afterSignedNumber(start, sign: false) else { return nil }
            let filler = after(dayEnd) { Self.isFiller($0, apostrophe: false) }
            // The longest filler after which a month name follows.
            for monthStart in stride(from: filler, through: dayEnd, by: -1) {
                guard let month = monthAbbreviation(at: afterSpaces(monthStart)) else { continue }
                let monthEnd = after(afterSpaces(monthStart) + 3) { Self.isFiller($0, apostrophe: true) }
                let day = slice(start..<dayEnd)
                if let (era, year) = eraAndYear(after: monthEnd, comma: false, ordinal: true) {
                    return (year.upperBound, (day, month, era, slice(year)))
                }
                return (monthEnd, (day, month, nil, nil))
            }
            return nil
        }
        guard let found else { return false }
        assignYearMonthDay(
            year: found.year, month: Self.monthText(found.month), day: found.day,
            beforeChrist: found.era?.first == "b")
        return true
    }

    /// `March 5, 2024`, `Mar 5 2024`, `March 2024`: a month name, a number, then optionally an era and a number.
    mutating func parseMonthNameDay() -> Bool {
        let found: (month: Int, day: [UInt8], era: String?, year: [UInt8]?)? = blankFirst { start in
            guard isBoundary(start), let month = monthAbbreviation(at: start) else { return nil }
            let dayStart = afterSpaces(after(start + 3) { Self.isFiller($0, apostrophe: true) })
            guard let dayEnd = afterSignedNumber(dayStart, sign: false) else { return nil }
            let filler = after(dayEnd) { Self.isFiller($0, apostrophe: true) }
            let day = slice(dayStart..<dayEnd)
            if let (era, year) = eraAndYear(after: filler, comma: true, ordinal: false) {
                return (year.upperBound, (month, day, era, slice(year)))
            }
            return (filler, (month, day, nil, nil))
        }
        guard let found else { return false }
        assignYearMonthDay(
            year: found.year, month: Self.monthText(found.month), day: found.day,
            beforeChrist: found.era?.first == "b")
        return true
    }

    /// `2024-03-05` (`'?[-+]?\d+-\d+-'?-?\d+`).
    mutating func parseISO() -> Bool {
        let found: ([UInt8], [UInt8], [UInt8])? = blankFirst { start in
            var position = start
            if byte(position) == UInt8(ascii: "'") { position += 1 }
            if byte(position) == UInt8(ascii: "-") || byte(position) == UInt8(ascii: "+") { position += 1 }
            guard isDigit(at: position) else { return nil }
            let yearEnd = afterDigits(position)
            guard byte(yearEnd) == UInt8(ascii: "-"), isDigit(at: yearEnd + 1) else { return nil }
            let monthEnd = afterDigits(yearEnd + 1)
            guard byte(monthEnd) == UInt8(ascii: "-"), let dayEnd = afterSignedNumber(monthEnd + 1) else {
                return nil
            }
            return (dayEnd, (slice(start..<yearEnd), slice((yearEnd + 1)..<monthEnd), slice((monthEnd + 1)..<dayEnd)))
        }
        guard let (year, month, day) = found else { return false }
        assignYearMonthDay(year: year, month: month, day: day, beforeChrist: false)
        return true
    }

    /// `h31.4.30`: a Japanese era's initial (Meiji, Taishō, Shōwa, Heisei) and its year, month and day.
    mutating func parseJapaneseEra() -> Bool {
        let eras: [UInt8: Int] = [
            UInt8(ascii: "m"): 1867, UInt8(ascii: "t"): 1911, UInt8(ascii: "s"): 1925, UInt8(ascii: "h"): 1988,
            // Ruby's pattern takes `ſ` for `s`, then looks its first byte up and finds no era.
            Self.longS: 0,
        ]
        let found: (era: Int, year: [UInt8], month: [UInt8], day: [UInt8])? = blankFirst { start in
            guard isBoundary(start), let era = byte(start).flatMap({ eras[$0] }), isDigit(at: start + 1) else {
                return nil
            }
            let yearEnd = afterDigits(start + 1)
            guard byte(yearEnd) == UInt8(ascii: "."), isDigit(at: yearEnd + 1) else { return nil }
            let monthEnd = afterDigits(yearEnd + 1)
            guard byte(monthEnd) == UInt8(ascii: "."), isDigit(at: monthEnd + 1) else { return nil }
            let dayEnd = afterDigits(monthEnd + 1)
            return (
                dayEnd,
                (era, slice((start + 1)..<yearEnd), slice((yearEnd + 1)..<monthEnd), slice((monthEnd + 1)..<dayEnd))
            )
        }
        guard let found else { return false }
        fields.year = Self.number(found.year) + found.era
        fields.month = Self.number(found.month)
        fields.day = Self.number(found.day)
        return true
    }

    private static func isVMSFiller(_ byte: UInt8) -> Bool {
        byte != UInt8(ascii: "-") && byte != UInt8(ascii: "/") && byte != UInt8(ascii: ".")
    }

    /// `05-mar-2024` (VMS): a day, a month name, a year, joined by dashes.
    mutating func parseVMSDayMonth() -> Bool {
        let found: (day: [UInt8], month: Int, year: [UInt8])? = blankFirst { start in
            guard let dayEnd = afterSignedNumber(start), byte(dayEnd) == UInt8(ascii: "-"),
                let month = monthAbbreviation(at: dayEnd + 1)
            else { return nil }
            let filler = after(dayEnd + 4, while: Self.isVMSFiller)
            guard byte(filler) == UInt8(ascii: "-"), let yearEnd = afterSignedNumber(filler + 1) else { return nil }
            return (yearEnd, (slice(start..<dayEnd), month, slice((filler + 1)..<yearEnd)))
        }
        guard let found else { return false }
        assignYearMonthDay(year: found.year, month: Self.monthText(found.month), day: found.day, beforeChrist: false)
        return true
    }

    /// `mar-05[-2024]` (VMS): a month name, a day and optionally a year, joined by dashes.
    mutating func parseVMSMonthDay() -> Bool {
        let found: (month: Int, day: [UInt8], year: [UInt8]?)? = blankFirst { start in
            guard isBoundary(start), let month = monthAbbreviation(at: start) else { return nil }
            let filler = after(start + 3, while: Self.isVMSFiller)
            guard byte(filler) == UInt8(ascii: "-"), let dayEnd = afterSignedNumber(filler + 1) else { return nil }
            let day = slice((filler + 1)..<dayEnd)
            if byte(dayEnd) == UInt8(ascii: "-"), let yearEnd = afterSignedNumber(dayEnd + 1) {
                return (yearEnd, (month, day, slice((dayEnd + 1)..<yearEnd)))
            }
            return (dayEnd, (month, day, nil))
        }
        guard let found else { return false }
        assignYearMonthDay(year: found.year, month: Self.monthText(found.month), day: found.day, beforeChrist: false)
        return true
    }

    /// `2024/03/05`, `05/03/2024`, `3/5`: two or three numbers, the first two joined by a slash, the third after
    /// any one character that is not a digit.
    mutating func parseSlashes() -> Bool {
        parseNumbers(separator: UInt8(ascii: "/"), thirdAfterAnyNonDigit: true)
    }

    /// `2024.03.05`, `5. 3. 2024`.
    mutating func parseDots() -> Bool {
        parseNumbers(separator: UInt8(ascii: "."), thirdAfterAnyNonDigit: false)
    }

    private mutating func parseNumbers(separator: UInt8, thirdAfterAnyNonDigit: Bool) -> Bool {
        let found: ([UInt8], [UInt8], [UInt8]?)? = blankFirst { start in
            guard let firstEnd = afterSignedNumber(start), byte(firstEnd) == separator,
                let secondEnd = afterSignedNumber(afterSpaces(firstEnd + 1), sign: false)
            else { return nil }
            let first = slice(start..<firstEnd)
            let second = slice(afterSpaces(firstEnd + 1)..<secondEnd)
            if thirdAfterAnyNonDigit {
                guard secondEnd < text.count, !isDigit(at: secondEnd) else { return (secondEnd, (first, second, nil)) }
                let thirdStart = afterSpaces(secondEnd + 1)
                guard let thirdEnd = afterSignedNumber(thirdStart) else { return (secondEnd, (first, second, nil)) }
                return (thirdEnd, (first, second, slice(thirdStart..<thirdEnd)))
            }
            guard byte(secondEnd) == separator else { return nil }
            let thirdStart = afterSpaces(secondEnd + 1)
            guard let thirdEnd = afterSignedNumber(thirdStart) else { return nil }
            return (thirdEnd, (first, second, slice(thirdStart..<thirdEnd)))
        }
        guard let (first, second, third) = found else { return false }
        assignYearMonthDay(year: first, month: second, day: third, beforeChrist: false)
        return true
    }
}
