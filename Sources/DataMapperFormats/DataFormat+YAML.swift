import DataMapperCore
import DataMapperYAML
import Foundation

extension DataFormat {
    /// YAML over libyaml: name `yaml`, alias `yml`, extensions `.yaml` and `.yml`, media
    /// types `application/yaml` (RFC 9512), `application/x-yaml`, `text/yaml`,
    /// `text/x-yaml`, and every `+yaml` type.
    ///
    /// Honours ``FormatWriteOptions/sortKeys`` and ``FormatWriteOptions/extValues``
    /// (base64 becomes a `!!binary` scalar). Both styles write YAML's block style, the
    /// form people read and edit; flow style is available through
    /// `YAMLSerializer.Options.outputStyle`. Ignores ``FormatWriteOptions/bigNumbers``
    /// and ``FormatWriteOptions/nonFiniteNumbers``: YAML writes any number, `.nan` and
    /// `.inf` included. Reads with every ``FormatReadOptions`` setting; duplicate keys
    /// are refused when not set, as the YAML specification says.
    public static let yaml = DataFormat(
        name: "yaml",
        aliases: ["yml"],
        fileExtensions: ["yaml", "yml"],
        mediaTypes: ["application/yaml", "application/x-yaml", "text/yaml", "text/x-yaml"],
        mediaTypeSuffixes: ["yaml"],
        representation: .text,
        fidelity: ValueFidelity(features: ValueFidelity.Features.all.subtracting(.extValues)),
        sniff: sniffYAML,
        makeReadingSerializer: { options, reading in YAMLSerializer(options: yamlOptions(options, reading)) },
        makeStreamReader: { reading in YAMLStreamReader(options: yamlOptions(.default, reading)) },
        makeStreamWriter: { options, reading in YAMLStreamWriter(options: yamlOptions(options, reading)) },
        makePieceReader: { bytes, reading, threshold in
            YAMLPieceReader(bytes: bytes, options: yamlOptions(.default, reading), openingAbove: threshold)
        }
    )

    /// The YAML serializer's options for a registry's writing and reading options.
    private static func yamlOptions(_ options: FormatWriteOptions, _ reading: FormatReadOptions) -> YAMLSerializer.Options {
        YAMLSerializer.Options(
            schema: reading.yamlSchema == .yaml11 ? .yaml11 : .core,
            duplicateKeys: reading.duplicateKeys ?? .error,
            limits: reading.limits,
            sortKeys: options.sortKeys,
            extValues: options.extValues
        )
    }

    /// Judges whether `prefix` starts a YAML document.
    ///
    /// Almost any text is valid YAML (a lone word is a string), so only typical starts
    /// count: a `%YAML` directive is ``SniffConfidence/certain``; a `---` marker, a `#`
    /// comment line, a `- ` list item or a first line of the form `key: value` or `key:`
    /// is ``SniffConfidence/likely``; `{` or `[` is only ``SniffConfidence/possible``
    /// (JSON is likelier); anything else, prose among it, is ``SniffConfidence/none``.
    static func sniffYAML(_ prefix: Data) -> SniffConfidence {
        var bytes = prefix[...]
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { bytes = bytes.dropFirst(3) }
        guard !bytes.contains(0) else { return .none }
        var sawComment = false
        // Skip blank lines and comment lines.
        while let first = bytes.first {
            if first == 0x20 || first == 0x09 || first == 0x0A || first == 0x0D {
                bytes = bytes.dropFirst()
            } else if first == UInt8(ascii: "#") {
                sawComment = true
                bytes = bytes.drop { $0 != 0x0A }
            } else {
                break
            }
        }
        guard let first = bytes.first else { return sawComment ? .likely : .none }
        let line = bytes.prefix { $0 != 0x0A && $0 != 0x0D }
        if line.starts(with: Array("%YAML".utf8)) { return .certain }
        if line.starts(with: Array("---".utf8)), line.count == 3 || line.dropFirst(3).first == 0x20 { return .likely }
        if first == UInt8(ascii: "-"), line.count == 1 || line.dropFirst().first == 0x20 { return .likely }
        if first == UInt8(ascii: "{") || first == UInt8(ascii: "[") { return .possible }
        if hasKeyIndicator(line) { return .likely }
        return sawComment ? .likely : .none
    }

    /// Whether `line` reads `key: value` or `key:`, with a key of no spaces or a quoted one.
    private static func hasKeyIndicator(_ line: Data.SubSequence) -> Bool {
        guard let colon = line.firstIndex(of: UInt8(ascii: ":")) else { return false }
        let key = line[..<colon]
        guard !key.isEmpty else { return false }
        let after = line.index(after: colon)
        guard after == line.endIndex || line[after] == 0x20 else { return false }
        if let quote = key.first, quote == UInt8(ascii: "\"") || quote == UInt8(ascii: "'") {
            return key.count > 1 && key.last == quote
        }
        return !key.contains(0x20) && !key.contains(0x09)
    }
}
