import DataMapperCore
import Foundation

/// Encodes any `Encodable` value to a ``SupportedType``, and so to every format.
///
/// The counterpart of ``SupportedTypeDecoder``; most code calls it through a
/// serializer:
///
/// ```swift
/// let data = try MessagePackSerializer().encode(config)
/// ```
///
/// The defaults match `JSONEncoder` where the formats allow: dates as `Date`'s own
/// coding (``DateEncodingStrategy/deferredToDate``) and keys as written. `Data` is
/// written as a binary value (``DataEncodingStrategy/binary``), which MessagePack and
/// YAML keep as bytes and JSON and XML write as base64, the same text `JSONEncoder`
/// writes. Keys keep the order the types encode them in.
///
/// An encoder is a value of options: configure one and share it across tasks.
public struct SupportedTypeEncoder: Sendable {
    /// How `Date` values are written. Default ``DateEncodingStrategy/deferredToDate``.
    public var dateEncodingStrategy: DateEncodingStrategy = .deferredToDate
    /// How `Data` values are written. Default ``DataEncodingStrategy/binary``.
    public var dataEncodingStrategy: DataEncodingStrategy = .binary
    /// How coding keys become document keys. Default ``KeyEncodingStrategy/useDefaultKeys``.
    public var keyEncodingStrategy: KeyEncodingStrategy = .useDefaultKeys
    /// The mapper that writes ``EncodableByMapping`` types met inside an `Encodable`
    /// one, with its polymorph.
    public var objectMapper: ObjectMapper = ObjectMapper()
    /// Values handed to every `encode(to:)` as `encoder.userInfo`, together with the
    /// entries of ``objectMapper``'s ``ObjectMapper/context``, each under its key's
    /// ``MappingContextKey/codingUserInfoKey`` (a context entry wins over a `userInfo`
    /// entry of the same name).
    public var userInfo: [CodingUserInfoKey: any Sendable] = [:]

    /// Whether a `Decimal`, `Int128` or `UInt128` that no 64-bit integer or `Double`
    /// holds is written as a string of its exact text rather than as a big number.
    /// Set by `encode(_:encoder:)` for a ``FixedWidthNumberSerializer``.
    var bigNumbersAsText = false

    /// Creates an encoder with the default options.
    public init() {}

    /// Encodes `value` as a ``SupportedType``.
    ///
    /// A value that encodes nothing at all gives an empty dictionary, as a nested
    /// value does with `JSONEncoder`. When a type encodes the same key twice, the
    /// last value wins and the key keeps its first place.
    /// - Parameter value: The value to encode.
    /// - Returns: The value as a tree any serializer writes.
    /// - Throws: Whatever the value's `encode(to:)` throws, typically `EncodingError`.
    public func encode<T: Encodable>(_ value: T) throws -> SupportedType {
        let state = EncodingState(options: EncodingOptions(self), parent: nil, tail: .none)
        return try state.box(value, tail: .none)
    }

    /// Encodes `value` with `context` merged over the context of ``objectMapper``:
    /// `encode(to:)` finds its entries in `encoder.userInfo` under
    /// ``MappingContextKey/codingUserInfoKey``, and mapped types met inside read them
    /// as `data.context`.
    /// - Throws: Whatever the value's `encode(to:)` throws, as ``encode(_:)`` does.
    public func encode<T: Encodable>(_ value: T, context: MappingContext) throws -> SupportedType {
        var encoder = self
        encoder.objectMapper = objectMapper.with(context)
        return try encoder.encode(value)
    }
}

extension SupportedTypeEncoder {
    /// How a `Date` is written.
    public enum DateEncodingStrategy: Sendable {
        /// `Date`'s own `encode(to:)`: seconds since 2001-01-01 as a number.
        /// `JSONEncoder`'s default.
        case deferredToDate
        /// Seconds since 1970-01-01, as a number.
        case secondsSince1970
        /// Milliseconds since 1970-01-01, as a number.
        case millisecondsSince1970
        /// An RFC 3339 string in UTC with whole seconds, `2024-05-01T12:30:00Z`, as
        /// `JSONEncoder` writes it (the fraction of a second is dropped).
        case iso8601
        /// A string made by the formatter.
        case formatted(DateFormatter)
        /// A ``SupportedType/Kind/timestamp(seconds:nanoseconds:)``: MessagePack's
        /// timestamp, a YAML timestamp, and in JSON and XML an RFC 3339 string with
        /// every nanosecond. The one strategy that keeps a date exactly in all formats.
        case timestamp
        /// Your closure writes the date to the encoder.
        case custom(@Sendable (Date, any Encoder) throws -> Void)
    }

    /// How `Data` is written.
    public enum DataEncodingStrategy: Sendable {
        /// A binary value: bytes in MessagePack and YAML (`!!binary`), base64 text in
        /// JSON and XML.
        case binary
        /// A base64 string in every format.
        case base64
        /// `Data`'s own `encode(to:)`: an array of byte values.
        case deferredToData
        /// Your closure writes the data to the encoder.
        case custom(@Sendable (Data, any Encoder) throws -> Void)
    }

    /// How coding keys become document keys.
    public enum KeyEncodingStrategy: Sendable {
        /// Keys are written as the type names them.
        case useDefaultKeys
        /// Camel-case keys are written in snake case: `maxId` → `max_id`,
        /// `myURLValue` → `my_url_value`.
        case convertToSnakeCase
        /// Your closure turns the coding path of a key (the key last) into the key to write.
        case custom(@Sendable (_ codingPath: [any CodingKey]) -> any CodingKey)
    }
}

/// The encoder's options, unpacked once per encode.
struct EncodingOptions {
    let dates: SupportedTypeEncoder.DateEncodingStrategy
    let data: SupportedTypeEncoder.DataEncodingStrategy
    let keys: SupportedTypeEncoder.KeyEncodingStrategy
    let convertsKeys: Bool
    let bigNumbersAsText: Bool
    let objectMapper: ObjectMapper
    let userInfo: [CodingUserInfoKey: Any]

    init(_ encoder: SupportedTypeEncoder) {
        dates = encoder.dateEncodingStrategy
        data = encoder.dataEncodingStrategy
        keys = encoder.keyEncodingStrategy
        if case .useDefaultKeys = encoder.keyEncodingStrategy { convertsKeys = false } else { convertsKeys = true }
        bigNumbersAsText = encoder.bigNumbersAsText
        objectMapper = encoder.objectMapper
        userInfo = encoder.userInfo.merging(encoder.objectMapper.context.userInfo) { _, entry in entry }
            .mapValues { $0 as Any }
    }
}
