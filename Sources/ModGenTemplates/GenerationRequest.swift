import ModGenCore

/// What a run asks for besides the template: the module name (absent for support files), option values, `--set`
/// values and header fields.
public struct GenerationRequest: Sendable {
    public var moduleName: String?
    public var options: OptionValues
    public var settings: [String: String]
    public var header: HeaderFields
    /// Where the run writes and the config's formats, for templates whose output depends on them.
    public var environment = GenerationEnvironment()

    public init(
        moduleName: String?, options: OptionValues, settings: [String: String] = [:], header: HeaderFields = .init()
    ) {
        self.moduleName = moduleName
        self.options = options
        self.settings = settings
        self.header = header
    }
}

/// A module name that cannot become a Swift type name.
public struct ModuleNameError: ModGenError, Equatable {
    public var name: String
    public var reason: String
    public var message: String { "invalid module name '\(name)': \(reason)" }

    /// The one check of a module name, whatever the template's format: it names Swift types and files
    /// (`HomePresenter.swift`), so it must be a Swift identifier — never empty, `.`, or a path.
    public static func check(_ name: String) throws(ModuleNameError) {
        if let problem = SwiftIdentifier.problem(with: name) { throw ModuleNameError(name: name, reason: problem) }
    }
}

/// What a run knows besides the values it renders: where it writes and the config's formats. Xcode bundles look for
/// a team's `IDETemplateMacros.plist` from the output folder and write `DATE` in the config's `dateFormat`.
public struct GenerationEnvironment: Sendable {
    /// The folder the files go to; `nil` where nothing is written to a project (snapshots).
    public var outputDirectory: String?
    public var datePattern: DatePattern?
    /// The config's `xcodeMacros`.
    public var xcodeMacrosFile: String?
    /// The Xcode targets the module's files and its tests join, where the run knows them (Generamba templates print
    /// them as `module_info.project_targets` and `test_targets`).
    public var targets: [String] = []
    public var testTargets: [String] = []
    /// The module the app target's code is compiled into (`XcodeProject.productModuleName`), where the run knows the
    /// project: what tests `@testable import`.
    public var targetModule: String?

    public init(outputDirectory: String? = nil, datePattern: DatePattern? = nil, xcodeMacrosFile: String? = nil) {
        self.outputDirectory = outputDirectory
        self.datePattern = datePattern
        self.xcodeMacrosFile = xcodeMacrosFile
    }
}
