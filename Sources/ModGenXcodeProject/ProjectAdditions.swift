import ModGenCore

/// What one version of a project added to the version it came from, read from both parsed documents: objects with
/// new IDs, and items added to the lists (`children`, `files`, `buildPhases`…) of objects both versions hold.
///
/// `nil` when the version did anything else — changed or removed a line, wrote a list on one line, added an item
/// inside a setting — or when laying the additions onto the base again does not give back its bytes exactly: only
/// a version understood completely is merged structurally (the rest goes through the line merge).
struct ProjectAdditions {
    /// An item added to a list, after the base item at `anchor` (`nil`: at the list's start), with its whole line.
    struct ListItem {
        var anchor: Int?
        var id: String
        var line: String
    }

    /// A list of an object the base has: the object's ID and the list's key.
    struct ListName: Hashable {
        var objectID: String
        var key: String
    }

    /// An object with an ID the base does not have, with its lines as written.
    struct NewObject {
        var object: ProjectObject
        var text: String
    }

    /// The lists that gained items, in the order of the version's objects.
    private(set) var lists: [ListName] = []
    private(set) var items: [ListName: [ListItem]] = [:]
    private(set) var newObjects: [NewObject] = []

    init?(base: ProjectDocument, version: ProjectDocument) {
        guard version.objects.count >= base.objects.count else { return nil }
        for object in version.objectsInFileOrder {
            guard let original = base.objects[object.id] else {
                newObjects.append(NewObject(object: object, text: Self.lines(of: object, in: version)))
                continue
            }
            if base.bytes[original.value.byteRange] == version.bytes[object.value.byteRange] { continue }
            guard let growth = Self.listGrowth(from: original.value, to: object.value) else { return nil }
            for (key, added) in growth {
                let name = ListName(objectID: object.id, key: key)
                lists.append(name)
                items[name] = added.map { anchor, element in
                    ListItem(
                        anchor: anchor, id: element.string ?? "",
                        line: Self.line(of: element.byteRange, in: version.bytes))
                }
            }
        }
        // Every base object is still there: the version added as many as it has beyond the base's.
        guard version.objects.count - newObjects.count == base.objects.count else { return nil }
        guard Self.applying(lists: lists, items: items, newObjects: newObjects, to: base) == version.bytes else {
            return nil
        }
    }

    /// The lines an object is written on: from the start of its ID's line to the end of the line its value ends on.
    static func lines(of object: ProjectObject, in document: ProjectDocument) -> String {
        let end = ProjectDocument.nextLineStart(after: object.value.byteRange.upperBound, in: document.bytes)
        return String(decoding: document.bytes[object.lineStart..<end], as: UTF8.self)
    }

    private static func line(of range: Range<Int>, in bytes: [UInt8]) -> String {
        let start = ProjectDocument.lineStart(before: range.lowerBound, in: bytes)
        let end = ProjectDocument.nextLineStart(after: range.upperBound, in: bytes)
        return String(decoding: bytes[start..<end], as: UTF8.self)
    }

    /// For two versions of one object that differ only by items added to top-level lists: each such list's key with
    /// the items added and the base item each follows. `nil` for any other difference.
    static func listGrowth(from base: PropertyListValue, to version: PropertyListValue)
        -> [(key: String, added: [(anchor: Int?, element: PropertyListValue)])]?
    {
        guard let baseEntries = base.entries, let versionEntries = version.entries,
            baseEntries.count == versionEntries.count
        else { return nil }
        var growth: [(key: String, added: [(anchor: Int?, element: PropertyListValue)])] = []
        for (old, new) in zip(baseEntries, versionEntries) {
            guard old.key == new.key else { return nil }
            if old.value == new.value { continue }
            guard let oldItems = old.value.array, let newItems = new.value.array else { return nil }
            var matched = 0
            var added: [(anchor: Int?, element: PropertyListValue)] = []
            for item in newItems {
                if matched < oldItems.count, item == oldItems[matched] {
                    matched += 1
                } else {
                    guard item.string != nil else { return nil }
                    added.append((matched == 0 ? nil : matched - 1, item))
                }
            }
            guard matched == oldItems.count else { return nil }
            growth.append((old.key, added))
        }
        return growth
    }

    /// The base's bytes with `items` inserted into their lists (each list's in order) and `newObjects` into their
    /// sections at their sorted places (`ProjectLayout`, as the editor adds objects).
    static func applying(
        lists: [ListName], items: [ListName: [ListItem]], newObjects: [NewObject], to base: ProjectDocument
    ) -> [UInt8]? {
        var insertions = ProjectInsertions()
        for name in lists {
            guard let list = base.objects[name.objectID]?.list(name.key), let elements = list.array else { return nil }
            for item in items[name] ?? [] {
                let offset =
                    item.anchor.map { elements[$0].byteRange.upperBound } ?? list.byteRange.lowerBound
                insertions.insert(item.line, at: ProjectDocument.nextLineStart(after: offset, in: base.bytes))
            }
        }
        var kinds: [String] = []
        var objectsByKind: [String: [(id: String, text: String)]] = [:]
        for new in newObjects {
            if objectsByKind[new.object.isa] == nil { kinds.append(new.object.isa) }
            objectsByKind[new.object.isa, default: []].append((new.object.id, new.text))
        }
        let layout = ProjectLayout(document: base)
        for kind in kinds { layout.addObjects(objectsByKind[kind]!, isa: kind, into: &insertions) }
        return insertions.applied(to: base.bytes)
    }

    /// The union of two versions' additions to `base`: every list gets ours' items, then theirs' that ours did not
    /// add; every new object once, an object both added under one ID taken once when the texts are the same, and
    /// as one object holding both sides' list items when that is their only difference. `nil` when both added an
    /// object under one ID that differs otherwise: a conflict.
    static func union(_ ours: ProjectAdditions, _ theirs: ProjectAdditions, onto base: ProjectDocument) -> [UInt8]? {
        var lists = ours.lists
        var items = ours.items
        for name in theirs.lists {
            guard let added = theirs.items[name] else { continue }
            if let existing = items[name] {
                let ids = Set(existing.map(\.id))
                items[name] = existing + added.filter { !ids.contains($0.id) }
            } else {
                lists.append(name)
                items[name] = added
            }
        }
        var objects = ours.newObjects
        var indexByID: [String: Int] = [:]
        for (index, object) in objects.enumerated() { indexByID[object.object.id] = index }
        for object in theirs.newObjects {
            guard let index = indexByID[object.object.id] else {
                objects.append(object)
                continue
            }
            if objects[index].text == object.text { continue }
            guard let merged = mergedObject(objects[index], object) else { return nil }
            objects[index].text = merged
        }
        return applying(lists: lists, items: items, newObjects: objects, to: base)
    }

    /// One object from two that differ only in their lists' items (`nil` otherwise): ours' text with the items only
    /// theirs lists inserted, each on its line as theirs wrote it, before the line that closes ours' list.
    private static func mergedObject(_ ours: NewObject, _ theirs: NewObject) -> String? {
        let oursBytes = Array(ours.text.utf8)
        let theirsBytes = Array(theirs.text.utf8)
        // Offsets of the parsed values are the file's; the texts start at the object's line.
        let oursShift = ours.object.lineStart
        let theirsShift = theirs.object.lineStart
        guard let oursEntries = ours.object.value.entries, let theirsEntries = theirs.object.value.entries,
            oursEntries.count == theirsEntries.count
        else { return nil }
        var insertions: [(offset: Int, text: ArraySlice<UInt8>)] = []
        for (mine, other) in zip(oursEntries, theirsEntries) {
            guard mine.key == other.key else { return nil }
            if mine.value == other.value { continue }
            guard let myItems = mine.value.array, let otherItems = other.value.array,
                myItems.allSatisfy({ $0.string != nil }), otherItems.allSatisfy({ $0.string != nil })
            else { return nil }
            let closing = mine.value.byteRange.upperBound - 1 - oursShift
            let closingLine = ProjectDocument.lineStart(before: closing, in: oursBytes)
            guard closing >= 0, oursBytes[closingLine..<closing].allSatisfy({ $0 == 9 || $0 == 32 }) else { return nil }
            let present = Set(myItems.compactMap(\.string))
            for item in otherItems where !present.contains(item.string!) {
                let range = (item.byteRange.lowerBound - theirsShift)..<(item.byteRange.upperBound - theirsShift)
                let start = ProjectDocument.lineStart(before: range.lowerBound, in: theirsBytes)
                let end = ProjectDocument.nextLineStart(after: range.upperBound, in: theirsBytes)
                insertions.append((closingLine, theirsBytes[start..<end]))
            }
        }
        var result: [UInt8] = []
        var copied = 0
        // In file order already: the entries are, and so are the lines closing their lists.
        for insertion in insertions {
            result += oursBytes[copied..<insertion.offset]
            result += insertion.text
            copied = insertion.offset
        }
        result += oursBytes[copied...]
        return String(decoding: result, as: UTF8.self)
    }
}
