import Foundation
import ModGenKit

/// The merge driver on the largest project of the corpus (`../shared/xcodeproj-corpus`, or the folder
/// `MODGEN_XCODEPROJ_CORPUS` names): two branches that each added a 6-file module (both sides' additions kept), and
/// the same branches when one of them also changed a setting (the line merge, with conflicts of two insertions
/// taken as both). Each iteration reads the three versions and merges them, as `modgen merge-project` does.
func benchmarkProjectMerge() throws {
    let environment = ProcessInfo.processInfo.environment
    let corpus = environment["MODGEN_XCODEPROJ_CORPUS"] ?? "../shared/xcodeproj-corpus"
    let entries = (try? FileManager.default.contentsOfDirectory(atPath: corpus)) ?? []
    let largest = entries.compactMap { entry -> (String, [UInt8])? in
        FileManager.default.contents(atPath: corpus + "/" + entry + "/project.pbxproj").map { (entry, Array($0)) }
    }.max { $0.1.count < $1.1.count }
    guard let (entry, base) = largest else {
        if benchmarkFilter == nil || "merge".contains(benchmarkFilter!) {
            print("xcodeproj merge: no corpus at \(corpus); skipped")
        }
        return
    }
    let folder = "/work/" + entry
    let project = try XcodeProject(bytes: base, displayPath: "App.xcodeproj", containingFolder: folder)
    let app = project.targets.first { $0.isApplication }.map { [$0] } ?? []
    func module(_ name: String) throws -> [UInt8] {
        let files = ["Interfaces", "Presenter", "Wireframe", "ViewController", "Interactor"].map {
            "\(name)\($0).swift"
        }
        return try project.adding(
            (files + ["\(name)ViewController.xib"]).map {
                ProjectFileAddition(path: folder + "/NewModules/\(name)/" + $0, targets: app)
            }
        ).newBytes
    }
    let ours = try module("Cart")
    let theirs = try module("Feed")
    var changed = String(decoding: ours, as: UTF8.self)
    // The first setting written as Xcode writes one, changed on this side only.
    if let range = changed.range(of: "SWIFT_VERSION = 5.0;") {
        changed.replaceSubrange(range, with: "SWIFT_VERSION = 6.0;")
    }
    let cases = [("both added modules", ours), ("one also changed a setting", Array(changed.utf8))]
    for (title, oursVersion) in cases {
        let result = try ProjectMerge.merge(base: base, ours: oursVersion, theirs: theirs, path: "project.pbxproj")
        measure(
            "xcodeproj merge: \(entry) (\(base.count / 1024) KB), \(title) (\(result.method.rawValue), "
                + "\(result.conflicts) conflicts)", iterations: 10, bytesMeaning: "base"
        ) {
            blackHole(try? ProjectMerge.merge(base: base, ours: oursVersion, theirs: theirs, path: "project.pbxproj"))
            return base.count
        }
    }
}
