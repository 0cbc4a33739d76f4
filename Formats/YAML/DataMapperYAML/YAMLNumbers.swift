import DataMapperCore

/// The number forms of the two schemas, read from a plain scalar's bytes.
///
/// Which kind a number becomes is decided by `NumberClassification`, as for JSON; a
/// big number keeps the text as written without `+` or `_` (integers in other radices
/// in decimal).
enum YAMLNumbers {
    typealias Bytes = UnsafeBufferPointer<UInt8>

    private static let zero = UInt8(ascii: "0")
    private static let underscore = UInt8(ascii: "_")

    // MARK: - Schemas

    /// YAML 1.2 core: `[-+]?[0-9]+`, `0o[0-7]+`, `0x[0-9a-fA-F]+`,
    /// `[-+]?(\.[0-9]+|[0-9]+(\.[0-9]*)?)([eE][-+]?[0-9]+)?`, `[-+]?\.inf`, `\.nan`.
    static func core(_ bytes: Bytes, text original: String? = nil) throws(DataMapperError) -> SupportedType.Kind? {
        if let value = shortDecimal(bytes) { return .int(value) }
        if bytes.count > 2, bytes[0] == zero {
            if bytes[1] == UInt8(ascii: "o") { return try integer(bytes, from: 2, radix: 8, negative: false, underscores: false) }
            if bytes[1] == UInt8(ascii: "x") { return try integer(bytes, from: 2, radix: 16, negative: false, underscores: false) }
        }
        let (negative, start) = sign(bytes)
        if let special = special(bytes, from: start, negative: negative) { return special }
        if start < bytes.count, bytes[start...].allSatisfy(isDigit) {
            return try integer(bytes, from: start, radix: 10, negative: negative, underscores: false)
        }
        return float(bytes, from: start, underscores: false, dotRequired: false, original: original)
    }

    /// YAML 1.1: `[-+]?0b[01_]+`, `[-+]?0[0-7_]+`, `[-+]?(0|[1-9][0-9_]*)`,
    /// `[-+]?0x[0-9a-fA-F_]+`, `[-+]?([0-9][0-9_]*)?\.[0-9_]*([eE][-+]?[0-9]+)?`,
    /// `[-+]?\.inf`, `\.nan`.
    static func yaml11(_ bytes: Bytes, text original: String? = nil) throws(DataMapperError) -> SupportedType.Kind? {
        let (negative, start) = sign(bytes)
        if let special = special(bytes, from: start, negative: negative) { return special }
        guard start < bytes.count else { return nil }
        if bytes[start] == zero, start + 1 < bytes.count {
            switch bytes[start + 1] {
            case UInt8(ascii: "b"): return try integer(bytes, from: start + 2, radix: 2, negative: negative, underscores: true)
            case UInt8(ascii: "x"): return try integer(bytes, from: start + 2, radix: 16, negative: negative, underscores: true)
            case zero...UInt8(ascii: "7"), underscore:
                if let octal = try integer(bytes, from: start + 1, radix: 8, negative: negative, underscores: true) { return octal }
            default: break
            }
        } else if isDigit(bytes[start]), bytes[start...].allSatisfy({ isDigit($0) || $0 == underscore }) {
            return try integer(bytes, from: start, radix: 10, negative: negative, underscores: true)
        }
        return float(bytes, from: start, underscores: true, dotRequired: true, original: original)
    }

    // MARK: - Pieces

    /// The value of `[-]?[0-9]{1,18}`, the integers most documents are made of, read
    /// in one pass; `nil` for anything else (left to the full rules). Eighteen digits
    /// cannot overflow an `Int`. YAML 1.2 core reads leading zeros as decimal.
    @inline(__always)
    private static func shortDecimal(_ bytes: Bytes) -> Int? {
        guard let base = bytes.baseAddress, bytes.count > 0 else { return nil }
        let negative = base[0] == UInt8(ascii: "-")
        let start = negative ? 1 : 0
        let count = bytes.count - start
        guard count > 0, count <= 18 else { return nil }
        var value = 0
        for index in start..<bytes.count {
            let digit = base[index] &- zero
            guard digit <= 9 else { return nil }
            value = value &* 10 &+ Int(digit)
        }
        return negative ? -value : value
    }

    @inline(__always)
    static func isDigit(_ byte: UInt8) -> Bool { byte &- zero <= 9 }

    private static func sign(_ bytes: Bytes) -> (negative: Bool, start: Int) {
        switch bytes.first {
        case UInt8(ascii: "-"): return (true, 1)
        case UInt8(ascii: "+"): return (false, 1)
        default: return (false, 0)
        }
    }

    /// `.inf` (after an optional sign) and `.nan` (without one), in three spellings each.
    private static func special(_ bytes: Bytes, from start: Int, negative: Bool) -> SupportedType.Kind? {
        guard bytes.count - start == 4, bytes[start] == UInt8(ascii: ".") else { return nil }
        let rest = Bytes(rebasing: bytes[start...])
        if YAMLScalarResolver.matches(rest, ".inf", ".Inf", ".INF") { return .double(negative ? -.infinity : .infinity) }
        if start == 0, YAMLScalarResolver.matches(rest, ".nan", ".NaN", ".NAN") { return .double(.nan) }
        return nil
    }

    /// The integer of the digits from `start`, or `nil` when a byte is not a digit of
    /// `radix` (or `_` where allowed) or there is no digit at all.
    private static func integer(_ bytes: Bytes, from start: Int, radix: UInt64, negative: Bool, underscores: Bool) throws(DataMapperError) -> SupportedType.Kind? {
        var magnitude: UInt64 = 0
        var overflow = false
        var digitCount = 0
        var index = start
        while index < bytes.count {
            let byte = bytes[index]
            index += 1
            if byte == underscore, underscores { continue }
            guard let digit = digitValue(byte), UInt64(digit) < radix else { return nil }
            digitCount += 1
            let (times, overflow1) = magnitude.multipliedReportingOverflow(by: radix)
            let (sum, overflow2) = times.addingReportingOverflow(UInt64(digit))
            magnitude = sum
            overflow = overflow || overflow1 || overflow2
        }
        guard digitCount > 0 else { return nil }
        let decimal = overflow ? try decimalDigits(bytes, from: start, radix: radix, digitCount: digitCount) : nil
        return NumberClassification.integer(negative: negative, magnitude: magnitude, overflowed: overflow) {
            let digits = decimal ?? String(magnitude)
            return negative ? "-" + digits : digits
        }
    }

    private static func digitValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case zero...UInt8(ascii: "9"): return byte - zero
        case UInt8(ascii: "a")...UInt8(ascii: "f"): return byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): return byte - UInt8(ascii: "A") + 10
        default: return nil
        }
    }

    /// The most digits of a binary, octal or hexadecimal integer beyond 64 bits that
    /// are turned into decimal. The conversion costs the square of the digit count, so
    /// without a bound one scalar of a large document could take minutes.
    static let maxNonDecimalDigits = 4_096

    /// The decimal text of an integer too large for 64 bits, written in `radix`.
    ///
    /// Decimal digits are copied as they are, without underscores and leading zeros, in
    /// one pass. Other radices are converted through limbs of 10^9, for at most
    /// ``maxNonDecimalDigits`` digits.
    private static func decimalDigits(_ bytes: Bytes, from start: Int, radix: UInt64, digitCount: Int) throws(DataMapperError) -> String {
        if radix == 10 {
            var digits: [UInt8] = []
            digits.reserveCapacity(digitCount)
            for byte in bytes[start...] where byte != underscore && (byte != zero || !digits.isEmpty) {
                digits.append(byte)
            }
            return digits.isEmpty ? "0" : String(decoding: digits, as: UTF8.self)
        }
        guard digitCount <= maxNonDecimalDigits else {
            let name = radix == 16 ? "hexadecimal" : radix == 8 ? "octal" : "binary"
            throw DataMapperError(
                .limitExceeded,
                message: "a \(name) integer of \(digitCount) digits is longer than the \(maxNonDecimalDigits) digits DataMapper converts to decimal; quote it to read it as a string"
            )
        }
        // Little-endian limbs of base 10^9.
        var limbs: [UInt64] = [0]
        for byte in bytes[start...] {
            guard let digit = digitValue(byte) else { continue }
            var carry = UInt64(digit)
            for offset in limbs.indices {
                let value = limbs[offset] * radix + carry
                limbs[offset] = value % 1_000_000_000
                carry = value / 1_000_000_000
            }
            while carry > 0 {
                limbs.append(carry % 1_000_000_000)
                carry /= 1_000_000_000
            }
        }
        var text = String(limbs.last ?? 0)
        for limb in limbs.dropLast().reversed() {
            let part = String(limb)
            text += String(repeating: "0", count: 9 - part.count) + part
        }
        return text
    }

    /// A float of the schema's form starting at `start` (after the sign), or `nil`.
    /// `original` is the scalar's text when the caller has it, saving a copy.
    ///
    /// Reading the digits checks the form and gathers what `DecimalToDouble` needs: the
    /// significant digits as an integer and the power of ten they are scaled by. The
    /// text is made only when that fast path cannot answer (more than 17 significant
    /// digits, an exponent of more than six digits, or a product it cannot round).
    @inline(__always)
    private static func float(_ bytes: Bytes, from start: Int, underscores: Bool, dotRequired: Bool, original: String?) -> SupportedType.Kind? {
        // Zeros before the first other digit are not significant. Counted apart so the
        // digit loops below stay short; a text that has them across two dots is no float.
        var leadingZeros = 0
        var index = start
        while index < bytes.count {
            let byte = bytes[index]
            if byte == zero {
                leadingZeros += 1
            } else if byte != UInt8(ascii: "."), byte != underscore || !underscores {
                break
            }
            index += 1
        }
        // Every digit goes into `significand`, which wraps past 19 significant digits;
        // it is only used with at most 17.
        index = start
        var significand: UInt64 = 0
        var sawUnderscore = false
        var mantissaDigits = digits(bytes, &index, underscores: underscores, into: &significand, sawUnderscore: &sawUnderscore)
        var fractionDigits = 0
        let sawDot = index < bytes.count && bytes[index] == UInt8(ascii: ".")
        if sawDot {
            index += 1
            fractionDigits = digits(bytes, &index, underscores: underscores, into: &significand, sawUnderscore: &sawUnderscore)
            mantissaDigits += fractionDigits
        }
        let significant = mantissaDigits - leadingZeros
        guard mantissaDigits > 0, sawDot || !dotRequired else { return nil }
        var exponent = 0
        var exponentFits = true
        if index < bytes.count {
            guard bytes[index] == UInt8(ascii: "e") || bytes[index] == UInt8(ascii: "E") else { return nil }
            index += 1
            var exponentNegative = false
            if index < bytes.count, bytes[index] == UInt8(ascii: "-") || bytes[index] == UInt8(ascii: "+") {
                exponentNegative = bytes[index] == UInt8(ascii: "-")
                index += 1
            }
            let exponentStart = index
            while index < bytes.count, isDigit(bytes[index]) {
                // Six digits reach past every double's range; more are left to `Double`.
                if index - exponentStart < 6 {
                    exponent = exponent * 10 + Int(bytes[index] &- zero)
                } else {
                    exponentFits = false
                }
                index += 1
            }
            guard index == bytes.count, index > exponentStart else { return nil }
            if exponentNegative { exponent = -exponent }
        }
        // The text Double reads and big numbers keep: without `+` and `_`. Made only
        // when needed, so the common float costs no String.
        func text() -> String {
            guard sawUnderscore || bytes[0] == UInt8(ascii: "+") else {
                return original ?? String(decoding: bytes, as: UTF8.self)
            }
            var cleaned: [UInt8] = []
            cleaned.reserveCapacity(bytes.count)
            for (offset, byte) in bytes.enumerated() where byte != underscore && !(offset == 0 && byte == UInt8(ascii: "+")) {
                cleaned.append(byte)
            }
            return String(decoding: cleaned, as: UTF8.self)
        }
        let negative = start > 0 && bytes[0] == UInt8(ascii: "-")
        // More than 17 significant digits make a big number, which needs no double.
        var fast: Double?
        if significant == 0 {
            fast = negative ? -0.0 : 0.0
        } else if significant <= 17, exponentFits,
                  let magnitude = DecimalToDouble.nearest(significand: significand, exponent: exponent - fractionDigits) {
            fast = negative ? -magnitude : magnitude
        }
        return NumberClassification.fraction(significantDigits: significant, nonzero: significant > 0, nearest: fast, text: text)
    }

    /// Reads the run of digits (and `_` where allowed) at `index` into `significand`,
    /// leaving `index` after it, and gives how many digits it had.
    @inline(__always)
    private static func digits(
        _ bytes: Bytes, _ index: inout Int, underscores: Bool, into significand: inout UInt64, sawUnderscore: inout Bool
    ) -> Int {
        var count = 0
        while index < bytes.count {
            let digit = bytes[index] &- zero
            if digit <= 9 {
                significand = significand &* 10 &+ UInt64(digit)
                count += 1
            } else if underscores, bytes[index] == underscore {
                sawUnderscore = true
            } else {
                break
            }
            index += 1
        }
        return count
    }
}
