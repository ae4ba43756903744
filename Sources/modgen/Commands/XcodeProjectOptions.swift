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

    /// The `--xcodeproj` value that turns the config's project off for one run.
    static let noProject = "none"

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
    func request(config: ModGenConfig, workingDirectory: WorkingDirectory) throws -> ProjectMembership? {
        let settings = config.xcodeProject
        // `--xcodeproj none`: this run leaves the project alone, whatever the config names (a project is a folder
        // `<name>.xcodeproj`, so no project is called `none`).
        if path == Self.noProject {
            if !targets.isEmpty || !testTargets.isEmpty {
                throw OptionError("--target and --test-target need a project, and --xcodeproj none names none")
            }
            return nil
        }
        guard let shown = path ?? settings.map({ workingDirectory.shown($0.path) }) else {
            if !targets.isEmpty || !testTargets.isEmpty {
                throw OptionError("--target and --test-target need a project: name it with --xcodeproj")
            }
            return nil
        }
        return ProjectMembership(
            path: shown, absolutePath: try workingDirectory.absolutePath(shown),
            targets: targets.isEmpty ? .config(settings?.targets ?? [], settings?.targetsPosition) : .typed(targets),
            testTargets: testTargets.isEmpty
                ? .config(settings?.testTargets ?? [], settings?.testTargetsPosition) : .typed(testTargets),
            configFile: config.displayPath,
            // A Rambafile's group paths are its project's: another project typed gets the folders' groups.
            groups: path == nil ? settings?.groups : nil)
    }
}

/// How the listings tell what a run does to an Xcode project.
enum ProjectListing {
    /// How a listing words a file the project gets (or lacks).
    enum Wording {
        case added, wouldAdd, missing
    }

    /// What the listings say about the project: one line per file that joins a group or a target, then one line
    /// for the files synchronized folders pick up by themselves.
    static func lines(for edit: ProjectEdit, project: String, wording: Wording) -> [String] {
        lines(for: edit.changes, project: project, wording: wording)
    }

    /// The lines for `changes`: references removed first, then files added.
    static func lines(for changes: [ProjectEdit.FileChange], project: String, wording: Wording) -> [String] {
        var lines: [String] = []
        for change in changes where change.isRemoved {
            let targets =
                change.removedFrom.isEmpty
                ? ""
                : " (" + (change.removedFrom.count == 1 ? "target " : "targets ")
                    + change.removedFrom.joined(separator: ", ") + ")"
            switch wording {
            case .added: lines.append("remove \(change.path) from \(project)\(targets)")
            case .wouldAdd: lines.append("would remove \(change.path) from \(project)\(targets)")
            case .missing: lines.append("referenced by \(project) but gone: \(change.path)\(targets)")
            }
        }
        for change in changes where !change.isRemoved && (change.isNewReference || !change.addedTo.isEmpty) {
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
        let synchronized = changes.filter(\.isInSynchronizedFolder)
        if !synchronized.isEmpty {
            let folders = Set(synchronized.map(\.group)).sorted().joined(separator: ", ")
            let count = synchronized.count == 1 ? "1 file is" : "\(synchronized.count) files are"
            lines.append(
                "\(count) in synchronized folders their targets build (\(folders)): nothing to add to \(project)")
        }
        return lines
    }
}
