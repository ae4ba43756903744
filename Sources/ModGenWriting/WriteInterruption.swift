#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

#if canImport(Darwin)
    /// A signal handler as `signal` takes and returns it: Darwin spells the type `sig_t`, Glibc and Musl
    /// `sighandler_t`.
    private typealias SignalHandler = sig_t
#else
    private typealias SignalHandler = sighandler_t
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

    /// How many `deferringSignals` calls are running, in any thread (tests run many commands in one process), and
    /// the handlers the first of them replaced: only the first installs the recording handler and only the last
    /// puts the previous handlers back, so the calls cannot undo one another's handlers. Guarded by `mutex`.
    nonisolated(unsafe) private static var depth = 0
    nonisolated(unsafe) private static var replaced: [(number: Int32, previous: SignalHandler?)] = []
    nonisolated(unsafe) private static let mutex: UnsafeMutablePointer<pthread_mutex_t> = {
        let mutex = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
        pthread_mutex_init(mutex, nil)
        return mutex
    }()

    /// Runs `body` with the signals deferred. A signal that arrives is returned by the next `takePendingSignal()`;
    /// one that arrives after `body`'s last look (everything written and kept) takes effect when the last running
    /// `deferringSignals` returns.
    static func deferringSignals<T, Failure: Error>(_ body: () throws(Failure) -> T) throws(Failure) -> T {
        let deferred = enter()
        // A parent may have started modgen with these signals blocked (test runners do): a Ctrl-C would then wait
        // for the end of the run and be lost. While the run can be rolled back they are let through (in this
        // thread: a signal mask is per thread).
        var unblocked = sigset_t()
        var previousMask = sigset_t()
        sigemptyset(&unblocked)
        for number in deferred { sigaddset(&unblocked, number) }
        pthread_sigmask(SIG_UNBLOCK, &unblocked, &previousMask)
        defer {
            pthread_sigmask(SIG_SETMASK, &previousMask, nil)
            if let late = leave() { raise(late) }
        }
        return try body()
    }

    /// Counts a call in; the first installs the recording handler. Returns the signals that are deferred: an
    /// ignored signal (`nohup`, `trap '' INT`) stays ignored, since whoever started modgen asked for that.
    private static func enter() -> [Int32] {
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        depth += 1
        if depth == 1 {
            pending = 0
            replaced = []
            for number in deferredSignals {
                let previous = signal(number, recordSignal)
                if isIgnore(previous) { signal(number, previous) } else { replaced.append((number, previous)) }
            }
        }
        return replaced.map(\.number)
    }

    /// Counts a call out; the last puts the previous handlers back and returns a signal that arrived too late for
    /// any run to act on, which then takes effect.
    private static func leave() -> Int32? {
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        depth -= 1
        guard depth == 0 else { return nil }
        for handler in replaced { signal(handler.number, handler.previous) }
        replaced = []
        let late = pending
        pending = 0
        return late == 0 ? nil : late
    }

    /// The signal that arrived since the last look, if any; it is consumed (the caller acts on it).
    static func takePendingSignal() -> Int32? {
        let number = pending
        guard number != 0 else { return nil }
        pending = 0
        return number
    }
}

private func isIgnore(_ handler: SignalHandler?) -> Bool {
    guard let handler else { return false }
    let ignore: SignalHandler? = SIG_IGN
    return unsafeBitCast(handler, to: Int.self) == unsafeBitCast(ignore, to: Int.self)
}

/// Only records the first signal: the one thing a signal handler may safely do here.
private func recordSignal(_ number: Int32) {
    if WriteInterruption.pending == 0 { WriteInterruption.pending = number }
}
