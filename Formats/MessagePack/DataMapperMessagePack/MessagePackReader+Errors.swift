import DataMapperCore
import Foundation

// The error builders change nothing, yet are `mutating`: a non-mutating method called
// from the reader's mutating ones takes the reader by value, and the compiler then copies
// the whole reader (its stacks included) on the hot path before every check that might fail.
// A mutating one takes it by reference, at no cost until an error is really built.
extension MessagePackReader {
    /// An error of `kind` at the byte `offset` of the buffer, for a value at the root
    /// path (callers add the path on the way out). Messages and the location give
    /// offsets in the whole input (see ``origin``).
    mutating func error(_ kind: DataMapperError.Kind, at offset: Int, _ message: String) -> DataMapperError {
        DataMapperError(kind, message: message, location: SourceLocation(position: .byteOffset(origin + offset)))
    }

    mutating func syntaxError(at offset: Int, _ message: String) -> DataMapperError {
        error(.syntax, at: offset, message)
    }

    /// The input ended where a value should start.
    mutating func endOfInput(at offset: Int) -> DataMapperError {
        syntaxError(at: offset, "unexpected end of input at byte \(origin + offset); expected a value")
    }

    /// A value whose header starts at `start` needs `size` more bytes than remain.
    mutating func truncated(_ what: StaticString, at start: Int, needing size: Int) -> DataMapperError {
        syntaxError(
            at: start,
            "truncated input: the \(what) at byte \(origin + start) needs \(size) more bytes after byte \(origin + offset - 1), but the input ends at byte \(origin + count) (\(count - offset) left)"
        )
    }

    /// A container declares more items than the remaining bytes could hold.
    mutating func tooManyItems(_ items: Int, _ noun: String, of what: String, at start: Int) -> DataMapperError {
        syntaxError(
            at: start,
            "truncated input: the \(what) at byte \(origin + start) declares \(items) \(noun), more than the \(remaining) bytes left could hold"
        )
    }

    mutating func depthError(at start: Int) -> DataMapperError {
        var error = error(.limitExceeded, at: start, "arrays and maps nest deeper than the limit of \(maxDepth)")
        error.remedy = .limit(.maxDepth, maxDepth, in: "MessagePackSerializer.Options.limits")
        return error
    }

    mutating func invalidUTF8Error(at start: Int, run: UnsafeBufferPointer<UInt8>) -> DataMapperError {
        let bad = UTF8Validation.firstInvalidOffset(in: run).map { " (first bad byte at \(origin + offset + $0))" } ?? ""
        return syntaxError(at: start, "the str at byte \(origin + start) is not valid UTF-8\(bad)")
    }

    mutating func duplicateKeyError(_ key: String, first: Int, second: Int) -> DataMapperError {
        var error = syntaxError(at: second, "the key \"\(key)\" appears twice in one map, at bytes \(origin + first) and \(origin + second)")
        error.remedy = .duplicateKeys(in: "MessagePackSerializer.Options.duplicateKeys")
        return error.under(.key(key))
    }

    mutating func unsupportedKey(_ key: SupportedType, at start: Int, _ reason: String) -> DataMapperError {
        error(.unsupported, at: start, "a map key of type \(Self.typeName(key)) at byte \(origin + start): \(reason)")
    }

    /// A short name of a value's type for messages.
    static func typeName(_ value: SupportedType) -> String {
        switch value.kind {
        case .null: return "nil"
        case .bool: return "bool"
        case .int, .uint, .intOrDouble: return "integer"
        case .double: return "float"
        case .bigNumber: return "number"
        case .string: return "str"
        case .binary: return "bin"
        case .array: return "array"
        case .dictionary: return "map"
        case .ext(let type, _): return "ext \(type)"
        case .timestamp: return "timestamp"
        }
    }
}
