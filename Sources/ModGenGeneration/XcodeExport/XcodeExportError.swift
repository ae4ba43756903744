import ModGenCore

/// A template that Xcode's file templates cannot express: the definition file, what in it (a template file, an
/// option's rule) and why.
public struct XcodeExportError: ModGenError, Equatable {
    /// The template's definition file, as errors name it: `viper-s/template.json`.
    public var definitionPath: String
    public var reason: String

    public init(definitionPath: String, reason: String) {
        self.definitionPath = definitionPath
        self.reason = reason
    }

    public var message: String { "\(definitionPath): cannot export to Xcode: \(reason)" }
}
