/// A 1-based line and column in a template. Columns count Unicode scalars. The engine keeps its own position type
/// because it depends on nothing else of modgen.
public struct MustachePosition: Equatable, Hashable, Sendable, CustomStringConvertible {
    public var line: Int
    public var column: Int

    public init(line: Int, column: Int) {
        self.line = line
        self.column = column
    }

    public var description: String { "\(line):\(column)" }
}
