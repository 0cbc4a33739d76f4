import DataMapper
import DataMapperJSON
import DataMapperTestSupport
import Foundation
import Testing

/// The JSON reader and writer at the default depth on a 512 KiB stack.
///
/// Documents are made and values compared on the test's own thread, since comparing
/// values walks them recursively; only the reading or writing runs on the small stack.
@Suite struct JSONStackDepthTests {
    static let depth = SmallStack.depth

    /// Values nested exactly ``depth`` containers deep, by shape.
    static let deepest: [(shape: String, value: SupportedType)] = [
        ("arrays", SmallStack.nestedArrays()),
        ("maps", SmallStack.nestedMaps()),
        ("alternating", SmallStack.alternating()),
    ]

    // MARK: - Reading

    @Test("the reader reads documents nested to the limit, compact and spread over lines")
    func readsDeepestDocuments() throws {
        for (shape, value) in Self.deepest {
            for text in [Self.compact(value), Self.lines(value)] {
                let read = try #require(try SmallStack.run { try JSONSerializer().deserialize(fromString: text) }, "\(shape)")
                #expect(read == value, "\(shape)")
                #expect(SmallStack.depth(of: read) == Self.depth, "\(shape)")
            }
        }
    }

    @Test("every value read at the limit keeps its position")
    func positionsAtDepth() throws {
        // `[[…[1,⏎2],127]…,2],1]`: the pair at the bottom, each level's second element after it.
        var secondLine = "2"
        var columns: [Int: Int] = [:]
        for level in (1..<Self.depth).reversed() {
            secondLine += "],"
            columns[level] = secondLine.utf8.count + 1
            secondLine += String(level)
        }
        let text = String(repeating: "[", count: Self.depth) + "1,\n" + secondLine + "]"
        let read = try #require(try SmallStack.run { try JSONSerializer().deserialize(fromString: text) })
        var node = read
        for level in 1..<Self.depth {
            #expect(node.position == .text(line: 1, column: level))
            let elements = try #require(node.array)
            #expect(elements.count == 2)
            #expect(elements[1] == .int(level))
            #expect(elements[1].position == .text(line: 2, column: columns[level] ?? 0))
            node = elements[0]
        }
        #expect(node.position == .text(line: 1, column: Self.depth))
        #expect(node == [1, 2])
        #expect(node.array?[0].position == .text(line: 1, column: Self.depth + 1))
        #expect(node.array?[1].position == .text(line: 2, column: 1))
    }

    @Test("one level more than the limit is refused when read, naming the path", arguments: ["arrays", "maps"])
    func readRefusesDeeper(shape: String) throws {
        let value = shape == "maps" ? SmallStack.nestedMaps(Self.depth + 1) : SmallStack.nestedArrays(Self.depth + 1)
        let text = Self.compact(value)
        let error = try expectError {
            try SmallStack.run { try JSONSerializer().deserialize(fromString: text) }
        }
        #expect(error.kind == .limitExceeded)
        #expect(error.problem == "arrays and objects nest deeper than the limit of \(Self.depth) levels")
        let step: DataPath.Component = shape == "maps" ? .key("k") : .index(0)
        #expect(error.path == DataPath(Array(repeating: step, count: Self.depth)))
        let column = shape == "maps" ? 5 * Self.depth + 1 : Self.depth + 1
        #expect(error.location?.position == .text(line: 1, column: column))
    }

    @Test("a syntax error at the limit names the path through every level")
    func readErrorAtDepth() throws {
        // The bottom map's value is a bad literal, after a good entry.
        var document = ""
        for level in 0..<(Self.depth - 1) { document += level.isMultiple(of: 2) ? #"{"k":"# : "[0," }
        document += #"{"a":1,"b":nul}"#
        for level in (0..<(Self.depth - 1)).reversed() { document += level.isMultiple(of: 2) ? "}" : "]" }
        let text = document
        let error = try expectError {
            try SmallStack.run { try JSONSerializer().deserialize(fromString: text) }
        }
        var steps: [DataPath.Component] = (0..<(Self.depth - 1)).map { $0.isMultiple(of: 2) ? .key("k") : .index(1) }
        steps.append(.key("b"))
        #expect(error.kind == .syntax)
        #expect(error.path == DataPath(steps))
        #expect(error.problem == "expected 'null', found 'nul'")
        #expect(error.location?.position == .text(line: 1, column: text.utf8.count - Self.depth - 2))
    }

    @Test("a repeated key at the limit follows the policy", arguments: [
        DuplicateKeyPolicy.lastWins, .firstWins, .error,
    ])
    func duplicateKeyAtDepth(policy: DuplicateKeyPolicy) throws {
        // Every level repeats its key after the nested value; the bottom one too.
        let text = String(repeating: #"{"k":"#, count: Self.depth - 1) + #"{"k":1,"k":2}"#
            + String(repeating: #","k":0}"#, count: Self.depth - 1)
        let options = JSONSerializer.Options(duplicateKeys: policy)
        let outcome = try SmallStack.run { () -> Result<SupportedType, DataMapperError> in
            Result { () throws(DataMapperError) in try JSONSerializer(options: options).deserialize(bytes: Array(text.utf8)) }
        }
        switch policy {
        case .lastWins:
            #expect(try outcome?.get() == ["k": 0])
        case .firstWins:
            #expect(try outcome?.get() == SmallStack.nestedMaps())
        case .error:
            let error = try expectError { try outcome?.get() }
            #expect(error.path == DataPath(Array(repeating: .key("k"), count: Self.depth - 1)))
            #expect(error.problem == #"duplicate key "k"; it first appears at 1:\#(5 * Self.depth - 3)"#)
        }
    }

    // MARK: - Writing

    @Test("the writer writes values nested to the limit", arguments: [
        JSONSerializer.Options(),
        JSONSerializer.Options(outputStyle: .pretty),
        JSONSerializer.Options(outputStyle: .pretty, sortKeys: true),
        JSONSerializer.Options(sortKeys: true),
    ])
    func writesDeepestValues(options: JSONSerializer.Options) throws {
        for (shape, value) in Self.deepest {
            let text = try SmallStack.run { try JSONSerializer(options: options).serialize(toString: value) }
            let written = try #require(text, "\(shape)")
            if options.outputStyle == .pretty {
                #expect(written == Self.lines(value, indentWidth: options.indentWidth, sortKeys: options.sortKeys), "\(shape)")
            } else {
                #expect(written == Self.compact(value, sortKeys: options.sortKeys), "\(shape)")
            }
            #expect(try JSONSerializer().deserialize(fromString: written) == value, "\(shape)")
        }
    }

    @Test("one level more than the limit is refused when written, naming the path", arguments: ["arrays", "maps"])
    func writeRefusesDeeper(shape: String) throws {
        let value = shape == "maps" ? SmallStack.nestedMaps(Self.depth + 1) : SmallStack.nestedArrays(Self.depth + 1)
        let error = try expectError {
            try SmallStack.run { try JSONSerializer().serializeToBytes(value) }
        }
        #expect(error.kind == .limitExceeded)
        #expect(error.problem == "the value nests deeper than the limit of \(Self.depth) levels")
        let step: DataPath.Component = shape == "maps" ? .key("k") : .index(0)
        #expect(error.path == DataPath(Array(repeating: step, count: Self.depth)))
    }

    @Test("a value JSON cannot hold at the limit is refused, naming the path through every level")
    func writeErrorAtDepth() throws {
        var bottom: SupportedType = ["a": 1, "b": .double(.nan)]
        for level in (0..<(Self.depth - 1)).reversed() {
            bottom = level.isMultiple(of: 2) ? ["k": bottom, "n": .int(level)] : [.int(level), bottom]
        }
        let value = bottom
        let error = try expectError {
            try SmallStack.run { try JSONSerializer().serializeToBytes(value) }
        }
        var steps: [DataPath.Component] = (0..<(Self.depth - 1)).map { $0.isMultiple(of: 2) ? .key("k") : .index(1) }
        steps.append(.key("b"))
        #expect(error.kind == .unsupported)
        #expect(error.path == DataPath(steps))
    }

    // MARK: - Documents

    /// `value` as compact JSON, made here rather than by the writer under test; only
    /// the integers, strings, arrays and maps these tests use.
    static func compact(_ value: SupportedType, sortKeys: Bool = false) -> String {
        if let items = value.array {
            return "[" + items.map { compact($0, sortKeys: sortKeys) }.joined(separator: ",") + "]"
        }
        if let map = value.orderedMap {
            return "{" + entries(map, sortKeys).map { "\"\($0)\":\(compact($1, sortKeys: sortKeys))" }.joined(separator: ",") + "}"
        }
        return scalar(value)
    }

    /// `value` laid out as the pretty writer does: one value per line, `indentWidth`
    /// spaces more for each level.
    static func lines(_ value: SupportedType, indentWidth: Int = 2, sortKeys: Bool = false, level: Int = 0) -> String {
        let inner = "\n" + String(repeating: " ", count: (level + 1) * indentWidth)
        let outer = "\n" + String(repeating: " ", count: level * indentWidth)
        if let items = value.array {
            let parts = items.map { inner + lines($0, indentWidth: indentWidth, sortKeys: sortKeys, level: level + 1) }
            return "[" + parts.joined(separator: ",") + outer + "]"
        }
        if let map = value.orderedMap {
            let parts = entries(map, sortKeys).map {
                inner + "\"\($0)\": " + lines($1, indentWidth: indentWidth, sortKeys: sortKeys, level: level + 1)
            }
            return "{" + parts.joined(separator: ",") + outer + "}"
        }
        return scalar(value)
    }

    private static func entries(_ map: OrderedMap, _ sortKeys: Bool) -> [(String, SupportedType)] {
        let pairs = Array(zip(map.keys, map.values))
        return sortKeys ? pairs.sorted { $0.0 < $1.0 } : pairs
    }

    /// The text of the scalars these tests use: integers and plain words.
    private static func scalar(_ value: SupportedType) -> String {
        if let number = value.int { return String(number) }
        return value.string.map { "\"\($0)\"" } ?? "null"
    }
}
