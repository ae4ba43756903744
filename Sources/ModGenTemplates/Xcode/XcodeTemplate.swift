import ModGenCore
import ModGenMustache

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// An Xcode file template bundle as a modgen template: `modgen new Home --template path/to/Module.xctemplate`.
///
/// Options a user can set become modgen options (popup → choice, checkbox → flag, text, class and combo → any
/// text), so they get flags and `.modgen.json` defaults as manifest options do; every one of them, and the option
/// `<Name>` fills, can also be given with `--set <Identifier>=<value>`. Static and hidden options are derived.
public struct XcodeTemplate: ModuleTemplate {
    public let bundle: XcodeBundle
    /// The options, built once: a run asks for them at every flag, default and combination it checks.
    public let options: [TemplateOption]

    public init(bundle: XcodeBundle) {
        self.bundle = bundle
        let bound = bundle.info.nameBoundOption
        options = bundle.info.options.compactMap { option in
            guard option.kind.isSettable, option.identifier != bound else { return nil }
            return Self.templateOption(option, hiddenUnless: Self.hiddenText(of: option))
        }
    }

    public init(at url: URL) throws {
        self.init(bundle: try XcodeBundle(at: url))
    }

    public var id: String { XcodeBundle.id(ofFolderNamed: bundle.url.lastPathComponent) }

    /// The id of the bundle at `path`, as typed (`Templates/Module.xctemplate/` → `module`).
    public static func id(ofPath path: String) -> String {
        XcodeBundle.id(ofFolderNamed: URL(fileURLWithPath: path).lastPathComponent)
    }
    public var summary: String {
        let text = bundle.info.summary.isEmpty ? bundle.info.description : bundle.info.summary
        return text.split(whereSeparator: \.isNewline).first.map(String.init) ?? ""
    }
    /// The folder holding the bundle: Xcode's dialog groups templates by it (`VIPER Templates`).
    public var category: String? { bundle.url.deletingLastPathComponent().lastPathComponent }
    public var source: TemplateSource { .directory(bundle.url) }
    public var definitionPath: String { bundle.url.appendingPathComponent(XcodeBundle.infoFileName).path }
    /// The bundle's `DefaultCompletionName` when it is a type name, else `Home`.
    public var sampleName: String {
        let name = bundle.info.defaultCompletionName
        return !name.isEmpty && SwiftIdentifier.problem(with: name) == nil ? name : "Home"
    }

    public var parameters: [TemplateParameter] { [] }

    /// A bundle's files are a module's, as Xcode writes them whatever name its dialog is given. When no file or
    /// folder name uses the module's name they are also support files: Infinum's `Base Interfaces` bundles write
    /// `BaseWireframe.swift` and the interface protocols, the base types every module builds on, which a project
    /// writes once (`modgen support`).
    public var files: [TemplateFile] { bundleFiles }
    public var supportFiles: [TemplateFile] { writesSupportFiles ? bundleFiles : [] }

    /// Whether no path in the bundle uses a macro that stands for the module's name (`___FILEBASENAME___`,
    /// `___VARIABLE_productName___`, the option `<Name>` fills): the bundle writes the same files for every name.
    public var writesSupportFiles: Bool {
        var nameMacros: Set<String> = [
            "FILENAME", "FILEBASENAME", "FILEBASENAMEASIDENTIFIER", "PRODUCTNAME", "VARIABLE_productName",
        ]
        if let bound = bundle.info.nameBoundOption { nameMacros.insert("VARIABLE_\(bound)") }
        var usesName = false
        for path in bundle.files.paths where !usesName {
            _ = XcodeMacroText.expand(path) { reference in
                if nameMacros.contains(reference.name) { usesName = true }
                return nil
            }
        }
        return !usesName
    }

    /// Every template file, named by its path in the bundle, with the option values that select its folder.
    private var bundleFiles: [TemplateFile] {
        let conditions = folderConditions()
        // Files beside the sub-folders are never written when options select a folder.
        let written = bundle.files.paths.filter { !bundle.info.selectsFolder || $0.contains("/") }
        return written.map { path in
            let folder = path.firstIndex(of: "/").map { String(path[..<$0]) }
            let position = SourcePosition(line: 1, column: 1)
            return TemplateFile(
                template: path, templatePosition: position, path: path, pathPosition: position,
                when: folder.flatMap { conditions[$0] } ?? nil)
        }
    }

    private static func templateOption(_ option: XcodeOption, hiddenUnless: String) -> TemplateOption {
        let facts =
            "Xcode \(option.kind.name)" + (option.isRequired ? ", required" : "")
            + (option.kind == .class || option.kind == .combo
                ? ", suggested: \(option.values.joined(separator: ", "))" : "")
        // Sentences, so the plist's text (often without a full stop) does not run into what modgen adds.
        let help = [option.name, Self.sentence(option.description), Self.sentence(facts), hiddenUnless].filter {
            !$0.isEmpty
        }
        .joined(separator: " ")
        let position = SourcePosition(line: option.line, column: 1)
        switch option.kind {
        case .popup where !option.values.isEmpty:
            let fallback = option.values.contains(option.defaultValue) ? option.defaultValue : option.values[0]
            return TemplateOption(
                name: option.identifier, kind: .choice(values: option.values, default: fallback), help: help,
                position: position)
        case .checkbox:
            return TemplateOption(
                name: option.identifier, kind: .flag(default: XcodeBoolean.value(of: option.defaultValue) == true),
                help: help, position: position)
        default:
            var result = TemplateOption(
                name: option.identifier, kind: .text(default: option.defaultValue, sample: nil), help: help,
                position: position)
            result.acceptsAnyText = true
            if option.kind == .class || option.kind == .combo { result.suggestedValues = option.values }
            return result
        }
    }

    /// `Shown only when interface is XIB; otherwise it selects nothing.`, for an option with `RequiredOptions`.
    private static func hiddenText(of option: XcodeOption) -> String {
        guard !option.requirements.isEmpty else { return "" }
        let parts = option.requirements.map { "\($0.identifier) is \($0.values.joined(separator: " or "))" }
        return "Shown only when \(parts.joined(separator: " and ")); otherwise it selects nothing."
    }

    /// `text` trimmed, ending in a full stop unless it ends in punctuation already; empty stays empty.
    private static func sentence(_ text: String) -> String {
        guard let start = text.firstIndex(where: { !$0.isWhitespace }),
            let end = text.lastIndex(where: { !$0.isWhitespace })
        else { return "" }
        let trimmed = String(text[start...end])
        let last = text[end]
        return ".!?:".contains(last) ? trimmed : trimmed + "."
    }

    public func constraintViolations(in values: OptionValues) -> [ConstraintViolation] { [] }

    /// A combination in which an option the others hide differs from its default writes what the default does.
    /// `values` may be partial (a pairwise search on its way): an option whose `RequiredOptions` name an option
    /// not in `values` yet does not count.
    public func isRedundantCombination(_ values: OptionValues) -> Bool {
        let info = bundle.info
        let options = self.options
        let settable = Set(options.map(\.name))
        var text: [String: String] = [:]
        for option in options { text[option.name] = values[option.name]?.text ?? "" }
        return options.contains { option in
            guard let xcode = info.option(option.name), let value = values[option.name], value != option.defaultValue,
                xcode.requirements.allSatisfy({ !settable.contains($0.identifier) || values[$0.identifier] != nil })
            else { return false }
            return !info.requirementsMet(xcode, values: text)
        }
    }

    /// `--set key=value`: an option's identifier (checked as the option checks it; static and hidden ones refused),
    /// or a header field.
    public func checkSetting(key: String, value: String) throws(OptionError) {
        if ContextNames.headerFields.contains(key) {
            if let problem = HeaderFields.problem(withFieldValue: value) {
                throw .invalidSetting(key: key, value: value, problem: .badHeaderValue(problem))
            }
            return
        }
        _ = try bundle.info.checkedValue(value, for: key)
    }

    public func makeRenderer(headerPartial: MustacheTemplate?) -> any TemplateRendering {
        XcodeRenderer(template: self)
    }
}
