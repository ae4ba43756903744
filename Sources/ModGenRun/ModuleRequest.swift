import ModGenCore
import ModGenGeneration
import ModGenTemplates
import ModGenWriting

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// One thing a run does to a module; a `ModuleRun` carries out any number of them as one plan.
///
/// A new case plans its files (`WritePlan`'s writes and removals), the project's references (a `ProjectPart` in
/// `ModuleRun`: removals, then additions through `XcodeProject.removing` and `adding`) and its record (the run's
/// bookkeeping: records written and removed), and `ModuleRun.plan` folds them into the same run.
public enum ModuleRequest: Sendable {
    /// Rendered files written where `placement` says: a new module (`new`), support files (`support`), an exported
    /// template (`export-xcode`).
    case generate(GeneratedFiles)
    /// A recorded module brought to `template` with `changes` (`update`): three-way merged, its record rewritten.
    case update(record: ModuleRecord, template: any ModuleTemplate, changes: ModuleAnswerChanges)
    /// A recorded module removed (`remove`): its files, unless edited (`force`: edited ones too), its project
    /// references, its record, and the template versions no record uses any more.
    case remove(record: ModuleRecord, force: Bool)
    /// A module made without a record, recorded as `template` renders it with `request` (`update --adopt`): only
    /// the record and the template copy are written.
    case adopt(ModuleAdoption)
    /// A recorded module's files carried byte for byte to other folders (`move`): `outputDirectory` and the roots
    /// in `rootDirectories` (absolute; the roots not named stay). Files already there are adopted; the project's
    /// references and the record follow.
    case move(record: ModuleRecord, outputDirectory: URL, rootDirectories: [String: URL])
    /// A recorded module renamed to `newName` and brought to `template` (`rename`): merged as `update` merges,
    /// its files written at their new paths and removed from their old ones; the project and the record follow.
    case rename(record: ModuleRecord, newName: String, template: any ModuleTemplate)
}

/// Where a request's files go: folders as the user typed them (relative to the run's current folder).
public struct FilePlacement: Sendable {
    public var outputDirectory: String
    /// Each named output root's folder.
    public var rootDirectories: [String: String]

    public init(outputDirectory: String, rootDirectories: [String: String] = [:]) {
        self.outputDirectory = outputDirectory
        self.rootDirectories = rootDirectories
    }
}

/// Files rendered in memory, to write with nothing lost.
public struct GeneratedFiles: Sendable {
    /// The module's name; `nil` for files of no module (support files, an export).
    public var moduleName: String?
    public var files: [RenderedFile]
    public var placement: FilePlacement
    public var policy: ConflictPolicy
    /// A folder modgen owns (relative to the output folder), whose `WrittenFilesIndex` is among the files: the
    /// files its index on disk lists and the run no longer writes are removed.
    public var ownedFolder: String?
    /// What happens to the module's record.
    public var record: RecordChange?
    /// The Xcode project the files join.
    public var project: ProjectMembership?

    public init(
        moduleName: String?, files: [RenderedFile], placement: FilePlacement, policy: ConflictPolicy,
        ownedFolder: String? = nil, record: RecordChange? = nil, project: ProjectMembership? = nil
    ) {
        self.moduleName = moduleName
        self.files = files
        self.placement = placement
        self.policy = policy
        self.ownedFolder = ownedFolder
        self.record = record
        self.project = project
    }
}

/// What a run does with a module's record (`.modgen/modules/<Name>.json`).
public enum RecordChange: Sendable {
    /// Write the record, and store its template version (`templateFiles`) unless it is stored already.
    case write(ModuleRecord, templateFiles: [RenderedFile])
    /// The module is recorded with other answers: leave the record as it is, and stop the run with `refusal` if
    /// it would change any of the module's files (changing its answers is `update`'s work).
    case keepRefusingChanges(refusal: any Error & Sendable)
    /// The module is recorded with these answers and this template version: the record stays, and a file that
    /// differs from the render differs by the developer's edits alone.
    case unchanged
}

/// `update --adopt`: the module, the template and answers it was generated with, and where its files are.
public struct ModuleAdoption: Sendable {
    public var module: String
    public var template: any ModuleTemplate
    public var request: GenerationRequest
    public var outputDirectory: URL
    public var rootDirectories: [String: URL]

    public init(
        module: String, template: any ModuleTemplate, request: GenerationRequest, outputDirectory: URL,
        rootDirectories: [String: URL]
    ) {
        self.module = module
        self.template = template
        self.request = request
        self.outputDirectory = outputDirectory
        self.rootDirectories = rootDirectories
    }
}
