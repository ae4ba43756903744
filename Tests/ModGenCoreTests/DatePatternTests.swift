import ModGenCore
import Testing

@Suite struct DatePatternTests {
    @Test(arguments: [
        ("yyyy-MM-dd", "2026-01-31"),
        ("dd.MM.yy", "31.01.26"),
        ("d MMM yyyy", "31 Jan 2026"),
        ("MMMM d, y", "January 31, 2026"),
        ("M/d/yy", "1/31/26"),
        ("'Day' d 'of' MMMM", "Day 31 of January"),
        ("yyyy''MM", "2026'01"),
        ("'it''s' yyyy", "it's 2026"),
        ("dd. MM. yyyy.", "31. 01. 2026."),
    ])
    func writesTheDay(pattern: String, expected: String) throws {
        #expect(try DatePattern(pattern).format(year: 2026, month: 1, day: 31) == expected)
    }

    @Test func padsShortYearsAndKeepsTheLastTwoDigitsForYY() throws {
        #expect(try DatePattern("yyyy|yy|y").format(year: 907, month: 12, day: 5) == "0907|07|907")
        #expect(try DatePattern("MMM MMMM").format(year: 2026, month: 9, day: 5) == "Sep September")
    }

    @Test(arguments: [
        ("yyyy-MM-dd HH:mm", "has 'HH'"),
        ("EEEE", "has 'EEEE'"),
        ("MMMMM", "has 'MMMMM'"),
        ("ddd", "has 'ddd'"),
        ("yyyy 'open", "has a quote that is not closed"),
    ])
    func refusesFieldsItCannotWrite(pattern: String, reasonStart: String) {
        #expect {
            try DatePattern(pattern)
        } throws: { error in
            guard let error = error as? DatePattern.PatternError else { return false }
            return error.reason.hasPrefix(reasonStart) && error.message.hasPrefix("date pattern '\(pattern)' ")
        }
    }
}
