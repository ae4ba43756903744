/// The one rule for the name of an output root (a manifest's `"root": "tests"`, the config's `roots` keys,
/// `--root tests=…`): a lowercase ASCII letter, then lowercase letters, digits and `-`. The name is typed on the
/// command line and becomes a folder name in snapshots, so it stays a plain word.
public enum OutputRootName {
    /// Why `name` cannot name a root, or `nil`.
    public static func problem(with name: String) -> String? {
        guard let first = name.unicodeScalars.first else { return "it is empty" }
        guard first.properties.isLowercase, first.isASCII else {
            return "it must start with a lowercase letter"
        }
        let allowed = name.unicodeScalars.allSatisfy { scalar in
            scalar.isASCII && (scalar.properties.isLowercase || ("0"..."9").contains(scalar) || scalar == "-")
        }
        return allowed ? nil : "only lowercase letters, digits and '-' are allowed"
    }
}
