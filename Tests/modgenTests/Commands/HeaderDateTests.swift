import Foundation
import TestSupport
import Testing

@testable import modgen

/// The header's date: `--date today` reads the clock, the config's `dateFormat` writes the day in a Unicode date
/// pattern (the year in the copyright line stays the calendar year).
@Suite struct HeaderDateTests {
    func header(_ folder: TemporaryFolder, _ arguments: [String]) throws -> String {
        assertExecute(
            ["new", "Home", "-o", folder.path("out"), "--config", folder.path(".modgen.json"), "-q"] + arguments,
            expecting: "", error: "")
        return try #require(folder.read("out/Home/HomePresenter.swift"))
    }

    static func isoToday() -> String {
        let parts = Calendar.current.dateComponents([.year, .month, .day], from: Date())
        return String(format: "%04d-%02d-%02d", parts.year ?? 0, parts.month ?? 0, parts.day ?? 0)
    }

    @Test func dateTodayIsTodaysDate() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        try folder.write(".modgen.json", #"{ "header": { "author": "Ana" } }"#)
        let before = Self.isoToday()
        let text = try header(folder, ["--date", "today"])
        let after = Self.isoToday()
        // Run across midnight, either day is right.
        #expect(
            text.contains("//  Created by Ana on \(before).\n") || text.contains("//  Created by Ana on \(after).\n"))
    }

    @Test(arguments: [
        ("dd.MM.yyyy", "31.01.2026"), ("d MMMM y", "31 January 2026"), ("yy/M/d", "26/1/31"),
        ("'the' d'th'", "the 31th"),
    ])
    func dateFormatWritesTheDayInThePattern(pattern: String, expected: String) throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        try folder.write(
            ".modgen.json", #"{ "header": { "author": "Ana", "company": "Acme" }, "dateFormat": "\#(pattern)" }"#)
        let text = try header(folder, ["--date", "2026-01-31"])
        #expect(text.contains("//  Created by Ana on \(expected).\n"))
        #expect(text.contains("//  Copyright © 2026 Acme. All rights reserved.\n"))
    }

    @Test func withoutADateTheFormatWritesNothing() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        try folder.write(".modgen.json", #"{ "header": { "author": "Ana" }, "dateFormat": "dd.MM.yyyy" }"#)
        let text = try header(folder, ["--set", "author=Ana"])
        #expect(text.contains("//  Created by Ana.\n"))
    }

    @Test func aBadDateFormatIsAConfigError() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        try folder.write(".modgen.json", #"{ "dateFormat": "dd.MM.yyyy 'at" }"#)
        let result = assertExecute(
            ["new", "Home", "-o", folder.path("out"), "--config", folder.path(".modgen.json")], expecting: "",
            exitCode: 65)
        #expect(result.standardError.hasPrefix("modgen: error: \(folder.path(".modgen.json")):1:17: date pattern "))
        #expect(!folder.exists("out"))
    }

    @Test func aDateThatIsNeitherADayNorTodayIsAUsageError() {
        let result = assertExecute(["new", "Home", "--date", "tomorrow", "--dry-run"], expecting: "", exitCode: 64)
        #expect(result.standardError.contains("'tomorrow'"))
    }
}
