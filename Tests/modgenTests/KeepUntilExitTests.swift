import Testing

@testable import modgen

/// The binary's `CommandIO` keeps what a command hands it until the process exits (so the run does not spend its
/// last instructions freeing it); the tests' own `CommandIO` keeps nothing.
struct KeepUntilExitTests {
    private final class Built {}

    @Test func theProcessKeepsWhatACommandHandsIt() {
        weak var kept: Built?
        do {
            let built = Built()
            kept = built
            CommandIO.standard.keepUntilExit((built, "files"))
        }
        #expect(kept != nil)
    }

    @Test func theTestsCommandIOKeepsNothing() {
        weak var released: Built?
        do {
            let built = Built()
            released = built
            let io = CapturedStreams().io
            io.keepUntilExit(built)
        }
        #expect(released == nil)
    }
}
