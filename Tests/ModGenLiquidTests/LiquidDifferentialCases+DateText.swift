import ModGenLiquid

/// Date text the `date` filter reads as Ruby's `Time.parse` does (`Date._parse`'s sub-parsers in their order, the
/// rule that tells the year from the day, `Time`'s zones and ranges), one or more cases for each kind of reading
/// the differential explorer found modgen reading otherwise. Text that leaves out the year takes it (and the month,
/// the day…) from the clock, as Ruby does: those cases print only what the text gives, so they agree on any day.
extension LiquidDifferentialCases {
    static let dateText: [Case] =
        [
            // After a month name, a number, a comma and a number: the first is the day, the second the year, completed
            // to 2004 (CI's fuzzing found modgen reading year 4); and a time after a month and year.
            .init("{{ 'March 1,4 2016' | date: '%s' }}"),
            .init("{{ s | date: '%Y-%m-%d %H:%M:%S %z' }}", data: ["s": "March 1,4 2016"]),
            .init("{{ 'March 2024 T14:07' | date: '%H:%M' }}"),
            .init("{{ s | date: '%Y-%m-%d %H:%M:%S %z' }}", data: ["s": "March 2024 T14:07"]),
            .init("{{ s | date: '%Y-%m-%d %H:%M:%S %z' }}", data: ["s": "march 2024t14:07:09 +0100"]),
        ] + yearMonthDay + timesAndZones + otherForms + ranges + longS

    /// Ruby's patterns ignore case as Unicode folds it: `ſ` (long s) is their `s`, but not a month's or a Japanese
    /// era's letter when the match is looked up.
    static let longS: [Case] =
        [
            "5 \u{17F}ep 2024", "\u{17F}ep 5 2024", "2024-03-05 14:00 \u{17F}", "2024-03-05 10h 30m 15\u{17F} pm",
            "\u{17F}64.1.7", "\u{17F}at 2024-03-05 14:00 e\u{17F}t d\u{17F}t", "2024-03-05 14:00 \u{17F}tandard time",
            "march 5\u{FB06} 2024",
        ].map { Case("{{ s | date: '%Y-%m-%d %H:%M:%S %z' }}", data: ["s": .string($0)]) }
        + [Case("{{ s | date: '%d' }}", data: ["s": "5\u{17F}t"])]

    /// Which number is the year: short years completed to 1969–2068 unless written with a sign or 3+ digits, an
    /// apostrophe marks a year, an ordinal suffix a day, eras count backwards.
    static let yearMonthDay: [Case] = [
        "Mar 5th, 2024", "Mar 24, 99", "March 5, '24", "March 5 -12", "sept 10, 0004", "Mar 12 2024th", "march '24",
        "5th March 2024", "5 march 24", "5mar2024", "05-marzipan 2024", "5 mar 24 bc", "march 5 ad 24", "1 mar 1 bc",
        "2024-3-5", "-2024-03-05", "'24-03-05", "24-03-05", "5-3-2024", "05-3-24", "2024-03-05th",
        "2024/3/5", "5/3/24", "24/3/5", "2024/03/05/12", "3/ 5/2024", "5.3.2024", "2024.03.05", "5. 3. 24",
        "05-mar-2024", "mar-05-2024", "5-mar-24", "h31.4.30", "s64.1.7", "m45.7.29",
    ].map { Case("{{ s | date: '%Y-%m-%d %H:%M:%S %z' }}", data: ["s": .string($0)]) }

    static let timesAndZones: [Case] = [
        "2024-03-05 14:07 est", "2024-03-05 14:07 eastern standard time", "2024-03-05 14:07 gmt+1",
        "2024-03-05 14:07 +05:30", "2024-03-05 14:07 +053015", "2024-03-05 14:07 +05:30:15", "2024-03-05 14:07 a",
        "2024-03-05 14:07 j", "2024-03-05 14:07 -05", "2024-03-05 14:07 utc+05:30", "2024-03-05 14:07 est dst",
        "2024-03-05 12 pm", "2024-03-05 2 p.m.", "2024-03-05 12:30 a.m.", "2024-03-05 10h30m", "2024-03-05 10h 30m 15s",
        "2024-03-05 14 : 07", "2024-03-05 14:07:09,5", "2024-03-05 14:07:09.", "2024-03-05 14", "14:07 2024-03-05",
        "tue 2024-03-05 14:07", "2024-03-05 14:07 +25:00", "2024-03-05 14:07 -24:00", "2024-03-05 14:07 +23:59",
        "2024-03-05 10h 30m 15s pm", "20240305", "20240305T140709", "20240305 140709", "20240305t1407 +0100",
        "20240305 z", "240305",
        "2024065", "20240305[+9:est]", "20240305 [-5]", "1403051407", "20240305140709.5",
    ].map { Case("{{ s | date: '%Y-%m-%d %H:%M:%S %z %L' }}", data: ["s": .string($0)]) }

    /// Forms that leave out the year, the week dates `Time.parse` ignores, and what Ruby reads in words.
    static let otherForms: [Case] = [
        .init("{{ s | date: '%m-%d %H:%M:%S' }}", data: ["s": "march 5"]),
        .init("{{ s | date: '%m-%d %H:%M:%S' }}", data: ["s": "3/5"]),
        .init("{{ s | date: '%m-%d %H:%M:%S' }}", data: ["s": "3/5 14:07"]),
        .init("{{ s | date: '%m-%d %H:%M:%S' }}", data: ["s": "--03-05"]),
        .init("{{ s | date: '%m-%d %H:%M:%S' }}", data: ["s": "--0305"]),
        .init("{{ s | date: '%m-%d %H:%M:%S' }}", data: ["s": "mar-05"]),
        .init("{{ s | date: '%m %H:%M:%S' }}", data: ["s": "march"]),
        .init("{{ s | date: '%d %H:%M:%S' }}", data: ["s": "5th"]),
        .init("{{ s | date: '%d %H:%M:%S' }}", data: ["s": "14:07 5"]),
        .init("{{ s | date: '%H:%M:%S %z' }}", data: ["s": "14:07"]),
        .init("{{ s | date: '%H:%M:%S %z' }}", data: ["s": "12 hello"]),
        .init("{{ s | date: '%H:%M:%S %z' }}", data: ["s": "tue 14:07"]),
        .init("{{ s | date: '%H:%M:%S %z' }}", data: ["s": "2024-w10-2 14:07"]),
        .init("{{ s | date: '%H:%M:%S %z' }}", data: ["s": "7am"]),
        .init("{{ s | date: '%Y-%j' }}", data: ["s": "2024-065"]),
        .init("{{ s | date: '%Y-%j' }}", data: ["s": "24-065"]),
        .init("{{ s | date: '%Y-%j' }}", data: ["s": "2024-366"]),
        .init("{{ s | date: '%Y-%j' }}", data: ["s": "2023-366"]),
        .init("{{ s | date: '%j' }}", data: ["s": "-065"]),
        .init("{{ s | date: '%Y' }}", data: ["s": "2024-w10-2"]),
        .init("{{ s | date: '%Y' }}", data: ["s": "tuesday"]),
        .init("{{ s | date: '%Y' }}", data: ["s": "hello"]),
    ]

    /// Days past the month's end, hour 24, leap seconds, years before 1 and after 9999, text past 128 bytes, and
    /// numbers too big for Ruby's C ints (an error that fails the render).
    static let ranges: [Case] = [
        "2024-02-30", "2023-02-29 23:00", "2024-04-31 -05:00", "2024-03-05 24:00", "2024-03-05 24:01",
        "2024-03-05 23:59:60",
        "2024-03-05 25:00", "2024-03-05 25:00 +01:00", "2024-03-05 14:60 +01:30", "2024-03-32", "2024-00-05",
        "-0071-03-05", "0000-01-01", "12345-03-05", "jun 99999999999", "jun -99999999999", "2024-03-05 99999999999 pm",
        "2024-03-99999999999",
        "2024-03-05 " + String(repeating: "x", count: 117), "2024-03-05 " + String(repeating: "x", count: 118),
    ].map { Case("{{ s | date: '%Y-%m-%d %H:%M:%S %z %C %y' }}", data: ["s": .string($0)]) }
}
