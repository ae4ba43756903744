import Foundation
import ModGenCore
import TestSupport
import Testing

@testable import ModGenWriting

@Suite struct LineDiffTests {
    /// Length of a longest common subsequence by the textbook quadratic table: the reference for minimality.
    private func longestCommonLength(_ old: [Int], _ new: [Int]) -> Int {
        var previous = [Int](repeating: 0, count: new.count + 1)
        for a in old {
            var current = [Int](repeating: 0, count: new.count + 1)
            for (j, b) in new.enumerated() {
                current[j + 1] = a == b ? previous[j] + 1 : max(previous[j + 1], current[j])
            }
            previous = current
        }
        return previous[new.count]
    }

    /// The script is valid when the kept old lines equal the kept new lines, in order.
    private func kept(_ lines: [Int], dropping flags: [Bool]) -> [Int] {
        zip(lines, flags).filter { !$0.1 }.map(\.0)
    }

    @Test func randomSequencesGetAValidShortestScript() {
        var generator = SplitMixGenerator(seed: 42)
        for round in 0..<3000 {
            // Few distinct values make many equal lines, the case where a diff can go wrong.
            let alphabet = 1 + round % 4
            let old = (0..<Int.random(in: 0...14, using: &generator)).map { _ in
                Int.random(in: 0..<alphabet, using: &generator)
            }
            let new = (0..<Int.random(in: 0...14, using: &generator)).map { _ in
                Int.random(in: 0..<alphabet, using: &generator)
            }
            let script = LineDiff(old: old, new: new)
            #expect(kept(old, dropping: script.deleted) == kept(new, dropping: script.inserted), "\(old) \(new)")
            let edits = script.deleted.filter { $0 }.count + script.inserted.filter { $0 }.count
            #expect(edits == old.count + new.count - 2 * longestCommonLength(old, new), "\(old) \(new)")
        }
    }

    @Test func identicalAndEmptySequences() {
        let same = LineDiff(old: [1, 2, 3], new: [1, 2, 3])
        #expect(same.deleted == [false, false, false] && same.inserted == [false, false, false])
        let fromEmpty = LineDiff(old: [], new: [1, 2])
        #expect(fromEmpty.deleted.isEmpty && fromEmpty.inserted == [true, true])
        let toEmpty = LineDiff(old: [1, 2], new: [])
        #expect(toEmpty.deleted == [true, true] && toEmpty.inserted.isEmpty)
    }

    /// Long inputs, worst case and usual case. How fast they are is the benchmark's business (`Benchmarks/`),
    /// not a test's: a timed assertion fails on a busy machine and proves nothing on a quiet one.
    @Test func thousandsOfLines() {
        // Entirely different files are the worst case for an O(ND) diff: D is the sum of the lengths.
        let worst = LineDiff(old: Array(0..<4000), new: Array(4000..<8000))
        #expect(worst.deleted.allSatisfy { $0 } && worst.inserted.allSatisfy { $0 })
        // Scattered edits in a long file, the usual case.
        var edited = Array(0..<5000)
        for index in stride(from: 10, to: 5000, by: 50) { edited[index] = -index }
        let usual = LineDiff(old: Array(0..<5000), new: edited)
        #expect(usual.deleted.filter { $0 }.count == 100 && usual.inserted.filter { $0 }.count == 100)
    }
}
