/// How a document is laid out when written, shared by every format in a registry.
///
/// The registry hands these to a format's serializer factory, so a tool can say
/// "pretty, sorted keys" once without knowing which format it writes. Each format
/// honours what it can and ignores the rest: JSON honours both; a binary format such
/// as MessagePack has no layout and ignores ``style``; a format that cannot reorder
/// keys ignores ``sortKeys``. A format documents what it ignores.
public struct FormatWriteOptions: Sendable, Hashable {
    /// Whether output is as small as possible or laid out for people.
    public enum Style: Sendable, Hashable, CaseIterable {
        /// The smallest document the format allows.
        case compact
        /// One entry per line, nested levels indented.
        case pretty
    }

    /// Compact (the default) or pretty output.
    public var style: Style
    /// Whether dictionary keys are written sorted instead of in their order. Default `false`,
    /// so a converted document keeps the order its author chose.
    public var sortKeys: Bool

    /// Creates options; every argument has the documented default.
    public init(style: Style = .compact, sortKeys: Bool = false) {
        self.style = style
        self.sortKeys = sortKeys
    }

    /// Compact output in the document's own key order.
    public static let `default` = FormatWriteOptions()
}
