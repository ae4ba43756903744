extension LiquidFilters {
    static func escapeHTML(_ text: String, once: Bool) -> String {
        let bytes = Array(text.utf8)
        var result: [UInt8] = []
        result.reserveCapacity(bytes.count)
        for (index, byte) in bytes.enumerated() {
            switch byte {
            case UInt8(ascii: "&"):
                if once && isEntity(bytes, at: index) { result.append(byte) } else { result += Array("&amp;".utf8) }
            case UInt8(ascii: "<"): result += Array("&lt;".utf8)
            case UInt8(ascii: ">"): result += Array("&gt;".utf8)
            case UInt8(ascii: "\""): result += Array("&quot;".utf8)
            case UInt8(ascii: "'"): result += Array("&#39;".utf8)
            default: result.append(byte)
            }
        }
        return String(decoding: result, as: UTF8.self)
    }

    /// `&` followed by `[a-zA-Z]+;` or `#\d+;`: already an entity, which `escape_once` leaves alone.
    private static func isEntity(_ bytes: [UInt8], at index: Int) -> Bool {
        var cursor = index + 1
        func isLetter(_ byte: UInt8) -> Bool { (byte | 0x20) >= 0x61 && (byte | 0x20) <= 0x7A }
        if cursor < bytes.count, bytes[cursor] == UInt8(ascii: "#") {
            cursor += 1
            let start = cursor
            while cursor < bytes.count, bytes[cursor] >= 0x30, bytes[cursor] <= 0x39 { cursor += 1 }
            return cursor > start && cursor < bytes.count && bytes[cursor] == UInt8(ascii: ";")
        }
        let start = cursor
        while cursor < bytes.count, isLetter(bytes[cursor]) { cursor += 1 }
        return cursor > start && cursor < bytes.count && bytes[cursor] == UInt8(ascii: ";")
    }

    /// `CGI.escape`: letters, digits and `_.-~` stay, a space becomes `+`, every other byte `%XX`.
    static func urlEncode(_ text: String) -> String {
        let hex = Array("0123456789ABCDEF".utf8)
        var result: [UInt8] = []
        for byte in text.utf8 {
            if isLiquidWord(byte) || byte == UInt8(ascii: ".") || byte == UInt8(ascii: "-") || byte == UInt8(ascii: "~")
            {
                result.append(byte)
            } else if byte == UInt8(ascii: " ") {
                result.append(UInt8(ascii: "+"))
            } else {
                result += [UInt8(ascii: "%"), hex[Int(byte >> 4)], hex[Int(byte & 15)]]
            }
        }
        return String(decoding: result, as: UTF8.self)
    }

    /// `CGI.unescape`; nil when the result is not valid UTF-8.
    static func urlDecode(_ text: String) -> String? {
        let bytes = Array(text.utf8)
        var result: [UInt8] = []
        var index = 0
        func hexValue(_ byte: UInt8) -> UInt8? {
            switch byte {
            case 0x30...0x39: return byte - 0x30
            case 0x41...0x46: return byte - 0x37
            case 0x61...0x66: return byte - 0x57
            default: return nil
            }
        }
        while index < bytes.count {
            let byte = bytes[index]
            if byte == UInt8(ascii: "+") {
                result.append(UInt8(ascii: " "))
            } else if byte == UInt8(ascii: "%"), index + 2 < bytes.count, let high = hexValue(bytes[index + 1]),
                let low = hexValue(bytes[index + 2])
            {
                result.append(high << 4 | low)
                index += 2
            } else {
                result.append(byte)
            }
            index += 1
        }
        let decoded = String(decoding: result, as: UTF8.self)
        return Array(decoded.utf8) == result ? decoded : nil
    }

    static func slice(_ input: LiquidValue, _ offset: LiquidValue, _ length: LiquidValue?) throws -> LiquidValue {
        let start = try filterInteger(offset)
        // A nil length is no length (`length ? to_integer(length) : 1`).
        let count = try length.flatMap { $0 == .null ? nil : $0 }.map { try filterInteger($0) } ?? 1
        if case .array(let items) = input {
            guard let range = rubySliceRange(start, count, total: items.count) else { return .array([]) }
            return .array(Array(items[range]))
        }
        let scalars = Array(input.rubyString.unicodeScalars)
        guard let range = rubySliceRange(start, count, total: scalars.count) else { return .string("") }
        var result = String.UnicodeScalarView()
        result.append(contentsOf: scalars[range])
        return .string(String(result))
    }

    /// Ruby's `slice(start, length)`: a negative start counts from the end; nil when out of range.
    static func rubySliceRange(_ start: Int, _ length: Int, total: Int) -> Range<Int>? {
        let begin = start < 0 ? total + start : start
        guard begin >= 0, begin <= total, length >= 0 else { return nil }
        return begin..<(begin + min(length, total - begin))
    }

    /// `Utils.to_integer`: integers, or text that reads as one. One past 64 bits is refused as Ruby refuses it
    /// where a filter needs a machine integer, unless `clampingBig`: where Ruby only compares it with a length,
    /// ±2⁶² answers the same and leaves room for arithmetic.
    static func filterInteger(_ value: LiquidValue, clampingBig: Bool = false) throws -> Int {
        if case .int(let number) = value { return number }
        let text = value.rubyString.rubyStripped
        var digits = Substring(text)
        if let first = digits.first, first == "-" || first == "+" { digits = digits.dropFirst() }
        guard !digits.isEmpty, digits.allSatisfy({ $0.isASCII && $0.isNumber }) else {
            throw LiquidFilterError(message: "invalid integer")
        }
        if let number = Int(text) { return number }
        guard clampingBig else { throw LiquidFilterError(message: "bignum too big to convert into 'long'") }
        return text.hasPrefix("-") ? -(1 << 62) : 1 << 62
    }

    static func truncate(_ input: LiquidValue, _ length: LiquidValue?, _ ellipsis: LiquidValue?) throws -> LiquidValue {
        guard input != .null else { return .null }
        let text = input.rubyString
        let limit = try length.map { try filterInteger($0, clampingBig: true) } ?? 50
        let ending = ellipsis?.rubyString ?? "..."
        // Ruby counts characters as code points: in UTF-8, the bytes that do not continue one. Counted over the
        // bytes, without building an array of scalars, as this filter often sees long text.
        let bytes = text.utf8
        guard bytes.count > limit, scalarCount(bytes) > limit else { return .string(text) }
        // (A limit of `Int.min` must not overflow.)
        let keep = limit <= 0 ? 0 : max(0, limit - scalarCount(ending.utf8))
        var kept = 0
        var cut = bytes.count
        for (position, byte) in bytes.enumerated() where byte & 0xC0 != 0x80 {
            if kept == keep {
                cut = position
                break
            }
            kept += 1
        }
        return .string(String(decoding: Array(bytes)[..<cut], as: UTF8.self) + ending)
    }

    /// The code points in valid UTF-8.
    private static func scalarCount(_ bytes: String.UTF8View) -> Int {
        var count = 0
        for byte in bytes where byte & 0xC0 != 0x80 { count += 1 }
        return count
    }

    static func truncateWords(_ input: LiquidValue, _ count: LiquidValue?, _ ellipsis: LiquidValue?) throws
        -> LiquidValue
    {
        guard input != .null else { return .null }
        let text = input.rubyString
        var words = try count.map { try filterInteger($0) } ?? 15
        if words <= 0 { words = 1 }
        let list = whitespaceWords(text, limit: words + 1)
        guard list.count > words else { return .string(text) }
        return .string(list.prefix(words).joined(separator: " ") + (ellipsis?.rubyString ?? "..."))
    }

    /// `split(" ", limit)`: words separated by runs of whitespace, leading whitespace ignored; with a limit the
    /// last item is the unsplit rest. NUL is not whitespace here (Ruby's awk-style split keeps it in the words),
    /// though `strip` and `-}}` remove it.
    static func whitespaceWords(_ text: String, limit: Int = 0) -> [String] {
        let bytes = Array(text.utf8)
        var words: [String] = []
        var index = 0
        while index < bytes.count {
            while index < bytes.count, isLiquidSpace(bytes[index]) { index += 1 }
            guard index < bytes.count else { break }
            if limit > 0, words.count == limit - 1 {
                words.append(String(decoding: bytes[index...], as: UTF8.self))
                return words
            }
            let start = index
            while index < bytes.count, !isLiquidSpace(bytes[index]) { index += 1 }
            words.append(String(decoding: bytes[start..<index], as: UTF8.self))
        }
        return words
    }

    /// Ruby's `String#split(string)`: `" "` splits on whitespace runs, `""` into characters; trailing empty
    /// strings are dropped.
    static func rubySplit(_ text: String, _ separator: String) -> [String] {
        if text.isEmpty { return [] }
        if separator == " " { return whitespaceWords(text) }
        var parts: [String] = []
        if separator.isEmpty {
            parts = text.unicodeScalars.map { String($0) }
        } else {
            let bytes = Array(text.utf8)
            let pattern = Array(separator.utf8)
            var start = 0
            var index = 0
            while index + pattern.count <= bytes.count {
                if bytes[index..<(index + pattern.count)].elementsEqual(pattern) {
                    parts.append(String(decoding: bytes[start..<index], as: UTF8.self))
                    index += pattern.count
                    start = index
                } else {
                    index += 1
                }
            }
            parts.append(String(decoding: bytes[start...], as: UTF8.self))
        }
        while parts.last?.isEmpty == true { parts.removeLast() }
        return parts
    }

    static func stripHTML(_ text: String) -> String {
        var bytes = Array(text.utf8)
        // Blocks first (`<script.*?</script>`, `<!--.*?-->`, `<style.*?</style>`, leftmost first), then tags.
        let blocks: [([UInt8], [UInt8])] = [
            (Array("<script".utf8), Array("</script>".utf8)), (Array("<!--".utf8), Array("-->".utf8)),
            (Array("<style".utf8), Array("</style>".utf8)),
        ]
        var result: [UInt8] = []
        var index = 0
        outer: while index < bytes.count {
            if bytes[index] == UInt8(ascii: "<") {
                for (open, close) in blocks where bytes[index...].starts(with: open) {
                    if let end = firstIndex(of: close, in: bytes, from: index + open.count) {
                        index = end + close.count
                        continue outer
                    }
                }
            }
            result.append(bytes[index])
            index += 1
        }
        bytes = result
        result = []
        index = 0
        while index < bytes.count {
            if bytes[index] == UInt8(ascii: "<"), let end = bytes[(index + 1)...].firstIndex(of: UInt8(ascii: ">")) {
                index = end + 1
                continue
            }
            result.append(bytes[index])
            index += 1
        }
        return String(decoding: result, as: UTF8.self)
    }

    static func firstIndex(of pattern: [UInt8], in bytes: [UInt8], from start: Int) -> Int? {
        var index = start
        while index + pattern.count <= bytes.count {
            if bytes[index..<(index + pattern.count)].elementsEqual(pattern) { return index }
            index += 1
        }
        return nil
    }

    /// `gsub(/\r?\n/, replacement)`.
    static func replacingNewlines(_ text: String, with replacement: String, keepNewline: Bool = false) -> String {
        let bytes = Array(text.utf8)
        var result: [UInt8] = []
        var index = 0
        while index < bytes.count {
            if bytes[index] == UInt8(ascii: "\r"), index + 1 < bytes.count, bytes[index + 1] == UInt8(ascii: "\n") {
                result += Array(replacement.utf8)
                index += 2
            } else if bytes[index] == UInt8(ascii: "\n") {
                result += Array(replacement.utf8)
                index += 1
            } else {
                result.append(bytes[index])
                index += 1
            }
        }
        return String(decoding: result, as: UTF8.self)
    }

    enum Occurrence { case all, first, last }

    /// `gsub`/`sub` with a literal string, and `replace_last`. An empty pattern matches between every character
    /// (as Ruby's does).
    static func replacing(
        _ text: String, _ pattern: String, with replacement: String, _ which: Occurrence, _ limits: LiquidLimits
    ) throws -> String {
        let bytes = Array(text.utf8)
        let needle = Array(pattern.utf8)
        let insert = Array(replacement.utf8)
        var matches: [Int] = []
        if needle.isEmpty {
            // Between characters: at every scalar boundary, including both ends.
            var offset = 0
            for scalar in text.unicodeScalars {
                matches.append(offset)
                offset += String(scalar).utf8.count
            }
            matches.append(offset)
        } else {
            var index = 0
            while index + needle.count <= bytes.count {
                if bytes[index] == needle[0], bytes[index..<(index + needle.count)].elementsEqual(needle) {
                    matches.append(index)
                    index += needle.count
                } else {
                    index += 1
                }
            }
        }
        if which == .last, !needle.isEmpty, let lastMatch = lastIndex(of: needle, in: bytes) { matches = [lastMatch] }
        if which == .last, needle.isEmpty { matches = matches.last.map { [$0] } ?? [] }
        if which == .first { matches = Array(matches.prefix(1)) }
        guard !matches.isEmpty else { return text }
        // Checked before it is made: a long replacement at each of many matches multiplies.
        let size = matches.count.multipliedReportingOverflow(by: insert.count)
        guard !size.overflow, size.partialValue <= limits.maximumOutputBytes - bytes.count else {
            throw LiquidFilterError(message: "a value larger than \(limits.maximumOutputBytes) bytes (the limit)")
        }
        var result: [UInt8] = []
        var start = 0
        for match in matches {
            result += bytes[start..<match]
            result += insert
            start = match + needle.count
        }
        result += bytes[start...]
        return String(decoding: result, as: UTF8.self)
    }

    private static func lastIndex(of pattern: [UInt8], in bytes: [UInt8]) -> Int? {
        guard bytes.count >= pattern.count else { return nil }
        var index = bytes.count - pattern.count
        while index >= 0 {
            if bytes[index..<(index + pattern.count)].elementsEqual(pattern) { return index }
            index -= 1
        }
        return nil
    }
}

extension String {
    /// Ruby's `lstrip`: leading whitespace.
    var rubyLeftStripped: String {
        let bytes = Array(utf8)
        var start = 0
        while start < bytes.count, isLiquidSpace(bytes[start]) || bytes[start] == 0 { start += 1 }
        return String(decoding: bytes[start...], as: UTF8.self)
    }
}

/// Base64 as Ruby's `strict_encode64`/`strict_decode64` and the URL-safe pair (padding written; read with or
/// without it).
enum LiquidBase64 {
    static func encode(_ bytes: [UInt8], urlSafe: Bool) -> String {
        let alphabet = Array(
            (urlSafe
                ? "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_"
                : "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/").utf8)
        var result: [UInt8] = []
        var index = 0
        while index < bytes.count {
            let chunk = Array(bytes[index..<min(index + 3, bytes.count)])
            let value =
                (UInt32(chunk[0]) << 16) | (UInt32(chunk.count > 1 ? chunk[1] : 0) << 8)
                | UInt32(chunk.count > 2 ? chunk[2] : 0)
            result.append(alphabet[Int((value >> 18) & 63)])
            result.append(alphabet[Int((value >> 12) & 63)])
            result.append(chunk.count > 1 ? alphabet[Int((value >> 6) & 63)] : UInt8(ascii: "="))
            result.append(chunk.count > 2 ? alphabet[Int(value & 63)] : UInt8(ascii: "="))
            index += 3
        }
        return String(decoding: result, as: UTF8.self)
    }

    static func decode(_ text: String, urlSafe: Bool) -> [UInt8]? {
        var bytes = Array(text.utf8)
        if urlSafe {
            // `urlsafe_decode64` pads a string whose length is not a multiple of 4, then decodes strictly.
            if bytes.count % 4 != 0, !bytes.contains(UInt8(ascii: "=")) {
                bytes += Array(repeating: UInt8(ascii: "="), count: 4 - bytes.count % 4)
            }
        }
        guard bytes.count % 4 == 0 else { return nil }
        func value(_ byte: UInt8) -> UInt32? {
            switch byte {
            case 0x41...0x5A: return UInt32(byte - 0x41)
            case 0x61...0x7A: return UInt32(byte - 0x61 + 26)
            case 0x30...0x39: return UInt32(byte - 0x30 + 52)
            case UInt8(ascii: "+") where !urlSafe, UInt8(ascii: "-") where urlSafe: return 62
            case UInt8(ascii: "/") where !urlSafe, UInt8(ascii: "_") where urlSafe: return 63
            default: return nil
            }
        }
        var result: [UInt8] = []
        var index = 0
        while index < bytes.count {
            let quad = bytes[index..<(index + 4)]
            let padding = quad.reversed().prefix { $0 == UInt8(ascii: "=") }.count
            guard padding <= 2, index + 4 == bytes.count || padding == 0 else { return nil }
            var combined: UInt32 = 0
            for (position, byte) in quad.enumerated() {
                if position >= 4 - padding {
                    combined <<= 6
                    continue
                }
                guard let sextet = value(byte) else { return nil }
                combined = combined << 6 | sextet
            }
            result.append(UInt8((combined >> 16) & 255))
            if padding < 2 { result.append(UInt8((combined >> 8) & 255)) }
            if padding < 1 { result.append(UInt8(combined & 255)) }
            // Strict decoding refuses bits left over in the padding.
            if padding == 1, combined & 255 != 0 { return nil }
            if padding == 2, combined & 0xFFFF != 0 { return nil }
            index += 4
        }
        return result
    }
}
