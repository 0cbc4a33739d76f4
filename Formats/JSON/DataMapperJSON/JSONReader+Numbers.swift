import DataMapperCore

// MARK: - Numbers

extension JSONReader {
    /// Reads a number; `offset` is at its `-` or first digit.
    ///
    /// Which kind it becomes is decided by `NumberClassification`, as for YAML.
    mutating func readNumber() throws(DataMapperError) -> SupportedType.Kind {
        let start = offset
        var index = offset
        let negative = bytes[index] == UInt8(ascii: "-")
        if negative { index += 1 }
        guard index < count, Self.isDigit(bytes[index]) else {
            throw syntaxError(at: index, "expected a digit after '-', found \(describe(at: index))")
        }

        // Significant digits (leading zeros skipped), the first 19 kept in `significand`.
        var significand: UInt64 = 0
        var digits = 0
        var exponent = 0
        if bytes[index] == UInt8(ascii: "0") {
            index += 1
            if index < count, Self.isDigit(bytes[index]) {
                throw syntaxError(at: start, "a number cannot have a leading zero; write it without one or as a string")
            }
        } else {
            while index < count {
                let digit = bytes[index] &- UInt8(ascii: "0")
                if digit > 9 { break }
                if digits < 19 { significand = significand &* 10 &+ UInt64(digit) } else { exponent += 1 }
                digits += 1
                index += 1
            }
        }
        let integerEnd = index
        var isInteger = true

        if index < count, bytes[index] == UInt8(ascii: ".") {
            isInteger = false
            index += 1
            guard index < count, Self.isDigit(bytes[index]) else {
                throw syntaxError(at: index, "expected a digit after the decimal point, found \(describe(at: index))")
            }
            while index < count {
                let digit = bytes[index] &- UInt8(ascii: "0")
                if digit > 9 { break }
                if digits == 0 && digit == 0 {
                    exponent -= 1
                } else {
                    if digits < 19 {
                        significand = significand &* 10 &+ UInt64(digit)
                        exponent -= 1
                    }
                    digits += 1
                }
                index += 1
            }
        }

        if index < count, bytes[index] | 0x20 == UInt8(ascii: "e") {
            isInteger = false
            index += 1
            var exponentNegative = false
            if index < count, bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-") {
                exponentNegative = bytes[index] == UInt8(ascii: "-")
                index += 1
            }
            guard index < count, Self.isDigit(bytes[index]) else {
                throw syntaxError(at: index, "expected a digit in the exponent, found \(describe(at: index))")
            }
            var written = 0
            while index < count {
                let digit = bytes[index] &- UInt8(ascii: "0")
                if digit > 9 { break }
                // Past a million the value is certainly infinite or zero; stop growing.
                if written < 1_000_000 { written = written * 10 + Int(digit) }
                index += 1
            }
            exponent += exponentNegative ? -written : written
        }
        offset = index

        if isInteger {
            return integerKind(negative: negative, significand: significand, digits: digits, integerEnd: integerEnd, start: start)
        }
        return doubleKind(negative: negative, significand: significand, digits: digits, exponent: exponent, start: start)
    }

    /// Whether `byte` is an ASCII digit.
    @inline(__always)
    static func isDigit(_ byte: UInt8) -> Bool {
        byte &- UInt8(ascii: "0") <= 9
    }

    /// The kind for an integer of `digits` significant digits ending at `integerEnd`.
    @inline(__always)
    func integerKind(negative: Bool, significand: UInt64, digits: Int, integerEnd: Int, start: Int) -> SupportedType.Kind {
        var magnitude = significand
        var overflowed = digits > 20
        if digits == 20 {
            // A twentieth digit may still fit a UInt64 (up to 18446744073709551615).
            let (times10, overflow1) = significand.multipliedReportingOverflow(by: 10)
            let (sum, overflow2) = times10.addingReportingOverflow(UInt64(bytes[integerEnd - 1] &- UInt8(ascii: "0")))
            overflowed = overflow1 || overflow2
            magnitude = sum
        }
        return NumberClassification.integer(negative: negative, magnitude: magnitude, overflowed: overflowed) {
            text(from: start, to: offset)
        }
    }

    /// The kind for a number with a fraction or exponent: `significand × 10^exponent`.
    @inline(__always)
    func doubleKind(negative: Bool, significand: UInt64, digits: Int, exponent: Int, start: Int) -> SupportedType.Kind {
        let magnitude = significand == 0 ? 0 : DecimalToDouble.nearest(significand: significand, exponent: exponent)
        let kind = NumberClassification.fraction(
            significantDigits: digits, nonzero: significand != 0, nearest: magnitude.map { negative ? -$0 : $0 }
        ) { text(from: start, to: offset) }
        // The grammar checked above is one `Double(_:)` reads, so `nil` cannot happen.
        return kind ?? .bigNumber(text(from: start, to: offset))
    }

    /// The input bytes `start..<end` as a string; they are ASCII.
    func text(from start: Int, to end: Int) -> String {
        String(decoding: UnsafeBufferPointer(start: bytes + start, count: end - start), as: UTF8.self)
    }
}
