import ModGenCore

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

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

    /// `date` written with `pattern` (the config's `dateFormat`), as ISO `YYYY-MM-DD` without one; empty when no
    /// date was given. `year` stays the calendar year whatever the pattern.
    public func formattedDate(_ pattern: DatePattern?) -> String {
        let parts = date.split(separator: "-").compactMap { Int($0) }
        guard parts.count == 3 else { return "" }
        guard let pattern else { return date }
        return pattern.format(year: parts[0], month: parts[1], day: parts[2])
    }

    /// The first four characters of `date`, or empty.
    public var year: String { String(date.prefix(4)) }

    /// The fields templates read by name (`{{project}}`) and `--set` may replace; `year` and `date` are derived.
    public var settableFields: [(name: String, value: String)] {
        [("project", project), ("author", author), ("company", company)]
    }

    /// Why `value` cannot be a header field (`project`, `author`, `company`), or `nil`: the header is a comment at
    /// the top of every generated file (see `PrintableText.oneLineProblem`).
    public static func problem(withFieldValue value: String) -> String? {
        PrintableText.oneLineProblem(value)
    }

    /// Why `text` is not a calendar day written `YYYY-MM-DD` (so from 0000-01-01 to 9999-12-31), or `nil`.
    public static func problem(withDate text: String) -> String? {
        CalendarDate.problem(with: text)
    }

    /// `--date`: a calendar date, else a usage error.
    public static func validateDate(_ text: String) throws(OptionError) -> String {
        if let problem = problem(withDate: text) { throw OptionError(problem) }
        return text
    }

    /// The last second of 9999-12-31 in UTC: later days have a five-digit year, which `YYYY-MM-DD` cannot write.
    static let latestSourceDateEpoch = 253_402_300_799

    /// The UTC day of a `SOURCE_DATE_EPOCH` value (seconds since 1970), the reproducible-builds convention.
    public static func date(fromSourceDateEpoch text: String) throws(EnvironmentValueError) -> String {
        guard let seconds = Int(text.trimmingSpaces()), seconds >= 0 else {
            throw EnvironmentValueError(
                name: "SOURCE_DATE_EPOCH", value: text, reason: "is not a whole number of seconds since 1970-01-01")
        }
        guard seconds <= latestSourceDateEpoch else {
            throw EnvironmentValueError(name: "SOURCE_DATE_EPOCH", value: text, reason: "is after 9999-12-31")
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
        return String.zeroPadded(year, width: 4) + "-" + String.zeroPadded(month, width: 2) + "-"
            + String.zeroPadded(day, width: 2)
    }
}

/// An environment variable with a value modgen cannot use: it is data the run was given, not a flag.
public struct EnvironmentValueError: ModGenError, Equatable {
    public var name: String
    public var value: String
    /// Continues "SOURCE_DATE_EPOCH "x" …": `is after 9999-12-31`.
    public var reason: String

    public init(name: String, value: String, reason: String) {
        self.name = name
        self.value = value
        self.reason = reason
    }

    /// The value quoted with its control characters escaped, so the message stays on one line.
    public var message: String { "environment variable \(name)=\(value.debugDescription) \(reason)" }
}
