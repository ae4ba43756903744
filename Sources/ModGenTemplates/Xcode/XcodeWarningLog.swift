/// The warnings of one run, each once, in the order they first arose.
final class XcodeWarningLog {
    private(set) var warnings: [XcodeWarning] = []
    private var seen: Set<XcodeWarning> = []

    func add(_ message: String) {
        let warning = XcodeWarning(message)
        if seen.insert(warning).inserted { warnings.append(warning) }
    }
}
