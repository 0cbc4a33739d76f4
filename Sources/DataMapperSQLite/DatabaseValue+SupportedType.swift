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
    ///   which one column cannot hold.
    init(_ value: SupportedType) throws {
        switch value.kind {
        case .null: self = .null
        case .bool(let flag): self = (flag ? 1 : 0).databaseValue
        case .int(let number), .intOrDouble(let number): self = number.databaseValue
        case .uint(let number): self = Int64(exactly: number)?.databaseValue ?? String(number).databaseValue
        case .double(let number): self = number.databaseValue
        case .bigNumber(let text), .string(let text): self = text.databaseValue
        case .binary(let bytes): self = bytes.databaseValue
        case .timestamp(let seconds, let nanoseconds):
            self = (Double(seconds) + Double(nanoseconds) / 1e9).databaseValue
        case .array, .dictionary, .ext:
            throw DataMapperError(.unsupported, message: "a column holds one value, not \(value.kindDescription)")
        }
    }
}

extension PrimaryKey {
    /// The key as a column value.
    var databaseValue: DatabaseValue {
        switch self {
        case .string(let text): text.databaseValue
        case .integer(let number): number.databaseValue
        }
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
