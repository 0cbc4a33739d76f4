import DataMapper
import DataMapperYAML
import Foundation
import Testing

/// Reads `text` with the given options, for tests.
func readYAML(_ text: String, _ options: YAMLSerializer.Options = .init()) throws -> SupportedType {
    try YAMLSerializer(options: options).deserialize(fromString: text)
}

/// Writes `value` to a string with the given options, for tests.
func writeYAML(_ value: SupportedType, _ options: YAMLSerializer.Options = .init()) throws -> String {
    try YAMLSerializer(options: options).serialize(toString: value)
}

/// The error `body` throws, recorded as an issue when it throws none or another type.
func yamlError(sourceLocation: Testing.SourceLocation = #_sourceLocation, _ body: () throws -> Void) -> DataMapperError? {
    do {
        try body()
        Issue.record("expected a DataMapperError, none was thrown", sourceLocation: sourceLocation)
    } catch let error as DataMapperError {
        return error
    } catch {
        Issue.record("expected a DataMapperError, got \(error)", sourceLocation: sourceLocation)
    }
    return nil
}
