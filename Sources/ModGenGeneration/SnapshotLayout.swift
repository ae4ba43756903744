import ModGenCore
import ModGenTemplates
import ModGenWriting

/// How a snapshot is stored: each distinct file once, under a variant named after the options that change it, and
/// an index saying which stored file every combination uses.
///
/// A template's support files and most module files depend on few of its options, so storing every combination's
/// files in full repeats them many times (viper's `BaseWireframe.swift` in all 108 combinations) and a one-line
/// template change becomes a diff of as many files. Here a file is stored once per distinct contents, as
/// `<variant>/<path>`: for each path the layout finds a small set of options whose values alone decide the file's
/// contents, and the variant is named like a combination but from those options only (`default` when the file
/// never changes, `rx`, `formatter+rx`).
struct SnapshotLayout {
    /// The stored files, ordered by path in the folder.
    var storedFiles: [RenderedFile]
    var index: SnapshotIndex

    /// - Parameters:
    ///   - outputs: every combination with the files it generates (paths as in the index).
    init(template: any ModuleTemplate, outputs: [Snapshot.CombinationOutput]) {
        let paths = Self.pathsInOrder(outputs)
        var variants: [String: [String: String]] = [:]  // path → combination name → variant
        var stored: [String: RenderedFile] = [:]  // stored path → file
        for path in paths {
            // A combination without the file counts as one more contents, so the options that decide whether
            // the file is there are named too: `interface-storyboard/Home/Home.storyboard`, not `default/…`.
            let all = outputs.map { output in
                (combination: output.combination, contents: output.files.first { $0.path == path }?.bytes)
            }
            let deciding = Self.decidingOptions(template.options, uses: all)
            let uses = all.compactMap { use in use.contents.map { (use.combination, $0) } }
            // The contents' variant is the plainest name among the combinations that have them: the one that
            // leaves the most deciding options at their defaults, the first in combination order on a tie. Two
            // contents never get the same name, since the deciding options' values decide the contents.
            var variantOfContents: [[UInt8]: (name: String, changed: Int)] = [:]
            for (combination, contents) in uses {
                let (name, changed) = template.variantName(of: combination.values, keeping: deciding)
                if let best = variantOfContents[contents], best.changed <= changed { continue }
                variantOfContents[contents] = (name, changed)
            }
            for (combination, contents) in uses {
                let variant = variantOfContents[contents]!.name
                variants[path, default: [:]][combination.name] = variant
                stored["\(variant)/\(path)"] = RenderedFile(path: "\(variant)/\(path)", bytes: contents)
            }
        }
        storedFiles = stored.keys.sorted().map { stored[$0]! }
        index = SnapshotIndex(
            entries: outputs.flatMap { output in
                output.files.map(\.path).sorted().map { path in
                    SnapshotIndex.Entry(
                        combination: output.combination.name, path: path,
                        variant: variants[path]![output.combination.name]!)
                }
            })
    }

    /// Every path some combination generates, each once, in the order they first appear.
    private static func pathsInOrder(_ outputs: [Snapshot.CombinationOutput]) -> [String] {
        var seen = Set<String>()
        return outputs.flatMap { $0.files.map(\.path) }.filter { seen.insert($0).inserted }
    }

    /// A small set of options whose values decide `uses`' contents (`nil`: the combination has no such file):
    /// starting from all options, each option, last
    /// in the template first, is left out when the others still tell every two different contents apart. Greedy,
    /// so not always the smallest set there is, but stable: it depends only on the template and the contents.
    static func decidingOptions(
        _ options: [TemplateOption], uses: [(combination: OptionCombination, contents: [UInt8]?)]
    ) -> Set<String> {
        var kept = options.map(\.name)
        for name in options.map(\.name).reversed() {
            let trial = kept.filter { $0 != name }
            if decides(trial, uses: uses) { kept = trial }
        }
        return Set(kept)
    }

    private static func decides(
        _ names: [String], uses: [(combination: OptionCombination, contents: [UInt8]?)]
    ) -> Bool {
        var contentsOf: [[OptionValue?]: [UInt8]?] = [:]
        for (combination, contents) in uses {
            let key = names.map { combination.values[$0] }
            if let known = contentsOf.updateValue(contents, forKey: key), known != contents { return false }
        }
        return true
    }
}

extension ModuleTemplate {
    /// The name of `values` with every option outside `kept` at its default, and how many options it names.
    func variantName(of values: OptionValues, keeping kept: Set<String>) -> (name: String, changed: Int) {
        var projected = OptionValues()
        var changed = 0
        for option in options {
            let value = kept.contains(option.name) ? values[option.name] ?? option.defaultValue : option.defaultValue
            projected[option.name] = value
            if value != option.defaultValue { changed += 1 }
        }
        return (combinationName(projected), changed)
    }
}
