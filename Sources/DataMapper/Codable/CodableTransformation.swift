import DataMapperCore

/// Maps a `Codable` type inside a ``Mappable`` one, through the Codable bridge.
///
/// ```swift
/// struct Service: Mappable {
///     var retry: RetryPolicy          // Codable
///     mutating func mapping(_ data: inout MappableData) throws {
///         try data["retry"].map(&retry, using: CodableTransformation())
///     }
/// }
/// ```
///
/// Inside a mapping, the `Codable` type sees the mapping's ``MappingContext`` in
/// `decoder.userInfo` and `encoder.userInfo`, each entry under its key's
/// ``MappingContextKey/codingUserInfoKey``, merged over the decoder's and encoder's own.
///
/// Reading errors become ``DataMapperError``s that keep the position and the path
/// inside the value; the mapping layer puts the key path in front of them.
public struct CodableTransformation<Object: Codable>: Transformation {
    /// The options for reading.
    public let decoder: SupportedTypeDecoder
    /// The options for writing.
    public let encoder: SupportedTypeEncoder

    /// Creates the transformation.
    /// - Parameters:
    ///   - decoder: How values are read; the defaults by default.
    ///   - encoder: How values are written; the defaults by default.
    public init(decoder: SupportedTypeDecoder = SupportedTypeDecoder(), encoder: SupportedTypeEncoder = SupportedTypeEncoder()) {
        self.decoder = decoder
        self.encoder = encoder
    }

    /// Decodes the object from `value`.
    /// - Throws: ``DataMapperError`` converted from the `DecodingError`.
    public func transform(from value: SupportedType) throws -> Object {
        do {
            let context = MappingContext.ofCurrentMapping
            if context.isEmpty { return try decoder.decode(Object.self, from: value) }
            return try decoder.decode(Object.self, from: value, context: context)
        } catch let error as DecodingError {
            throw DataMapperError(error)
        }
    }

    /// Encodes the object. Transformations cannot fail while writing, so an object
    /// whose `encode(to:)` throws is written as ``SupportedType/null``; encode it with
    /// ``SupportedTypeEncoder`` directly to see the error.
    public func transform(object: Object) -> SupportedType {
        let context = MappingContext.ofCurrentMapping
        if context.isEmpty { return (try? encoder.encode(object)) ?? .null }
        return (try? encoder.encode(object, context: context)) ?? .null
    }
}
