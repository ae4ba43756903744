import Testing

@testable import ModGenCore

@Suite struct SuggestionTests {
    @Test func editDistance() {
        #expect(Suggestion.editDistance("kitten", "sitting") == 3)
        #expect(Suggestion.editDistance("", "abc") == 3)
        #expect(Suggestion.editDistance("abc", "") == 3)
        #expect(Suggestion.editDistance("same", "same") == 0)
        #expect(Suggestion.editDistance("--ouptut", "--output") == 2)
    }

    @Test func theClosestCandidateUnderFourEdits() {
        #expect(Suggestion.closest(to: "builderContxt", among: ["project", "builderContext"]) == "builderContext")
        #expect(Suggestion.closest(to: "--ouptut", among: ["--output", "--quiet"]) == "--output")
        // Three edits away is still a typo; four is another word.
        #expect(Suggestion.closest(to: "abcd", among: ["xyzd"]) == "xyzd")
        #expect(Suggestion.closest(to: "abcd", among: ["wxyz"]) == nil)
        #expect(Suggestion.closest(to: "ticket", among: []) == nil)
    }
}
