import Foundation

/// Turns ``SupportedType`` into bytes of one format and back.
///
/// Each format module offers one (`JSONSerializer`, ...). Code that should not care
/// which format it speaks holds an `any Serializer`, so the format can be chosen per
/// deployment. Serializers are values of options: cheap to create, safe to share
/// across tasks.
public protocol Serializer: Sendable {
    /// Writes `value` as a document of this format.
    /// - Throws: ``DataMapperError`` with kind ``DataMapperError/Kind/unsupported`` when
    ///   the value holds something the format cannot carry (NaN in JSON, say), naming
    ///   its path.
    func serialize(_ value: SupportedType) throws -> Data

    /// Reads one document of this format.
    ///
    /// Input that holds several documents (a YAML stream, several JSON texts, MessagePack
    /// values back to back) is an error naming ``deserializeAll(_:)``, never a silent
    /// first document.
    /// - Throws: ``DataMapperError`` with kind ``DataMapperError/Kind/syntax`` or
    ///   ``DataMapperError/Kind/limitExceeded``, naming the line and column (text
    ///   formats) or byte offset (binary formats) of the problem.
    func deserialize(_ data: Data) throws -> SupportedType

    /// Reads every document of a stream, in order.
    ///
    /// Formats whose files hold several documents (YAML `---`, JSON texts, JSON Lines,
    /// MessagePack values back to back) implement it; for the others the default reads
    /// the one document ``deserialize(_:)`` reads. Positions count from the start of
    /// `data`, so an error in any document points into the whole input.
    /// - Throws: As ``deserialize(_:)``, for the first document at fault.
    func deserializeAll(_ data: Data) throws -> [SupportedType]

    /// Writes `documents` as one stream, each staying a document of its own.
    ///
    /// Formats with streams implement it; the default, for formats whose file holds one
    /// document (XML), writes exactly one document and refuses any other count with
    /// ``DataMapperError/Kind/unsupported``: wrap the documents in one array first.
    /// - Throws: As ``serialize(_:)``; the path of an error starts with the index of the
    ///   document at fault.
    func serializeAll(_ documents: [SupportedType]) throws -> Data

    /// Whether ``serializeAll(_:)`` writes any number of documents. `false` (the
    /// default) for formats whose file holds exactly one document.
    var writesStreams: Bool { get }
}

extension Serializer {
    /// Reads the one document that ``deserialize(_:)`` reads, as a stream of one.
    /// - Throws: As ``deserialize(_:)``.
    public func deserializeAll(_ data: Data) throws -> [SupportedType] {
        [try deserialize(data)]
    }

    /// Writes the one document of `documents`; any other count is refused.
    /// - Throws: ``DataMapperError/Kind/unsupported`` unless there is exactly one
    ///   document; otherwise as ``serialize(_:)``.
    public func serializeAll(_ documents: [SupportedType]) throws -> Data {
        guard documents.count == 1, let document = documents.first else {
            throw DataMapperError.oneDocumentFormat(Self.self, given: documents.count)
        }
        return try serialize(document)
    }

    /// `false`: a format writes one document unless it says otherwise.
    public var writesStreams: Bool { false }

    /// Reads every document of a stream held in a string, as its UTF-8 bytes.
    /// - Throws: As ``deserializeAll(_:)``.
    public func deserializeAll(fromString string: String) throws -> [SupportedType] {
        try deserializeAll(Data(string.utf8))
    }
}

extension Serializer {
    /// Writes `value` as a UTF-8 string.
    ///
    /// For binary formats the bytes are not UTF-8; such formats throw
    /// ``DataMapperError/Kind/unsupported`` instead of returning damaged text.
    public func serialize(toString value: SupportedType) throws -> String {
        let data = try serialize(value)
        guard let text = String(validating: data, as: UTF8.self) else {
            throw DataMapperError(.unsupported, message: "the serialized bytes are not UTF-8 text")
        }
        return text
    }

    /// Reads a document from a string, as its UTF-8 bytes.
    public func deserialize(fromString string: String) throws -> SupportedType {
        try deserialize(Data(string.utf8))
    }
}

/// A ``Serializer`` that also speaks a native representation other than `Data`.
///
/// `JSONSerializer`'s `DataType` is `Any`, the objects `JSONSerialization` makes, so
/// values can be handed to and from code that already works with those, without a
/// round trip through bytes.
public protocol TypedSerializer: Serializer {
    /// The native representation.
    associatedtype DataType

    /// Converts `value` to the native representation.
    func typedSerialize(_ value: SupportedType) throws -> DataType

    /// Converts the native representation to a ``SupportedType``.
    func typedDeserialize(_ data: DataType) throws -> SupportedType
}
