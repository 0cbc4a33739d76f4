import DataMapperFormats

/// The text `datamapper formats` prints: one row per format, in aligned columns.
///
/// ```
/// NAME  EXTENSIONS  MEDIA TYPES
/// json  .json       application/json, text/json, */*+json
/// ```
/// Aliases follow the name in parentheses; binary formats say so after the media types.
struct FormatsTable {
    let registry: FormatRegistry

    var text: String {
        let header = ["NAME", "EXTENSIONS", "MEDIA TYPES"]
        let rows = registry.formats.map { format -> [String] in
            let name = format.aliases.isEmpty ? format.name : "\(format.name) (\(format.aliases.joined(separator: ", ")))"
            let extensions = format.fileExtensions.map { "." + $0 }.joined(separator: " ")
            var media = format.mediaTypes + format.mediaTypeSuffixes.map { "*/*+" + $0 }
            if !format.isText { media.append("(binary)") }
            return [name, extensions.isEmpty ? "-" : extensions, media.isEmpty ? "-" : media.joined(separator: ", ")]
        }
        let all = [header] + rows
        let widths = (0..<2).map { column in all.map { $0[column].count }.max() ?? 0 }
        return all.map { row in
            row[0].padding(to: widths[0]) + "  " + row[1].padding(to: widths[1]) + "  " + row[2]
        }.joined(separator: "\n") + "\n"
    }
}

extension String {
    /// The string followed by spaces up to `width` characters.
    fileprivate func padding(to width: Int) -> String {
        self + String(repeating: " ", count: max(0, width - count))
    }
}
