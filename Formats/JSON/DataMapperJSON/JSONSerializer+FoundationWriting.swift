import DataMapperCore
import Foundation

extension JSONSerializer {
    /// Converts `value` to the objects `JSONSerialization` works with, ready for
    /// `JSONSerialization.data(withJSONObject:)` or for code that expects them.
    ///
    /// - null → `NSNull`; booleans → `Bool`; strings → `String`
    /// - ``SupportedType/Kind/int(_:)`` and ``SupportedType/Kind/intOrDouble(_:)`` → `Int`;
    ///   ``SupportedType/Kind/uint(_:)`` → an `NSNumber` holding the exact `UInt64`
    /// - doubles → `Double`; NaN and the infinities as ``Options/nonFiniteNumbers``
    ///   says (a `String` or `NSNull`, or refused)
    /// - ``SupportedType/Kind/bigNumber(_:)`` → `NSDecimalNumber`, when it holds the
    ///   number exactly (up to 38 significant digits)
    /// - binary, and ext payloads under ``ExtValuePolicy/base64``, → a base64 `String`; timestamps → an RFC 3339 `String`, both as
    ///   ``serialize(_:)`` writes them
    /// - arrays → `[Any]`; dictionaries → `[String: Any]` (Foundation's dictionaries
    ///   have no order, so the key order is lost)
    ///
    /// - Parameter value: The value to convert.
    /// - Returns: An object `JSONSerialization` accepts.
    /// - Throws: ``DataMapperError`` naming the path of the value at fault:
    ///   ``DataMapperError/Kind/unsupported`` for NaN or an infinity (which
    ///   `JSONSerialization` refuses too) and an ext value under the default options, a big number that is not a JSON
    ///   number or has more digits than `NSDecimalNumber` keeps, or a timestamp outside
    ///   the years 0000–9999; ``DataMapperError/Kind/limitExceeded`` for nesting deeper
    ///   than ``ParsingLimits/maxDepth``.
    public func typedSerialize(_ value: SupportedType) throws(DataMapperError) -> Any {
        do {
            return try foundationObject(for: value, depth: 0)
        } catch {
            throw error.error
        }
    }

    private func foundationObject(for value: SupportedType, depth: Int) throws(JSONWriter.Failure) -> Any {
        switch value.kind {
        case .null:
            return NSNull()
        case .bool(let flag):
            return flag
        case .int(let number), .intOrDouble(let number):
            return number
        case .uint(let number):
            return NSNumber(value: number)
        case .double(let number):
            guard number.isFinite else {
                switch options.nonFiniteNumbers {
                case .error: throw JSONWriter.Failure.nonFinite(number)
                case .null: return NSNull()
                case .string: return JSONWriter.nonFiniteText(number)
                }
            }
            return number
        case .bigNumber(let text):
            return try Self.decimalNumber(text)
        case .string(let text):
            return text
        case .binary(let data):
            return data.base64EncodedString()
        case .timestamp(let seconds, let nanoseconds):
            var writer = JSONWriter(options: options, capacity: 40)
            try writer.writeTimestamp(seconds: seconds, nanoseconds: nanoseconds)
            // The writer quotes the text; the object is the text inside the quotes.
            return String(decoding: writer.bytes.dropFirst().dropLast(), as: UTF8.self)
        case .ext(let type, let payload):
            guard options.extValues == .base64 else { throw JSONWriter.Failure.ext(type) }
            return payload.base64EncodedString()
        case .array(let elements):
            try Self.checkDepth(depth + 1, limit: options.limits.maxDepth)
            var array: [Any] = []
            array.reserveCapacity(elements.count)
            for offset in elements.indices {
                do {
                    array.append(try foundationObject(for: elements[offset], depth: depth + 1))
                } catch {
                    throw error.inside(.index(offset))
                }
            }
            return array
        case .dictionary(let map):
            try Self.checkDepth(depth + 1, limit: options.limits.maxDepth)
            var dictionary: [String: Any] = [:]
            dictionary.reserveCapacity(map.count)
            for (key, element) in map {
                do {
                    dictionary[key] = try foundationObject(for: element, depth: depth + 1)
                } catch {
                    throw error.inside(.key(key))
                }
            }
            return dictionary
        }
    }

    private static func checkDepth(_ depth: Int, limit: Int) throws(JSONWriter.Failure) {
        guard depth <= limit else {
            throw JSONWriter.Failure.tooDeep(limit)
        }
    }

    /// The most significant digits an `NSDecimalNumber` keeps.
    private static let decimalDigitLimit = 38

    /// An `NSDecimalNumber` equal to the JSON number `text`, or a failure when there is none.
    private static func decimalNumber(_ text: String) throws(JSONWriter.Failure) -> NSDecimalNumber {
        guard JSONWriter.isJSONNumber(text.utf8) else {
            throw JSONWriter.Failure(.unsupported, "\"\(text)\" is not a number JSON can carry")
        }
        // Significant digits: those of the mantissa without leading or trailing zeros.
        let mantissa = text.utf8.prefix { $0 != UInt8(ascii: "e") && $0 != UInt8(ascii: "E") }
        let digits = mantissa.filter { $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }
        let significant = digits.drop { $0 == UInt8(ascii: "0") }.reversed().drop { $0 == UInt8(ascii: "0") }
        let number = NSDecimalNumber(string: text, locale: Locale(identifier: "en_US_POSIX"))
        guard significant.count <= decimalDigitLimit, number != NSDecimalNumber.notANumber else {
            throw JSONWriter.Failure(
                .unsupported,
                "the number \(text) has more digits or a larger exponent than NSDecimalNumber holds exactly"
            )
        }
        return number
    }
}
