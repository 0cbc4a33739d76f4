import DataMapperCore
import Foundation

/// Decodes any `Decodable` type from a ``SupportedType``, and so from every format.
///
/// A serializer reads bytes into a ``SupportedType``; this decoder turns that value
/// into your `Codable` models, the way `JSONDecoder` does for JSON. Most code calls
/// it through a serializer:
///
/// ```swift
/// let config = try YAMLSerializer().decode(Config.self, from: data)
/// ```
///
/// The defaults match `JSONDecoder`: dates as `Date`'s own coding
/// (``DateDecodingStrategy/deferredToDate``), data as base64, keys as written. On
/// top of that, values the document itself marks as dates (MessagePack and YAML
/// timestamps) and bytes (MessagePack `bin`, YAML `!!binary`) are always accepted
/// as `Date` and `Data`.
///
/// Every integer width is exact: a value that does not fit the requested type is a
/// `DecodingError.dataCorrupted` naming its path, never a trap or a wrapped value.
/// Failures are `DecodingError`s whose `codingPath` leads to the value at fault and
/// whose `debugDescription` starts with the value's line and column when the
/// document came from a text format (`2:14: expected Int, found the string "80a"`);
/// ``DataMapperError/init(_:)`` converts one to a ``DataMapperError``.
///
/// A decoder is a value of options: configure one and share it across tasks.
public struct SupportedTypeDecoder: Sendable {
    /// How `Date` values are read. Default ``DateDecodingStrategy/deferredToDate``.
    public var dateDecodingStrategy: DateDecodingStrategy = .deferredToDate
    /// How `Data` values are read. Default ``DataDecodingStrategy/base64``.
    public var dataDecodingStrategy: DataDecodingStrategy = .base64
    /// How document keys are matched to coding keys. Default
    /// ``KeyDecodingStrategy/useDefaultKeys``.
    public var keyDecodingStrategy: KeyDecodingStrategy = .useDefaultKeys
    /// Whether scalars must have the type asked for, or may also be read from text.
    /// Default ``ScalarReading/exact``; formats whose scalars are all text (XML)
    /// decode with ``ScalarReading/fromText``.
    public var scalarReading: ScalarReading = .exact
    /// What the document leaves for the type to settle: scalars as text, how arrays
    /// are laid out, what an empty value stands for, where attributes and text are.
    /// Default ``TypeDrivenReading/exact``; `decode(_:from:)` on a
    /// ``TypeDrivenSerializer`` adds what that serializer declares.
    public var typeDrivenReading: TypeDrivenReading = .exact
    /// The mapper that reads ``DecodableByMapping`` types met inside a `Decodable`
    /// one, with its polymorph.
    public var objectMapper: ObjectMapper = ObjectMapper()
    /// Values handed to every `init(from:)` as `decoder.userInfo`, together with the
    /// entries of ``objectMapper``'s ``ObjectMapper/context``, each under its key's
    /// ``MappingContextKey/codingUserInfoKey`` (a context entry wins over a `userInfo`
    /// entry of the same name).
    public var userInfo: [CodingUserInfoKey: any Sendable] = [:]
    /// Whether an error that an `init(from:)` throws of its own (neither a
    /// `DecodingError` nor a ``DataMapperError`` with a place) becomes a
    /// `DecodingError.dataCorrupted` at the value that type was reading, with the
    /// original kept as the ``DataMapperError/underlyingError``. Off, such errors pass
    /// through untouched, as `JSONDecoder` lets them; the configuration loader turns it
    /// on so that every failure names a line.
    package var locatesOtherErrors = false

    /// Creates a decoder with the default options.
    public init() {}

    /// Decodes a value of `type` from `value`.
    /// - Parameters:
    ///   - type: The type to decode.
    ///   - value: The value, usually what a serializer read.
    /// - Returns: The decoded value.
    /// - Throws: `DecodingError`: `.typeMismatch` when a value has another type,
    ///   `.keyNotFound` for a missing key, `.valueNotFound` for a null where a value
    ///   is required, `.dataCorrupted` for a value of the right type but unusable
    ///   content (an integer out of range, a malformed date or URL).
    public func decode<T: Decodable>(_ type: T.Type = T.self, from value: SupportedType) throws -> T {
        let options = DecodingOptions(self)
        let state = DecodingState(value: value, node: .root, options: options)
        if options.conversions != ConversionPolicy.current {
            // Mapped types met inside read under the same conversions.
            return try options.conversions.applying { try state.unbox(value, as: T.self, parent: .root, tail: .none) }
        }
        return try state.unbox(value, as: T.self, parent: .root, tail: .none)
    }

    /// Decodes a value of `type` from `value` with `context` merged over the context of
    /// ``objectMapper``: `init(from:)` finds its entries in `decoder.userInfo` under
    /// ``MappingContextKey/codingUserInfoKey``, and mapped types met inside read them
    /// as `data.context`.
    /// - Throws: `DecodingError`, as ``decode(_:from:)`` does.
    public func decode<T: Decodable>(_ type: T.Type = T.self, from value: SupportedType, context: MappingContext) throws -> T {
        var decoder = self
        decoder.objectMapper = objectMapper.with(context)
        return try decoder.decode(type, from: value)
    }
}

extension SupportedTypeDecoder {
    /// How a `Date` is read.
    ///
    /// Whatever the strategy, a value the document marks as a point in time (a
    /// ``SupportedType/Kind/timestamp(seconds:nanoseconds:)`` from MessagePack or
    /// YAML) is read as that date.
    public enum DateDecodingStrategy: Sendable {
        /// `Date`'s own `init(from:)`: seconds since 2001-01-01 as a number.
        /// `JSONDecoder`'s default.
        case deferredToDate
        /// Seconds since 1970-01-01, as a number.
        case secondsSince1970
        /// Milliseconds since 1970-01-01, as a number.
        case millisecondsSince1970
        /// An ISO 8601 / RFC 3339 string such as `2024-05-01T12:30:00Z`, with or
        /// without fractional seconds, `Z` or a `±hh:mm` offset.
        case iso8601
        /// A string read by the formatter.
        case formatted(DateFormatter)
        /// A timestamp, an RFC 3339 string (what JSON, YAML and XML make of a
        /// timestamp) or seconds since 1970, keeping every nanosecond.
        case timestamp
        /// Your closure reads the date from the decoder.
        case custom(@Sendable (any Decoder) throws -> Date)
    }

    /// How `Data` is read.
    public enum DataDecodingStrategy: Sendable {
        /// Binary values (MessagePack `bin`, YAML `!!binary`) and base64 strings
        /// (what JSON and XML make of binary). `JSONDecoder`'s default, widened.
        case base64
        /// `Data`'s own `init(from:)`: an array of byte values.
        case deferredToData
        /// Your closure reads the data from the decoder.
        case custom(@Sendable (any Decoder) throws -> Data)
    }

    /// How the keys of a document are matched to coding keys.
    public enum KeyDecodingStrategy: Sendable {
        /// Keys are used as written.
        case useDefaultKeys
        /// Document keys in snake case (`max_id`) are read as camel case (`maxId`):
        /// the first word is kept, each later word gets an upper-case first letter and
        /// lower-case rest, and leading or trailing underscores stay.
        case convertFromSnakeCase
        /// Your closure turns the path of a document key (its last element) into the
        /// coding key it matches.
        case custom(@Sendable (_ codingPath: [any CodingKey]) -> any CodingKey)
    }

    /// Whether scalars may be read from another kind of value than the one asked for;
    /// ``TypeDrivenReading`` says the same and more.
    public enum ScalarReading: Sendable, Hashable {
        /// A number must be a number, a boolean a boolean, a string a string;
        /// `JSONDecoder`'s rule and the mapping layer's.
        case exact
        /// For documents whose scalars are all text, such as XML; the same rule as the
        /// mapping layer's ``TextScalars`` policy, which is on while such a decode runs
        /// (and which, when already on, turns this reading on too). Whatever this
        /// setting, the ``ConversionPolicy`` in force (a scope, or the mapper of a
        /// mapping that decodes a `Codable` field) applies to numbers, booleans and
        /// strings as in mapping.
        ///
        /// Besides the exact kinds, integers are read from decimal text, floating-point
        /// numbers and decimals from decimal text (not hexadecimal), booleans from
        /// `true`, `false`, `1` and `0` in any case, and dates by their strategy from
        /// text; whitespace around the text is ignored. A null (an empty element) reads
        /// as an empty string, data, array or dictionary, a missing key as an empty
        /// array or dictionary (text formats drop empty containers), and a value that
        /// is not an array as an array of that one element (XML cannot tell one item
        /// from a list of one): ``TypeDrivenReading/textScalars``.
        case fromText
    }
}

/// The decoder's options, unpacked once per decode into the form the hot path reads.
struct DecodingOptions {
    let dates: SupportedTypeDecoder.DateDecodingStrategy
    let data: SupportedTypeDecoder.DataDecodingStrategy
    let keys: SupportedTypeDecoder.KeyDecodingStrategy
    let convertsKeys: Bool
    /// Whether scalars are read from text too.
    let fromText: Bool
    /// The conversions in force: the mapping layer's policy, with the text-scalar
    /// ones added when scalars are read from text.
    let conversions: ConversionPolicy
    let arrays: TypeDrivenReading.ArrayLayout
    /// Whether null stands for an empty string, data or object.
    let emptyForNull: Bool
    let attributePrefix: String?
    let textKey: String?
    let objectMapper: ObjectMapper
    let userInfo: [CodingUserInfoKey: Any]
    let locatesOtherErrors: Bool

    init(_ decoder: SupportedTypeDecoder) {
        dates = decoder.dateDecodingStrategy
        data = decoder.dataDecodingStrategy
        keys = decoder.keyDecodingStrategy
        if case .useDefaultKeys = decoder.keyDecodingStrategy { convertsKeys = false } else { convertsKeys = true }
        var reading = decoder.typeDrivenReading
        var conversions = ConversionPolicy.current
        if decoder.scalarReading == .fromText || conversions.isSuperset(of: .textScalars) { reading = reading.adding(.textScalars) }
        if reading.scalarsAreText { conversions.formUnion(.textScalars) }
        self.conversions = conversions
        fromText = conversions.contains(.numbersFromText)
        arrays = reading.arrays
        emptyForNull = reading.emptyStandsForEmptyValue
        attributePrefix = reading.attributeKeyPrefix.flatMap { $0.isEmpty ? nil : $0 }
        textKey = reading.textKey
        objectMapper = decoder.objectMapper
        userInfo = decoder.userInfo.merging(decoder.objectMapper.context.userInfo) { _, entry in entry }
            .mapValues { $0 as Any }
        locatesOtherErrors = decoder.locatesOtherErrors
    }
}

extension TypeDrivenReading {
    /// What either this or `other` leaves unsaid; where both name an array layout,
    /// attribute prefix or text key, this one's wins.
    package func adding(_ other: TypeDrivenReading) -> TypeDrivenReading {
        TypeDrivenReading(
            scalarsAreText: scalarsAreText || other.scalarsAreText,
            arrays: arrays == .native ? other.arrays : arrays,
            emptyStandsForEmptyValue: emptyStandsForEmptyValue || other.emptyStandsForEmptyValue,
            attributeKeyPrefix: attributeKeyPrefix ?? other.attributeKeyPrefix,
            textKey: textKey ?? other.textKey
        )
    }
}
