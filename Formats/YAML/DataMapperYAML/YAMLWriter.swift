import DataMapper
import Foundation

/// Writes ``SupportedType`` trees as YAML through libyaml's emitter.
///
/// Scalars are written so that reading them back, in either schema, gives the same
/// value: numbers, booleans and null plain; strings plain only when
/// ``YAMLScalarResolver/isSafePlainString(_:)`` allows it (libyaml then adds quotes for
/// its own syntax reasons), single- or double-quoted otherwise; strings with line
/// breaks as literal blocks (`|`) where libyaml can, double-quoted where it cannot;
/// binary data as `!!binary` base64 and timestamps as `!!timestamp`.
struct YAMLWriter {
    let options: YAMLSerializer.Options
    private let emitter: LibYAMLEmitter

    static let binaryTag = YAMLTreeBuilder.standardTagPrefix + "binary"
    static let timestampTag = YAMLTreeBuilder.standardTagPrefix + "timestamp"

    init(options: YAMLSerializer.Options) throws {
        self.options = options
        emitter = try LibYAMLEmitter(indent: options.indent, lineWidth: options.lineWidth)
    }

    /// Writes a stream of `documents`; `explicitStarts` puts `---` before each.
    mutating func write(_ documents: [SupportedType], explicitStarts: Bool) throws -> Data {
        try emitter.streamStart()
        for document in documents {
            try emitter.documentStart(implicit: !explicitStarts)
            try write(document, depth: 0)
            try emitter.documentEnd()
        }
        try emitter.streamEnd()
        return Data(emitter.bytes)
    }

    // MARK: - Values

    private func write(_ value: SupportedType, depth: Int) throws {
        switch value.kind {
        case .null:
            try plain("null")
        case .bool(let flag):
            try plain(flag ? "true" : "false")
        case .int(let number), .intOrDouble(let number):
            try plain(String(number))
        case .uint(let number):
            try plain(String(number))
        case .double(let number):
            try plain(Self.text(of: number))
        case .bigNumber(let text):
            switch try YAMLScalarResolver.resolve(text, schema: options.schema) {
            case .int?, .uint?, .double?, .bigNumber?:
                try plain(text)
            default:
                throw DataMapperError(.unsupported, message: "the big number \"\(text)\" is not a YAML number")
            }
        case .string(let text):
            try string(text)
        case .binary(let data):
            try emitter.scalar(data.base64EncodedString(), tag: Self.binaryTag, style: .any, plainAllowed: false)
        case .timestamp(let seconds, let nanoseconds):
            guard let text = YAMLTimestamp.format(seconds: seconds, nanoseconds: nanoseconds) else {
                throw DataMapperError(.unsupported, message: "the timestamp \(seconds)s falls outside the years 0 to 9999 that YAML can write")
            }
            try emitter.scalar(text, tag: Self.timestampTag, style: .any, plainAllowed: false)
        case .ext(let type, _):
            throw DataMapperError(.unsupported, message: "YAML cannot carry the MessagePack extension value of type \(type)")
        case .array(let items):
            try checkDepth(depth)
            try emitter.sequenceStart(flow: options.outputStyle == .flow)
            for (offset, item) in items.enumerated() {
                do {
                    try write(item, depth: depth + 1)
                } catch let error as DataMapperError {
                    throw error.nested(under: DataPath([.index(offset)]))
                }
            }
            try emitter.sequenceEnd()
        case .dictionary(let map):
            try checkDepth(depth)
            try emitter.mappingStart(flow: options.outputStyle == .flow)
            // Keys and values are read where they lie, not copied out.
            try map.withUnsafeKeysAndValues { keys, values in
                if options.sortKeys {
                    for offset in keys.indices.sorted(by: { keys[$0] < keys[$1] }) {
                        try entry(keys[offset], values[offset], depth: depth)
                    }
                } else {
                    for offset in keys.indices { try entry(keys[offset], values[offset], depth: depth) }
                }
            }
            try emitter.mappingEnd()
        }
    }

    private func entry(_ key: String, _ value: SupportedType, depth: Int) throws {
        try string(key)
        do {
            try write(value, depth: depth + 1)
        } catch let error as DataMapperError {
            throw error.nested(under: DataPath([.key(key)]))
        }
    }

    private func checkDepth(_ depth: Int) throws {
        guard depth < options.limits.maxDepth else {
            throw DataMapperError(.limitExceeded, message: "the value nests more than \(options.limits.maxDepth) levels deep")
        }
    }

    private func plain(_ text: String) throws {
        try emitter.scalar(text, tag: nil, style: .plain, plainAllowed: true)
    }

    private func string(_ text: String) throws {
        let multiline = Self.containsLineFeed(text)
        try emitter.scalar(
            text,
            tag: nil,
            style: multiline ? .literal : .any,
            plainAllowed: YAMLScalarResolver.isSafePlainString(text)
        )
    }

    /// Whether `text` holds a line feed, found with one `memchr` over its bytes.
    private static func containsLineFeed(_ text: String) -> Bool {
        let found = text.utf8.withContiguousStorageIfAvailable { bytes in
            bytes.baseAddress.map { memchr($0, 0x0A, bytes.count) != nil } ?? false
        }
        return found ?? text.utf8.contains(0x0A)
    }

    /// A double as a YAML float both schemas read back exactly: the shortest decimal
    /// that round-trips, always with a dot before an exponent, `.inf`, `-.inf`, `.nan`.
    static func text(of number: Double) -> String {
        if number.isNaN { return ".nan" }
        if number.isInfinite { return number < 0 ? "-.inf" : ".inf" }
        let text = number.description
        // Swift writes `1e-05` and `5e-324`; YAML 1.1 wants a dot in the mantissa.
        var sawDot = false
        for byte in text.utf8 {
            if byte == UInt8(ascii: ".") { sawDot = true }
            if byte == UInt8(ascii: "e") {
                if sawDot { return text }
                var fixed = text
                if let exponent = fixed.firstIndex(of: "e") { fixed.insert(contentsOf: ".0", at: exponent) }
                return fixed
            }
        }
        return text
    }
}
