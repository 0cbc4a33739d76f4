import BenchmarkSupport
import CMessagePackC
import DataMapper
import DataMapperJSON
import DataMapperMessagePack
import Foundation

/// MessagePack rows, for every `.msgpack` file of the corpus: unpack to a value and
/// pack it again, ours against msgpack-c, and ours against our own JSON parse and
/// emit of the same document (its `.json` twin), all in the same run.
///
/// The "vs JSON" rows put our JSON work in the peer column: their ratio is how many
/// times less time MessagePack takes than JSON for the same document. Their MB/s
/// figures are the MessagePack file's size over each time.
enum MessagePackBenchmarks {
    static func group(corpus: URL) throws -> BenchmarkGroup {
        var comparisons: [Comparison] = []
        for file in try Corpus.files(in: corpus, suffix: "msgpack") {
            let json = try Data(contentsOf: file.deletingPathExtension().appendingPathExtension("json"))
            comparisons += try rows(name: file.lastPathComponent, packed: Data(contentsOf: file), json: json)
        }
        let packed = try MessagePackSerializer().serialize(message)
        // The message's rows show the fixed cost of a call rather than throughput; their
        // thresholds guard that cost.
        comparisons += try rows(name: "message (\(packed.count) B)", packed: packed, json: JSONSerializer().serialize(message))
        return BenchmarkGroup(name: "msgpack", comparisons: comparisons)
    }

    /// A message of the kind services exchange by the million, about a hundred bytes:
    /// its rows show what a read costs before and after the document itself (tables
    /// set up and freed), which the corpus documents hide.
    static let message: SupportedType = [
        "id": 12345, "name": "sensor-7", "ok": true, "values": [1.5, 2.25, 3.0],
        "tags": ["site": "north", "rack": "r12"],
    ]

    private static func rows(name: String, packed: Data, json: Data) throws -> [Comparison] {
        let msgpack = MessagePackSerializer()
        let jsonSerializer = JSONSerializer()
        // Inputs for the pack rows, made once and outside the timing.
        let value = try msgpack.deserialize(packed)
        let jsonValue = try jsonSerializer.deserialize(json)
        let document = try packed.withUnsafeBytes { buffer in
            guard let base = buffer.baseAddress?.assumingMemoryBound(to: CChar.self),
                  let document = dm_msgpackc_document_create(base, buffer.count) else {
                throw BenchmarkError("msgpack-c cannot read \(name)")
            }
            return CDocument(pointer: document)
        }

        let unpack = Comparison(
            subject: name, operation: "unpack", bytes: packed.count,
            ours: Contender(name: "DataMapper") { try msgpack.deserialize(packed).shallowCount },
            peer: Contender(name: "msgpack-c") {
                packed.withUnsafeBytes { buffer in
                    Int(dm_msgpackc_unpack_count(buffer.baseAddress?.assumingMemoryBound(to: CChar.self), buffer.count))
                }
            }
        )
        let pack = Comparison(
            subject: name, operation: "pack", bytes: packed.count,
            ours: Contender(name: "DataMapper") { try msgpack.serialize(value).count },
            peer: Contender(name: "msgpack-c") { withExtendedLifetime(document) { Int(dm_msgpackc_pack(document.pointer)) } }
        )
        let unpackVersusJSON = Comparison(
            subject: name, operation: "unpack vs JSON parse", bytes: packed.count,
            ours: Contender(name: "DataMapper") { try msgpack.deserialize(packed).shallowCount },
            peer: Contender(name: "DataMapper JSON") { try jsonSerializer.deserialize(json).shallowCount }
        )
        let packVersusJSON = Comparison(
            subject: name, operation: "pack vs JSON emit", bytes: packed.count,
            ours: Contender(name: "DataMapper") { try msgpack.serialize(value).count },
            peer: Contender(name: "DataMapper JSON") { try jsonSerializer.serialize(jsonValue).count }
        )
        return [unpack, pack, unpackVersusJSON, packVersusJSON]
    }

    /// A msgpack-c tree kept for the pack rows, freed when the last row is gone.
    final class CDocument {
        let pointer: OpaquePointer
        init(pointer: OpaquePointer) { self.pointer = pointer }
        deinit { dm_msgpackc_document_destroy(pointer) }
    }
}
