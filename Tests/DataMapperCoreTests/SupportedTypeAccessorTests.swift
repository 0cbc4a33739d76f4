import DataMapperCore
import Foundation
import Testing

@Suite("SupportedType accessors")
struct SupportedTypeAccessorTests {
    @Test("each accessor answers only for its own kind")
    func accessorsMatchKind() {
        let text: SupportedType = .string("A")
        #expect(text.string == "A")
        #expect(text.int == nil)
        #expect(text.double == nil)
        #expect(text.bool == nil)
        #expect(text.array == nil)
        #expect(text.dictionary == nil)
        #expect(!text.isNull)

        #expect(SupportedType.null.isNull)
        #expect(SupportedType.bool(false).bool == false)
        #expect(SupportedType.array([1, 2]).array == [1, 2])
        #expect(SupportedType.binary(Data([1, 2, 3])).binary == Data([1, 2, 3]))
    }

    @Test("an int is not a double and a double is not an int")
    func intAndDoubleStayApart() {
        #expect(SupportedType.int(1).int == 1)
        #expect(SupportedType.int(1).double == nil)
        #expect(SupportedType.double(1).double == 1)
        #expect(SupportedType.double(1).int == nil)
    }

    @Test("intOrDouble reads as both an int and a double")
    func intOrDoubleReadsAsBoth() {
        let value = SupportedType.intOrDouble(1)
        #expect(value.int == 1)
        #expect(value.double == 1.0)
        #expect(SupportedType.intOrDouble(-7).double == -7.0)
    }

    @Test("64-bit integers stay exact at both ends")
    func exactIntegers() {
        #expect(SupportedType.int64(.min).int64 == .min)
        #expect(SupportedType.int64(.max).int64 == .max)
        let top = SupportedType.uint64(.max)
        #expect(top.uint64 == .max)
        #expect(top.int == nil)
        #expect(top.int64 == nil)
        if case .uint(let value) = top.kind { #expect(value == .max) } else { Issue.record("expected .uint, got \(top.kind)") }
        // Unsigned values that fit Int are stored as .int so they compare and map as integers.
        if case .int(let value) = SupportedType.uint64(42).kind { #expect(value == 42) } else { Issue.record("expected .int") }
        #expect(SupportedType.int(-1).uint64 == nil)
    }

    @Test("a big number is kept as written and read only where it fits")
    func bigNumbers() {
        let huge = SupportedType.bigNumber("123456789012345678901234567890")
        #expect(huge.int == nil)
        #expect(huge.uint64 == nil)
        #expect(huge.double == 123456789012345678901234567890.0)
        #expect(huge.description == "123456789012345678901234567890")
        #expect(SupportedType.bigNumber("1e400").double == nil)
        #expect(SupportedType.bigNumber("12").int == 12)
    }

    @Test("the unordered dictionary view holds every entry")
    func unorderedView() {
        let value: SupportedType = ["b": 1, "a": "x"]
        #expect(value.dictionary == ["a": "x", "b": 1])
        #expect(value.orderedMap?.keys == ["b", "a"])
        #expect(value.count == 2)
    }

    @Test("subscripts reach into dictionaries, arrays and paths")
    func subscripts() throws {
        let value: SupportedType = ["servers": [["port": 80], ["port": 8080]]]
        #expect(value["servers"]?[1]?["port"] == 8080)
        #expect(value["missing"] == nil)
        #expect(value["servers"]?[5] == nil)
        #expect(value[try DataPath(parsing: "servers[0].port")] == 80)
        #expect(value[try DataPath(parsing: "servers[0].host")] == nil)
        #expect(SupportedType.int(3)["key"] == nil)
    }
}

@Suite("SupportedType.addToDictionary")
struct AddToDictionaryTests {
    @Test("adds a new key at the end")
    func appends() {
        var value: SupportedType = ["a": 1]
        value.addToDictionary(key: "b", value: 2)
        #expect(value.orderedMap?.keys == ["a", "b"])
        #expect(value["b"] == 2)
    }

    @Test("replaces an existing key in place")
    func replacesInPlace() {
        var value: SupportedType = ["a": 1, "b": 2]
        value.addToDictionary(key: "a", value: "new")
        #expect(value.orderedMap?.keys == ["a", "b"])
        #expect(value["a"] == "new")
    }

    @Test("turns a value that is not a dictionary into a new one")
    func replacesOtherKinds() {
        var value = SupportedType(.int(5), position: .text(line: 3, column: 4))
        value.addToDictionary(key: "k", value: true)
        #expect(value == ["k": true])
        #expect(value.position == .text(line: 3, column: 4))
    }
}
