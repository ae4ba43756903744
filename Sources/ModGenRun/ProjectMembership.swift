import ModGenCore
import ModGenWriting
import ModGenXcodeProject

/// The Xcode project a request's files join, and which targets: as named on the command line or in the config.
public struct ProjectMembership: Sendable {
    public enum Names: Sendable {
        case typed([String])
        /// From the config, with where it writes them (nil: the config does not name any).
        case config([String], SourcePosition?)
    }

    /// The `.xcodeproj` as shown, and absolute.
    public var path: String
    public var absolutePath: String
    public var targets: Names
    public var testTargets: Names
    /// The config that names the targets, for errors about them.
    public var configFile: String
    /// The groups the files join where those are not their folders' (a Rambafile's); `nil`: their folders'.
    public var groups: XcodeGroupPaths?

    /// The root whose files join the test targets.
    public static let testsRoot = "tests"

    public init(
        path: String, absolutePath: String, targets: Names, testTargets: Names, configFile: String,
        groups: XcodeGroupPaths? = nil
    ) {
        self.path = path
        self.absolutePath = absolutePath
        self.targets = targets
        self.testTargets = testTargets
        self.configFile = configFile
        self.groups = groups
    }

    /// Refuses a path that is no project before any folder is locked (an exclusive lock makes missing folders).
    func checkExists() throws {
        try TextFile.requireDirectory(atPath: absolutePath, shownAs: path)
    }

    /// A file that joins the project: where it is on disk (absolute, symbolic links resolved), its output root,
    /// and how messages show it.
    struct Member {
        var path: String
        var root: String?
        var display: String
        /// Its path below its root (`Home/View/HomeView.swift`), and its group below the root's group when that
        /// is not its folder (`RenderedFile.group`).
        var relativePath: String
        var group: String? = nil
    }

    /// The additions that put `files` in `project`'s groups and in the targets their roots join (the `tests` root's
    /// files the test targets, the others the app targets), and the names of those targets.
    func additions(
        for files: [Member], in project: XcodeProject
    ) throws -> (additions: [ProjectFileAddition], targets: [String], testTargets: [String]) {
        let needsTests = files.contains { $0.root == Self.testsRoot }
        let needsApp = files.contains { $0.root != Self.testsRoot }
        let appTargets = needsApp ? try resolve(targets, in: project, kind: .application) : []
        let testTargets = needsTests ? try resolve(testTargets, in: project, kind: .unitTest) : []
        let additions = files.map { file in
            ProjectFileAddition(
                path: file.path, targets: file.root == Self.testsRoot ? testTargets : appTargets,
                displayPath: file.display, group: placement(of: file))
        }
        return (additions, appTargets.map(\.name), testTargets.map(\.name))
    }

    /// The group `file` is named into, as Generamba names it: its side's group path, then the module's folder and
    /// the sub-folders below the root (or the file's own group, for logical groups). `nil` where its folder's group
    /// is the one.
    func placement(of file: Member) -> ProjectGroupPlacement? {
        guard let groups, let side = file.root == Self.testsRoot ? groups.tests : groups.code else { return nil }
        let below = (file.group ?? PathText.parent(file.relativePath)).split(separator: "/").map(String.init)
        let names = side.path.split(separator: "/").map(String.init)
        guard let module = below.first, below != ["."] else { return nil }
        // The module's folder: the root's folder (the file's path without its path below the root) and the module.
        let depth = file.relativePath.split(separator: "/").count
        let rootFolder = file.path.split(separator: "/").dropLast(depth).joined(separator: "/")
        return ProjectGroupPlacement(
            names: names + below, moduleIndex: names.count,
            moduleFolder: side.differsFromFolder ? "/" + rootFolder + "/" + module : nil, logical: groups.logical)
    }

    /// The targets `names` name. A mistake in names the config gives is the config's error, at where it writes
    /// them; so is a project the config names whose targets cannot be chosen without names (none of the kind, or
    /// several), since nobody typed anything wrong: a data error naming the config, not a usage error.
    func resolve(
        _ names: Names, in project: XcodeProject, kind: XcodeProjectError.TargetKind
    ) throws -> [ProjectTarget] {
        switch names {
        case .typed(let typed):
            return try project.targets(named: typed, defaultKind: kind)
        case .config(let listed, let position):
            do {
                return try project.targets(named: listed, defaultKind: kind)
            } catch {
                guard let position else { throw error }
                let key = kind == .application ? "targets" : "testTargets"
                let remedy = listed.isEmpty ? " (or the config's \"xcodeproj\": {\"\(key)\": […]})" : ""
                throw DataFileError(fileName: configFile, position: position, reason: error.message + remedy)
            }
        }
    }
}

/// One project a run edits: the project as read, the edit (references removed, then added), and the plan that
/// writes the project file.
public struct ProjectChange {
    public var membership: ProjectMembership
    public var project: XcodeProject
    public var edit: ProjectEdit
    /// The project file alone, as an edited file (`WritePlan.addEditedFile`).
    public var plan: WritePlan
}
