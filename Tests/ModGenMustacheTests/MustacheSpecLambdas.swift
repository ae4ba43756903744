import Foundation
import ModGenCore
import ModGenMustache

/// Swift versions of the lambdas in `Spec/~lambdas.json`, by spec test name. The spec gives each as code in several
/// languages (Ruby, JavaScript, …); each closure here does what that code does. A factory per test, so that a
/// lambda with state ("Interpolation - Multiple Calls") starts fresh every run.
enum MustacheSpecLambdas {
    static let byTestName: [String: @Sendable () -> MustacheLambda] = [
        // proc { "world" }
        "Interpolation": { MustacheLambda { _ in "world" } },
        // proc { "{{planet}}" }: the result is rendered as a template.
        "Interpolation - Expansion": { MustacheLambda { _ in "{{planet}}" } },
        // proc { "|planet| => {{planet}}" }: rendered with the default delimiters, not the template's `| |`.
        "Interpolation - Alternate Delimiters": { MustacheLambda { _ in "|planet| => {{planet}}" } },
        // proc { $calls ||= 0; $calls += 1 }: called anew each time, so 1, 2, 3.
        "Interpolation - Multiple Calls": {
            let counter = CallCounter()
            return MustacheLambda { _ in String(counter.next()) }
        },
        // proc { ">" }: escaped by {{lambda}}, not by {{{lambda}}}.
        "Escaping": { MustacheLambda { _ in ">" } },
        // proc { |text| text == "{{x}}" ? "yes" : "no" }: receives the raw section text.
        "Section": { MustacheLambda { text in text == "{{x}}" ? "yes" : "no" } },
        // proc { |text| "#{text}{{planet}}#{text}" }
        "Section - Expansion": { MustacheLambda { text in "\(text ?? ""){{planet}}\(text ?? "")" } },
        // proc { |text| "#{text}{{planet}} => |planet|#{text}" }: parsed with the section's `| |` delimiters.
        "Section - Alternate Delimiters": {
            MustacheLambda { text in "\(text ?? ""){{planet}} => |planet|\(text ?? "")" }
        },
        // proc { |text| "__#{text}__" }
        "Section - Multiple Calls": { MustacheLambda { text in "__\(text ?? "")__" } },
        // proc { |text| false }: a lambda is truthy, so the inverted section renders nothing and never calls it.
        "Inverted Section": { MustacheLambda { _ in "" } },
    ]

    /// A counter that closures on any thread can share.
    final class CallCounter: @unchecked Sendable {
        private let lock = NSLock()
        private var count = 0  // guarded by `lock`

        func next() -> Int {
            lock.lock()
            defer { lock.unlock() }
            count += 1
            return count
        }
    }
}
