import ModGenCore

/// Where a piece of text is in a test's input, to check the positions errors name.
public enum TextPositions {
    /// 1-based line and column of the first occurrence of `marker`, moved `plus` characters right.
    public static func position(of marker: String, in text: String, plus: Int) -> SourcePosition? {
        guard let range = text.range(of: marker) else { return nil }
        let before = text[..<range.lowerBound]
        let line = before.filter { $0 == "\n" }.count + 1
        let column =
            before.count
            - (before.lastIndex(of: "\n").map { before.distance(from: before.startIndex, to: $0) + 1 } ?? 0)
        return SourcePosition(line: line, column: column + 1 + plus)
    }
}
