/// The one error type of DataMapper: what went wrong, at which value, and where.
///
/// Every parser, serializer and mapper throws this, so callers handle failures one
/// way whatever the format. Its ``description`` reads
/// `config.yaml:14:11: servers[2].port: expected an integer, found the string "80a"`,
/// dropping the parts that are unknown.
public struct DataMapperError: Error, Sendable, Hashable {
    /// The family of an error, for code that reacts differently to each.
    ///
    /// A struct rather than an enum, so that kinds can be added without breaking
    /// `switch` statements in user code.
    public struct Kind: Sendable, Hashable, CustomStringConvertible {
        /// The kind's name, as printed.
        public let name: String

        /// Creates a kind with a name; prefer the predefined ones.
        public init(_ name: String) { self.name = name }

        /// The input is not well-formed in its format.
        public static let syntax = Kind("syntax")
        /// A value has another type than the one asked for.
        public static let typeMismatch = Kind("type mismatch")
        /// A required key is absent (or null).
        public static let missingKey = Kind("missing key")
        /// Input went past a configured limit (depth, size, alias expansion).
        public static let limitExceeded = Kind("limit exceeded")
        /// The value cannot be represented in the target format or type.
        public static let unsupported = Kind("unsupported")
        /// The value has the right type but a wrong content (a bad URL, an unknown enum case).
        public static let invalidValue = Kind("invalid value")
        /// Reading or writing a file failed.
        public static let io = Kind("i/o")

        public var description: String { name }
    }

    /// What family of failure this is.
    public var kind: Kind
    /// The path from the document root to the value at fault; the root when unknown.
    public var path: DataPath
    /// Where in the input the value at fault was, when known.
    public var location: SourceLocation?
    /// What was expected and what was found, without the way out.
    public var problem: String
    /// The setting that would let the refused input or value through, when one does.
    public var remedy: Remedy?
    /// The error this one stands for, when it came from outside DataMapper: what an
    /// `init(from:)` of yours threw, given a path and a position by a caller that
    /// reports every failure as a ``DataMapperError`` (the configuration loader).
    /// Equality and hashing ignore it.
    public var underlyingError: (any Error)?

    /// A sentence a person can act on: the ``problem``, then the ``remedy``'s advice
    /// naming the library option. Setting it replaces the whole sentence and drops the
    /// remedy.
    public var message: String {
        get { remedy.map { "\(problem); \($0.advice)" } ?? problem }
        set {
            problem = newValue
            remedy = nil
        }
    }

    /// Creates an error.
    /// - Parameters:
    ///   - kind: The failure's family.
    ///   - message: What was expected and what was found (the ``problem``).
    ///   - path: The key path of the value at fault.
    ///   - location: Where in the input the value was.
    ///   - remedy: The setting that resolves the error, when one does.
    public init(_ kind: Kind, message: String, path: DataPath = .root, location: SourceLocation? = nil, remedy: Remedy? = nil) {
        self.kind = kind
        self.problem = message
        self.path = path
        self.location = location
        self.remedy = remedy
    }

    /// The same error attributed to a file, so that it prints as `file:line:column`.
    public func inFile(_ file: String) -> DataMapperError {
        var copy = self
        if copy.location == nil {
            copy.location = SourceLocation(file: file, position: .unknown)
        } else {
            copy.location?.file = file
        }
        return copy
    }

    /// The same error with `prefix` put in front of its path, for errors raised inside
    /// a nested value and reported from its parent.
    public func nested(under prefix: DataPath) -> DataMapperError {
        var copy = self
        copy.path = prefix.appending(path)
        return copy
    }

    /// The same error pointing at where the value its path leads to in `root` was read
    /// from, when it has no location yet: a writer's error then names the line of the
    /// source document to fix. Where the path leads nowhere, the deepest value found on
    /// the way gives the place.
    package func locatingValue(in root: SupportedType) -> DataMapperError {
        guard location == nil else { return self }
        var current = root
        var position = root.position
        for component in path.components {
            let next: SupportedType?
            switch component {
            case .key(let key): next = current[key]
            case .index(let index): next = current[index]
            }
            guard let next else { break }
            current = next
            if next.position.isKnown { position = next.position }
        }
        guard position.isKnown else { return self }
        var copy = self
        copy.location = SourceLocation(position: position)
        return copy
    }

    /// The same error with `component` put in front of its path, as a parser leaves
    /// the collection the error was raised in.
    package func under(_ component: DataPath.Component) -> DataMapperError {
        nested(under: DataPath([component]))
    }

    /// `error` with `prefix` put in front of its path when it is a `DataMapperError`,
    /// any other error unchanged: what a mapping step rethrows for the value it read.
    ///
    /// A function of its own, never inlined, so that the frames of the mapping steps a
    /// deep model recurses through hold no error of their own.
    @usableFromInline @inline(never)
    package static func rethrowing(_ error: any Error, under prefix: DataPath) -> any Error {
        guard let error = error as? DataMapperError else { return error }
        return error.nested(under: prefix)
    }
}

extension DataMapperError: CustomStringConvertible {
    /// `file:line:column: path: message`, without the parts that are unknown.
    ///
    /// Control characters and bidirectional controls from the document (in a quoted
    /// key or value, say) are escaped, so printing an error cannot drive a terminal.
    public var description: String {
        description(advising: \.advice)
    }

    /// ``description`` with the remedy told by `advice` instead of by the library
    /// option's name: a tool names its own flag for the same setting.
    public func description(advising advice: (Remedy) -> String) -> String {
        var parts: [String] = []
        if let location {
            let text = location.description
            if !text.isEmpty { parts.append(text) }
        }
        if !path.isRoot { parts.append(path.description) }
        parts.append(remedy.map { "\(problem); \(advice($0))" } ?? problem)
        return parts.joined(separator: ": ").escapingControlCharacters
    }
}
