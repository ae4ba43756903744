#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// Ctrl-C (SIGINT), SIGTERM and SIGHUP while modgen holds an output folder: instead of dying with some files
/// written, the run notes the signal, stops at the next step, rolls back, and exits with 128 + the signal's number.
///
/// Outside `deferringSignals` the signals keep their default action: before writing starts nothing is on disk to
/// undo, so dying at once is right.
enum WriteInterruption {
    /// The signal that arrived, or 0. Written by the handler, read by the writer between steps; a plain aligned
    /// 32-bit store, which is what `sig_atomic_t` is on every platform Swift runs on.
    nonisolated(unsafe) fileprivate static var pending: Int32 = 0

    static let deferredSignals: [Int32] = [SIGINT, SIGTERM, SIGHUP]

    /// How many `deferringSignals` calls are running: only the outermost installs and restores the handlers.
    nonisolated(unsafe) private static var depth = 0

    /// Runs `body` with the signals deferred. A signal that arrives is returned by the next `takePendingSignal()`;
    /// one that arrives after `body`'s last look (everything written and kept) takes effect when `body` returns.
    static func deferringSignals<T, Failure: Error>(_ body: () throws(Failure) -> T) throws(Failure) -> T {
        guard depth == 0 else { return try body() }
        depth = 1
        pending = 0
        var handlers: [(number: Int32, previous: sighandler_t?)] = []
        for number in deferredSignals {
            let previous = signal(number, recordSignal)
            // An ignored signal (`nohup`, `trap '' INT`) stays ignored: whoever started modgen asked for that.
            if isIgnore(previous) { signal(number, previous) } else { handlers.append((number, previous)) }
        }
        // A parent may have started modgen with these signals blocked (test runners do): a Ctrl-C would then wait
        // for the end of the run and be lost. While the run can be rolled back they are let through.
        var deferred = sigset_t()
        var previousMask = sigset_t()
        sigemptyset(&deferred)
        for handler in handlers { sigaddset(&deferred, handler.number) }
        pthread_sigmask(SIG_UNBLOCK, &deferred, &previousMask)
        defer {
            for handler in handlers { signal(handler.number, handler.previous) }
            pthread_sigmask(SIG_SETMASK, &previousMask, nil)
            depth = 0
            let late = pending
            pending = 0
            if late != 0 { raise(late) }
        }
        return try body()
    }

    /// The signal that arrived since the last look, if any; it is consumed (the caller acts on it).
    static func takePendingSignal() -> Int32? {
        let number = pending
        guard number != 0 else { return nil }
        pending = 0
        return number
    }
}

private func isIgnore(_ handler: sighandler_t?) -> Bool {
    guard let handler else { return false }
    let ignore: sighandler_t? = SIG_IGN
    return unsafeBitCast(handler, to: Int.self) == unsafeBitCast(ignore, to: Int.self)
}

/// Only records the first signal: the one thing a signal handler may safely do here.
private func recordSignal(_ number: Int32) {
    if WriteInterruption.pending == 0 { WriteInterruption.pending = number }
}
