extension XcodeTemplate {
    /// The most options given a value while looking for the combinations that select the bundle's sub-folders.
    /// Real bundles need a few dozen; options whose values can be empty in many ways could need more.
    static let maximumFolderSearchSteps = 1 << 16

    /// For each sub-folder of the bundle that some valid combination selects, the condition on option values
    /// that selects it: the `or` of the shown folder-selecting options' values in each such combination, in the
    /// order of `validCombinations()`.
    ///
    /// The options are given values depth first in their order, and a branch ends as soon as the folder name
    /// its options spell so far starts no folder of the bundle, or an option it has given a value is hidden by
    /// the others (that combination repeats another). So the work follows the folders there are, not the
    /// combinations: sixteen checkboxes make 65,536 combinations, but a bundle with two folders is two names to
    /// spell.
    func folderConditions() -> [String: Condition] {
        let info = bundle.info
        guard info.selectsFolder else { return [:] }
        let folders = bundle.files.folders
        let options = self.options
        let xcodeOptions = options.map { info.option($0.name)! }
        let choices = options.map(\.snapshotValues)
        guard !choices.contains(where: \.isEmpty) else { return [:] }
        var position: [String: Int] = [:]
        for (index, option) in options.enumerated() { position[option.name] = index }
        // What `RequiredOptions` read: the options' `Default`s as written, the combination's values over them.
        var text: [String: String] = [:]
        for option in info.options { text[option.identifier] = option.defaultValue }

        /// Whether the option is shown, once every option its `RequiredOptions` name has a value (`assigned` of
        /// them do, in order); `nil` before.
        func isShown(_ option: XcodeOption, assigned: Int) -> Bool? {
            let known = option.requirements.allSatisfy { (position[$0.identifier] ?? -1) < assigned }
            return known ? info.requirementsMet(option, values: text) : nil
        }
        /// Whether the folder name the first `assigned` options spell so far can still be one of the bundle's.
        func canSpellAFolder(assigned: Int) -> Bool {
            var name = ""
            for index in 0..<assigned where xcodeOptions[index].kind.selectsFolder {
                guard let shown = isShown(xcodeOptions[index], assigned: assigned) else { break }
                guard shown else { continue }
                let value = text[options[index].name] ?? ""
                switch xcodeOptions[index].kind {
                case .checkbox: name += value == "true" ? options[index].name : ""
                default: name += value
                }
            }
            // In any letter case: `folder(selectedBy:)` takes a folder whose name differs only in case.
            let spelled = name.lowercased()
            return name.isEmpty || folders.contains { $0.lowercased().hasPrefix(spelled) }
        }

        var conditions: [String: Condition] = [:]
        var values = OptionValues()
        var indices = Array(repeating: -1, count: options.count)
        var depth = 0
        var steps = 0
        while depth >= 0, steps < Self.maximumFolderSearchSteps {
            guard depth < options.count else {
                addCondition(for: values, text: text, to: &conditions)
                depth -= 1
                continue
            }
            indices[depth] += 1
            guard indices[depth] < choices[depth].count else {
                indices[depth] = -1
                text[options[depth].name] = xcodeOptions[depth].defaultValue
                values[options[depth].name] = nil
                depth -= 1
                continue
            }
            steps += 1
            let value = choices[depth][indices[depth]]
            values[options[depth].name] = value
            text[options[depth].name] = value.text
            let hidden = isShown(xcodeOptions[depth], assigned: depth + 1) == false
            if hidden && value != options[depth].defaultValue { continue }
            if canSpellAFolder(assigned: depth + 1) { depth += 1 }
        }
        return conditions
    }

    /// Adds the condition of one whole combination to the folder it selects, unless it repeats another.
    private func addCondition(
        for values: OptionValues, text: [String: String], to conditions: inout [String: Condition]
    ) {
        let info = bundle.info
        guard !isRedundantCombination(values) else { return }
        let shown = Set(info.options.filter { info.requirementsMet($0, values: text) }.map(\.identifier))
        let resolved = XcodeOptionValues(values: text, shown: shown, productName: "")
        guard let spelled = info.folderName(for: resolved), let folder = bundle.files.folder(selectedBy: spelled) else {
            return
        }
        let condition = selecting(values, shown: shown)
        conditions[folder] = conditions[folder].map { .or($0, condition) } ?? condition
    }

    /// `interface == XIB and complex == Simple`: the shown folder-selecting options' values.
    private func selecting(_ values: OptionValues, shown: Set<String>) -> Condition {
        let parts: [Condition] = options.compactMap { option in
            guard shown.contains(option.name), bundle.info.option(option.name)?.kind.selectsFolder == true,
                let value = values[option.name]
            else { return nil }
            switch value {
            case .flag(let on): return on ? .isOn(option.name) : .not(.isOn(option.name))
            case .choice(let text), .text(let text): return .equals(option.name, text)
            }
        }
        return parts.dropFirst().reduce(parts.first ?? .isOn("")) { .and($0, $1) }
    }
}
