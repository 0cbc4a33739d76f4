import DataMapperCore
import Foundation

extension Int: SupportedTypeConvertible {
    /// ``IntTransformation``.
    @inlinable public static var defaultTransformation: IntTransformation { IntTransformation() }
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
