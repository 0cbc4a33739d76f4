import BenchmarkSupport
import DataMapper
import DataMapperJSON
import Foundation

/// JSON rows: parse to a value and emit it again, ours against `JSONSerialization`,
/// for every `.json` file of the corpus.
enum JSONBenchmarks {
    static func group(corpus: URL) throws -> BenchmarkGroup {
        var comparisons: [Comparison] = []
        for file in try Corpus.files(in: corpus, suffix: "json") {
            comparisons += try rows(for: file)
        }
        return BenchmarkGroup(name: "json", comparisons: comparisons)
    }

    private static func rows(for file: URL) throws -> [Comparison] {
        let name = file.lastPathComponent
        let data = try Data(contentsOf: file)
        let compact = JSONSerializer()
        let pretty = JSONSerializer(options: .init(outputStyle: .pretty))
        // Inputs for the emit rows, made once and outside the timing.
        let value = try compact.deserialize(data)
        let object = try JSONSerialization.jsonObject(with: data, options: [.fragmentsAllowed])

        let parse = Comparison(
            subject: name, operation: "parse", bytes: data.count,
            ours: Contender(name: "DataMapper") { try compact.deserialize(data).shallowCount },
            peer: Contender(name: "JSONSerialization") {
                shallowCount(of: try JSONSerialization.jsonObject(with: data, options: [.fragmentsAllowed]))
            }
        )
        let emitCompact = Comparison(
            subject: name, operation: "emit compact", bytes: data.count,
            ours: Contender(name: "DataMapper") { try compact.serialize(value).count },
            peer: Contender(name: "JSONSerialization") {
                try JSONSerialization.data(withJSONObject: object, options: [.fragmentsAllowed]).count
            }
        )
        let emitPretty = Comparison(
            subject: name, operation: "emit pretty", bytes: data.count,
            ours: Contender(name: "DataMapper") { try pretty.serialize(value).count },
            peer: Contender(name: "JSONSerialization") {
                try JSONSerialization.data(withJSONObject: object, options: [.fragmentsAllowed, .prettyPrinted]).count
            }
        )
        return [parse, emitCompact, emitPretty]
    }

    /// A cheap number that depends on a parsed Foundation object.
    private static func shallowCount(of object: Any) -> Int {
        if let array = object as? [Any] { return array.count }
        if let dictionary = object as? [String: Any] { return dictionary.count }
        return 1
    }
}

extension SupportedType {
    /// A cheap number that depends on the value.
    var shallowCount: Int {
        switch kind {
        case .array(let elements): return elements.count
        case .dictionary(let map): return map.count
        default: return 1
        }
    }
}
