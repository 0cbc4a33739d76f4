import DataMapper
import DataMapperTestSupport
import Foundation
import Testing

/// A tree whose every level is a map holding an array of children, so `n` levels of
/// `Branch` make a value `2n` deep.
private struct Branch: Codable, Mappable, Equatable {
    var children: [Branch] = []

    init() {}
    init(_ data: DeserializableData) throws { try mapping(data) }
    mutating func mapping(_ data: inout MappableData) throws { try data["children"].map(&children) }

    /// A chain of branches whose value is exactly `depth` deep (`depth` even).
    static func chain(valueDepth depth: Int) -> Branch {
        var branch = Branch()
        for _ in 1..<(depth / 2) {
            var parent = Branch()
            parent.children = [branch]
            branch = parent
        }
        return branch
    }
}

/// Every walker of the core — `==`, `hash`, `description`, releasing a value, the
/// Codable encoder and decoder, ObjectMapper both ways — handles a value nested to
/// the default depth on a 512 KiB stack.
@Suite("Core walkers at the default depth on a small stack")
struct MappingStackDepthTests {
    static let shapes: [SupportedType] = [SmallStack.nestedArrays(), SmallStack.nestedMaps(), SmallStack.alternating()]

    @Test("the deep values are as deep as the default limit")
    func depths() {
        for value in Self.shapes { #expect(SmallStack.depth(of: value) == SmallStack.depth) }
    }

    @Test("equality compares deep values", arguments: shapes)
    func equality(value: SupportedType) throws {
        let copy = rebuilt(value)
        let equal = try SmallStack.run { value == copy && value != .null }
        #expect(equal == true)
    }

    @Test("hashing a deep value ends, and equal values hash alike", arguments: shapes)
    func hashing(value: SupportedType) throws {
        let copy = rebuilt(value)
        let hashes = try SmallStack.run { (value.hashValue, copy.hashValue) }
        #expect(hashes?.0 == hashes?.1)
    }

    @Test("the description of a deep value opens and closes every level", arguments: shapes)
    func description(value: SupportedType) throws {
        let text = try SmallStack.run { value.description }
        let opened = text?.filter { $0 == "[" || $0 == "{" }.count
        #expect(opened == SmallStack.depth)
    }

    @Test("a deep value built in code is released on a small stack", arguments: [0, 1, 2])
    func release(shape: Int) throws {
        // Built and dropped on the small thread: an overflow while freeing it crashes
        // the run; the depth shows the value freed was as deep as the limit.
        let builtDepth = try SmallStack.run { () -> Int in
            let value = [SmallStack.nestedArrays(), SmallStack.nestedMaps(), SmallStack.alternating()][shape]
            return SmallStack.depth(of: value)
        }
        #expect(builtDepth == SmallStack.depth)
    }

    @Test("the Codable decoder reads a deep value")
    func codableDecode() throws {
        let value = try SupportedTypeEncoder().encode(Branch.chain(valueDepth: SmallStack.depth))
        #expect(SmallStack.depth(of: value) == SmallStack.depth)
        let decoded = try SmallStack.run { try SupportedTypeDecoder().decode(Branch.self, from: value) }
        #expect(decoded == Branch.chain(valueDepth: SmallStack.depth))
    }

    @Test("the Codable encoder writes a deep value")
    func codableEncode() throws {
        let branch = Branch.chain(valueDepth: SmallStack.depth)
        let value = try SmallStack.run { try SupportedTypeEncoder().encode(branch) }
        #expect(value.map(SmallStack.depth(of:)) == SmallStack.depth)
    }

    @Test("ObjectMapper reads a deep value")
    func mapperRead() throws {
        let value = ObjectMapper().serialize(Branch.chain(valueDepth: SmallStack.depth))
        #expect(SmallStack.depth(of: value) == SmallStack.depth)
        let branch = try SmallStack.run { try ObjectMapper().deserialize(value, as: Branch.self) }
        #expect(branch == Branch.chain(valueDepth: SmallStack.depth))
    }

    @Test("ObjectMapper writes a deep value")
    func mapperWrite() throws {
        let branch = Branch.chain(valueDepth: SmallStack.depth)
        let value = try SmallStack.run { ObjectMapper().serialize(branch) }
        #expect(value.map(SmallStack.depth(of:)) == SmallStack.depth)
    }

    /// An equal value sharing no storage with `value`, so `==` cannot stop at identity.
    private func rebuilt(_ value: SupportedType) -> SupportedType {
        if let array = value.array { return .array(SupportedArray(array.map(rebuilt))) }
        if let map = value.orderedMap {
            return .dictionary(OrderedMap(zip(map.keys, map.values.map(rebuilt))))
        }
        return value
    }
}
