import DataMapperCore
import Foundation

/// `SupportedType` is `Codable`, so a model can keep part of a document untouched
/// (`var extra: SupportedType`), and so ``DecodableByMapping`` types work with any
/// coder.
///
/// With ``SupportedTypeDecoder`` and ``SupportedTypeEncoder`` the value passes through
/// as it is, kinds and positions included. With other coders it is read by probing:
/// null, boolean, integer, unsigned integer, floating-point number, string, then a
/// dictionary or an array.
extension SupportedType: Codable {
    /// Reads any value the decoder holds.
    /// - Throws: `DecodingError.dataCorrupted` when the decoder's value is none of the
    ///   kinds above.
    public init(from decoder: any Decoder) throws {
        if let state = decoder as? DecodingState {
            self = state.value
            return
        }
        if let container = try? decoder.container(keyedBy: AnyCodingKey.self) {
            var map = OrderedMap(minimumCapacity: container.allKeys.count)
            for key in container.allKeys { map[key.stringValue] = try container.decode(SupportedType.self, forKey: key) }
            self = .dictionary(map)
            return
        }
        if var container = try? decoder.unkeyedContainer() {
            var elements: [SupportedType] = []
            while !container.isAtEnd { elements.append(try container.decode(SupportedType.self)) }
            self = .array(elements)
            return
        }
        let single = try decoder.singleValueContainer()
        if single.decodeNil() {
            self = .null
        } else if let flag = try? single.decode(Bool.self) {
            self = .bool(flag)
        } else if let integer = try? single.decode(Int.self) {
            self = .int(integer)
        } else if let integer = try? single.decode(UInt64.self) {
            self = .uint64(integer)
        } else if let number = try? single.decode(Double.self) {
            self = .double(number)
        } else if let text = try? single.decode(String.self) {
            self = .string(text)
        } else {
            throw DecodingError.dataCorrupted(DecodingError.Context(
                codingPath: decoder.codingPath, debugDescription: "the value is none of the kinds SupportedType holds"))
        }
    }

    /// Writes the value; with coders other than ``SupportedTypeEncoder``, binary is
    /// written as `Data`, a big number as its text, an ext value as a dictionary of
    /// its type and data, a timestamp as a `Date`.
    public func encode(to encoder: any Encoder) throws {
        if let state = encoder as? EncodingState {
            state.storage = .value(self)
            return
        }
        switch kind {
        case .null:
            var single = encoder.singleValueContainer()
            try single.encodeNil()
        case .bool(let flag):
            var single = encoder.singleValueContainer()
            try single.encode(flag)
        case .int(let integer), .intOrDouble(let integer):
            var single = encoder.singleValueContainer()
            try single.encode(integer)
        case .uint(let integer):
            var single = encoder.singleValueContainer()
            try single.encode(integer)
        case .double(let number):
            var single = encoder.singleValueContainer()
            try single.encode(number)
        case .bigNumber(let text), .string(let text):
            var single = encoder.singleValueContainer()
            try single.encode(text)
        case .binary(let bytes):
            var single = encoder.singleValueContainer()
            try single.encode(bytes)
        case .array(let elements):
            var container = encoder.unkeyedContainer()
            for element in elements { try container.encode(element) }
        case .dictionary(let map):
            var container = encoder.container(keyedBy: AnyCodingKey.self)
            for (key, value) in map { try container.encode(value, forKey: AnyCodingKey(stringValue: key)) }
        case .ext(let type, let data):
            var container = encoder.container(keyedBy: AnyCodingKey.self)
            try container.encode(Int(type), forKey: AnyCodingKey(stringValue: "type"))
            try container.encode(data, forKey: AnyCodingKey(stringValue: "data"))
        case .timestamp(let seconds, let nanoseconds):
            var single = encoder.singleValueContainer()
            try single.encode(RFC3339.date(seconds: seconds, nanoseconds: nanoseconds))
        }
    }
}
