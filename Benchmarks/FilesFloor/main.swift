// The floor `Benchmarks/instruction-counts.sh` compares `modgen new` with: a static Swift program that does nothing
// but write the files a run of modgen wrote, the same paths and bytes, so that what modgen spends above it is what
// deciding those files costs (templates, options, rendering, records, safety checks).
//
//     FilesFloor <reference-folder> <destination-folder> <relative-path>...
//
// Copies each named file of the reference folder (what modgen wrote, kept aside) to the same path under the
// destination, creating the folders on its way. Plain POSIX calls, no Foundation: nothing a run needs beyond the
// Swift runtime's start.

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

func fail(_ message: String) -> Never {
    let line = Array("FilesFloor: \(message)\n".utf8)
    _ = line.withUnsafeBytes { write(STDERR_FILENO, $0.baseAddress, $0.count) }
    exit(1)
}

/// Every folder above `path` (relative to the destination), created when missing.
func makeFolders(above path: String, in destination: String) {
    var folder = destination
    for component in path.split(separator: "/").dropLast() {
        folder += "/" + component
        if mkdir(folder, 0o755) != 0, errno != EEXIST { fail("cannot create \(folder): errno \(errno)") }
    }
}

func copy(_ path: String, from reference: String, to destination: String) {
    let input = open(reference + "/" + path, O_RDONLY)
    guard input >= 0 else { fail("cannot open \(reference)/\(path): errno \(errno)") }
    defer { close(input) }
    makeFolders(above: path, in: destination)
    let output = open(destination + "/" + path, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
    guard output >= 0 else { fail("cannot create \(destination)/\(path): errno \(errno)") }
    defer { close(output) }
    var buffer = [UInt8](unsafeUninitializedCapacity: 64 * 1024) { _, count in count = 64 * 1024 }
    while true {
        let count = buffer.withUnsafeMutableBytes { read(input, $0.baseAddress, $0.count) }
        if count < 0 { fail("cannot read \(reference)/\(path): errno \(errno)") }
        if count == 0 { return }
        let written = buffer.withUnsafeBytes { write(output, $0.baseAddress, count) }
        if written != count { fail("cannot write \(destination)/\(path): errno \(errno)") }
    }
}

let arguments = CommandLine.arguments
guard arguments.count >= 3 else { fail("usage: FilesFloor <reference-folder> <destination-folder> <relative-path>...") }
for path in arguments.dropFirst(3) { copy(path, from: arguments[1], to: arguments[2]) }
