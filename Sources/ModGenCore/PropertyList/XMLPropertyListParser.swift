/// Reads an XML property list as Apple's reader does, leniently where real files are sloppy: the `<plist>` wrapper
/// may be missing, a `<key>` standing where a dictionary's value should be is read as a string, attributes are
/// ignored. Strings keep their whitespace; numbers, dates and data ignore the whitespace around them.
struct XMLPropertyListParser {
    var cursor: PropertyListTextCursor

    /// A start tag read up to its `>`.
    private struct Tag {
        var name: String
        var isEmpty: Bool
        var position: SourcePosition
    }

    static func isNameByte(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
            UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "_"), UInt8(ascii: ":"), UInt8(ascii: "."),
            UInt8(ascii: "-"):
            return true
        default:
            return false
        }
    }

    mutating func parseDocument() throws(DataFileError) -> PropertyListValue {
        try skipMisc()
        guard !cursor.isAtEnd else { throw cursor.error("the file holds no property list") }
        let tag = try readStartTag()
        let value: PropertyListValue
        if tag.name == "plist" {
            guard !tag.isEmpty else { throw cursor.error("the <plist> element holds no value", at: tag.position) }
            try skipMisc()
            guard !cursor.starts(with: "</") else { throw cursor.error("the <plist> element holds no value") }
            value = try parseValue(try readStartTag(), context: "<plist>")
            try skipMisc()
            try readEndTag(of: tag)
        } else {
            value = try parseValue(tag, context: "the file")
        }
        try skipMisc()
        guard cursor.isAtEnd else {
            throw cursor.error("unexpected \(cursor.currentCharacter) after the property list")
        }
        return value
    }

    /// Skips whitespace, comments, processing instructions (`<?xml …?>`) and the DOCTYPE.
    private mutating func skipMisc() throws(DataFileError) {
        while true {
            cursor.skipWhitespace()
            let start = cursor.position()
            if cursor.skip("<!--") {
                guard cursor.skip(past: "-->") else { throw cursor.error("unclosed comment (opened at \(start))") }
            } else if cursor.skip("<?") {
                guard cursor.skip(past: "?>") else { throw cursor.error("unclosed <? (opened at \(start))") }
            } else if cursor.skip("<!DOCTYPE") {
                try skipDoctype(openedAt: start)
            } else {
                return
            }
        }
    }

    /// Past the DOCTYPE's `>`, over quoted identifiers and an internal subset in brackets, which may hold `>`.
    private mutating func skipDoctype(openedAt start: SourcePosition) throws(DataFileError) {
        var quote: UInt8?
        var bracketDepth = 0
        while let byte = cursor.current {
            cursor.advance()
            if let open = quote {
                if byte == open { quote = nil }
            } else if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "'") {
                quote = byte
            } else if byte == UInt8(ascii: "[") {
                bracketDepth += 1
            } else if byte == UInt8(ascii: "]") {
                bracketDepth -= 1
            } else if byte == UInt8(ascii: ">"), bracketDepth <= 0 {
                return
            }
        }
        throw cursor.error("unclosed <!DOCTYPE (opened at \(start))")
    }

    /// The start tag at the cursor (which is at `<`), its attributes skipped.
    private mutating func readStartTag() throws(DataFileError) -> Tag {
        let position = cursor.position()
        guard cursor.current == UInt8(ascii: "<") else {
            throw cursor.error("unexpected \(cursor.currentCharacter), expected an element such as <string>")
        }
        cursor.advance()
        let nameStart = cursor.index
        while let byte = cursor.current, Self.isNameByte(byte) { cursor.advance() }
        let name = cursor.text(from: nameStart)
        guard !name.isEmpty else {
            throw cursor.error("unexpected \(cursor.currentCharacter) after '<', expected an element name")
        }
        var quote: UInt8?
        while let byte = cursor.current {
            if let open = quote {
                if byte == open { quote = nil }
            } else if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "'") {
                quote = byte
            } else if byte == UInt8(ascii: ">") {
                cursor.advance()
                return Tag(name: name, isEmpty: false, position: position)
            } else if cursor.starts(with: "/>") {
                cursor.advance(by: 2)
                return Tag(name: name, isEmpty: true, position: position)
            } else if byte == UInt8(ascii: "<") {
                throw cursor.error("unclosed tag <\(DataFileError.excerpt(name))> (opened at \(position))")
            }
            cursor.advance()
        }
        throw cursor.error("unexpected end of file in the tag <\(DataFileError.excerpt(name))> (opened at \(position))")
    }

    /// The end tag of `tag` at the cursor.
    private mutating func readEndTag(of tag: Tag) throws(DataFileError) {
        let position = cursor.position()
        guard cursor.skip("</") else {
            if cursor.isAtEnd {
                throw cursor.error("unexpected end of file: <\(tag.name)> (opened at \(tag.position)) is not closed")
            }
            throw cursor.error("unexpected \(cursor.currentCharacter) in <\(tag.name)>, expected </\(tag.name)>")
        }
        let nameStart = cursor.index
        while let byte = cursor.current, Self.isNameByte(byte) { cursor.advance() }
        let name = cursor.text(from: nameStart)
        cursor.skipWhitespace()
        guard cursor.current == UInt8(ascii: ">") else {
            throw cursor.error("unexpected \(cursor.currentCharacter) in the end tag </\(DataFileError.excerpt(name))")
        }
        cursor.advance()
        guard name == tag.name else {
            throw cursor.error(
                "mismatched end tag </\(DataFileError.excerpt(name))>, expected </\(tag.name)> (opened at \(tag.position))",
                at: position)
        }
    }

    /// The value `tag` starts; `context` names where it stands, for the error about a misplaced element.
    private mutating func parseValue(_ tag: Tag, context: String) throws(DataFileError) -> PropertyListValue {
        try cursor.countValue(at: tag.position)
        let content: PropertyListValue.Content
        switch tag.name {
        case "dict": content = .dictionary(try parseDictionary(tag))
        case "array": content = .array(try parseArray(tag))
        case "string": content = .string(try readText(of: tag))
        case "true", "false":
            let text = try readText(of: tag)
            guard text.trimmingPropertyListWhitespace().isEmpty else {
                throw cursor.error("<\(tag.name)> holds text; write <\(tag.name)/>", at: tag.position)
            }
            content = .bool(tag.name == "true")
        case "integer", "real", "date", "data":
            let text = try readText(of: tag)
            do {
                content = try PropertyListScalarText.content(of: tag.name, text: text)
            } catch {
                throw cursor.error(error.reason, at: tag.position)
            }
        case "key":
            throw cursor.error("<key> outside a dictionary, in \(context)", at: tag.position)
        case "plist":
            throw cursor.error("<plist> inside \(context)", at: tag.position)
        default:
            throw cursor.error("unknown element <\(DataFileError.excerpt(tag.name))> in \(context)", at: tag.position)
        }
        return PropertyListValue(content, position: tag.position)
    }

    private mutating func parseDictionary(_ tag: Tag) throws(DataFileError) -> [PropertyListEntry] {
        guard !tag.isEmpty else { return [] }
        try cursor.enter(at: tag.position)
        defer { cursor.leave() }
        var entries: [PropertyListEntry] = []
        var pendingKey: (text: String, position: SourcePosition)?
        while true {
            try skipContentMisc(of: tag)
            if cursor.starts(with: "</") {
                if let key = pendingKey {
                    throw cursor.error(
                        "the key \"\(DataFileError.excerpt(key.text))\" has no value", at: key.position)
                }
                try readEndTag(of: tag)
                return entries
            }
            let child = try readStartTag()
            if let key = pendingKey {
                let value = try parseDictionaryValue(child)
                entries.append(PropertyListEntry(key: key.text, value: value, keyPosition: key.position))
                pendingKey = nil
            } else {
                guard child.name == "key" else {
                    throw cursor.error(
                        "expected <key> in <dict>, found <\(DataFileError.excerpt(child.name))>", at: child.position)
                }
                pendingKey = (try readText(of: child), child.position)
            }
        }
    }

    /// A dictionary's value. Real files put a `<key>` where a `<string>` belongs; Xcode reads it as the string.
    private mutating func parseDictionaryValue(_ tag: Tag) throws(DataFileError) -> PropertyListValue {
        guard tag.name == "key" else { return try parseValue(tag, context: "<dict>") }
        try cursor.countValue(at: tag.position)
        return PropertyListValue(.string(try readText(of: tag)), position: tag.position)
    }

    private mutating func parseArray(_ tag: Tag) throws(DataFileError) -> [PropertyListValue] {
        guard !tag.isEmpty else { return [] }
        try cursor.enter(at: tag.position)
        defer { cursor.leave() }
        var elements: [PropertyListValue] = []
        while true {
            try skipContentMisc(of: tag)
            if cursor.starts(with: "</") {
                try readEndTag(of: tag)
                return elements
            }
            elements.append(try parseValue(try readStartTag(), context: "<array>"))
        }
    }

    /// Skips whitespace and comments between a collection's children; other text there is an error.
    private mutating func skipContentMisc(of tag: Tag) throws(DataFileError) {
        try skipMisc()
        if cursor.isAtEnd {
            throw cursor.error("unexpected end of file: <\(tag.name)> (opened at \(tag.position)) is not closed")
        }
        guard cursor.current == UInt8(ascii: "<") else {
            throw cursor.error("unexpected text \(cursor.currentCharacter) in <\(tag.name)>")
        }
    }

    /// The text of a simple element up to its end tag: entities and character references replaced, CDATA
    /// sections kept as written, comments dropped.
    private mutating func readText(of tag: Tag) throws(DataFileError) -> String {
        guard !tag.isEmpty else { return "" }
        var utf8: [UInt8] = []
        var runStart = cursor.index
        while let byte = cursor.current {
            if byte == UInt8(ascii: "&") {
                utf8.append(contentsOf: cursor.bytes[runStart..<cursor.index])
                UTF8.encode(try readReference()) { utf8.append($0) }
                runStart = cursor.index
                continue
            }
            if byte == UInt8(ascii: "<") {
                utf8.append(contentsOf: cursor.bytes[runStart..<cursor.index])
                if cursor.starts(with: "</") {
                    try readEndTag(of: tag)
                    return String(decoding: utf8, as: UTF8.self)
                }
                let start = cursor.position()
                if cursor.skip("<![CDATA[") {
                    let textStart = cursor.index
                    guard cursor.skip(past: "]]>") else {
                        throw cursor.error("unclosed CDATA section (opened at \(start))")
                    }
                    utf8.append(contentsOf: cursor.bytes[textStart..<cursor.index - 3])
                } else if cursor.skip("<!--") {
                    guard cursor.skip(past: "-->") else { throw cursor.error("unclosed comment (opened at \(start))") }
                } else {
                    throw cursor.error("unexpected element inside <\(tag.name)>, which holds only text")
                }
                runStart = cursor.index
                continue
            }
            cursor.advance()
        }
        throw cursor.error("unexpected end of file: <\(tag.name)> (opened at \(tag.position)) is not closed")
    }

    /// The character an entity (`&amp;`) or character reference (`&#60;`, `&#x3C;`) at the cursor stands for.
    private mutating func readReference() throws(DataFileError) -> Unicode.Scalar {
        let start = cursor.position()
        let nameStart = cursor.index
        cursor.advance()
        while let byte = cursor.current, byte != UInt8(ascii: ";"), cursor.index - nameStart < 12 { cursor.advance() }
        guard cursor.current == UInt8(ascii: ";") else {
            throw cursor.error("unterminated entity, expected ';'", at: start)
        }
        let name = String(decoding: cursor.bytes[(nameStart + 1)..<cursor.index], as: UTF8.self)
        cursor.advance()
        switch name {
        case "amp": return "&"
        case "lt": return "<"
        case "gt": return ">"
        case "quot": return "\""
        case "apos": return "'"
        default: break
        }
        let number: UInt32? =
            name.hasPrefix("#x") || name.hasPrefix("#X")
            ? UInt32(name.dropFirst(2), radix: 16) : name.hasPrefix("#") ? UInt32(name.dropFirst(), radix: 10) : nil
        guard let number, number != 0, let scalar = Unicode.Scalar(number) else {
            throw cursor.error("unknown entity '&\(DataFileError.excerpt(name));'", at: start)
        }
        return scalar
    }
}
