extension ConversionReport {
    /// The report as a value, to be written in any format (the tool's `--report`
    /// writes it as JSON):
    ///
    /// ```json
    /// {"file": "config.yaml", "count": 1, "counts": {"scalarType": 1},
    ///  "losses": [{"kind": "scalarType", "document": 1, "path": "port",
    ///              "line": 3, "column": 9, "detail": "the integer 8080 becomes text"}]}
    /// ```
    ///
    /// `kind` is a ``ConversionLoss/Kind`` raw value; `path` is in ``DataPath``'s
    /// grammar, read back with ``DataPath/init(parsing:)``; a position is `line` and
    /// `column`, or `byteOffset` for binary input, or absent when unknown. `file` is
    /// left out when `nil`. Text is kept as it is: the writing format escapes it.
    public func value(file: String? = nil) -> SupportedType {
        var root = OrderedMap()
        if let file { root["file"] = .string(file) }
        root["count"] = .int(losses.count)
        var counts = OrderedMap()
        for (kind, count) in self.counts { counts[kind.rawValue] = .int(count) }
        root["counts"] = .dictionary(counts)
        root["losses"] = .array(losses.map(Self.value(of:)))
        return .dictionary(root)
    }

    private static func value(of loss: ConversionLoss) -> SupportedType {
        var entry = OrderedMap()
        entry["kind"] = .string(loss.kind.rawValue)
        entry["document"] = .int(loss.document)
        entry["path"] = .string(loss.path.description)
        if let line = loss.position.line, let column = loss.position.column {
            entry["line"] = .int(line)
            entry["column"] = .int(column)
        } else if let offset = loss.position.byteOffset {
            entry["byteOffset"] = .int(offset)
        }
        entry["detail"] = .string(loss.detail)
        return .dictionary(entry)
    }
}
