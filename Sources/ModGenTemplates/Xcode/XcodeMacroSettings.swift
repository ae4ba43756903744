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
