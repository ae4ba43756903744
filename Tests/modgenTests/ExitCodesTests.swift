import Foundation
import ModGenKit
import Testing

@testable import modgen

/// Exit codes live in the command; each library error type (and case) maps to the code the end-to-end tests expect.
@Suite struct ExitCodesTests {
    @Test func libraryErrorsMapToTheirCodes() {
        let position = SourcePosition(line: 1, column: 1)
        let cases: [(any ReportedError, ExitCode)] = [
            (DataFileError(fileName: "f", position: position, reason: "r"), .dataError),
            (FileReadError(path: "f", reason: "r"), .noInput),
            (MustacheError(templateName: "t", position: nil, reason: "r"), .dataError),
            (MustacheError(templateName: "t", position: nil, reason: "r", kind: .unreadablePartial), .noInput),
            (TemplateFileError(path: "p", reason: "r"), .noInput),
            (OptionError("bad"), .usage),
            (WritingError.duplicatePath(path: "x"), .dataError),
            (WritingError.pathsDifferOnlyInCase(path: "a", otherPath: "A"), .dataError),
            (WritingError.locked(directory: "out", waitedSeconds: 10), .temporaryFailure),
            (WritingError.symbolicLinkEscape(path: "p", link: "l", destination: "/d"), .cannotCreate),
            (WritingError.sameTarget(path: "a", otherPath: "b"), .cannotCreate),
            (WritingError.unusableTarget(path: "p", reason: "it is a directory"), .cannotCreate),
            (WritingError.inaccessible(path: "p", reason: "Input/output error"), .ioError),
            (WritingError.writeFailed(path: "p", reason: "No space left on device", rollbackProblem: nil), .ioError),
            (WritingError.conflicts(paths: ["a"]), .differences),
            (WritingError.differencesFound(paths: ["a"]), .differences),
            (WritingError.interrupted(signal: 2, rollbackProblem: nil), .interrupt),
            (WritingError.interrupted(signal: 15, rollbackProblem: nil), .terminate),
            (SnapshotFolderError.malformedIndex(file: "i", line: 1, reason: "r"), .dataError),
            (SnapshotFolderError.notRecorded(directory: "d", templateID: "t"), .differences),
            (SnapshotFolderError.unusableMarker(path: "m", reason: "r"), .ioError),
            (XcodeTemplateError.defaultsTooDeep(bundle: "b", identifiers: ["a"]), .dataError),
            (XcodeTemplateError.macrosTooDeep(file: "f", names: ["A"]), .dataError),
            (XcodeTemplateError.expansionTooLarge(file: "f", limit: 1), .dataError),
            (CombinationLimitError.tooManyForAll(template: "t", count: 2), .dataError),
            (CombinationLimitError.pairwiseSearchTooLong(template: "t", steps: 1), .dataError),
            (XcodeProjectError.notAProject(path: "p", reason: "r"), .noInput),
            (XcodeProjectError.unsupportedFormat(path: "p", format: "f"), .dataError),
            (XcodeProjectError.unknownTarget(name: "n", project: "p", suggestion: nil, targets: []), .usage),
            (XcodeProjectError.targetNotChosen(kind: .unitTest, project: "p", candidates: []), .usage),
            (XcodeProjectError.ambiguousTarget(name: "n", project: "p", kind: .application, candidates: []), .usage),
            (XcodeProjectError.notATestBundle(name: "n", project: "p", productType: "t", candidates: []), .usage),
            (XcodeProjectError.refused(path: "p", reason: "r"), .dataError),
        ]
        for (error, code) in cases {
            #expect(error.exitCode == code, "\(error)")
        }
    }

    @Test func theCommandNamesTheFlagsThatResolveConflicts() {
        let error = WritingError.conflicts(paths: ["Home/A.swift"])
        #expect(!error.message.contains("--"))
        #expect(
            error.reportedMessage
                == "1 file exists with different contents, nothing was written (use --force to overwrite or "
                + "--skip-existing to keep them): Home/A.swift")
    }

    @Test func parentPathsMatchNSString() {
        for path in ["a/b/c", "/c", "/", "a/b/", "a//b", "./t.mustache", "../x/t", ""] {
            #expect(path.deletingLastPathComponent == (path as NSString).deletingLastPathComponent, "\(path)")
        }
        // A name without a slash has no parent; swift-corelibs-foundation's NSString traps on it, so no comparison.
        #expect("t.mustache".deletingLastPathComponent == "")
        #expect("ab".padded(to: 4) == "ab  ")
        #expect("abcd".padded(to: 2) == "abcd")
    }
}
