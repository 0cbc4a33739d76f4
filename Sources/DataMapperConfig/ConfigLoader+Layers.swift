import DataMapper
import DataMapperFormats
import Foundation

/// What a configuration file contributes: one document, or nothing at all.
extension ConfigLoader {
    /// The one document a configuration file holds, or `nil` when it holds none.
    ///
    /// A file with no document is an empty layer that changes nothing, in every
    /// format: 0 bytes, only whitespace or comments, a YAML stream of no documents, a
    /// JSON Lines file with no lines, an empty MessagePack file, an XML file with no
    /// root element (only a declaration, comments or processing instructions). So is
    /// a file whose one document is null (a YAML `---` alone, JSON `null`), since a
    /// null replacing every earlier setting is never what a file means; so is an XML
    /// root element with no children. A stream of several documents is an error, since
    /// a layer is one document.
    ///
    /// A format whose documents leave part of their shape to the type (XML) is read
    /// as Codable reads it, root element unwrapped and leaf text kept, and its reading
    /// rules come back with the document for decoding; other formats give
    /// ``DataMapper/TypeDrivenReading/exact``.
    static func layer(of data: Data, in format: DataFormat) throws -> (SupportedType, TypeDrivenReading)? {
        var serializer = format.serializer()
        var reading = TypeDrivenReading.exact
        if let typeDriven = serializer as? any TypeDrivenSerializer {
            reading = typeDriven.typeDrivenReading
            serializer = typeDriven.codableSerializer
        }
        // Parsers of single-document formats (JSON) refuse blank text: it is checked
        // here, for text formats only (a space is a whole MessagePack document).
        if format.isText, isBlank(data) { return nil }
        if serializer is any TextScalarSerializer, holdsNoXMLElement(data) { return nil }
        let documents = try serializer.deserializeAll(data)
        guard documents.count <= 1 else {
            let second = documents[1].position
            throw DataMapperError(
                .syntax,
                message: "the configuration file is a stream of \(DataMapperError.documentCount(documents.count)), "
                    + "and a configuration layer is one document; keep one, or merge them, or give each its own file",
                location: second.isKnown ? SourceLocation(position: second) : nil
            )
        }
        guard let document = documents.first, !document.isNull else { return nil }
        // An XML root with no children (`<config/>`, `<config> </config>`) sets nothing.
        if reading.scalarsAreText, case .string(let text) = document.kind, text.allSatisfy(\.isWhitespace) { return nil }
        return (document, reading)
    }

    /// Whether `data` holds nothing but a UTF-8 byte-order mark and whitespace
    /// (space, tab, line feed, carriage return).
    static func isBlank(_ data: Data) -> Bool {
        withoutByteOrderMark(data).allSatisfy(isWhitespace)
    }

    /// Whether `data`, an XML file, has no element: only a byte-order mark,
    /// whitespace, an XML declaration, processing instructions, comments and a
    /// document type declaration. Anything else, malformed text included, is left to
    /// the parser, which reports it.
    static func holdsNoXMLElement(_ data: Data) -> Bool {
        var rest = withoutByteOrderMark(data)
        while true {
            rest = rest.drop(while: isWhitespace)
            if rest.isEmpty { return true }
            let end: [UInt8]
            if rest.starts(with: Array("<?".utf8)) {
                end = Array("?>".utf8)
            } else if rest.starts(with: Array("<!--".utf8)) {
                end = Array("-->".utf8)
            } else if rest.starts(with: Array("<!DOCTYPE".utf8)), !rest.contains(UInt8(ascii: "[")) {
                end = Array(">".utf8)
            } else {
                return false
            }
            guard let found = rest.firstRange(of: end) else { return false }
            rest = rest[found.upperBound...]
        }
    }

    private static func withoutByteOrderMark(_ data: Data) -> Data.SubSequence {
        data.starts(with: [0xEF, 0xBB, 0xBF]) ? data.dropFirst(3) : data[...]
    }

    /// Space, tab, line feed or carriage return: whitespace in every text format read here.
    private static func isWhitespace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D
    }
}
