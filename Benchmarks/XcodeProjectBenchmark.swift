import Foundation
import ModGenKit

/// Adding a module's files to a real Xcode project: reading `project.pbxproj` and planning the insertions, for every
/// project of the corpus beside the clone (`../shared/xcodeproj-corpus`, or the folder `MODGEN_XCODEPROJ_CORPUS`
/// names). Skipped, saying so, when there is none.
func benchmarkXcodeProjects() throws {
    let environment = ProcessInfo.processInfo.environment
    let corpus = environment["MODGEN_XCODEPROJ_CORPUS"] ?? "../shared/xcodeproj-corpus"
    guard let entries = try? FileManager.default.contentsOfDirectory(atPath: corpus) else {
        if benchmarkFilter == nil || "xcodeproj".contains(benchmarkFilter!) {
            print("xcodeproj: no corpus at \(corpus); skipped")
        }
        return
    }
    let names = ["Interfaces", "Presenter", "Wireframe", "ViewController", "Interactor"].map { "Home\($0).swift" }
    for entry in entries.sorted() {
        let path = corpus + "/" + entry + "/project.pbxproj"
        guard let bytes = FileManager.default.contents(atPath: path).map(Array.init) else { continue }
        let folder = "/work/" + entry
        measure("xcodeproj: add a 6-file module to \(entry)", iterations: 20, bytesMeaning: "input") {
            let project = try! XcodeProject(bytes: bytes, displayPath: "App.xcodeproj", containingFolder: folder)
            let app = project.targets.first { $0.isApplication }.map { [$0] } ?? []
            let files = (names + ["HomeViewController.xib"]).map {
                ProjectFileAddition(path: folder + "/NewModules/Home/" + $0, targets: app)
            }
            blackHole((try? project.adding(files))?.newBytes)
            return bytes.count
        }
    }
}
