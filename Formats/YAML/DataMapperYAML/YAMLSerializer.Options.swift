import DataMapperCore

extension YAMLSerializer {
    /// How a ``YAMLSerializer`` reads and writes.
    public struct Options: Sendable, Hashable {
        /// The rules that give plain (unquoted) scalars their type.
        public enum Schema: Sendable, Hashable, CaseIterable {
            /// YAML 1.2's core schema, the default: `null`/`~`/empty, `true`/`false`
            /// (also `True`, `TRUE`, ...), decimal, `0o` octal and `0x` hexadecimal
            /// integers, floats with `.inf` and `.nan`. `yes`, `no`, `on`, `off` are strings.
            case core
            /// YAML 1.1 as most older tools read it: also `yes`/`no`/`on`/`off` (in
            /// three spellings each) as booleans, `0777` as octal, `0b1010` binary and
            /// `_` between digits. Sexagesimal numbers (`1:30`) stay strings.
            case yaml11
        }

        /// How collections are written.
        public enum OutputStyle: Sendable, Hashable, CaseIterable {
            /// One entry per line, nested levels indented (the default).
            case block
            /// `{key: value, list: [1, 2]}` on as few lines as possible.
            case flow
        }

        /// The rules for plain scalars. Default ``Schema/core``.
        public var schema: Schema
        /// What to do when one mapping has the same key twice. Default
        /// ``DuplicateKeyPolicy/error`` (the YAML spec forbids duplicates); the error names
        /// the lines of both keys.
        public var duplicateKeys: DuplicateKeyPolicy
        /// Bounds on hostile input: input size, nesting depth (default 128) and the
        /// number of values aliases may copy into one document (default 1,000,000).
        public var limits: ParsingLimits
        /// Whether a plain `<<` key merges mappings into the one holding it. Default `true`;
        /// when `false`, `<<` is an ordinary key.
        public var mergeKeys: Bool
        /// Block (default) or flow collections on output.
        public var outputStyle: OutputStyle
        /// Spaces per nesting level on output, 2 to 9. Default 2.
        public var indent: Int
        /// Longest output line before long plain and quoted strings are folded, or `nil`
        /// (the default) never to fold.
        public var lineWidth: Int?
        /// Whether keys are written sorted rather than in their order. Default `false`.
        public var sortKeys: Bool
        /// What writing does with a MessagePack ext value, which YAML has no type for.
        /// Default ``ExtValuePolicy/error``; ``ExtValuePolicy/base64`` writes the
        /// payload as a `!!binary` scalar, which reads back as binary without the type code.
        public var extValues: ExtValuePolicy

        /// Creates options; every argument has the documented default.
        public init(
            schema: Schema = .core,
            duplicateKeys: DuplicateKeyPolicy = .error,
            limits: ParsingLimits = .default,
            mergeKeys: Bool = true,
            outputStyle: OutputStyle = .block,
            indent: Int = 2,
            lineWidth: Int? = nil,
            sortKeys: Bool = false,
            extValues: ExtValuePolicy = .error
        ) {
            self.schema = schema
            self.duplicateKeys = duplicateKeys
            self.limits = limits
            self.mergeKeys = mergeKeys
            self.outputStyle = outputStyle
            self.indent = indent
            self.lineWidth = lineWidth
            self.sortKeys = sortKeys
            self.extValues = extValues
        }
    }
}
