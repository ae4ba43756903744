/// The warnings of one run, each once, in the order they first arose.
final class XcodeWarningLog {
    private var messages: [XcodeWarning] = []
    private var seen: Set<XcodeWarning> = []
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
        if seen.insert(warning).inserted { messages.append(warning) }
    }

    /// A macro Xcode fills from the Mac (`FULLUSERNAME`, `DATE`) that modgen's header fields left empty.
    func noteEmptyHeaderMacro(_ name: String, bundle: String) {
        var names = emptyHeaderMacros?.names ?? []
        if !names.contains(name) { names.append(name) }
        emptyHeaderMacros = (bundle, names)
    }
}
