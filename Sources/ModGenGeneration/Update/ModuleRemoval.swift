import ModGenCore
import ModGenTemplates
import ModGenWriting

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// One module's removal, planned: its files as the recorded version renders them, which of them the developer
/// edited, and the write plan that removes them.
public struct ModuleRemoval: Sendable {
    public var record: ModuleRecord
    /// Removes every file of the module that is on disk (edited ones too: the run refuses those without force).
    public var plan: WritePlan
    /// Files on disk that differ from what the record renders, as shown.
    public var editedFiles: [String]
    /// Every file of the module (absolute), on disk or not: where the project's references go from.
    public var locations: [URL]
    /// The output folder and each named root's folder, absolute.
    public var outputFolder: URL
    public var rootFolders: [String: URL]
}

extension ModuleUpdater {
    /// Plans removing `record`'s module: the files the recorded template version renders with the recorded answers,
    /// each one on disk removed (the folders left empty with it, down to the output folder or root); reads the
    /// disk, writes nothing.
    public func removal(of record: ModuleRecord) throws -> ModuleRemoval {
        let recorded = try recordedTemplate(of: record)
        let output = ModuleRecording.folder(record.output, records: records)
        let roots = record.roots.mapValues { ModuleRecording.folder($0, records: records) }
        let request = try ModuleRecording.recordedRequest(
            record, template: recorded.template, records: records,
            environment: session.environment(outputDirectory: output.path))
        let files = try recorded.renderer.renderModule(request)
        var edited: [String] = []
        var locations: [URL] = []
        for file in files {
            let url = (file.root.flatMap { roots[$0] } ?? output).appendingPathComponent(file.path)
            locations.append(url)
            guard FileStatus.isDirectory(atPath: url.path) == false else { continue }
            let bytes: [UInt8]
            do { bytes = try TextFile.readBytes(atPath: url.path) } catch { throw error.shown(as: shown(url)) }
            if bytes != file.bytes { edited.append(shown(url)) }
        }
        let plan = try WritePlan(
            files: [], removing: files, outputDirectory: shown(output), rootDirectories: roots.mapValues(shown),
            policy: .overwrite, currentDirectory: currentDirectory)
        return ModuleRemoval(
            record: record, plan: plan, editedFiles: edited, locations: locations, outputFolder: output,
            rootFolders: roots)
    }
}
