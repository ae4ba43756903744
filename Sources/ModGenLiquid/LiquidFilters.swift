/// A filter that failed: Ruby liquid's `Liquid::ArgumentError` and friends, placed at the output by the renderer.
struct LiquidFilterError: Error {
    var message: String
}

/// Ruby liquid 5.4's standard filters, with its argument counts, conversions and quirks.
enum LiquidFilters {
    /// Required and optional arguments after the input, as the Ruby methods declare them.
    static let arity: [String: (Int, Int)] = [
        "size": (0, 0), "downcase": (0, 0), "upcase": (0, 0), "capitalize": (0, 0), "escape": (0, 0), "h": (0, 0),
        "escape_once": (0, 0), "url_encode": (0, 0), "url_decode": (0, 0), "base64_encode": (0, 0),
        "base64_decode": (0, 0), "base64_url_safe_encode": (0, 0), "base64_url_safe_decode": (0, 0),
        "slice": (1, 2), "truncate": (0, 2), "truncatewords": (0, 2), "split": (1, 1), "strip": (0, 0),
        "lstrip": (0, 0), "rstrip": (0, 0), "strip_html": (0, 0), "strip_newlines": (0, 0), "join": (0, 1),
        "sort": (0, 1), "sort_natural": (0, 1), "where": (1, 2), "uniq": (0, 1), "reverse": (0, 0), "map": (1, 1),
        "compact": (0, 1), "replace": (1, 2), "replace_first": (1, 2), "replace_last": (2, 2), "remove": (1, 1),
        "remove_first": (1, 1), "remove_last": (1, 1), "append": (1, 1), "concat": (1, 1), "prepend": (1, 1),
        "newline_to_br": (0, 0), "date": (1, 1), "first": (0, 0), "last": (0, 0), "abs": (0, 0), "plus": (1, 1),
        "minus": (1, 1), "times": (1, 1), "divided_by": (1, 1), "modulo": (1, 1), "round": (0, 1), "ceil": (0, 0),
        "floor": (0, 0), "at_least": (1, 1), "at_most": (1, 1), "default": (0, 2),
    ]

    static func apply(_ name: String, to input: LiquidValue, arguments: [LiquidValue]) throws -> LiquidValue {
        // An unknown filter hands its input on, as lax mode does.
        guard let (required, optional) = arity[name] else { return input }
        guard arguments.count >= required, arguments.count <= optional else {
            let expected = required == optional ? "\(required + 1)" : "\(required + 1)..\(optional + 1)"
            throw LiquidFilterError(
                message: "wrong number of arguments (given \(arguments.count + 1), expected \(expected))")
        }
        func argument(_ index: Int) -> LiquidValue? { index < arguments.count ? arguments[index] : nil }
        // Computed where a filter reads it: most filters of arrays and numbers never need the text.
        var text: String { input.rubyString }
        switch name {
        case "size": return sizeOf(input)
        case "downcase": return .string(text.lowercased())
        case "upcase": return .string(text.uppercased())
        case "capitalize":
            let text = text
            guard let first = text.first else { return .string("") }
            return .string(String(first).uppercased() + text.dropFirst().lowercased())
        case "escape", "h":
            return input == .null ? .null : .string(escapeHTML(text, once: false))
        case "escape_once": return .string(escapeHTML(text, once: true))
        case "url_encode": return input == .null ? .null : .string(urlEncode(text))
        case "url_decode":
            guard input != .null else { return .null }
            guard let decoded = urlDecode(text) else {
                throw LiquidFilterError(message: "invalid byte sequence in UTF-8")
            }
            return .string(decoded)
        case "base64_encode": return .string(LiquidBase64.encode(Array(text.utf8), urlSafe: false))
        case "base64_url_safe_encode": return .string(LiquidBase64.encode(Array(text.utf8), urlSafe: true))
        case "base64_decode", "base64_url_safe_decode":
            guard let bytes = LiquidBase64.decode(text, urlSafe: name != "base64_decode") else {
                throw LiquidFilterError(message: "invalid base64 provided to \(name)")
            }
            // Ruby gives binary bytes, which print into no text file: refused, never replacement characters.
            let decoded = String(decoding: bytes, as: UTF8.self)
            guard decoded.utf8.elementsEqual(bytes) else {
                throw LiquidFilterError(message: "\(name) gives bytes that are not UTF-8 text")
            }
            return .string(decoded)
        case "slice": return try slice(input, arguments[0], argument(1))
        case "truncate": return try truncate(input, argument(0), argument(1))
        case "truncatewords": return try truncateWords(input, argument(0), argument(1))
        case "split": return .array(rubySplit(text, arguments[0].rubyString).map { .string($0) })
        case "strip": return .string(text.rubyStripped)
        case "lstrip": return .string(text.rubyLeftStripped)
        case "rstrip": return .string(text.rubyRightStripped)
        case "strip_html": return .string(stripHTML(text))
        case "strip_newlines": return .string(replacingNewlines(text, with: ""))
        case "newline_to_br": return .string(replacingNewlines(text, with: "<br />\n", keepNewline: true))
        case "join":
            var joined = ""
            inputItems(input).appendJoined(to: &joined, separator: argument(0)?.rubyString ?? " ")
            return .string(joined)
        case "sort": return try sort(input, property: argument(0), natural: false)
        case "sort_natural": return try sort(input, property: argument(0), natural: true)
        case "where": return try whereFilter(input, arguments[0], argument(1))
        case "uniq": return try uniq(input, property: argument(0))
        case "reverse": return .array(inputItems(input).reversed())
        case "map": return try map(input, arguments[0])
        case "compact": return try compact(input, property: argument(0))
        case "replace":
            return .string(replacing(text, arguments[0].rubyString, with: argument(1)?.rubyString ?? "", .all))
        case "replace_first":
            return .string(replacing(text, arguments[0].rubyString, with: argument(1)?.rubyString ?? "", .first))
        case "replace_last":
            return .string(replacing(text, arguments[0].rubyString, with: arguments[1].rubyString, .last))
        case "remove": return .string(replacing(text, arguments[0].rubyString, with: "", .all))
        case "remove_first": return .string(replacing(text, arguments[0].rubyString, with: "", .first))
        case "remove_last": return .string(replacing(text, arguments[0].rubyString, with: "", .last))
        case "append": return .string(text + arguments[0].rubyString)
        case "prepend": return .string(arguments[0].rubyString + text)
        case "concat":
            guard case .array(let more) = arguments[0] else {
                throw LiquidFilterError(message: "concat filter requires an array argument")
            }
            return .array(inputItems(input) + more)
        case "date": return try LiquidDate.filter(input, format: arguments[0])
        case "first":
            switch input {
            case .array(let items): return items.first ?? .null
            case .range(let low, _): return .int(low)
            case .hash(let hash) where hash.drop != nil: return hash["first"] ?? .null
            case .hash(let hash):
                guard let key = hash.keys.first else { return .null }
                return .array([.string(key), hash[key] ?? .null])
            default: return .null
            }
        case "last":
            switch input {
            case .array(let items): return items.last ?? .null
            case .range(_, let high): return .int(high)
            case .hash(let hash) where hash.drop != nil: return hash["last"] ?? .null
            default: return .null
            }
        case "abs", "plus", "minus", "times", "divided_by", "modulo", "round", "ceil", "floor", "at_least",
            "at_most":
            return try LiquidArithmetic.apply(name, input, argument(0))
        case "default": return defaultFilter(input, argument(0) ?? .string(""), options: argument(1))
        default: return input
        }
    }

    static func sizeOf(_ input: LiquidValue) -> LiquidValue {
        switch input {
        case .string(let text): return .int(text.unicodeScalars.count)
        case .array(let items): return .int(items.count)
        case .hash(let hash): return .int(hash.drop == nil ? hash.count : 0)
        case .int: return .int(8)
        case .range(let low, let high): return .int(max(0, high - low + 1))
        default: return .int(0)
        }
    }

    /// `InputIterator`: an array flattened, a hash as one item, a range's integers, `nil` as nothing, anything
    /// else as one item.
    static func inputItems(_ input: LiquidValue) -> [LiquidValue] {
        switch input {
        case .array(let items):
            var flat: [LiquidValue] = []
            func flatten(_ values: [LiquidValue]) {
                for value in values {
                    if case .array(let nested) = value { flatten(nested) } else { flat.append(value) }
                }
            }
            flatten(items)
            return flat
        case .null: return []
        case .range(let low, let high): return high >= low ? (low...high).map { .int($0) } : []
        default: return [input]
        }
    }

    static func defaultFilter(_ input: LiquidValue, _ fallback: LiquidValue, options: LiquidValue?) -> LiquidValue {
        var allowFalse = false
        if case .hash(let hash) = options { allowFalse = hash["allow_false"]?.isTruthy ?? false }
        let missing = allowFalse ? input == .null : !input.isTruthy
        if missing { return fallback }
        switch input {
        case .string(let text) where text.isEmpty: return fallback
        case .array(let items) where items.isEmpty: return fallback
        case .hash(let hash) where hash.isEmpty: return fallback
        default: return input
        }
    }
}
