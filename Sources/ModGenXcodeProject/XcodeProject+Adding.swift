import ModGenCore

extension XcodeProject {
    /// Plans adding `files` as Xcode does when files are added to a group and targets: a file reference in the
    /// group of its folder (groups created, path-only, for folders that have none) or in the group its placement
    /// names (`ProjectGroupPlacement`), and one build file per target
    /// in its Sources or Resources phase — inserted lines only. A file already in its group and target is left as
    /// it is, so planning the same files again changes nothing; a file inside a synchronized folder its targets
    /// own needs nothing.
    ///
    /// Refused (`XcodeProjectError.refused`, nothing planned): a file outside the project's folder, a file already
    /// referenced from another group, a file in a synchronized folder one of its targets does not build, a target
    /// without the build phase the file needs.
    public func adding(_ files: [ProjectFileAddition]) throws -> ProjectEdit {
        // New IDs are checked against the file once planned (see `ObjectIDs`); one taken (hardly ever) means a
        // plan again around it.
        var wordsOfTheFile: Set<ObjectIDs.Bits> = []
        while true {
            var planner = AdditionPlanner(graph: graph, ids: ObjectIDs(wordsOfTheFile: wordsOfTheFile))
            for file in files { try planner.add(file) }
            let taken = planner.ids.drawnIDs(in: bytes)
            guard taken.isEmpty else {
                wordsOfTheFile.formUnion(taken)
                continue
            }
            return ProjectEdit(
                originalBytes: bytes, newBytes: try planner.render().applied(to: bytes), changes: planner.changes)
        }
    }
}

/// The bookkeeping of one `XcodeProject.adding` call: what is new, then rendered as insertions.
private struct AdditionPlanner {
    struct NewGroup {
        var id: String
        var name: String
        var displayPath: String
        /// Its `path` (`nil`: a group with a name only) and source tree.
        var path: String?
        var sourceTree = "<group>"
        /// The folder it stands for, absolute.
        var folder: [String]
        var children: [(id: String, comment: String)] = []
    }

    let graph: ProjectGraph
    var ids: ObjectIDs
    var changes: [ProjectEdit.FileChange] = []
    /// New groups by the key of their folder, in the order they were made.
    var newGroups: [String: NewGroup] = [:]
    var newGroupOrder: [String] = []
    /// Children added to existing groups, and build files added to existing phases, by object ID.
    var appendedChildren: [(listOwner: String, item: (id: String, comment: String))] = []
    var appendedBuildFiles: [(listOwner: String, item: (id: String, comment: String))] = []
    var newReferences: [(id: String, text: String)] = []
    var newBuildFiles: [(id: String, text: String)] = []
    /// Paths already planned in this call, so a file named twice (or two files of one asset catalog) is added once.
    var plannedPaths: Set<String> = []

    mutating func add(_ file: ProjectFileAddition) throws {
        var components = PathComponents.joined([], file.path)
        // An asset catalog is one file to Xcode: its contents are never listed.
        if let catalog = components.firstIndex(where: ProjectFileKind.isBundleFolder) {
            components = Array(components.prefix(catalog + 1))
        }
        guard plannedPaths.insert(PathComponents.key(components)).inserted else { return }
        let projectFolder = graph.projectFolder
        guard components.count > projectFolder.count,
            PathComponents.key(Array(components.prefix(projectFolder.count))) == PathComponents.key(projectFolder)
        else {
            throw XcodeProjectError.refused(
                path: file.displayPath,
                reason: "is outside the project's folder \(PathComponents.string(projectFolder)), where Xcode "
                    + "would not place it in a group")
        }
        let relative = components.dropFirst(projectFolder.count).joined(separator: "/")
        let name = components.last!
        let kind = ProjectFileKind(fileName: name)
        if let synchronized = graph.synchronizedFolder(containing: components) {
            try addInSynchronizedFolder(file, synchronized, components: components, relative: relative)
            return
        }
        let folder = Array(components.dropLast())
        try refuseInsideFolderReference(file, folder: folder)
        let found = file.group.map { graph.namedGroup($0.names) } ?? graph.deepestGroup(for: folder)
        guard let (group, missing) = found else {
            throw XcodeProjectError.refused(
                path: file.displayPath, reason: "no group of the project stands for a folder above it")
        }
        var change = ProjectEdit.FileChange(
            path: relative, group: "", addedTo: [], alreadyIn: [], isNewReference: false,
            isInSynchronizedFolder: false)
        let referenceID: String
        var existingReference = false
        let references = graph.references(to: components)
        if !references.isEmpty {
            guard missing.isEmpty, let reference = references.first(where: { $0.parentGroupID == group.id }) else {
                let other = graph.groups[references[0].parentGroupID]?.displayPath ?? references[0].parentGroupID
                throw XcodeProjectError.refused(
                    path: file.displayPath,
                    reason: "is already referenced from the group '\(other.isEmpty ? "(main group)" : other)'; "
                        + (file.group == nil
                            ? "modgen adds a file only to the group of its own folder"
                            : "modgen adds it only to the group '\(file.group!.names.joined(separator: "/"))'"))
            }
            referenceID = reference.id
            existingReference = true
            change.group = group.displayPath
        } else {
            let parent =
                file.group.map { makeNamedGroups(missing, below: group, placement: $0) }
                ?? makeGroups(missing, below: group, folder: folder)
            referenceID = ids.make(for: "fileRef:" + relative)
            let fileType = ProjectText.quoted(kind.fileType)
            // Relative to the group's folder, as Xcode writes it; a path of more than one component also names
            // the file, as Xcode does.
            let path = PathComponents.relative(from: parent.folder, to: components)
            let named = path == name ? "" : "name = \(ProjectText.quoted(name)); "
            newReferences.append(
                (
                    referenceID,
                    "\t\t\(referenceID) /* \(ProjectText.comment(name)) */ = {isa = PBXFileReference; "
                        + "lastKnownFileType = \(fileType); \(named)path = \(ProjectText.quoted(path)); "
                        + "sourceTree = \"<group>\"; };\n"
                ))
            addChild((referenceID, name), to: parent.id)
            change.group = parent.displayPath
            change.isNewReference = true
        }
        for target in file.targets {
            guard let phaseKind = kind.phase else { continue }
            guard let phase = graph.phase(of: target, isa: phaseKind.rawValue) else {
                throw XcodeProjectError.refused(
                    path: file.displayPath,
                    reason: "the target '\(target.name)' has no \(phaseKind.defaultName) build phase; add one in Xcode "
                        + "(Build Phases) first")
            }
            if existingReference, graph.phase(phase, builds: referenceID) {
                change.alreadyIn.append(target.name)
                continue
            }
            let buildFileID = ids.make(for: "buildFile:\(relative):\(target.id):\(phaseKind.rawValue)")
            let comment = "\(name) in \(phase.string("name") ?? phaseKind.defaultName)"
            newBuildFiles.append(
                (
                    buildFileID,
                    "\t\t\(buildFileID) /* \(ProjectText.comment(comment)) */ = {isa = PBXBuildFile; "
                        + "fileRef = \(referenceID) /* \(ProjectText.comment(name)) */; };\n"
                ))
            appendedBuildFiles.append((phase.id, (buildFileID, comment)))
            change.addedTo.append(target.name)
        }
        changes.append(change)
    }

    /// A file inside a folder reference (a blue folder) is refused: Xcode copies everything such a folder holds
    /// into the product as it is, so a source file added there would be compiled and also shipped as a resource,
    /// and a group made for the same folder would show its files twice.
    private func refuseInsideFolderReference(_ file: ProjectFileAddition, folder: [String]) throws {
        let projectFolder = graph.projectFolder
        guard folder.count > projectFolder.count else { return }
        for depth in projectFolder.count + 1...folder.count {
            let ancestor = Array(folder.prefix(depth))
            for reference in graph.references(to: ancestor) {
                guard let object = graph.document.objects[reference.id],
                    object.string("lastKnownFileType") == "folder" || object.string("explicitFileType") == "folder"
                else { continue }
                let shown = ancestor.dropFirst(projectFolder.count).joined(separator: "/")
                throw XcodeProjectError.refused(
                    path: file.displayPath,
                    reason: "is inside '\(shown)', a folder reference (a blue folder) whose contents Xcode copies into "
                        + "the product as they are; write the files to a folder outside it, or make it a group in Xcode"
                )
            }
        }
    }

    /// A file in a synchronized folder: nothing to write when every target builds the folder (and no exception
    /// leaves the file out), or is given the file by an exception; otherwise refused, since only Xcode's own
    /// exception sets could add it, and a test file in an app's folder would be compiled into the app.
    private mutating func addInSynchronizedFolder(
        _ file: ProjectFileAddition, _ synchronized: ProjectGraph.SynchronizedFolder, components: [String],
        relative: String
    ) throws {
        let document = graph.document
        // As a Mac's file system compares names: an exception spelled `Home/Info.plist` names `home/info.plist`.
        let inside = PathComponents.key(components.dropFirst(synchronized.folder.count))
        let folderObject = document.objects[synchronized.id]
        let exceptions = (folderObject?.strings("exceptions") ?? []).compactMap { document.objects[$0] }
        let folderPath = synchronized.folder.dropFirst(graph.projectFolder.count).joined(separator: "/")
        for target in file.targets {
            let owns = target.synchronizedGroupIDs.contains(synchronized.id)
            let listed = exceptions.contains {
                $0.string("target") == target.id
                    && $0.strings("membershipExceptions").contains {
                        // `/Localized/…` names a localized file's variants, never a plain file.
                        !$0.hasPrefix("/") && PathComponents.key(PathComponents.split($0)) == inside
                    }
            }
            // For a target that builds the folder an exception leaves the file out; for another, it brings it in.
            if owns != listed { continue }
            let owners = graph.targets.filter { $0.synchronizedGroupIDs.contains(synchronized.id) }.map(\.name)
            let reason: String
            if owns {
                reason =
                    "the synchronized folder '\(folderPath)' leaves it out of the target '\(target.name)' "
                    + "(an exception in Xcode's File Inspector); remove the exception in Xcode"
            } else if owners.isEmpty {
                reason =
                    "is in the synchronized folder '\(folderPath)', which no target builds; add the folder to "
                    + "the target '\(target.name)' in Xcode, or write the files to a folder it builds"
            } else {
                reason =
                    "is in the synchronized folder '\(folderPath)', which the target '\(target.name)' does not "
                    + "build (it belongs to '\(owners.joined(separator: "', '"))', which would compile it); write "
                    + "the files to a folder '\(target.name)' builds"
            }
            throw XcodeProjectError.refused(path: file.displayPath, reason: reason)
        }
        changes.append(
            ProjectEdit.FileChange(
                path: relative, group: folderPath, addedTo: [], alreadyIn: file.targets.map(\.name),
                isNewReference: false, isInSynchronizedFolder: true))
    }

    /// The group for `folder`: `group` itself, or new path-only groups below it, one per missing component.
    private mutating func makeGroups(
        _ missing: [String], below group: ProjectGraph.Group, folder: [String]
    ) -> (id: String, displayPath: String, folder: [String]) {
        var parent = (id: group.id, displayPath: group.displayPath, folder: group.folder)
        for (index, name) in missing.enumerated() {
            let groupFolder = Array(folder.dropLast(missing.count - index - 1))
            let key = PathComponents.key(groupFolder)
            if let existing = newGroups[key] {
                parent = (existing.id, existing.displayPath, existing.folder)
                continue
            }
            // The ID comes from the folder as the project spells it (the existing group's folder, then the new
            // groups' paths), which is what `removing` reads back: the output path may spell the existing part
            // in another case or Unicode form (`app/` for the group `App`, a decomposed `é`), which both match.
            let spelled = group.folder + missing.prefix(index + 1)
            let relative = spelled.dropFirst(graph.projectFolder.count).joined(separator: "/")
            let id = ids.make(for: "group:" + relative)
            let displayPath = parent.displayPath.isEmpty ? name : parent.displayPath + "/" + name
            newGroups[key] = NewGroup(id: id, name: name, displayPath: displayPath, path: name, folder: groupFolder)
            newGroupOrder.append(key)
            addChild((id, name), to: parent.id)
            parent = (id, displayPath, groupFolder)
        }
        return parent
    }

    /// The group `placement` names: `group` itself, or the groups below it that `missing` names, made as the
    /// placement says (`ProjectGroupPlacement`). Kept apart from the folders' groups by their keys.
    private mutating func makeNamedGroups(
        _ missing: [String], below group: ProjectGraph.Group, placement: ProjectGroupPlacement
    ) -> (id: String, displayPath: String, folder: [String]) {
        var parent = (id: group.id, displayPath: group.displayPath, folder: group.folder)
        let first = placement.names.count - missing.count
        for index in first..<placement.names.count {
            let name = placement.names[index]
            let chain = placement.names.prefix(index + 1).joined(separator: "/")
            // A control character no folder key holds keeps named groups apart from the folders' groups.
            let key = "\u{1}" + chain
            if let existing = newGroups[key] {
                parent = (existing.id, existing.displayPath, existing.folder)
                continue
            }
            let made = placement.madeGroup(
                at: index, parentFolder: parent.folder, projectFolder: graph.projectFolder)
            let id = ids.make(for: ProjectGroupPlacement.idSeed(chain))
            let displayPath = parent.displayPath.isEmpty ? name : parent.displayPath + "/" + name
            newGroups[key] = NewGroup(
                id: id, name: name, displayPath: displayPath, path: made.path, sourceTree: made.sourceTree,
                folder: made.folder)
            newGroupOrder.append(key)
            addChild((id, name), to: parent.id)
            parent = (id, displayPath, made.folder)
        }
        return parent
    }

    private mutating func addChild(_ child: (id: String, comment: String), to groupID: String) {
        if let key = newGroupOrder.first(where: { newGroups[$0]!.id == groupID }) {
            newGroups[key]!.children.append(child)
        } else {
            appendedChildren.append((groupID, child))
        }
    }

    /// Every planned change as insertions into the original bytes.
    func render() throws -> ProjectInsertions {
        var insertions = ProjectInsertions()
        let layout = ProjectLayout(document: graph.document)
        let document = graph.document
        for (ownerID, items) in grouped(appendedChildren) {
            try layout.appendToList("children", of: document.objects[ownerID]!, items: items, into: &insertions)
        }
        for (ownerID, items) in grouped(appendedBuildFiles) {
            try layout.appendToList("files", of: document.objects[ownerID]!, items: items, into: &insertions)
        }
        layout.addObjects(newBuildFiles, isa: "PBXBuildFile", into: &insertions)
        layout.addObjects(newReferences, isa: "PBXFileReference", into: &insertions)
        let groups = newGroupOrder.map { newGroups[$0]! }.map { group in
            let children = group.children.map { "\t\t\t\t\($0.id) /* \(ProjectText.comment($0.comment)) */,\n" }
            // Xcode writes `name` only where the path does not say it.
            let name = group.path == group.name ? "" : "\t\t\tname = \(ProjectText.quoted(group.name));\n"
            let path = group.path.map { "\t\t\tpath = \(ProjectText.quoted($0));\n" } ?? ""
            let text =
                "\t\t\(group.id) /* \(ProjectText.comment(group.name)) */ = {\n\t\t\tisa = PBXGroup;\n"
                + "\t\t\tchildren = (\n\(children.joined())\t\t\t);\n"
                + "\(name)\(path)\t\t\tsourceTree = \(ProjectText.quoted(group.sourceTree));\n\t\t};\n"
            return (id: group.id, text: text)
        }
        layout.addObjects(groups, isa: "PBXGroup", into: &insertions)
        return insertions
    }

    /// Items by the object whose list they go into, owners in first-use order.
    private func grouped(
        _ pairs: [(listOwner: String, item: (id: String, comment: String))]
    ) -> [(String, [(id: String, comment: String)])] {
        var order: [String] = []
        var items: [String: [(id: String, comment: String)]] = [:]
        for pair in pairs {
            if items[pair.listOwner] == nil { order.append(pair.listOwner) }
            items[pair.listOwner, default: []].append(pair.item)
        }
        return order.map { ($0, items[$0]!) }
    }
}
