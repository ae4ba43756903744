import Foundation
import Testing

@testable import ModGenWriting

/// Signal deferral when several runs write at once in one process (tests run commands in process, in threads).
@Suite struct WriteInterruptionTests {
    /// Overlapping calls in threads install the recording handler once and put the previous handler back once the
    /// last of them ends: one call restoring what another installed would leave Ctrl-C recorded and ignored.
    @Test(
        .enabled(
            if: WriteInterruptionTests.handler(of: SIGINT) != unsafeBitCast(SIG_IGN, to: Int.self),
            "SIGINT is ignored in this process, so no handler is installed to put back"))
    func overlappingCallsInThreadsPutThePreviousHandlerBack() async throws {
        let recording = WriteInterruption.deferringSignals { Self.handler(of: SIGINT) }
        await withTaskGroup(of: Void.self) { group in
            for _ in 0..<16 {
                group.addTask {
                    WriteInterruption.deferringSignals {
                        #expect(Self.handler(of: SIGINT) == recording)
                        usleep(UInt32.random(in: 0...2_000))
                    }
                }
            }
        }
        // Other tests may be writing at this moment; once none is, the recording handler must be gone.
        var restored = false
        for _ in 0..<5_000 where !restored {
            restored = Self.handler(of: SIGINT) != recording
            if !restored { usleep(1_000) }
        }
        #expect(restored, "the recording handler stayed installed after every run ended")
    }

    /// Nested calls in one thread (the folder lock around a plan's writing) keep the handler until the outer one
    /// ends.
    @Test func aNestedCallKeepsTheHandlerForTheOuterOne() {
        WriteInterruption.deferringSignals {
            let outer = Self.handler(of: SIGTERM)
            WriteInterruption.deferringSignals {}
            #expect(Self.handler(of: SIGTERM) == outer)
        }
    }

    /// The handler installed for `number`, as an address, read without changing it.
    fileprivate static func handler(of number: Int32) -> Int {
        var action = sigaction()
        sigaction(number, nil, &action)
        #if canImport(Glibc)
            return unsafeBitCast(action.__sigaction_handler.sa_handler, to: Int.self)
        #else
            return unsafeBitCast(action.__sigaction_u.__sa_handler, to: Int.self)
        #endif
    }
}
