import ModGenCore

/// The templates compiled into the binary from the top-level `Templates/` folder by the EmbedTemplates plugin.
enum BuiltInTemplates {
    /// Every embedded file by its path relative to `Templates/` (`viper/template.json`).
    static let files: [String: String] = Dictionary(
        EmbeddedTemplates.files.map { ($0.path, $0.text) }, uniquingKeysWith: { first, _ in first })

    /// Each embedded Mustache file's parsed tree (`MustacheTemplate.compiledForm`), by the same paths, written when
    /// modgen was built: a run reads a built-in template file's tree instead of parsing its text.
    static let compiledForms: [String: String] = Dictionary(
        EmbeddedTemplates.compiledForms.map { ($0.path, $0.form) }, uniquingKeysWith: { first, _ in first })

    /// The Mustache texts written in the built-in manifests (output paths, parameter defaults) with the compiled
    /// form of each, by text.
    static let compiledManifestTexts: [String: String] = Dictionary(
        EmbeddedTemplates.compiledManifestTexts.map { ($0.text, $0.form) }, uniquingKeysWith: { first, _ in first })

    /// The ids of the built-in templates: folders with a `template.json`, sorted.
    static let templateFolders: [String] = files.keys.compactMap { path -> String? in
        // `<id>/template.json`, told by bytes: splitting every embedded path into `Character`s cost close to a
        // million instructions a run.
        let bytes = Array(path.utf8)
        guard let slash = bytes.firstIndex(of: UInt8(ascii: "/")), slash > 0,
            bytes[(slash + 1)...].elementsEqual("template.json".utf8)
        else { return nil }
        return String(decoding: bytes[..<slash], as: UTF8.self)
    }.sorted()

    /// The template `modgen new` renders when neither the command line nor the config names one: the
    /// `"defaultTemplate"` of `Templates/catalog.json`, so that no Swift code names a template. Without a usable
    /// entry (a broken checkout), the first built-in template; a test checks that the entry names a built-in one.
    static let defaultTemplateID: String = {
        let document = files["catalog.json"].flatMap { try? JSONDocument(parsing: $0, fileName: "catalog.json") }
        return document?.root["defaultTemplate"]?.stringValue ?? templateFolders.first ?? ""
    }()

    /// The folder shared by all templates (`_shared/…` references and shared partials).
    static let sharedFolder = "_shared"
}
