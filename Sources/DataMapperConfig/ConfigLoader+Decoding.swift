import DataMapper
import Foundation

/// Loading into `Codable` and `Deserializable` types.
extension ConfigLoader {
    // MARK: - Codable

    /// Reads, merges and decodes the sources into `type`.
    ///
    /// Values from environment variables are text; where `type` wants a number or a
    /// boolean, such a value is read as one (see
    /// ``ConfigSource/environment(prefix:separator:variables:)``). Values from XML files
    /// are read as the XML format reads them
    /// (``SupportedTypeDecoder/ScalarReading/fromText``). Every other value must have
    /// the type asked for.
    /// - Throws: ``DataMapperError`` naming the source of the value at fault:
    ///   what ``document()`` throws, ``DataMapperError/Kind/typeMismatch``,
    ///   ``DataMapperError/Kind/missingKey`` and ``DataMapperError/Kind/invalidValue``
    ///   for values that do not fit `type` (with the error an `init(from:)` of yours
    ///   threw as the ``DataMapperError/underlyingError``), and under
    ///   ``UnknownKeyPolicy/reject(allowing:)`` ``DataMapperError/Kind/unknownKey`` for
    ///   the first key `type` does not read (or ``DataMapperError/Kind/unsupported``
    ///   when `type` is not also `Encodable`, which the check needs).
    public func load<T: Decodable>(_ type: T.Type = T.self) throws -> T {
        let document = try document()
        let value = try decode(T.self, from: document)
        if unknownKeys.rejects {
            guard let encodable = value as? any Encodable else {
                throw DataMapperError(
                    .unsupported, message: "finding unknown keys needs \(T.self) to be Encodable as well as Decodable")
            }
            let written = try encodedForComparison(encodable)
            let found = unknownKeys(in: document, written: written) { probe in
                guard let reloaded = try decode(T.self, from: probe) as? any Encodable else { return .null }
                return try encodedForComparison(reloaded)
            }
            if let first = found.first { throw first.error }
        }
        return value
    }

    /// Loads `type` as ``load(_:)-(T.Type)`` does, and lists the keys it did not read,
    /// whatever ``unknownKeys`` says, for a program that warns instead of failing.
    ///
    /// A key is unknown when writing the loaded value back (with `Encodable`) gives no
    /// key of that name, ignoring case, `_` and `-`, whatever its value (`null`
    /// included). Keys that ``UnknownKeyPolicy/reject(allowing:)`` allows are left out.
    /// - Throws: As ``load(_:)-(T.Type)`` under ``UnknownKeyPolicy/ignore``, and what
    ///   encoding the value throws.
    public func loadReporting<T: Codable>(_ type: T.Type = T.self) throws -> ConfigLoadResult<T> {
        let document = try document()
        let value = try decode(T.self, from: document)
        let written = try encodedForComparison(value)
        let found = unknownKeys(in: document, written: written) { probe in
            try encodedForComparison(decode(T.self, from: probe))
        }
        return ConfigLoadResult(value: value, unknownKeys: found)
    }

    /// Decodes a merged document into `type`; see ``load(_:)-(T.Type)``.
    /// - Throws: ``DataMapperError`` naming the source of the value at fault.
    public func decode<T: Decodable>(_ type: T.Type = T.self, from document: ConfigDocument) throws -> T {
        var document = document
        var options = decoder
        options.locatesOtherErrors = true
        options.typeDrivenReading = options.typeDrivenReading.adding(document.fileReading)
        var conversions = 0
        while true {
            do {
                return try options.decode(T.self, from: document.value)
            } catch let error as DecodingError {
                let failure = DataMapperError(error)
                // An environment value is text: read it as what the type asked for, then retry.
                if conversions < document.origins.count,
                   case .typeMismatch(let wanted, _) = error,
                   let converted = Self.convertedText(at: failure.path, in: document, to: wanted) {
                    document.replaceValue(at: failure.path, with: converted)
                    conversions += 1
                    continue
                }
                throw document.locate(Self.positioned(failure, in: document))
            } catch let error as DataMapperError {
                throw document.locate(Self.positioned(error, in: document))
            }
        }
    }

    /// `error` with the position of the value its path names, when it has none of its
    /// own: the error an enum's `init(from:)` throws for a raw value it does not know
    /// carries only the path.
    static func positioned(_ error: DataMapperError, in document: ConfigDocument) -> DataMapperError {
        guard error.location?.position.isKnown != true,
              let position = document.value(at: error.path)?.position, position.isKnown
        else { return error }
        var located = error
        located.location = SourceLocation(file: error.location?.file, position: position)
        return located
    }

    /// The text value at `path` read as `wanted` (an integer, a floating-point number
    /// or a boolean), when it came from the environment and reads as one.
    static func convertedText(at path: DataPath, in document: ConfigDocument, to wanted: Any.Type) -> SupportedType? {
        guard document.origin(of: path)?.holdsText == true,
              let value = document.value(at: path), case .string(let raw) = value.kind
        else { return nil }
        let text = raw.trimmingCharacters(in: .whitespaces)
        let converted: SupportedType.Kind?
        if wanted == Bool.self {
            switch text.lowercased() {
            case "true", "1": converted = .bool(true)
            case "false", "0": converted = .bool(false)
            default: converted = nil
            }
        } else if wanted is any FixedWidthInteger.Type {
            if let integer = Int(text) { converted = .int(integer) }
            else if let integer = UInt64(text) { converted = .uint(integer) }
            // Digits beyond 64 bits stay a number, so the error names the range it misses.
            else if text.isIntegerText { converted = .bigNumber(text) }
            else { converted = nil }
        } else if wanted is any BinaryFloatingPoint.Type {
            let isDecimal = !text.isEmpty && !text.lowercased().contains("x")
            converted = isDecimal ? Double(text).map { .double($0) } : nil
        } else {
            converted = nil
        }
        return converted.map { SupportedType($0, position: value.position) }
    }

    /// `value` written back with the loader's key strategy left out, for comparing keys.
    private func encodedForComparison(_ value: any Encodable) throws -> SupportedType {
        try SupportedTypeEncoder().encode(value)
    }

    // MARK: - Deserializable

    /// Reads, merges and maps the sources into a `Deserializable` type with
    /// ``objectMapper``.
    ///
    /// When a value came from the environment or an XML file, the mapping runs under
    /// the ``TextScalars`` policy, so text is read as numbers and booleans where fields
    /// want them.
    /// - Throws: ``DataMapperError`` naming the source of the value at fault; under
    ///   ``UnknownKeyPolicy/reject`` also ``DataMapperError/Kind/unknownKey`` (the check
    ///   needs `type` to be `Serializable` too, else ``DataMapperError/Kind/unsupported``).
    public func load<T: Deserializable>(_ type: T.Type = T.self) throws -> T {
        let document = try document()
        let value = try map(T.self, from: document)
        if unknownKeys.rejects {
            guard let serializable = value as? any Serializable else {
                throw DataMapperError(
                    .unsupported, message: "finding unknown keys needs \(T.self) to be Serializable as well as Deserializable")
            }
            let written = serialized(serializable)
            let found = unknownKeys(in: document, written: written) { probe in
                guard let reloaded = try map(T.self, from: probe) as? any Serializable else { return .null }
                return serialized(reloaded)
            }
            if let first = found.first { throw first.error }
        }
        return value
    }

    /// Maps a merged document into `type` with ``objectMapper``.
    /// - Throws: ``DataMapperError`` naming the source of the value at fault.
    private func map<T: Deserializable>(_ type: T.Type, from document: ConfigDocument) throws -> T {
        do {
            if document.hasTextValues {
                return try TextScalars.accepting { try objectMapper.deserialize(document.value, as: T.self) }
            }
            return try objectMapper.deserialize(document.value, as: T.self)
        } catch let error as DataMapperError {
            throw document.locate(Self.positioned(error, in: document))
        }
    }

    private func serialized<S: Serializable>(_ value: S) -> SupportedType {
        objectMapper.serialize(value)
    }
}

/// A loaded configuration with the keys that no field read.
public struct ConfigLoadResult<Value> {
    /// The loaded configuration.
    public var value: Value
    /// The keys present in the sources that the type does not read, in document order.
    public var unknownKeys: [UnknownConfigKey]
}

extension ConfigLoadResult: Sendable where Value: Sendable {}
