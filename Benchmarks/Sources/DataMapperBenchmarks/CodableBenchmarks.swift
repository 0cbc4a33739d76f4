import BenchmarkSupport
import DataMapper
import DataMapperJSON
import DataMapperYAML
import Foundation
import Yams

/// Codable rows: the same `Codable` models (`CodableTwitter`, `CodableCitm`) decoded
/// from bytes and encoded to bytes through our serializers and the Codable bridge,
/// against Foundation's `JSONDecoder`/`JSONEncoder` and Yams' `YAMLDecoder`.
enum CodableBenchmarks {
    static func group(corpus: URL) throws -> BenchmarkGroup {
        var comparisons: [Comparison] = []
        comparisons += try rows(corpus: corpus, document: "twitter", as: CodableTwitter.Document.self) {
            $0.statuses.count
        }
        comparisons += try rows(corpus: corpus, document: "citm_catalog", as: CodableCitm.Catalog.self) {
            $0.performances.count
        }
        return BenchmarkGroup(name: "codable", comparisons: comparisons)
    }

    /// Decode and encode rows for `document`.json, then a decode row for `document`.yaml.
    private static func rows<Model: Codable>(
        corpus: URL, document: String, as type: Model.Type, count: @escaping (Model) -> Int
    ) throws -> [Comparison] {
        let jsonFile = corpus.appendingPathComponent(document + ".json")
        let jsonData = try Data(contentsOf: jsonFile)
        let json = JSONSerializer()
        let model = try json.decode(Model.self, from: jsonData)
        let peerModel = try JSONDecoder().decode(Model.self, from: jsonData)
        guard count(model) == count(peerModel) else {
            throw BenchmarkError("\(document).json: the decoders disagree (\(count(model)) against \(count(peerModel)))")
        }
        var comparisons = [
            Comparison(
                subject: jsonFile.lastPathComponent, operation: "decode", bytes: jsonData.count,
                ours: Contender(name: "JSONSerializer") { count(try json.decode(Model.self, from: jsonData)) },
                peer: Contender(name: "JSONDecoder") { count(try JSONDecoder().decode(Model.self, from: jsonData)) }
            ),
            Comparison(
                subject: jsonFile.lastPathComponent, operation: "encode", bytes: jsonData.count,
                ours: Contender(name: "JSONSerializer") { try json.encode(model).count },
                peer: Contender(name: "JSONEncoder") { try JSONEncoder().encode(model).count }
            ),
        ]
        let yamlFile = corpus.appendingPathComponent(document + ".yaml")
        if let yamlData = try? Data(contentsOf: yamlFile) {
            let yamlText = String(decoding: yamlData, as: UTF8.self)
            let yaml = YAMLSerializer()
            let yamlModel = try yaml.decode(Model.self, from: yamlData)
            let yamsModel = try YAMLDecoder().decode(Model.self, from: yamlText)
            guard count(yamlModel) == count(yamsModel) else {
                throw BenchmarkError("\(document).yaml: the decoders disagree (\(count(yamlModel)) against \(count(yamsModel)))")
            }
            comparisons.append(Comparison(
                subject: yamlFile.lastPathComponent, operation: "decode", bytes: yamlData.count,
                ours: Contender(name: "YAMLSerializer") { count(try yaml.decode(Model.self, from: yamlData)) },
                peer: Contender(name: "YAMLDecoder") { count(try YAMLDecoder().decode(Model.self, from: yamlText)) }
            ))
        }
        return comparisons
    }
}
