/// One thing a conversion cannot keep: a YAML comment, a number that becomes text in
/// XML, an empty array XML cannot write, and the like.
///
/// Readers list what a ``SupportedType`` cannot carry of their input (comments, tags,
/// anchors, keys that were not strings); a target format lists what it cannot carry
/// of a value. Each loss says what was lost (``kind``), in which document of a stream
/// (``document``, counted from 1), at which key path and where in the input, so that
/// a person can find it and decide whether it matters.
public struct ConversionLoss: Sendable, Hashable {
    /// What kind of information is lost.
    public enum Kind: String, Sendable, Hashable, CaseIterable {
        /// A comment (YAML `#`, XML `<!-- -->`).
        case comment
        /// An XML processing instruction (`<?name ...?>`); the XML declaration is not one.
        case processingInstruction
        /// A YAML tag the reader does not honour (`!Ref`, `!!python/tuple`); the value
        /// is kept without it. Standard tags (`!!int`, `!!binary`, ...) are no loss.
        case customTag
        /// A YAML anchor or alias: each alias becomes a copy, so the sharing is lost.
        case anchor
        /// A map key that was not a string (a YAML `1:` or `true:`, a MessagePack integer
        /// key) and became one.
        case nonStringKey
        /// A number or boolean that the target writes as text and reads back as a string.
        case scalarType
        /// Bytes the target writes as base64 text.
        case binary
        /// A number beyond 64-bit integers and `Double` that the target cannot write exactly.
        case bigNumber
        /// NaN or an infinity, which the target has no number for.
        case nonFiniteNumber
        /// A timestamp the target writes as text.
        case timestamp
        /// A MessagePack extension value the target has no place for.
        case ext
        /// An empty string the target cannot tell from null.
        case emptyString
        /// Whitespace at the start or end of a string, which the target trims on reading.
        case edgeWhitespace
        /// An empty array, which the target writes as nothing.
        case emptyArray
        /// An array of one element, which the target cannot tell from the element alone.
        case singleElementArray
        /// An array inside an array, which the target wraps in an `item` key.
        case nestedArray
        /// A key that is not a name in the target, written escaped.
        case escapedKey
        /// A document the target wraps in a root it adds, since it needs a root of
        /// another shape (XML: one element).
        case wrappedRoot

        /// A short name for people, as the text report prints it (`custom tag`).
        public var displayName: String {
            switch self {
            case .comment: return "comment"
            case .processingInstruction: return "processing instruction"
            case .customTag: return "custom tag"
            case .anchor: return "anchor"
            case .nonStringKey: return "non-string key"
            case .scalarType: return "typed scalar"
            case .binary: return "binary"
            case .bigNumber: return "big number"
            case .nonFiniteNumber: return "NaN or infinity"
            case .timestamp: return "timestamp"
            case .ext: return "ext value"
            case .emptyString: return "empty string"
            case .edgeWhitespace: return "edge whitespace"
            case .emptyArray: return "empty array"
            case .singleElementArray: return "one-element array"
            case .nestedArray: return "nested array"
            case .escapedKey: return "escaped key"
            case .wrappedRoot: return "wrapped root"
            }
        }
    }

    /// What is lost.
    public var kind: Kind
    /// The document of the input stream it is in, counted from 1.
    public var document: Int
    /// The key path of the value concerned; for a comment, of the value after it.
    public var path: DataPath
    /// Where in the input it was, or ``SourcePosition/unknown``.
    public var position: SourcePosition
    /// What happens to it, in a few words (`the integer 8080 becomes the text "8080"`).
    public var detail: String

    /// Describes one loss.
    public init(_ kind: Kind, document: Int = 1, path: DataPath, position: SourcePosition = .unknown, detail: String) {
        self.kind = kind
        self.document = document
        self.path = path
        self.position = position
        self.detail = detail
    }
}
