import ModGenCore
import TestSupport
import Testing

@testable import ModGenXcodeProject

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// Project files not laid out as Xcode writes them — a comment or another object sharing the line where new
/// objects would start, a section marker inside a longer comment, no section markers at all — still take an
/// addition that only inserts text, reads back as a project, and takes the same addition again without a change.
@Suite struct HandEditedLayoutTests {
    /// What the `xcodeproj` fuzz target adds: a file in the app's folder, two in new folders, one a resource.
    static let additions = ["App/Video.swift", "App/Modules/Home/HomeView.swift", "App/Modules/Home/Home View.xib"]

    /// Every object ID a file reference for `additions` would get sorts after or before a given object at random
    /// (they are digests), so each layout below is tried before and after existing objects of the same kinds.
    @Test(arguments: [
        // A comment that began on an earlier line ends on an object's line (the fuzzer's finding, written small).
        ("\t\tA00000000000000000000011 /*", "/* a note\n*/\t\tA00000000000000000000011 /*"),
        ("\t\tA00000000000000000000010 /*", "/* a note\n*/\t\tA00000000000000000000010 /*"),
        ("\t\tA00000000000000000000002 /*", "/* a note\n*/ A00000000000000000000002 /*"),
        // A comment that goes on past the end of the line the last object of a kind ends on.
        ("BUILT_PRODUCTS_DIR; };\n", "BUILT_PRODUCTS_DIR; }; /* a note\n*/\n"),
        (
            "fileRef = A00000000000000000000011 /* AppDelegate.swift */; };\n",
            "fileRef = A00000000000000000000011 /* AppDelegate.swift */; }; /* a\nnote */\n"
        ),
        // Two objects on one line; an object starting on the line another ends on.
        (
            "sourceTree = \"<group>\"; };\n\t\tA00000000000000000000012",
            "sourceTree = \"<group>\"; }; A00000000000000000000012"
        ),
        ("\t\t};\n\t\tA00000000000000000000002 /* App */", "\t\t}; A00000000000000000000002 /* App */"),
        ("\t\t};\n\t\tA00000000000000000000004 /* AppTests */", "\t\t}; A00000000000000000000004 /* AppTests */"),
        // The `;` that ends an object on the next line.
        ("sourceTree = BUILT_PRODUCTS_DIR; };\n", "sourceTree = BUILT_PRODUCTS_DIR; }\n;\n"),
    ])
    func anObjectSharingItsLinesStillTakesTheAddition(original: String, replacement: String) throws {
        #expect(SmallXcodeProject.text.contains(original))
        try Self.checkAddition(to: SmallXcodeProject.text.replacingOccurrences(of: original, with: replacement))
    }

    /// The small project with no PBXBuildFile objects, so adding files makes that section.
    static let withoutBuildFiles = SmallXcodeProject.text
        .replacingOccurrences(
            of: "/* Begin PBXBuildFile section */\n\t\tA00000000000000000000010 /* AppDelegate.swift in Sources */ = "
                + "{isa = PBXBuildFile; fileRef = A00000000000000000000011 /* AppDelegate.swift */; };\n"
                + "/* End PBXBuildFile section */\n\n",
            with: ""
        )
        .replacingOccurrences(of: "\t\t\t\tA00000000000000000000010 /* AppDelegate.swift in Sources */,\n", with: "")

    @Test func aSectionMarkerInsideALongerCommentIsNoPlaceForANewSection() throws {
        let text = Self.withoutBuildFiles.replacingOccurrences(
            of: "/* Begin PBXFileReference section */", with: "/* an old note\n/* Begin PBXFileReference section */")
        #expect(text != Self.withoutBuildFiles)
        let edited = try Self.checkAddition(to: text)
        // The new section goes before the next marker that is one: PBXGroup's.
        #expect(edited.contains("/* End PBXBuildFile section */\n\n/* Begin PBXGroup section */"))
    }

    @Test func withoutSectionMarkersANewSectionGoesBeforeTheClosingBraceEvenOnAnObjectsLine() throws {
        var text = Self.withoutBuildFiles
        for marker in text.split(separator: "\n") where marker.hasPrefix("/* Begin ") || marker.hasPrefix("/* End ") {
            text = text.replacingOccurrences(of: marker + "\n", with: "")
        }
        let closing = "\t\t\t);\n\t\t};\n\t};\n\trootObject"
        #expect(text.contains(closing))
        let edited = try Self.checkAddition(
            to: text.replacingOccurrences(of: closing, with: "\t\t\t);\n\t\t}; };\n\trootObject"))
        #expect(edited.contains("/* End PBXBuildFile section */\n};\n\trootObject"))
    }

    /// A project file checked out with Windows line endings (git's `core.autocrlf`) gains lines that end as its
    /// own do — the section markers read as markers — and removing the files gives back its bytes.
    @Test(arguments: [SmallXcodeProject.text, withoutBuildFiles])
    func aFileWithWindowsLineEndingsGainsLinesEndingSo(unixText: String) throws {
        let text = unixText.replacingOccurrences(of: "\n", with: "\r\n")
        let edited = try Self.checkAddition(to: text)
        let bytes = Array(edited.utf8)
        let bareNewlines = bytes.indices.filter {
            bytes[$0] == UInt8(ascii: "\n") && (($0 == 0) || bytes[$0 - 1] != UInt8(ascii: "\r"))
        }
        #expect(bareNewlines.isEmpty, "lines ending in a bare newline:\n\(edited)")
        // The same edit as on the file with Unix line endings, line for line: a new section at its sorted place.
        let unixEdited = try Self.checkAddition(to: unixText)
        #expect(edited == unixEdited.replacingOccurrences(of: "\n", with: "\r\n"))
        let project = try ProjectFixtures.small(edited)
        let folder = PathComponents.string(project.graph.projectFolder)
        let removed = try project.removing(Self.additions.map { folder + "/" + $0 })
        #expect(ProjectFixtures.text(removed) == text)
    }

    /// Every committed finding of the `xcodeproj` fuzzer (Fuzz/Findings/xcodeproj), checked as the fuzzer checks.
    @Test func theXcodeprojFuzzersFindingsTakeTheAddition() throws {
        let findings = try FuzzFindings.inputs(of: "xcodeproj")
        #expect(!findings.isEmpty)
        for finding in findings {
            try Self.checkAddition(to: String(decoding: finding.bytes, as: UTF8.self), targetName: nil)
        }
    }

    /// Adds `additions` to the app target (or the first target): the new text holds every original byte in order,
    /// reads back, and the same addition again changes nothing. Returns the new text.
    @discardableResult
    static func checkAddition(to text: String, targetName: String? = "App") throws -> String {
        let project = try ProjectFixtures.small(text)
        let target = try #require(project.targets.first { targetName == nil || $0.name == targetName })
        let folder = PathComponents.string(project.graph.projectFolder)
        let files = additions.map { ProjectFileAddition(path: folder + "/" + $0, targets: [target]) }
        let edit = try project.adding(files)
        #expect(edit.changesProject)
        #expect(isSubsequence(Array(text.utf8), of: edit.newBytes), "the edit removed or changed original bytes")
        let edited = ProjectFixtures.text(edit)
        let reread = try ProjectFixtures.small(edited)
        let again = try reread.adding(files)
        #expect(!again.changesProject, "the same addition again changed:\n\(edited)")
        return edited
    }

    private static func isSubsequence(_ original: [UInt8], of edited: [UInt8]) -> Bool {
        var next = 0
        for byte in edited where next < original.count && original[next] == byte { next += 1 }
        return next == original.count
    }
}
