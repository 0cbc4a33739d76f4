import DataMapperCore

/// Gives plain (unquoted) scalars their type, under the YAML 1.2 core schema or YAML 1.1.
///
/// The reader resolves every plain scalar with it, and the writer asks it whether a
/// string written plain would come back as a string; sharing one set of rules is what
/// makes writing then reading give the same value.
enum YAMLScalarResolver {
    typealias Schema = YAMLSerializer.Options.Schema

    /// The value a plain scalar stands for, or `nil` when it is a string.
    ///
    /// - Throws: `limitExceeded` for a binary, octal or hexadecimal integer too long
    ///   to convert to decimal (``YAMLNumbers/maxNonDecimalDigits``).
    static func resolve(_ text: String, schema: Schema) throws(DataMapperError) -> SupportedType.Kind? {
        var contiguous = text
        // withUTF8 rethrows untyped errors, so the reading travels out as a Result.
        return try contiguous.withUTF8 { bytes in
            Result { () throws(DataMapperError) in try resolve(bytes: bytes, schema: schema, text: text) }
        }.get()
    }

    /// Whether `text` may be written as a plain scalar without being read back as
    /// something else, by this library in either schema or by common YAML 1.1 tools.
    ///
    /// Beyond what ``resolve(_:schema:)`` turns into non-strings it also refuses `y`,
    /// `n` (booleans to some YAML 1.1 readers), dates and timestamps (read as dates by
    /// YAML 1.1 tools), base-60 look-alikes such as `1:30`, `<<` (a merge key) and `=`. Syntax problems (leading indicators,
    /// `: `, ` #`, surrounding spaces, ...) are libyaml's to detect; it quotes those itself.
    static func isSafePlainString(_ text: String) -> Bool {
        guard let first = text.utf8.first else { return false }
        switch first {
        case UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "+"), UInt8(ascii: "-"), UInt8(ascii: "."),
             UInt8(ascii: "~"), UInt8(ascii: "n"), UInt8(ascii: "N"), UInt8(ascii: "t"), UInt8(ascii: "T"),
             UInt8(ascii: "f"), UInt8(ascii: "F"), UInt8(ascii: "y"), UInt8(ascii: "Y"), UInt8(ascii: "o"),
             UInt8(ascii: "O"), UInt8(ascii: "<"), UInt8(ascii: "="):
            break
        default:
            return true
        }
        switch text {
        case "y", "Y", "n", "N", "<<", "=": return false
        default: break
        }
        do {
            if try resolve(text, schema: .core) != nil || resolve(text, schema: .yaml11) != nil { return false }
        } catch {
            // Too long a number to read is no string either.
            return false
        }
        if looksSexagesimal(text) { return false }
        return !YAMLTimestamp.mightBeTimestamp(text) || YAMLTimestamp.parse(text) == nil
    }

    /// Whether `text` is digits and colons (`1:30`, `22:22:05.5`), which YAML 1.1 tools
    /// read as base-60 numbers; a superset of that form, so erring towards quotes.
    static func looksSexagesimal(_ text: String) -> Bool {
        var sawColon = false
        for (offset, byte) in text.utf8.enumerated() {
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "_"), UInt8(ascii: "."): continue
            case UInt8(ascii: ":"): sawColon = true
            case UInt8(ascii: "-"), UInt8(ascii: "+"): if offset != 0 { return false }
            default: return false
            }
        }
        return sawColon
    }

    // MARK: - Resolution

    static func resolve(bytes: UnsafeBufferPointer<UInt8>, schema: Schema, text: String? = nil) throws(DataMapperError) -> SupportedType.Kind? {
        guard let first = bytes.first else { return .null }
        switch first {
        case UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "+"), UInt8(ascii: "-"), UInt8(ascii: "."):
            return try schema == .core ? YAMLNumbers.core(bytes, text: text) : YAMLNumbers.yaml11(bytes, text: text)
        case UInt8(ascii: "~"):
            return bytes.count == 1 ? .null : nil
        case UInt8(ascii: "n"), UInt8(ascii: "N"):
            if matches(bytes, "null", "Null", "NULL") { return .null }
            if schema == .yaml11, matches(bytes, "no", "No", "NO") { return .bool(false) }
            return nil
        case UInt8(ascii: "t"), UInt8(ascii: "T"):
            return matches(bytes, "true", "True", "TRUE") ? .bool(true) : nil
        case UInt8(ascii: "f"), UInt8(ascii: "F"):
            return matches(bytes, "false", "False", "FALSE") ? .bool(false) : nil
        case UInt8(ascii: "y"), UInt8(ascii: "Y"):
            return schema == .yaml11 && matches(bytes, "yes", "Yes", "YES") ? .bool(true) : nil
        case UInt8(ascii: "o"), UInt8(ascii: "O"):
            guard schema == .yaml11 else { return nil }
            if matches(bytes, "on", "On", "ON") { return .bool(true) }
            if matches(bytes, "off", "Off", "OFF") { return .bool(false) }
            return nil
        default:
            return nil
        }
    }

    /// A boolean spelled as any of the words the schema allows, for `!!bool` scalars.
    static func bool(_ text: String, schema: Schema) -> Bool? {
        guard case .bool(let value)? = try? resolve(text, schema: schema) else { return nil }
        return value
    }

    /// Whether `bytes` is one of three spellings (lower, capitalised, upper case).
    @inline(__always)
    static func matches(_ bytes: UnsafeBufferPointer<UInt8>, _ lower: StaticString, _ capitalized: StaticString, _ upper: StaticString) -> Bool {
        equal(bytes, lower) || equal(bytes, capitalized) || equal(bytes, upper)
    }

    @inline(__always)
    static func equal(_ bytes: UnsafeBufferPointer<UInt8>, _ word: StaticString) -> Bool {
        guard bytes.count == word.utf8CodeUnitCount else { return false }
        let other = UnsafeBufferPointer(start: word.utf8Start, count: word.utf8CodeUnitCount)
        return bytes.elementsEqual(other)
    }
}
