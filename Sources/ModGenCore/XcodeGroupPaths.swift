/// Where a Generamba project (a `Rambafile`) puts a module's files in Xcode groups when that is not simply the group
/// of their folder: its `project_group_path` / `test_group_path` where they differ from the file paths, and
/// `create_logical_groups`. Carried from the Rambafile into the run and kept in the module's record, so `update`,
/// `move`, `rename` and `--check` place the files as `new` did.
public struct XcodeGroupPaths: Sendable, Equatable {
    /// One side's group path: the module's files (`code`) or the tests root's (`tests`).
    public struct Side: Sendable, Equatable {
        /// Group names from the main group, `/`-separated (`App/Screens`); the module's name comes below it.
        public var path: String
        /// Whether it differs from the side's file path: the module's group then stands for the module's folder,
        /// given relative to the project (Generamba's rule).
        public var differsFromFolder: Bool

        public init(path: String, differsFromFolder: Bool) {
            self.path = path
            self.differsFromFolder = differsFromFolder
        }
    }

    public var code: Side?
    public var tests: Side?
    /// `create_logical_groups`: groups made have no folder (but the module's), the files of a side lie flat in the
    /// module's folder.
    public var logical: Bool

    public init(code: Side?, tests: Side?, logical: Bool) {
        self.code = code
        self.tests = tests
        self.logical = logical
    }

    /// The setting a logical-groups module is rendered with (`create_logical_groups` = `true`), so a re-render
    /// (`update`, `rename`) lays its files out flat again.
    public static let logicalSetting = "create_logical_groups"
}
