/// Swift code placed in a context where a template expects data (the spec's optional "lambdas").
///
/// - In an interpolation, `{{name}}`, the closure is called with `nil`; the text it returns is parsed as a template
///   with the default delimiters, rendered against the current context, and inserted (escaped for `{{name}}`).
/// - In a section, `{{#name}}…{{/name}}`, the closure is called with the section's raw, unrendered text; what it
///   returns is parsed with the delimiters in effect at the section and rendered in place of the section.
/// - An inverted section treats a lambda as true and renders nothing.
///
/// The closure is called every time the tag is rendered (results are never cached), so it may keep state.
public struct MustacheLambda: Sendable {
    /// Receives the section's raw text, or `nil` when called from an interpolation; returns template text.
    public let body: @Sendable (_ sectionText: String?) -> String

    public init(_ body: @escaping @Sendable (_ sectionText: String?) -> String) {
        self.body = body
    }
}
