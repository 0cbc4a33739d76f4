import DataMapperCore
import Foundation
import Testing

@Suite("SupportedType equality and hashing")
struct SupportedTypeEqualityTests {
    @Test("positions take no part in equality or hashing")
    func positionsIgnored() {
        let a = SupportedType(.string("x"), position: .text(line: 1, column: 1))
        let b = SupportedType(.string("x"), position: .text(line: 9, column: 2))
        #expect(a == b)
        #expect(a.hashValue == b.hashValue)
    }

    @Test("integers compare by value across integer kinds")
    func integerKinds() {
        #expect(SupportedType.int(1) == SupportedType.intOrDouble(1))
        #expect(SupportedType.int(1).hashValue == SupportedType.intOrDouble(1).hashValue)
        #expect(SupportedType(.uint(5)) == SupportedType.int(5))
        #expect(SupportedType.int(-1) != SupportedType(.uint(UInt64.max)))
    }

    @Test("an integer never equals a double")
    func intIsNotDouble() {
        #expect(SupportedType.int(1) != SupportedType.double(1))
        #expect(SupportedType.intOrDouble(1) != SupportedType.double(1))
    }

    @Test("NaN equals NaN so values can be set members")
    func nanEquality() {
        let set: Set<SupportedType> = [.double(.nan), .double(.nan), .double(0)]
        #expect(set.count == 2)
    }

    @Test("dictionaries compare without regard to key order")
    func dictionaryOrderIgnored() {
        let a: SupportedType = ["x": 1, "y": [true, nil]]
        let b: SupportedType = ["y": [true, nil], "x": 1]
        #expect(a == b)
        #expect(a.hashValue == b.hashValue)
        #expect(a != ["x": 1, "y": [true]])
        #expect(a != ["x": 1, "z": [true, nil]])
    }

    @Test("different kinds differ", arguments: [
        (SupportedType.null, SupportedType.bool(false)),
        (.string("1"), .int(1)),
        (.binary(Data([0x41])), .string("A")),
        (.array([]), .dictionary(OrderedMap())),
        (.ext(type: 1, data: Data([1])), .ext(type: 2, data: Data([1]))),
        (.timestamp(seconds: 1, nanoseconds: 0), .timestamp(seconds: 1, nanoseconds: 1)),
        (.bigNumber("1e400"), .bigNumber("1E400")),
    ])
    func kindsDiffer(pair: (SupportedType, SupportedType)) {
        #expect(pair.0 != pair.1)
    }
}

@Suite("SupportedType literals and description")
struct SupportedTypeLiteralTests {
    @Test("literals build the matching kinds")
    func literals() {
        let value: SupportedType = ["name": "api", "port": 8080, "ratio": 0.5, "on": true, "none": nil, "tags": ["a"]]
        #expect(value["name"]?.string == "api")
        #expect(value["port"]?.int == 8080)
        #expect(value["port"]?.double == nil)
        #expect(value["ratio"]?.double == 0.5)
        #expect(value["on"]?.bool == true)
        #expect(value["none"]?.isNull == true)
        #expect(value["tags"]?.array == ["a"])
        #expect(value.orderedMap?.keys == ["name", "port", "ratio", "on", "none", "tags"])
    }

    @Test("the seed's Dictionary factory sorts keys so output is stable")
    func dictionaryFactorySorts() {
        let value = SupportedType.dictionary(["b": 1, "c": 2, "a": 3])
        #expect(value.orderedMap?.keys == ["a", "b", "c"])
    }

    @Test("description reads like JSON and keeps order")
    func description() {
        let value: SupportedType = ["b": [1, 2.5, "q\"x"], "a": nil, "e": [:], "bin": .binary(Data([1, 2]))]
        #expect(value.description == #"["b": [1, 2.5, "q\"x"], "a": null, "e": [:], "bin": <2 bytes>]"#)
        let located = SupportedType(.bool(true), position: .text(line: 2, column: 5))
        #expect(located.debugDescription == "true @ 2:5")
    }
}
