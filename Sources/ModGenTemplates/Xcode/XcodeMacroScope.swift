/// What the macros mean in one place of the output: the contents of one file, or a file or folder name (then
/// `FILENAME` and `FILEBASENAME` are the product name, SPEC §3).
struct XcodeMacroScope {
    var settings: XcodeMacroSettings
    /// How messages name the bundle.
    var bundle: String
    /// The output file whose contents are expanded; `nil` in names and in options' `Default`s.
    var fileName: String?
    var productName: () throws -> String
    /// An option's value by identifier; `nil` when no option has it.
    var variable: (String) throws -> String?
    var warnings: XcodeWarningLog

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
            value: { reference in try value(of: reference.name, definitions: definitions) })
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
            if let start = definitions.firstIndex(of: name) {
                throw XcodeTemplateError.macroCycle(
                    file: settings.customMacrosFile, names: Array(definitions[start...]) + [name])
            }
            let expanded = try expand(definition, definitions: definitions + [name])
            // A team's header continues the `//` the template wrote; Xcode starts each further line with `//`.
            return name == "FILEHEADER" ? expanded.replacing("\n", with: "\n//") : expanded
        }
        switch name {
        case "FILENAME": return try fileName ?? productName()
        case "FILEBASENAME": return try baseName()
        case "FILEBASENAMEASIDENTIFIER": return XcodeMacroModifier.identifier.apply(to: try baseName())
        case "PRODUCTNAME": return try productName()
        case "COPYRIGHT": return try expand(XcodeMacroSettings.copyright, definitions: definitions)
        case "FILEHEADER": return try expand(XcodeMacroSettings.defaultFileHeader, definitions: definitions)
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

    private func baseName() throws -> String {
        try fileName.map { PathText($0).deletingPathExtension } ?? productName()
    }
}
