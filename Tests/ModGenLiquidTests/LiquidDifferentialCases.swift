import ModGenLiquid

/// Fixed templates on the points where the engine once differed from Ruby's liquid 5.4 (or easily could): named
/// and unnamed `cycle` groups and their state across `include` and `render`, `render`'s isolated registers and its
/// `for`/`with`/`as` forms, counters, the loop objects printed whole, `assign` markup lax mode accepts, NUL bytes
/// beside whitespace control, and the date strings `Time.parse` reads the same on any day. Each is run through
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
        "cycle": [
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
        ],
        "renderAndInclude": [
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
        ],
        "loopObjects": [
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
        ],
        "assign": [
            .init("{% assign = a | reject: x %}[{{ a }}]"),
            .init("{% assign x %}[{{ x }}]"),
            .init("{% assign x = %}[{{ x }}]"),
            .init("{% assign x == 1 %}[{{ x }}]"),
            .init("{% assign x.y = 1 %}[{{ x }}]"),
            .init("{% assign x[0] = 1 %}[{{ x }}]"),
            .init("{% assign 1x = 1 %}[{{ 1x }}]"),
            .init("{% assign x- = 1 %}[{{ x- }}]"),
            .init("{% assign x y = 1 %}[{{ x }}{{ y }}]"),
            .init("{% assign x=1 %}[{{ x }}]"),
            .init("{% assign x = 1 2 %}[{{ x }}]"),
            .init("{% assign x = 'a' | | upcase %}[{{ x }}]"),
            .init("{% assign x = | upcase %}[{{ x }}]"),
            .init("{% assign  = 1 %}[]"),
            .init("{% assign x? = 1 %}[{{ x? }}]"),
            .init("{% assign \"x\" = 1 %}[{{ x }}]"),
            .init("{% assign x = 1 = 2 %}[{{ x }}]"),
            .init("{% assign x.y.z = 1 %}[{{ x }}]"),
            .init("{% assign ä = 1 %}[{{ ä }}]"),
            .init("{% assign x=1|plus:2 %}[{{ x }}]"),
            .init("{% assign x = a | reject: x %}[{{ x }}]", data: ["a": [1, 2]]),
        ],
        "whitespaceControlAndNUL": [
            .init("a \u{0} {{- 'x' -}} \u{0} b"),
            .init("a\u{0}{%- if true -%}\u{0}b{% endif %}"),
            .init("a \u{0}\u{0} {{- 'x' }}"),
            .init("{{ 'x' -}}\u{0} \n\u{0}y"),
        ],
        "date": [
            .init("{{ s | date: '%Y-%m-%d %H:%M:%S %z' }}", data: ["s": "2024-03-05"]),
            .init("{{ s | date: '%Y-%m-%d %H:%M:%S %z' }}", data: ["s": "2024-03-05 14:07:09"]),
            .init("{{ s | date: '%Y-%m-%d %H:%M:%S %z' }}", data: ["s": "2024-03-05T14:07:09Z"]),
            .init("{{ s | date: '%Y-%m-%d %H:%M:%S %z' }}", data: ["s": "2024-03-05T14:07:09+02:00"]),
            .init("{{ s | date: '%Y-%m-%d %H:%M:%S %z' }}", data: ["s": "March 5, 2024"]),
            .init("{{ s | date: '%Y-%m-%d %H:%M:%S %z' }}", data: ["s": "5 March 2024"]),
            .init("{{ s | date: '%Y-%m-%d %H:%M:%S %z' }}", data: ["s": "Mar 5 2024"]),
            .init("{{ s | date: '%Y-%m-%d %H:%M:%S %z' }}", data: ["s": "Tue, 05 Mar 2024 14:07:09 GMT"]),
            .init("{{ s | date: '%Y-%m-%d %H:%M:%S %z' }}", data: ["s": "2024/03/05"]),
            .init("{{ s | date: '%Y-%m-%d %H:%M:%S %z' }}", data: ["s": "05/03/2024"]),
            .init("{{ s | date: '%Y-%m-%d %H:%M:%S %z' }}", data: ["s": "1700000000"]),
            .init("{{ s | date: '%Y-%m-%d %H:%M:%S %z' }}", data: ["s": "2024"]),
            .init("{{ s | date: '%Y-%m-%d %H:%M:%S %z' }}", data: ["s": "20240305"]),
            .init("{{ s | date: '%Y-%m-%d %H:%M:%S %z' }}", data: ["s": "2024-03-05 14:07:09 UTC"]),
            .init("{{ s | date: '%Y-%m-%d %H:%M:%S %z' }}", data: ["s": "2024-03-05 14:07:09 +0100"]),
            .init("{{ s | date: '%Y-%m-%d %H:%M:%S %z' }}", data: ["s": "Sat Nov 28 05:07:41 UTC 2026"]),
            .init("{{ s | date: '%Y-%m-%d %H:%M:%S %z' }}", data: ["s": "2024-3-5"]),
            .init("{{ s | date: '%Y-%m-%d %H:%M:%S %z' }}", data: ["s": "1.5"]),
            .init("{{ s | date: '%Y-%m-%d %H:%M:%S %z' }}", data: ["s": ""]),
            .init("{{ s | date: '%Y-%m-%d %H:%M:%S %z' }}", data: ["s": " "]),
            .init("{{ h | date: '%Y' }}", data: ["h": ["a": 1]]),
            .init("{{ h | date: '%Y' }}", data: ["h": [1]]),
            .init("{{ h | date: '%Y' }}", data: ["h": [:]]),
            .init("{{ 1700000000 | date: '%Y %j %U %a' }}"),
            .init("{{ 1700000000.5 | date: '%Y %L' }}"),
            .init("{{ '1700000000' | date: '%Y' }}"),
            .init("{{ s | date: '%Y-%m-%d %H:%M:%S %z %L' }}", data: ["s": "Tue Mar 5 14:07:09 2024"]),
            .init("{{ s | date: '%Y-%m-%d %H:%M:%S %z %L' }}", data: ["s": "Sat Nov 28 05:07:41 UTC 2026"]),
            .init("{{ s | date: '%Y-%m-%d %H:%M:%S %z %L' }}", data: ["s": "Tue, 05 Mar 2024 14:07:09 +0100"]),
            .init("{{ s | date: '%Y-%m-%d %H:%M:%S %z %L' }}", data: ["s": "05 Mar 2024 14:07"]),
            .init("{{ s | date: '%Y-%m-%d %H:%M:%S %z %L' }}", data: ["s": "Mar 5, 2024 2:07 PM"]),
            .init("{{ s | date: '%Y-%m-%d %H:%M:%S %z %L' }}", data: ["s": "2024-03-05 2:07 pm"]),
            .init("{{ s | date: '%Y-%m-%d %H:%M:%S %z %L' }}", data: ["s": "2024-03-05 12:07 am"]),
            .init("{{ s | date: '%Y-%m-%d %H:%M:%S %z %L' }}", data: ["s": "2024-03-05 14:07:09 GMT"]),
            .init("{{ s | date: '%Y-%m-%d %H:%M:%S %z %L' }}", data: ["s": "2024-03-05 14:07:09 EST"]),
            .init("{{ s | date: '%Y-%m-%d %H:%M:%S %z %L' }}", data: ["s": "Tue, 05 Mar 2024"]),
            .init("{{ s | date: '%Y-%m-%d %H:%M:%S %z %L' }}", data: ["s": "Tuesday, March 5, 2024"]),
            .init("{{ s | date: '%Y-%m-%d %H:%M:%S %z %L' }}", data: ["s": "Sat Nov 28 05:07:41 2026"]),
            .init("{{ s | date: '%Y-%m-%d %H:%M:%S %z %L' }}", data: ["s": "Nov 28 05:07:41 2026"]),
            .init("{{ s | date: '%Y-%m-%d %H:%M:%S %z %L' }}", data: ["s": "2024-03-05 14:07:09Z"]),
            .init("{{ s | date: '%Y-%m-%d %H:%M:%S %z %L' }}", data: ["s": "2024-03-05 14:07 +01:30"]),
            .init("{{ s | date: '%Y-%m-%d %H:%M:%S %z %L' }}", data: ["s": "March 2024"]),
            .init("{{ s | date: '%Y-%m-%d %H:%M:%S %z %L' }}", data: ["s": "Marzipan 5, 2024"]),
            .init("{{ s | date: '%Y-%m-%d %H:%M:%S %z %L' }}", data: ["s": "Marc 5, 2024"]),
            .init("{{ s | date: '%Y-%m-%d %H:%M:%S %z %L' }}", data: ["s": "5 Marzipan 2024"]),
            .init("{{ s | date: '%Y-%m-%d %H:%M:%S %z %L' }}", data: ["s": "Tuesdayx, 05 Mar 2024"]),
            .init("{{ s | date: '%Y-%m-%d %H:%M:%S %z %L' }}", data: ["s": "Ma 5, 2024"]),
            .init("{{ s | date: '%Y-%m-%d %H:%M:%S %z %L' }}", data: ["s": "Sept 5, 2024"]),
            .init("{{ s | date: '%Y-%m-%d %H:%M:%S %z %L' }}", data: ["s": "Mar 5 2024 14:07:09 GMT"]),
            .init("{{ s | date: '%Y-%m-%d %H:%M:%S %z %L' }}", data: ["s": "2024-03-05 13:07 pm"]),
            .init("{{ s | date: '%Y-%m-%d %H:%M:%S %z %L' }}", data: ["s": "2024-03-05 0:07 am"]),
            .init("{{ s | date: '%Y-%m-%d %H:%M:%S %z %L' }}", data: ["s": "2024-03-05 14:07:09 +1"]),
            .init("{{ s | date: '%Y-%m-%d %H:%M:%S %z %L' }}", data: ["s": "2024-03-05 14:07:09 +010"]),
            .init("{{ s | date: '%Y-%m-%d %H:%M:%S %z %L' }}", data: ["s": "2024-03-05 14:07:09 foo"]),
            .init("{{ s | date: '%Y-%m-%d %H:%M:%S %z %L' }}", data: ["s": "2024-03-05 14:07:09 +01"]),
            .init("{{ s | date: '%Y-%m-%d %H:%M:%S %z %L' }}", data: ["s": "2024-03-05 14:07:09 +0130"]),
            .init("{{ s | date: '%Y-%m-%d %H:%M:%S %z %L' }}", data: ["s": "2024-03-05 14:07:09 -05:00"]),
            .init("{{ s | date: '%Y-%m-%d %H:%M:%S %z %L' }}", data: ["s": "2024-03-05 14:07:09 +01:3"]),
            .init("{{ s | date: '%Y-%m-%d %H:%M:%S %z %L' }}", data: ["s": "Tue, 05 Mar 2024 14:07:09 GMT"]),
            .init("{{ s | date: '%Y-%m-%d %H:%M:%S %z %L' }}", data: ["s": "2024-03-05"]),
            .init("{{ s | date: '%Y-%m-%d %H:%M:%S %z %L' }}", data: ["s": "2024-03-05 14:07:09"]),
            .init("{{ s | date: '%Y-%m-%d %H:%M:%S %z %L' }}", data: ["s": "2024-03-05T14:07:09+02:00"]),
            .init("{{ s | date: '%Y-%m-%d %H:%M:%S %z %L' }}", data: ["s": "March 5, 2024"]),
            .init("{{ s | date: '%Y-%m-%d %H:%M:%S %z %L' }}", data: ["s": "5 March 2024"]),
            .init("{{ s | date: '%Y-%m-%d %H:%M:%S %z %L' }}", data: ["s": "Mar 5 2024"]),
            .init("{{ s | date: '%Y-%m-%d %H:%M:%S %z %L' }}", data: ["s": "2024/03/05"]),
            .init("{{ s | date: '%Y-%m-%d %H:%M:%S %z %L' }}", data: ["s": "05/03/2024"]),
            .init("{{ s | date: '%Y-%m-%d %H:%M:%S %z %L' }}", data: ["s": "2024-3-5"]),
            .init("{{ s | date: '%Y-%m-%d %H:%M:%S %z %L' }}", data: ["s": "2024-03-05 14:07:09.250 UTC"]),
            .init("{{ s | date: '%Y-%m-%d %H:%M:%S %z %L' }}", data: ["s": "5 March 2024 10:00 PDT"]),
            .init("{{ s | date: '%Y-%m-%d %H:%M:%S %z %L' }}", data: ["s": "Friday 5 March 2024"]),
            .init("{{ s | date: '%Y-%m-%d %H:%M:%S %z %L' }}", data: ["s": "2024-02-30"]),
            .init("{{ s | date: '%Y-%m-%d %H:%M:%S %z %L' }}", data: ["s": "2024-13-01"]),
        ],
    ]
}
