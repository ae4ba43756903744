import Foundation
import Testing

@testable import modgen

/// On Linux modgen reads its environment from `environ` itself rather than through Foundation (which cost half a
/// million instructions a run): what it reads must be the dictionary Foundation gives.
struct ProcessEnvironmentTests {
    @Test func theEnvironmentIsTheOneFoundationReads() {
        let environment = ProcessEnvironment.current()
        #expect(!environment.isEmpty)
        #expect(environment == ProcessInfo.processInfo.environment)
    }
}
