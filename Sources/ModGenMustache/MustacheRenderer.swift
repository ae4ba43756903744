/// Renders a node tree against a context stack into one output buffer.
///
/// Partials, parents, blocks and lambdas are in `MustacheRenderer+Expansion.swift`; this file holds the core:
/// text, interpolation, sections and name resolution.
struct MustacheRenderer {
    let options: MustacheRenderOptions
    let partials: any MustachePartialProvider
    var contextStack: [MustacheValue]
    var output = MustacheOutput()
    /// How many sections, partials, parents, blocks and lambda results are being rendered inside one another.
    private var nesting = 0
    /// Nodes and nested contents rendered so far, against `options.maximumRenderSteps`.
    private var steps = 0
    /// Output held outside `output` while a lambda's text renders into a buffer of its own.
    var outputBytesElsewhere = 0

    /// Rendering recurses once per nesting level; past this many levels it stops with an error rather than
    /// overflowing the stack (reachable only with partials that nest sections deeply and recurse many times).
    static let maximumNesting = 400

    /// What a run of nodes is rendered with, besides the context: set by partials, parents and blocks.
    struct Scope {
        /// The template the nodes come from, for error messages.
        var templateName: String
        /// Written at the start of each line (an indented partial, parent or block).
        var indentation: [UInt8] = []
        /// Removed from the start of each line first (a block's own indentation where it was written).
        var dedent: [UInt8] = []
        /// Block overrides in effect, by name: the outermost caller's win.
        var blocks: [String: BlockDefinition] = [:]
        /// Partials, parents and lambda templates expanded so far, to stop endless recursion.
        var depth = 0
    }

    /// A block override, the template it was written in, and the overrides in effect there (what its content sees).
    struct BlockDefinition {
        let block: MustacheBlock
        let templateName: String
        let blocks: [String: BlockDefinition]
    }

    init(options: MustacheRenderOptions, partials: any MustachePartialProvider, context: MustacheValue) {
        self.options = options
        self.partials = partials
        self.contextStack = [context]
    }

    mutating func render(_ nodes: [MustacheNode], in scope: Scope) throws(MustacheError) {
        for node in nodes {
            let position: MustachePosition
            switch node {
            case .text(let text):
                position = text.position
                write(text, in: scope)
            case .variable(let variable):
                position = variable.position
                try interpolate(variable, in: scope)
            case .section(let section):
                position = section.position
                try render(section, in: scope)
            case .partial(let partial):
                position = partial.position
                try render(partial, in: scope)
            case .parent(let parent):
                position = parent.position
                try render(parent, in: scope)
            case .block(let block):
                position = block.position
                try render(block, in: scope)
            }
            try checkLimits(at: position, in: scope)
        }
    }

    /// Stops a render whose work or output has grown past the options' limits (partials that include each other
    /// twice at every level, sections over huge lists inside one another), naming the place the limit was crossed.
    /// It runs for every node rendered, so the message of the rare error is built out of line (`limitError`).
    @inline(__always)
    private mutating func checkLimits(at position: MustachePosition, in scope: Scope) throws(MustacheError) {
        steps += 1
        if steps > options.maximumRenderSteps || output.bytes.count + outputBytesElsewhere > options.maximumOutputBytes
        {
            throw limitError(at: position, in: scope)
        }
    }

    @inline(never)
    private func limitError(at position: MustachePosition, in scope: Scope) -> MustacheError {
        if steps > options.maximumRenderSteps {
            return error(
                "rendering took more than \(options.maximumRenderSteps) steps (maximumRenderSteps); do partials or "
                    + "sections repeat without bound?", at: position, in: scope)
        }
        return error(
            "output larger than \(options.maximumOutputBytes) bytes (maximumOutputBytes); do partials or "
                + "sections repeat without bound?", at: position, in: scope)
    }

    /// Renders the content of a section, partial, parent, block or lambda: one level deeper. `position` is the
    /// tag's, in `caller`'s template (the template the content comes from may be another one).
    mutating func renderNested(
        _ nodes: [MustacheNode], in scope: Scope, tagAt position: MustachePosition, of caller: Scope
    ) throws(MustacheError) {
        guard nesting < Self.maximumNesting else {
            throw error(
                "sections, partials and blocks nested more than \(Self.maximumNesting) levels deep", at: position,
                in: caller)
        }
        // Counted here too, so that a section over a long list with nothing inside still counts once per item.
        try checkLimits(at: position, in: caller)
        nesting += 1
        try render(nodes, in: scope)
        nesting -= 1
    }

    func error(_ reason: String, at position: MustachePosition, in scope: Scope) -> MustacheError {
        MustacheError(templateName: scope.templateName, position: position, reason: reason)
    }

    /// The spec's name resolution: the first part of a dotted name is looked up from the top of the context stack
    /// down; the other parts only in the value found before them. `nil` when any part is missing.
    func lookUp(_ name: MustacheName) -> MustacheValue? {
        guard let first = name.components.first else { return contextStack.last }
        var found: MustacheValue?
        for index in contextStack.indices.reversed() {
            found = contextStack[index].member(first)
            if found != nil { break }
        }
        for component in name.components.dropFirst() {
            found = found?.member(component)
        }
        return found
    }

    private mutating func write(_ text: MustacheText, in scope: Scope) {
        if text.lineStarts.isEmpty || (scope.indentation.isEmpty && scope.dedent.isEmpty) {
            return output.write(text.bytes)
        }
        var cursor = 0
        for lineStart in text.lineStarts {
            output.write(text.bytes[cursor..<lineStart])
            cursor = lineStart
            for byte in scope.dedent {
                guard cursor < text.bytes.count, text.bytes[cursor] == byte else { break }
                cursor += 1
            }
            if !scope.indentation.isEmpty { output.indentLine(by: scope.indentation) }
        }
        output.write(text.bytes[cursor...])
    }

    private mutating func interpolate(_ variable: MustacheVariable, in scope: Scope) throws(MustacheError) {
        let name = variable.name
        let position = variable.position
        let escapingHTML = variable.escaped && options.escaping == .html
        guard let value = lookUp(name) else {
            if options.strictVariables { throw error("no value named '\(name.text)'", at: position, in: scope) }
            return
        }
        if case .lambda(let lambda) = value {
            let text = try renderLambdaResult(lambda.body(nil), name: name.text, position: position, in: scope)
            return output.write(text, escapingHTML: escapingHTML)
        }
        guard let text = value.interpolationText else {
            if options.strictVariables {
                throw error("'\(name.text)' is a list or an object, not text to insert", at: position, in: scope)
            }
            return
        }
        output.write(text, escapingHTML: escapingHTML)
    }

    private mutating func render(_ section: MustacheSection, in scope: Scope) throws(MustacheError) {
        let value = lookUp(section.name)
        if section.inverted {
            if !(value?.isTruthy ?? false) {
                try renderNested(section.children, in: scope, tagAt: section.position, of: scope)
            }
            return
        }
        guard let value, value.isTruthy else { return }
        switch value {
        case .array(let elements):
            for element in elements {
                contextStack.append(element)
                try renderNested(section.children, in: scope, tagAt: section.position, of: scope)
                contextStack.removeLast()
            }
        case .lambda(let lambda):
            try renderLambdaSection(lambda.body(section.rawText), section: section, in: scope)
        default:
            contextStack.append(value)
            try renderNested(section.children, in: scope, tagAt: section.position, of: scope)
            contextStack.removeLast()
        }
    }
}
