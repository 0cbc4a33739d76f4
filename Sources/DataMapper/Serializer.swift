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
    /// - Throws: ``DataMapperError`` with kind ``DataMapperError/Kind/syntax`` or
    ///   ``DataMapperError/Kind/limitExceeded``, naming the line and column (text
    ///   formats) or byte offset (binary formats) of the problem.
    func deserialize(_ data: Data) throws -> SupportedType
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
