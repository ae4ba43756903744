import ModGenCore
import ModGenMustache
import Testing

@testable import ModGenTemplates

@Suite struct HeaderFieldsTests {
    @Test(arguments: ["2024-02-29", "2000-02-29", "1970-01-01", "9999-12-31", "2023-12-31", "2023-04-30"])
    func calendarDatesAreAccepted(date: String) throws {
        #expect(HeaderFields.problem(withDate: date) == nil)
        #expect(try HeaderFields.validateDate(date) == date)
    }

    /// 2023 and 1900 are not leap years (1900 is divisible by 100 but not 400); five-digit years cannot be written.
    @Test(arguments: [
        "2023-02-29", "1900-02-29", "2024-02-30", "2023-04-31", "2023-13-01", "2023-00-10", "2023-01-00",
        "10000-01-01", "999-01-01", "2023-1-01", "2023-01-1", "+202-01-01", "2024-+1-01", "2024-01", "", "today",
        "2024/01/01",
    ])
    func otherTextIsRefusedAsAUsageError(date: String) {
        #expect(HeaderFields.problem(withDate: date) == "date '\(date)' is not a calendar date in the form YYYY-MM-DD")
        #expect(throws: OptionError("date '\(date)' is not a calendar date in the form YYYY-MM-DD")) {
            try HeaderFields.validateDate(date)
        }
    }

    /// 951782400 = 11016 days × 86400 s; 11016 days after 1970-01-01 is 2000-02-29 (30 years of 365 days plus 7
    /// leap days is 10957 days to 2000-01-01, then 31 + 28 days).
    @Test(arguments: [
        ("0", "1970-01-01"), ("86399", "1970-01-01"), ("86400", "1970-01-02"), ("951782400", "2000-02-29"),
        ("951868800", "2000-03-01"), (" 86400 ", "1970-01-02"), ("253402300799", "9999-12-31"),
    ])
    func sourceDateEpochIsTheUTCDay(epoch: String, date: String) throws {
        #expect(try HeaderFields.date(fromSourceDateEpoch: epoch) == date)
    }

    @Test(arguments: [
        ("abc", "is not a whole number of seconds since 1970-01-01"),
        ("-1", "is not a whole number of seconds since 1970-01-01"),
        ("1.5", "is not a whole number of seconds since 1970-01-01"),
        ("", "is not a whole number of seconds since 1970-01-01"),
        ("99999999999999999999999", "is not a whole number of seconds since 1970-01-01"),
        ("253402300800", "is after 9999-12-31"),
        ("9223372036854775807", "is after 9999-12-31"),
    ])
    func aBadSourceDateEpochIsADataErrorNamingTheVariable(epoch: String, reason: String) {
        #expect(throws: EnvironmentValueError(name: "SOURCE_DATE_EPOCH", value: epoch, reason: reason)) {
            try HeaderFields.date(fromSourceDateEpoch: epoch)
        }
        let error = EnvironmentValueError(name: "SOURCE_DATE_EPOCH", value: epoch, reason: reason)
        #expect(error.message.hasPrefix("environment variable SOURCE_DATE_EPOCH="))
    }

    @Test func theEpochErrorStaysOnOneLine() {
        let error = EnvironmentValueError(name: "SOURCE_DATE_EPOCH", value: "1\n2", reason: "is bad")
        #expect(error.message == "environment variable SOURCE_DATE_EPOCH=\"1\\n2\" is bad")
    }

    @Test(arguments: ["Shop\nimport Evil", "a\r", "a\r\nb", "x\u{2028}y", "x\u{85}y", "\u{0B}"])
    func aFieldValueWithALineBreakIsRefused(value: String) {
        #expect(HeaderFields.problem(withFieldValue: value) == "cannot contain a line break")
    }

    @Test func aFieldValueWithAnotherControlCharacterNamesIt() {
        #expect(HeaderFields.problem(withFieldValue: "A\u{1B}[2JB") == #"cannot contain a control character (\u{1B})"#)
        #expect(HeaderFields.problem(withFieldValue: "tab\there") == #"cannot contain a control character (\t)"#)
    }

    @Test(arguments: ["", "Shop", "Ünïcödé GmbH & Co. — 漢字", "O'Brien \"quoted\""])
    func anOrdinaryFieldValueIsAccepted(value: String) {
        #expect(HeaderFields.problem(withFieldValue: value) == nil)
    }

    @Test func yearIsTheFirstFourCharactersOfTheDate() {
        #expect(HeaderFields(date: "2024-02-29").year == "2024")
        #expect(HeaderFields().year == "")
    }
}
