import DataMapperCore
import Foundation

// MARK: - Scalars and tags

extension YAMLTreeBuilder {
    /// The prefix `!!` stands for.
    static let standardTagPrefix = "tag:yaml.org,2002:"

    /// The value of a scalar: resolved by the schema when plain and untagged, a string
    /// when quoted or a block scalar, and as its tag says when it has a standard tag.
    ///
    /// The non-specific tag `!` and tags this library does not know (local `!Ref`,
    /// global ones of other vocabularies) leave the scalar a string; the tag itself is
    /// not kept.
    func scalarValue(_ text: String, plain: Bool, tag: String?, at position: SourcePosition) throws -> SupportedType {
        if let tag {
            // The non-specific tag `!` makes a scalar a string.
            if tag == "!" { return SupportedType(.string(text), position: position) }
            return SupportedType(try taggedScalar(text, tag: tag, at: position), position: position)
        }
        if plain, let kind = try resolve(text, at: position) {
            return SupportedType(kind, position: position)
        }
        return SupportedType(.string(text), position: position)
    }

    /// The schema's reading of a scalar, with the scalar's position on any error.
    private func resolve(_ text: String, at position: SourcePosition) throws(DataMapperError) -> SupportedType.Kind? {
        do {
            return try YAMLScalarResolver.resolve(text, schema: options.schema)
        } catch {
            throw Self.located(error, at: position)
        }
    }

    /// `error` pointing at `position`.
    static func located(_ error: DataMapperError, at position: SourcePosition) -> DataMapperError {
        var located = error
        located.location = SourceLocation(position: position)
        return located
    }

    private func taggedScalar(_ text: String, tag: String, at position: SourcePosition) throws -> SupportedType.Kind {
        guard tag.hasPrefix(Self.standardTagPrefix) else { return .string(text) }
        let name = tag.dropFirst(Self.standardTagPrefix.count)
        let resolved = try resolve(text, at: position)
        switch name {
        case "str":
            return .string(text)
        case "int":
            switch resolved {
            case .int?, .uint?: if let resolved { return resolved }
            case .bigNumber(let digits)? where !digits.contains(where: { $0 == "." || $0 == "e" || $0 == "E" }):
                return .bigNumber(digits)
            default: break
            }
            throw tagError("!!int", expected: "an integer", text: text, at: position)
        case "float":
            switch resolved {
            case .double?, .bigNumber?: if let resolved { return resolved }
            case .int(let number)?: return .double(Double(number))
            case .uint(let number)?: return .double(Double(number))
            default: break
            }
            throw tagError("!!float", expected: "a number", text: text, at: position)
        case "bool":
            if let flag = YAMLScalarResolver.bool(text, schema: options.schema) { return .bool(flag) }
            throw tagError("!!bool", expected: "true or false", text: text, at: position)
        case "null":
            if case .null? = resolved { return .null }
            throw tagError("!!null", expected: "null, ~ or nothing", text: text, at: position)
        case "binary":
            if let data = StrictBase64.decode(text, ignoringWhitespace: true) { return .binary(data) }
            throw tagError("!!binary", expected: "base64 text", text: text, at: position)
        case "timestamp":
            if let (seconds, nanoseconds) = YAMLTimestamp.parse(text) {
                return .timestamp(seconds: seconds, nanoseconds: nanoseconds)
            }
            throw tagError("!!timestamp", expected: "a date or a date and time (2001-12-14T21:59:43Z)", text: text, at: position)
        case "map", "seq", "omap", "pairs", "set":
            throw DataMapperError(
                .syntax,
                message: "a scalar cannot carry the collection tag !!\(name)",
                location: SourceLocation(position: position)
            )
        default:
            return .string(text)
        }
    }

    /// Refuses a collection whose standard tag names another kind of node.
    func checkCollectionTag(_ tag: String, mapping: Bool, at position: SourcePosition) throws {
        guard tag.hasPrefix(Self.standardTagPrefix) else { return }
        let name = tag.dropFirst(Self.standardTagPrefix.count)
        let allowed: Set<Substring> = mapping ? ["map", "set"] : ["seq", "omap", "pairs"]
        let known: Set<Substring> = ["str", "int", "float", "bool", "null", "binary", "timestamp", "map", "seq", "set", "omap", "pairs"]
        guard known.contains(name), !allowed.contains(name) else { return }
        throw DataMapperError(
            .syntax,
            message: "a \(mapping ? "mapping" : "sequence") cannot carry the tag !!\(name)",
            location: SourceLocation(position: position)
        )
    }

    private func tagError(_ tag: String, expected: String, text: String, at position: SourcePosition) -> DataMapperError {
        DataMapperError(
            .syntax,
            message: "\(tag) expects \(expected), found \"\(text)\"",
            location: SourceLocation(position: position)
        )
    }
}
