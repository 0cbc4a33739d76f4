import BenchmarkSupport
import DataMapper
import DataMapperYAML
import Foundation
import Yams

/// YAML rows for every `.yaml` file of the corpus: parse and emit, ours against
/// `Yams.load`/`Yams.dump` and against libyaml driven bare (the event loop alone, and
/// the emitter fed the document's own events).
enum YAMLBenchmarks {
    static func group(corpus: URL) throws -> BenchmarkGroup {
        var comparisons: [Comparison] = []
        for file in try Corpus.files(in: corpus, suffix: "yaml") {
            comparisons += try rows(for: file)
        }
        return BenchmarkGroup(name: "yaml", comparisons: comparisons)
    }

    private static func rows(for file: URL) throws -> [Comparison] {
        let name = file.lastPathComponent
        let data = try Data(contentsOf: file)
        let text = String(decoding: data, as: UTF8.self)
        let yaml = YAMLSerializer()
        // Inputs for the emit rows, made once and outside the timing.
        let value = try yaml.deserialize(data)
        let object = try Yams.load(yaml: text)
        let events = try BareLibYAML.record(data)

        let ours = Contender(name: "DataMapper") { try yaml.deserialize(data).shallowCount }
        let oursEmit = Contender(name: "DataMapper") { try yaml.serialize(value).count }
        return [
            Comparison(
                subject: name, operation: "parse", bytes: data.count, ours: ours,
                peer: Contender(name: "Yams.load") { (try Yams.load(yaml: text)) == nil ? 0 : 1 }
            ),
            Comparison(
                subject: name, operation: "parse vs bare", bytes: data.count, ours: ours,
                peer: Contender(name: "libyaml event loop") { try BareLibYAML.countEvents(data) }
            ),
            Comparison(
                subject: name, operation: "emit", bytes: data.count, ours: oursEmit,
                peer: Contender(name: "Yams.dump") { try Yams.dump(object: object).utf8.count }
            ),
            Comparison(
                subject: name, operation: "emit vs bare", bytes: data.count, ours: oursEmit,
                peer: Contender(name: "libyaml emitter") { try BareLibYAML.emit(events) }
            ),
        ]
    }
}
