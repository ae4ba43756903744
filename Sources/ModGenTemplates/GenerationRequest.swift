import ModGenCore

/// What a run asks for besides the template: the module name (absent for support files), option values, `--set`
/// values and header fields.
public struct GenerationRequest: Sendable {
    public var moduleName: String?
    public var options: OptionValues
    public var settings: [String: String]
    public var header: HeaderFields

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
}
