import DataMapperCore

// MARK: - Numbers

// The pieces of a number change only the `index` they are given, yet are `mutating`: a
// non-mutating method called from a mutating one takes the reader by value, and the
// compiler then copies the whole reader once per number and piece. A mutating one
// takes it by reference.
extension JSONReader {
    /// The digits of a number read so far, standing for `significand × 10^exponent`.
    struct Digits {
        /// The first 19 significant digits (leading zeros skipped): 19 always fit.
        var significand: UInt64 = 0
        /// How many significant digits the number has, those past the 19th included.
        var count = 0
        /// The power of ten `significand` is multiplied by.
        var exponent = 0
    }

    /// Reads a number; `offset` is at its `-` or first digit.
    ///
    /// The grammar is RFC 8259's: an optional `-`, an integer part, an optional
    /// fraction, an optional exponent, each read by a piece of its own that moves
    /// `index` past it. Which kind the number becomes is decided by
    /// `NumberClassification`, as for YAML.
    mutating func readNumber() throws(DataMapperError) -> SupportedType.Kind {
        let start = offset
        var index = offset
        let negative = bytes[index] == UInt8(ascii: "-")
        if negative { index += 1 }
        var digits = Digits()
        try readIntegerPart(into: &digits, at: &index, numberStart: start)
        let integerEnd = index
        let hasFraction = index < count && bytes[index] == UInt8(ascii: ".")
        if hasFraction { try readFraction(into: &digits, at: &index) }
        let hasExponent = index < count && bytes[index] | 0x20 == UInt8(ascii: "e")
        if hasExponent { digits.exponent += try readExponent(at: &index) }
        offset = index

        if !hasFraction && !hasExponent {
            return integerKind(negative: negative, significand: digits.significand, digits: digits.count, integerEnd: integerEnd, start: start)
        }
        return doubleKind(negative: negative, significand: digits.significand, digits: digits.count, exponent: digits.exponent, start: start)
    }

    /// Reads the integer part of a number into `digits`, which is empty, moving `index`
    /// from just past any `-` to just past the part: a lone `0`, or a digit 1–9 and
    /// the digits after it.
    ///
    /// Relies on the caller having come here for a `-` or a digit, so a missing digit
    /// can only follow a `-`. The significand takes the first 19 digits, which always
    /// fit a `UInt64`; each later one raises the exponent instead.
    @inline(__always)
    mutating func readIntegerPart(into digits: inout Digits, at index: inout Int, numberStart: Int) throws(DataMapperError) {
        guard index < count, Self.isDigit(bytes[index]) else {
            throw syntaxError(at: index, "expected a digit after '-', found \(describe(at: index))")
        }
        if bytes[index] == UInt8(ascii: "0") {
            index += 1
            if index < count, Self.isDigit(bytes[index]) {
                throw syntaxError(at: numberStart, "a number cannot have a leading zero; write it without one or as a string")
            }
            return
        }
        while index < count {
            let digit = bytes[index] &- UInt8(ascii: "0")
            if digit > 9 { break }
            if digits.count < 19 { digits.significand = digits.significand &* 10 &+ UInt64(digit) } else { digits.exponent += 1 }
            digits.count += 1
            index += 1
        }
    }

    /// Reads the fraction of a number into `digits`, moving `index` from its `.` to
    /// just past its last digit; at least one digit must follow the `.`.
    ///
    /// Each digit kept in the significand lowers the exponent by one. Zeros before the
    /// first significant digit (those of `0.001`) only lower it; digits past the 19th
    /// significant one are counted and dropped: a number with that many is more than a
    /// `Double` holds, and `NumberClassification` keeps it as its text.
    @inline(__always)
    mutating func readFraction(into digits: inout Digits, at index: inout Int) throws(DataMapperError) {
        index += 1
        guard index < count, Self.isDigit(bytes[index]) else {
            throw syntaxError(at: index, "expected a digit after the decimal point, found \(describe(at: index))")
        }
        while index < count {
            let digit = bytes[index] &- UInt8(ascii: "0")
            if digit > 9 { break }
            if digits.count == 0 && digit == 0 {
                digits.exponent -= 1
            } else {
                if digits.count < 19 {
                    digits.significand = digits.significand &* 10 &+ UInt64(digit)
                    digits.exponent -= 1
                }
                digits.count += 1
            }
            index += 1
        }
    }

    /// Reads the exponent of a number, moving `index` from its `e` or `E` past an
    /// optional sign to just past its last digit (at least one); returns its value.
    ///
    /// Past a million the value is certainly infinite or zero, so the returned
    /// magnitude stops growing there and can never overflow, however many digits
    /// the input has.
    @inline(__always)
    mutating func readExponent(at index: inout Int) throws(DataMapperError) -> Int {
        index += 1
        var negative = false
        if index < count, bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-") {
            negative = bytes[index] == UInt8(ascii: "-")
            index += 1
        }
        guard index < count, Self.isDigit(bytes[index]) else {
            throw syntaxError(at: index, "expected a digit in the exponent, found \(describe(at: index))")
        }
        var written = 0
        while index < count {
            let digit = bytes[index] &- UInt8(ascii: "0")
            if digit > 9 { break }
            if written < 1_000_000 { written = written * 10 + Int(digit) }
            index += 1
        }
        return negative ? -written : written
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
