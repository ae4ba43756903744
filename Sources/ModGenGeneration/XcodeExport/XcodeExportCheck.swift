import ModGenCore
import ModGenMustache
import ModGenTemplates

/// Proves, for one combination, that the files rendered with macros in place of the module name, text options and
/// header fields become, once Xcode expands the macros, exactly what `modgen new` writes: for a filled-in sample and
/// for one with every text empty. A template that uses a value in any other way (a case-converted name, a section on
/// a text, a file decided by one) fails here, and the check then finds which value it was.
struct XcodeExportCheck {
    let template: any ModuleTemplate
    let options: XcodeExportedOptions
    let renderer: any TemplateRendering

    /// One set of values for everything Xcode fills in from its dialog or the Mac.
    struct Sample {
        var name: String
        var texts: [String: String]
        var header: HeaderFields

        /// A value's key, as named in messages: `name`, a text option's name, `project`, `author`, `company`, `date`.
        var keyedValues: [(key: String, value: String)] {
            [("name", name)] + texts.sorted { $0.key < $1.key }.map { ($0.key, $0.value) }
                + [("project", header.project), ("author", header.author), ("company", header.company)]
                + [("date", header.date)]
        }

        func replacing(_ key: String, from other: Sample) -> Sample {
            var sample = self
            switch key {
            case "name": sample.name = other.name
            case "project": sample.header.project = other.header.project
            case "author": sample.header.author = other.header.author
            case "company": sample.header.company = other.header.company
            case "date": sample.header.date = other.header.date
            default: sample.texts[key] = other.texts[key]
            }
            return sample
        }
    }

    /// Macros in place of every value. The date has no macro modgen and Xcode write alike, so it is empty.
    var placeholder: Sample {
        Sample(
            name: XcodeExportedOptions.moduleNameMacro,
            texts: Dictionary(uniqueKeysWithValues: options.textOptions.map { ($0.name, "___VARIABLE_\($0.name)___") }),
            header: HeaderFields(
                project: "___PROJECTNAME___", author: "___FULLUSERNAME___", company: "___ORGANIZATIONNAME___"))
    }

    private var samples: [Sample] {
        let texts = options.textOptions.map { option -> (String, String) in
            if case .text(_, let sample?) = option.kind, !sample.isEmpty { return (option.name, sample) }
            return (option.name, "Items")
        }
        return [
            Sample(
                name: "Home", texts: Dictionary(uniqueKeysWithValues: texts),
                header: HeaderFields(project: "Shop", author: "Ann Smith", company: "Acme", date: "2026-01-31")),
            Sample(
                name: "ProductList", texts: Dictionary(uniqueKeysWithValues: texts.map { ($0.0, "") }),
                header: HeaderFields()),
        ]
    }

    /// The module's files without a root for `selection`, the left-out options at their defaults (or `value` for
    /// `leftOut`): the files of a named root (`tests`) have no place in an Xcode file template.
    func render(
        _ selection: OptionValues, _ sample: Sample, setting leftOut: String? = nil, to value: OptionValue? = nil
    ) throws -> [RenderedFile] {
        var values = options.completed(selection, setting: leftOut, to: value)
        for (name, text) in sample.texts { values[name] = .text(text) }
        return try renderer.renderModule(
            GenerationRequest(moduleName: sample.name, options: values, header: sample.header)
        ).filter { $0.root == nil }
    }

    /// Refuses a left-out option (`XcodeExportedOptions.leftOut`) whose values do not all give `files` for
    /// `selection`: it decides a file without a root after all, which the bundle could not offer.
    func verifyLeftOut(_ selection: OptionValues, placeholderFiles files: [RenderedFile]) throws {
        for option in options.leftOut {
            for text in XcodeExportedOptions.values(of: option) {
                let value: OptionValue = if case .flag = option.kind { .flag(text == "true") } else { .choice(text) }
                var values = options.completed(selection, setting: option.name, to: value)
                for (name, text) in placeholder.texts { values[name] = .text(text) }
                guard template.constraintViolations(in: values).isEmpty else { continue }
                guard try render(selection, placeholder, setting: option.name, to: value) == files else {
                    throw XcodeExportError(
                        definitionPath: template.definitionPath,
                        reason:
                            "the option '\(option.name)' decides only files of a named root, yet '\(option.name)="
                            + "\(text)' changes the module's own files")
                }
            }
        }
    }

    /// The files Xcode writes from `files` for `sample`: each placeholder replaced by its value.
    func expand(_ files: [RenderedFile], _ sample: Sample) -> [RenderedFile] {
        let replacements = zip(placeholder.keyedValues, sample.keyedValues).filter { !$0.0.value.isEmpty }.map {
            ($0.0.value, $0.1.value)
        }
        return files.map { file in
            var file = file
            for (macro, value) in replacements {
                file.path = file.path.replacing(macro, with: value)
                file.contents = file.contents.replacing(macro, with: value)
            }
            return file
        }
    }

    /// Throws, naming the template file and the value, when the macro-bearing `files` of `selection` do not expand
    /// to what modgen renders.
    func verify(_ selection: OptionValues, placeholderFiles files: [RenderedFile]) throws {
        for sample in samples {
            let expected = try render(selection, sample)
            let expanded = expand(files, sample)
            guard expected != expanded else { continue }
            throw try failure(selection, sample: sample, expected: expected, expanded: expanded)
        }
    }

    private func failure(
        _ selection: OptionValues, sample: Sample, expected: [RenderedFile], expanded: [RenderedFile]
    ) throws -> XcodeExportError {
        let index =
            zip(expected, expanded).enumerated().first { $0.element.0 != $0.element.1 }?.offset
            ?? min(expected.count, expanded.count)
        var values = selection
        for (name, text) in sample.texts { values[name] = .text(text) }
        let writtenFiles = template.files.filter { $0.when?.evaluate(values) ?? true }
        let file = writtenFiles.indices.contains(index) ? writtenFiles[index] : writtenFiles.last
        let subject = file.map { "the file '\($0.template)'" } ?? "a file"
        // The value to blame: the one that, filled in on its own, changes what the macros expand to.
        for (key, _) in placeholder.keyedValues {
            let alone = placeholder.replacing(key, from: sample)
            guard expand(try render(selection, alone), sample) != expand(try render(selection, placeholder), sample)
            else { continue }
            return XcodeExportError(definitionPath: template.definitionPath, reason: blame(key, file: file, subject))
        }
        return XcodeExportError(
            definitionPath: template.definitionPath,
            reason: "\(subject) renders text Xcode would read as a macro (such as ___PROJECTNAME___)")
    }

    private func blame(_ key: String, file: TemplateFile?, _ subject: String) -> String {
        switch key {
        case "name":
            let text = file.flatMap { try? template.source.text(of: $0.template) } ?? ""
            let form = ["nameCamel", "nameSnake", "nameKebab"].first { text.contains($0) }
            return "\(subject) uses the module name "
                + (form.map { "as '\($0)', a case conversion no Xcode macro expresses" }
                    ?? "in a way no Xcode macro expresses")
        case "project", "author", "company", "date":
            return "\(subject) uses the header field '\(key)' outside the header (a section, a condition or a "
                + "changed form), which no Xcode macro expresses"
        default:
            return "\(subject) uses the text option '\(key)' in a section, a condition or a changed form; Xcode "
                + "can only insert a text option's value"
        }
    }
}
