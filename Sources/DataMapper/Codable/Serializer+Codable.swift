import DataMapperCore
import Foundation

extension Serializer {
    /// Reads a document of this format into a `Decodable` type.
    ///
    /// ```swift
    /// let config = try YAMLSerializer().decode(Config.self, from: data)
    /// ```
    /// - Parameters:
    ///   - type: The type to decode.
    ///   - data: The document's bytes.
    ///   - decoder: The decoding options. A ``TypeDrivenSerializer`` reads the document
    ///     with its ``TypeDrivenSerializer/codableSerializer`` and adds its
    ///     ``TypeDrivenSerializer/typeDrivenReading`` to the decoder's.
    /// - Returns: The decoded value.
    /// - Throws: `DecodingError` in every case, as `JSONDecoder` does: a document that
    ///   does not parse is `.dataCorrupted`, with the parser's ``DataMapperError`` (line
    ///   and column, or byte offset) as its `underlyingError` and its description as
    ///   the message; other failures as ``SupportedTypeDecoder/decode(_:from:)`` throws them.
    public func decode<T: Decodable>(
        _ type: T.Type = T.self, from data: Data, decoder: SupportedTypeDecoder = SupportedTypeDecoder()
    ) throws -> T {
        if let typeDriven = self as? any TypeDrivenSerializer {
            return try typeDriven.decodeDrivenByType(T.self, from: data, decoder: decoder)
        }
        return try decoder.decode(T.self, from: documentForDecoding(data))
    }

    /// The document in `data`, its syntax errors given as `JSONDecoder` gives them.
    fileprivate func documentForDecoding(_ data: Data) throws -> SupportedType {
        do {
            return try deserialize(data)
        } catch let error as DataMapperError {
            throw DecodingError.dataCorrupted(DecodingError.Context(
                codingPath: [], debugDescription: error.description, underlyingError: error))
        }
    }

    /// Reads a document of this format, given as a string, into a `Decodable` type.
    /// - Throws: As `decode(_:from:decoder:)` does for `Data`.
    public func decode<T: Decodable>(
        _ type: T.Type = T.self, fromString string: String, decoder: SupportedTypeDecoder = SupportedTypeDecoder()
    ) throws -> T {
        try decode(T.self, from: Data(string.utf8), decoder: decoder)
    }

    /// Writes an `Encodable` value as a document of this format.
    ///
    /// ```swift
    /// let data = try JSONSerializer().encode(config)
    /// ```
    /// - Parameters:
    ///   - value: The value to write.
    ///   - encoder: The encoding options.
    /// - Returns: The document's bytes, written by the
    ///   ``TypeDrivenSerializer/codableSerializer`` of a ``TypeDrivenSerializer`` so that
    ///   `decode(_:from:)` reads them back.
    /// - Throws: What the value's `encode(to:)` throws, or the serializer's
    ///   ``DataMapperError`` when the format cannot hold a value (NaN in JSON, say).
    public func encode<T: Encodable>(_ value: T, encoder: SupportedTypeEncoder = SupportedTypeEncoder()) throws -> Data {
        var options = encoder
        if self is any FixedWidthNumberSerializer { options.bigNumbersAsText = true }
        let tree = try options.encode(value)
        if let typeDriven = self as? any TypeDrivenSerializer { return try typeDriven.serializeForCodable(tree) }
        return try serialize(tree)
    }
}

extension TypeDrivenSerializer {
    /// `decode(_:from:decoder:)` for a serializer whose documents leave part of the
    /// shape to the type.
    fileprivate func decodeDrivenByType<T: Decodable>(_ type: T.Type, from data: Data, decoder: SupportedTypeDecoder) throws -> T {
        let value = try codableSerializer.documentForDecoding(data)
        var options = decoder
        options.typeDrivenReading = options.typeDrivenReading.adding(typeDrivenReading)
        return try options.decode(T.self, from: value)
    }

    /// `value` written as `decode(_:from:)` reads it back.
    fileprivate func serializeForCodable(_ value: SupportedType) throws -> Data {
        try codableSerializer.serialize(value)
    }
}
