import DataMapperCore
import Foundation

/// Reads and writes MessagePack, the compact binary format services pick for
/// production traffic; written in Swift over raw bytes, with no C library.
///
/// The whole specification is covered: nil, booleans, every integer width, float32
/// and float64, `str`, `bin`, arrays, maps, `ext` values and the timestamp extension
/// (type −1) in its 32-, 64- and 96-bit forms. Nothing is lost on the way through a
/// ``SupportedType``: binary stays ``SupportedType/Kind/binary(_:)``, extension values
/// keep their type and bytes, timestamps keep their nanoseconds, and every `Int64` and
/// `UInt64` is exact. Output always uses the smallest encoding of each value, so a
/// document that was itself written that way is given back byte for byte.
///
/// ```swift
/// let msgpack = MessagePackSerializer()
/// let bytes = try msgpack.serialize(["name": "api", "port": 8080])
/// let value = try msgpack.deserialize(bytes)
/// ```
///
/// Errors name the byte offset of the problem (``SourcePosition/byteOffset(_:)``) and
/// the key path of the value at fault. For input that arrives in pieces, see
/// ``MessagePackStreamReader``.
public struct MessagePackSerializer: Serializer {
    /// The options this serializer reads and writes with.
    public var options: Options

    /// Creates a serializer.
    public init(options: Options = Options()) {
        self.options = options
    }
}

extension MessagePackSerializer {
    /// Everything that changes how MessagePack is read or written.
    public struct Options: Sendable, Hashable {
        /// Bounds on the input: ``ParsingLimits/maxDepth`` for nesting and
        /// ``ParsingLimits/maxInputBytes`` for the input and for any declared length.
        public var limits: ParsingLimits
        /// What reading does with a `str` whose bytes are not valid UTF-8. Default
        /// ``InvalidUTF8Policy/error``.
        public var invalidUTF8: InvalidUTF8Policy
        /// What reading does with a map key that is not a `str`. Default
        /// ``NonStringKeyPolicy/convertScalars``.
        public var nonStringKeys: NonStringKeyPolicy
        /// What reading does with a key repeated in one map (after any conversion of
        /// non-string keys). Default ``DuplicateKeyPolicy/lastWins``, as most MessagePack
        /// libraries do.
        public var duplicateKeys: DuplicateKeyPolicy
        /// How writing encodes a `Double`. Default ``FloatEncoding/smallest``.
        public var floatEncoding: FloatEncoding
        /// How writing encodes a ``SupportedType/Kind/bigNumber(_:)``. Default
        /// ``BigNumberEncoding/exactDoubleOrError``.
        public var bigNumbers: BigNumberEncoding

        /// Creates options; every argument has the documented default.
        public init(
            limits: ParsingLimits = .default,
            invalidUTF8: InvalidUTF8Policy = .error,
            nonStringKeys: NonStringKeyPolicy = .convertScalars,
            duplicateKeys: DuplicateKeyPolicy = .lastWins,
            floatEncoding: FloatEncoding = .smallest,
            bigNumbers: BigNumberEncoding = .exactDoubleOrError
        ) {
            self.limits = limits
            self.invalidUTF8 = invalidUTF8
            self.nonStringKeys = nonStringKeys
            self.duplicateKeys = duplicateKeys
            self.floatEncoding = floatEncoding
            self.bigNumbers = bigNumbers
        }
    }

    /// What reading does with a `str` value whose bytes are not valid UTF-8.
    public enum InvalidUTF8Policy: Sendable, Hashable {
        /// Refuse the document with a ``DataMapperError/Kind/syntax`` error naming the
        /// byte offset of the string.
        case error
        /// Keep the bytes unchanged as ``SupportedType/Kind/binary(_:)``, so nothing is
        /// lost; writing it back gives a `bin` instead of a `str`. A map key with invalid
        /// UTF-8 is still an error, since keys must be text.
        case keepAsBinary
    }

    /// What reading does with a map key that is not a `str`.
    ///
    /// ``SupportedType`` dictionaries have `String` keys, so a key of another type must
    /// become text or be refused.
    public enum NonStringKeyPolicy: Sendable, Hashable {
        /// Scalar keys become their canonical text: integers in decimal (`1`, `-7`,
        /// `18446744073709551615`), `true` and `false`, `null` for nil, and floats in
        /// Swift's shortest round-trip form (`1.5`, `1e+100`). A `bin` key that is valid
        /// UTF-8 becomes that text. Any other key (an array, a map, an `ext`, a timestamp,
        /// a `bin` that is not UTF-8) is a ``DataMapperError/Kind/unsupported`` error.
        /// The conversion is one way: written back, the key is a `str`.
        case convertScalars
        /// Every key that is not a `str` is a ``DataMapperError/Kind/unsupported`` error.
        case error
    }

    /// How writing encodes a ``SupportedType/Kind/double(_:)``.
    public enum FloatEncoding: Sendable, Hashable {
        /// float32 when the value converts to `Float` and back unchanged (`0.5`, `-0.0`,
        /// infinities), float64 otherwise: the smallest exact encoding, so a float32
        /// read from a document is written back as a float32.
        case smallest
        /// Always float64, as many other encoders do.
        case float64
    }

    /// How writing encodes a ``SupportedType/Kind/bigNumber(_:)``, a number kept as
    /// text because it fits neither an integer nor a `Double` exactly.
    public enum BigNumberEncoding: Sendable, Hashable {
        /// An integer that fits `Int64` or `UInt64` as an integer, a number a `Double`
        /// holds exactly as a float, anything else a ``DataMapperError/Kind/unsupported``
        /// error: nothing is ever rounded in silence.
        case exactDoubleOrError
        /// As ``exactDoubleOrError``, but a number that would be rounded is written as
        /// a `str` holding its text, which keeps every digit but not the type.
        case exactDoubleOrString
        /// As ``exactDoubleOrError``, but a number that would be rounded is written as
        /// the nearest float64 (the documented loss of digits).
        case nearestDouble
    }
}
