/// A file the run edits besides the rendered ones (an Xcode project file), as listings show it.
public struct EditedFileEntry: Equatable, Sendable {
    /// The path as shown.
    public var path: String
    /// `.overwrite` when the edit changes the file, `.unchanged` when it does not.
    public var action: WriteAction
}

extension WritePlan {
    /// Where each rendered file goes on disk (absolute, existing symbolic links resolved), in the plan's order.
    public var plannedTargets: [(entry: WriteEntry, path: String)] {
        items.filter { $0.editedDisplay == nil }.map { ($0.entry, $0.target) }
    }

    /// The files added with `addEditedFile`, in order.
    public var editedFiles: [EditedFileEntry] {
        items.compactMap { item in item.editedDisplay.map { EditedFileEntry(path: $0, action: item.entry.action) } }
    }

    /// Makes an existing file outside the output folders part of the run: `newBytes` replace `originalBytes`, the
    /// contents it was planned from. It is written after the rendered files, atomically, refused if it no longer
    /// holds `originalBytes` when its turn comes, and rolled back with them if anything fails (as they are if it
    /// cannot be written). Conflict policies do not apply: the edit was planned from the file as it is. The caller
    /// locks the file's folder with the output folders.
    public mutating func addEditedFile(
        at path: String, shownAs display: String, originalBytes: [UInt8], newBytes: [UInt8]
    ) throws(WritingError) {
        try addEditedFile(
            at: path, shownAs: display, originalBytes: originalBytes, newBytes: newBytes, fileSystem: LiveFileSystem())
    }

    mutating func addEditedFile(
        at path: String, shownAs display: String, originalBytes: [UInt8], newBytes: [UInt8],
        fileSystem: some FileSystem
    ) throws(WritingError) {
        let status: (kind: FileKind, permissions: UInt32)?
        let identity: FileIdentity?
        do {
            status = try fileSystem.status(of: path)
            identity = try fileSystem.identity(of: path)
        } catch {
            throw .inaccessible(path: display, reason: error.reason)
        }
        guard let status, let identity, status.kind == .regularFile else {
            throw .unusableTarget(path: display, reason: "it is not a regular file")
        }
        let changes = originalBytes != newBytes
        var item = Item(
            entry: WriteEntry(action: changes ? .overwrite : .unchanged, path: display), newBytes: newBytes,
            target: path,
            existing: changes
                ? ExistingFile(bytes: originalBytes, identity: identity, permissions: status.permissions) : nil)
        item.editedDisplay = display
        items.append(item)
    }
}

extension WritePlan {
    /// A plan of no files: a project file one run edits for several modules gets one plan of its own
    /// (`addEditedFile`), and a request that writes only bookkeeping (`update --adopt`) plans nothing else.
    public static func empty() -> WritePlan {
        WritePlan()
    }

    private init() {
        outputDirectory = "."
        rootDirectories = [:]
        policy = .overwrite
        items = []
    }
}
