/// What expanding macros may cost in one run, as the Mustache engine's `MustacheRenderOptions` limits its renders:
/// options' `Default`s and a team's macros may refer to one another, so a small plist can ask for text that
/// doubles at every level, or for a chain deeper than the stack. Every expansion of one resolution or one render
/// shares a budget; crossing a limit is an error naming the file that asked for the work.
final class XcodeExpansionBudget {
    /// The most bytes the macros of one run may put in, counted each time a value is inserted: 64 MiB, as the
    /// engine's `defaultMaximumOutputBytes`.
    static let defaultMaximumOutputBytes = 64 << 20
    /// How deep `Default`s and team macros may refer to one another: real ones go two or three levels deep, and
    /// each level is a few calls of recursion, so this keeps the stack small on any thread.
    static let maximumNesting = 64

    let maximumOutputBytes: Int
    private var outputBytes = 0
    /// `Default`s and team macros being expanded, one inside the other.
    private(set) var nesting = 0

    init(maximumOutputBytes: Int = defaultMaximumOutputBytes) {
        self.maximumOutputBytes = maximumOutputBytes
    }

    /// Counts `count` inserted bytes; `file` names what asked for them when that is one too many.
    func spend(_ count: Int, file: @autoclosure () -> String) throws(XcodeTemplateError) {
        outputBytes += count
        if outputBytes > maximumOutputBytes {
            throw .expansionTooLarge(file: file(), limit: maximumOutputBytes)
        }
    }

    /// Runs `body` one level deeper; `tooDeep` is the error when that is deeper than `maximumNesting`.
    func nested<Result>(
        or tooDeep: @autoclosure () -> XcodeTemplateError, _ body: () throws -> Result
    ) throws -> Result {
        guard nesting < Self.maximumNesting else { throw tooDeep() }
        nesting += 1
        defer { nesting -= 1 }
        return try body()
    }

    /// `a → b → … → z`: a chain of names short enough for one line.
    static func chain(_ names: [String]) -> String {
        guard names.count > 6 else { return names.joined(separator: " → ") }
        return (names.prefix(3) + ["…"] + names.suffix(3)).joined(separator: " → ")
    }
}
