import GRDB

/// The SQL text the store runs, with names quoted.
enum SQL {
    /// The most keys one `IN` list holds.
    static let chunkSize = 999

    /// `name` as a quoted identifier.
    static func quoted(_ name: String) -> String {
        "\"" + name.replacingOccurrences(of: "\"", with: "\"\"") + "\""
    }

    /// `?, ?, …` for `count` values.
    static func placeholders(_ count: Int) -> String {
        count > 0 ? String(repeating: "?, ", count: count - 1) + "?" : ""
    }

    /// The statement arguments of `values`, one per placeholder.
    static func arguments(_ values: ArraySlice<DatabaseValue>) -> StatementArguments {
        // From existentials: GRDB's initializer from a sequence of one concrete type
        // runs unspecialized from this module, making a key path per call. See
        // ArgumentValues for the sequence they come in.
        StatementArguments(ArgumentValues(values: values))
    }

    /// Runs `body` for each chunk of at most ``chunkSize`` of `values`.
    static func inChunks<Value>(_ values: [Value], _ body: (ArraySlice<Value>) throws -> Void) rethrows {
        var start = values.startIndex
        while start < values.endIndex {
            let end = min(start + chunkSize, values.endIndex)
            try body(values[start..<end])
            start = end
        }
    }
}
