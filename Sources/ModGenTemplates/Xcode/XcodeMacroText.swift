/// Xcode's text macros in a text: `___NAME___` and `___NAME:modifier,modifier___`, expanded in one left-to-right
/// pass (what a macro puts in is not scanned again).
///
/// A name starts with an ASCII letter and holds letters, digits and `_`; modifiers are letters and digits. Text
/// between `___`s that is not a macro is kept (a run of underscores in a comment line stays as it is), and a
/// fourth underscore before a name is text (`____FILENAME___` is `_` and the file name).
enum XcodeMacroText {
    /// A macro as written in a text.
    struct Reference: Equatable {
        var name: String
        var modifiers: [String]
        /// `___NAME:mods___` as written, for leaving it in place.
        var written: String
    }

    /// `text` with every macro `value(of:)` gives a value for replaced by that value, its modifiers applied;
    /// a macro it returns `nil` for, or one with a modifier Xcode does not have, stays as written.
    static func expand(
        _ text: String, unknownModifier: (Reference, String) -> Void = { _, _ in },
        value: (Reference) throws -> String?
    ) rethrows -> String {
        let opener = "___".utf8
        var result = ""
        var utf8 = text.utf8[...]
        while let open = firstRange(of: opener, in: utf8) {
            let nameStart = open.upperBound
            guard let close = firstRange(of: opener, in: utf8[nameStart...]) else { break }
            guard let reference = reference(in: utf8[nameStart..<close.lowerBound]) else {
                // Not a macro: keep the text, and look again from the underscore after this one (a name may start
                // a character later) or from the closing underscores (which may open the next macro).
                let resume =
                    utf8[nameStart...].first == UInt8(ascii: "_")
                    ? utf8.index(after: open.lowerBound) : close.lowerBound
                result += String(Substring(utf8[utf8.startIndex..<resume]))
                utf8 = utf8[resume...]
                continue
            }
            result += String(Substring(utf8[utf8.startIndex..<open.lowerBound]))
            utf8 = utf8[close.upperBound...]
            guard var replacement = try value(reference) else {
                result += reference.written
                continue
            }
            var applied = true
            for modifierName in reference.modifiers {
                guard let modifier = XcodeMacroModifier(name: modifierName) else {
                    unknownModifier(reference, modifierName)
                    applied = false
                    break
                }
                replacement = modifier.apply(to: replacement)
            }
            result += applied ? replacement : reference.written
        }
        result += String(Substring(utf8))
        return result
    }

    /// Every macro in `text`, in order (for following the options a `Default` refers to).
    static func references(in text: String) -> [Reference] {
        var found: [Reference] = []
        _ = expand(text) { reference in
            found.append(reference)
            return nil
        }
        return found
    }

    /// The macro between a pair of `___`, if the text is one.
    private static func reference(in content: Substring.UTF8View) -> Reference? {
        guard let first = content.first, isASCIILetter(first) else { return nil }
        let colon = content.firstIndex(of: UInt8(ascii: ":"))
        let name = content[content.startIndex..<(colon ?? content.endIndex)]
        guard name.allSatisfy({ isASCIILetter($0) || isDigit($0) || $0 == UInt8(ascii: "_") }) else { return nil }
        var modifiers: [String] = []
        if let colon {
            let list = content[content.index(after: colon)...]
            let parts = list.split(separator: UInt8(ascii: ","), omittingEmptySubsequences: false)
            guard parts.allSatisfy({ !$0.isEmpty && $0.allSatisfy { isASCIILetter($0) || isDigit($0) } }) else {
                return nil
            }
            modifiers = parts.map { String(Substring($0)) }
        }
        return Reference(
            name: String(Substring(name)), modifiers: modifiers, written: "___" + String(Substring(content)) + "___")
    }

    private static func firstRange(
        of pattern: String.UTF8View, in text: Substring.UTF8View
    ) -> Range<Substring.UTF8View.Index>? {
        let first = pattern.first!
        var index = text.startIndex
        while let candidate = text[index...].firstIndex(of: first) {
            if text[candidate...].starts(with: pattern) {
                return candidate..<text.index(candidate, offsetBy: pattern.count)
            }
            index = text.index(after: candidate)
        }
        return nil
    }

    private static func isASCIILetter(_ byte: UInt8) -> Bool {
        (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte) || (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte)
    }

    private static func isDigit(_ byte: UInt8) -> Bool { (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) }
}
