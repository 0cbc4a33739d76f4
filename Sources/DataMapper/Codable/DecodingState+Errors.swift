import DataMapperCore
import Foundation

/// The errors the decoder throws: Swift's `DecodingError`, with the coding path to
/// the value at fault and, when the document came from a file, its position in
/// front of the message (`2:14: expected Int, found the string "80a"`).
///
/// Each error also carries, as its `underlyingError`, the same failure as a
/// ``DataMapperError`` (kind, position, message) for tools that print locations.
extension DecodingState {
    /// `value` cannot be read as `type`: `.valueNotFound` for a null, `.typeMismatch` otherwise.
    /// `advice` follows the message, starting with `"; "`.
    func mismatch(
        _ type: Any.Type, expected: String? = nil, _ value: SupportedType, parent: CodingPathNode, tail: PathTail,
        advice: String = ""
    ) -> DecodingError {
        let wanted = expected ?? String(describing: type)
        let message = "expected \(wanted), found \(value.mismatchDescription)\(advice)"
        if case .null = value.kind {
            let cause = DataMapperError(.missingKey, message: message, location: value.sourceLocation)
            return .valueNotFound(type, context(message, at: value.position, parent: parent, tail: tail, cause: cause))
        }
        let cause = DataMapperError(.typeMismatch, message: message, location: value.sourceLocation)
        return .typeMismatch(type, context(message, at: value.position, parent: parent, tail: tail, cause: cause))
    }

    /// `value` has the right kind but content that makes no value of the type (an
    /// integer out of range, a malformed date).
    func corrupted(_ message: String, _ value: SupportedType, parent: CodingPathNode, tail: PathTail) -> DecodingError {
        let cause = DataMapperError(.invalidValue, message: message, location: value.sourceLocation)
        return .dataCorrupted(context(message, at: value.position, parent: parent, tail: tail, cause: cause))
    }

    /// The key is absent from the dictionary at `position`.
    func missingKey(_ key: any CodingKey, in node: CodingPathNode, position: SourcePosition) -> DecodingError {
        let message = "the key \"\(key.stringValue)\" is missing"
        let location = position.isKnown ? SourceLocation(position: position) : nil
        let cause = DataMapperError(.missingKey, message: message, location: location)
        return .keyNotFound(key, context(message, at: position, parent: node, tail: .none, cause: cause))
    }

    /// An unkeyed container has no more elements.
    func endOfArray(_ type: Any.Type, in node: CodingPathNode, index: Int) -> DecodingError {
        let message = "expected \(type) at index \(index), but the array ends"
        let cause = DataMapperError(.missingKey, message: message)
        return .valueNotFound(type, context(message, at: .unknown, parent: node, tail: .index(index), cause: cause))
    }

    /// `error`, thrown by an `init(from:)` while this decoder is at its value, as a
    /// `dataCorrupted` error at that value: a ``DataMapperError`` that already has a
    /// path or a location is returned as it is; any other error becomes the
    /// ``DataMapperError/underlyingError`` of one, with its description as the message.
    func locating(_ error: any Error) -> any Error {
        var cause: DataMapperError
        if let own = error as? DataMapperError {
            guard own.path.isRoot, own.location == nil else { return own }
            cause = own
        } else {
            cause = DataMapperError(.invalidValue, message: Self.describing(error))
            cause.underlyingError = error
        }
        cause.location = value.sourceLocation
        return DecodingError.dataCorrupted(context(cause.message, at: value.position, parent: parentNode, tail: tail, cause: cause))
    }

    /// What a person reads about an error of any type: its `errorDescription` when it
    /// has one, else its description.
    static func describing(_ error: any Error) -> String {
        (error as? any LocalizedError)?.errorDescription ?? String(describing: error)
    }

    /// The message for an integer that does not fit `type`, naming the type's range:
    /// `expected UInt8 (0...255), found 300`.
    static func outOfRange<T: FixedWidthInteger>(_ type: T.Type, found written: String) -> String {
        "expected \(T.self) (\(T.min)...\(T.max)), found \(written)"
    }

    func context(
        _ message: String, at position: SourcePosition, parent: CodingPathNode, tail: PathTail, cause: DataMapperError
    ) -> DecodingError.Context {
        let text = position.isKnown ? "\(position): \(message)" : message
        var located = cause
        let path = parent.path(with: tail)
        located.path = DataPath(codingPath: path)
        return DecodingError.Context(codingPath: path, debugDescription: text, underlyingError: located)
    }
}

extension DataPath {
    /// The path a coding path names: keys with an integer value and no string of their
    /// own (array elements) become indexes, every other key a dictionary key.
    init(codingPath: [any CodingKey]) {
        self.init(codingPath.map { key in
            if let index = key.intValue, key is IndexCodingKey || key.stringValue == "Index \(index)" {
                return .index(index)
            }
            return .key(key.stringValue)
        })
    }
}
