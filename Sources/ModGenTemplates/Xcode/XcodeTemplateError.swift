import ModGenCore

/// An Xcode template bundle modgen cannot run as it is: each message names the bundle (and the plist line where
/// there is one). Option values the user gave are `OptionError`s instead (exit 64).
public enum XcodeTemplateError: ModGenError, Equatable {
    /// The bundle has no `TemplateInfo.plist`.
    case missingInfo(bundle: String)
    /// A project template (`Kind` holds `ProjectTemplate`): out of scope.
    case projectTemplate(bundle: String, kind: String)
    /// The sub-folder the options select (SPEC §4) is not in the bundle.
    case missingFolder(bundle: String, folder: String, existing: [String])
    /// Options' `Default`s refer to each other in a circle.
    case defaultCycle(bundle: String, identifiers: [String])
    /// Macros in `IDETemplateMacros.plist` refer to each other in a circle.
    case macroCycle(file: String, names: [String])
    /// Options' `Default`s refer to one another deeper than `XcodeExpansionBudget.maximumNesting`.
    case defaultsTooDeep(bundle: String, identifiers: [String])
    /// Macros in `IDETemplateMacros.plist` refer to one another deeper than `XcodeExpansionBudget.maximumNesting`.
    case macrosTooDeep(file: String, names: [String])
    /// The macros of `file` (a template file, `TemplateInfo.plist` or `IDETemplateMacros.plist`) put in more than
    /// `limit` bytes.
    case expansionTooLarge(file: String, limit: Int)
    /// A file or folder name whose macros expand to something that is not one plain name.
    case unsafeName(bundle: String, templatePath: String, expanded: String, reason: String)
    /// Two template files expand to the same output path.
    case samePath(bundle: String, first: String, second: String, output: String)

    public var message: String {
        switch self {
        case .missingInfo(let bundle):
            return "\(bundle): not an Xcode template: it has no TemplateInfo.plist"
        case .projectTemplate(let bundle, let kind):
            return "\(bundle): is a project template (Kind \(kind)); modgen runs file templates only"
        case .missingFolder(let bundle, let folder, let existing):
            let list = existing.isEmpty ? "it has none" : "it has " + existing.map { "'\($0)'" }.joined(separator: ", ")
            return "\(bundle): the options select the sub-folder '\(folder)', which the bundle does not have (\(list))"
        case .defaultCycle(let bundle, let identifiers):
            return
                "\(bundle): the Defaults of options \(identifiers.joined(separator: " → ")) refer to each other in a circle"
        case .macroCycle(let file, let names):
            return "\(file): macros \(names.joined(separator: " → ")) refer to each other in a circle"
        case .defaultsTooDeep(let bundle, let identifiers):
            return "\(bundle)/\(XcodeBundle.infoFileName): the Defaults of options "
                + "\(XcodeExpansionBudget.chain(identifiers)) refer to one another more than "
                + "\(XcodeExpansionBudget.maximumNesting) levels deep"
        case .macrosTooDeep(let file, let names):
            return "\(file): macros \(XcodeExpansionBudget.chain(names)) refer to one another more than "
                + "\(XcodeExpansionBudget.maximumNesting) levels deep"
        case .expansionTooLarge(let file, let limit):
            return "\(file): its macros expand to more than \(limit) bytes; do macros or Defaults repeat one another?"
        case .unsafeName(let bundle, let templatePath, let expanded, let reason):
            return "\(bundle): '\(templatePath)' expands to '\(RelativePath.printable(expanded))', \(reason)"
        case .samePath(let bundle, let first, let second, let output):
            return "\(bundle): '\(first)' and '\(second)' both expand to '\(output)'"
        }
    }
}

/// Something modgen did with an Xcode template that the user should know but that does not stop the run: a macro
/// left as written. The command prints these; the library only returns them.
public struct XcodeWarning: Equatable, Hashable, Sendable {
    public var message: String

    public init(_ message: String) {
        self.message = message
    }
}
