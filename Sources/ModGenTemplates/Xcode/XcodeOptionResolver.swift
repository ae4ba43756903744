import ModGenCore

/// What a run asks of a bundle's options: `<Name>`, the values set on the command line, and the config's.
public struct XcodeOptionRequest: Equatable, Sendable {
    /// `<Name>`: fills the option `nameBoundOption` says, or is the product name.
    public var name: String
    /// `--set Identifier=value` and the derived flags, by identifier.
    public var explicit: [String: String]
    /// The config's `options` for this bundle, by identifier; explicit values win.
    public var configDefaults: [String: String]

    public init(name: String, explicit: [String: String] = [:], configDefaults: [String: String] = [:]) {
        self.name = name
        self.explicit = explicit
        self.configDefaults = configDefaults
    }
}

extension XcodeTemplateInfo {
    /// Every option's value for `request`: a value given (explicit, else the config's, `<Name>` for the option it
    /// fills) for an option a user can set, else its `Default` with macros expanded, following other options'
    /// values recursively. Refuses an unknown identifier, a static or hidden option given a value, a checkbox value
    /// that is not a boolean, a popup value outside `Values`, and a required text option left empty.
    public func resolveOptions(
        _ request: XcodeOptionRequest, bundle: String, settings: XcodeMacroSettings = XcodeMacroSettings(),
        warnings: inout [XcodeWarning]
    ) throws -> XcodeOptionValues {
        let log = XcodeWarningLog()
        defer { warnings += log.warnings }
        var given: [String: String] = [:]
        for (identifier, text) in request.configDefaults.sorted(by: { $0.key < $1.key }) {
            given[identifier] = try checkedValue(text, for: identifier)
        }
        if let bound = nameBoundOption { given[bound] = request.name }
        for (identifier, text) in request.explicit.sorted(by: { $0.key < $1.key }) {
            given[identifier] = try checkedValue(text, for: identifier)
        }
        let resolver = XcodeOptionResolver(
            info: self, bundle: bundle, name: request.name, given: given, settings: settings, warnings: log)
        var values: [String: String] = [:]
        for option in options { values[option.identifier] = try resolver.value(of: option.identifier) }
        let shown = Set(options.filter { requirementsMet($0, values: values) }.map(\.identifier))
        for option in options where option.kind == .text && option.isRequired && shown.contains(option.identifier) {
            if values[option.identifier, default: ""].isEmpty {
                throw OptionError("option '\(option.identifier)'\(option.label) is required and is empty")
            }
        }
        return XcodeOptionValues(values: values, shown: shown, productName: try resolver.productName())
    }

    /// A value given for `identifier`, checked against the option's type: checkboxes read `true`/`false` (and
    /// Xcode's other spellings), popups take one of their `Values`.
    func checkedValue(_ text: String, for identifier: String) throws(OptionError) -> String {
        guard let option = option(identifier) else {
            let known = options.filter(\.kind.isSettable).map(\.identifier)
            throw OptionError(
                "the template has no option '\(identifier)'" + Suggestion.hint(for: identifier, among: known))
        }
        switch option.kind {
        case .static, .hidden:
            throw OptionError(
                "option '\(identifier)' is \(option.kind.name): its value comes from its Default and cannot be set")
        case .checkbox:
            guard let on = XcodeBoolean.value(of: text), !text.isEmpty else {
                throw OptionError("option '\(identifier)' is a checkbox: use true or false, not '\(text)'")
            }
            return on ? "true" : "false"
        case .popup where !option.values.isEmpty && !option.values.contains(text):
            throw OptionError(
                "'\(text)' is not a value of option '\(identifier)' (choose \(option.values.joined(separator: ", ")))")
        default:
            return text
        }
    }
}

extension XcodeOption {
    /// ` ("New Module Name:")` when the option has a name the dialog shows, for messages.
    var label: String { name.isEmpty ? "" : " (\"\(name)\")" }
}

/// Resolves options' values on demand, so a `Default` can use options declared after it, and finds `Default`s
/// that refer to each other in a circle.
final class XcodeOptionResolver {
    private let info: XcodeTemplateInfo
    private let bundle: String
    private let name: String
    private let given: [String: String]
    private let settings: XcodeMacroSettings
    private let warnings: XcodeWarningLog
    private var resolved: [String: String] = [:]
    /// Shared by every `Default`: the product name and the options' values are the same in all of them.
    private let expandedMacros = XcodeExpandedMacros()
    private let budget = XcodeExpansionBudget()
    /// The options whose `Default`s are being expanded, outermost first.
    private var pending: [String] = []

    init(
        info: XcodeTemplateInfo, bundle: String, name: String, given: [String: String], settings: XcodeMacroSettings,
        warnings: XcodeWarningLog
    ) {
        self.info = info
        self.bundle = bundle
        self.name = name
        self.given = given
        self.settings = settings
        self.warnings = warnings
    }

    /// The value of the option `identifier`, or `nil` when there is no such option.
    func value(of identifier: String) throws -> String? {
        guard let option = info.option(identifier) else { return nil }
        if let value = resolved[identifier] { return value }
        if option.kind.isSettable, let value = given[identifier] {
            resolved[identifier] = value
            return value
        }
        if let start = pending.firstIndex(of: identifier) {
            throw XcodeTemplateError.defaultCycle(bundle: bundle, identifiers: Array(pending[start...]) + [identifier])
        }
        pending.append(identifier)
        defer { pending.removeLast() }
        let expanded = try budget.nested(or: .defaultsTooDeep(bundle: bundle, identifiers: pending)) {
            try scope().expand(option.defaultValue)
        }
        let value = Self.normalized(expanded, for: option)
        resolved[identifier] = value
        return value
    }

    /// `productName`'s value, or `<Name>` when there is no such option or its own `Default` asks for the
    /// product name.
    func productName() throws -> String {
        guard info.option("productName") != nil, !pending.contains("productName") else { return name }
        return try value(of: "productName") ?? name
    }

    /// A `Default` as the dialog would show it: a checkbox's as `true`/`false`, a popup's as one of its `Values`
    /// (the first when the `Default` is none of them, as the dialog selects it).
    private static func normalized(_ value: String, for option: XcodeOption) -> String {
        switch option.kind {
        case .checkbox: return XcodeBoolean.value(of: value) == true ? "true" : "false"
        case .popup where !option.values.isEmpty && !option.values.contains(value): return option.values[0]
        default: return value
        }
    }

    /// Macros in `Default`s: names mean the product name, as in file names.
    private func scope() -> XcodeMacroScope {
        XcodeMacroScope(
            settings: settings, bundle: bundle, fileName: nil, source: "\(bundle)/\(XcodeBundle.infoFileName)",
            productName: { try self.productName() }, variable: { try self.value(of: $0) }, warnings: warnings,
            budget: budget, expandedMacros: expandedMacros)
    }
}
