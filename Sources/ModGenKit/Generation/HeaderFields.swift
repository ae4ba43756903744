import Foundation

/// What the `header` partial may print about a file besides its name. Nothing here comes from the clock or the
/// user account: the same command gives the same bytes on every machine, on every day.
public struct HeaderFields: Equatable, Sendable {
    public var project: String
    public var author: String
    public var company: String
    /// `YYYY-MM-DD`, or empty.
    public var date: String

    public init(project: String = "", author: String = "", company: String = "", date: String = "") {
        self.project = project
        self.author = author
        self.company = company
        self.date = date
    }

    /// The first four characters of `date`, or empty.
    public var year: String { String(date.prefix(4)) }

    /// Checks `YYYY-MM-DD` (a real calendar day).
    public static func validateDate(_ text: String) throws(OptionError) -> String {
        let parts = text.split(separator: "-", omittingEmptySubsequences: false)
        guard parts.count == 3, parts[0].count == 4, parts[1].count == 2, parts[2].count == 2,
            let year = Int(parts[0]), let month = Int(parts[1]), let day = Int(parts[2]),
            (1...12).contains(month), day >= 1, day <= daysIn(month: month, year: year)
        else {
            throw OptionError("date '\(text)' is not a calendar date in the form YYYY-MM-DD")
        }
        return text
    }

    /// The UTC day of a `SOURCE_DATE_EPOCH` value (seconds since 1970), the reproducible-builds convention.
    public static func date(fromSourceDateEpoch text: String) throws(OptionError) -> String {
        guard let seconds = Int(text.trimmingCharacters(in: .whitespaces)), seconds >= 0 else {
            throw OptionError("SOURCE_DATE_EPOCH '\(text)' is not a number of seconds")
        }
        // Civil-from-days (proleptic Gregorian), so no calendar or time zone setting can change the result.
        let days = seconds / 86_400 + 719_468
        let era = days / 146_097
        let dayOfEra = days - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1_460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let monthIndex = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * monthIndex + 2) / 5 + 1
        let month = monthIndex < 10 ? monthIndex + 3 : monthIndex - 9
        let year = yearOfEra + era * 400 + (month <= 2 ? 1 : 0)
        return String(format: "%04d-%02d-%02d", year, month, day)
    }

    private static func daysIn(month: Int, year: Int) -> Int {
        switch month {
        case 2: return (year % 4 == 0 && year % 100 != 0) || year % 400 == 0 ? 29 : 28
        case 4, 6, 9, 11: return 30
        default: return 31
        }
    }
}
