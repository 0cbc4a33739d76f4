import DataMapperCore
import DataMapperJSON
import Foundation

/// The records the large generated documents are made of, taken from the corpus:
/// twitter's statuses (text, CJK, nulls, 64-bit ids), citm_catalog's performances
/// (small integers, nested prices) and canada's outline cut into one feature per ring
/// (floats).
public struct CorpusRecords: Sendable {
    /// One list per source, in the order they are interleaved.
    public let sources: [[SupportedType]]

    public init(corpus: URL) throws {
        let serializer = JSONSerializer()
        func load(_ name: String) throws -> SupportedType {
            try serializer.deserialize(Data(contentsOf: corpus.appendingPathComponent(name)))
        }
        func array(_ value: SupportedType?, _ description: String) throws -> [SupportedType] {
            guard let elements = value?.array, !elements.isEmpty else {
                throw BenchmarkError("the corpus has no \(description)")
            }
            return elements
        }
        let statuses = try array(load("twitter.json")["statuses"], "statuses in twitter.json")
        let performances = try array(load("citm_catalog.json")["performances"], "performances in citm_catalog.json")
        let features = try array(load("canada.json")["features"], "features in canada.json")
        sources = [statuses, performances, try features.flatMap(Self.featurePerRing)]
    }

    /// Every record written by `encode` (e.g. `JSONSerializer().serialize`), source by source.
    public func encoded(with encode: (SupportedType) throws -> Data) throws -> [[Data]] {
        try sources.map { records in try records.map(encode) }
    }

    /// A Polygon feature split into one feature per ring, so that the floats come in
    /// records of a few kilobytes like the other sources instead of one of 2 MB.
    private static func featurePerRing(_ feature: SupportedType) throws -> [SupportedType] {
        guard let rings = feature["geometry"]?["coordinates"]?.array else {
            throw BenchmarkError("a canada.json feature has no geometry.coordinates array")
        }
        let properties = feature["properties"] ?? .null
        return rings.map { ring in
            let geometry: SupportedType = ["type": "Polygon", "coordinates": .array([ring])]
            return ["type": "Feature", "properties": properties, "geometry": geometry]
        }
    }
}
