@testable import ModGenKit

// Reads the input's raw bytes as a property list (XML, OpenStep or binary: the reader tells them apart, so every
// reader is reached), then uses the value the ways a template's reader does: accessors, positions, and the XML
// writer. What the writer writes must read back to a value that writes the same bytes (reading it back to an equal
// value is too strong: NaN is not equal to itself, and a binary date's fraction of a second is not written).
// Errors are correct answers; crashes, hangs and a written file that does not read back are findings.

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ start: UnsafeRawPointer, _ count: Int) -> CInt {
    let bytes = FuzzInput.bytes(start, count)
    guard let value = try? PropertyList.parse(bytes, fileName: "fuzz.plist") else { return 0 }
    use(value)
    let written = PropertyListWriter.xml(value)
    let readBack: PropertyListValue
    do {
        readBack = try PropertyList.parse(Array(written.utf8), fileName: "written.plist")
    } catch {
        fatalError("the writer's output does not read back: \(error.message)")
    }
    precondition(PropertyListWriter.xml(readBack) == written, "the writer's output reads back differently")
    return 0
}

/// Every accessor of every value, iteratively (a deep value must not overflow the fuzzer's stack here either).
private func use(_ root: PropertyListValue) {
    var pending = [root]
    while let value = pending.popLast() {
        _ = (value.boolValue, value.scalarText, value.kindName, value.position, value.date?.iso8601)
        if let entries = value.entries {
            for entry in entries { _ = value[entry.key] }
            pending.append(contentsOf: entries.map(\.value))
        }
        pending.append(contentsOf: value.array ?? [])
    }
}
