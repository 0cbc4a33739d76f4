import DataMapperCore
import Testing

@Suite("SupportedArray")
struct SupportedArrayTests {
    @Test("an array equals and hashes like the same elements, and not like others")
    func equality() {
        let array: SupportedArray = [.double(1.5), .null]
        let same = SupportedArray([SupportedType.double(1.5), .null])
        #expect(array == same)
        #expect(array.hashValue == same.hashValue)
        #expect(SupportedType(.array(array)) == SupportedType.array([.double(1.5), .null]))
        #expect(array != [.double(1.5)])
        #expect(array != [.null, .double(1.5)])
    }

    @Test("changing a copy leaves the original alone")
    func copyOnWrite() {
        let original: SupportedArray = [.int(1), .string("two")]
        var changed = original
        changed[0] = .bool(true)
        changed.append(.int(9))
        #expect(changed == [.bool(true), .string("two"), .int(9)])
        #expect(original == [.int(1), .string("two")])

        var replaced = original
        replaced.replaceSubrange(0..<2, with: [.null])
        #expect(replaced == [.null])
        #expect(original.count == 2)
    }

    @Test("elements gives the array's own storage, and setting it replaces the elements")
    func elements() {
        var array: SupportedArray = [.int(1)]
        #expect(array.elements == [.int(1)])
        array.elements.append(.int(2))
        #expect(array == [.int(1), .int(2)])
        #expect(array.withUnsafeBufferPointer { $0.count } == 2)
    }

    @Test("arrays are read from several tasks at once")
    func concurrentReads() async {
        let arrays = (0..<2_000).map { SupportedArray([.int($0), .string("value \($0)")]) }
        let sums = await withTaskGroup(of: Int.self) { group in
            for _ in 0..<4 {
                group.addTask { arrays.reduce(0) { $0 + ($1[0].int ?? 0) } }
            }
            return await group.reduce(into: [Int]()) { $0.append($1) }
        }
        #expect(sums == Array(repeating: (0..<2_000).reduce(0, +), count: 4))
    }

    @Test("the value stays 32 bytes")
    func layout() {
        #expect(MemoryLayout<SupportedArray>.size == 8)
        #expect(MemoryLayout<SupportedType>.stride == 32)
    }
}
