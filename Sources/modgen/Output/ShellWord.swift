/// A word as it must be typed in a POSIX shell, for the commands modgen's hints print: left as it is when the shell
/// would read it unchanged, else in single quotes (a quote inside as `'\''`).
enum ShellWord {
    private static let plain = Set("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_-./=:@%+,")

    static func quoted(_ word: String) -> String {
        if !word.isEmpty, word.allSatisfy(plain.contains) { return word }
        return "'" + word.split(separator: "'", omittingEmptySubsequences: false).joined(separator: #"'\''"#) + "'"
    }

    /// `words` as one command line.
    static func commandLine(_ words: [String]) -> String {
        words.map(quoted).joined(separator: " ")
    }
}
