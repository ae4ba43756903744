@testable import ModGenKit

// Two branches of a real project (RevenueCat's sample app, a fixture of the tests) each make a few insertion-only
// edits the input chooses: modgen's additions of files into existing or new folders, and Xcode's kind of addition
// (an object with a new random ID at its sorted place, listed in the main group; an object of a kind the project has
// no section for). The merge driver merges them. Findings: a crash, a hang, a refusal of two readable versions, or a
// result that breaks its promises — reported clean, it must read as a project, keep every byte of the base in
// order and hold every object of both sides; it may only report a conflict when both sides added one ID with
// different texts.

private let baseBytes: [UInt8] = {
    let path = "Tests/ModGenXcodeProjectTests/Fixtures/RevenueCat+purchases-ios/project.pbxproj"
    guard let bytes = try? TextFile.readBytes(atPath: path) else { fatalError("run from the repository's root") }
    return bytes
}()

/// The input's bytes, one at a time; zero once they run out.
private struct Choices {
    var bytes: ArraySlice<UInt8>

    mutating func next() -> Int { bytes.popFirst().map(Int.init) ?? 0 }

    mutating func hex(_ count: Int) -> String {
        let digits = Array("0123456789ABCDEF")
        return String((0..<count).map { _ in digits[next() % 16] })
    }
}

private func project(_ bytes: [UInt8]) -> XcodeProject? {
    try? XcodeProject(bytes: bytes, displayPath: "App.xcodeproj", containingFolder: "/p")
}

/// A branch's version: the base with the edits `choices` pick (at most four: each one reads the project again,
/// which is most of an input's time), each one kept only when the result still reads as a project.
private func branch(_ choices: inout Choices) -> [UInt8] {
    guard var current = project(baseBytes) else { fatalError("the base does not read") }
    let folders = ["SampleCat", "SampleCat/Screens", "SampleCat/New", "SampleCat/New/Deeper", "Other"]
    for _ in 0..<min(4, choices.bytes.count / 4) {
        let edited: [UInt8]?
        switch choices.next() % 4 {
        case 0, 1:
            let folder = folders[choices.next() % folders.count]
            let name = "F" + choices.hex(2) + (choices.next() % 3 == 0 ? ".xib" : ".swift")
            let target = current.targets[choices.next() % current.targets.count]
            edited = try? current.adding([ProjectFileAddition(path: "/p/\(folder)/\(name)", targets: [target])])
                .newBytes
        case 2:
            let id = choices.hex(24)
            let text =
                "\t\t\(id) /* X\(id).swift */ = {isa = PBXFileReference; lastKnownFileType = sourcecode.swift; "
                + "path = X\(id).swift; sourceTree = \"<group>\"; };\n"
            let document = current.graph.document
            let layout = ProjectLayout(document: document)
            var insertions = ProjectInsertions()
            layout.addObjects([(id, text)], isa: "PBXFileReference", into: &insertions)
            guard let mainID = document.rootObject.string("mainGroup"), let main = document.objects[mainID],
                (try? layout.appendToList("children", of: main, items: [(id, "X\(id).swift")], into: &insertions))
                    != nil
            else { continue }
            edited = insertions.applied(to: document.bytes)
        default:
            let id = choices.hex(24)
            let text =
                "\t\t\(id) /* Rule */ = {isa = PBXBuildRule; compilerSpec = X\(id); fileType = pattern.proxy; };\n"
            var insertions = ProjectInsertions()
            ProjectLayout(document: current.graph.document).addObjects(
                [(id, text)], isa: "PBXBuildRule", into: &insertions)
            edited = insertions.applied(to: current.bytes)
        }
        if let edited, let next = project(edited) { current = next }
    }
    return current.bytes
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ start: UnsafeRawPointer, _ count: Int) -> CInt {
    let input = FuzzInput.bytes(start, count)
    var oursChoices = Choices(bytes: input[..<(input.count / 2)])
    var theirsChoices = Choices(bytes: input[(input.count / 2)...])
    let ours = branch(&oursChoices)
    let theirs = branch(&theirsChoices)
    let result: ProjectMerge.Result
    do {
        result = try ProjectMerge.merge(base: baseBytes, ours: ours, theirs: theirs, path: "project.pbxproj")
    } catch {
        fatalError("two readable versions refused: \(error.message)")
    }
    guard let oursProject = project(ours), let theirsProject = project(theirs) else { fatalError("unreadable side") }
    let oursObjects = oursProject.graph.document.objects
    let theirsObjects = theirsProject.graph.document.objects
    if result.conflicts > 0 {
        guard let base = project(baseBytes) else { fatalError("the base does not read") }
        let clash = oursObjects.contains { id, object in
            guard base.graph.document.objects[id] == nil, let other = theirsObjects[id] else { return false }
            return ProjectAdditions.lines(of: object, in: oursProject.graph.document)
                != ProjectAdditions.lines(of: other, in: theirsProject.graph.document)
        }
        precondition(clash, "a conflict although no ID was added twice with different texts")
        return 0
    }
    guard let merged = project(result.bytes) else { fatalError("the clean merge does not read as a project") }
    let mergedIDs = merged.graph.document.objects
    precondition(oursObjects.keys.allSatisfy { mergedIDs[$0] != nil }, "an object of ours is missing")
    precondition(theirsObjects.keys.allSatisfy { mergedIDs[$0] != nil }, "an object of theirs is missing")
    precondition(keepsEveryByte(of: baseBytes, in: result.bytes), "a byte of the base was lost")
    return 0
}

/// Whether `original` is a subsequence of `merged`.
private func keepsEveryByte(of original: [UInt8], in merged: [UInt8]) -> Bool {
    var next = 0
    for byte in merged where next < original.count && original[next] == byte { next += 1 }
    return next == original.count
}
