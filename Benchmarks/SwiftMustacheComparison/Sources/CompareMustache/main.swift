// modgen's Mustache engine against swift-mustache 2.1.1: the benchmark's template, partials and data, rendered and
// parsed by both in the same process, in alternating rounds so that both see the same machine load. Prints each
// engine's median CPU time per render or parse and the ratio (how many times faster modgen's engine is); nothing is
// asserted.
//
//     swift run -c release --package-path Benchmarks/SwiftMustacheComparison
//
// Both render with the spec's defaults (HTML escaping, nothing strict), the only mode both have, and the outputs are
// compared first: a ratio is only worth printing for the same text, so different bytes stop the run.

import Foundation
import ModGenMustache
import Mustache

typealias TheirTemplate = Mustache.MustacheTemplate
typealias OurTemplate = ModGenMustache.MustacheTemplate

/// The value as swift-mustache reads a context: dictionaries, arrays and plain values.
func plainValue(_ value: MustacheValue) -> Any {
    switch value {
    case .null: return Optional<Any>.none as Any
    case .bool(let bool): return bool
    case .integer(let integer): return integer
    case .double(let double): return double
    case .string(let string): return string
    case .array(let elements): return elements.map(plainValue)
    case .object(let object):
        var dictionary: [String: Any] = [:]
        for key in object.keys { dictionary[key] = object[key].map(plainValue) }
        return dictionary
    case .lambda: fatalError("the benchmark's data has no lambdas")
    }
}

@inline(never)
func blackHole<T>(_ value: T) {
    withExtendedLifetime(value) {}
}

/// The CPU time this process spends in `body` (user and system): unlike the wall clock, it does not count the time
/// other processes of a busy machine take the processor away.
func seconds(_ body: () throws -> Void) rethrows -> Double {
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

/// Times `ours` over `iterations` runs and `theirs` over `iterations / slower` runs (swift-mustache is the slower one;
/// equal round times keep both measured alike), alternating which goes first, and prints the median time of one run
/// of each and their ratio.
func compare(
    _ name: String, rounds: Int, iterations: Int, slower: Int, ours: () throws -> Void, theirs: () throws -> Void
) throws {
    var ourRounds: [Double] = []
    var theirRounds: [Double] = []
    let theirIterations = max(1, iterations / slower)
    func ourRound() throws {
        ourRounds.append(try seconds { for _ in 0..<iterations { try ours() } } / Double(iterations))
    }
    func theirRound() throws {
        theirRounds.append(try seconds { for _ in 0..<theirIterations { try theirs() } } / Double(theirIterations))
    }
    for round in 0..<rounds {
        if round.isMultiple(of: 2) {
            try ourRound()
            try theirRound()
        } else {
            try theirRound()
            try ourRound()
        }
    }
    let (our, their) = (median(ourRounds), median(theirRounds))
    print(
        "\(name): modgen \(String(format: "%.1f", our * 1e6)) µs, swift-mustache \(String(format: "%.1f", their * 1e6)) µs "
            + "of CPU (median of \(rounds) rounds): modgen is \(String(format: "%.1f", their / our))× as fast")
}

let filter = CommandLine.arguments.dropFirst().first
let templateName = "Presenter.swift.mustache"
let ourTemplate = try OurTemplate(MustacheBenchmarkInput.template, name: templateName)
let ourPartials = DictionaryPartials(MustacheBenchmarkInput.partials)
let ourContext = MustacheBenchmarkInput.context()
var library = MustacheLibrary()
for (name, text) in MustacheBenchmarkInput.partials { try library.register(text, named: name) }
let theirTemplate = try TheirTemplate(string: MustacheBenchmarkInput.template)
let theirContext = plainValue(ourContext)

let ourText = try ourTemplate.render(ourContext, partials: ourPartials)
let theirText = theirTemplate.render(theirContext, library: library)
// A ratio is only printed for the same text, byte for byte.
guard ourText == theirText else {
    let ourLines = ourText.split(separator: "\n", omittingEmptySubsequences: false)
    let theirLines = theirText.split(separator: "\n", omittingEmptySubsequences: false)
    let differing = zip(ourLines, theirLines).filter { $0 != $1 }.count
    print(
        "the engines render different text (\(ourLines.count) and \(theirLines.count) lines, \(differing) of them "
            + "differing); no ratio is printed")
    exit(1)
}
print("both engines render the same \(ourText.utf8.count) bytes (\(ourText.split(separator: "\n").count) lines)")
if filter == nil || "render".contains(filter!) {
    try compare("render (parsed once)", rounds: 7, iterations: 2_000, slower: 20) {
        blackHole(try ourTemplate.render(ourContext, partials: ourPartials))
    } theirs: {
        blackHole(theirTemplate.render(theirContext, library: library))
    }
}
if filter == nil || "parse".contains(filter!) {
    try compare("parse", rounds: 7, iterations: 2_000, slower: 5) {
        blackHole(try OurTemplate(MustacheBenchmarkInput.template, name: templateName))
    } theirs: {
        blackHole(try TheirTemplate(string: MustacheBenchmarkInput.template))
    }
}
