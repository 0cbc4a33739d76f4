import DataMapper
import DataMapperJSON
import DataMapperTestSupport
import Foundation
import Testing

/// The path of the first place where two trees of Foundation JSON objects differ, or
/// `nil` when they hold the same values. `NSDictionary.isEqual` cannot be used: on
/// Linux it compares boxed Swift numbers by identity. Numbers compare as described at
/// ``sameNumber(_:_:)``.
private func firstDifference(_ lhs: Any, _ rhs: Any, path: String = "$") -> String? {
    switch (lhs, rhs) {
    case let (left as String, right as String):
        return left == right ? nil : "\(path): \(left) ≠ \(right)"
    case (is NSNull, is NSNull):
        return nil
    case let (left as [String: Any], right as [String: Any]):
        guard Set(left.keys) == Set(right.keys) else { return "\(path): keys differ" }
        for (key, value) in left {
            if let difference = firstDifference(value, right[key] as Any, path: "\(path).\(key)") { return difference }
        }
        return nil
    case let (left as [Any], right as [Any]):
        guard left.count == right.count else { return "\(path): \(left.count) ≠ \(right.count) elements" }
        for (offset, pair) in zip(left, right).enumerated() {
            if let difference = firstDifference(pair.0, pair.1, path: "\(path)[\(offset)]") { return difference }
        }
        return nil
    case let (left as NSNumber, right as NSNumber):
        return sameNumber(left, right) ? nil : "\(path): \(left) ≠ \(right)"
    default:
        return "\(path): \(type(of: lhs)) ≠ \(type(of: rhs))"
    }
}

/// Whether two Foundation numbers hold the same JSON number.
///
/// On Linux `JSONSerialization` reads a number with many digits as an
/// `NSDecimalNumber` whose `doubleValue` can be one unit in the last place off, so a
/// decimal number is judged by its text: integers by their digits, others by the
/// correctly rounded `Double` of that text.
private func sameNumber(_ lhs: NSNumber, _ rhs: NSNumber) -> Bool {
    enum Value: Equatable { case integer(String), floating(Double) }
    func value(_ number: NSNumber) -> Value? {
        if let decimal = number as? NSDecimalNumber {
            let text = decimal.stringValue
            if !text.contains(where: { $0 == "." || $0 == "e" || $0 == "E" }) { return .integer(text) }
            return Double(text).map(Value.floating)
        }
        let type = String(cString: number.objCType)
        if type == "d" || type == "f" { return .floating(number.doubleValue) }
        return .integer(number.stringValue)
    }
    switch (value(lhs), value(rhs)) {
    case let (.integer(a)?, .integer(b)?): return a == b
    case let (.floating(a)?, .floating(b)?): return a == b
    case let (.integer(a)?, .floating(b)?), let (.floating(b)?, .integer(a)?): return Double(a) == b
    default: return false
    }
}

@Suite struct JSONRoundTripTests {
    private static let layouts: [JSONSerializer.Options] = [
        .init(), .init(outputStyle: .pretty), .init(sortKeys: true), .init(outputStyle: .pretty, sortKeys: true, indentWidth: 3),
    ]

    /// Whether every dictionary in `lhs` lists its keys in the same order as in `rhs`.
    private func sameKeyOrder(_ lhs: SupportedType, _ rhs: SupportedType) -> Bool {
        switch (lhs.kind, rhs.kind) {
        case let (.array(a), .array(b)):
            return a.count == b.count && zip(a, b).allSatisfy { sameKeyOrder($0, $1) }
        case let (.dictionary(a), .dictionary(b)):
            return a.keys == b.keys && zip(a.values, b.values).allSatisfy { sameKeyOrder($0, $1) }
        default:
            return true
        }
    }

    private func sortedKeys(_ value: SupportedType) -> Bool {
        switch value.kind {
        case .array(let elements):
            return elements.allSatisfy(sortedKeys)
        case .dictionary(let map):
            let keys = map.keys
            let inOrder = zip(keys, keys.dropFirst()).allSatisfy { $0.utf8.lexicographicallyPrecedes($1.utf8) }
            return inOrder && map.values.allSatisfy(sortedKeys)
        default:
            return true
        }
    }

    @Test("random values read back equal, keys in order, in every layout", arguments: 0..<4)
    func randomValues(layout: Int) throws {
        let options = Self.layouts[layout]
        let json = JSONSerializer(options: options)
        var values = RandomValues(seed: 0xC0FFEE + UInt64(layout), leaves: .json)
        for _ in 0..<300 {
            let value = values.value(depth: 5)
            guard let back = expectRoundTrip(value, through: json) else { continue }
            if options.sortKeys {
                #expect(sortedKeys(back))
            } else {
                #expect(sameKeyOrder(back, value))
            }
        }
    }

    @Test("exact integers and shortest doubles survive a round trip")
    func numbersSurvive() throws {
        let json = JSONSerializer()
        let value: SupportedType = [
            .int(.min), .int(.max), .uint64(.max), .double(0.1), .double(-0.0), .double(5),
            .double(1e300), .double(.leastNonzeroMagnitude), .double(.greatestFiniteMagnitude),
            .bigNumber("123456789012345678901234567890"),
        ]
        let back = try #require(expectRoundTrip(value, through: json))
        let elements = try #require(back.array)
        #expect(elements[4].double?.sign == .minus)
        if case .double(5) = elements[5].kind {} else { Issue.record("5.0 should read back as a double, got \(elements[5])") }
    }

    @Test("JSONSerialization reads what we write, and we read what it writes")
    func interopBothWays() throws {
        let json = JSONSerializer()
        let value: SupportedType = [
            "text": "quote \" slash / backslash \\ tab \t nul \u{0} é 日本 😀 \u{2028}",
            "int": -42, "big": .uint64(.max), "double": 0.1, "flag": true, "nothing": .null,
            "list": [1, 2.5, ["nested": []]],
        ]
        // Ours → JSONSerialization.
        let ours = try json.serialize(value)
        let object = try JSONSerialization.jsonObject(with: ours)
        #expect(try json.typedDeserialize(object) == value)

        // JSONSerialization → ours (it escapes "/" as "\/", which we must read).
        let theirs = try JSONSerialization.data(withJSONObject: json.typedSerialize(value))
        #expect(try json.deserialize(theirs) == value)
    }

    @Test("Foundation objects survive the trip through SupportedType")
    func foundationObjectsSurvive() throws {
        let json = JSONSerializer()
        let object: [String: Any] = [
            "s": "x", "i": 7, "d": 2.5, "b": false, "n": NSNull(),
            "a": [1, "two", [3.5]], "o": ["k": NSNumber(value: UInt64.max)],
        ]
        let again = try json.typedSerialize(json.typedDeserialize(object))
        #expect(firstDifference(object, again) == nil)
    }

    @Test(
        "corpus documents read back equal and agree with JSONSerialization both ways",
        SharedData.corpus.enabledIfPresent,
        arguments: SharedData.corpus.cases(["twitter.json", "citm_catalog.json", "canada.json"])
    )
    func corpusDocuments(name: String) throws {
        let json = JSONSerializer()
        let original = try Data(contentsOf: SharedData.corpus.file(name))
        let value = try json.deserialize(original)

        // Read what we wrote: the same value, keys in the same order, in both layouts.
        for layout in [json, JSONSerializer(options: .init(outputStyle: .pretty))] {
            let back = try #require(expectRoundTrip(value, through: layout))
            #expect(sameKeyOrder(back, value))
        }

        // JSONSerialization reads our output as the same objects as the original.
        let foundationOriginal = try JSONSerialization.jsonObject(with: original)
        let foundationOurs = try JSONSerialization.jsonObject(with: json.serialize(value))
        #expect(firstDifference(foundationOriginal, foundationOurs) == nil)

        // We read JSONSerialization's output as the same values it holds.
        let theirs = try JSONSerialization.data(withJSONObject: foundationOriginal)
        let fromTheirs = try json.typedSerialize(json.deserialize(theirs))
        #expect(firstDifference(foundationOriginal, fromTheirs) == nil)

        // Foundation objects → SupportedType → Foundation objects.
        let throughValue = try json.typedSerialize(json.typedDeserialize(foundationOriginal))
        #expect(firstDifference(foundationOriginal, throughValue) == nil)
    }
}
