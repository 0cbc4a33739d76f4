import DataMapperCore
import Foundation

/// Reads and writes XML documents through libxml2, by the convention of Python's
/// `xmltodict`.
///
/// Reading is one streaming SAX2 pass over the bytes (no DOM is built):
/// - an element becomes a key, its content the value;
/// - an attribute becomes the key `"@name"` (see ``Options/attributePrefix``);
/// - an element with only text becomes a string, an empty one `null`;
/// - text beside attributes or child elements goes under `"#text"`
///   (``Options/textKey``);
/// - repeated sibling elements become an array, in document order, at the place of
///   the first one; ``Options/forceList`` names elements that are always arrays;
/// - the root element is a one-key dictionary (``Options/unwrapsRoot`` drops it);
/// - namespaced names keep their prefix (`atom:link`), `xmlns` declarations appear
///   as attributes (`"@xmlns:atom"`);
/// - a name holding `_xHHHH_` escapes reads as the key they stand for
///   (`first_x0020_name` is `"first name"`), the inverse of how ``serialize(_:)``
///   turns a key that is not an XML name into one;
/// - CDATA sections are text; comments and processing instructions are dropped
///   (``readingLosses(in:)`` lists them).
///
/// XML text has no types: every scalar reads as a string, and every value carries the
/// line and column of its element. Writing is the inverse.
///
/// `decode(_:from:)` and `encode(_:)` for `Codable` models are driven by the type
/// instead (see ``typeDrivenReading`` and ``codableSerializer``): the root element
/// holds the model, arrays are repeated elements, text is kept exactly.
///
/// ```swift
/// let xml = XMLSerializer()
/// let value = try xml.deserialize(fromString: #"<server port="80"><name>api</name></server>"#)
/// value["server"]?["@port"]?.string   // "80"
/// ```
///
/// Hostile input is refused by default: no external entity, DTD or network access,
/// no entity declarations at all (so no entity expansion), a depth limit, and every
/// libxml2 error returned as a ``DataMapperError`` with line and column, never printed.
public struct XMLSerializer: Serializer {
    /// How to read and write.
    public var options: Options

    /// A serializer with the given options (the defaults when omitted).
    public init(options: Options = Options()) {
        self.options = options
    }

    /// Reads one XML document.
    /// - Throws: ``DataMapperError`` of kind ``DataMapperError/Kind/syntax`` (malformed
    ///   XML, invalid UTF-8, an empty document), ``DataMapperError/Kind/unsupported``
    ///   (an entity declaration) or ``DataMapperError/Kind/limitExceeded`` (input size
    ///   or nesting depth beyond ``Options/limits``, more attributes on one element
    ///   than ``Options/maxAttributesPerElement``), with the line and column.
    public func deserialize(_ data: Data) throws -> SupportedType {
        try LibXML2Reader.read(data, options: options)
    }

    /// Writes `value` as an XML document in UTF-8.
    ///
    /// A key that is not an XML name (`first name`, `2fa`, `""`, a name whose prefix no
    /// `xmlns:` attribute declares) is written with each offending character as
    /// `_xHHHH_` (`_xHHHHHHHH_` above U+FFFF; the empty key as `_x_`), and a `_` that
    /// starts such text in a key as `_x005F_`, so the key reads back the same.
    /// - Throws: ``DataMapperError`` of kind ``DataMapperError/Kind/unsupported`` for
    ///   an attribute or text key holding a collection, a string holding a character
    ///   XML 1.0 cannot carry, or a MessagePack ext value (unless
    ///   ``Options/extValues`` is ``ExtValuePolicy/base64``);
    ///   ``DataMapperError/Kind/limitExceeded`` for nesting deeper than
    ///   ``ParsingLimits/maxDepth``. The error names the value's path.
    public func serialize(_ value: SupportedType) throws -> Data {
        var writer = XMLWriter(options: options)
        return Data(try writer.document(value))
    }

    /// Writes `value` as an XML document, as bytes.
    /// - Throws: As ``serialize(_:)``.
    public func serializeToBytes(_ value: SupportedType) throws -> [UInt8] {
        var writer = XMLWriter(options: options)
        return try writer.document(value)
    }
}
