extension LiquidRenderer {
    /// The items a `for` or `tablerow` walks: an array's items, a hash's `[key, value]` pairs, a range's integers;
    /// a non-empty string is one item; anything else none.
    func items(of collection: LiquidValue, from: Int, to: Int?, at offset: Int) throws(LiquidError) -> [LiquidValue] {
        switch collection {
        case .string(let text):
            return text.isEmpty ? [] : [collection]
        case .array(let values):
            let start = max(0, from)
            let end = min(values.count, to ?? values.count)
            // The whole array is the array itself, not a copy.
            if start == 0 && end == values.count { return values }
            return start < end ? Array(values[start..<end]) : []
        case .hash(let hash):
            // A loop object is a drop to Ruby, which `for` cannot walk.
            if hash.drop != nil { return [] }
            let pairs = hash.entries
            let start = max(0, from)
            let end = min(pairs.count, to ?? pairs.count)
            return start < end ? pairs[start..<end].map { .array([.string($0.key), $0.value]) } : []
        case .range(let low, let high):
            guard high >= low else { return [] }
            // Ruby walks any range; each item is a step here, so a range longer than a render may take is refused
            // before its items are made (`(1..9999999999)` would need 240 GB).
            let count = LiquidFilters.rangeCount(low, high) ?? .max
            let start = max(0, from)
            let end = min(count, to ?? count)
            guard start < end else { return [] }
            guard end - start <= limits.maximumSteps else {
                throw error(
                    "a loop over \(end - start) items takes more than \(limits.maximumSteps) steps (the limit)",
                    at: offset)
            }
            return (start..<end).map { .int(low + $0) }
        default:
            return []
        }
    }

    mutating func renderFor(_ loop: LiquidForLoop, at offset: Int) throws(LiquidError) {
        let from: Int
        switch loop.offset {
        case .continuing: from = registers?.forOffsets[loop.name] ?? 0
        case .none: from = 0
        case .expression(let expression):
            let value = try evaluate(expression, at: offset)
            from = value == .null ? 0 : try toInteger(value, at: offset)
        }
        let collection = try evaluate(loop.collection, at: offset)
        var to: Int?
        if let limit = loop.limit {
            let value = try evaluate(limit, at: offset)
            if value != .null { to = try toInteger(value, at: offset).addingSaturated(from) }
        }
        var segment = try items(of: collection, from: from, to: to, at: offset)
        if loop.reversed { segment.reverse() }
        if recordsLoopOffsets {
            if registers == nil { registers = Registers() }
            registers!.forOffsets[loop.name] = from + segment.count
        }
        guard !segment.isEmpty else {
            if let elseBody = loop.elseBody { try render(elseBody) }
            return
        }
        let scope = try pushScope()
        defer { popScope(to: scope) }
        let parent = forloops.count > forLoopsStart ? forloops.count - 1 : nil
        forloops.append(ForloopState(name: loop.name, length: segment.count, parent: parent))
        let loopIndex = forloops.count - 1
        defer { forloops.removeLast() }
        setLocal("forloop", .forloop(loopIndex), scopeStart: scope)
        var itemPosition: Int?
        for item in segment {
            try step(at: offset)
            if let itemPosition {
                locals[itemPosition].slot = .value(item)
            } else {
                itemPosition = setLocal(loop.variable, .value(item), scopeStart: scope)
            }
            try render(loop.body)
            forloops[loopIndex].index += 1
            if let interrupt = interrupts.popLast(), interrupt == .breakLoop { break }
        }
    }

    mutating func renderTableRow(_ row: LiquidTableRow, at offset: Int) throws(LiquidError) {
        let collection = try evaluate(row.collection, at: offset)
        guard collection.isTruthy else { return }
        var attributes: [String: LiquidValue] = [:]
        for (key, expression) in row.attributes where attributes[key] == nil || true {
            attributes[key] = try evaluate(expression, at: offset)
        }
        let from = try tableRowInteger(attributes["offset"], at: offset) ?? 0
        let to = try tableRowInteger(attributes["limit"], at: offset).map { from.addingSaturated($0) }
        let segment = try items(of: collection, from: from, to: to, at: offset)
        let columns = try tableRowInteger(attributes["cols"], at: offset) ?? 0
        output += "<tr class=\"row1\">\n"
        let scope = try pushScope()
        defer { popScope(to: scope) }
        var state = TableRowState(length: segment.count, columns: columns)
        for item in segment {
            try step(at: offset)
            setLocal("tablerowloop", .tablerowloop(state), scopeStart: scope)
            setLocal(row.variable, .value(item), scopeStart: scope)
            output += "<td class=\"col\(state.column)\">"
            try render(row.body)
            output += "</td>"
            if state.column == state.columns && state.index != state.length - 1 {
                output += "</tr>\n<tr class=\"row\(state.row + 1)\">"
            }
            state.index += 1
            if state.column == state.columns {
                state.column = 1
                state.row += 1
            } else {
                state.column += 1
            }
        }
        output += "</tr>\n"
        try checkOutput(output, at: offset)
    }

    /// Ruby's `to_i`, which `tablerow` calls on its `offset`, `limit` and `cols`: numbers, text and nil have one;
    /// anything else raises. An integer past 64 bits is past any collection: ±2⁶² is the same there.
    private func tableRowInteger(_ value: LiquidValue?, at offset: Int) throws(LiquidError) -> Int? {
        guard let value else { return nil }
        switch value {
        case .null, .int, .float, .string: return value.rubyToI
        case .bigInt(let number): return number.isNegative ? -(1 << 62) : 1 << 62
        case .bool, .array, .hash, .range:
            throw error("tablerow: \(value.rubyTypeName) has no integer value (to_i)", at: offset)
        }
    }

    mutating func renderCycle(
        group: LiquidExpression?, values: [LiquidExpression], key knownKey: String?, at offset: Int
    )
        throws(LiquidError)
    {
        // The key as `LiquidNode.cycleKey` makes it, where the tag alone does not decide it: the group's value, or
        // for an unnamed list with a variable in it a key of this tag alone.
        let key: String
        if let knownKey {
            key = knownKey
        } else if let group {
            key = (try evaluate(group, at: offset)).rubyInspect
        } else {
            key = "#tag:\(frame.name):\(offset)"
        }
        let iteration = registers?.cycles[key] ?? 0
        let value = iteration < values.count ? try evaluate(values[iteration], at: offset) : .null
        output += value.outputString
        if registers == nil { registers = Registers() }
        registers!.cycles[key] = iteration + 1 >= values.count ? 0 : iteration + 1
    }

    /// The parsed template `name` from the file system, parsed once per render.
    private mutating func includedTemplate(_ name: String, at offset: Int) throws(LiquidError) -> LiquidTemplate {
        if let template = registers?.parsedIncludes[name] { return template }
        guard !(fileSystem is NoFileSystem) else {
            throw error("This liquid context does not allow includes.", at: offset)
        }
        let template: LiquidTemplate
        do {
            template = try fileSystem.parsedTemplate(named: name, maximumNesting: limits.maximumNesting)
        } catch {
            // An error with a position is inside the file; one without is about the file as a whole, and is
            // placed at the tag that asked for it.
            if error.line > 0 { throw error }
            throw self.error(error.message, at: offset)
        }
        if registers == nil { registers = Registers() }
        registers!.parsedIncludes[name] = template
        return template
    }

    private mutating func enterInclude(at offset: Int) throws(LiquidError) {
        guard includeDepth < limits.maximumIncludeDepth else {
            throw error(
                "include and render nested more than \(limits.maximumIncludeDepth) deep (the limit)", at: offset)
        }
        includeDepth += 1
    }

    mutating func renderInclude(_ include: LiquidInclude, at offset: Int) throws(LiquidError) {
        guard frame.includeAllowed else { throw error("include usage is not allowed in this context", at: offset) }
        let nameValue = try evaluate(include.templateName, at: offset)
        guard nameValue.isTruthy else {
            throw error("Argument error in tag 'include' - Illegal template name", at: offset)
        }
        let name = nameValue.rubyString
        let template = try includedTemplate(name, at: offset)
        let variableName = include.variableName ?? include.alias ?? Self.lastComponent(of: name)
        let variable: LiquidValue
        if let expression = include.variable {
            variable = try evaluate(expression, at: offset)
        } else {
            variable = materialize(cursorNamed(name))
        }
        try enterInclude(at: offset)
        defer { includeDepth -= 1 }
        let savedFrame = frame
        let scope = try pushScope()
        defer {
            popScope(to: scope)
            frame = savedFrame
        }
        for (key, expression) in include.attributes {
            setLocal(key, .value(try evaluate(expression, at: offset)), scopeStart: scope)
        }
        frame = Frame(name: template.name, source: template.source, includeAllowed: savedFrame.includeAllowed)
        if case .array(let items) = variable {
            for item in items {
                setLocal(variableName, .value(item), scopeStart: scope)
                try render(template.nodes)
            }
        } else {
            setLocal(variableName, .value(variable), scopeStart: scope)
            try render(template.nodes)
        }
    }

    /// What follows the name's last `/` (all of it without one): the variable an `include` or `render` without
    /// `as` sets.
    static func lastComponent(of name: String) -> String {
        guard let slash = name.lastIndex(of: "/") else { return name }
        return String(name[name.index(after: slash)...])
    }

    private func cursorNamed(_ name: String) -> Cursor {
        switch slot(named: name) {
        case .value(let value): return .value(value)
        case .forloop(let index): return .forloop(index)
        case .tablerowloop(let state): return .tablerowloop(state)
        case nil: return .value(.null)
        }
    }

    /// `render`: the partial sees only what is passed to it (and `forloop` with `for`), never the caller's
    /// variables; its `assign`s, counters and `break`s stay inside.
    mutating func renderPartial(_ include: LiquidInclude, at offset: Int) throws(LiquidError) {
        guard case .literal(.string(let name)) = include.templateName else {
            throw error("Syntax error in tag 'render' - Template name must be a quoted string", at: offset)
        }
        let template = try includedTemplate(name, at: offset)
        let variableName = include.variableName ?? include.alias ?? Self.lastComponent(of: name)
        var attributes: [(String, LiquidValue)] = []
        for (key, expression) in include.attributes { attributes.append((key, try evaluate(expression, at: offset))) }
        let variable = try include.variable.map { expression throws(LiquidError) in try evaluate(expression, at: offset)
        }
        try enterInclude(at: offset)
        defer { includeDepth -= 1 }

        var inner = LiquidRenderer(
            context: [:], frame: Frame(name: template.name, source: template.source, includeAllowed: false),
            fileSystem: fileSystem, limits: limits)
        inner.steps = steps
        inner.includeDepth = includeDepth
        let parsedIncludes = registers?.parsedIncludes ?? [:]
        guard scopeDepth < limits.maximumNesting else { throw error("Nesting too deep", at: offset) }

        func renderOnce(_ item: LiquidValue?, forloop: ForloopState?) throws(LiquidError) {
            inner.globals = [:]
            inner.locals.removeAll(keepingCapacity: true)
            inner.forloops = []
            inner.forLoopsStart = 0
            // Each render is a new context over the caller's static registers only: counters, `cycle`
            // positions, `offset: continue` positions and `ifchanged` start afresh, and none of them leak out.
            inner.environment = [:]
            inner.registers = Registers(parsedIncludes: inner.registers?.parsedIncludes ?? parsedIncludes)
            if let forloop {
                inner.forloops = [forloop]
                inner.forLoopsStart = 1
                inner.globals["forloop"] = .forloop(0)
            }
            for (key, value) in attributes { inner.globals[key] = .value(value) }
            if let item, item != .null { inner.globals[variableName] = .value(item) }
            inner.output = ""
            inner.interrupts = []
            try inner.render(template.nodes)
            output += inner.output
            try checkOutput(output, at: offset)
        }

        if include.isFor, let variable, let collection = try forCollection(variable, at: offset) {
            var forloop = ForloopState(name: name, length: collection.count, parent: nil)
            for item in collection {
                try renderOnce(item, forloop: forloop)
                forloop.index += 1
            }
        } else {
            try renderOnce(variable, forloop: nil)
        }
        steps = inner.steps
        if let innerIncludes = inner.registers?.parsedIncludes {
            if registers == nil { registers = Registers() }
            registers!.parsedIncludes = innerIncludes
        }
    }

    /// What `render … for` iterates: arrays, hashes (as pairs) and ranges; anything else is rendered once.
    private func forCollection(_ value: LiquidValue, at offset: Int) throws(LiquidError) -> [LiquidValue]? {
        switch value {
        case .hash(let hash) where hash.drop != nil: return nil
        case .array, .hash, .range: return try items(of: value, from: 0, to: nil, at: offset)
        default: return nil
        }
    }
}

extension String {
    /// The byte range of `needle`'s first occurrence, compared as UTF-8 bytes (as Ruby compares strings).
    func utf8Range(of needle: String, from start: Int = 0) -> Range<Int>? {
        let haystack = Array(utf8)
        let pattern = Array(needle.utf8)
        if pattern.isEmpty { return start <= haystack.count ? start..<start : nil }
        guard haystack.count >= pattern.count else { return nil }
        var index = start
        while index <= haystack.count - pattern.count {
            if haystack[index] == pattern[0], haystack[index..<(index + pattern.count)].elementsEqual(pattern) {
                return index..<(index + pattern.count)
            }
            index += 1
        }
        return nil
    }
}

extension Int {
    /// `offset` plus `limit`, where Ruby's integers would go past 64 bits: a slice's end that far is the end.
    fileprivate func addingSaturated(_ other: Int) -> Int {
        let (sum, overflow) = addingReportingOverflow(other)
        return overflow ? (other > 0 ? .max : .min) : sum
    }
}
