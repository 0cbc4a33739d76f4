import DataMapper
import DataMapperMessagePack
import DataMapperTestSupport
import Foundation
import Testing

/// The reader, the writer, the stream reader and `decodeNext` handle documents nested
/// to the default depth on a 512 KiB stack, through every kind of container they read
/// or write apart, and refuse deeper ones with the error and path they give on any
/// stack.
@Suite("MessagePack at the default depth on a small stack")
struct MessagePackStackDepthTests {
    /// Values nested to the default depth, each taking other paths of the reader and
    /// the writer.
    static let shapes: [Shape] = [
        Shape("arrays of one", SmallStack.nestedArrays()),
        Shape("maps of one", SmallStack.nestedMaps()),
        Shape("maps and pairs, alternating", SmallStack.alternating()),
        Shape("arrays of ten", levels { .array(wideArray(10, holding: $0)) }),
        Shape("arrays of three hundred", levels { .array(wideArray(300, holding: $0)) }),
        Shape("maps of one shape", levels { shapedMap(6, holding: $0) }, depth: SmallStack.depth - 1),
        Shape("maps that stray from their shape", levels(numbered: { shapedMap(6, holding: $1, strays: $0 % 3 == 2) }), depth: SmallStack.depth - 1),
        Shape("maps of a new shape at each level", levels(numbered: { .dictionary(wideMap(6, holding: $1, prefix: "l\($0)-")) })),
        Shape("maps of seventy entries", levels { shapedMap(70, holding: $0) }, depth: SmallStack.depth - 1),
        Shape("arrays of one holding pairs", levels { .array([.array([$0, "a string of more than sixteen bytes"])]) }, depth: SmallStack.depth / 2),
        Shape("maps and four-item arrays, alternating", levels(numbered: { level, inner in
            level.isMultiple(of: 2) ? ["before": [1, 2], "inner": inner, "after": 1] : [1, inner, "x", 2.5]
        })),
    ]

    @Test("the shapes are as deep as the default limit", arguments: shapes)
    func depths(shape: Shape) {
        #expect(SmallStack.depth(of: shape.value) == SmallStack.depth)
    }

    // MARK: - Reading

    @Test("the reader reads a document nested to the default depth", arguments: shapes)
    func read(shape: Shape) throws {
        let bytes = try MessagePackSerializer().serializeToBytes(shape.value)
        let read = try SmallStack.run { try MessagePackSerializer().deserialize(bytes: bytes) }
        #expect(read == shape.value)
        #expect(read?.position == .byteOffset(0))
    }

    @Test("the reader reads deep documents back to back in a stream", arguments: [shapes[0], shapes[2], shapes[5]])
    func readAll(shape: Shape) throws {
        let stream = try MessagePackSerializer().serializeAll([shape.value, 7, shape.value])
        let read = try SmallStack.run { try MessagePackSerializer().deserializeAll(stream) }
        #expect(read == [shape.value, 7, shape.value])
    }

    @Test("decodeNext and the stream reader read a deep document", arguments: [shapes[1], shapes[2]])
    func readIncrementally(shape: Shape) throws {
        let bytes = try MessagePackSerializer().serializeToBytes(shape.value)
        let read = try SmallStack.run { () throws -> [SupportedType] in
            var stream = MessagePackStreamReader()
            var values: [SupportedType] = []
            for start in stride(from: 0, to: bytes.count, by: 97) {
                stream.append(bytes[start..<min(start + 97, bytes.count)])
                while let value = try stream.next() { values.append(value) }
            }
            try stream.finish()
            guard case .value(let whole, let consumed) = try MessagePackSerializer().decodeNext(from: Data(bytes)),
                  consumed == bytes.count else { return values }
            return values + [whole]
        }
        #expect(read == [shape.value, shape.value])
    }

    @Test("nesting past the limit is refused on a small stack, naming every enclosing step")
    func readPastTheLimit() throws {
        let depth = SmallStack.depth
        let arrays = [UInt8](repeating: 0x91, count: 100_000) + [0xC0]
        let arrayError = try expectError(kind: .limitExceeded, byteOffset: depth) { try SmallStack.run { Result { try MessagePackSerializer().deserialize(bytes: arrays) } }?.get() }
        #expect(arrayError.path == DataPath(Array(repeating: .index(0), count: depth)))

        // Maps of one entry, "k" holding the next: every level reads past the shape cache's first offers.
        let maps = Self.repeating([0x81, 0xA1, 0x6B], 100_000) + [0xC0]
        let mapError = try expectError(kind: .limitExceeded) { try SmallStack.run { Result { try MessagePackSerializer().deserialize(bytes: maps) } }?.get() }
        #expect(mapError.location?.byteOffset == 3 * depth)
        #expect(mapError.path == DataPath(Array(repeating: .key("k"), count: depth)))
    }

    @Test("one level more than the limit is refused at its first byte, naming the path to it", arguments: [
        Shape("arrays of one", SmallStack.nestedArrays(SmallStack.depth + 1)), Shape("maps of one", SmallStack.nestedMaps(SmallStack.depth + 1)),
        Shape("maps and pairs, alternating", SmallStack.alternating(SmallStack.depth + 1)),
    ])
    func readOneLevelTooDeep(shape: Shape) throws {
        let msgpack = MessagePackSerializer(options: .init(limits: ParsingLimits(maxDepth: SmallStack.depth + 1)))
        let bytes = try msgpack.serializeToBytes(shape.value)
        // The container one level too deep, and the path to it, as the reader that allows it sees them.
        let read = try msgpack.deserialize(bytes: bytes)
        var path: [DataPath.Component] = []
        var current = read
        while path.count < SmallStack.depth {
            let (step, next): (DataPath.Component, SupportedType)
            if let array = current.array {
                let index = try #require(array.indices.first { array[$0].array != nil || array[$0].orderedMap != nil })
                (step, next) = (.index(index), array[index])
            } else {
                let map = try #require(current.orderedMap)
                let key = try #require(map.keys.first { map[$0]?.array != nil || map[$0]?.orderedMap != nil })
                (step, next) = (.key(key), try #require(map[key]))
            }
            path.append(step)
            current = next
        }
        let error = try expectError(kind: .limitExceeded, byteOffset: current.position.byteOffset) { try SmallStack.run { Result { try MessagePackSerializer().deserialize(bytes: bytes) } }?.get() }
        #expect(error.path == DataPath(path))
        #expect(error.problem == "arrays and maps nest deeper than the limit of \(SmallStack.depth)")
    }

    @Test("a fault at the bottom of a deep document names its whole path", arguments: [shapes[1], shapes[4], shapes[6], shapes[8], shapes[10]])
    func faultAtTheBottom(shape: Shape) throws {
        var faulty = try MessagePackSerializer().serializeToBytes(shape.value)
        let innermost = try #require(try MessagePackSerializer().deserialize(bytes: faulty).innermostLeaf)
        let offset = try #require(innermost.value.position.byteOffset)
        faulty[offset] = 0xC1
        let bytes = faulty
        let error = try expectError(kind: .syntax, byteOffset: offset) { try SmallStack.run { Result { try MessagePackSerializer().deserialize(bytes: bytes) } }?.get() }
        #expect(error.path == innermost.path)
    }

    @Test("a repeated key deep down is found under each policy, its values holding the levels below")
    func repeatedKeysDeepDown() throws {
        let repeated = Self.repeatedKeyLevels(SmallStack.depth / 2)
        let bytes = repeated.bytes
        let lastWins = try SmallStack.run { try MessagePackSerializer().deserialize(bytes: bytes) }
        #expect(lastWins == repeated.lastWins)
        let firstWins = try SmallStack.run { try MessagePackSerializer(options: .init(duplicateKeys: .firstWins)).deserialize(bytes: bytes) }
        #expect(firstWins == repeated.firstWins)
        let refusing = MessagePackSerializer(options: .init(duplicateKeys: .error))
        let error = try expectError { try SmallStack.run { Result { try refusing.deserialize(bytes: bytes) } }?.get() }
        // The innermost map is the first to end, so its repeat is the one found.
        #expect(error.path == DataPath(Array(repeating: [.key("k"), .key("b")], count: SmallStack.depth / 2 - 1).flatMap { $0 } + [.key("k")]))
        let innermost = bytes.count - 14
        #expect(error.problem == "the key \"k\" appears twice in one map, at bytes \(innermost + 4) and \(innermost + 8)")
    }

    @Test("an array as a map key deep down is read, then refused as a key")
    func containerKeyDeepDown() throws {
        // Maps of one entry under "k", the innermost one keyed by the array [1, [2]],
        // whose inner array is as deep as the limit allows.
        let levels = SmallStack.depth - 3
        let bytes = Self.repeating([0x81, 0xA1, 0x6B], levels) + [0x81, 0x92, 0x01, 0x91, 0x02, 0xC0]
        let error = try expectError(kind: .unsupported) { try SmallStack.run { Result { try MessagePackSerializer().deserialize(bytes: bytes) } }?.get() }
        #expect(error.location?.byteOffset == 3 * levels + 1)
        #expect(error.path == DataPath(Array(repeating: .key("k"), count: levels)))
        #expect(error.problem == "a map key of type array at byte \(3 * levels + 1): only scalar map keys (integers, floats, booleans, nil, binary text) can become string keys; no option reads this map")
        // One level deeper, the key's inner array is past the limit.
        let deeper = [0x81, 0xA1, 0x6B] + bytes
        let tooDeep = try expectError(kind: .limitExceeded) { try SmallStack.run { Result { try MessagePackSerializer().deserialize(bytes: deeper) } }?.get() }
        #expect(tooDeep.location?.byteOffset == deeper.count - 3)
        #expect(tooDeep.path == DataPath(Array(repeating: .key("k"), count: levels + 1) + [.index(1)]))
    }

    // MARK: - Writing

    @Test("the writer writes a value built in code nested to the default depth", arguments: shapes)
    func write(shape: Shape) throws {
        let value = shape.value
        let bytes = try SmallStack.run { try MessagePackSerializer().serializeToBytes(value) }
        #expect(try bytes.map { try MessagePackSerializer().deserialize(bytes: $0) } == value)
    }

    @Test("the writer writes a deep value the reader made, byte for byte", arguments: shapes)
    func writeRead(shape: Shape) throws {
        let bytes = try MessagePackSerializer().serializeToBytes(shape.value)
        let read = try MessagePackSerializer().deserialize(bytes: bytes)
        let written = try SmallStack.run { try MessagePackSerializer().serializeToBytes(read) }
        #expect(written == bytes)
        let stream = try SmallStack.run { try MessagePackSerializer().serializeAll([read, read]) }
        #expect(stream == Data(bytes + bytes))
    }

    @Test("the writer refuses a value nested past the limit on a small stack, naming its path", arguments: [
        Shape("arrays of one", SmallStack.nestedArrays(SmallStack.depth + 1)), Shape("maps of one", SmallStack.nestedMaps(SmallStack.depth + 1)),
    ])
    func writePastTheLimit(shape: Shape) throws {
        let value = shape.value
        let error = try expectError(kind: .limitExceeded) { try SmallStack.run { Result { try MessagePackSerializer().serialize(value) } }?.get() }
        #expect(error.path.components.count == SmallStack.depth)
        #expect(error.problem == "arrays and maps nest deeper than the limit of \(SmallStack.depth)")
    }

    @Test("a value the writer refuses deep down is named by its whole path")
    func writeFaultAtTheBottom() throws {
        var built: SupportedType = ["n": .bigNumber("1e400")]
        for level in 1..<SmallStack.depth { built = level.isMultiple(of: 2) ? .array([1, built]) : .dictionary(["a": 1, "k": built]) }
        let value = built
        let error = try expectError(kind: .unsupported) { try SmallStack.run { Result { try MessagePackSerializer().serialize(value) } }?.get() }
        #expect(error.path.components.count == SmallStack.depth)
        #expect(error.path.components.last == .key("n"))
        #expect(error.path.components.first == .key("k"))
    }

    // MARK: - Past the default depth

    @Test("the stack the reader and the writer need does not grow with the depth", arguments: [
        Shape("arrays of one", SmallStack.nestedArrays(1_500)), Shape("maps of one", SmallStack.nestedMaps(1_500)),
        Shape("maps and pairs, alternating", SmallStack.alternating(1_500)),
    ])
    func deeperThanTheDefault(shape: Shape) throws {
        // Ten times the default depth: a walker that takes stack for each level, as the
        // recursive ones did, runs out of a small stack long before.
        let msgpack = MessagePackSerializer(options: .init(limits: ParsingLimits(maxDepth: 2_000)))
        let value = shape.value
        let result = try SmallStack.run { () throws -> (written: [UInt8], read: SupportedType, rewritten: [UInt8]) in
            let written = try msgpack.serializeToBytes(value)
            let read = try msgpack.deserialize(bytes: written)
            return (written, read, try msgpack.serializeToBytes(read))
        }
        let round = try #require(result)
        #expect(SmallStack.depth(of: round.read) == 1_500)
        #expect(round.rewritten == round.written)
    }

    // MARK: - Helpers

    /// A named value for the test list.
    struct Shape: CustomTestStringConvertible, Sendable {
        let name: String
        let value: SupportedType
        init(_ name: String, _ value: SupportedType) {
            self.name = name
            self.value = value
        }

        init(_ name: String, _ make: (Int) -> SupportedType, depth: Int = SmallStack.depth) {
            self.init(name, make(depth))
        }

        var testDescription: String { name }
    }

    /// A function giving `depth` levels made by `level` around the innermost `1`, each
    /// level one container deep.
    static func levels(_ level: @escaping (SupportedType) -> SupportedType) -> (Int) -> SupportedType {
        levels(numbered: { _, inner in level(inner) })
    }

    /// As ``levels(_:)``, `level` also given the level's number, 0 outermost.
    static func levels(numbered level: @escaping (Int, SupportedType) -> SupportedType) -> (Int) -> SupportedType {
        { depth in
            var value: SupportedType = 1
            for number in (0..<depth).reversed() { value = level(number, value) }
            return value
        }
    }

    /// `width` integers with `inner` in the middle.
    static func wideArray(_ width: Int, holding inner: SupportedType) -> SupportedArray {
        SupportedArray((0..<width).map { $0 == width / 2 ? inner : .int($0) })
    }

    /// `width` entries keyed `prefix` and their number, `inner` in the middle.
    static func wideMap(_ width: Int, holding inner: SupportedType, prefix: String = "key") -> OrderedMap {
        OrderedMap((0..<width).map { ("\(prefix)\($0)", $0 == width / 2 ? inner : .string("value \($0)")) })
    }

    /// A map of `width` entries keyed `key0`, `key1` and so on, `inner` in the middle and
    /// a flat map of the same keys first, so that the reader knows the shape before it
    /// reads the level below; when it `strays`, the last key is another.
    static func shapedMap(_ width: Int, holding inner: SupportedType, strays: Bool = false) -> SupportedType {
        let flat = OrderedMap((0..<width).map { ("key\($0)", .int($0)) })
        return .dictionary(OrderedMap((0..<width).map { number in
            let key = strays && number == width - 1 ? "other" : "key\(number)"
            switch number {
            case 0: return (key, .dictionary(flat))
            case width / 2: return (key, inner)
            default: return (key, .string("value \(number)"))
            }
        }))
    }

    /// `levels` maps `{"a": 1, "k": [1], "k": {"b": next}}`, as bytes, with the values
    /// read under the policies that keep the last and the first of a repeated key.
    static func repeatedKeyLevels(_ levels: Int) -> (bytes: [UInt8], lastWins: SupportedType, firstWins: SupportedType) {
        var bytes: [UInt8] = [0x01]
        var lastWins: SupportedType = 1
        for _ in 0..<levels {
            // 0x83: a map of three entries; "a": 1; "k": [1]; "k": {"b": next}.
            bytes = [0x83, 0xA1, 0x61, 0x01, 0xA1, 0x6B, 0x91, 0x01, 0xA1, 0x6B, 0x81, 0xA1, 0x62] + bytes
            lastWins = ["a": 1, "k": ["b": lastWins]]
        }
        return (bytes, lastWins, ["a": 1, "k": [1]])
    }

    /// `bytes` `count` times over.
    static func repeating(_ bytes: [UInt8], _ count: Int) -> [UInt8] {
        [UInt8]((0..<count).map { _ in bytes }.joined())
    }

}

private extension SupportedType {
    /// The last scalar of the branch that goes through the last container of each
    /// level, and its path: in the shapes, the deepest.
    var innermostLeaf: (value: SupportedType, path: DataPath)? {
        var current = self
        var steps: [DataPath.Component] = []
        while true {
            let children: [(step: DataPath.Component, value: SupportedType)]
            if let array = current.array {
                children = array.indices.map { (.index($0), array[$0]) }
            } else if let map = current.orderedMap {
                children = map.keys.map { (.key($0), map[$0] ?? .null) }
            } else {
                return (current, DataPath(steps))
            }
            guard let next = children.last(where: { $0.value.array != nil || $0.value.orderedMap != nil }) ?? children.last else { return nil }
            steps.append(next.step)
            current = next.value
        }
    }
}
