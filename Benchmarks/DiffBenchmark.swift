import ModGenKit

/// The unified diff `--check` prints, on long files: entirely different (the worst case of an O(ND) diff) and with
/// scattered edits (the usual case). The test of the same inputs checks only the result; the time is measured here.
func benchmarkDiff() {
    let old = (0..<5000).map { "line \($0)\n" }.joined()
    let different = (5000..<10000).map { "line \($0)\n" }.joined()
    var editedLines = (0..<5000).map { "line \($0)\n" }
    for index in stride(from: 10, to: 5000, by: 50) { editedLines[index] = "edited \(index)\n" }
    let edited = editedLines.joined()

    measure("diff of two different 5,000-line files", iterations: 2, bytesMeaning: "input") {
        let diff = UnifiedDiff.make(old: old, new: different, oldLabel: "a", newLabel: "b")
        blackHole(diff)
        return old.utf8.count + different.utf8.count
    }
    measure("diff of a 5,000-line file with 100 edits", iterations: 20, bytesMeaning: "input") {
        let diff = UnifiedDiff.make(old: old, new: edited, oldLabel: "a", newLabel: "b")
        blackHole(diff)
        return old.utf8.count + edited.utf8.count
    }
    // `modgen update`'s merge: 100 edits on the developer's side, 100 others on the template's.
    var theirsLines = (0..<5000).map { "line \($0)\n" }
    for index in stride(from: 35, to: 5000, by: 50) { theirsLines[index] = "template \(index)\n" }
    let theirs = theirsLines.joined()
    measure("three-way merge of a 5,000-line file with 100 edits on each side", iterations: 20, bytesMeaning: "input") {
        let result = ThreeWayMerge.merge(
            base: Array(old.utf8), yours: Array(edited.utf8), theirs: Array(theirs.utf8), yoursLabel: "yours",
            theirsLabel: "template")
        blackHole(result)
        return old.utf8.count + edited.utf8.count + theirs.utf8.count
    }
}
