import ModGenCore

extension TemplateManifest {
    /// Reads and checks a `template.json`. Every problem is reported with the manifest's file name, line and column:
    /// unknown keys, wrong kinds, duplicate or badly formed names, defaults outside their choices, and conditions
    /// that do not parse or name options and values the manifest does not declare.
    public init(parsing text: String, fileName: String) throws(DataFileError) {
        let document = try JSONDocument(parsing: text, fileName: fileName)
        self = try ManifestReader(fields: JSONFields(document: document)).read()
    }
}

private struct ManifestReader {
    let fields: JSONFields
    /// Conditions already parsed, by their text: a manifest repeats a few (`interface == swiftui` guards many
    /// files), and each is parsed once. Only what parsed is kept, so a bad one fails where it is first written.
    let parsedConditions = ParsedConditions()

    final class ParsedConditions {
        var byText: [String: Condition] = [:]
    }

    /// `"snapshot": {"combinations": "all" | "pairwise"}`.
    private func readSnapshotCombinations() throws(DataFileError) -> CombinationSet {
        try fields.checkKeys("snapshot", allowed: ["combinations"])
        guard let text = try fields.optionalString("snapshot.combinations") else { return .all }
        guard let set = CombinationSet(rawValue: text) else {
            let known = CombinationSet.allCases.map { "'\($0.rawValue)'" }.joined(separator: " or ")
            throw fields.error(at: "snapshot.combinations", "\"combinations\" must be \(known), found '\(text)'")
        }
        return set
    }

    func read() throws(DataFileError) -> TemplateManifest {
        try fields.checkKeys(
            "", allowed: ["id", "summary", "sampleName", "options", "parameters", "files", "supportFiles", "snapshot"])
        let id = try fields.string("id")
        guard !id.isEmpty, id.allSatisfy({ $0.isASCII && ($0.isLowercase || $0.isNumber || $0 == "-") }) else {
            throw fields.error(at: "id", "template id '\(id)' must be lowercase letters, digits and '-'")
        }
        let sampleName = try fields.string("sampleName", default: "Home")
        if let problem = SwiftIdentifier.problem(with: sampleName) {
            throw fields.error(
                at: "sampleName", "sample name '\(sampleName)' is not a valid Swift type name: \(problem)")
        }
        var manifest = TemplateManifest(
            id: id, summary: try fields.string("summary"), sampleName: sampleName, options: [], parameters: [],
            files: [], supportFiles: [])
        for index in 0..<(try fields.count("options")) {
            manifest.options.append(try readOption(at: "options[\(index)]", existing: manifest.options))
        }
        for index in 0..<(try fields.count("options")) {
            try checkConstraints(of: &manifest.options[index], at: "options[\(index)]", in: manifest)
        }
        for index in 0..<(try fields.count("parameters")) {
            manifest.parameters.append(try readParameter(at: "parameters[\(index)]", in: manifest))
        }
        manifest.files = try readFiles("files", in: manifest)
        manifest.supportFiles = try readFiles("supportFiles", in: manifest)
        manifest.snapshotCombinations = try readSnapshotCombinations()
        if manifest.files.isEmpty { throw fields.error(at: "", "the template renders no files (\"files\" is empty)") }
        return manifest
    }

    private func readName(at path: String, taken: [String]) throws(DataFileError) -> String {
        let name = try fields.string(path)
        guard let first = name.first, first.isLowercase, first.isASCII,
            name.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber) })
        else {
            throw fields.error(
                at: path, "name '\(name)' must be lowerCamelCase letters and digits (e.g. flowController)")
        }
        if ContextNames.all.contains(name) || Self.commandWords.contains(name) {
            throw fields.error(at: path, "name '\(name)' is reserved for the template context")
        }
        if taken.contains(name) { throw fields.error(at: path, "name '\(name)' is declared twice") }
        return name
    }

    /// Names of modgen's own flags and arguments (`--template`, `--help`, `--version`): an option with one of them
    /// would clash with the command line, so they are refused here already, where the manifest position is known.
    static let commandWords: Set<String> = ["template", "help", "version"]

    private func readOption(at path: String, existing: [TemplateOption]) throws(DataFileError) -> TemplateOption {
        try fields.checkKeys(
            path, allowed: ["name", "kind", "values", "default", "sample", "help", "requires", "conflicts"])
        let name = try readName(at: "\(path).name", taken: existing.map(\.name))
        let kind: TemplateOption.Kind
        switch try fields.string("\(path).kind") {
        case "flag":
            kind = .flag(default: try fields.bool("\(path).default") ?? false)
        case "choice":
            let values = try fields.strings("\(path).values")
            guard values.count >= 2 else {
                throw fields.error(at: "\(path).values", "a choice needs at least two values")
            }
            for (index, value) in values.enumerated() {
                guard !value.isEmpty, value.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "-" || $0 == "_" }) else {
                    throw fields.error(at: "\(path).values[\(index)]", "choice value '\(value)' must be a plain word")
                }
                if values[..<index].contains(value) {
                    throw fields.error(at: "\(path).values[\(index)]", "choice value '\(value)' is listed twice")
                }
            }
            let fallback = try fields.string("\(path).default")
            guard values.contains(fallback) else {
                throw fields.error(
                    at: "\(path).default", "default '\(fallback)' is not one of \(values.joined(separator: ", "))")
            }
            kind = .choice(values: values, default: fallback)
        case "text":
            let fallback = try fields.string("\(path).default", default: "")
            let sample = try fields.optionalString("\(path).sample")
            for (key, value) in [("default", fallback), ("sample", sample ?? "")] where !value.isEmpty {
                if let problem = SwiftIdentifier.problem(with: value) {
                    throw fields.error(at: "\(path).\(key)", "'\(value)' is not a valid Swift identifier: \(problem)")
                }
            }
            kind = .text(default: fallback, sample: sample)
        case let other:
            throw fields.error(at: "\(path).kind", "kind '\(other)' must be \"flag\", \"choice\" or \"text\"")
        }
        if case .choice = kind {
        } else if fields.value(at: "\(path).values") != nil {
            throw fields.error(at: "\(path).values", "only a choice has \"values\"")
        }
        return TemplateOption(
            name: name, kind: kind, help: try fields.string("\(path).help", default: ""), requires: [], conflicts: [],
            position: fields.document.position(of: "\(path).name"))
    }

    private func checkConstraints(
        of option: inout TemplateOption, at path: String, in manifest: TemplateManifest
    ) throws(DataFileError) {
        option.requires = try readConstraints(at: "\(path).requires", in: manifest)
        option.conflicts = try readConstraints(at: "\(path).conflicts", in: manifest)
    }

    private func readConstraints(at path: String, in manifest: TemplateManifest) throws(DataFileError)
        -> [OptionConstraint]
    {
        var result: [OptionConstraint] = []
        for index in 0..<(try fields.count(path)) {
            let entry = "\(path)[\(index)]"
            if fields.value(at: entry)?.objectValue != nil {
                try fields.checkKeys(entry, allowed: ["condition", "reason"])
                let condition = try readCondition(at: "\(entry).condition", in: manifest)
                result.append(
                    OptionConstraint(condition: condition, reason: try fields.optionalString("\(entry).reason")))
            } else {
                result.append(OptionConstraint(condition: try readCondition(at: entry, in: manifest), reason: nil))
            }
        }
        return result
    }

    /// Parses a condition and checks it against the declared options, so `"when": "formater"` fails at load time.
    func readCondition(at path: String, in manifest: TemplateManifest) throws(DataFileError) -> Condition {
        let text = try fields.string(path)
        // How messages name the condition: quoted, and shortened, as it can be as long as the file.
        let label = "condition \"\(DataFileError.excerpt(text))\""
        let condition: Condition
        do {
            if let parsed = parsedConditions.byText[text] {
                condition = parsed
            } else {
                condition = try Condition(parsing: text)
                parsedConditions.byText[text] = condition
            }
        } catch {
            var position = fields.document.position(of: path)
            position.column += 1 + error.offset  // past the opening quote
            throw DataFileError(
                fileName: fields.document.fileName, position: position,
                reason: "\(label): \(error.reason)")
        }
        try check(condition, label: label, at: path, in: manifest)
        return condition
    }

    private func check(
        _ condition: Condition, label: String, at path: String, in manifest: TemplateManifest
    ) throws(DataFileError) {
        switch condition {
        case .isOn(let name):
            guard manifest.option(named: name) != nil else {
                throw fields.error(at: path, "\(label): unknown option '\(name)'\(known(manifest, typed: name))")
            }
        case .equals(let name, let value):
            guard let option = manifest.option(named: name) else {
                throw fields.error(at: path, "\(label): unknown option '\(name)'\(known(manifest, typed: name))")
            }
            switch option.kind {
            case .choice(let values, _) where !values.contains(value):
                throw fields.error(
                    at: path,
                    "\(label): '\(value)' is not a value of '\(name)' (\(values.joined(separator: ", ")))")
            case .flag:
                throw fields.error(
                    at: path, "\(label): '\(name)' is a flag; write '\(name)' or '!\(name)'")
            default:
                break
            }
        case .not(let inner):
            try check(inner, label: label, at: path, in: manifest)
        case .and(let lhs, let rhs), .or(let lhs, let rhs):
            try check(lhs, label: label, at: path, in: manifest)
            try check(rhs, label: label, at: path, in: manifest)
        }
    }

    private func known(_ manifest: TemplateManifest, typed name: String) -> String {
        let names = manifest.options.map(\.name)
        return Suggestion.hint(for: name, among: names)
            + (names.isEmpty ? "" : " (options: \(names.joined(separator: ", ")))")
    }

    private func readParameter(at path: String, in manifest: TemplateManifest) throws(DataFileError)
        -> TemplateParameter
    {
        try fields.checkKeys(path, allowed: ["name", "kind", "default", "help"])
        let name = try readName(
            at: "\(path).name", taken: manifest.options.map(\.name) + manifest.parameters.map(\.name))
        let kindName = try fields.string("\(path).kind", default: TemplateParameter.Kind.text.rawValue)
        guard let kind = TemplateParameter.Kind(rawValue: kindName) else {
            let kinds = TemplateParameter.Kind.allCases.map { "\"\($0.rawValue)\"" }.joined(separator: " or ")
            throw fields.error(at: "\(path).kind", "parameter kind '\(kindName)' must be \(kinds)")
        }
        return TemplateParameter(
            name: name, kind: kind, defaultTemplate: try fields.string("\(path).default", default: ""),
            defaultPosition: fields.document.position(of: "\(path).default"),
            help: try fields.string("\(path).help", default: ""))
    }

    private func readFiles(_ key: String, in manifest: TemplateManifest) throws(DataFileError) -> [TemplateFile] {
        var files: [TemplateFile] = []
        for index in 0..<(try fields.count(key)) {
            let path = "\(key)[\(index)]"
            try fields.checkKeys(path, allowed: ["template", "path", "root", "when"])
            let template = try fields.string("\(path).template")
            // A template file outside the template folder would let a manifest render any file on the machine.
            if let problem = RelativePath.problem(with: template, inside: "the template folder") {
                throw fields.error(
                    at: "\(path).template", "template '\(RelativePath.printable(template))' is not allowed: \(problem)")
            }
            // The text is checked before rendering: a path rendered from it can still go wrong (an empty value),
            // which the writer's check of the rendered path catches.
            let output = try fields.string("\(path).path")
            if let problem = RelativePath.problem(with: output, inside: "the output directory") {
                throw fields.error(
                    at: "\(path).path", "output path '\(RelativePath.printable(output))' is not allowed: \(problem)")
            }
            let root = try fields.optionalString("\(path).root")
            if let root, let problem = OutputRootName.problem(with: root) {
                throw fields.error(
                    at: "\(path).root", "root '\(RelativePath.printable(root))' is not a root name: \(problem)")
            }
            var when: Condition?
            if fields.value(at: "\(path).when") != nil { when = try readCondition(at: "\(path).when", in: manifest) }
            files.append(
                TemplateFile(
                    template: template, templatePosition: fields.document.position(of: "\(path).template"),
                    root: root, path: output, pathPosition: fields.document.position(of: "\(path).path"), when: when))
        }
        return files
    }
}
