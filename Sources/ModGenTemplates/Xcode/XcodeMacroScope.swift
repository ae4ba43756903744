/// What the macros mean in one place of the output: the contents of one file, or a file or folder name (then
/// `FILENAME` and `FILEBASENAME` are the product name, SPEC §3).
struct XcodeMacroScope {
    var settings: XcodeMacroSettings
    /// How messages name the bundle.
    var bundle: String
    /// The output file whose contents are expanded; `nil` in names and in options' `Default`s.
    var fileName: String?
    /// The file the expanded text comes from (a template file, `TemplateInfo.plist`), for errors.
    var source: String
    var productName: () throws -> String
    /// An option's value by identifier; `nil` when no option has it.
    var variable: (String) throws -> String?
    var warnings: XcodeWarningLog
    var budget: XcodeExpansionBudget
    /// Team and composite macros expanded so far in this scope: each is expanded once however often it is used
    /// (a macro using another twice, at every level, would otherwise double the work at each level).
    var expandedMacros = XcodeExpandedMacros()

    func expand(_ text: String) throws -> String {
        try expand(text, definitions: [])
    }

    /// `definitions`: the team macros being expanded, outermost first, to find one that refers to itself.
    private func expand(_ text: String, definitions: [String]) throws -> String {
        try XcodeMacroText.expand(
            text,
            unknownModifier: { reference, modifier in
                warnings.add(
                    "\(bundle): \(reference.written) has the modifier '\(modifier)', which Xcode does not have; "
                        + "it is left as written")
            },
            value: { reference in
                guard let value = try value(of: reference.name, definitions: definitions) else { return nil }
                try budget.spend(
                    value.utf8.count, file: definitions.isEmpty ? source : settings.customMacrosFile)
                return value
            })
    }

    private func value(of name: String, definitions: [String]) throws -> String? {
        if name.hasPrefix("VARIABLE_") {
            let identifier = String(name.dropFirst("VARIABLE_".count))
            if let value = try variable(identifier) { return value }
            // Xcode always knows the product name, from its dialog's name field, whether or not an option declares it.
            if identifier == "productName" { return try productName() }
            warnings.add("\(bundle): ___\(name)___ names no option of the template; it is left as written")
            return nil
        }
        if let definition = settings.customMacros[name] {
            return try composite(name, definitions: definitions) {
                let expanded = try expand(definition, definitions: definitions + [name])
                // A team's header continues the `//` the template wrote; Xcode starts each further line with `//`.
                return name == "FILEHEADER" ? expanded.replacing("\n", with: "\n//") : expanded
            }
        }
        switch name {
        case "FILENAME": return try fileName ?? productName()
        case "FILEBASENAME": return try baseName()
        case "FILEBASENAMEASIDENTIFIER": return XcodeMacroModifier.identifier.apply(to: try baseName())
        case "PRODUCTNAME": return try productName()
        case "COPYRIGHT":
            return try composite(name, definitions: definitions) {
                try expand(XcodeMacroSettings.copyright, definitions: definitions)
            }
        case "FILEHEADER":
            return try composite(name, definitions: definitions) {
                try expand(XcodeMacroSettings.defaultFileHeader, definitions: definitions)
            }
        default:
            if let value = settings.builtInValue(of: name) {
                if value.isEmpty, XcodeMacroSettings.headerField(filling: name) != nil {
                    warnings.noteEmptyHeaderMacro(name, bundle: bundle)
                }
                return value
            }
            warnings.add(
                "\(bundle): ___\(name)___ is not a macro modgen can expand (Xcode reads it from the Mac); it is left as written"
            )
            return nil
        }
    }

    /// A macro made of other macros, expanded once per scope, one level deeper than `definitions`.
    private func composite(
        _ name: String, definitions: [String], expansion: () throws -> String
    ) throws -> String {
        if let known = expandedMacros.values[name] { return known }
        if let start = definitions.firstIndex(of: name) {
            throw XcodeTemplateError.macroCycle(
                file: settings.customMacrosFile, names: Array(definitions[start...]) + [name])
        }
        let value = try budget.nested(
            or: .macrosTooDeep(file: settings.customMacrosFile, names: definitions + [name]), expansion)
        expandedMacros.values[name] = value
        return value
    }

    private func baseName() throws -> String {
        try fileName.map { PathText($0).deletingPathExtension } ?? productName()
    }
}

/// The macros a scope has expanded, by name; shared by the copies of the scope.
final class XcodeExpandedMacros {
    var values: [String: String] = [:]
}
