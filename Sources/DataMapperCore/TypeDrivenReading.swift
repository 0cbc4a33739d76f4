
/// What a format's documents leave unsaid about a value, so that the Codable bridge
/// settles it from the type being decoded instead.
///
/// A JSON document says what each value is: a number, a string, an array. Other
/// formats do not: XML text has no types, one element cannot be told from a list of
/// one, an empty element could be an empty string, list or object. A format declares
/// which of these gaps its documents have by conforming its serializer to
/// ``TypeDrivenSerializer``; `decode(_:from:)` then reads each value as the type
/// expects. The declaration names no format: the bridge knows the gaps, not the formats.
///
/// Nothing here makes a mismatch pass: text where an object is expected, or a required
/// key that is absent, stays an error naming its path and position.
public struct TypeDrivenReading: Sendable, Hashable {
    /// How the documents hold arrays.
    public enum ArrayLayout: Sendable, Hashable {
        /// Arrays are written as arrays; an expected array must be one.
        case native
        /// An array may be written as its only element, or be null or absent when
        /// empty: an expected array reads a value that is not an array as an array of
        /// that one value, and null or an absent key as empty.
        case singleOrAbsent
        /// An array under a key is that key repeated once per element: absent for no
        /// element, the element itself for one (an empty one included), an array for
        /// several. An array anywhere else (an element of an array, or the whole
        /// document) is one value holding its elements under a single key of any name,
        /// and reads as empty when that value is null or only whitespace.
        case repeatedEntries
    }

    /// Whether every scalar is text, so that numbers, booleans and dates are read from
    /// strings (the rules of ``SupportedTypeDecoder/ScalarReading/fromText``).
    public var scalarsAreText: Bool
    /// How arrays are laid out.
    public var arrays: ArrayLayout
    /// Whether null (an empty element) stands for the empty value of the type expected:
    /// an empty string, empty data, or an object with no keys (which a type whose
    /// fields are all optional reads). An optional reads null this way too when its
    /// type can be empty, and as `nil` otherwise. Text that is only whitespace stands
    /// for an empty object where one is expected.
    public var emptyStandsForEmptyValue: Bool
    /// The prefix of keys that hold a value's attributes (`"@"` for `"@id"`), or `nil`
    /// when there are none. A key absent from a dictionary is then looked up again
    /// under this prefix: a field is read from a child else from an attribute of the
    /// same name.
    public var attributeKeyPrefix: String?
    /// The key under which a value with attributes keeps its own text (`"#text"`), or
    /// `nil`. Where a scalar is expected and a dictionary is found, the scalar is read
    /// from this key; a dictionary of attributes alone reads as null.
    public var textKey: String?

    /// Declares what a format's documents leave unsaid; every argument defaults to
    /// saying it all (``exact``).
    public init(
        scalarsAreText: Bool = false,
        arrays: ArrayLayout = .native,
        emptyStandsForEmptyValue: Bool = false,
        attributeKeyPrefix: String? = nil,
        textKey: String? = nil
    ) {
        self.scalarsAreText = scalarsAreText
        self.arrays = arrays
        self.emptyStandsForEmptyValue = emptyStandsForEmptyValue
        self.attributeKeyPrefix = attributeKeyPrefix
        self.textKey = textKey
    }

    /// Documents that say what each value is: nothing is read from the type.
    public static let exact = TypeDrivenReading()

    /// Scalars as text, single or absent arrays and null for empty values: what
    /// ``SupportedTypeDecoder/ScalarReading/fromText`` turns on.
    public static let textScalars = TypeDrivenReading(
        scalarsAreText: true, arrays: .singleOrAbsent, emptyStandsForEmptyValue: true
    )
}

/// A ``Serializer`` whose documents leave part of a value's shape to the type read
/// from them (see ``TypeDrivenReading``).
///
/// `decode(_:from:)` and `encode(_:)` use ``codableSerializer`` in place of the
/// serializer they are called on, and decode with ``typeDrivenReading`` in force.
public protocol TypeDrivenSerializer: Serializer {
    /// What the documents leave unsaid, for the decoder to read from the type.
    var typeDrivenReading: TypeDrivenReading { get }
    /// This serializer set up for documents of a known type: reading them the way
    /// ``typeDrivenReading`` describes, and writing what that reading gives back.
    /// The default is the serializer itself.
    var codableSerializer: Self { get }
}

extension TypeDrivenSerializer {
    /// The serializer itself, for a format whose plain reading already suits Codable.
    public var codableSerializer: Self { self }
}

/// A ``Serializer`` whose documents hold every scalar as text, so that a number or a
/// boolean comes back as a string.
///
/// Its documents are read with ``TypeDrivenReading/textScalars`` unless it declares
/// more (XML's serializer does).
public protocol TextScalarSerializer: TypeDrivenSerializer {}

extension TextScalarSerializer {
    /// Scalars as text and nothing more: ``TypeDrivenReading/textScalars``.
    public var typeDrivenReading: TypeDrivenReading { .textScalars }
}
