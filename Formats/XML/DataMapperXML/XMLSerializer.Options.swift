import DataMapperCore

extension XMLSerializer {
    /// How an ``XMLSerializer`` reads and writes.
    ///
    /// The defaults follow Python's `xmltodict`, so that a document gives the same tree
    /// in both: attributes under `"@name"`, text beside attributes or children under
    /// `"#text"`, text trimmed, the root element kept as a one-key dictionary.
    public struct Options: Sendable, Hashable {
        /// What happens to the spaces, tabs and line breaks around text.
        public enum Whitespace: Sendable, Hashable, CaseIterable {
            /// Leading and trailing XML whitespace (space, tab, CR, LF) is removed from
            /// every element's text, and text that is only whitespace counts as none.
            /// `xmltodict`'s default (`strip_whitespace=True`).
            case trim
            /// The text of an element without attributes or children is kept exactly,
            /// spaces included (`<a>  </a>` reads as `"  "`). In an element with
            /// attributes or children, text that is only whitespace (the indentation
            /// of a pretty-printed document) is dropped and other text is kept exactly.
            case preserve
        }

        /// How documents are laid out when written.
        public enum OutputStyle: Sendable, Hashable, CaseIterable {
            /// No whitespace between elements.
            case compact
            /// One element per line, nested levels indented by ``indent`` spaces.
            case pretty
        }

        /// The prefix that marks an attribute key. Default `"@"`, so `id="7"` reads
        /// as `"@id": "7"`; when writing, keys starting with it become attributes.
        public var attributePrefix: String
        /// The key of an element's text when the element also has attributes or
        /// children. Default `"#text"`.
        public var textKey: String
        /// Element names (as keys, with their prefix: `"dependency"`, `"atom:link"`)
        /// whose values are always arrays, even when the element occurs once or not
        /// at all beside siblings. Default none.
        ///
        /// XML cannot tell one item from a list of one; list the names that are lists
        /// in your schema so that every document gives them the same shape.
        public var forceList: Set<String>
        /// How whitespace around text is treated. Default ``Whitespace/trim``.
        public var whitespace: Whitespace
        /// Whether reading returns the root element's value instead of a one-key
        /// dictionary holding it. Default `false` (`<config>…</config>` reads as
        /// `["config": …]`).
        public var unwrapsRoot: Bool
        /// Bounds on hostile input: input size and element nesting depth.
        ///
        /// libxml2 itself refuses nesting deeper than 256 elements (its "huge" option,
        /// which would lift that, stays off), so depths above 256 act as 256.
        public var limits: ParsingLimits
        /// The most attributes one element may have when reading. Default 10,000.
        ///
        /// libxml2 compares each attribute of an element with every earlier one, so
        /// reading an element costs the square of its attribute count: 10,000 take a
        /// fraction of a second, 200,000 most of a minute. A document with an element
        /// past the limit is refused with a ``DataMapperError/Kind/limitExceeded``
        /// error at that element, before libxml2 reads it.
        public var maxAttributesPerElement: Int

        /// The root element's name when writing, or `nil` (the default) to take it from
        /// the value: a dictionary of exactly one key whose value is not an array is
        /// written with that key as the root element; any other value is wrapped in
        /// `<root>`. When set, the whole value is always wrapped in an element of this name
        /// (the inverse of reading with ``unwrapsRoot``).
        public var rootName: String?
        /// Compact (the default) or pretty output.
        public var outputStyle: OutputStyle
        /// Spaces per nesting level in pretty output. Default 2.
        public var indent: Int
        /// Whether the `<?xml version="1.0" encoding="UTF-8"?>` declaration starts the
        /// output. Default `true`.
        public var writesDeclaration: Bool
        /// Whether keys are written sorted rather than in their order. Default `false`.
        public var sortKeys: Bool
        /// What writing does with a MessagePack ext value, which XML has no form for.
        /// Default ``ExtValuePolicy/error``; ``ExtValuePolicy/base64`` writes the
        /// payload as base64 text, which reads back as a string without the type code.
        public var extValues: ExtValuePolicy

        /// Creates options; every argument has the documented default.
        public init(
            attributePrefix: String = "@",
            textKey: String = "#text",
            forceList: Set<String> = [],
            whitespace: Whitespace = .trim,
            unwrapsRoot: Bool = false,
            limits: ParsingLimits = .default,
            maxAttributesPerElement: Int = 10_000,
            rootName: String? = nil,
            outputStyle: OutputStyle = .compact,
            indent: Int = 2,
            writesDeclaration: Bool = true,
            sortKeys: Bool = false,
            extValues: ExtValuePolicy = .error
        ) {
            self.attributePrefix = attributePrefix
            self.textKey = textKey
            self.forceList = forceList
            self.whitespace = whitespace
            self.unwrapsRoot = unwrapsRoot
            self.limits = limits
            self.maxAttributesPerElement = maxAttributesPerElement
            self.rootName = rootName
            self.outputStyle = outputStyle
            self.indent = indent
            self.writesDeclaration = writesDeclaration
            self.sortKeys = sortKeys
            self.extValues = extValues
        }
    }
}
