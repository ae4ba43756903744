import ModGenCore

/// What the macros Xcode reads from the Mac stand for in a modgen run: the header fields, the date and its
/// pattern, and the macros of a team's `IDETemplateMacros.plist`. Nothing here comes from the clock or the user
/// account, so the same command gives the same bytes everywhere.
public struct XcodeMacroSettings: Sendable {
    public var header: HeaderFields
    /// How `DATE` is written; `yyyy-MM-dd` when the config names none.
    public var datePattern: DatePattern?
    /// Macros a team defines (`IDETemplateMacros.plist`), by name, unexpanded: they may use other macros.
    public var customMacros: [String: String]
    /// Where `customMacros` come from, for errors.
    public var customMacrosFile: String

    public init(
        header: HeaderFields = HeaderFields(), datePattern: DatePattern? = nil, customMacros: [String: String] = [:],
        customMacrosFile: String = "IDETemplateMacros.plist"
    ) {
        self.header = header
        self.datePattern = datePattern
        self.customMacros = customMacros
        self.customMacrosFile = customMacrosFile
    }

    /// `DATE`: the header's day in the pattern, or empty when no date was given.
    var formattedDate: String { header.formattedDate(datePattern) }

    /// The Xcode 15 `FILEHEADER`, written with the macros it consists of so a team's own definitions of them
    /// (`ORGANIZATIONNAME`, `DATE`) take part.
    static let defaultFileHeader =
        "\n//  ___FILENAME___\n//  ___PROJECTNAME___\n//\n//  Created by ___FULLUSERNAME___ on ___DATE___.\n//"

    static let copyright = "Copyright © ___YEAR___ ___ORGANIZATIONNAME___. All rights reserved."

    /// The header field that fills a macro Xcode reads from the Mac or the project (`FULLUSERNAME`: `author`), for
    /// the warning when it is empty; `nil` for other macros (`TIME` is always empty, as documented).
    static func headerField(filling name: String) -> String? {
        switch name {
        case "PROJECTNAME", "PACKAGENAME", "TARGETNAME", "WORKSPACENAME", "PACKAGENAMEASIDENTIFIER": "project"
        case "FULLUSERNAME", "USERNAME": "author"
        case "ORGANIZATIONNAME": "company"
        case "DATE", "YEAR": "date"
        default: nil
        }
    }

    /// One line for every header macro a run left empty: Xcode would have filled them (`Created by  on .`), and
    /// modgen reads neither the user account nor the clock unless asked, so it says which value to give.
    static func emptyHeaderWarning(bundle: String, macros: [String]) -> String {
        let names = macros.map { "___\($0)___" }
        let listed =
            names.count == 1
            ? names[0] : Array(names.dropLast()).joined(separator: ", ") + " and " + names[names.count - 1]
        var fields: [String] = []
        for macro in macros {
            guard let field = headerField(filling: macro), !fields.contains(field) else { continue }
            fields.append(field)
        }
        let sources = fields.map { $0 == "date" ? "--date <YYYY-MM-DD|today>" : "--set \($0)=<value>" }
        return "\(bundle): \(listed) \(names.count == 1 ? "is" : "are") empty (Xcode fills "
            + "\(names.count == 1 ? "it" : "them") from the project, the user account or the clock, modgen from its "
            + "header fields): give \(sources.joined(separator: ", ")), or the config's \"header\" and \"date\""
    }

    /// The value of a built-in macro that needs no file: `nil` for names modgen does not define.
    func builtInValue(of name: String) -> String? {
        switch name {
        case "PROJECTNAME", "PACKAGENAME", "TARGETNAME", "WORKSPACENAME": return header.project
        case "PACKAGENAMEASIDENTIFIER": return XcodeMacroModifier.identifier.apply(to: header.project)
        case "FULLUSERNAME": return header.author
        case "USERNAME": return String(header.author.lowercased().filter { !$0.isWhitespace })
        case "ORGANIZATIONNAME": return header.company
        case "DATE": return formattedDate
        case "YEAR": return header.year
        case "TIME": return ""
        default: return nil
        }
    }
}
