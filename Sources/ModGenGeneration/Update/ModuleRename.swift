import ModGenCore
import ModGenTemplates
import ModGenWriting

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// One module's rename, planned: an update (`ModuleFileMerge`) whose base is the recorded version under the old
/// name, whose template side is the current template under the new name, and whose files on disk are read at their
/// old paths; every file is written at its new path and its old path removed.
public struct ModuleRename: Sendable {
    /// The renamed module's update: its files at their new paths (a file the template dropped keeps its old one),
    /// the record under the new name, and the plan that writes the new paths and removes the old.
    public var update: ModuleUpdate
    /// The path each file had under the old name, where it differs (by `FileUpdate` index).
    public var oldPaths: [Int: String]
    /// Where the files were that the rename takes away (absolute): the project's references to them go.
    public var vacatedLocations: [URL]
    public var oldRecord: ModuleRecord
}

extension ModuleUpdater {
    /// Plans renaming `record`'s module to `newName`, bringing it to `template` as `update` does: the recorded
    /// version is rendered under both names to pair each file's old path with its new one (a path that does not
    /// contain the name keeps it); the template's side renders under the new name, so what the template writes
    /// follows the name, and the developer's edits (those mentioning the old name too) are carried by the merge.
    public func rename(
        _ record: ModuleRecord, to newName: String, template: any ModuleTemplate
    ) throws -> ModuleRename {
        let old = try recordedTemplate(of: record)
        let new = try current(template)
        let output = ModuleRecording.folder(record.output, records: records)
        let roots = record.roots.mapValues { ModuleRecording.folder($0, records: records) }
        let environment = session.environment(outputDirectory: output.path)
        let oldRequest = try ModuleRecording.recordedRequest(
            record, template: old.template, records: records, environment: environment)
        var renamedRequest = oldRequest
        renamedRequest.moduleName = newName
        let baseOld = try old.renderer.renderModule(oldRequest)
        let baseRenamed = try old.renderer.renderModule(renamedRequest)
        guard baseOld.count == baseRenamed.count, zip(baseOld, baseRenamed).allSatisfy({ $0.root == $1.root }) else {
            throw ModuleRelocationError.unpairedFiles(module: record.module, newName: newName)
        }
        var oldPathByKey: [String: String] = [:]
        for (before, after) in zip(baseOld, baseRenamed) { oldPathByKey[key(after.path, after.root)] = before.path }
        // The base under the new paths, with the old name's contents: what the developer's files were made from.
        let base = zip(baseOld, baseRenamed).map { RenderedFile(path: $1.path, bytes: $0.bytes, root: $0.root) }
        var renamedRecord = record
        renamedRecord.module = newName
        let newRequest = try request(
            for: renamedRecord, template: template, changes: ModuleAnswerChanges(), environment: environment)
        let theirs = try new.renderer.renderModule(newRequest)

        func folder(_ root: String?) -> URL { root.flatMap { roots[$0] } ?? output }
        func oldPath(_ path: String, _ root: String?) -> String { oldPathByKey[key(path, root)] ?? path }
        var yours: [String: [UInt8]] = [:]
        let merged = try ModuleFileMerge.plan(
            base: base, theirs: theirs,
            readYours: { file in
                let bytes = try readBytes(
                    at: folder(file.root).appendingPathComponent(oldPath(file.path, file.root)))
                yours[key(file.path, file.root)] = bytes
                return bytes
            },
            yoursLabel: {
                "\(RenderedPath.display(oldPath($0.path, $0.root), under: shown(folder($0.root)))) (yours)"
            },
            theirsLabel: "\(template.id) (template)")

        let oldLocations = Set(
            baseOld.map { folder($0.root).appendingPathComponent($0.path).standardizedFileURL.path.lowercased() })
        var files: [FileUpdate] = []
        var oldPaths: [Int: String] = [:]
        var writes: [RenderedFile] = []
        var removals: [RenderedFile] = []
        var vacated: [URL] = []
        var taken: [String] = []
        for var file in merged {
            let from = oldPath(file.path, file.root)
            let moves = from != file.path
            let fromURL = folder(file.root).appendingPathComponent(from)
            switch file.outcome {
            case .removed, .keptEdited:
                // Gone from the template: removed, or kept where it is.
                file.path = from
                if file.outcome == .removed {
                    removals.append(RenderedFile(path: from, bytes: [], root: file.root))
                    vacated.append(fromURL)
                }
            case .keptDeleted:
                if moves { vacated.append(fromURL) }
            case .created:
                writes.append(RenderedFile(path: file.path, bytes: file.bytes ?? [], root: file.root))
            case .unchanged, .replaced, .kept, .merged, .conflict:
                let bytes = file.bytes ?? yours[key(file.path, file.root)] ?? []
                if moves {
                    let to = folder(file.root).appendingPathComponent(file.path)
                    // Anything already at the new path that is not one of the module's own files stays.
                    if !oldLocations.contains(to.standardizedFileURL.path.lowercased()),
                        let existing = try readBytes(at: to), existing != bytes
                    {
                        taken.append(shown(to))
                    }
                    removals.append(RenderedFile(path: from, bytes: [], root: file.root))
                    vacated.append(fromURL)
                    oldPaths[files.count] = from
                }
                if moves || file.bytes != nil {
                    writes.append(RenderedFile(path: file.path, bytes: bytes, root: file.root))
                }
            }
            files.append(file)
        }
        if !taken.isEmpty { throw ModuleRelocationError.destinationTaken(module: newName, paths: taken) }
        var newRecord = ModuleRecording.record(
            module: newName, template: template, version: new.version, request: newRequest, records: records,
            outputDirectory: output, rootDirectories: roots)
        newRecord.project = record.project
        var writePlan = try plan(writes, removing: removals, output: output, roots: roots)
        // A file written at its new path keeps the old file's mode, as `mv` keeps it.
        for (index, from) in oldPaths {
            if let permissions = writePlan.permissionsOfRemoved(from, root: files[index].root) {
                writePlan.setPermissions(permissions, ofCreated: files[index].path, root: files[index].root)
            }
        }
        let update = ModuleUpdate(
            record: newRecord, files: files, plan: writePlan,
            templateCopy: ModuleRecords.templateCopy(version: new.version, templateFiles: new.files),
            templateID: template.id, outputDirectory: shown(output), outputFolder: output, rootFolders: roots)
        return ModuleRename(update: update, oldPaths: oldPaths, vacatedLocations: vacated, oldRecord: record)
    }

    private func key(_ path: String, _ root: String?) -> String { "\(root ?? "")\u{0}\(path)" }
}
