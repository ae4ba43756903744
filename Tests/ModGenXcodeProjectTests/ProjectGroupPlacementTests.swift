import ModGenCore
import TestSupport
import Testing

@testable import ModGenXcodeProject

/// Files placed in groups named for them (`ProjectGroupPlacement`, a Rambafile's group paths), not their folders'.
@Suite struct ProjectGroupPlacementTests {
    /// `App/Modules/Home/View/HomeView.swift` into `App/Screens/Home/View` (`Screens` is missing), app target.
    static func addition(
        _ project: XcodeProject, logical: Bool, moduleFolder: Bool,
        file: String = "App/Modules/Home/View/HomeView.swift"
    ) throws -> ProjectFileAddition {
        let folder = PathComponents.string(project.graph.projectFolder)
        return ProjectFileAddition(
            path: folder + "/" + file, targets: try project.targets(named: ["App"], defaultKind: .application),
            group: ProjectGroupPlacement(
                names: ["App", "Screens", "Home", "View"], moduleIndex: 2,
                moduleFolder: moduleFolder ? folder + "/App/Modules/Home" : nil, logical: logical))
    }

    /// The group object `name` as the edit writes it, its lines after `children` joined.
    static func attributes(of name: String, in text: String) -> String? {
        guard let start = text.range(of: "/* \(name) */ = {\n\t\t\tisa = PBXGroup;") else { return nil }
        let rest = text[start.upperBound...]
        guard let childrenEnd = rest.range(of: "\t\t\t);\n"), let end = rest.range(of: "\t\t};\n") else { return nil }
        return rest[childrenEnd.upperBound..<end.lowerBound].split(separator: "\n")
            .map { $0.trimmingCharacters(in: .whitespaces) }.joined(separator: " ")
    }

    @Test func groupsAreMadeAsGenerambaMakesThem() throws {
        let project = try ProjectFixtures.small()
        let edit = try project.adding([try Self.addition(project, logical: false, moduleFolder: true)])
        let text = ProjectFixtures.text(edit)
        #expect(Self.attributes(of: "Screens", in: text) == "path = Screens; sourceTree = \"<group>\";")
        #expect(
            Self.attributes(of: "Home", in: text) == "name = Home; path = App/Modules/Home; sourceTree = SOURCE_ROOT;")
        #expect(Self.attributes(of: "View", in: text) == "path = View; sourceTree = \"<group>\";")
        #expect(text.contains("path = HomeView.swift; sourceTree = \"<group>\"; };"))
        #expect(edit.changes.map(\.group) == ["App/Screens/Home/View"])
        // The same file again: found by the groups' names, nothing changes.
        let again = try ProjectFixtures.small(text)
        #expect(!(try again.adding([try Self.addition(again, logical: false, moduleFolder: true)])).changesProject)
    }

    @Test func logicalGroupsHaveNoPathAndFilesAreReferencedFromTheirGroupsFolder() throws {
        let project = try ProjectFixtures.small()
        let edit = try project.adding([
            try Self.addition(project, logical: true, moduleFolder: false, file: "App/Modules/Home/HomeView.swift")
        ])
        let text = ProjectFixtures.text(edit)
        #expect(Self.attributes(of: "Screens", in: text) == "name = Screens; sourceTree = \"<group>\";")
        #expect(Self.attributes(of: "Home", in: text) == "path = Home; sourceTree = \"<group>\";")
        #expect(Self.attributes(of: "View", in: text) == "name = View; sourceTree = \"<group>\";")
        // `Screens` has no folder, so `Home` stands for App/Home: the file is reached from there.
        #expect(
            text.contains(
                "name = HomeView.swift; path = ../Modules/Home/HomeView.swift; sourceTree = \"<group>\"; };"))
        // Read back with the graph's own rules, the reference is the file.
        let again = try ProjectFixtures.small(text)
        let folder = PathComponents.string(again.graph.projectFolder)
        #expect(again.referencedFiles(under: folder + "/App/Modules") == [folder + "/App/Modules/Home/HomeView.swift"])
    }

    @Test func aFileReferencedFromAnotherGroupIsRefused() throws {
        let project = try ProjectFixtures.small()
        let placed = try Self.addition(project, logical: false, moduleFolder: true)
        let byFolder = ProjectFileAddition(path: placed.path, targets: placed.targets)
        let text = ProjectFixtures.text(try project.adding([byFolder]))
        let again = try ProjectFixtures.small(text)
        #expect(throws: XcodeProjectError.self) {
            try again.adding([try Self.addition(again, logical: false, moduleFolder: true)])
        }
    }

    /// Removing the file takes back every group adding made for it, found by the IDs made from their names:
    /// the project is as it was.
    @Test func removingTakesBackTheGroupsMadeForTheFile() throws {
        for logical in [false, true] {
            let project = try ProjectFixtures.small()
            let added = try project.adding([try Self.addition(project, logical: logical, moduleFolder: true)])
            let edited = try ProjectFixtures.small(ProjectFixtures.text(added))
            let folder = PathComponents.string(edited.graph.projectFolder)
            let removed = try edited.removing([folder + "/App/Modules/Home/View/HomeView.swift"])
            #expect(ProjectFixtures.text(removed) == SmallXcodeProject.text)
        }
    }

    /// Logical groups share their module's folder: a file that stays in it does not keep a logical group another
    /// file leaves empty, while the groups of the files that stay (or join) are kept by their names.
    @Test func anEmptiedLogicalGroupGoesWhileItsModulesFilesStay() throws {
        let project = try ProjectFixtures.small()
        var presenter = try Self.addition(
            project, logical: true, moduleFolder: true, file: "App/Modules/Home/HomePresenter.swift")
        presenter.group?.names[3] = "Presenter"
        let view = try Self.addition(
            project, logical: true, moduleFolder: true, file: "App/Modules/Home/HomeView.swift")
        let both = try ProjectFixtures.small(ProjectFixtures.text(try project.adding([view, presenter])))
        #expect(
            Self.attributes(of: "Presenter", in: ProjectFixtures.text(try project.adding([view, presenter]))) != nil)
        // The module's group stands for the files' folder (SOURCE_ROOT App/Modules/Home), and so do its logical
        // groups: the folder of the file that stays, which keeps groups that have a path of their own.
        let removed = try both.removing(
            [presenter.path], keepingGroupsOf: [view.path], keepingNamedGroups: [view.group!.names])
        let text = ProjectFixtures.text(removed)
        #expect(Self.attributes(of: "Presenter", in: text) == nil, "\(text)")
        #expect(Self.attributes(of: "View", in: text) == "name = View; sourceTree = \"<group>\";")
        // The same as adding the view alone.
        #expect(text == ProjectFixtures.text(try project.adding([view])))
        // A logical group the kept files are named into stays even while it is empty for a moment (a file leaves
        // it and another joins in the same run).
        let viewKept = try both.removing([view.path], keepingNamedGroups: [view.group!.names])
        #expect(Self.attributes(of: "View", in: ProjectFixtures.text(viewKept)) != nil)
    }

    @Test func relativePaths() {
        #expect(PathComponents.relative(from: ["a", "b"], to: ["a", "b", "c.swift"]) == "c.swift")
        #expect(PathComponents.relative(from: ["a", "x"], to: ["a", "b", "c.swift"]) == "../b/c.swift")
        #expect(PathComponents.relative(from: ["a"], to: ["a"]) == ".")
    }
}
