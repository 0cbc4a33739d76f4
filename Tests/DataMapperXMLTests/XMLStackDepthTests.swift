import DataMapper
import DataMapperTestSupport
import DataMapperXML
import Foundation
import Testing

/// The XML writer and reader at the default depth on a 512 KiB stack.
///
/// Both count elements, not values: an element is one level, whether it holds a
/// dictionary, one item of an array or a scalar. So nested arrays reach the limit one
/// array early (the innermost scalar is an element of its own), and nested maps under
/// a one-key root reach it exactly. Values are compared on the test's own thread,
/// since comparing them walks them recursively.
@Suite struct XMLStackDepthTests {
    static let depth = SmallStack.depth

    // MARK: - Writing

    /// Values whose XML nests exactly ``depth`` elements deep, by shape.
    static let deepestWritable: [(shape: String, value: SupportedType)] = [
        ("maps", SmallStack.nestedMaps(depth)),
        ("arrays", SmallStack.nestedArrays(depth - 1)),
        ("alternating", SmallStack.alternating(2 * depth - 2)),
    ]

    @Test("the writer writes values as deep as the limit allows, compact and pretty", arguments: [
        XMLSerializer.Options.OutputStyle.compact, .pretty,
    ])
    func writesDeepestValues(style: XMLSerializer.Options.OutputStyle) throws {
        for (shape, value) in Self.deepestWritable {
            let text = try SmallStack.run { try XMLSerializer(options: .init(outputStyle: style)).serialize(toString: value) }
            let written = try #require(text, "\(shape)")
            #expect(Self.elementDepth(of: written) == Self.depth, "\(shape)")
            // Reading back, at a depth the reader allows too, gives the same levels.
            let read = try XMLSerializer().deserialize(fromString: written)
            #expect(SmallStack.depth(of: read) >= Self.depth / 2, "\(shape)")
        }
    }

    @Test("nested maps written at the limit read back as the same maps")
    func writtenMapsReadBack() throws {
        let value = SmallStack.nestedMaps(Self.depth)
        let text = try #require(try SmallStack.run { try XMLSerializer().serialize(toString: value) })
        // XML has no numbers: the innermost 1 reads back as text.
        #expect(try XMLSerializer().deserialize(fromString: text) == Self.nestedMaps(Self.depth, leaf: "1"))
    }

    @Test("one element more than the limit is refused, naming the path")
    func writeRefusesDeeper() throws {
        let value = SmallStack.nestedMaps(Self.depth + 1)
        let error = try expectError {
            try SmallStack.run { try XMLSerializer().serialize(toString: value) }
        }
        #expect(error.kind == .limitExceeded)
        #expect(error.problem == "the value nests deeper than the limit of \(Self.depth) levels")
        #expect(error.path == DataPath(Array(repeating: .key("k"), count: Self.depth)))
    }

    @Test("nested arrays one level deeper than the limit allows are refused, naming the path")
    func writeRefusesDeeperArrays() throws {
        let value = SmallStack.nestedArrays(Self.depth)
        let error = try expectError {
            try SmallStack.run { try XMLSerializer().serialize(toString: value) }
        }
        #expect(error.kind == .limitExceeded)
        #expect(error.path == DataPath(Array(repeating: .index(0), count: Self.depth)))
    }

    // MARK: - Reading

    @Test("the reader reads elements nested to the limit, alone or beside siblings")
    func readsDeepestDocuments() throws {
        let nested = String(repeating: "<k>", count: Self.depth) + "1" + String(repeating: "</k>", count: Self.depth)
        let read = try #require(try SmallStack.run { try XMLSerializer().deserialize(fromString: nested) })
        #expect(read == Self.nestedMaps(Self.depth, leaf: "1"))

        // Each element holds a deeper one and a sibling of the same name: an array.
        let repeated = String(repeating: "<k>", count: Self.depth) + "x"
            + String(repeating: "</k><k>y</k>", count: Self.depth - 1) + "</k>"
        let withSiblings = try #require(try SmallStack.run { try XMLSerializer().deserialize(fromString: repeated) })
        #expect(SmallStack.depth(of: withSiblings) == 2 * Self.depth - 1)
    }

    @Test("one element more than the limit is refused when read, naming the path")
    func readRefusesDeeper() throws {
        let count = Self.depth + 1
        let nested = String(repeating: "<k>", count: count) + "1" + String(repeating: "</k>", count: count)
        let error = try expectError {
            try SmallStack.run { try XMLSerializer().deserialize(fromString: nested) }
        }
        #expect(error.kind == .limitExceeded)
        #expect(error.path == DataPath(Array(repeating: .key("k"), count: count)))
        #expect(error.location?.column == 3 * Self.depth + 1)
    }

    // MARK: - Helpers

    /// `depth` maps, each holding the next under `k`, the innermost holding `leaf`.
    static func nestedMaps(_ depth: Int, leaf: SupportedType) -> SupportedType {
        var value: SupportedType = ["k": leaf]
        for _ in 1..<depth { value = .dictionary(["k": value]) }
        return value
    }

    /// How deep the elements of `text` nest: the most start tags open at once.
    static func elementDepth(of text: String) -> Int {
        var open = 0
        var deepest = 0
        var previous: UInt8 = 0
        for byte in text.utf8 {
            if previous == UInt8(ascii: "<") {
                if byte == UInt8(ascii: "/") {
                    open -= 1
                } else if byte != UInt8(ascii: "?") {
                    open += 1
                    deepest = max(deepest, open)
                }
            }
            previous = byte
        }
        return deepest
    }
}
