import Foundation

/// What one benchmark measured: the median of its rounds, so that a stray slow round does not skew it.
struct Measurement {
    let name: String
    let iterationsPerRound: Int
    let roundSeconds: [Double]
    /// Bytes one iteration processes, for throughput, and what they are ("output", "input").
    let bytesPerIteration: Int
    let bytesMeaning: String

    var medianSeconds: Double { median(roundSeconds) }

    var iterationsPerSecond: Double { Double(iterationsPerRound) / medianSeconds }

    var megabytesPerSecond: Double {
        Double(bytesPerIteration) * iterationsPerSecond / 1_000_000
    }

    func report() -> String {
        let rounds = roundSeconds.map { String(format: "%.3f", $0) }.joined(separator: ", ")
        let median = String(format: "%.3f", medianSeconds)
        return """
            \(name): \(iterationsPerRound) iterations per round, median round \(median) s
              \(String(format: "%.0f", iterationsPerSecond)) per second, \
            \(String(format: "%.1f", megabytesPerSecond)) MB/s of \(bytesMeaning) (\(bytesPerIteration) bytes each)
              rounds (s): \(rounds)
            """
    }
}

/// The first command-line argument that is neither a `--flag` nor a flag's value: only benchmarks whose name
/// contains it run.
let benchmarkFilter = CommandLine.arguments.dropFirst().enumerated().first { index, argument in
    !argument.hasPrefix("--") && !["--rounds", "--iterations"].contains(CommandLine.arguments[index])
}?.element

/// `--rounds N` and `--iterations N` replace every benchmark's own counts: `--rounds 1 --iterations 20` makes a run
/// short enough for `valgrind --tool=callgrind`, whose instruction counts do not depend on the machine's load.
func commandLineCount(_ flag: String) -> Int? {
    guard let index = CommandLine.arguments.firstIndex(of: flag), index + 1 < CommandLine.arguments.count else {
        return nil
    }
    return Int(CommandLine.arguments[index + 1])
}
let roundsOverride = commandLineCount("--rounds")
let iterationsOverride = commandLineCount("--iterations")

/// Runs `body` `iterations` times per round, for `rounds` rounds, after one untimed warm-up call, and prints the
/// result. `body` returns the number of bytes it processed (the same every time), for throughput. Returns `nil`
/// when the benchmark is filtered out.
@discardableResult
func measure(
    _ name: String, rounds: Int = 5, iterations: Int, bytesMeaning: String = "output", body: () throws -> Int
) rethrows -> Measurement? {
    if let benchmarkFilter, !name.contains(benchmarkFilter) { return nil }
    let rounds = roundsOverride ?? rounds
    let iterations = iterationsOverride ?? iterations
    let bytesPerIteration = try body()
    var roundSeconds: [Double] = []
    var checksum = 0
    let clock = ContinuousClock()
    for _ in 0..<rounds {
        let start = clock.now
        for _ in 0..<iterations { checksum &+= try body() }
        let elapsed = clock.now - start
        roundSeconds.append(Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18)
    }
    precondition(checksum == bytesPerIteration &* iterations &* rounds, "\(name): output size changed between runs")
    let measurement = Measurement(
        name: name, iterationsPerRound: iterations, roundSeconds: roundSeconds, bytesPerIteration: bytesPerIteration,
        bytesMeaning: bytesMeaning)
    print(measurement.report())
    return measurement
}

/// Keeps a result alive so that the optimizer cannot drop the work that produced it.
@inline(never)
func blackHole<T>(_ value: T) {
    withExtendedLifetime(value) {}
}
