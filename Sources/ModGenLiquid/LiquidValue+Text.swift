// How Ruby turns values into text: `to_s` (what `{{ }}`, `append` and friends print), `inspect` (how arrays and
// hashes print inside other text) and `Array#join`. Matching these is what makes output byte-identical to Ruby
// liquid's.

/// The text of the small integers templates print most (loop indexes, sizes, counters), made once: `String(value)`
/// costs more than the rest of printing one.
private let smallIntegerTexts: [String] = (0..<256).map { String($0) }

extension LiquidValue {
    /// Arrays and hashes stop printing once their text is longer than this: an array of a million copies of one
    /// long string is cheap to make and would print into terabytes. The text is then past every output limit
    /// (`LiquidLimits.maximumOutputBytes` is at most this), so the render stops with that limit's error.
    static let maximumTextBytes = 1 << 28

    /// Ruby's `to_s`: `nil` is empty, arrays and hashes print as `inspect` does.
    var rubyString: String {
        switch self {
        case .null: return ""
        case .bool(let value): return value ? "true" : "false"
        case .int(let value):
            return value >= 0 && value < smallIntegerTexts.count ? smallIntegerTexts[value] : String(value)
        case .bigInt(let value): return value.description
        case .float(let value): return rubyFloatString(value)
        case .string(let value): return value
        case .range(let first, let last): return "\(first)..\(last)"
        case .hash(let hash) where hash.drop != nil: return hash.drop?.rubyClassName ?? ""
        case .array, .hash: return rubyInspect
        }
    }

    /// What `{{ value }}` writes: `nil` writes nothing and an array writes its items joined, nested arrays
    /// flattened.
    var outputString: String {
        switch self {
        case .array(let items):
            var text = ""
            items.appendJoined(to: &text, separator: "")
            return text
        default: return rubyString
        }
    }

    /// Ruby's `inspect` (Ruby 3.1's spelling of hashes: `{"a"=>1}`).
    var rubyInspect: String {
        switch self {
        case .null: return "nil"
        case .string(let value): return rubyInspectString(value)
        case .array(let items):
            var text = "["
            for (index, item) in items.enumerated() {
                if index > 0 { text += ", " }
                text += item.rubyInspect
                if text.utf8.count > Self.maximumTextBytes { break }
            }
            return text + "]"
        case .hash(let hash) where hash.drop != nil:
            // Ruby prints the object's address: one loop's object is the same all through the loop (a `cycle`
            // keyed by it goes round), which its name stands in for here.
            return "#<" + (hash.drop?.rubyClassName ?? "") + " " + (hash["name"]?.rubyString ?? "") + ">"
        case .hash(let hash):
            var text = "{"
            for (index, entry) in hash.entries.enumerated() {
                if index > 0 { text += ", " }
                text += rubyInspectString(entry.key) + "=>" + entry.value.rubyInspect
                if text.utf8.count > Self.maximumTextBytes { break }
            }
            return text + "}"
        default: return rubyString
        }
    }
}

extension [LiquidValue] {
    /// Ruby's `Array#join`: nested arrays are joined recursively, `nil` is empty, everything else `to_s`. Stops
    /// once `text` is longer than `maximum` bytes (the caller's limit then refuses it).
    func appendJoined(
        to text: inout String, separator: String, stoppingPast maximum: Int = LiquidValue.maximumTextBytes
    ) {
        var first = true
        for item in self {
            if text.utf8.count > maximum { return }
            if case .array(let nested) = item {
                if nested.isEmpty { continue }
                if !first { text += separator }
                nested.appendJoined(to: &text, separator: separator, stoppingPast: maximum)
            } else {
                if !first { text += separator }
                text += item.rubyString
            }
            first = false
        }
    }
}

/// Ruby's `String#inspect` for UTF-8 text: quotes, backslash escapes for quotes, backslashes, `#{`-like sequences
/// and control characters; other characters as they are.
func rubyInspectString(_ text: String) -> String {
    var result = "\""
    let scalars = Array(text.unicodeScalars)
    for (index, scalar) in scalars.enumerated() {
        switch scalar {
        case "\"": result += "\\\""
        case "\\": result += "\\\\"
        case "\n": result += "\\n"
        case "\t": result += "\\t"
        case "\r": result += "\\r"
        case "\u{0C}": result += "\\f"
        case "\u{0B}": result += "\\v"
        case "\u{07}": result += "\\a"
        case "\u{08}": result += "\\b"
        case "\u{1B}": result += "\\e"
        case "#":
            let next = index + 1 < scalars.count ? scalars[index + 1] : " "
            result += next == "{" || next == "$" || next == "@" ? "\\#" : "#"
        default:
            // Control characters as `\u0000` (Ruby's `\x00` is for bytes that are not UTF-8); U+0085 is
            // printable to Ruby.
            if scalar.value < 0x20 || (scalar.value >= 0x7F && scalar.value < 0xA0 && scalar.value != 0x85) {
                result += "\\u00" + hexByte(UInt8(scalar.value))
            } else {
                result.unicodeScalars.append(scalar)
            }
        }
    }
    return result + "\""
}

private func hexByte(_ byte: UInt8) -> String {
    let digits = Array("0123456789ABCDEF")
    return String([digits[Int(byte >> 4)], digits[Int(byte & 15)]])
}

/// Ruby's `Float#to_s`: the shortest digits that read back the same, in fixed notation with at least one decimal
/// (`1.0`, `0.0001`) while the decimal exponent is between -4 and 16, in scientific notation otherwise
/// (`1.0e+16`, `1.0e-05`); 16 digits before the point stay fixed only with a fraction after them
/// (`1234567890123456.8`, but `1.0e+15`).
func rubyFloatString(_ value: Double) -> String {
    if value.isNaN { return "NaN" }
    if value.isInfinite { return value < 0 ? "-Infinity" : "Infinity" }
    if value == 0 { return value.sign == .minus ? "-0.0" : "0.0" }
    // Swift's description is also the shortest round-trip form. Below 1e15, where it is in fixed notation (from
    // 1e-4), it is already Ruby's text.
    if value.magnitude < 1e15 {
        let described = value.description
        if !described.utf8.contains(UInt8(ascii: "e")) { return described }
    }
    // Otherwise take its digits and exponent.
    var text = "\(value.magnitude)"
    var exponent = 0
    if let e = text.firstIndex(where: { $0 == "e" || $0 == "E" }) {
        exponent = Int(text[text.index(after: e)...]) ?? 0
        text = String(text[..<e])
    }
    var digits = ""
    var pointPosition = text.count
    if let dot = text.firstIndex(of: ".") {
        pointPosition = text.distance(from: text.startIndex, to: dot)
        digits = text.filter { $0 != "." }
    } else {
        digits = text
    }
    // Leading zeros move the point; trailing zeros carry no information.
    var decimalPoint = pointPosition + exponent
    while digits.count > 1, digits.first == "0" {
        digits.removeFirst()
        decimalPoint -= 1
    }
    while digits.count > 1, digits.last == "0" { digits.removeLast() }
    let sign = value < 0 ? "-" : ""
    // Ruby writes 16 digits before the point in fixed notation only when a fraction follows them.
    if decimalPoint < -3 || decimalPoint > 16 || (decimalPoint == 16 && digits.count <= 16) {
        let mantissa = String(digits.prefix(1)) + "." + (digits.count > 1 ? String(digits.dropFirst()) : "0")
        let shown = decimalPoint - 1
        let magnitude = String(abs(shown))
        return sign + mantissa + "e" + (shown < 0 ? "-" : "+") + (magnitude.count < 2 ? "0" : "") + magnitude
    }
    if decimalPoint <= 0 {
        return sign + "0." + String(repeating: "0", count: -decimalPoint) + digits
    }
    if decimalPoint >= digits.count {
        return sign + digits + String(repeating: "0", count: decimalPoint - digits.count) + ".0"
    }
    let split = digits.index(digits.startIndex, offsetBy: decimalPoint)
    return sign + digits[..<split] + "." + digits[split...]
}
