import Foundation

extension SupportedType {
    /// The null value.
    public static var null: SupportedType { SupportedType(.null) }

    /// A string value.
    @inlinable public static func string(_ value: String) -> SupportedType { SupportedType(.string(value)) }

    /// A boolean value.
    @inlinable public static func bool(_ value: Bool) -> SupportedType { SupportedType(.bool(value)) }

    /// An integer value; only ``int`` reads it back, ``double`` gives `nil`.
    @inlinable public static func int(_ value: Int) -> SupportedType { SupportedType(.int(value)) }

    /// An exact signed 64-bit integer.
    @inlinable public static func int64(_ value: Int64) -> SupportedType { SupportedType(.int(Int(value))) }

    /// An exact unsigned 64-bit integer, stored as ``Kind/int(_:)`` when it fits.
    @inlinable public static func uint64(_ value: UInt64) -> SupportedType {
        value <= UInt64(Int.max) ? SupportedType(.int(Int(value))) : SupportedType(.uint(value))
    }

    /// A floating-point value; only ``double`` reads it back, ``int`` gives `nil`.
    @inlinable public static func double(_ value: Double) -> SupportedType { SupportedType(.double(value)) }

    /// A whole number whose type the document does not fix: both ``int`` and
    /// ``double`` read it. Text formats use it when `1` may mean `1` or `1.0`.
    @inlinable public static func intOrDouble(_ value: Int) -> SupportedType { SupportedType(.intOrDouble(value)) }

    /// A number kept exactly as written, for values no `Int64`, `UInt64` or `Double` holds.
    @inlinable public static func bigNumber(_ text: String) -> SupportedType { SupportedType(.bigNumber(text)) }

    /// Raw bytes.
    @inlinable public static func binary(_ value: Data) -> SupportedType { SupportedType(.binary(value)) }

    /// An array of values.
    @inlinable public static func array(_ value: [SupportedType]) -> SupportedType { SupportedType(.array(SupportedArray(value))) }

    /// An array value of `value`'s elements.
    @inlinable public static func array(_ value: SupportedArray) -> SupportedType { SupportedType(.array(value)) }

    /// A dictionary from an unordered Swift dictionary.
    ///
    /// A Swift `Dictionary` has no stable order, so the keys are sorted to make the
    /// result (and every document written from it) the same on every run. Use the
    /// ``OrderedMap`` overload or a dictionary literal typed as `SupportedType` to
    /// choose the order.
    public static func dictionary(_ value: [String: SupportedType]) -> SupportedType {
        var map = OrderedMap(minimumCapacity: value.count)
        for (key, element) in value.sorted(by: { $0.key < $1.key }) {
            map.appendUnique(key: key, value: element)
        }
        return SupportedType(.dictionary(map))
    }

    /// A dictionary that keeps the order of `value`.
    @inlinable public static func dictionary(_ value: OrderedMap) -> SupportedType { SupportedType(.dictionary(value)) }

    /// A MessagePack extension value.
    @inlinable public static func ext(type: Int8, data: Data) -> SupportedType { SupportedType(.ext(type: type, data: data)) }

    /// A timestamp with nanosecond precision.
    @inlinable public static func timestamp(seconds: Int64, nanoseconds: UInt32) -> SupportedType {
        SupportedType(.timestamp(seconds: seconds, nanoseconds: nanoseconds))
    }
}
