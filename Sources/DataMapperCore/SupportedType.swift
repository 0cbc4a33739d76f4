import Foundation

/// The format-neutral value every serializer reads into and writes from.
///
/// A document in any format becomes a tree of `SupportedType` values; the mapping
/// layer turns that tree into objects and back. Beyond the basic JSON-like kinds it
/// keeps what real documents need so nothing is lost on the way through:
/// dictionaries remember their key order, binary stays binary, every `Int64` and
/// `UInt64` is exact, numbers that fit neither an integer nor a `Double` are kept as
/// written, and MessagePack's ext values and timestamps survive.
///
/// Each value also carries the ``position`` it was read from, so errors raised later
/// can point at the file. Positions take no part in equality or hashing.
///
/// Build values with the static factories (`.string("A")`, `.int(1)`, ...) or with
/// literals, read them with the accessors (`value.string`, `value.int`, ...) or by
/// switching over ``kind``.
public struct SupportedType: Sendable {
    /// The kinds of value, with their payloads; switch over it to handle each.
    public enum Kind: Sendable {
        /// No value (JSON `null`, YAML `~`, an empty XML element).
        case null
        /// A boolean.
        case bool(Bool)
        /// An integer known to be an integer.
        case int(Int)
        /// An integer above `Int.max`; smaller ones are stored as ``int(_:)``.
        case uint(UInt64)
        /// A floating-point number.
        case double(Double)
        /// A number written without a fraction in a format that does not say whether it
        /// is an integer or a floating-point number; both ``SupportedType/int`` and
        /// ``SupportedType/double`` read it.
        case intOrDouble(Int)
        /// A number that fits neither `Int64`/`UInt64` nor `Double` without loss, kept
        /// exactly as it was written (for example a 30-digit integer).
        case bigNumber(String)
        /// A string.
        case string(String)
        /// Raw bytes.
        case binary(Data)
        /// An ordered list of values.
        case array(SupportedArray)
        /// Keys and values in the order they were inserted.
        case dictionary(OrderedMap)
        /// A MessagePack extension value: an application-defined type and its bytes.
        indirect case ext(type: Int8, data: Data)
        /// A point in time, as seconds since 1970 and nanoseconds within that second.
        case timestamp(seconds: Int64, nanoseconds: UInt32)
    }

    /// What this value is, with its payload; reading it allocates nothing.
    public var kind: Kind
    /// Where this value was read from, or ``SourcePosition/unknown``.
    public var position: SourcePosition

    /// Creates a value of a kind, stamped with a position.
    @inlinable
    public init(_ kind: Kind, position: SourcePosition = .unknown) {
        self.kind = kind
        self.position = position
    }

    /// The same value stamped with another position, for a value found again
    /// elsewhere in a document (a repeated string, a YAML alias).
    @inlinable
    public func withPosition(_ position: SourcePosition) -> SupportedType {
        var value = self
        value.position = position
        return value
    }
}
