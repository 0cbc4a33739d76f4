/// Turns `w × 10^q` into the nearest `Double` with the Eisel–Lemire method: one or
/// two 64×64-bit multiplications by a 128-bit approximation of 5^q.
///
/// It answers `nil` whenever the truncated product leaves any doubt about the
/// rounding, or when the result would be subnormal or infinite; the caller then
/// asks the standard library, which is exact but slower. So every answer it gives
/// is the correctly rounded one. (Method: Daniel Lemire, "Number Parsing at a
/// Gigabyte per Second", 2021, after Michael Eisel.)
@usableFromInline package enum DecimalToDouble {
    /// The nearest double to `significand × 10^exponent`, or `nil` when neither the
    /// exact path nor Eisel–Lemire can be sure (the caller then falls back to the
    /// standard library's `Double(String)`). `significand` is not zero.
    ///
    /// Shared by every text format, so all of them read decimals identically.
    @inlinable
    package static func nearest(significand: UInt64, exponent: Int) -> Double? {
        if let value = exact(significand: significand, exponent: exponent) { return value }
        return eiselLemire(significand: significand, exponent: exponent)
    }

    /// `significand × 10^exponent` when both operands are exact doubles and one IEEE
    /// operation (correctly rounded) gives the result; `nil` otherwise.
    @inlinable
    static func exact(significand: UInt64, exponent: Int) -> Double? {
        guard significand <= 1 << 53 else { return nil }
        if exponent >= 0 {
            if exponent <= 22 { return Double(significand) * powersOfTen[exponent] }
            // Move surplus powers of ten into the significand while it stays exact.
            guard exponent <= 22 + 16 else { return nil }
            let (scaled, overflow) = significand.multipliedReportingOverflow(by: UInt64(powersOfTen[exponent - 22]))
            guard !overflow, scaled <= 1 << 53 else { return nil }
            return Double(scaled) * 1e22
        }
        guard exponent >= -22 else { return nil }
        return Double(significand) / powersOfTen[-exponent]
    }

    /// `10^0` through `10^22`, every one exactly representable.
    @usableFromInline
    static let powersOfTen: [Double] = [
        1e0, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11,
        1e12, 1e13, 1e14, 1e15, 1e16, 1e17, 1e18, 1e19, 1e20, 1e21, 1e22,
    ]

    /// The Eisel–Lemire step on its own; `nil` when the product leaves doubt.
    @usableFromInline
    static func eiselLemire(significand: UInt64, exponent: Int) -> Double? {
        guard exponent >= minimumExponent, exponent <= maximumExponent, significand != 0 else { return nil }
        let index = (exponent - minimumExponent) * 2
        let leadingZeros = significand.leadingZeroBitCount
        let normalized = significand << UInt64(leadingZeros)

        // First approximation with the high word of 5^q.
        var (upper, lower) = normalized.multipliedFullWidth(by: powersOfFive[index])
        if upper & 0x1FF == 0x1FF && lower &+ normalized < lower {
            // Not enough bits to decide: bring in the low word of 5^q.
            let (secondHigh, secondLow) = normalized.multipliedFullWidth(by: powersOfFive[index + 1])
            let middle = lower &+ secondHigh
            if middle < lower { upper &+= 1 }
            if middle &+ 1 == 0 && upper & 0x1FF == 0x1FF && secondLow &+ normalized < secondLow {
                return nil
            }
            lower = middle
        }

        let upperBit = upper >> 63
        var mantissa = upper >> (upperBit + 9)
        let shift = leadingZeros + Int(1 ^ upperBit)
        // floor(log2(10^q)) + 1 for |q| ≤ 342, plus the double's bias and the
        // product's 63 fractional bits.
        var biasedExponent = ((152_170 + 65_536) * exponent) >> 16 + 1024 + 63 - shift
        guard biasedExponent > 0, biasedExponent < 2047 else { return nil }
        // Exactly halfway between two doubles: the truncated product cannot tell
        // which way ties-to-even goes.
        if lower == 0 && upper & 0x1FF == 0 && mantissa & 3 == 1 { return nil }
        mantissa &+= mantissa & 1
        mantissa >>= 1
        if mantissa >= 1 << 53 {
            mantissa = 1 << 52
            biasedExponent += 1
        }
        guard biasedExponent < 2047 else { return nil }
        mantissa &= ~(1 << 52)
        return Double(bitPattern: mantissa | UInt64(biasedExponent) << 52)
    }
}
