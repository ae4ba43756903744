/// The warnings of one run, each once, in the order they first arose.
final class XcodeWarningLog {
    private var messages: [XcodeWarning] = []
    /// The messages given, as text: a set of `XcodeWarning` would cost a run a scan of every protocol conformance
    /// in the program (to check the element is `Hashable`) that `String`'s, needed anyway, does not.
    private var seen: Set<String> = []
    /// The bundle and the header macros that expanded to nothing, each once: reported together in one line.
    private var emptyHeaderMacros: (bundle: String, names: [String])?

    var warnings: [XcodeWarning] {
        guard let emptyHeaderMacros else { return messages }
        return messages + [
            XcodeWarning(
                XcodeMacroSettings.emptyHeaderWarning(bundle: emptyHeaderMacros.bundle, macros: emptyHeaderMacros.names)
            )
        ]
    }

    func add(_ message: String) {
        let warning = XcodeWarning(message)
        if seen.insert(message).inserted { messages.append(warning) }
    }

    /// A macro Xcode fills from the Mac (`FULLUSERNAME`, `DATE`) that modgen's header fields left empty.
    func noteEmptyHeaderMacro(_ name: String, bundle: String) {
        var names = emptyHeaderMacros?.names ?? []
        if !names.contains(name) { names.append(name) }
        emptyHeaderMacros = (bundle, names)
    }
}
