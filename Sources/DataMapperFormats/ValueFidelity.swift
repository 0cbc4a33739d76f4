import DataMapperCore

/// What a format keeps of a ``SupportedType`` when it writes one and reads it back:
/// the declaration a conversion's loss report is made from.
///
/// Each format states it once, on its ``DataFormat``; a format registered by an
/// application states its own the same way. ``everything`` is the default, for a
/// format that writes every value so that reading gives it back unchanged.
public struct ValueFidelity: Sendable {
    /// Kinds of value, or shapes of them, that a format may be unable to keep.
    public struct Features: OptionSet, Sendable, Hashable {
        public let rawValue: UInt32

        /// Makes a set from its raw bits.
        public init(rawValue: UInt32) { self.rawValue = rawValue }

        /// Numbers and booleans read back as numbers and booleans, not as text.
        public static let typedScalars = Features(rawValue: 1 << 0)
        /// An empty string reads back as an empty string, not null.
        public static let emptyStrings = Features(rawValue: 1 << 1)
        /// Whitespace at the start and end of a string is kept.
        public static let edgeWhitespace = Features(rawValue: 1 << 2)
        /// Bytes read back as bytes.
        public static let binary = Features(rawValue: 1 << 3)
        /// Numbers beyond 64-bit integers and `Double` are written exactly.
        public static let bigNumbers = Features(rawValue: 1 << 4)
        /// NaN and the infinities are numbers of the format.
        public static let nonFiniteNumbers = Features(rawValue: 1 << 5)
        /// Timestamps read back as timestamps.
        public static let timestamps = Features(rawValue: 1 << 6)
        /// MessagePack extension values are written.
        public static let extValues = Features(rawValue: 1 << 7)
        /// An empty array is written.
        public static let emptyArrays = Features(rawValue: 1 << 8)
        /// An array of one element reads back as an array.
        public static let singleElementArrays = Features(rawValue: 1 << 9)
        /// An array directly inside an array reads back as one.
        public static let nestedArrays = Features(rawValue: 1 << 10)

        /// Every feature.
        public static let all: Features = [
            .typedScalars, .emptyStrings, .edgeWhitespace, .binary, .bigNumbers, .nonFiniteNumbers,
            .timestamps, .extValues, .emptyArrays, .singleElementArrays, .nestedArrays,
        ]
    }

    /// The features the format keeps.
    public var features: Features
    /// Whether a dictionary key is written as it is; a key for which this is `false`
    /// is reported as written escaped (XML: a key that is not an XML name).
    public var keepsKey: @Sendable (_ key: String) -> Bool
    /// Whether the strings under a key keep their exact text even when ``features``
    /// lacks ``Features/emptyStrings`` or ``Features/edgeWhitespace`` (XML attributes).
    public var keepsTextExactly: @Sendable (_ key: String) -> Bool
    /// Whether a document's root value is written as it is; one for which this is
    /// `false` is reported as wrapped (XML: anything but one element).
    ///
    /// The rule is given the root with the arrays and dictionaries among its children
    /// left empty, so that a document told piece by piece is judged as soon as each of
    /// the root's children has begun; a rule looks at the root's own entries only.
    public var keepsRoot: @Sendable (_ root: SupportedType) -> Bool {
        didSet { checksRoot = true }
    }
    /// Whether a root rule was given, so that a loss walk has roots to check.
    private(set) var checksRoot: Bool

    /// Declares what a format keeps; every rule left out keeps everything.
    public init(
        features: Features,
        keepsKey: @escaping @Sendable (_ key: String) -> Bool = { _ in true },
        keepsTextExactly: @escaping @Sendable (_ key: String) -> Bool = { _ in false },
        keepsRoot: (@Sendable (_ root: SupportedType) -> Bool)? = nil
    ) {
        self.features = features
        self.keepsKey = keepsKey
        self.keepsTextExactly = keepsTextExactly
        self.keepsRoot = keepsRoot ?? { _ in true }
        checksRoot = keepsRoot != nil
    }

    /// A format that gives back every value it writes.
    public static let everything = ValueFidelity(features: .all)
}
