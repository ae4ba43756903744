import Dispatch
import Foundation
import TestSupport
import Testing

/// `update --all` with project changes (the template gained a file and dropped one, so the run edits the Xcode
/// project as well as files, records and the template store), interrupted from outside:
///
/// - by an Xcode save (a temporary file renamed over `project.pbxproj`) at a random moment: no save is ever lost.
///   Each run refuses with nothing written (exit 74), or makes its edit on top of the saved file, or finishes before
///   the save, which then replaces the project as Xcode's saves replace any file. `MODGEN_SAVE_RACE_TRIALS` sets
///   the number of runs (default 20);
/// - by SIGINT or SIGTERM at a random moment: afterwards the folder is either as it was before or as a complete
///   update leaves it, byte for byte — every module or none. `MODGEN_UPDATE_SIGNAL_TRIALS` sets the number of runs
///   (default 10).
@Suite struct UpdateInterruptionTests {
    private static let project = "App.xcodeproj/project.pbxproj"

    private static func trials(_ variable: String, default count: Int) -> Int {
        ProcessInfo.processInfo.environment[variable].flatMap { Int($0) } ?? count
    }

    private static func manifest(files: [String]) -> String {
        let entries = files.map { #"{ "template": "\#($0).swift.mustache", "path": "{{name}}/{{name}}\#($0).swift" }"# }
        return #"{ "id": "screen", "summary": "A screen", "files": [\#(entries.joined(separator: ", "))] }"#
    }

    /// A project with `modules` modules made by `new --xcodeproj`, each with an edit of its own, then a template
    /// change: Router added, Presenter dropped, a line added to the View (merged with the edit).
    private func pristineProject(modules: Int) throws -> TemporaryFolder {
        let folder = try TemporaryFolder()
        try folder.write(Self.project, SmallXcodeProject.text)
        try folder.write(
            ".modgen.json", #"{ "templates": ["Templates"], "template": "screen", "date": "2026-01-31" }"#)
        for name in ["View", "Presenter", "Router"] {
            try folder.write(
                "Templates/screen/\(name).swift.mustache",
                "final class {{name}}\(name) {\n" + String(repeating: "    // {{name}} padding\n", count: 40) + "}\n")
        }
        try folder.write("Templates/screen/template.json", Self.manifest(files: ["View", "Presenter"]))
        for index in 0..<modules {
            let result = try folder.generate([
                "new", "Screen\(index)", "--output", "App/Modules", "--xcodeproj", "App.xcodeproj", "--quiet",
            ])
            try #require(result.status == 0, "\(result.standardError)")
            let view = "App/Modules/Screen\(index)/Screen\(index)View.swift"
            try folder.write(view, "// Edited by hand\n" + (folder.read(view) ?? ""))
        }
        try folder.write("Templates/screen/template.json", Self.manifest(files: ["View", "Router"]))
        try folder.write(
            "Templates/screen/View.swift.mustache",
            "final class {{name}}View {\n" + String(repeating: "    // {{name}} padding\n", count: 40)
                + "    // Changed by the template\n}\n")
        return folder
    }

    /// Every file and folder below `folder`: files with their bytes, folders as `<path>/` with none.
    private static func tree(of folder: TemporaryFolder) -> [String: Data] {
        var result: [String: Data] = [:]
        for case let relative as String in FileManager.default.enumerator(atPath: folder.path) ?? .init() {
            var isDirectory: ObjCBool = false
            let full = folder.path + "/" + relative
            guard FileManager.default.fileExists(atPath: full, isDirectory: &isDirectory) else { continue }
            result[isDirectory.boolValue ? relative + "/" : relative] =
                isDirectory.boolValue ? Data() : FileManager.default.contents(atPath: full)
        }
        return result
    }

    /// Makes `folder` hold exactly what `pristine` holds.
    private static func restore(_ folder: TemporaryFolder, from pristine: TemporaryFolder) throws {
        for entry in try FileManager.default.contentsOfDirectory(atPath: folder.path) {
            try FileManager.default.removeItem(atPath: folder.path("\(entry)"))
        }
        for entry in try FileManager.default.contentsOfDirectory(atPath: pristine.path) {
            try FileManager.default.copyItem(atPath: pristine.path("\(entry)"), toPath: folder.path("\(entry)"))
        }
    }

    /// What a complete `update --all` leaves, from a copy of `pristine`.
    private static func completeUpdate(of pristine: TemporaryFolder) throws -> [String: Data] {
        let reference = try TemporaryFolder()
        defer { reference.remove() }
        try restore(reference, from: pristine)
        let result = try reference.generate(["update", "--all", "--quiet"])
        try #require(result.status == 0, "\(result.standardError)")
        return tree(of: reference)
    }

    @Test func racingSavesDuringUpdateAreNeverLost() throws {
        let pristine = try pristineProject(modules: 1)
        defer { pristine.remove() }
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let before = Self.tree(of: pristine)
        let original = try #require(pristine.read(Self.project))
        let trials = Self.trials("MODGEN_SAVE_RACE_TRIALS", default: 20)
        var outcomes: [String: Int] = [:]
        var lost = 0
        let clock = ContinuousClock()
        var runTime = Duration.milliseconds(20)
        for trial in 0..<trials {
            try Self.restore(folder, from: pristine)
            // What Xcode writes: the project with one change of its own, which must survive.
            let marker = "/* saved by Xcode \(trial) */"
            let saved = original.replacingOccurrences(of: "objectVersion = 56;", with: "objectVersion = 56; \(marker)")
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
            let result = try folder.generate(["update", "--all", "--quiet"])
            if trial > 0 { runTime = trial == 1 ? clock.now - start : (runTime * 7 + (clock.now - start)) / 8 }
            done.wait()
            let final = folder.read(Self.project) ?? ""
            switch result.status {
            case 0 where final.contains("Screen0Router.swift"):
                outcomes["edited on top of the save", default: 0] += 1
                #expect(!final.contains("Screen0Presenter.swift"), "trial \(trial)")
            case 0:
                outcomes["written, then replaced by the later save", default: 0] += 1
                #expect(final == saved, "trial \(trial)")
            case 74:
                outcomes["refused, nothing written", default: 0] += 1
                #expect(result.standardError.contains("changed while modgen was running"), "\(result.standardError)")
                var expected = before
                expected[Self.project] = Data(saved.utf8)
                #expect(Self.tree(of: folder) == expected, "trial \(trial): a refused run must write nothing")
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
        print(
            "\(trials) runs of update --all with project changes racing an Xcode save: \(figures); \(lost) saves lost")
        #expect(lost == 0)
    }

    @Test func aSignalDuringUpdateAllLeavesEveryModuleOrNone() throws {
        let pristine = try pristineProject(modules: 12)
        defer { pristine.remove() }
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let before = Self.tree(of: pristine)
        let after = try Self.completeUpdate(of: pristine)
        try #require(after != before)
        try #require(String(decoding: after[Self.project] ?? Data(), as: UTF8.self).contains("Screen11Router.swift"))
        let executable = try #require(ModgenProcess.executableURL)
        let trials = Self.trials("MODGEN_UPDATE_SIGNAL_TRIALS", default: 10)
        var outcomes: [String: Int] = [:]
        func start() throws -> Process {
            let process = Process()
            process.executableURL = executable
            process.arguments = ["update", "--all", "--quiet"]
            process.currentDirectoryURL = folder.url
            var environment = ProcessInfo.processInfo.environment
            environment["SOURCE_DATE_EPOCH"] = nil
            process.environment = environment
            process.standardOutput = FileHandle.nullDevice
            process.standardError = FileHandle.nullDevice
            try process.run()
            return process
        }
        // How long a whole run takes here (the shortest of three): the signals fall anywhere in it, and some just
        // after it.
        let clock = ContinuousClock()
        var shortest = Duration.seconds(3600)
        for _ in 0..<3 {
            try Self.restore(folder, from: pristine)
            let calibration = clock.now
            let whole = try start()
            whole.waitUntilExit()
            shortest = min(shortest, clock.now - calibration)
            try #require(whole.terminationStatus == 0 && Self.tree(of: folder) == after)
        }
        let runMicroseconds = Int(
            shortest.components.seconds * 1_000_000 + shortest.components.attoseconds / 1_000_000_000_000)
        for trial in 0..<trials {
            try Self.restore(folder, from: pristine)
            let signal = trial.isMultiple(of: 2) ? SIGINT : SIGTERM
            let process = try start()
            usleep(UInt32(Int.random(in: 0...(runMicroseconds + runMicroseconds / 10))))
            kill(process.processIdentifier, signal)
            process.waitUntilExit()
            let state = Self.tree(of: folder)
            let how =
                process.terminationReason == .uncaughtSignal
                ? "killed outside the locked run" : "exit \(process.terminationStatus)"
            if state == before {
                outcomes["as before (\(how))", default: 0] += 1
            } else if state == after {
                outcomes["completely updated (\(how))", default: 0] += 1
            } else {
                let differing = Set(state.keys).union(after.keys).filter {
                    state[$0] != after[$0] && state[$0] != before[$0]
                }
                Issue.record(
                    "trial \(trial), signal \(signal), \(how): neither before nor after: \(differing.sorted())")
                outcomes["half-written (\(how))", default: 0] += 1
            }
            if process.terminationReason == .exit {
                #expect([0, 128 + signal].contains(process.terminationStatus), "trial \(trial)")
                if process.terminationStatus == 128 + signal {
                    #expect(state == before, "trial \(trial): a rolled-back run must leave the folder as it was")
                }
            }
        }
        let figures = outcomes.sorted { $0.key < $1.key }.map { "\($0.value) \($0.key)" }.joined(separator: ", ")
        print(
            "\(trials) runs of update --all over 12 modules with project changes (a whole run: "
                + "\(runMicroseconds / 1000) ms), stopped by SIGINT/SIGTERM: \(figures)")
    }
}
