/// A parsed template: text, outputs and tags, each tag with its byte offset for error positions.
indirect enum LiquidNode: Sendable {
    case text(String)
    /// The body of `raw`: printed as written, but a tag, so a following `{%-` does not strip it.
    case raw(String)
    /// `comment` and `#`: print nothing, but are tags, so a following `{%-` does not strip the text before them.
    case comment
    case output(LiquidVariable, at: Int)
    case assign(name: String, LiquidVariable, at: Int)
    case capture(name: String, body: [LiquidNode], at: Int)
    /// `if`/`elsif`/`else`, and `unless` (whose first condition is negated).
    case conditional(branches: [LiquidBranch], negatesFirst: Bool, at: Int)
    case caseWhen(branches: [LiquidBranch], at: Int)
    case forLoop(LiquidForLoop, at: Int)
    case tableRow(LiquidTableRow, at: Int)
    /// `key` is where its position is kept when the tag alone decides it (see ``cycleKey(group:values:)``).
    case cycle(group: LiquidExpression?, values: [LiquidExpression], key: String?, at: Int)
    /// `increment` (+1, prints the value before) and `decrement` (-1, prints the value after).
    case counter(name: String, step: Int, at: Int)
    case breakLoop, continueLoop
    /// `ifchanged`: prints its body only when that differs from what the last `ifchanged` printed.
    case ifChanged(body: [LiquidNode])
    case include(LiquidInclude, at: Int)
    case render(LiquidInclude, at: Int)
}

extension LiquidNode {
    /// Whether `predicate` holds for this node or any node nested in it.
    func contains(where predicate: (LiquidNode) -> Bool) -> Bool {
        if predicate(self) { return true }
        func any(_ body: [LiquidNode]) -> Bool { body.contains { $0.contains(where: predicate) } }
        switch self {
        case .capture(_, let body, _), .ifChanged(let body): return any(body)
        case .conditional(let branches, _, _), .caseWhen(let branches, _): return branches.contains { any($0.body) }
        case .forLoop(let loop, _): return any(loop.body) || any(loop.elseBody ?? [])
        case .tableRow(let row, _): return any(row.body)
        case .text, .raw, .comment, .output, .assign, .cycle, .counter, .breakLoop, .continueLoop, .include, .render:
            return false
        }
    }

    /// An `include` or `render` here or in a nested body.
    var readsFileSystem: Bool {
        contains {
            switch $0 {
            case .include, .render: return true
            default: return false
            }
        }
    }

    /// A `for … offset: continue` here or in a nested body.
    var continuesLoop: Bool {
        contains {
            guard case .forLoop(let loop, _) = $0, case .continuing = loop.offset else { return false }
            return true
        }
    }
}

extension LiquidNode {
    /// Ruby keys a cycle's position by the group's value, or for an unnamed cycle by the text of its values' list
    /// (`["a", "b"]`, a string), which for a variable holds the lookup object's identity and so is unique to the
    /// tag. Keys are compared as Ruby's hash compares them: here by their `inspect`, so a group named by the string
    /// `["a", "b"]` meets the unnamed `'a', 'b'` as it does in Ruby, and `1` is not `1.0`. This is the key where it
    /// is known when parsing (a literal group, or literal values without one), made once rather than per render.
    static func cycleKey(group: LiquidExpression?, values: [LiquidExpression]) -> String? {
        if let group {
            guard case .literal(let value) = group else { return nil }
            return value.rubyInspect
        }
        var list: [String] = []
        for value in values {
            guard case .literal(let literal) = value else { return nil }
            list.append(literal.rubyInspect)
        }
        return LiquidValue.string("[" + list.joined(separator: ", ") + "]").rubyInspect
    }
}

/// One branch of `if`/`unless`/`case`: `condition` is nil for `else`.
struct LiquidBranch: Sendable {
    var condition: LiquidCondition?
    var body: [LiquidNode]
}

/// `left operator right`, chained with `and`/`or`: Ruby liquid evaluates the chain from the left, each link
/// deciding alone whether to stop (`or` on true, `and` on false), which groups `a or b and c` as `a or (b and c)`.
struct LiquidCondition: Sendable {
    enum Relation: Sendable { case and, or }

    /// An operator as written, resolved when parsed; one Ruby liquid does not know fails only when evaluated.
    enum Operator: Sendable, Equatable {
        case equal, notEqual, less, greater, lessOrEqual, greaterOrEqual, contains
        case unknown(String)

        init(_ markup: String) {
            switch markup {
            case "==": self = .equal
            case "!=", "<>": self = .notEqual
            case "<": self = .less
            case ">": self = .greater
            case "<=": self = .lessOrEqual
            case ">=": self = .greaterOrEqual
            case "contains": self = .contains
            default: self = .unknown(markup)
            }
        }
    }

    struct Comparison: Sendable {
        var left: LiquidExpression
        var comparison: Operator?
        var right: LiquidExpression?
    }

    /// The comparisons in source order; `relations[i]` joins `comparisons[i]` to `comparisons[i + 1]`.
    var comparisons: [Comparison]
    var relations: [Relation] = []
}

struct LiquidForLoop: Sendable {
    enum Offset: Sendable {
        case none
        case expression(LiquidExpression)
        /// `offset: continue`: where the previous loop over the same variable and collection stopped.
        case continuing
    }

    var variable: String
    var collection: LiquidExpression
    /// `variable-collection markup`: the key `offset: continue` remembers positions under.
    var name: String
    var reversed: Bool
    var limit: LiquidExpression?
    var offset: Offset
    var body: [LiquidNode]
    var elseBody: [LiquidNode]?
}

struct LiquidTableRow: Sendable {
    var variable: String
    var collection: LiquidExpression
    var attributes: [(String, LiquidExpression)]
    var body: [LiquidNode]
}

/// `include` and `render`: the template's name, the value passed `with`/`for`, its alias and `key: value` pairs.
struct LiquidInclude: Sendable {
    var templateName: LiquidExpression
    var variable: LiquidExpression?
    var isFor: Bool
    var alias: String?
    var attributes: [(String, LiquidExpression)]
    /// The variable the passed value is set to, where the name is a quoted string: the alias, or what follows the
    /// name's last `/`. Worked out when parsing: finding the `/` among a name's characters costs more than most
    /// renders.
    var variableName: String?
}
