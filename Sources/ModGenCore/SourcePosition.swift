/// A 1-based line and column in a text file. Columns count Unicode scalars (for the ASCII that templates and
/// manifests are mostly written in, the characters an editor shows).
public struct SourcePosition: Equatable, Hashable, Sendable, CustomStringConvertible {
    public var line: Int
    public var column: Int

    public init(line: Int, column: Int) {
        self.line = line
        self.column = column
    }

    public var description: String { "\(line):\(column)" }
}
