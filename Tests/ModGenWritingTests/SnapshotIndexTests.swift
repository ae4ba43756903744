import Foundation
import ModGenCore
import Testing

@testable import ModGenWriting

/// `SnapshotIndex`: the text of `combinations.txt`, and reading it back.
@Suite struct SnapshotIndexTests {
    let index = SnapshotIndex(entries: [
        .init(combination: "default", path: "Home/HomeView.swift", variant: "default"),
        .init(combination: "rx", path: "Home/HomeView.swift", variant: "rx"),
        .init(combination: "rx", path: "Support/Base.swift", variant: "default"),
    ])

    @Test func eachEntryIsOneLineAfterTheComment() {
        let lines = index.text.split(separator: "\n").filter { !$0.hasPrefix("#") }
        #expect(
            lines == [
                "default Home/HomeView.swift default", "rx Home/HomeView.swift rx", "rx Support/Base.swift default",
            ])
        #expect(index.text.hasSuffix("\n"))
        #expect(index.combinations == ["default", "rx"])
        #expect(index.entries[1].storedPath == "rx/Home/HomeView.swift")
    }

    @Test func theTextReadsBack() throws {
        #expect(try SnapshotIndex(parsing: index.text, file: "combinations.txt") == index)
    }

    /// The path is what lies between the first and the last space, so a path with spaces survives; a checkout's
    /// CRLF line ends do too.
    @Test func aPathWithSpacesAndCRLFLineEndsReadBack() throws {
        let spaced = SnapshotIndex(entries: [.init(combination: "rx", path: "My Module/A B.swift", variant: "rx")])
        #expect(try SnapshotIndex(parsing: spaced.text, file: "combinations.txt") == spaced)
        let crlf = spaced.text.replacingOccurrences(of: "\n", with: "\r\n")
        #expect(try SnapshotIndex(parsing: crlf, file: "combinations.txt") == spaced)
    }

    @Test(arguments: ["default Home/HomeView.swift", "default", "default  default", " Home/A.swift default"])
    func aLineThatIsNotThreeFieldsNamesItsFileAndLine(line: String) throws {
        let text = "# comment\n\nrx Home/HomeView.swift rx\n\(line)\n"
        let expected = SnapshotFolderError.malformedIndex(
            file: "snap/combinations.txt", line: 4, reason: "expected '<combination> <path> <variant>'")
        #expect(throws: expected) { try SnapshotIndex(parsing: text, file: "snap/combinations.txt") }
        #expect(expected.message == "snap/combinations.txt:4:1: expected '<combination> <path> <variant>'")
    }
}
