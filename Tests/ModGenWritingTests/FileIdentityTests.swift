import Testing

@testable import ModGenWriting

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

@Suite struct FileIdentityTests {
    /// `dev_t` is a signed 32-bit number on Darwin, and network or FUSE volumes can report a negative device: the
    /// identity keeps its bits instead of trapping on the conversion. (On Linux `dev_t` is unsigned, so the same
    /// bits are set directly; the comparison is the same on both.)
    @Test func aNegativeDeviceNumberKeepsItsBits() {
        var info = stat()
        info.st_dev = dev_t(truncatingIfNeeded: -5 as Int64)
        info.st_ino = 7
        #expect(FileIdentity(info).device == UInt64(bitPattern: -5))
        #expect(FileIdentity(info).inode == 7)
    }
}
