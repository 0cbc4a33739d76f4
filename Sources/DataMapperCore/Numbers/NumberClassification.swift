/// Which kind a number read from text becomes, decided in one place for every text
/// format that has numbers (JSON and YAML), so that the same digits give the same
/// value whichever format they were read from.
///
/// - An integer is ``SupportedType/Kind/int(_:)`` when it fits `Int64`,
///   ``SupportedType/Kind/uint(_:)`` when it fits only `UInt64`, and a
///   ``SupportedType/Kind/bigNumber(_:)`` of its decimal text beyond.
/// - A number with a fraction or an exponent is the nearest `Double`, unless it has more
///   than 17 significant digits (more than a `Double` keeps) or would round to an
///   infinity or to zero: then it is a big number of its text, kept exactly.
@usableFromInline package enum NumberClassification {
    /// The most significant digits a `Double` reads back exactly.
    @usableFromInline static let doubleDigits = 17

    /// The kind of an integer of `magnitude` (wrong when `overflowed`, which says the
    /// digits did not fit `UInt64`); `text` gives its decimal text, made only for a big number.
    @inlinable @inline(__always)
    package static func integer(negative: Bool, magnitude: UInt64, overflowed: Bool, text: () -> String) -> SupportedType.Kind {
        if overflowed { return .bigNumber(text()) }
        if negative {
            if magnitude <= UInt64(Int64.max) { return .int(-Int(magnitude)) }
            if magnitude == UInt64(Int64.max) + 1 { return .int(Int.min) }
            return .bigNumber(text())
        }
        return magnitude <= UInt64(Int64.max) ? .int(Int(magnitude)) : .uint(magnitude)
    }

    /// The kind of a number with a fraction or an exponent.
    ///
    /// - Parameters:
    ///   - significantDigits: How many digits it has after any leading zeros.
    ///   - nonzero: Whether any digit is not zero, so a `Double` of zero means underflow.
    ///   - nearest: The nearest `Double` when a fast path found it (sign applied);
    ///     `nil` to read it from `text`.
    ///   - text: The number as `Double(_:)` reads it (sign, digits, `.`, exponent), and
    ///     as a big number keeps it.
    /// - Returns: The kind; `nil` only when `text` is not a number `Double` reads.
    @inlinable @inline(__always)
    package static func fraction(significantDigits: Int, nonzero: Bool, nearest: Double?, text: () -> String) -> SupportedType.Kind? {
        if significantDigits > doubleDigits { return .bigNumber(text()) }
        guard let value = nearest ?? Double(text()) else { return nil }
        if !value.isFinite || (value == 0 && nonzero) { return .bigNumber(text()) }
        return .double(value)
    }
}
