/// How ``MustacheTemplate/render(_:partials:options:)`` treats escaping and missing names, and how much it may do.
///
/// The defaults (HTML escaping, nothing strict) are the Mustache spec's behaviour; code generation uses
/// `MustacheRenderOptions(escaping: .none, strictPartials: true, strictVariables: true)`.
///
/// ## Limits
///
/// A template is code that may loop: partials that each include the next one twice double the work at every
/// level, and sections over long lists multiply it. Every render stops with a one-line ``MustacheError`` naming
/// the template and the tag (or text) where a limit was crossed:
///
/// - `maximumOutputBytes`, default 64 MiB (67,108,864 bytes): the rendered text. A generated file is a few
///   hundred kB at most.
/// - `maximumRenderSteps`, default 4,194,304 (2^22): tags, runs of text and section items rendered (each list
///   item and each partial, parent, block or lambda expansion counts). A typical generated file takes a few
///   thousand, a file of several MB well under a million.
///
/// Fixed limits, not options, keep the recursion bounded: tags nested more than 100 levels deep in one template
/// are refused when it is parsed; partials, parents and lambda results expanded more than 64 levels deep, and
/// more than 400 levels of nesting in all, stop the render; delimiters set with `{{=<% %>=}}` may be at most 32
/// bytes long.
public struct MustacheRenderOptions: Sendable, Equatable {
    public enum Escaping: Sendable, Equatable {
        /// `{{name}}` replaces `&`, `<`, `>`, `"` and `'` with HTML entities.
        case html
        /// `{{name}}` inserts values unchanged, as `{{{name}}}` always does.
        case none
    }

    /// The default of `maximumOutputBytes`: 64 MiB.
    public static let defaultMaximumOutputBytes = 64 << 20
    /// The default of `maximumRenderSteps`: 2^22, enough for tens of MB of ordinary template output.
    public static let defaultMaximumRenderSteps = 1 << 22

    public var escaping: Escaping
    /// A partial or parent that the provider does not have is an error instead of rendering as nothing.
    public var strictPartials: Bool
    /// Interpolating a name that resolves to nothing (or a dynamic partial name that resolves to nothing) is an
    /// error instead of an empty string. Sections and inverted sections on a missing name stay false, as the spec
    /// says, so `{{#optional}}` still works.
    public var strictVariables: Bool
    /// Rendering stops with an error once the output is larger than this many bytes.
    public var maximumOutputBytes: Int
    /// Rendering stops with an error after this many steps: nodes rendered plus contents expanded (section items,
    /// partials, parents, blocks, lambda results).
    public var maximumRenderSteps: Int

    public init(
        escaping: Escaping = .html, strictPartials: Bool = false, strictVariables: Bool = false,
        maximumOutputBytes: Int = defaultMaximumOutputBytes, maximumRenderSteps: Int = defaultMaximumRenderSteps
    ) {
        self.escaping = escaping
        self.strictPartials = strictPartials
        self.strictVariables = strictVariables
        self.maximumOutputBytes = maximumOutputBytes
        self.maximumRenderSteps = maximumRenderSteps
    }
}
