import Foundation

/// What one benchmark measured: the median of its rounds, so that a stray slow round does not skew it.
struct Measurement {
    let name: String
    let iterationsPerRound: Int
    let roundSeconds: [Double]
    /// Bytes of output one iteration produces, for throughput; 0 when it does not apply.
    let bytesPerIteration: Int

    var medianSeconds: Double {
        let sorted = roundSeconds.sorted()
        let middle = sorted.count / 2
        return sorted.count % 2 == 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2
    }

    var iterationsPerSecond: Double { Double(iterationsPerRound) / medianSeconds }

    var megabytesPerSecond: Double {
        Double(bytesPerIteration) * iterationsPerSecond / 1_000_000
    }

    func report() -> String {
        let rounds = roundSeconds.map { String(format: "%.3f", $0) }.joined(separator: ", ")
        var line = "\(name): \(iterationsPerRound) iterations per round, median \(String(format: "%.3f", medianSeconds)) s"
        line += " → \(String(format: "%.0f", iterationsPerSecond)) per second"
        if bytesPerIteration > 0 {
            line += ", \(String(format: "%.1f", megabytesPerSecond)) MB/s of output (\(bytesPerIteration) bytes each)"
        }
        return line + "\n  rounds (s): \(rounds)"
    }
}

/// Runs `body` `iterations` times per round, for `rounds` rounds, after one untimed warm-up call, and prints the
/// result. `body` returns the number of output bytes it produced, which also keeps the optimizer from dropping it.
@discardableResult
func measure(
    _ name: String, rounds: Int = 5, iterations: Int, body: () throws -> Int
) rethrows -> Measurement {
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
        name: name, iterationsPerRound: iterations, roundSeconds: roundSeconds, bytesPerIteration: bytesPerIteration)
    print(measurement.report())
    return measurement
}
