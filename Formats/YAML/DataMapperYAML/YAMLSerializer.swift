import DataMapper
import Foundation

/// Reads and writes YAML documents through libyaml.
///
/// Reading turns libyaml's events into a ``SupportedType`` tree: plain scalars are
/// resolved by the YAML 1.2 core schema (or YAML 1.1, see ``Options/Schema``), quoted
/// and block scalars are strings, the standard tags are honoured, aliases are expanded
/// within a budget, merge keys (`<<`) are applied, and every value carries the line and
/// column it starts at. Writing emits block style by default and quotes every string
/// that a reader would otherwise take for another type, so that reading what was
/// written gives the same value back.
///
/// ```swift
/// let yaml = YAMLSerializer()
/// let config = try yaml.deserialize(fromString: "port: 8080\nhosts: [a, b]\n")
/// config["port"]?.int   // 8080
/// ```
///
/// What a ``SupportedType`` cannot carry is not kept: comments, tags (beyond the
/// type they select), anchors (aliases are replaced by copies of their values) and
/// the scalar style.
public struct YAMLSerializer: Serializer {
    /// How to read and write.
    public var options: Options

    /// A serializer with the given options (the defaults when omitted).
    public init(options: Options = Options()) {
        self.options = options
    }

    // MARK: - Reading

    /// Reads the first document of a YAML stream; an empty stream gives null.
    ///
    /// Parsing stops after the first document, so problems in later documents of the
    /// stream are not reported; use ``deserializeAll(_:)`` to read and check them all.
    /// - Throws: ``DataMapperError`` of kind ``DataMapperError/Kind/syntax`` (malformed
    ///   YAML, invalid UTF-8, a duplicate key, an undefined alias, a scalar that does not
    ///   fit its tag), ``DataMapperError/Kind/limitExceeded`` (input size, depth or alias
    ///   expansion beyond ``Options/limits``) or ``DataMapperError/Kind/unsupported`` (a
    ///   sequence or mapping used as a key), with the line and column of the problem.
    public func deserialize(_ data: Data) throws -> SupportedType {
        try read(data, firstOnly: true).first ?? SupportedType(.null)
    }

    /// Reads every document of a YAML stream, in order; an empty stream gives none.
    /// - Throws: As ``deserialize(_:)``.
    public func deserializeAll(_ data: Data) throws -> [SupportedType] {
        try read(data, firstOnly: false)
    }

    /// Reads every document of a YAML stream held in a string.
    /// - Throws: As ``deserialize(_:)``.
    public func deserializeAll(fromString string: String) throws -> [SupportedType] {
        try deserializeAll(Data(string.utf8))
    }

    private func read(_ data: Data, firstOnly: Bool) throws -> [SupportedType] {
        guard data.count <= options.limits.maxInputBytes else {
            throw DataMapperError.Remedy.inputTooLarge(data.count, limit: options.limits.maxInputBytes, in: "YAMLSerializer.Options.limits")
        }
        return try LibYAMLParser.withParser(over: data) { parser in
            var builder = YAMLTreeBuilder(options: options, inputBytes: data.count)
            return try builder.readDocuments(from: parser, firstOnly: firstOnly)
        }
    }

    // MARK: - Writing

    /// Writes one document.
    /// - Throws: ``DataMapperError`` of kind ``DataMapperError/Kind/unsupported`` for a
    ///   value YAML cannot carry (a MessagePack ext value, a timestamp outside years
    ///   0–9999, a big number whose text is not a YAML number), or
    ///   ``DataMapperError/Kind/limitExceeded`` for nesting deeper than
    ///   ``ParsingLimits/maxDepth``, naming the value's path.
    public func serialize(_ value: SupportedType) throws -> Data {
        do {
            return try write([value], explicitStarts: false)
        } catch let error as DataMapperError {
            throw error.locatingValue(in: value)
        }
    }

    /// Writes a stream of documents, each starting with a `---` line.
    /// - Throws: As ``serialize(_:)``.
    public func serialize(documents: [SupportedType]) throws -> Data {
        try write(documents, explicitStarts: true)
    }

    private func write(_ documents: [SupportedType], explicitStarts: Bool) throws -> Data {
        var writer = try YAMLWriter(options: options)
        return try writer.write(documents, explicitStarts: explicitStarts)
    }
}
