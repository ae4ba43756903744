/// The forms Ruby's `Date._parse` tries when no three-part date fits (ISO week and ordinal dates, `'yy`, a lone
/// month name, an ordinal day, a run of digits), and the two it always tries last (an era, a lone number).
extension LiquidDateParser {
    /// ISO 8601's week dates (`2024-w10-2`, `-w-2`: read, but `Time.parse` does not use them), month-day forms
    /// (`--03-05`, `--0305`) and ordinal dates (`2024-065`, `-065`), the first that fits.
    mutating func parseISOWeekOrOrdinal() -> Bool {
        if blankFirst({ start in afterWeekDate(start).map { ($0, ()) } }) != nil { return true }
        if blankFirst({ start in
            starts(with: "-w-", at: start) && isDigit(at: start + 3) && isBoundary(start + 4) ? (start + 4, ()) : nil
        }) != nil {
            return true
        }
        let monthDay: (month: Int?, day: Int)? = blankFirst { start in
            guard starts(with: "--", at: start) else { return nil }
            for monthDigits in [2, 0] where hasDigits(start + 2, count: monthDigits) {
                let dash = start + 2 + monthDigits
                if byte(dash) == UInt8(ascii: "-"), hasDigits(dash + 1, count: 2), isBoundary(dash + 3) {
                    let month = monthDigits > 0 ? Self.number(text[(start + 2)..<dash]) : nil
                    return (dash + 3, (month, Self.number(text[(dash + 1)..<(dash + 3)])))
                }
            }
            return nil
        }
        if let monthDay {
            if let month = monthDay.month { fields.month = month }
            fields.day = monthDay.day
            return true
        }
        let monthAndDay: (month: Int, day: Int?)? = blankFirst {
            start -> (end: Int, captures: (month: Int, day: Int?))? in
            guard starts(with: "--", at: start), hasDigits(start + 2, count: 2) else { return nil }
            let month = Self.number(text[(start + 2)..<(start + 4)])
            if hasDigits(start + 4, count: 2), isBoundary(start + 6) {
                return (start + 6, (month, Self.number(text[(start + 4)..<(start + 6)])))
            }
            guard isBoundary(start + 4) else { return nil }
            return (start + 4, (month, nil))
        }
        if let monthAndDay {
            fields.month = monthAndDay.month
            if let day = monthAndDay.day { fields.day = day }
            return true
        }
        return parseOrdinalDate()
    }

    /// `\b(yy|yyyy)?-?w(ww)(-?d)?\b`: where an ISO week date starting at `start` ends.
    private func afterWeekDate(_ start: Int) -> Int? {
        guard isBoundary(start) else { return nil }
        for yearDigits in [2, 4, 0] where hasDigits(start, count: yearDigits) {
            for dash in [true, false] {
                var week = start + yearDigits
                if dash {
                    guard byte(week) == UInt8(ascii: "-") else { continue }
                    week += 1
                }
                guard byte(week) == UInt8(ascii: "w"), hasDigits(week + 1, count: 2) else { continue }
                let weekEnd = week + 3
                var ends: [Int] = []
                if byte(weekEnd) == UInt8(ascii: "-"), isDigit(at: weekEnd + 1) { ends.append(weekEnd + 2) }
                if isDigit(at: weekEnd) { ends.append(weekEnd + 1) }
                ends.append(weekEnd)
                if let end = ends.first(where: isBoundary) { return end }
            }
        }
        return nil
    }

    /// `2024-065` or `-065` (the 65th day), unless the text also holds a form that only looks like one.
    private mutating func parseOrdinalDate() -> Bool {
        let yearDigitsOptions = [2, 4]
        let looksLikeFraction = (0..<text.count).contains { start in
            guard byte(start) == UInt8(ascii: ",") || byte(start) == UInt8(ascii: ".") else { return false }
            return yearDigitsOptions.contains { afterYearAndDay(start + 1, yearDigits: $0) != nil }
        }
        if !looksLikeFraction {
            let found: (year: Int, day: Int)? = blankFirst { start in
                guard isBoundary(start) else { return nil }
                for yearDigits in yearDigitsOptions {
                    if let end = afterYearAndDay(start, yearDigits: yearDigits) {
                        let year = Self.number(text[start..<(start + yearDigits)])
                        return (end, (year, Self.number(text[(end - 3)..<end])))
                    }
                }
                return nil
            }
            if let found {
                fields.year = found.year
                fields.dayOfYear = found.day
                return true
            }
        }
        let afterDigit = (0..<text.count).contains { start in
            isDigit(at: start) && byte(start + 1) == UInt8(ascii: "-") && hasDigits(start + 2, count: 3)
                && isBoundary(start + 5)
        }
        if afterDigit { return false }
        let day: Int? = blankFirst { start in
            guard isBoundary(start), byte(start) == UInt8(ascii: "-"), hasDigits(start + 1, count: 3),
                isBoundary(start + 4)
            else { return nil }
            return (start + 4, Self.number(text[(start + 1)..<(start + 4)]))
        }
        guard let day else { return false }
        fields.dayOfYear = day
        return true
    }

    /// `(yy|yyyy)-ddd\b` at `start`: where it ends.
    private func afterYearAndDay(_ start: Int, yearDigits: Int) -> Int? {
        guard hasDigits(start, count: yearDigits), byte(start + yearDigits) == UInt8(ascii: "-"),
            hasDigits(start + yearDigits + 1, count: 3), isBoundary(start + yearDigits + 4)
        else { return nil }
        return start + yearDigits + 4
    }

    private func hasDigits(_ start: Int, count: Int) -> Bool {
        (0..<count).allSatisfy { isDigit(at: start + $0) }
    }

    /// `'24`: a year (completed to 2024).
    mutating func parseApostropheYear() -> Bool {
        let year: Int? = blankFirst { start in
            guard byte(start) == UInt8(ascii: "'"), isDigit(at: start + 1) else { return nil }
            let end = afterDigits(start + 1)
            return isBoundary(end) ? (end, Self.number(text[(start + 1)..<end])) : nil
        }
        guard let year else { return false }
        fields.year = year
        return true
    }

    /// A month name alone, and the rest of its word.
    mutating func parseMonthName() -> Bool {
        let month: Int? = blankFirst { start in
            guard isBoundary(start), let month = monthAbbreviation(at: start) else { return nil }
            return (after(start + 3) { $0 != 0x20 }, month)
        }
        guard let month else { return false }
        fields.month = month
        return true
    }

    /// `5th`: the day.
    mutating func parseOrdinalDay() -> Bool {
        let day: Int? = blankFirst { start in
            guard isDigit(at: start) else { return nil }
            let end = afterDigits(start)
            guard ["st", "nd", "rd", "th"].contains(where: { starts(with: $0, at: end) }), isBoundary(end + 2) else {
                return nil
            }
            return (end + 2, Self.number(text[start..<end]))
        }
        guard let day else { return false }
        fields.day = day
        return true
    }

    /// What a run of digits (with a sign, a `t`, more digits, a fraction and a zone) says.
    private struct DigitRun {
        var negative: Bool
        var digits: [UInt8]
        var clock: [UInt8]?
        var fraction: [UInt8]?
        var zone: [UInt8]?
    }

    /// `20240305`, `20240305T140709`, `140709.5`, `240305 +0100`…: 2 to 14 digits read by their count, then
    /// optionally a `t` and 2–6 more (a time), a fraction, and a zone (`z`, `+hhmm`, `[+9:JST]`).
    mutating func parseDigitRun() -> Bool {
        let found: DigitRun? = blankFirst { start in
            var position = start
            let sign = byte(position)
            if sign == UInt8(ascii: "-") || sign == UInt8(ascii: "+") { position += 1 }
            guard hasDigits(position, count: 2) else { return nil }
            let digitsEnd = min(afterDigits(position), position + 14)
            var run = DigitRun(negative: sign == UInt8(ascii: "-"), digits: slice(position..<digitsEnd))
            var end = afterSpaces(digitsEnd)
            if byte(end) == UInt8(ascii: "t") { end = afterSpaces(end + 1) }
            if hasDigits(end, count: 2) {
                let clockEnd = min(afterDigits(end), end + 6)
                run.clock = slice(end..<clockEnd)
                end = clockEnd
            }
            if byte(end) == UInt8(ascii: ",") || byte(end) == UInt8(ascii: ".") {
                run.fraction = slice((end + 1)..<afterDigits(end + 1))
                end = afterDigits(end + 1)
            }
            let zoneStart = afterSpaces(end)
            if let zoneEnd = afterDigitRunZone(zoneStart) {
                run.zone = slice(zoneStart..<zoneEnd)
                end = zoneEnd
            }
            return (end, run)
        }
        guard let found else { return false }
        readDigitRun(found)
        return true
    }

    private func afterDigitRunZone(_ start: Int) -> Int? {
        if byte(start) == UInt8(ascii: "z"), !isWord(at: start + 1) { return start + 1 }
        if byte(start) == UInt8(ascii: "+") || byte(start) == UInt8(ascii: "-") {
            let end = afterDigits(start + 1)
            return (1...4).contains(end - start - 1) && !isWord(at: end) ? end : nil
        }
        guard byte(start) == UInt8(ascii: "[") else { return nil }
        var digit = start + 1
        if byte(digit) == UInt8(ascii: "+") || byte(digit) == UInt8(ascii: "-") { digit += 1 }
        guard isDigit(at: digit) else { return nil }
        let close = after(digit) { $0 != UInt8(ascii: "]") }
        return byte(close) == UInt8(ascii: "]") ? close + 1 : nil
    }

    private mutating func readDigitRun(_ run: DigitRun) {
        let digits = run.digits
        /// `width` digits from `offset` (counted from the end where negative).
        func part(_ offset: Int, _ width: Int) -> Int {
            let start = offset < 0 ? digits.count + offset : offset
            return Self.number(digits[start..<(start + width)])
        }
        func signed(_ year: Int) -> Int { run.negative ? -year : year }
        // A fraction right after the digits (no time after them) makes them a time of day, counted from the end.
        let isClock = run.clock == nil && run.fraction != nil
        switch digits.count {
        case 2:
            if isClock { fields.second = part(-2, 2) } else { fields.day = part(0, 2) }
        case 4:
            if isClock {
                (fields.second, fields.minute) = (part(-2, 2), part(-4, 2))
            } else {
                (fields.month, fields.day) = (part(0, 2), part(2, 2))
            }
        case 6:
            if isClock {
                (fields.second, fields.minute, fields.hour) = (part(-2, 2), part(-4, 2), part(-6, 2))
            } else {
                (fields.year, fields.month, fields.day) = (signed(part(0, 2)), part(2, 2), part(4, 2))
            }
        case 8, 10, 12, 14:
            if isClock {
                (fields.second, fields.minute, fields.hour, fields.day) = (
                    part(-2, 2), part(-4, 2), part(-6, 2), part(-8, 2)
                )
                if digits.count >= 10 { fields.month = part(-10, 2) }
                if digits.count == 12 { fields.year = signed(part(-12, 2)) }
                if digits.count == 14 {
                    fields.year = signed(part(-14, 4))
                    fields.completesYear = false
                }
            } else {
                (fields.year, fields.month, fields.day) = (signed(part(0, 4)), part(4, 2), part(6, 2))
                if digits.count >= 10 { fields.hour = part(8, 2) }
                if digits.count >= 12 { fields.minute = part(10, 2) }
                if digits.count >= 14 { fields.second = part(12, 2) }
                fields.completesYear = false
            }
        case 3:
            if isClock {
                (fields.second, fields.minute) = (part(-2, 2), part(-3, 1))
            } else {
                fields.dayOfYear = part(0, 3)
            }
        case 5:
            if isClock {
                (fields.second, fields.minute, fields.hour) = (part(-2, 2), part(-4, 2), part(-5, 1))
            } else {
                (fields.year, fields.dayOfYear) = (signed(part(0, 2)), part(2, 3))
            }
        case 7:
            if isClock {
                (fields.second, fields.minute, fields.hour, fields.day) = (
                    part(-2, 2), part(-4, 2), part(-6, 2), part(-7, 1)
                )
            } else {
                (fields.year, fields.dayOfYear) = (signed(part(0, 4)), part(4, 3))
            }
        default: break  // 9, 11 and 13 digits say nothing by themselves
        }
        if let clock = run.clock, [2, 4, 6].contains(clock.count) {
            let values = stride(from: 0, to: clock.count, by: 2).map { Self.number(clock[$0..<($0 + 2)]) }
            if run.fraction != nil {
                // Counted from the end: seconds, minutes, hours.
                let reversed = Array(values.reversed())
                fields.second = reversed[0]
                if reversed.count > 1 { fields.minute = reversed[1] }
                if reversed.count > 2 { fields.hour = reversed[2] }
            } else {
                fields.hour = values[0]
                if values.count > 1 { fields.minute = values[1] }
                if values.count > 2 { fields.second = values[2] }
            }
        }
        if let fraction = run.fraction { fields.fraction = fraction }
        if let zone = run.zone {
            var name = zone
            if zone.first == UInt8(ascii: "[") {
                // `[+9:JST]`: the name after the colon, or what the brackets hold.
                let inside = Array(zone.dropFirst().dropLast())
                name = inside.firstIndex(of: UInt8(ascii: ":")).map { Array(inside[($0 + 1)...]) } ?? inside
            }
            fields.zone = Self.string(name)
        }
    }

    /// `bc`, `bce`, `b.c.`, `b.c.e.` anywhere: the year is before Christ.
    mutating func parseEra() {
        let found: Void? = blankFirst { start in
            guard isBoundary(start) else { return nil }
            if starts(with: "bc", at: start), !isWord(at: start + 2) { return (start + 2, ()) }
            if starts(with: "bce", at: start), !isWord(at: start + 3) { return (start + 3, ()) }
            if starts(with: "b.c.", at: start) { return (start + 4, ()) }
            return nil
        }
        if found != nil { fields.beforeChrist = true }
    }

    /// A number of one or two digits left alone in the text: the day after a time, or the hour after a date.
    mutating func parseLoneNumber() {
        let start = afterSpaces(0)
        let end = afterDigits(start)
        guard (1...2).contains(end - start), afterSpaces(end) == text.count else { return }
        let value = Self.number(text[start..<end])
        if fields.hour != nil, fields.day == nil, (1...31).contains(value) { fields.day = value }
        if fields.day != nil, fields.hour == nil, (0...24).contains(value) { fields.hour = value }
    }
}
