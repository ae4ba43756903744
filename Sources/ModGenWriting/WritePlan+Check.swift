import ModGenCore

/// A rendered file that differs from the disk, with the unified diff from the disk's version to the rendered one.
public struct FileDifference: Equatable, Sendable {
    /// The rendered (relative) path.
    public var path: String
    /// The named output root the path is relative to; `nil`: the output directory.
    public var root: String? = nil
    /// `.create` for a missing file; otherwise the plan's action for an existing file with other contents.
    public var action: WriteAction
    /// `--- <path> (on disk)` (or `--- /dev/null`), `+++ <path> (generated)`, then the hunks; ends with a newline.
    public var diff: String
    /// Whether this is a file edited outside the output folders (`WritePlan.addEditedFile`): `path` is then the
    /// path as shown.
    public var isEditedFile = false
}

extension WritePlan {
    /// `--check`: a diff for every rendered file that is missing or has other contents on disk, whatever the
    /// policy, in the plan's order; empty when the disk is up to date. Paths in the headers are shown under
    /// `displayPrefix` (by default the output directory as given), each side labelled with what it is — `git`'s
    /// `a/` and `b/` leave the reader to guess which side is the disk.
    ///
    /// - Parameter existingSide: what the files on disk are to the reader: `on disk`, or `recorded` in a snapshot.
    public func differences(displayPrefix: String? = nil, existingSide: String = "on disk") -> [FileDifference] {
        items.compactMap { item in
            if item.entry.action == .unchanged { return nil }
            let shown =
                item.editedDisplay
                ?? RenderedPath.display(item.entry.path, under: directory(of: item.entry, displayPrefix: displayPrefix))
            // A file this run removes (no longer written, or dropped by the template) differs as a removed file does.
            let newLabel = item.staleIn == nil ? "\(shown) (generated)" : "/dev/null"
            if let existing = item.existing, existing.bytes == nil {
                return FileDifference(
                    path: item.entry.path, root: item.entry.root, action: item.entry.action,
                    diff: "--- \(shown) (\(existingSide))\n+++ \(newLabel)\n"
                        + "(the file is larger than \(TextFile.sizeLimit / (1024 * 1024)) MiB: its lines are not shown)\n"
                )
            }
            let diff = UnifiedDiff.make(
                oldBytes: item.existing?.bytes ?? [], newBytes: item.newBytes,
                oldLabel: item.existing == nil ? "/dev/null" : "\(shown) (\(existingSide))", newLabel: newLabel)
            // A missing file rendered empty still differs (it does not exist); diff has no hunk to show for it.
            return FileDifference(
                path: item.editedDisplay ?? item.entry.path, root: item.entry.root, action: item.entry.action,
                diff: diff ?? "--- /dev/null\n+++ \(newLabel)\n", isEditedFile: item.editedDisplay != nil)
        }
    }
}
