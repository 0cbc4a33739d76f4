import Foundation
import GRDB

/// How SQLite converts a value stored in a column, by the column's declared type
/// (SQLite's "type affinity"): the store refuses a value the conversion would change,
/// rather than let SQLite keep another one.
///
/// SQLite stores `'18446744073709551615'` in an `INTEGER` column as the real number
/// 1.8446744073709552e19, `9007199254740993` in a `REAL` column as
/// 9007199254740992.0, `0.30000000000000004` in a `TEXT` column as `'0.3'`, and the
/// text `'007'` in a `NUMERIC` one as 7. The schema is the user's, so the store
/// cannot choose the column type; it can only say that the value does not fit it.
enum ColumnAffinity {
    case integer, text, blob, real, numeric

    /// The affinity of a column declared with `type`, by SQLite's rules in their
    /// order: `INT`, then `CHAR`, `CLOB` or `TEXT`, then `BLOB` or no type, then
    /// `REAL`, `FLOA` or `DOUB`, else numeric.
    init(declaredType type: String) {
        let type = type.uppercased()
        if type.contains("INT") {
            self = .integer
        } else if type.contains("CHAR") || type.contains("CLOB") || type.contains("TEXT") {
            self = .text
        } else if type.contains("BLOB") || type.isEmpty {
            self = .blob
        } else if type.contains("REAL") || type.contains("FLOA") || type.contains("DOUB") {
            self = .real
        } else {
            self = .numeric
        }
    }

    /// Why storing `value` in a column of this affinity would change it, or `nil`
    /// when SQLite keeps it (or converts it without loss: an integer to its digits in
    /// a text column, an integral real to an integer).
    func change(of value: DatabaseValue) -> String? {
        switch (self, value.storage) {
        case (.integer, .string(let text)), (.numeric, .string(let text)), (.real, .string(let text)):
            guard Self.looksNumeric(text) else { return nil }
            return "SQLite would store this text as a number in a column of \(self) affinity; keep it in a TEXT column"
        case (.real, .int64(let number)):
            guard Double(exactly: number) == nil else { return nil }
            return "SQLite would round this integer to a real number in a column of REAL affinity"
        case (.text, .double(let number)):
            // SQLite writes a real number as text with 15 significant digits.
            guard Double(String(format: "%.15g", number)) != number else { return nil }
            return "SQLite would keep only 15 digits of this real number as text in a column of TEXT affinity"
        default:
            return nil
        }
    }

    /// Why `value` cannot be the key of a key column of this affinity, beyond
    /// ``change(of:)``: an integer key a `TEXT` column keeps as text would not be
    /// found by its number again, and the next import would insert it twice.
    func keyChange(of value: DatabaseValue) -> String? {
        guard self == .text, case .int64 = value.storage else { return change(of: value) }
        return "SQLite would keep this integer key as text in a key column of TEXT affinity, and not find it again; map the key as a String"
    }

    /// Whether SQLite reads `text` as a number when a numeric affinity applies:
    /// optional white space, a sign, digits with at most one decimal point (at least
    /// one digit), an optional exponent, white space.
    static func looksNumeric(_ text: String) -> Bool {
        var bytes = text.utf8[...]
        let isSpace = { (byte: UInt8) in byte == 0x20 || (0x09...0x0D).contains(byte) }
        while let first = bytes.first, isSpace(first) { bytes.removeFirst() }
        while let last = bytes.last, isSpace(last) { bytes.removeLast() }
        if let first = bytes.first, first == UInt8(ascii: "+") || first == UInt8(ascii: "-") { bytes.removeFirst() }
        var digits = 0
        var sawPoint = false
        while let byte = bytes.first {
            if (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) {
                digits += 1
            } else if byte == UInt8(ascii: "."), !sawPoint {
                sawPoint = true
            } else {
                break
            }
            bytes.removeFirst()
        }
        guard digits > 0 else { return false }
        guard let marker = bytes.first else { return true }
        guard marker == UInt8(ascii: "e") || marker == UInt8(ascii: "E") else { return false }
        bytes.removeFirst()
        if let sign = bytes.first, sign == UInt8(ascii: "+") || sign == UInt8(ascii: "-") { bytes.removeFirst() }
        return !bytes.isEmpty && bytes.allSatisfy { (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) }
    }
}

extension ColumnAffinity: CustomStringConvertible {
    var description: String {
        switch self {
        case .integer: "INTEGER"
        case .text: "TEXT"
        case .blob: "BLOB"
        case .real: "REAL"
        case .numeric: "NUMERIC"
        }
    }
}
