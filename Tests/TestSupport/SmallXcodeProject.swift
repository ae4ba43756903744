/// A small `project.pbxproj` laid out as Xcode writes one: an app target `App` (folder `App/`, one Swift file, an
/// empty Resources phase) and a unit-test target `AppTests` (folder `AppTests/`), IDs that are easy to read.
public enum SmallXcodeProject {
    public static let text = """
        // !$*UTF8*$!
        {
        \tarchiveVersion = 1;
        \tclasses = {
        \t};
        \tobjectVersion = 56;
        \tobjects = {

        /* Begin PBXBuildFile section */
        \t\tA00000000000000000000010 /* AppDelegate.swift in Sources */ = {isa = PBXBuildFile; fileRef = A00000000000000000000011 /* AppDelegate.swift */; };
        /* End PBXBuildFile section */

        /* Begin PBXFileReference section */
        \t\tA00000000000000000000011 /* AppDelegate.swift */ = {isa = PBXFileReference; lastKnownFileType = sourcecode.swift; path = AppDelegate.swift; sourceTree = "<group>"; };
        \t\tA00000000000000000000012 /* App.app */ = {isa = PBXFileReference; explicitFileType = wrapper.application; includeInIndex = 0; path = App.app; sourceTree = BUILT_PRODUCTS_DIR; };
        /* End PBXFileReference section */

        /* Begin PBXGroup section */
        \t\tA00000000000000000000001 = {
        \t\t\tisa = PBXGroup;
        \t\t\tchildren = (
        \t\t\t\tA00000000000000000000002 /* App */,
        \t\t\t\tA00000000000000000000004 /* AppTests */,
        \t\t\t\tA00000000000000000000003 /* Products */,
        \t\t\t);
        \t\t\tsourceTree = "<group>";
        \t\t};
        \t\tA00000000000000000000002 /* App */ = {
        \t\t\tisa = PBXGroup;
        \t\t\tchildren = (
        \t\t\t\tA00000000000000000000011 /* AppDelegate.swift */,
        \t\t\t);
        \t\t\tpath = App;
        \t\t\tsourceTree = "<group>";
        \t\t};
        \t\tA00000000000000000000003 /* Products */ = {
        \t\t\tisa = PBXGroup;
        \t\t\tchildren = (
        \t\t\t\tA00000000000000000000012 /* App.app */,
        \t\t\t);
        \t\t\tname = Products;
        \t\t\tsourceTree = "<group>";
        \t\t};
        \t\tA00000000000000000000004 /* AppTests */ = {
        \t\t\tisa = PBXGroup;
        \t\t\tchildren = (
        \t\t\t);
        \t\t\tpath = AppTests;
        \t\t\tsourceTree = "<group>";
        \t\t};
        /* End PBXGroup section */

        /* Begin PBXNativeTarget section */
        \t\tA00000000000000000000020 /* App */ = {
        \t\t\tisa = PBXNativeTarget;
        \t\t\tbuildPhases = (
        \t\t\t\tA00000000000000000000021 /* Sources */,
        \t\t\t\tA00000000000000000000022 /* Resources */,
        \t\t\t);
        \t\t\tname = App;
        \t\t\tproductType = "com.apple.product-type.application";
        \t\t};
        \t\tA00000000000000000000030 /* AppTests */ = {
        \t\t\tisa = PBXNativeTarget;
        \t\t\tbuildPhases = (
        \t\t\t\tA00000000000000000000031 /* Sources */,
        \t\t\t);
        \t\t\tname = AppTests;
        \t\t\tproductType = "com.apple.product-type.bundle.unit-test";
        \t\t};
        /* End PBXNativeTarget section */

        /* Begin PBXProject section */
        \t\tA00000000000000000000040 /* Project object */ = {
        \t\t\tisa = PBXProject;
        \t\t\tmainGroup = A00000000000000000000001;
        \t\t\tprojectDirPath = "";
        \t\t\ttargets = (
        \t\t\t\tA00000000000000000000020 /* App */,
        \t\t\t\tA00000000000000000000030 /* AppTests */,
        \t\t\t);
        \t\t};
        /* End PBXProject section */

        /* Begin PBXResourcesBuildPhase section */
        \t\tA00000000000000000000022 /* Resources */ = {
        \t\t\tisa = PBXResourcesBuildPhase;
        \t\t\tfiles = (
        \t\t\t);
        \t\t};
        /* End PBXResourcesBuildPhase section */

        /* Begin PBXSourcesBuildPhase section */
        \t\tA00000000000000000000021 /* Sources */ = {
        \t\t\tisa = PBXSourcesBuildPhase;
        \t\t\tfiles = (
        \t\t\t\tA00000000000000000000010 /* AppDelegate.swift in Sources */,
        \t\t\t);
        \t\t};
        \t\tA00000000000000000000031 /* Sources */ = {
        \t\t\tisa = PBXSourcesBuildPhase;
        \t\t\tfiles = (
        \t\t\t);
        \t\t};
        /* End PBXSourcesBuildPhase section */
        \t};
        \trootObject = A00000000000000000000040 /* Project object */;
        }

        """

    /// The lines of `edited` that are not in `original`, when `edited` is `original` with lines inserted and
    /// nothing else changed; nil when an original line was changed or removed.
    public static func insertedLines(original: String, edited: String) -> [String]? {
        let old = original.split(separator: "\n", omittingEmptySubsequences: false)
        var next = 0
        var inserted: [String] = []
        for line in edited.split(separator: "\n", omittingEmptySubsequences: false) {
            if next < old.count, old[next] == line {
                next += 1
            } else {
                inserted.append(String(line))
            }
        }
        return next == old.count ? inserted : nil
    }
}
