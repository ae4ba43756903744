import Foundation
import TestSupport

/// What the bad-input cases build on disk besides plain files: FIFOs, links, folders, modes, a user template.
extension TemporaryFolder {
    func makeFolder(_ relativePath: String) throws {
        try FileManager.default.createDirectory(atPath: path(relativePath), withIntermediateDirectories: true)
    }

    /// A named pipe: opening it for reading blocks until a writer comes, which none ever does here.
    func makeFIFO(_ relativePath: String) throws {
        try makeFolder((relativePath as NSString).deletingLastPathComponent)
        guard mkfifo(path(relativePath), 0o644) == 0 else { throw POSIXError(.init(rawValue: errno) ?? .EIO) }
    }

    /// A symbolic link at `relativePath` whose target is `target`, verbatim (relative to the link's folder).
    func makeLink(_ relativePath: String, to target: String) throws {
        try makeFolder((relativePath as NSString).deletingLastPathComponent)
        try FileManager.default.createSymbolicLink(atPath: path(relativePath), withDestinationPath: target)
    }

    func setPermissions(_ relativePath: String, _ permissions: Int) throws {
        try FileManager.default.setAttributes([.posixPermissions: permissions], ofItemAtPath: path(relativePath))
    }

    /// A user template `mine` in `t/mine/` with `manifest` as its `template.json` and `files` beside it.
    func writeTemplate(_ manifest: String, files: [String: String] = ["A.mustache": "a {{name}}\n"]) throws {
        try write("t/mine/template.json", manifest)
        for (name, contents) in files { try write("t/mine/\(name)", contents) }
    }
}

/// `new Home` with the user template `mine` of `t/`, into `out`.
let newMine = ["new", "Home", "--template", "mine", "--templates", "t", "-o", "out"]

/// A manifest of template `mine` with one flag `x` and one file `A.mustache`; `file` is spliced into the file
/// entry after its `template` and `path` keys, on line 3, so errors in it have a known line.
func mineManifest(fileKeys: String = "", options: String = #"{ "name": "x", "kind": "flag", "help": "X." }"#)
    -> String
{
    """
    { "id": "mine", "summary": "Mine",
      "options": [\(options)],
      "files": [ { "template": "A.mustache", "path": "{{name}}.txt"\(fileKeys) } ] }
    """
}

/// The files `new Home` writes into `out` with the viper template's defaults, and the folders holding them: what a
/// case that legitimately writes them lists as its changes.
func viperDefaultChanges(under prefix: String = "out") -> Set<String> {
    Set(viperDefaultFiles.map { "\(prefix)/\($0)" } + [prefix, "\(prefix)/Home"])
}
