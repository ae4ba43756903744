/// How ``MustacheTemplate/render(_:partials:options:)`` treats escaping and missing names.
///
/// The defaults (HTML escaping, nothing strict) are the Mustache spec's behaviour; code generation uses
/// `MustacheRenderOptions(escaping: .none, strictPartials: true, strictVariables: true)`.
public struct MustacheRenderOptions: Sendable, Equatable {
    public enum Escaping: Sendable, Equatable {
        /// `{{name}}` replaces `&`, `<`, `>`, `"` and `'` with HTML entities.
        case html
        /// `{{name}}` inserts values unchanged, as `{{{name}}}` always does.
        case none
    }

    public var escaping: Escaping
    /// A partial or parent that the provider does not have is an error instead of rendering as nothing.
    public var strictPartials: Bool
    /// Interpolating a name that resolves to nothing (or a dynamic partial name that resolves to nothing) is an
    /// error instead of an empty string. Sections and inverted sections on a missing name stay false, as the spec
    /// says, so `{{#optional}}` still works.
    public var strictVariables: Bool

    public init(escaping: Escaping = .html, strictPartials: Bool = false, strictVariables: Bool = false) {
        self.escaping = escaping
        self.strictPartials = strictPartials
        self.strictVariables = strictVariables
    }
}
