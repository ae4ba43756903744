import ModGenCore
import ModGenMustache

/// A template in modgen's own format: a `template.json` manifest and Mustache files, built in or in a folder.
public struct ManifestTemplate: ModuleTemplate {
    public var manifest: TemplateManifest
    public var source: TemplateSource

    public init(manifest: TemplateManifest, source: TemplateSource) {
        self.manifest = manifest
        self.source = source
    }

    /// Reads the manifest of the template at `source` (no template file yet).
    public init(source: TemplateSource) throws {
        let path = source.displayPath(of: Self.manifestFileName)
        guard let text = try source.text(of: Self.manifestFileName) else {
            throw TemplateFileError(path: path, reason: "no such file")
        }
        self.init(manifest: try TemplateManifest(parsing: text, fileName: path), source: source)
        try source.checkNothingLeadsOut(templates: (manifest.files + manifest.supportFiles).map(\.template))
    }

    /// The file that makes a folder a manifest template.
    public static let manifestFileName = "template.json"

    public var id: String { manifest.id }
    public var summary: String { manifest.summary }
    public var definitionPath: String { source.displayPath(of: Self.manifestFileName) }
    public var sampleName: String { manifest.sampleName }
    public var options: [TemplateOption] { manifest.options }
    public var parameters: [TemplateParameter] { manifest.parameters }
    public var files: [TemplateFile] { manifest.files }
    public var supportFiles: [TemplateFile] { manifest.supportFiles }
    public var snapshotCombinations: CombinationSet { manifest.snapshotCombinations }

    public func constraintViolations(in values: OptionValues) -> [ConstraintViolation] {
        manifest.constraintViolations(in: values)
    }

    public func checkSetting(key: String, value: String) throws(OptionError) {
        try ManifestContext.validate(settingKey: key, value: value, manifest: manifest)
    }

    public func makeRenderer(headerPartial: MustacheTemplate?) -> any TemplateRendering {
        ManifestRenderer(template: self, headerPartial: headerPartial)
    }
}
