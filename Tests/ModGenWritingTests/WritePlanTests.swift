import Foundation
import ModGenCore
import TestSupport
import Testing

@testable import ModGenWriting

@Suite struct WritePlanTests {
    private let files = [
        RenderedFile(path: "Home/HomePresenter.swift", contents: "presenter\n"),
        RenderedFile(path: "Home/HomeView.swift", contents: "view\n"),
        RenderedFile(path: "BaseWireframe.swift", contents: "base\n"),
    ]

    @Test func emptyDirectoryPlansCreationsInInputOrder() throws {
        let directory = try TemporaryFolder()
        defer { directory.remove() }
        let plan = try WritePlan(files: files, outputDirectory: directory.path)
        #expect(plan.entries.map(\.action) == [.create, .create, .create])
        #expect(plan.entries.map(\.path) == files.map(\.path))
        #expect(
            plan.lines(displayPrefix: "Sources/Modules") == [
                "create Sources/Modules/Home/HomePresenter.swift",
                "create Sources/Modules/Home/HomeView.swift",
                "create Sources/Modules/BaseWireframe.swift",
            ])
        #expect(directory.listing().isEmpty, "planning must not write")
    }

    @Test func missingOutputDirectoryIsFine() throws {
        let directory = try TemporaryFolder()
        defer { directory.remove() }
        let plan = try WritePlan(files: files, outputDirectory: directory.path + "/not/yet")
        #expect(plan.entries.map(\.action) == [.create, .create, .create])
        #expect(plan.lines().first == "create \(directory.path)/not/yet/Home/HomePresenter.swift")
    }

    @Test func existingFilesAreUnchangedOrConflictsDependingOnPolicy() throws {
        let directory = try TemporaryFolder()
        defer { directory.remove() }
        try directory.write("Home/HomePresenter.swift", "presenter\n")
        try directory.write("Home/HomeView.swift", "edited by hand\n")
        let expected: [(ConflictPolicy, WriteAction)] = [
            (.refuse, .conflict), (.overwrite, .overwrite), (.skip, .skip),
        ]
        for (policy, action) in expected {
            let plan = try WritePlan(files: files, outputDirectory: directory.path, policy: policy)
            #expect(plan.entries.map(\.action) == [.unchanged, action, .create])
            #expect(plan.lines(displayPrefix: "out")[1] == "\(action.rawValue) out/Home/HomeView.swift")
        }
    }

    @Test func relativeOutputDirectoryIsTakenFromTheCurrentDirectory() throws {
        let directory = try TemporaryFolder()
        defer { directory.remove() }
        try directory.write("out/a.txt", "same")
        let plan = try WritePlan(
            files: [RenderedFile(path: "a.txt", contents: "same")], outputDirectory: "out", policy: .refuse,
            currentDirectory: directory.path, fileSystem: LiveFileSystem())
        #expect(plan.entries == [WriteEntry(action: .unchanged, path: "a.txt")])
        #expect(plan.lines() == ["unchanged out/a.txt"])
    }

    @Test func duplicatePathsAreRefused() throws {
        let directory = try TemporaryFolder()
        defer { directory.remove() }
        let twice = files + [RenderedFile(path: "Home/HomeView.swift", contents: "other\n")]
        #expect(throws: WritingError.duplicatePath(path: "Home/HomeView.swift")) {
            try WritePlan(files: twice, outputDirectory: directory.path)
        }
    }

    @Test func aPathUsedAsFileAndDirectoryIsRefused() throws {
        let directory = try TemporaryFolder()
        defer { directory.remove() }
        let clash = [RenderedFile(path: "Home", contents: ""), RenderedFile(path: "Home/A.swift", contents: "")]
        #expect(throws: WritingError.fileAndDirectory(path: "Home")) {
            try WritePlan(files: clash, outputDirectory: directory.path)
        }
    }

    @Test(arguments: ["../x", "/etc/x", "a/../../x", "a/./b", ""])
    func escapingPathsAreRefusedBeforeTheDiskIsRead(path: String) throws {
        // The output directory does not exist and could not be created: the text check must come first.
        let plan = { try WritePlan(files: [RenderedFile(path: path, contents: "")], outputDirectory: "/dev/null/x") }
        #expect {
            try plan()
        } throws: { error in
            guard case .unsafePath(let refused, _) = error as? WritingError else { return false }
            return refused == path
        }
    }

    @Test func symbolicLinkLeavingTheOutputDirectoryIsRefused() throws {
        let directory = try TemporaryFolder()
        let outside = try TemporaryFolder()
        defer {
            directory.remove()
            outside.remove()
        }
        try FileManager.default.createSymbolicLink(atPath: directory.path + "/Home", withDestinationPath: outside.path)
        let files = [RenderedFile(path: "Home/A.swift", contents: "a")]
        // Messages show the output directory as typed: here relative to its parent.
        let expected = WritingError.symbolicLinkEscape(
            path: "\(directory.name)/Home/A.swift", link: "\(directory.name)/Home", destination: outside.path)
        #expect(throws: expected) {
            try WritePlan(
                files: files, outputDirectory: directory.name, policy: .overwrite,
                currentDirectory: directory.parent, fileSystem: LiveFileSystem())
        }
        #expect(throws: WritingError.self) { try WritePlan(files: files, outputDirectory: directory.path) }
        #expect(outside.listing().isEmpty)
    }

    @Test func symbolicLinkedFileLeavingTheOutputDirectoryIsRefused() throws {
        let directory = try TemporaryFolder()
        let outside = try TemporaryFolder()
        defer {
            directory.remove()
            outside.remove()
        }
        try outside.write("secret", "keep")
        try FileManager.default.createSymbolicLink(
            atPath: directory.path + "/A.swift", withDestinationPath: outside.path + "/secret")
        // A relative link climbing out counts the same.
        try FileManager.default.createDirectory(atPath: directory.path + "/sub", withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: directory.path + "/sub/up", withDestinationPath: "../..")
        for path in ["A.swift", "sub/up/x.swift"] {
            #expect {
                try WritePlan(
                    files: [RenderedFile(path: path, contents: "new")], outputDirectory: directory.path,
                    policy: .overwrite)
            } throws: { error in
                guard case .symbolicLinkEscape = error as? WritingError else { return false }
                return true
            }
        }
        #expect(outside.read("secret") == "keep")
    }

    @Test func symbolicLinkStayingInsideIsFollowed() throws {
        let directory = try TemporaryFolder()
        defer { directory.remove() }
        try directory.write("Real/A.swift", "a")
        try FileManager.default.createSymbolicLink(atPath: directory.path + "/Link", withDestinationPath: "Real")
        let plan = try WritePlan(
            files: [RenderedFile(path: "Link/A.swift", contents: "a"), RenderedFile(path: "Link/B", contents: "")],
            outputDirectory: directory.path)
        #expect(plan.entries.map(\.action) == [.unchanged, .create])
        // Two spellings of one file through the link would be written twice: refused.
        let twoSpellings = [
            RenderedFile(path: "Real/A.swift", contents: "1"), RenderedFile(path: "Link/A.swift", contents: "2"),
        ]
        let expected = WritingError.sameTarget(
            path: "\(directory.name)/Real/A.swift", otherPath: "\(directory.name)/Link/A.swift")
        #expect(throws: expected) {
            try WritePlan(
                files: twoSpellings, outputDirectory: directory.name, policy: .refuse,
                currentDirectory: directory.parent, fileSystem: LiveFileSystem())
        }
    }

    @Test func somethingInTheWayIsAnIOError() throws {
        let directory = try TemporaryFolder()
        defer { directory.remove() }
        try directory.write("Home/A.swift/keep", "")
        try directory.write("File", "")
        let cases: [(String, String)] = [
            ("Home/A.swift", "it is a directory"),
            ("File/B.swift", "'\(directory.path)/File' is a file, not a directory"),
        ]
        for (path, reason) in cases {
            let expected = WritingError.unusableTarget(path: "\(directory.path)/\(path)", reason: reason)
            #expect(throws: expected) {
                try WritePlan(files: [RenderedFile(path: path, contents: "")], outputDirectory: directory.path)
            }
        }
        #expect {
            try WritePlan(files: [RenderedFile(path: "x", contents: "")], outputDirectory: directory.path + "/File")
        } throws: { error in
            guard case .unusableTarget(_, let reason) = error as? WritingError else { return false }
            return reason.contains("is not a directory")
        }
    }

    /// A link to nothing outside says where it leads, as a link to something outside does; in a dry run or a
    /// check (a plan that is never applied) just the same.
    @Test func danglingSymbolicLinkLeavingTheOutputDirectoryIsAnEscape() throws {
        let directory = try TemporaryFolder()
        let outside = try TemporaryFolder()
        defer {
            directory.remove()
            outside.remove()
        }
        let gone = outside.path + "/gone/deeper"
        try FileManager.default.createSymbolicLink(atPath: directory.path + "/Home", withDestinationPath: gone)
        // A chain of links ends outside too; a relative link is taken from the link's folder.
        try FileManager.default.createSymbolicLink(atPath: directory.path + "/Hop", withDestinationPath: "Home")
        try FileManager.default.createSymbolicLink(
            atPath: directory.path + "/Up", withDestinationPath: "../\(outside.name)/missing")
        let cases = [("Home", gone), ("Hop", gone), ("Up", outside.path + "/missing")]
        for (link, destination) in cases {
            let expected = WritingError.symbolicLinkEscape(
                path: "\(directory.path)/\(link)/A.swift", link: "\(directory.path)/\(link)", destination: destination)
            #expect(throws: expected) {
                try WritePlan(
                    files: [RenderedFile(path: "\(link)/A.swift", contents: "")], outputDirectory: directory.path)
            }
            #expect(expected.message.hasSuffix(", outside the output directory; nothing was written"))
        }
        #expect(outside.listing().isEmpty)
    }

    @Test func danglingSymbolicLinkIsRefused() throws {
        let directory = try TemporaryFolder()
        defer { directory.remove() }
        try FileManager.default.createSymbolicLink(atPath: directory.path + "/A.swift", withDestinationPath: "gone")
        #expect {
            try WritePlan(files: [RenderedFile(path: "A.swift", contents: "")], outputDirectory: directory.path)
        } throws: { error in
            guard case .unusableTarget(_, let reason) = error as? WritingError else { return false }
            return reason.contains("is a symbolic link")
        }
    }
}
