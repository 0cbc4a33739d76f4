import DataMapperCore

extension DataMapperError {
    /// The same failure as a ``DataMapperError``, for tools that report every error
    /// one way (`file:line:column: path: message`).
    ///
    /// The kind follows the case: `.typeMismatch` → ``Kind/typeMismatch``,
    /// `.keyNotFound` and `.valueNotFound` → ``Kind/missingKey``, `.dataCorrupted` →
    /// ``Kind/invalidValue`` (or the kind of the parse error it wraps). The path is the
    /// coding path; the location is the value's position when the error came from
    /// ``SupportedTypeDecoder``.
    /// - Parameter error: A decoding error from any decoder.
    public init(_ error: DecodingError) {
        let kind: Kind
        let context: DecodingError.Context
        switch error {
        case .typeMismatch(_, let found): kind = .typeMismatch; context = found
        case .keyNotFound(_, let found): kind = .missingKey; context = found
        case .valueNotFound(_, let found): kind = .missingKey; context = found
        case .dataCorrupted(let found): kind = .invalidValue; context = found
        @unknown default:
            self.init(.invalidValue, message: String(describing: error))
            return
        }
        if var located = context.underlyingError as? DataMapperError {
            if located.path.isRoot { located.path = DataPath(codingPath: context.codingPath) }
            self = located
            return
        }
        self.init(kind, message: context.debugDescription, path: DataPath(codingPath: context.codingPath))
    }
}
