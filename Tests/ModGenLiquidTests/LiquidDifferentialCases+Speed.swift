import ModGenLiquid

extension LiquidDifferentialCases {
    /// Where the engine takes a shorter way for speed, the same answers as Ruby's: a template keeps the file
    /// system only when an `include` or `render` is somewhere in it (every kind of body that can hold one is here),
    /// floats print from Swift's own shortest form where that is in fixed notation (and as Ruby prints 16 digits
    /// before the point), and `truncate` counts code
    /// points over the bytes.
    static let shortcuts: [Case] = [
        .init(
            "{% if true %}{% for i in (1..2) %}{% include 'p' %}{% endfor %}{% endif %}",
            templates: ["p": "[{{ i }}]"]),
        .init("{% unless false %}{% render 'p' %}{% endunless %}", templates: ["p": "p"]),
        .init("{% if false %}{% elsif true %}{% include 'p' %}{% endif %}", templates: ["p": "p"]),
        .init("{% capture c %}{% render 'p' %}{% endcapture %}<{{ c }}>", templates: ["p": "p"]),
        .init("{% case 1 %}{% when 2 %}x{% when 1 %}{% include 'p' %}{% endcase %}", templates: ["p": "p"]),
        .init("{% case 1 %}{% when 2 %}x{% else %}{% include 'p' %}{% endcase %}", templates: ["p": "p"]),
        .init("{% for i in x %}{% else %}{% include 'p' %}{% endfor %}", templates: ["p": "empty"]),
        .init("{% tablerow i in (1..2) %}{% include 'p' %}{% endtablerow %}", templates: ["p": "{{ i }}"]),
        .init("{% ifchanged %}{% render 'p' %}{% endifchanged %}", templates: ["p": "p"]),
        .init("{% include 'p' %}", templates: ["p": "{% include 'q' %}", "q": "q"]),
        .init(
            "{% for i in (1..2) %}{{ i }}{% endfor %}{% include 'p' %}",
            templates: ["p": "{% for i in (1..4) offset: continue %}{{ i }}{% endfor %}"]),
        .init("{{ 'no tags' }}", templates: ["p": "p"]),
        .init("{{ 0.1 | plus: 0.2 }} {{ 1.0 | divided_by: 3 }} {{ 2.0 | divided_by: 3 }} {{ -1.5 | times: 3 }}"),
        .init("{{ 0.0001 }} {{ 0.00001 }} {{ 0.001 | times: 0.1 }} {{ 123.456 }} {{ 100.0 }} {{ -0.5 }}"),
        .init("{{ 1000000000000000.0 }} {{ 9999999999999998.0 }} {{ 10000000000000000.0 }} {{ 9007199254740993.0 }}"),
        .init(
            "{{ 1500000000000000.0 }} {{ 4503599627370497.0 }} {{ 1234567890123456.8 }} {{ 999999999999999.9 }}"),
        .init(
            "{{ 1000000000000000.0 | plus: 1 }} {{ 1000000000000000.0 | times: 2 }} {{ 1000000000000000.0 | round }} {{ 2000000000000000.0 | divided_by: 3 }} {{ 1000000000000000.0 | minus: 0.5 }}"
        ),
        .init("{{ f | times: 10 }} {{ f }} {{ g }} {{ g | plus: 1 }}", data: ["f": 123456789.123, "g": 1e300]),
        .init(
            "{{ s | truncate: 7 }}|{{ s | truncate: 9, '…' }}|{{ s | truncate: 30 }}", data: ["s": "héllo wörld ✓ 日本語"]),
        .init(
            "{{ s | truncate: 2, 'abcdef' }}|{{ s | truncate: 0 }}|{{ s | truncate: -1 }}|{{ '' | truncate: -1 }}",
            data: ["s": "日本語テキスト"]),
        .init("{{ s | truncate: 5 }}|{{ s | truncate: 4 }}|{{ s | truncate: 3, '' }}", data: ["s": "ab✓de"]),
    ]
}
