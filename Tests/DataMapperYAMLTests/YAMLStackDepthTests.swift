import DataMapper
import DataMapperTestSupport
import DataMapperYAML
import Foundation
import Testing

/// The YAML reader and writer at the default depth on a 512 KiB stack.
///
/// Documents are made and values compared on the test's own thread, since comparing
/// values walks them recursively; only the reading or writing runs on the small stack.
@Suite struct YAMLStackDepthTests {
    static let depth = SmallStack.depth

    /// Values nested exactly ``depth`` collections deep, by shape.
    static let deepest: [(shape: String, value: SupportedType)] = [
        ("arrays", SmallStack.nestedArrays()),
        ("maps", SmallStack.nestedMaps()),
        ("alternating", SmallStack.alternating()),
    ]

    // MARK: - Reading

    @Test("the reader reads documents nested to the limit in flow style")
    func readsFlowStyle() throws {
        for (shape, value) in Self.deepest {
            let text = Self.flow(value)
            let read = try SmallStack.run { try YAMLSerializer().deserialize(fromString: text) }
            #expect(read == value, "\(shape)")
        }
    }

    @Test("the reader reads documents nested to the limit in block style")
    func readsBlockStyle() throws {
        for (shape, value) in Self.deepest {
            let text = Self.block(value)
            let read = try SmallStack.run { try YAMLSerializer().deserialize(fromString: text) }
            #expect(read == value, "\(shape)")
        }
    }

    @Test("an anchored value nested to the limit can be aliased near the root")
    func aliasOfDeepValue() throws {
        // The root mapping is the first level, so the anchored value may hold one fewer.
        let anchored = SmallStack.nestedArrays(Self.depth - 1)
        let text = "a: &deep \(Self.flow(anchored))\nb: *deep\n"
        let read = try SmallStack.run { try YAMLSerializer().deserialize(fromString: text) }
        #expect(read == ["a": anchored, "b": anchored])
    }

    @Test("a mapping nested to the limit can be merged near the root")
    func mergeOfDeepMapping() throws {
        let anchored = SmallStack.nestedMaps(Self.depth - 1)
        let text = "base: &base \(Self.flow(anchored))\nderived: {<<: *base, n: 1}\n"
        let read = try SmallStack.run { try YAMLSerializer().deserialize(fromString: text) }
        let inner = try #require(anchored["k"])
        #expect(read == ["base": anchored, "derived": ["k": inner, "n": 1]])
    }

    @Test("one level more than the limit is refused when read, naming the path", arguments: [false, true])
    func readRefusesDeeper(block: Bool) throws {
        let value = block ? SmallStack.nestedMaps(Self.depth + 1) : SmallStack.nestedArrays(Self.depth + 1)
        let text = block ? Self.block(value) : Self.flow(value)
        let error = try expectError {
            try SmallStack.run { try YAMLSerializer().deserialize(fromString: text) }
        }
        #expect(error.kind == .limitExceeded)
        #expect(error.problem == "collections nest more than \(Self.depth) levels deep")
        let step: DataPath.Component = block ? .key("k") : .index(0)
        #expect(error.path == DataPath(Array(repeating: step, count: Self.depth)))
        #expect(error.location?.position == (block ? .text(line: Self.depth + 1, column: 2 * Self.depth + 1) : .text(line: 1, column: Self.depth + 1)))
    }

    // MARK: - Writing

    @Test("the writer writes values nested to the limit, in block and flow style", arguments: [
        YAMLSerializer.Options.OutputStyle.block, .flow,
    ])
    func writesDeepestValues(style: YAMLSerializer.Options.OutputStyle) throws {
        for (shape, value) in Self.deepest {
            let text = try SmallStack.run { try YAMLSerializer(options: .init(outputStyle: style)).serialize(toString: value) }
            let written = try #require(text, "\(shape)")
            #expect(try YAMLSerializer().deserialize(fromString: written) == value, "\(shape)")
        }
    }

    @Test("one level more than the limit is refused when written, naming the path")
    func writeRefusesDeeper() throws {
        let value = SmallStack.nestedArrays(Self.depth + 1)
        let error = try expectError {
            try SmallStack.run { try YAMLSerializer().serialize(toString: value) }
        }
        #expect(error.kind == .limitExceeded)
        #expect(error.problem == "the value nests more than \(Self.depth) levels deep")
        #expect(error.path == DataPath(Array(repeating: .index(0), count: Self.depth)))
    }

    // MARK: - Documents

    /// `value` in flow style: `[…]` and `{k: …}`, scalars plain.
    static func flow(_ value: SupportedType) -> String {
        if let items = value.array {
            return "[" + items.map(flow).joined(separator: ", ") + "]"
        }
        if let map = value.orderedMap {
            return "{" + zip(map.keys, map.values).map { "\($0): \(flow($1))" }.joined(separator: ", ") + "}"
        }
        return scalar(value)
    }

    /// `value` in block style, each level indented two spaces more than its parent.
    static func block(_ value: SupportedType, indent: String = "") -> String {
        var lines = ""
        if let items = value.array {
            for item in items {
                lines += isCollection(item) ? indent + "-\n" + block(item, indent: indent + "  ") : indent + "- " + scalar(item) + "\n"
            }
        } else if let map = value.orderedMap {
            for (key, item) in zip(map.keys, map.values) {
                lines += isCollection(item) ? indent + key + ":\n" + block(item, indent: indent + "  ") : indent + key + ": " + scalar(item) + "\n"
            }
        } else {
            lines = indent + scalar(value) + "\n"
        }
        return lines
    }

    private static func isCollection(_ value: SupportedType) -> Bool {
        value.array != nil || value.orderedMap != nil
    }

    /// The plain text of the scalars these tests use (integers and plain words).
    private static func scalar(_ value: SupportedType) -> String {
        if let number = value.int { return String(number) }
        return value.string ?? "null"
    }
}
