/// A calendar day written `YYYY-MM-DD`, as the header's date is given everywhere (`--date`, the config, a module's
/// record): one check, so a date one of them refuses none of them takes.
public enum CalendarDate {
    /// Why `text` is not a calendar day written `YYYY-MM-DD` (so from 0000-01-01 to 9999-12-31), or `nil`.
    public static func problem(with text: String) -> String? {
        let parts = text.split(separator: "-", omittingEmptySubsequences: false)
        // Digits only: `Int` alone would also take `+1` as a month.
        guard parts.count == 3, parts[0].count == 4, parts[1].count == 2, parts[2].count == 2,
            parts.allSatisfy({ $0.allSatisfy { $0.isASCII && $0.isNumber } }),
            let year = Int(parts[0]), let month = Int(parts[1]), let day = Int(parts[2]),
            (1...12).contains(month), day >= 1, day <= daysIn(month: month, year: year)
        else {
            return "date '\(text)' is not a calendar date in the form YYYY-MM-DD"
        }
        return nil
    }

    private static func daysIn(month: Int, year: Int) -> Int {
        switch month {
        case 2: return (year % 4 == 0 && year % 100 != 0) || year % 400 == 0 ? 29 : 28
        case 4, 6, 9, 11: return 30
        default: return 31
        }
    }
}
