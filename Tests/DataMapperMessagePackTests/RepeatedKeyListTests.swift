import DataMapper
import DataMapperMessagePack
import DataMapperTestSupport
import Foundation
import Testing

/// The writer keeps the keys of a key list it meets again already encoded; these
/// values repeat lists often, in turn, and more of them than it remembers at once,
/// and each must still be written exactly as a map written alone.
@Suite struct RepeatedKeyListTests {
    let msgpack = MessagePackSerializer()

    /// A `str` of `text`, spelled out by hand from the specification.
    static func str(_ text: String) -> [UInt8] {
        let utf8 = Array(text.utf8)
        if utf8.count < 32 { return [0xA0 | UInt8(utf8.count)] + utf8 }
        if utf8.count < 256 { return [0xD9, UInt8(utf8.count)] + utf8 }
        return [0xDA, UInt8(utf8.count >> 8), UInt8(utf8.count & 0xFF)] + utf8
    }

    /// A map of `keys`, valued 0, 1, 2 … as positive fixints.
    static func map(_ keys: [String]) -> [UInt8] {
        [0x80 | UInt8(keys.count)] + keys.enumerated().flatMap { str($0.element) + [UInt8($0.offset)] }
    }

    /// An array 16 of already encoded values.
    static func array16(_ elements: [[UInt8]]) -> [UInt8] {
        [0xDC, UInt8(elements.count >> 8), UInt8(elements.count & 0xFF)] + elements.flatMap { $0 }
    }

    /// Keys in every `str` form: fixstr of 1 to 31 bytes, str 8, and str 16.
    static let keysOfEveryForm = [
        "a", "name", "sixteen-byte-key", "a key of twenty-six bytes!",
        String(repeating: "k", count: 31), String(repeating: "l", count: 32),
        String(repeating: "m", count: 200), String(repeating: "n", count: 300),
    ]

    @Test("maps of a few shapes, repeated in turn, are written back byte for byte")
    func fewShapesInTurn() throws {
        // Readers share a key list only among maps whose keys are under 256 bytes.
        let shortKeys = Self.keysOfEveryForm.filter { $0.utf8.count < 256 }
        let shapes = [shortKeys, ["id", "text", "user"], shortKeys.reversed(), ["id"], Self.keysOfEveryForm]
        let maps = (0..<60).map { Self.map(shapes[($0 * 7 + $0 / 5) % shapes.count]) }
        let document = Self.array16(maps)
        #expect(try msgpack.serializeToBytes(msgpack.deserialize(bytes: document)) == document)
    }

    @Test("more shapes than the writer remembers, each met several times, are written back byte for byte")
    func manyShapes() throws {
        // 300 shapes, each three times: first all in order, then in two other orders.
        let shapes = (0..<300).map { shape in ["id", "field\(shape)", "shared-tail-key-\(shape % 7)"] }
        let order = Array(0..<300) + (0..<300).map { ($0 * 7) % 300 } + (0..<300).reversed()
        let document = Self.array16(order.map { Self.map(shapes[$0]) })
        #expect(try msgpack.serializeToBytes(msgpack.deserialize(bytes: document)) == document)
    }

    @Test("maps built in code that share a key list, or once did, are each written as alone")
    func mapsBuiltInCode() throws {
        // Copies of a map built in code share its key list whatever the keys are, so
        // these maps reach every `str` form, str 16 included.
        var entries = OrderedMap()
        for (index, key) in Self.keysOfEveryForm.enumerated() { entries[key] = .int(index) }
        entries["id"] = 1
        entries["z"] = true
        let original = SupportedType.dictionary(entries)
        var maps = Array(repeating: original, count: 20)
        maps[5].addToDictionary(key: "z", value: false)
        maps[9].addToDictionary(key: "extra", value: 2)
        var shorter = try #require(original.orderedMap)
        shorter.removeValue(forKey: "id")
        maps[12] = .dictionary(shorter)
        let written = try msgpack.serializeToBytes(.array(maps))
        let alone = try maps.flatMap { try msgpack.serializeToBytes($0) }
        #expect(written == [0xDC, 0x00, 20] + alone)
    }

    @Test("a value that cannot be written in a map of a repeated shape names its path")
    func errorPath() throws {
        var maps = Array(repeating: ["id": 1, "amount": 2] as SupportedType, count: 20)
        maps[15].addToDictionary(key: "amount", value: .bigNumber("1e99999"))
        let error = try expectError { try msgpack.serializeToBytes(.array(maps)) }
        #expect(error.path.description == "[15].amount")
    }

    @Test("values written one after another, as a stream, each use only their own key lists")
    func stream() throws {
        let first = Self.array16((0..<20).map { _ in Self.map(["id", "text"]) })
        let second = Self.array16((0..<20).map { _ in Self.map(["id", "name"]) })
        let values = try [first, second, first].map { try msgpack.deserialize(bytes: $0) }
        let written = try msgpack.serializeAll(values)
        #expect(Array(written) == first + second + first)
    }
}
