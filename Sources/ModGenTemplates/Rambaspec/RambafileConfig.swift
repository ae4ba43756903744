import ModGenCore

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

extension ModGenConfig {
    /// This config with what it leaves unset taken from a Rambafile's: a `.modgen.json` and a `Rambafile` in one
    /// project combine key by key, the `.modgen.json` winning (its output, roots, project, header fields and `set`
    /// values), and the Rambafile's template folders searched after the `.modgen.json`'s. The file the records and
    /// hooks are anchored at stays the `.modgen.json`.
    public func filling(from rambafile: ModGenConfig) -> ModGenConfig {
        var merged = self
        if merged.file == nil { merged.file = rambafile.file }
        if merged.output == nil { merged.output = rambafile.output }
        for (root, folder) in rambafile.roots where merged.roots[root] == nil { merged.roots[root] = folder }
        if merged.xcodeProject == nil { merged.xcodeProject = rambafile.xcodeProject }
        if merged.header.company.isEmpty { merged.header.company = rambafile.header.company }
        if merged.header.author.isEmpty { merged.header.author = rambafile.header.author }
        if merged.header.project.isEmpty { merged.header.project = rambafile.header.project }
        for (key, value) in rambafile.settings where merged.settings[key] == nil { merged.settings[key] = value }
        merged.templateDirectories += rambafile.templateDirectories
        merged.templateDirectoryPositions += rambafile.templateDirectories.map { _ in
            SourcePosition(line: 1, column: 1)
        }
        return merged
    }
}
