import ModGenCore
import ModGenGeneration
import Testing

/// The per-file rules of an update, one case each: base is the old render, theirs the new one, yours the disk.
@Suite struct ModuleFileMergeTests {
    private func outcome(base: String?, yours: String?, theirs: String?) throws -> FileUpdate {
        let path = "Home/HomeView.swift"
        let updates = try ModuleFileMerge.plan(
            base: base.map { [RenderedFile(path: path, contents: $0)] } ?? [],
            theirs: theirs.map { [RenderedFile(path: path, contents: $0)] } ?? [],
            readYours: { _ in yours.map { Array($0.utf8) } }, yoursLabel: { "\($0.path) (yours)" },
            theirsLabel: "screen (template)")
        return try #require(updates.first)
    }

    @Test(
        arguments: [
            ("a\nb\n", "a\nb\n", "a\nb\n", FileUpdateOutcome.unchanged, nil),
            ("a\nb\n", "a\nb\n", "a\nB\n", .replaced, "a\nB\n"),
            ("a\nb\n", "A\nb\n", "a\nb\n", .kept, nil),
            ("a\nb\nc\nd\n", "A\nb\nc\nd\n", "a\nb\nc\nD\n", .merged, "A\nb\nc\nD\n"),
            (
                "a\nb\n", "a\nmine\n", "a\ntheirs\n", .conflict,
                "a\n<<<<<<< Home/HomeView.swift (yours)\nmine\n=======\ntheirs\n>>>>>>> screen (template)\n"
            ),
        ] as [(String, String, String, FileUpdateOutcome, String?)])
    func aFileOnBothSides(base: String, yours: String, theirs: String, expected: FileUpdateOutcome, written: String?)
        throws
    {
        let update = try outcome(base: base, yours: yours, theirs: theirs)
        #expect(update.outcome == expected)
        #expect(update.bytes.map { String(decoding: $0, as: UTF8.self) } == written)
        #expect(update.hasConflictMarkers == (expected == .conflict))
    }

    @Test func filesAddedRemovedOrDeleted() throws {
        #expect(try outcome(base: nil, yours: nil, theirs: "new\n").outcome == .created)
        #expect(try outcome(base: "old\n", yours: "old\n", theirs: nil).outcome == .removed)
        #expect(try outcome(base: "old\n", yours: "edited\n", theirs: nil).outcome == .keptEdited)
        #expect(try outcome(base: "old\n", yours: nil, theirs: "changed\n").outcome == .keptDeleted)
        // On disk already, without a base: merged from an empty base, as git merges two additions.
        #expect(try outcome(base: nil, yours: "mine\n", theirs: "theirs\n").outcome == .conflict)
    }

    @Test func leftoverConflictMarkersAreFound() {
        #expect(ConflictMarkers.contains(Array("a\n<<<<<<< x\nb\n=======\nc\n>>>>>>> y\n".utf8)))
        #expect(!ConflictMarkers.contains(Array("a\n<<<<<<< x\nb\n".utf8)))
        #expect(!ConflictMarkers.contains(Array("// ======= a rule\n".utf8)))
    }
}
