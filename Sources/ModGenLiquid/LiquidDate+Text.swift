/// Text to a time as Ruby's `Time.parse` makes one from what `Date._parse` read (``LiquidDateParser``): fields the
/// text leaves out before the first it gives come from the current time, the rest default to the start of their
/// range; a zone Ruby's `Time` knows (`Time.zone_offset`) shifts the time, another is ignored.
extension LiquidDate {
    /// `nil` where Ruby raises an `ArgumentError` (Ruby liquid then prints the text unchanged); throws where Ruby
    /// raises anything else (Ruby liquid then fails the render).
    static func parseText(_ lowercased: String, now: Time) throws -> Time? {
        // Ruby's date library refuses longer text (an ArgumentError).
        guard lowercased.utf8.count <= 128 else { return nil }
        let fields = try LiquidDateParser.parse(lowercased)
        var time = try makeTime(fields, now: now)
        // Ruby's `Time.zone_utc?`.
        time?.isUTC = ["z", "utc", "ut", "-00:00", "-0000", "-00"].contains(fields.zone ?? "")
        return time
    }

    private static func makeTime(_ fields: LiquidDateParser.Fields, now: Time) throws -> Time? {
        let given: [Int?] = [
            fields.year, fields.dayOfYear, fields.month, fields.day, fields.hour, fields.minute, fields.second,
        ]
        guard given.contains(where: { $0 != nil }) || fields.fraction != nil else { return nil }
        let offset = fields.zone.flatMap(zoneOffset)
        if let dayOfYear = fields.dayOfYear {
            return try makeTime(fields, dayOfYear: dayOfYear, now: now)
        }
        var (year, month, day, hour, minute, second) = (
            fields.year, fields.month, fields.day, fields.hour, fields.minute, fields.second
        )
        var nanoseconds = fields.fraction.map(nanoseconds(fromFraction:))
        // What is left out before the first field given comes from now, as a clock in the zone shows it.
        let clock = civilTime(Time(seconds: now.seconds, utcOffset: offset ?? 0))
        if year == nil {
            year = clock.year
            if month == nil {
                month = clock.month
                if day == nil {
                    day = clock.day
                    if hour == nil {
                        hour = clock.hour
                        if minute == nil {
                            minute = clock.minute
                            if second == nil {
                                second = clock.second
                                // Ruby takes microseconds from the clock here.
                                if nanoseconds == nil { nanoseconds = now.nanoseconds / 1000 * 1000 }
                            }
                        }
                    }
                }
            }
        }
        var time = CivilTime(
            year: year ?? 1970, month: month ?? 1, day: day ?? 1, hour: hour ?? 0, minute: minute ?? 0,
            second: second ?? 0)
        if let offset { time = applyOffset(time, offset) }
        guard try time.isValid else { return nil }
        // Ruby's `Time` holds offsets of less than a day.
        if let offset, abs(offset) >= 86400 { return nil }
        // Ruby's years have no bound; seconds since 1970 in an Int do.
        guard abs(time.year) <= 100_000_000_000 else {
            throw LiquidFilterError(message: "the year \(time.year) of a date is out of range")
        }
        let days = daysFromCivil(year: time.year, month: time.month, day: 1) + time.day - 1
        // With a zone the clock time is UTC's by now; without one it is the local zone's, which is UTC.
        let seconds = days * 86400 + time.hour * 3600 + time.minute * 60 + time.second
        return Time(seconds: seconds, nanoseconds: nanoseconds ?? 0, utcOffset: offset ?? 0)
    }

    /// A day of the year: Ruby guesses a month and day (31 days to a month), makes that time, and moves the day by
    /// how far its day of the year is off.
    private static func makeTime(_ fields: LiquidDateParser.Fields, dayOfYear: Int, now: Time) throws -> Time? {
        guard (1...366).contains(dayOfYear) else { return nil }
        var guess = fields
        guess.dayOfYear = nil
        guess.month = (dayOfYear - 1) / 31 + 1
        guess.day = (dayOfYear - 1) % 31 + 1
        guard let first = try makeTime(guess, now: now) else { return nil }
        let firstClock = civilTime(first)
        let difference =
            dayOfYear
            - (daysFromCivil(year: firstClock.year, month: firstClock.month, day: firstClock.day)
                - daysFromCivil(year: firstClock.year, month: 1, day: 1) + 1)
        if difference == 0 { return first }
        var (month, day) = (guess.month ?? 1, (guess.day ?? 1) + difference)
        let year = fields.year ?? civilTime(Time(seconds: now.seconds)).year
        if day > 28, let length = monthLength(year: year, month: month), day > length {
            month += 1
            guard month <= 12 else { return nil }
            day -= length
        }
        guess.month = month
        guess.day = day
        return try makeTime(guess, now: now)
    }

    struct CivilTime {
        var year: Int
        var month: Int
        var day: Int
        var hour: Int
        var minute: Int
        var second: Int

        /// What Ruby's `Time.utc`/`Time.local` accept: each field within the bits Ruby gives it (a C int first:
        /// past one Ruby raises a RangeError, which fails the render), then within its range (a day past the
        /// month's end rolls over into the next month, hour 24 into the next day).
        var isValid: Bool {
            get throws {
                for (value, bits) in [(month, 4), (day, 5), (hour, 5), (minute, 6), (second, 6)] {
                    guard value <= Int(Int32.max) else {
                        throw LiquidFilterError(message: "a date's field \(value) is too big to convert to 'int'")
                    }
                    if value < 0 || value >= 1 << bits { return false }
                }
                let lastMinute = hour == 24 ? 0 : 59
                let lastSecond = hour == 24 ? 0 : 60
                return (1...12).contains(month) && (1...31).contains(day) && (0...24).contains(hour)
                    && (0...lastMinute).contains(minute) && (0...lastSecond).contains(second)
            }
        }
    }

    static func civilTime(_ time: Time) -> CivilTime {
        let local = time.seconds + time.utcOffset
        let days = local >= 0 ? local / 86400 : (local - 86399) / 86400
        let secondOfDay = local - days * 86400
        let (year, month, day) = civil(fromDays: days)
        return CivilTime(
            year: year, month: month, day: day, hour: secondOfDay / 3600, minute: secondOfDay % 3600 / 60,
            second: secondOfDay % 60)
    }

    /// The days in a month, as Ruby's `Time` looks them up (a month of 0 is December's; past 12, none).
    private static func monthLength(year: Int, month: Int) -> Int? {
        let leap = (year % 4 == 0 && year % 100 != 0) || year % 400 == 0
        let lengths = [31, leap ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31]
        let index = month - 1
        if index >= 0 && index < 12 { return lengths[index] }
        if index < 0 && index >= -12 { return lengths[12 + index] }
        return nil
    }

    /// Ruby's `Time.apply_offset`: the clock time in the zone to the same moment in UTC, one unit at a time, each
    /// carried into the next only where the offset has some of it; a day past the month's end is the next month's
    /// first, a day before its start the previous month's last.
    private static func applyOffset(_ time: CivilTime, _ offset: Int) -> CivilTime {
        var time = time
        func floorDivision(_ value: Int, _ divisor: Int) -> (Int, Int) {
            let quotient = value >= 0 ? value / divisor : -((-value + divisor - 1) / divisor)
            return (quotient, value - quotient * divisor)
        }
        var remaining = abs(offset)
        let direction = offset < 0 ? 1 : -1
        for (unit, field) in [(60, \CivilTime.second), (60, \CivilTime.minute), (24, \CivilTime.hour)] {
            let part: Int
            (remaining, part) = floorDivision(remaining, unit)
            guard part != 0 else { continue }
            let (carry, value) = floorDivision(time[keyPath: field] + direction * part, unit)
            time[keyPath: field] = value
            remaining += direction * carry
        }
        guard remaining != 0 else { return time }
        if offset < 0 {
            time.day += remaining
            if let length = monthLength(year: time.year, month: time.month), length < time.day {
                time.month += 1
                if time.month > 12 {
                    time.month = 1
                    time.year += 1
                }
                time.day = 1
            }
        } else {
            time.day -= remaining
            if time.day < 1 {
                time.month -= 1
                if time.month < 1 {
                    time.year -= 1
                    time.month = 12
                }
                time.day = monthLength(year: time.year, month: time.month) ?? 1
            }
        }
        return time
    }

    private static func nanoseconds(fromFraction digits: [UInt8]) -> Int {
        var value = 0
        for index in 0..<9 {
            value = value * 10 + (index < digits.count ? Int(digits[index] - 0x30) : 0)
        }
        return value
    }

    /// Ruby's `Time.zone_offset`: `±hh`, `±hhmm`, `±hh:mm`, `±hhmmss`, `±hh:mm:ss`, UTC, the US zones and the
    /// military letters; the local zone's name (`UTC`, as tests and generation run) is among them.
    static func zoneOffset(_ zone: String) -> Int? {
        let name = Array(zone.uppercased().utf8)
        func digits(_ start: Int) -> Int? {
            guard start + 1 < name.count, LiquidDateParser.isDigit(name[start]),
                LiquidDateParser.isDigit(name[start + 1])
            else { return nil }
            return Int(name[start] - 0x30) * 10 + Int(name[start + 1] - 0x30)
        }
        if let sign = name.first, sign == UInt8(ascii: "+") || sign == UInt8(ascii: "-"), let hours = digits(1) {
            let direction = sign == UInt8(ascii: "-") ? -1 : 1
            if name.count == 3 { return direction * hours * 3600 }
            let colon = name.count > 3 && name[3] == UInt8(ascii: ":")
            let minuteStart = colon ? 4 : 3
            guard let minutes = digits(minuteStart) else { return nil }
            var seconds = 0
            let rest = minuteStart + 2
            if rest < name.count {
                let secondStart = colon ? rest + 1 : rest
                guard !colon || name[rest] == UInt8(ascii: ":"), let parsed = digits(secondStart),
                    secondStart + 2 == name.count
                else { return nil }
                seconds = parsed
            }
            return direction * ((hours * 60 + minutes) * 60 + seconds)
        }
        return zoneHours[String(decoding: name, as: UTF8.self)].map { $0 * 3600 }
    }

    private static let zoneHours: [String: Int] = {
        var hours: [String: Int] = [
            "UTC": 0, "Z": 0, "UT": 0, "GMT": 0, "EST": -5, "EDT": -4, "CST": -6, "CDT": -5, "MST": -7, "MDT": -6,
            "PST": -8, "PDT": -7,
        ]
        // The military zones: A–I are +1…+9, K–M +10…+12, N–Y −1…−12.
        for (index, letter) in "ABCDEFGHIKLM".enumerated() { hours[String(letter)] = index + 1 }
        for (index, letter) in "NOPQRSTUVWXY".enumerated() { hours[String(letter)] = -(index + 1) }
        return hours
    }()
}
