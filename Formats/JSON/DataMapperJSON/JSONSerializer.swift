import DataMapperCore
import Foundation

/// Reads and writes JSON (RFC 8259), hand-written over bytes.
///
/// Unlike `JSONSerialization`, it keeps what the text says: `1` is an integer and
/// `1.0` a double, every `Int64` and `UInt64` is exact, numbers too large for either
/// are kept as written, and object keys keep their order. Syntax errors name the
/// line and column.
///
/// ```swift
/// let json = JSONSerializer(options: .init(outputStyle: .pretty))
/// let value = try json.deserialize(fromString: #"{"name": "api", "port": 8080}"#)
/// let text = try json.serialize(toString: value)
/// ```
public struct JSONSerializer: TypedSerializer {
    /// How output is laid out.
    public enum OutputStyle: Sendable, Hashable {
        /// No whitespace at all: the smallest document.
        case compact
        /// One entry per line, nested levels indented by ``Options/indentWidth`` spaces.
        case pretty
    }

    /// Everything that changes how JSON is read or written.
    public struct Options: Sendable, Hashable {
        /// Compact (the default) or pretty output.
        public var outputStyle: OutputStyle
        /// Whether output lists dictionary keys sorted instead of in their order.
        public var sortKeys: Bool
        /// Spaces per level in pretty output. Default 2.
        public var indentWidth: Int
        /// Bounds on the input; see ``ParsingLimits``.
        public var limits: ParsingLimits
        /// What reading does with a key repeated in one object. Default
        /// ``DuplicateKeyPolicy/lastWins``, since RFC 8259 allows duplicates.
        public var duplicateKeys: DuplicateKeyPolicy
        /// What writing does with NaN and the infinities, which JSON has no number for.
        /// Default ``NonFiniteNumberPolicy/error``; ``NonFiniteNumberPolicy/string``
        /// writes `"NaN"`, `"Infinity"` and `"-Infinity"`.
        public var nonFiniteNumbers: NonFiniteNumberPolicy
        /// What writing does with a MessagePack ext value, which JSON has no place for.
        /// Default ``ExtValuePolicy/error``; ``ExtValuePolicy/base64`` writes the
        /// payload as a base64 string and drops the type code.
        public var extValues: ExtValuePolicy
        /// Whether compact output is byte for byte what Foundation's `JSONEncoder`
        /// writes for the same `Codable` value, with `.sortedKeys` when ``sortKeys``
        /// is set and the same date, data and key strategies. Default `false`.
        ///
        /// For tests and caches that compare our output with `JSONEncoder`'s. It
        /// changes three things: a whole-number `Double` up to 2^53 is written without
        /// `.0` (`5`, `-0`); `/` is escaped as `\/`, in base64 text too; and a number
        /// kept as text is written without trailing zeros in its fraction, as `Decimal`
        /// prints itself. Doubles of other magnitudes are already written as
        /// `JSONEncoder` writes them (`1e+16`, `1e-05`), control characters as
        /// `\u001f` with lowercase digits, and other text as its UTF-8 bytes.
        ///
        /// One difference remains: a `Float` is written as the `Double` with the same
        /// shortest digits, so one of 2^24 or more (`16777218`) is written as digits
        /// where `JSONEncoder` writes `1.6777218e+07`. A whole-number `Double` written
        /// as `5` reads back as an integer, which a `Double` field accepts. Pretty
        /// output is not covered.
        public var foundationCompatible: Bool

        /// Creates options; every argument has the documented default.
        public init(
            outputStyle: OutputStyle = .compact,
            sortKeys: Bool = false,
            indentWidth: Int = 2,
            limits: ParsingLimits = .default,
            duplicateKeys: DuplicateKeyPolicy = .lastWins,
            nonFiniteNumbers: NonFiniteNumberPolicy = .error,
            extValues: ExtValuePolicy = .error,
            foundationCompatible: Bool = false
        ) {
            self.outputStyle = outputStyle
            self.sortKeys = sortKeys
            self.indentWidth = indentWidth
            self.limits = limits
            self.duplicateKeys = duplicateKeys
            self.nonFiniteNumbers = nonFiniteNumbers
            self.extValues = extValues
            self.foundationCompatible = foundationCompatible
        }
    }

    /// The native representation: the objects `JSONSerialization` makes and accepts
    /// (`NSDictionary`/`[String: Any]`, `NSArray`/`[Any]`, `NSString`/`String`,
    /// `NSNumber`, `NSNull`).
    public typealias DataType = Any

    /// The options this serializer reads and writes with.
    public var options: Options

    /// Creates a serializer.
    public init(options: Options = Options()) {
        self.options = options
    }
}
