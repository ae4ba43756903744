import Foundation

/// Two ways of doing the same work timed side by side in one run: each round times `iterations` calls of the first
/// and of the second, in CPU time of this process (user + system, which a busy machine does not inflate as it does
/// wall time), the two taking turns at going first. Prints each side's median round, the ratio of the medians and
/// the spread of the rounds' own ratios, and the load average before and after, so a figure says what it ran beside.
/// Returns the ratio of the medians (first over second), or `nil` when the benchmark is filtered out.
@discardableResult
func measurePaired(
    _ name: String, rounds: Int = 11, iterations: Int, _ first: (name: String, body: () throws -> Int),
    against second: (name: String, body: () throws -> Int)
) throws -> Double? {
    if let benchmarkFilter, !name.contains(benchmarkFilter) { return nil }
    let rounds = roundsOverride ?? rounds
    let iterations = iterationsOverride ?? iterations
    let loadBefore = loadAverage()
    // One untimed call each: files read and caches warm before any round counts.
    let firstBytes = try first.body()
    let secondBytes = try second.body()
    var firstSeconds: [Double] = []
    var secondSeconds: [Double] = []
    var checksum = 0
    func timed(_ body: () throws -> Int) rethrows -> Double {
        let start = processCPUSeconds()
        for _ in 0..<iterations { checksum &+= try body() }
        return processCPUSeconds() - start
    }
    for round in 0..<rounds {
        if round % 2 == 0 {
            firstSeconds.append(try timed(first.body))
            secondSeconds.append(try timed(second.body))
        } else {
            secondSeconds.append(try timed(second.body))
            firstSeconds.append(try timed(first.body))
        }
    }
    precondition(
        checksum == (firstBytes &+ secondBytes) &* iterations &* rounds, "\(name): output size changed between runs")
    let firstMedian = median(firstSeconds)
    let secondMedian = median(secondSeconds)
    let roundRatios = zip(firstSeconds, secondSeconds).map { $0 / $1 }.sorted()
    func milliseconds(_ seconds: Double) -> String { String(format: "%.3f ms", seconds * 1000 / Double(iterations)) }
    print(
        """
        \(name): \(rounds) rounds of \(iterations) calls each side, taking turns; CPU time (user + system)
          \(first.name): median round \(String(format: "%.3f", firstMedian)) s, \(milliseconds(firstMedian)) a call \
        (\(firstBytes) bytes)
          \(second.name): median round \(String(format: "%.3f", secondMedian)) s, \(milliseconds(secondMedian)) a call \
        (\(secondBytes) bytes)
          ratio of the medians \(String(format: "%.2f", firstMedian / secondMedian))×; rounds' own ratios \
        median \(String(format: "%.2f", median(roundRatios)))×, \
        from \(String(format: "%.2f", roundRatios.first ?? 0)) to \(String(format: "%.2f", roundRatios.last ?? 0))×
          load average (1 minute) \(loadBefore) before, \(loadAverage()) after
        """)
    return firstMedian / secondMedian
}

/// The CPU time this process has used, user and system, in seconds (`CLOCK_PROCESS_CPUTIME_ID`).
func processCPUSeconds() -> Double {
    var time = timespec()
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &time)
    return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
}

/// The one-minute load average, two decimals, or "unknown".
func loadAverage() -> String {
    var loads = [0.0, 0.0, 0.0]
    guard getloadavg(&loads, 3) >= 1 else { return "unknown" }
    return String(format: "%.2f", loads[0])
}
