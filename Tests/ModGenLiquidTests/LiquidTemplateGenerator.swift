import ModGenLiquid

/// Random templates made of every construct the engine knows, for comparing it with Ruby liquid. A seeded
/// generator: the same seed gives the same templates, so a difference found once is found again.
struct LiquidTemplateGenerator {
    private var state: UInt64

    init(seed: UInt64) { state = seed }

    /// SplitMix64.
    private mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    private mutating func below(_ count: Int) -> Int { Int(next() % UInt64(count)) }

    private mutating func pick<T>(_ choices: [T]) -> T { choices[below(choices.count)] }

    /// The values every generated template renders with. No two words differ only in case: Ruby's `sort` is not
    /// stable, so the order `sort_natural` gives such a pair is Ruby's quicksort's, which the engine does not copy.
    static let data: [String: LiquidValue] = [
        "user": ["name": "Ada", "age": 36, "active": true, "tags": ["a", "b"]],
        "items": [
            ["name": "b", "active": true, "n": 2], ["name": "A", "active": false, "n": 1], ["name": "c", "n": .null],
        ],
        "nums": [3, 1, 2, 1], "floats": [1.5, 0.1, -2.25], "words": ["beta", "Alpha", "gamma", "delta"],
        "nested": [[1, 2], [3, [4]], []], "s": "Hello, World", "es": "", "ws": "  a  b \n c ", "n": 5, "f": 2.5,
        "neg": -7, "zero": 0, "t": true, "no": false, "nothing": .null, "html": "<p>a & b</p><!-- x -->",
        "csv": "a,b,,c,", "day": "2024-03-05 14:07:09", "ts": 1_700_000_000, "num_text": "3.75", "int_text": "12",
        "hash": ["a": 1, "b": ["c": "d"]], "empty_list": [], "empty_hash": [:],
    ]

    static let variables = [
        "user", "user.name", "user.age", "user.tags", "user.tags.first", "user.tags.size", "user['name']",
        "user[\"age\"]", "items", "items[0]", "items[0].name", "items[-1].name", "items.size", "items.first.name",
        "items.last", "nums", "nums[1]", "nums.last", "floats", "words", "nested", "s", "s.size", "s.first", "es",
        "ws", "n", "n.size", "f", "neg", "zero", "t", "no", "nothing", "missing", "missing.x", "html", "csv", "day",
        "ts", "num_text", "int_text", "hash", "hash.a", "hash.b.c", "hash.size", "hash.first", "empty_list",
        "empty_hash", "x", "y", "forloop.index", "forloop.first", "forloop.length", "forloop.parentloop.index",
        "tablerowloop.col", "counter",
    ]

    static let literals = [
        "'text'", "\"Text\"", "''", "1", "-2", "0", "3.5", "-0.5", "10", "true", "false", "nil", "null", "empty",
        "blank", "(1..3)", "(n..7)", "(0..zero)", "'a,b'", "' '", "'%Y-%m-%d'", "'5'", "'2.5'",
    ]

    static let filters = [
        "upcase", "downcase", "capitalize", "size", "first", "last", "join", "join: ', '", "join: '-'", "split: ','",
        "split: ' '", "split: ''", "append: '!'", "append: n", "prepend: 'x'", "plus: 2", "plus: 0.1", "minus: 1.5",
        "times: 3", "times: 0.5", "divided_by: 2", "divided_by: 2.0", "divided_by: 0", "divided_by: -3", "modulo: 3",
        "modulo: -2", "modulo: 1.5", "round", "round: 1", "round: 2", "ceil", "floor", "abs", "at_least: 2",
        "at_most: 1", "default: 'd'", "default: n", "default: 'd', allow_false: true", "replace: 'a', 'b'",
        "replace_first: 'l', 'L'", "remove: 'l'", "remove_first: 'o'", "slice: 1", "slice: -2, 2", "slice: 0, 3",
        "truncate: 5", "truncate: 8, '~'", "truncatewords: 1", "truncatewords: 2, ''", "strip", "lstrip", "rstrip",
        "escape", "escape_once", "url_encode", "url_decode", "sort", "sort: 'name'", "sort_natural",
        "sort_natural: 'name'", "map: 'name'", "where: 'active'", "where: 'name', 'b'", "uniq", "reverse", "compact",
        "compact: 'n'", "concat: nums", "date: '%Y-%m-%d %H:%M'", "date: '%a %b %e %-d %j %I %p'", "strip_html",
        "strip_newlines", "newline_to_br", "nosuch", "nosuch: 1", "base64_encode", "h", "upcase: 1",
    ]

    static let comparisons = ["==", "!=", "<>", "<", ">", "<=", ">=", "contains"]

    mutating func expression() -> String {
        below(3) == 0 ? pick(Self.literals) : pick(Self.variables)
    }

    mutating func output() -> String {
        var text = expression()
        for _ in 0..<below(4) { text += " | " + pick(Self.filters) }
        return text
    }

    mutating func condition() -> String {
        var text = comparison()
        for _ in 0..<below(3) { text += pick([" and ", " or "]) + comparison() }
        return text
    }

    private mutating func comparison() -> String {
        below(3) == 0 ? expression() : expression() + " " + pick(Self.comparisons) + " " + expression()
    }

    private mutating func open(_ tag: String) -> String {
        pick(["{% ", "{%- ", "{%"]) + tag + pick([" %}", " -%}", "%}"])
    }

    private mutating func text() -> String {
        pick(["", "a", " ", "\n", "  x  ", "\n  ", "-", "{", "}", "%", "é", "\t"])
    }

    mutating func template(depth: Int = 0) -> String {
        var result = ""
        for _ in 0..<(1 + below(depth == 0 ? 5 : 3)) { result += statement(depth: depth) }
        return result
    }

    private mutating func statement(depth: Int) -> String {
        let nested = depth < 3
        switch below(nested ? 17 : 7) {
        case 0, 1: return text()
        case 2, 3: return pick(["{{ ", "{{- ", "{{"]) + output() + pick([" }}", " -}}", "}}"])
        case 4: return open("assign " + pick(["x", "y", "counter"]) + " = " + output())
        case 5: return open(pick(["increment", "decrement"]) + " " + pick(["counter", "n", "z"]))
        case 6: return open("cycle " + pick(["", "'g': "]) + pick(["'a', 'b', 'c'", "1, 2", "x, 'y'"]))
        case 7, 8:
            let tag = pick(["if", "unless"])
            var text = open(tag + " " + condition()) + template(depth: depth + 1)
            if below(2) == 0 { text += open("elsif " + condition()) + template(depth: depth + 1) }
            if below(2) == 0 { text += open("else") + template(depth: depth + 1) }
            return text + open("end" + tag)
        case 9, 10:
            let collection = pick([
                "items", "nums", "words", "(1..4)", "(n..3)", "hash", "s", "es", "nothing", "nested", "empty_list",
            ])
            var attributes = ""
            if below(3) == 0 { attributes += " limit: " + pick(["2", "0", "n", "'1'"]) }
            if below(3) == 0 { attributes += " offset: " + pick(["1", "continue", "zero"]) }
            if below(4) == 0 { attributes = " reversed" + attributes }
            var body = template(depth: depth + 1)
            if below(3) == 0 { body += open(pick(["break", "continue"])) + template(depth: depth + 1) }
            var text = open("for " + pick(["item", "x"]) + " in " + collection + attributes) + body
            if below(3) == 0 { text += open("else") + template(depth: depth + 1) }
            return text + open("endfor")
        case 11:
            var text = open("case " + expression())
            for _ in 0..<(1 + below(3)) {
                text += open("when " + expression() + pick(["", ", " + expression(), " or " + expression()]))
                text += template(depth: depth + 1)
            }
            if below(2) == 0 { text += open("else") + template(depth: depth + 1) }
            return text + open("endcase")
        case 12: return open("capture " + pick(["x", "y"])) + template(depth: depth + 1) + open("endcapture")
        case 13: return open("raw") + pick(["{{ x }}", "{% if %}", "a"]) + "{% endraw %}"
        case 14: return open("comment") + template(depth: depth + 1) + open("endcomment")
        case 15:
            let columns = pick(["", " cols: 2", " cols: n", " limit: 2"])
            return open("tablerow item in " + pick(["nums", "items", "(1..5)"]) + columns) + template(depth: depth + 1)
                + open("endtablerow")
        default: return "{{ " + output() + " }}"
        }
    }
}
