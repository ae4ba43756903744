/// A rendered file that differs from the disk, with the unified diff from the disk's version to the rendered one.
public struct FileDifference: Equatable, Sendable {
    /// The rendered (relative) path.
    public var path: String
    /// The named output root the path is relative to; `nil`: the output directory.
    public var root: String? = nil
    /// `.create` for a missing file; otherwise the plan's action for an existing file with other contents.
    public var action: WriteAction
    /// `--- a/<path>` (or `--- /dev/null`), `+++ b/<path>`, then the hunks; ends with a newline.
    public var diff: String
}

extension WritePlan {
    /// `--check`: a diff for every rendered file that is missing or has other contents on disk, whatever the
    /// policy, in the plan's order; empty when the disk is up to date. Paths in the headers are shown under
    /// `displayPrefix` (by default the output directory as given).
    public func differences(displayPrefix: String? = nil) -> [FileDifference] {
        items.compactMap { item in
            if item.entry.action == .unchanged { return nil }
            let display = RenderedPath.display(
                item.entry.path, under: directory(of: item.entry, displayPrefix: displayPrefix))
            // `a//tmp/x` would be odd for an absolute output directory; `a/tmp/x` is what git shows.
            let shown = display.hasPrefix("/") ? String(display.dropFirst()) : display
            let diff = UnifiedDiff.make(
                oldBytes: item.existing?.bytes ?? [], newBytes: item.newBytes,
                oldLabel: item.existing == nil ? "/dev/null" : "a/" + shown, newLabel: "b/" + shown)
            // A missing file rendered empty still differs (it does not exist); diff has no hunk to show for it.
            return FileDifference(
                path: item.entry.path, root: item.entry.root, action: item.entry.action,
                diff: diff ?? "--- /dev/null\n+++ b/\(shown)\n")
        }
    }
}
