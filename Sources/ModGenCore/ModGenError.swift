/// An error meant for the person running modgen: a one-line message saying what went wrong.
///
/// The command prints `modgen: error: <message>` on standard error and picks the exit code from the error's type
/// and case (`Sources/modgen/ExitCodes.swift`); library code never prints, exits or knows exit codes.
public protocol ModGenError: Error, CustomStringConvertible {
    /// One line, naming the file (and line and column) where there is one.
    var message: String { get }
}

extension ModGenError {
    public var description: String { message }
}
