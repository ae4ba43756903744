/// One render: the output, the variable scopes, the counters and registers Ruby liquid keeps in its context, and
/// the work done so far against the limits.
struct LiquidRenderer {
    /// What a name in scope holds: a value, or one of the loop objects, whose fields are read when looked up.
    enum Slot {
        case value(LiquidValue)
        case forloop(Int)
        case tablerowloop(TableRowState)
    }

    struct ForloopState {
        var name: String
        var length: Int
        var index = 0
        var parent: Int?
    }

    /// Stands for no file system, which the renderer asks for nothing (an include fails before).
    struct NoFileSystem: LiquidFileSystem {
        func readTemplate(named name: String) throws(LiquidError) -> String {
            throw LiquidError(templateName: name, line: 0, column: 0, message: "No such template '\(name)'")
        }
    }

    struct TableRowState {
        var length: Int
        var columns: Int
        var index = 0
        var row = 1
        var column = 1
    }

    enum Interrupt { case breakLoop, continueLoop }

    struct Registers {
        var forOffsets = LiquidLoopOffsets()
        var cycles: [String: Int] = [:]
        var lastIfChanged: String?
        /// The included templates, read and parsed once per render.
        var parsedIncludes: [String: LiquidTemplate] = [:]
    }

    /// The template whose nodes are being rendered: errors name it and place the offset in its source.
    struct Frame {
        var name: String
        var source: [UInt8]
        /// Inside `render`, `include` is refused, as Ruby liquid does.
        var includeAllowed = true
    }

    var output = ""
    let limits: LiquidLimits
    /// Where includes are read; `NoFileSystem` when none is given (an optional existential costs the runtime's
    /// generic copying and destroying in every render, most of which never include).
    var fileSystem: any LiquidFileSystem = NoFileSystem()
    var steps = 0
    var frame: Frame
    /// The outermost scope, where `assign` and `capture` write.
    var globals = LiquidScope()
    /// The names of the inner scopes (a loop's variable and `forloop`, an include's arguments), innermost last, in
    /// one list: a scope is the stretch from where it began to the end, so entering and leaving one allocates
    /// nothing once the list has grown, where a list of scopes allocated each scope's names.
    var locals: [(name: String, slot: Slot)] = []
    /// The scopes open, the outermost included, counted against the nesting limit.
    var scopeDepth = 1
    /// The caller's values, where `increment` and `decrement` also keep their counters.
    var environment: [String: LiquidValue]
    var forloops: [ForloopState] = []
    /// What the rarer tags remember during a render; `nil` until one of them writes: most renders never do, and
    /// tearing down empty collections for each render cost more than rendering a line of plain text.
    var registers: Registers?
    /// `break` and `continue` waiting to be taken by a loop. A stack, as in Ruby liquid: a `tablerow` does not
    /// take them, so each of its items can add one, and each enclosing `for` takes only one.
    var interrupts: [Interrupt] = []
    /// Where the `for` loops begin in `forloops`: a nested `for`'s `forloop.parentloop` is the last of them, and a
    /// partial's `render … for` loop (which no `for` inside sees as its parent) comes before them.
    var forLoopsStart = 0
    var includeDepth = 0
    /// Whether `for` loops note where they stopped, for a later `offset: continue`.
    var recordsLoopOffsets = true

    init(
        context: [String: LiquidValue], frame: Frame, fileSystem: any LiquidFileSystem, limits: LiquidLimits
    ) {
        self.environment = context
        self.frame = frame
        self.fileSystem = fileSystem
        self.limits = limits
    }

    func error(_ message: String, at offset: Int) -> LiquidError {
        let (line, column) = liquidLineAndColumn(frame.source, offset: offset)
        return LiquidError(templateName: frame.name, line: line, column: column, message: message)
    }

    // Inlined: it runs for every tag and filter, and calling it cost more than its check (measured; inlining
    // `checkOutput` too made renders slower).
    @inline(__always)
    mutating func step(at offset: Int, count: Int = 1) throws(LiquidError) {
        steps += count
        if steps > limits.maximumSteps {
            throw error("rendering took more than \(limits.maximumSteps) steps (the limit)", at: offset)
        }
    }

    func checkOutput(_ text: String, at offset: Int) throws(LiquidError) {
        if text.utf8.count > min(limits.maximumOutputBytes, LiquidValue.maximumTextBytes) {
            throw error("the output is larger than \(limits.maximumOutputBytes) bytes (the limit)", at: offset)
        }
    }

    // MARK: Bodies

    mutating func render(_ nodes: [LiquidNode]) throws(LiquidError) {
        try step(at: 0, count: 0)
        for node in nodes {
            if case .text(let text) = node {
                output += text
                continue
            }
            try render(node)
            if !interrupts.isEmpty { return }
        }
    }

    private mutating func render(_ node: LiquidNode) throws(LiquidError) {
        switch node {
        case .text(let text), .raw(let text):
            output += text
        case .comment:
            break
        case .output(let variable, let offset):
            try step(at: offset)
            appendOutput(of: try evaluate(variable, at: offset))
            try checkOutput(output, at: offset)
        case .outputVariable(let name, let offset):
            try step(at: offset)
            appendOutput(of: value(named: name))
            try checkOutput(output, at: offset)
        case .assign(let name, let variable, let offset):
            try step(at: offset)
            let value = try evaluate(variable, at: offset)
            globals[name] = .value(value)
        case .capture(let name, let body, let offset):
            try step(at: offset)
            let saved = output
            output = ""
            defer { output = saved }
            try render(body)
            try checkOutput(output, at: offset)
            globals[name] = .value(.string(output))
        case .conditional(let branches, let negatesFirst, let offset):
            try step(at: offset)
            for (position, branch) in branches.enumerated() {
                var taken = true
                if let condition = branch.condition {
                    taken = try evaluate(condition, at: offset).isTruthy
                    if position == 0 && negatesFirst { taken = !taken }
                }
                if taken {
                    try render(branch.body)
                    break
                }
            }
        case .caseWhen(let branches, let offset):
            try step(at: offset)
            var anyTaken = false
            for branch in branches {
                guard let condition = branch.condition else {
                    if !anyTaken { try render(branch.body) }
                    continue
                }
                if try evaluate(condition, at: offset).isTruthy {
                    anyTaken = true
                    try render(branch.body)
                }
            }
        case .forLoop(let loop, let offset):
            try step(at: offset)
            try renderFor(loop, at: offset)
        case .tableRow(let row, let offset):
            try step(at: offset)
            try renderTableRow(row, at: offset)
        case .cycle(let group, let values, let key, let offset):
            try step(at: offset)
            try renderCycle(group: group, values: values, key: key, at: offset)
        case .counter(let name, let delta, let offset):
            try step(at: offset)
            var value = environment[name] ?? .null
            if !value.isTruthy { value = .int(0) }
            switch value {
            case .int(let current):
                let (next, overflow) = current.addingReportingOverflow(delta)
                environment[name] = overflow ? .integer(LiquidBigInt(current) + LiquidBigInt(delta)) : .int(next)
                output += delta > 0 ? String(current) : environment[name]?.rubyString ?? ""
            case .bigInt(let current):
                let next = LiquidValue.integer(current + LiquidBigInt(delta))
                environment[name] = next
                output += delta > 0 ? current.description : next.rubyString
            case .float(let current):
                // Ruby adds 1 to whatever number the caller gave: a float stays a float.
                let next = current + Double(delta)
                environment[name] = .float(next)
                output += rubyFloatString(delta > 0 ? current : next)
            default:
                // Ruby's `value + 1` raises for a string, an array, a hash or `true`.
                throw error(
                    "cannot \(delta > 0 ? "increment" : "decrement") '\(name)': its value (\(value.rubyTypeName)) is not a number",
                    at: offset)
            }
        case .breakLoop:
            interrupts.append(.breakLoop)
        case .continueLoop:
            interrupts.append(.continueLoop)
        case .ifChanged(let body):
            let saved = output
            output = ""
            try render(body)
            let rendered = output
            output = saved
            if rendered != registers?.lastIfChanged {
                if registers == nil { registers = Registers() }
                registers!.lastIfChanged = rendered
                output += rendered
            }
        case .include(let include, let offset):
            try step(at: offset)
            try renderInclude(include, at: offset)
        case .render(let include, let offset):
            try step(at: offset)
            try renderPartial(include, at: offset)
        }
    }

    /// Appends what `{{ value }}` prints.
    private mutating func appendOutput(of value: LiquidValue) {
        switch value {
        // The commonest values printed without making their text first.
        case .string(let text): output += text
        case .null: break
        default: output += value.outputString
        }
    }

    // MARK: Scopes

    func slot(named name: String) -> Slot? {
        var index = locals.count - 1
        while index >= 0 {
            if locals[index].name == name { return locals[index].slot }
            index -= 1
        }
        // Most renders assign nothing: the caller's values are all there is.
        if !globals.isEmpty, let slot = globals[name] { return slot }
        return environmentValue(name).map { .value($0) }
    }

    /// The value of `name` in scope, nil if none; a loop object as the hash of its fields.
    func value(named name: String) -> LiquidValue {
        var index = locals.count - 1
        while index >= 0 {
            if locals[index].name == name { return value(of: locals[index].slot) }
            index -= 1
        }
        if !globals.isEmpty, let slot = globals[name] { return value(of: slot) }
        return environmentValue(name) ?? .null
    }

    /// The caller's value of `name`. A context of a few names (most are) is searched in order: comparing a few
    /// names costs less than hashing one. The names are compared as the dictionary compares them.
    private func environmentValue(_ name: String) -> LiquidValue? {
        if environment.count <= 4 {
            for (key, value) in environment where key == name { return value }
            return nil
        }
        return environment[name]
    }

    private func value(of slot: Slot) -> LiquidValue {
        switch slot {
        case .value(let value): return value
        case .forloop(let index): return materialize(.forloop(index))
        case .tablerowloop(let state): return materialize(.tablerowloop(state))
        }
    }

    /// Opens a scope; returns where it begins in `locals`, for `setLocal` and `popScope`.
    mutating func pushScope() throws(LiquidError) -> Int {
        guard scopeDepth < limits.maximumNesting else { throw error("Nesting too deep", at: 0) }
        scopeDepth += 1
        // Room for a loop's two names (and an include's few) at once rather than growing twice.
        if locals.capacity == 0 { locals.reserveCapacity(4) }
        return locals.count
    }

    mutating func popScope(to start: Int) {
        // One at a time: `removeSubrange` destroys the names through the runtime's generic tuple code.
        while locals.count > start { locals.removeLast() }
        scopeDepth -= 1
    }

    /// Sets `name` in the innermost scope, which began at `start` in `locals`; returns where it is in `locals`,
    /// which stays its place while the scope is open (inner scopes begin after it).
    @discardableResult
    mutating func setLocal(_ name: String, _ slot: Slot, scopeStart start: Int) -> Int {
        var index = locals.count - 1
        while index >= start {
            if locals[index].name == name {
                locals[index].slot = slot
                return index
            }
            index -= 1
        }
        locals.append((name, slot))
        return locals.count - 1
    }
}

extension LiquidValue {
    /// Ruby's class name, for messages.
    var rubyTypeName: String {
        switch self {
        case .null: return "nil"
        case .bool(let value): return value ? "true" : "false"
        case .int, .bigInt: return "Integer"
        case .float: return "Float"
        case .string: return "String"
        case .array: return "Array"
        case .hash: return "Hash"
        case .range: return "Range"
        }
    }
}
