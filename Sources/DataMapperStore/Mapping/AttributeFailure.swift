import DataMapper

/// The errors of converting one attribute value, pointing at that value.
enum AttributeFailure {
    /// `null` where the property cannot be `nil`.
    static func null(_ value: SupportedType) -> DataMapperError {
        DataMapperError(.missingKey, message: "the value is null", location: value.sourceLocation)
    }

    /// Runs a conversion of `value`; an error that is not a ``DataMapperError`` (one a
    /// `map` closure threw) becomes one pointing at `value`, keeping the original.
    static func converting<Result>(_ value: SupportedType, _ body: () throws -> Result) throws -> Result {
        do {
            return try body()
        } catch let error as DataMapperError {
            throw error
        } catch {
            var failure = DataMapperError(.invalidValue, message: "\(error)", location: value.sourceLocation)
            failure.underlyingError = error
            throw failure
        }
    }
}
