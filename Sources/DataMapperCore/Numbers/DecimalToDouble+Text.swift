extension DecimalToDouble {
    /// The nearest `Double` to decimal text such as `-12.5e3`, when the fast paths are
    /// sure of it.
    ///
    /// Accepts an optional sign, digits with an optional fraction, and an optional
    /// exponent; nothing else. Answers `nil` for anything else, for more than 19
    /// significant digits and whenever ``nearest(significand:exponent:)`` is unsure, so
    /// callers fall back to the standard library, which is exact but slower.
    package static func nearest(decimalText bytes: UnsafeBufferPointer<UInt8>) -> Double? {
        var index = 0
        var negative = false
        if index < bytes.count, bytes[index] == UInt8(ascii: "-") || bytes[index] == UInt8(ascii: "+") {
            negative = bytes[index] == UInt8(ascii: "-")
            index += 1
        }
        var significand: UInt64 = 0
        var digits = 0
        var exponent = 0
        var sawDigit = false
        var inFraction = false
        while index < bytes.count {
            let byte = bytes[index]
            if byte == UInt8(ascii: "."), !inFraction {
                inFraction = true
            } else if let digit = decimalDigit(byte) {
                sawDigit = true
                if significand != 0 || digit != 0 {
                    guard digits < 19 else { return nil }
                    significand = significand &* 10 &+ UInt64(digit)
                    digits += 1
                }
                if inFraction { exponent -= 1 }
            } else {
                break
            }
            index += 1
        }
        guard sawDigit else { return nil }
        if index < bytes.count {
            guard bytes[index] == UInt8(ascii: "e") || bytes[index] == UInt8(ascii: "E") else { return nil }
            index += 1
            var exponentNegative = false
            if index < bytes.count, bytes[index] == UInt8(ascii: "-") || bytes[index] == UInt8(ascii: "+") {
                exponentNegative = bytes[index] == UInt8(ascii: "-")
                index += 1
            }
            var written = 0
            var exponentDigits = 0
            while index < bytes.count, let digit = decimalDigit(bytes[index]) {
                guard exponentDigits < 6 else { return nil }
                written = written * 10 + digit
                exponentDigits += 1
                index += 1
            }
            guard exponentDigits > 0, index == bytes.count else { return nil }
            exponent += exponentNegative ? -written : written
        }
        if significand == 0 { return negative ? -0.0 : 0.0 }
        guard let magnitude = nearest(significand: significand, exponent: exponent) else { return nil }
        return negative ? -magnitude : magnitude
    }

    @inline(__always)
    private static func decimalDigit(_ byte: UInt8) -> Int? {
        byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") ? Int(byte &- UInt8(ascii: "0")) : nil
    }
}
