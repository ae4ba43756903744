/// A standard filter, resolved from its name when the template is parsed, so a render never looks a name up.
enum LiquidFilterFunction: String, Sendable {
    case size
    case downcase
    case upcase
    case capitalize
    case escape
    case h
    case escapeOnce = "escape_once"
    case urlEncode = "url_encode"
    case urlDecode = "url_decode"
    case base64Encode = "base64_encode"
    case base64Decode = "base64_decode"
    case base64UrlSafeEncode = "base64_url_safe_encode"
    case base64UrlSafeDecode = "base64_url_safe_decode"
    case slice
    case truncate
    case truncatewords
    case split
    case strip
    case lstrip
    case rstrip
    case stripHtml = "strip_html"
    case stripNewlines = "strip_newlines"
    case join
    case sort
    case sortNatural = "sort_natural"
    case whereEqual = "where"
    case uniq
    case reverse
    case map
    case compact
    case replace
    case replaceFirst = "replace_first"
    case replaceLast = "replace_last"
    case remove
    case removeFirst = "remove_first"
    case removeLast = "remove_last"
    case append
    case concat
    case prepend
    case newlineToBr = "newline_to_br"
    case date
    case first
    case last
    case abs
    case plus
    case minus
    case times
    case dividedBy = "divided_by"
    case modulo
    case round
    case ceil
    case floor
    case atLeast = "at_least"
    case atMost = "at_most"
    case `default`

    /// Required and optional arguments after the input, as the Ruby methods declare them.
    var arity: (required: Int, optional: Int) {
        switch self {
        case .size, .downcase, .upcase, .capitalize, .escape, .h, .escapeOnce, .urlEncode, .urlDecode, .base64Encode,
            .base64Decode, .base64UrlSafeEncode, .base64UrlSafeDecode, .strip, .lstrip, .rstrip, .stripHtml,
            .stripNewlines, .reverse, .newlineToBr, .first, .last, .abs, .ceil, .floor:
            return (0, 0)
        case .slice, .whereEqual, .replace, .replaceFirst: return (1, 2)
        case .truncate, .truncatewords, .default: return (0, 2)
        case .split, .map, .remove, .removeFirst, .removeLast, .append, .concat, .prepend, .date, .plus, .minus, .times,
            .dividedBy, .modulo, .atLeast, .atMost:
            return (1, 1)
        case .join, .sort, .sortNatural, .uniq, .compact, .round: return (0, 1)
        case .replaceLast: return (2, 2)
        }
    }
}

/// A filter's arguments after its input, evaluated. No standard filter uses more than two (more is an argument-count
/// error, which needs only the count), so two are held inline and the rest only counted: applying a filter allocates
/// no array for its arguments.
struct LiquidFilterArguments {
    private(set) var count = 0
    private var first: LiquidValue = .null
    private var second: LiquidValue = .null

    mutating func append(_ value: LiquidValue) {
        switch count {
        case 0: first = value
        case 1: second = value
        default: break
        }
        count += 1
    }

    /// The argument at `index`, which is 0 or 1 and less than `count`.
    subscript(index: Int) -> LiquidValue { index == 0 ? first : second }
}

/// A filter that failed: Ruby liquid's `Liquid::ArgumentError` and friends, placed at the output by the renderer.
struct LiquidFilterError: Error {
    var message: String
}

/// Ruby liquid 5.4's standard filters, with its argument counts, conversions and quirks.
enum LiquidFilters {
    /// Applies `function` (spelled `name` in the template, for messages); an unknown filter (`function` nil) hands its
    /// input on, as lax mode does.
    static func apply(
        _ function: LiquidFilterFunction?, named name: String, to input: LiquidValue, arguments: LiquidFilterArguments,
        limits: LiquidLimits
    )
        throws -> LiquidValue
    {
        guard let function else { return input }
        // Every filter but these makes a range's items, one step's work each: a range longer than a render may
        // take is refused before they are made.
        if case .range(let low, let high) = input, function != .size, function != .first, function != .last {
            let count = rangeCount(low, high) ?? .max
            guard count <= limits.maximumSteps else {
                throw LiquidFilterError(
                    message:
                        "a range of \(count) items is more than the \(limits.maximumSteps) steps a render may take (the limit)"
                )
            }
        }
        let (required, optional) = function.arity
        guard arguments.count >= required, arguments.count <= optional else {
            let expected = required == optional ? "\(required + 1)" : "\(required + 1)..\(optional + 1)"
            throw LiquidFilterError(
                message: "wrong number of arguments (given \(arguments.count + 1), expected \(expected))")
        }
        func argument(_ index: Int) -> LiquidValue? { index < arguments.count ? arguments[index] : nil }
        // Computed where a filter reads it: most filters of arrays and numbers never need the text.
        var text: String { input.rubyString }
        switch function {
        case .size: return sizeOf(input)
        case .downcase: return .string(text.lowercased())
        case .upcase: return .string(text.uppercased())
        case .capitalize:
            let text = text
            guard let first = text.first else { return .string("") }
            return .string(String(first).uppercased() + text.dropFirst().lowercased())
        case .escape, .h:
            return input == .null ? .null : .string(escapeHTML(text, once: false))
        case .escapeOnce: return .string(escapeHTML(text, once: true))
        case .urlEncode: return input == .null ? .null : .string(urlEncode(text))
        case .urlDecode:
            guard input != .null else { return .null }
            guard let decoded = urlDecode(text) else {
                throw LiquidFilterError(message: "invalid byte sequence in UTF-8")
            }
            return .string(decoded)
        case .base64Encode: return .string(LiquidBase64.encode(Array(text.utf8), urlSafe: false))
        case .base64UrlSafeEncode: return .string(LiquidBase64.encode(Array(text.utf8), urlSafe: true))
        case .base64Decode, .base64UrlSafeDecode:
            guard let bytes = LiquidBase64.decode(text, urlSafe: function == .base64UrlSafeDecode) else {
                throw LiquidFilterError(message: "invalid base64 provided to \(name)")
            }
            // Ruby gives binary bytes, which print into no text file: refused, never replacement characters.
            let decoded = String(decoding: bytes, as: UTF8.self)
            guard decoded.utf8.elementsEqual(bytes) else {
                throw LiquidFilterError(message: "\(name) gives bytes that are not UTF-8 text")
            }
            return .string(decoded)
        case .slice: return try slice(input, arguments[0], argument(1))
        case .truncate: return try truncate(input, argument(0), argument(1))
        case .truncatewords: return try truncateWords(input, argument(0), argument(1))
        case .split: return .array(rubySplit(text, arguments[0].rubyString).map { .string($0) })
        case .strip: return .string(text.rubyStripped)
        case .lstrip: return .string(text.rubyLeftStripped)
        case .rstrip: return .string(text.rubyRightStripped)
        case .stripHtml: return .string(stripHTML(text))
        case .stripNewlines: return .string(replacingNewlines(text, with: ""))
        case .newlineToBr: return .string(replacingNewlines(text, with: "<br />\n", keepNewline: true))
        case .join:
            var joined = ""
            // Stops once past the limit: an array of a million copies of one long string is cheap to make.
            inputItems(input).appendJoined(
                to: &joined, separator: argument(0)?.rubyString ?? " ", stoppingPast: limits.maximumOutputBytes)
            return .string(joined)
        case .sort: return try sort(input, property: argument(0), natural: false)
        case .sortNatural: return try sort(input, property: argument(0), natural: true)
        case .whereEqual: return try whereFilter(input, arguments[0], argument(1))
        case .uniq: return try uniq(input, property: argument(0))
        case .reverse: return .array(inputItems(input).reversed())
        case .map: return try map(input, arguments[0])
        case .compact: return try compact(input, property: argument(0))
        case .replace:
            return .string(
                try replacing(text, arguments[0].rubyString, with: argument(1)?.rubyString ?? "", .all, limits))
        case .replaceFirst:
            return .string(
                try replacing(text, arguments[0].rubyString, with: argument(1)?.rubyString ?? "", .first, limits))
        case .replaceLast:
            return .string(try replacing(text, arguments[0].rubyString, with: arguments[1].rubyString, .last, limits))
        case .remove: return .string(try replacing(text, arguments[0].rubyString, with: "", .all, limits))
        case .removeFirst: return .string(try replacing(text, arguments[0].rubyString, with: "", .first, limits))
        case .removeLast: return .string(try replacing(text, arguments[0].rubyString, with: "", .last, limits))
        case .append: return .string(text + arguments[0].rubyString)
        case .prepend: return .string(arguments[0].rubyString + text)
        case .concat:
            guard case .array(let more) = arguments[0] else {
                throw LiquidFilterError(message: "concat filter requires an array argument")
            }
            return .array(inputItems(input) + more)
        case .date: return try LiquidDate.filter(input, format: arguments[0])
        case .first:
            switch input {
            case .array(let items): return items.first ?? .null
            case .range(let low, _): return .int(low)
            case .hash(let hash) where hash.drop != nil: return hash["first"] ?? .null
            case .hash(let hash):
                guard let entry = hash.entries.first else { return .null }
                return .array([.string(entry.key), entry.value])
            default: return .null
            }
        case .last:
            switch input {
            case .array(let items): return items.last ?? .null
            case .range(_, let high): return .int(high)
            case .hash(let hash) where hash.drop != nil: return hash["last"] ?? .null
            default: return .null
            }
        case .abs, .plus, .minus, .times, .dividedBy, .modulo, .round, .ceil, .floor, .atLeast, .atMost:
            return try LiquidArithmetic.apply(function, input, argument(0))
        case .default: return defaultFilter(input, argument(0) ?? .string(""), options: argument(1))
        }
    }

    static func sizeOf(_ input: LiquidValue) -> LiquidValue {
        switch input {
        case .string(let text): return .int(text.unicodeScalars.count)
        case .array(let items): return .int(items.count)
        case .hash(let hash): return .int(hash.drop == nil ? hash.count : 0)
        case .int: return .int(8)
        case .bigInt(let number): return .int(max(8, number.magnitudeByteCount))
        case .range(let low, let high): return rangeSize(low, high)
        default: return .int(0)
        }
    }

    /// How many integers `low...high` holds, or nil past the largest integer.
    static func rangeCount(_ low: Int, _ high: Int) -> Int? {
        guard high >= low else { return 0 }
        let (difference, overflow) = high.subtractingReportingOverflow(low)
        return overflow || difference == .max ? nil : difference + 1
    }

    /// Ruby's `Range#size`, past the largest integer too.
    static func rangeSize(_ low: Int, _ high: Int) -> LiquidValue {
        rangeCount(low, high).map { .int($0) } ?? .bigInt(LiquidBigInt(high) - LiquidBigInt(low) + LiquidBigInt(1))
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
