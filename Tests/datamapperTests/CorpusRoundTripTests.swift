import DataMapper
import DataMapperFormats
import DataMapperTestSupport
import Foundation
import Testing

/// Every JSON file of the shared corpus, converted by the tool to pretty JSON and back,
/// is the same document with its keys in the same order.
@Suite struct CorpusRoundTripTests {
    static let corpus = SharedData.corpus

    @Test("the corpus holds JSON files", corpus.enabledIfPresent)
    func corpusHoldsJSON() {
        let names = Self.corpus.fileNames(endingIn: ".json")
        #expect(names.count >= 3)
        #expect(names.contains("twitter.json"))
    }

    @Test(
        "converting to pretty JSON and back keeps the value and every key order",
        corpus.enabledIfPresent, arguments: corpus.fileNames(endingIn: ".json")
    )
    func roundTrip(name: String) throws {
        let tool = try Tool()
        let scratch = try Scratch()
        let source = Self.corpus.file(name).path
        let pretty = scratch.path("pretty.json")
        let there = try tool.run(["convert", source, "-o", pretty, "--pretty"])
        #expect(there.status == 0, "\(there.standardError)")
        let back = try tool.run(["convert", pretty, "--compact"])
        #expect(back.status == 0, "\(back.standardError)")

        let json = DataFormat.json.serializer()
        let original = try json.deserialize(try Data(contentsOf: URL(fileURLWithPath: source)))
        let middle = try json.deserialize(try Data(contentsOf: URL(fileURLWithPath: pretty)))
        let final = try json.deserialize(back.standardOutput)
        // Compared into Booleans first, so that a failure does not print megabytes of values.
        let middleEqual = middle == original
        let finalEqual = final == original
        #expect(middleEqual, "the pretty conversion of \(name) changed its value")
        #expect(finalEqual, "the compact conversion back of \(name) changed its value")
        #expect(firstOrderDifference(original, middle) == nil)
        #expect(firstOrderDifference(original, final) == nil)
    }

    @Test("the order check notices reordered keys, deep inside too")
    func orderCheckWorks() {
        let a: SupportedType = ["x": [["p": 1, "q": 2]], "y": true]
        let b: SupportedType = ["x": [["q": 2, "p": 1]], "y": true]
        #expect(a == b)
        #expect(firstOrderDifference(a, b) == "x[0]: keys [\"p\", \"q\"] became [\"q\", \"p\"]")
        #expect(firstOrderDifference(a, a) == nil)
    }
}

/// Where two equal values first list dictionary keys in different orders, or `nil`.
func firstOrderDifference(_ lhs: SupportedType, _ rhs: SupportedType, at path: DataPath = .root) -> String? {
    switch (lhs.kind, rhs.kind) {
    case let (.dictionary(left), .dictionary(right)):
        guard left.keys == right.keys else {
            return "\(path.isRoot ? "<root>" : path.description): keys \(left.keys) became \(right.keys)"
        }
        for (key, value) in left {
            guard let other = right[key] else { return "\(path.appending(key: key)): missing" }
            if let difference = firstOrderDifference(value, other, at: path.appending(key: key)) { return difference }
        }
        return nil
    case let (.array(left), .array(right)):
        guard left.count == right.count else { return "\(path): \(left.count) elements became \(right.count)" }
        for (offset, pair) in zip(left, right).enumerated() {
            if let difference = firstOrderDifference(pair.0, pair.1, at: path.appending(index: offset)) { return difference }
        }
        return nil
    default:
        return nil
    }
}
