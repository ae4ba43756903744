import ModGenCore

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// An Xcode project (`App.xcodeproj`) read for adding files to it as Xcode does: its targets, and an edit that
/// inserts lines into `project.pbxproj` without rewriting any line that is there.
public struct XcodeProject {
    /// The `.xcodeproj` folder as the caller named it, for messages.
    public let displayPath: String
    /// The `project.pbxproj` inside it, absolute.
    public let projectFilePath: String
    /// The `project.pbxproj` as read.
    public var bytes: [UInt8] { graph.document.bytes }
    public var objectVersion: Int? { graph.document.objectVersion }
    /// Every target that builds files, in the project's order.
    public var targets: [ProjectTarget] { graph.targets }
    /// "XcodeGen" or "Tuist" when the project's generator's file sits beside it: the next generation drops an edit.
    public let generator: String?
    let graph: ProjectGraph

    /// Reads the project at `path` (a `.xcodeproj` folder, relative to `currentDirectory`), shown as typed.
    public static func load(at path: String, currentDirectory: String) throws -> XcodeProject {
        let absolute = path.hasPrefix("/") ? path : currentDirectory + "/" + path
        let components = PathComponents.joined([], absolute)
        guard let name = components.last, name.hasSuffix(".xcodeproj") else {
            let reason =
                path.hasSuffix(".xcworkspace") || path.hasSuffix(".xcworkspace/")
                ? "is a workspace; name the .xcodeproj that gets the files (--xcodeproj App.xcodeproj)"
                : "is no Xcode project (a folder whose name ends in .xcodeproj)"
            throw XcodeProjectError.notAProject(path: path, reason: reason)
        }
        if name == "Pods.xcodeproj" {
            throw XcodeProjectError.notAProject(
                path: path, reason: "is CocoaPods' project, which 'pod install' writes anew; name the app's project")
        }
        guard let folder = realPath(PathComponents.string(Array(components.dropLast()))) else {
            throw XcodeProjectError.notAProject(path: path, reason: "is in a folder that does not exist")
        }
        let projectFile = folder + "/" + name + "/project.pbxproj"
        let bytes = try TextFile.readBytes(atPath: projectFile, shownAs: path + "/project.pbxproj")
        var project = try XcodeProject(
            bytes: bytes, displayPath: path, containingFolder: folder, projectFilePath: projectFile)
        project.detectGenerator()
        return project
    }

    /// A project from the bytes of its `project.pbxproj`, its paths taken from `containingFolder` (the folder the
    /// `.xcodeproj` is in, absolute).
    public init(bytes: [UInt8], displayPath: String, containingFolder: String, projectFilePath: String? = nil) throws {
        self.displayPath = displayPath
        self.projectFilePath = projectFilePath ?? containingFolder + "/" + displayPath + "/project.pbxproj"
        let document = try ProjectDocument(bytes: bytes, fileName: displayPath + "/project.pbxproj")
        graph = try ProjectGraph(document: document, containingFolder: PathComponents.split(containingFolder))
        generator = nil
    }

    private mutating func detectGenerator() {
        let folder = PathComponents.string(PathComponents.split(projectFilePath).dropLast(2))
        for (file, tool) in [("project.yml", "XcodeGen"), ("Project.swift", "Tuist")] {
            if access(folder + "/" + file, F_OK) == 0 {
                self = XcodeProject(copying: self, generator: tool)
                return
            }
        }
    }

    private init(copying project: XcodeProject, generator: String?) {
        displayPath = project.displayPath
        projectFilePath = project.projectFilePath
        graph = project.graph
        self.generator = generator
    }

    /// The targets `names` name; with no names, the project's only target of `kind`. Unknown names get a
    /// suggestion; no or several targets of the kind are an error listing them.
    public func targets(named names: [String], defaultKind kind: XcodeProjectError.TargetKind) throws(XcodeProjectError)
        -> [ProjectTarget]
    {
        if names.isEmpty {
            let candidates = targets.filter { kind == .application ? $0.isApplication : $0.isUnitTestBundle }
            guard candidates.count == 1 else {
                throw .targetNotChosen(kind: kind, project: displayPath, candidates: candidates.map(\.name))
            }
            return candidates
        }
        var chosen: [ProjectTarget] = []
        for name in names {
            // A name several targets share is no choice (Xcode allows it, e.g. an app and a framework both called
            // App): the object ID, which `--target` takes too, tells them apart.
            let matching = targets.filter { $0.name == name || $0.id == name }
            guard let target = matching.first else {
                let allNames = targets.map(\.name)
                throw .unknownTarget(
                    name: name, project: displayPath, suggestion: Suggestion.closest(to: name, among: allNames),
                    targets: allNames)
            }
            guard matching.count == 1 else {
                throw .ambiguousTarget(
                    name: name, project: displayPath, kind: kind, candidates: matching.map(Self.described))
            }
            // The tests' files compiled into an app or a framework would ship with it.
            if kind == .unitTest, !target.isTestBundle {
                throw .notATestBundle(
                    name: name, project: displayPath, productType: Self.shortProductType(target),
                    candidates: targets.filter(\.isTestBundle).map(\.name))
            }
            if !chosen.contains(target) { chosen.append(target) }
        }
        return chosen
    }

    /// `A00000000000000000000020 (application)`: a target told apart from another of its name.
    private static func described(_ target: ProjectTarget) -> String {
        "\(target.id) (\(shortProductType(target)))"
    }

    /// `application`, `bundle.unit-test`, `framework`: the product type without Apple's prefix.
    private static func shortProductType(_ target: ProjectTarget) -> String {
        let prefix = "com.apple.product-type."
        return target.productType.hasPrefix(prefix)
            ? String(target.productType.dropFirst(prefix.count)) : target.productType
    }

    private static func realPath(_ path: String) -> String? {
        guard let resolved = realpath(path, nil) else { return nil }
        defer { free(resolved) }
        return String(cString: resolved)
    }
}

/// A file to add to a project: where it is (absolute, as it will be on disk) and the targets that build it.
public struct ProjectFileAddition: Sendable {
    public var path: String
    public var targets: [ProjectTarget]
    /// How messages name the file (as the user's paths show it).
    public var displayPath: String
    /// The group it goes into when that is named rather than the group of its folder; `nil`: its folder's group.
    public var group: ProjectGroupPlacement?

    public init(
        path: String, targets: [ProjectTarget], displayPath: String? = nil, group: ProjectGroupPlacement? = nil
    ) {
        self.path = path
        self.targets = targets
        self.displayPath = displayPath ?? path
        self.group = group
    }
}

/// What adding files does to a project: the new bytes of `project.pbxproj`, and for every file what changes.
public struct ProjectEdit: Sendable {
    public struct FileChange: Equatable, Sendable {
        /// The file's path relative to the project's folder.
        public var path: String
        /// The group it is in, as Xcode's navigator shows the chain (`App/Modules/Home`); for a file in a
        /// synchronized folder, that folder's path.
        public var group: String
        /// Targets whose build phase gets the file now.
        public var addedTo: [String]
        /// Targets that already build it (or will, through the synchronized folder).
        public var alreadyIn: [String]
        /// Whether the file needed a new reference in a group.
        public var isNewReference: Bool
        /// Whether the file lies in a synchronized folder, which picks it up with no edit.
        public var isInSynchronizedFolder: Bool
        /// Targets whose build phases no longer build it (`removing`).
        public var removedFrom: [String] = []
        /// Whether its reference is taken out of the project (`removing`).
        public var isRemoved = false
    }

    public let originalBytes: [UInt8]
    public let newBytes: [UInt8]
    public let changes: [FileChange]

    /// Whether the project file changes at all (a second identical run changes nothing).
    public var changesProject: Bool { originalBytes != newBytes }

    /// This edit, then `next` (planned on this edit's new bytes), as one edit of the original file.
    public func followed(by next: ProjectEdit) -> ProjectEdit {
        ProjectEdit(originalBytes: originalBytes, newBytes: next.newBytes, changes: changes + next.changes)
    }
}
