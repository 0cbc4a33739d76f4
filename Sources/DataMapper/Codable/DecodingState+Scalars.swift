import DataMapperCore
import Foundation

/// Reading scalars: the exact kinds always, text too under ``SupportedTypeDecoder/ScalarReading/fromText``.
extension DecodingState {
    func unboxBool(_ value: SupportedType, parent: CodingPathNode, tail: PathTail) throws -> Bool {
        if case .bool(let flag) = value.kind { return flag }
        if case .string(let text) = value.kind, let flag = options.conversions.bool(from: text) { return flag }
        if let flag = options.conversions.bool(fromNumber: value) { return flag }
        if let text = textContent(of: value) { return try unboxBool(text, parent: parent, tail: tail) }
        throw mismatch(Bool.self, value, parent: parent, tail: tail)
    }

    func unboxString(_ value: SupportedType, parent: CodingPathNode, tail: PathTail) throws -> String {
        if case .string(let text) = value.kind { return text }
        if options.emptyForNull, !probingMissingKey, case .null = value.kind { return "" }
        if let text = textContent(of: value) { return try unboxString(text, parent: parent, tail: tail) }
        // A number is turned into text only where the policy asks: `1.10` would come back as "1.1".
        if let text = options.conversions.text(fromNumber: value) { return text }
        throw mismatch(String.self, value, parent: parent, tail: tail, advice: value.quotingAdvice)
    }

    /// Any number; integers beyond 2⁵³ and big numbers are rounded to the nearest
    /// `Double`, as `JSONDecoder` does.
    func unboxDouble(_ value: SupportedType, parent: CodingPathNode, tail: PathTail) throws -> Double {
        if let number = value.nearestDouble { return number }
        switch value.kind {
        case .bigNumber(let text):
            throw corrupted("the number \(text) does not fit Double", value, parent: parent, tail: tail)
        case .string(let text) where options.fromText:
            if let number = options.conversions.double(from: text) { return number }
        default:
            if let text = textContent(of: value) { return try unboxDouble(text, parent: parent, tail: tail) }
        }
        throw mismatch(Double.self, value, parent: parent, tail: tail)
    }

    /// A number that fits `Float`'s range; its digits are rounded to `Float`'s precision.
    func unboxFloat(_ value: SupportedType, parent: CodingPathNode, tail: PathTail) throws -> Float {
        let number = try unboxDouble(value, parent: parent, tail: tail)
        let single = Float(number)
        if single.isFinite || !number.isFinite { return single }
        throw corrupted("the number \(number) does not fit Float", value, parent: parent, tail: tail)
    }

    /// An integer that fits `T` exactly; a floating-point value only when it is whole.
    @inline(__always)
    func unboxInteger<T: FixedWidthInteger>(
        _ value: SupportedType, as type: T.Type, parent: CodingPathNode, tail: PathTail
    ) throws -> T {
        if case .int(let integer) = value.kind, let result = T(exactly: integer) { return result }
        return try unboxIntegerSlowly(value, as: type, parent: parent, tail: tail)
    }

    func unboxIntegerSlowly<T: FixedWidthInteger>(
        _ value: SupportedType, as type: T.Type, parent: CodingPathNode, tail: PathTail
    ) throws -> T {
        func overflow(_ written: String) -> DecodingError {
            corrupted(Self.outOfRange(T.self, found: written), value, parent: parent, tail: tail)
        }
        switch value.kind {
        case .int(let integer), .intOrDouble(let integer):
            if let result = T(exactly: integer) { return result }
            throw overflow(String(integer))
        case .uint(let integer):
            if let result = T(exactly: integer) { return result }
            throw overflow(String(integer))
        case .double(let number):
            if let result = T(exactly: number) { return result }
            if number.isFinite, number == number.rounded() { throw overflow(String(number)) }
            throw mismatch(T.self, expected: "\(T.self) (a whole number)", value, parent: parent, tail: tail)
        case .bigNumber(let text):
            if let result = T(text) { return result }
            if text.isIntegerText { throw overflow(text) }
            throw mismatch(T.self, expected: "\(T.self) (a whole number)", value, parent: parent, tail: tail)
        case .string(let text) where T.bitWidth > 64 && !options.fromText:
            // A 128-bit integer that a format holds no number for is written as its digits.
            guard text.isIntegerText else { throw mismatch(T.self, value, parent: parent, tail: tail) }
            if let result = T(text) { return result }
            throw overflow(text)
        case .string(let text) where options.fromText:
            if let integer = options.conversions.int(from: text) {
                if let result = T(exactly: integer) { return result }
                throw overflow(String(integer))
            }
            let core = text.trimmingXMLWhitespace()
            if core.isIntegerText {
                if let result = T(core) { return result }
                throw overflow(core)
            }
            throw mismatch(T.self, value, parent: parent, tail: tail)
        default:
            if let text = textContent(of: value) { return try unboxIntegerSlowly(text, as: type, parent: parent, tail: tail) }
            throw mismatch(T.self, value, parent: parent, tail: tail)
        }
    }
}

extension String {
    /// Whether the text is an optional sign followed by decimal digits only.
    package var isIntegerText: Bool {
        var digits = utf8[...]
        if let first = digits.first, first == UInt8(ascii: "-") || first == UInt8(ascii: "+") { digits = digits.dropFirst() }
        return !digits.isEmpty && digits.allSatisfy { (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) }
    }

    /// The text without XML whitespace (space, tab, CR, LF) at either end, as
    /// ``TextScalars`` reads it.
    func trimmingXMLWhitespace() -> String {
        let isSpace: (Unicode.Scalar) -> Bool = { $0 == " " || $0 == "\t" || $0 == "\n" || $0 == "\r" }
        let scalars = unicodeScalars
        guard let first = scalars.firstIndex(where: { !isSpace($0) }), let last = scalars.lastIndex(where: { !isSpace($0) })
        else { return "" }
        return String(scalars[first...last])
    }

    /// Whether the text is empty or only XML whitespace (space, tab, CR, LF): the
    /// indentation a text format leaves where a value has no text of its own.
    var isBlankText: Bool {
        utf8.allSatisfy { $0 == 0x20 || $0 == 0x09 || $0 == 0x0A || $0 == 0x0D }
    }
}
