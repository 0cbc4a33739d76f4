import DataMapperCore

/// A ``Deserializable`` type that is also `Decodable` through its mapping, so it can
/// sit inside a `Decodable` model.
///
/// Declare the conformance and nothing else; `init(from:)` comes with it:
///
/// ```swift
/// struct Endpoint: Mappable, MappedCodable { ... }    // mapped by hand
/// struct Config: Codable { var endpoints: [Endpoint] } // decoded by the bridge
/// ```
///
/// Under ``SupportedTypeDecoder`` the type is handed the value itself (positions
/// included) and read by the decoder's ``SupportedTypeDecoder/objectMapper``; under
/// another decoder the value is first read as a ``SupportedType``.
public protocol DecodableByMapping: Deserializable, Decodable {}

/// A ``Serializable`` type that is also `Encodable` through its mapping, so it can sit
/// inside an `Encodable` model.
///
/// Under ``SupportedTypeEncoder`` the type is written by the encoder's
/// ``SupportedTypeEncoder/objectMapper``; under another encoder its value is
/// written as a ``SupportedType``.
public protocol EncodableByMapping: Serializable, Encodable {}

/// A ``Mappable`` type that is `Codable` through its mapping.
public typealias MappedCodable = DecodableByMapping & EncodableByMapping

extension DecodableByMapping {
    /// Reads the value through ``Deserializable``.
    /// - Throws: `DecodingError`: the mapping's ``DataMapperError`` becomes
    ///   `.typeMismatch`, `.keyNotFound` or `.dataCorrupted` with the coding path
    ///   extended by the error's own path.
    public init(from decoder: any Decoder) throws {
        let value: SupportedType
        let mapper: ObjectMapper
        if let state = decoder as? DecodingState {
            value = state.value
            mapper = state.options.objectMapper
        } else {
            value = try SupportedType(from: decoder)
            mapper = ObjectMapper()
        }
        do {
            self = try Self.deserialized(from: value, by: mapper)
        } catch let error as DataMapperError {
            throw DecodingError(error, codingPath: decoder.codingPath, type: Self.self)
        }
    }
}

extension EncodableByMapping {
    /// Writes the value through ``Serializable``.
    public func encode(to encoder: any Encoder) throws {
        if let state = encoder as? EncodingState {
            state.storage = .value(serialized(by: state.options.objectMapper))
            return
        }
        try serialized(by: ObjectMapper()).encode(to: encoder)
    }
}

extension DecodingError {
    /// A mapping error as a decoding error at `codingPath` extended by its own path.
    init(_ error: DataMapperError, codingPath: [any CodingKey], type: Any.Type) {
        let path = codingPath + error.path.components.map { component -> any CodingKey in
            switch component {
            case .key(let key): return AnyCodingKey(stringValue: key)
            case .index(let index): return IndexCodingKey(index)
            }
        }
        var message = error.message
        if let position = error.location?.position, position.isKnown { message = "\(position): \(message)" }
        var located = error
        located.path = DataPath(codingPath: path)
        let context = DecodingError.Context(codingPath: path, debugDescription: message, underlyingError: located)
        switch error.kind {
        case .typeMismatch: self = .typeMismatch(type, context)
        case .missingKey:
            if case .key(let key)? = error.path.components.last {
                self = .keyNotFound(AnyCodingKey(stringValue: key), DecodingError.Context(
                    codingPath: Array(path.dropLast()), debugDescription: message, underlyingError: located))
            } else {
                self = .valueNotFound(type, context)
            }
        default: self = .dataCorrupted(context)
        }
    }
}
