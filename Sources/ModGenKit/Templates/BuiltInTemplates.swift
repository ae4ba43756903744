/// The templates compiled into the binary from the top-level `Templates/` folder.
public enum BuiltInTemplates {
    /// Every embedded file as (path relative to `Templates/`, text), sorted by path.
    public static var files: [(path: String, text: String)] { EmbeddedTemplates.files }
}
