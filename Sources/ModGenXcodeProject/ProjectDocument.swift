import ModGenCore

/// One object of a project file's `objects` dictionary, as read, with where it is written.
public struct ProjectObject: Sendable {
    public let id: String
    public let isa: String
    let value: PropertyListValue
    /// Where the object's ID starts, for messages.
    let position: SourcePosition
    /// The byte offset of the line the object's ID is on: new objects of the same kind go before such a line.
    let lineStart: Int
    /// The byte offset of the object's ID (of its opening quote when quoted).
    let keyOffset: Int

    public func string(_ key: String) -> String? { value[key]?.string }

    /// The strings of the list `key` (object IDs, for `children`, `files`, `buildPhases`…); empty when absent.
    public func strings(_ key: String) -> [String] { value[key]?.array?.compactMap(\.string) ?? [] }

    func list(_ key: String) -> PropertyListValue? { value[key] }
}

/// A parsed `project.pbxproj`: the object graph for reading, and the original bytes for editing by insertion.
///
/// Nothing here depends on knowing every kind of object or attribute Xcode writes: anything unknown is text that
/// stays where it is. What is refused is what would make an edit unsafe: another format than OpenStep text, an
/// object without `isa`, an ID used twice (a plist reader silently keeps one of the two).
struct ProjectDocument {
    let bytes: [UInt8]
    let fileName: String
    let objectVersion: Int?
    let objects: [String: ProjectObject]
    /// Every object, in file order.
    let objectsInFileOrder: [ProjectObject]
    /// The bytes of the `objects = { … }` dictionary.
    let objectsRange: Range<Int>
    let rootObject: ProjectObject

    /// Projects are a few MB at most; this is far past any of them, and under the reader's own limit.
    static let sizeLimit = TextFile.sizeLimit

    init(bytes: [UInt8], fileName: String) throws {
        guard bytes.count <= Self.sizeLimit else {
            throw XcodeProjectError.refused(
                path: fileName, reason: "the project file is larger than \(Self.sizeLimit / 1024 / 1024) MiB")
        }
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) || bytes.starts(with: [0xFE, 0xFF])
            || bytes.starts(with: [0xFF, 0xFE])
        {
            throw XcodeProjectError.unsupportedFormat(path: fileName, format: "text with a byte order mark")
        }
        switch PropertyList.format(of: bytes) {
        case .xml: throw XcodeProjectError.unsupportedFormat(path: fileName, format: "an XML property list")
        case .binary: throw XcodeProjectError.unsupportedFormat(path: fileName, format: "a binary property list")
        case .openStep: break
        }
        func error(_ reason: String, at position: SourcePosition) -> DataFileError {
            DataFileError(fileName: fileName, position: position, reason: reason)
        }
        let top: PropertyListValue
        do {
            top = try PropertyList.parse(bytes, fileName: fileName)
        } catch let parseError {
            // A merge git could not finish leaves its markers in the file, the most common way a project file stops
            // parsing; say so rather than what the parser expected where `<<<<<<<` stands.
            guard let marker = Self.conflictMarkerLine(in: bytes) else { throw parseError }
            throw error(
                "the project file holds a merge conflict ('<<<<<<<' … '>>>>>>>'); resolve it first "
                    + "(`modgen setup-merge-driver` lets git merge project files without such conflicts)",
                at: SourcePosition(line: marker, column: 1))
        }
        guard top.entries != nil else { throw error("the project file is no dictionary", at: top.position) }
        guard let objectsValue = top["objects"], let entries = objectsValue.entries else {
            throw error("the project file has no 'objects' dictionary", at: top.position)
        }
        var objects: [String: ProjectObject] = [:]
        objects.reserveCapacity(entries.count)
        var inOrder: [ProjectObject] = []
        inOrder.reserveCapacity(entries.count)
        for entry in entries {
            guard let isa = entry.value["isa"]?.string else {
                throw error("object '\(DataFileError.excerpt(entry.key))' has no isa", at: entry.keyPosition)
            }
            let object = ProjectObject(
                id: entry.key, isa: isa, value: entry.value, position: entry.keyPosition,
                lineStart: Self.lineStart(before: entry.keyOffset, in: bytes), keyOffset: entry.keyOffset)
            if let first = objects.updateValue(object, forKey: entry.key) {
                throw error(
                    "object ID \(DataFileError.excerpt(entry.key)) is used twice (first at \(first.position))",
                    at: entry.keyPosition)
            }
            inOrder.append(object)
        }
        guard let rootID = top["rootObject"]?.string else {
            throw error("the project file has no rootObject", at: top.position)
        }
        guard let root = objects[rootID], root.isa == "PBXProject" else {
            throw error("rootObject \(DataFileError.excerpt(rootID)) is no PBXProject", at: top.position)
        }
        self.bytes = bytes
        self.fileName = fileName
        self.objectVersion = top["objectVersion"]?.string.flatMap { Int($0) }
        self.objects = objects
        self.objectsInFileOrder = inOrder
        self.objectsRange = objectsValue.byteRange
        self.rootObject = root
    }

    /// The object `id` refers to, or an error at `referrer` naming `key` when it is no object of the file.
    func object(_ id: String, referredToBy referrer: ProjectObject, in key: String) throws -> ProjectObject {
        guard let object = objects[id] else {
            throw DataFileError(
                fileName: fileName, position: referrer.position,
                reason: "\(referrer.isa) \(referrer.id) lists \(DataFileError.excerpt(id)) in '\(key)', "
                    + "which is no object of the file")
        }
        return object
    }

    /// The number of the first line that starts with git's `<<<<<<< ` conflict marker, if one does.
    static func conflictMarkerLine(in bytes: [UInt8]) -> Int? {
        let marker = Array("<<<<<<< ".utf8)
        let lines = bytes.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false)
        return lines.firstIndex { $0.starts(with: marker) }.map { $0 + 1 }
    }

    /// The offset just past the last newline before `offset` (the start of its line).
    static func lineStart(before offset: Int, in bytes: [UInt8]) -> Int {
        var index = offset
        while index > 0, bytes[index - 1] != UInt8(ascii: "\n") { index -= 1 }
        return index
    }

    /// The offset just past the first newline at or after `offset` (the start of the next line; the end of the
    /// file when no newline follows).
    static func nextLineStart(after offset: Int, in bytes: [UInt8]) -> Int {
        var index = offset
        while index < bytes.count, bytes[index] != UInt8(ascii: "\n") { index += 1 }
        return min(index + 1, bytes.count)
    }

    /// The offset of the closing `)` of the list `key` of `object`.
    func closingParenthesis(of key: String, in object: ProjectObject) -> Int? {
        guard let range = object.list(key)?.byteRange, !range.isEmpty, bytes[range.upperBound - 1] == UInt8(ascii: ")")
        else { return nil }
        return range.upperBound - 1
    }
}
