#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// The process's environment at start-up, as `ProcessInfo.environment` gives it (each `NAME=value` entry; an entry
/// without `=` is left out; a later entry of the same name wins). On Linux it is read from `environ` directly:
/// Foundation's dictionary cost over half a million instructions a run, about as much as planning a module's files.
enum ProcessEnvironment {
    static func current() -> [String: String] {
        #if os(Linux)
            var variables: [String: String] = [:]
            // Optional whichever way the C library declares it.
            let start: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? = environ
            guard var entry = start else { return variables }
            while let text = entry.pointee {
                text.withMemoryRebound(to: UInt8.self, capacity: strlen(text) + 1) { start in
                    let bytes = UnsafeBufferPointer(start: start, count: strlen(text))
                    guard let equals = bytes.firstIndex(of: UInt8(ascii: "=")) else { return }
                    let name = String(decoding: UnsafeBufferPointer(rebasing: bytes[..<equals]), as: UTF8.self)
                    variables[name] = String(
                        decoding: UnsafeBufferPointer(rebasing: bytes[(equals + 1)...]), as: UTF8.self)
                }
                entry += 1
            }
            return variables
        #else
            return ProcessInfo.processInfo.environment
        #endif
    }
}
