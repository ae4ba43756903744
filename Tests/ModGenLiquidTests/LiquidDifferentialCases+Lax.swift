import ModGenLiquid

/// Lax mode where the fuzzer reaches poorly or once found a difference: counters over every kind of value,
/// `tablerow`'s attributes and loop fields, `cycle` groups, `include`/`render` forms, filters given the wrong number
/// or kinds of arguments (the property filters read `item[property]` as Ruby's `[]` does), comparisons between
/// kinds, `blank`/`empty`, whitespace control at odd places, unknown and unclosed tags.
extension LiquidDifferentialCases {
    /// Values of every kind, as data and as the context's `x`.
    private static let kinds: [String: LiquidValue] = [
        "a": [1, 2, 3], "h": ["k": 1, "j": 2], "s": "abc", "n": 3, "f": 2.5, "e": [], "es": "", "ws": " \n\t",
        "t": true, "fa": false, "eh": [:], "neg": -2, "str3": "3", "sf": "2.5", "one": [1], "hb": ["a": ""],
        "z": 0, "fz": 0.0, "big": .bigInt(LiquidBigInt(digits: "123456789012345678901234567890")!),
        "items": [["n": "x", "v": 1], ["n": "y", "v": 2], ["n": .null]], "words": ["abcdef", "xy", ""],
        "nums": [5, -5, 0, 12], "mix": [5, "abc", ["k": 2], .null, 1.5, true], "nothing": .null,
    ]

    /// `increment` and `decrement` add to the value the caller gave (Ruby's `environments.first[name] ||= 0`),
    /// whatever number it is; a string, array, hash or `true` is Ruby's error. `assign` and `capture` write
    /// elsewhere, so a counter does not see them.
    static let counters: [Case] =
        ([2.5, 0.1, -0.5, 1e16, 1e20, "a", "", "3", [1], [], ["a": 1], true, false, 0, .int(.max), .int(.min)]
        as [LiquidValue]).flatMap { value in
            [
                Case("{% increment x %}{% increment x %}{% decrement x %}|{{ x }}", data: ["x": value]),
                Case("{% decrement x %}{% decrement x %}{% increment x %}|{{ x }}", data: ["x": value]),
            ]
        } + [
            .init("{% increment x %}|{{ x }}"),
            .init("{% increment x %}|{{ x }}", data: ["x": .null]),
            .init("{% decrement f-oo %}{% decrement f-%} %}", data: ["f": 2.5]),
            .init("{% increment f-oo %}{% increment f-%} %}", data: ["f": 2.5]),
            .init("{% assign x = 2.5 %}{% increment x %}{% increment x %}|{{ x }}"),
            .init("{% assign x = 'a' %}{% decrement x %}|{{ x }}"),
            .init("{% capture x %}5{% endcapture %}{% increment x %}|{{ x }}"),
            .init("{% for x in (1..2) %}{% increment x %}{% endfor %}|{{ x }}"),
            .init("{% increment x %}{% assign x = 9 %}{% increment x %}|{{ x }}", data: ["x": 1.5]),
            .init("{% increment x.y %}{% increment x.y %}{{ x.y }}|{{ x }}", data: ["x": ["y": 1]]),
            .init("{% increment 'x' %}{% increment 'x' %}", data: ["x": 5]),
            .init("{% increment x y %}{% increment x y %}{% increment x %}", data: ["x": 1.25]),
            .init("{% include 'p' %}{% increment x %}", data: ["x": 1.5], templates: ["p": "{% increment x %}"]),
            .init("{% render 'p' %}{% increment x %}", data: ["x": 1.5], templates: ["p": "{% increment x %}"]),
            .init("{% render 'p', x: 2.5 %}", templates: ["p": "{% increment x %}{{ x }}"]),
            .init("{% include 'p' with 2.5 as x %}", templates: ["p": "{% increment x %}{{ x }}"]),
        ]

    private static let tableRowFields =
        "{{ i }}:{{ tablerowloop.col }}{{ tablerowloop.col0 }}{{ tablerowloop.row }}{{ tablerowloop.col_first }}"
        + "{{ tablerowloop.col_last }}{{ tablerowloop.index }}{{ tablerowloop.index0 }}{{ tablerowloop.rindex }}"
        + "{{ tablerowloop.rindex0 }}{{ tablerowloop.first }}{{ tablerowloop.last }}{{ tablerowloop.length }}"

    /// `tablerow` calls Ruby's `to_i` on `cols`, `limit` and `offset`: numbers, text and nil have one, anything
    /// else is an error (where `for` reads them with `Utils.to_integer`).
    static let tableRow: [Case] =
        [
            "", " cols:3", " cols:2 limit:3", " offset:2", " cols:2 offset:1 limit:2", " limit:0", " cols:n",
            " cols:'2'", " cols:f", " limit:f", " offset:neg", " limit:neg", " cols:neg", " cols:2, limit:2",
            " cols:t", " cols:a", " limit:h", " offset:fa", " cols:(1..2)", " cols:nothing", " cols:'x' limit:'2'",
            " offset:big", " limit:big", " cols:big", " cols:2 cols:3", " offset:continue", " reversed",
        ].flatMap { attributes in
            ["a", "(1..7)", "h", "s", "e", "nothing", "items", "(3..1)"].map { collection in
                Case(
                    "{% tablerow i in \(collection)\(attributes) %}\(tableRowFields){% endtablerow %}",
                    data: kinds)
            }
        }
        + [
            "{% tablerow i in a cols:2 %}{% if tablerowloop.col_last %}{% break %}{% endif %}{{i}}{% endtablerow %}",
            "{% for j in (1..2) %}{% tablerow i in a cols:2 %}{% break %}{{i}}{% endtablerow %}{{j}}{% endfor %}",
            "{% tablerow i in a cols:2 %}{% tablerow j in (1..2) %}{{i}}{{j}}{% endtablerow %}{% endtablerow %}",
            "{% for i in (1..3) %}{% tablerow j in a cols:forloop %}{{j}}{% endtablerow %}{% endfor %}",
            "{% for i in a limit:2 %}{{i}}{% endfor %}{% tablerow i in a offset:continue %}{{ i }}{% endtablerow %}",
            "{%- tablerow i in a cols:2 -%} {{i}} {%- endtablerow -%}",
            "{% tablerow i in a %}x{% else %}y{% endtablerow %}",
            "{% tablerow %}x{% endtablerow %}", "{% tablerow i in %}x{% endtablerow %}",
            "{% tablerow i in a %}{% cycle 'x','y' %}{% increment c %}{% endtablerow %}{{ c }}",
        ].map { Case($0, data: kinds) }

    /// `cycle` groups named by literals, variables of every kind, and nothing; and lists written oddly.
    static let cycleGroups: [Case] =
        [
            "", "'g': ", "g: ", "gn: ", "nil: ", "1: ", "1.0: ", "f: ", "a: ", "h: ", "t: ", "missing: ", "'': ",
            "s.size: ", "a[0]: ", "(1..2): ",
        ].flatMap { group in
            [
                "{% for i in (1..4) %}{% cycle \(group)'x','y','z' %}{% cycle \(group)'x','y','z' %}|{% endfor %}",
                "{% cycle \(group)'x','y' %}{% cycle \(group)1,2,3 %}{% cycle \(group)'x','y' %}{% cycle \(group)a, s %}",
            ].map { Case($0, data: kinds.merging(["g": "grp", "gn": 1]) { $1 }) }
        }
        + [
            "{% cycle g:'a','b' %}{% cycle g:'a','b' %}{% cycle 'grp':'a','b' %}",
            "{% cycle 'a', 'b', %}{% cycle 'a', 'b', %}", "{% cycle , 'a' %}{% cycle , 'a' %}",
            "{% cycle 'a':'b':'c' %}{% cycle 'a':'b':'c' %}", "{% cycle 1:2 %}{% cycle 1:2 %}",
            "{% cycle x | upcase, 'b' %}{% cycle x | upcase, 'b' %}",
            "{% for i in (1..3) %}{% cycle i, 'b' %}{% endfor %}",
            "{% for i in (1..3) %}{% cycle forloop.index: 'a', 'b' %}{% endfor %}",
            "{% assign k = 'x' %}{% cycle k: 1,2 %}{% assign k = 'y' %}{% cycle k: 1,2 %}{% assign k = 'x' %}{% cycle k: 1,2 %}",
            "{% cycle 1: 'a','b' %}{% cycle '1': 'a','b' %}{% cycle 1: 'a','b' %}",
            "{% cycle empty, blank %}{% cycle empty, blank %}",
            "{% cycle nil, 1 %}{% cycle nil, 1 %}{% cycle nil, 1 %}",
            "{% cycle 'x:y', 'z' %}{% cycle 'x:y', 'z' %}", "{% cycle \"g\": 'a', 'b' %}{% cycle 'g': 'a', 'b' %}",
        ].map { Case($0, data: kinds.merging(["g": "grp", "x": "q"]) { $1 }) }

    private static let partials: [String: String] = [
        "p": "[{{p}}|{{x}}|{{a}}|{{forloop.index}}]", "q": "<{{q}}{{y}}>", "self": "{% include 'self' %}",
        "rself": "{% render 'rself' %}", "assign": "{% assign z = 5 %}{{ z }}", "ws": "  {{- p -}}  ",
        "brk": "{% break %}x", "ctn": "{% continue %}y", "dir/sub": "{{ sub }}", "cyc": "{% cycle 'a','b' %}",
        "inrender": "{% include 'p' %}", "blank": "",
    ]

    /// `include` and `render` by name, variable and literal, with `with`, `for`, `as` and arguments, written
    /// every way lax mode reads.
    static let includeAndRender: [Case] =
        ["include", "render"].flatMap { tag in
            ["'p'", "p", "name", "nothing", "'missing'", "names", "'dir/sub'", "'p'x", "'p',"].flatMap { name in
                [
                    "", " with a", " with s as x", " for a", " for a as x", " with h", " for h", " with nothing",
                    " for e", " for 'abc'", " with 5 as x", ", x: a, y: s", " x: 1", " for a, x: 3",
                    " for items as x, y: x.n", " with", " for", " as x", " for (1..3)", " with a x: 1",
                    " for a limit:1", " for n as x",
                ].map { rest in
                    Case(
                        "{% \(tag) \(name)\(rest) %}",
                        data: kinds.merging(["name": "p", "names": ["p", "q"]]) { $1 }, templates: partials)
                }
            }
        }
        + [
            "{% for i in (1..3) %}{% include 'brk' %}{{i}}{% endfor %}",
            "{% for i in (1..3) %}{% render 'ctn' %}{{i}}{% endfor %}", "{% include 'self' %}",
            "{% render 'rself' %}", "{% render 'inrender' %}", "{% render 'assign' %}{{ z }}",
            "{% include 'assign' %}{{ z }}", "{% include 'cyc' %}{% render 'cyc' %}{% cycle 'a','b' %}",
            "{% include 'ws' with 'x' %}|", "{% include 'blank' %}|{% render 'blank' %}",
            "{% include 'p' for a as p %}", "{% include 'p' x: 1 x: 2 %}", "{% render 'p' x: 1, 'y': 2 %}",
            "{% include 'p' with a[0] %}", "{% include 'p' with s | upcase %}", "{% include 'p' 'q' %}",
            "{% include %}", "{% render %}",
        ].map { Case($0, data: kinds, templates: partials) }

    /// Every standard filter given no argument, one too many, and arguments of the wrong kinds, on inputs of
    /// every kind (Ruby's liquid raises for a wrong count, and converts or raises for a wrong kind).
    static let filterArguments: [Case] = {
        let filters = [
            "size", "downcase", "capitalize", "escape", "url_decode", "base64_decode", "slice", "truncate",
            "truncatewords", "split", "strip", "strip_html", "join", "sort", "sort_natural", "where", "uniq",
            "reverse", "map", "compact", "replace", "replace_first", "remove_last", "append", "concat", "prepend",
            "newline_to_br", "first", "abs", "plus", "divided_by", "modulo", "round", "ceil", "at_least", "default",
        ]
        let arguments = ["", ": 1", ": 'a'", ": nothing", ": a", ": h", ": 2.5", ": 1, 2", ": 'a', 'b', 'c'", ": t"]
        let inputs = ["s", "n", "f", "a", "h", "nothing", "items", "(1..3)", "'1.5'", "big"]
        var cases: [Case] = []
        for (index, filter) in filters.enumerated() {
            for (offset, input) in inputs.enumerated() {
                let argument = arguments[(index + offset) % arguments.count]
                cases.append(Case("{{ \(input) | \(filter)\(argument) }}", data: kinds))
            }
        }
        return cases
            + [
                "{{ s | default: 'x', allow_false: true }}", "{{ fa | default: 'x', allow_false: true }}",
                "{{ fa | default: 'x', allow_false: fa }}", "{{ s | truncate: 2, allow_false: true }}",
                "{{ a | join: ',', x: 1 }}", "{{ s | upcase: }}", "{{ s | append: 'x' 'y' }}", "{{ s | : 'x' }}",
            ].map { Case($0, data: kinds) }
    }()

    /// `item[property]` for the property filters, with properties of every kind: a string's or array's
    /// position (a float truncated) or range slice, an integer's bit or bits, a hash's key; `uniq` reads none for
    /// a single item, and `sort_natural` orders nil keys as Ruby's merge sort does.
    static let filterProperties: [Case] = {
        let properties = [
            "0", "1", "-1", "2.5", "-1.5", "1e30", "big", "(0..1)", "(1..2)", "(2..1)", "(-1..2)", "(0..100)",
            "(1..1)", "(-2..-1)", "(6..7)", "(7..8)", "(-9..1)", "'b'", "'n'", "nothing", "t", "a", "h",
            "(-1..9223372036854775807)",
        ]
        var cases: [Case] = []
        for input in ["nums", "words", "items", "one", "mix", "big", "'abc'", "-5"] {
            for (index, filter) in ["map", "where", "uniq", "compact", "sort", "sort_natural"].enumerated() {
                for (offset, property) in properties.enumerated() where (offset + index) % 2 == 0 {
                    cases.append(Case("{{ \(input) | \(filter): \(property) | join: ',' }}", data: kinds))
                }
            }
        }
        return cases
    }()

    /// Comparisons between values of every kind, both ways round, with `blank` and `empty`, `case`/`when`, and
    /// what is truthy.
    static let comparisons: [Case] = {
        let values = [
            "a", "h", "s", "n", "f", "e", "es", "ws", "t", "fa", "eh", "neg", "str3", "sf", "big", "one", "hb", "z",
            "fz", "nothing", "blank", "empty", "1", "1.0", "'3'", "''", "true", "nil", "(1..3)", "2.5", "a.size",
        ]
        let operators = ["==", "!=", "<>", "<", ">", "<=", ">=", "contains", "=<", "==="]
        var cases: [Case] = []
        for (index, left) in values.enumerated() {
            for (offset, right) in values.enumerated() where (index + offset) % 3 == 0 {
                let op = operators[(index * 7 + offset) % operators.count]
                cases.append(Case("{% if \(left) \(op) \(right) %}T{% else %}F{% endif %}", data: kinds))
            }
            cases.append(
                Case(
                    "{% if \(left) == blank %}B{% endif %}{% if \(left) == empty %}E{% endif %}"
                        + "{% if blank == \(left) %}b{% endif %}{% if empty == \(left) %}e{% endif %}"
                        + "{% if \(left) != blank %}n{% endif %}{% if \(left) %}t{% endif %}"
                        + "{% unless \(left) %}u{% endunless %}|{{ \(left) }}",
                    data: kinds))
            cases.append(
                Case(
                    "{% case \(left) %}{% when blank %}B{% when empty %}E{% when 1 %}one{% when 'abc', 3 %}m"
                        + "{% when true or false %}tf{% else %}x{% endcase %}", data: kinds))
        }
        return cases
            + [
                "{{ blank }}|{{ empty }}|{{ blank | size }}|{{ empty.size }}|{{ blank == empty }}",
                "{% if 1 and 0 or false and nil %}y{% else %}n{% endif %}{% if false or true and false %}y{% endif %}",
                "{% if a contains 1 %}a{% endif %}{% if a contains '1' %}b{% endif %}{% if h contains 'k' %}d{% endif %}",
                "{% if n contains 3 %}e{% endif %}{% if nothing contains nothing %}f{% endif %}",
                "{% if 1 == 1.0 %}y{% endif %}{% if big > 1 %}z{% endif %}{% if a == (1..3) %}r{% endif %}",
            ].map { Case($0, data: kinds) }
    }()

    /// Whitespace control beside every kind of tag, raw, comments, line breaks, other Unicode spaces and NUL.
    static let whitespaceControl: [Case] = [
        "{{-'a'-}}", "a {{- -}} b", "a {%- -%} b", "a{%-raw-%} x {%-endraw-%}b", "a {%- raw %} x {% endraw -%} b",
        "{%- comment %} {%- endcomment -%}x", "{%- if t %} a {%- else -%} b {% endif %}",
        "{% if false %}{% else -%}  x  {%- endif %}", "{%- case n -%} {%- when 3 -%} x {%- endcase -%}",
        "{% case n %} junk {% when 3 %}x{% endcase %}", "{%- for i in a -%} {{ i }} {%- else -%} e {%- endfor -%}",
        "{{ s -}}\n\n\n{{ s }}", "a\n{%- assign x = 1 %}\nb", "{{ s | append: ' -}}' }}", "{{ s -}}}", "{{{ s }}}",
        "{{- s }}-}}", "{% if t -%}-%}{% endif %}", "{%-cycle 'a','b'-%} {%-cycle 'a','b'-%}",
        "{%- increment c -%} {%- decrement c -%}", "{{-\ns\n-}}", "{%-\nif t\n-%}y{%-\nendif\n-%}",
        "{%- ifchanged -%} a {%- endifchanged -%}", "x\u{a0}{{- s -}}\u{a0}y", "x\u{3000}{{- s -}}\u{3000}y",
        "x\u{85}{{- s -}}\u{85}y", "x\u{b}{{- s -}}\u{c}y", "\r\n{{ s -}}\r\n", "{{--s--}}",
        "{%--if t--%}Y{%--endif--%}",
        "{{ - s - }}", "{% - if t - %}Y{% - endif - %}", "{%- liquid echo s -%}", "{%- # note -%} x", "{{-}}", "{%-%}",
        "{%- include 'p' -%}|", "{% render 'q' %}|",
    ].map {
        Case(
            $0, data: ["a": [1, 2], "s": "x", "n": 3, "t": true],
            templates: ["p": " {{- s -}} \n", "q": "{%- if t -%}\n q \n{%- endif -%}"])
    }

    /// Tags lax mode does not know, tags it closes wrongly or never, and stray delimiters.
    static let unknownAndUnclosedTags: [Case] = [
        "{% foo %}", "{% foo bar %}x", "{% endfoo %}", "{% FOR i in a %}{% ENDFOR %}", "{% else %}", "{% endif %}",
        "{% when 1 %}", "{% if t %}", "{% if t %}x", "{% for i in a %}x", "{% case n %}{% when 3 %}x",
        "{% capture c %}x", "{% comment %}x", "{% raw %}x", "{% tablerow i in a %}x", "{% ifchanged %}x",
        "{% if t %}x{% endfor %}", "{% if t %}{% for i in a %}{% endif %}{% endfor %}", "{% if t %}x{% endif x %}",
        "{{ s", "{{ s }", "{% if t", "{% if t %", "{%", "{{", "a }} b", "a %} b", "{{ {{ s }} }}", "{{ s %}",
        "{% if t }}x{% endif %}", "{% raw %}{% endraw", "{% raw %}x{% endraw %}y{% endraw %}",
        "{% comment %}{% if %}{% endcomment %}", "{% comment %}{% comment %}{% endcomment %}x{% endcomment %}y",
        "{% include 'p' %}", "{% render 'q' %}", "{% include 'r' %}", "{% include 'u' %}", "{% liquid foo %}",
        "{% liquid if t\necho s %}", "{% if t %}a{% else %}b{% else %}c{% endif %}",
        "{% if t %}a{% else %}b{% elsif t %}c{% endif %}", "{% case n %}{% else %}e{% when 3 %}w{% endcase %}",
        "{% unless t %}a{% elsif t %}b{% endunless %}", "{% for i in a %}{% elsif t %}{% endfor %}",
        "{% capture %}x{% endcapture %}", "{% capture c d %}x{% endcapture %}{{c}}", "{% endraw %}",
        "{% raw x %}y{% endraw %}",
        "{% if false %}{% foo %}{% endif %}", "{% 123 %}", "{% if-x %}", "{% -if t %}y{% endif %}", "{% iff t %}",
        "{%  %}", "{% \n %}", "{%\tif t\t%}y{%\tendif\t%}", "{% elseif t %}",
    ].map {
        Case(
            "a\($0)b", data: ["a": [1, 2], "s": "x", "n": 3, "t": true],
            templates: ["p": "{% if t %}unclosed", "q": "{% foo %}", "r": "{{ s", "u": "{% endif %}"])
    }
    /// What the fuzzer found after the counters: `assign`'s target is the leftmost signature run right before
    /// spaces and `=` (a later `=` when the first has none, none when the run is not followed by `=`); `round`
    /// takes a C `int` of digits; control characters inspected as `\u0000`; a second `else` ends a `for`.
    static let laxFuzzFindings: [Case] =
        [
            "` = 'a\\he=llo'", "foo(  =0. i in foo", "x y = 1", "x = y = 2", "(x = 1", "x) = 1", "(x) = 1", "a(b = 1",
            "a( = 1", "((a = 1", "a)) = 1", "a)(b = 1", "a()b = 1", ") = 1", "x(=1", "= 1 x = 2", "-x- = 2", "[x] = 4",
            "x\t=\n6", "x\u{0}= 8", "a b c = 1 d = 2", "é = 1 x = 2", "(a)(b) = 1", "a(b) (c = 1",
        ].flatMap { markup in
            [
                Case("{% assign \(markup) %}[{{ x }}|{{ he }}|{{ foo }}|{{ b }}|{{ a }}]", data: ["x": 5, "llo": "L"]),
                Case("{% capture \(markup) %}C{% endcapture %}[{{ x }}|{{ a }}|{{ foo }}]", data: ["x": 5]),
            ]
        }
        + ["5", "5.5", "-7", "123456789012345678901234567890", "'5.55'", "nothing"].flatMap { input in
            [
                "2147483647", "2147483648", "-2147483648", "-2147483649", "-2.5", "2.9", "-0.5", "2147483647.5",
                "-2147483648.5", "1e30", "4444444444444", "'-2.5'",
            ].map { Case("{{ \(input) | round: \($0) }}") }
        }
        + [
            Case("{{ h }}|{{ a }}", data: ["h": ["k": "a\u{0}b\u{1}\u{7}\u{1b}\u{1f}\u{7f}"], "a": [["\u{0}"]]]),
            Case("{{ h }}", data: ["h": ["k": "\u{80}\u{85}\u{9f}\u{a0}é"]]),
            Case("{% for i in (1..3) %}a{% else %}b{% else %}c{% endfor %}"),
            Case("{% for i in (1..3) %}a{% else %}b{% else %}c"), Case("{% for i in e %}a{% else %}b{% else %}c"),
            Case("{% if true %}{% for i in (1..2) %}a{% else %}b{% else %}c{% endif %}d"),
            Case("{% for i in (1..2) %}{% for j in (1..2) %}x{% else %}{% else %}{% endfor %}y{% endfor %}"),
        ]
    /// `modulo` with a decimal on either side is `a - b * floor(a / b)` in `BigDecimal`, exact past 2⁵³ and 2⁶³.
    static let decimalModulo: [Case] = {
        let values = [
            "123456789012345678901234567890", "-123456789012345678901234567890", "12345678901234567890",
            "9007199254740993", "-10", "7.5", "-7.5", "0.3", "0.1", "2.5", "1e20", "1.5e-5", "-3", "0.7",
            "1000000000000000000000.5", "'12.5'",
        ]
        return values.flatMap { a in values.map { b in Case("{{ \(a) | modulo: \(b) }}") } }
    }()
}
