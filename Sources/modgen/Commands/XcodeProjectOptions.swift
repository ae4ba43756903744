import ModGenKit

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// `--xcodeproj`, `--target` and `--test-target`: the Xcode project whose groups and targets get the generated
/// files, over the config's `"xcodeproj"`. The project file becomes one more file of the write plan: planned
/// with the others, written atomically after them, rolled back with them.
struct XcodeProjectOptions: OptionGroup {
    static let xcodeproj = OptionSpec.value(
        "xcodeproj", valueName: "path",
        help: "Add the files to this Xcode project's groups and targets, as Xcode does (App.xcodeproj).",
        defaultDescription: "the config's xcodeproj.path; none: the project is not touched")
    static let target = OptionSpec.repeatable(
        "target", valueName: "name",
        help: "A target the module's files join (repeatable); default: the project's only application target.")
    static let testTarget = OptionSpec.repeatable(
        "test-target", valueName: "name",
        help: "A target the tests root's files join (repeatable); default: the project's only unit-test target.")

    static let options = [xcodeproj, target, testTarget]

    var path: String?
    var targets: [String]
    var testTargets: [String]

    init(_ parsed: ParsedArguments) {
        path = parsed.value(Self.xcodeproj)
        targets = parsed.values(Self.target)
        testTargets = parsed.values(Self.testTarget)
    }

    /// The project to edit, from the flags over the config; nil when neither names one. Targets named without a
    /// project are a usage error.
    func request(config: ModGenConfig, workingDirectory: WorkingDirectory) throws -> XcodeProjectRequest? {
        let settings = config.xcodeProject
        guard let shown = path ?? settings.map({ workingDirectory.shown($0.path) }) else {
            if !targets.isEmpty || !testTargets.isEmpty {
                throw OptionError("--target and --test-target need a project: name it with --xcodeproj")
            }
            return nil
        }
        return XcodeProjectRequest(
            path: shown, absolutePath: try workingDirectory.absolutePath(shown),
            targets: targets.isEmpty ? .config(settings?.targets ?? [], settings?.targetsPosition) : .typed(targets),
            testTargets: testTargets.isEmpty
                ? .config(settings?.testTargets ?? [], settings?.testTargetsPosition) : .typed(testTargets),
            configFile: config.displayPath)
    }
}

/// One project to add a run's files to, and how: the targets as named on the command line or in the config.
struct XcodeProjectRequest {
    enum Names {
        case typed([String])
        /// From the config, with where it writes them (nil: the config does not name any).
        case config([String], SourcePosition?)
    }

    /// The `.xcodeproj` as shown, and absolute.
    var path: String
    var absolutePath: String
    var targets: Names
    var testTargets: Names
    var configFile: String

    /// The root whose files join the test targets.
    static let testsRoot = "tests"

    /// Refuses a path that is no project before any folder is locked (an exclusive lock makes missing folders).
    func checkExists() throws {
        try TextFile.requireDirectory(atPath: absolutePath, shownAs: path)
    }

    /// Plans adding every file of `plan` to the project and makes the project file part of `plan`. Returns the
    /// project and the edit, for the listings.
    func addEdit(to plan: inout WritePlan, currentDirectory: String) throws -> (XcodeProject, ProjectEdit) {
        let project = try XcodeProject.load(at: path, currentDirectory: currentDirectory)
        // The module's record is the project's bookkeeping, not code, and a file the run removes joins nothing.
        let planned = plan.plannedTargets.filter {
            $0.entry.root != ModuleRecords.rootName && $0.entry.action != .remove
        }
        let needsTests = planned.contains { $0.entry.root == Self.testsRoot }
        let needsApp = planned.contains { $0.entry.root != Self.testsRoot }
        let appTargets = needsApp ? try resolve(targets, in: project, kind: .application) : []
        let testTargets = needsTests ? try resolve(testTargets, in: project, kind: .unitTest) : []
        let additions = planned.map { file in
            ProjectFileAddition(
                path: file.path, targets: file.entry.root == Self.testsRoot ? testTargets : appTargets,
                displayPath: plan.display(file.entry.path, root: file.entry.root))
        }
        let edit = try project.adding(additions)
        try plan.addEditedFile(
            at: project.projectFilePath, shownAs: path + "/project.pbxproj", originalBytes: edit.originalBytes,
            newBytes: edit.newBytes)
        return (project, edit)
    }

    /// The targets `names` name; a mistake in names the config gives is the config's error, at where it writes them.
    private func resolve(
        _ names: Names, in project: XcodeProject, kind: XcodeProjectError.TargetKind
    ) throws -> [ProjectTarget] {
        switch names {
        case .typed(let typed):
            return try project.targets(named: typed, defaultKind: kind)
        case .config(let listed, let position):
            do {
                return try project.targets(named: listed, defaultKind: kind)
            } catch {
                guard let position, !listed.isEmpty else { throw error }
                throw DataFileError(fileName: configFile, position: position, reason: error.message)
            }
        }
    }

    /// How a listing words a file the project gets (or lacks).
    enum Wording {
        case added, wouldAdd, missing
    }

    /// What the listings say about the project: one line per file that joins a group or a target, then one line
    /// for the files synchronized folders pick up by themselves.
    static func lines(for edit: ProjectEdit, project: String, wording: Wording) -> [String] {
        var lines: [String] = []
        for change in edit.changes where change.isNewReference || !change.addedTo.isEmpty {
            let group = change.group.isEmpty ? "the main group" : "group \(change.group)"
            let targets =
                change.addedTo.isEmpty
                ? "no target"
                : (change.addedTo.count == 1 ? "target " : "targets ") + change.addedTo.joined(separator: ", ")
            let detail = "(\(group); \(targets))"
            switch wording {
            case .added: lines.append("add \(change.path) to \(project) \(detail)")
            case .wouldAdd: lines.append("would add \(change.path) to \(project) \(detail)")
            case .missing: lines.append("missing from \(project): \(change.path) \(detail)")
            }
        }
        let synchronized = edit.changes.filter(\.isInSynchronizedFolder)
        if !synchronized.isEmpty {
            let folders = Set(synchronized.map(\.group)).sorted().joined(separator: ", ")
            let count = synchronized.count == 1 ? "1 file is" : "\(synchronized.count) files are"
            lines.append(
                "\(count) in synchronized folders their targets build (\(folders)): nothing to add to \(project)")
        }
        return lines
    }
}
