/// A decimal number as a sign, its significant digits and a power of ten, exactly:
/// `digits × 10^exponent`, with no leading or trailing zero digits (zero has none).
///
/// Used to decide whether a `Double` holds a decimal text's value exactly (the
/// MessagePack writer, and the loss report, which must know what it writes); every
/// finite `Double` has a finite decimal expansion, which ``init(_:)`` computes.
package struct ExactDecimal: Equatable {
    var negative: Bool
    /// ASCII digits, most significant first.
    var digits: [UInt8]
    var exponent: Int

    /// The `Double` whose value is exactly that of the decimal `text`, or `nil` when
    /// no finite `Double` is, or `text` is not a decimal number.
    package static func exactDouble(_ text: String) -> Double? {
        guard let decimal = ExactDecimal(parsing: text), let nearest = Double(text),
              nearest.isFinite, ExactDecimal(nearest) == decimal else { return nil }
        return nearest
    }

    /// Parses `[+-]digits[.digits][(e|E)[+-]digits]`, or gives `nil`.
    package init?(parsing text: String) {
        var bytes = Array(text.utf8)[...]
        negative = bytes.first == UInt8(ascii: "-")
        if negative || bytes.first == UInt8(ascii: "+") { bytes = bytes.dropFirst() }
        var mantissa: [UInt8] = []
        var fractionDigits = 0
        var seenPoint = false
        var sawDigit = false
        while let byte = bytes.first, byte != UInt8(ascii: "e"), byte != UInt8(ascii: "E") {
            bytes = bytes.dropFirst()
            if byte == UInt8(ascii: "."), !seenPoint {
                seenPoint = true
            } else if (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) {
                sawDigit = true
                if !(mantissa.isEmpty && byte == UInt8(ascii: "0")) { mantissa.append(byte) }
                if seenPoint { fractionDigits += 1 }
            } else {
                return nil
            }
        }
        guard sawDigit else { return nil }
        var power = 0
        if !bytes.isEmpty {
            bytes = bytes.dropFirst()
            let exponentText = String(decoding: bytes, as: UTF8.self)
            guard !exponentText.isEmpty else { return nil }
            // An exponent too large for `Int` cannot describe a Double's value exactly.
            power = Int(exponentText) ?? (exponentText.hasPrefix("-") ? -100_000 : 100_000)
            power = max(-100_000, min(100_000, power))
        }
        digits = mantissa
        exponent = power - fractionDigits
        normalize()
    }

    /// The exact decimal value of a finite `Double`.
    package init(_ value: Double) {
        negative = value.sign == .minus
        digits = []
        exponent = 0
        guard value != 0 else { return }
        // |value| = significand × 2^binaryExponent, with an odd significand.
        var significand = value.significandBitPattern | (value.isNormal ? 1 << 52 : 0)
        var binaryExponent = Int(value.exponent) - 52
        if !value.isNormal { binaryExponent = -1074 }
        let shift = significand.trailingZeroBitCount
        significand >>= UInt64(shift)
        binaryExponent += shift
        var number = LargeDecimal(significand)
        if binaryExponent >= 0 {
            number.multiply(byPowerOf: 2, count: binaryExponent)
        } else {
            // m × 2^-k = m × 5^k / 10^k
            number.multiply(byPowerOf: 5, count: -binaryExponent)
            exponent = binaryExponent
        }
        digits = number.digits
        normalize()
    }

    /// Drops leading and trailing zero digits, moving the exponent to match.
    private mutating func normalize() {
        if let first = digits.firstIndex(where: { $0 != UInt8(ascii: "0") }) {
            digits.removeFirst(first)
        } else {
            digits = []
        }
        while digits.last == UInt8(ascii: "0") {
            digits.removeLast()
            exponent += 1
        }
        if digits.isEmpty { exponent = 0 }
    }
}

/// A non-negative integer in base 10⁹ limbs, least significant first: just enough
/// arithmetic to expand a `Double` into decimal digits.
struct LargeDecimal {
    static let base: UInt64 = 1_000_000_000
    var limbs: [UInt64]

    init(_ value: UInt64) {
        limbs = []
        var rest = value
        repeat {
            limbs.append(rest % Self.base)
            rest /= Self.base
        } while rest > 0
    }

    /// Multiplies by `factor` (at most 2³²).
    mutating func multiply(by factor: UInt64) {
        var carry: UInt64 = 0
        for index in limbs.indices {
            let product = limbs[index] * factor + carry
            limbs[index] = product % Self.base
            carry = product / Self.base
        }
        while carry > 0 {
            limbs.append(carry % Self.base)
            carry /= Self.base
        }
    }

    /// Multiplies by `radix` (2 or 5) raised to `count`.
    mutating func multiply(byPowerOf radix: UInt64, count: Int) {
        let (chunk, chunkPower): (Int, UInt64) = radix == 2 ? (30, 1 << 30) : (13, 1_220_703_125)
        var left = count
        while left >= chunk {
            multiply(by: chunkPower)
            left -= chunk
        }
        var rest: UInt64 = 1
        for _ in 0..<left { rest *= radix }
        if rest > 1 { multiply(by: rest) }
    }

    /// The ASCII decimal digits, most significant first.
    var digits: [UInt8] {
        var text = String(limbs.last ?? 0)
        for limb in limbs.dropLast().reversed() {
            let part = String(limb)
            text += String(repeating: "0", count: 9 - part.count) + part
        }
        return Array(text.utf8)
    }
}
