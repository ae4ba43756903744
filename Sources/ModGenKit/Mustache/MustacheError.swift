/// A template that cannot be parsed or rendered: which template, where, and why, in plain words.
///
/// `message` reads `Presenter.swift.mustache:12:5: unclosed section 'rx'`. Errors raised while rendering a partial
/// or parent name that partial's template, not the one that included it.
public struct MustacheError: ModGenError, Equatable {
    /// The template's name as given to ``MustacheTemplate/init(_:name:)`` (a partial's name for errors inside it).
    public var templateName: String
    /// 1-based line and column of the tag at fault; `nil` when the error is about a whole file (unreadable partial).
    public var position: SourcePosition?
    /// What is wrong, in plain words, e.g. `unclosed section 'rx'`.
    public var reason: String
    /// `.dataError` for a bad template, `.noInput` for a partial file that cannot be read.
    public var exitCode: ExitCode

    public init(templateName: String, position: SourcePosition?, reason: String, exitCode: ExitCode = .dataError) {
        self.templateName = templateName
        self.position = position
        self.reason = reason
        self.exitCode = exitCode
    }

    public var message: String {
        guard let position else { return "\(templateName): \(reason)" }
        return "\(templateName):\(position): \(reason)"
    }
}
