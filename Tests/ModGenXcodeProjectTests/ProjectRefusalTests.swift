import ModGenCore
import TestSupport
import Testing

@testable import ModGenXcodeProject

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// What cannot be edited safely is refused with one line, before anything is planned.
@Suite struct ProjectRefusalTests {
    private func parseError(_ text: String) -> String? {
        do {
            _ = try ProjectFixtures.small(text)
            return nil
        } catch {
            return "\(error)"
        }
    }

    @Test func anXMLProjectIsRefused() {
        let message = parseError(#"<?xml version="1.0" encoding="UTF-8"?><plist version="1.0"><dict/></plist>"#)
        #expect(message?.contains("is an XML property list; modgen edits only the text format Xcode writes") == true)
    }

    @Test func aTruncatedProjectNamesTheLineAndColumn() throws {
        let text = SmallXcodeProject.text.split(separator: "\n").prefix(60).joined(separator: "\n")
        let message = try #require(parseError(text))
        #expect(
            message.hasPrefix("App.xcodeproj/project.pbxproj:60:")
                && message.contains(": unexpected end of file: the dictionary opened at "))
    }

    /// A merge git could not finish (each branch added a file to the same group) leaves its markers in the file:
    /// the refusal says so, at the marker's line, instead of what the parser expected there.
    @Test(.enabled(if: GitMergeFile.isAvailable, "git is not installed"))
    func aProjectWithMergeConflictMarkersIsRefusedAsSuch() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let lastChild = "\t\t\t\tA00000000000000000000011 /* AppDelegate.swift */,\n"
        func adding(_ name: String) -> String {
            SmallXcodeProject.text.replacingOccurrences(
                of: lastChild, with: lastChild + "\t\t\t\tB0000000000000000000\(name) /* \(name).swift */,\n")
        }
        let merged = try GitMergeFile(folder: folder, yoursLabel: "HEAD", theirsLabel: "feature").merge(
            base: SmallXcodeProject.text, yours: adding("0001"), theirs: adding("0002"))
        #expect(merged.conflicts == 1)
        let markerLine =
            try #require(
                merged.text.split(separator: "\n", omittingEmptySubsequences: false).firstIndex {
                    $0.hasPrefix("<<<<<<< ")
                }) + 1
        #expect(
            parseError(merged.text)
                == "App.xcodeproj/project.pbxproj:\(markerLine):1: the project file holds a merge conflict "
                + "('<<<<<<<' … '>>>>>>>'); resolve it first (`modgen setup-merge-driver` lets git merge project "
                + "files without such conflicts)")
    }

    @Test func anIDDefinedTwiceIsRefused() {
        let text = SmallXcodeProject.text.replacingOccurrences(
            of: "A00000000000000000000012 /* App.app */ = {", with: "A00000000000000000000011 /* App.app */ = {")
        #expect(
            parseError(text)?.contains("object ID A00000000000000000000011 is used twice (first at 14:") == true)
    }

    @Test func aChildThatIsNoObjectIsRefused() {
        let text = SmallXcodeProject.text.replacingOccurrences(
            of: "\t\t\t\tA00000000000000000000012 /* App.app */,", with: "\t\t\t\tB00000000000000000000012,")
        #expect(
            parseError(text)?.contains(
                "PBXGroup A00000000000000000000003 lists B00000000000000000000012 in 'children', which is no object")
                == true)
    }

    @Test func aGroupThatContainsItselfIsRefused() {
        let text = SmallXcodeProject.text.replacingOccurrences(
            of: "\t\t\t\tA00000000000000000000011 /* AppDelegate.swift */,\n\t\t\t);",
            with: "\t\t\t\tA00000000000000000000001,\n\t\t\t);")
        #expect(parseError(text)?.contains("contains itself") == true)
    }

    @Test func workspacesPodsAndOtherFoldersAreNoProjectToEdit() {
        for (path, words) in [
            ("App.xcworkspace", "is a workspace"), ("Pods/Pods.xcodeproj", "is CocoaPods' project"),
            ("App", "is no Xcode project"),
        ] {
            #expect(throws: XcodeProjectError.self) { try XcodeProject.load(at: path, currentDirectory: "/tmp") }
            do {
                _ = try XcodeProject.load(at: path, currentDirectory: "/tmp")
            } catch {
                #expect("\(error)".contains(words), "\(path)")
            }
        }
    }

    @Test func aFileReferencedFromAnotherGroupIsRefused() throws {
        // AppDelegate.swift is listed in Products, by a path from there: adding it to App's group would make it two.
        let text = SmallXcodeProject.text
            .replacingOccurrences(of: "\t\t\t\tA00000000000000000000011 /* AppDelegate.swift */,\n", with: "")
            .replacingOccurrences(
                of: "\t\t\t\tA00000000000000000000012 /* App.app */,",
                with: "\t\t\t\tA00000000000000000000012 /* App.app */,\n\t\t\t\tA00000000000000000000011,"
            )
            .replacingOccurrences(of: "path = AppDelegate.swift;", with: "path = App/AppDelegate.swift;")
        let project = try ProjectFixtures.small(text)
        #expect(
            throws: XcodeProjectError.refused(
                path: "/work/small/App/AppDelegate.swift",
                reason: "is already referenced from the group 'Products'; modgen adds a file only to the group of "
                    + "its own folder")
        ) {
            try project.adding(["App/AppDelegate.swift"], to: ["App"])
        }
    }

    @Test func aFileAlreadyInItsGroupAndTargetIsLeftAsItIs() throws {
        // The infinum demo already holds a Home module: adding its files again changes nothing.
        let project = try ProjectFixtures.project("infinum+ios-viper-xcode-templates")
        let existing = try #require(project.graph.referencedPaths().first { $0.key.hasSuffix("/homepresenter.swift") })
        let reference = project.graph.references(to: PathComponents.split(existing.value))[0]
        let folder = project.graph.groups[reference.parentGroupID]!.folder
        // Claim it moved: the same file, but the group of its folder is made to differ by adding it under a new name.
        let path = PathComponents.string(folder) + "/HomePresenter.swift"
        let app = try project.targets(named: [], defaultKind: .application)
        let again = try project.adding([ProjectFileAddition(path: path, targets: app)])
        #expect(!again.changesProject, "already in its group and target: nothing to add")
    }

    @Test func testsInAnAppsSynchronizedFolderAreRefusedWithTheReason() throws {
        let project = try ProjectFixtures.project("nalexn+clean-architecture-swiftui")
        let tests = try project.targets(named: [], defaultKind: .unitTest)
        #expect(throws: XcodeProjectError.self) {
            try project.adding(["CountriesSwiftUI/Modules/Home/HomePresenterTests.swift"], to: tests.map(\.name))
        }
        do {
            _ = try project.adding(["CountriesSwiftUI/Modules/Home/HomePresenterTests.swift"], to: tests.map(\.name))
        } catch {
            #expect(
                "\(error)".contains(
                    "is in the synchronized folder 'CountriesSwiftUI', which the target 'UnitTests' does not build "
                        + "(it belongs to 'CountriesSwiftUI', which would compile it)"))
        }
        let inOwnFolder = try project.adding(["UnitTests/Home/HomePresenterTests.swift"], to: tests.map(\.name))
        #expect(!inOwnFolder.changesProject)
        #expect(inOwnFolder.changes.first?.isInSynchronizedFolder == true)
    }

    @Test func aFileAnExceptionLeavesOutOfItsFoldersTargetIsRefused() throws {
        // NetNewsWire (objectVersion 76): the Widget folder's exception set leaves Info.plist out of the widget.
        let project = try ProjectFixtures.project("Ranchero-Software+NetNewsWire")
        #expect(throws: XcodeProjectError.self) {
            try project.adding(["Widget/Info.plist"], to: ["NetNewsWire iOS Widget Extension"])
        }
        // The same file as a Mac's file system finds it, spelled in another letter case.
        #expect(throws: XcodeProjectError.self) {
            try project.adding(["widget/INFO.plist"], to: ["NetNewsWire iOS Widget Extension"])
        }
    }

    /// A folder reference (a blue folder) is copied into the app as it is: a module written inside it is refused,
    /// in any letter case, before any group is made for the same folder.
    @Test(arguments: ["App/Resources/Home/HomeView.swift", "app/resources/HomeView.swift"])
    func aFileInsideAFolderReferenceIsRefused(path: String) throws {
        let reference =
            "\t\tA000000000000000000000F1 /* Resources */ = {isa = PBXFileReference; lastKnownFileType = folder; "
            + "path = Resources; sourceTree = \"<group>\"; };\n"
        let text = SmallXcodeProject.text
            .replacingOccurrences(
                of: "/* End PBXFileReference section */", with: reference + "/* End PBXFileReference section */"
            )
            .replacingOccurrences(
                of: "\t\t\t\tA00000000000000000000011 /* AppDelegate.swift */,\n",
                with:
                    "\t\t\t\tA00000000000000000000011 /* AppDelegate.swift */,\n\t\t\t\tA000000000000000000000F1 /* Resources */,\n"
            )
        #expect(text.contains("A000000000000000000000F1 /* Resources */,"))
        let project = try ProjectFixtures.small(text)
        #expect {
            try project.adding([path], to: ["App"])
        } throws: { error in
            "\(error)".contains("is inside 'App/Resources', a folder reference (a blue folder)")
                || "\(error)".contains("is inside 'app/resources', a folder reference (a blue folder)")
        }
        // Beside it, the app's folder still takes files.
        #expect(try project.adding(["App/Home/HomeView.swift"], to: ["App"]).changesProject)
    }

    @Test func aFileOutsideTheProjectsFolderIsRefused() throws {
        let project = try ProjectFixtures.small()
        let app = try project.targets(named: ["App"], defaultKind: .application)
        #expect(throws: XcodeProjectError.self) {
            try project.adding([ProjectFileAddition(path: "/elsewhere/Home.swift", targets: app)])
        }
    }
}

/// Choosing targets: the only one of its kind by default, names checked with a suggestion.
@Suite struct ProjectTargetTests {
    @Test func theOnlyApplicationAndUnitTestTargetsAreTheDefaults() throws {
        let project = try ProjectFixtures.small()
        #expect(try project.targets(named: [], defaultKind: .application).map(\.name) == ["App"])
        #expect(try project.targets(named: [], defaultKind: .unitTest).map(\.name) == ["AppTests"])
    }

    @Test func anUnknownNameGetsASuggestion() throws {
        let project = try ProjectFixtures.small()
        #expect(
            throws: XcodeProjectError.unknownTarget(
                name: "Ap", project: "App.xcodeproj", suggestion: "App", targets: ["App", "AppTests"])
        ) {
            try project.targets(named: ["Ap"], defaultKind: .application)
        }
        #expect(
            XcodeProjectError.unknownTarget(
                name: "Ap", project: "App.xcodeproj", suggestion: "App", targets: ["App", "AppTests"]
            ).message == "the project 'App.xcodeproj' has no target 'Ap'; did you mean 'App'?")
    }

    @Test func severalApplicationTargetsMustBeChosen() throws {
        let project = try ProjectFixtures.project("Ranchero-Software+NetNewsWire")
        do {
            _ = try project.targets(named: [], defaultKind: .application)
            Issue.record("expected an error")
        } catch {
            #expect(error.message.hasPrefix("the project 'App.xcodeproj' has "))
            #expect(error.message.hasSuffix("; choose with --target"))
        }
    }
}

/// Inputs that grow: groups nested past the limit are refused with the file and position, not read into memory
/// that grows with the square of the depth.
@Suite struct ProjectLimitTests {
    private func chain(_ depth: Int) -> String {
        var groups = ""
        for level in 0..<depth {
            let child = level + 1 < depth ? "G\(level + 1)," : ""
            groups += "G\(level) = {isa = PBXGroup; children = (\(child)); path = d; sourceTree = \"<group>\"; };\n"
        }
        return "// !$*UTF8*$!\n{ objects = {\n\(groups)P = {isa = PBXProject; mainGroup = G0; targets = (); };\n}; "
            + "rootObject = P; }\n"
    }

    @Test func groupsNestedToTheLimitAreRead() throws {
        let project = try ProjectFixtures.small(chain(ProjectGraph.maximumGroupDepth + 1))
        #expect(project.graph.groups.count == ProjectGraph.maximumGroupDepth + 1)
    }

    @Test func groupsNestedPastTheLimitAreRefused() throws {
        let depth = ProjectGraph.maximumGroupDepth + 2
        // G0 is on line 3; the last group, one level too deep, on line depth + 2.
        #expect(
            throws: DataFileError(
                fileName: "App.xcodeproj/project.pbxproj", position: SourcePosition(line: depth + 2, column: 1),
                reason: "groups are nested more than 512 levels deep")
        ) {
            try ProjectFixtures.small(chain(depth))
        }
    }
}

/// Targets chosen by name: a name two targets share, and a test target that is no test bundle, are refused with
/// what to choose from instead of a guess.
@Suite struct TargetChoiceTests {
    /// The small project with a framework target also called `App`, and the test target renamed `App` too when
    /// `threeApps` is set.
    private func project(threeApps: Bool = false) throws -> XcodeProject {
        var text = SmallXcodeProject.text.replacingOccurrences(
            of: "/* End PBXNativeTarget section */",
            with: """
                \t\tA00000000000000000000050 /* App */ = {
                \t\t\tisa = PBXNativeTarget;
                \t\t\tbuildPhases = (
                \t\t\t);
                \t\t\tname = App;
                \t\t\tproductType = "com.apple.product-type.framework";
                \t\t};
                /* End PBXNativeTarget section */
                """
        ).replacingOccurrences(
            of: "\t\t\t\tA00000000000000000000030 /* AppTests */,\n",
            with: "\t\t\t\tA00000000000000000000030 /* AppTests */,\n\t\t\t\tA00000000000000000000050 /* App */,\n")
        if threeApps {
            text = text.replacingOccurrences(of: "name = AppTests;", with: "name = App;")
        }
        return try ProjectFixtures.small(text)
    }

    @Test func twoTargetsOfOneNameAreRefusedWithTheirIDs() throws {
        let project = try project()
        #expect(
            throws: XcodeProjectError.ambiguousTarget(
                name: "App", project: "App.xcodeproj", kind: .application,
                candidates: ["A00000000000000000000020 (application)", "A00000000000000000000050 (framework)"])
        ) { try project.targets(named: ["App"], defaultKind: .application) }
        let message = XcodeProjectError.ambiguousTarget(
            name: "App", project: "App.xcodeproj", kind: .application,
            candidates: ["A00000000000000000000020 (application)", "A00000000000000000000050 (framework)"]
        ).message
        #expect(
            message
                == "the project 'App.xcodeproj' has 2 targets named 'App' (A00000000000000000000020 (application), "
                + "A00000000000000000000050 (framework)); choose one by its ID with --target, or rename one in Xcode")
        // The ID chooses.
        let chosen = try project.targets(named: ["A00000000000000000000050"], defaultKind: .application)
        #expect(chosen.map(\.productType) == ["com.apple.product-type.framework"])
        // Three of a name, one of them the test bundle: --test-target is ambiguous too.
        #expect {
            try self.project(threeApps: true).targets(named: ["App"], defaultKind: .unitTest)
        } throws: { error in
            guard case .ambiguousTarget(_, _, .unitTest, let candidates) = error as? XcodeProjectError else {
                return false
            }
            return candidates.count == 3 && candidates.contains("A00000000000000000000030 (bundle.unit-test)")
        }
    }

    @Test func aTestTargetThatIsNoTestBundleIsRefusedWithTheTestTargets() throws {
        #expect(
            throws: XcodeProjectError.notATestBundle(
                name: "A00000000000000000000020", project: "App.xcodeproj", productType: "application",
                candidates: ["AppTests"])
        ) { try ProjectFixtures.small().targets(named: ["A00000000000000000000020"], defaultKind: .unitTest) }
        #expect(
            try ProjectFixtures.small().targets(named: ["AppTests"], defaultKind: .unitTest).map(\.name) == ["AppTests"]
        )
        let message = XcodeProjectError.notATestBundle(
            name: "App", project: "App.xcodeproj", productType: "application", candidates: ["AppTests"]
        ).message
        #expect(
            message
                == "the target 'App' of 'App.xcodeproj' is no test bundle (application): test files would be built "
                + "into it; its test targets: 'AppTests'")
    }
}
