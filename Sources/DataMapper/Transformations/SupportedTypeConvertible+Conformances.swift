import DataMapperCore
import Foundation

extension Int: SupportedTypeConvertible {
    /// ``IntTransformation``.
    @inlinable public static var defaultTransformation: IntTransformation { IntTransformation() }
}

// The other fixed-width integers read and write through `IntegerTransformation`, each
// in its own range.
extension Int64: SupportedTypeConvertible {
    /// ``IntegerTransformation``.
    @inlinable public static var defaultTransformation: IntegerTransformation<Int64> { IntegerTransformation() }
}

extension Int32: SupportedTypeConvertible {
    /// ``IntegerTransformation``.
    @inlinable public static var defaultTransformation: IntegerTransformation<Int32> { IntegerTransformation() }
}

extension Int16: SupportedTypeConvertible {
    /// ``IntegerTransformation``.
    @inlinable public static var defaultTransformation: IntegerTransformation<Int16> { IntegerTransformation() }
}

extension Int8: SupportedTypeConvertible {
    /// ``IntegerTransformation``.
    @inlinable public static var defaultTransformation: IntegerTransformation<Int8> { IntegerTransformation() }
}

extension UInt: SupportedTypeConvertible {
    /// ``IntegerTransformation``.
    @inlinable public static var defaultTransformation: IntegerTransformation<UInt> { IntegerTransformation() }
}

extension UInt64: SupportedTypeConvertible {
    /// ``IntegerTransformation``.
    @inlinable public static var defaultTransformation: IntegerTransformation<UInt64> { IntegerTransformation() }
}

extension UInt32: SupportedTypeConvertible {
    /// ``IntegerTransformation``.
    @inlinable public static var defaultTransformation: IntegerTransformation<UInt32> { IntegerTransformation() }
}

extension UInt16: SupportedTypeConvertible {
    /// ``IntegerTransformation``.
    @inlinable public static var defaultTransformation: IntegerTransformation<UInt16> { IntegerTransformation() }
}

extension UInt8: SupportedTypeConvertible {
    /// ``IntegerTransformation``.
    @inlinable public static var defaultTransformation: IntegerTransformation<UInt8> { IntegerTransformation() }
}

extension Double: SupportedTypeConvertible {
    /// ``DoubleTransformation``, which also reads integers.
    @inlinable public static var defaultTransformation: DoubleTransformation { DoubleTransformation() }
}

extension Bool: SupportedTypeConvertible {
    /// ``BoolTransformation``.
    @inlinable public static var defaultTransformation: BoolTransformation { BoolTransformation() }
}

extension String: SupportedTypeConvertible {
    /// ``StringTransformation``.
    @inlinable public static var defaultTransformation: StringTransformation { StringTransformation() }
}

extension URL: SupportedTypeConvertible {
    /// ``URLTransformation`` with its defaults: absolute URLs, written in full.
    public static var defaultTransformation: URLTransformation { URLTransformation() }
}

extension SupportedType: SupportedTypeConvertible {
    /// ``SupportedTypeTransformation``: the value itself, for fields that keep raw data.
    @inlinable public static var defaultTransformation: SupportedTypeTransformation { SupportedTypeTransformation() }
}

/// Passes values through unchanged, so a field of type ``SupportedType`` keeps the raw data.
///
/// Note that a `null` value still counts as missing, as everywhere in mapping.
public struct SupportedTypeTransformation: Transformation {
    /// Creates the transformation.
    @inlinable public init() {}

    /// Returns `value`.
    @inlinable public func transform(from value: SupportedType) throws -> SupportedType { value }

    /// Returns `object`.
    @inlinable public func transform(object: SupportedType) -> SupportedType { object }
}
