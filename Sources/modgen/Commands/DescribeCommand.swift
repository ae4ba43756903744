import ModGenKit

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// Explains a template from its manifest: its options (flag, kind, default, help, rules, and the files each one
/// decides), its parameters, and every file with the condition under which it is written.
///
/// `modgen describe <template> [--templates <dir>]… [--config <file>]`
struct DescribeCommand: FixedOptionsCommand {
    static let template = ArgumentSpec(name: "template", help: "The template id (see 'modgen list').")

    static let configuration = CommandSpec(
        name: "describe",
        abstract: "Show a template's options, parameters and files.",
        discussion: """
            Conditions, requirements and conflicts are shown in the manifest's syntax, with option names as the \
            manifest writes them (flowController for --flow-controller). Paths are shown as templates: {{name}} is \
            the module name.
            """,
        arguments: [template],
        options: SessionOptions.options
    )

    var templateID: String
    var sessionOptions: SessionOptions

    init(_ parsed: ParsedArguments) throws {
        templateID = try parsed.required(Self.template)
        sessionOptions = SessionOptions(parsed)
    }

    private static let width = 80
    private static let indent = 6

    func run(io: CommandIO) throws -> ExitCode {
        let session = try sessionOptions.session()
        let template = try session.catalog.template(id: templateID)
        io.writeOutput(Self.describe(template, flags: TemplateFlags(session: session, template: template)))
        return .success
    }

    static func describe(_ template: any ModuleTemplate, flags: TemplateFlags) -> String {
        let origin =
            switch template.source {
            case .builtIn: template.source.origin
            case .directory(let folder): SessionOptions.shown(folder)
            }
        var sections = [
            wrapped("\(template.id): \(template.summary)", indent: 0)
                + "from: \(origin)\nsample name: \(template.sampleName)\n"
        ]
        if !template.options.isEmpty {
            let entries = zip(template.options, flags.options).map { option, spec in
                describe(
                    option, label: HelpFormatter.helpLabel(of: spec), files: template.files,
                    supportFiles: template.supportFiles)
            }
            sections.append("OPTIONS:\n" + entries.joined())
        }
        if !template.parameters.isEmpty {
            let entries = template.parameters.map { parameter in
                let defaultText = parameter.defaultTemplate.isEmpty ? "empty" : parameter.defaultTemplate
                return "  \(parameter.name)\n" + wrapped("\(parameter.kindDescription); default: \(defaultText)")
                    + wrapped(parameter.help)
            }
            sections.append("PARAMETERS (--set <name>=<value>):\n" + entries.joined())
        }
        if !template.roots.isEmpty {
            let entries = template.roots.map { root in
                let count = (template.files + template.supportFiles).filter { $0.root == root }.count
                return "  \(root)  (\(count == 1 ? "1 file" : "\(count) files"), shown as \(root):<path>)\n"
            }
            sections.append(
                "OUTPUT ROOTS (place each with --root <name>=<dir> or the config's \"roots\"):\n" + entries.joined())
        }
        sections.append("FILES:\n" + fileLines(template.files))
        if !template.supportFiles.isEmpty {
            sections.append("SUPPORT FILES ('modgen support \(template.id)'):\n" + fileLines(template.supportFiles))
        }
        return sections.joined(separator: "\n")
    }

    /// The option's flag and manifest name, kind and default, help, rules, and the files whose condition names it.
    private static func describe(
        _ option: TemplateOption, label: String, files: [TemplateFile], supportFiles: [TemplateFile]
    ) -> String {
        var text = "  \(label)" + (option.flagName == option.name ? "" : "  (\(option.name))") + "\n"
        text += wrapped("\(option.kindDescription); default: \(defaultText(of: option))")
        text += wrapped(option.help)
        for rule in option.requires { text += wrapped("requires \(rule.condition)" + reasonText(rule.reason)) }
        for rule in option.conflicts { text += wrapped("conflicts with \(rule.condition)" + reasonText(rule.reason)) }
        // Not wrapped: a path is one word, and a path template can be longer than a line.
        let padding = String(repeating: " ", count: indent)
        for (kind, list) in [("writes", files), ("support: writes", supportFiles)] {
            for file in list {
                guard let condition = file.when, condition.optionNames.contains(option.name) else { continue }
                text += "\(padding)\(kind) \(shownPath(of: file)) when \(condition)\n"
            }
        }
        return text
    }

    private static func defaultText(of option: TemplateOption) -> String {
        switch option.kind {
        case .flag(let on): return on ? "on" : "off"
        case .choice(_, let value): return value
        case .text(let value, let sample):
            return (value.isEmpty ? "empty" : value) + (sample.map { " (snapshot sample: \($0))" } ?? "")
        }
    }

    private static func reasonText(_ reason: String?) -> String {
        reason.map { ": \($0)" } ?? ""
    }

    /// One line per file, conditions in a column after the longest path.
    private static func fileLines(_ files: [TemplateFile]) -> String {
        let width = files.map { shownPath(of: $0).count }.max() ?? 0
        return files.map { file in
            guard let condition = file.when else { return "  \(shownPath(of: file))\n" }
            return "  " + shownPath(of: file).padded(to: width) + "  when \(condition)\n"
        }.joined()
    }

    /// A file's path template, after its root's name when it goes to a named root: `tests:{{name}}/…`.
    private static func shownPath(of file: TemplateFile) -> String {
        file.root.map { "\($0):\(file.path)" } ?? file.path
    }

    private static func wrapped(_ text: String, indent: Int = indent) -> String {
        text.isEmpty ? "" : HelpFormatter.wrap(text, width: width, indent: indent) + "\n"
    }
}
