import BenchmarkSupport
import DataMapper
import DataMapperJSON
import Foundation

/// Mapping rows: bytes to model objects, ours (`JSONSerializer` then `ObjectMapper`
/// into `Mappable` models) against `JSONDecoder` into equivalent `Codable` models;
/// the same from the MessagePack and XML twins in `MappingBenchmarks+Formats.swift`.
enum MappingBenchmarks {
    static func group(corpus: URL) throws -> BenchmarkGroup {
        let twitter = corpus.appendingPathComponent("twitter.json")
        let citm = corpus.appendingPathComponent("citm_catalog.json")
        var comparisons: [Comparison] = []
        comparisons += try rows(
            file: twitter,
            ours: { try ObjectMapper().deserialize($0, as: MappableTwitter.Document.self).statuses.count },
            peer: { try JSONDecoder().decode(CodableTwitter.Document.self, from: $0).statuses.count }
        )
        comparisons += try rows(
            file: citm,
            ours: { try ObjectMapper().deserialize($0, as: MappableCitm.Catalog.self).performances.count },
            peer: { try JSONDecoder().decode(CodableCitm.Catalog.self, from: $0).performances.count }
        )
        comparisons += try formatRows(corpus: corpus)
        return BenchmarkGroup(name: "mapping", comparisons: comparisons)
    }

    /// Two rows for one document: the whole way from bytes (against `JSONDecoder`),
    /// and the mapping step alone from an already parsed value (no peer has that step).
    private static func rows(
        file: URL,
        ours map: @escaping (SupportedType) throws -> Int,
        peer decode: @escaping (Data) throws -> Int
    ) throws -> [Comparison] {
        let name = file.lastPathComponent
        let data = try Data(contentsOf: file)
        let serializer = JSONSerializer()
        let value = try serializer.deserialize(data)
        // Both sides must read the whole document before they are timed.
        try agree(name, map(value), decode(data))
        let fromBytes = Comparison(
            subject: name, operation: "decode models", bytes: data.count,
            ours: Contender(name: "DataMapper") { try map(serializer.deserialize(data)) },
            peer: Contender(name: "JSONDecoder") { try decode(data) }
        )
        let fromValue = Comparison(
            subject: name, operation: "map parsed value", bytes: data.count,
            ours: Contender(name: "ObjectMapper") { try map(value) },
            peer: nil
        )
        return [fromBytes, fromValue]
    }
}
