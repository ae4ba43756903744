import ModGenCore

extension XcodeTemplateInfo {
    /// Reads a `TemplateInfo.plist` as Xcode does: leniently where real files are sloppy (booleans as `YES`,
    /// `Yes` or `<true/>`, a `Default` written as a boolean, `AllowedTypes` as an array or a dictionary, keys
    /// Xcode's dialog alone reads in any form), strictly where a value cannot mean anything (an option without an
    /// `Identifier`, `Options` that is not an array): those are errors naming the file, line and column.
    public init(plist root: PropertyListValue, fileName: String) throws(DataFileError) {
        func error(_ value: PropertyListValue, _ reason: String) -> DataFileError {
            DataFileError(fileName: fileName, position: value.position, reason: reason)
        }
        guard root.entries != nil else { throw error(root, "expected a dictionary at the top, found \(root.kindName)") }
        var options: [XcodeOption] = []
        if let list = root["Options"] {
            guard let elements = list.array else {
                throw error(list, "Options must be an array, found \(list.kindName)")
            }
            var lines: [String: Int] = [:]
            for element in elements {
                let option = try Self.option(from: element, fileName: fileName)
                if let line = lines.updateValue(element.position.line, forKey: option.identifier) {
                    throw error(element, "option '\(option.identifier)' is declared twice (first on line \(line))")
                }
                options.append(option)
            }
        }
        self.init(
            kind: root["Kind"]?.scalarText ?? "", description: root["Description"]?.scalarText ?? "",
            summary: root["Summary"]?.scalarText ?? "", sortOrder: root["SortOrder"]?.scalarText ?? "",
            platforms: Self.texts(root["Platforms"]),
            mainTemplateFiles: Self.texts(root["MainTemplateFiles"]) + Self.texts(root["MainTemplateFile"]),
            allowedTypes: Self.texts(root["AllowedTypes"]),
            defaultCompletionName: root["DefaultCompletionName"]?.scalarText ?? "", options: options)
    }

    private static func option(from value: PropertyListValue, fileName: String) throws(DataFileError) -> XcodeOption {
        func error(_ value: PropertyListValue, _ reason: String) -> DataFileError {
            DataFileError(fileName: fileName, position: value.position, reason: reason)
        }
        func text(_ key: String) throws(DataFileError) -> String? {
            guard let field = value[key] else { return nil }
            guard let text = field.scalarText else {
                throw error(field, "an option's \(key) must be a string, found \(field.kindName)")
            }
            return text
        }
        func boolean(_ key: String) throws(DataFileError) -> Bool {
            guard let field = value[key] else { return false }
            guard let flag = field.boolValue ?? (field.string?.isEmpty == true ? false : nil) else {
                throw error(
                    field, "an option's \(key) must be a boolean (YES, NO, true, false), found \(field.kindName)")
            }
            return flag
        }
        guard value.entries != nil else {
            throw error(value, "each entry of Options must be a dictionary, found \(value.kindName)")
        }
        guard let identifier = try text("Identifier"), !identifier.isEmpty else {
            throw error(value, "an option has no Identifier")
        }
        // What `--set Identifier=value` and a macro name can hold: no whitespace, control characters, `=` or `:`.
        let unusable = identifier.unicodeScalars.first {
            $0.properties.isWhitespace || $0.value < 0x20 || $0.value == 0x7F || $0 == "=" || $0 == ":"
        }
        if let unusable {
            throw error(
                value["Identifier"] ?? value,
                "option Identifier '\(DataFileError.excerpt(RelativePath.printable(identifier)))' holds "
                    + "'\(RelativePath.printable(String(unusable)))', which no macro name can")
        }
        var values: [String] = []
        if let field = value["Values"] {
            guard let list = field.array ?? (field.scalarText != nil ? [field] : nil) else {
                throw error(field, "option '\(identifier)': Values must be an array, found \(field.kindName)")
            }
            for element in list {
                guard let text = element.scalarText else {
                    throw error(
                        element, "option '\(identifier)': each of Values must be a string, found \(element.kindName)")
                }
                values.append(text)
            }
        }
        return XcodeOption(
            identifier: identifier, kind: kind(try text("Type")), name: try text("Name") ?? "",
            description: try text("Description") ?? "", defaultValue: try text("Default") ?? "",
            isRequired: try boolean("Required"), values: values,
            requirements: try requirements(value["RequiredOptions"], option: identifier, fileName: fileName),
            isNotPersisted: try boolean("NotPersisted"), emptyReplacement: try text("EmptyReplacement") ?? "",
            suffixes: suffixes(value["Suffixes"]), line: value.position.line)
    }

    /// `Type` as Xcode's dialog reads it, in any letter case; no `Type` or an unknown one is a hidden value.
    private static func kind(_ type: String?) -> XcodeOption.Kind {
        switch type?.lowercased() {
        case "text": return .text
        case "static": return .static
        case "popup": return .popup
        case "checkbox": return .checkbox
        case "class": return .class
        case "combo", "combobox": return .combo
        default: return .hidden(type: type)
        }
    }

    /// `RequiredOptions`: `{ other: value }` or `{ other: [values] }`.
    private static func requirements(
        _ field: PropertyListValue?, option: String, fileName: String
    ) throws(DataFileError) -> [XcodeOption.Requirement] {
        guard let field else { return [] }
        guard let entries = field.entries else {
            throw DataFileError(
                fileName: fileName, position: field.position,
                reason: "option '\(option)': RequiredOptions must be a dictionary, found \(field.kindName)")
        }
        var requirements: [XcodeOption.Requirement] = []
        for entry in entries {
            let listed = entry.value.array ?? [entry.value]
            var values: [String] = []
            for element in listed {
                guard let text = element.scalarText else {
                    throw DataFileError(
                        fileName: fileName, position: element.position,
                        reason: "option '\(option)': RequiredOptions '\(entry.key)' must be a string or an array "
                            + "of strings, found \(element.kindName)")
                }
                values.append(text)
            }
            requirements.append(XcodeOption.Requirement(identifier: entry.key, values: values))
        }
        return requirements
    }

    /// Texts of a key only `describe` reads: a string, an array's strings, a dictionary's keys; anything else none.
    private static func texts(_ field: PropertyListValue?) -> [String] {
        guard let field else { return [] }
        if let text = field.scalarText { return [text] }
        if let list = field.array { return list.compactMap(\.scalarText) }
        return field.entries?.map(\.key) ?? []
    }

    private static func suffixes(_ field: PropertyListValue?) -> [String: String] {
        var result: [String: String] = [:]
        for entry in field?.entries ?? [] { result[entry.key] = entry.value.scalarText ?? "" }
        return result
    }
}
