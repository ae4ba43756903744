import ModGenCore

extension XcodeProject {
    /// The files the project references in `folder` (absolute) or below it, as absolute paths spelt as the project
    /// spells them, sorted: where a module's files that are gone may still be referenced.
    public func referencedFiles(under folder: String) -> [String] {
        let prefix = PathComponents.key(PathComponents.split(folder)) + "/"
        return graph.referencedPaths().filter { $0.key.hasPrefix(prefix) }.map(\.value).sorted()
    }

    /// Plans removing files (absolute paths) from the project: each reference to them, its line in its group, the
    /// build files that use it and their lines in every build phase — the lines `adding` inserts, removed whole —
    /// and the groups `adding` made that this leaves empty (`emptiedGroups`), so that adding files and removing
    /// them again gives back the project byte for byte. Nothing else changes: a group someone else made stays even
    /// when empty, as Xcode leaves it, and so does the group of a folder in `kept` (absolute paths of files that
    /// stay or join next) or above one. A file the project does not reference, or one in a synchronized folder,
    /// needs nothing.
    ///
    /// Groups made for a `ProjectGroupPlacement` are known the same way, by the ID made from their names. A group
    /// with no folder of its own (a logical group) is not kept by `kept`'s folders, which it shares with its
    /// parent: it stays when it is on one of `keptNames` (the named groups of files that stay or join), else goes
    /// once empty.
    ///
    /// A section (`/* Begin PBXGroup section */` … `/* End … */`) left with no object goes too, as `adding` made
    /// it from nothing: Xcode never writes an empty one.
    ///
    /// Refused (`XcodeProjectError.refused`, nothing planned): a line that holds something besides what goes (a
    /// list written on one line, two objects on a line), which removing whole lines would damage.
    public func removing(
        _ paths: [String], keepingGroupsOf kept: [String] = [], keepingNamedGroups keptNames: [[String]] = []
    ) throws -> ProjectEdit {
        let document = graph.document
        var edits = ProjectInsertions()
        var changes: [ProjectEdit.FileChange] = []
        var removedLines = Set<Int>()
        func removeLine(of range: Range<Int>, path: String) throws {
            let line = try wholeLine(around: range, path: path)
            if removedLines.insert(line.lowerBound).inserted { edits.remove(line) }
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
        // What goes first, references and the groups they leave empty; then their lines.
        var removedReferences: [(path: String, reference: ProjectGraph.Reference)] = []
        for path in paths {
            for reference in graph.references(to: PathComponents.joined([], path))
            where document.objects[reference.id] != nil && document.objects[reference.parentGroupID] != nil {
                removedReferences.append((path, reference))
            }
        }
        var gone = Set(removedReferences.map(\.reference.id))
        let removedGroups = emptiedGroups(
            losing: removedReferences.map(\.reference.parentGroupID), gone: &gone, keepingGroupsOf: kept,
            keepingNamedGroups: keptNames)
        for (path, reference) in removedReferences {
            let object = document.objects[reference.id]!
            let group = document.objects[reference.parentGroupID]!
            let relative = PathComponents.joined([], path).dropFirst(graph.projectFolder.count).joined(separator: "/")
            var change = ProjectEdit.FileChange(
                path: relative, group: graph.groups[group.id]?.displayPath ?? "", addedTo: [], alreadyIn: [],
                isNewReference: false, isInSynchronizedFolder: false)
            change.isRemoved = true
            try removeLine(of: object.lineStart..<object.value.byteRange.upperBound, path: path)
            // A group that goes takes its list with it.
            if !removedGroups.contains(group.id) {
                try removeListItem(reference.id, of: "children", in: group, path: path, removeLine: removeLine)
            }
            for buildFile in buildFilesByReference[reference.id] ?? [] {
                try removeLine(of: buildFile.lineStart..<buildFile.value.byteRange.upperBound, path: path)
                if let (phase, target) = phaseByBuildFile[buildFile.id] {
                    try removeListItem(buildFile.id, of: "files", in: phase, path: path, removeLine: removeLine)
                    change.removedFrom.append(target.name)
                }
            }
            changes.append(change)
        }
        for id in removedGroups {
            let object = document.objects[id]!
            let path = graph.groups[id]!.path
            try removeLine(of: object.lineStart..<object.value.byteRange.upperBound, path: path)
            if let parentID = graph.groups[id]!.parentID, !removedGroups.contains(parentID),
                let parent = document.objects[parentID]
            {
                try removeListItem(id, of: "children", in: parent, path: path, removeLine: removeLine)
            }
        }
        let removedObjects = gone.union(
            buildFilesByReference.filter { gone.contains($0.key) }.values.joined().map(\.id))
        removeEmptiedSections(losing: removedObjects, into: &edits)
        return ProjectEdit(originalBytes: bytes, newBytes: edits.applied(to: bytes), changes: changes)
    }

    /// Removes the section of each kind all of whose objects are in `removed`.
    private func removeEmptiedSections(losing removed: Set<String>, into edits: inout ProjectInsertions) {
        guard !removed.isEmpty else { return }
        var left: [String: Int] = [:]
        var losing = Set<String>()
        for object in graph.document.objectsInFileOrder {
            let isa = object.isa
            if removed.contains(object.id) { losing.insert(isa) } else { left[isa, default: 0] += 1 }
        }
        let layout = ProjectLayout(document: graph.document)
        for isa in losing.sorted() where left[isa] == nil { layout.removeSection(isa, into: &edits) }
    }

    /// The groups that go with the references in `gone`: each group `adding` made (`isMadeByAdding`) whose every
    /// child goes, deepest first, then its parent when that leaves it empty in turn — except the groups of the
    /// folders of `kept` and the folders above them (a group with a `path`), and the groups along `keptNames`.
    /// `gone` gains the groups.
    private func emptiedGroups(
        losing parents: [String], gone: inout Set<String>, keepingGroupsOf kept: [String],
        keepingNamedGroups keptNames: [[String]]
    ) -> Set<String> {
        var keptChains = Set<String>()
        for names in keptNames {
            for count in 1...max(1, names.count) { keptChains.insert(names.prefix(count).joined(separator: "/")) }
        }
        var keptFolders = Set<String>()
        for path in kept {
            var folder = PathComponents.joined([], path)
            while !folder.isEmpty {
                folder.removeLast()
                guard keptFolders.insert(PathComponents.key(folder)).inserted else { break }
            }
        }
        let document = graph.document
        var removed = Set<String>()
        var pending = Set(parents)
        // Deepest first: every group below one is decided before it is.
        func depth(_ id: String) -> Int { graph.groups[id]?.depth ?? 0 }
        while let id = pending.max(by: { (depth($0), $1) < (depth($1), $0) }) {
            pending.remove(id)
            guard let group = graph.groups[id], let object = document.objects[id],
                !(object.string("path") != nil && keptFolders.contains(group.key)),
                !keptChains.contains(group.displayPath),
                isMadeByAdding(group, object), object.strings("children").allSatisfy(gone.contains)
            else { continue }
            removed.insert(id)
            gone.insert(id)
            if let parent = group.parentID { pending.insert(parent) }
        }
        return removed
    }

    /// Whether `adding` made `group`: a group with exactly the text `adding` writes (`isa`, `children`, `path` the
    /// folder's name, `sourceTree = "<group>"`) and the ID it makes for that folder, a hash of its path in the
    /// project. No record lists the groups a run made (an older modgen's included): the ID tells them apart, since
    /// Xcode's IDs do not come from paths and 96 bits do not meet by chance. `adding` derives it from the folders as
    /// the project spells them, as read here; a group whose `path` was respelled since is not recognised, and stays.
    private func isMadeByAdding(_ group: ProjectGraph.Group, _ object: ProjectObject) -> Bool {
        if isMadeByNaming(group, object) { return true }
        let projectFolder = graph.projectFolder
        guard object.isa == "PBXGroup", let entries = object.value.entries, entries.count == 4,
            Set(entries.map(\.key)) == ["isa", "children", "path", "sourceTree"],
            object.string("sourceTree") == "<group>", object.string("path") == group.folder.last,
            group.folder.count > projectFolder.count,
            PathComponents.key(Array(group.folder.prefix(projectFolder.count))) == PathComponents.key(projectFolder)
        else { return false }
        let seed = "group:" + group.folder.dropFirst(projectFolder.count).joined(separator: "/")
        // `ObjectIDs.make` adds `#1`, `#2`… to the seed while an ID is taken.
        return (0..<4).contains { ObjectIDs.hexDigest($0 == 0 ? seed : "\(seed)#\($0)") == object.id }
    }

    /// Whether `adding` made `group` for a `ProjectGroupPlacement` (a Rambafile's group paths): a group of the keys
    /// `adding` writes and the ID it makes from the group's names from the main group, which are its display path.
    private func isMadeByNaming(_ group: ProjectGraph.Group, _ object: ProjectObject) -> Bool {
        guard object.isa == "PBXGroup", let entries = object.value.entries, !group.displayPath.isEmpty,
            Set(entries.map(\.key)).isSubset(of: ["isa", "children", "name", "path", "sourceTree"])
        else { return false }
        let seed = ProjectGroupPlacement.idSeed(group.displayPath)
        return (0..<4).contains { ObjectIDs.hexDigest($0 == 0 ? seed : "\(seed)#\($0)") == object.id }
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
            // `\r`: the end of a line in a file with Windows line endings.
            let allowed: [UInt8] = [
                UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: ","), UInt8(ascii: ";"), UInt8(ascii: "\r"),
            ]
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
