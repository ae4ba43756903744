@testable import ModGenKit

// Reads the input as a `project.pbxproj` and, when it is one, adds a small module to its first target: a file in an
// existing folder, one in new folders, a resource. Errors are correct answers (a refusal, a file that is no
// project). Findings: a crash, a hang, or an edit that breaks the rules the editor promises — the new bytes must
// hold every original byte in order (insertion only), read back as a project, and take the same addition again
// without a change; a file with Windows line endings (its first line's) gains no line ending in a bare newline.

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ start: UnsafeRawPointer, _ count: Int) -> CInt {
    let bytes = FuzzInput.bytes(start, count)
    guard let project = try? XcodeProject(bytes: bytes, displayPath: "F.xcodeproj", containingFolder: "/p"),
        let target = project.targets.first
    else { return 0 }
    let files = ["A.swift", "Modules/Home/HomeView.swift", "Modules/Home/Home View.xib"].map {
        ProjectFileAddition(path: "/p/" + $0, targets: [target])
    }
    guard let edit = try? project.adding(files) else { return 0 }
    precondition(keepsEveryByte(of: bytes, in: edit.newBytes), "the edit removed or changed original bytes")
    if let firstNewline = bytes.firstIndex(of: 10), firstNewline > 0, bytes[firstNewline - 1] == 13 {
        precondition(
            bareNewlines(in: edit.newBytes) == bareNewlines(in: bytes),
            "the edit gave a file with Windows line endings a line ending in a bare newline")
    }
    let reread: XcodeProject
    do {
        reread = try XcodeProject(bytes: edit.newBytes, displayPath: "F.xcodeproj", containingFolder: "/p")
    } catch {
        fatalError("the edited project does not read back: \(error)")
    }
    guard let again = try? reread.adding(files.map { ProjectFileAddition(path: $0.path, targets: [target]) }) else {
        fatalError("the edited project refuses the same addition")
    }
    precondition(!again.changesProject, "the same addition twice changed the project again")
    return 0
}

/// Whether `original` is a subsequence of `edited`.
private func keepsEveryByte(of original: [UInt8], in edited: [UInt8]) -> Bool {
    var next = 0
    for byte in edited where next < original.count && original[next] == byte { next += 1 }
    return next == original.count
}

/// How many newlines of `bytes` have no `\r` before them.
private func bareNewlines(in bytes: [UInt8]) -> Int {
    bytes.indices.filter { bytes[$0] == 10 && ($0 == 0 || bytes[$0 - 1] != 13) }.count
}
