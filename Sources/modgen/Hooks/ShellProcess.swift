import ModGenKit

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// Runs one command line with `/bin/sh -c`, as the user wrote it, and hands its output over as it arrives.
///
/// Nothing modgen knows is pasted into the command line: values reach the command through `environment` only, where
/// the shell never parses them, so a module name or a path cannot turn into shell syntax.
struct ShellProcess {
    /// How the command ended.
    typealias Termination = ChildProcess.Termination

    var command: String
    /// The whole environment of the command, `NAME=value` each.
    var environment: [String: String]
    /// The folder it runs in.
    var directory: String

    /// The script `sh -c` runs: into `directory`, then the command. posix_spawn has no portable "run in this
    /// folder" (`addchdir_np` is an extension Swift does not import), and modgen's own folder cannot change for a
    /// moment while other threads resolve paths against it; so the shell changes folder itself, reading the
    /// folder from its environment like every other value.
    static let directoryVariable = "MODGEN_CONFIG_DIR"
    private var script: String { "cd -- \"$\(Self.directoryVariable)\" || exit 125\n\(command)" }

    /// Runs the command until its shell exits (`ChildProcess`). Its standard output and standard error go, merged in
    /// the order it wrote them, to `output` as they arrive (see `OutputForwarder`); its standard input is
    /// `/dev/null`, so a hook that asks a question gets an end of file instead of waiting for an answer that cannot
    /// come.
    ///
    /// modgen returns when the shell exits, not when the pipe closes: a process the hook left running in the
    /// background (`sleep 20 &`, a file watcher) holds the pipe open for as long as it lives. What is in the pipe
    /// when the shell exits is still forwarded, up to `ChildProcess.drainLimit` bytes.
    func run(output: @escaping (String) -> Void) throws(HookError) -> Termination {
        var environment = environment
        environment[Self.directoryVariable] = directory
        let arguments = ["/bin/sh", "-c", script]
        let process = ChildProcess(
            executable: "/bin/sh", arguments: arguments, environment: environment, mergesErrors: true)
        var forwarder = OutputForwarder(output: output)
        let termination: Termination
        do throws(ChildProcess.Failure) {
            termination = try process.run { _, chunk in forwarder.forward(chunk) }
        } catch {
            switch error {
            case .cannotStart(let errorNumber) where errorNumber == E2BIG:
                throw tooLarge(arguments: arguments, environment: environment)
            case .cannotStart(let errorNumber):
                throw .cannotStart(
                    command: command, reason: "cannot start /bin/sh: \(TextFile.systemErrorDescription(errorNumber))")
            case .timedOut:
                // No time limit is set: a hook runs as long as it takes.
                throw .cannotStart(command: command, reason: "it was stopped")
            }
        }
        forwarder.finish()
        return termination
    }

    /// E2BIG is about everything a new process is given, and the command is rarely the large part: the message
    /// names the size and the largest variable, which is what the user can do something about.
    private func tooLarge(arguments: [String], environment: [String: String]) -> HookError {
        let total = (arguments + environment.map { "\($0.key)=\($0.value)" }).reduce(0) { $0 + $1.utf8.count + 1 }
        let largest = environment.max {
            ($0.key.utf8.count + $0.value.utf8.count) < ($1.key.utf8.count + $1.value.utf8.count)
        }
        let largestText =
            largest.map { ", the largest being \($0.key) (\($0.key.utf8.count + $0.value.utf8.count + 1) bytes)" } ?? ""
        return .cannotStart(
            command: command,
            reason: "its environment and arguments (\(total) bytes\(largestText)) are more than the system lets a "
                + "new process have (\(TextFile.systemErrorDescription(E2BIG)))")
    }
}
