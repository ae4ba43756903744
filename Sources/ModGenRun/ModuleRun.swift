import ModGenCore
import ModGenGeneration
import ModGenTemplates
import ModGenWriting
import ModGenXcodeProject

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// A run of modgen over modules: any number of requests (`ModuleRequest`) planned and carried out as one
/// all-or-nothing plan under one set of locks — the modules' files, the Xcode projects' additions, the records and
/// the template store together — returning what would change or what changed. It prints nothing: the command
/// lists the result, runs the hooks and chooses the exit code.
///
/// The order of a run: every folder it touches (output folders, named roots, the `.modgen` folder, each project)
/// locked at once (`OutputFolderLock.withLocks`); each request planned (`plan`), reading the disk only; the
/// projects' edits planned from the plans' files; then for `.apply` every plan written under one journal
/// (`WritePlan.apply(_:)`): template copies first (a record never names a version that is missing), the modules'
/// files, the records, the project files last. A conflict anywhere writes nothing.
public struct ModuleRun {
    public enum Mode: Sendable {
        /// Write.
        case apply
        /// Plan and return the plan; write nothing (`--dry-run`).
        case dryRun
        /// Plan and return the plan, to compare with the disk; write nothing (`--check`).
        case check
    }

    public let mode: Mode
    /// The project's `.modgen` folder; `nil` when there is none (then no request may record a module).
    public let records: ModuleRecords?
    /// The folder relative paths are taken from.
    public let currentDirectory: String
    /// How messages show a folder.
    public let shown: @Sendable (URL) -> String
    /// Renders and merges recorded modules, reading each template once per run.
    public let updater: ModuleUpdater?
    /// The project's `modgen.lock` with the commits of the templates from git this run used, when it changes:
    /// written with the module, never by a dry run or a check.
    let templateLockFile: (folder: URL, file: RenderedFile)?

    /// `conflictStyle`: how updates write conflicts.
    public init(
        mode: Mode, session: GenerationSession, records: ModuleRecords?, currentDirectory: String,
        shown: @escaping @Sendable (URL) -> String, conflictStyle: ThreeWayMerge.ConflictStyle = .merge
    ) {
        self.mode = mode
        self.records = records
        self.currentDirectory = currentDirectory
        self.shown = shown
        updater = records.map {
            var updater = ModuleUpdater(
                session: session, records: $0, currentDirectory: currentDirectory, shown: shown)
            updater.conflictStyle = conflictStyle
            return updater
        }
        templateLockFile = mode == .apply ? session.templateLockFile : nil
    }

    /// Plans `requests` and, for `.apply`, writes them, holding the locks from the first read to the last write.
    /// Errors stop the run before anything is written; conflicts do not throw but come back in the result with
    /// nothing written, so the command can list them.
    public func carryOut(_ requests: [ModuleRequest]) throws -> RunResult {
        // Refused before any folder is locked (and so made): the user has to say where a root goes first.
        for case .generate(let generated) in requests {
            try WritePlan.checkRootsPlaced(generated.files, rootDirectories: generated.placement.rootDirectories)
            try generated.project?.checkExists()
        }
        let access: OutputFolderLock.Access = mode == .apply ? .exclusive : .shared
        let lockFolders = templateLockFile.map { [$0.folder.path] } ?? []
        return try OutputFolderLock.withLocks(access, on: try folders(of: requests) + lockFolders, in: currentDirectory)
        {
            var result = try plan(requests)
            guard mode == .apply, result.conflicts.isEmpty else { return result }
            let lockPlan = try templateLockFile.map {
                try WritePlan(
                    files: [$0.file], outputDirectory: $0.folder.path, policy: .overwrite,
                    currentDirectory: currentDirectory)
            }
            // A move's old places are cleared right after its new ones are written.
            let modulePlans = result.requests.map { [$0.plan] + ($0.vacated.map { [$0] } ?? []) }
            let plans =
                [result.templateStore] + modulePlans.flatMap { $0 } + [result.records] + result.projects.map(\.plan)
                + (lockPlan.map { [$0] } ?? [])
            let reports = try WritePlan.apply(plans)
            var next = 1
            for index in result.requests.indices {
                result.requests[index].report = reports[next]
                next += modulePlans[index].count
            }
            result.isApplied = true
            // A snapshot's stale links, which its plan cannot follow, go once everything else is written.
            for (index, item) in result.requests.enumerated() {
                guard case .snapshot(let directory, _) = item.request, let recording = item.snapshotRecording else {
                    continue
                }
                let written = item.report?.entries.filter { $0.action != .unchanged }.count ?? 0
                result.requests[index].removedSnapshotLinks = try directory.removeStaleLinks(
                    recording, writtenCount: written)
            }
            return result
        }
    }

    /// Every folder the run reads or writes, as shown: the lock set. The `.xcodeproj` folder of each project a
    /// request edits is in it whatever the request, so two runs that edit one project file wait for each other as
    /// two runs into one folder do.
    private func folders(of requests: [ModuleRequest]) throws -> [String] {
        var folders: [String] = []
        var recordsTouched = false
        for request in requests {
            switch request {
            case .generate(let generated):
                let placement = generated.placement
                folders += Set(generated.files.map(\.root)).map {
                    $0.flatMap { placement.rootDirectories[$0] } ?? placement.outputDirectory
                }
                if case .write = generated.record, mode == .apply { recordsTouched = true }
            case .update(let record, _, _), .remove(let record, _), .rename(let record, _, _):
                let records = try requireRecords()
                folders += ([record.output] + record.roots.values.sorted()).map {
                    shown(ModuleRecording.folder($0, records: records))
                }
                recordsTouched = true
            case .adopt:
                recordsTouched = true
            case .move(let record, let output, let roots):
                let records = try requireRecords()
                folders += ([record.output] + record.roots.values.sorted()).map {
                    shown(ModuleRecording.folder($0, records: records))
                }
                folders += ([output] + roots.values.sorted { $0.path < $1.path }).map(shown)
                recordsTouched = true
            case .snapshot(let directory, _):
                folders.append(directory.directory)
            }
            if let project = try project(of: request) { folders.append(project.path) }
        }
        if recordsTouched { folders.append(try requireRecords().shownAs) }
        return folders
    }

    /// The Xcode project a request edits: a new module's named project, a recorded module's recorded one (checked
    /// to exist, so a missing one is refused before its folder is locked, and so made).
    private func project(of request: ModuleRequest) throws -> ProjectMembership? {
        switch request {
        case .generate(let generated):
            return generated.project
        case .update(let record, _, _), .remove(let record, _), .move(let record, _, _), .rename(let record, _, _):
            return try record.project.map { try recordedMembership($0, module: record.module) }
        case .adopt, .snapshot:
            return nil
        }
    }

    /// The template a record names, as the catalog has it now, else as the folder the record names has it.
    public func currentTemplate(of record: ModuleRecord) throws -> any ModuleTemplate {
        guard let updater else { throw ModuleRunError.noRecordsFolder }
        return try updater.currentTemplate(of: record)
    }

    private func requireRecords() throws -> ModuleRecords {
        guard let records else { throw ModuleRunError.noRecordsFolder }
        return records
    }

    /// Plans every request, then the projects, then the bookkeeping; reads the disk, writes nothing.
    private func plan(_ requests: [ModuleRequest]) throws -> RunResult {
        var planned: [PlannedRequest] = []
        for request in requests {
            switch request {
            case .generate(let generated):
                planned.append(try plan(generated, request: request))
            case .update(let record, let template, let changes):
                guard let updater else { throw ModuleRunError.noRecordsFolder }
                let update = try updater.update(record, to: template, changes: changes)
                var item = PlannedRequest(request: request, plan: update.plan, update: update)
                item.record = (update.record, update.templateCopy)
                planned.append(item)
            case .remove(let record, let force):
                guard let updater else { throw ModuleRunError.noRecordsFolder }
                let removal = try updater.removal(of: record)
                // Edits are the developer's work: nothing is removed unless they said so.
                if !force, !removal.editedFiles.isEmpty {
                    throw ModuleRunError.editedFiles(module: record.module, paths: removal.editedFiles)
                }
                var item = PlannedRequest(request: request, plan: removal.plan)
                item.removal = removal
                planned.append(item)
            case .adopt(let adoption):
                let missing = try checkAdoptable(adoption)
                let recorded = try ModuleRecording.record(
                    module: adoption.module, template: adoption.template, request: adoption.request,
                    records: try requireRecords(), outputDirectory: adoption.outputDirectory,
                    rootDirectories: adoption.rootDirectories)
                var item = PlannedRequest(request: request, plan: .empty())
                item.missingFiles = missing
                item.record = (
                    recorded.record,
                    ModuleRecords.templateCopy(
                        version: recorded.record.templateVersion, templateFiles: recorded.templateFiles)
                )
                planned.append(item)
            case .move(let record, let output, let roots):
                planned.append(try planMove(record, to: output, rootDirectories: roots, request: request))
            case .rename(let record, let newName, let template):
                guard let updater else { throw ModuleRunError.noRecordsFolder }
                if try requireRecords().record(module: newName) != nil {
                    throw ModuleRunError.alreadyRecorded(module: newName)
                }
                let rename = try updater.rename(record, to: newName, template: template)
                var item = PlannedRequest(request: request, plan: rename.update.plan, update: rename.update)
                item.rename = rename
                item.record = (rename.update.record, rename.update.templateCopy)
                planned.append(item)
            case .snapshot(let directory, let files):
                var item = PlannedRequest(request: request, plan: .empty())
                if mode == .check {
                    item.snapshotComparison = try directory.compare(with: files, currentDirectory: currentDirectory)
                } else {
                    let recording = try directory.recordingPlan(files, currentDirectory: currentDirectory)
                    item.plan = recording.plan
                    item.snapshotRecording = recording
                }
                planned.append(item)
            }
        }
        var result = RunResult(requests: planned)
        result.projects = try projectChanges(for: &result.requests)
        var bookkeeping = Bookkeeping()
        for item in result.requests {
            if let (record, copy) = item.record {
                // A version stored already is neither written again nor read back to be compared.
                let stored = records?.holdsTemplateCopy(copy) == true
                bookkeeping.record(record, templateCopy: stored ? [] : copy)
            }
            if let removal = item.removal { bookkeeping.removed.append(removal.record.module) }
            if let rename = item.rename { bookkeeping.removed.append(rename.oldRecord.module) }
        }
        if !bookkeeping.isEmpty {
            let records = try requireRecords()
            let folder = records.shownAs
            result.templateStore = try WritePlan(
                files: bookkeeping.templateCopies,
                removing: unusedTemplateFiles(
                    once: bookkeeping.records, removing: bookkeeping.removed, records: records),
                outputDirectory: folder,
                policy: .overwrite, currentDirectory: currentDirectory)
            result.records = try WritePlan(
                files: bookkeeping.recordFiles,
                removing: bookkeeping.removed.map {
                    RenderedFile(path: ModuleRecords.recordPath(module: $0), bytes: [])
                }, outputDirectory: folder, policy: .overwrite,
                currentDirectory: currentDirectory)
        }
        return result
    }

    /// A move: the module's folders must stay inside the folder that holds `.modgen` (a record holds no machine's
    /// paths); the record the move writes keeps the template version it names.
    private func planMove(
        _ record: ModuleRecord, to output: URL, rootDirectories roots: [String: URL], request: ModuleRequest
    ) throws -> PlannedRequest {
        let records = try requireRecords()
        guard let updater else { throw ModuleRunError.noRecordsFolder }
        if let outside = ModuleRecording.folderOutsideProject(
            outputDirectory: output, rootDirectories: roots, records: records)
        {
            throw ModuleRunError.outsideProject(folder: shown(outside), project: shown(records.projectFolder))
        }
        let move = try updater.move(record, to: output, rootFolders: roots)
        var item = PlannedRequest(request: request, plan: move.plan)
        item.move = move
        item.vacated = move.vacated
        item.record = (move.record, [])
        return item
    }

    /// Refuses to record a module with no files where it is said to be, or whose folders lie outside the folder
    /// that holds `.modgen`. Returns the files the answers render that are not there (shown): answers that
    /// contradict the files.
    private func checkAdoptable(_ adoption: ModuleAdoption) throws -> [String] {
        let records = try requireRecords()
        if let outside = ModuleRecording.folderOutsideProject(
            outputDirectory: adoption.outputDirectory, rootDirectories: adoption.rootDirectories, records: records)
        {
            throw ModuleRunError.outsideProject(folder: shown(outside), project: shown(records.projectFolder))
        }
        guard let updater else { throw ModuleRunError.noRecordsFolder }
        let files = try updater.session.renderer(for: adoption.template).renderModule(adoption.request)
        let present = files.filter { file in
            let folder = file.root.flatMap { adoption.rootDirectories[$0] } ?? adoption.outputDirectory
            return FileStatus.isDirectory(atPath: folder.appendingPathComponent(file.path).path) == false
        }
        if present.isEmpty {
            throw ModuleRunError.nothingToAdopt(module: adoption.module, folder: shown(adoption.outputDirectory))
        }
        return files.filter { file in !present.contains { $0.path == file.path && $0.root == file.root } }.map {
            file in
            shown((file.root.flatMap { adoption.rootDirectories[$0] } ?? adoption.outputDirectory))
                + "/" + file.path
        }
    }

    /// The files of the stored template versions that no record names once `written` are: removed in the same run,
    /// so the store holds only versions in use. A record that cannot be read may name any version: then nothing
    /// is removed (the run that reads it reports it).
    private func unusedTemplateFiles(
        once written: [ModuleRecord], removing removed: [String], records: ModuleRecords
    ) -> [RenderedFile] {
        let store = records.folder.appendingPathComponent("templates")
        guard let stored = try? FileManager.default.contentsOfDirectory(atPath: store.path) else { return [] }
        // Only folders named as versions are: anything else there is not modgen's to remove. A version a record
        // written now names stays: when that leaves none, no other record needs reading.
        let writtenVersions = Set(written.map(\.templateVersion))
        let candidates = stored.filter { ModuleRecords.isVersionName($0) && !writtenVersions.contains($0) }
        guard !candidates.isEmpty, let existing = try? records.allRecords() else { return [] }
        var versions: [String: String] = [:]
        for record in existing + written { versions[record.module] = record.templateVersion }
        for module in removed { versions[module] = nil }
        let used = Set(versions.values)
        var files: [RenderedFile] = []
        for version in candidates.sorted() where !used.contains(version) {
            guard let paths = try? FileWalker.relativeFilePaths(under: store.appendingPathComponent(version)) else {
                continue
            }
            files += paths.map { RenderedFile(path: "templates/\(version)/\($0)", bytes: []) }
        }
        return files
    }

    private func plan(_ generated: GeneratedFiles, request: ModuleRequest) throws -> PlannedRequest {
        let placement = generated.placement
        // Read under the lock: the index is what the last run into the folder wrote.
        let staleFiles = try generated.ownedFolder.map {
            try WrittenFilesIndex.staleFiles(
                in: $0, files: generated.files, outputDirectory: placement.outputDirectory,
                currentDirectory: currentDirectory)
        }
        let plan = try WritePlan(
            files: generated.files, outputDirectory: placement.outputDirectory,
            rootDirectories: placement.rootDirectories, policy: generated.policy, staleFiles: staleFiles ?? [],
            currentDirectory: currentDirectory)
        var item = PlannedRequest(request: request, plan: plan)
        switch generated.record {
        case .keepRefusingChanges(let refusal):
            // A recorded module generated again with other answers is `update`'s work, unless nothing would change.
            if plan.entries.contains(where: { $0.action != .unchanged }) { throw refusal }
        case .write(let record, let templateFiles):
            // Only a run that writes records; a dry run or a check lists the module's files alone.
            if mode == .apply {
                item.record = (
                    record,
                    ModuleRecords.templateCopy(version: record.templateVersion, templateFiles: templateFiles)
                )
            }
        case .unchanged(let existing):
            // Written again only to remember the project a re-run adds the module to (`projectChanges`).
            if mode == .apply, generated.project != nil { item.record = (existing, []) }
        case nil:
            break
        }
        return item
    }

    /// What one request asks of a project: the files that must be in it, and those whose references must go.
    private struct ProjectPart {
        var index: Int
        var membership: ProjectMembership
        var members: [ProjectMembership.Member]
        var removals: [String]
        /// Folders only this module's files are in (below its output folder and roots): a file the project
        /// references there that is gone from disk is a file the module no longer has.
        var ownedFolders: [String] = []
    }

    /// The project parts of the planned requests: a new module's files as planned; a recorded module's files as
    /// they are after the update (every one on disk, so a reference lost since is added again), and the references
    /// of the files it no longer has (removed now, or deleted by hand) taken out.
    private func projectParts(of planned: [PlannedRequest]) throws -> [ProjectPart] {
        var parts: [ProjectPart] = []
        for (index, item) in planned.enumerated() {
            switch item.request {
            case .generate(let generated):
                guard let membership = generated.project else { continue }
                // A file the run removes joins nothing.
                var groups: [String: String] = [:]
                for file in generated.files {
                    if let group = file.group { groups[Self.key(file.root, file.path)] = group }
                }
                let members = item.plan.plannedTargets.filter { $0.entry.action != .remove }.map {
                    ProjectMembership.Member(
                        path: $0.path, root: $0.entry.root,
                        display: item.plan.display($0.entry.path, root: $0.entry.root), relativePath: $0.entry.path,
                        group: groups[Self.key($0.entry.root, $0.entry.path)])
                }
                parts.append(ProjectPart(index: index, membership: membership, members: members, removals: []))
            case .update:
                guard let update = item.update, let project = update.record.project else { continue }
                let membership = try recordedMembership(project, module: update.record.module)
                let (members, removals) = Self.projectFiles(of: update)
                parts.append(
                    ProjectPart(
                        index: index, membership: membership, members: members, removals: removals,
                        ownedFolders: Self.ownedFolders(members.map(\.path) + removals, sharedFolders: update)))
            case .remove:
                guard let removal = item.removal, let project = removal.record.project else { continue }
                let membership = try recordedMembership(project, module: removal.record.module)
                let removals = removal.locations.map { RealPath.of($0) }
                let shared = Set(([removal.outputFolder] + removal.rootFolders.values).map { RealPath.of($0) })
                parts.append(
                    ProjectPart(
                        index: index, membership: membership, members: [], removals: removals,
                        ownedFolders: Set(removals.map(PathText.parent)).filter { !shared.contains($0) }.sorted()))
            case .move:
                guard let move = item.move, let project = move.record.project else { continue }
                let membership = try recordedMembership(project, module: move.record.module)
                let moved = move.files.filter { $0.outcome != .stays }
                let removals = moved.map { RealPath.of($0.from) }
                let members = move.files.filter { $0.outcome != .missing }.map {
                    ProjectMembership.Member(
                        path: RealPath.of($0.to), root: $0.root,
                        display: move.plan.display($0.path, root: $0.root), relativePath: $0.path, group: $0.group)
                }
                let shared = Set(
                    ([move.outputFolder, move.oldOutputFolder] + move.rootFolders.values + move.oldRootFolders.values)
                        .map { RealPath.of($0) })
                let owned = Set((removals + members.map(\.path)).map(PathText.parent)).filter { !shared.contains($0) }
                parts.append(
                    ProjectPart(
                        index: index, membership: membership, members: members, removals: removals,
                        ownedFolders: owned.sorted()))
            case .rename:
                guard let rename = item.rename, let project = rename.update.record.project else { continue }
                let update = rename.update
                let membership = try recordedMembership(project, module: update.record.module)
                let (members, dropped) = Self.projectFiles(of: update)
                let removals = rename.vacatedLocations.map { RealPath.of($0) } + dropped
                parts.append(
                    ProjectPart(
                        index: index, membership: membership, members: members, removals: Array(Set(removals)).sorted(),
                        ownedFolders: Self.ownedFolders(members.map(\.path) + removals, sharedFolders: update)))
            case .adopt, .snapshot:
                continue
            }
        }
        return parts
    }

    /// An update's files as the project sees them: the ones it keeps or writes are members, the ones it drops (or the
    /// developer deleted) lose their references. `update` and `rename` both plan their project part from this.
    private static func projectFiles(of update: ModuleUpdate) -> (
        members: [ProjectMembership.Member], removals: [String]
    ) {
        var members: [ProjectMembership.Member] = []
        var removals: [String] = []
        for file in update.files {
            let path = RealPath.of(update.location(of: file))
            if [.removed, .keptDeleted].contains(file.outcome) {
                removals.append(path)
            } else {
                members.append(
                    .init(
                        path: path, root: file.root, display: update.display(file), relativePath: file.path,
                        group: file.group))
            }
        }
        return (members, removals)
    }

    /// A rendered file's key: its root and its path below it.
    private static func key(_ root: String?, _ path: String) -> String { (root ?? "") + "\u{0}" + path }

    /// The folders of `paths` that the module alone owns: not its output folder or a root's, which other modules share.
    private static func ownedFolders(_ paths: [String], sharedFolders update: ModuleUpdate) -> [String] {
        let shared = Set(([update.outputFolder] + update.rootFolders.values).map { RealPath.of($0) })
        return Set(paths.map(PathText.parent)).filter { !shared.contains($0) }.sorted()
    }

    /// The project a record names, as the membership of the module's files.
    private func recordedMembership(
        _ project: ModuleRecord.RecordedProject, module: String
    ) throws -> ProjectMembership {
        let records = try requireRecords()
        let url = ModuleRecording.folder(project.path, records: records)
        let membership = ProjectMembership(
            path: shown(url), absolutePath: url.path, targets: .typed(project.targets),
            testTargets: .typed(project.testTargets), configFile: records.shownPath(module: module),
            groups: project.groups)
        try membership.checkExists()
        return membership
    }

    /// One edit per project, whatever number of requests join it: references removed first, then each request's
    /// files added in its own targets. Each request learns the changes to its files, and a new module's record the
    /// project and targets it joined.
    private func projectChanges(for planned: inout [PlannedRequest]) throws -> [ProjectChange] {
        let parts = try projectParts(of: planned)
        var order: [String] = []
        var byProject: [String: [ProjectPart]] = [:]
        for part in parts {
            if byProject[part.membership.absolutePath] == nil { order.append(part.membership.absolutePath) }
            byProject[part.membership.absolutePath, default: []].append(part)
        }
        var changes: [ProjectChange] = []
        for key in order {
            var parts = byProject[key]!
            let membership = parts[0].membership
            let original = try XcodeProject.load(at: membership.path, currentDirectory: currentDirectory)
            // The folder the `.xcodeproj` is in (resolved): the project's paths are relative to it.
            let folder = PathText.parent(PathText.parent(original.projectFilePath))
            for index in parts.indices {
                let known = Set(parts[index].members.map(\.path) + parts[index].removals)
                for folder in parts[index].ownedFolders {
                    parts[index].removals += original.referencedFiles(under: folder).filter {
                        !known.contains($0) && FileStatus.isDirectory(atPath: $0) == nil
                    }
                }
            }
            let removals = parts.flatMap(\.removals)
            var removal: ProjectEdit?
            var current = original
            if !removals.isEmpty {
                // The groups the files that stay or join are in stay too, rather than go and come back.
                let edit = try original.removing(
                    removals, keepingGroupsOf: parts.flatMap { $0.members.map(\.path) },
                    keepingNamedGroups: parts.flatMap { part in
                        part.members.compactMap { part.membership.placement(of: $0)?.names }
                    })
                removal = edit
                current = try XcodeProject(
                    bytes: edit.newBytes, displayPath: original.displayPath, containingFolder: folder,
                    projectFilePath: original.projectFilePath)
            }
            var additions: [ProjectFileAddition] = []
            for part in parts {
                let joined = try part.membership.additions(for: part.members, in: current)
                additions += joined.additions
                if case .generate = planned[part.index].request, let (recorded, copy) = planned[part.index].record {
                    var record = recorded
                    let projectURL = URL(fileURLWithPath: part.membership.absolutePath)
                    let projectFolder = try requireRecords().projectFolder
                    // A project outside the folder that holds `.modgen` is not recorded: no machine's paths.
                    record.project =
                        ModuleRecording.isInside(projectURL, projectFolder)
                        ? ModuleRecord.RecordedProject(
                            path: ModuleRecording.relativePath(of: projectURL, in: projectFolder),
                            targets: joined.targets, testTargets: joined.testTargets,
                            groups: part.membership.groups) : nil
                    planned[part.index].record = (record, copy)
                }
            }
            let addition = try current.adding(additions)
            let edit = removal.map { $0.followed(by: addition) } ?? addition
            for part in parts {
                let paths = Set(part.members.map(\.path) + part.removals)
                planned[part.index].projectChanges = edit.changes.filter { paths.contains(folder + "/" + $0.path) }
            }
            var plan = WritePlan.empty()
            try plan.addEditedFile(
                at: original.projectFilePath, shownAs: membership.path + "/project.pbxproj",
                originalBytes: edit.originalBytes, newBytes: edit.newBytes)
            changes.append(ProjectChange(membership: membership, project: original, edit: edit, plan: plan))
        }
        return changes
    }
}

/// Paths as text, and real paths of files that may not exist yet.
enum PathText {
    /// The folder `path` is in.
    static func parent(_ path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "." }
        return slash == path.startIndex ? "/" : String(path[..<slash])
    }
}

/// The path of a file with every symbolic link of its existing folders resolved, as the project's paths and the
/// write plan's targets are: a file that does not exist (any more) keeps the rest of its path as written.
enum RealPath {
    static func of(_ url: URL) -> String {
        var existing = url.standardizedFileURL.path
        var rest: [String] = []
        while existing != "/" {
            if let resolved = ContainmentFolder.resolve(existing) {
                return ([resolved == "/" ? "" : resolved] + rest).joined(separator: "/")
            }
            rest.insert(String(existing[existing.index(after: existing.lastIndex(of: "/")!)...]), at: 0)
            existing = PathText.parent(existing)
        }
        return "/" + rest.joined(separator: "/")
    }
}

/// The records and template copies a run writes: each template version once, however many modules use it.
private struct Bookkeeping {
    var records: [ModuleRecord] = []
    /// Modules whose records go.
    var removed: [String] = []
    var recordFiles: [RenderedFile] = []
    var templateCopies: [RenderedFile] = []
    private var copied = Set<String>()

    var isEmpty: Bool { recordFiles.isEmpty && removed.isEmpty }

    mutating func record(_ record: ModuleRecord, templateCopy: [RenderedFile]) {
        records.append(record)
        recordFiles.append(ModuleRecords.recordFile(record))
        templateCopies += templateCopy.filter { copied.insert($0.path).inserted }
    }
}

/// What stops a run before it plans (exit codes in the command's ExitCodes.swift).
public enum ModuleRunError: ModGenError, Equatable {
    /// A request records a module, and there is no `.modgen` folder to keep it in.
    case noRecordsFolder
    /// `update --adopt` of a module none of whose files is where it is said to be.
    case nothingToAdopt(module: String, folder: String)
    /// A module to record whose folder is outside the folder that holds `.modgen`.
    case outsideProject(folder: String, project: String)
    /// `remove` of a module whose files the developer edited, without force: nothing is removed.
    case editedFiles(module: String, paths: [String])
    /// `rename` to a name another record has.
    case alreadyRecorded(module: String)

    public var message: String {
        switch self {
        case .noRecordsFolder:
            "no config and no current folder: there is no project to keep module records in"
        case .nothingToAdopt(let module, let folder):
            "none of module \(module)'s files is in \(folder): nothing to record (name its folder with --output, and "
                + "the options it was generated with)"
        case .editedFiles(let module, let paths):
            "\(paths.count == 1 ? "1 file" : "\(paths.count) files") of module \(module) \(paths.count == 1 ? "was" : "were") "
                + "edited since it was generated, so nothing was removed (use --force to remove them too): "
                + WritingError.listed(paths)
        case .alreadyRecorded(let module):
            "module '\(module)' is already recorded: choose another name, or remove that module first"
        case .outsideProject(let folder, let project):
            "cannot record a module in \(folder): it is outside \(project), the folder that holds the records, and a "
                + "record holds no absolute paths"
        }
    }
}
