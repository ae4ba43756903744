import Testing

@testable import ModGenCore

@Suite struct PropertyListBinaryTests {
    private func message(_ bytes: [UInt8]) -> String? {
        do {
            _ = try PropertyList.parse(bytes, fileName: "B.plist")
            return nil
        } catch {
            return error.message
        }
    }

    @Test func readsEveryTypeAsTheXMLFormHoldsIt() throws {
        let binary = try PropertyList.parse(PropertyListFixtures.bytes("EveryType.binary.plist"), fileName: "b")
        let xml = try PropertyList.parse(PropertyListFixtures.bytes("EveryType.xml.plist"), fileName: "x")
        #expect(binary == xml)
        #expect(binary.entries?.map(\.key).first == "String")
        #expect(binary["String"]?.string == "héllo 😀")
        #expect(binary["Big"]?.integer == 1 << 40)
        #expect(binary["Negative"]?.integer == -3)
        #expect(binary["When"]?.date?.iso8601 == "2026-01-31T12:00:00Z")
        #expect(binary["Bytes"]?.data == Array(0..<20))
        #expect(binary["Long"]?.string == String(repeating: "x", count: 20))
    }

    @Test func readsATemplateInfoSavedAsBinary() throws {
        let binary = try PropertyList.parse(
            PropertyListFixtures.bytes("ModuleTemplateInfo.binary.plist"), fileName: "b")
        let xml = try PropertyList.read(atPath: PropertyListFixtures.path(PropertyListFixtures.infinum("Module")))
        #expect(binary == xml)
        #expect(PropertyList.format(of: try PropertyListFixtures.bytes("ModuleTemplateInfo.binary.plist")) == .binary)
    }

    @Test func placesValuesAtTheirByteOffset() throws {
        let value = try PropertyList.parse(
            BinaryPlistBuilder.file([BinaryPlistBuilder.array([1]), BinaryPlistBuilder.ascii("a")]), fileName: "b")
        #expect(value.position == SourcePosition(line: 1, column: 9))
        #expect(value.array?.first?.position == SourcePosition(line: 1, column: 12))
    }

    @Test func readsSetsAsArraysAndSixteenByteIntegersThatFit() throws {
        let set: [UInt8] = [0xC1, 0, 1]
        let wide: [UInt8] = [0x14] + [UInt8](repeating: 0xFF, count: 16)
        let value = try PropertyList.parse(BinaryPlistBuilder.file([set, wide]), fileName: "b")
        #expect(value.array?.first?.integer == -1)
    }

    @Test func readsSharedObjectsEachTimeTheyAreUsed() throws {
        let value = try PropertyList.parse(
            BinaryPlistBuilder.file([BinaryPlistBuilder.array([1, 1]), BinaryPlistBuilder.ascii("same")]), fileName: "b"
        )
        #expect(value == .array([.string("same"), .string("same")]))
    }

    @Test func refusesAnObjectThatContainsItself() {
        let cyclic = BinaryPlistBuilder.file([BinaryPlistBuilder.array([1]), BinaryPlistBuilder.array([0])])
        #expect(message(cyclic) == "B.plist:1:13: object 0 contains itself")
    }

    @Test func refusesADictionaryKeyThatIsNoString() {
        let file = BinaryPlistBuilder.file([BinaryPlistBuilder.dictionary(keys: [1], values: [1]), [0x10, 5]])
        #expect(message(file) == "B.plist:1:14: dictionary key is an integer, not a string")
    }

    @Test func refusesAReferencePastTheObjects() {
        #expect(
            message(BinaryPlistBuilder.file([BinaryPlistBuilder.array([7])]))
                == "B.plist:1:10: reference to object 7, but the file has 1")
    }

    @Test func refusesTruncatedAndDamagedFiles() {
        let good = BinaryPlistBuilder.file([BinaryPlistBuilder.ascii("hello")])
        #expect(message(Array(good.prefix(20))) == "B.plist:1:21: truncated binary property list: no trailer")
        var badSizes = good
        badSizes[badSizes.count - 26] = 9
        #expect(
            message(badSizes)
                == "B.plist:1:\(good.count - 31): bad binary property list trailer: offset or reference size out of range"
        )
        var badTable = good
        badTable[badTable.count - 1] = 0xFF
        #expect(
            message(badTable)
                == "B.plist:1:\(good.count - 31): bad binary property list trailer: the offset table does not fit the file"
        )
        let longString = BinaryPlistBuilder.file([[0x5F, 0x10, 40] + Array("short".utf8)])
        #expect(
            message(longString) == "B.plist:1:12: truncated binary property list: a string runs past the object area")
        let badOffset = BinaryPlistBuilder.file([BinaryPlistBuilder.ascii("a")]).enumerated().map {
            $0.offset == 13 ? 0x70 : $0.element
        }
        #expect(message(badOffset) == "B.plist:1:11: object 0's offset 112 is outside the object area")
        #expect(
            message(Array("bplist01".utf8) + [UInt8](repeating: 0, count: 40))
                == "B.plist:1:1: unsupported binary property list version (only bplist00 is read)")
        #expect(
            message(BinaryPlistBuilder.file([[0x00]]))
                == "B.plist:1:9: unsupported object marker 0x0 (null and fill are not values)")
        #expect(message(BinaryPlistBuilder.file([[0x70]])) == "B.plist:1:9: unsupported object marker 0x70")
    }
}
