import Foundation
import ModGenKit

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A project-file edit against its floor, reading and parsing the same file: `modgen new --xcodeproj` reads the
/// project, builds its group graph, plans the module's additions and lays them into the bytes, where the floor only
/// reads the file and parses it as a property list. Run for MovieSwiftUI's project (80 KB) and the corpus's largest,
/// in CPU time, the two alternating round by round so that a busy machine slows both alike; the ratio is printed.
///
/// `Benchmarks/instruction-counts.sh` counts the same two steps with callgrind: `projectEditStep` and
/// `projectParseStep` are the functions it collects in (`--toggle-collect`), so keep their names.
func benchmarkProjectEditAgainstParse() throws {
    guard benchmarkFilter.map({ "project edit against parse".contains($0) }) ?? true else { return }
    guard let projects = ProjectEditInput.corpusProjects() else {
        print("project edit against parse: no corpus at \(ProjectEditInput.corpus); skipped")
        return
    }
    let only = ProcessInfo.processInfo.environment["MODGEN_PROJECT"]
    for path in projects where only.map({ path.contains($0) }) ?? true {
        let input = try ProjectEditInput(projectFile: path)
        let iterations = iterationsOverride ?? max(4, 4_000_000 / input.size)
        let rounds = roundsOverride ?? 9
        // One untimed call of each first: what a process does once (loading, first allocations) is no step's.
        try projectParseStep(input)
        try projectEditStep(input)
        var parse: [Double] = []
        var edit: [Double] = []
        for round in 0..<rounds {
            let parseFirst = round.isMultiple(of: 2)
            if parseFirst { parse.append(try cpuSeconds { for _ in 0..<iterations { try projectParseStep(input) } }) }
            edit.append(try cpuSeconds { for _ in 0..<iterations { try projectEditStep(input) } })
            if !parseFirst { parse.append(try cpuSeconds { for _ in 0..<iterations { try projectParseStep(input) } }) }
        }
        let (parseMedian, editMedian) = (median(parse) / Double(iterations), median(edit) / Double(iterations))
        print(
            "project edit against parse, \(input.name) (\(input.size / 1000) KB): edit "
                + String(
                    format: "%.2f ms, parse %.2f ms of CPU: %.2f× (median of %d rounds of %d)", editMedian * 1e3,
                    parseMedian * 1e3, editMedian / parseMedian, rounds, iterations))
    }
}

/// One project of the corpus and the module added to it.
struct ProjectEditInput {
    static let corpus =
        ProcessInfo.processInfo.environment["MODGEN_XCODEPROJ_CORPUS"] ?? "../shared/xcodeproj-corpus"

    let name: String
    let projectFile: String
    let size: Int
    /// A folder the project's paths start from (nothing is read there).
    let folder = "/work/App"
    let moduleFiles = ["Interfaces", "Presenter", "Wireframe", "ViewController", "Interactor", "Formatter"].map {
        "NewModules/Home/Home\($0).swift"
    }

    init(projectFile: String) throws {
        self.projectFile = projectFile
        name = URL(fileURLWithPath: projectFile).deletingLastPathComponent().lastPathComponent
        size = try TextFile.readBytes(atPath: projectFile).count
    }

    /// MovieSwiftUI's project and the corpus's largest, or nil when there is no corpus.
    static func corpusProjects() -> [String]? {
        guard let entries = try? FileManager.default.contentsOfDirectory(atPath: corpus) else { return nil }
        let files = entries.sorted().map { corpus + "/" + $0 + "/project.pbxproj" }
        let sized = files.compactMap { file in
            (try? FileManager.default.attributesOfItem(atPath: file)[.size] as? Int).map { (file, $0) }
        }
        guard let largest = sized.max(by: { $0.1 < $1.1 })?.0 else { return nil }
        let movies = files.first { $0.contains("MovieSwiftUI") }
        return (movies.map { [$0] } ?? []) + (largest == movies ? [] : [largest])
    }
}

/// The floor: the project file read and parsed as a property list, nothing else.
@inline(never)
func projectParseStep(_ input: ProjectEditInput) throws {
    let bytes = try TextFile.readBytes(atPath: input.projectFile)
    blackHole(try PropertyList.parse(bytes, fileName: input.projectFile))
}

/// The edit: the project file read, its graph built, a 6-file module's additions planned and laid into the bytes.
@inline(never)
func projectEditStep(_ input: ProjectEditInput) throws {
    let bytes = try TextFile.readBytes(atPath: input.projectFile)
    let project = try XcodeProject(bytes: bytes, displayPath: "App.xcodeproj", containingFolder: input.folder)
    let app = project.targets.first { $0.isApplication }.map { [$0] } ?? []
    let files = input.moduleFiles.map { ProjectFileAddition(path: input.folder + "/" + $0, targets: app) }
    blackHole(try project.adding(files).newBytes)
}

/// The CPU time (user and system) of this process that `body` takes.
func cpuSeconds(_ body: () throws -> Void) rethrows -> Double {
    func now() -> Double {
        var time = timespec()
        clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &time)
        return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
    }
    let start = now()
    try body()
    return now() - start
}

func median(_ values: [Double]) -> Double {
    let sorted = values.sorted()
    let middle = sorted.count / 2
    return sorted.count % 2 == 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2
}
