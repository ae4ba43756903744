/// A template that cannot be parsed or rendered, or a partial that cannot be read: which template, where, and why,
/// in plain words.
///
/// `message` reads `Presenter.swift.mustache:12:5: unclosed section 'rx'`. Errors raised while rendering a partial
/// or parent name that partial's template, not the one that included it.
public struct MustacheError: Error, Equatable, CustomStringConvertible {
    /// What kind of failure this is, so a caller can tell a bad template from input it could not read.
    public enum Kind: Equatable, Sendable {
        /// The template (or a partial) is malformed, or rendering it failed.
        case invalidTemplate
        /// A partial's source exists but cannot be read.
        case unreadablePartial
    }

    /// The template's name as given to ``MustacheTemplate/init(_:name:)`` (a partial's name for errors inside it).
    public var templateName: String
    /// 1-based line and column of the tag at fault; `nil` when the error is about a whole file (unreadable partial).
    public var position: MustachePosition?
    /// What is wrong, in plain words, e.g. `unclosed section 'rx'`.
    public var reason: String
    public var kind: Kind

    public init(
        templateName: String, position: MustachePosition?, reason: String, kind: Kind = .invalidTemplate
    ) {
        self.templateName = templateName
        self.position = position
        self.reason = reason
        self.kind = kind
    }

    /// One line, naming the template, line and column.
    public var message: String {
        guard let position else { return "\(templateName): \(reason)" }
        return "\(templateName):\(position): \(reason)"
    }

    public var description: String { message }
}
