import DataMapper
import Foundation
import Testing

private struct Server: Codable, Equatable {
    var host: String
    var port: Int
    var tags: [String]
    var weight: Double?
}

private enum Shape: Codable, Equatable {
    case circle(radius: Double)
    case rectangle(width: Int, height: Int)
    case labelled(String, Int)
    case empty
}

private class Animal: Codable {
    var name: String
    init(name: String) { self.name = name }
}

private final class Dog: Animal {
    var barks: Bool
    init(name: String, barks: Bool) {
        self.barks = barks
        super.init(name: name)
    }

    private enum CodingKeys: String, CodingKey { case barks }

    required init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        barks = try container.decode(Bool.self, forKey: .barks)
        try super.init(from: container.superDecoder())
    }

    override func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(barks, forKey: .barks)
        try super.encode(to: container.superEncoder())
    }
}

private struct Widths: Codable, Equatable {
    var i8: Int8, i16: Int16, i32: Int32, i64: Int64
    var u8: UInt8, u16: UInt16, u32: UInt32, u64: UInt64
    var int: Int, uint: UInt
}

private struct Wrapper<Value: Decodable>: Decodable {
    var value: Value
}

private struct UserInfoReader: Decodable {
    static let key = CodingUserInfoKey(rawValue: "unit")!
    var unit: String
    init(from decoder: any Decoder) throws {
        unit = decoder.userInfo[Self.key] as? String ?? "none"
    }
}

private struct PathRecorder: Decodable {
    var path: String
    init(from decoder: any Decoder) throws {
        path = decoder.codingPath.map(\.stringValue).joined(separator: "/")
    }
}

@Suite struct CodableDecoderTests {
    let decoder = SupportedTypeDecoder()

    @Test("keyed, unkeyed and single-value containers read a nested model")
    func nestedModel() throws {
        let value: SupportedType = ["host": "db", "port": 5432, "tags": ["a", "b"], "weight": 0.5]
        let server = try decoder.decode(Server.self, from: value)
        #expect(server == Server(host: "db", port: 5432, tags: ["a", "b"], weight: 0.5))
        let list = try decoder.decode([Int].self, from: [1, 2, 3])
        #expect(list == [1, 2, 3])
        #expect(try decoder.decode(String.self, from: "plain") == "plain")
        let map = try decoder.decode([String: [Int]].self, from: ["x": [1], "y": []])
        #expect(map == ["x": [1], "y": []])
    }

    @Test("a missing optional key and an explicit null both read as nil; a missing required key is keyNotFound")
    func optionals() throws {
        let missing = try decoder.decode(Server.self, from: ["host": "a", "port": 1, "tags": []])
        #expect(missing.weight == nil)
        let null = try decoder.decode(Server.self, from: ["host": "a", "port": 1, "tags": [], "weight": .null])
        #expect(null.weight == nil)
        #expect(throws: DecodingError.self) { try decoder.decode(Server.self, from: ["host": "a", "tags": []]) }
        do {
            _ = try decoder.decode(Server.self, from: ["host": "a", "tags": []])
        } catch DecodingError.keyNotFound(let key, let context) {
            #expect(key.stringValue == "port")
            #expect(context.codingPath.isEmpty)
        }
        let optionalElements = try decoder.decode([Int?].self, from: [1, .null, 3])
        #expect(optionalElements == [1, nil, 3])
    }

    @Test("a null where a value is required is valueNotFound")
    func nullRequired() {
        do {
            _ = try decoder.decode(Server.self, from: ["host": .null, "port": 1, "tags": []])
            Issue.record("expected an error")
        } catch DecodingError.valueNotFound(_, let context) {
            #expect(context.codingPath.map(\.stringValue) == ["host"])
        } catch {
            Issue.record("unexpected \(error)")
        }
    }

    @Test("enums with associated values read in the compiler's synthesized shape")
    func enums() throws {
        #expect(try decoder.decode(Shape.self, from: ["circle": ["radius": 2.5]]) == .circle(radius: 2.5))
        #expect(try decoder.decode(Shape.self, from: ["rectangle": ["width": 2, "height": 3]]) == .rectangle(width: 2, height: 3))
        #expect(try decoder.decode(Shape.self, from: ["labelled": ["_0": "x", "_1": 7]]) == .labelled("x", 7))
        #expect(try decoder.decode(Shape.self, from: ["empty": [:]]) == .empty)
    }

    @Test("superDecoder reads a superclass from the super key")
    func superDecoder() throws {
        let dog = try decoder.decode(Dog.self, from: ["barks": true, "super": ["name": "Rex"]])
        #expect(dog.name == "Rex")
        #expect(dog.barks)
    }

    @Test("every integer width reads its extreme values exactly")
    func widths() throws {
        let value: SupportedType = [
            "i8": .int(-128), "i16": .int(-32768), "i32": .int(Int(Int32.min)), "i64": .int(Int.min),
            "u8": 255, "u16": 65535, "u32": .int(Int(UInt32.max)), "u64": .uint64(UInt64.max),
            "int": .int(Int.max), "uint": .uint64(UInt64.max),
        ]
        let widths = try decoder.decode(Widths.self, from: value)
        #expect(widths == Widths(i8: .min, i16: .min, i32: .min, i64: .min, u8: .max, u16: .max, u32: .max,
                                 u64: .max, int: .max, uint: .max))
    }

    @Test("an integer out of range is dataCorrupted naming the path, the type and its range", arguments: [
        (SupportedType.int(128), "Int8", "expected Int8 (-128...127), found 128"),
        (.int(-1), "UInt8", "expected UInt8 (0...255), found -1"),
        (.int(70000), "Int16", "expected Int16 (-32768...32767), found 70000"),
        (.uint64(UInt64.max), "Int64", "expected Int64 (-9223372036854775808...9223372036854775807), found 18446744073709551615"),
        (.bigNumber("123456789012345678901234567890"), "UInt64",
         "expected UInt64 (0...18446744073709551615), found 123456789012345678901234567890"),
    ])
    func overflow(value: SupportedType, type: String, message: String) {
        let document: SupportedType = ["items": [.int(0), value]]
        do {
            switch type {
            case "Int8": _ = try decoder.decode([String: [Int8]].self, from: document)
            case "UInt8": _ = try decoder.decode([String: [UInt8]].self, from: document)
            case "Int16": _ = try decoder.decode([String: [Int16]].self, from: document)
            case "Int64": _ = try decoder.decode([String: [Int64]].self, from: document)
            default: _ = try decoder.decode([String: [UInt64]].self, from: document)
            }
            Issue.record("expected an error")
        } catch DecodingError.dataCorrupted(let context) {
            #expect(context.codingPath.map(\.stringValue) == ["items", "Index 1"])
            #expect(context.debugDescription == message)
        } catch {
            Issue.record("unexpected \(error)")
        }
    }

    @Test("a whole floating-point number reads as an integer; a fraction does not")
    func wholeDoubles() throws {
        #expect(try decoder.decode(Int.self, from: .double(3.0)) == 3)
        #expect(throws: DecodingError.self) { try decoder.decode(Int.self, from: .double(2.5)) }
        #expect(try decoder.decode(Double.self, from: 2) == 2.0)
        #expect(try decoder.decode(Float.self, from: .double(0.1)) == Float(0.1))
        #expect(throws: DecodingError.self) { try decoder.decode(Float.self, from: .double(1e300)) }
    }

    @Test("a type mismatch names line and column before the message, and the coding path")
    func mismatchMessage() {
        let port = SupportedType(.string("80a"), position: .text(line: 2, column: 14))
        let value = SupportedType(.dictionary(["host": "a", "port": port, "tags": []]), position: .text(line: 1, column: 1))
        do {
            _ = try decoder.decode(Server.self, from: value)
            Issue.record("expected an error")
        } catch DecodingError.typeMismatch(let type, let context) {
            #expect(type is Int.Type)
            #expect(context.codingPath.map(\.stringValue) == ["port"])
            #expect(context.debugDescription == "2:14: expected Int, found the string \"80a\"")
        } catch {
            Issue.record("unexpected \(error)")
        }
    }

    @Test("a missing key points at the dictionary that should hold it")
    func missingKeyPosition() {
        let value = SupportedType(.dictionary(["host": "a", "tags": []]), position: .text(line: 4, column: 3))
        do {
            _ = try decoder.decode(Server.self, from: value)
            Issue.record("expected an error")
        } catch DecodingError.keyNotFound(_, let context) {
            #expect(context.debugDescription == "4:3: the key \"port\" is missing")
        } catch {
            Issue.record("unexpected \(error)")
        }
    }

    @Test("a binary document's byte offset leads the message")
    func byteOffset() {
        let value = SupportedType(.bool(true), position: .byteOffset(12))
        do {
            _ = try decoder.decode(String.self, from: value)
            Issue.record("expected an error")
        } catch DecodingError.typeMismatch(_, let context) {
            #expect(context.debugDescription == "byte 12: expected String, found the boolean true; quote the value to keep it as text exactly as written")
        } catch {
            Issue.record("unexpected \(error)")
        }
    }

    @Test("codingPath lists keys and indexes down to the value being decoded")
    func codingPath() throws {
        let value: SupportedType = ["a": [["value": 1], ["value": 2]]]
        let decoded = try decoder.decode([String: [Wrapper<PathRecorder>]].self, from: value)
        #expect(decoded["a"]?.map(\.value.path) == ["a/Index 0/value", "a/Index 1/value"])
    }

    @Test("userInfo reaches every init(from:)")
    func userInfo() throws {
        var custom = SupportedTypeDecoder()
        custom.userInfo[UserInfoReader.key] = "metres"
        let decoded = try custom.decode([UserInfoReader].self, from: [1, 2])
        #expect(decoded.map(\.unit) == ["metres", "metres"])
    }

    @Test("an unkeyed container reports its count and ends with valueNotFound")
    func unkeyedEnd() throws {
        struct Pair: Decodable {
            var first: Int, second: Int
            init(from decoder: any Decoder) throws {
                var container = try decoder.unkeyedContainer()
                #expect(container.count == 1)
                first = try container.decode(Int.self)
                second = try container.decode(Int.self)
            }
        }
        #expect(throws: DecodingError.self) { try decoder.decode(Pair.self, from: [1]) }
    }

    @Test("a SupportedType field keeps its part of the document untouched, with positions")
    func rawField() throws {
        let inner = SupportedType(.dictionary(["x": [1, "two"]]), position: .text(line: 3, column: 1))
        let decoded = try decoder.decode(Wrapper<SupportedType>.self, from: ["value": inner])
        #expect(decoded.value == inner)
        #expect(decoded.value.position == .text(line: 3, column: 1))
    }
}
