import ModGenLiquid

extension LiquidDifferentialCases {
    private static let big = LiquidBigInt(digits: "123456789012345678901234567890")!
    private static let bigData: [String: LiquidValue] = [
        "big": .bigInt(big),
        "neg": .bigInt(LiquidBigInt(digits: "-99999999999999999999")!),
        "max": .int(.max),
        "min": .int(.min),
        "s": "99999999999999999999",
        "items": [.bigInt(big), 3, .bigInt(LiquidBigInt(digits: "-99999999999999999999")!), 2.5],
    ]

    /// Integers past 64 bits, which Ruby's `Integer` holds whole: literals, data, strings read as numbers, every
    /// math filter and the results that leave 64 bits on the way (both signs, across the boundary), comparisons
    /// with integers and floats (Ruby's are exact), `size`, bits, and printing. Ranges past 64 bits are refused
    /// here (a known difference), so they are not among these.
    static let bigIntegers: [Case] = fixedBigIntegers.map { $0.withData(bigData) } + randomArithmetic

    private static let fixedBigIntegers: [Case] = [
        "{{ 99999999999999999999 }} {{ -99999999999999999999 }} {{ 18446744073709551616 }}",
        "{{ big }} {{ neg }} {{ max | plus: 1 }} {{ min | minus: 1 }} {{ max | times: max }} {{ min | times: -1 }}",
        "{{ s | plus: 1 }} {{ '99999999999999999999.5' | plus: 1 }} {{ ' -99999999999999999999 ' | minus: 1 }}",
        "{{ '99999999999999999999abc' | plus: 0 }} {{ '9_999_999_999_999_999_999' | plus: 0 }}",
        "{{ big | divided_by: 7 }} {{ neg | divided_by: 7 }} {{ neg | modulo: 7 }} {{ big | modulo: -7 }}",
        "{{ 7 | modulo: big }} {{ -7 | modulo: big }} {{ 7 | divided_by: neg }} {{ -7 | divided_by: big }}",
        "{{ big | divided_by: neg }} {{ big | modulo: neg }} {{ neg | divided_by: big }} {{ big | divided_by: big }}",
        "{{ big | divided_by: 1000000007 }} {{ big | modulo: 1000000007 }} {{ big | times: big | divided_by: neg }}",
        "{{ big | times: big | modulo: 99999999999999999989 }} {{ big | times: big | times: big | divided_by: big }}",
        "{{ min | divided_by: -1 }} {{ min | abs }} {{ min | modulo: -1 }} {{ max | plus: max | minus: max }}",
        "{{ neg | abs }} {{ big | abs }} {{ big | ceil }} {{ neg | floor }} {{ big | round }} {{ big | round: 2 }}",
        "{{ big | round: -5 }} {{ neg | round: -5 }} {{ big | round: -29 }} {{ big | round: -30 }} {{ big | round: -35 }}",
        "{{ 5 | round: -1 }} {{ 15 | round: -1 }} {{ -15 | round: -1 }} {{ max | round: -18 }} {{ max | round: -19 }}",
        "{{ 600000000000000000 | round: -19 }} {{ 6000000000000000000 | round: -19 }} {{ min | round: -2 }}",
        "{{ 1.5e19 | ceil }} {{ -1.5e19 | floor }} {{ 1e30 | ceil }} {{ 1.0e+30 | floor }} {{ 9.21e18 | ceil }}",
        "{{ '99999999999999999999.5' | ceil }} {{ '-99999999999999999999.5' | floor }} {{ '99999999999999999999.5' | floor }}",
        "{{ '99999999999999999999.5' | round }} {{ '-99999999999999999999.5' | round }} {{ 1.0e+25 | round }}",
        "{{ big | at_least: 5 }} {{ big | at_most: 5 }} {{ 5 | at_least: big }} {{ neg | at_least: 5 }} {{ neg | at_most: big }}",
        "{{ big | at_most: 1.5 }} {{ big | at_least: 1.0e40 }} {{ big | at_least: neg }}",
        "{{ big | round: big }}",
        "{{ 5 | round: neg }}",
        "{{ 1.5 | round: big }}",
        "{{ 'abc' | truncate: big }}",
        "{{ 'abc' | truncatewords: big }}",
        "{% for i in (1..3) limit: big %}{{ i }}{% endfor %}",
        "{% for i in (1..3) offset: big %}{{ i }}{% endfor %}",
        "{% tablerow i in (1..3) cols: big %}{{ i }}{% endtablerow %}",
        "{{ items | slice: big }}",
        "{% cycle big, 2 %}{% cycle big, 2 %}",
        "{% increment big %}{% increment big %}{% decrement neg %}{{ big }} {{ neg }}",
        "{% increment max %}{% increment max %}{{ max }} {% decrement min %}{% decrement min %}{{ min }}",
        "{{ 'abc' | truncate: neg }} {{ 'abcdef' | truncate: min }} {{ 'abc' | truncate: '99999999999999999999' }}",
        "{% for i in (1..3) limit: neg %}{{ i }}{% endfor %}{% for i in (1..3) offset: neg %}{{ i }}{% endfor %}",
        "{% for i in (1..3) limit: s %}{{ i }}{% endfor %}{% for i in (1..3) offset: s %}{{ i }}{% endfor %}",
        "{{ 1.0e300 | ceil }}",
        "{{ 1e300 | floor }} {{ 1e300 | round }}",
        "{{ 1e300 | round: -299 }} {{ 1.7976931348623157e308 | floor | size }}",
        "{{ big | plus: 1.5 }} {{ big | times: 1.5 }} {{ big | divided_by: 2.0 }} {{ big | minus: 0.5 }} {{ big | plus: '1' }}",
        "{{ big | divided_by: 0 }}",
        "{{ big | modulo: 0 }}",
        "{% if big > max %}a{% endif %}{% if big == 123456789012345678901234567890 %}b{% endif %}{% if neg < min %}c{% endif %}",
        "{% if big > 1.0e40 %}a{% else %}b{% endif %}{% if big == 1.2345678901234568e+29 %}c{% endif %}{% if big < 1.2345678901234568e+29 %}d{% endif %}",
        "{% assign two63 = max | plus: 1 %}{% if two63 == 9.223372036854776e+18 %}a{% endif %}{% if two63 >= 9.223372036854776e+18 %}b{% endif %}{% if two63 > 9.2e18 %}c{% endif %}",
        "{% if 9007199254740993 == 9007199254740992.0 %}a{% else %}b{% endif %}{% if 9007199254740993 > 9007199254740992.0 %}c{% endif %}",
        "{% if big != neg %}a{% endif %}{% if big <= big %}b{% endif %}{% if big > 'x' %}c{% endif %}",
        "{% if big > nil %}a{% else %}b{% endif %}{% if big == 'x' %}c{% endif %}{% if items contains big %}d{% endif %}",
        "{% case big %}{% when 123456789012345678901234567890 %}w{% else %}e{% endcase %} {{ big | default: 1 }}",
        "{{ items | sort | join: ',' }} {{ items | uniq | size }} {{ items | sum }} {{ items | compact | first }}",
        "{{ big | size }} {{ big.size }} {{ max | size }} {{ max | plus: 1 | size }} {{ max | times: 512 | size }}",
        "{{ neg.size }} {{ big[0] }} {{ big[1] }} {{ big[96] }} {{ big[200] }} {{ neg[0] }} {{ neg[3] }} {{ neg[200] }}",
        "{{ big | append: 'x' }} {{ big | json }} {{ items }} {{ big | split: '9' | size }} {{ big | slice: 3 }}",
        "{% assign x = big %}{{ x | minus: big }}{% assign y = 18446744073709551616 | divided_by: 2 %} {{ y | minus: 1 }}",
        "{% for i in items %}{{ i | times: 2 }},{% endfor %}",
        "{{ 2 | times: 4294967296 | times: 4294967296 | times: 4294967296 | minus: 1 }}",
        "{% capture c %}{{ big }}{% endcapture %}{{ c | plus: 1 }} {{ c | times: c }}",
        .init("{{ big | plus: 1 }} {{ big | times: neg }}", data: bigData),
    ]

    /// Seeded operands of 1 to 60 digits, either sign, through every integer operation and comparison: the
    /// long division's digit estimates and corrections, carries and borrows across limbs.
    private static let randomArithmetic: [Case] = {
        var state: UInt64 = 0x9E37_79B9_7F4A_7C15
        func next() -> UInt64 {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return state >> 33
        }
        func operand() -> String {
            let count = Int(next() % 60) + 1
            var digits = String(next() % 9 + 1)
            for _ in 1..<count { digits += String(next() % 10) }
            // Runs of nines and zeros reach the edge cases of carrying and of estimating a quotient digit.
            if next() % 4 == 0 { digits = String(repeating: next() % 2 == 0 ? "9" : "0", count: count / 2) + digits }
            if digits.hasPrefix("0") { digits = "1" + digits }
            return (next() % 2 == 0 ? "-" : "") + digits
        }
        return (0..<60).map { _ in
            let a = operand()
            let b = operand()
            return Case(
                "{{ \(a) | plus: \(b) }} {{ \(a) | minus: \(b) }} {{ \(a) | times: \(b) }} "
                    + "{{ \(a) | divided_by: \(b) }} {{ \(a) | modulo: \(b) }} {{ \(a) | times: \(a) | divided_by: \(b) }} "
                    + "{{ \(a) | round: -\(next() % 30) }} {% if \(a) < \(b) %}<{% endif %}{% if \(a) == \(b) %}={% endif %}"
            )
        }
    }()
}

extension LiquidDifferentialCases.Case: ExpressibleByStringLiteral {
    init(stringLiteral template: String) { self.init(template) }

    fileprivate func withData(_ data: [String: LiquidValue]) -> Self {
        Self(template, data: data, templates: templates)
    }
}
