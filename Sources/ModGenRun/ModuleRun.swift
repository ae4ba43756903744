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

    public init(
        mode: Mode, session: GenerationSession, records: ModuleRecords?, currentDirectory: String,
        shown: @escaping @Sendable (URL) -> String
    ) {
        self.mode = mode
        self.records = records
        self.currentDirectory = currentDirectory
        self.shown = shown
        updater = records.map {
            ModuleUpdater(session: session, records: $0, currentDirectory: currentDirectory, shown: shown)
        }
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
        return try OutputFolderLock.withLocks(access, on: try folders(of: requests), in: currentDirectory) {
            var result = try plan(requests)
            guard mode == .apply, result.conflicts.isEmpty else { return result }
            let plans =
                [result.templateStore] + result.requests.map(\.plan) + [result.records]
                + result.projects.map(\.plan)
            let reports = try WritePlan.apply(plans)
            for index in result.requests.indices { result.requests[index].report = reports[1 + index] }
            result.isApplied = true
            return result
        }
    }

    /// Every folder the run reads or writes, as shown: the lock set.
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
                if let project = generated.project { folders.append(project.path) }
                if case .write = generated.record, mode == .apply { recordsTouched = true }
            case .update(let record, _, _):
                let records = try requireRecords()
                folders += ([record.output] + record.roots.values.sorted()).map {
                    shown(ModuleRecording.folder($0, records: records))
                }
                recordsTouched = true
            case .adopt:
                recordsTouched = true
            }
        }
        if recordsTouched { folders.append(try requireRecords().shownAs) }
        return folders
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

    /// Plans every request, then the bookkeeping and the projects; reads the disk, writes nothing.
    private func plan(_ requests: [ModuleRequest]) throws -> RunResult {
        var planned: [PlannedRequest] = []
        var bookkeeping = Bookkeeping()
        for request in requests {
            switch request {
            case .generate(let generated):
                planned.append(try plan(generated, request: request, bookkeeping: &bookkeeping))
            case .update(let record, let template, let changes):
                guard let updater else { throw ModuleRunError.noRecordsFolder }
                let update = try updater.update(record, to: template, changes: changes)
                bookkeeping.record(update.record, templateCopy: update.templateCopy)
                planned.append(PlannedRequest(request: request, plan: update.plan, update: update))
            case .adopt(let adoption):
                let records = try requireRecords()
                let recorded = try ModuleRecording.record(
                    module: adoption.module, template: adoption.template, request: adoption.request,
                    records: records, outputDirectory: adoption.outputDirectory,
                    rootDirectories: adoption.rootDirectories)
                bookkeeping.record(
                    recorded.record,
                    templateCopy: ModuleRecords.templateCopy(
                        version: recorded.record.templateVersion, templateFiles: recorded.templateFiles))
                planned.append(PlannedRequest(request: request, plan: .empty()))
            }
        }
        var result = RunResult(requests: planned)
        if !bookkeeping.isEmpty {
            let folder = try requireRecords().shownAs
            result.templateStore = try WritePlan(
                files: bookkeeping.templateCopies, outputDirectory: folder, policy: .overwrite,
                currentDirectory: currentDirectory)
            result.records = try WritePlan(
                files: bookkeeping.recordFiles, outputDirectory: folder, policy: .overwrite,
                currentDirectory: currentDirectory)
        }
        result.projects = try projectChanges(for: planned)
        return result
    }

    private func plan(
        _ generated: GeneratedFiles, request: ModuleRequest, bookkeeping: inout Bookkeeping
    ) throws -> PlannedRequest {
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
        switch generated.record {
        case .keepRefusingChanges(let refusal):
            // A recorded module generated again with other answers is `update`'s work, unless nothing would change.
            if plan.entries.contains(where: { $0.action != .unchanged }) { throw refusal }
        case .write(let record, let templateFiles):
            // Only a run that writes records; a dry run or a check lists the module's files alone.
            if mode == .apply {
                bookkeeping.record(
                    record,
                    templateCopy: ModuleRecords.templateCopy(
                        version: record.templateVersion, templateFiles: templateFiles))
            }
        case nil:
            break
        }
        return PlannedRequest(request: request, plan: plan)
    }

    /// One edit per project, whatever number of requests join it: each request's files in its own targets.
    private func projectChanges(for planned: [PlannedRequest]) throws -> [ProjectChange] {
        var order: [String] = []
        var joining: [String: [(ProjectMembership, WritePlan)]] = [:]
        for item in planned {
            guard case .generate(let generated) = item.request, let membership = generated.project else { continue }
            if joining[membership.absolutePath] == nil { order.append(membership.absolutePath) }
            joining[membership.absolutePath, default: []].append((membership, item.plan))
        }
        return try order.map { key in
            let members = joining[key]!
            let membership = members[0].0
            let project = try XcodeProject.load(at: membership.path, currentDirectory: currentDirectory)
            var additions: [ProjectFileAddition] = []
            for (membership, plan) in members { additions += try membership.additions(for: plan, in: project) }
            let edit = try project.adding(additions)
            var plan = WritePlan.empty()
            try plan.addEditedFile(
                at: project.projectFilePath, shownAs: membership.path + "/project.pbxproj",
                originalBytes: edit.originalBytes, newBytes: edit.newBytes)
            return ProjectChange(membership: membership, project: project, edit: edit, plan: plan)
        }
    }
}

/// The records and template copies a run writes: each template version once, however many modules use it.
private struct Bookkeeping {
    var recordFiles: [RenderedFile] = []
    var templateCopies: [RenderedFile] = []
    private var copied = Set<String>()

    var isEmpty: Bool { recordFiles.isEmpty }

    mutating func record(_ record: ModuleRecord, templateCopy: [RenderedFile]) {
        recordFiles.append(ModuleRecords.recordFile(record))
        templateCopies += templateCopy.filter { copied.insert($0.path).inserted }
    }
}

/// What stops a run before it plans (exit codes in the command's ExitCodes.swift).
public enum ModuleRunError: ModGenError, Equatable {
    /// A request records a module, and there is no `.modgen` folder to keep it in.
    case noRecordsFolder

    public var message: String {
        switch self {
        case .noRecordsFolder:
            "no config and no current folder: there is no project to keep module records in"
        }
    }
}
