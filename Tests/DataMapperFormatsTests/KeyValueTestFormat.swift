import DataMapper
import DataMapperFormats
import Foundation

/// A tiny format for tests: one `key=value` pair per line, string values only.
///
/// It exists to show that a format written outside DataMapper plugs into a registry.
struct KeyValueSerializer: Serializer {
    var sortKeys = false

    func serialize(_ value: SupportedType) throws -> Data {
        guard case .dictionary(let map) = value.kind else {
            throw DataMapperError(.unsupported, message: "key-value documents hold one dictionary")
        }
        var pairs = map.map { ($0.key, $0.value) }
        if sortKeys { pairs.sort { $0.0 < $1.0 } }
        var text = ""
        for (key, element) in pairs {
            guard let string = element.string else {
                throw DataMapperError(.unsupported, message: "values must be strings", path: [key])
            }
            text += "\(key)=\(string)\n"
        }
        return Data(text.utf8)
    }

    func deserialize(_ data: Data) throws -> SupportedType {
        guard let text = String(data: data, encoding: .utf8) else {
            throw DataMapperError(.syntax, message: "not UTF-8")
        }
        var map = OrderedMap()
        for (offset, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() where !line.isEmpty {
            guard let equals = line.firstIndex(of: "=") else {
                throw DataMapperError(
                    .syntax,
                    message: "expected key=value",
                    location: SourceLocation(position: .text(line: offset + 1, column: line.count + 1))
                )
            }
            map[String(line[..<equals])] = .string(String(line[line.index(after: equals)...]))
        }
        return .dictionary(map)
    }
}

extension DataFormat {
    /// The test key-value format: name `kv`, alias `keyvalue`, extensions `.kv` and
    /// `.env`, media type `text/x-key-value` and suffix `+kv`; its sniffer is certain
    /// when the text starts with `#kv`, and thinks any `word=` start possible.
    static let keyValue = DataFormat(
        name: "KV",
        aliases: ["KeyValue"],
        fileExtensions: [".kv", "ENV"],
        mediaTypes: ["Text/X-Key-Value; charset=utf-8"],
        mediaTypeSuffixes: ["+kv"],
        representation: .text,
        sniff: { prefix in
            if prefix.starts(with: Array("#kv".utf8)) { return .certain }
            let head = prefix.prefix(while: { $0 != UInt8(ascii: "\n") })
            return head.contains(UInt8(ascii: "=")) ? .possible : .none
        },
        makeSerializer: { options in KeyValueSerializer(sortKeys: options.sortKeys) }
    )

    /// A binary test format claiming JSON's extension and media type, to test overriding.
    static let fakeJSON = DataFormat(
        name: "fakejson",
        fileExtensions: ["json"],
        mediaTypes: ["application/json"],
        representation: .binary,
        sniff: { prefix in prefix.first == UInt8(ascii: "{") ? .likely : .none },
        makeSerializer: { _ in KeyValueSerializer() }
    )
}
