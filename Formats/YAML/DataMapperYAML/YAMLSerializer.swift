import DataMapperCore
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
/// the scalar style. ``readingLosses(in:)`` lists them.
public struct YAMLSerializer: Serializer {
    /// How to read and write.
    public var options: Options

    /// A serializer with the given options (the defaults when omitted).
    public init(options: Options = Options()) {
        self.options = options
    }

    // MARK: - Reading

    /// Reads a YAML stream of one document; an empty stream gives null.
    ///
    /// A stream of several documents is an error at the start of the second, naming
    /// ``deserializeAll(_:)``: nothing is dropped in silence.
    /// - Throws: ``DataMapperError`` of kind ``DataMapperError/Kind/syntax`` (malformed
    ///   YAML, invalid UTF-8, a duplicate key, an undefined alias, a scalar that does not
    ///   fit its tag, a second document), ``DataMapperError/Kind/limitExceeded`` (input
    ///   size, depth or alias expansion beyond ``Options/limits``) or
    ///   ``DataMapperError/Kind/unsupported`` (a sequence or mapping used as a key), with
    ///   the line and column of the problem.
    public func deserialize(_ data: Data) throws -> SupportedType {
        let (documents, nextStart) = try read(data, limit: 1)
        if let nextStart {
            let rest = data.withUnsafeBytes { raw in
                Self.linesFrom(line: nextStart.line ?? 1, in: raw.bindMemory(to: UInt8.self))
            }
            throw DataMapperError.secondDocument(at: nextStart, followedBy: rest)
        }
        return documents.first ?? SupportedType(.null)
    }

    /// Reads every document of a YAML stream, in order; an empty stream gives none.
    /// - Throws: As ``deserialize(_:)``, for the first document at fault.
    public func deserializeAll(_ data: Data) throws -> [SupportedType] {
        try read(data, limit: .max).documents
    }

    private func read(_ data: Data, limit: Int) throws -> (documents: [SupportedType], nextStart: SourcePosition?) {
        guard data.count <= options.limits.maxInputBytes else {
            throw DataMapperError.Remedy.inputTooLarge(data.count, limit: options.limits.maxInputBytes, in: "YAMLSerializer.Options.limits")
        }
        return try LibYAMLParser.withParser(over: data) { parser in
            var builder = YAMLTreeBuilder(options: options, inputBytes: data.count)
            return try builder.readDocuments(from: parser, limit: limit)
        }
    }

    /// "3 lines": the lines of `bytes` from the 1-based `line` on, for a message.
    private static func linesFrom(line: Int, in bytes: UnsafeBufferPointer<UInt8>) -> String {
        var start = 0
        var current = 1
        while current < line, let feed = bytes[start...].firstIndex(of: UInt8(ascii: "\n")) {
            start = feed + 1
            current += 1
        }
        return DataMapperError.linesFollowing(start, in: bytes)
    }

    // MARK: - Writing

    /// Writes one document.
    /// - Throws: ``DataMapperError`` of kind ``DataMapperError/Kind/unsupported`` for a
    ///   value YAML cannot carry (a MessagePack ext value, a timestamp outside years
    ///   0–9999, a big number whose text is not a YAML number), or
    ///   ``DataMapperError/Kind/limitExceeded`` for nesting deeper than
    ///   ``ParsingLimits/maxDepth``, naming the value's path.
    public func serialize(_ value: SupportedType) throws -> Data {
        try write([value], asStream: false)
    }

    /// Writes a stream of documents: the first as ``serialize(_:)`` writes it, each
    /// later one starting with a `---` line; no documents give an empty stream.
    /// - Throws: As ``serialize(_:)``, the path starting with the index of the document
    ///   at fault.
    public func serializeAll(_ documents: [SupportedType]) throws -> Data {
        try write(documents, asStream: true)
    }

    /// `true`: a YAML stream holds any number of documents.
    public var writesStreams: Bool { true }

    private func write(_ documents: [SupportedType], asStream: Bool) throws -> Data {
        var writer = try YAMLWriter(options: options)
        return try writer.write(documents, asStream: asStream)
    }
}
