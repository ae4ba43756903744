/// The templates compiled into the binary from the top-level `Templates/` folder by the EmbedTemplates plugin.
enum BuiltInTemplates {
    /// Every embedded file by its path relative to `Templates/` (`viper/template.json`).
    static let files: [String: String] = Dictionary(
        EmbeddedTemplates.files.map { ($0.path, $0.text) }, uniquingKeysWith: { first, _ in first })

    /// The ids of the built-in templates: folders with a `template.json`, sorted.
    static var templateFolders: [String] {
        files.keys.compactMap { path -> String? in
            let parts = path.split(separator: "/")
            return parts.count == 2 && parts[1] == "template.json" ? String(parts[0]) : nil
        }.sorted()
    }

    /// The folder shared by all templates (`_shared/…` references and shared partials).
    static let sharedFolder = "_shared"
}
