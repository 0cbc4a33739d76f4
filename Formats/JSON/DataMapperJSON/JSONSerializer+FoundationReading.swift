import DataMapperCore
import Foundation

#if canImport(CoreFoundation) && canImport(Darwin)
import CoreFoundation
#endif

extension JSONSerializer {
    /// Converts the objects `JSONSerialization` makes into a ``SupportedType``.
    ///
    /// Accepted: `[String: Any]` / `NSDictionary` with string keys, `[Any]` / `NSArray`,
    /// `String` / `NSString`, `NSNumber`, `NSNull`, and plain Swift `Bool`, integers
    /// (`Int`, `Int8`…`Int64`, `UInt`…`UInt64`), `Double` and `Float`.
    ///
    /// - Booleans are told apart from the numbers 0 and 1 by their type, never by value.
    /// - An `NSNumber` holding an integer stays an integer (`UInt64` values above
    ///   `Int64.max` exactly); one holding a floating-point value becomes a double,
    ///   even when it has no fraction.
    /// - An `NSDecimalNumber` (which `JSONSerialization` makes for integers outside
    ///   `Int64`) is read from its decimal text, so large integers are kept exactly
    ///   as ``SupportedType/Kind/bigNumber(_:)``.
    /// - A Swift `Dictionary` has no order, so its keys come out sorted, which makes the
    ///   result the same on every run.
    ///
    /// - Parameter data: The object to convert.
    /// - Returns: The same value as a ``SupportedType`` without positions.
    /// - Throws: ``DataMapperError`` of kind ``DataMapperError/Kind/unsupported`` naming
    ///   the key path of the first object of another type, or of a dictionary with a
    ///   key that is not a string.
    public func typedDeserialize(_ data: Any) throws(DataMapperError) -> SupportedType {
        try FoundationObjectReader(options: options).read(data, depth: 0)
    }
}

/// Walks a tree of Foundation JSON objects and builds the matching ``SupportedType``.
struct FoundationObjectReader {
    let options: JSONSerializer.Options

    /// The value for `object`, which sits `depth` containers deep.
    func read(_ object: Any, depth: Int) throws(DataMapperError) -> SupportedType {
        if let native = Self.nativeScalar(object) { return native }
        switch object {
        case let string as String:
            return .string(string)
        case is NSNull:
            return .null
        case let decimal as NSDecimalNumber:
            return try Self.decimal(decimal)
        case let number as NSNumber:
            return Self.number(number)
        case let array as [Any]:
            try checkDepth(depth)
            var elements: [SupportedType] = []
            elements.reserveCapacity(array.count)
            for (index, element) in array.enumerated() {
                do {
                    elements.append(try read(element, depth: depth + 1))
                } catch {
                    throw error.under(.index(index))
                }
            }
            return .array(elements)
        case let dictionary as [String: Any]:
            try checkDepth(depth)
            var map = OrderedMap(minimumCapacity: dictionary.count)
            for key in dictionary.keys.sorted() {
                // The key comes from the dictionary's own key list.
                guard let element = dictionary[key] else { continue }
                do {
                    map.appendUnique(key: key, value: try read(element, depth: depth + 1))
                } catch {
                    throw error.under(.key(key))
                }
            }
            return .dictionary(map)
        case let dictionary as [AnyHashable: Any]:
            let bad = dictionary.keys.first { !($0.base is String) }
            let found = bad.map { "the \(type(of: $0.base)) key \($0.base)" } ?? "a key that is not a string"
            throw DataMapperError(.unsupported, message: "a dictionary key must be a string to become JSON, found \(found)")
        default:
            throw DataMapperError(
                .unsupported,
                message: "a value of type \(type(of: object)) has no JSON form; expected a dictionary, array, string, number, boolean or NSNull"
            )
        }
    }

    /// Stops nesting deeper than the limit, like the byte reader does.
    func checkDepth(_ depth: Int) throws(DataMapperError) {
        if depth >= options.limits.maxDepth {
            throw DataMapperError(
                .limitExceeded,
                message: "arrays and dictionaries nest deeper than the limit of \(options.limits.maxDepth) levels",
                remedy: .limit(.maxDepth, options.limits.maxDepth, in: "JSONSerializer.Options.limits")
            )
        }
    }

    /// Plain Swift numbers and booleans, recognised by their exact type so that no
    /// bridging through `NSNumber` can turn `1` into `true` or back.
    static func nativeScalar(_ object: Any) -> SupportedType? {
        switch object {
        case let value as Bool where type(of: object) == Bool.self: return .bool(value)
        case let value as Int where type(of: object) == Int.self: return .int(value)
        case let value as Int64 where type(of: object) == Int64.self: return .int64(value)
        case let value as Int32 where type(of: object) == Int32.self: return .int(Int(value))
        case let value as Int16 where type(of: object) == Int16.self: return .int(Int(value))
        case let value as Int8 where type(of: object) == Int8.self: return .int(Int(value))
        case let value as UInt where type(of: object) == UInt.self: return .uint64(UInt64(value))
        case let value as UInt64 where type(of: object) == UInt64.self: return .uint64(value)
        case let value as UInt32 where type(of: object) == UInt32.self: return .int(Int(value))
        case let value as UInt16 where type(of: object) == UInt16.self: return .int(Int(value))
        case let value as UInt8 where type(of: object) == UInt8.self: return .int(Int(value))
        case let value as Double where type(of: object) == Double.self: return .double(value)
        case let value as Float where type(of: object) == Float.self: return .double(Double(value))
        default: return nil
        }
    }

    /// An `NSNumber`, classified by the type it was made from.
    static func number(_ number: NSNumber) -> SupportedType {
        if isBoolean(number) { return .bool(number.boolValue) }
        switch UInt8(bitPattern: number.objCType.pointee) {
        case UInt8(ascii: "d"), UInt8(ascii: "f"):
            return .double(number.doubleValue)
        case UInt8(ascii: "Q"), UInt8(ascii: "L"), UInt8(ascii: "I"), UInt8(ascii: "S"), UInt8(ascii: "C"):
            return .uint64(number.uint64Value)
        default:
            return .int64(number.int64Value)
        }
    }

    /// Whether `number` is one of the two boolean `NSNumber`s.
    static func isBoolean(_ number: NSNumber) -> Bool {
        #if canImport(Darwin)
        return CFGetTypeID(number) == CFBooleanGetTypeID()
        #else
        // swift-corelibs-foundation stores every small integer as `int` ("i"), so the
        // `char` type ("c") marks the booleans alone.
        return UInt8(bitPattern: number.objCType.pointee) == UInt8(ascii: "c")
        #endif
    }

    /// An `NSDecimalNumber`, read from its decimal text so nothing is rounded.
    static func decimal(_ number: NSDecimalNumber) throws(DataMapperError) -> SupportedType {
        if number == NSDecimalNumber.notANumber {
            throw DataMapperError(.unsupported, message: "NaN has no JSON form")
        }
        let text = number.description(withLocale: Locale(identifier: "en_US_POSIX"))
        var bytes = Array(text.utf8)
        return try bytes.withUnsafeMutableBytes { buffer in
            Result { () throws(DataMapperError) in
                // `description` always writes digits, so this cannot fail; the error is
                // reported rather than trapped all the same.
                try JSONSerializer().deserialize(buffer: UnsafeRawBufferPointer(buffer))
            }
        }.get().withPosition(.unknown)
    }
}
