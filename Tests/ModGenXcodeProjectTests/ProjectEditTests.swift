import ModGenCore
import TestSupport
import Testing

@testable import ModGenXcodeProject

/// Adding files as Xcode does: exactly its lines, inserted, nothing else changed, the same edit twice a no-op.
@Suite struct ProjectEditTests {
    @Test func oneSwiftFileInAnExistingGroupIsXcodesFourLines() throws {
        let edit = try ProjectFixtures.small().adding(["App/Video.swift"], to: ["App"])
        let reference = ObjectIDs.hexDigest("fileRef:App/Video.swift")
        let buildFile = ObjectIDs.hexDigest("buildFile:App/Video.swift:A00000000000000000000020:PBXSourcesBuildPhase")
        let inserted = SmallXcodeProject.insertedLines(
            original: SmallXcodeProject.text, edited: ProjectFixtures.text(edit))
        #expect(
            inserted?.sorted()
                == [
                    "\t\t\(buildFile) /* Video.swift in Sources */ = {isa = PBXBuildFile; fileRef = \(reference) "
                        + "/* Video.swift */; };",
                    "\t\t\(reference) /* Video.swift */ = {isa = PBXFileReference; lastKnownFileType = sourcecode.swift; "
                        + "path = Video.swift; sourceTree = \"<group>\"; };",
                    "\t\t\t\t\(buildFile) /* Video.swift in Sources */,",
                    "\t\t\t\t\(reference) /* Video.swift */,",
                ].sorted())
        #expect(
            edit.changes == [
                ProjectEdit.FileChange(
                    path: "App/Video.swift", group: "App", addedTo: ["App"], alreadyIn: [], isNewReference: true,
                    isInSynchronizedFolder: false)
            ])
        let text = ProjectFixtures.text(edit)
        // The group's new child goes last in its list, the build file last in the phase's.
        #expect(text.contains("/* AppDelegate.swift */,\n\t\t\t\t\(reference) /* Video.swift */,\n\t\t\t);"))
        #expect(
            text.contains("/* AppDelegate.swift in Sources */,\n\t\t\t\t\(buildFile) /* Video.swift in Sources */,"))
    }

    @Test func newObjectsKeepTheirSectionsSortedByID() throws {
        let edit = try ProjectFixtures.small().adding(
            ["App/Modules/Home/HomeView.swift", "App/Modules/Home/Home View.xib", "App/Modules/Home/HomeA.swift"],
            to: ["App"])
        let project = try ProjectFixtures.small(ProjectFixtures.text(edit))
        for isa in ["PBXBuildFile", "PBXFileReference", "PBXGroup"] {
            let ids = project.graph.document.objectsInFileOrder.filter { $0.isa == isa }.map(\.id)
            #expect(ids == ids.sorted(), "\(isa)")
        }
    }

    @Test func missingFoldersBecomePathOnlyGroupsAsXcodeMakesThem() throws {
        let edit = try ProjectFixtures.small().adding(["App/Modules/Home/Home View.xib"], to: ["App"])
        let modules = ObjectIDs.hexDigest("group:App/Modules")
        let home = ObjectIDs.hexDigest("group:App/Modules/Home")
        let reference = ObjectIDs.hexDigest("fileRef:App/Modules/Home/Home View.xib")
        let text = ProjectFixtures.text(edit)
        #expect(
            text.contains(
                """
                \t\t\(home) /* Home */ = {
                \t\t\tisa = PBXGroup;
                \t\t\tchildren = (
                \t\t\t\t\(reference) /* Home View.xib */,
                \t\t\t);
                \t\t\tpath = Home;
                \t\t\tsourceTree = "<group>";
                \t\t};

                """))
        #expect(text.contains("\t\t\t\t\(modules) /* Modules */,\n\t\t\t);\n\t\t\tpath = App;"))
        // A name that is not bare is quoted; a xib joins Resources.
        #expect(text.contains("lastKnownFileType = file.xib; path = \"Home View.xib\"; sourceTree = \"<group>\"; };"))
        #expect(text.contains("/* Home View.xib in Resources */ = {isa = PBXBuildFile;"))
        #expect(edit.changes.map(\.group) == ["App/Modules/Home"])
    }

    @Test func theSameAdditionTwiceChangesNoByte() throws {
        let paths = ["App/Modules/Home/HomeView.swift", "App/Modules/Home/HomeView.xib"]
        let first = try ProjectFixtures.small().adding(paths, to: ["App"])
        let again = try ProjectFixtures.small(ProjectFixtures.text(first)).adding(paths, to: ["App"])
        #expect(first.changesProject)
        #expect(!again.changesProject)
        #expect(again.changes.map(\.alreadyIn) == [["App"], ["App"]])
        #expect(again.changes.allSatisfy { !$0.isNewReference && $0.addedTo.isEmpty })
    }

    @Test func aFileInItsGroupButNotItsTargetGetsOnlyTheBuildFile() throws {
        let first = try ProjectFixtures.small().adding(["App/Shared.swift"], to: ["App"])
        let second = try ProjectFixtures.small(ProjectFixtures.text(first)).adding(
            ["App/Shared.swift"], to: ["AppTests"])
        let inserted = SmallXcodeProject.insertedLines(
            original: ProjectFixtures.text(first), edited: ProjectFixtures.text(second))
        #expect(inserted?.count == 2)
        #expect(second.changes.first?.addedTo == ["AppTests"])
        #expect(second.changes.first?.isNewReference == false)
    }

    @Test func identicalRequestsGiveIdenticalBytes() throws {
        let paths = ["App/Modules/Home/HomeView.swift", "App/Modules/Home/HomePresenter.swift"]
        let first = try ProjectFixtures.small().adding(paths, to: ["App"])
        let second = try ProjectFixtures.small().adding(paths, to: ["App"])
        #expect(first.newBytes == second.newBytes)
    }

    @Test func anIDAlreadyInTheFileIsNeverReused() throws {
        let taken = ObjectIDs.hexDigest("fileRef:App/Video.swift")
        // The ID modgen would pick appears in the file (as a reference into another project would).
        let text = SmallXcodeProject.text.replacingOccurrences(
            of: "\tclasses = {\n\t};", with: "\tclasses = {\n\t};\n\tcomment = \(taken);")
        let edit = try ProjectFixtures.small(text).adding(["App/Video.swift"], to: ["App"])
        let inserted = try #require(SmallXcodeProject.insertedLines(original: text, edited: ProjectFixtures.text(edit)))
        #expect(!inserted.contains { $0.contains(taken) })
    }

    @Test func anIDTakenInAnyCaseAnywhereInTheFileDrawsTheNextCandidate() throws {
        // The first candidate in lower case inside a comment, the second as a value: IDs are checked once planned,
        // so this needs two plans again, and the third candidate is the one used.
        let first = ObjectIDs.hexDigest("fileRef:App/Video.swift")
        let second = ObjectIDs.hexDigest("fileRef:App/Video.swift#1")
        let third = ObjectIDs.hexDigest("fileRef:App/Video.swift#2")
        let text = SmallXcodeProject.text.replacingOccurrences(
            of: "\tclasses = {\n\t};",
            with: "\tclasses = {\n\t};\n\t/* \(first.lowercased()) */\n\tcomment = \(second);")
        let edit = try ProjectFixtures.small(text).adding(["App/Video.swift"], to: ["App"])
        let inserted = try #require(SmallXcodeProject.insertedLines(original: text, edited: ProjectFixtures.text(edit)))
        #expect(!inserted.contains { $0.contains(first) || $0.contains(second) })
        #expect(inserted.contains { $0.hasPrefix("\t\t\(third) /* Video.swift */ = {isa = PBXFileReference;") })
    }

    @Test func aFileTheProjectSpellsInAnotherCaseIsTheSameFile() throws {
        // macOS volumes ignore case: AppDelegate.swift is already in its group and target.
        let edit = try ProjectFixtures.small().adding(["App/APPDELEGATE.swift"], to: ["App"])
        #expect(!edit.changesProject)
        #expect(edit.changes.map(\.alreadyIn) == [["App"]])
    }

    @Test func aMissingSectionIsCreatedInItsAlphabeticalPlace() throws {
        // No build file at all: the PBXBuildFile section goes before the first section that sorts after it.
        let text = SmallXcodeProject.text
            .replacingOccurrences(
                of: """
                    /* Begin PBXBuildFile section */
                    \t\tA00000000000000000000010 /* AppDelegate.swift in Sources */ = {isa = PBXBuildFile; fileRef = A00000000000000000000011 /* AppDelegate.swift */; };
                    /* End PBXBuildFile section */


                    """, with: ""
            )
            .replacingOccurrences(
                of: "\t\t\t\tA00000000000000000000010 /* AppDelegate.swift in Sources */,\n", with: "")
        let edit = try ProjectFixtures.small(text).adding(["App/Video.swift"], to: ["App"])
        let edited = ProjectFixtures.text(edit)
        let buildFile = ObjectIDs.hexDigest("buildFile:App/Video.swift:A00000000000000000000020:PBXSourcesBuildPhase")
        #expect(
            edited.contains(
                "\t\tobjects = {\n\n/* Begin PBXBuildFile section */\n\t\t\(buildFile) /* Video.swift in Sources */"
                    .replacingOccurrences(of: "\t\tobjects", with: "\tobjects")))
        #expect(edited.contains("/* End PBXBuildFile section */\n\n/* Begin PBXFileReference section */"))
        #expect(SmallXcodeProject.insertedLines(original: text, edited: edited) != nil)
        // Removing the file again takes the section it made, and its blank line: the original bytes, no empty
        // section (which Xcode never writes and PyPI's pbxproj cannot read).
        let removed = try ProjectFixtures.small(edited).removing(["/work/small/App/Video.swift"])
        #expect(ProjectFixtures.text(removed) == text)
    }

    @Test func realProjectsGetInsertionsOnlyAndAcceptTheEditAgain() throws {
        for name in ProjectFixtures.names {
            let project = try ProjectFixtures.project(name)
            let app = try #require(project.targets.first { $0.isApplication }, "\(name)")
            let folder = project.graph.synchronizedFolders.first { app.synchronizedGroupIDs.contains($0.id) }
            // A module beside the app's code: in a folder it builds, or in a new group of the main group.
            let base = folder.map { $0.folder.dropFirst(project.graph.projectFolder.count).joined(separator: "/") }
            let paths = ["HomeView.swift", "HomeView.xib", "HomePresenter.swift"].map {
                (base ?? "NewModules") + "/Home/" + $0
            }
            let edit = try project.adding(paths, to: [app.name])
            let original = String(decoding: edit.originalBytes, as: UTF8.self)
            let inserted = SmallXcodeProject.insertedLines(original: original, edited: ProjectFixtures.text(edit))
            #expect(inserted != nil, "\(name)")
            if folder != nil {
                #expect(!edit.changesProject, "\(name): files in the app's synchronized folder need no edit")
            } else {
                // 3 references, 3 build files, 3 phase entries, the Home group (10 lines), NewModules (8) and its
                // line in the main group.
                let expectedCount = 28
                #expect(inserted?.count == expectedCount, "\(name)")
            }
            let reread = try XcodeProject(
                bytes: edit.newBytes, displayPath: "App.xcodeproj", containingFolder: "/work/\(name)")
            #expect(try !reread.adding(paths, to: [app.name]).changesProject, "\(name)")
        }
    }
}

/// Files Xcode did not write: lists without the last comma still read as lists after the edit.
@Suite struct ProjectListShapeTests {
    @Test func aListWithoutItsLastCommaGetsOneBeforeTheNewItem() throws {
        let text = SmallXcodeProject.text.replacingOccurrences(
            of: "\t\t\t\tA00000000000000000000011 /* AppDelegate.swift */,\n",
            with: "\t\t\t\tA00000000000000000000011 /* AppDelegate.swift */ /* no comma, */\n")
        let edit = try ProjectFixtures.small(text).adding(["App/Video.swift"], to: ["App"])
        let reference = ObjectIDs.hexDigest("fileRef:App/Video.swift")
        let edited = try ProjectFixtures.small(ProjectFixtures.text(edit))
        let group = try #require(edited.graph.document.objects["A00000000000000000000002"])
        #expect(group.strings("children") == ["A00000000000000000000011", reference])
    }

    /// A group and a build phase whose lists are written on one line (`children = (A, B);`): the line is broken
    /// before its `)`, everything it held staying on it, and the new items get lines of their own, as Xcode
    /// writes them; the file reads back with the new items, and removing them takes exactly their lines.
    @Test func listsOnOneLineAreBrokenBeforeTheirParenthesisAndGainLines() throws {
        let text = SmallXcodeProject.text.replacingOccurrences(
            of: "\t\t\tchildren = (\n\t\t\t\tA00000000000000000000011 /* AppDelegate.swift */,\n\t\t\t);",
            with: "\t\t\tchildren = (A00000000000000000000011 /* AppDelegate.swift */);"
        ).replacingOccurrences(
            of: "\t\t\tfiles = (\n\t\t\t\tA00000000000000000000010 /* AppDelegate.swift in Sources */,\n\t\t\t);",
            with: "\t\t\tfiles = (A00000000000000000000010, );")
        let edit = try ProjectFixtures.small(text).adding(["App/Video.swift", "App/Audio.swift"], to: ["App"])
        let edited = ProjectFixtures.text(edit)
        let video = ObjectIDs.hexDigest("fileRef:App/Video.swift")
        let audio = ObjectIDs.hexDigest("fileRef:App/Audio.swift")
        let videoBuild = ObjectIDs.hexDigest("buildFile:App/Video.swift:A00000000000000000000020:PBXSourcesBuildPhase")
        let audioBuild = ObjectIDs.hexDigest("buildFile:App/Audio.swift:A00000000000000000000020:PBXSourcesBuildPhase")
        #expect(
            edited.contains(
                "\t\t\tchildren = (A00000000000000000000011 /* AppDelegate.swift */,\n"
                    + "\t\t\t\t\(video) /* Video.swift */,\n\t\t\t\t\(audio) /* Audio.swift */,\n\t\t\t);\n"))
        #expect(
            edited.contains(
                "\t\t\tfiles = (A00000000000000000000010, \n\t\t\t\t\(videoBuild) /* Video.swift in Sources */,\n"
                    + "\t\t\t\t\(audioBuild) /* Audio.swift in Sources */,\n\t\t\t);\n"))
        #expect(isInsertionOnly(original: text, edited: edited))
        let project = try ProjectFixtures.small(edited)
        let group = try #require(project.graph.document.objects["A00000000000000000000002"])
        #expect(group.strings("children") == ["A00000000000000000000011", video, audio])
        let phase = try #require(project.graph.document.objects["A00000000000000000000021"])
        #expect(phase.strings("files") == ["A00000000000000000000010", videoBuild, audioBuild])
        // The new items can be taken out again line by line.
        let folder = PathComponents.string(project.graph.projectFolder)
        let removed = try project.removing([folder + "/App/Video.swift", folder + "/App/Audio.swift"])
        #expect(
            ProjectFixtures.text(removed).contains(
                "\t\t\tchildren = (A00000000000000000000011 /* AppDelegate.swift */,\n\t\t\t);\n"))
    }

    /// A whole object on one line, its list in the middle of it: the rest of the line follows the new lines.
    @Test func anObjectOnOneLineKeepsWhatFollowsItsList() throws {
        let text = SmallXcodeProject.text.replacingOccurrences(
            of: """
                \t\tA00000000000000000000004 /* AppTests */ = {
                \t\t\tisa = PBXGroup;
                \t\t\tchildren = (
                \t\t\t);
                \t\t\tpath = AppTests;
                \t\t\tsourceTree = "<group>";
                \t\t};
                """,
            with: "\t\tA00000000000000000000004 /* AppTests */ = {isa = PBXGroup; children = (); path = AppTests; "
                + "sourceTree = \"<group>\"; };")
        let edit = try ProjectFixtures.small(text).adding(["AppTests/HomeTests.swift"], to: ["AppTests"])
        let reference = ObjectIDs.hexDigest("fileRef:AppTests/HomeTests.swift")
        let edited = ProjectFixtures.text(edit)
        #expect(
            edited.contains(
                "\t\tA00000000000000000000004 /* AppTests */ = {isa = PBXGroup; children = (\n"
                    + "\t\t\t\(reference) /* HomeTests.swift */,\n\t\t); path = AppTests; sourceTree = \"<group>\"; };\n"
            ))
        #expect(isInsertionOnly(original: text, edited: edited))
        let group = try #require(try ProjectFixtures.small(edited).graph.document.objects["A00000000000000000000004"])
        #expect(group.strings("children") == [reference])
    }

    /// Whether `edited` is `original` with bytes inserted and none changed or removed.
    private func isInsertionOnly(original: String, edited: String) -> Bool {
        var remaining = original.utf8[...]
        for byte in edited.utf8 where remaining.first == byte { remaining = remaining.dropFirst() }
        return remaining.isEmpty
    }
}

/// Removing files takes out exactly the lines adding them put in.
@Suite struct ProjectRemovalTests {
    /// Adding a module's files (and the groups of their folders) and removing them again gives back the original
    /// bytes: the groups adding made go with the last file in them.
    @Test func removingWhatWasAddedGivesTheOriginalBytesBack() throws {
        for name in ProjectFixtures.names {
            let project = try ProjectFixtures.project(name)
            guard let app = project.targets.first(where: { $0.isApplication }) else { continue }
            let paths = ["HomeView.swift", "HomeView.xib", "Views/HomeCell.swift"].map { "App/Modules/Home/" + $0 }
            let added = try project.adding(paths, to: [app.name])
            let edited = try XcodeProject(
                bytes: added.newBytes, displayPath: "App.xcodeproj", containingFolder: "/work/\(name)")
            let folder = PathComponents.string(edited.graph.projectFolder)
            let removed = try edited.removing(paths.map { folder + "/" + $0 })
            #expect(ProjectFixtures.text(removed) == String(decoding: added.originalBytes, as: UTF8.self), "\(name)")
            #expect(removed.changes.map(\.removedFrom) == [[app.name], [app.name], [app.name]], "\(name)")
        }
    }

    /// Two modules in the groups adding made for the first: removing one keeps the groups the other is in.
    @Test func aGroupAddingMadeStaysWhileItHoldsAnything() throws {
        let project = try ProjectFixtures.small()
        let home = try project.adding(["App/Modules/Home/HomeView.swift"], to: ["App"])
        let both = try ProjectFixtures.small(ProjectFixtures.text(home)).adding(
            ["App/Modules/Cart/CartView.swift"], to: ["App"])
        let homeRemoved = try ProjectFixtures.small(ProjectFixtures.text(both)).removing([
            "/work/small/App/Modules/Home/HomeView.swift"
        ])
        let text = ProjectFixtures.text(homeRemoved)
        let modules = ObjectIDs.hexDigest("group:App/Modules")
        #expect(!text.contains(ObjectIDs.hexDigest("group:App/Modules/Home")))
        #expect(text.contains("\t\t\(modules) /* Modules */ = {"))
        #expect(text.contains(ObjectIDs.hexDigest("group:App/Modules/Cart")))
        // Then the last one: every line the two additions made goes, and nothing else.
        let cartRemoved = try ProjectFixtures.small(text).removing(["/work/small/App/Modules/Cart/CartView.swift"])
        #expect(ProjectFixtures.text(cartRemoved) == SmallXcodeProject.text)
    }

    /// A module written to a folder spelled otherwise than the project spells its group — another case (`app/` for
    /// the group `App`, one folder on a Mac) or another Unicode form (a decomposed `é` for the precomposed one the
    /// project holds, as folders made on HFS+ are named) — joins that group, and removing it takes the groups
    /// adding made too: their IDs come from the project's spelling, which is the one removing reads back.
    @Test func aFolderSpelledOtherwiseThanItsGroupGivesTheOriginalBytesBack() throws {
        let precomposed = "Caf\u{E9}"
        let decomposed = "Cafe\u{301}"
        let text = SmallXcodeProject.text.replacing("\t\t\tpath = App;\n", with: "\t\t\tpath = \"\(precomposed)\";\n")
        let spellings = [("App", SmallXcodeProject.text), (precomposed, text)]
        for ((groupPath, original), folder) in zip(spellings, ["app", decomposed]) {
            let paths = ["\(folder)/Modules/Home/HomeView.swift", "\(folder)/Modules/Home/Views/HomeCell.swift"]
            let added = try ProjectFixtures.small(original).adding(paths, to: ["App"])
            let edited = ProjectFixtures.text(added)
            #expect(edited.contains("\t\t\(ObjectIDs.hexDigest("group:\(groupPath)/Modules")) /* Modules */ = {"))
            let removed = try ProjectFixtures.small(edited).removing(paths.map { "/work/small/" + $0 })
            // Compared as bytes: two Unicode forms of a name are equal as Swift strings.
            #expect(removed.newBytes == Array(original.utf8), "\(folder)")
        }
    }

    /// A group someone else made stays when its last file goes (as Xcode leaves it), and so does one adding made
    /// that was edited since, or that holds a file of someone else's.
    @Test func groupsAddingDidNotMakeAsTheyAreStay() throws {
        let emptied = try ProjectFixtures.small().removing(["/work/small/App/AppDelegate.swift"])
        #expect(ProjectFixtures.text(emptied).contains("A00000000000000000000002 /* App */ = {"))
        let added = ProjectFixtures.text(try ProjectFixtures.small().adding(["App/Home/HomeView.swift"], to: ["App"]))
        let home = ObjectIDs.hexDigest("group:App/Home")
        // Renamed in Xcode: a `name` the group did not have.
        let renamed = added.replacing(
            "\t\t\tpath = Home;\n", with: "\t\t\tname = \"Home Screen\";\n\t\t\tpath = Home;\n")
        let afterRename = try ProjectFixtures.small(renamed).removing(["/work/small/App/Home/HomeView.swift"])
        #expect(ProjectFixtures.text(afterRename).contains("\t\t\(home) /* Home */ = {"))
        // A file added in Xcode beside the module's.
        let withOther = try ProjectFixtures.small(added).adding(["App/Home/Notes.md"], to: [])
        let afterOther = try ProjectFixtures.small(ProjectFixtures.text(withOther)).removing([
            "/work/small/App/Home/HomeView.swift"
        ])
        #expect(ProjectFixtures.text(afterOther).contains("\t\t\(home) /* Home */ = {"))
        #expect(ProjectFixtures.text(afterOther).contains("/* Notes.md */,"))
    }

    /// The group of a folder that files stay in or join next (a rename's files that keep their folder) stays,
    /// rather than going and coming back at the end of its parent's list.
    @Test func theGroupOfAFolderKeptStays() throws {
        let added = ProjectFixtures.text(try ProjectFixtures.small().adding(["App/Home/HomeView.swift"], to: ["App"]))
        let removed = try ProjectFixtures.small(added).removing(
            ["/work/small/App/Home/HomeView.swift"], keepingGroupsOf: ["/work/small/App/Home/FinderView.swift"])
        #expect(ProjectFixtures.text(removed).contains("\t\t\(ObjectIDs.hexDigest("group:App/Home")) /* Home */ = {"))
        #expect(!ProjectFixtures.text(removed).contains("HomeView.swift"))
    }

    @Test func removingAFileTheProjectDoesNotHoldChangesNothing() throws {
        let project = try ProjectFixtures.small()
        #expect(try !project.removing(["/work/small/App/Missing.swift"]).changesProject)
    }

    @Test func removingAFileTakesItsReferenceBuildFilesAndListEntries() throws {
        let project = try ProjectFixtures.small()
        let removed = try project.removing(["/work/small/App/AppDelegate.swift"])
        let text = ProjectFixtures.text(removed)
        #expect(!text.contains("A00000000000000000000010"))
        #expect(!text.contains("A00000000000000000000011"))
        // Its four lines, and the PBXBuildFile section it leaves empty (Begin, End and a blank line): Xcode never
        // writes an empty section, and the sections around it keep one blank line between them.
        #expect(SmallXcodeProject.insertedLines(original: text, edited: SmallXcodeProject.text)?.count == 7)
        #expect(!text.contains("PBXBuildFile"), "\(text)")
        #expect(text.contains("\tobjects = {\n\n/* Begin PBXFileReference section */"), "\(text)")
        // Still a project (a throw fails the test).
        _ = try XcodeProject(bytes: removed.newBytes, displayPath: "App.xcodeproj", containingFolder: "/work/small")
    }
}

/// A project whose targets build only synchronized folders (Xcode 16), so it has no `PBXBuildFile` section at all.
@Suite struct SynchronizedOnlyProjectTests {
    /// The clean-architecture fixture without its build files (its only ones are package products).
    private func projectWithoutBuildFiles() throws -> String {
        let text = String(decoding: try ProjectFixtures.bytes("nalexn+clean-architecture-swiftui"), as: UTF8.self)
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        guard let begin = lines.firstIndex(of: "/* Begin PBXBuildFile section */"),
            let end = lines.firstIndex(of: "/* End PBXBuildFile section */")
        else { return text }
        let ids = lines[begin + 1..<end].compactMap { $0.split(separator: " ").first.map(String.init) }
        lines.removeSubrange(begin...end + 1)
        lines.removeAll { line in ids.contains { line.contains($0) } }
        return lines.joined(separator: "\n")
    }

    @Test func filesTheTargetsFoldersBuildNeedNoEditAndNoEmptySection() throws {
        let text = try projectWithoutBuildFiles()
        #expect(!text.contains("PBXBuildFile"))
        let project = try XcodeProject(
            bytes: Array(text.utf8), displayPath: "App.xcodeproj", containingFolder: "/work/App")
        let edit = try project.adding(["CountriesSwiftUI/Home/HomeView.swift"], to: ["CountriesSwiftUI"])
        #expect(!edit.changesProject)
        #expect(edit.newBytes == edit.originalBytes)
        #expect(edit.changes.map(\.isInSynchronizedFolder) == [true])
    }
}
