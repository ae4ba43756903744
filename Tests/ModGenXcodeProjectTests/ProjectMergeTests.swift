import ModGenCore
import ModGenWriting
import TestSupport
import Testing

@testable import ModGenXcodeProject

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// Merging two versions of a project: both sides' additions kept where both only added, git's line merge (with
/// conflicts of two insertions taken as both) otherwise, never a result that does not read as a project.
@Suite struct ProjectMergeTests {
    static let cart = ["Cart/CartView.swift", "Cart/CartPresenter.swift", "Cart/Cart View.xib"]
    static let feed = ["Feed/FeedView.swift", "Feed/FeedPresenter.swift"]

    /// The files of a module under `folder`/Modules of the project `name` (the small one for nil).
    static func edit(_ base: XcodeProject, _ files: [String], in folder: String) throws -> [UInt8] {
        let target = base.targets.first { $0.isApplication } ?? base.targets[0]
        let projectFolder = PathComponents.string(base.graph.projectFolder)
        return try base.adding(
            files.map { ProjectFileAddition(path: projectFolder + "/" + folder + "/Modules/" + $0, targets: [target]) }
        ).newBytes
    }

    static func merge(_ base: [UInt8], _ ours: [UInt8], _ theirs: [UInt8]) throws -> ProjectMerge.Result {
        try ProjectMerge.merge(base: base, ours: ours, theirs: theirs, path: "App.xcodeproj/project.pbxproj")
    }

    /// Where each group-based project keeps its app's sources.
    static let sourceFolders = [
        "small": "App", "RevenueCat+purchases-ios": "SampleCat", "infinum+ios-viper-xcode-templates": "Viper-Demo",
    ]

    static func baseProject(_ name: String) throws -> XcodeProject {
        name == "small" ? try ProjectFixtures.small() : try ProjectFixtures.project(name)
    }

    /// Two branches adding a module each merge into exactly what adding both one after the other gives: the same
    /// lines at the same places (objects sorted into their sections, ours' list items first, the `Modules` group
    /// both created once with both children).
    @Test(arguments: ["small", "RevenueCat+purchases-ios", "infinum+ios-viper-xcode-templates"])
    func twoModulesMergeAsIfAddedOneAfterTheOther(name: String) throws {
        let base = try Self.baseProject(name)
        let folder = Self.sourceFolders[name]!
        let ours = try Self.edit(base, Self.cart, in: folder)
        let theirs = try Self.edit(base, Self.feed, in: folder)
        let oursProject = try XcodeProject(
            bytes: ours, displayPath: "App.xcodeproj", containingFolder: "/work/\(name == "small" ? "small" : name)")
        let sequential = try Self.edit(oursProject, Self.feed, in: folder)
        let result = try Self.merge(base.bytes, ours, theirs)
        #expect(result.method == .additions)
        #expect(result.conflicts == 0)
        #expect(String(decoding: result.bytes, as: UTF8.self) == String(decoding: sequential, as: UTF8.self))
    }

    /// The same with Windows line endings (a checkout with git's `core.autocrlf`): the merge is the sequential
    /// edit, every line still ending in `\r\n`.
    @Test(arguments: ["small", "infinum+ios-viper-xcode-templates"])
    func twoModulesMergeAsIfAddedOneAfterTheOtherWithWindowsLineEndings(name: String) throws {
        let unix = try Self.baseProject(name)
        let crlf = Array(String(decoding: unix.bytes, as: UTF8.self).replacingOccurrences(of: "\n", with: "\r\n").utf8)
        let containingFolder = "/work/\(name == "small" ? "small" : name)"
        let base = try XcodeProject(bytes: crlf, displayPath: "App.xcodeproj", containingFolder: containingFolder)
        let folder = Self.sourceFolders[name]!
        let ours = try Self.edit(base, Self.cart, in: folder)
        let theirs = try Self.edit(base, Self.feed, in: folder)
        let oursProject = try XcodeProject(
            bytes: ours, displayPath: "App.xcodeproj", containingFolder: containingFolder)
        let sequential = try Self.edit(oursProject, Self.feed, in: folder)
        let result = try Self.merge(base.bytes, ours, theirs)
        #expect(result.method == .additions)
        #expect(String(decoding: result.bytes, as: UTF8.self) == String(decoding: sequential, as: UTF8.self))
        #expect(!result.bytes.indices.contains { result.bytes[$0] == 10 && ($0 == 0 || result.bytes[$0 - 1] != 13) })
        #expect(!String(decoding: result.bytes, as: UTF8.self).contains("\r\r"))
    }

    @Test func gitsOwnMergeOfTheSameBranchesConflicts() throws {
        try #require(GitMergeFile.isAvailable, "git is not installed")
        let folder = try TemporaryFolder()
        let base = try ProjectFixtures.small()
        let ours = try Self.edit(base, Self.cart, in: "App")
        let theirs = try Self.edit(base, Self.feed, in: "App")
        let git = try GitMergeFile(folder: folder, yoursLabel: "ours", theirsLabel: "theirs").merge(
            base: SmallXcodeProject.text, yours: String(decoding: ours, as: UTF8.self),
            theirs: String(decoding: theirs, as: UTF8.self))
        #expect(git.conflicts > 0)
        #expect(try Self.merge(base.bytes, ours, theirs).conflicts == 0)
    }

    @Test func theSameModuleOnBothSidesIsAddedOnce() throws {
        let base = try ProjectFixtures.small()
        let home = try Self.edit(base, Self.cart, in: "App")
        #expect(try Self.merge(base.bytes, home, home).bytes == home)
        // Theirs also adds another module: the shared one's objects and list items are taken once.
        let homeProject = try ProjectFixtures.small(String(decoding: home, as: UTF8.self))
        let homeAndFeed = try Self.edit(homeProject, Self.feed, in: "App")
        let result = try Self.merge(base.bytes, home, homeAndFeed)
        #expect(result.conflicts == 0)
        #expect(result.bytes == homeAndFeed)
        let reversed = try Self.merge(base.bytes, homeAndFeed, home)
        #expect(reversed.bytes == homeAndFeed)
    }

    /// A setting both sides changed, differently: the line merge's conflict, byte for byte what git writes.
    @Test func aSettingChangedTwoWaysStaysTheConflictGitReports() throws {
        try #require(GitMergeFile.isAvailable, "git is not installed")
        let base = try ProjectFixtures.bytes("infinum+ios-viper-xcode-templates")
        let text = String(decoding: base, as: UTF8.self)
        let line = try #require(text.split(separator: "\n").first { $0.contains("SWIFT_VERSION = ") })
        let ours = text.replacingOccurrences(of: line, with: "\t\t\t\tSWIFT_VERSION = 5.9;")
        let theirs = text.replacingOccurrences(of: line, with: "\t\t\t\tSWIFT_VERSION = 6.0;")
        let result = try Self.merge(base, Array(ours.utf8), Array(theirs.utf8))
        let git = try GitMergeFile(folder: TemporaryFolder(), yoursLabel: "ours", theirsLabel: "theirs").merge(
            base: text, yours: ours, theirs: theirs)
        #expect(result.conflicts == git.conflicts)
        #expect(result.conflicts > 0)
        #expect(String(decoding: result.bytes, as: UTF8.self) == git.text)
    }

    /// One side also changed a setting, so it did not only add: the line merge, whose conflicts of two insertions
    /// take both sides; the result reads as a project holding every object of both sides.
    @Test func aModuleAndAChangedSettingMergeLineByLineWithBothInsertions() throws {
        let baseProject = try ProjectFixtures.project("infinum+ios-viper-xcode-templates")
        let base = baseProject.bytes
        let cart = String(decoding: try Self.edit(baseProject, Self.cart, in: "Viper-Demo"), as: UTF8.self)
        let line = try #require(cart.split(separator: "\n").first { $0.contains("SWIFT_VERSION = ") })
        let ours = Array(cart.replacingOccurrences(of: line, with: "\t\t\t\tSWIFT_VERSION = 6.0;").utf8)
        let theirs = try Self.edit(baseProject, Self.feed, in: "Viper-Demo")
        let plain = ThreeWayMerge.merge(
            base: base, yours: ours, theirs: theirs, yoursLabel: "ours", theirsLabel: "theirs")
        #expect(plain.conflicts > 0)
        let result = try Self.merge(base, ours, theirs)
        #expect(result.method == .linesWithInsertions)
        #expect(result.conflicts == 0)
        let merged = try ProjectFixtures.small(String(decoding: result.bytes, as: UTF8.self))
        let ids = Set(merged.graph.document.objects.keys)
        for side in [ours, theirs] {
            let sideIDs = try ProjectFixtures.small(String(decoding: side, as: UTF8.self)).graph.document.objects.keys
            #expect(Set(sideIDs).isSubset(of: ids))
        }
    }

    /// Both sides created one group (modgen's IDs come from paths) with different children: one group, both
    /// children, ours first.
    @Test func aGroupBothSidesCreatedHoldsBothSidesChildren() throws {
        let base = try ProjectFixtures.small()
        let ours = try Self.edit(base, Self.cart, in: "App")
        let theirs = try Self.edit(base, Self.feed, in: "App")
        let merged = try ProjectFixtures.small(
            String(decoding: try Self.merge(base.bytes, ours, theirs).bytes, as: UTF8.self))
        let modules = try #require(merged.graph.document.objects[ObjectIDs.hexDigest("group:App/Modules")])
        #expect(
            modules.strings("children")
                == [ObjectIDs.hexDigest("group:App/Modules/Cart"), ObjectIDs.hexDigest("group:App/Modules/Feed")])
    }

    /// An object both sides added under one ID with another difference than list items cannot be both: git's
    /// plain merge, with its conflict.
    @Test func oneIDAddedTwiceWithDifferentTextsIsAConflict() throws {
        let base = SmallXcodeProject.text
        let anchor = "/* End PBXFileReference section */"
        func adding(_ path: String) -> [UInt8] {
            let line =
                "\t\tB00000000000000000000001 /* \(path) */ = {isa = PBXFileReference; "
                + "lastKnownFileType = sourcecode.swift; path = \(path); sourceTree = \"<group>\"; };\n"
            return Array(base.replacingOccurrences(of: anchor, with: line + anchor).utf8)
        }
        let result = try Self.merge(Array(base.utf8), adding("A.swift"), adding("B.swift"))
        #expect(result.conflicts == 1)
        #expect(result.method == .lines)
    }

    /// A version that does not read as a project is refused with its file, line, column and which version it is;
    /// the driver leaves the plain line merge.
    @Test func aDamagedVersionIsRefusedWithItsPosition() throws {
        let base = Array(SmallXcodeProject.text.utf8)
        let ours = try Self.edit(try ProjectFixtures.small(), Self.cart, in: "App")
        let damaged = Array(base.prefix(base.count / 2))
        #expect {
            try Self.merge(base, ours, damaged)
        } throws: { error in
            guard let refusal = error as? ProjectMergeError else { return false }
            let plain = ThreeWayMerge.merge(
                base: base, yours: ours, theirs: damaged, yoursLabel: "ours", theirsLabel: "theirs")
            return refusal.message.hasPrefix("App.xcodeproj/project.pbxproj:")
                && refusal.message.contains("(theirs version)") && refusal.fallback.bytes == plain.bytes
                && refusal.version == "theirs"
        }
    }

    @Test func conflictsTakenOneWayGiveThatSidesLines() {
        let merged = Array("a\n<<<<<<< ours\nb\n=======\nc\n>>>>>>> theirs\nd".utf8)
        #expect(ProjectMerge.taking(oursSide: true, of: merged) == Array("a\nb\nd".utf8))
        #expect(ProjectMerge.taking(oursSide: false, of: merged) == Array("a\nc\nd".utf8))
    }

    /// Without a base (both sides created the file) there is nothing to add to: the plain line merge.
    @Test func anEmptyBaseGetsThePlainMerge() throws {
        let ours = Array(SmallXcodeProject.text.utf8)
        let result = try Self.merge([], ours, ours)
        #expect(result.bytes == ours)
        #expect(result.method == .lines)
    }
}
