import Foundation

/// Renders what a template generates for every valid option combination, as one tree of files:
/// `<combination>/<module files>` and `<combination>/Support/<support files>`. Template authors record it and
/// check it in CI; the golden tests of the built-in templates use it. `SnapshotDirectory` (Writing) records and
/// checks the files in a folder.
public struct Snapshot: Sendable {
    /// The folder support files go to inside each combination.
    public static let supportFolder = "Support"

    /// The rendered template's id, which the snapshot folder's marker names.
    public var templateID: String
    public var files: [RenderedFile]
    public var combinations: [OptionCombination]

    /// - Parameters:
    ///   - moduleName: the module to render, by default the manifest's `sampleName`.
    public init(
        rendering renderer: TemplateRenderer, moduleName: String? = nil, header: HeaderFields = .init(),
        settings: [String: String] = [:]
    ) throws {
        let manifest = renderer.template.manifest
        templateID = manifest.id
        combinations = manifest.validCombinations()
        files = []
        for combination in combinations {
            let request = GenerationRequest(
                moduleName: moduleName ?? manifest.sampleName, options: combination.values, settings: settings,
                header: header)
            for file in try renderer.renderModule(request) {
                files.append(RenderedFile(path: "\(combination.name)/\(file.path)", contents: file.contents))
            }
            for file in try renderer.renderSupport(request) {
                files.append(
                    RenderedFile(
                        path: "\(combination.name)/\(Self.supportFolder)/\(file.path)", contents: file.contents))
            }
        }
    }
}
