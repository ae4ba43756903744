import ModGenTemplates

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

extension ModuleTemplate {
    /// The options a run without a config file resolves: each value checked, then the rules between them. Runs
    /// resolve through `GenerationSession`, which also blames a broken rule on the flags or the config; tests of a
    /// template alone need only this.
    public func resolvedOptions(_ explicit: [String: OptionValue]) throws(OptionError) -> OptionValues {
        let values = try optionValues(explicit: explicit)
        if let violation = constraintViolations(in: values).first { throw OptionError(violation.message) }
        return values
    }
}

extension TemplateManifest {
    /// The manifest as a template whose folder holds no file, for tests of the manifest alone.
    public var template: ManifestTemplate {
        ManifestTemplate(manifest: self, source: .directory(URL(fileURLWithPath: "/nonexistent-template-folder")))
    }
}
