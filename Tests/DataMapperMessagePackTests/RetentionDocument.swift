import DataMapper

/// A generated document of about 30 MB of MessagePack for the retention test: an
/// array of records, each a map with strings of 20–200 bytes (every one distinct),
/// numbers, and a nested map holding an array of maps. It is the same on every
/// run, so the parent process knows which text the child must have kept.
enum RetentionDocument {
    /// How many records; at about 850 bytes each the document passes 30 MB.
    static let recordCount = 27_000
    /// The record whose nested label the child keeps, deep in the document.
    static let keptRecord = recordCount * 2 / 3

    /// The text the child keeps: `[keptRecord]["nested"]["path"][1]["label"]`.
    static var keptText: String { text(record: keptRecord, field: "label1") }

    /// Where the kept value sits in the document.
    static func keptValue(in document: SupportedType) -> SupportedType? {
        document[keptRecord]?["nested"]?["path"]?[1]?["label"]
    }

    /// The whole document as a value tree.
    static func value() -> SupportedType {
        let pool = letterPool()
        return .array((0..<recordCount).map { record(at: $0, pool: pool) })
    }

    private static func record(at index: Int, pool: [UInt8]) -> SupportedType {
        func text(_ field: String) -> SupportedType { .string(RetentionDocument.text(record: index, field: field, pool: pool)) }
        let path: [SupportedType] = (0..<2).map { step in
            .dictionary(["label": text("label\(step)"), "weight": .double(Double(index) / 7 + Double(step))])
        }
        return .dictionary([
            "id": .int(index),
            "name": text("name"),
            "email": text("email"),
            "bio": text("bio"),
            "address": text("address"),
            "tags": .array((0..<3).map { text("tag\($0)") }),
            "scores": .array((0..<4).map { .double(Double(index * 4 + $0) * 0.37) }),
            "nested": .dictionary(["level": .int(index % 9), "path": .array(path)]),
        ])
    }

    /// A distinct text of 20–200 bytes for one field of one record: a prefix naming
    /// both, then letters from a fixed pool at an offset that depends on both.
    static func text(record: Int, field: String, pool: [UInt8] = letterPool()) -> String {
        var hash = UInt64(truncatingIfNeeded: record) &* 0x9E37_79B9_7F4A_7C15
        for byte in field.utf8 { hash = (hash ^ UInt64(byte)) &* 0x100_0000_01B3 }
        let prefix = Array("r\(record)-\(field)-".utf8)
        let length = max(20 + Int(hash % 181), prefix.count)
        let start = Int((hash >> 16) % UInt64(pool.count - 200))
        return String(decoding: prefix + pool[start..<start + length - prefix.count], as: UTF8.self)
    }

    /// 64 KB of pseudo-random lowercase letters, the same on every run.
    static func letterPool() -> [UInt8] {
        var state: UInt64 = 0x2545_F491_4F6C_DD1D
        return (0..<65_536).map { _ in
            state ^= state << 13
            state ^= state >> 7
            state ^= state << 17
            return UInt8(ascii: "a") + UInt8(state % 26)
        }
    }
}
