import ModGenLiquid

/// Fixed templates on the points where the engine once differed from Ruby's liquid 5.4 (or easily could): named
/// and unnamed `cycle` groups and their state across `include` and `render`, `render`'s isolated registers and its
/// `for`/`with`/`as` forms, counters, the loop objects printed whole, `assign` markup lax mode accepts, NUL bytes
/// beside whitespace control, lax markup in tags and filters, and the date strings `Time.parse` reads the same on any day. Each is run through
/// Ruby's liquid by `LiquidDifferentialTests`; none carries an expected output of its own.
enum LiquidDifferentialCases {
    struct Case: CustomStringConvertible {
        var template: String
        var data: [String: LiquidValue] = [:]
        var templates: [String: String] = [:]

        init(_ template: String, data: [String: LiquidValue] = [:], templates: [String: String] = [:]) {
            self.template = template
            self.data = data
            self.templates = templates
        }

        var description: String { template.debugDescription }
    }

    static let groups: [String: [Case]] = [
        "cycle": cycle,
        "renderAndInclude": renderAndInclude,
        "loopObjects": loopObjects,
        "assign": assign,
        "laxMarkup": laxMarkup,
        "whitespaceControlAndNUL": whitespaceControlAndNUL,
        "splitAndNUL": splitAndNUL,
        "shortcuts": shortcuts,
        "date": date,
        "dateText": dateText,
        "bigIntegers": bigIntegers,
        "counters": counters,
        "tableRow": tableRow,
        "cycleGroups": cycleGroups,
        "includeAndRender": includeAndRender,
        "filterArguments": filterArguments,
        "filterProperties": filterProperties,
        "comparisons": comparisons,
        "whitespaceControl": whitespaceControl,
        "unknownAndUnclosedTags": unknownAndUnclosedTags,
        "laxFuzzFindings": laxFuzzFindings,
        "decimalModulo": decimalModulo,
    ]

    static let cycle: [Case] = [
        .init("{%cycle 'one', 'two'%} {%cycle 'one', 'two'%} {%cycle 'one', 'two'%}"),
        .init("{%cycle 1,2%} {%cycle 1,2%} {%cycle 1,2%} {%cycle 1,2,3%}"),
        .init(
            "{%cycle 1: 'one', 'two' %} {%cycle 2: 'one', 'two' %} {%cycle 1: 'one', 'two' %} {%cycle 2: 'one', 'two' %} {%cycle 1: 'one', 'two' %} {%cycle 2: 'one', 'two' %}"
        ),
        .init(
            "{%cycle var1: 'one', 'two' %} {%cycle var2: 'one', 'two' %} {%cycle var1: 'one', 'two' %} {%cycle var2: 'one', 'two' %}",
            data: ["var1": 1, "var2": 2]),
        .init(
            "{%cycle var1: 'one', 'two' %} {%cycle var2: 'one', 'two' %} {%cycle var1: 'one', 'two' %}",
            data: ["var1": 1, "var2": 1]),
        .init(
            "{%cycle var1: 'one', 'two' %} {%cycle var2: 'one', 'two' %} {%cycle var1: 'one', 'two' %}",
            data: ["var1": 1, "var2": 1.0]),
        .init("{%cycle var1: 'one', 'two' %}{%cycle 'one', 'two' %}{%cycle var1: 'one', 'two' %}"),
        .init("{%cycle nil: 'one', 'two' %}{%cycle x: 'one', 'two' %}{%cycle var1: 'one', 'two' %}"),
        .init(
            "{%cycle 'g': 'a', 'b' %}{%cycle 'g': 'x', 'y', 'z' %}{%cycle 'g': 'a', 'b' %}{%cycle 'g': 'x', 'y', 'z' %}"
        ),
        .init(
            "{%cycle 'g': 'a', 'b', 'c' %}{%cycle 'g': 'a', 'b', 'c' %}{%cycle 'g': 'x' %}{%cycle 'g': 'a', 'b', 'c' %}"
        ),
        .init(
            "{%cycle 'g': 'a', 'b', 'c' %}{%cycle 'g': 'a', 'b', 'c' %}{%cycle 'g': 'x','y' %}{%cycle 'g': 'a', 'b', 'c' %}"
        ),
        .init("{% cycle '[\"a\", \"b\"]': 1,2 %}{% cycle 'a', 'b' %}{% cycle '[\"a\", \"b\"]': 1,2 %}"),
        .init("{% for i in (1..4) %}{% cycle a, b %}{% endfor %}", data: ["a": "A", "b": [1, 2]]),
        .init("{% for i in (1..4) %}{% cycle a, b %}{% cycle a, b %}{% endfor %}", data: ["a": "A", "b": "B"]),
        .init(
            "{% for i in (1..3) %}{% cycle 'x': a, b %}{% cycle 'x': a, b %}{% endfor %}",
            data: ["a": "A", "b": "B"]),
        .init(
            "{% cycle 'a','b' %}{% include 'p' %}{% cycle 'a','b' %}{% render 'p' %}{% cycle 'a','b' %}",
            templates: ["p": "[{% cycle 'a','b' %}]"]),
        .init(
            "{% cycle 'a','b' %}{% render 'p' for (1..3) %}{% cycle 'a','b' %}",
            templates: ["p": "[{% cycle 'a','b' %}]"]),
        .init("{% render 'p' for (1..3) %}", templates: ["p": "[{% cycle 'a','b' %}{% cycle 'a','b' %}]"]),
        .init("{% for i in (1..3) %}{% include 'p' %}{% endfor %}", templates: ["p": "[{% cycle 'a','b' %}]"]),
        .init(
            "{% for i in (1..3) %}{% include 'p' %}{% cycle 'a','b' %}{% endfor %}",
            templates: ["p": "[{% cycle 'a','b' %}]"]),
        .init(
            "{% cycle 'g': 'a','b' %}{% include 'p' %}{% cycle 'g': 'a','b' %}",
            templates: ["p": "[{% cycle 'g': 'x','y' %}]"]),
        .init("{% cycle %}"),
        .init("{% cycle 'g': %}{% cycle 'g': %}|"),
        .init("{% cycle 'a' 'b' %}{% cycle 'a' 'b' %}|"),
        .init("{% cycle 'a', , 'b' %}{% cycle 'a', , 'b' %}{% cycle 'a', , 'b' %}|"),
        .init("{% cycle a.b: 1, 2 %}{% cycle a.b: 1, 2 %}", data: ["a": ["b": "k"]]),
        .init("{% cycle (1..2): 1, 2 %}{% cycle (1..2): 1, 2 %}"),
        .init("{% cycle (1..2), 3 %}{% cycle (1..2), 3 %}"),
        .init("{% cycle 1.5, 3 %}{% cycle 1.5, 3 %}{% cycle true, nil %}{% cycle true, nil %}"),
        .init("{% cycle arr: 1, 2 %}{% cycle arr2: 1, 2 %}", data: ["arr": [1, 2], "arr2": [1, 2]]),
        .init("{% cycle h: 1, 2 %}{% cycle h2: 1, 2 %}", data: ["h": ["a": 1], "h2": ["a": 1]]),
    ]

    static let renderAndInclude: [Case] = [
        .init(
            "{% render 'p' for items as it %}", data: ["items": [1, 2, 3]],
            templates: [
                "p":
                    "{{ it }}{{ forloop.index }}{{forloop.first}}{{forloop.last}}{{forloop.length}}{{forloop.rindex}};"
            ]),
        .init(
            "{% render 'p' for h %}", data: ["h": ["a": 1, "b": 2]],
            templates: ["p": "{{ p }}|{{ forloop.index0 }};"]),
        .init("{% render 'p' for (1..3) %}", templates: ["p": "{{ p }}|{{ forloop.index0 }};"]),
        .init("{% render 'p' for s %}", data: ["s": "abc"], templates: ["p": "{{ p }}|{{ forloop.index0 }};"]),
        .init("{% render 'p' with s %}", data: ["s": [1, 2]], templates: ["p": "{{ p }}|{{ forloop.index0 }};"]),
        .init("{% render 'p' with nothing %}", templates: ["p": "[{{ p }}]"]),
        .init("{% render 'p' for nothing %}", templates: ["p": "[{{ p }}]"]),
        .init(
            "{% render 'p' for items %}", data: ["items": [1, LiquidValue.null, 3]], templates: ["p": "[{{ p }}]"]),
        .init("{% render 'p', a: 1 for items %}", data: ["items": [1, 2]], templates: ["p": "[{{ p }}{{a}}]"]),
        .init("{% render 'p' for items, a: 1 %}", data: ["items": [1, 2]], templates: ["p": "[{{ p }}{{a}}]"]),
        .init(
            "{% render 'p' for items as x, a: x %}", data: ["items": [1, 2], "x": 9],
            templates: ["p": "[{{ x }}{{a}}]"]),
        .init("{% render 'p' for items, p: 5 %}", data: ["items": [1, 2]], templates: ["p": "[{{ p }}]"]),
        .init("{% render 'p' with 5 as q, q: 7 %}", templates: ["p": "[{{ q }}]"]),
        .init(
            "{% increment c %}{% render 'p' %}{% increment c %}{{ c }}",
            templates: ["p": "[{% increment c %}{% increment c %}{{ c }}]"]),
        .init("{% render 'p' for (1..3) %}", templates: ["p": "[{% increment c %}{% decrement d %}]"]),
        .init("{% increment %}{% increment %}{% render 'incr' %}", templates: ["incr": "{% increment %}"]),
        .init("{% decrement %}{% decrement %}{% render 'decr' %}", templates: ["decr": "{% decrement %}"]),
        .init(
            "{% for i in (1..6) limit:2 %}{{i}}{% endfor %}{% render 'p' %}{% for i in (1..6) offset:continue limit:2 %}{{i}}{% endfor %}",
            templates: ["p": "[{% for i in (1..6) offset:continue limit:2 %}{{i}}{% endfor %}]"]),
        .init(
            "{% for i in (1..6) limit:2 %}{{i}}{% endfor %}{% include 'p' %}{% for i in (1..6) offset:continue limit:2 %}{{i}}{% endfor %}",
            templates: ["p": "[{% for i in (1..6) offset:continue limit:2 %}{{i}}{% endfor %}]"]),
        .init(
            "{% render 'p' for (1..3) %}",
            templates: ["p": "[{% for i in (1..6) offset:continue limit:1 %}{{i}}{% endfor %}]"]),
        .init("{% for i in (1..2) %}{% render 'p' %}{% endfor %}", templates: ["p": "[{{ forloop.index }}]"]),
        .init(
            "{% render 'p' for (1..2) %}",
            templates: ["p": "[{% for j in (1..2) %}{{ forloop.parentloop.index }}{% endfor %}]"]),
        .init("{% render 'one' %}", templates: ["one": "one {% render 'two' %}", "two": "two"]),
        .init("{% render 'p' %}{{ inner }}", templates: ["p": "{% assign inner = 1 %}"]),
        .init("{% assign snippet = 'x' %}{% render 'snippet' %}", templates: ["snippet": "{{ snippet }}"]),
        .init(
            "{% for i in (1..3) %}{{ i }}{% render 'break' %}{{ i }}{% endfor %}",
            templates: ["break": "{% break %}"]),
        .init("{% render 'p' with a as b %}", data: ["a": 1], templates: ["p": "[{{b}}{{p}}]"]),
        .init("{% render 'dir/p' with a %}", data: ["a": 1], templates: ["dir/p": "[{{p}}]"]),
        .init("{% render 'p' for a as b %}{{ b }}", data: ["a": [1, 2]], templates: ["p": "[{{b}}]"]),
        .init("{% include 'p' for items %}", data: ["items": [1, 2]], templates: ["p": "[{{p}}]"]),
        .init("{% include 'p' for items as x %}", data: ["items": [1, 2]], templates: ["p": "[{{x}}{{p}}]"]),
        .init("{% include 'p' with items %}", data: ["items": [1, 2]], templates: ["p": "[{{p}}]"]),
        .init("{% include 'p' for r %}", data: ["r": "ab"], templates: ["p": "[{{p}}]"]),
        .init("{% include 'p' for (1..3) %}", templates: ["p": "[{{p}}]"]),
        .init("{% include 'p' for h %}", data: ["h": ["a": 1]], templates: ["p": "[{{p}}]"]),
        .init("{% include 'p' for items %}", data: ["items": [1, 2]], templates: ["p": "[{{ forloop.index }}]"]),
        .init("{% include 'p' for items, a: 3 %}", data: ["items": [1, 2]], templates: ["p": "[{{p}}{{a}}]"]),
        .init("{% assign p = 'x' %}{% include 'p' %}{{ p }}", templates: ["p": "[{{p}}]{% assign p = 'y' %}"]),
        .init("{% include 'p' %}{{ c }}", templates: ["p": "{% increment c %}"]),
        .init("{% increment c %}{% include 'p' %}{% increment c %}", templates: ["p": "{% increment c %}"]),
        .init("{% include 'p' for items %}{{ p }}", data: ["items": [1, 2]], templates: ["p": "[{{p}}]"]),
        .init(
            "{% render 'p' with a for b %}", data: ["a": [1, 2], "b": 3, "n": "p", "h": ["k": 1]],
            templates: [
                "p": "[{{p}}|{{a}}|{{x}}]", "q": "{{ forloop.index }}{{ forloop.name }}{{ forloop.parentloop }}",
                "r": "{% cycle 'x','y' %}{% increment c %}{{ c }}", "s": "{% ifchanged %}k{% endifchanged %}",
            ]),
        .init(
            "{% include 'p' with %}", data: ["a": [1, 2], "b": 3, "n": "p", "h": ["k": 1]],
            templates: [
                "p": "[{{p}}|{{a}}|{{x}}]", "q": "{{ forloop.index }}{{ forloop.name }}{{ forloop.parentloop }}",
                "r": "{% cycle 'x','y' %}{% increment c %}{{ c }}", "s": "{% ifchanged %}k{% endifchanged %}",
            ]),
        .init(
            "{% render \"p\" %}", data: ["a": [1, 2], "b": 3, "n": "p", "h": ["k": 1]],
            templates: [
                "p": "[{{p}}|{{a}}|{{x}}]", "q": "{{ forloop.index }}{{ forloop.name }}{{ forloop.parentloop }}",
                "r": "{% cycle 'x','y' %}{% increment c %}{{ c }}", "s": "{% ifchanged %}k{% endifchanged %}",
            ]),
        .init(
            "{% render 'p' as %}", data: ["a": [1, 2], "b": 3, "n": "p", "h": ["k": 1]],
            templates: [
                "p": "[{{p}}|{{a}}|{{x}}]", "q": "{{ forloop.index }}{{ forloop.name }}{{ forloop.parentloop }}",
                "r": "{% cycle 'x','y' %}{% increment c %}{{ c }}", "s": "{% ifchanged %}k{% endifchanged %}",
            ]),
        .init(
            "{% include n %}", data: ["a": [1, 2], "b": 3, "n": "p", "h": ["k": 1]],
            templates: [
                "p": "[{{p}}|{{a}}|{{x}}]", "q": "{{ forloop.index }}{{ forloop.name }}{{ forloop.parentloop }}",
                "r": "{% cycle 'x','y' %}{% increment c %}{{ c }}", "s": "{% ifchanged %}k{% endifchanged %}",
            ]),
        .init(
            "{% include 'p' a: 1 %}", data: ["a": [1, 2], "b": 3, "n": "p", "h": ["k": 1]],
            templates: [
                "p": "[{{p}}|{{a}}|{{x}}]", "q": "{{ forloop.index }}{{ forloop.name }}{{ forloop.parentloop }}",
                "r": "{% cycle 'x','y' %}{% increment c %}{{ c }}", "s": "{% ifchanged %}k{% endifchanged %}",
            ]),
        .init(
            "{% include 'p' with b as x %}", data: ["a": [1, 2], "b": 3, "n": "p", "h": ["k": 1]],
            templates: [
                "p": "[{{p}}|{{a}}|{{x}}]", "q": "{{ forloop.index }}{{ forloop.name }}{{ forloop.parentloop }}",
                "r": "{% cycle 'x','y' %}{% increment c %}{{ c }}", "s": "{% ifchanged %}k{% endifchanged %}",
            ]),
        .init(
            "{% include 'p' for a as x %}", data: ["a": [1, 2], "b": 3, "n": "p", "h": ["k": 1]],
            templates: [
                "p": "[{{p}}|{{a}}|{{x}}]", "q": "{{ forloop.index }}{{ forloop.name }}{{ forloop.parentloop }}",
                "r": "{% cycle 'x','y' %}{% increment c %}{{ c }}", "s": "{% ifchanged %}k{% endifchanged %}",
            ]),
        .init(
            "{% render 'p' a: 1 %}", data: ["a": [1, 2], "b": 3, "n": "p", "h": ["k": 1]],
            templates: [
                "p": "[{{p}}|{{a}}|{{x}}]", "q": "{{ forloop.index }}{{ forloop.name }}{{ forloop.parentloop }}",
                "r": "{% cycle 'x','y' %}{% increment c %}{{ c }}", "s": "{% ifchanged %}k{% endifchanged %}",
            ]),
        .init(
            "{% render 'p' with b, x: 2 %}", data: ["a": [1, 2], "b": 3, "n": "p", "h": ["k": 1]],
            templates: [
                "p": "[{{p}}|{{a}}|{{x}}]", "q": "{{ forloop.index }}{{ forloop.name }}{{ forloop.parentloop }}",
                "r": "{% cycle 'x','y' %}{% increment c %}{{ c }}", "s": "{% ifchanged %}k{% endifchanged %}",
            ]),
        .init(
            "{% render 'p''p' %}", data: ["a": [1, 2], "b": 3, "n": "p", "h": ["k": 1]],
            templates: [
                "p": "[{{p}}|{{a}}|{{x}}]", "q": "{{ forloop.index }}{{ forloop.name }}{{ forloop.parentloop }}",
                "r": "{% cycle 'x','y' %}{% increment c %}{{ c }}", "s": "{% ifchanged %}k{% endifchanged %}",
            ]),
        .init(
            "{% render 'p' for a as %}", data: ["a": [1, 2], "b": 3, "n": "p", "h": ["k": 1]],
            templates: [
                "p": "[{{p}}|{{a}}|{{x}}]", "q": "{{ forloop.index }}{{ forloop.name }}{{ forloop.parentloop }}",
                "r": "{% cycle 'x','y' %}{% increment c %}{{ c }}", "s": "{% ifchanged %}k{% endifchanged %}",
            ]),
        .init(
            "{% render 'q' for a %}", data: ["a": [1, 2], "b": 3, "n": "p", "h": ["k": 1]],
            templates: [
                "p": "[{{p}}|{{a}}|{{x}}]", "q": "{{ forloop.index }}{{ forloop.name }}{{ forloop.parentloop }}",
                "r": "{% cycle 'x','y' %}{% increment c %}{{ c }}", "s": "{% ifchanged %}k{% endifchanged %}",
            ]),
        .init(
            "{% render 'q' for (1..2) %}", data: ["a": [1, 2], "b": 3, "n": "p", "h": ["k": 1]],
            templates: [
                "p": "[{{p}}|{{a}}|{{x}}]", "q": "{{ forloop.index }}{{ forloop.name }}{{ forloop.parentloop }}",
                "r": "{% cycle 'x','y' %}{% increment c %}{{ c }}", "s": "{% ifchanged %}k{% endifchanged %}",
            ]),
        .init(
            "{% for i in (1..2) %}{% render 'q' for a %}{% endfor %}",
            data: ["a": [1, 2], "b": 3, "n": "p", "h": ["k": 1]],
            templates: [
                "p": "[{{p}}|{{a}}|{{x}}]", "q": "{{ forloop.index }}{{ forloop.name }}{{ forloop.parentloop }}",
                "r": "{% cycle 'x','y' %}{% increment c %}{{ c }}", "s": "{% ifchanged %}k{% endifchanged %}",
            ]),
        .init(
            "{% render 'p' with a[0] as x %}", data: ["a": [1, 2], "b": 3, "n": "p", "h": ["k": 1]],
            templates: [
                "p": "[{{p}}|{{a}}|{{x}}]", "q": "{{ forloop.index }}{{ forloop.name }}{{ forloop.parentloop }}",
                "r": "{% cycle 'x','y' %}{% increment c %}{{ c }}", "s": "{% ifchanged %}k{% endifchanged %}",
            ]),
        .init(
            "{% render 'p' for a, a: 5 %}", data: ["a": [1, 2], "b": 3, "n": "p", "h": ["k": 1]],
            templates: [
                "p": "[{{p}}|{{a}}|{{x}}]", "q": "{{ forloop.index }}{{ forloop.name }}{{ forloop.parentloop }}",
                "r": "{% cycle 'x','y' %}{% increment c %}{{ c }}", "s": "{% ifchanged %}k{% endifchanged %}",
            ]),
        .init(
            "{% include 'p', a: 7 %}", data: ["a": [1, 2], "b": 3, "n": "p", "h": ["k": 1]],
            templates: [
                "p": "[{{p}}|{{a}}|{{x}}]", "q": "{{ forloop.index }}{{ forloop.name }}{{ forloop.parentloop }}",
                "r": "{% cycle 'x','y' %}{% increment c %}{{ c }}", "s": "{% ifchanged %}k{% endifchanged %}",
            ]),
        .init(
            "{% include 'p' for b %}", data: ["a": [1, 2], "b": 3, "n": "p", "h": ["k": 1]],
            templates: [
                "p": "[{{p}}|{{a}}|{{x}}]", "q": "{{ forloop.index }}{{ forloop.name }}{{ forloop.parentloop }}",
                "r": "{% cycle 'x','y' %}{% increment c %}{{ c }}", "s": "{% ifchanged %}k{% endifchanged %}",
            ]),
        .init(
            "{% include 'p' for nothing %}", data: ["a": [1, 2], "b": 3, "n": "p", "h": ["k": 1]],
            templates: [
                "p": "[{{p}}|{{a}}|{{x}}]", "q": "{{ forloop.index }}{{ forloop.name }}{{ forloop.parentloop }}",
                "r": "{% cycle 'x','y' %}{% increment c %}{{ c }}", "s": "{% ifchanged %}k{% endifchanged %}",
            ]),
        .init(
            "{% include 'p' with nothing %}{{ p }}", data: ["a": [1, 2], "b": 3, "n": "p", "h": ["k": 1]],
            templates: [
                "p": "[{{p}}|{{a}}|{{x}}]", "q": "{{ forloop.index }}{{ forloop.name }}{{ forloop.parentloop }}",
                "r": "{% cycle 'x','y' %}{% increment c %}{{ c }}", "s": "{% ifchanged %}k{% endifchanged %}",
            ]),
        .init(
            "{% assign p = 9 %}{% include 'p' %}", data: ["a": [1, 2], "b": 3, "n": "p", "h": ["k": 1]],
            templates: [
                "p": "[{{p}}|{{a}}|{{x}}]", "q": "{{ forloop.index }}{{ forloop.name }}{{ forloop.parentloop }}",
                "r": "{% cycle 'x','y' %}{% increment c %}{{ c }}", "s": "{% ifchanged %}k{% endifchanged %}",
            ]),
        .init(
            "{% assign p = 9 %}{% include 'p' with nothing %}",
            data: ["a": [1, 2], "b": 3, "n": "p", "h": ["k": 1]],
            templates: [
                "p": "[{{p}}|{{a}}|{{x}}]", "q": "{{ forloop.index }}{{ forloop.name }}{{ forloop.parentloop }}",
                "r": "{% cycle 'x','y' %}{% increment c %}{{ c }}", "s": "{% ifchanged %}k{% endifchanged %}",
            ]),
        .init(
            "{% include 'p' for a as x %}{{ x }}", data: ["a": [1, 2], "b": 3, "n": "p", "h": ["k": 1]],
            templates: [
                "p": "[{{p}}|{{a}}|{{x}}]", "q": "{{ forloop.index }}{{ forloop.name }}{{ forloop.parentloop }}",
                "r": "{% cycle 'x','y' %}{% increment c %}{{ c }}", "s": "{% ifchanged %}k{% endifchanged %}",
            ]),
        .init(
            "{% render 'p' with b as a.b %}", data: ["a": [1, 2], "b": 3, "n": "p", "h": ["k": 1]],
            templates: [
                "p": "[{{p}}|{{a}}|{{x}}]", "q": "{{ forloop.index }}{{ forloop.name }}{{ forloop.parentloop }}",
                "r": "{% cycle 'x','y' %}{% increment c %}{{ c }}", "s": "{% ifchanged %}k{% endifchanged %}",
            ]),
        .init(
            "{% render 'p' for a as x-y %}", data: ["a": [1, 2], "b": 3, "n": "p", "h": ["k": 1]],
            templates: [
                "p": "[{{p}}|{{a}}|{{x}}]", "q": "{{ forloop.index }}{{ forloop.name }}{{ forloop.parentloop }}",
                "r": "{% cycle 'x','y' %}{% increment c %}{{ c }}", "s": "{% ifchanged %}k{% endifchanged %}",
            ]),
        .init(
            "{% render 'nope' %}x", data: ["a": [1, 2], "b": 3, "n": "p", "h": ["k": 1]],
            templates: [
                "p": "[{{p}}|{{a}}|{{x}}]", "q": "{{ forloop.index }}{{ forloop.name }}{{ forloop.parentloop }}",
                "r": "{% cycle 'x','y' %}{% increment c %}{{ c }}", "s": "{% ifchanged %}k{% endifchanged %}",
            ]),
        .init(
            "{% include nothing %}x", data: ["a": [1, 2], "b": 3, "n": "p", "h": ["k": 1]],
            templates: [
                "p": "[{{p}}|{{a}}|{{x}}]", "q": "{{ forloop.index }}{{ forloop.name }}{{ forloop.parentloop }}",
                "r": "{% cycle 'x','y' %}{% increment c %}{{ c }}", "s": "{% ifchanged %}k{% endifchanged %}",
            ]),
        .init(
            "{% render 'p' with 'lit' %}", data: ["a": [1, 2], "b": 3, "n": "p", "h": ["k": 1]],
            templates: [
                "p": "[{{p}}|{{a}}|{{x}}]", "q": "{{ forloop.index }}{{ forloop.name }}{{ forloop.parentloop }}",
                "r": "{% cycle 'x','y' %}{% increment c %}{{ c }}", "s": "{% ifchanged %}k{% endifchanged %}",
            ]),
        .init(
            "{% render 'p' for 'abc' %}", data: ["a": [1, 2], "b": 3, "n": "p", "h": ["k": 1]],
            templates: [
                "p": "[{{p}}|{{a}}|{{x}}]", "q": "{{ forloop.index }}{{ forloop.name }}{{ forloop.parentloop }}",
                "r": "{% cycle 'x','y' %}{% increment c %}{{ c }}", "s": "{% ifchanged %}k{% endifchanged %}",
            ]),
        .init(
            "{% render 'p' for h %}", data: ["a": [1, 2], "b": 3, "n": "p", "h": ["k": 1]],
            templates: [
                "p": "[{{p}}|{{a}}|{{x}}]", "q": "{{ forloop.index }}{{ forloop.name }}{{ forloop.parentloop }}",
                "r": "{% cycle 'x','y' %}{% increment c %}{{ c }}", "s": "{% ifchanged %}k{% endifchanged %}",
            ]),
        .init(
            "{% include 'p' for h %}", data: ["a": [1, 2], "b": 3, "n": "p", "h": ["k": 1]],
            templates: [
                "p": "[{{p}}|{{a}}|{{x}}]", "q": "{{ forloop.index }}{{ forloop.name }}{{ forloop.parentloop }}",
                "r": "{% cycle 'x','y' %}{% increment c %}{{ c }}", "s": "{% ifchanged %}k{% endifchanged %}",
            ]),
        .init(
            "{% cycle 'a' %}{% render 'p' %}{% cycle 'a','b' %}",
            data: ["a": [1, 2], "b": 3, "n": "p", "h": ["k": 1]],
            templates: [
                "p": "[{{p}}|{{a}}|{{x}}]", "q": "{{ forloop.index }}{{ forloop.name }}{{ forloop.parentloop }}",
                "r": "{% cycle 'x','y' %}{% increment c %}{{ c }}", "s": "{% ifchanged %}k{% endifchanged %}",
            ]),
        .init(
            "{% render 'r' %}", data: ["a": [1, 2], "b": 3, "n": "p", "h": ["k": 1]],
            templates: [
                "p": "[{{p}}|{{a}}|{{x}}]", "q": "{{ forloop.index }}{{ forloop.name }}{{ forloop.parentloop }}",
                "r": "{% cycle 'x','y' %}{% increment c %}{{ c }}", "s": "{% ifchanged %}k{% endifchanged %}",
            ]),
        .init(
            "{% include 'r' %}{% include 'r' %}", data: ["a": [1, 2], "b": 3, "n": "p", "h": ["k": 1]],
            templates: [
                "p": "[{{p}}|{{a}}|{{x}}]", "q": "{{ forloop.index }}{{ forloop.name }}{{ forloop.parentloop }}",
                "r": "{% cycle 'x','y' %}{% increment c %}{{ c }}", "s": "{% ifchanged %}k{% endifchanged %}",
            ]),
        .init(
            "{% render 's' for (1..2) %}", data: ["a": [1, 2], "b": 3, "n": "p", "h": ["k": 1]],
            templates: [
                "p": "[{{p}}|{{a}}|{{x}}]", "q": "{{ forloop.index }}{{ forloop.name }}{{ forloop.parentloop }}",
                "r": "{% cycle 'x','y' %}{% increment c %}{{ c }}", "s": "{% ifchanged %}k{% endifchanged %}",
            ]),
        .init(
            "{% include 's' %}{% include 's' %}", data: ["a": [1, 2], "b": 3, "n": "p", "h": ["k": 1]],
            templates: [
                "p": "[{{p}}|{{a}}|{{x}}]", "q": "{{ forloop.index }}{{ forloop.name }}{{ forloop.parentloop }}",
                "r": "{% cycle 'x','y' %}{% increment c %}{{ c }}", "s": "{% ifchanged %}k{% endifchanged %}",
            ]),
    ]

    static let loopObjects: [Case] = [
        .init("{% for i in (1..2)%}{{ forloop. in ntloop.index }}{% endfor %}"),
        .init("{% for i in (1..2)%}{{ forloop }}{% endfor %}"),
        .init("{% for i in (1..2)%}{{ forloop | upcase }}|{{ forloop | size }}|{{ forloop | json }}{% endfor %}"),
        .init(
            "{% for i in (1..2)%}{{ forloop | join }}|{{ forloop | first }}|{{ forloop.size }}|{{ forloop | default: 'x' }}{% endfor %}"
        ),
        .init(
            "{% for i in (1..2)%}{% if forloop %}T{% endif %}{% if forloop == empty %}E{% endif %}{% if forloop == blank %}B{% endif %}{% endfor %}"
        ),
        .init("{% for i in (1..2)%}{{ forloop.name }}|{{ forloop.parentloop }}|{{ forloop['index'] }}{% endfor %}"),
        .init("{% for i in (1..2)%}{% for j in (1..1) %}{{ forloop.parentloop }}{% endfor %}{% endfor %}"),
        .init("{% tablerow i in (1..2)%}{{ tablerowloop }}{% endtablerow %}"),
        .init(
            "{% tablerow i in (1..3) cols:2 %}{{ tablerowloop.col }}{{ tablerowloop.col0 }}{{ tablerowloop.row }}{{ tablerowloop.col_first }}{{ tablerowloop.col_last }}{{ tablerowloop.index }}{{ tablerowloop.rindex }}{{ tablerowloop.rindex0 }}{{ tablerowloop.first }}{{ tablerowloop.last }}{{ tablerowloop.length }}{% endtablerow %}"
        ),
        .init(
            "{% tablerow i in (1..3) %}{{ tablerowloop.col_last }}{{ tablerowloop.row }}{{ tablerowloop.name }}{{ tablerowloop.parentloop }}{% endtablerow %}"
        ),
        .init(
            "{% tablerow i in (1..3) cols:0 %}{{ tablerowloop.col_last }}{{ tablerowloop.col }}{% endtablerow %}"),
        .init(
            "{% tablerow i in (1..3) cols:-1 %}{{ tablerowloop.col_last }}{{ tablerowloop.col }}{% endtablerow %}"),
        .init(
            "{% tablerow i in (1..3) cols:'x' %}{{ tablerowloop.col_last }}{{ tablerowloop.col }}{% endtablerow %}"),
        .init("{% for i in (1..2)%}{% capture x %}{{ forloop }}{% endcapture %}{% endfor %}{{ x }}"),
        .init("{% for i in (1..2)%}{{ forloop == forloop }}{% endfor %}"),
        .init(
            "{% tablerow i in (1..5) limit:3 offset:1 cols:2 %}{{ tablerowloop.length }}{{ tablerowloop.index }}{{ tablerowloop.rindex }}{{ tablerowloop.col }}{{ tablerowloop.col_last }}{{ tablerowloop.row }}{{ tablerowloop.last }}{{ tablerowloop.size }}{{ tablerowloop.first }}{{ tablerowloop | size }}{{ tablerowloop | first }}{{ tablerowloop | last }}{% endtablerow %}",
            data: ["a": [1, 2, 3], "b": 2, "h": ["k": 1, "j": 2]]),
        .init(
            "{% tablerow i in a cols:1 %}{{ tablerowloop.length }}{{ tablerowloop.index }}{{ tablerowloop.rindex }}{{ tablerowloop.col }}{{ tablerowloop.col_last }}{{ tablerowloop.row }}{{ tablerowloop.last }}{{ tablerowloop.size }}{{ tablerowloop.first }}{{ tablerowloop | size }}{{ tablerowloop | first }}{{ tablerowloop | last }}{% endtablerow %}",
            data: ["a": [1, 2, 3], "b": 2, "h": ["k": 1, "j": 2]]),
        .init(
            "{% tablerow i in a cols:b %}{{ tablerowloop.length }}{{ tablerowloop.index }}{{ tablerowloop.rindex }}{{ tablerowloop.col }}{{ tablerowloop.col_last }}{{ tablerowloop.row }}{{ tablerowloop.last }}{{ tablerowloop.size }}{{ tablerowloop.first }}{{ tablerowloop | size }}{{ tablerowloop | first }}{{ tablerowloop | last }}{% endtablerow %}",
            data: ["a": [1, 2, 3], "b": 2, "h": ["k": 1, "j": 2]]),
        .init(
            "{% tablerow i in a cols:'2' %}{{ tablerowloop.length }}{{ tablerowloop.index }}{{ tablerowloop.rindex }}{{ tablerowloop.col }}{{ tablerowloop.col_last }}{{ tablerowloop.row }}{{ tablerowloop.last }}{{ tablerowloop.size }}{{ tablerowloop.first }}{{ tablerowloop | size }}{{ tablerowloop | first }}{{ tablerowloop | last }}{% endtablerow %}",
            data: ["a": [1, 2, 3], "b": 2, "h": ["k": 1, "j": 2]]),
        .init(
            "{% tablerow i in a cols:1.5 %}{{ tablerowloop.length }}{{ tablerowloop.index }}{{ tablerowloop.rindex }}{{ tablerowloop.col }}{{ tablerowloop.col_last }}{{ tablerowloop.row }}{{ tablerowloop.last }}{{ tablerowloop.size }}{{ tablerowloop.first }}{{ tablerowloop | size }}{{ tablerowloop | first }}{{ tablerowloop | last }}{% endtablerow %}",
            data: ["a": [1, 2, 3], "b": 2, "h": ["k": 1, "j": 2]]),
        .init(
            "{% tablerow i in a cols:nothing %}{{ tablerowloop.length }}{{ tablerowloop.index }}{{ tablerowloop.rindex }}{{ tablerowloop.col }}{{ tablerowloop.col_last }}{{ tablerowloop.row }}{{ tablerowloop.last }}{{ tablerowloop.size }}{{ tablerowloop.first }}{{ tablerowloop | size }}{{ tablerowloop | first }}{{ tablerowloop | last }}{% endtablerow %}",
            data: ["a": [1, 2, 3], "b": 2, "h": ["k": 1, "j": 2]]),
        .init(
            "{% tablerow i in h %}{{ tablerowloop.length }}{{ tablerowloop.index }}{{ tablerowloop.rindex }}{{ tablerowloop.col }}{{ tablerowloop.col_last }}{{ tablerowloop.row }}{{ tablerowloop.last }}{{ tablerowloop.size }}{{ tablerowloop.first }}{{ tablerowloop | size }}{{ tablerowloop | first }}{{ tablerowloop | last }}{{i}}{% endtablerow %}",
            data: ["a": [1, 2, 3], "b": 2, "h": ["k": 1, "j": 2]]),
        .init(
            "{% for i in (1..2) %}{% tablerow j in a %}{{ forloop.index }}{{ tablerowloop.col }}{% endtablerow %}{% endfor %}",
            data: ["a": [1, 2, 3], "b": 2, "h": ["k": 1, "j": 2]]),
        .init(
            "{% tablerow i in a %}{% for j in (1..1) %}{{ tablerowloop.col }}{{ forloop.parentloop }}{% endfor %}{% endtablerow %}",
            data: ["a": [1, 2, 3], "b": 2, "h": ["k": 1, "j": 2]]),
        .init(
            "{% for i in (1..2) %}{{ forloop | size }}{{ forloop | first }}{{ forloop | last }}{{ forloop | map: 'index' }}{{ forloop | join: ',' }}{{ forloop | where: 'index' }}{% endfor %}",
            data: ["a": [1, 2, 3], "b": 2, "h": ["k": 1, "j": 2]]),
        .init(
            "{% for i in (1..2) %}{{ forloop | sort }}{% endfor %}",
            data: ["a": [1, 2, 3], "b": 2, "h": ["k": 1, "j": 2]]),
        .init(
            "{% for i in (1..2) %}{{ forloop | reverse }}{% endfor %}",
            data: ["a": [1, 2, 3], "b": 2, "h": ["k": 1, "j": 2]]),
        .init(
            "{% for i in (1..2) %}{{ forloop | compact }}{{ forloop | uniq }}{% endfor %}",
            data: ["a": [1, 2, 3], "b": 2, "h": ["k": 1, "j": 2]]),
        .init(
            "{% for i in (1..2) %}{{ forloop | concat: a }}{% endfor %}",
            data: ["a": [1, 2, 3], "b": 2, "h": ["k": 1, "j": 2]]),
        .init(
            "{% for i in (1..2) %}{{ forloop | append: 'x' }}{{ forloop | escape }}{{ forloop | size | plus: 1 }}{% endfor %}",
            data: ["a": [1, 2, 3], "b": 2, "h": ["k": 1, "j": 2]]),
        .init(
            "{% for i in (1..2) %}{{ forloop | default: 'x' }}{{ forloop | inspect }}{{ forloop == nil }}{% endfor %}",
            data: ["a": [1, 2, 3], "b": 2, "h": ["k": 1, "j": 2]]),
        .init(
            "{% for i in (1..2) %}{% if forloop contains 'index' %}y{% endif %}{% endfor %}",
            data: ["a": [1, 2, 3], "b": 2, "h": ["k": 1, "j": 2]]),
        .init(
            "{% for i in (1..2) %}{% if forloop == forloop %}y{% endif %}{% endfor %}",
            data: ["a": [1, 2, 3], "b": 2, "h": ["k": 1, "j": 2]]),
        .init(
            "{% for i in (1..2) %}{% assign f = forloop %}{{ f.index }}{{ f }}{% endfor %}",
            data: ["a": [1, 2, 3], "b": 2, "h": ["k": 1, "j": 2]]),
        .init(
            "{% for i in (1..2) %}{% for k in forloop %}{{ k }}{% endfor %}{% endfor %}",
            data: ["a": [1, 2, 3], "b": 2, "h": ["k": 1, "j": 2]]),
        .init(
            "{% for i in (1..2) %}{{ forloop | slice: 0 }}{% endfor %}",
            data: ["a": [1, 2, 3], "b": 2, "h": ["k": 1, "j": 2]]),
        .init(
            "{% for i in (1..2) %}{{ forloop.parentloop | size }}{% endfor %}",
            data: ["a": [1, 2, 3], "b": 2, "h": ["k": 1, "j": 2]]),
        .init(
            "{% for i in (1..2) %}{% render 'p' for forloop %}{% endfor %}",
            templates: ["p": "[{{ p.index }}{{ forloop.index }}]"]),
        .init(
            "{% for i in (1..2) %}{% include 'p' for forloop %}{% endfor %}",
            templates: ["p": "[{{ p.index }}{{ forloop.index }}]"]),
        .init(
            "{% for i in (1..2) %}{% render 'p' with forloop as f %}{% endfor %}",
            templates: ["p": "[{{ f.index }}{{ f }}]"]),
        .init("{% for i in (1..2) %}{% tablerow j in forloop %}{{ j }}{% endtablerow %}{% endfor %}"),
        .init("{% for i in (1..2) %}{% cycle forloop: 'a', 'b' %}{% endfor %}"),
    ]
}
