import ModGenCore
import ModGenTemplates
import ModGenWriting

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// Renders what a template generates for every valid option combination, and lays it out as the files of a
/// snapshot folder: each distinct file once, as `<variant>/<path>`, and the index `combinations.txt` that says which
/// stored file every combination uses (see `SnapshotLayout`, `SnapshotIndex`). Template authors record it and check
/// it in CI; the golden tests of the built-in templates use it. `SnapshotDirectory` (Writing) records and checks the
/// files in a folder.
public struct Snapshot: Sendable {
    /// The folder support files go to inside each combination.
    public static let supportFolder = "Support"

    /// One combination and what it generates: its module files, and its support files under `Support/`, as
    /// `modgen new` and `modgen support --output Support` would write them into one folder; a named root's files
    /// under the root's name (`tests/Home/HomePresenterTests.swift`, `tests/Support/…`), as `--root tests=tests`
    /// would place them.
    public struct CombinationOutput: Sendable {
        public var combination: OptionCombination
        public var files: [RenderedFile]
    }

    /// The rendered template's id, which the snapshot folder's marker names.
    public var templateID: String
    public var combinations: [OptionCombination] { outputs.map(\.combination) }
    /// Which combinations were rendered: all, or a pairwise covering set.
    public var combinationSet: CombinationSet
    /// How many valid combinations the template has, rendered or not; `nil` when there are too many to count them
    /// one by one (more than `CombinationLimitError.maximumAll` before the rules between options).
    public var validCombinationCount: Int?
    /// Every combination's files, in combination order.
    public var outputs: [CombinationOutput]
    /// Which stored file each combination uses for each of its files.
    public var index: SnapshotIndex
    /// The snapshot folder's files: the stored files, then the index.
    public var files: [RenderedFile]
    /// How many files the combinations generate together, counting a file each time a combination has it.
    public var generatedFileCount: Int { outputs.reduce(0) { $0 + $1.files.count } }

    /// - Parameters:
    ///   - moduleName: the module to render, by default the template's `sampleName`.
    public init(
        rendering renderer: any TemplateRendering, moduleName: String? = nil, header: HeaderFields = .init(),
        settings: [String: String] = [:], environment: GenerationEnvironment = .init(),
        combinations: CombinationSet? = nil
    ) throws {
        let template = renderer.template
        templateID = template.id
        let set = combinations ?? template.snapshotCombinations
        combinationSet = set
        validCombinationCount = set == .all ? nil : try? template.validCombinations().count
        let combinations = try template.combinations(set)
        if set == .all { validCombinationCount = combinations.count }
        outputs = try combinations.map { combination in
            var request = GenerationRequest(
                moduleName: moduleName ?? template.sampleName, options: combination.values, settings: settings,
                header: header)
            request.environment = environment
            let module = try renderer.renderModule(request).map { Self.stored($0, support: false) }
            let support = try renderer.renderSupport(request).map { Self.stored($0, support: true) }
            var seen = Set<String>()
            for file in module + support where !seen.insert(file.path).inserted {
                // A module path that starts with a root's name (or `Support/`) would land on another file.
                throw WritingError.duplicatePath(path: file.path)
            }
            return CombinationOutput(combination: combination, files: module + support)
        }
        let layout = SnapshotLayout(template: template, outputs: outputs)
        index = layout.index
        files = layout.storedFiles + [RenderedFile(path: SnapshotIndex.fileName, contents: layout.index.text)]
    }

    /// A rendered file as the snapshot holds it: one path inside the combination's folder, the root a prefix.
    static func stored(_ file: RenderedFile, support: Bool) -> RenderedFile {
        let path = (support ? "\(supportFolder)/" : "") + file.path
        return RenderedFile(path: file.root.map { "\($0)/\(path)" } ?? path, bytes: file.bytes)
    }
}
