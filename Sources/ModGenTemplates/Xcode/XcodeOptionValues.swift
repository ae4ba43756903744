/// The options of one run, resolved: every option's value, which options the dialog would show, and the product
/// name.
public struct XcodeOptionValues: Equatable, Sendable {
    /// Every option's value by identifier; a checkbox's is `true` or `false`.
    public var values: [String: String]
    /// The options whose `RequiredOptions` are met.
    public var shown: Set<String>
    /// `PRODUCTNAME`, and `FILEBASENAME` in file and folder names.
    public var productName: String

    public init(values: [String: String], shown: Set<String>, productName: String) {
        self.values = values
        self.shown = shown
        self.productName = productName
    }
}

extension XcodeTemplateInfo {
    /// The sub-folder the values select (SPEC §4): shown popups, classes and combos add their value, checked
    /// checkboxes their identifier, `Default` when nothing was added; `nil` when no option selects a folder.
    public func folderName(for resolved: XcodeOptionValues) -> String? {
        guard selectsFolder else { return nil }
        var name = ""
        for option in options where resolved.shown.contains(option.identifier) {
            let value = resolved.values[option.identifier] ?? ""
            switch option.kind {
            case .popup, .class, .combo: name += value
            case .checkbox where value == "true": name += option.identifier
            default: continue
            }
        }
        return name.isEmpty ? "Default" : name
    }

    /// Whether `option`'s `RequiredOptions` hold for `values`: each listed option holds one of the listed values
    /// (compared as booleans for a checkbox).
    func requirementsMet(_ option: XcodeOption, values: [String: String]) -> Bool {
        option.requirements.allSatisfy { requirement in
            guard let other = self.option(requirement.identifier), let value = values[requirement.identifier] else {
                return false
            }
            if other.kind == .checkbox {
                let current = XcodeBoolean.value(of: value) ?? false
                return requirement.values.contains { XcodeBoolean.value(of: $0) == current }
            }
            return requirement.values.contains(value)
        }
    }
}
