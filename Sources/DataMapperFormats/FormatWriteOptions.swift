import DataMapperCore

/// How a document is written, shared by every format in a registry.
///
/// The registry hands these to a format's serializer factory, so a tool can say
/// "pretty, sorted keys, big numbers as text" once without knowing which format it
/// writes. Each format honours what it can and ignores the rest: JSON honours the
/// layout and the non-finite and ext choices; a binary format such as MessagePack has
/// no layout and ignores ``style``; a format that holds a value natively (YAML's
/// `.nan`, MessagePack's ext) ignores the choice for it. A format documents what it
/// ignores.
///
/// The choices for values a format cannot hold default to refusing them, with an
/// error whose ``DataMapperError/remedy`` names the setting here that resolves it.
public struct FormatWriteOptions: Sendable, Hashable {
    /// Whether output is as small as possible or laid out for people.
    public enum Style: Sendable, Hashable, CaseIterable {
        /// The smallest document the format allows.
        case compact
        /// One entry per line, nested levels indented.
        case pretty
    }

    /// What a format does with a number it cannot hold exactly (a 30-digit integer
    /// going to MessagePack, whose numbers are 64-bit integers and doubles).
    public enum BigNumbers: Sendable, Hashable, CaseIterable {
        /// Refuse it, naming ``bigNumbers`` (the default): nothing is rounded in silence.
        case error
        /// Write its text as a string: every digit kept, the type lost.
        case string
        /// Write the nearest double: the type kept, digits lost.
        case nearest
    }

    /// Compact (the default) or pretty output.
    public var style: Style
    /// Whether dictionary keys are written sorted instead of in their order. Default `false`,
    /// so a converted document keeps the order its author chose.
    public var sortKeys: Bool
    /// What happens to a number the format cannot hold exactly. Default ``BigNumbers/error``.
    public var bigNumbers: BigNumbers
    /// What happens to NaN and the infinities where the format has no such number.
    /// Default ``NonFiniteNumberPolicy/error``.
    public var nonFiniteNumbers: NonFiniteNumberPolicy
    /// What happens to a MessagePack ext value where the format has no such value.
    /// Default ``ExtValuePolicy/error``.
    public var extValues: ExtValuePolicy

    /// Creates options; every argument has the documented default.
    public init(
        style: Style = .compact,
        sortKeys: Bool = false,
        bigNumbers: BigNumbers = .error,
        nonFiniteNumbers: NonFiniteNumberPolicy = .error,
        extValues: ExtValuePolicy = .error
    ) {
        self.style = style
        self.sortKeys = sortKeys
        self.bigNumbers = bigNumbers
        self.nonFiniteNumbers = nonFiniteNumbers
        self.extValues = extValues
    }

    /// Compact output in the document's own key order, refusing what the format
    /// cannot hold.
    public static let `default` = FormatWriteOptions()
}
