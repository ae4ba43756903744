/// The name of a set of files by their contents: what a recorded template version is called
/// (`.modgen/templates/<name>/`). The build-time embedder names each built-in template with it, and the run names a
/// user template with it, so both must be this one function.
public enum FileSetDigest {
    /// The SHA-256 of the files, each as its path, a zero byte, its size in decimal, a zero byte and its bytes, in
    /// path order (the order of the given files does not matter), as 64 lowercase hexadecimal digits.
    public static func hex(of files: [(path: String, bytes: [UInt8])]) -> String {
        var hash = SHA256()
        // Each part straight into the hash: no array is built per file.
        let zero: [UInt8] = [0]
        for file in files.sorted(by: { $0.path < $1.path }) {
            hash.update(file.path)
            hash.update(zero)
            hash.update(String(file.bytes.count))
            hash.update(zero)
            hash.update(file.bytes)
        }
        return hash.hexDigest()
    }
}
