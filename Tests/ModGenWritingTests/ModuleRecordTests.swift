import Foundation
import ModGenCore
import ModGenDigest
import TestSupport
import Testing

@testable import ModGenWriting

@Suite struct ModuleRecordTests {
    private let record = ModuleRecord(
        module: "Home", template: "viper", templateVersion: String(repeating: "ab", count: 32),
        options: ["rx": .bool(true), "interface": .string("none")], settings: ["builderContext": "Void"],
        header: ["project": "Shop", "author": "", "company": "Acme", "date": "2026-01-31"], output: "Sources/Modules",
        roots: ["tests": "Tests"])

    @Test func theTextReadsBackAsTheSameRecord() throws {
        #expect(try ModuleRecord(parsing: record.text, fileName: "Home.json") == record)
        // Keys sorted at every level, whatever order the dictionaries hold them in.
        let keys = record.text.split(separator: "\n").filter { $0.hasPrefix("  \"") }.map {
            $0.split(separator: "\"")[1]
        }
        #expect(keys == keys.sorted())
        #expect(record.text.hasSuffix("}\n"))
    }

    /// A Rambafile's group paths are kept with the project, read back as written; a group path with an empty name
    /// or a line break is refused.
    @Test func groupPathsReadBack() throws {
        var grouped = record
        grouped.project = ModuleRecord.RecordedProject(
            path: "App.xcodeproj", targets: ["App"], testTargets: ["AppTests"],
            groups: XcodeGroupPaths(
                code: .init(path: "App/Screens", differsFromFolder: true),
                tests: .init(path: "AppTests", differsFromFolder: false), logical: true))
        #expect(try ModuleRecord(parsing: grouped.text, fileName: "Home.json") == grouped)
        #expect(grouped.text.contains(#""logical": true"#))
        for bad in ["App//Screens", "App/\nScreens"] {
            let text = grouped.text.replacingOccurrences(of: #""App/Screens""#, with: "\"\(bad)\"")
            #expect(throws: DataFileError.self) { try ModuleRecord(parsing: text, fileName: "Home.json") }
        }
        // A record without groups is written as before: nothing about them.
        #expect(!record.text.contains("groups"))
    }

    @Test(arguments: [
        // Line 2 holds formatVersion, 4 to 7 the header (author, company, date, project), 9 module, 12 rx,
        // 14 output, 18 set, 22 templateVersion.
        (#""formatVersion": 1"#, #""formatVersion": 2"#, "Home.json:2:20: unknown record format"),
        (#""output": "Sources/Modules""#, #""output": "../Elsewhere""#, "Home.json:14:13: "),
        (#""rx": true"#, #""rx": 1"#, "Home.json:12:11: expected true, false or a string, found a number"),
        (#""module": "Home""#, #""module": "class""#, "Home.json:9:13: module name 'class'"),
        (String(repeating: "ab", count: 32), "abc", "Home.json:22:22: expected 64 lowercase hexadecimal digits"),
        (#""set": {"#, #""sets": {"#, "Home.json:18:"),
        // The header is held to what the command line and the config take: one line, a real date.
        (
            #""company": "Acme""#, #""company": "Acme\n}\nimport Evil""#,
            "Home.json:5:16: header field 'company' cannot contain a line break"
        ),
        (
            #""author": """#, #""author": "A\u001B[2J""#,
            "Home.json:4:15: header field 'author' cannot contain a control character"
        ),
        (
            #""project": "Shop""#, #""project": "Shop\u2028x""#,
            "Home.json:7:16: header field 'project' cannot contain a line break"
        ),
        (#""date": "2026-01-31""#, #""date": "2026-13-45""#, "Home.json:6:13: date '2026-13-45' is not a calendar"),
        (#""date": "2026-01-31""#, #""date": "2026-02-29""#, "Home.json:6:13: date '2026-02-29' is not a calendar"),
        (#""date": "2026-01-31""#, #""date": "31.01.2026""#, "Home.json:6:13: date '31.01.2026' is not a calendar"),
    ])
    func aHandEditedRecordIsRefusedAtTheValueAtFault(original: String, edited: String, message: String) throws {
        let text = record.text.replacingOccurrences(of: original, with: edited)
        #expect(text != record.text)
        do {
            _ = try ModuleRecord(parsing: text, fileName: "Home.json")
            Issue.record("accepted: \(text)")
        } catch {
            #expect(error.message.hasPrefix(message), "\(error.message)")
        }
    }

    @Test func sha256MatchesTheStandardsTestVectors() {
        #expect(SHA256.hex([]) == "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855")
        #expect(SHA256.hex(Array("abc".utf8)) == "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
        #expect(
            SHA256.hex(Array("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq".utf8))
                == "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1")
        #expect(
            SHA256.hex(
                Array(
                    ("abcdefghbcdefghicdefghijdefghijkefghijklfghijklmghijklmnhijklmnoijklmnopjklmnopqklmnopqrlmnopqrs"
                        + "mnopqrstnopqrstu").utf8))
                == "cf5b16a778af8380036ce59e7b0492370b249b11e8f07a51afac45037afee9d1")
        #expect(
            SHA256.hex([UInt8](repeating: UInt8(ascii: "a"), count: 1_000_000))
                == "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0")
    }

    /// Bytes given in pieces that end inside, at and past a block's end hash as the same bytes given at once.
    @Test func sha256OfPiecesEqualsTheDigestOfTheWhole() {
        // The index is an Int written out: left to inference, Linux's type checker picks Int128, which needs macOS 15.
        let bytes = (0..<1_000).map { (index: Int) in UInt8(truncatingIfNeeded: index &* 131 &+ 17) }
        for pieceSize in [1, 3, 55, 56, 63, 64, 65, 127, 200] {
            var hash = SHA256()
            var start = 0
            while start < bytes.count {
                let end = min(start + pieceSize, bytes.count)
                hash.update(Array(bytes[start..<end]))
                start = end
            }
            #expect(hash.hexDigest() == SHA256.hex(bytes), "pieces of \(pieceSize)")
        }
        var text = SHA256()
        text.update("h\u{e9}llo")
        #expect(text.hexDigest() == SHA256.hex(Array("h\u{e9}llo".utf8)))
    }

    /// The name of a set of files, pinned: Python's hashlib computed it from the same layout (each file as its path,
    /// a zero byte, its size in decimal, a zero byte and its bytes, in path order). A change here renames every
    /// recorded template version.
    @Test func aFileSetDigestIsTheSHA256OfItsLayout() {
        let files: [(path: String, bytes: [UInt8])] = [
            ("b/x.swift", Array(String(repeating: "let x = 1\n", count: 20).utf8)), ("a.txt", Array("h\u{e9}llo".utf8)),
        ]
        #expect(FileSetDigest.hex(of: files) == "e2e047ceb853c56b84e51b705589af9828d18e67bbac4a22f0498ea7e35a133f")
    }

    @Test func aTemplateVersionDependsOnEveryPathAndByteButNotOnOrder() {
        let files = [RenderedFile(path: "template/a", contents: "x"), RenderedFile(path: "template/b", contents: "y")]
        let version = ModuleRecords.templateVersion(of: files)
        #expect(ModuleRecords.templateVersion(of: files.reversed()) == version)
        #expect(
            ModuleRecords.templateVersion(of: [files[0], RenderedFile(path: "template/b", contents: "z")]) != version)
        #expect(
            ModuleRecords.templateVersion(of: [files[0], RenderedFile(path: "template/c", contents: "y")]) != version)
        // The size before the bytes keeps a path and contents from running into the next file.
        #expect(
            ModuleRecords.templateVersion(of: [RenderedFile(path: "a", contents: "b\u{0}1\u{0}c")])
                != ModuleRecords.templateVersion(of: [
                    RenderedFile(path: "a", contents: "b"), RenderedFile(path: "c", contents: ""),
                ]))
    }

    @Test func removingAFileIsPlannedAppliedAndRolledBack() throws {
        let directory = try TemporaryFolder()
        defer { directory.remove() }
        try directory.write("Old.swift", "old\n")
        let removing = [RenderedFile(path: "Old.swift", bytes: []), RenderedFile(path: "Gone.swift", bytes: [])]
        let files = [RenderedFile(path: "New.swift", contents: "new\n")]
        let plan = try WritePlan(files: files, removing: removing, outputDirectory: directory.path, policy: .overwrite)
        #expect(plan.entries.map(\.action) == [.create, .remove])
        #expect(
            plan.differences().last?.diff
                == "--- \(directory.path)/Old.swift (on disk)\n+++ /dev/null\n@@ -1 +0,0 @@\n-old\n")

        // A failure after the removal gives the file back.
        let reordered = try WritePlan(
            files: files + [RenderedFile(path: "Third.swift", contents: "3\n")], removing: removing,
            outputDirectory: directory.path, policy: .overwrite)
        #expect(throws: WritingError.self) {
            try reordered.apply(using: FailingFileSystem(failing: .rename, onCall: 2))
        }
        #expect(directory.read("Old.swift") == "old\n")
        #expect(!directory.exists("New.swift"))

        try plan.apply()
        #expect(!directory.exists("Old.swift"))
        #expect(directory.read("New.swift") == "new\n")
        #expect(directory.listing() == ["New.swift"])
    }
}
