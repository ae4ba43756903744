/// A property list's date: seconds since 2001-01-01T00:00:00Z, as binary property lists store it, and the
/// `yyyy-MM-ddTHH:mm:ssZ` text XML ones write. Kept apart from Foundation's `Date` so the reader needs no calendar.
public struct PropertyListDate: Sendable, Equatable, CustomStringConvertible {
    public var secondsSinceReferenceDate: Double

    public init(secondsSinceReferenceDate: Double) {
        self.secondsSinceReferenceDate = secondsSinceReferenceDate
    }

    /// 2001-01-01 counted in days from 1970-01-01.
    private static let referenceDay = 11_323
    /// Years 0 to 9999: what the four-digit form can write back. NaN reads as the reference date.
    private static let writableRange: ClosedRange<Double> =
        Double(
            (daysFromCivil(year: 0, month: 1, day: 1) - referenceDay) * 86_400)...Double(
            (daysFromCivil(year: 10_000, month: 1, day: 1) - referenceDay) * 86_400 - 1)

    /// Reads the XML form leniently, as Apple's reader does: `yyyy`, then optionally `-MM`, `-dd`, `THH`, `:mm`,
    /// `:ss` and a closing `Z`; missing parts are the first month, day, or zero. `nil` for anything else.
    public init?(iso8601 text: some StringProtocol) {
        var scanner = DateScanner(text: Array(text.utf8))
        guard let year = scanner.number(digits: 4) else { return nil }
        var fields = [1, 1, 0, 0, 0]
        let separators: [UInt8] = [
            UInt8(ascii: "-"), UInt8(ascii: "-"), UInt8(ascii: "T"), UInt8(ascii: ":"), UInt8(ascii: ":"),
        ]
        for (index, separator) in separators.enumerated() {
            guard scanner.skip(separator) else { break }
            guard let value = scanner.number(digits: 2) else { return nil }
            fields[index] = value
        }
        _ = scanner.skip(UInt8(ascii: "Z"))
        guard scanner.isAtEnd else { return nil }
        let (month, day, hour, minute, second) = (fields[0], fields[1], fields[2], fields[3], fields[4])
        guard (1...12).contains(month), (1...31).contains(day), hour < 24, minute < 60, second < 61 else { return nil }
        let days = Self.daysFromCivil(year: year, month: month, day: day) - Self.referenceDay
        self.secondsSinceReferenceDate = Double(days * 86_400 + hour * 3_600 + minute * 60 + second)
    }

    /// The XML form, whole seconds (what Apple's writer keeps).
    public var iso8601: String {
        // Clamped first: a binary file may hold any double, and converting one past Int's range traps.
        let seconds = Int(Self.writableRange.clamping(secondsSinceReferenceDate.rounded(.down)))
        let (days, secondOfDay) = (seconds.floorDivided(by: 86_400), seconds.floorModulo(86_400))
        let (year, month, day) = Self.civilFromDays(days + Self.referenceDay)
        return "\(pad(year, 4))-\(pad(month, 2))-\(pad(day, 2))T\(pad(secondOfDay / 3_600, 2)):"
            + "\(pad(secondOfDay / 60 % 60, 2)):\(pad(secondOfDay % 60, 2))Z"
    }

    public var description: String { iso8601 }

    private func pad(_ number: Int, _ width: Int) -> String {
        let digits = String(abs(number))
        return (number < 0 ? "-" : "") + String(repeating: "0", count: max(0, width - digits.count)) + digits
    }

    // Howard Hinnant's proleptic Gregorian day arithmetic (public domain algorithms, written out here).
    private static func daysFromCivil(year: Int, month: Int, day: Int) -> Int {
        let shiftedYear = month <= 2 ? year - 1 : year
        let era = shiftedYear.floorDivided(by: 400)
        let yearOfEra = shiftedYear - era * 400
        let dayOfYear = (153 * (month > 2 ? month - 3 : month + 9) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }

    private static func civilFromDays(_ days: Int) -> (year: Int, month: Int, day: Int) {
        let shifted = days + 719_468
        let era = shifted.floorDivided(by: 146_097)
        let dayOfEra = shifted - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1_460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let monthIndex = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * monthIndex + 2) / 5 + 1
        let month = monthIndex < 10 ? monthIndex + 3 : monthIndex - 9
        return (yearOfEra + era * 400 + (month <= 2 ? 1 : 0), month, day)
    }
}

extension ClosedRange<Double> {
    fileprivate func clamping(_ value: Double) -> Double {
        value.isNaN ? 0 : Swift.min(Swift.max(value, lowerBound), upperBound)
    }
}

private struct DateScanner {
    let text: [UInt8]
    var index = 0

    var isAtEnd: Bool { index == text.count }

    mutating func skip(_ byte: UInt8) -> Bool {
        guard index < text.count, text[index] == byte else { return false }
        index += 1
        return true
    }

    mutating func number(digits: Int) -> Int? {
        guard index + digits <= text.count else { return nil }
        var value = 0
        for byte in text[index..<index + digits] {
            guard byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") else { return nil }
            value = value * 10 + Int(byte - UInt8(ascii: "0"))
        }
        index += digits
        return value
    }
}

extension Int {
    fileprivate func floorDivided(by divisor: Int) -> Int {
        (self >= 0 ? self : self - divisor + 1) / divisor
    }

    fileprivate func floorModulo(_ divisor: Int) -> Int { self - floorDivided(by: divisor) * divisor }
}
