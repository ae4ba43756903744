import ModGenCore

/// Text to insert into the original bytes — the only way adding changes a project file, so every line that was
/// there stays as it was — and whole lines to remove, which only removing files does.
struct ProjectInsertions {
    private struct Insertion {
        var offset: Int
        /// Orders insertions at one offset: new objects by ID (keeping a section sorted), list items as added.
        var order: String
        var text: String
        /// Bytes after `offset` that go (a removed line).
        var removedCount = 0
    }

    private var insertions: [Insertion] = []
    private var sequence = 0

    var isEmpty: Bool { insertions.isEmpty }

    mutating func insert(_ text: String, at offset: Int, order: String? = nil) {
        sequence += 1
        let sequenceKey = String(repeating: "0", count: max(0, 8 - String(sequence).count)) + String(sequence)
        insertions.append(Insertion(offset: offset, order: order ?? sequenceKey, text: text))
    }

    /// Removes `range` (whole lines, never overlapping another removal).
    mutating func remove(_ range: Range<Int>) {
        sequence += 1
        insertions.append(Insertion(offset: range.lowerBound, order: "", text: "", removedCount: range.count))
    }

    /// The edited bytes. New lines end as the file's first line does: a project checked out with Windows line
    /// endings (git's `core.autocrlf`) gains `\r\n` lines, so it keeps one convention and a later `remove` takes
    /// them out whole.
    func applied(to bytes: [UInt8]) -> [UInt8] {
        let sorted = insertions.sorted { ($0.offset, $0.order) < ($1.offset, $1.order) }
        let usesCRLF = bytes.firstIndex(of: UInt8(ascii: "\n")).map { $0 > 0 && bytes[$0 - 1] == UInt8(ascii: "\r") }
        var result: [UInt8] = []
        result.reserveCapacity(bytes.count + sorted.reduce(0) { $0 + $1.text.utf8.count })
        var copied = 0
        for insertion in sorted {
            result.append(contentsOf: bytes[copied..<insertion.offset])
            if usesCRLF == true {
                // Text taken from a version of the file (a merge) has its `\r` already.
                for byte in insertion.text.utf8 {
                    if byte == UInt8(ascii: "\n"), result.last != UInt8(ascii: "\r") {
                        result.append(UInt8(ascii: "\r"))
                    }
                    result.append(byte)
                }
            } else {
                result.append(contentsOf: insertion.text.utf8)
            }
            copied = insertion.offset + insertion.removedCount
        }
        result.append(contentsOf: bytes[copied...])
        return result
    }
}

/// Where new text goes in a project file, found from the parsed document: list items before a list's `)`, objects
/// at their sorted place in their isa's section, a missing section at its alphabetical place.
struct ProjectLayout {
    let document: ProjectDocument

    /// Adds `items` (ID and comment each) at the end of the list `key` of `object`, one a line, a tab deeper than
    /// the line holding `)`. A list written on one line (`children = (A, B);`, as hand edits and other tools leave
    /// it) is broken before its `)`: what the line held stays on it byte for byte, the new items follow one a line,
    /// and `)` closes the list on a line of its own, indented as that line — the layout Xcode writes, so the file
    /// only gains text and the items can later be removed line by line.
    func appendToList(
        _ key: String, of object: ProjectObject, items: [(id: String, comment: String)],
        into insertions: inout ProjectInsertions
    ) throws {
        guard let closing = document.closingParenthesis(of: key, in: object) else {
            throw DataFileError(
                fileName: document.fileName, position: object.position,
                reason: "\(object.isa) \(object.id) has no '\(key)' list to add to")
        }
        let lineStart = ProjectDocument.lineStart(before: closing, in: document.bytes)
        let before = document.bytes[lineStart..<closing]
        let isBlank: (UInt8) -> Bool = { $0 == UInt8(ascii: "\t") || $0 == UInt8(ascii: " ") }
        let isOnOwnLine = before.allSatisfy(isBlank)
        // Xcode ends every item with a comma; a list written without the last one gets it, or the first new item
        // would run into it (a comma added to an existing line, and only in a file Xcode did not write).
        if let last = object.list(key)?.array?.last, !hasComma(between: last.byteRange.upperBound, and: closing) {
            insertions.insert(",", at: endOfComments(from: last.byteRange.upperBound, before: closing))
        }
        let indent = String(decoding: before.prefix(while: isBlank), as: UTF8.self)
        let lines = items.map { "\(indent)\t\($0.id) /* \(ProjectText.comment($0.comment)) */,\n" }
        if isOnOwnLine {
            for line in lines { insertions.insert(line, at: lineStart) }
        } else {
            insertions.insert("\n" + lines.joined() + indent, at: closing)
        }
    }

    /// Where the item's own `/* comment */` ends, when only blanks and such comments follow it up to `end`: the
    /// comma Xcode writes goes after the comment (`A /* a */,`); otherwise right after the item.
    private func endOfComments(from start: Int, before end: Int) -> Int {
        let bytes = document.bytes
        var index = start
        var afterComment = start
        while index < end {
            if bytes[index] == UInt8(ascii: " ") || bytes[index] == UInt8(ascii: "\t") {
                index += 1
            } else if index + 1 < end, bytes[index] == UInt8(ascii: "/"), bytes[index + 1] == UInt8(ascii: "*") {
                index += 2
                while index + 1 < end, !(bytes[index] == UInt8(ascii: "*") && bytes[index + 1] == UInt8(ascii: "/")) {
                    index += 1
                }
                index += 2
                afterComment = index
            } else {
                return start
            }
        }
        return min(afterComment, end)
    }

    /// Whether a `,` stands between `start` and `end` outside comments (only whitespace and comments can).
    private func hasComma(between start: Int, and end: Int) -> Bool {
        var index = start
        while index < end {
            if let afterComment = commentEnd(at: index) {
                index = afterComment
            } else if document.bytes[index] == UInt8(ascii: ",") {
                return true
            } else {
                index += 1
            }
        }
        return false
    }

    /// Adds whole objects (their text, ending in a newline) of kind `isa`: each before the first object of that
    /// kind whose ID sorts after its own, else after the last one; a kind the file has none of gets its section —
    /// only for objects to put in it: Xcode never writes an empty section (and PyPI's `pbxproj` cannot read one).
    func addObjects(_ objects: [(id: String, text: String)], isa: String, into insertions: inout ProjectInsertions) {
        guard !objects.isEmpty else { return }
        let all = document.objectsInFileOrder
        guard let last = all.lastIndex(where: { $0.isa == isa }) else {
            addSection(isa, objects: objects.sorted { $0.id < $1.id }, into: &insertions)
            return
        }
        let first = all.firstIndex { $0.isa == isa }!
        for object in objects {
            let order = "1" + object.id
            if let later = all[first...last].first(where: { $0.isa == isa && $0.id > object.id }) {
                insert(object.text, before: later, into: &insertions, order: order)
            } else {
                insert(object.text, after: all[last], into: &insertions, order: order)
            }
        }
    }

    /// Inserts an object's lines at the start of the line `object` is on — or, when that line start is no place
    /// for an entry (a comment that began on an earlier line ends on it, an earlier entry ends on it), right before
    /// the object's ID, the object's own ID then going on the next line indented as it was.
    private func insert(
        _ text: String, before object: ProjectObject, into insertions: inout ProjectInsertions, order: String
    ) {
        if isBetweenEntries(object.lineStart) {
            insertions.insert(text, at: object.lineStart, order: order)
            return
        }
        let bytes = document.bytes
        var indentStart = object.keyOffset
        while indentStart > object.lineStart, Self.isBlank(bytes[indentStart - 1]) { indentStart -= 1 }
        let indent = String(decoding: bytes[indentStart..<object.keyOffset], as: UTF8.self)
        insertions.insert(
            String(text.drop(while: { $0 == "\t" || $0 == " " })) + indent, at: object.keyOffset, order: order)
    }

    /// Inserts an object's lines at the start of the line after the one `object` ends on — or, when that line
    /// start is no place for an entry (a comment or another entry goes on past it), right after the `;` that ends
    /// `object`, on a line of their own.
    private func insert(
        _ text: String, after object: ProjectObject, into insertions: inout ProjectInsertions, order: String
    ) {
        let nextLine = lineEnd(after: object.value.byteRange.upperBound)
        if isBetweenEntries(nextLine) {
            insertions.insert(text, at: nextLine, order: order)
        } else {
            let line = text.hasSuffix("\n") ? String(text.dropLast()) : text
            insertions.insert("\n" + line, at: endOfEntry(endingAt: object.value.byteRange.upperBound), order: order)
        }
    }

    private func addSection(
        _ isa: String, objects: [(id: String, text: String)], into insertions: inout ProjectInsertions
    ) {
        let body = objects.map(\.text).joined()
        let section = "/* Begin \(isa) section */\n\(body)/* End \(isa) section */\n"
        let markers = sectionMarkers()
        if let later = markers.first(where: { $0.isBegin && $0.name > isa }) {
            insertions.insert(section + "\n", at: later.lineStart, order: "0" + isa)
        } else if let lastEnd = markers.last(where: { !$0.isBegin }) {
            insertions.insert("\n" + section, at: lineEnd(after: lastEnd.lineStart), order: "0" + isa)
        } else {
            let closingBrace = document.objectsRange.upperBound - 1
            let closingLine = ProjectDocument.lineStart(before: closingBrace, in: document.bytes)
            if isBetweenEntries(closingLine) {
                insertions.insert(section, at: closingLine, order: "0" + isa)
            } else {
                insertions.insert("\n" + section, at: closingBrace, order: "0" + isa)
            }
        }
    }

    /// Whether `offset` is a place for a new entry of `objects`: outside every comment, past the `;` that ends the
    /// entry before it (or right inside the dictionary's `{`), and before the next entry's ID. Project files are
    /// laid out one object a line (or a block of lines), but a hand-edited or hostile one can end a comment, or
    /// another object, on the line a new one would start; text inserted there would land inside it.
    private func isBetweenEntries(_ offset: Int) -> Bool {
        let all = document.objectsInFileOrder
        // The last object whose value ends at or before `offset` (the objects are in file order).
        var low = 0
        var high = all.count
        while low < high {
            let middle = (low + high) / 2
            if all[middle].value.byteRange.upperBound <= offset { low = middle + 1 } else { high = middle }
        }
        var index = low == 0 ? document.objectsRange.lowerBound + 1 : all[low - 1].value.byteRange.upperBound
        guard index <= offset else { return false }
        var isEnded = low == 0
        let bytes = document.bytes
        while index < offset {
            let byte = bytes[index]
            if Self.isBlank(byte) || byte == UInt8(ascii: "\n") || byte == UInt8(ascii: "\r") {
                index += 1
            } else if let end = commentEnd(at: index) {
                if end > offset { return false }
                index = end
            } else if byte == UInt8(ascii: ";"), !isEnded {
                isEnded = true
                index += 1
            } else {
                return false
            }
        }
        return isEnded
    }

    /// Just past the `;` that ends the entry whose value ends at `valueEnd` (only blanks and comments can stand
    /// between them, or the file would not have read).
    private func endOfEntry(endingAt valueEnd: Int) -> Int {
        let bytes = document.bytes
        var index = valueEnd
        while index < bytes.count, bytes[index] != UInt8(ascii: ";") {
            index = commentEnd(at: index) ?? index + 1
        }
        return min(index + 1, bytes.count)
    }

    /// Just past the comment that starts at `index` (`/* */`, or `//` up to its newline), if one does.
    private func commentEnd(at index: Int) -> Int? {
        let bytes = document.bytes
        guard bytes[index] == UInt8(ascii: "/"), index + 1 < bytes.count else { return nil }
        var end = index + 2
        if bytes[index + 1] == UInt8(ascii: "*") {
            while end + 1 < bytes.count, !(bytes[end] == UInt8(ascii: "*") && bytes[end + 1] == UInt8(ascii: "/")) {
                end += 1
            }
            return min(end + 2, bytes.count)
        }
        guard bytes[index + 1] == UInt8(ascii: "/") else { return nil }
        while end < bytes.count, bytes[end] != UInt8(ascii: "\n") { end += 1 }
        return end
    }

    private static func isBlank(_ byte: UInt8) -> Bool { byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t") }

    /// Removes the `/* Begin isa section */` and `/* End isa section */` lines of a kind whose every object goes,
    /// with the blank line `addSection` put beside them (after the section when a section follows it, else before
    /// it): Xcode never leaves an empty section, and one that `adding` made goes byte for byte.
    func removeSection(_ isa: String, into insertions: inout ProjectInsertions) {
        let markers = sectionMarkers()
        guard let begin = markers.firstIndex(where: { $0.isBegin && $0.name == isa }),
            let end = markers[begin...].firstIndex(where: { !$0.isBegin && $0.name == isa })
        else { return }
        let bytes = document.bytes
        func isBlankLine(at start: Int) -> Bool {
            start < bytes.count && (bytes[start] == UInt8(ascii: "\n") || bytes[start...].starts(with: [13, 10]))
        }
        let beginLine = markers[begin].lineStart
        var endLine = markers[end].lineStart..<lineEnd(after: markers[end].lineStart)
        let next = markers.index(after: end)
        if next < markers.endIndex, markers[next].isBegin, isBlankLine(at: endLine.upperBound),
            lineEnd(after: endLine.upperBound) == markers[next].lineStart
        {
            endLine = endLine.lowerBound..<markers[next].lineStart
            insertions.remove(beginLine..<lineEnd(after: beginLine))
        } else if begin > markers.startIndex, !markers[markers.index(before: begin)].isBegin, beginLine > 0,
            isBlankLine(at: ProjectDocument.lineStart(before: beginLine - 1, in: bytes)),
            lineEnd(after: markers[markers.index(before: begin)].lineStart) == beginLine - 1
        {
            insertions.remove(beginLine - 1..<lineEnd(after: beginLine))
        } else {
            insertions.remove(beginLine..<lineEnd(after: beginLine))
        }
        insertions.remove(endLine)
    }

    /// The start of the line after the one `offset` is on.
    private func lineEnd(after offset: Int) -> Int {
        ProjectDocument.nextLineStart(after: offset, in: document.bytes)
    }

    private struct SectionMarker {
        var name: String
        var isBegin: Bool
        var lineStart: Int
    }

    /// The `/* Begin X section */` and `/* End X section */` lines inside `objects`, in file order (a line that
    /// reads so inside a longer comment is none).
    private func sectionMarkers() -> [SectionMarker] {
        var markers: [SectionMarker] = []
        let bytes = document.bytes
        var lineStart = document.objectsRange.lowerBound
        while lineStart < document.objectsRange.upperBound {
            var end = lineStart
            while end < bytes.count, bytes[end] != UInt8(ascii: "\n") { end += 1 }
            // A line of a file with Windows line endings ends in `\r` before its newline.
            let lineEnd = end > lineStart && bytes[end - 1] == UInt8(ascii: "\r") ? end - 1 : end
            let line = String(decoding: bytes[lineStart..<lineEnd], as: UTF8.self)
            for (prefix, isBegin) in [("/* Begin ", true), ("/* End ", false)]
            where line.hasPrefix(prefix) && line.hasSuffix(" section */") && isBetweenEntries(lineStart) {
                let name = line.dropFirst(prefix.count).dropLast(" section */".count)
                markers.append(SectionMarker(name: String(name), isBegin: isBegin, lineStart: lineStart))
            }
            lineStart = end + 1
        }
        return markers
    }
}
