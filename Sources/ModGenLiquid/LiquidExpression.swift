/// A value in a tag or output: a literal, a variable lookup (`user.name`, `items[0]`, `list.size`) or a range.
/// Only the recursive cases are boxed: a literal is read without a pointer to follow.
enum LiquidExpression: Sendable {
    case literal(LiquidValue)
    indirect case lookup(LiquidLookup)
    indirect case range(LiquidExpression, LiquidExpression)
    /// `blank` and `empty` compared with `==` in a condition: they ask the other side whether it is blank/empty.
    case emptiness(blank: Bool)

    /// Ruby liquid's `Expression.parse`, used by lax and strict parsing alike: quoted strings, integers, ranges
    /// `(a..b)`, floats, the literals `nil`/`null`/`true`/`false`/`blank`/`empty`, otherwise a variable lookup.
    static func parse(_ markup: String) -> LiquidExpression {
        let text = markup.rubyStripped
        let bytes = Array(text.utf8)
        guard let first = bytes.first, let last = bytes.last else { return .literal(.null) }
        if (first == UInt8(ascii: "\"") && last == UInt8(ascii: "\""))
            || (first == UInt8(ascii: "'") && last == UInt8(ascii: "'"))
        {
            return .literal(
                .string(bytes.count < 2 ? "" : String(decoding: bytes[1..<(bytes.count - 1)], as: UTF8.self)))
        }
        if isInteger(bytes) {
            if let value = Int(text) { return .literal(.int(value)) }
            if let value = LiquidBigInt(digits: text) { return .literal(.bigInt(value)) }
            return .literal(.float(Double(text) ?? 0))
        }
        if let (start, end) = rangeParts(bytes) {
            let low = parse(start)
            let high = parse(end)
            switch (low, high) {
            // A big end is refused when the range is made, as a lookup's would be.
            case (.lookup, _), (_, .lookup), (.range, _), (_, .range), (.literal(.bigInt), _), (_, .literal(.bigInt)):
                return .range(low, high)
            default: return .literal(.range(low.constantInteger, high.constantInteger))
            }
        }
        if isFloat(bytes) { return .literal(.float(rubyToF(text))) }
        switch text {
        case "nil", "null": return .literal(.null)
        case "true": return .literal(.bool(true))
        case "false": return .literal(.bool(false))
        case "blank", "empty": return .literal(.string(""))
        default: return .lookup(LiquidLookup(markup: bytes))
        }
    }

    /// `Condition.parse_expression`: `blank` and `empty` are special on either side of `==`.
    static func parseInCondition(_ markup: String) -> LiquidExpression {
        switch markup {
        case "blank": return .emptiness(blank: true)
        case "empty": return .emptiness(blank: false)
        default: return parse(markup)
        }
    }

    /// A literal range end as Ruby's `to_i` reads it.
    private var constantInteger: Int {
        guard case .literal(let value) = self else { return 0 }
        return value.rubyToI
    }

    private static func isInteger(_ bytes: [UInt8]) -> Bool {
        var digits = bytes[...]
        if digits.first == UInt8(ascii: "-") { digits = digits.dropFirst() }
        return !digits.isEmpty && digits.allSatisfy { $0 >= 0x30 && $0 <= 0x39 }
    }

    /// `\A-?\d[\d\.]+\z`.
    private static func isFloat(_ bytes: [UInt8]) -> Bool {
        var rest = bytes[...]
        if rest.first == UInt8(ascii: "-") { rest = rest.dropFirst() }
        guard let first = rest.first, first >= 0x30 && first <= 0x39, rest.count >= 2 else { return false }
        return rest.dropFirst().allSatisfy { ($0 >= 0x30 && $0 <= 0x39) || $0 == UInt8(ascii: ".") }
    }

    /// `\A\(\s*(?>(\S+)\s*\.\.)\s*(\S+)\s*\)\z`: the start is the longest non-space run before a `..`.
    private static func rangeParts(_ bytes: [UInt8]) -> (String, String)? {
        guard bytes.count >= 2, bytes.first == UInt8(ascii: "("), bytes.last == UInt8(ascii: ")") else { return nil }
        let inner = Array(bytes[1..<(bytes.count - 1)])
        var index = 0
        while index < inner.count, isLiquidSpace(inner[index]) { index += 1 }
        let startBegin = index
        while index < inner.count, !isLiquidSpace(inner[index]) { index += 1 }
        let runEnd = index
        // Within the run, the last `..` that leaves a non-empty start.
        var split: (startEnd: Int, after: Int)?
        var probe = runEnd - 2
        while probe > startBegin {
            if inner[probe] == UInt8(ascii: "."), inner[probe + 1] == UInt8(ascii: ".") {
                split = (probe, probe + 2)
                break
            }
            probe -= 1
        }
        if split == nil {
            // `(1 ..5)`: the run ends, spaces, then `..`.
            var after = runEnd
            while after < inner.count, isLiquidSpace(inner[after]) { after += 1 }
            if runEnd > startBegin, after + 1 < inner.count, inner[after] == UInt8(ascii: "."),
                inner[after + 1] == UInt8(ascii: ".")
            {
                split = (runEnd, after + 2)
            }
        }
        guard let (startEnd, after) = split else { return nil }
        var endBegin = after
        while endBegin < inner.count, isLiquidSpace(inner[endBegin]) { endBegin += 1 }
        var endEnd = inner.count
        while endEnd > endBegin, isLiquidSpace(inner[endEnd - 1]) { endEnd -= 1 }
        guard endEnd > endBegin, !inner[endBegin..<endEnd].contains(where: isLiquidSpace) else { return nil }
        return (
            String(decoding: inner[startBegin..<startEnd], as: UTF8.self),
            String(decoding: inner[endBegin..<endEnd], as: UTF8.self)
        )
    }
}

/// A variable and the keys looked up on it: `VariableLookup` of Ruby liquid.
struct LiquidLookup: Sendable {
    enum Key: Sendable {
        /// A name after a dot; `size`, `first` and `last` also work as commands when no such key exists.
        case name(String, isCommand: Bool)
        /// `[expression]`.
        case expression(LiquidExpression)
    }

    var name: Key
    var keys: [Key]

    /// Scans `\[[^\]]+\]|[\w-]+\??` over the markup, as Ruby liquid does: anything else (dots, stray characters)
    /// separates the parts and is otherwise ignored.
    init(markup bytes: [UInt8]) {
        var parts: [Key] = []
        var index = 0
        while index < bytes.count {
            let byte = bytes[index]
            if byte == UInt8(ascii: "[") {
                var end = index + 1
                while end < bytes.count, bytes[end] != UInt8(ascii: "]") { end += 1 }
                if end < bytes.count, end > index + 1 {
                    let inner = String(decoding: bytes[(index + 1)..<end], as: UTF8.self)
                    parts.append(.expression(LiquidExpression.parse(inner)))
                    index = end + 1
                    continue
                }
                index += 1
            } else if isLiquidWord(byte) || byte == UInt8(ascii: "-") {
                var end = index + 1
                while end < bytes.count, isLiquidWord(bytes[end]) || bytes[end] == UInt8(ascii: "-") { end += 1 }
                if end < bytes.count, bytes[end] == UInt8(ascii: "?") { end += 1 }
                let word = String(decoding: bytes[index..<end], as: UTF8.self)
                parts.append(.name(word, isCommand: word == "size" || word == "first" || word == "last"))
                index = end
            } else {
                index += 1
            }
        }
        if parts.isEmpty {
            name = .expression(.literal(.null))
            keys = []
            return
        }
        // The variable's own name is never a command.
        if case .name(let word, _) = parts[0] { parts[0] = .name(word, isCommand: false) }
        name = parts[0]
        keys = Array(parts.dropFirst())
    }
}

extension LiquidValue {
    /// Ruby's `to_i` on what a range end or a `cols:` may be.
    var rubyToI: Int {
        switch self {
        case .int(let value): return value
        case .float(let value): return value.isFinite ? Int(clamping: value) : 0
        case .string(let text): return rubyStringToI(text)
        default: return 0
        }
    }
}

extension Int {
    init(clamping value: Double) {
        if value >= 9.2e18 { self = .max } else if value <= -9.2e18 { self = .min } else { self = Int(value) }
    }
}

/// Ruby's `String#to_i`: leading whitespace, a sign, then digits (underscores between digits allowed); 0 if none.
func rubyStringToI(_ text: String) -> Int {
    text.withUTF8Bytes { buffer in
        var bytes = buffer[...]
        while let first = bytes.first, isLiquidSpace(first) { bytes = bytes.dropFirst() }
        var negative = false
        if let sign = bytes.first, sign == UInt8(ascii: "-") || sign == UInt8(ascii: "+") {
            negative = sign == UInt8(ascii: "-")
            bytes = bytes.dropFirst()
        }
        var value = 0
        var previousDigit = false
        for byte in bytes {
            if byte >= 0x30 && byte <= 0x39 {
                let (times, overflow1) = value.multipliedReportingOverflow(by: 10)
                let (sum, overflow2) = times.addingReportingOverflow(Int(byte - 0x30))
                if overflow1 || overflow2 { return negative ? .min : .max }
                value = sum
                previousDigit = true
            } else if byte == UInt8(ascii: "_") && previousDigit {
                previousDigit = false
            } else {
                break
            }
        }
        return negative ? -value : value
    }
}

/// Ruby's `String#to_f`: the longest prefix that reads as a decimal number (with an optional exponent); 0.0 if none.
func rubyToF(_ text: String) -> Double {
    let bytes = Array(text.utf8)
    var index = 0
    while index < bytes.count, isLiquidSpace(bytes[index]) { index += 1 }
    let start = index
    if index < bytes.count, bytes[index] == UInt8(ascii: "-") || bytes[index] == UInt8(ascii: "+") { index += 1 }
    let digitsStart = index
    func digits() {
        while index < bytes.count,
            (bytes[index] >= 0x30 && bytes[index] <= 0x39)
                || (bytes[index] == UInt8(ascii: "_") && index > digitsStart && bytes[index - 1] != UInt8(ascii: "_")
                    && index + 1 < bytes.count && bytes[index + 1] >= 0x30 && bytes[index + 1] <= 0x39)
        {
            index += 1
        }
    }
    digits()
    guard index > digitsStart else { return 0 }
    var end = index
    if index + 1 < bytes.count, bytes[index] == UInt8(ascii: "."), bytes[index + 1] >= 0x30, bytes[index + 1] <= 0x39 {
        index += 1
        digits()
        end = index
    }
    if index < bytes.count, bytes[index] == UInt8(ascii: "e") || bytes[index] == UInt8(ascii: "E") {
        var exponent = index + 1
        if exponent < bytes.count, bytes[exponent] == UInt8(ascii: "-") || bytes[exponent] == UInt8(ascii: "+") {
            exponent += 1
        }
        if exponent < bytes.count, bytes[exponent] >= 0x30, bytes[exponent] <= 0x39 {
            index = exponent
            digits()
            end = index
        }
    }
    let number = String(decoding: bytes[start..<end].filter { $0 != UInt8(ascii: "_") }, as: UTF8.self)
    return Double(number) ?? 0
}
