import Dispatch
import Foundation
import TestSupport
import Testing

/// `new --xcodeproj` while Xcode saves the project (a temporary file renamed over `project.pbxproj`) at a random
/// moment of the run: no save is ever lost. Each run either refuses with nothing written (exit 74, the save in
/// place) or succeeds with its edit made on top of the saved file — or before a save that then replaced it, as
/// Xcode's saves replace any file. `MODGEN_SAVE_RACE_TRIALS` sets the number of runs: 50 unless set (CI too); the
/// README's 1,000 runs were `MODGEN_SAVE_RACE_TRIALS=1000`.
@Suite struct XcodeProjectSaveRaceTests {
    private static let project = "App.xcodeproj/project.pbxproj"

    private static var trials: Int {
        ProcessInfo.processInfo.environment["MODGEN_SAVE_RACE_TRIALS"].flatMap { Int($0) } ?? 50
    }

    @Test func racingSavesAreNeverLost() throws {
        let folder = try TemporaryFolder.isolated()
        defer { folder.remove() }
        let arguments = [
            "new", "Home", "--output", "App/Modules", "--xcodeproj", "App.xcodeproj",
        ]
        var outcomes: [String: Int] = [:]
        var lost = 0
        let clock = ContinuousClock()
        var runTime = Duration.milliseconds(20)
        for trial in 0..<Self.trials {
            try? FileManager.default.removeItem(atPath: folder.path + "/App")
            try? FileManager.default.removeItem(atPath: folder.path + "/.modgen")
            try folder.write(Self.project, SmallXcodeProject.text)
            // What Xcode writes: the project with one change of its own, which must survive.
            let marker = "/* saved by Xcode \(trial) */"
            let saved = SmallXcodeProject.text.replacingOccurrences(
                of: "objectVersion = 56;", with: "objectVersion = 56; \(marker)")
            let delay = Int.random(in: 0...Int(runTime.components.attoseconds / 1_000_000_000_000))
            let done = DispatchSemaphore(value: 0)
            let begin = clock.now + .microseconds(300)
            DispatchQueue.global().async {
                while clock.now < begin + .microseconds(delay) {}
                let temporary = folder.path + "/App.xcodeproj/.xcode-save-\(trial)"
                FileManager.default.createFile(atPath: temporary, contents: Data(saved.utf8))
                rename(temporary, folder.path + "/" + Self.project)
                done.signal()
            }
            while clock.now < begin {}
            let start = clock.now
            let result = try folder.generate(arguments)
            if trial > 0 { runTime = trial == 1 ? clock.now - start : (runTime * 7 + (clock.now - start)) / 8 }
            done.wait()
            let final = folder.read(Self.project) ?? ""
            let hasModule = final.contains("HomePresenter.swift")
            switch result.status {
            case 0 where hasModule:
                outcomes["edited on top of the save", default: 0] += 1
            case 0:
                outcomes["written, then replaced by the later save", default: 0] += 1
            case 74:
                outcomes["refused, nothing written", default: 0] += 1
                #expect(result.standardError.contains("changed while modgen was running"), "\(result.standardError)")
                #expect(!folder.exists("App/Modules"), "trial \(trial)")
                #expect(final == saved, "trial \(trial)")
            default:
                Issue.record("trial \(trial): exit \(result.status): \(result.standardError)")
            }
            if !final.contains(marker) { lost += 1 }
            #expect(final.contains(marker), "trial \(trial): Xcode's save was lost")
            #expect(
                (try? FileManager.default.contentsOfDirectory(atPath: folder.path + "/App.xcodeproj")) == [
                    "project.pbxproj"
                ], "trial \(trial)")
        }
        let figures = outcomes.sorted { $0.key < $1.key }.map { "\($0.value) \($0.key)" }.joined(separator: ", ")
        print("\(Self.trials) runs of new --xcodeproj racing an Xcode save: \(figures); \(lost) saves lost")
    }
}
