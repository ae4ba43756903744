import ModGenCore

extension ModGenConfig {
    /// Refuses a `"templates"` folder that does not exist (exit 66), naming where the config names it: the
    /// catalog's own error could only name the folder, leaving the reader to find which file pointed there.
    public func checkTemplateFolders() throws(ConfigReferenceError) {
        for (folder, position) in zip(templateDirectories, templateDirectoryPositions)
        where FileStatus.isDirectory(atPath: folder.path) == nil {
            throw ConfigReferenceError(
                configFile: displayPath, position: position,
                reason: "no such template folder '\(RelativePath.printable(folder.path))'")
        }
    }

    /// Refuses `"options"` for a template id that is none of `knownIDs` (the catalog's: built-in, user folders,
    /// Xcode bundles): a typo there (`"vipr"`) would otherwise be ignored for good, its options silently never
    /// applied. The error names the id's line and column, with the closest known id.
    public func checkOptionTemplateIDs(among knownIDs: [String]) throws(DataFileError) {
        let unknown = optionObjectPositions.filter { !knownIDs.contains($0.key) }
            .sorted { ($0.value.line, $0.value.column) < ($1.value.line, $1.value.column) }
        guard let (id, position) = unknown.first else { return }
        let suggestion = Suggestion.hint(for: id, among: knownIDs)
        throw DataFileError(
            fileName: displayPath, position: position,
            reason: "\"options\" names template '\(PrintableText.escaped(id))', which does not exist\(suggestion) "
                + "(templates: \(knownIDs.sorted().joined(separator: ", ")))")
    }
}
