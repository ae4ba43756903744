/// "Did you mean …?": the one typo check behind every suggestion modgen makes (unknown options, subcommands,
/// `--set` keys).
public enum Suggestion {
    /// The candidate closest to `typed`, if it is close enough to be a plausible typo (an edit distance under 4,
    /// the threshold swift-argument-parser settled on).
    public static func closest(to typed: String, among candidates: [String]) -> String? {
        let scored = candidates.map { (candidate: $0, distance: editDistance(typed, $0)) }
        guard let best = scored.min(by: { $0.distance < $1.distance }), best.distance < 4 else { return nil }
        return best.candidate
    }

    /// `; did you mean 'viper'?` for the closest candidate, or nothing: how every message about an unknown name
    /// read from a file ends, after the name, so all of them read alike.
    public static func hint(for typed: String, among candidates: [String]) -> String {
        closest(to: typed, among: candidates).map { "; did you mean '\($0)'?" } ?? ""
    }

    /// Levenshtein distance over characters, keeping one row of the table at a time.
    static func editDistance(_ first: String, _ second: String) -> Int {
        let a = Array(first)
        let b = Array(second)
        guard !a.isEmpty, !b.isEmpty else { return max(a.count, b.count) }
        var previous = Array(0...b.count)
        for i in 1...a.count {
            var current = [i]
            for j in 1...b.count {
                let substitution = previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1)
                current.append(min(substitution, previous[j] + 1, current[j - 1] + 1))
            }
            previous = current
        }
        return previous[b.count]
    }
}
