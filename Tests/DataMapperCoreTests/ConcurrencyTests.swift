import DataMapperCore
import Foundation
import Testing

/// Compiles only while the core values stay `Sendable`.
private func requireSendable<T: Sendable>(_: T.Type) {}

@Suite("Concurrency")
struct ConcurrencyTests {
    @Test("core values are Sendable and can cross tasks")
    func sendableValues() async {
        requireSendable(SupportedType.self)
        requireSendable(OrderedMap.self)
        requireSendable(DataMapperError.self)
        requireSendable(DataPath.self)
        requireSendable(ParsingLimits.self)
        let value: SupportedType = ["a": [1, 2, 3]]
        let counts = await withTaskGroup(of: Int.self) { group in
            for _ in 0..<8 { group.addTask { value["a"]?.count ?? 0 } }
            return await group.reduce(0, +)
        }
        #expect(counts == 24)
    }
}

@Suite("Serializer string helpers")
struct SerializerStringHelperTests {
    /// A format of one line per string, enough to exercise the protocol extensions.
    struct LinesSerializer: Serializer {
        func serialize(_ value: SupportedType) throws -> Data {
            Data((value.array ?? []).compactMap(\.string).joined(separator: "\n").utf8)
        }
        func deserialize(_ data: Data) throws -> SupportedType {
            .array(String(decoding: data, as: UTF8.self).split(separator: "\n").map { .string(String($0)) })
        }
    }

    /// Bytes that are never valid UTF-8.
    struct BinarySerializer: Serializer {
        func serialize(_ value: SupportedType) throws -> Data { Data([0xFF, 0xFE]) }
        func deserialize(_ data: Data) throws -> SupportedType { .binary(data) }
    }

    @Test("strings go through UTF-8 both ways")
    func stringHelpers() throws {
        let serializer = LinesSerializer()
        #expect(try serializer.serialize(toString: ["a", "日本"]) == "a\n日本")
        #expect(try serializer.deserialize(fromString: "x\ny") == ["x", "y"])
    }

    @Test("bytes that are not UTF-8 are refused as text, not damaged")
    func nonUTF8() {
        #expect(throws: DataMapperError.self) { try BinarySerializer().serialize(toString: nil) }
    }
}
