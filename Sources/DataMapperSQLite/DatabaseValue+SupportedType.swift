import DataMapper
import DataMapperStore
import Foundation
import GRDB

extension DatabaseValue {
    /// The stored value as the mapping layer reads it: integers, reals, text, blobs
    /// and `NULL` become the value of the same kind.
    var supportedType: SupportedType {
        switch storage {
        case .null: .null
        case .int64(let number): .int64(number)
        case .double(let number): .double(number)
        case .string(let text): .string(text)
        case .blob(let bytes): .binary(bytes)
        }
    }

    /// The column value of `value`: booleans as `0` and `1`, numbers too large for an
    /// integer and exact decimals as text.
    /// - Throws: When `value` is an array, a dictionary or a MessagePack extension,
    ///   which one column cannot hold, and for a value SQLite would not keep as it is:
    ///   NaN, and text holding U+0000 (see ``text(_:)``).
    init(_ value: SupportedType) throws {
        switch value.kind {
        case .null: self = .null
        case .bool(let flag): self = (flag ? 1 : 0).databaseValue
        case .int(let number), .intOrDouble(let number): self = number.databaseValue
        case .uint(let number): self = Int64(exactly: number)?.databaseValue ?? String(number).databaseValue
        case .double(let number):
            // SQLite binds NaN as NULL.
            guard !number.isNaN else {
                throw DataMapperError(.unsupported, message: "NaN cannot be kept in SQLite, which would store NULL")
            }
            self = number.databaseValue
        case .bigNumber(let text), .string(let text): self = try Self.text(text)
        case .binary(let bytes): self = bytes.databaseValue
        case .timestamp(let seconds, let nanoseconds):
            self = (Double(seconds) + Double(nanoseconds) / 1e9).databaseValue
        case .array, .dictionary, .ext:
            throw DataMapperError(.unsupported, message: "a column holds one value, not \(value.kindDescription)")
        }
    }
}

extension DatabaseValue {
    /// The column value of `text`.
    /// - Throws: When `text` holds U+0000: GRDB binds text as a C string, so SQLite
    ///   would keep it only up to that character.
    static func text(_ text: String) throws -> DatabaseValue {
        // The bytes at once when the string has them in one piece (a native one does):
        // a scan through the view's iterator costs several times more.
        let holdsNul = text.utf8.withContiguousStorageIfAvailable { $0.contains(0) } ?? text.utf8.contains(0)
        guard !holdsNul else {
            throw DataMapperError(.unsupported, message: "text holding U+0000 cannot be kept in SQLite, which would cut it there")
        }
        return text.databaseValue
    }
}

extension PrimaryKey {
    /// The key as a column value: a key the store looked up, which
    /// ``checkStorable()`` accepted, or the value of a saved object's key attribute,
    /// which the save checks as it checks every column value.
    var databaseValue: DatabaseValue {
        switch self {
        case .string(let text): text.databaseValue
        case .integer(let number): number.databaseValue
        }
    }

    /// Checks that the key can be bound as it is, before the store looks it up.
    /// - Throws: For text holding U+0000, as ``DatabaseValue/text(_:)`` does.
    func checkStorable() throws {
        if case .string(let text) = self { _ = try DatabaseValue.text(text) }
    }

    /// The key a column value holds; `nil` for `NULL`, reals and blobs.
    init?(_ value: DatabaseValue) {
        switch value.storage {
        case .int64(let number): self = .integer(number)
        case .string(let text): self = .string(text)
        case .null, .double, .blob: return nil
        }
    }
}
