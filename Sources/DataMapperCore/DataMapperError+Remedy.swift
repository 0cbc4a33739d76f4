extension DataMapperError {
    /// The setting that lets a refused input or value through: what turns a refusal
    /// into a choice instead of a dead end.
    ///
    /// A reader or writer that refuses something (a number its format cannot hold, a
    /// repeated key, nesting past a limit) attaches the remedy to its error. The
    /// library's ``DataMapperError/message`` ends with ``advice``, which names the
    /// library option; a front end names its own spelling of the same setting
    /// through ``DataMapperError/description(advising:)``, keyed by ``setting`` and
    /// ``choices``, so no one has to take a message apart.
    public struct Remedy: Sendable, Hashable {
        /// A setting, by a name that is the same in every format: the name of the
        /// corresponding `FormatWriteOptions` or `FormatReadOptions` property of the
        /// format registry, or of a ``ParsingLimits`` property for a limit.
        ///
        /// A struct rather than an enum, so that settings can be added without breaking
        /// `switch` statements in user code.
        public struct Setting: Sendable, Hashable, CustomStringConvertible {
            /// The setting's name.
            public let name: String

            /// Creates a setting with a name; prefer the predefined ones.
            public init(_ name: String) { self.name = name }

            /// How a number a format cannot hold exactly is written: refused, as text,
            /// or rounded to the nearest double.
            public static let bigNumbers = Setting("bigNumbers")
            /// How NaN and the infinities are written where a format has no such number.
            public static let nonFiniteNumbers = Setting("nonFiniteNumbers")
            /// How a MessagePack ext value is written where a format has no such value.
            public static let extValues = Setting("extValues")
            /// What reading does with a key repeated in one dictionary.
            public static let duplicateKeys = Setting("duplicateKeys")
            /// ``ParsingLimits/maxDepth``.
            public static let maxDepth = Setting("maxDepth")
            /// ``ParsingLimits/maxInputBytes``.
            public static let maxInputBytes = Setting("maxInputBytes")
            /// ``ParsingLimits/maxExpandedValues``.
            public static let maxExpandedValues = Setting("maxExpandedValues")
            /// ``ParsingLimits/maxExpandedBytes``.
            public static let maxExpandedBytes = Setting("maxExpandedBytes")
            /// ``ParsingLimits/maxStreamBytes``.
            public static let maxStreamBytes = Setting("maxStreamBytes")
            /// How many attributes one XML element may have.
            public static let maxAttributesPerElement = Setting("maxAttributesPerElement")
            /// What reading MessagePack does with a `str` that is not valid UTF-8.
            public static let invalidUTF8 = Setting("invalidUTF8")
            /// What reading MessagePack does with a map key that is not a `str`.
            public static let nonStringKeys = Setting("nonStringKeys")

            public var description: String { name }
        }

        /// The setting that resolves the error.
        public var setting: Setting
        /// The values of ``setting`` that resolve the error, by their format-neutral
        /// names (`string` and `nearest` for ``Setting/bigNumbers``); empty for a limit,
        /// which is resolved by raising it.
        public var choices: [String]
        /// What to do, naming the library option: `set
        /// MessagePackSerializer.Options.bigNumbers to .exactDoubleOrString or
        /// .nearestDouble`.
        public var advice: String

        /// Creates a remedy.
        public init(_ setting: Setting, choices: [String] = [], advice: String) {
            self.setting = setting
            self.choices = choices
            self.advice = advice
        }

        /// The remedy for going past one of the ``ParsingLimits``, whose value
        /// was `limit`: raise it through `option`, the path of the limits in the
        /// options that were used (`JSONSerializer.Options.limits`).
        package static func limit(_ setting: Setting, _ limit: Int, in option: String) -> Remedy {
            Remedy(setting, advice: "raise \(option).\(setting.name) (now \(limit)) to allow more")
        }

        /// The remedy for input of more than `limit` bytes, through `option`.
        package static func inputTooLarge(_ size: Int, limit: Int, in option: String) -> DataMapperError {
            DataMapperError(
                .limitExceeded,
                message: "the input is \(size) bytes, more than the limit of \(limit)",
                remedy: .limit(.maxInputBytes, limit, in: option)
            )
        }

        /// The refusal of a stream that has passed ``ParsingLimits/maxStreamBytes``,
        /// `limit`, raised through `option`; `size` when known.
        package static func streamTooLarge(_ size: Int? = nil, limit: Int, in option: String) -> DataMapperError {
            DataMapperError(
                .limitExceeded,
                message: size.map { "the input is \($0) bytes, more than the stream limit of \(limit)" }
                    ?? "the input is more than the stream limit of \(limit) bytes",
                remedy: .limit(.maxStreamBytes, limit, in: option)
            )
        }

        /// The remedy for a repeated key: choose first- or last-wins through `option`,
        /// the path of the format's duplicate-key option.
        package static func duplicateKeys(in option: String) -> Remedy {
            Remedy(.duplicateKeys, choices: ["first", "last"], advice: "set \(option) to .firstWins or .lastWins to keep one of the values")
        }
    }
}
