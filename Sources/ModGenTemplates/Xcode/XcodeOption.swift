import ModGenCore

/// One entry of a `TemplateInfo.plist`'s `Options`: a value Xcode's New File dialog asks for (or derives), read
/// into `___VARIABLE_<identifier>___`.
public struct XcodeOption: Equatable, Sendable {
    /// How the dialog shows the option, and so whether a user can set it.
    public enum Kind: Equatable, Sendable {
        case text
        /// Read-only: shows its `Default`, macros expanded.
        case `static`
        /// No `Type`, or one Xcode does not document (`type` as written): a derived value the dialog never shows.
        case hidden(type: String?)
        case popup
        case checkbox
        /// Editable popups: any value, `Values` are suggestions.
        case `class`
        case combo

        /// Whether a user can give the option a value; static and hidden ones are derived from their `Default`.
        public var isSettable: Bool {
            switch self {
            case .static, .hidden: return false
            default: return true
            }
        }

        /// Whether the option's value names the sub-folder of the bundle that is the template (SPEC §4).
        public var selectsFolder: Bool {
            switch self {
            case .popup, .checkbox, .class, .combo: return true
            default: return false
            }
        }

        /// As `describe` shows it: the plist's `Type`.
        public var name: String {
            switch self {
            case .text: return "text"
            case .static: return "static"
            case .hidden(let type?): return "hidden (Type \(type))"
            case .hidden(nil): return "hidden"
            case .popup: return "popup"
            case .checkbox: return "checkbox"
            case .class: return "class"
            case .combo: return "combo"
            }
        }
    }

    /// "Show this option only while `identifier` holds one of `values`" (`RequiredOptions`).
    public struct Requirement: Equatable, Sendable {
        public var identifier: String
        public var values: [String]

        public init(identifier: String, values: [String]) {
            self.identifier = identifier
            self.values = values
        }
    }

    public var identifier: String
    public var kind: Kind
    public var name: String
    public var description: String
    /// As written (a boolean `Default` reads as `true`/`false`); may hold macros.
    public var defaultValue: String
    public var isRequired: Bool
    public var values: [String]
    public var requirements: [Requirement]
    public var isNotPersisted: Bool
    public var emptyReplacement: String
    public var suffixes: [String: String]
    /// The line of the option's `<dict>` in the plist, for errors about its values.
    public var line: Int

    public init(
        identifier: String, kind: Kind, name: String = "", description: String = "", defaultValue: String = "",
        isRequired: Bool = false, values: [String] = [], requirements: [Requirement] = [],
        isNotPersisted: Bool = false, emptyReplacement: String = "", suffixes: [String: String] = [:], line: Int = 0
    ) {
        self.identifier = identifier
        self.kind = kind
        self.name = name
        self.description = description
        self.defaultValue = defaultValue
        self.isRequired = isRequired
        self.values = values
        self.requirements = requirements
        self.isNotPersisted = isNotPersisted
        self.emptyReplacement = emptyReplacement
        self.suffixes = suffixes
        self.line = line
    }

    /// The flag modgen derives from the identifier: kebab-case (`withXIB` → `with-xib`, `interface` → `interface`).
    public var flagName: String { CaseConversion.kebab(identifier) }
}

/// Xcode's readings of a boolean written as text: `YES`, `Yes`, `true`, `1`, in any case.
enum XcodeBoolean {
    static func value(of text: String) -> Bool? {
        switch text.lowercased() {
        case "yes", "true", "1": return true
        case "no", "false", "0", "": return false
        default: return nil
        }
    }
}
