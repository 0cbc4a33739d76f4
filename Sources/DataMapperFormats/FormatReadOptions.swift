import DataMapperCore

/// How a document is read, shared by every format in a registry: the limits on
/// untrusted input and the choices a reader makes about what it finds.
///
/// The registry hands these to a format's serializer factory next to
/// ``FormatWriteOptions``, so a tool states them once for any input format. Each format
/// maps them onto its own options and documents what it ignores. The limits bound
/// writing too, since a serializer checks nesting on the way out.
public struct FormatReadOptions: Sendable, Hashable {
    /// Which rules give plain YAML scalars their type.
    public enum YAMLSchema: Sendable, Hashable, CaseIterable {
        /// YAML 1.2's core schema: `yes` and `no` are strings (the default).
        case yaml12
        /// YAML 1.1 as older tools read it: `yes`, `no`, `on`, `off` are booleans,
        /// `0777` is octal.
        case yaml11
    }

    /// Bounds on the input: size, nesting, alias expansion. Default ``ParsingLimits/default``.
    public var limits: ParsingLimits
    /// What a reader does with a key repeated in one dictionary, or `nil` (the default)
    /// for each format's own default: last-wins in JSON and MessagePack, an error in
    /// YAML, whose specification forbids repeated keys.
    public var duplicateKeys: DuplicateKeyPolicy?
    /// The YAML schema. Default ``YAMLSchema/yaml12``.
    public var yamlSchema: YAMLSchema

    /// Creates options; every argument has the documented default.
    public init(limits: ParsingLimits = .default, duplicateKeys: DuplicateKeyPolicy? = nil, yamlSchema: YAMLSchema = .yaml12) {
        self.limits = limits
        self.duplicateKeys = duplicateKeys
        self.yamlSchema = yamlSchema
    }

    /// Each format's defaults.
    public static let `default` = FormatReadOptions()
}
