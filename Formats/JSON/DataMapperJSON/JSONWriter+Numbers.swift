extension JSONWriter {
    /// Appends an integer exactly, `Int.min` included.
    @inline(__always)
    mutating func writeInteger(_ number: Int) {
        if number < 0 {
            output.append(UInt8(ascii: "-"))
            writeUnsigned(number.magnitude.asUInt64)
        } else {
            writeUnsigned(UInt64(number))
        }
    }

    /// Appends an unsigned integer exactly, `UInt64.max` included.
    mutating func writeUnsigned(_ number: UInt64) {
        if number < 10 {
            output.append(UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: number))
            return
        }
        // Digits are produced from the right, two at a time, into a stack buffer.
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 20) { digits in
            var remaining = number
            var start = 20
            while remaining >= 100 {
                let pair = Int(truncatingIfNeeded: remaining % 100)
                remaining /= 100
                start &-= 2
                digits[start] = Self.digitPairs[pair &* 2]
                digits[start &+ 1] = Self.digitPairs[pair &* 2 &+ 1]
            }
            if remaining >= 10 {
                let pair = Int(truncatingIfNeeded: remaining)
                start &-= 2
                digits[start] = Self.digitPairs[pair &* 2]
                digits[start &+ 1] = Self.digitPairs[pair &* 2 &+ 1]
            } else {
                start &-= 1
                digits[start] = UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: remaining)
            }
            output.append(UnsafeBufferPointer(rebasing: digits[start..<20]))
        }
    }

    /// "00" through "99", two ASCII bytes each, read through its static address.
    private static var digitPairs: UnsafePointer<UInt8> {
        let table: StaticString = "00010203040506070809101112131415161718192021222324252627282930313233343536373839404142434445464748495051525354555657585960616263646566676869707172737475767778798081828384858687888990919293949596979899"
        return table.utf8Start
    }

    /// Appends a double in the shortest form that reads back as the same `Double`.
    ///
    /// Whole numbers below 2^53 in magnitude are written as their digits and `.0`,
    /// so that they read back as doubles rather than integers; everything else takes
    /// the standard library's shortest round-trip digits (`0.1`, `1e-05`, `1e+16`),
    /// which are valid JSON numbers as they are. Either way the text is the same as
    /// `description`.
    ///
    /// NaN and the infinities, which JSON cannot express, are written as
    /// ``nonFiniteNumbers`` says.
    /// - Throws: ``DataMapperError/Kind/unsupported`` for NaN and the infinities under
    ///   ``NonFiniteNumberPolicy/error``.
    mutating func writeDouble(_ number: Double) throws(Failure) {
        guard number.isFinite else {
            switch nonFiniteNumbers {
            case .error: throw Failure.nonFinite(number)
            case .null: output.append("null")
            case .string: writeString(Self.nonFiniteText(number))
            }
            return
        }
        let magnitude = number.magnitude
        if foundationCompatible, magnitude <= 9_007_199_254_740_992, magnitude.rounded(.towardZero) == magnitude {
            // `description` without its `.0`, as `JSONEncoder` writes a whole number.
            if number.sign == .minus { output.append(UInt8(ascii: "-")) }
            writeUnsigned(UInt64(magnitude))
            return
        }
        if magnitude < 9_007_199_254_740_992, magnitude.rounded(.towardZero) == magnitude {
            if number.sign == .minus { output.append(UInt8(ascii: "-")) }
            writeUnsigned(UInt64(magnitude))
            output.append(".0")
            return
        }
        // The standard library's shortest round-trip printer, handing over its ASCII
        // digits without making a `String` (see `Buffer._writeASCII`).
        number.write(to: &output)
    }

    /// `NaN`, `Infinity` or `-Infinity`: how ``NonFiniteNumberPolicy/string`` spells
    /// a number that is not finite.
    static func nonFiniteText(_ number: Double) -> String {
        number.isNaN ? "NaN" : number < 0 ? "-Infinity" : "Infinity"
    }

    /// Appends a number kept as text, after checking that it is a JSON number.
    ///
    /// - Throws: ``DataMapperError/Kind/unsupported`` when the text is not a number
    ///   in JSON's grammar (`-? int frac? exp?`), since writing it would produce
    ///   invalid JSON.
    mutating func writeBigNumber(_ text: String) throws(Failure) {
        guard Self.isJSONNumber(text.utf8) else {
            throw Failure(.unsupported, "\"\(text)\" is not a number JSON can carry")
        }
        if foundationCompatible {
            output.append(contentsOf: Self.withoutTrailingFractionZeros(text))
            return
        }
        output.append(contentsOf: text.utf8)
    }

    /// A JSON number's text without the zeros that end its fraction, nor a point left
    /// bare by them (`1.50` → `1.5`, `2.00` → `2`), as `Decimal` prints itself; a
    /// number with an exponent is returned whole.
    static func withoutTrailingFractionZeros(_ text: String) -> Substring.UTF8View {
        let whole = text[...].utf8
        guard whole.contains(UInt8(ascii: ".")),
              !whole.contains(where: { $0 == UInt8(ascii: "e") || $0 == UInt8(ascii: "E") })
        else { return whole }
        var end = whole.endIndex
        while end > whole.startIndex, whole[whole.index(before: end)] == UInt8(ascii: "0") { end = whole.index(before: end) }
        if end > whole.startIndex, whole[whole.index(before: end)] == UInt8(ascii: ".") { end = whole.index(before: end) }
        return whole[whole.startIndex..<end]
    }

    /// Whether `text` matches RFC 8259's `number` rule exactly.
    static func isJSONNumber(_ text: String.UTF8View) -> Bool {
        var index = text.startIndex
        let end = text.endIndex
        func isDigit(_ byte: UInt8) -> Bool { byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") }
        func skipDigits() -> Int {
            var count = 0
            while index < end, isDigit(text[index]) {
                text.formIndex(after: &index)
                count += 1
            }
            return count
        }
        if index < end, text[index] == UInt8(ascii: "-") { text.formIndex(after: &index) }
        guard index < end else { return false }
        if text[index] == UInt8(ascii: "0") {
            text.formIndex(after: &index)
        } else if skipDigits() == 0 {
            return false
        }
        if index < end, text[index] == UInt8(ascii: ".") {
            text.formIndex(after: &index)
            guard skipDigits() > 0 else { return false }
        }
        if index < end, text[index] == UInt8(ascii: "e") || text[index] == UInt8(ascii: "E") {
            text.formIndex(after: &index)
            if index < end, text[index] == UInt8(ascii: "+") || text[index] == UInt8(ascii: "-") {
                text.formIndex(after: &index)
            }
            guard skipDigits() > 0 else { return false }
        }
        return index == end
    }
}

extension UInt {
    /// The same value as a `UInt64` (the two have the same width on every 64-bit platform).
    fileprivate var asUInt64: UInt64 { UInt64(self) }
}
