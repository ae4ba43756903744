import ModGenCore

extension XcodeProject {
    /// The files the project references in `folder` (absolute) or below it, as absolute paths spelt as the project
    /// spells them, sorted: where a module's files that are gone may still be referenced.
    public func referencedFiles(under folder: String) -> [String] {
        let prefix = PathComponents.key(PathComponents.split(folder)) + "/"
        return graph.referencedPaths.filter { $0.key.hasPrefix(prefix) }.map(\.value).sorted()
    }

    /// Plans removing files (absolute paths) from the project: each reference to them, its line in its group, the
    /// build files that use it and their lines in every build phase — the lines `adding` inserts, removed whole;
    /// nothing else changes (a group left empty stays, as Xcode leaves it). A file the project does not reference,
    /// or one in a synchronized folder, needs nothing.
    ///
    /// A group this removal empties goes too when it is one of `pruningGroupsUnder` (groups by the names from the
    /// main group, `App/Screens/Home`) or below one, and so on up to it: a module whose groups are named
    /// (`ProjectGroupPlacement`) takes its own groups back; the groups above them stay, as Xcode leaves them.
    ///
    /// Refused (`XcodeProjectError.refused`, nothing planned): a line that holds something besides what goes (a
    /// list written on one line, two objects on a line), which removing whole lines would damage.
    public func removing(_ paths: [String], pruningGroupsUnder prunable: [String] = []) throws -> ProjectEdit {
        let document = graph.document
        var edits = ProjectInsertions()
        var changes: [ProjectEdit.FileChange] = []
        var removedLines = Set<Int>()
        var removedChildren: [String: Set<String>] = [:]
        func removeLine(of range: Range<Int>, path: String) throws {
            let line = try wholeLine(around: range, path: path)
            if removedLines.insert(line.lowerBound).inserted { edits.remove(line) }
        }
        // An object of several lines, some of which may be gone already (a pruned group's children), one line at
        // a time.
        func removeLines(of range: Range<Int>, path: String) throws {
            let lines = try wholeLine(around: range, path: path)
            var start = lines.lowerBound
            while start < lines.upperBound {
                let next = min(ProjectDocument.nextLineStart(after: start, in: bytes), lines.upperBound)
                if removedLines.insert(start).inserted { edits.remove(start..<next) }
                start = next
            }
        }
        // Which build files use a reference, and which phase lists each build file.
        var buildFilesByReference: [String: [ProjectObject]] = [:]
        for object in document.objectsInFileOrder where object.isa == "PBXBuildFile" {
            if let reference = object.string("fileRef") { buildFilesByReference[reference, default: []].append(object) }
        }
        var phaseByBuildFile: [String: (phase: ProjectObject, target: ProjectTarget)] = [:]
        for target in targets {
            for phase in target.phaseIDs.compactMap({ document.objects[$0] }) {
                for buildFile in phase.strings("files") { phaseByBuildFile[buildFile] = (phase, target) }
            }
        }
        for path in paths {
            let components = PathComponents.joined([], path)
            let relative = components.dropFirst(graph.projectFolder.count).joined(separator: "/")
            for reference in graph.referencesByPath[PathComponents.key(components)] ?? [] {
                guard let object = document.objects[reference.id], let group = document.objects[reference.parentGroupID]
                else { continue }
                var change = ProjectEdit.FileChange(
                    path: relative, group: graph.groups[group.id]?.displayPath ?? "", addedTo: [], alreadyIn: [],
                    isNewReference: false, isInSynchronizedFolder: false)
                change.isRemoved = true
                try removeLine(of: object.lineStart..<object.value.byteRange.upperBound, path: path)
                try removeListItem(reference.id, of: "children", in: group, path: path, removeLine: removeLine)
                for buildFile in buildFilesByReference[reference.id] ?? [] {
                    try removeLine(of: buildFile.lineStart..<buildFile.value.byteRange.upperBound, path: path)
                    if let (phase, target) = phaseByBuildFile[buildFile.id] {
                        try removeListItem(buildFile.id, of: "files", in: phase, path: path, removeLine: removeLine)
                        change.removedFrom.append(target.name)
                    }
                }
                changes.append(change)
                removedChildren[reference.parentGroupID, default: []].insert(reference.id)
            }
        }
        if !prunable.isEmpty {
            try pruneGroups(
                emptiedBy: removedChildren, under: Set(prunable), removeLine: removeLine, removeLines: removeLines)
        }
        return ProjectEdit(originalBytes: bytes, newBytes: edits.applied(to: bytes), changes: changes)
    }

    /// Removes every group in or below `prunable` all of whose children go (`removed`: the children going, by
    /// group), then its parent if that leaves it empty, and so on; the main group and the products group stay.
    private func pruneGroups(
        emptiedBy removed: [String: Set<String>], under prunable: Set<String>,
        removeLine: (Range<Int>, String) throws -> Void,
        removeLines: (Range<Int>, String) throws -> Void
    ) throws {
        let document = graph.document
        let root = document.rootObject
        let kept: Set<String> = [root.string("mainGroup"), root.string("productRefGroup")].reduce(into: []) {
            if let id = $1 { $0.insert(id) }
        }
        var parentOf: [String: String] = [:]
        for object in document.objectsInFileOrder where object.isa == "PBXGroup" {
            for child in object.strings("children") { parentOf[child] = object.id }
        }
        var removed = removed
        var pending = removed.keys.sorted()
        while let id = pending.popLast() {
            guard !kept.contains(id), let group = document.objects[id], group.isa == "PBXGroup",
                let going = removed[id], group.strings("children").allSatisfy(going.contains),
                let parentID = parentOf[id], let parent = document.objects[parentID],
                removed[parentID]?.contains(id) != true
            else { continue }
            let shown = graph.groups[id]?.displayPath ?? id
            guard prunable.contains(where: { shown == $0 || shown.hasPrefix($0 + "/") }) else { continue }
            try removeLines(group.lineStart..<group.value.byteRange.upperBound, shown)
            try removeListItem(id, of: "children", in: parent, path: shown, removeLine: removeLine)
            removed[parentID, default: []].insert(id)
            pending.append(parentID)
        }
    }

    private func removeListItem(
        _ id: String, of key: String, in object: ProjectObject, path: String,
        removeLine: (Range<Int>, String) throws -> Void
    ) throws {
        for element in object.list(key)?.array ?? [] where element.string == id {
            try removeLine(element.byteRange, path)
        }
    }

    /// The whole line(s) `range` is on, newline included, when nothing but whitespace, a trailing `,` or `;` and
    /// comments share them; otherwise a refusal.
    private func wholeLine(around range: Range<Int>, path: String) throws -> Range<Int> {
        let bytes = graph.document.bytes
        let start = ProjectDocument.lineStart(before: range.lowerBound, in: bytes)
        var end = range.upperBound
        while end < bytes.count, bytes[end] != UInt8(ascii: "\n") { end += 1 }
        let before = bytes[start..<range.lowerBound]
        // What may follow an item or an object on its line: its comment, then its `,` or `;`.
        var index = range.upperBound
        var onlyPunctuation = true
        while index < end {
            let byte = bytes[index]
            if byte == UInt8(ascii: "/"), index + 1 < end, bytes[index + 1] == UInt8(ascii: "*") {
                index += 2
                while index + 1 < end, !(bytes[index] == UInt8(ascii: "*") && bytes[index + 1] == UInt8(ascii: "/")) {
                    index += 1
                }
                index += 2
                continue
            }
            let allowed: [UInt8] = [UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: ","), UInt8(ascii: ";")]
            if !allowed.contains(byte) { onlyPunctuation = false }
            index += 1
        }
        guard before.allSatisfy({ $0 == UInt8(ascii: "\t") || $0 == UInt8(ascii: " ") }), onlyPunctuation else {
            throw XcodeProjectError.refused(
                path: path, reason: "its entry shares a line with other text in the project file; remove it in Xcode")
        }
        return start..<min(end + 1, bytes.count)
    }
}
