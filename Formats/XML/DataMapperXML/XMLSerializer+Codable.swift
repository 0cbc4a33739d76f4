import DataMapperCore

/// What XML leaves for a `Codable` type to settle, and how documents for a type are
/// read and written.
///
/// XML text has no types, one element cannot be told from a list of one, and an empty
/// element may be an empty string, list or object, so `decode(_:from:)` reads each of
/// these as the type expects. The convention the tree follows (attributes under
/// ``Options/attributePrefix``, text beside them under ``Options/textKey``, repeated
/// elements as arrays) is declared here in the core's terms; the decoder never names XML.
extension XMLSerializer: TextScalarSerializer {
    /// Scalars as text; arrays as repeated elements (an array inside an array, or the
    /// whole document, as one element holding `<item>`s, whatever their names); an
    /// empty element as the empty value expected; a field read from a child element,
    /// else from an attribute of the same name; a scalar's text beside attributes
    /// under ``Options/textKey``.
    public var typeDrivenReading: TypeDrivenReading {
        TypeDrivenReading(
            scalarsAreText: true,
            arrays: .repeatedEntries,
            emptyStandsForEmptyValue: true,
            attributeKeyPrefix: options.attributePrefix,
            textKey: options.textKey
        )
    }

    /// This serializer set up for a `Codable` model: the root element holds the model
    /// whatever its name (``Options/unwrapsRoot``), leaf text is kept exactly
    /// (``Options/Whitespace/preserve``; whitespace between elements is still
    /// dropped), and the model is always written inside one root element,
    /// ``Options/rootName`` or else `root`. Other options are kept.
    public var codableSerializer: XMLSerializer {
        var typed = options
        typed.unwrapsRoot = true
        typed.whitespace = .preserve
        typed.rootName = options.rootName ?? "root"
        return XMLSerializer(options: typed)
    }
}
