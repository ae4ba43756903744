/// The text forms of a property list's numbers, dates and data, read as Apple's XML reader reads them and written
/// as its writer writes them.
enum PropertyListScalarText {
    struct Problem: Error {
        var reason: String
    }

    /// The value of an `<integer>`, `<real>`, `<date>` or `<data>` element holding `text`.
    static func content(of elementName: String, text: String) throws(Problem) -> PropertyListValue.Content {
        let trimmed = text.trimmingPropertyListWhitespace()
        switch elementName {
        case "integer":
            guard let number = integer(trimmed) else {
                throw Problem(reason: "<integer> holds \(quoted(trimmed)), not an integer")
            }
            return .integer(number)
        case "real":
            guard let number = real(trimmed) else {
                throw Problem(reason: "<real> holds \(quoted(trimmed)), not a number")
            }
            // `nan`, `inf` and numbers too large for a double (1e99999) would render as words (`+infinity`) where
            // the template meant a number: no template means them.
            guard number.isFinite else {
                throw Problem(reason: "<real> holds \(quoted(trimmed)), which is not a finite number")
            }
            return .real(number)
        case "date":
            guard let date = PropertyListDate(iso8601: trimmed) else {
                throw Problem(reason: "<date> holds \(quoted(trimmed)), not a date such as 2026-01-31T12:00:00Z")
            }
            return .date(date)
        default:
            guard let bytes = PropertyListBase64.decode(text) else {
                throw Problem(reason: "<data> holds text that is not base64")
            }
            return .data(bytes)
        }
    }

    private static func quoted(_ text: Substring) -> String {
        text.isEmpty ? "nothing" : "'\(DataFileError.excerpt(String(text)))'"
    }

    /// Decimal or `0x` hexadecimal, with an optional sign; `nil` past Int's 64 bits.
    static func integer(_ text: Substring) -> Int? {
        var digits = text
        let isNegative = digits.first == "-"
        if digits.first == "-" || digits.first == "+" { digits = digits.dropFirst() }
        var radix = 10
        if digits.hasPrefix("0x") || digits.hasPrefix("0X") {
            radix = 16
            digits = digits.dropFirst(2)
        }
        guard !digits.isEmpty, digits.allSatisfy({ $0.isASCII && $0.isHexDigit && (radix == 16 || $0.isNumber) }),
            let magnitude = UInt64(digits, radix: radix)
        else { return nil }
        if isNegative { return magnitude <= UInt64(Int.max) + 1 ? Int(truncatingIfNeeded: 0 &- magnitude) : nil }
        return magnitude <= UInt64(Int.max) ? Int(magnitude) : nil
    }

    /// A decimal number, `nan`, `inf`, `infinity` (any case, optionally signed).
    static func real(_ text: Substring) -> Double? {
        switch text.lowercased() {
        case "nan", "+nan", "-nan": return .nan
        case "inf", "+inf", "infinity", "+infinity": return .infinity
        case "-inf", "-infinity": return -.infinity
        default: break
        }
        // Swift's reader also takes hexadecimal floats and a bare "nan(…)"; Apple's takes neither.
        guard !text.isEmpty, text.allSatisfy({ $0.isASCII && ($0.isNumber || "+-.eE".contains($0)) }) else {
            return nil
        }
        return Double(text)
    }

    /// How `<real>` writes a number: whole numbers without a fraction, others in the shortest form that reads back
    /// as the same double.
    static func real(_ number: Double) -> String {
        if number.isNaN { return "nan" }
        if number.isInfinite { return number > 0 ? "+infinity" : "-infinity" }
        if number == number.rounded(), abs(number) < 1e15 { return String(Int(number)) }
        return "\(number)"
    }
}

/// Base64 as property lists write data: whitespace between the characters is ignored when reading.
enum PropertyListBase64 {
    private static let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/".utf8)

    private static let values: [UInt8] = {
        var table = [UInt8](repeating: 0xFF, count: 256)
        for (index, byte) in alphabet.enumerated() { table[Int(byte)] = UInt8(index) }
        return table
    }()

    /// The bytes `text` encodes; `nil` for a character outside the alphabet or padding in the middle.
    static func decode(_ text: String) -> [UInt8]? {
        var bytes: [UInt8] = []
        var accumulator: UInt32 = 0
        var bitCount = 0
        var paddingSeen = false
        for byte in text.utf8 {
            if PropertyList.isWhitespace(byte) { continue }
            if byte == UInt8(ascii: "=") {
                paddingSeen = true
                continue
            }
            let value = values[Int(byte)]
            guard value != 0xFF, !paddingSeen else { return nil }
            accumulator = accumulator << 6 | UInt32(value)
            bitCount += 6
            if bitCount >= 8 {
                bitCount -= 8
                bytes.append(UInt8(truncatingIfNeeded: accumulator >> UInt32(bitCount)))
            }
        }
        return bytes
    }

    /// `bytes` in base64 with padding, in lines of at most `lineLength` characters.
    static func encode(_ bytes: [UInt8], lineLength: Int) -> [String] {
        var text: [UInt8] = []
        var index = 0
        while index < bytes.count {
            let chunk = bytes[index..<min(index + 3, bytes.count)]
            let group = chunk.enumerated().reduce(UInt32(0)) { $0 | UInt32($1.element) << UInt32(16 - 8 * $1.offset) }
            for position in 0..<4 {
                text.append(
                    position <= chunk.count
                        ? alphabet[Int(group >> UInt32(18 - 6 * position) & 0x3F)] : UInt8(ascii: "="))
            }
            index += 3
        }
        return stride(from: 0, to: text.count, by: lineLength).map {
            String(decoding: text[$0..<min($0 + lineLength, text.count)], as: UTF8.self)
        }
    }
}
