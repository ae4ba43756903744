#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// `--date today`: the one place modgen reads the clock. Output is otherwise a function of the inputs alone; a
/// header date that changes every day is asked for by name, never a default.
enum Today {
    static let word = "today"

    /// Today in the local time zone (`TZ`), as `YYYY-MM-DD`.
    static func isoDate() -> String {
        var now = time(nil)
        var parts = tm()
        localtime_r(&now, &parts)
        return "\(parts.tm_year + 1900)-\(twoDigits(parts.tm_mon + 1))-\(twoDigits(parts.tm_mday))"
    }

    private static func twoDigits(_ value: Int32) -> String {
        value < 10 ? "0\(value)" : "\(value)"
    }
}
