import DataMapper
import DataMapperMessagePack
import DataMapperXML
import BenchmarkSupport
import Foundation
import XMLCoder

/// Mapping rows from the MessagePack and XML twins of twitter and citm_catalog.
///
/// A `Comparison` has one byte count, and these rows give it the size of *our* input
/// (the `.msgpack` or `.xml` file), so MB/s reads as "bytes of that file per second"
/// in both columns, although the MessagePack peer reads the larger JSON twin.
extension MappingBenchmarks {
    static func formatRows(corpus: URL) throws -> [Comparison] {
        let twitter = corpus.appendingPathComponent("twitter")
        let citm = corpus.appendingPathComponent("citm_catalog")
        var rows: [Comparison] = []
        rows.append(try messagePackRow(
            file: twitter.appendingPathExtension("msgpack"),
            ours: { try ObjectMapper().deserialize($0, as: MappableTwitter.Document.self).statuses.count },
            peer: { try JSONDecoder().decode(CodableTwitter.Document.self, from: $0).statuses.count }
        ))
        rows.append(try messagePackRow(
            file: citm.appendingPathExtension("msgpack"),
            ours: { try ObjectMapper().deserialize($0, as: MappableCitm.Catalog.self).performances.count },
            peer: { try JSONDecoder().decode(CodableCitm.Catalog.self, from: $0).performances.count }
        ))
        // XMLCoder cannot decode the full Codable models from the XML twin (an empty
        // element where JSON had `{}` fails, see the README), so its side decodes the
        // partial models of XMLCoderModels.swift and does less work than ours.
        rows += try xmlRows(
            file: twitter.appendingPathExtension("xml"),
            mappable: { try ObjectMapper().deserialize($0, as: MappableTwitter.Document.self).statuses.count },
            codable: { try XMLSerializer().decode(CodableTwitter.Document.self, from: $0).statuses.count },
            peer: { try XMLDecoder().decode(TwitterXML.self, from: $0).statuses.count }
        )
        rows += try xmlRows(
            file: citm.appendingPathExtension("xml"),
            mappable: { try ObjectMapper().deserialize($0, as: MappableCitm.Catalog.self).performances.count },
            codable: { try XMLSerializer().decode(CodableCitm.Catalog.self, from: $0).performances.count },
            peer: { try XMLDecoder().decode(CitmXML.self, from: $0).performances.count }
        )
        return rows
    }

    /// MessagePack bytes to the `Mappable` models, against `JSONDecoder` on the JSON twin.
    private static func messagePackRow(
        file: URL,
        ours map: @escaping (SupportedType) throws -> Int,
        peer decode: @escaping (Data) throws -> Int
    ) throws -> Comparison {
        let packed = try Data(contentsOf: file)
        let json = try Data(contentsOf: file.deletingPathExtension().appendingPathExtension("json"))
        let serializer = MessagePackSerializer()
        let ours = { try map(serializer.deserialize(packed)) }
        try agree(file.lastPathComponent, ours(), decode(json))
        return Comparison(
            subject: file.lastPathComponent, operation: "decode models", bytes: packed.count,
            ours: Contender(name: "DataMapper", body: ours),
            peer: Contender(name: "JSONDecoder") { try decode(json) }
        )
    }

    /// XML bytes to models, against XMLCoder on the same bytes: into the `Mappable`
    /// models (`decode models`), and through our Codable bridge into the `Codable`
    /// models (`decode Codable models`).
    ///
    /// XML text has no types, and the XML twin writes an empty string, `null` and `{}`
    /// alike as an empty element and leaves empty arrays out, so the mapping runs under
    /// `TextScalars.accepting`, the library's policy for such documents.
    private static func xmlRows(
        file: URL,
        mappable map: @escaping (SupportedType) throws -> Int,
        codable: @escaping (Data) throws -> Int,
        peer decode: @escaping (Data) throws -> Int
    ) throws -> [Comparison] {
        let name = file.lastPathComponent
        let data = try Data(contentsOf: file)
        // The corpus wraps each document in `<root>`; XMLCoder skips it by itself.
        let serializer = XMLSerializer(options: .init(unwrapsRoot: true))
        let mapped = { try TextScalars.accepting { try map(serializer.deserialize(data)) } }
        let decoded = try decode(data)
        try agree(name, mapped(), decoded)
        try agree(name, codable(data), decoded)
        let peer = Contender(name: "XMLCoder decode") { try decode(data) }
        return [
            Comparison(subject: name, operation: "decode models", bytes: data.count,
                       ours: Contender(name: "DataMapper", body: mapped), peer: peer),
            Comparison(subject: name, operation: "decode Codable models", bytes: data.count,
                       ours: Contender(name: "DataMapper") { try codable(data) }, peer: peer),
        ]
    }

    /// Both sides must have read the whole document and agree on what they found.
    static func agree(_ name: String, _ mapped: Int, _ decoded: Int) throws {
        guard mapped == decoded else {
            throw BenchmarkError("\(name): the models disagree (\(mapped) against \(decoded) objects)")
        }
    }
}
