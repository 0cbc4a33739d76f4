import DataMapperCore

extension DataPath: ExpressibleByStringLiteral {
    /// Reads a path written in code, as in `data[path: "servers[2].port"]`, with the
    /// grammar of ``DataPath/init(parsing:)``.
    ///
    /// A literal is part of the program, not of its input, so a malformed one is a
    /// programming error: it stops the program with the parse error, naming the column,
    /// the first time the line runs. A path that comes from input (a file, a command
    /// line) goes through `try DataPath(parsing:)`, which throws instead.
    public init(stringLiteral text: String) {
        do {
            try self.init(parsing: text)
        } catch {
            preconditionFailure("malformed key path literal \"\(text)\": \(error)")
        }
    }
}
