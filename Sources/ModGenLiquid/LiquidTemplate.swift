/// A Liquid template, parsed once and rendered any number of times, behaving as Ruby's liquid 5.4 in its default
/// lax mode (the engine Generamba runs): the same output for the same template and values.
///
/// ```swift
/// let template = try LiquidTemplate(source: "Hello {{ name | upcase }}!", name: "greeting.liquid")
/// let text = try template.render(["name": "World"])   // "Hello WORLD!"
/// ```
///
/// Where lax Ruby liquid prints `Liquid error: …` into the output and carries on (a division by zero, a missing
/// include), this engine throws a ``LiquidError`` naming the template, line and column instead. A template is an
/// immutable value, safe to share between threads.
public struct LiquidTemplate: Sendable {
    /// The name errors refer to, usually the file's path.
    public let name: String
    let source: [UInt8]
    let nodes: [LiquidNode]
    /// Whether an `include` or `render` tag is anywhere in the template: only then does a render keep the file
    /// system.
    let readsFileSystem: Bool
    /// Whether a loop's end may be read by an `offset: continue` (here or in an included template): only then does
    /// a render remember where each loop stopped.
    let recordsLoopOffsets: Bool

    /// Parses `source`. Errors (an unclosed block, an unknown tag, an unterminated `{{` or `{%`, blocks nested
    /// more than 100 deep) name `name` with the line and column of the tag at fault.
    public init(source: String, name: String) throws(LiquidError) {
        try self.init(source: source, name: name, maximumNesting: LiquidLimits.default.maximumNesting)
    }

    init(source: String, name: String, maximumNesting: Int) throws(LiquidError) {
        self.name = name
        self.source = Array(source.utf8)
        var parser = LiquidParser(source: self.source, templateName: name, maximumNesting: maximumNesting)
        self.nodes = try parser.parseDocument()
        self.readsFileSystem = nodes.contains { $0.readsFileSystem }
        self.recordsLoopOffsets = readsFileSystem || nodes.contains { $0.continuesLoop }
    }

    /// Renders the template against `context`.
    ///
    /// - Parameters:
    ///   - fileSystem: where `include` and `render` read templates; without one they fail.
    ///   - limits: how much the render may do (see ``LiquidLimits``).
    /// - Throws: ``LiquidError`` for what Ruby liquid reports as an error (a filter given the wrong arguments, a
    ///   division by zero, a comparison of a number with a string, a missing include), an error inside an included
    ///   template (named after it), or a render that crosses a limit.
    public func render(
        _ context: [String: LiquidValue], fileSystem: (any LiquidFileSystem)? = nil, limits: LiquidLimits = .default
    ) throws(LiquidError) -> String {
        var renderer = LiquidRenderer(
            context: context, frame: LiquidRenderer.Frame(name: name, source: source),
            fileSystem: LiquidRenderer.NoFileSystem(), limits: limits)
        // Set only where needed: copying the file system into each render costs more than many small templates' output.
        if readsFileSystem, let fileSystem { renderer.fileSystem = fileSystem }
        renderer.recordsLoopOffsets = recordsLoopOffsets
        try renderer.render(nodes)
        return renderer.output
    }
}
