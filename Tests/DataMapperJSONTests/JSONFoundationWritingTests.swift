import DataMapper
import DataMapperJSON
import DataMapperTestSupport
import Foundation
import Testing

@Suite struct JSONFoundationWritingTests {
    private let json = JSONSerializer()

    @Test("scalars become the Swift and Foundation values JSONSerialization uses")
    func scalars() throws {
        #expect(try json.typedSerialize(.null) is NSNull)
        #expect(try json.typedSerialize(true) as? Bool == true)
        #expect(try json.typedSerialize(false) as? Bool == false)
        #expect(try json.typedSerialize(.int(Int.min)) as? Int == Int.min)
        #expect(try json.typedSerialize(.intOrDouble(12)) as? Int == 12)
        #expect(try json.typedSerialize(.double(0.25)) as? Double == 0.25)
        #expect(try json.typedSerialize("text") as? String == "text")
    }

    @Test("an integer above Int64.max stays exact as an NSNumber")
    func unsignedIsExact() throws {
        let number = try #require(try json.typedSerialize(.uint64(UInt64.max)) as? NSNumber)
        #expect(number.uint64Value == UInt64.max)
        let data = try JSONSerialization.data(withJSONObject: [number])
        #expect(String(decoding: data, as: UTF8.self) == "[18446744073709551615]")
    }

    @Test("binary becomes base64 text and timestamps RFC 3339 text")
    func binaryAndTimestamps() throws {
        #expect(try json.typedSerialize(.binary(Data("foobar".utf8))) as? String == "Zm9vYmFy")
        #expect(try json.typedSerialize(.timestamp(seconds: 1_709_214_307, nanoseconds: 250_000_000)) as? String
            == "2024-02-29T13:45:07.250Z")
    }

    @Test("a big number becomes an NSDecimalNumber with the same value", arguments: [
        "123456789012345678901234567890", "-1.25e-20", "100000000000000000000000000000000000000000000000000",
    ])
    func bigNumbers(text: String) throws {
        let number = try #require(try json.typedSerialize(.bigNumber(text)) as? NSDecimalNumber)
        #expect(number == NSDecimalNumber(string: text, locale: Locale(identifier: "en_US_POSIX")))
    }

    @Test("a big number NSDecimalNumber cannot hold exactly, or that is not a number, is refused", arguments: [
        "1234567890123456789012345678901234567890", "1.2.3", "",
    ])
    func invalidBigNumbers(text: String) throws {
        let error = try expectError(kind: .unsupported) { try json.typedSerialize(["n": [.bigNumber(text)]]) }
        #expect(error.path.description == "n[0]")
    }

    @Test("arrays and dictionaries become [Any] and [String: Any]")
    func containers() throws {
        let value: SupportedType = ["name": "api", "ports": [80, 443], "tls": ["on": true], "none": .null]
        let object = try #require(try json.typedSerialize(value) as? [String: Any])
        #expect(object.count == 4)
        #expect(object["name"] as? String == "api")
        #expect(object["ports"] as? [Int] == [80, 443])
        #expect((object["tls"] as? [String: Any])?["on"] as? Bool == true)
        #expect(object["none"] is NSNull)
    }

    @Test("JSONSerialization accepts the result and writes the same values")
    func foundationWritesResult() throws {
        let value: SupportedType = ["a": [1, 2.5, "x", true, .null], "b": ["c": -7]]
        let object = try json.typedSerialize(value)
        #expect(JSONSerialization.isValidJSONObject(object))
        let data = try JSONSerialization.data(withJSONObject: object, options: [.sortedKeys])
        #expect(String(decoding: data, as: UTF8.self) == #"{"a":[1,2.5,"x",true,null],"b":{"c":-7}}"#)
    }

    @Test("values JSON cannot hold are refused with their path", arguments: [
        (SupportedType.double(.nan), DataMapperError.Kind.unsupported),
        (.double(-.infinity), .unsupported),
        (.ext(type: 1, data: Data()), .unsupported),
        (.timestamp(seconds: .max, nanoseconds: 0), .unsupported),
    ])
    func refusedValues(value: SupportedType, kind: DataMapperError.Kind) throws {
        let error = try expectError { try json.typedSerialize(["list": [1, ["inner": value]]]) }
        #expect(error.kind == kind)
        #expect(error.path.description == "list[1].inner")
    }

    @Test("nesting deeper than the limit is refused")
    func depthLimit() throws {
        let limited = JSONSerializer(options: .init(limits: ParsingLimits(maxDepth: 2)))
        #expect(try limited.typedSerialize([[1]]) is [Any])
        #expect(throws: DataMapperError.self) { try limited.typedSerialize([[[1]]]) }
        do {
            _ = try limited.typedSerialize(["a": [[1]]])
            Issue.record("expected an error")
        } catch {
            #expect(error.kind == .limitExceeded)
            #expect(error.path.description == "a[0]")
        }
    }
}
